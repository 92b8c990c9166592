package archive

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/templates"
)

// StartID is the id of a game's start (turns/000-start) wherever a step id
// is asked for: "pbem report --turn start", "pbem map --turn start".
const StartID = "start"

// Step is one step of a game as every front door shows it (docs/design.md
// §4, §6): the states before and after it, its events, its revealed seed,
// the orders it played as understood and who entered them. Advance returns
// it; Game.Step and LoadStep read it back. No package outside archive reads
// a step's files: they use this view.
//
// The start of a game is a Step too (Number 0, ID StartID): Before and
// State are the position the rules set up, and it has no events, seed or
// orders.
type Step struct {
	StepInfo
	Nation string             // whose nation turn it was; empty for a round event and the start
	Player string             // the player who controls Nation, by name; empty if none does
	NMR    bool               // the bot played a missed turn
	ByGM   bool               // the GM entered the orders on the player's behalf
	Before *adjudicator.State // the state it started from (its parent's)
	State  *adjudicator.State // the state after it
	Events []adjudicator.Event
	// SeedHex is s_Seed, the chain seed the step revealed, in hex.
	SeedHex string
	// Orders are the orders the step played as understood: canonical, with
	// no token and no marker line; empty for a round event.
	Orders string
	// Digest is the digest of the step's inputs, mixed into every die
	// (inputs.sha256, doc.go "The inputs digest").
	Digest string
	// Report is the step's text report as written (report.txt; empty if
	// the file is gone: Game.Report makes it again).
	Report string

	// dueBefore and dueAfter are Engine.Due of Before and of State when
	// the step was just played (Advance, Ask): its views need not work
	// them out again. nil for a step read back.
	dueBefore, dueAfter *adjudicator.Step
}

// Start reports whether the step is the start of the game.
func (s *Step) Start() bool { return s.Number == 0 }

// EnteredBy says who entered the orders a nation turn played: "the bot"
// (a missed turn), "the GM" (on the player's behalf), or the player's name
// ("nobody" if no player controls the nation); empty for a round event and
// the start.
func (s *Step) EnteredBy() string {
	switch {
	case s.Nation == "":
		return ""
	case s.NMR:
		return "the bot"
	case s.ByGM:
		return "the GM"
	case s.Player == "":
		return "nobody"
	}
	return s.Player
}

// Step reads a step back from the archive: id is a step id (the latest
// step in force with it, else the latest superseded one), a step number
// ("7", "007", superseded steps too), a step folder ("007-r02-welsh"),
// StartID, or empty for the step the game stands at.
func (g *Game) Step(id string) (*Step, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := g.h.last()
	if id != "" {
		var err error
		if n, err = g.find(id); err != nil {
			return nil, err
		}
	}
	if n == 0 {
		return g.startStep()
	}
	return g.loadStep(n)
}

// LoadStep reads step n (1 to len(Steps()), superseded steps too) back
// from the archive as Advance returned it, and the state it started from
// (step.Before, returned too for the callers that take it). The mail
// daemon uses it to send a step's mail when a crash came between Advance
// and the mail.
func (g *Game) LoadStep(n int) (step *Step, before *adjudicator.State, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n < 1 || n > len(g.h.steps) {
		return nil, nil, fmt.Errorf("there is no step %d in game %s (steps 001 to %03d)", n, g.gf.Game, len(g.h.steps))
	}
	if step, err = g.loadStep(n); err != nil {
		return nil, nil, err
	}
	return step, step.Before, nil
}

// loadStep reads step n >= 1. Call with g.mu held.
func (g *Game) loadStep(n int) (*Step, error) {
	info := g.h.info(n)
	before, err := g.stateAfter(info.Parent)
	if err != nil {
		return nil, err
	}
	dir := g.stepFolder(n)
	files, err := readStepFiles(dir)
	if err != nil {
		return nil, err
	}
	for _, name := range []string{fileState, fileEvents} { // report.txt is a view: Report makes it again
		if _, ok := files[name]; !ok {
			return nil, fmt.Errorf("%s: no %s", dir, name)
		}
	}
	st, err := g.r.stepFromFiles(g.gf, info, before, files)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	st.Report = string(files[fileReport])
	return st, nil
}

// startStep reads the start of the game. Call with g.mu held.
func (g *Game) startStep() (*Step, error) {
	s, err := g.stateAfter(0)
	if err != nil {
		return nil, err
	}
	return &Step{StepInfo: StepInfo{ID: StartID}, Before: s, State: s, Report: g.r.startReport(g.gf, s)}, nil
}

