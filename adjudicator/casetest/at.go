package casetest

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// At is where a case is being read: the case, its line, the game and its
// engine. Its helpers turn names into ids and fail the test at the line
// ("file:line: ..."); a Part gets one.
type At struct {
	T testing.TB
	C *Case
	// L is the line being read.
	L Line
	// G is the case's game, its tables changed by the case (pool:,
	// arrive:); R its ruleset; E its engine, nil while the tables are read.
	G *games.Game
	R *adjudicator.Ruleset
	E *adjudicator.Engine

	failed bool // Errorf was called
}

// Fatalf fails the case at the current line and stops it.
func (a *At) Fatalf(format string, args ...any) {
	a.T.Helper()
	a.T.Fatalf("%s:%d: %s", a.C.Path, a.L.N, fmt.Sprintf(format, args...))
}

// Errorf fails the case at the current line and goes on.
func (a *At) Errorf(format string, args ...any) {
	a.T.Helper()
	a.failed = true
	a.T.Errorf("%s:%d: %s", a.C.Path, a.L.N, fmt.Sprintf(format, args...))
}

// Area finds an area by name or alias.
func (a *At) Area(name string) games.AreaID {
	a.T.Helper()
	id, err := a.G.Board.Lookup(strings.TrimSpace(name))
	if err != nil {
		a.Fatalf("%v", err)
	}
	return id
}

// Nation finds a nation by name, short name or alias.
func (a *At) Nation(name string) adjudicator.NationID {
	a.T.Helper()
	n, err := a.G.Tables.NationIndex(strings.TrimSpace(name))
	if err != nil {
		a.Fatalf("%v", err)
	}
	return n
}

// NationName is nation n's name.
func (a *At) NationName(n adjudicator.NationID) string { return a.G.Tables.Nations[n].Name }

// Atoi reads a whole number.
func (a *At) Atoi(s string) int {
	a.T.Helper()
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		a.Fatalf("not a whole number: %q", s)
	}
	return v
}

// YesNo reads "yes" or "no".
func (a *At) YesNo(s string) bool {
	a.T.Helper()
	switch strings.TrimSpace(s) {
	case "yes":
		return true
	case "no":
		return false
	}
	a.Fatalf("want yes or no, got %q", s)
	return false
}

