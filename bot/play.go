package bot

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/orders"
)

// Step is one adjudicated step of a simulated game.
type Step struct {
	ID     string
	Orders string // canonical order text (empty for round events)
	Before *adjudicator.State
	After  *adjudicator.State
	Events []adjudicator.Event
}

// Observer is called after every step; returning an error stops the game.
type Observer func(st Step) error

// Play plays a whole game with bots for every nation and in-memory dice
// derived from seed, calling obs after each step. It returns the final state.
func Play(e *adjudicator.Engine, seed uint64, obs Observer) (*adjudicator.State, error) {
	s := e.NewState()
	standing := make([]*orders.File, e.NumNations())
	for n := range standing {
		standing[n] = Standing(e, n, "sim", "", seed)
	}
	key := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("pbem-sim"), seed))
	for steps := 0; !s.Over; steps++ {
		if steps > 10000 {
			return s, fmt.Errorf("bot: game did not end")
		}
		st := e.Due(s) // once a step: Play takes it (Input.Step)
		id := st.ID
		in := adjudicator.Input{Standing: standing, Step: &st}
		if st.Kind == adjudicator.NationTurn {
			in.Orders = Orders(e, s, "sim", "", seed)
		} else if seats, takes := e.Seats(s); takes {
			in.Seats = SeatChanges(SeatWishes(seed, s.Round, seats, e.MostSeats()), seats)
		}
		ns, evs, err := e.Play(s, in, dice.NewTurn(key[:], "sim", id, nil, nil))
		if err != nil {
			return s, fmt.Errorf("%s: %w", id, err)
		}
		if obs != nil {
			if err := obs(Step{ID: id, Before: s, After: ns, Events: e.Render(evs)}); err != nil {
				return ns, fmt.Errorf("%s: %w", id, err)
			}
		}
		s = ns
	}
	return s, nil
}

// SeatWishes is what the seats of a simulated game of continuous play ask
// for at the start of a turn (Hy Breasil 10.1), from the seed and the
// turn: from turn 2 on, now and then a new player enters (a seat beyond
// those there are), one of more than two leaves, or one who left enters
// again. want[i] says seat i asks to be in the game.
func SeatWishes(seed uint64, round int, seats []adjudicator.SeatStatus, most int) (want []bool) {
	want = make([]bool, len(seats))
	var in, out []int
	for i, st := range seats {
		if want[i] = st.In; st.In {
			in = append(in, i)
		} else {
			out = append(out, i)
		}
	}
	if round < 2 {
		return want
	}
	key := sha256.Sum256(fmt.Appendf(nil, "pbem-sim-seats\x00%d\x00%d", seed, round))
	rng := rand.New(rand.NewChaCha8(key))
	switch rng.IntN(6) {
	case 0:
		if len(want) < most {
			want = append(want, true)
		}
	case 1:
		if len(in) > 2 {
			want[in[rng.IntN(len(in))]] = false
		}
	case 2:
		if len(out) > 0 {
			want[out[rng.IntN(len(out))]] = true
		}
	}
	return want
}

// SeatChanges are the seat changes a round event that takes them is given
// (adjudicator.Input.Seats): the seats whose wish differs from the
// position, those leaving first, each in seat order.
func SeatChanges(want []bool, seats []adjudicator.SeatStatus) []adjudicator.SeatChange {
	var leave, enter []adjudicator.SeatChange
	for i, w := range want {
		in := i < len(seats) && seats[i].In
		switch {
		case in && !w:
			leave = append(leave, adjudicator.SeatChange{Seat: i})
		case !in && w:
			enter = append(enter, adjudicator.SeatChange{Seat: i, Enter: true})
		}
	}
	return append(leave, enter...)
}
