package casetest

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// matchState checks the expect: block against the position after the step.
func (a *At) matchState(s *adjudicator.State) {
	a.T.Helper()
	part := partOf(a.G.Ruleset.Name)
	for _, l := range a.C.Blocks["expect"] {
		a.L = l
		key, val := a.keyVal(`"Area: forces" or "key: value"`)
		switch key {
		case "pop", "vp":
			for _, v := range a.Values(val, key == "vp") {
				got := adjudicator.VP(s.Nations[v.Nation].Pop)
				if key == "vp" {
					got = s.Nations[v.Nation].VP
				}
				if got != v.Points {
					a.Errorf("%s %s: got %s, want %s", key, a.NationName(v.Nation), got, v.Points)
				}
			}
		case "round":
			if want := a.Atoi(val); s.Round != want {
				a.Errorf("round: got %d, want %d", s.Round, want)
			}
		case "over":
			if want := a.YesNo(val); s.Over != want {
				a.Errorf("over: got %v, want %v", s.Over, want)
			}
		case "due":
			if got := a.E.TurnID(s); got != val {
				a.Errorf("due: got %s, want %s", got, val)
			}
		case "leaders":
			a.matchLeaders(s, val)
		case "order":
			a.matchOrder(s, val)
		default:
			if part != nil && part.Expect(a, s, key, val) {
				continue
			}
			a.matchArea(s, a.Area(key), val)
		}
	}
}

// matchArea checks that an area holds exactly the forces given: every
// nation's units of every kind and its leader, every other nation none.
func (a *At) matchArea(s *adjudicator.State, area games.AreaID, val string) {
	a.T.Helper()
	want := make([]Force, len(a.G.Tables.Nations))
	for n := range want {
		want[n] = Force{Nation: n, Units: make([]int, len(a.R.Kinds))}
	}
	for _, f := range a.Forces(val) {
		want[f.Nation] = f
	}
	for n, w := range want {
		got := Force{Nation: n, Units: make([]int, len(a.R.Kinds))}
		for k := range got.Units {
			got.Units[k] = s.Count(area, n, k)
		}
		if li := s.LeaderIn(area, n); li >= 0 {
			got.Leader = s.Leaders[li].Name
		}
		if !slices.Equal(got.Units, w.Units) || got.Leader != w.Leader {
			a.Errorf("%s: got %s, want %s", a.G.Board.AreaName(area), a.ForceText(got), a.ForceText(w))
		}
	}
}

// matchLeaders checks the leaders on the board: "Arthur@Essex, Ida@York"
// or "none", in any order.
func (a *At) matchLeaders(s *adjudicator.State, val string) {
	a.T.Helper()
	var got []string
	for _, ld := range s.Leaders {
		got = append(got, ld.Name+"@"+a.G.Board.AreaName(ld.Area))
	}
	want := a.Names(val)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		a.Errorf("leaders: got %v, want %v", got, want)
	}
}

// matchOrder checks the round's turn order: "Saxons, Jutes, Angles".
func (a *At) matchOrder(s *adjudicator.State, val string) {
	a.T.Helper()
	var got, want []string
	for _, n := range s.TurnOrder() {
		got = append(got, a.NationName(n))
	}
	for _, x := range a.Names(val) {
		want = append(want, a.NationName(a.Nation(x)))
	}
	if !slices.Equal(got, want) {
		a.Errorf("order: got %s, want %s", strings.Join(got, ", "), strings.Join(want, ", "))
	}
}

// matchEvents checks the events: block: each line a substring of an
// event's text, in the order given; a line "!text" that no event contains
// it.
func (a *At) matchEvents(evs []adjudicator.Event) {
	a.T.Helper()
	evs = a.E.Render(evs)
	i := 0
	for _, l := range a.C.Blocks["events"] {
		a.L = l
		if neg, ok := strings.CutPrefix(l.Text, "!"); ok {
			neg = strings.TrimSpace(neg)
			for _, e := range evs {
				if strings.Contains(e.Text, neg) {
					a.Errorf("no event should contain %q, but %q does", neg, e.Text)
				}
			}
			continue
		}
		for i < len(evs) && !strings.Contains(evs[i].Text, l.Text) {
			i++
		}
		if i == len(evs) {
			a.Errorf("no event (in order) contains %q", l.Text)
			return
		}
		i++
	}
}

var errLine = regexp.MustCompile(`^(line (\d+)|file):\s*(.*)$`)

// gotLine is an error, warning or default of a review: its line (0: the
// whole file), its text, and whether it may match (errors: Illegal).
type gotLine struct {
	line int
	text string
	ok   bool
}

func errorLines(errs orders.Errors) []gotLine {
	out := make([]gotLine, len(errs))
	for i, e := range errs {
		out[i] = gotLine{e.Line, e.Error(), e.Illegal}
	}
	return out
}

func noteLines(ns []adjudicator.Note) []gotLine {
	out := make([]gotLine, len(ns))
	for i, n := range ns {
		out[i] = gotLine{n.Line, n.String(), true}
	}
	return out
}

// matchLines checks a review's errors, warnings or defaults against the
// case's block ("line N: text" or "file: text"; "none" for none): each
// expected one there, at its line (the case file's) and containing the
// text, and no other. A block not given is not checked, but for errors.
func (a *At) matchLines(block, what string, got []gotLine) {
	a.T.Helper()
	want, given := a.C.Blocks[block]
	if !given && block != "errors" {
		return
	}
	used := make([]bool, len(got))
	for _, l := range want {
		a.L = l
		if l.Text == "none" {
			continue
		}
		m := errLine.FindStringSubmatch(l.Text)
		if m == nil {
			a.Fatalf("want \"line N: text\", \"file: text\" or none, got %q", l.Text)
		}
		line, _ := strconv.Atoi(m[2]) // "file": 0
		i := -1
		for j, g := range got {
			if !used[j] && g.ok && g.line == line && strings.Contains(g.text, m[3]) {
				i = j
				break
			}
		}
		if i < 0 {
			a.Errorf("no %s at line %d contains %q; got:\n%s", what, line, m[3], gotText(got))
			continue
		}
		used[i] = true
	}
	for i, g := range got {
		if !used[i] {
			a.T.Errorf("%s: unexpected %s: %s", a.C.Path, what, g.text)
		}
	}
}

func gotText(got []gotLine) string {
	var sb strings.Builder
	for _, g := range got {
		sb.WriteString("  " + g.text + "\n")
	}
	return sb.String()
}
