package archive

import "github.com/pbem-org/pbem/templates"

// VPChart is each player's VP over the rounds of the game so far
// (templates.VPChart; issue 21: the end-of-game mail shows it), read from
// the state after each step in force; r is any report of the game, for
// its seats. Only the states are read, each once.
func (g *Game) VPChart(r *templates.Report) (*templates.VPChart, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := templates.NewVPChart(r)
	start, err := g.stateAfter(0)
	if err != nil {
		return nil, err
	}
	round := map[int]int{0: start.Round} // the round after each step read: the next step's
	for _, info := range g.h.steps {
		if info.Superseded() {
			continue
		}
		after, err := g.stateAfter(info.Number)
		if err != nil {
			return nil, err
		}
		c.Step(g.r.e, round[info.Parent], after)
		round[info.Number] = after.Round
	}
	return c, nil
}
