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

// TestAskCommand: "pbem ask --what WORD" plays a step the player of the
// nation due asks for, "pbem WORD" is the same for a word of a ruleset's
// Orders.Asks (Hy Breasil's "reroll"), "pbem rulesets" lists the words,
// and a refusal is in the ruleset's words (adjudicator.MsgAskNotNow).
func TestAskCommand(t *testing.T) {
	out := must(t, "rulesets")
	contains(t, "rulesets", out, "  ask --what reroll: reroll the random event")
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Ann\n  email: ann@example.org\n- name: Bo\n  email: bo@example.org\n")
	game := filepath.Join(tmp, "hb")
	must(t, "new", "--ruleset", "hy-breasil", "--game", game, "--players", players)
	must(t, "events", "--game", game)
	for _, args := range [][]string{{"ask", "--what", "reroll"}, {"reroll"}} {
		refused := 0
		for _, nation := range []string{"Star", "Moon", "Sun", "Crown", "Tower", "Ship"} {
			code, _, stderr := pbem(t, append(args, "--game", game, "--nation", nation)...)
			if code != exitRejected {
				t.Errorf("pbem %s --nation %s: exit %d, %s", strings.Join(args, " "), nation, code, stderr)
			}
			if strings.Contains(stderr, `"reroll" cannot be asked for in r01-`) && strings.Contains(stderr, "not in its first turn (Hy Breasil 6.1)") {
				refused++
			}
		}
		if refused != 1 {
			t.Errorf("pbem %s: the nation due is refused %d times in Hy Breasil's words (6.1: not in its first turn), want once", strings.Join(args, " "), refused)
		}
	}
}
