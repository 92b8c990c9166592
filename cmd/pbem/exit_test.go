package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/internal/scratch"
)

// TestMain runs pbem's main instead of the tests when PBEM_TEST_MAIN is
// set, so that a test can run the real process and see its exit status;
// else it runs the tests with their temporary files in memory where the
// system has some (internal/scratch).
func TestMain(m *testing.M) {
	if os.Getenv("PBEM_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(scratch.Run(m))
}

// TestExitCodes: every mistake in a flag's value is a bad command line
// (exit 2, with the usage line), found before any game is opened or
// written; what the game refuses is exit 1.
func TestExitCodes(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "ashdown")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--game", game, "--players", players)
	file := write(t, tmp, "orders.txt", "game: ashdown\nnation: Welsh\nkind: standing\n\ndefend *: hold\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"report format", []string{"report", "--game", game, "--format", "pdf"}, 2, `unknown --format "pdf": want text, html, markdown, bbcode, json`},
		{"report format before the game", []string{"report", "--game", "/nonexistent", "--format", "pdf"}, 2, `unknown --format "pdf"`},
		{"new ruleset", []string{"new", "--game", filepath.Join(tmp, "g1"), "--players", players, "--ruleset", "diplomacy"}, 2, `--ruleset: unknown ruleset "diplomacy" (known: redux, redux-lr, britannia, hy-breasil)`},
		{"new option", []string{"new", "--game", filepath.Join(tmp, "g2"), "--players", players, "--option", "boats"}, 2, `--option: ruleset redux has no option "boats"`},
		{"new option twice", []string{"new", "--game", filepath.Join(tmp, "g3"), "--players", players, "--option", "reduced-randomness,reduced-randomness"}, 2, `--option: option "reduced-randomness" given twice`},
		{"new id", []string{"new", "--game", filepath.Join(tmp, "g4"), "--players", players, "--id", "Ash Down"}, 2, `--id: game id "Ash Down"`},
		{"new directory name", []string{"new", "--game", filepath.Join(tmp, "Ash_Down"), "--players", players}, 2, `--game: the directory's base name is the game id unless --id gives one: game id "Ash_Down"`},
		{"simulate ruleset", []string{"simulate", "--ruleset", "diplomacy"}, 2, `--ruleset: unknown ruleset`},
		{"simulate option", []string{"simulate", "--option", "boats"}, 2, `--option: ruleset redux has no option "boats"`},
		{"simulate players", []string{"simulate", "--players", "0"}, 2, "--players 0: ruleset redux is for 3, 4, 5 players"},
		{"simulate seed", []string{"simulate", "--seed", "-1"}, 2, `invalid value "-1" for flag -seed`},
		{"standing nation", []string{"standing", "--game", game, "--nation", "Narnia", file}, 2, `--nation: unknown nation "Narnia"`},
		{"map without -o", []string{"map", "--game", game}, 2, "pbem map: -o is required\nUsage: pbem map"},
		{"map -o", []string{"map", "--game", game, "-o", filepath.Join(tmp, "m.gif")}, 2, `-o must end in .png or .svg, not ".gif"`},
		{"demo rounds", []string{"demo", "--rounds", "0"}, 2, "--rounds must be 1 to 16, not 0"},
		{"help for no such command", []string{"help", "frobnicate"}, 2, `unknown command "frobnicate"`},
		{"help --help", []string{"help", "--help"}, 0, ""},
		{"a file the game refuses", []string{"standing", "--game", game, "--nation", "Saxons", file}, 1, "the file is for the Welsh, not the Saxons"},
		{"a step the game does not have", []string{"report", "--game", game, "--turn", "r09-saxons"}, 1, `no step "r09-saxons"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errw := pbem(t, tc.args...)
			if code != tc.code || !strings.Contains(errw, tc.stderr) {
				t.Errorf("exit %d, want %d; stderr:\n%s\nwant %q", code, tc.code, errw, tc.stderr)
			}
			if code == exitUsage && !strings.Contains(errw, "Usage: pbem ") {
				t.Errorf("no usage line:\n%s", errw)
			}
		})
	}
	for _, d := range []string{"g1", "g2", "g3", "g4", "Ash_Down"} {
		if _, err := os.Stat(filepath.Join(tmp, d)); err == nil {
			t.Errorf("a refused pbem new wrote %s", d)
		}
	}
}

// TestExitCodeOfTheProcess runs the pbem process itself (this test binary
// running main): the status the shell sees is run's code.
func TestExitCodeOfTheProcess(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"report", "--game", "/nonexistent", "--format", "pdf"}, 2},
		{[]string{"status", "--game", "/nonexistent"}, 1},
		{[]string{"help"}, 0},
	} {
		cmd := exec.Command(os.Args[0], tc.args...)
		cmd.Env = append(os.Environ(), "PBEM_TEST_MAIN=1")
		err := cmd.Run()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code {
			t.Errorf("pbem %s: exit status %d, want %d", strings.Join(tc.args, " "), code, tc.code)
		}
	}
}

// TestStandingHelp: "pbem standing --help" does not say that standing
// orders hold only defend lines (Hy Breasil's hold reroll, submit, permit
// and relinquish lines too; classic Britannia's submit and vote lines).
func TestStandingHelp(t *testing.T) {
	_, out, _ := pbem(t, "standing", "--help")
	if strings.Contains(out, "(defend lines)") || !strings.Contains(out, "the ruleset's other standing lines") {
		t.Errorf("standing --help:\n%s", out)
	}
}

// TestHelpFlagNames: help writes a one-letter flag as its usage line does
// (-o), never --o, and the others with two dashes.
func TestHelpFlagNames(t *testing.T) {
	_, out, _ := pbem(t, "map", "--help")
	if !strings.Contains(out, "\n  -o string\n") || strings.Contains(out, "--o") || !strings.Contains(out, "\n  --game string\n") {
		t.Errorf("map --help:\n%s", out)
	}
	for _, c := range commands {
		fs := newFlagSet(c)
		c.setup(fs)
		_, out, _ := pbem(t, "help", c.name)
		for _, name := range []string{"o", "v"} {
			if fs.Lookup(name) != nil && (strings.Contains(out, "--"+name+" ") || strings.Contains(out, "--"+name+"\n")) {
				t.Errorf("%s --help writes --%s:\n%s", c.name, name, out)
			}
		}
	}
}

// TestGMTurnFileWithEnd: pbem turn takes a file without a token that ends
// with "end" and a signature, as entered by the GM, as its help promises.
func TestGMTurnFileWithEnd(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--game", game, "--players", players)
	must(t, "nmr", "--game", game)
	file := write(t, tmp, "alice.txt", "Alice's post:\ngame: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\nend\n-- \nAlice\n")
	contains(t, "turn", must(t, "turn", "--game", game, file), "step 002: r01-welsh", "entered by the GM on Alice's behalf")
	before := write(t, tmp, "bob.txt", "move 1 York > Bernicia\ngame: hastings\nnation: Brigantes\nturn: r01-brigantes\n")
	code, _, errw := pbem(t, "check", "--game", game, before)
	if code != exitRejected || !strings.Contains(errw, `line 1: "move 1 York > Bernicia" is before the header`) {
		t.Errorf("an order before the header: exit %d\n%s", code, errw)
	}
}