// stepFromFiles reads a step's files into a Step: the state after it, its
// events, seed, inputs digest, and for a nation turn the orders as
// understood and who entered them. before is its parent's state.
func (r *rules) stepFromFiles(gf *gameFile, info StepInfo, before *adjudicator.State, files map[string][]byte) (*Step, error) {
	s, err := r.e.UnmarshalState(files[fileState])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fileState, err)
	}
	evs, err := adjudicator.UnmarshalEvents(files[fileEvents])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fileEvents, err)
	}
	return r.newStep(gf, info, before, s, r.factsOf(info, before, files, evs), files), nil
}

// newStep is a step as a view shows it: the state after it and its events
// (as the engine made them, or as stepFromFiles read them back), and what
// its other files say. Advance makes it from the step just played and
// stepFromFiles from the files written, so a report made again is the one
// written.
func (r *rules) newStep(gf *gameFile, info StepInfo, before, after *adjudicator.State, events []adjudicator.Event, files map[string][]byte) *Step {
	st := &Step{StepInfo: info, Before: before, State: after, Events: r.e.Render(events)}
	st.SeedHex = strings.TrimSpace(string(files[fileSeed]))
	for _, l := range strings.Split(string(files[fileInputs]), "\n") {
		if h, ok := strings.CutSuffix(l, "  inputs"); ok {
			st.Digest = h
		}
	}
	o, ok := files[fileOrders]
	if !ok {
		return st
	}
	st.NMR, st.ByGM = isNMR(o), isBehalf(o)
	var kept []string
	for _, l := range strings.SplitAfter(string(o), "\n") {
		if !strings.HasPrefix(l, "# ") {
			kept = append(kept, l)
		}
	}
	st.Orders = strings.Join(kept, "")
	for _, e := range st.Events {
		if e.Kind == adjudicator.EvTurn {
			st.Nation = e.Nation
			break
		}
	}
	st.Player = playerOf(gf, st.Nation)
	if st.Player == "" && before != nil { // a dealt nation (Hy Breasil 5): its owner when the turn began
		if n, err := r.g.Tables.NationIndex(st.Nation); err == nil && n < len(before.Nations) {
			if seat := before.Nations[n].Owner; seat >= 0 && seat < len(gf.Players) {
				st.Player = gf.Players[seat].Name
			}
		}
	}
	return st
}

// PlayerNames are the players' names in seat order, as reports name them.
func (g *Game) PlayerNames() []string { return playerNames(g.gf) }

func playerNames(gf *gameFile) []string {
	var names []string
	for _, p := range gf.Players {
		names = append(names, p.Name)
	}
	return names
}

// Public is the report of a step that every player and observer sees
// (templates.Build without a reader), with deadline as when the next
// orders are due ("" for none). Each player's copy is Public(...).For(seat):
// the step's report is built once, whatever the number of seats and
// formats. The text report in report.txt holds the public report too.
//
// Where the game's rounds score by chance (Hy Breasil 11) it reads which
// of the rounds before the step scored from their steps' events, for the
// map's Timeline; a step it cannot read leaves those rounds unmarked.
func (g *Game) Public(st *Step, deadline string) *templates.Report {
	scored, _ := g.scoredBefore(st)
	return g.r.public(g.gf, st, deadline, scored)
}

// public is the step's public report, scored the rounds before it that
// scored by chance (templates.Options.Scored; nil where none do, or for a
// view that draws no Timeline).
func (r *rules) public(gf *gameFile, st *Step, deadline string, scored map[int]bool) *templates.Report {
	return templates.Build(r.e, st.ID, st.Before, st.State, st.Events,
		templates.Options{Game: gf.Game, Seed: st.SeedHex, Deadline: deadline, Players: playerNames(gf), Start: st.Start(), Scored: scored,
			DueBefore: st.dueBefore, DueAfter: st.dueAfter})
}

// factsOf are the events of a step as facts. A step of an engine that
// wrote words (Event.Said) holds only some of the facts the views read;
// its replay by this engine (verify's) gives them all, and is taken where
// it agrees with every fact archived. Otherwise, or where it cannot be
// replayed, the events as archived, shown with their words.
func (r *rules) factsOf(info StepInfo, before *adjudicator.State, files map[string][]byte, evs []adjudicator.Event) []adjudicator.Event {
	legacy := false
	for _, ev := range evs {
		legacy = legacy || ev.Said != ""
	}
	seed, err := hex.DecodeString(strings.TrimSpace(string(files[fileSeed])))
	if !legacy || before == nil || err != nil {
		return evs
	}
	step, err := r.stepOf(before, info.ID)
	if err != nil {
		return evs
	}
	pl, err := r.play(before, &stepInput{step: step, seed: seed, orders: files[fileOrders], standing: files[fileStanding], seats: files[fileSeats]})
	if err != nil || diffEvents(files[fileEvents], pl.files[fileEvents]) != nil {
		return evs
	}
	return pl.events
}
