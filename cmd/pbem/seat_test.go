package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSeatWords: pbem seat and status of a game of continuous play (Hy
// Breasil 10) count "1 turn", not "1 turns", and a seat that takes back
// its wish before the next turn is said to stay, not to enter or leave.
func TestSeatWords(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Ann\n  email: ann@example.org\n- name: Bo\n  email: bo@example.org\n- name: Cy\n  email: cy@example.org\n")
	game := filepath.Join(tmp, "hb")
	must(t, "new", "--ruleset", "hy-breasil", "--option", "continuous", "--game", game, "--players", players)
	must(t, "events", "--game", game)
	out := must(t, "status", "--game", game)
	contains(t, "status", out, "in  1 turn ")
	if strings.Contains(out, "1 turns") {
		t.Errorf("status says \"1 turns\":\n%s", out)
	}
	out = must(t, "seat", "--game", game, "--leave", "Bo", "--why", "holiday")
	contains(t, "seat --leave", out, "Bo leaves the game at the start of the next turn.")
	out = must(t, "seat", "--game", game, "--enter", "Bo", "--why", "back early")
	contains(t, "seat --enter", out, "Bo stays in the game: the request to leave is withdrawn.")
	must(t, "seat", "--game", game, "--admit", "Di", "--email", "di@example.org", "--why", "new")
	out = must(t, "seat", "--game", game, "--leave", "Di", "--why", "changed her mind")
	contains(t, "seat --leave", out, "Di stays out of the game: the request to enter is withdrawn.")
}
