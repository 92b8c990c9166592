package archive

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/templates"
)

// TestStepView: Game.Step reads every step back as one view (the state
// before and after, events, seed, digest, orders as understood, who entered
// them; docs/design.md §4) by every name a command line takes: empty for
// the step the game stands at, "start", a number, a folder and an id, the
// latest in force with it, or a superseded step by number (issue 11,
// Archive: no package outside archive reads turns/).
func TestStepView(t *testing.T) {
	f := newGame(t)
	f.nmr()                                       // 001 r01-romanobritish, missed
	f.play(f.welshOrders("move 1 Powys > March")) // 002 r01-welsh
	text := strings.Replace(f.botText(7), "token: "+f.token("Brigantes")+"\n", "", 1)
	if _, err := f.g.SubmitGM("", text, testTime); err != nil { // 003 r01-brigantes, by the GM
		t.Fatal(err)
	}
	if _, err := f.g.Advance(false); err != nil {
		t.Fatal(err)
	}
	if _, err := f.g.Rollback("r01-welsh", "view test"); err != nil {
		t.Fatal(err)
	}
	f.nmr() // 004 r01-brigantes again, by the bot
	f.reopen()

	start, err := f.g.Step("start")
	if err != nil {
		t.Fatal(err)
	}
	if !start.Start() || start.Dir() != startDir || start.Before != start.State || len(start.Events) != 0 || start.EnteredBy() != "" {
		t.Errorf("the start: %+v", start)
	}
	if want, _ := f.g.Report("start"); start.Report != want || !strings.Contains(want, "The start of the game") {
		t.Errorf("the start's report:\n%s", start.Report)
	}

	welsh, err := f.g.Step("r01-welsh")
	if err != nil {
		t.Fatal(err)
	}
	if welsh.Number != 2 || welsh.Nation != "Welsh" || welsh.NMR || welsh.ByGM || welsh.EnteredBy() != f.g.PlayerOf("Welsh").Name {
		t.Errorf("r01-welsh: step %d of the %q entered by %q", welsh.Number, welsh.Nation, welsh.EnteredBy())
	}
	if welsh.Orders != "game: ashdown\nnation: Welsh\nturn: r01-welsh\nsalt: rain over Powys\n\nmove 1 Powys > March\n" { // no token
		t.Errorf("r01-welsh orders as understood:\n%s", welsh.Orders)
	}
	seed, _ := os.ReadFile(stepPath(t, f.dir, 2, fileSeed))
	inputs, _ := os.ReadFile(stepPath(t, f.dir, 2, fileInputs))
	if welsh.SeedHex == "" || welsh.SeedHex+"\n" != string(seed) || welsh.Digest == "" || !strings.Contains(string(inputs), welsh.Digest+"  inputs") {
		t.Errorf("r01-welsh seed %q digest %q", welsh.SeedHex, welsh.Digest)
	}
	first, _ := f.g.Step("1")
	if e := f.g.Engine(); !bytes.Equal(e.MarshalState(welsh.Before), e.MarshalState(first.State)) || first.EnteredBy() != "the bot" {
		t.Errorf("r01-welsh does not start from the state after step 001, or 001 (%s) was not the bot's", first.EnteredBy())
	}

	byGM, err := f.g.Step("003")
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.g.Step("r01-brigantes")
	if err != nil {
		t.Fatal(err)
	}
	latest, err := f.g.Step("")
	if err != nil {
		t.Fatal(err)
	}
	if !byGM.Superseded() || byGM.EnteredBy() != "the GM" || again.Number != 4 || again.Superseded() || again.EnteredBy() != "the bot" || latest.Number != 4 {
		t.Errorf("003 superseded %v by %q; r01-brigantes is step %d by %q; the game stands at %d",
			byGM.Superseded(), byGM.EnteredBy(), again.Number, again.EnteredBy(), latest.Number)
	}
	if byFolder, err := f.g.Step("004-r01-brigantes"); err != nil || byFolder.Number != 4 {
		t.Errorf("by folder: %v", err)
	}
	for _, bad := range []string{"r09-danes", "17", "start-of-it"} {
		if _, err := f.g.Step(bad); err == nil || !strings.Contains(err.Error(), "no step") {
			t.Errorf("Step(%q): %v", bad, err)
		}
	}
}

