package templates

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
)

// MapView is the map of a report (docs/design.md §6, issue 14): every
// stack after the step in its nation's colour inside a ring of its
// player's, with the nation's short name, cavalry and leader where the
// ruleset has them; the step's moves and retreats as arrows in the moving
// nation's colour; its battles marked; a legend with what happened, each
// player with their VP and nations, and what comes next; and a strip with
// the Timeline, the population tracks and the VP by player. It is built
// from the same Report as the text, so the map and the mail never
// disagree.
func MapView(g *games.Game, r *Report) *mapdraw.View {
	v := &mapdraw.View{Title: mapTitle(r)}
	ring := func(nation string) string {
		if s := r.seatOf(nation); s > 0 {
			return r.Players[s-1].Hex
		}
		return ""
	}
	seats := r.Players
	for len(seats) > 0 && seats[len(seats)-1].Absent {
		seats = seats[:len(seats)-1] // not in the game yet (Hy Breasil 10.1): admitted later
	}
	for _, s := range seats {
		v.Players = append(v.Players, mapdraw.Player{Label: s.Label(), Colour: s.Hex, VP: float64(s.VP)})
	}
	for n, nat := range g.Tables.Nations {
		if r.After.Nations[n].Gone {
			continue
		}
		v.Nations = append(v.Nations, mapdraw.Nation{Name: nat.Name, Tag: short(nat), Colour: g.Tables.NationColour(n),
			Player: r.seatOf(nat.Name), Pop: r.After.Nations[n].Pop})
	}
	v.Timeline = mapTimeline(g, r)
	v.Stacks = mapStacks(g, r, ring)
	v.Roads = mapRoads(g, r)
	mapArrows(g, r, v)
	var what []string
	for _, bt := range r.Battles {
		if bt.End != nil {
			what = append(what, bt.End.Text)
		}
	}
	for _, ev := range r.Scoring {
		if ev.Kind == adjudicator.EvKing && ev.Nation != "" {
			what = append(what, ev.Text) // a title won: King, Bretwalda (issue 12: the map shows them)
		}
	}
	if len(what) > 0 {
		v.Legend = append(v.Legend, strings.Join(what, ". ")+".")
	}
	if len(r.Players) == 0 {
		var sc []string
		for _, n := range r.Nations {
			if n.VP > 0 {
				sc = append(sc, n.Short+"\u00a0"+strconv.Itoa(n.VP))
			}
		}
		if len(sc) > 0 {
			v.Legend = append(v.Legend, "VP: "+strings.Join(sc, ", "))
		}
	}
	v.Legend = append(v.Legend, r.Next)
	return v
}

// mapTimeline is the map's Timeline: the tables' rounds, the report's
// current, and the scoring rounds the tables mark (reduX Core 3). Where
// the game's rounds score by chance (Hy Breasil 11: a die at each turn's
// end, 4 or more scores; the last turn always scores) a played round is
// marked scoring only if its die let it score, and a round not yet played
// as one that may score; a round the game ended before, neither.
func mapTimeline(g *games.Game, r *Report) *mapdraw.Timeline {
	t := &mapdraw.Timeline{Current: -1, TrackMax: g.Tables.Population.TrackMax}
	for i, tr := range g.Tables.Rounds {
		rd := mapdraw.Round{Label: tr.Label, Years: tr.Years, Scoring: tr.Scoring}
		switch {
		case !r.chance || !tr.Scoring:
		case r.Over && tr.Number > r.Round:
			rd.Scoring = false
		case i < len(g.Tables.Rounds)-1:
			scored, rolled := r.scored[tr.Number]
			rd.Scoring, rd.MayScore = scored, !rolled && tr.Number >= r.Round
		}
		t.Rounds = append(t.Rounds, rd)
		if tr.Number == r.Round {
			t.Current = i
		}
	}
	return t
}

// marked says whether the map shows a kind's units as a mark on the
// counter rather than in its count: units that are not armies, or never
// move.
func marked(k adjudicator.Kind) bool { return !k.Army || k.Moves == 0 }

