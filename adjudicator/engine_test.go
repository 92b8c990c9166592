package adjudicator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFoldLetters: a turn id's nation part is the name's letters a to z,
// lower-cased, whatever path folds it (ASCII in one pass, the rest rune by
// rune), and NationTurnID pads the round to two digits (reduX Core 4.1).
func TestFoldLetters(t *testing.T) {
	for in, want := range map[string]string{
		"saxons":         "saxons",
		"Romano-British": "romanobritish",
		"Norse men 2":    "norsemen",
		"Ærø Danes":      "rdanes", // æ and ø are not a to z
		"":               "",
	} {
		assert.Equal(t, want, FoldLetters(in), in)
		var slow strings.Builder
		for _, r := range strings.ToLower(in) {
			if r >= 'a' && r <= 'z' {
				slow.WriteRune(r)
			}
		}
		assert.Equal(t, slow.String(), FoldLetters(in), "%s: the one-pass fold agrees with the rune fold", in)
	}
	assert.Equal(t, "r05-saxons", NationTurnID(5, "Saxons"))
	assert.Equal(t, "r16-romanobritish", NationTurnID(16, "Romano-British"))
	assert.Equal(t, "r100-picts", NationTurnID(100, "Picts"))
}
