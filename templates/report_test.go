package templates

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pbem-org/pbem/rulesets"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
	"github.com/pbem-org/pbem/orders"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var record = flag.Bool("record", false, "play the seed-7 bot game again and rewrite testdata/seed7-game.json.gz")

// recordGame plays the seed-7 bot game of reduX with this engine and bot
// and writes its steps (id, state after, events as facts) to
// testdata/seed7-game.json.gz: go test ./templates -record -update.
func recordGame() {
	e := rulesets.New(games.MustLoad("redux"))
	type rec struct {
		ID     string              `json:"id"`
		After  json.RawMessage     `json:"after"`
		Events []adjudicator.Event `json:"events"`
	}
	var recs []rec
	_, err := bot.Play(e, 7, func(st bot.Step) error {
		recs = append(recs, rec{ID: st.ID, After: e.MarshalState(st.After), Events: st.Events})
		return nil
	})
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := json.NewEncoder(zw).Encode(recs); err != nil {
		panic(err)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "seed7-game.json.gz"), buf.Bytes(), 0o644); err != nil {
		panic(err)
	}
}

// game is the seeded bot game every test renders: redux, bot seed 7.
// game is the seed-7 bot game, recorded in testdata/seed7-game.json.gz
// (states after each step and events) so that these tests do not change
// when the bot's play does; the engine's own tests cover the rules.
var game = sync.OnceValues(func() (*games.Game, []bot.Step) {
	if *record {
		recordGame()
	}
	g := games.MustLoad("redux")
	f, err := os.Open(filepath.Join("testdata", "seed7-game.json.gz"))
	if err != nil {
		panic(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		panic(err)
	}
	var recs []struct {
		ID     string              `json:"id"`
		After  json.RawMessage     `json:"after"`
		Events []adjudicator.Event `json:"events"`
	}
	if err := json.NewDecoder(zr).Decode(&recs); err != nil {
		panic(err)
	}
	before := rulesets.New(g).NewState()
	var steps []bot.Step
	for _, r := range recs {
		after, err := rulesets.New(g).UnmarshalState(r.After)
		if err != nil {
			panic(err)
		}
		steps = append(steps, bot.Step{ID: r.ID, Before: before, After: after, Events: r.Events})
		before = after
	}
	return g, steps
})

func step(t *testing.T, id string) bot.Step {
	t.Helper()
	_, steps := game()
	for _, st := range steps {
		if st.ID == id {
			return st
		}
	}
	t.Fatalf("the seed-7 game has no step %s", id)
	return bot.Step{}
}

var players = []string{"Alice", "Bob", "Carol", "Dave"}

// options are the golden files' facts. The seed stands in for a revealed
// hash-chain seed: the SHA-256 of the step id, so it is fixed and distinct.
func options(id string, reader int) Options {
	sum := sha256.Sum256([]byte("pbem-templates-test " + id))
	return Options{Game: "ashdown", Seed: hex.EncodeToString(sum[:]), Deadline: "Fri 14 Mar 2025 18:00 UTC",
		Players: players, Reader: reader, Token: "7f3a-91c2"}
}

func build(t *testing.T, id string, reader int) *Report {
	g, _ := game()
	st := step(t, id)
	return Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(id, reader))
}

// golden compares got with testdata/name, or rewrites it with -update.
// assert.Equal on strings prints a line diff on a mismatch.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./templates -update to create it")
	assert.Equal(t, string(want), got, "%s differs; if the change is intended, run go test ./templates -update and review the diff", path)
}

// goldenCases are the steps kept as golden files: a nation turn with
// battles, a retreat and a limit; one with three battles fought to the end;
// an end of round; the final round with the King and the standings; and a
// player's own copy with the orders template for their next nation turn.
var goldenCases = []struct {
	name   string
	id     string
	reader int
}{
	{"r04-angles", "r04-angles", 0},
	{"r07-angles", "r07-angles", 0},
	{"r07-end", "r07-end", 0},
	{"r16-end", "r16-end", 0},
	{"r07-saxons-seat4", "r07-saxons", 4},
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			r := build(t, tc.id, tc.reader)
			golden(t, tc.name+".txt", Text(r))
			golden(t, tc.name+".html", HTML(r, "map-"+tc.id+"@pbem"))
			golden(t, tc.name+".md", Markdown(r))
			golden(t, tc.name+".bbcode", BBCode(r))
			j, err := JSON(r)
			require.NoError(t, err)
			golden(t, tc.name+".json", string(j))
		})
	}
}

