package hybreasil

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
)

// Continuous play (Hy Breasil 10, option "continuous"): players enter and
// leave at the start of a turn. The changes are an input of the turn's
// invasion phase (adjudicator.Input.Seats), so that the archive replays
// them; each seat keeps its turn marker (10.2) and is ranked by its VP a
// turn (10.3).

// continuous reports whether players may enter and leave (Hy Breasil 10).
func continuous(e *adjudicator.Engine) bool { return e.G.HasOption("continuous") }

// seatIn reports whether seat p is in the game in s (Hy Breasil 10.1);
// without continuous play every seat is.
func seatIn(s *adjudicator.State, p int) bool {
	x := X(s)
	if x.In == nil {
		return p >= 0 && p < len(x.VP)
	}
	return p >= 0 && p < len(x.In) && x.In[p]
}

// playersIn is how many seats are in the game in s.
func playersIn(s *adjudicator.State) int {
	k := 0
	for p := range X(s).VP {
		if seatIn(s, p) {
			k++
		}
	}
	return k
}

// checkSeatColours refuses, for continuous play, tables whose player
// splits do not name the seats alike (each a prefix of the largest): a
// seat keeps its colour as players enter and leave (Hy Breasil 10).
func checkSeatColours(e *adjudicator.Engine) error {
	colours := e.SeatColours()
	for _, sp := range e.G.Tables.Players {
		for i, p := range sp.Players {
			if p.Colour != colours[i] {
				return fmt.Errorf("option continuous: the %d-player split names seat %d %s, the %d-player split %s; a seat keeps its colour as players enter and leave (Hy Breasil 10)",
					sp.Count, i+1, p.Colour, len(colours), colours[i])
			}
		}
	}
	return nil
}

// Seats implements adjudicator.Ruleset.Seats: each seat's status under
// continuous play, which the invasion phase takes changes of (10.1).
func Seats(e *adjudicator.Engine, s *adjudicator.State) ([]adjudicator.SeatStatus, bool) {
	if !continuous(e) {
		return nil, false
	}
	x := X(s)
	out := make([]adjudicator.SeatStatus, len(x.VP))
	for p := range out {
		out[p] = adjudicator.SeatStatus{In: seatIn(s, p), Turns: x.Turns[p], VP: x.VP[p]}
	}
	return out, !x.Invaded
}

// growSeats makes room for seat p (a player entering for the first time).
func growSeats(x *Ext, p int) {
	for len(x.VP) <= p {
		x.VP, x.In, x.Turns = append(x.VP, 0), append(x.In, false), append(x.Turns, 0)
	}
}

// seatChanges is the start of a turn under continuous play (Hy Breasil
// 10): the players who leave and those who enter (10.1), every turn
// marker of a player in the game moved on (10.2), the nations of those who
// left dealt out and the new players' nations brought in (10.1, 5.1), and
// then every player's excess over the new nation limit given up (10.1,
// 5.3).
func seatChanges(t *adjudicator.Turn) {
	if !continuous(t.E) {
		return
	}
	x := X(t.S)
	leaving, entering := applySeats(t)
	for p := range x.VP {
		if seatIn(t.S, p) {
			x.Turns[p]++
		}
	}
	for _, p := range leaving {
		for n := range t.S.Nations {
			if InPlay(t.S, n) && t.S.Nations[n].Owner == p {
				x.Relinquish[n] = ""
				take(t, n, randomSeat(t, nil), "dealt-seat-change")
			}
		}
	}
	if t.S.Round > 1 { // in the first turn every seat in the game gets its nation (5.1)
		for _, p := range entering {
			newPlayerNation(t, p)
		}
	}
	giveUpExcess(t)
}

