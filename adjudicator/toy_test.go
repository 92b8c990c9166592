package adjudicator_test

// The toy ruleset: a ruleset defined only in this file and the YAML beside
// its cases (testdata/toy/board.yaml, testdata/toy/tables.yaml), which
// proves that a ruleset plugs into the kernel without touching it
// (docs/rulesets.md §8; issue 11). Its rules, cited as "Toy N.N":
//
//	Toy 1    The board: Toyland, seven land areas and an island in two seas.
//	Toy 1.1  Meadow is clear terrain, fell is difficult (the board's
//	         terrain table).
//	Toy 1.2  One unit kind, the band: it moves two areas, by the kernel's
//	         move step (reduX Core 6's limits apply).
//	Toy 1.3  Stacking as the tables say.
//	Toy 2    Two nations, the Otters and the Herons, a player each; they
//	         start where the tables put them.
//	Toy 3    A round is a season: spring, summer, autumn, winter. In each
//	         the Otters take their turn, then the Herons (the steps
//	         "spring-otters", "spring-herons", then "spring-end"). A nation
//	         with no bands on the board and none arriving is skipped.
//	Toy 3.1  A turn opens with the kernel's population increase,
//	Toy 3.2  then the Timeline's reinforcements,
//	Toy 3.3  movement and
//	Toy 3.4  battles.
//	Toy 4    At the end of a round:
//	Toy 4.1  each nation scores 2 VP for its home (its scoring centre) if
//	         it holds it, and 1 VP for every other land area it holds;
//	Toy 4.2  after the final round the game is over, and the player with
//	         the most VP wins.
//
// Its cases are in testdata/toy/ and run with everyone's (TestCases);
// TestToyGame plays whole games through the bot, the archive, verify and
// the map.

import (
	"bytes"
	"embed"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
	"github.com/pbem-org/pbem/templates"
)

//go:embed testdata/toy/board.yaml testdata/toy/tables.yaml
var toyFiles embed.FS

// toyData is the toy's data side: its names and its own files, read from
// this test's embedded copy (games.Ruleset.Files).
var toyData = games.Ruleset{
	Name: "toy", Title: "Toy (a test's ruleset)", Rules: "adjudicator/toy_test.go",
	BoardFile: "testdata/toy/board.yaml", TablesFile: "testdata/toy/tables.yaml", Files: toyFiles,
}

// toy is the toy ruleset: the kernel's stages and defaults, its own set-up,
// turn order, scoring and end of game (Toy 2–4), the kernel's Core bot.
var toy = adjudicator.Ruleset{
	Ruleset: &toyData,
	Kinds:   []adjudicator.Kind{{Name: "band", Army: true, Moves: 2}}, // Toy 1.2
	Adjudication: adjudicator.Adjudication{Setup: toySetup, Due: toyDue, Stages: toyStages, Players: 2,
		LoadData: family.Load(nil)},
	Orders:  adjudicator.Orders{Grammar: orders.Base().WithTurn(toyTurn), Template: family.Template(family.TemplateRules{})}, // its own step ids (Toy 3)
	View:    adjudicator.View{Words: toyWords, Texts: &adjudicator.Texts{Victory: "Toy 4.2"}, Limit: family.Limit},
	Bot:     &adjudicator.Bot{Orders: family.Player(nil), Standing: family.StandingPlayer(nil)},
	Library: &family.Rules{Move: family.MoveRules{Select: family.OneKind}},
}

// toyWords are the library's words with the toy's own where it words
// things anew (adjudicator.Words): its units are bands (Toy 1.2), they
// arrive by Toy 3.2.
var toyWords = adjudicator.Merge(family.Words, adjudicator.Words{
	"move": {Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s of the %s %s %s", bands(ev.N), ev.Nation, adjudicator.Verb(ev.N, "moves", "move"), strings.Join(ev.Path, " > "))
	}},
	"invaders": {Rule: "Toy 3.2", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s of the %s %s in %s", bands(ev.N), ev.Nation, adjudicator.Verb(ev.N, "arrives", "arrive"), family.InvadersWhere(ev))
	}},
	"toy-holding": {Rule: "Toy 4.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s score %d VP for the areas they hold", ev.Nation, ev.N)
	}},
	"toy-over": {Quiet: true, Rule: "Toy 4.2", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return "The game is over: " + strings.Join(ev.Args, "; ")
	}},
	"range": {Rule: "Toy 1.2", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("bands move at most %s areas; this path has %s", ev.Arg(2), ev.Arg(3))
	}},
})