// TestPublicReport: Game.Public is the report everyone sees of a step (no
// reader, no personal part), with the step's seed and the game's players;
// the start's is titled as the start.
func TestPublicReport(t *testing.T) {
	f := newGame(t)
	f.nmr()
	st, err := f.g.Step("")
	if err != nil {
		t.Fatal(err)
	}
	r := f.g.Public(st, "Mon 7 Dec 18:00 UTC")
	if r.TurnID != "r01-romanobritish" || r.Seed != st.SeedHex || r.Personal != nil || len(r.Players) != len(testPlayers) || r.Players[0].Name != "Alice" {
		t.Errorf("public report of %s: seed %q, personal %v, players %+v", r.TurnID, r.Seed, r.Personal, r.Players)
	}
	if r.Deadline != "Mon 7 Dec 18:00 UTC" {
		t.Errorf("deadline %q", r.Deadline)
	}
	start, _ := f.g.Step(StartID)
	if r := f.g.Public(start, ""); !r.Start || r.Title != "Round 1: the start of the game" || r.Nation != "" || len(r.Events) != 0 {
		t.Errorf("the start's public report: %q start %v nation %q", r.Title, r.Start, r.Nation)
	}
}

// TestReportWithoutReportTxt: report.txt is a view (doc.go): without it a
// step still reads back, and Report makes the same text again.
func TestReportWithoutReportTxt(t *testing.T) {
	f := newGame(t)
	f.nmr()
	want, err := os.ReadFile(stepPath(t, f.dir, 1, fileReport))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(stepPath(t, f.dir, 1, fileReport)); err != nil {
		t.Fatal(err)
	}
	st, err := f.g.Step("1")
	if err != nil || st.Report != "" {
		t.Fatalf("step 001 without report.txt: %v, report %q", err, st.Report)
	}
	if got, err := f.g.Report("1"); err != nil || got != string(want) {
		t.Errorf("Report(1) without report.txt: %v\n%s", err, got)
	}
}

// TestDealtNationReportNamesOwner: the report of a missed turn of a nation
// dealt during play (Hy Breasil 5: no fixed player split) names the player
// who owned it when the turn began, not "nobody".
func TestDealtNationReportNamesOwner(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	if _, err := Simulate(Sim{Ruleset: "hy-breasil", Seed: 5, Players: 3}, dir); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	turns := 0
	for _, info := range g.Steps() {
		st, err := g.Step(info.ID)
		if err != nil || st.Nation == "" {
			continue
		}
		turns++
		if !strings.Contains(st.Report, "No orders came from Player ") || strings.Contains(st.Report, "nobody") {
			t.Fatalf("%s: %.200s", info.ID, st.Report)
		}
	}
	if turns == 0 {
		t.Fatal("no nation turn in the game")
	}
}

// TestRandomScoringTimeline: under option random-scoring a turn scores
// only when its scoring die shows 4 or more, and the last turn always
// (Hy Breasil 11), so the map's Timeline marks as scoring the turns whose
// victory points phase said so, the turns not yet played as "may score"
// (the last as scoring), and a turn the die passed over as neither. The
// tables mark every turn scoring; the game's events decide.
func TestRandomScoringTimeline(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "g")
	if _, err := Simulate(Sim{Ruleset: "hy-breasil", Seed: 5, Players: 4, Options: []string{"random-scoring"}}, dir); err != nil {
		t.Fatal(err)
	}
	g, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	scored := map[int]bool{} // by the end steps' own events
	for _, info := range g.Steps() {
		st, err := g.Step(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range st.Events {
			if strings.HasPrefix(ev.Text, "The scoring die shows ") {
				scored[st.Before.Round] = strings.Contains(ev.Text, "victory points are scored")
			}
		}
	}
	rounds := len(g.Rules().Tables.Rounds)
	if len(scored) != rounds-1 || !slices.Contains(slices.Collect(maps.Values(scored)), false) || !slices.Contains(slices.Collect(maps.Values(scored)), true) {
		t.Fatalf("the seed should roll the die in every turn but the last, some scoring and some not: %v", scored)
	}
	for _, id := range []string{"r05-invasion", "r15-end"} {
		st, err := g.Step(id)
		if err != nil {
			t.Fatal(err)
		}
		tl := templates.MapView(g.Rules(), g.Public(st, "")).Timeline
		for i, r := range tl.Rounds {
			round := i + 1
			wantScoring, wantMay := scored[round], false
			if round >= st.State.Round && id == "r05-invasion" {
				wantScoring, wantMay = false, true
			}
			if round == rounds {
				wantScoring, wantMay = true, false
			}
			if r.Scoring != wantScoring || r.MayScore != wantMay {
				t.Errorf("%s: turn %d marked scoring %v, may score %v; want %v, %v", id, round, r.Scoring, r.MayScore, wantScoring, wantMay)
			}
		}
	}
}
