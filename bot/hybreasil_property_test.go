package bot_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// Hy Breasil's invariants (TestPropertyGames, issue 13), after every step
// whatever the players do:
//
//   - the token sets' units are conserved: a nation's units on the board
//     (at sea included) and its civilization tokens are never more than its
//     set's 15 (Hy Breasil 2, 6.1); a set not in play has neither (8);
//   - after a nation turn the mover, if still in play, is internally
//     connected, has at most two units an area (two and a half with
//     Taxation, 9.3) and none at sea (6.3, 6.4);
//     no land area holds two nations;
//   - no player owns more nations than the limit (5.3);
//   - the turn's order names each set once (state.json names the nation
//     due), and every nation still to move this turn is in play;
//     after the invasion phase every nation in play has its token in the
//     cup (6);
//   - cities (9.3.1 City building) are never more than a token set, and
//     none stands alone: its nation has units in its area; under option
//     abilities the set aside for city tokens never enters play (9.3);
//   - under continuous play (10): at most the largest split's seats, one
//     at least in the game, a seat out of the game owns no nation, a
//     seat's VP and turn marker never go down, and the invasion phase
//     moves the marker of every seat in the game on by one and no other;
//   - the turn advances by one at each victory points phase and the game
//     ends after the last (3, 7).
func init() {
	properties["hy-breasil"] = property{
		full: 1000, sample: 100,
		steps: []stepCheck{tokensConserved, supportKept, oneNationAnArea, nationLimit, cupTokens, citiesStand, roundsAdvance, seatsKept},
		ends:  []gameCheck{lastStep("r%02d-end")},
	}
}

// citiesStand: at most 15 cities, each beside units of its nation, and the
// city set never in play (Hy Breasil 9.3, 9.3.1).
func citiesStand(e *adjudicator.Engine, st bot.Step) error {
	s, x := st.After, hybreasil.X(st.After)
	if c := hybreasil.Cities(s); c > 15 {
		return fmt.Errorf("%d cities, more than a token set", c)
	}
	for a, n := range x.City {
		if n >= 0 && !s.Has(games.AreaID(a), n) {
			return fmt.Errorf("the %s city in %s stands alone", e.NationName(n), e.G.Board.AreaName(games.AreaID(a)))
		}
	}
	if last := e.NumNations() - 1; e.G.HasOption("abilities") && s.OnBoard(last) > 0 {
		return fmt.Errorf("the %s set, set aside for cities, is in play", e.NationName(last))
	}
	return nil
}

func tokensConserved(e *adjudicator.Engine, st bot.Step) error {
	s, x := st.After, hybreasil.X(st.After)
	for n := range s.Nations {
		on, civ := s.OnBoard(n), x.Civ[n]
		if !hybreasil.InPlay(s, n) {
			if on != 0 || civ != 0 {
				return fmt.Errorf("the %s set is not in play but has %d units and %d civilization tokens", e.NationName(n), on, civ)
			}
			continue
		}
		if on+civ > hybreasil.D(e).Tokens || on < 0 || civ < 0 {
			return fmt.Errorf("the %s nation has %d units and %d civilization tokens, more than its set", e.NationName(n), on, civ)
		}
	}
	return nil
}

func supportKept(e *adjudicator.Engine, st bot.Step) error {
	due := e.Due(st.Before)
	if due.Kind != adjudicator.NationTurn || !hybreasil.InPlay(st.After, due.Nation) {
		return nil
	}
	s, b, n := st.After, e.G.Board, due.Nation
	own := make([]bool, len(b.Areas))
	areas := 0
	for a := range b.Areas {
		id := games.AreaID(a)
		if s.Has(id, n) && !b.IsLand(id) {
			return fmt.Errorf("the %s nation ends its turn with units at sea in %s", e.NationName(n), b.AreaName(id))
		}
		if s.Has(id, n) {
			own[a] = true
			areas++
		}
	}
	if on := s.OnBoard(n); on > hybreasil.Supported(e, s, n, areas) {
		return fmt.Errorf("the %s nation ends its turn with %d units in %d areas", e.NationName(n), on, areas)
	}
	nav := slices.Contains(hybreasil.X(s).Abilities[n], hybreasil.Navigation) // 9.3.1: also for connections
	if parts := hybreasil.Parts(s, b, own, nav); len(parts) > 1 {
		return fmt.Errorf("the %s nation ends its turn in %d parts", e.NationName(n), len(parts))
	}
	return nil
}

func nationLimit(e *adjudicator.Engine, st bot.Step) error {
	limit := hybreasil.Limit(e, st.After)
	for p := range hybreasil.X(st.After).VP {
		if k := hybreasil.Owned(st.After, p); k > limit {
			return fmt.Errorf("seat %d owns %d nations, more than %d", p+1, k, limit)
		}
	}
	return nil
}

func cupTokens(e *adjudicator.Engine, st bot.Step) error {
	s := st.After
	if !hybreasil.X(s).Invaded || s.Order == nil {
		return nil
	}
	seen := make([]bool, s.NumNations())
	for i, n := range s.Order {
		if seen[n] {
			return fmt.Errorf("the turn's order names the %s set twice", e.NationName(n))
		}
		seen[n] = true
		if i >= s.Next && !hybreasil.InPlay(s, n) {
			return fmt.Errorf("the cup holds the %s set, not in play", e.NationName(n))
		}
	}
	if e.Due(st.Before).ID != fmt.Sprintf("r%02d-invasion", st.Before.Round) {
		return nil
	}
	for n := range s.Nations {
		if hybreasil.InPlay(s, n) && !seen[n] {
			return fmt.Errorf("after the invasion phase the %s nation has no token in the cup", e.NationName(n))
		}
	}
	return nil
}

// BenchmarkHBGame plays a whole 15-turn Hy Breasil bot game on the default
// map (four players): the bot's files with their checks, every step.
func BenchmarkHBGame(b *testing.B) { benchGame(b, "hy-breasil") }

// BenchmarkHBAdjudicateGame is the engine alone over a Hy Breasil game.
func BenchmarkHBAdjudicateGame(b *testing.B) { benchAdjudicate(b, "hy-breasil") }

// seatsKept checks the seats of continuous play (Hy Breasil 10.1-10.3).
func seatsKept(e *adjudicator.Engine, st bot.Step) error {
	after, _ := e.Seats(st.After)
	before, _ := e.Seats(st.Before)
	if after == nil {
		return nil
	}
	if len(after) > e.MostSeats() || len(after) < len(before) {
		return fmt.Errorf("%d seats after %d, at most %d", len(after), len(before), e.MostSeats())
	}
	in := 0
	invasion := e.Due(st.Before).ID == fmt.Sprintf("r%02d-invasion", st.Before.Round)
	for p, a := range after {
		b := adjudicator.SeatStatus{}
		if p < len(before) {
			b = before[p]
		}
		if a.In {
			in++
		} else if k := hybreasil.Owned(st.After, p); k > 0 {
			return fmt.Errorf("seat %d is out of the game and owns %d nations", p+1, k)
		}
		step := 0
		if invasion && a.In {
			step = 1
		}
		if a.Turns != b.Turns+step || a.VP < b.VP {
			return fmt.Errorf("seat %d: turns %d -> %d, VP %d -> %d (in: %v)", p+1, b.Turns, a.Turns, b.VP, a.VP, a.In)
		}
	}
	if in == 0 {
		return fmt.Errorf("no seat is in the game")
	}
	return nil
}
