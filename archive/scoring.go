package archive

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/pbem-org/pbem/adjudicator"
)

// roll is what a step's events say of the scoring die (Hy Breasil 11):
// whether the step rolled it, for which round, and whether it let the
// round score.
type roll struct {
	rolled, scored bool
	round          int
}

// scoredBefore are, for a game whose rounds score by chance (Hy Breasil
// 11, Ruleset.ScoringDie), the rounds before step st whose scoring die was
// rolled, by number, true for those it let score, read from the events of
// the steps st follows (templates.Options.Scored); nil for a game whose
// rounds score as the tables say. A step's roll is read once: step folders
// never change.
func (g *Game) scoredBefore(st *Step) (map[int]bool, error) {
	e := g.r.e
	if e.R == nil || e.ScoringDie() == nil {
		return nil, nil
	}
	read := e.ScoringDie()
	if read == nil {
		return nil, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[int]bool{}
	for n := st.Parent; n > 0 && n <= len(g.h.steps); n = g.h.info(n).Parent {
		r, err := g.rollOf(n, read)
		if err != nil {
			return nil, err
		}
		if r.rolled {
			out[r.round] = r.scored
		}
	}
	return out, nil
}

// rollOf reads what step n's events say of the scoring die, the round
// from the state it started from. Call with g.mu held.
func (g *Game) rollOf(n int, read func([]adjudicator.Event) (bool, bool)) (roll, error) {
	if r, ok := g.rolls[n]; ok {
		return r, nil
	}
	path := filepath.Join(g.stepFolder(n), fileEvents)
	data, err := os.ReadFile(path)
	if err != nil {
		return roll{}, err
	}
	evs, err := adjudicator.UnmarshalEvents(data)
	if err != nil {
		return roll{}, fmt.Errorf("%s: %w", path, err)
	}
	var r roll
	if r.rolled, r.scored = read(evs); r.rolled {
		before, err := g.stateAfter(g.h.info(n).Parent)
		if err != nil {
			return roll{}, err
		}
		r.round = before.Round
	}
	if g.rolls == nil {
		g.rolls = map[int]roll{}
	}
	g.rolls[n] = r
	return r, nil
}
