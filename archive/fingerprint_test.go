package archive

import (
	"strings"
	"testing"
)

// TestFingerprint checks Fingerprint is the engine_fingerprint Create
// writes into game.yaml (doc.go "Versions") for the same ruleset, options
// and player count, that it tells rulesets and options apart (reduced
// randomness rolls other dice, reduX Core 7.3; Leaders and Raiders plays
// rules of its own), and that a ruleset, option or player count the
// tables lack is refused by name.
func TestFingerprint(t *testing.T) {
	f := newGame(t) // redux, three players, no options
	fp, err := Fingerprint("redux", nil, len(testPlayers))
	if err != nil {
		t.Fatal(err)
	}
	if len(fp) != 64 || strings.Trim(fp, "0123456789abcdef") != "" {
		t.Fatalf("Fingerprint = %q, want 64 hex digits", fp)
	}
	if got := f.g.EngineFingerprint(); got != fp {
		t.Errorf("Fingerprint = %s, game.yaml says %s", fp, got)
	}
	again, err := Fingerprint("redux", nil, len(testPlayers))
	if err != nil || again != fp {
		t.Errorf("Fingerprint again = %s, %v; want %s", again, err, fp)
	}
	seen := map[string]string{fp: "redux"}
	for _, v := range []struct {
		ruleset string
		options []string
		players int
	}{
		{"redux", []string{"reduced-randomness"}, 3},
		{"redux-lr", nil, 3},
	} {
		got, err := Fingerprint(v.ruleset, v.options, v.players)
		if err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		name := strings.Join(append([]string{v.ruleset}, v.options...), " ")
		if prev, ok := seen[got]; ok {
			t.Errorf("%s has the fingerprint of %s", name, prev)
		}
		seen[got] = name
	}
	for _, bad := range []struct {
		ruleset string
		options []string
		players int
		want    string
	}{
		{"risk", nil, 3, `unknown ruleset "risk"`},
		{"redux", []string{"boats"}, 3, "boats"},
		{"redux", nil, 9, "9 players: no player split in ruleset redux"},
		{"redux", nil, 1, "1 player: no player split in ruleset redux"},
	} {
		if _, err := Fingerprint(bad.ruleset, bad.options, bad.players); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Fingerprint(%s, %v, %d) = %v, want an error with %q", bad.ruleset, bad.options, bad.players, err, bad.want)
		}
	}
}
