package orders

import (
	"os"
	"strings"
	"testing"
)

// TestDocExamples decodes every example in docs/orders.md: whole files as
// they are, blocks with indented lines as one body, other lines one by one
// (they are alternatives, such as two ways to attack Kent).
func TestDocExamples(t *testing.T) {
	doc, err := os.ReadFile("../docs/orders.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```")
	n := 0
	for i := 1; i < len(blocks); i += 2 {
		block := strings.TrimPrefix(blocks[i], "\n")
		if headerLine.MatchString(strings.SplitN(block, "\n", 2)[0]) {
			n++
			if _, errs := Decode(block, redux); errs != nil {
				t.Errorf("file example:\n%s\n%v", block, errs)
			}
			continue
		}
		if kw, _ := keyword(firstWord(block)); kw == "" {
			continue // the grammar, not an example
		}
		if strings.Contains(block, "\n ") {
			n++
			if _, errs := Decode(testHeader+block, redux); errs != nil {
				t.Errorf("example:\n%s\n%v", block, errs)
			}
			continue
		}
		for _, l := range strings.Split(strings.TrimSpace(block), "\n") {
			n++
			if _, errs := Decode(testHeader+l+"\n", redux); errs != nil {
				t.Errorf("example %q: %v", l, errs)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d examples found in docs/orders.md", n)
	}
}
