package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
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

// TestPost: pbem post is one paste-ready post of a step: the report's
// headline, who sent the orders and the orders as understood, the map and
// the report; its BBCode [list] of the orders, pasted back, is the same
// orders (the digest of check is the digest of the turn's file), and its
// Markdown keeps them in a code block.
func TestPost(t *testing.T) {
	game, tmp := newForumGame(t)
	contains(t, "the post of the start", must(t, "post", "--game", game), "[b]Round 1: the start of the game[/b]", "[i]The map at the start is attached.[/i]")
	must(t, "nmr", "--game", game)
	file := write(t, tmp, "alice.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\nattack March: retreat when mine <= 1\n")
	digest := regexp.MustCompile(`digest ([0-9a-f]{64})`).FindStringSubmatch(must(t, "check", "--game", game, file))
	must(t, "turn", "--game", game, file)

	code, post, errw := pbem(t, "post", "--game", game, "--turn", "r01-welsh")
	if code != exitOK {
		t.Fatalf("post: exit %d\n%s", code, errw)
	}
	if !strings.HasPrefix(post, "[size=150][b]Round 1: the Welsh turn[/b][/size]\n[i]") {
		t.Errorf("the post does not open with the report's headline:\n%s", post)
	}
	contains(t, "post", post,
		"[b]The Welsh orders, entered by the GM on Alice's behalf, as understood:[/b]\n[list]\n[*]game: hastings\n",
		"[*]move 1 Powys > March\n[*]attack March: retreat when mine <= 1\n[/list]\n",
		"[i]The map after r01-welsh is attached.[/i]", "Battle 1 in March", "[b]Dice[/b]")
	contains(t, "post stderr", errw, filepath.Join(game, "views", "002-r01-welsh", "map.png"))
	if strings.Count(post, "Round 1: the Welsh turn") != 1 {
		t.Error("the headline is in the post twice")
	}

	// The orders pasted back from the post: the same file.
	list := post[strings.Index(post, "[list]\n[*]game:"):]
	list = list[:strings.Index(list, "[/list]")+len("[/list]")]
	must(t, "rollback", "--game", game, "--to", "r01-romanobritish", "--why", "test the paste")
	pasted := write(t, tmp, "paste.txt", "[quote=GM]"+list+"[/quote]\n")
	out := must(t, "check", "--game", game, pasted)
	if digest == nil || !strings.Contains(out, "digest "+digest[1]) {
		t.Errorf("the pasted list is not the orders of the post (digest %v):\n%s", digest, out)
	}
	must(t, "turn", "--game", game, file)

	code, md, errw := pbem(t, "post", "--game", game, "--format", "markdown", "--map-url", "https://forum.example/m.png")
	if code != exitOK || errw != "" {
		t.Fatalf("post --format markdown: exit %d\n%s", code, errw)
	}
	contains(t, "markdown post", md, "## Round 1: the Welsh turn\n\n*", "\n```\ngame: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\n", "![The map after r01-welsh](https://forum.example/m.png)", "### Battles")
	contains(t, "post of the bot's turn", must(t, "post", "--game", game, "--turn", "1"), "No orders came from Carol for the Romano-British by the deadline: the bot played these.")
	if code, _, errw := pbem(t, "post", "--game", game, "--turn", "002"); code != exitRejected || !strings.Contains(errw, "superseded by rollback 1") {
		t.Errorf("post of a superseded step: exit %d\n%s", code, errw)
	}
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--format", "pdf"}, `unknown --format "pdf": want bbcode or markdown`},
		{[]string{"--map-url", "ftp://x/m.png"}, `--map-url "ftp://x/m.png": want an http or https address`},
	} {
		if code, _, errw := pbem(t, append([]string{"post", "--game", game}, tc.args...)...); code != exitUsage || !strings.Contains(errw, tc.stderr) {
			t.Errorf("post %v: exit %d\n%s", tc.args, code, errw)
		}
	}
}

