package dice

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScriptRollsInOrder(t *testing.T) {
	values := []int{3, 6, 1}
	s := NewScript(values...)
	values[0] = 5 // the script keeps its own copy
	l := Label{Phase: "battle", Battle: 1, Round: 1, Side: "attacker", Unit: "infantry"}
	var got []int
	for i := range 3 {
		l.Die = i
		got = append(got, s.Roll(l))
	}
	assert.Equal(t, []int{3, 6, 1}, got)
	assert.NoError(t, s.Err())
	assert.Zero(t, s.Remaining())
	log := s.Log()
	assert.Len(t, log, 3)
	assert.Equal(t, Entry{Label: Label{Phase: "battle", Battle: 1, Round: 1, Side: "attacker", Unit: "infantry", Die: 2}, Value: 1}, log[2])
	log[0].Value = 9
	assert.Equal(t, 3, s.Log()[0].Value, "Log must return a copy")
}

func TestScriptErrors(t *testing.T) {
	tests := []struct {
		name      string
		values    []int
		rolls     int
		want      []int
		wantErr   string
		remaining int
	}{
		{"exact", []int{2, 4}, 2, []int{2, 4}, "", 0},
		{"fewer rolls than scripted", []int{2, 4, 5}, 1, []int{2}, "", 2},
		{"empty script", nil, 1, []int{1}, "dice: script exhausted: roll 1 (event die 0) asked for, only 0 scripted", 0},
		{"exhausted", []int{5}, 3, []int{5, 1, 1}, "script exhausted: roll 2 (event die 1) asked for, only 1 scripted", 0},
		{"value out of range", []int{4, 7, 2}, 3, []int{4, 1, 2}, "scripted value 7 for roll 2 (event die 1) is not 1..6", 0},
		{"zero", []int{0}, 1, []int{1}, "scripted value 0", 0},
		{"first error kept", []int{9}, 2, []int{1, 1}, "scripted value 9", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewScript(tc.values...)
			var got []int
			for i := range tc.rolls {
				got = append(got, s.Roll(Label{Phase: "event", Die: i}))
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.remaining, s.Remaining())
			assert.Len(t, s.Log(), tc.rolls)
			if tc.wantErr == "" {
				assert.NoError(t, s.Err())
			} else {
				assert.ErrorContains(t, s.Err(), tc.wantErr)
			}
		})
	}
}
