package templates

import (
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

// noSeat is the colour of a nation no player controls (no split known).
const noSeat = "#777777"

// MapView is the map of a report (docs/design.md §6): every stack after the step in
// its player's colour with the nation's short name, the step's moves and
// retreats as arrows, its battles marked, and a legend with what happened
// and the score by player. It is built from the same Report as the text,
// so the map and the mail never disagree.
func MapView(g *games.Game, r *Report) *mapdraw.View {
	b := g.Board
	title := r.Title
	if r.RoundLabel != "" {
		title = "Round " + r.RoundLabel
		if r.Years != "" {
			title += " (" + r.Years + ")"
		}
		switch {
		case r.Nation != "":
			title += " — " + r.Nation
		case r.Over:
			title += " — end of the game"
		default:
			title += " — end of round"
		}
	}
	v := &mapdraw.View{Title: title}
	colour := func(nation string) string {
		if h := r.hexOf(nation); h != "" {
			return h
		}
		return noSeat
	}
	for a := range g.Board.Areas {
		for n := range g.Tables.Nations {
			if c := r.After.Units(games.AreaID(a), n); c > 0 {
				nat := g.Tables.Nations[n]
				v.Stacks = append(v.Stacks, mapdraw.Stack{Area: games.AreaID(a), Nation: nat.Name, Colour: colour(nat.Name), Armies: c, Tag: r.tag(nat)})
			}
		}
	}
	arrows := func(nation string, path []string) {
		for i := 1; i < len(path); i++ {
			x, err1 := b.Lookup(path[i-1])
			y, err2 := b.Lookup(path[i])
			if err1 == nil && err2 == nil {
				v.Moves = append(v.Moves, mapdraw.Arrow{From: x, To: y, Colour: colour(nation)})
			}
		}
	}
	for _, ev := range r.Moves {
		if ev.Kind == adjudicator.EvMove {
			arrows(ev.Nation, ev.Path)
		}
	}
	for _, bt := range r.Battles {
		if a, err := b.Lookup(bt.Area); err == nil {
			v.Battles = append(v.Battles, a)
		}
		for _, st := range bt.Steps {
			if st.Event.Kind == adjudicator.EvRetreat && len(st.Event.Path) > 1 {
				arrows(st.Event.Nation, st.Event.Path)
			}
		}
	}
	var what []string
	for _, bt := range r.Battles {
		if bt.End != nil {
			what = append(what, bt.End.Text)
		}
	}
	if len(what) > 0 {
		v.Legend = append(v.Legend, strings.Join(what, ". ")+".")
	}
	if len(r.Players) > 0 {
		var sc []string
		for _, s := range r.Standings() {
			sc = append(sc, s.Label()+" "+strconv.Itoa(s.VP))
		}
		v.Legend = append(v.Legend, "Scores: "+strings.Join(sc, ", "))
	} else {
		var sc []string
		for _, n := range r.Nations {
			if n.VP > 0 {
				sc = append(sc, n.Short+" "+strconv.Itoa(n.VP))
			}
		}
		if len(sc) > 0 {
			v.Legend = append(v.Legend, "VP: "+strings.Join(sc, ", "))
		}
	}
	v.Legend = append(v.Legend, r.Next)
	return v
}

// tag is a stack's label: the nation's short name, and where the nation has
// its own colour (a Hy Breasil token set) its owner's colour initial, so
// that the map marks who owns it ("ST·R").
func (r *Report) tag(nat games.Nation) string {
	if nat.Hex == "" {
		return short(nat)
	}
	if s := r.seatOf(nat.Name); s > 0 && r.Players[s-1].Colour != "" {
		return short(nat) + "·" + strings.ToUpper(r.Players[s-1].Colour[:1])
	}
	return short(nat)
}