// TestStatusMarks: pbem status marks the steps the bot played (a missed
// turn, docs/design.md §2) and those the GM entered (§3), and shows the
// deadline of a game pbem serve runs, from its clock in DATA/pace
// (daemon.TestReadClock tests the daemon's side).
func TestStatusMarks(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "data", "games", "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--game", game, "--players", players)
	must(t, "nmr", "--game", game)
	must(t, "turn", "--game", game, write(t, tmp, "alice.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\n"))
	out := must(t, "status", "--game", game)
	contains(t, "status", out, "001-r01-romanobritish  seed s_1  bot: no orders by the deadline\n",
		"002-r01-welsh  seed s_2  GM: entered for the player\n", "(1 played by the bot, 1 entered by the GM)")
	if strings.Contains(out, "deadline ") {
		t.Errorf("a deadline without a clock:\n%s", out)
	}

	pace := filepath.Join(tmp, "data", "pace")
	deadline := time.Now().Add(30*time.Hour + 10*time.Minute).UTC().Truncate(time.Second)
	write(t, mkdir(t, pace), "hastings.json", fmt.Sprintf(`{"turn": "r01-brigantes", "paused": true, "auto": {"Brigantes": true}, "deadline": %q}`, deadline.Format(time.RFC3339)))
	contains(t, "status with a clock", must(t, "status", "--game", game),
		"Due: r01-brigantes", "  deadline "+deadline.Format("Mon 2 Jan 2006 15:04 MST")+" (in 30h", "the GM paused the game", "the bot plays (auto on): Brigantes")
	write(t, pace, "hastings.json", `{"turn": "r01-welsh", "deadline": "2026-01-01T00:00:00Z"}`)
	if out := must(t, "status", "--game", game); strings.Contains(out, "deadline ") {
		t.Errorf("the clock of an earlier turn is shown:\n%s", out)
	}
	write(t, pace, "hastings.json", `{"turn": `)
	contains(t, "status with a broken clock", must(t, "status", "--game", game), "deadline unreadable: ", "hastings.json")
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestHistory: pbem history is one document of the whole story: the
// facts, the start, every step in force with its orders as understood, its
// report and its seed (docs/design.md §4), the standings and the
// rollbacks; superseded steps are left out. Markdown and HTML in a folder
// carry every step's map beside them (checkHistoryHTML); the HTML history
// written again into its folder is the same, byte for byte, less the page
// of a step since rolled back.
func TestHistory(t *testing.T) {
	game, tmp := newForumGame(t)
	must(t, "nmr", "--game", game)
	must(t, "turn", "--game", game, write(t, tmp, "alice.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\n"))
	must(t, "nmr", "--game", game)
	must(t, "rollback", "--game", game, "--to", "r01-welsh", "--why", "Bob's orders came in time")
	must(t, "nmr", "--game", game)

	text := must(t, "history", "--game", game)
	contains(t, "text history", text, "The story of game hastings: Britannia reduX Core",
		"Alice (yellow): Welsh", "Dice commitment s_0:", "Steps: 3, from the start to r01-brigantes",
		"The start of the game", "pbem game hastings, step 001: r01-romanobritish", "No orders came from Carol",
		"step 002: r01-welsh", "The Welsh orders were entered by the GM on Alice's behalf.", "    move 1 Powys > March",
		"Battle 1 in March", "The seed is s_2", "step 004: r01-brigantes",
		"Standings so far (the game goes on: r01-caledonians is due)", "1. ", "Rollbacks", "Bob's orders came in time")
	if strings.Contains(text, "step 003:") {
		t.Error("the history holds the superseded step 003")
	}
	for i, l := range strings.Split(text, "\n") {
		if len([]rune(l)) > 72 {
			t.Errorf("text history line %d is %d columns: %q", i+1, len([]rune(l)), l)
		}
	}

	md := must(t, "history", "--game", game, "--format", "markdown")
	contains(t, "markdown history", md, "# The story of game hastings", "## The start", "## Round 1: the Welsh turn",
		"**The Welsh orders, entered by the GM on Alice's behalf, as understood:**\n\n```\ngame: hastings", "## Standings so far")
	if strings.Contains(md, "![") {
		t.Error("the markdown history on standard output links maps it did not write")
	}
	folder := filepath.Join(tmp, "story")
	contains(t, "markdown history in a folder", must(t, "history", "--game", game, "--format", "md", "-o", folder), "history.md (3 steps)")
	html := filepath.Join(tmp, "page")
	contains(t, "html history", must(t, "history", "--game", game, "--format", "html", "-o", html), "index.html (3 steps)")
	mdFile, err := os.ReadFile(filepath.Join(folder, "history.md"))
	if err != nil {
		t.Fatal(err)
	}
	contains(t, "markdown history", string(mdFile), "![The map at the start](maps/000-start.png)")
	for _, step := range []string{"000-start", "001-r01-romanobritish", "002-r01-welsh", "004-r01-brigantes"} {
		contains(t, "markdown history", string(mdFile), "(maps/"+step+".png)")
		if st, err := os.Stat(filepath.Join(folder, "maps", step+".png")); err != nil || st.Size() == 0 {
			t.Errorf("no map %s in %s: %v", step, folder, err)
		}
	}
	checkHistoryHTML(t, html)
	stale := filepath.Join(html, "steps", "003-r01-brigantes.html")
	write(t, filepath.Dir(stale), filepath.Base(stale), "a page of a step since rolled back")
	before := readFiles(t, html, "index.html", "maps/map.css", "maps/board.png", "steps/002-r01-welsh.html")
	must(t, "history", "--game", game, "--format", "html", "-o", html)
	if _, err := os.Stat(stale); err == nil {
		t.Error("the history written again keeps the page of a step rolled back")
	}
	for name, b := range readFiles(t, html, "index.html", "maps/map.css", "maps/board.png", "steps/002-r01-welsh.html") {
		if b != before[name] {
			t.Errorf("the history written again has another %s", name)
		}
	}

	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--format", "pdf"}, `unknown --format "pdf": want text, markdown, html`},
		{[]string{"--format", "html"}, "--format html writes a folder (index.html and maps/): give it with -o"},
	} {
		if code, _, errw := pbem(t, append([]string{"history", "--game", game}, tc.args...)...); code != exitUsage || !strings.Contains(errw, tc.stderr) {
			t.Errorf("history %v: exit %d\n%s", tc.args, code, errw)
		}
	}
}