// applySeats marks the seats that enter and then those that leave (10.1),
// each in the order of the input, and returns them. A change that does
// not apply (a seat already in or out, or the last player leaving) is said
// and skipped.
func applySeats(t *adjudicator.Turn) (leaving, entering []int) {
	x := X(t.S)
	var cs []adjudicator.SeatChange
	for _, enter := range []bool{true, false} {
		for _, c := range t.In.Seats {
			if c.Enter == enter {
				cs = append(cs, c)
			}
		}
	}
	for _, c := range cs {
		p := c.Seat
		switch {
		case p < 0 || p >= t.E.MostSeats():
			happen(t, EvSeat, "seat-unknown", p+1, t.E.MostSeats())
		case c.Enter && seatIn(t.S, p):
			happen(t, EvSeat, "seat-already-in", seatName(t.E, p))
		case !c.Enter && !seatIn(t.S, p):
			happen(t, EvSeat, "seat-already-out", seatName(t.E, p))
		case c.Enter:
			growSeats(x, p)
			x.In[p] = true
			entering = append(entering, p)
			if x.Turns[p] == 0 {
				happen(t, EvSeat, "seat-enters", seatName(t.E, p))
			} else {
				happen(t, EvSeat, "seat-returns", seatName(t.E, p), x.VP[p], x.Turns[p])
			}
		case playersIn(t.S) == 1:
			happen(t, EvSeat, "seat-stays", seatName(t.E, p))
		default:
			x.In[p] = false
			leaving = append(leaving, p)
			if x.Turns[p] == 0 {
				happen(t, EvSeat, "seat-leaves-early", seatName(t.E, p))
			} else {
				happen(t, EvSeat, "seat-leaves", seatName(t.E, p), x.Turns[p], x.VP[p])
			}
		}
	}
	return leaving, entering
}

// newPlayerNation is a player entering after the first turn (10.1): "he
// gains one new nation as in section 5.1 if any unused token set is
// available", its race rolled with his own turns (10.2); otherwise he may
// gain one given up at the nation limit.
func newPlayerNation(t *adjudicator.Turn, p int) {
	n := unusedSet(t)
	if n < 0 {
		happen(t, EvSeat, "seat-no-set", seatName(t.E, p))
		return
	}
	tx(t).raceTurn = X(t.S).Turns[p]
	enter(t, n, p, D(t.E).FirstUnits, "enters-new-player")
	tx(t).raceTurn = 0
}

// giveUpExcess is Hy Breasil 10.1's last step: "If one or more players
// have more nations than the limit allows, the excess are distributed as
// described in section 5.3", after all entries and departures. The player
// gives up by their answer at the nation limit (relinquish NATION or
// smallest; pbem's default, and for "never", is the smallest), each to a
// random other player down 5.3's cascade.
func giveUpExcess(t *adjudicator.Turn) {
	limit := Limit(t.E, t.S)
	for p := range X(t.S).VP {
		for tries := 0; seatIn(t.S, p) && Owned(t.S, p) > limit && tries < t.S.NumNations(); tries++ {
			m := relinquished(t, p, -1)
			if m < 0 {
				m = smallestOwned(t.S, p, -1)
			}
			happen(t, EvDeal, "excess-given-up", seatName(t.E, p), Owned(t.S, p), limit, t.E.NationName(m))
			X(t.S).Relinquish[m] = ""
			excluded := make([]bool, len(X(t.S).VP))
			excluded[p] = true
			to := randomSeat(t, excluded)
			if to < 0 {
				removeNation(t, m, "gone-no-taker")
				continue
			}
			take(t, m, to, "dealt-seat-change")
		}
	}
}

// Limit is the nation limit in s (Hy Breasil 5.3): under continuous play
// by the players in the game now (10.1: "using the new number of players
// to determine the limits"), else by the game's players.
func Limit(e *adjudicator.Engine, s *adjudicator.State) int {
	if !continuous(e) {
		return NationLimit(e)
	}
	return limitFor(e, max(playersIn(s), 1))
}

// highestTurns is the most turns played by a player still in the game
// (10.2: the race of new invaders is rolled with it).
func highestTurns(s *adjudicator.State) int {
	x := X(s)
	most := 0
	for p, k := range x.Turns {
		if seatIn(s, p) {
			most = max(most, k)
		}
	}
	return most
}

// corrected is a player's corrected score (10.3): "his total VP divided by
// the number of turns he has played", turns > 0 (a player who leaves
// before his first turn has none, applySeats).
func corrected(vp, turns int) string {
	return fmt.Sprintf("a corrected score of %.2f", float64(vp)/float64(turns))
}

func vp(n int) string { return fmt.Sprintf("%d VP", n) }

// byCorrected sorts standings by VP a turn, best first (10.3); seat order
// at a tie.
func byCorrected(out []adjudicator.Standing) {
	slices.SortStableFunc(out, func(a, b adjudicator.Standing) int { return cmp.Compare(b.Score, a.Score) })
}
