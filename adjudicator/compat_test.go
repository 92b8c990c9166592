package adjudicator

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCompatTable: every switch has one row, every row names an engine of
// Engines, and a game of each engine plays exactly the changes made by it
// or before it (docs/rulesets.md "Compatibility").
func TestCompatTable(t *testing.T) {
	if len(Changes) != int(numSwitches) {
		t.Fatalf("%d rows for %d switches", len(Changes), numSwitches)
	}
	names := map[string]bool{}
	for i, ch := range Changes {
		if ch.Switch != Switch(i) {
			t.Errorf("row %d is switch %d: the rows go in the order of the switches", i, ch.Switch)
		}
		if names[ch.Name] || ch.Name == "" || ch.What == "" {
			t.Errorf("row %d: name %q twice or empty, or no What", i, ch.Name)
		}
		names[ch.Name] = true
		engineIndex(ch.Engine) // panics on an unknown engine
	}
	for i, v := range Engines {
		c, err := CompatOf(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range Changes {
			if want := engineIndex(ch.Engine) <= i; c.Plays(ch.Switch) != want {
				t.Errorf("a game of %s: plays %s = %v, want %v", v, ch.Name, c.Plays(ch.Switch), want)
			}
		}
	}
	if c, _ := CompatOf(EngineVersion); len(c.Without()) != 0 || c != (Compat{}) {
		t.Errorf("a new game plays without %v", c.Without())
	}
	if _, err := CompatOf("pbem-engine-99"); err == nil || !strings.Contains(err.Error(), "pbem-engine-99") {
		t.Errorf("an unknown engine: %v", err)
	}
}

// TestNoVersionComparisons: rules code asks switches by name; no file of
// the adjudicator compares engine versions (the compatibility table is the
// one place that orders them).
func TestNoVersionComparisons(t *testing.T) {
	bad := regexp.MustCompile(`\.Before\(\d|Compat\s*[<>=!]=?\s*\d|Legacy\(\)|engine-\d`)
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == "compat.go" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, l := range strings.Split(string(data), "\n") {
			if bad.MatchString(l) {
				t.Errorf("%s:%d: %s", path, i+1, strings.TrimSpace(l))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