func TestGoldenOrdersTemplate(t *testing.T) {
	g, _ := game()
	for _, tc := range []struct{ name, id string }{
		{"invaders at sea", "r07-angles"},       // 7 invaders must land
		{"new armies", "r07-brigantes"},         // 3 placements
		{"armies to remove", "r07-saxons"},      // over the population limit, invaders
		{"reinforcements", "r07-romanobritish"}, // Arthur's reinforcements on land
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := step(t, tc.id)
			golden(t, "orders-"+tc.id+".txt", OrdersTemplate(rulesets.New(g), st.Before, Header{Game: "ashdown", Token: "7f3a-91c2", Deadline: "Fri 14 Mar 2025 18:00 UTC"}))
		})
	}
}

type namedReport struct {
	name string
	r    *Report
}

// allReports are the public report of every step of the game and the copy
// for the player who moves next, built once for all tests.
var allReports = sync.OnceValue(func() []namedReport {
	g, steps := game()
	var out []namedReport
	for _, st := range steps {
		pub := Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(st.ID, 0))
		out = append(out, namedReport{st.ID, pub})
		if pub.NextSeat > 0 {
			out = append(out, namedReport{st.ID + "/seat", Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(st.ID, pub.NextSeat))})
		}
	}
	return out
})

// eachReport calls f with every report of allReports.
func eachReport(t *testing.T, f func(name string, r *Report)) {
	t.Helper()
	for _, nr := range allReports() {
		f(nr.name, nr.r)
	}
}

func TestTextWidth(t *testing.T) {
	t.Parallel()
	g, steps := game()
	check := func(name, text string) {
		for i, l := range strings.Split(text, "\n") {
			if width(l) > Width {
				t.Errorf("%s line %d has %d columns (most is %d):\n%s", name, i+1, width(l), Width, l)
			}
			if strings.ContainsRune(l, '\t') {
				t.Errorf("%s line %d has a tab", name, i+1)
			}
		}
	}
	eachReport(t, func(name string, r *Report) {
		check(name, Text(r))
	})
	for _, st := range steps {
		check("orders for "+st.ID, OrdersTemplate(rulesets.New(g), st.Before, Header{Game: "a-game-with-a-rather-long-name", Token: "t"}))
	}
}

// TestEveryEventText checks that the text report loses nothing the engine
// said: every event's Text is in it, whatever the wrapping, or the event
// is of a run the report tells summed (Engine.Told), whose words name its
// area or its path's end.
func TestEveryEventText(t *testing.T) {
	t.Parallel()
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	g, _ := game()
	e := rulesets.New(g)
	eachReport(t, func(name string, r *Report) {
		text := norm(Text(r))
		summed := map[string]string{} // What and nation of a summed run: its words
		for _, ev := range e.Told(r.Events) {
			if !slices.ContainsFunc(r.Events, func(x adjudicator.Event) bool { return x.Text == ev.Text }) {
				summed[ev.What+"/"+ev.Nation] += ev.Text
			}
		}
		for i, ev := range r.Events {
			if strings.Contains(text, norm(ev.Text)) {
				continue
			}
			where := ev.Area
			if len(ev.Path) > 0 {
				where = ev.Path[len(ev.Path)-1]
			}
			if sum, ok := summed[ev.What+"/"+ev.Nation]; ok && strings.Contains(sum, where) && strings.Contains(text, norm(sum)) {
				continue
			}
			t.Errorf("%s: event %d (%s) is missing from the text report: %q", name, i, ev.Kind, ev.Text)
		}
	})
}

func TestDeterministic(t *testing.T) {
	g, _ := game()
	for _, tc := range goldenCases {
		st := step(t, tc.id)
		a := Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(tc.id, tc.reader))
		b := Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(tc.id, tc.reader))
		assert.Equal(t, Text(a), Text(b), tc.name)
		assert.Equal(t, HTML(a, "m"), HTML(b, "m"), tc.name)
		assert.Equal(t, Markdown(a), Markdown(b), tc.name)
		assert.Equal(t, BBCode(a), BBCode(b), tc.name)
		ja, err := JSON(a)
		require.NoError(t, err)
		jb, err := JSON(b)
		require.NoError(t, err)
		assert.Equal(t, string(ja), string(jb), tc.name)
		assert.Equal(t, OrdersTemplate(rulesets.New(g), st.Before, Header{}), OrdersTemplate(rulesets.New(g), st.Before, Header{}), tc.name)
	}
}

