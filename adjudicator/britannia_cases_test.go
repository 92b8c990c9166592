package adjudicator_test

// Classic Britannia's part of a case's position (testdata/README.md, "A
// ruleset's own part"): a count of Romans without a kind is of Roman
// armies, and the keys of britannia.Ext in the state: and expect: blocks
// of testdata/britannia.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/britannia"
	"github.com/pbem-org/pbem/adjudicator/casetest"
)

func init() { casetest.Register("britannia", classicPart{}) }

// classicPart reads and checks britannia.Ext.
type classicPart struct{}

// BareKind: "Romans 4" are Roman armies (seed 004: Roman units are their
// own kind in battle and movement).
func (classicPart) BareKind(a *casetest.At, n adjudicator.NationID) adjudicator.KindID {
	if a.NationName(n) == "Romans" {
		return britannia.Roman
	}
	return britannia.Infantry
}

// Set reads subjects: "Welsh to Romans, Picts to Romans" (seed 002 §5
// Submission), protected: "Welsh" (Rome's former subjects, ref §4),
// votes: "Angles for Saxons" (the Bretwalda votes recorded
// so far, seed 004), turnvotes: "Saxons for Angles" (the vote lines of
// the nations' own files this round, docs/orders.md C9) and fallen:
// (leaders eliminated in battle).
func (classicPart) Set(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := britannia.X(s)
	switch key {
	case "subjects":
		for _, part := range a.Names(val) {
			sub, to, ok := strings.Cut(part, " to ")
			if !ok {
				a.Fatalf("want \"subjects: Nation to Nation, ...\", got %q", part)
			}
			x.Overlord[a.Nation(sub)] = a.Nation(to)
		}
	case "fallen":
		x.Fallen = a.Names(val)
	case "protected":
		x.Protected = make([]bool, s.NumNations())
		for _, n := range a.Names(val) {
			x.Protected[a.Nation(n)] = true
		}
	case "votes":
		for _, part := range a.Names(val) {
			n, v, ok := strings.Cut(part, " for ")
			if !ok {
				a.Fatalf("want \"votes: Nation for Nation, ...\", got %q", part)
			}
			x.Votes[a.Nation(n)] = a.Nation(v)
		}
	case "turnvotes":
		x.TurnVotes = make([]adjudicator.NationID, s.NumNations())
		for i := range x.TurnVotes {
			x.TurnVotes[i] = -1
		}
		for _, part := range a.Names(val) {
			n, v, ok := strings.Cut(part, " for ")
			if !ok {
				a.Fatalf("want \"turnvotes: Nation for Nation, ...\", got %q", part)
			}
			x.TurnVotes[a.Nation(n)] = a.Nation(v)
		}
	default:
		return false
	}
	return true
}

// Expect checks subjects:, protected:, votes: and turnvotes: (every one
// in force, in nation order, or none) and fallen: (each name listed).
func (classicPart) Expect(a *casetest.At, s *adjudicator.State, key, val string) bool {
	x := britannia.X(s)
	switch key {
	case "subjects":
		var got []string
		for n, o := range x.Overlord {
			if o >= 0 {
				got = append(got, fmt.Sprintf("%s to %s", a.NationName(n), a.NationName(o)))
			}
		}
		want := a.Names(val)
		if val == "none" {
			want = nil
		}
		if !slices.Equal(got, want) {
			a.Errorf("subjects: got %v, want %v", got, want)
		}
	case "protected":
		var got []string
		for n, p := range x.Protected {
			if p {
				got = append(got, a.NationName(n))
			}
		}
		want := a.Names(val)
		if val == "none" {
			want = nil
		}
		if !slices.Equal(got, want) {
			a.Errorf("protected: got %v, want %v", got, want)
		}
	case "votes", "turnvotes":
		votes := x.Votes
		if key == "turnvotes" {
			votes = x.TurnVotes
		}
		var got []string
		for n, v := range votes {
			if v >= 0 {
				got = append(got, fmt.Sprintf("%s for %s", a.NationName(n), a.NationName(v)))
			}
		}
		want := a.Names(val)
		if val == "none" {
			want = nil
		}
		if !slices.Equal(got, want) {
			a.Errorf("%s: got %v, want %v", key, got, want)
		}
	case "fallen":
		for _, name := range a.Names(val) {
			if !slices.Contains(x.Fallen, name) {
				a.Errorf("fallen: %s missing from %v", name, x.Fallen)
			}
		}
	default:
		return false
	}
	return true
}
