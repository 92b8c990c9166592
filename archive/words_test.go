package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/rulesets"
)

// TestWordsChangeNoRecord changes every word of every ruleset (each fact's
// words and cited rule) and shows that words are not the record
// (docs/design.md §2.2): every fixture archive ever written still
// verifies, and a game played again under the new words writes the very
// same normative files (states, events, dice) as under the old; only its
// reports, renderings, read differently. Plain go test verifies a sample
// of the fixtures (fixtureSample: each directory's, engine version's and
// ruleset's first), PBEM_PROPERTY_GAMES=full every one. Not parallel: it
// changes the rulesets' words for its duration.
func TestWordsChangeNoRecord(t *testing.T) {
	spec := Sim{Ruleset: "redux-lr", Options: []string{"boats"}, Players: 4, Seed: 3}
	before := filepath.Join(t.TempDir(), "before")
	if _, err := Simulate(spec, before); err != nil {
		t.Fatal(err)
	}
	restore := changeEveryWord()
	defer restore()
	var files []string
	for _, dir := range []string{"prekernel", "engine2", "engine3", "engine4", "facts", "engine5"} {
		fs, _ := filepath.Glob("testdata/" + dir + "/*.tgz")
		files = append(files, fs...)
	}
	sample := fixtureSample(t, files)
	for _, path := range files {
		if !sample[path] {
			continue
		}
		if _, err := VerifyStats(untarGame(t, path)); err != nil {
			t.Errorf("%s no longer verifies with other words: %v", path, err)
		}
	}
	after := filepath.Join(t.TempDir(), "after")
	if _, err := Simulate(spec, after); err != nil {
		t.Fatal(err)
	}
	sameRecord(t, before, after)
}

// changeEveryWord wraps every ruleset's words (View.Words, a map the
// rulesets derived from it share) so that each reads differently and cites
// another rule, and returns what puts them back.
func changeEveryWord() (restore func()) {
	var undo []func()
	for _, r := range rulesets.All() {
		words := r.View.Words
		for what, sy := range words {
			old, orig := sy, sy.Words
			sy.Words = func(e *adjudicator.Engine, ev adjudicator.Event) string {
				return "CHANGED " + strings.ToUpper(orig(e, ev))
			}
			sy.Rule, sy.RuleOf = "another rule", nil
			words[what] = sy
			undo = append(undo, func() { words[what] = old })
		}
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}

// sameRecord fails unless two game directories hold the same normative
// files in every step (not report.txt, a rendering).
func sameRecord(t *testing.T, a, b string) {
	t.Helper()
	steps, err := filepath.Glob(filepath.Join(a, turnsDir, "*"))
	if err != nil || len(steps) < 10 {
		t.Fatalf("%d steps in %s: %v", len(steps), a, err)
	}
	differ := 0
	for _, st := range steps {
		for _, name := range normativeFiles {
			x, errA := os.ReadFile(filepath.Join(st, name))
			y, errB := os.ReadFile(filepath.Join(b, turnsDir, filepath.Base(st), name))
			if (errA == nil) != (errB == nil) || !bytes.Equal(x, y) {
				t.Errorf("%s/%s differs when only the words changed", filepath.Base(st), name)
			}
		}
		ra, _ := os.ReadFile(filepath.Join(st, fileReport))
		rb, _ := os.ReadFile(filepath.Join(b, turnsDir, filepath.Base(st), fileReport))
		if !bytes.Equal(ra, rb) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no report read differently: the words were not changed")
	}
}