func TestBuildDoesNotChangeItsInput(t *testing.T) {
	g, _ := game()
	st := step(t, "r07-angles")
	before, after := rulesets.New(g).MarshalState(st.Before), rulesets.New(g).MarshalState(st.After)
	evs := adjudicator.MarshalEvents(st.Events)
	r := Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, options(st.ID, 2))
	Text(r)
	HTML(r, "")
	assert.Equal(t, string(before), string(rulesets.New(g).MarshalState(st.Before)))
	assert.Equal(t, string(after), string(rulesets.New(g).MarshalState(st.After)))
	assert.Equal(t, string(evs), string(adjudicator.MarshalEvents(st.Events)))
}

// checkHTML parses a document with a strict XML tokenizer that knows
// HTML's entities: the report writes void elements as <meta ... />, so
// every element must be closed, in order. It also enforces inline-only CSS,
// as mail clients drop the rest.
func checkHTML(t *testing.T, name, doc string) {
	t.Helper()
	require.True(t, strings.HasPrefix(doc, "<!DOCTYPE html>\n"), "%s: no doctype", name)
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(doc, "<!DOCTYPE html>\n")))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if !assert.NoError(t, err, "%s does not parse", name) {
			return
		}
		switch x := tok.(type) {
		case xml.StartElement:
			n := strings.ToLower(x.Name.Local)
			switch n {
			case "style", "link", "script":
				t.Errorf("%s: <%s> element: mail clients need inline CSS only", name, n)
			}
			for _, a := range x.Attr {
				if a.Name.Local == "class" {
					t.Errorf("%s: class attribute on <%s>: styles must be inline", name, n)
				}
			}
			stack = append(stack, n)
		case xml.EndElement:
			n := strings.ToLower(x.Name.Local)
			if len(stack) == 0 || stack[len(stack)-1] != n {
				t.Errorf("%s: </%s> closes %v", name, n, stack)
				return
			}
			stack = stack[:len(stack)-1]
		}
	}
	assert.Empty(t, stack, "%s: unclosed elements", name)
}

func TestHTMLParses(t *testing.T) {
	t.Parallel()
	eachReport(t, func(name string, r *Report) {
		checkHTML(t, name, HTML(r, ""))
	})
	r := build(t, "r07-angles", 0)
	with := HTML(r, "map 1@pbem")
	checkHTML(t, "with map", with)
	assert.Contains(t, with, `<img src="cid:map%201@pbem"`)
	assert.NotContains(t, HTML(r, ""), "<img")
}

func TestJSON(t *testing.T) {
	g, _ := game()
	r := build(t, "r16-end", 0)
	b, err := JSON(r)
	require.NoError(t, err)
	var got struct {
		Turn   string          `json:"turn"`
		Seed   string          `json:"seed"`
		State  json.RawMessage `json:"state"`
		Events []struct {
			adjudicator.Event
			Words string `json:"words"`
		} `json:"events"`
		Scores struct {
			Nations []struct {
				Nation string
				VP     int
			}
			Players []struct {
				Seat int
				VP   int
			}
		}
	}
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Equal(t, "r16-end", got.Turn)
	assert.Equal(t, r.Seed, got.Seed)
	s, err := rulesets.New(g).UnmarshalState(got.State)
	require.NoError(t, err)
	assert.Equal(t, r.After, s, "the JSON state reads back as the state after the step")
	require.Len(t, got.Events, len(r.Events))
	for i, ev := range r.Events {
		assert.Equal(t, ev.Text, got.Events[i].Words, "the words of event %d", i)
		facts := ev
		facts.Text = ""
		assert.Equal(t, facts, got.Events[i].Event, "the facts of event %d", i)
	}
	require.Len(t, got.Scores.Nations, len(g.Tables.Nations))
	assert.Equal(t, "Romano-British", got.Scores.Nations[0].Nation)
	assert.Equal(t, r.After.Nations[0].VP.Whole(), got.Scores.Nations[0].VP)
	assert.Len(t, got.Scores.Players, 4)
	assert.NotContains(t, string(b), "7f3a-91c2", "a token never goes into the JSON")
}