// mapTitle is the map's title: "Round IV (250-340) — Angles".
func mapTitle(r *Report) string {
	if r.RoundLabel == "" {
		return r.Title
	}
	title := r.roundName()
	if r.Years != "" {
		title += " (" + r.Years + ")"
	}
	switch {
	case r.Start:
		title += " — the start of the game"
	case r.Nation != "":
		title += " — " + r.Nation
	case r.Over:
		title += " — end of the game"
	default: // a round event, as the ruleset words it (Texts.RoundEvent)
		title += " — " + r.Step
	}
	return title
}

// mapStacks are the stacks after the step, area by area in board order:
// each nation's units, its cavalry apart where the ruleset has a cavalry
// kind (reduX L&R 9.1), and its leader (9.2).
func mapStacks(g *games.Game, r *Report, ring func(string) string) []mapdraw.Stack {
	cavalry := -1
	for k, kind := range r.kinds {
		if kind.Name == "cavalry" && k < r.After.NumKinds() {
			cavalry = k
		}
	}
	var out []mapdraw.Stack
	for a := range g.Board.Areas {
		for n := range g.Tables.Nations {
			c := r.After.Units(games.AreaID(a), n)
			if c == 0 {
				continue
			}
			nat := g.Tables.Nations[n]
			st := mapdraw.Stack{Area: games.AreaID(a), Nation: nat.Name, Colour: g.Tables.NationColour(n), Ring: ring(nat.Name), Armies: c, Tag: short(nat)}
			if cavalry >= 0 {
				st.Cavalry = r.After.Count(games.AreaID(a), n, cavalry)
				st.Armies -= st.Cavalry
			}
			markOthers(&st, r, games.AreaID(a), n)
			if l := r.After.LeaderIn(games.AreaID(a), n); l >= 0 {
				st.Leader = r.After.Leaders[l].Name
			}
			out = append(out, st)
		}
	}
	return out
}

// markOthers leaves out of a stack's count its units of kinds that are
// not armies or never move and gives each a square counter of its own
// (issue 21: classic Britannia's forts and burhs, burhs counted as armies
// under first-edition-burhs too), and the ruleset's marks too (Hy
// Breasil's cities).
func markOthers(st *mapdraw.Stack, r *Report, a games.AreaID, n int) {
	for k, kind := range r.kinds {
		if k >= r.After.NumKinds() || !marked(kind) {
			continue
		}
		if c := r.After.Count(a, n, k); c > 0 {
			st.Armies -= c
			st.Works = append(st.Works, mapdraw.Work{Letter: strings.ToUpper(kind.Name[:1]), Name: kind.Name})
		}
	}
	if r.marks != nil {
		for _, m := range r.marks(a, n) {
			st.Works = append(st.Works, mapdraw.Work{Letter: m.Letter, Name: m.Word})
		}
	}
}

// mapRoads are the roads after the step: each two areas linked by land
// where one nation has units of a kind that makes roads in both (classic
// Britannia's Roman roads between forts, seed 002 §5), in board order.
func mapRoads(g *games.Game, r *Report) [][2]games.AreaID {
	var out [][2]games.AreaID
	b := g.Board
	for k, kind := range r.kinds {
		if !kind.Roads || k >= r.After.NumKinds() {
			continue
		}
		for x := games.AreaID(0); int(x) < b.NumLand; x++ {
			for y := x + 1; int(y) < b.NumLand; y++ {
				if l, ok := b.Link(x, y); !ok || l.Kind != games.LandLink {
					continue
				}
				for n := range g.Tables.Nations {
					if r.After.Count(x, n, k) > 0 && r.After.Count(y, n, k) > 0 {
						out = append(out, [2]games.AreaID{x, y})
						break
					}
				}
			}
		}
	}
	return out
}

