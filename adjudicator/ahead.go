package adjudicator

// Ahead is the position s with the turn passed on to a later nation turn
// of the same round, the first that match accepts: the nations between are
// skipped and nothing else changes, so the position is today's (reduX Core
// 4.1: the Play Order; the extra turns of L&R 11.6.1 too). It serves orders
// sent early, for a later turn of the round, which can be checked only
// against today's position and are checked again when their turn is due.
// ok is false when no later nation turn of this round matches. s is not
// changed.
func (e *Engine) Ahead(s *State, match func(Step) bool) (ahead *State, st Step, ok bool) {
	if s.Over {
		return nil, Step{}, false
	}
	now := e.Due(s)
	if now.Kind != NationTurn {
		return nil, Step{}, false
	}
	// Next counts positions in the turn order, or nation ids in the extra
	// turns of L&R 11.6.1: try every value up to the larger of the two.
	last := max(s.OrderLen(), len(s.Nations))
	seen := map[string]bool{now.ID: true}
	for next := s.Next + 1; next <= last; next++ {
		c := s.Clone()
		c.Next = next
		d := e.Due(c)
		if d.Kind != NationTurn || seen[d.ID] {
			continue
		}
		seen[d.ID] = true
		if match(d) {
			return c, d, true
		}
	}
	return nil, Step{}, false
}
