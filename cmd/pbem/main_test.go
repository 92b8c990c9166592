package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/templates"
)

// pbem runs the command line in-process and returns its exit code and
// output.
func pbem(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := run(args, &out, &errw)
	return code, out.String(), errw.String()
}

// must runs pbem and fails unless it exits 0.
func must(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errw := pbem(t, args...)
	if code != 0 {
		t.Fatalf("pbem %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errw)
	}
	return out
}

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func contains(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// TestForumGM plays the start of a game as a forum GM would: players'
// orders arrive as forum posts without tokens and the GM runs pbem on them.
func TestForumGM(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")

	contains(t, "rulesets", must(t, "rulesets"), "redux: Britannia reduX Core", "--option reduced-randomness")

	out := must(t, "new", "--ruleset", "redux", "--game", game, "--players", players)
	contains(t, "new", out, "Created game hastings", "hastings.secrets", "Dice commitment s_0", "Alice <alice@example.org>, yellow: Welsh", "token: ", "First: r01-romanobritish")
	if _, err := os.Stat(game + ".secrets/chain.txt"); err != nil {
		t.Fatal(err)
	}
	if code, _, errw := pbem(t, "new", "--game", game, "--players", players); code != 1 || !strings.Contains(errw, "already exists") {
		t.Errorf("new over an existing game: exit %d %s", code, errw)
	}

	contains(t, "status", must(t, "status", "--game", game), "Due: r01-romanobritish, the Romano-British (Carol)", "no orders yet", "Steps (0)")

	// Carol sent nothing.
	contains(t, "nmr", must(t, "nmr", "--game", game), "step 001: r01-romanobritish", "No orders came from Carol", "Views of r01-romanobritish")
	for _, f := range []string{"report.html", "report.md", "report.bbcode", "report.json", "map.png"} {
		if st, err := os.Stat(filepath.Join(game, "views", "001-r01-romanobritish", f)); err != nil || st.Size() == 0 {
			t.Errorf("view %s not written: %v", f, err)
		}
	}

	// Alice's first post has typos: check lists every error with its line.
	bad := write(t, tmp, "alice-bad.txt", "Here you go GM!\n\ngame: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > Marhc\nmvoe 1 Gwynedd > Clwyd\n")
	code, _, errw := pbem(t, "check", "--game", game, bad)
	if code != 1 {
		t.Errorf("check of a bad file: exit %d", code)
	}
	contains(t, "check stderr", errw, "alice-bad.txt refused, 2 errors", `line 7: unknown area "Marhc"`, "line 8: ")
	illegal := write(t, tmp, "alice-illegal.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > Kent\n")
	code, _, errw = pbem(t, "check", illegal, "--game", game) // flags after the file work too
	if code != 1 || !strings.Contains(errw, "line 5: ") || !strings.Contains(errw, "not adjacent") {
		t.Errorf("check of an illegal file: exit %d\n%s", code, errw)
	}
	if code, _, errw := pbem(t, "turn", "--game", game, bad); code != 1 || !strings.Contains(errw, "line 7") {
		t.Errorf("turn with a bad file: exit %d\n%s", code, errw)
	}
	contains(t, "status after a refused turn", must(t, "status", "--game", game), "Due: r01-welsh")

	// The corrected post.
	good := write(t, tmp, "alice.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\nsalt: the Severn is high\n\nmove 1 Powys > March\n")
	contains(t, "check", must(t, "check", "--game", game, good), "accepted as:", "move 1 Powys > March", "digest ")
	out = must(t, "turn", "--game", game, good)
	contains(t, "turn", out, "step 002: r01-welsh", "entered by the GM on Alice's behalf", "Battle 1 in March", "The Brigantes' turn (r01-brigantes) comes next")

	// Bob posts standing orders, then misses his turns.
	standing := write(t, tmp, "bob-standing.txt", "game: hastings\nnation: Brigantes\nkind: standing\n\ndefend *: retreat when theirs >= 2*mine\n")
	contains(t, "standing", must(t, "standing", "--game", game, "--nation", "Brigantes", standing), "Standing orders of the Brigantes recorded")
	must(t, "nmr", "--game", game) // Brigantes
	must(t, "nmr", "--game", game) // Caledonians
	out = must(t, "nmr", "--game", game)
	contains(t, "the last nmr of round 1", out, "step 005: r01-picts", "step 006: r01-end", "score")

	out = must(t, "status", "--game", game)
	contains(t, "status", out, "Due: r02-romanobritish", "Steps (6)", "006-r01-end  seed s_6")

	report := must(t, "report", "--game", game, "--turn", "r01-welsh")
	stored, err := os.ReadFile(filepath.Join(game, "turns", "002-r01-welsh", "report.txt"))
	if err != nil || report != string(stored) {
		t.Errorf("report --turn r01-welsh differs from report.txt (%v)", err)
	}
	contains(t, "latest report", must(t, "report", "--game", game), "step 006: r01-end")

	// The GM misread the Brigantes' deadline: back to after the Welsh.
	out = must(t, "rollback", "--game", game, "--to", "r01-welsh", "--why", "Bob's orders were on time after all")
	contains(t, "rollback", out, "rollback 1: after 006 back to 002 (r01-welsh)", "Due now: r01-brigantes")
	contains(t, "status after rollback", must(t, "status", "--game", game), "003-r01-brigantes  seed s_3  bot: no orders by the deadline; superseded by rollback 1", "Rollbacks", "Bob's orders were on time after all")
	must(t, "nmr", "--game", game)

	out = must(t, "verify", "--game", game)
	contains(t, "verify", out, "verifies: 7 steps (4 superseded, 1 rollback)")

	// Someone edits a die: verify names the step, file and line.
	dice := filepath.Join(game, "turns", "002-r01-welsh", "dice.log")
	data, _ := os.ReadFile(dice)
	re := regexp.MustCompile(`(?m)^(seq=1 .* roll=)(\d)$`)
	m := re.FindSubmatch(data)
	if m == nil {
		t.Fatalf("no die in %s:\n%s", dice, data)
	}
	other := map[byte]string{'1': "2", '2': "3", '3': "4", '4': "5", '5': "6", '6': "1"}[m[2][0]]
	os.WriteFile(dice, re.ReplaceAll(data, []byte("${1}"+other)), 0o644)
	code, _, errw = pbem(t, "verify", "--game", game)
	if code != 1 {
		t.Errorf("verify of a tampered game: exit %d", code)
	}
	contains(t, "verify stderr", errw, "does not verify", filepath.Join("turns", "002-r01-welsh", "dice.log")+" line 2: roll 1")
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   string
		stderr   string
		notEmpty bool
	}{
		{"no command", nil, 2, "", "Usage: pbem COMMAND", false},
		{"help", []string{"help"}, 0, "simulate  play a whole game", "", false},
		{"help command", []string{"help", "turn"}, 0, "Usage: pbem turn --game DIR FILE", "", false},
		{"unknown command", []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`, false},
		{"unknown flag", []string{"status", "--bogus"}, 2, "", "flag provided but not defined: -bogus", false},
		{"missing --game", []string{"status"}, 2, "", "--game is required", false},
		{"missing file", []string{"check", "--game", "x"}, 2, "", "want one file name", false},
		{"two files", []string{"turn", "--game", "x", "a", "b"}, 2, "", "want one file name, got 2", false},
		{"missing --why", []string{"rollback", "--game", "x", "--to", "start"}, 2, "", "--why is required", false},
		{"not a game", []string{"status", "--game", "/nonexistent/game"}, 1, "", "is not a pbem game", false},
		{"bad players", []string{"simulate", "--players", "7"}, 2, "", "--players 7: ruleset redux is for 3, 4, 5 players", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errw := pbem(t, tc.args...)
			if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errw, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errw)
			}
		})
	}
	for _, c := range commands {
		t.Run(c.name+" --help", func(t *testing.T) {
			code, out, errw := pbem(t, c.name, "--help")
			if code != 0 || !strings.HasPrefix(out, "Usage: pbem "+c.name) || errw != "" {
				t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errw)
			}
			if c.name != "rulesets" && !strings.Contains(out, "Flags:") {
				t.Errorf("no flags listed:\n%s", out)
			}
		})
	}
}

func TestSimulate(t *testing.T) {
	mem := must(t, "simulate", "--ruleset", "redux", "--seed", "11", "--players", "5", "--option", "reduced-randomness")
	contains(t, "simulate", mem, "Simulated game sim-11", "Final standings", "  1. Player ")
	dir := filepath.Join(t.TempDir(), "sim")
	arch := must(t, "simulate", "--ruleset", "redux", "--seed", "11", "--players", "5", "--option", "reduced-randomness", "--game", dir)
	standings := func(s string) string {
		s = s[strings.Index(s, "Final standings"):]
		if i := strings.Index(s, "\nArchive"); i >= 0 {
			s = s[:i]
		}
		return strings.TrimSpace(s)
	}
	if standings(arch) != standings(mem) {
		t.Errorf("simulate with and without --game differ:\n%s\n%s", mem, arch)
	}
	contains(t, "verify of a simulated game", must(t, "verify", "--game", dir), "verifies")
	contains(t, "status of a simulated game", must(t, "status", "--game", dir), "The game is over.", "Options: reduced-randomness")
}

// TestSimulateLRExtraTurns: the game of issue 10 item 1, whose archive
// could not be reopened at its first extra turn (L&R 11.6.1), is written,
// and status, verify, report, map and views read its extra turns.
func TestSimulateLRExtraTurns(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sim7")
	contains(t, "simulate", must(t, "simulate", "--ruleset", "redux-lr", "--seed", "7", "--players", "5", "--option", "boats", "--game", dir), "Final standings")
	contains(t, "status", must(t, "status", "--game", dir), "The game is over.", "182-r16-saxons-extra", "185-r16-extra-end")
	contains(t, "verify", must(t, "verify", "--game", dir), "sim7 verifies: 185 steps")
	contains(t, "report", must(t, "report", "--game", dir, "--turn", "r16-saxons-extra", "--format", "markdown"), "Saxons")
	contains(t, "report of step 185", must(t, "report", "--game", dir, "--turn", "185"), "The game is over.")
	must(t, "map", "--game", dir, "--turn", "r16-extra-end", "-o", filepath.Join(t.TempDir(), "m.svg"))

	// Back to the first extra turn by its id, on by the bot with views,
	// and back again: rollbacks.log names extra turns.
	contains(t, "rollback", must(t, "rollback", "--game", dir, "--to", "r16-saxons-extra", "--why", "test"), "back to 182 (r16-saxons-extra)", "Due now: r16-angles-extra")
	contains(t, "nmr", must(t, "nmr", "--game", dir), "step 186: r16-angles-extra")
	if _, err := os.Stat(filepath.Join(dir, "views", "186-r16-angles-extra", "report.html")); err != nil {
		t.Errorf("no views of the extra turn: %v", err)
	}
	contains(t, "rollback", must(t, "rollback", "--game", dir, "--to", "r16-saxons-extra", "--why", "again"), "rollback 2: after 186 back to 182 (r16-saxons-extra)")
	contains(t, "status", must(t, "status", "--game", dir), "186-r16-angles-extra  seed s_183  bot: no orders by the deadline; superseded by rollback 2")
	contains(t, "verify", must(t, "verify", "--game", dir), "186 steps (4 superseded, 2 rollbacks)")
}

// TestReportFormatsAndMap: every report format and the map of a simulated
// game (docs/design.md §6: forum posts, other tools, the PNG players see).
func TestReportFormatsAndMap(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sim")
	must(t, "simulate", "--ruleset", "redux", "--seed", "3", "--game", dir)
	for _, tc := range []struct{ format, want string }{
		{"text", "Round 4: the Angles' turn"},
		{"markdown", "## Round 4: the Angles' turn"},
		{"bbcode", "[b]Round 4: the Angles' turn[/b]"},
		{"html", "<title>Round 4: the Angles&#39; turn</title>"},
		{"json", `"nation": "Angles"`},
	} {
		out := must(t, "report", "--game", dir, "--turn", "r04-angles", "--format", tc.format)
		contains(t, "report --format "+tc.format, out, tc.want)
	}
	code, _, stderr := pbem(t, "report", "--game", dir, "--format", "xml")
	if code != exitUsage || !strings.Contains(stderr, `unknown --format "xml"`) {
		t.Errorf("report --format xml: exit %d, %q", code, stderr)
	}
	png := filepath.Join(t.TempDir(), "m.png")
	must(t, "map", "--game", dir, "--turn", "r04-angles", "-o", png)
	data, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("map wrote no PNG: %v", err)
	}
	// The daemon's "map" command answers with templates.MapPNG of the
	// step's public report (daemon TestMailedMapIsTheStepsMap), the whole
	// board at full size that each report mail links (issue 21): pbem map
	// draws the same picture.
	g, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Step("r04-angles")
	if err != nil {
		t.Fatal(err)
	}
	if mailed, err := templates.MapPNG(g.Rules(), g.Public(st, "Mon 7 Dec 18:00 UTC")); err != nil || !bytes.Equal(mailed, data) {
		t.Errorf("pbem map is not the map the daemon mails (%v)", err)
	}
	svg := filepath.Join(t.TempDir(), "m.svg")
	must(t, "map", "--game", dir, "-o", svg)
	data, _ = os.ReadFile(svg)
	contains(t, "map svg", string(data), "<svg", "Orkneys")

	// The start, as report --turn start has it (issue 14), in every format
	// and as a map titled as the start.
	contains(t, "map --turn start", must(t, "map", "--game", dir, "--turn", "start", "-o", svg), "(start)")
	data, _ = os.ReadFile(svg)
	contains(t, "map of the start", string(data), "Round I (43-60) — the start of the") // the title wraps
	contains(t, "report --turn start", must(t, "report", "--game", dir, "--turn", "start"), "The start of the game")
	contains(t, "report --turn start --format markdown", must(t, "report", "--game", dir, "--turn", "start", "--format", "markdown"), "Round 1: the start of the game")
	code, _, stderr = pbem(t, "map", "--game", dir, "--turn", "r99-nobody", "-o", svg)
	if code != exitRejected || !strings.Contains(stderr, `no step "r99-nobody"`) {
		t.Errorf("map --turn r99-nobody: exit %d, %q", code, stderr)
	}
}

// TestTokensStayPrivate: pbem new prints the players' tokens for the GM to
// send, and nothing else does: not the acknowledgement of a file with a
// token, nor a refusal of a file with the wrong token or a misspelt token
// line, nor status, report or verify; and no file of the public
// game directory holds one (issue 10 item 2).
func TestTokensStayPrivate(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	out := must(t, "new", "--ruleset", "redux", "--game", game, "--players", players)
	var tokens []string
	for _, m := range regexp.MustCompile(`token: (\S+)`).FindAllStringSubmatch(out, -1) {
		tokens = append(tokens, m[1])
	}
	if len(tokens) != 3 {
		t.Fatalf("pbem new printed %d tokens:\n%s", len(tokens), out)
	}
	alice, bob := tokens[0], tokens[1]
	var outputs []string
	run := func(want int, args ...string) {
		code, stdout, stderr := pbem(t, args...)
		if code != want {
			t.Errorf("pbem %s: exit %d, want %d\n%s", strings.Join(args, " "), code, want, stderr)
		}
		outputs = append(outputs, strings.Join(args, " ")+"\n"+stdout+stderr)
	}
	run(exitOK, "nmr", "--game", game)
	header := "game: hastings\nnation: Welsh\nturn: r01-welsh\n"
	run(exitRejected, "check", "--game", game, write(t, tmp, "wrong.txt", header+"token: "+bob+"\n\nmove 1 Powys > March\n"))
	run(exitRejected, "check", "--game", game, write(t, tmp, "typo.txt", header+"tokn: "+alice+"\n\nmove 1 Powys > March\n"))
	run(exitRejected, "check", "--game", game, write(t, tmp, "bad.txt", header+"token: "+alice+"\n\nmove 1 Powys > Marhc\n"))
	run(exitOK, "turn", "--game", game, write(t, tmp, "alice.txt", header+"token: "+alice+"\n\nmove 1 Powys > March\n"))
	run(exitOK, "status", "--game", game)
	run(exitOK, "report", "--game", game, "--format", "json")
	run(exitOK, "report", "--game", game, "--turn", "r01-welsh")
	run(exitOK, "verify", "--game", game)
	for _, o := range outputs {
		for _, tok := range tokens {
			if strings.Contains(o, tok) {
				t.Errorf("a token is in the output of pbem %s", o)
			}
		}
	}
	err := filepath.WalkDir(game, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		for _, tok := range tokens {
			if strings.Contains(string(data), tok) {
				t.Errorf("%s holds a token", p)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNewRefusesBadPlayers: pbem new refuses a players file with a
// misspelt field, a duplicate or malformed address, or another shape,
// naming the file and line (issue 10: players.yaml), and creates nothing.
func TestNewRefusesBadPlayers(t *testing.T) {
	tmp := t.TempDir()
	for _, tc := range []struct{ name, in, want string }{
		{"typo", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  mail: bob@example.org\n- name: Carol\n  email: carol@example.org\n",
			`players.yaml:4: player 2: unknown field "mail" (did you mean email?)`},
		{"duplicate", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: alice@example.org\n- name: Carol\n  email: carol@example.org\n",
			"players.yaml:3: player 2's address alice@example.org is also the address of the player at line 1"},
		{"shape", "Alice: alice@example.org\nBob: bob@example.org\n", "players.yaml:1: want a list with one entry per player"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(tmp, tc.name)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			players := write(t, dir, "players.yaml", tc.in)
			code, _, stderr := pbem(t, "new", "--game", filepath.Join(dir, "g"), "--players", players)
			if code != exitRejected {
				t.Errorf("exit %d", code)
			}
			contains(t, "new", stderr, filepath.Join(dir, tc.want))
			if _, err := os.Stat(filepath.Join(dir, "g")); !os.IsNotExist(err) {
				t.Errorf("a game was created: %v", err)
			}
		})
	}
}
