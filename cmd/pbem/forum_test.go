package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// newForumGame creates a 3-player reduX game "hastings" in a temporary
// directory and returns the game directory and the temporary one.
func newForumGame(t *testing.T) (game, tmp string) {
	t.Helper()
	tmp = t.TempDir()
	game = filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--game", game, "--players", players)
	return game, tmp
}

// TestTemplate: pbem template prints the orders template of the nation
// due (the one the daemon mails), without a token line, and it passes
// check and turn as printed; --nation gives a later turn of the round
// drawn from today's position (reduX Core 4.1), which check accepts with
// the note that it is checked again when due, and which turn refuses
// until then.
func TestTemplate(t *testing.T) {
	game, tmp := newForumGame(t)
	out := must(t, "template", "--game", game)
	contains(t, "template", out, "# Orders for the Romano-British, round 1", "game: hastings\n", "turn: r01-romanobritish\n", "# token: not needed")
	if strings.Contains(out, "\ntoken:") || strings.Contains(out, "Written early") {
		t.Errorf("the template of the turn due has a token line or says it is early:\n%s", out)
	}
	due := write(t, tmp, "due.txt", out)
	contains(t, "check of the template", must(t, "check", "--game", game, due), "accepted as:")
	if strings.Contains(must(t, "check", "--game", game, due), "checked again when due") {
		t.Error("the turn due is called early")
	}

	early := must(t, "template", "--game", game, "--nation", "brigantes")
	contains(t, "template --nation", early, "turn: r01-brigantes\n", "Written early, from today's position: r01-romanobritish", "# token: not needed")
	file := write(t, tmp, "brigantes.txt", early)
	contains(t, "check of early orders", must(t, "check", "--game", game, file),
		"the Brigantes' turn orders for r01-brigantes are accepted as:",
		"r01-romanobritish comes first: the orders for r01-brigantes were checked against today's position; they will be checked again when due.")
	if code, _, errw := pbem(t, "turn", "--game", game, file); code != exitRejected || !strings.Contains(errw, "the turn due is r01-romanobritish") {
		t.Errorf("turn with early orders: exit %d\n%s", code, errw)
	}
	must(t, "turn", "--game", game, due)
	contains(t, "status", must(t, "status", "--game", game), "Due: r01-welsh")

	next := write(t, tmp, "next-round.txt", "game: hastings\nnation: Welsh\nturn: r02-welsh\n")
	if code, _, errw := pbem(t, "check", "--game", game, next); code != exitRejected || !strings.Contains(errw, "r02-welsh is not a later nation turn of round 1") {
		t.Errorf("check of orders for the next round: exit %d\n%s", code, errw)
	}
	for _, tc := range []struct {
		nation string
		code   int
		stderr string
	}{
		{"Saxons", exitRejected, "the Saxons have no turn left in round 1 (due: r01-welsh)"},
		{"Romano-British", exitRejected, "the Romano-British have no turn left in round 1"},
		{"Narnians", exitUsage, `--nation: unknown nation "Narnians"`},
	} {
		if code, _, errw := pbem(t, "template", "--game", game, "--nation", tc.nation); code != tc.code || !strings.Contains(errw, tc.stderr) {
			t.Errorf("template --nation %s: exit %d, want %d\n%s", tc.nation, code, tc.code, errw)
		}
	}
}
