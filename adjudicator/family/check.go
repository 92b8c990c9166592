package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/orders"
)

// TurnStart is the event that opens a nation turn.
func TurnStart(t *Turn) {
	t.Emit(Event{Kind: adjudicator.EvTurn, What: "turn", Round: t.S.Round})
}

// CheckPath checks a move's path on the board alone: adjacent steps, land
// after the start (or LAND > SEA > LAND by boat), within the longest move,
// a strait only as the whole move (reduX Core 6, 6.2, L&R 9.1.1, 9.2.1,
// 12). It is for moves that are played after battles not yet fought (a
// Major Invasion's "phase 2:" block).
func (t *Turn) CheckPath(mv orders.Move) {
	b, p := t.B, mv.Path
	if len(p) < 2 {
		t.Problem(mv.Line, "path-short")
		return
	}
	if len(p) == 3 && b.IsLand(p[0]) && !b.IsLand(p[1]) && b.IsLand(p[2]) {
		if !Boats(t.E) {
			t.Problem(mv.Line, "no-boats", t.Name(p[1]))
		} else if !Adjacent(b, p[0], p[1]) || !Adjacent(b, p[1], p[2]) || Adjacent(b, p[0], p[2]) {
			t.Problem(mv.Line, "boat-path")
		}
		return
	}
	if most := t.R.Move.LeaderMoves; len(p)-1 > most {
		t.Problem(mv.Line, "path-long", most, len(p)-1)
		return
	}
	for i := 1; i < len(p); i++ {
		x, y := p[i-1], p[i]
		if !b.IsLand(y) {
			t.Problem(mv.Line, "into-sea", t.Name(y))
			return
		}
		linked, strait := b.Adjacent(x, y)
		if !linked && i == 1 && !b.IsLand(x) {
			if other, ok := t.border[x]; ok {
				linked = Adjacent(b, other, y)
			}
		}
		if !linked {
			t.Problem(mv.Line, "not-adjacent", t.Name(y), t.Name(x))
			return
		}
		if strait && len(p) != 2 {
			t.Problem(mv.Line, "strait-path", t.Name(x), t.Name(y))
			return
		}
	}
}

// CheckSeaSteps refuses (switch check-knowable) a move whose path steps
// into a sea where no move may, as the turn's stepOK does whatever the
// position: a sea is entered only by a boat move LAND > SEA > LAND (L&R
// 12) or by invaders' first step from their sea to the next (the
// ruleset's SeaStep). It is for moves played after battles not yet fought
// (a Major Invasion's "phase 2:" block) in rulesets whose paths CheckPath
// does not fit (classic Britannia: Roman roads, invaders moving sea to
// sea).
func (t *Turn) CheckSeaSteps(mv orders.Move) {
	b, p := t.B, mv.Path
	if t.R.Move.Boat != nil && len(p) == 3 && b.IsLand(p[0]) && !b.IsLand(p[1]) && b.IsLand(p[2]) {
		return
	}
	for i := 1; i < len(p); i++ {
		x, y := p[i-1], p[i]
		if b.IsLand(y) || i == 1 && !b.IsLand(x) && len(p) == 3 && t.R.Move.SeaStep != nil {
			continue
		}
		if Boats(t.E) && i == 1 {
			t.Problem(mv.Line, "boat-shape")
		} else {
			t.Problem(mv.Line, "into-sea", t.Name(y))
		}
		return
	}
}
