package bot

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

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
		id := e.TurnID(s)
		in := adjudicator.Input{Standing: standing}
		if e.Due(s).Kind == adjudicator.NationTurn {
			in.Orders = Orders(e, s, "sim", "", seed)
		}
		ns, evs, err := e.Play(s, in, dice.NewTurn(key[:], "sim", id, nil, nil))
		if err != nil {
			return s, fmt.Errorf("%s: %w", id, err)
		}
		if obs != nil {
			if err := obs(Step{ID: id, Before: s, After: ns, Events: evs}); err != nil {
				return ns, fmt.Errorf("%s: %w", id, err)
			}
		}
		s = ns
	}
	return s, nil
}