func TestPersonal(t *testing.T) {
	r := build(t, "r07-saxons", 4) // the Jutes (green, seat 4) move next
	require.NotNil(t, r.Personal)
	assert.True(t, r.Personal.MovesNext)
	assert.Equal(t, "Green (Dave)", r.Personal.Player)
	assert.Contains(t, r.Personal.Orders, "nation: Jutes\nturn: r07-jutes\ntoken: 7f3a-91c2\n")
	text := Text(r)
	assert.Contains(t, text, "YOUR ORDERS FOR R07-JUTES")

	other := build(t, "r07-saxons", 1)
	require.NotNil(t, other.Personal)
	assert.False(t, other.Personal.MovesNext)
	assert.Empty(t, other.Personal.Orders)
	assert.NotContains(t, Text(other), "7f3a-91c2", "another player's copy has no token")
	assert.Contains(t, other.Personal.Decide[0], "None of your nations moves again this round.")

	later := build(t, "r07-saxons", 3) // blue: the Angles move after the Jutes
	assert.Equal(t, "Nothing yet: next is the Jutes' turn. Your next nation turn this round is expected to be the Angles' (r07-angles).", later.Personal.Decide[0])
	golden(t, "r07-saxons-seat3.txt", Text(later))

	pub := build(t, "r07-saxons", 0)
	assert.Nil(t, pub.Personal)
	for _, s := range []string{Text(pub), HTML(pub, ""), Markdown(pub), BBCode(pub)} {
		assert.NotContains(t, s, "7f3a-91c2", "the public report has no token")
	}
}

// TestBattleDice: every round of every battle of the game is one line
// with each side's dice and the number they hit on, 6 for an attacker in
// difficult terrain and 5 otherwise (reduX Core 7.1), every die at or over
// it starred, and no table of the same dice (issue 21: each battle was
// told twice); the losses add up the kills.
func TestBattleDice(t *testing.T) {
	g, steps := game()
	difficult := 0
	for _, st := range steps {
		r := build(t, st.ID, 0)
		text := Text(r)
		assert.NotContains(t, text, "(attacker, ", st.ID)
		for _, b := range r.Battles {
			a, err := g.Board.Lookup(b.Area)
			require.NoError(t, err)
			want, lost := 5, 0
			if g.Board.Difficult(a) {
				want = 6
				difficult++
			}
			for _, s := range b.Steps {
				ev := s.Event
				if ev.Kind != adjudicator.EvRound {
					continue
				}
				marked := make([]string, len(ev.Dice))
				for i, d := range ev.Dice {
					marked[i] = strconv.Itoa(d)
					if d >= want {
						marked[i] += "*"
					}
				}
				assert.Contains(t, ev.Text, fmt.Sprintf("%s roll [%s] (hit on %d+)", ev.Nation, strings.Join(marked, " "), want), "%s %s (reduX Core 7.1)", st.ID, b.Area)
				assert.Equal(t, 5, ev.TheirNeed, "%s %s", st.ID, b.Area)
				lost += ev.Hits
			}
			assert.Equal(t, lost, b.DefenderLost, "%s %s", st.ID, b.Area)
		}
	}
	assert.Positive(t, difficult, "the game has a battle in difficult terrain")
}

func TestNext(t *testing.T) {
	for _, tc := range []struct {
		id, want string
	}{
		{"r07-saxons", "The Jutes' turn (r07-jutes) comes next, played by Green (Dave)."},
		{"r07-angles", "The end of round 7 (scoring, r07-end) comes next and needs no orders."},
		{"r07-end", "The Romano-British turn (r08-romanobritish) comes next, played by Yellow (Alice)."},
		{"r16-end", "The game is over. Green (Dave) wins with 263 VP (reduX Core 3)."},
	} {
		t.Run(tc.id, func(t *testing.T) {
			assert.Equal(t, tc.want, build(t, tc.id, 0).Next)
		})
	}
}

// sixes is a die that always rolls 6.
type sixes struct{}

func (sixes) Roll(dice.Label) int { return 6 }

