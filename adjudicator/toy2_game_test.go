package adjudicator_test

// Whole games of the second toy ruleset (toy2_test.go): by its bot, and
// through the archive as a GM and players play one, with players entering
// and leaving and steps asked for.

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
	"github.com/pbem-org/pbem/templates"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toy2Engine is the engine of a game of the second toy for players
// players.
func toy2Engine(t *testing.T, players int) *adjudicator.Engine {
	t.Helper()
	g, err := toy2Data.Load(nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rulesets.Engine(g)
	if err != nil {
		t.Fatal(err)
	}
	e.Players = players
	return e
}

// TestToy2BotGames: the second toy plays whole games with its bot
// (bot.Play, whose seats enter and leave as bot.SeatWishes asks) under
// several seeds and player counts: every bot file passes the engine's
// check; each round is dawn, the clans with warriors in clan order, dusk
// (Toy2 2.2, 3, 4); every clan always has a player in the game (2.3, 2.4);
// each dusk gives the players of the clans holding shrines 1 VP each,
// worked out apart (4); a player who left keeps his VP (2.3); and the game
// ends after round 4 (4.1).
func TestToy2BotGames(t *testing.T) {
	changes := 0
	for _, players := range []int{2, 3} {
		e := toy2Engine(t, players)
		for seed := uint64(1); seed <= 10; seed++ {
			final, err := bot.Play(e, seed, func(st bot.Step) error {
				changes += toy2SeatsChanged(st.Before, st.After)
				return toy2CheckStep(e, seed, st)
			})
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
			if !final.Over || final.Round != 4 {
				t.Errorf("%d players, seed %d: the game ends in round %d (over %v), want after round 4", players, seed, final.Round, final.Over)
			}
		}
	}
	if changes == 0 {
		t.Errorf("no simulated game had a player entering or leaving")
	}
}

// toy2CheckStep checks one step of a bot game against the rules, worked
// out apart from the ruleset's stages.
func toy2CheckStep(e *adjudicator.Engine, seed uint64, st bot.Step) error {
	before, after := toy2X(st.Before), toy2X(st.After)
	for n := range st.After.Nations {
		if p := st.After.Nations[n].Owner; p < 0 || !after.In[p] {
			return fmt.Errorf("the %s have no player in the game (seat %d)", e.NationName(n), p+1)
		}
	}
	for p := range before.VP {
		if after.VP[p] < before.VP[p] {
			return fmt.Errorf("%s lost VP: %d, then %d", toy2Label(e, p), before.VP[p], after.VP[p])
		}
	}
	switch due := e.Due(st.Before); {
	case due.Kind == adjudicator.NationTurn:
		if want := adjudicator.NationTurnID(st.Before.Round, e.NationName(due.Nation)); st.ID != want {
			return fmt.Errorf("the step is %s, want %s", st.ID, want)
		}
		f := bot.Orders(e, st.Before, "sim", "", seed)
		if errs := e.Check(st.Before, f, nil); len(errs) > 0 {
			return fmt.Errorf("the bot's file is refused: %v\n%s", errs, orders.Encode(f, e.G))
		}
	case strings.HasSuffix(st.ID, "-dusk"):
		want := toy2Shrines(e, st.Before)
		for p := range want {
			if got := after.VP[p] - before.VP[p]; got != want[p] {
				return fmt.Errorf("%s scored %d, want %d (Toy2 4)", toy2Label(e, p), got, want[p])
			}
		}
	case !strings.HasSuffix(st.ID, "-dawn"):
		return fmt.Errorf("a round event %s, neither dawn nor dusk", st.ID)
	}
	return nil
}

// toy2Shrines is what Toy2 4 gives each seat in s: 1 VP for each shrine
// that one clan alone holds, to that clan's player.
func toy2Shrines(e *adjudicator.Engine, s *adjudicator.State) []int {
	vp := make([]int, len(toy2X(s).VP))
	for _, name := range []string{"Highcairn", "Stonering", "Lowford"} {
		a, err := e.G.Board.Lookup(name)
		if err != nil {
			panic(err)
		}
		var in []adjudicator.NationID
		for n := range s.Nations {
			if s.Units(a, n) > 0 {
				in = append(in, n)
			}
		}
		if len(in) == 1 {
			vp[s.Nations[in[0]].Owner]++
		}
	}
	return vp
}

// toy2SeatsChanged is how many seats entered or left between two
// positions.
func toy2SeatsChanged(before, after *adjudicator.State) int {
	b, a := toy2X(before), toy2X(after)
	k := 0
	for p := range a.In {
		if p >= len(b.In) || a.In[p] != b.In[p] {
			k++
		}
	}
	return k
}

// toy2Players are the two seats a game of the second toy starts with; a
// third player is admitted during play (TestToy2Game).
var toy2Players = []archive.Player{{Name: "Olive", Email: "olive@example.invalid"}, {Name: "Hugo", Email: "hugo@example.invalid"}}

// toy2Game is a game of the second toy in the archive, as a test plays it.
type toy2Game struct {
	t       *testing.T
	g       *archive.Game
	tokens  archive.Tokens
	asked   int // asked steps played
	refused int // asked steps refused with the ruleset's words
	before  *adjudicator.State
}

// TestToy2Game plays a whole game of the second toy through the archive as
// a GM and players would: created for two; a third player admitted before
// round 2 (archive.Game.AdmitPlayer), the first asking to leave before
// round 3 and to enter again before round 4 (AskSeat), each played by the
// next dawn from its input seats.txt; the players of the clans due now and
// then praying or mustering before their orders (Game.Ask), and refused
// with the toy's own words (its Words for adjudicator.MsgAskNotNow and
// MsgAskAfterOrders) when they ask twice or after their orders; every
// nation turn's file sent with the player's token, or missed and played by
// the bot. The game is reopened after every step and agrees with it, every
// step's report, its renderings and its map are drawn, and none of them
// names another ruleset; the game ends after round 4 naming the winner by
// Toy2 4.1; verify accepts the archive, and refuses it without a seat's
// request or an asked step's.
func TestToy2Game(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "vale")
	src := toyRand(11)
	g, tokens, err := archive.Create(dir, archive.NewGame{Ruleset: "toy2", Players: toy2Players, Created: toy2Time}, &src)
	if err != nil {
		t.Fatal(err)
	}
	tg := &toy2Game{t: t, g: g, tokens: tokens, before: g.State()}
	for step := 1; !tg.g.Due().Over; step++ {
		if step > 80 {
			t.Fatal("the game does not end")
		}
		tg.seats(step)
		tg.play(step)
	}
	tg.finished()
	if tg.asked == 0 || tg.refused == 0 {
		t.Errorf("%d steps asked for, %d refused: want some of each", tg.asked, tg.refused)
	}
	if err := archive.Verify(dir); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	toy2Tampered(t, dir)
}

