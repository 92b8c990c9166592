package templates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRoundName: a title names reduX's and classic Britannia's Timeline
// rounds "Round VII", Hy Breasil's turns "Turn 15" (Hy Breasil 3: a game of
// turns, Texts.RoundWord), and a label that is a whole name by itself, not
// "Round Turn 15".
func TestRoundName(t *testing.T) {
	for _, c := range []struct{ word, label, want string }{
		{"Round", "VII", "Round VII"}, {"Round", "XVI", "Round XVI"}, {"Turn", "15", "Turn 15"}, {"Round", "Turn 15", "Turn 15"},
	} {
		r := &Report{RoundWord: c.word, RoundLabel: c.label}
		assert.Equal(t, c.want, r.roundName(), "%s %s", c.word, c.label)
	}
}
