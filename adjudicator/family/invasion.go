package family

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// MarkRaiders marks the raiding units of a Raiding turn (L&R 11.4): every
// unit of the mover that begins the Movement Phase at sea, and its leader
// if it is at sea.
func MarkRaiders(t *Turn) {
	t.landlessAtMajor = t.Major && len(t.S.Held(t.B, t.N)) == 0
	if !t.Raid {
		return
	}
	t.raiders = make([][]games.AreaID, len(t.B.Areas))
	for a := t.B.NumLand; a < len(t.B.Areas); a++ {
		sea := games.AreaID(a)
		for range t.S.Units(sea, t.N) {
			t.raiders[a] = append(t.raiders[a], sea)
		}
	}
	if li := t.S.LeaderOf(t.N); li >= 0 && !t.B.IsLand(t.S.Leaders[li].Area) {
		t.leaderRaider, t.leaderHome = true, t.S.Leaders[li].Area
	}
}

// Raiders are the mover's raiding units in area a, each with the sea it
// started the turn in, oldest first (L&R 11.4).
func (t *Turn) Raiders(a games.AreaID) []games.AreaID {
	if t.raiders == nil { // not a Raiding turn
		return nil
	}
	return t.raiders[a]
}

// LeaderRaider reports whether the mover's leader began the turn at sea in
// a Raiding turn, and in which sea (L&R 9.2.3).
func (t *Turn) LeaderRaider() (bool, games.AreaID) { return t.leaderRaider, t.leaderHome }

// LandlessAtMajor reports whether the mover held no land at the start of a
// Major Invasion (L&R 12).
func (t *Turn) LandlessAtMajor() bool { return t.landlessAtMajor }

// DropRaider removes one of the mover's raiding units from area a, an
// infantry one if any.
func (t *Turn) DropRaider(a games.AreaID) {
	for k := range t.E.R.Kinds {
		if t.S.Count(a, t.N, k) > 0 {
			t.S.Add(a, t.N, k, -1)
			break
		}
	}
	if t.raiders != nil {
		t.raiders[a] = t.raiders[a][1:]
	}
}

// MoveOut moves k of nation m's units from one area to another, infantry
// first, the mover's raiders with them.
func (t *Turn) MoveOut(m NationID, from, to games.AreaID, k int) { t.moveOut(m, from, to, k) }

// trimRaiders drops the mover's raiders that died in an area: raiding
// units are lost last (the owner's choice, docs/orders.md).
func (t *Turn) trimRaiders(area games.AreaID) {
	r := t.Raiders(area)
	if k := t.S.Units(area, t.N); len(r) > k {
		t.raiders[area] = r[:k]
	}
}

// PhaseStatements checks the file's "phase N:" blocks: only a Major
// Invasion has a second phase (L&R 11.3).
func PhaseStatements(t *Turn) {
	for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
		if !t.Major {
			t.Problem(ph.Line, "no-phase", ph.N)
		} else if ph.N != 2 {
			t.Problem(ph.Line, "phase-two", ph.N)
		}
	}
}

// SecondPhase is a Major Invasion's second Movement Phase and Battles and
// Retreats Phase (L&R 11.3), with the statements of the "phase 2:" block
// and the file's battle choices, which apply to both phases.
func SecondPhase(t *Turn) {
	if !t.Major {
		return
	}
	SecondMovement(t)
	Battles(t)
	t.In.Orders = t.topLevel
}

// SecondMovement is a Major Invasion's second Movement Phase (L&R 11.3):
// the statements of the "phase 2:" block, each "if" decided now, then the
// top-level battle lines, which apply to both phases. It leaves that file
// in t.In.Orders for the second battles.
func SecondMovement(t *Turn) {
	t.Phase = 2
	var body []orders.Statement
	top := t.topLevel
	if top != nil {
		for _, st := range top.Body {
			if ph, ok := st.(orders.Phase); ok && ph.N == 2 {
				body = append(body, t.openIfs(ph.Body)...)
			}
		}
		own := len(body)
		for _, st := range top.Body {
			switch st.(type) {
			case orders.Attack, orders.Casualties, orders.Target, orders.Defend:
				body = append(body, st)
			}
		}
		t.phase2Copied = len(body) - own
	}
	f := &orders.File{Body: body}
	if top != nil {
		c := *top
		c.Body = body
		f = &c
	}
	t.In.Orders = f
	t.Emit(Event{Kind: adjudicator.EvPhase, What: "second-phase", N: 2})
	t.entries = make([][]entry, len(t.B.Areas))
	t.passed = make([][]passage, len(t.B.Areas))
	t.order = nil
	t.phase2Body = body
	Movement(t)
}

// openIfs replaces each "if AREA taken|lost:" block by its statements when
// its condition holds now, and drops it otherwise.
func (t *Turn) openIfs(body []orders.Statement) []orders.Statement {
	var out []orders.Statement
	for _, st := range body {
		if c, ok := st.(orders.If); ok {
			if t.S.Holds(c.Area, t.N) == c.Taken {
				out = append(out, t.openIfs(c.Then)...)
			}
			continue
		}
		out = append(out, st)
	}
	return out
}