// toy2Time is when the test's game is created and its files arrive.
var toy2Time = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

// seats asks for the seat changes before each dawn: Gwen admitted before
// round 2, Olive leaving before round 3 and entering again before round
// 4; after the dawn, the seats are as asked.
func (tg *toy2Game) seats(step int) {
	t, g := tg.t, tg.g
	due := g.Due()
	if !strings.HasSuffix(due.ID, "-dawn") {
		return
	}
	c := archive.PlayerChange{Why: "a test's seat change", By: "gm", Ref: fmt.Sprintf("m%d", step)}
	var err error
	switch g.State().Round {
	case 2:
		var tok string
		tok, err = g.AdmitPlayer(archive.Player{Name: "Gwen", Email: "gwen@example.invalid"}, c, rand.Reader)
		tg.tokens["Gwen"] = tok
	case 3:
		err = g.AskSeat("Olive", false, c)
	case 4:
		err = g.AskSeat("Olive", true, c)
	}
	if err != nil {
		t.Fatalf("round %d: %v", g.State().Round, err)
	}
}

// play plays the step due: a dawn or dusk, or a clan's turn, whose player
// may ask for a step first.
func (tg *toy2Game) play(step int) {
	t, g := tg.t, tg.g
	due := g.Due()
	nmr := due.Nation != "" && step%3 == 0
	if due.Nation != "" {
		tg.ask(step, due)
		if !nmr {
			f := bot.Orders(g.Engine(), g.State(), g.ID(), tg.tokens[due.Player], uint64(step))
			if _, err := g.Submit(due.Nation, orders.Encode(f, g.Rules()), toy2Time); err != nil {
				t.Fatalf("step %d %s: the player's file is refused: %v", step, due.ID, err)
			}
			tg.askAfterOrders(due)
		}
	}
	st, err := g.Advance(nmr)
	if err != nil {
		t.Fatalf("step %d %s: %v", step, due.ID, err)
	}
	tg.stepDone(st)
	if strings.HasSuffix(st.ID, "-dawn") {
		tg.seatsAfterDawn(st)
	}
}

