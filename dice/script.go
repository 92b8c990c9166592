package dice

import "fmt"

// Script is a Roller for tests: it returns the scripted values in order and
// logs them like a Turn. When the script runs out, or a scripted value is not
// 1..6, it records an error for Err and returns 1; it never panics, so an
// engine under test runs to the end and the test reports the error. Like a
// Turn, it also records a *DuplicateLabelError when two dice share a label,
// so engine tests catch what would make real dice repeat.
type Script struct {
	values []int
	next   int
	err    error
	log    []Entry
	seen   map[Label]int // label → 1-based roll number; lookups only
}

// NewScript scripts the given die values, in the order they will be rolled.
func NewScript(values ...int) *Script {
	return &Script{values: append([]int(nil), values...), seen: make(map[Label]int)}
}

// Roll returns the next scripted value (see Script).
func (s *Script) Roll(l Label) int {
	v := 1
	switch {
	case s.next >= len(s.values):
		s.fail(fmt.Errorf("dice: script exhausted: roll %d (%s) asked for, only %d scripted", s.next+1, l, len(s.values)))
	case s.values[s.next] < 1 || s.values[s.next] > 6:
		s.fail(fmt.Errorf("dice: scripted value %d for roll %d (%s) is not 1..6", s.values[s.next], s.next+1, l))
	default:
		v = s.values[s.next]
	}
	s.next++
	s.log = append(s.log, Entry{Label: l, Value: v})
	if err := noteLabel(s.seen, "(script)", s.next, l); err != nil {
		s.fail(err)
	}
	return v
}

// fail keeps the first error.
func (s *Script) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// Err is the first error met while rolling, or nil.
func (s *Script) Err() error { return s.err }

// Remaining is the number of scripted values not yet rolled, so a test can
// check that the engine rolled exactly the dice it expected.
func (s *Script) Remaining() int { return max(len(s.values)-s.next, 0) }

// Log is a copy of the dice rolled so far, in order.
func (s *Script) Log() []Entry {
	return append([]Entry(nil), s.log...)
}