// TestEventsCommand: a Hy Breasil game starts with its invasion phase, a
// round event (Hy Breasil 5): template says so and names the command that
// plays it; pbem events plays it and names the nation due, whose template
// then reads "turn 1, step r01-…"; with nothing due, events says so.
func TestEventsCommand(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	game := filepath.Join(tmp, "hb")
	must(t, "new", "--ruleset", "hy-breasil", "--game", game, "--players", players)
	code, _, errw := pbem(t, "template", "--game", game)
	if code != exitRejected || !strings.Contains(errw, "r01-invasion, the invasion phase of turn 1, is due: it takes no orders; pbem events --game") {
		t.Fatalf("template before the invasion phase: exit %d, %q", code, errw)
	}
	contains(t, "events", must(t, "events", "--game", game), "Turn 1: the invasion phase", "Next: r01-")
	contains(t, "template", must(t, "template", "--game", game), ", turn 1, step r01-")
	contains(t, "events again", must(t, "events", "--game", game), "No round event is due.")
}

// TestPostEscapesBBCode: a player's name that holds BBCode cannot restyle
// the post nor break out of its lists and tables: pbem post escapes every
// text it did not write as a tag (issue 23 item 6). (A salt's tags are
// taken out when the orders are read, as a forum paste's are.)
func TestPostEscapesBBCode(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: \"[size=200]Alice[/code]\"\n  email: alice@example.org\n- name: \"Bob [/list][url=http://evil.example]x[/url]\"\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--game", game, "--players", players)
	for range 2 {
		orders := must(t, "template", "--game", game)
		orders = strings.Replace(orders, "# salt: any words you like", "salt: lucky [size=7]sevens", 1)
		must(t, "turn", "--game", game, write(t, tmp, "o.txt", orders))
	}
	post := must(t, "post", "--game", game, "--format", "bbcode")
	for _, bad := range []string{"[size=200]", "[url=", "[/url]", "[size=7]"} {
		if strings.Contains(post, bad) {
			t.Errorf("the post holds the player's tag %s:\n%s", bad, post)
		}
	}
	for _, tag := range []string{"code", "list"} {
		if o, c := strings.Count(post, "["+tag+"]"), strings.Count(post, "[/"+tag+"]"); o != c {
			t.Errorf("%d [%s] and %d [/%s]: a player's text closed one", o, tag, c, tag)
		}
	}
	plain := strings.ReplaceAll(post, "\u200b", "")
	contains(t, "post without the zero-width spaces", plain, "Yellow ([size=200]Alice[/code])", "played by Red (Bob [/list][url=http://evil.example]x[/url])")
}