// ask has the player of the clan due ask, every other turn, to pray, or
// now and then to muster where he has a VP to pay (Toy2 3.1): the step is
// archived and the turn stays due; asking again in the turn is refused in
// the toy's words.
func (tg *toy2Game) ask(step int, due archive.DueTurn) {
	t, g := tg.t, tg.g
	offered := g.Engine().Asked(g.State())
	if len(offered) == 0 || step%2 == 1 {
		return
	}
	word := toy2Pray
	if len(offered) > 1 && step%4 == 0 {
		word = toy2Muster
	}
	st, err := g.Ask(due.Nation, word, "player", fmt.Sprintf("ask%d", step), toy2Time)
	if err != nil {
		t.Fatalf("step %d: asking to %s in %s: %v", step, word, due.ID, err)
	}
	if st.ID != due.ID+"-"+word || g.Due().ID != due.ID {
		t.Fatalf("step %d: asking played %s and then %s is due, want %s-%s and %s still due", step, st.ID, g.Due().ID, due.ID, word, due.ID)
	}
	if !strings.Contains(st.Report, " "+word+" and roll ") {
		t.Errorf("the report of %s does not tell of the die:\n%s", st.ID, st.Report)
	}
	tg.asked++
	tg.stepDone(st)
	_, err = tg.g.Ask(due.Nation, toy2Pray, "player", "", toy2Time)
	tg.refusal(err, `"pray" cannot be asked for in `+due.ID+": a clan prays or musters once in its turn")
}

// askAfterOrders asks to pray once the clan's orders are accepted: refused
// in the toy's words.
func (tg *toy2Game) askAfterOrders(due archive.DueTurn) {
	if len(tg.g.Engine().Asked(tg.g.State())) == 0 {
		return
	}
	_, err := tg.g.Ask(due.Nation, toy2Pray, "player", "", toy2Time)
	tg.refusal(err, "orders for "+due.ID+" are accepted already")
}

// refusal checks that an asked step was refused with the toy's words,
// citing its rule.
func (tg *toy2Game) refusal(err error, want string) {
	tg.t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "(Toy2 3.1)") {
		tg.t.Errorf("asking again: %v; want an error with %q citing Toy2 3.1", err, want)
		return
	}
	tg.refused++
}

// otherRuleset matches words of the other rulesets in a toy's texts.
var otherRuleset = regexp.MustCompile(`Hy Breasil|reduX|L&R|Britannia|[Cc]ivilization|token set`)

