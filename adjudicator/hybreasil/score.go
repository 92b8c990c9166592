package hybreasil

import (
	"sort"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// victoryPoints is the victory points phase (Hy Breasil 7): each player
// scores one VP for every land area his nations occupy (under option
// "random-scoring" only when a die shows 4 or more, and in the last turn,
// 11); then the game ends after the last turn of the tables or once a
// player has the VP target (3), else the next turn starts.
func victoryPoints(t *adjudicator.Turn) {
	x := X(t.S)
	last := t.S.Round >= len(t.G.Tables.Rounds)
	if t.G.HasOption("random-scoring") && !last {
		die := roll(t, "scoring")
		t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "scoring-die", Die: die, Scored: die >= 4})
		if die < 4 {
			nextTurn(t)
			return
		}
	}
	gained := make([]int, len(x.VP))
	areas := make([]int, t.S.NumNations())
	for a := 0; a < t.B.NumLand; a++ {
		for _, m := range t.S.Occupants(games.AreaID(a)) {
			areas[m]++
			if X(t.S).Capital[m] == games.AreaID(a) {
				areas[m] += 2 // 9.3 Capital: 3 VP for its own nation
			}
		}
	}
	for m, v := range areas {
		if v == 0 || !InPlay(t.S, m) {
			continue
		}
		mine, lords := split(t.S, m, v)
		gained[t.S.Nations[m].Owner] += mine
		if lords > 0 {
			gained[t.S.Nations[x.Lord[m]].Owner] += lords
		}
	}
	best := 0
	for p, g := range gained {
		if !seatIn(t.S, p) { // a player who left scores no more (10.3)
			continue
		}
		x.VP[p] += g
		best = max(best, x.VP[p])
		t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "seat-vp", N: g, Args: adjudicator.Args(seatName(t.E, p), x.VP[p])})
	}
	target := D(t.E).VPTarget
	if last || (target > 0 && best >= target) {
		t.S.Over = true
		gameOver(t)
		return
	}
	nextTurn(t)
}

// ScoringDie is Ruleset.ScoringDie: under option "random-scoring" a turn's
// victory points phase rolls the scoring die, and the turn scores on 4 or
// more (Hy Breasil 11), as its event says (scoring-die: Die, Scored); the
// last turn scores without a roll. Nil without the option: every turn
// scores (7).
func ScoringDie(e *adjudicator.Engine) func(events []adjudicator.Event) (rolled, scored bool) {
	if !e.G.HasOption("random-scoring") {
		return nil
	}
	return func(events []adjudicator.Event) (rolled, scored bool) {
		for _, ev := range events {
			if ev.What == "scoring-die" {
				return true, ev.Scored
			}
		}
		return legacyScoringDie(events)
	}
}

// legacyScoringDie reads the scoring die from the facts an engine wrote
// before events were named (its events have no What, and their words
// are a rendering that verify does not prove): a victory points phase that rolls it has one score event of
// no nation when the die lets none be scored, and more when it does, one
// for each seat in the game after the die's (7, 11); the last turn, which
// ends the game, rolls none. A step of named events has none of this.
func legacyScoringDie(events []adjudicator.Event) (rolled, scored bool) {
	k := 0
	for _, ev := range events {
		switch {
		case ev.What != "", ev.Kind == adjudicator.EvGameOver:
			return false, false
		case ev.Kind == adjudicator.EvScore && ev.Nation == "":
			k++
		}
	}
	return k > 0, k > 1
}

// nextTurn moves the turn token on (7): the next turn starts with its
// invasion phase.
func nextTurn(t *adjudicator.Turn) {
	t.S.Round++
	X(t.S).Invaded = false
	t.S.Order, t.S.Next = nil, 0
}

// gameOver ends the game after the turn (Hy Breasil 3) with the
// standings: each seat's colour, VP and turns played (the turns only under
// continuous play, where the corrected score ranks, 10.3).
func gameOver(t *adjudicator.Turn) {
	args := []any{t.S.Round}
	for _, st := range Standings(t.E, t.S, t.E.PlayerCount()) {
		args = append(args, st.Colour, st.VP, st.Turns)
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvGameOver, What: "game-end", Args: adjudicator.Args(args...)})
}

// Standings are the players' VP, best first (Hy Breasil 7), with the
// nations each owns now.
func Standings(e *adjudicator.Engine, s *adjudicator.State, players int) []adjudicator.Standing {
	x := X(s)
	if continuous(e) {
		return continuousStandings(e, s)
	}
	sp := e.G.Tables.Split(players)
	if sp == nil {
		return nil
	}
	var out []adjudicator.Standing
	for i, p := range sp.Players {
		st := adjudicator.Standing{Player: i + 1, Colour: p.Colour}
		if i < len(x.VP) {
			st.VP = x.VP[i]
			st.Points = adjudicator.VP(x.VP[i])
		}
		for n := range s.Nations {
			if InPlay(s, n) && s.Nations[n].Owner == i {
				st.Nations = append(st.Nations, e.NationName(n))
			}
		}
		out = append(out, st)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	return out
}

// continuousStandings are the standings of continuous play (Hy Breasil
// 10.3): every seat that has been in the game, with its VP and turns,
// ranked by VP a turn; a player who left keeps his score and is marked.
func continuousStandings(e *adjudicator.Engine, s *adjudicator.State) []adjudicator.Standing {
	x := X(s)
	var out []adjudicator.Standing
	for p := range x.VP {
		if x.Turns[p] == 0 && !seatIn(s, p) {
			continue // entered no turn yet
		}
		st := adjudicator.Standing{Player: p + 1, Colour: seatName(e, p), VP: x.VP[p], Points: adjudicator.VP(x.VP[p]), Turns: max(x.Turns[p], 1), Out: !seatIn(s, p)}
		st.Score = float64(st.VP) / float64(st.Turns) // 10.3: the corrected score
		for n := range s.Nations {
			if InPlay(s, n) && s.Nations[n].Owner == p {
				st.Nations = append(st.Nations, e.NationName(n))
			}
		}
		out = append(out, st)
	}
	byCorrected(out)
	return out
}