// bands counts bands: "1 band", "3 bands".
func bands(n int) string {
	if n == 1 {
		return "1 band"
	}
	return fmt.Sprintf("%d bands", n)
}

func init() {
	games.Register(&toyData)
	rulesets.Register(&toy)
}

// toySetup is Toy 2: each nation's bands where the tables start them.
func toySetup(e *adjudicator.Engine) *adjudicator.State {
	s := e.Blank()
	for n, nat := range e.G.Tables.Nations {
		for _, st := range nat.StartIDs {
			s.Add(st.Area, n, 0, st.Armies)
		}
	}
	return s
}

// toySeasons are the rounds' names (Toy 3), which the step ids use.
var toySeasons = []string{"spring", "summer", "autumn", "winter"}

// toyDue is Toy 3: the next nation in the tables' order with bands on the
// board or arriving this round, else the end of the round; the step ids
// are the toy's own ("summer-herons", "summer-end").
func toyDue(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	season := toySeasons[(s.Round-1)%len(toySeasons)]
	for i := s.Next; i < s.OrderLen(); i++ {
		n := s.OrderAt(i)
		if s.OnBoard(n) > 0 || len(family.Arrivals(e, s.Round, n)) > 0 {
			return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: season + "-" + adjudicator.FoldLetters(e.NationName(n))}
		}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: season + "-end"}
}

// toyTurn reads the "turn:" line of a toy order file (orders.TurnFunc):
// a season of the game and the file's nation, "summer-herons".
func toyTurn(g *games.Game, value, nation string) (string, error) {
	season, who, _ := strings.Cut(strings.ToLower(strings.TrimSpace(value)), "-")
	i := slices.Index(toySeasons, season)
	if i < 0 || i >= len(g.Tables.Rounds) || who == "" {
		return "", fmt.Errorf("%q is not a toy turn like \"spring-otters\" (a season of the game and the nation)", value)
	}
	if nation == "" {
		return "", nil
	}
	if who != adjudicator.FoldLetters(nation) {
		return "", fmt.Errorf("%q is a turn of another nation than the %s", value, nation)
	}
	return season + "-" + who, nil
}

// toyStages are the stages of a toy step (Toy 3, 4).
func toyStages(t *adjudicator.Turn) []adjudicator.Stage {
	if t.Step.Kind == adjudicator.RoundEvent {
		return []adjudicator.Stage{
			{Name: "scoring", Rule: "Toy 4.1", Part: adjudicator.Fighting, Run: toyScore},
			{Name: "next round", Rule: "Toy 4.2", Part: adjudicator.Fighting, Run: toyNextRound},
		}
	}
	return []adjudicator.Stage{
		family.Stage("turn", "Toy 3", adjudicator.Setup, family.TurnStart),
		family.Stage("population increase", "Toy 3.1", adjudicator.Setup, family.PopulationIncrease),
		family.Stage("reinforcements", "Toy 3.2", adjudicator.Setup, family.Reinforcements),
		family.Stage("movement", "Toy 3.3", adjudicator.Moving, family.Movement),
		family.Stage("battles", "Toy 3.4", adjudicator.Fighting, family.Battles),
		{Name: "next nation", Rule: "Toy 3", Part: adjudicator.Fighting, Run: func(t *adjudicator.Turn) { t.S.PassTurn(t.Step.Nation) }},
		family.Stage("battle lines", "Toy 3.4", adjudicator.Checking, family.CheckBattles),
	}
}

// toyScore is Toy 4.1: 2 VP for a nation's home, 1 for every other land
// area it holds.
func toyScore(t *adjudicator.Turn) {
	for n, nat := range t.G.Tables.Nations {
		vp := 0
		for _, a := range t.S.Held(t.B, n) {
			vp++
			if len(nat.CentreIDs) > 0 && a == nat.CentreIDs[0] {
				vp++
			}
		}
		if vp > 0 {
			t.Award(n, vp, adjudicator.Event{What: "toy-holding"})
		}
	}
}

// toyNextRound is Toy 4.2: the next round, or after the final one the end
// of the game with the standings.
func toyNextRound(t *adjudicator.Turn) {
	s := t.S
	if rd := t.G.Tables.Round(s.Round); rd == nil || rd.Final {
		s.Over = true
		var parts []string
		for _, st := range t.E.Standings(s, t.E.PlayerCount()) {
			parts = append(parts, fmt.Sprintf("%s %s", strings.Join(st.Nations, ", "), st.Points))
		}
		t.Emit(adjudicator.Event{Kind: adjudicator.EvGameOver, What: "toy-over", Args: parts})
		return
	}
	s.Round++
	s.Next = 0
}

