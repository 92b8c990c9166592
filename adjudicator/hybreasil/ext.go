package hybreasil

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Ext is Hy Breasil's own part of a position: what the kernel's State does
// not hold. Slices indexed by nation id have one entry per token set; a
// set not in play has zero values there.
type Ext struct {
	// Invaded says the turn's invasion phase has been played (Hy Breasil
	// 5), and the nation order cup drawn (6).
	Invaded bool
	// Civ are each nation's civilization tokens (6.1).
	Civ []int
	// Home is the sea each nation entered from (6.1, Reinforcements).
	Home []games.AreaID
	// Entered is the turn each nation entered (6.1: Strong leader in its
	// first turn).
	Entered []int
	// Event is the random event rolled for a nation whose turn is due,
	// shown before its orders are written; "" when none is rolled yet.
	Event []string
	// VP are each seat's victory points (7).
	VP []int
	// Race is each nation's race under option "races" (9.1); "" without.
	Race []string
	// Lord is the nation each nation has submitted to under option
	// "submission" (9.2); -1 for none.
	Lord []adjudicator.NationID
	// Abilities are each nation's civilization abilities under option
	// "abilities" (9.3), in the order gained; Capital its capital (NoArea
	// for none) and Saved its preserved PIPs (food preservation).
	Abilities [][]string
	Capital   []games.AreaID
	Saved     []int
	// City is the nation whose city stands in each area (9.3.1 City
	// building), -1 for none.
	City []adjudicator.NationID
	// Relinquish is each nation's answer at the nation limit for its
	// owner, as its last turn's files gave it (5.3, Relinquish); "" none.
	Relinquish []string
	// In says whether each seat is in the game, and Turns is each seat's
	// turn marker, under option "continuous" (Hy Breasil 10.1, 10.2); both
	// nil without it: every seat plays the whole game.
	In    []bool
	Turns []int
}

// CloneExt implements adjudicator.Ext.
func (x *Ext) CloneExt() adjudicator.Ext {
	c := *x
	c.Civ = slices.Clone(x.Civ)
	c.Home = slices.Clone(x.Home)
	c.Entered = slices.Clone(x.Entered)
	c.Event = slices.Clone(x.Event)
	c.VP = slices.Clone(x.VP)
	c.Race = slices.Clone(x.Race)
	c.Lord = slices.Clone(x.Lord)
	c.Abilities = make([][]string, len(x.Abilities))
	for i, a := range x.Abilities {
		c.Abilities[i] = slices.Clone(a)
	}
	c.Capital = slices.Clone(x.Capital)
	c.Saved = slices.Clone(x.Saved)
	c.Relinquish = slices.Clone(x.Relinquish)
	c.City = slices.Clone(x.City)
	c.In, c.Turns = slices.Clone(x.In), slices.Clone(x.Turns)
	return &c
}

// X is the position's Ext.
func X(s *adjudicator.State) *Ext { return s.Ext.(*Ext) }

func newExt(nations, seats, areas int) *Ext {
	x := &Ext{Civ: make([]int, nations), Home: make([]games.AreaID, nations), Entered: make([]int, nations),
		Event: make([]string, nations), VP: make([]int, seats), Race: make([]string, nations), Lord: make([]adjudicator.NationID, nations),
		Abilities: make([][]string, nations), Capital: make([]games.AreaID, nations), Saved: make([]int, nations),
		Relinquish: make([]string, nations), City: make([]adjudicator.NationID, areas)}
	for a := range x.City {
		x.City[a] = -1
	}
	for i := range x.Home {
		x.Home[i] = games.NoArea
		x.Lord[i] = -1
		x.Capital[i] = games.NoArea
	}
	return x
}

// snapNation is one nation in play in state.json.
type snapNation struct {
	Nation  string   `json:"nation"`
	Civ     int      `json:"civilization_tokens"`
	Home    string   `json:"home_sea,omitempty"`
	Entered int      `json:"entered"`
	Event   string   `json:"event,omitempty"`
	Race    string   `json:"race,omitempty"`
	Lord    string   `json:"submitted_to,omitempty"`
	Abil    []string `json:"abilities,omitempty"`
	Capital string   `json:"capital,omitempty"`
	Saved   int      `json:"saved_pips,omitempty"`
	Relinq  string   `json:"at_limit,omitempty"`
}

// snap is Ext as state.json writes it, under "hy-breasil".
type snap struct {
	Invaded bool         `json:"invaded"`
	VP      []int        `json:"vp_by_seat"`
	Nations []snapNation `json:"nations,omitempty"`
	Cities  []snapCity   `json:"cities,omitempty"`
	Seats   []snapSeat   `json:"seats,omitempty"`
}

// snapSeat is a seat under continuous play in state.json (Hy Breasil 10).
type snapSeat struct {
	Colour string `json:"colour"`
	In     bool   `json:"in"`
	Turns  int    `json:"turns"`
}

