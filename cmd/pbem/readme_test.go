package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/games"
)

// TestREADMEIsTrue: the README names every command "pbem help" lists,
// every ruleset and option "pbem rulesets" lists, every mail command and
// ask word the daemon takes, Hy Breasil's seven abilities (9.3.1), and
// shows a token as pbem draws one (issue 21: "The README is stale").
func TestREADMEIsTrue(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	readme := string(b)
	for _, c := range commands {
		if !regexp.MustCompile(`\bpbem ` + regexp.QuoteMeta(c.name) + `\b`).MatchString(readme) {
			t.Errorf("the README shows no \"pbem %s\" (pbem help lists it)", c.name)
		}
	}
	for _, r := range games.Rulesets() {
		if !strings.Contains(readme, "`"+r.Name+"`") {
			t.Errorf("the README names no ruleset `%s`", r.Name)
		}
		for _, o := range r.Options {
			if !strings.Contains(readme, "`"+o.Name+"`") {
				t.Errorf("the README names no option `%s` of %s", o.Name, r.Name)
			}
		}
	}
	for _, w := range daemon.CommandWords() {
		if !regexp.MustCompile("`" + regexp.QuoteMeta(w) + "[`\\s]").MatchString(readme) {
			t.Errorf("the README names no mail command `%s`", w)
		}
	}
	for _, a := range hybreasil.AbilityNames() {
		if !strings.Contains(readme, a) {
			t.Errorf("the README names no Hy Breasil ability %q (9.3.1)", a)
		}
	}
	dir := t.TempDir()
	_, toks, err := archive.Create(filepath.Join(dir, "g"), archive.NewGame{ID: "g", Ruleset: "redux",
		Players: []archive.Player{{Name: "A", Email: "a@example.test"}, {Name: "B", Email: "b@example.test"}, {Name: "C", Email: "c@example.test"}}},
		rand.NewChaCha8([32]byte{1}))
	require.NoError(t, err)
	shape := regexp.MustCompile(`[0-9a-f]`).ReplaceAllString(regexp.QuoteMeta(toks["A"]), "[0-9a-f]")
	for _, m := range regexp.MustCompile(`(?m)^token: (\S+)$`).FindAllStringSubmatch(readme, -1) {
		if !regexp.MustCompile(`^` + shape + `$`).MatchString(m[1]) {
			t.Errorf("the README shows the token %q, not as pbem draws one (%s)", m[1], toks["A"])
		}
	}
}
