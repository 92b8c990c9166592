package orders

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
		if kw, _ := base.lookup(firstWord(block)); kw == nil {
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

// TestCitationsResolve: every citation of a design section in the
// repository's code and docs ("docs/design.md §2") names a section that
// docs/design.md has, every docs/NAME.md cited exists, and nothing cites
// the design notes that are not in the repository ("DESIGN §2",
// "STYLE.md", "shared/reference/...").
func TestCitationsResolve(t *testing.T) {
	design, err := os.ReadFile("../docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## (\d+)\. `).FindAllStringSubmatch(string(design), -1) {
		sections[m[1]] = true
	}
	cite := regexp.MustCompile(`docs/design\.md ((?:§\d+(?:[-,] ?)?)+)`)
	section := regexp.MustCompile(`§(\d+)`)
	doc := regexp.MustCompile(`docs/[\w-]+\.md`)
	gone := regexp.MustCompile(`\bDESIGN\b|\bSTYLE\.md|shared/reference/`)
	n := 0
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "fuzz") {
			return filepath.SkipDir
		}
		if d.Name() == "docs_test.go" { // this test names what it looks for
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".tmpl", ".yaml", ".sh", ".txt":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			where := fmt.Sprintf("%s:%d", path, i+1)
			for _, c := range cite.FindAllStringSubmatch(line, -1) {
				for _, s := range section.FindAllStringSubmatch(c[1], -1) {
					n++
					if !sections[s[1]] {
						t.Errorf("%s cites docs/design.md §%s, which it does not have", where, s[1])
					}
				}
			}
			for _, p := range doc.FindAllString(line, -1) {
				if _, err := os.Stat(filepath.Join("..", p)); err != nil {
					t.Errorf("%s cites %s, which is not in the repository", where, p)
				}
			}
			if m := gone.FindString(line); m != "" {
				t.Errorf("%s cites %q, which is not in the repository: %s", where, m, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Errorf("only %d citations of docs/design.md found", n)
	}
}