// TestMapStepMustAgree: pbem map --turn 002-r01-romanobritish, whose
// number and id name two steps, is refused; it drew step 002 without a
// word (issue 23).
func TestMapStepMustAgree(t *testing.T) {
	game, tmp := newForumGame(t)
	for range 2 {
		must(t, "turn", "--game", game, write(t, tmp, "o.txt", must(t, "template", "--game", game)))
	}
	out := filepath.Join(tmp, "map.svg")
	code, _, errw := pbem(t, "map", "--game", game, "--turn", "002-r01-romanobritish", "-o", out)
	if code != exitRejected || !strings.Contains(errw, "step 002 is r01-welsh, not r01-romanobritish") {
		t.Errorf("exit %d: %s", code, errw)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a map was drawn")
	}
	contains(t, "map of the folder", must(t, "map", "--game", game, "--turn", "002-r01-welsh", "-o", out), "(r01-welsh)")
}

// readFiles reads files of a folder by name.
func readFiles(t *testing.T, dir string, names ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		out[n] = string(b)
	}
	return out
}

// checkHistoryHTML checks the HTML history of TestHistory's game (issue
// 21): the first page's contents name rounds and nations, not step ids,
// and link a page a step; each step's page links the one before and after
// (rel=prev, rel=next: the keys follow them, and they work without the
// script) and shows its map as an SVG over the board drawn once; the
// start is told once; the VP chart opens the history.
func checkHistoryHTML(t *testing.T, dir string) {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	index := read("index.html")
	contains(t, "html history", index, `<svg xmlns="http://www.w3.org/2000/svg" viewBox=`, `aria-label="Victory points by player over the rounds: Yellow (Alice) `,
		`<p><a href="steps/000-start.html">The start</a></p>`,
		`<p><b>Round 1</b> <span style="color:#555555;">(43-60)</span> · <a href="steps/001-r01-romanobritish.html">Romano-British</a> · <a href="steps/002-r01-welsh.html">Welsh</a> · <a href="steps/004-r01-brigantes.html">Brigantes</a></p>`,
		`<a rel="next" href="steps/000-start.html">`, "Bob&#39;s orders came in time", "Standings so far (the game goes on: Round 1 · Caledonians is due)")
	for _, id := range []string{">r01-", ">000-", "003-r01-brigantes"} {
		if strings.Contains(index, id) {
			t.Errorf("the history's first page shows %q", id)
		}
	}
	steps := []string{"000-start", "001-r01-romanobritish", "002-r01-welsh", "004-r01-brigantes"}
	titles := []string{"The start", "Round 1 · Romano-British", "Round 1 · Welsh", "Round 1 · Brigantes"}
	for i, step := range steps {
		page := read(filepath.Join("steps", step+".html"))
		prev, prevTitle, next, nextTitle := "../index.html", "Contents", "../index.html#end", "The standings"
		if i > 0 {
			prev, prevTitle = steps[i-1]+".html", titles[i-1]
		}
		if i+1 < len(steps) {
			next, nextTitle = steps[i+1]+".html", titles[i+1]
		}
		contains(t, "history page "+step, page, "<title>"+titles[i]+" · game hastings</title>",
			`<nav class="bar" aria-label="Steps"><a class="prev" rel="prev" href="`+prev+`">← `+prevTitle+`</a>`, `<a class="next" rel="next" href="`+next+`">`+nextTitle+` →</a>`,
			`<link rel="stylesheet" href="../maps/map.css" />`, `<image href="../maps/board.png" x="0" y="0"`, "addEventListener('keydown'")
		if n := strings.Count(page, "<svg"); n != 1 {
			t.Errorf("history page %s has %d maps", step, n)
		}
	}
	start := read(filepath.Join("steps", "000-start.html"))
	if n := strings.Count(start, "the start of the game"); n != 1 {
		t.Errorf("the start page tells the start %d times", n)
	}
	contains(t, "history page 002-r01-welsh", read(filepath.Join("steps", "002-r01-welsh.html")),
		"The Welsh orders, entered by the GM on Alice&#39;s behalf, as understood:", `<pre class="orders">game: hastings`+"\nnation: Welsh")
	for _, f := range []string{"maps/board.png", "maps/map.css"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("no %s in the html history: %v", f, err)
		}
	}
}