// toyLook is where TestToyGame writes each step's report and map, to look
// at them:
// go test ./adjudicator -run TestToyGame -toy.look DIR.
var toyLook = flag.String("toy.look", "", "write the toy game's reports and maps (PNG) into this directory")

// toyEngine is the engine of a toy game for two players.
func toyEngine(t *testing.T) *adjudicator.Engine {
	t.Helper()
	g, err := toyData.Load(nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rulesets.Engine(g)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// toyHoldings is what Toy 4.1 gives each nation for position s, worked
// out apart from the ruleset's stage: per land area, its sole occupant
// scores 1, and 1 more for its home.
func toyHoldings(e *adjudicator.Engine, s *adjudicator.State) []int {
	vp := make([]int, e.NumNations())
	b := e.G.Board
	for a := games.AreaID(0); int(a) < b.NumLand; a++ {
		var in []adjudicator.NationID
		for n := range vp {
			if s.Units(a, n) > 0 {
				in = append(in, n)
			}
		}
		if len(in) != 1 {
			continue
		}
		vp[in[0]]++
		if b.AreaName(a) == e.G.Tables.Nations[in[0]].Centres[0] {
			vp[in[0]]++
		}
	}
	return vp
}

// TestToyBotGames: the toy plays whole games with the kernel's bot
// (bot.Play) under several seeds: every bot file passes the engine's
// check, the rounds go Otters, Herons, end (Toy 3), each end of round
// scores what Toy 4.1 gives (worked out apart), and the game ends after
// the final round, round 4 (Toy 4.2), with the standings.
func TestToyBotGames(t *testing.T) {
	e := toyEngine(t)
	for seed := uint64(1); seed <= 12; seed++ {
		var ids []string
		final, err := bot.Play(e, seed, func(st bot.Step) error {
			ids = append(ids, st.ID)
			due := e.Due(st.Before)
			if due.Kind == adjudicator.NationTurn {
				f := bot.Orders(e, st.Before, "sim", "", seed)
				if errs := e.Check(st.Before, f, nil); len(errs) > 0 {
					return fmt.Errorf("the bot's file is refused: %v\n%s", errs, orders.Encode(f, e.G))
				}
				return nil
			}
			want := toyHoldings(e, st.Before)
			for n := range want {
				if got := st.After.Nations[n].VP - st.Before.Nations[n].VP; got != adjudicator.VP(want[n]) {
					return fmt.Errorf("the %s scored %s, want %d (Toy 4.1)", e.NationName(n), got, want[n])
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !final.Over || final.Round != 4 {
			t.Errorf("seed %d: the game ends in round %d (over %v), want after round 4", seed, final.Round, final.Over)
		}
		if want := "spring-otters spring-herons spring-end"; !strings.HasPrefix(strings.Join(ids, " "), want) {
			t.Errorf("seed %d: the steps begin %v, want %s", seed, ids, want)
		}
		if last := ids[len(ids)-1]; last != "winter-end" {
			t.Errorf("seed %d: the last step is %s, want winter-end", seed, last)
		}
	}
}

// toyPlayers are the two seats of a toy game.
var toyPlayers = []archive.Player{{Name: "Olive", Email: "olive@example.invalid"}, {Name: "Hugo", Email: "hugo@example.invalid"}}

// toyRand is a fixed source for a toy game's dice chain and tokens (a
// test's game: never a real one's).
type toyRand uint64

func (r *toyRand) Read(p []byte) (int, error) {
	for i := range p {
		*r = *r*6364136223846793005 + 1442695040888963407
		p[i] = byte(*r >> 56)
	}
	return len(p), nil
}

// TestToyGame plays a whole toy game through the archive as a GM would:
// created, standing orders set, every nation turn's file sent by its
// player with their token (every third turn missed and played by the bot),
// every step written under the toy's own step ids (its Grammar reads them;
// reduX's are refused) and the game reopened from disk after each, agreeing
// with the step just played; the reports tell of moves in the toy's words
// (its Texts); the game ends after round 4; verify accepts
// the archive, again after a rollback to the end of summer and the rest
// played again, and refuses it once a state is changed; and the map of every
// step draws the toy's board from its centres (at:), with every link
// shown.
func TestToyGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "toyland")
	src := toyRand(7)
	created := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	g, tokens, err := archive.Create(dir, archive.NewGame{Ruleset: "toy", Players: toyPlayers, Created: created}, &src)
	if err != nil {
		t.Fatal(err)
	}
	e := g.Engine()
	for n := range e.NumNations() {
		f := bot.Standing(e, n, g.ID(), "", 1)
		if _, err := g.SetStanding(e.NationName(n), orders.Encode(f, g.Rules()), created); err != nil {
			t.Fatal(err)
		}
	}
	_, err = g.Check("game: toyland\nnation: Otters\nturn: r01-otters\n\nmove 1 Marsh > Meadow\n")
	if err == nil || !strings.Contains(err.Error(), `"r01-otters" is not a toy turn like "spring-otters"`) {
		t.Errorf("a file with reduX's turn id: %v", err)
	}
	before := g.State()
	moves := 0
	for step := 1; !g.Due().Over; step++ {
		if step > 40 {
			t.Fatal("the toy game does not end")
		}
		st := toyAdvance(t, g, tokens, step)
		again, err := archive.Open(dir)
		if err != nil {
			t.Fatalf("step %d %s: reopening: %v", step, st.ID, err)
		}
		if got, want := e.MarshalState(again.State()), e.MarshalState(st.State); !bytes.Equal(got, want) {
			t.Fatalf("step %d %s: the reopened game's position differs:\n%s\nwant\n%s", step, st.ID, got, want)
		}
		g = again
		if *toyLook != "" {
			if err := os.WriteFile(filepath.Join(*toyLook, "toy-"+st.ID+".txt"), []byte(st.Report), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		toyMap(t, g, st.ID, before, st.State, st.Events)
		before = st.State
		moves += strings.Count(st.Report, " of the Otters move") + strings.Count(st.Report, " of the Herons move")
		if strings.Contains(st.Report, "armies move") || strings.Contains(st.Report, "army moves") {
			t.Errorf("step %d %s: a move in the words of another ruleset:\n%s", step, st.ID, st.Report)
		}
	}
	if moves == 0 {
		t.Errorf("no report tells of a band's move in the toy's words (Texts.Moved)")
	}
	if s := g.State(); !s.Over || s.Round != 4 {
		t.Errorf("the game ends in round %d (over %v), want after round 4", s.Round, s.Over)
	}
	last := g.Steps()[len(g.Steps())-1]
	if rep, err := g.Report(last.ID); err != nil || !strings.Contains(rep, "The game is over: ") {
		t.Errorf("the last report (%v) does not end the game:\n%s", err, rep)
	}
	if err := archive.Verify(dir); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	last = toyRollback(t, g, tokens)
	state := filepath.Join(dir, "turns", last.Dir(), "state.json")
	data, err := os.ReadFile(state)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, bytes.Replace(data, []byte(`"over": true`), []byte(`"over": false`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := archive.Verify(dir); err == nil {
		t.Errorf("Verify accepts a toy game whose last state was changed")
	}
}

// toyRollback takes the finished game back to the end of summer, plays
// the rest again (missed turns, the bot) and verifies the game with its
// superseded steps; it returns the new last step.
func toyRollback(t *testing.T, g *archive.Game, tokens archive.Tokens) archive.StepInfo {
	t.Helper()
	if _, err := g.Rollback("summer-end", "a test: the autumn again"); err != nil {
		t.Fatal(err)
	}
	if due := g.Due(); due.ID != "autumn-otters" {
		t.Fatalf("after the rollback %s is due, want autumn-otters", due.ID)
	}
	for step := 100; !g.Due().Over; step++ {
		toyAdvance(t, g, tokens, step)
	}
	if err := archive.Verify(g.Dir()); err != nil {
		t.Fatalf("Verify after the rollback: %v", err)
	}
	steps := g.Steps()
	superseded := 0
	for _, st := range steps {
		if st.Superseded() {
			superseded++
		}
	}
	if superseded == 0 {
		t.Errorf("the rollback superseded no step")
	}
	return steps[len(steps)-1]
}

// toyAdvance plays the step due in g: a nation turn from its player's file
// with their token, or every third step missed (the bot plays it).
func toyAdvance(t *testing.T, g *archive.Game, tokens archive.Tokens, step int) *archive.Step {
	t.Helper()
	due := g.Due()
	nmr := due.Nation == "" || step%3 == 0
	if !nmr {
		f := bot.Orders(g.Engine(), g.State(), g.ID(), tokens[due.Player], uint64(step))
		if _, err := g.Submit(due.Nation, orders.Encode(f, g.Rules()), time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)); err != nil {
			t.Fatalf("step %d %s: the player's file is refused: %v", step, due.ID, err)
		}
	}
	st, err := g.Advance(nmr && due.Nation != "")
	if err != nil {
		t.Fatalf("step %d %s: %v", step, due.ID, err)
	}
	if st.ID != due.ID || st.NMR != (nmr && due.Nation != "") {
		t.Fatalf("step %d: played %s (missed %v), want %s (missed %v)", step, st.ID, st.NMR, due.ID, nmr)
	}
	return st
}

// toyMap draws the map of a step as the command line and the daemon do
// (templates.MapView, mapdraw.ForBoard) and checks it: the board drawn
// from its centres keeps their places (Fells west of Harbour, Marsh west of
// Meadow west of Cliffs, Fells north of Woods), every link of the board is
// shown (Geometry.Disagreements), every unit after the step is on the map,
// and the PNG decodes; with -toy.look it is written out.
func toyMap(t *testing.T, g *archive.Game, id string, before, after *adjudicator.State, events []adjudicator.Event) {
	t.Helper()
	b := g.Rules().Board
	geo, err := mapdraw.ForBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	if d := geo.Disagreements(b); len(d) > 0 {
		t.Errorf("the toy's map disagrees with its board: %s", strings.Join(d, "; "))
	}
	at := func(name string) mapdraw.Point {
		a, err := b.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		return geo.Shapes[a].Label
	}
	if !(at("Fells").X < at("Harbour").X && at("Marsh").X < at("Meadow").X && at("Meadow").X < at("Cliffs").X && at("Fells").Y < at("Woods").Y) {
		t.Errorf("the map does not keep the board's centres: Fells %v Harbour %v Marsh %v Meadow %v Cliffs %v Woods %v",
			at("Fells"), at("Harbour"), at("Marsh"), at("Meadow"), at("Cliffs"), at("Woods"))
	}
	r := templates.Build(g.Engine(), id, before, after, events, templates.Options{Game: g.ID(), Players: []string{"Olive", "Hugo"}})
	if after.Over && !strings.Contains(r.Next, " VP (Toy 4.2).") && !strings.Contains(r.Next, " VP each (Toy 4.2).") {
		t.Errorf("%s: the report names the winner by another rule: %s", id, r.Next)
	}
	v := templates.MapView(g.Rules(), r)
	units := 0
	for _, st := range v.Stacks {
		units += st.Armies
	}
	want := 0
	for n := range g.Engine().NumNations() {
		want += after.OnBoard(n)
	}
	if units != want {
		t.Errorf("%s: the map shows %d bands, the position has %d", id, units, want)
	}
	var buf bytes.Buffer
	if err := mapdraw.RenderPNG(&buf, geo, b, v); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(buf.Bytes())); err != nil {
		t.Fatalf("%s: the map is no PNG: %v", id, err)
	}
	if *toyLook != "" {
		if err := os.WriteFile(filepath.Join(*toyLook, "toy-"+id+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestToySimulate: a simulated toy game (archive.Simulate) in memory and
// written to disk is the same game, and verify accepts the archive.
func TestToySimulate(t *testing.T) {
	mem, err := archive.Simulate(archive.Sim{Ruleset: "toy", Players: 2, Seed: 5}, "")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "sim")
	disk, err := archive.Simulate(archive.Sim{Ruleset: "toy", Players: 2, Seed: 5}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(mem.StepIDs) != fmt.Sprint(disk.StepIDs) || fmt.Sprint(mem.Standings) != fmt.Sprint(disk.Standings) {
		t.Errorf("the simulation differs on disk:\n%v %v\n%v %v", mem.StepIDs, mem.Standings, disk.StepIDs, disk.Standings)
	}
	if !mem.State.Over || mem.StepIDs[len(mem.StepIDs)-1] != "winter-end" {
		t.Errorf("the simulation ends at %s (over %v), want winter-end", mem.StepIDs[len(mem.StepIDs)-1], mem.State.Over)
	}
	if err := archive.Verify(dir); err != nil {
		t.Errorf("Verify: %v", err)
	}
}