// mapArrows adds the step's moves and retreats, in the moving nation's
// colour, and its battles.
func mapArrows(g *games.Game, r *Report, v *mapdraw.View) {
	b := g.Board
	arrows := func(nation string, path []string) {
		n, err := g.Tables.NationIndex(nation)
		if err != nil {
			return
		}
		for i := 1; i < len(path); i++ {
			x, err1 := b.Lookup(path[i-1])
			y, err2 := b.Lookup(path[i])
			if err1 == nil && err2 == nil {
				v.Moves = append(v.Moves, mapdraw.Arrow{From: x, To: y, Colour: g.Tables.NationColour(n)})
			}
		}
	}
	for _, ev := range r.Events { // each move, not the Moves section's sums
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
}

// MapPNG draws a report's map (MapView) on its board as a PNG. It is the
// one map of a step: the daemon mails it (MailMapPNG, the same picture
// fewer pixels wide), and pbem map and the forum GM's views draw it, so every copy has the same title, narrative and scores
// (issue 14).
func MapPNG(g *games.Game, r *Report) ([]byte, error) { return drawMap(g, r, "png") }

// MailMapWidth is the width in pixels of the whole board as the round's
// mails carry it (MailBoardPNG): the most the HTML report shows it
// (report.html.tmpl: 760 px less its padding), so a mail client need not
// scale it down (issue 14).
const MailMapWidth = 728

// MailBoardPNG is MapPNG's map drawn MailMapWidth pixels wide: the same
// picture (content, title, narrative, legend, scores), lines and letters
// scaled with it, two thirds of the bytes of the full 1,100 px map (issue
// 14; BENCHMARKS.md, Mail). The daemon mails it once a round to the
// players who asked for the map then or for a digest; pbem map keeps the
// full size.
func MailBoardPNG(g *games.Game, r *Report) ([]byte, error) {
	geo, err := mapdraw.ForBoard(g.Board)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := mapdraw.RenderPNGWidth(&buf, geo, g.Board, MapView(g, r), MailMapWidth); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// MailMapPNG is the picture a report mail shows (issue 21: the whole board
// was a thumbnail at a phone's 375 px): a detail of the step's map around
// what it did (Focus), mapdraw.DetailWidth pixels wide, its counters and
// names about their full size on a phone; nil for a step that changed
// nothing on the board (a quiet step, most ends of rounds). The whole
// board is a mail away (the daemon's Report.BoardLink).
func MailMapPNG(g *games.Game, r *Report) ([]byte, error) {
	focus := Focus(g, r)
	if len(focus) == 0 {
		return nil, nil
	}
	geo, err := mapdraw.ForBoard(g.Board)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	frame, err := mapdraw.RenderPNGDetail(&buf, geo, g.Board, MapView(g, r), mapdraw.Detail{Focus: focus})
	if err != nil || frame.W == 0 {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Focus are the areas a step's detail is about, in board order: those
// whose armies it changed, those it fought in, and those its moves and
// retreats went through.
func Focus(g *games.Game, r *Report) []games.AreaID {
	if r.Start || r.Quiet {
		return nil
	}
	in := make([]bool, len(g.Board.Areas))
	mark := func(name string) {
		if a, err := g.Board.Lookup(name); err == nil {
			in[a] = true
		}
	}
	for _, rg := range append(r.Regions, Region{Areas: r.Seas}) {
		for _, a := range rg.Areas {
			if a.Changed {
				mark(a.Area)
			}
		}
	}
	for _, ev := range r.Moves {
		if ev.Kind == adjudicator.EvMove {
			for _, a := range ev.Path {
				mark(a)
			}
		}
	}
	for _, bt := range r.Battles {
		mark(bt.Area)
		for _, st := range bt.Steps {
			if st.Event.Kind == adjudicator.EvRetreat {
				for _, a := range st.Event.Path {
					mark(a)
				}
			}
		}
	}
	var out []games.AreaID
	for a, ok := range in {
		if ok {
			out = append(out, games.AreaID(a))
		}
	}
	return out
}

// MapSVG is MapPNG's map as SVG.
func MapSVG(g *games.Game, r *Report) ([]byte, error) { return drawMap(g, r, "svg") }

// drawMap renders MapView(g, r) in format "png" or "svg".
func drawMap(g *games.Game, r *Report, format string) ([]byte, error) {
	geo, err := mapdraw.ForBoard(g.Board)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	switch format {
	case "png":
		err = mapdraw.RenderPNG(&buf, geo, g.Board, MapView(g, r))
	case "svg":
		err = mapdraw.RenderSVG(&buf, geo, g.Board, MapView(g, r))
	default:
		err = fmt.Errorf("no map format %q: png or svg", format)
	}
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// roundName names the report's round for a title: the ruleset's word for
// a round and the Timeline's label ("Round VII", or the ruleset's own word,
// Texts.RoundWord), or the label alone where the tables give a whole name
// ("Turn 15").
func (r *Report) roundName() string {
	if strings.Contains(r.RoundLabel, " ") || r.RoundWord == "" {
		return r.RoundLabel
	}
	return r.RoundWord + " " + r.RoundLabel
}