// TestSkippedAndDefaults plays two turns with hand-written orders that go
// wrong as the turn unfolds: the report must show what was skipped and the
// defaults the engine applied.
func TestSkippedAndDefaults(t *testing.T) {
	g, _ := game()
	e := rulesets.New(g)
	area := func(name string) games.AreaID {
		a, err := g.Board.Lookup(name)
		require.NoError(t, err)
		return a
	}
	// The Brigantes gain 3 armies; Kent is not theirs.
	st := step(t, "r07-brigantes")
	f := &orders.File{Nation: "Brigantes", Turn: st.ID, Body: []orders.Statement{orders.Place{At: orders.At{Line: 6}, Area: area("Kent"), N: 1}}}
	after, evs, err := e.Play(st.Before, adjudicator.Input{Orders: f}, sixes{})
	require.NoError(t, err)
	r := Build(rulesets.New(g), st.ID, st.Before, after, evs, options(st.ID, 0))
	var kinds []string
	for _, n := range r.Notes {
		kinds = append(kinds, n.Kind)
	}
	assert.Equal(t, []string{adjudicator.EvSkipped, adjudicator.EvDefault}, kinds)
	text := Text(r)
	assert.Contains(t, text, "SKIPPED ORDERS, DEFAULTS AND LIMITS\n  skipped (line 6): new armies go only to areas the Brigantes hold")
	golden(t, "skipped-r07-brigantes.txt", text)

	// The Angles' seven invaders get no move: they land by default.
	st = step(t, "r07-angles")
	f = &orders.File{Nation: "Angles", Turn: st.ID}
	after, evs, err = e.Play(st.Before, adjudicator.Input{Orders: f}, sixes{})
	require.NoError(t, err)
	r = Build(rulesets.New(g), st.ID, st.Before, after, evs, options(st.ID, 0))
	require.NotEmpty(t, r.Notes)
	assert.Equal(t, adjudicator.EvDefault, r.Notes[0].Kind)
	assert.Contains(t, Text(r), "7 armies at sea must land and no order moved them")
}

func TestOrdersTemplate(t *testing.T) {
	g, _ := game()
	st := step(t, "r07-angles")
	o := OrdersTemplate(rulesets.New(g), st.Before, Header{})
	assert.Contains(t, o, "\ngame: GAME-ID\nnation: Angles\nturn: r07-angles\ntoken: YOUR-TOKEN\n")
	// The invaders' landings are the only live orders. All seven in
	// Lothian, the engine's default (6.1), would break the stacking limit
	// (4.2.1, 6.4), and fewer than four areas the population limit
	// (4.2.2), so they are spread over four coasts.
	var live []string
	for _, l := range strings.Split(o, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && !strings.Contains(l, ": ") {
			live = append(live, l)
		}
	}
	assert.Equal(t, []string{"move 1 North Sea > Bernicia", "move 1 North Sea > York", "move 2 North Sea > Lothian", "move 2 North Sea > Dunedin", "move 1 North Sea > Mar"}, live)
	assert.Contains(t, strings.ReplaceAll(o, "\n# ", " "), "Landing them all in Bernicia, the default, would be refused (at the end of movement the Angles break the stacking limit in Bernicia")
	// No nation turn is due at the end of a round.
	assert.Empty(t, OrdersTemplate(rulesets.New(g), step(t, "r07-end").Before, Header{}))
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name           string
		text           string
		w, first, hang int
		want           []string
	}{
		{"fits", "a b c", 10, 0, 0, []string{"a b c"}},
		{"hanging indent", "aaaa bbbb cccc", 10, 2, 4, []string{"  aaaa", "    bbbb", "    cccc"}},
		{"spaces collapse", "  a   b  ", 10, 0, 0, []string{"a b"}},
		{"long word is cut", "abcdefghijkl", 5, 0, 0, []string{"abcde", "fghij", "kl"}},
		{"dice stay together", "roll the dice [1 2 3] ok", 20, 0, 0, []string{"roll the dice", "[1 2 3] ok"}},
		{"empty", "", 10, 2, 2, []string{""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := wrap(tc.text, tc.w, tc.first, tc.hang)
			assert.Equal(t, tc.want, got)
			for _, l := range got {
				assert.LessOrEqual(t, width(l), tc.w)
			}
		})
	}
}

func TestFitWrapsWhatTheTablesCannot(t *testing.T) {
	long := "  " + strings.Repeat("word ", 30)
	got := fit("short\n" + long + "\nend")
	for _, l := range strings.Split(got, "\n") {
		assert.LessOrEqual(t, width(l), Width)
	}
	assert.True(t, strings.HasPrefix(got, "short\n  word"))
	assert.True(t, strings.HasSuffix(got, "\nend"))
}

func TestTableWrapsItsLastColumn(t *testing.T) {
	tb := table{indent: 2, head: []string{"Player", "Nations"}, rows: [][]string{{"Yellow (Alice)", strings.Repeat("Romano-British 180, ", 6)}}}
	out := tb.render()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		assert.LessOrEqual(t, width(l), Width, l)
	}
	lines := strings.Split(out, "\n")
	assert.Regexp(t, `^ {18}\S`, lines[3], "continuation lines sit under their column:\n%s", out)
}

