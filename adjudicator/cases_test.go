package adjudicator_test

// The numbered case suite (after godip's DATC cases; docs/design.md §7): one file per
// rule clause under testdata/<ruleset>/, each a position, the orders, the
// scripted dice and the result worked out by hand from the rules text. The
// format is documented in testdata/README.md; package casetest reads and
// runs it. A ruleset's own part of the position is read by the Part its
// <ruleset>_cases_test.go registers (reduxlr_cases_test.go).

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator/casetest"
)

// TestCases runs every ruleset's cases: go test ./adjudicator -run
// TestCases/redux-lr/9.1-04 runs one.
func TestCases(t *testing.T) { casetest.RunAll(t, "testdata") }

// TestCaseKeysDocumented reads the keys each ruleset's Part knows (the
// "case" labels of its Set and Expect in <ruleset>_cases_test.go) and
// checks that testdata/README.md documents every one in that ruleset's
// section ("### hy-breasil (hybreasil_cases_test.go)"): a key a case may
// use is a key a reader can look up.
func TestCaseKeysDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("testdata", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{} // file name → its section of the README
	for _, sec := range strings.Split(string(readme), "\n### ")[1:] {
		head, _, _ := strings.Cut(sec, "\n")
		if _, file, ok := strings.Cut(head, "("); ok {
			sections[strings.TrimSuffix(file, ")")] = sec
		}
	}
	files, err := filepath.Glob("*_cases_test.go")
	if err != nil {
		t.Fatal(err)
	}
	label := regexp.MustCompile(`(?m)^\tcase ((?:"[a-z]+"(?:, )?)+):`)
	key := regexp.MustCompile(`"([a-z]+)"`)
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, m := range label.FindAllStringSubmatch(string(src), -1) {
			for _, k := range key.FindAllStringSubmatch(m[1], -1) {
				if seen[k[1]] {
					continue
				}
				seen[k[1]] = true
				checked++
				sec, ok := sections[f]
				switch {
				case !ok:
					t.Errorf("%s: a Part's keys, but testdata/README.md has no section \"### RULESET (%s)\"", f, f)
				case !strings.Contains(sec, "`"+k[1]+":"):
					t.Errorf("%s: key %s: is not documented in its section of testdata/README.md", f, k[1])
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("found no Part keys: the pattern no longer matches the Parts' code")
	}
}