// Names splits a comma-separated list; "none" and "" are the empty list.
func (a *At) Names(s string) []string {
	var out []string
	if strings.TrimSpace(s) == "none" {
		return nil
	}
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// Force is one nation's units in an area, by kind, and its leader.
type Force struct {
	Nation adjudicator.NationID
	Units  []int // by kind id
	Leader string
}

// Forces reads a list of forces: "Saxons 3, Jutes 1", "Normans 1, 2
// cavalry with William", "Romans 4, 2 forts", "Angles with Ida", or
// "empty". A count without a kind is of the nation's bare kind (BareKind);
// a count after a comma with a kind belongs to the nation before it.
func (a *At) Forces(s string) []Force {
	a.T.Helper()
	s = strings.TrimSpace(s)
	if s == "empty" || s == "" {
		return nil
	}
	var out []Force
	for _, part := range strings.Split(s, ",") {
		what, leader, hasLeader := strings.Cut(" "+strings.TrimSpace(part)+" ", " with ")
		fs := strings.Fields(what)
		if len(fs) > 0 && isCount(fs[0]) {
			if len(out) == 0 || len(fs) != 2 {
				a.Fatalf("want \"Nation N [kind]\" and after a comma \"N kind\" for more of that nation's units, got %q", strings.TrimSpace(part))
			}
			a.addUnits(&out[len(out)-1], fs[0], fs[1])
		} else {
			out = append(out, a.force(out, fs, hasLeader, part))
		}
		if hasLeader {
			f := &out[len(out)-1]
			if f.Leader != "" || strings.TrimSpace(leader) == "" {
				a.Fatalf("want one leader's name after \"with\" in %q", strings.TrimSpace(part))
			}
			f.Leader = strings.TrimSpace(leader)
		}
	}
	return out
}

// force reads "Nation [N [kind]]": the nation and its first count.
func (a *At) force(prev []Force, fs []string, hasLeader bool, part string) Force {
	a.T.Helper()
	i := slices.IndexFunc(fs, isCount)
	if i < 0 {
		i = len(fs)
	}
	if i == 0 || i < len(fs)-2 || (i == len(fs) && !hasLeader) {
		a.Fatalf("want \"Nation N [kind] [with LEADER]\", got %q", strings.TrimSpace(part))
	}
	f := Force{Nation: a.Nation(strings.Join(fs[:i], " ")), Units: make([]int, len(a.R.Kinds))}
	for _, p := range prev {
		if p.Nation == f.Nation {
			a.Fatalf("%s given twice", a.NationName(f.Nation))
		}
	}
	switch {
	case i == len(fs)-2:
		a.addUnits(&f, fs[i], fs[i+1])
	case i == len(fs)-1:
		f.Units[a.BareKind(f.Nation)] = a.Atoi(fs[i])
	}
	return f
}

// addUnits adds "N kind" to a force.
func (a *At) addUnits(f *Force, count, kind string) {
	a.T.Helper()
	k := a.Kind(kind)
	if f.Units[k] != 0 {
		a.Fatalf("%s %s given twice for the %s", count, kind, a.NationName(f.Nation))
	}
	f.Units[k] = a.Atoi(count)
}

// Kind finds a unit kind of the ruleset by name ("cavalry"), or its plural
// with an s ("forts").
func (a *At) Kind(name string) adjudicator.KindID {
	a.T.Helper()
	var names []string
	for i, k := range a.R.Kinds {
		if name == k.Name || name == k.Name+"s" {
			return i
		}
		names = append(names, k.Name)
	}
	a.Fatalf("%s has no unit kind %q (its kinds: %s)", a.G.Ruleset.Name, name, strings.Join(names, ", "))
	return 0
}

func isCount(s string) bool {
	_, err := strconv.ParseUint(s, 10, 31)
	return err == nil
}

// BareKind is the kind of a count written without one for nation n: the
// Part's, if it says (BareKinder), else the ruleset's first kind.
func (a *At) BareKind(n adjudicator.NationID) adjudicator.KindID {
	if kn, ok := partOf(a.G.Ruleset.Name).(BareKinder); ok {
		return kn.BareKind(a, n)
	}
	return 0
}

// ForceText writes a force as the case format does: "Normans 1, 2 cavalry
// with William"; "Saxons 0" for none.
func (a *At) ForceText(f Force) string {
	bare := a.BareKind(f.Nation)
	parts := []string{fmt.Sprintf("%s %d", a.NationName(f.Nation), f.Units[bare])}
	for k, c := range f.Units {
		if k != bare && c != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, a.R.Kinds[k].Name))
		}
	}
	s := strings.Join(parts, ", ")
	if f.Leader != "" {
		s += " with " + f.Leader
	}
	return s
}

// NationValue is a nation's number on a track: "Saxons 3", "Picts 3.5".
type NationValue struct {
	Nation adjudicator.NationID
	Points adjudicator.Points // in halves
}

// Values reads "Saxons 3, Picts 3.5"; half values only where half is set
// (victory points).
func (a *At) Values(s string, half bool) []NationValue {
	a.T.Helper()
	var out []NationValue
	for _, part := range a.Names(s) {
		fs := strings.Fields(part)
		if len(fs) < 2 {
			a.Fatalf("want \"Nation N\", got %q", part)
		}
		v := NationValue{Nation: a.Nation(strings.Join(fs[:len(fs)-1], " "))}
		num := fs[len(fs)-1]
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f*2 != math.Trunc(f*2) || (!half && f != math.Trunc(f)) || math.Abs(f) > 1e6 {
			a.Fatalf("%q is not a whole number%s", num, map[bool]string{true: " or a half", false: ""}[half])
		}
		v.Points = adjudicator.Points(int(f * 2))
		out = append(out, v)
	}
	return out
}