func TestHTMLEscapes(t *testing.T) {
	r := build(t, "r07-angles", 0)
	r.Title = `<script>alert("x")</script>`
	h := HTML(r, "")
	assert.NotContains(t, h, "<script>")
	assert.True(t, bytes.Contains([]byte(h), []byte("&lt;script&gt;")))
}

func TestWithoutPlayers(t *testing.T) {
	g, _ := game()
	st := step(t, "r07-angles")
	r := Build(rulesets.New(g), st.ID, st.Before, st.After, st.Events, Options{})
	assert.Empty(t, r.Players)
	text := Text(r)
	assert.NotContains(t, text, "SCORE BY PLAYER")
	assert.NotContains(t, text, "DICE", "no seed, no dice section")
	assert.Contains(t, text, "The end of round 7 (scoring, r07-end) comes next and needs no orders.")
	for i, l := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, width(l), Width, "line %d", i+1)
	}
	checkHTML(t, "no players", HTML(r, ""))
	assert.Equal(t, "Round 7: the Angles' turn (r07-angles)", r.Subject())
	assert.Equal(t, "[ashdown] Round 7: the Angles' turn (r07-angles)", build(t, "r07-angles", 0).Subject())
}

// TestOrdersTemplateIsAccepted sends every nation turn's template as it is
// mailed through the order parser and the engine's check: a player who
// replies without editing it must not be refused (the live landing line
// is legal). Each commented example must also be understood on its own.
func TestOrdersTemplateIsAccepted(t *testing.T) {
	g, steps := game()
	e := rulesets.New(g)
	examples := 0
	for _, st := range steps {
		if e.Due(st.Before).Kind == adjudicator.RoundEvent {
			continue
		}
		tmpl := OrdersTemplate(rulesets.New(g), st.Before, Header{Game: "ashdown", Token: "7f3a-91c2"})
		f, errs := orders.Decode(tmpl, g)
		if !assert.Empty(t, errs, "%s: the template does not decode:\n%s", st.ID, tmpl) {
			continue
		}
		assert.Equal(t, st.ID, f.Turn)
		assert.Empty(t, e.Check(st.Before, f, nil), "%s: the template as sent is refused:\n%s", st.ID, tmpl)
		head := "game: ashdown\nnation: " + f.Nation + "\nturn: " + st.ID + "\ntoken: t\n"
		for _, sec := range e.Template(st.Before).Sections {
			for _, it := range sec.Items {
				if it.Order == "" || strings.Contains(it.Order, "AREA") {
					continue
				}
				examples++
				_, errs := orders.Decode(head+it.Order+"\n", g)
				assert.Empty(t, errs, "%s: example %q is not understood", st.ID, it.Order)
			}
		}
	}
	assert.Greater(t, examples, 500, "the examples were found")
}

