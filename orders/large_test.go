package orders

import (
	"strings"
	"testing"
)

// largeInputs are hostile files: each must be refused or read in time
// linear in its size (BenchmarkLargeInputs), and every message it gives
// must stay short.
func largeInputs() []struct{ name, in string } {
	var indent strings.Builder
	indent.WriteString(testHeader)
	for i := range 1000 {
		indent.WriteString(strings.Repeat(" ", i) + "if Kent taken:\n")
	}
	return []struct{ name, in string }{
		{"deep parentheses", testHeader + "attack Kent: retreat when " + strings.Repeat("(", 20000) + "mine > 1" + strings.Repeat(")", 20000)},
		{"many parenthesised conditions", testHeader + strings.Repeat("attack Kent: retreat when "+strings.Repeat("(", 30)+"mine > 1"+strings.Repeat(")", 30)+"\n", 500)},
		{"many nots", testHeader + "attack Kent: retreat when " + strings.Repeat("not ", 20000) + "mine > 1"},
		{"many tags", strings.Repeat("[b]", 30000)},
		{"tags inside tags", strings.Repeat("[[[[", 5000) + strings.Repeat("b]", 20000)},
		{"many quotes", strings.Repeat("[quote]", 30000)},
		{"long area name", testHeader + "move 2 " + strings.Repeat("x", 50000) + " > York"},
		{"long keyword", testHeader + strings.Repeat("x", 50000)},
		{"long number", testHeader + "attack Kent: retreat when mine < " + strings.Repeat("9", 50000)},
		{"areas without commas", testHeader + "battles " + strings.Repeat("Kent Essex York ", 5000)},
		{"long path", testHeader + "move 2 " + strings.Repeat("York > ", 20000) + "Kent"},
		{"deep indentation", indent.String()},
		{"deep one-line blocks", testHeader + strings.Repeat("if Kent taken: ", 20000) + "battles Kent"},
		{"many lines", testHeader + strings.Repeat("move 2 York > Bernicia\n", 20000)},
		{"long nation", "game: g\nnation: " + strings.Repeat("Saxons", 10000) + "\nturn: 5\ntoken: t\n"},
		{"long phase number", testHeader + "phase " + strings.Repeat("9", 10000) + ":\n  battles York\n"},
		{"long count", testHeader + "place Kent " + strings.Repeat("9", 10000) + "\n"},
		{"long turn", "game: g\nnation: Saxons\nturn: 5-" + strings.Repeat("Saxons", 10000) + "\ntoken: t\n"},
		{"many words", testHeader + "place " + strings.Repeat("a ", 50000)},
		{"many orders before the header", strings.Repeat("move 2 York > Bernicia\n", 20000) + testHeader},
		{"deep one-line blocks before the header", strings.Repeat("if Kent taken: ", 20000) + "battles Kent\n" + testHeader},
	}
}

func TestLargeInputs(t *testing.T) {
	for _, tc := range largeInputs() {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := Decode(tc.in, redux)
			for _, e := range errs {
				if len(e.Msg) > 300 {
					t.Errorf("line %d: a message of %d bytes", e.Line, len(e.Msg))
					break
				}
			}
		})
	}
}

func BenchmarkLargeInputs(b *testing.B) {
	for _, tc := range largeInputs() {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.in)))
			for b.Loop() {
				Decode(tc.in, redux)
			}
		})
	}
}
