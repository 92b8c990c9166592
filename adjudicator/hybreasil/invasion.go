package hybreasil

import (
	"math"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Event kinds of Hy Breasil's own events.
const (
	EvInvasion = "invasion" // nations enter (Hy Breasil 5)
	EvDeal     = "deal"     // a nation dealt, refused or relinquished (5.3)
	EvCup      = "cup"      // the nation order cup drawn (6)
	EvEvent    = "event"    // a random event (6.1)
	EvSplit    = "split"    // a nation split off (6.1 Civil war, 6.4)
	EvGone     = "gone"     // a nation removed from play (8)
	EvSubmit   = "submit"   // a nation submits, is freed or absorbed (9.2)
	EvSeat     = "seat"     // a player enters or leaves the game (10.1)
)

// invasion is the invasion phase (Hy Breasil 5): one nation a player in the
// first turn (5.1), a die's worth later (5.2).
func invasion(t *adjudicator.Turn) {
	X(t.S).Invaded = true
	if t.S.Round == 1 {
		firstTurn(t)
		return
	}
	laterTurn(t)
}

// firstTurn is Hy Breasil 5.1: each player receives one nation of 10 units
// in a sea of his choice, not inland. The seed's "randomly determined
// order" only decides who picks a set first; the sets differ only in
// colour, so pbem deals them in seat order (docs/rulesets.md).
func firstTurn(t *adjudicator.Turn) {
	d := D(t.E)
	for seat := range X(t.S).VP {
		if !seatIn(t.S, seat) {
			continue
		}
		n := unusedSet(t)
		if n < 0 {
			return
		}
		enter(t, n, seat, d.FirstUnits, "enters-first")
	}
}

// laterTurn is Hy Breasil 5.2: a die says how many nations enter, each with
// a die + 4 units (step 2), dealt to a random player (step 3, 5.3) before
// the next nation's units are rolled, as many as there are unused sets.
func laterTurn(t *adjudicator.Turn) {
	d := D(t.E)
	k := d.NewNations[roll(t, "invasion")-1]
	happen(t, EvInvasion, "new-nations", k)
	for i := 0; i < k; i++ {
		n := unusedSet(t)
		if n < 0 {
			happen(t, EvInvasion, "no-set-left")
			return
		}
		units := roll(t, "invasion units") + d.LaterUnits
		seat := randomSeat(t, nil)
		enter(t, n, seat, units, "enters")
	}
}

// enter puts nation n into play for a seat (through the nation limit,
// 5.3) with units in the sea of its owner's choice; what is the fact, by
// the rule that brings it in: enters-first (5.1), enters (5.2),
// enters-new-player (10.1).
func enter(t *adjudicator.Turn, n adjudicator.NationID, seat, units int, what string) {
	x := X(t.S)
	t.S.Nations[n] = adjudicator.Nation{Owner: seat}
	x.Civ[n], x.Entered[n], x.Event[n], x.Relinquish[n] = 0, t.S.Round, "", ""
	x.Race[n] = raceFor(t, n)
	sea := landingSea(t)
	x.Home[n] = sea
	t.S.Add(sea, n, Army, units)
	t.Emit(adjudicator.Event{Kind: EvInvasion, What: what, Nation: t.E.NationName(n), Area: t.Name(sea), N: units})
	take(t, n, seat, dealtBy[what])
}

// dealtBy is the fact of a nation dealt (take) by the fact of its entering.
var dealtBy = map[string]string{"enters-first": "dealt-first-turn", "enters": "dealt-invader", "enters-new-player": "dealt-seat-change"}

// unusedSet is the first token set not in play, or -1 (Hy Breasil 5.2: "If
// there are no unused token sets at all, the invasion phase is skipped").
// A set whose nation left play this turn is used again only from the next
// turn on (pbem's reading: so that the turn's order names each nation once,
// and a new nation is never taken for one that already moved).
func unusedSet(t *adjudicator.Turn) adjudicator.NationID {
	s, aside := t.S, citySet(t)
	for n := range s.Nations {
		if n != aside && s.Nations[n].Owner < 0 && !slices.Contains(s.Order, n) {
			return n
		}
	}
	return -1
}

// landingSea is where an arriving nation lands, the owner's choice (5.1,
// 5.2: any sea but an inland one). By default, and for bots, the sea with
// the most vacant coasts less three for each nation already waiting there,
// the earliest on the board at a tie. Any number of nations may share a
// sea (5.2: "Two new nations can start in the same sea area"), so a sea
// is chosen however crowded: a small board's few outer seas fill up.
func landingSea(t *adjudicator.Turn) games.AreaID {
	b := t.B
	best, bestN := games.NoArea, math.MinInt
	for a := b.NumLand; a < len(b.Areas); a++ {
		sea := games.AreaID(a)
		if b.Areas[a].Inland {
			continue
		}
		n := -3 * len(t.S.Occupants(sea))
		for _, e := range b.Edges(sea) {
			if b.IsLand(e.To) && t.S.Vacant(e.To) {
				n++
			}
		}
		if n > bestN {
			best, bestN = sea, n
		}
	}
	return best
}

// landing carries out a new nation's land line (5.1, 5.2) in its first
// turn, before anything else: its units in the sea it was put in by
// default go to the sea of its owner's choice, which becomes its home.
// A check (switch hb-order-checks) refuses a land line written after a
// move (checkLines) and does not carry it out, so that the moves before it
// are checked from the sea they were written from: one misplaced line
// never makes the correct lines before it fail.
func landing(t *adjudicator.Turn) {
	x := X(t.S)
	for _, l := range adjudicator.Statements[Land](t) {
		if t.Strict && t.E.Plays(adjudicator.HBOrderChecks) && afterMove(t.In.Orders.Body, l) {
			continue
		}
		home := x.Home[t.N]
		switch {
		case x.Entered[t.N] != t.S.Round || home == games.NoArea:
			t.Problem(l.Line, "land-late", t.Nation())
		case t.B.IsLand(l.Sea) || t.B.Areas[l.Sea].Inland:
			t.Problem(l.Line, "land-inland", t.Name(l.Sea))
		case l.Sea != home:
			c := t.S.Units(home, t.N)
			t.S.Add(home, t.N, Army, -c)
			t.S.Add(l.Sea, t.N, Army, c)
			x.Home[t.N] = l.Sea
			t.Emit(adjudicator.Event{Kind: EvInvasion, What: "land-elsewhere", Area: t.Name(l.Sea), N: c, Line: l.Line, Args: []string{t.Name(home)}})
		}
	}
}

// afterMove reports whether a move, a phase or an if block comes before
// the land line l in body (checkLines refuses it there, 5.1, 5.2).
func afterMove(body []orders.Statement, l Land) bool {
	for _, st := range body {
		switch st.(type) {
		case Land:
			if st.Pos() == l.Line {
				return false
			}
		case orders.Move, orders.Phase, orders.If:
			return true
		}
	}
	return false
}

// randomSeat draws a player at random among those not excluded (5.2 step
// 3: "A player is selected randomly"); -1 when every seat is excluded.
func randomSeat(t *adjudicator.Turn, excluded []bool) int {
	var seats []int
	for p := range X(t.S).VP {
		if seatIn(t.S, p) && (p >= len(excluded) || !excluded[p]) {
			seats = append(seats, p)
		}
	}
	if len(seats) == 0 {
		return -1
	}
	return seats[pick(t, "player", len(seats))]
}

// NationLimit is the most nations a player may own (Hy Breasil 5.3): the
// table for the player count, else the token sets over the players rounded
// up.
func NationLimit(e *adjudicator.Engine) int { return limitFor(e, e.PlayerCount()) }

// limitFor is the nation limit of p players (5.3).
func limitFor(e *adjudicator.Engine, p int) int {
	if l, ok := D(e).NationLimits[p]; ok {
		return l
	}
	sets := e.NumNations()
	return (sets + p - 1) / p
}

// Owned is how many nations in play seat p owns.
func Owned(s *adjudicator.State, p int) int {
	k := 0
	for n := range s.Nations {
		if InPlay(s, n) && s.Nations[n].Owner == p {
			k++
		}
	}
	return k
}

// take gives nation n, already in play under seat, through the nation
// limit (Hy Breasil 5.3): a player at the limit refuses it (the default; a
// refused nation goes to another player chosen at random) and so on down
// the cascade; when every player has refused, the nation leaves play
// (the seed does not say; pbem's decision, docs/rulesets.md). dealt is
// the fact of the nation's going to a seat, by why it is dealt
// (dealt-first-turn, dealt-invader, dealt-seat-change, dealt-civil-war,
// dealt-cut-off, dealt-relinquished).
func take(t *adjudicator.Turn, n adjudicator.NationID, seat int, dealt string) {
	refused := make([]bool, len(X(t.S).VP))
	limit := Limit(t.E, t.S)
	for {
		t.S.Nations[n].Owner = seat
		if Owned(t.S, seat) <= limit {
			dealtTo(t, n, seat, dealt)
			return
		}
		refused[seat] = true
		if m := relinquished(t, seat, n); m >= 0 && giveUp(t, seat, m, n, refused, dealt) {
			return
		}
		happen(t, EvDeal, "refused", seatName(t.E, seat), limit, t.E.NationName(n))
		if seat = randomSeat(t, refused); seat < 0 {
			removeNation(t, n, "gone-refused")
			return
		}
	}
}

// giveUp is seat relinquishing nation m to take nation n at the nation
// limit (5.3): m, with all its pieces, goes to another player at random
// (not seat, nor one who refused n) and on down the cascade, and seat keeps
// n; false when no other player is left, and seat refuses n instead. With
// switch hb-cascade-ends a step gives up at most mostGiveUps nations: when
// every player is at the limit the cascade would pass nations round for
// ever (the seed does not say; pbem's decision).
func giveUp(t *adjudicator.Turn, seat int, m, n adjudicator.NationID, refused []bool, dealt string) bool {
	if x := tx(t); t.E.Plays(adjudicator.HBCascadeEnds) {
		if x.gaveUp >= mostGiveUps {
			return false
		}
		x.gaveUp++
	}
	others := append([]bool(nil), refused...)
	others[seat] = true
	to := randomSeat(t, others)
	if to < 0 {
		return false
	}
	happen(t, EvDeal, "relinquishes", seatName(t.E, seat), t.E.NationName(m), t.E.NationName(n))
	dealtTo(t, n, seat, dealt)
	take(t, m, to, "dealt-relinquished")
	return true
}

// mostGiveUps is the most nations a step's cascade gives up (giveUp).
const mostGiveUps = 100

// dealtTo records nation n going to seat (5.3): N is the seat's number,
// and the words name it by its colour.
func dealtTo(t *adjudicator.Turn, n adjudicator.NationID, seat int, dealt string) {
	t.Emit(adjudicator.Event{Kind: EvDeal, What: dealt, Nation: t.E.NationName(n), N: seat + 1, Args: []string{seatName(t.E, seat)}})
}

// drawCup draws the nation order cup (Hy Breasil 6): every nation in play,
// in random order.
func drawCup(t *adjudicator.Turn) {
	var cup []adjudicator.NationID
	for n := range t.S.Nations {
		if InPlay(t.S, n) {
			cup = append(cup, n)
		}
	}
	order := make([]adjudicator.NationID, 0, len(cup))
	for len(cup) > 0 {
		i := pick(t, "cup", len(cup))
		order = append(order, cup[i])
		cup = append(cup[:i], cup[i+1:]...)
	}
	t.S.Order, t.S.Next = order, 0
	args := []any{t.S.Round} // then the nations in order
	for _, n := range order {
		args = append(args, t.E.NationName(n))
	}
	happen(t, EvCup, "cup-drawn", args...)
}

// intoCup puts a new nation's token into the cup (6.1 Civil war): it takes
// a turn this phase, at a random place among the nations still to move.
func intoCup(t *adjudicator.Turn, n adjudicator.NationID) {
	from := tx(t).pos + 1
	if from > len(t.S.Order) {
		from = len(t.S.Order)
	}
	i := from + pick(t, "cup", len(t.S.Order)-from+1)
	t.S.Order = append(t.S.Order[:i], append([]adjudicator.NationID{n}, t.S.Order[i:]...)...)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return itoa(n) + " " + word + "s"
}
