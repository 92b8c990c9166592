package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestClassicBritannia: the command line plays classic Britannia as it
// plays reduX (issue 12): new, check (a file refused with its line and
// rule, and one accepted), turn, standing orders with the classic lines
// (submit, vote), nmr, status, verify and the map, and simulate with three
// and five players.
func TestClassicBritannia(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n- name: Dan\n  email: dan@example.org\n")
	game := filepath.Join(tmp, "classic")
	contains(t, "new", must(t, "new", "--ruleset", "britannia", "--game", game, "--players", players), "First: r01-romans")

	bad := write(t, tmp, "bad.txt", "game: classic\nnation: Romans\nturn: r01-romans\n\nmove 16 English Channel > Kent > Essex > Suffolk > Norfolk\n")
	code, _, errw := pbem(t, "check", "--game", game, bad)
	if code != 1 || !strings.Contains(errw, "line 5:") {
		t.Errorf("a Roman move of four areas: exit %d %s", code, errw)
	}
	good := write(t, tmp, "good.txt", "game: classic\nnation: Romans\nturn: r01-romans\n\n"+
		"move 8 English Channel > Kent\nmove 3 English Channel > Sussex\nmove 3 English Channel > Wessex\n"+
		"move 2 English Channel > Devon\n")
	contains(t, "check", must(t, "check", "--game", game, good), "accepted")
	contains(t, "turn", must(t, "turn", "--game", game, good), "Roman armies arrive in the English Channel", "The Romans build ") // a fort, or N forts in one line: the dice decide how many battles they win

	standing := write(t, tmp, "welsh.txt", "game: classic\nnation: Welsh\nkind: standing\n\ndefend *: hold\nsubmit to Romans\nvote Welsh\n")
	contains(t, "standing", must(t, "standing", "--game", game, "--nation", "Welsh", standing), "submit to Romans", "vote Welsh")
	must(t, "nmr", "--game", game)
	contains(t, "status", must(t, "status", "--game", game), "Due: r01-welsh")
	contains(t, "verify", must(t, "verify", "--game", game), "verifies")
	must(t, "map", "--game", game, "-o", filepath.Join(tmp, "classic.svg"))

	for _, p := range []string{"3", "5"} {
		sim := filepath.Join(tmp, "sim"+p)
		contains(t, "simulate", must(t, "simulate", "--ruleset", "britannia", "--seed", "1", "--players", p, "--game", sim), "over after round 16")
		contains(t, "verify", must(t, "verify", "--game", sim), "verifies")
	}
}

// TestHyBreasilWords: pbem simulate of Hy Breasil says "turn", not
// "round" (Hy Breasil 3: a game of turns; Texts.RoundWord); the help
// names every ruleset, not reduX alone; an order file for an unknown
// nation is told so, without a blank turn of a "round".
func TestHyBreasilWords(t *testing.T) {
	sim := filepath.Join(t.TempDir(), "hb")
	out := must(t, "simulate", "--ruleset", "hy-breasil", "--seed", "5", "--players", "4", "--game", sim)
	contains(t, "simulate", out, "over after turn ")
	if strings.Contains(out, "over after round") {
		t.Errorf("simulate of Hy Breasil says round:\n%s", out)
	}
	help := must(t, "help")
	contains(t, "help", help, "Hy Breasil", "Britannia (classic, 2005 edition)")
}

// TestHyBreasilStatusNations: pbem status of Hy Breasil lists each
// player's nations, dealt in play (Hy Breasil 5.3) and read from the
// state, not the empty lists of the player split.
func TestHyBreasilStatusNations(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Ann\n  email: ann@example.org\n- name: Bo\n  email: bo@example.org\n- name: Cy\n  email: cy@example.org\n")
	game := filepath.Join(tmp, "hb")
	must(t, "new", "--ruleset", "hy-breasil", "--game", game, "--players", players)
	must(t, "events", "--game", game)
	out := must(t, "status", "--game", game)
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  Ann ") || strings.HasPrefix(line, "  Bo ") || strings.HasPrefix(line, "  Cy ") {
			if strings.HasSuffix(strings.TrimSpace(line), "VP") {
				t.Errorf("a player without nations after the invasion phase: %q", line)
			}
		}
	}
}