func TestMapView(t *testing.T) {
	g, _ := game()
	r := build(t, "r04-angles", 0)
	v := MapView(g, r)
	assert.Equal(t, "Round IV (250-340) — Angles", v.Title)
	total, want := 0, 0
	for _, s := range v.Stacks {
		total += s.Armies
		assert.NotEmpty(t, s.Tag)
		assert.Regexp(t, `^#[0-9A-Fa-f]{6}$`, s.Colour)
	}
	for n := range g.Tables.Nations {
		want += r.After.OnBoard(n)
	}
	assert.Equal(t, want, total, "every army after the step is on the map")
	suffolk, _ := g.Board.Lookup("Suffolk")
	frisian, _ := g.Board.Lookup("Frisian Sea")
	york, _ := g.Board.Lookup("York")
	assert.Equal(t, []games.AreaID{york, suffolk}, v.Battles)
	require.Len(t, v.Moves, 2, "the two landings")
	assert.Equal(t, [2]games.AreaID{frisian, york}, [2]games.AreaID{v.Moves[0].From, v.Moves[0].To})
	assert.Equal(t, [2]games.AreaID{frisian, suffolk}, [2]games.AreaID{v.Moves[1].From, v.Moves[1].To})
	angles, _ := g.Tables.NationIndex("Angles")
	assert.Equal(t, g.Tables.NationColour(angles), v.Moves[0].Colour, "the arrow is the Angles' colour")
	for _, s := range v.Stacks {
		if s.Nation == "Angles" {
			assert.Equal(t, g.Tables.NationColour(angles), s.Colour)
			assert.Equal(t, "#0072B2", s.Ring, "the Angles are blue's (reduX Core 2.1, four players)")
		}
	}
	assert.Equal(t, []string{
		"No army is left in York. The Angles win Suffolk with 1 left.",
		r.Next,
	}, v.Legend, "the scores are by player in the legend's rows")
	require.Len(t, v.Players, 4)
	assert.Equal(t, mapdraw.Player{Label: "Blue (Carol)", Colour: "#0072B2", VP: 27}, v.Players[2])
	require.Len(t, v.Nations, len(g.Tables.Nations))
	assert.Equal(t, 3, v.Nations[angles].Player)
	for n := range g.Tables.Nations {
		assert.Equal(t, r.After.Nations[n].Pop, v.Nations[n].Pop, "the population track (reduX Core 5.1)")
	}
	require.NotNil(t, v.Timeline)
	assert.Equal(t, "IV", v.Timeline.Rounds[v.Timeline.Current].Label)
	assert.Len(t, v.Timeline.Rounds, 16)

	var png bytes.Buffer
	require.NoError(t, mapdraw.RenderPNG(&png, mapdraw.MustForBoard(g.Board), g.Board, v))
	assert.True(t, bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")))
}

// TestForEachSeat: a player's copy made from the step's one public report
// (Report.For) is the copy Build makes for that reader, in every format,
// and making it leaves the public report as it was: no personal part and
// no token (docs/design.md §6; the daemon builds each step's report once).
func TestForEachSeat(t *testing.T) {
	g, _ := game()
	e := rulesets.New(g)
	public := build(t, "r07-saxons", 0)
	text, html := Text(public), HTML(public, "")
	for seat := 0; seat <= len(players)+1; seat++ {
		mine := public.For(e, seat, "7f3a-91c2")
		want := build(t, "r07-saxons", seat)
		assert.Equal(t, Text(want), Text(mine), "seat %d, text", seat)
		assert.Equal(t, HTML(want, "map.png"), HTML(mine, "map.png"), "seat %d, HTML", seat)
		assert.Equal(t, seat >= 1 && seat <= len(players), mine.Personal != nil, "seat %d has a personal part", seat)
	}
	assert.Contains(t, Text(public.For(e, 4, "7f3a-91c2")), "7f3a-91c2", "seat 4 moves next: its template has the token")
	assert.Nil(t, public.Personal)
	assert.Equal(t, text, Text(public), "the public report is unchanged")
	assert.Equal(t, html, HTML(public, ""))
	assert.NotContains(t, text, "7f3a-91c2")
}

// TestMapViewCavalryAndLeaders: on a Leaders and Raiders map a stack shows
// its cavalry apart from its infantry (reduX L&R 9.1) and its leader (9.2);
// a reduX Core map has neither.
func TestMapViewCavalryAndLeaders(t *testing.T) {
	g := games.MustLoad("redux-lr")
	e := rulesets.New(g)
	s := e.NewState()
	york, _ := g.Board.Lookup("York")
	angles, _ := g.Tables.NationIndex("Angles")
	s.Add(york, angles, e.Kind("infantry"), 3)
	s.Add(york, angles, e.Kind("cavalry"), 2)
	s.Leaders = append(s.Leaders, adjudicator.Leader{Nation: angles, Name: "Ida", Area: york})
	r := Build(e, "r01-romanobritish", s, s, nil, Options{Players: []string{"Alice", "Bob", "Carol", "Dave"}})
	v := MapView(g, r)
	var found *mapdraw.Stack
	for i := range v.Stacks {
		if v.Stacks[i].Area == york && v.Stacks[i].Nation == "Angles" {
			found = &v.Stacks[i]
		}
	}
	require.NotNil(t, found)
	assert.Equal(t, 3, found.Armies, "infantry in the disc")
	assert.Equal(t, 2, found.Cavalry, "cavalry on the badge")
	assert.Equal(t, "Ida", found.Leader)

	core := MapView(games.MustLoad("redux"), build(t, "r04-angles", 0))
	for _, st := range core.Stacks {
		assert.Zero(t, st.Cavalry, "reduX Core has no cavalry")
		assert.Empty(t, st.Leader, "reduX Core's leaders are names only (5.2)")
	}
}

// TestMapViewRoadsAndMarks: a classic Britannia map draws a Roman road
// between two areas linked by land that both hold a fort (seed 002 §5 Roman
// Roads), none to a fort in an area not linked to another (Cornwall), gives
// forts and burhs counters of their own beside the armies' (issue 21: "+F"
// before), a fort alone no army counter, and keys them in the legend; under
// first-edition-burhs, where burhs count as armies, a burh is still a
// counter of its own.
func TestMapViewRoadsAndMarks(t *testing.T) {
	for _, opts := range [][]string{nil, {"first-edition-burhs"}} {
		g := games.MustLoad("britannia", opts...)
		e := rulesets.New(g)
		s := e.NewState()
		area := func(name string) games.AreaID {
			a, err := g.Board.Lookup(name)
			require.NoError(t, err)
			return a
		}
		romans, _ := g.Tables.NationIndex("Romans")
		saxons, _ := g.Tables.NationIndex("Saxons")
		fort, burh := e.Kind("fort"), e.Kind("burh")
		s.Add(area("Kent"), romans, e.Kind("roman"), 2)
		s.Add(area("Kent"), romans, fort, 1)
		s.Add(area("Essex"), romans, fort, 1)
		s.Add(area("Cornwall"), romans, fort, 1)
		s.Add(area("Wessex"), saxons, burh, 1)
		s.Add(area("Wessex"), saxons, e.Kind("infantry"), 2)
		r := Build(e, "r05-romans", s, s, nil, Options{Players: []string{"Alice", "Bob", "Carol", "Dave"}})
		v := MapView(g, r)
		assert.Equal(t, [][2]games.AreaID{{area("Essex"), area("Kent")}}, v.Roads, "%v: one road, Essex-Kent (board order)", opts)
		for _, st := range v.Stacks {
			switch {
			case st.Area == area("Kent") && st.Nation == "Romans":
				assert.Equal(t, "RO", st.Tag)
				assert.Equal(t, []mapdraw.Work{{Letter: "F", Name: "fort"}}, st.Works)
				assert.Equal(t, 2, st.Armies)
			case st.Area == area("Essex") && st.Nation == "Romans":
				assert.Equal(t, 0, st.Armies, "a fort alone")
				assert.Len(t, st.Works, 1)
			case st.Area == area("Wessex") && st.Nation == "Saxons":
				assert.Equal(t, []mapdraw.Work{{Letter: "B", Name: "burh"}}, st.Works, "%v", opts)
				assert.Equal(t, 2, st.Armies, "%v: the burh is not in the count", opts)
			}
		}
		for _, l := range v.Legend {
			assert.NotContains(t, l, "+F", "the counters need no words")
		}
	}
}

// TestNationRowForts: the nations table counts armies (classic Britannia:
// infantry, cavalry, Roman armies), not forts and burhs, which are no
// armies and never at sea (seed 002 §5 Roman forts, Saxon Burhs): Romans
// with 2 armies and a fort in Kent and 1 army at sea have 2 on land, 1 at
// sea and 13 of their 16 off the board; Saxons with a burh have none at sea.
func TestNationRowForts(t *testing.T) {
	g := games.MustLoad("britannia")
	e := rulesets.New(g)
	s := e.NewState()
	kent, err := g.Board.Lookup("Kent")
	require.NoError(t, err)
	wessex, err := g.Board.Lookup("Wessex")
	require.NoError(t, err)
	channel, err := g.Board.Lookup("English Channel")
	require.NoError(t, err)
	romans, _ := g.Tables.NationIndex("Romans")
	saxons, _ := g.Tables.NationIndex("Saxons")
	s.Add(kent, romans, e.Kind("roman"), 2)
	s.Add(kent, romans, e.Kind("fort"), 1)
	s.Add(channel, romans, e.Kind("roman"), 1)
	s.Add(wessex, saxons, e.Kind("infantry"), 2)
	s.Add(wessex, saxons, e.Kind("burh"), 1)
	r := Build(e, "r05-romans", s, s, nil, Options{Players: []string{"Alice", "Bob", "Carol", "Dave"}})
	rows := map[string]NationRow{}
	for _, nr := range r.Nations {
		rows[nr.Nation] = nr
	}
	ro, sx := rows["Romans"], rows["Saxons"]
	assert.Equal(t, [3]int{2, 1, g.Tables.Nations[romans].Armies + g.Tables.Nations[romans].Cavalry - 3}, [3]int{ro.Land, ro.Sea, ro.Spare}, "Romans: land, sea, off")
	assert.Equal(t, [3]int{2, 0, g.Tables.Nations[saxons].Armies + g.Tables.Nations[saxons].Cavalry - 2}, [3]int{sx.Land, sx.Sea, sx.Spare}, "Saxons: land, sea, off")
}