// snapCity is a city in state.json (9.3.1).
type snapCity struct {
	Area   string `json:"area"`
	Nation string `json:"nation"`
}

var codec = adjudicator.ExtCodec{
	Key: "hy-breasil",
	Encode: func(e *adjudicator.Engine, s *adjudicator.State) any {
		x := X(s)
		out := snap{Invaded: x.Invaded, VP: slices.Clone(x.VP)}
		for n := range s.Nations {
			if !InPlay(s, n) {
				continue
			}
			sn := snapNation{Nation: e.NationName(n), Civ: x.Civ[n], Entered: x.Entered[n], Event: x.Event[n], Race: x.Race[n]}
			if x.Home[n] != games.NoArea {
				sn.Home = e.G.Board.AreaName(x.Home[n])
			}
			if x.Lord[n] >= 0 {
				sn.Lord = e.NationName(x.Lord[n])
			}
			sn.Abil, sn.Saved, sn.Relinq = x.Abilities[n], x.Saved[n], x.Relinquish[n]
			if x.Capital[n] != games.NoArea {
				sn.Capital = e.G.Board.AreaName(x.Capital[n])
			}
			out.Nations = append(out.Nations, sn)
		}
		for a, n := range x.City {
			if n >= 0 {
				out.Cities = append(out.Cities, snapCity{Area: e.G.Board.AreaName(games.AreaID(a)), Nation: e.NationName(n)})
			}
		}
		for p := range x.In {
			out.Seats = append(out.Seats, snapSeat{Colour: seatName(e, p), In: x.In[p], Turns: x.Turns[p]})
		}
		return out
	},
	Decode: func(e *adjudicator.Engine, s *adjudicator.State, raw []byte) error {
		var in snap
		if err := json.Unmarshal(raw, &in); err != nil {
			return fmt.Errorf("state: hy-breasil: %w", err)
		}
		x := newExt(s.NumNations(), len(in.VP), len(e.G.Board.Areas))
		x.Invaded = in.Invaded
		copy(x.VP, in.VP)
		if err := decodeSeats(e, x, in.Seats); err != nil {
			return err
		}
		for _, sn := range in.Nations {
			n, err := e.NationIndex(sn.Nation)
			if err != nil {
				return fmt.Errorf("state: hy-breasil: %w", err)
			}
			x.Civ[n], x.Entered[n], x.Event[n], x.Race[n] = sn.Civ, sn.Entered, sn.Event, sn.Race
			x.Abilities[n], x.Saved[n], x.Relinquish[n] = sn.Abil, sn.Saved, sn.Relinq
			if sn.Capital != "" {
				if x.Capital[n], err = e.G.Board.Lookup(sn.Capital); err != nil {
					return fmt.Errorf("state: hy-breasil: %w", err)
				}
			}
			if sn.Lord != "" {
				if x.Lord[n], err = e.NationIndex(sn.Lord); err != nil {
					return fmt.Errorf("state: hy-breasil: %w", err)
				}
			}
			if sn.Home != "" {
				if x.Home[n], err = e.G.Board.Lookup(sn.Home); err != nil {
					return fmt.Errorf("state: hy-breasil: %w", err)
				}
			}
		}
		for _, c := range in.Cities {
			a, err := e.G.Board.Lookup(c.Area)
			if err != nil {
				return fmt.Errorf("state: hy-breasil: city: %w", err)
			}
			if x.City[a], err = e.NationIndex(c.Nation); err != nil {
				return fmt.Errorf("state: hy-breasil: city: %w", err)
			}
		}
		s.Ext = x
		return nil
	},
}

// InPlay reports whether token set n is a nation in play: dealt to a
// player and not removed (Hy Breasil 5, 8).
func InPlay(s *adjudicator.State, n adjudicator.NationID) bool {
	return s.Nations[n].Owner >= 0 && !s.Nations[n].Gone
}

// Pool is how many of nation n's tokens are unused: neither on the board
// nor civilization tokens (Hy Breasil 6.1, 6.2).
func Pool(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) int {
	return D(e).Tokens - s.OnBoard(n) - X(s).Civ[n]
}

// decodeSeats reads the seats of continuous play (Hy Breasil 10): one for
// each seat that has VP, in seat order, or none at all.
func decodeSeats(e *adjudicator.Engine, x *Ext, seats []snapSeat) error {
	if seats == nil {
		return nil
	}
	if len(seats) != len(x.VP) {
		return fmt.Errorf("state: hy-breasil: %d seats but %d VP by seat", len(seats), len(x.VP))
	}
	x.In, x.Turns = make([]bool, len(seats)), make([]int, len(seats))
	for p, st := range seats {
		if st.Colour != seatName(e, p) || st.Turns < 0 {
			return fmt.Errorf("state: hy-breasil: seat %d is %s with %d turns; want %s", p+1, st.Colour, st.Turns, seatName(e, p))
		}
		x.In[p], x.Turns[p] = st.In, st.Turns
	}
	return nil
}
