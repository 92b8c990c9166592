package casetest

import (
	"strings"
	"sync"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Part reads and checks a ruleset's own part of a position (State.Ext) in
// the state: and expect: blocks of its cases (for Leaders and Raiders:
// gone, fallen, provoked, cnutrex, extra, occupied).
type Part interface {
	// Set applies a state: line whose key the runner does not know; it
	// reports false for a key it does not know either.
	Set(a *At, s *adjudicator.State, key, val string) bool
	// Expect checks an expect: line whose key the runner does not know
	// against the position after the step, reporting a difference with
	// a.Errorf; it reports false for a key it does not know either.
	Expect(a *At, s *adjudicator.State, key, val string) bool
}

// BareKinder is a Part that says the kind of a count written without one,
// nation by nation ("Romans 4": Roman armies in classic Britannia); without
// it, the ruleset's first kind.
type BareKinder interface {
	BareKind(a *At, n adjudicator.NationID) adjudicator.KindID
}

var (
	partsMu sync.RWMutex
	parts   = map[string]Part{}
)

// Register makes p the Part of the named ruleset's cases; a ruleset's test
// package calls it from an init function. A second Part for a ruleset
// panics (a programming error).
func Register(ruleset string, p Part) {
	partsMu.Lock()
	defer partsMu.Unlock()
	if _, dup := parts[ruleset]; dup {
		panic("casetest: a second Part for ruleset " + ruleset)
	}
	parts[ruleset] = p
}

func partOf(ruleset string) Part {
	partsMu.RLock()
	defer partsMu.RUnlock()
	return parts[ruleset]
}

// keyVal splits a block line "key: value".
func (a *At) keyVal(what string) (string, string) {
	a.T.Helper()
	key, val, ok := strings.Cut(a.L.Text, ":")
	if !ok {
		a.Fatalf("want %s, got %q", what, a.L.Text)
	}
	return strings.TrimSpace(key), strings.TrimSpace(val)
}

// tables applies what a case changes in the game's tables, before the
// engine is made from them: pool: lines (the Play Order list's armies and
// cavalry) and arrive: lines (the round's Timeline arrivals).
func (a *At) tables() {
	a.T.Helper()
	for _, l := range a.C.Blocks["state"] {
		a.L = l
		if key, val := a.keyVal(`"Area: forces" or "key: value"`); key == "pool" {
			for _, f := range a.Forces(val) {
				nat := &a.G.Tables.Nations[f.Nation]
				nat.Armies, nat.Cavalry = a.tableCounts(f, false)
			}
		}
	}
	if len(a.C.Arrive) == 0 {
		return
	}
	a.L = a.C.Header["round"]
	r := a.G.Tables.Round(a.Atoi(a.L.Text))
	if r == nil {
		a.Fatalf("no Timeline row for round %s", a.L.Text)
	}
	r.Arrivals = nil
	for _, l := range a.C.Arrive {
		a.L = l
		if l.Text != "none" {
			r.Arrivals = append(r.Arrivals, a.arrival(l.Text))
		}
	}
}

// arrival reads "Nation N [kind] [, N kind] [with LEADER] [at Sea[, Sea]]".
func (a *At) arrival(s string) games.Arrival {
	a.T.Helper()
	what, seas, _ := strings.Cut(s, " at ")
	fs := a.Forces(what)
	if len(fs) != 1 {
		a.Fatalf("want one nation's force [at Sea[, Sea]], or none")
	}
	ar := games.Arrival{Nation: a.NationName(fs[0].Nation), Leader: fs[0].Leader, IfHolds: games.NoArea}
	ar.Armies, ar.Cavalry = a.tableCounts(fs[0], true)
	for _, x := range a.Names(seas) {
		ar.Seas = append(ar.Seas, x)
		ar.SeaIDs = append(ar.SeaIDs, a.Area(x))
	}
	return ar
}

// tableCounts is a force as the tables count it: armies of the nation's
// bare kind, and cavalry.
func (a *At) tableCounts(f Force, leader bool) (armies, cavalry int) {
	a.T.Helper()
	if f.Leader != "" && !leader {
		a.Fatalf("a leader has no place here")
	}
	bare := a.BareKind(f.Nation)
	for k, c := range f.Units {
		switch {
		case k == bare:
			armies = c
		case a.R.Kinds[k].Name == "cavalry":
			cavalry = c
		case c != 0:
			a.Fatalf("the tables count %s and cavalry only, not %s", a.R.Kinds[bare].Name, a.R.Kinds[k].Name)
		}
	}
	return armies, cavalry
}

// state builds the case's position: the ruleset's own start emptied (no
// units, leaders, population or points), then the state: block, then the
// turn order position.
func (a *At) state() *adjudicator.State {
	a.T.Helper()
	s := a.E.NewState()
	s.ClearUnits()
	s.Leaders = nil
	for n := range s.Nations {
		s.Nations[n].Pop, s.Nations[n].VP = 0, 0
	}
	a.L = a.C.Header["round"]
	s.Round = a.Atoi(a.L.Text)
	seen := map[games.AreaID]int{}
	part := partOf(a.G.Ruleset.Name)
	for _, l := range a.C.Blocks["state"] {
		a.L = l
		key, val := a.keyVal(`"Area: forces" or "key: value"`)
		switch key {
		case "pool": // a.tables
		case "pop", "vp":
			for _, v := range a.Values(val, key == "vp") {
				if key == "pop" {
					s.Nations[v.Nation].Pop = v.Points.Whole()
				} else {
					s.Nations[v.Nation].VP = v.Points
				}
			}
		case "order":
			s.Order = nil
			for _, x := range a.Names(val) {
				s.Order = append(s.Order, a.Nation(x))
			}
		default:
			if part != nil && part.Set(a, s, key, val) {
				continue
			}
			area := a.Area(key)
			if prev, dup := seen[area]; dup {
				a.Fatalf("%s is given twice (first on line %d)", key, prev)
			}
			seen[area] = l.N
			a.place(s, area, a.Forces(val))
		}
	}
	s.Next = a.next(s)
	return s
}

// place puts forces in an area.
func (a *At) place(s *adjudicator.State, area games.AreaID, fs []Force) {
	a.T.Helper()
	for _, f := range fs {
		for k, c := range f.Units {
			s.Add(area, f.Nation, k, c)
		}
		if f.Leader == "" {
			continue
		}
		if i := s.LeaderOf(f.Nation); i >= 0 {
			a.Fatalf("the %s already have a leader, %s", a.NationName(f.Nation), s.Leaders[i].Name)
		}
		s.Leaders = append(s.Leaders, adjudicator.Leader{Nation: f.Nation, Name: f.Leader, Area: area})
	}
}

// next is the position in the turn order the case starts from: next:'s
// nation, else the end of the round for an end-round case, else nation:'s.
func (a *At) next(s *adjudicator.State) int {
	a.T.Helper()
	l, ok := a.C.Header["next"]
	switch {
	case ok:
	case a.C.Kind() == EndRound:
		return s.OrderLen()
	default:
		l = a.C.Header["nation"]
	}
	a.L = l
	n := a.Nation(l.Text)
	for i, m := range s.TurnOrder() {
		if m == n {
			return i
		}
	}
	a.Fatalf("the %s are not in the turn order", a.NationName(n))
	return 0
}

// orderFile decodes lines as one nation's order file with the real parser
// and the ruleset's grammar (orders.DecodeWith, Ruleset.Grammar). Each line
// keeps its number in the case file, so that errors, events and the case
// agree: the envelope takes lines 1 to 4 and blank lines fill the rest.
func (a *At) orderFile(n adjudicator.NationID, turn string, lines []Line) *orders.File {
	a.T.Helper()
	head := []string{"game: cases", "nation: " + a.NationName(n), "turn: " + turn, "token: t"}
	if turn == "" {
		head[2] = "kind: standing"
	}
	var sb strings.Builder
	at := 0
	for _, h := range head {
		sb.WriteString(h + "\n")
		at++
	}
	for _, l := range lines {
		if l.N <= at {
			a.L = l
			a.Fatalf("orders must start on line %d or later: the runner's envelope takes the lines before (put cite:, why: and round: first)", len(head)+1)
		}
		sb.WriteString(strings.Repeat("\n", l.N-at-1) + l.Text + "\n")
		at = l.N
	}
	f, errs := orders.DecodeWith(sb.String(), a.G, orders.Options{Grammar: a.E.Grammar()})
	if errs != nil {
		if len(lines) > 0 {
			a.L = lines[0]
		}
		a.Fatalf("the orders do not decode (line numbers are the case file's):\n%v", errs)
	}
	return f
}

// standing decodes the standing: block, "Nation: statement" lines, into
// each nation's standing orders file.
func (a *At) standing() []*orders.File {
	a.T.Helper()
	per := make([][]Line, len(a.G.Tables.Nations))
	for _, l := range a.C.Blocks["standing"] {
		a.L = l
		name, st := a.keyVal(`"Nation: statement"`)
		n := a.Nation(name)
		per[n] = append(per[n], Line{l.N, st})
	}
	out := make([]*orders.File, len(per))
	for n, ls := range per {
		if len(ls) > 0 {
			out[n] = a.orderFile(n, "", ls)
		}
	}
	return out
}