// stepDone checks a step just played: the game reopened from disk agrees
// with it; its report, the report's renderings and the orders template of
// the clan due next are drawn and name no other ruleset, and at dusk the
// map is drawn (with -toy.look, every step's, written out).
func (tg *toy2Game) stepDone(st *archive.Step) {
	t := tg.t
	again, err := archive.Open(tg.g.Dir())
	if err != nil {
		t.Fatalf("%s: reopening: %v", st.ID, err)
	}
	e := again.Engine()
	if got, want := e.MarshalState(again.State()), e.MarshalState(st.State); !bytes.Equal(got, want) {
		t.Fatalf("%s: the reopened game's position differs:\n%s\nwant\n%s", st.ID, got, want)
	}
	tg.g = again
	r := again.Public(st, "")
	texts := []string{st.Report, templates.Text(r), templates.HTML(r, ""), templates.Markdown(r), templates.BBCode(r)}
	if due := again.Due(); due.Nation != "" {
		texts = append(texts, templates.OrdersTemplate(e, again.State(), templates.Header{Game: again.ID()}))
	}
	for _, text := range texts {
		if m := otherRuleset.FindString(text); m != "" {
			t.Errorf("%s: a text says %q, words of another ruleset:\n%s", st.ID, m, text)
		}
	}
	if !strings.HasSuffix(st.ID, "-dusk") && *toyLook == "" {
		return // the map of every round's end is enough, and costs most
	}
	data, err := templates.MapPNG(again.Rules(), r)
	if err != nil {
		t.Fatalf("%s: the map: %v", st.ID, err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("%s: the map is no PNG: %v", st.ID, err)
	}
	if *toyLook != "" {
		for name, b := range map[string][]byte{"toy2-" + st.ID + ".txt": []byte(st.Report), "toy2-" + st.ID + ".png": data} {
			if err := os.WriteFile(filepath.Join(*toyLook, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// seatsAfterDawn checks the seats after each dawn: Gwen in from round 2
// with a clan, Olive out in round 3 with none, and in again in round 4.
func (tg *toy2Game) seatsAfterDawn(st *archive.Step) {
	want := map[string]bool{"Olive": st.State.Round != 3, "Hugo": true, "Gwen": st.State.Round >= 2}
	for _, s := range tg.g.Seats() {
		if s.In != want[s.Name] {
			tg.t.Errorf("after %s %s is in the game: %v, want %v", st.ID, s.Name, s.In, want[s.Name])
		}
	}
	if n := len(tg.g.Seats()); n != 2+min(1, st.State.Round-1) {
		tg.t.Errorf("after %s the game has %d seats", st.ID, n)
	}
	if st.State.Round == 2 && !strings.Contains(st.Report, "Green takes the ") {
		tg.t.Errorf("Gwen (Green) takes no clan at %s:\n%s", st.ID, st.Report)
	}
}

// finished checks the end: round 4 over, the winner named by Toy2 4.1.
func (tg *toy2Game) finished() {
	t, g := tg.t, tg.g
	if s := g.State(); !s.Over || s.Round != 4 {
		t.Errorf("the game ends in round %d (over %v), want after round 4", s.Round, s.Over)
	}
	steps := g.Steps()
	last, err := g.Step(steps[len(steps)-1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := g.Public(last, ""); !strings.Contains(r.Next, " (Toy2 4.1).") {
		t.Errorf("the last report names the winner by another rule: %s", r.Next)
	}
}

// toy2Tampered: verify refuses the archive once the request of a seat
// change is gone from players.log, or that of an asked step from
// submissions.log; the archive is put back after each.
func toy2Tampered(t *testing.T, dir string) {
	for _, c := range []struct{ file, line, want string }{
		{"players.log", "Gwen (gm): admitted", "but players.log has no such request of theirs"},
		{"submissions.log", " kind=asked ", "nobody asked for "},
	} {
		path := filepath.Join(dir, c.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var kept []string
		for _, l := range strings.Split(string(data), "\n") {
			if !strings.Contains(l, c.line) {
				kept = append(kept, l)
			}
		}
		if err := os.WriteFile(path, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := archive.Verify(dir); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Verify without the lines %q of %s: %v, want %q", c.line, c.file, err, c.want)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestToy2Simulate: a simulated game of the second toy (archive.Simulate,
// its seats entering and leaving as bot.SeatWishes asks) in memory and
// written to disk is the same game, and verify accepts the archive.
func TestToy2Simulate(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		spec := archive.Sim{Ruleset: "toy2", Players: 2, Seed: seed}
		mem, err := archive.Simulate(spec, "")
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(t.TempDir(), "sim")
		disk, err := archive.Simulate(spec, dir)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(mem.StepIDs) != fmt.Sprint(disk.StepIDs) || fmt.Sprint(mem.Standings) != fmt.Sprint(disk.Standings) {
			t.Errorf("seed %d: the simulation differs on disk:\n%v %v\n%v %v", seed, mem.StepIDs, mem.Standings, disk.StepIDs, disk.Standings)
		}
		if last := mem.StepIDs[len(mem.StepIDs)-1]; !mem.State.Over || last != "r04-dusk" {
			t.Errorf("seed %d: the simulation ends at %s (over %v), want r04-dusk", seed, last, mem.State.Over)
		}
		if err := archive.Verify(dir); err != nil {
			t.Errorf("seed %d: Verify: %v", seed, err)
		}
	}
}

// TestToy2DefaultTemplate: a ruleset on the step engine alone with no
// orders template of its own (no Orders.Template) gets the envelope
// alone: game, nation, turn, token and salt under the header, and no
// section, no Decision and none of the Britannia family's prose
// (adjudicator.Engine.Template); a round event has no template.
func TestToy2DefaultTemplate(t *testing.T) {
	e := toy2Engine(t, 2)
	stop := errors.New("a clan's turn is due")
	var s *adjudicator.State
	_, err := bot.Play(e, 1, func(st bot.Step) error {
		if e.Due(st.Before).Kind == adjudicator.RoundEvent {
			assert.Nil(t, e.Template(st.Before), "%s: a round event's template", st.ID)
			assert.Empty(t, templates.OrdersTemplate(e, st.Before, templates.Header{Game: "vale"}))
		}
		if e.Due(st.After).Kind == adjudicator.NationTurn {
			s = st.After
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	tm := e.Template(s)
	require.NotNil(t, tm)
	assert.Empty(t, tm.Decide)
	assert.Empty(t, tm.Sections)
	got := templates.OrdersTemplate(e, s, templates.Header{Game: "vale", Token: "tok", Deadline: "Fri 14 Mar 2025 18:00 UTC"})
	assert.Equal(t, `# Orders for the Foxes, round 1, turn r01-foxes.
# Due by Fri 14 Mar 2025 18:00 UTC.
# Lines starting with # are comments. Whatever you leave out takes its
# default. The order syntax: send "help" to have it attached
# (pbem-order-syntax.txt).

game: vale
nation: Foxes
turn: r01-foxes
token: tok
# salt: any words you like (they are mixed into this turn's dice)
`, got)
	f, errs := orders.DecodeWith(got, e.G, orders.Options{Grammar: e.Grammar()})
	require.Empty(t, errs)
	assert.Empty(t, e.Check(s, f, nil), "the template as sent is accepted")
}
