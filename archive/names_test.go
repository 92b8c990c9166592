package archive

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rulesetWords matches, in a string literal, the name of a ruleset or a
// citation of a ruleset's section: "Hy Breasil", "reduX", "Britannia
// 2005", "L&R", "Leaders and Raiders", "Core 4.1", "seed 002 §5", "Toy2
// 3.1", a bare section in brackets, "(6.1)" or "(…; 10.3)", and a
// literal that is a section alone, "5.1.1" (a citation put together; an
// IP address has more parts).
var rulesetWords = regexp.MustCompile(`Hy Breasil|reduX|Britannia 2005|L&R|Leaders and Raiders|` +
	`\b(?:Core|Toy2?|seed \d+)\s+§?\d+(?:\.\d+)*|§\s*\d|[(;,] ?\d+\.\d+(?:\.\d+)*\)|^\d+\.\d+(?:\.\d+)?$`)

// sharedPackages are the packages whose string literals may name no
// ruleset (docs/design.md §2.2: shared code asks the engine, and the words
// are the ruleset's), as directories from here, the files scanned (a glob;
// "": every Go file) where only some are converted yet, and whether they
// are scanned yet.
var sharedPackages = []struct {
	name, dir, files string
	scan             bool
	why              string
}{
	{"daemon", "../daemon", "", true, ""},
	{"archive", ".", "", true, ""},
	{"cmd/pbem", "../cmd/pbem", "", true, ""},
	// The orders template's planning and citations are the rulesets'
	// (adjudicator.Orders.Template), a report's words their Words.
	{"templates", "../templates", "", true, ""},
}

// TestSharedCodeNamesNoRuleset: the non-test Go files of daemon, archive
// and cmd/pbem (templates/orders.go, and all of templates once switched on) hold no string literal
// that names a ruleset or cites a ruleset's section. Their messages about
// a game's rules come from the ruleset (adjudicator.Engine.Message, the
// roles' fields); comments may name rulesets.
func TestSharedCodeNamesNoRuleset(t *testing.T) {
	for _, p := range sharedPackages {
		t.Run(p.name, func(t *testing.T) {
			if !p.scan {
				t.Skip(p.why)
			}
			for _, hit := range rulesetLiterals(t, p.dir, p.files) {
				t.Error(hit)
			}
		})
	}
}

// rulesetLiterals are the string literals of dir's non-test Go files
// matching the glob files ("": every one) that rulesetWords matches, each
// as "file:line: the match in the literal".
func rulesetLiterals(t *testing.T, dir, files string) []string {
	t.Helper()
	if files == "" {
		files = "*.go"
	}
	paths, err := filepath.Glob(filepath.Join(dir, files))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go files %s in %s (%v)", files, dir, err)
	}
	var out []string
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
			}
			if m := rulesetWords.FindString(s); m != "" {
				out = append(out, fmt.Sprintf("%s: %q in the string literal %.80q", fset.Position(lit.Pos()), m, s))
			}
			return true
		})
	}
	return out
}

// TestRulesetWords: what the scan takes for a ruleset's name or citation,
// and what it lets pass.
func TestRulesetWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"the reroll by reply is Hy Breasil's (6.1)", true},
		{"a player cannot leave and enter in the same turn (Hy Breasil 10.1)", true},
		{" (reduX Core ", true},
		{"armies may never retreat to a sea area (Core 7.2)", true},
		{"L&R 11.3", true},
		{"first edition (seed 002 §5)", true},
		{"write a reroll line (\"reroll never\", ...; 6.1)", true},
		{"your corrected score (10.1, 10.3)", true},
		{"Toy2 3.1", true},
		{"Britannia 2005 Roman forts", true},
		{"5.1.1", true},
		{"127.0.0.1", false},
		{"go install github.com/pbem-org/pbem/cmd/pbem@v1.2.3", false},
		{"Seats", false},
		{"pbem referees board games by mail", false},
		{"Admitted %s (%s), who will %s.", false},
		{"redux", false}, // a ruleset's id in the registry, not its name
	} {
		if got := rulesetWords.MatchString(tc.in); got != tc.want {
			t.Errorf("%q: matched %v, want %v", tc.in, got, tc.want)
		}
	}
}
