// Package britannia is classic Britannia (seeds 002 and 004, the 2005
// edition by default; reference britannia-classic-data.md §1-§4 for the
// data) on the rules kernel. It derives from reduX Core (package redux):
// the same move step and battle loop, with its own unit kinds (Roman
// armies, forts, burhs), stages, battle rules and scoring. Where each rule
// clause lives:
//
//	Setup, order of play (004 Setup, ref §2.2)    britannia.go (setup, due)
//	Population Increase, Overpopulation (004 1, 5) population.go
//	Movement (004 2): difficult terrain, Romans 3  move.go; adjudicator/move.go
//	Battles/Retreats (004 3)                      battle.go; adjudicator/battle.go, retreat.go
//	Raider withdrawal (004 4), Picts home by sea   raid.go
//	Romans: arrival, reinforcements, withdrawal,
//	  forts, leaving in VI, Boudicca (ref §2.4, §3) romans.go
//	Submission (002 §5, 004 "Vi overgiver os")      submit.go
//	VP cards, Bretwalda, King (004, ref §4)       score.go
//	The tables' rules: section                    data.go
//	The words of its facts                        words.go (by What; the library's: texts.go)
package britannia

import (
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The unit kinds, in the order their dice are rolled (Ruleset.Kinds).
const (
	Infantry = family.Infantry
	Cavalry  = adjudicator.KindID(1)
	Roman    = adjudicator.KindID(2)
	Fort     = adjudicator.KindID(3)
	Burh     = adjudicator.KindID(4)
)

// Ruleset is classic Britannia.
var Ruleset = derive(redux.Ruleset)

func derive(base adjudicator.Ruleset) adjudicator.Ruleset {
	r, fr := family.Derive(base)
	r.Ruleset = games.MustLookup("britannia")
	r.Kinds = []adjudicator.Kind{
		{Name: "infantry", Army: true, Moves: 2},           // seed 004 Movement: two land areas
		{Name: "cavalry", Army: true, Moves: 3},            // seed 004: cavalry move three
		{Name: "roman", Army: true, Moves: romanRange},     // ref §6, seed 004: three areas, roads free (romanPath)
		{Name: "fort", Army: false, Moves: 0, Roads: true}, // seed 002 §5: cannot move, no stacking; roads
		{Name: "burh", Army: false, Moves: 0},              // seed 002 §5 Stacking: burhs do not count
	}
	r.Adjudication.LoadData = family.Load(loadData)
	r.Adjudication.Setup, r.Adjudication.Due, r.Adjudication.Stages = setup, due, stages
	r.Adjudication.Snapshot = codec
	r.Orders.Grammar = Grammar
	r.Orders.CheckStanding = checkStanding
	r.Orders.Template = family.Template(templateRules)
	r.View.Texts = &ViewTexts
	r.View.Words = viewWords
	r.Bot = &adjudicator.Bot{Orders: botOrders, Standing: botStanding}
	fr.Leaders = true
	fr.NoPopulationLimit = true
	fr.Pool = pool
	fr.Move = family.MoveRules{LeaderMoves: 3, Select: selectUnits, Check: pathRules, MayEnter: mayEnter, KeepNoAreas: true, Boat: boat, Passable: passable, SeaStep: seaStep, Entering: provoke, StayAtSea: stayAtSea,
		OverrunAll: overrunAll}
	fr.Battle = family.BattleRules{Reach: reach, KillOrder: killOrder, Kills: scoreKills, LeaderKilled: scoreLeaderKill,
		Together: fixedStay, RetreatInto: retreatInto, Need: need, Behind: behind}
	fr.LeaderGone = leaderGone
	fr.Settle = buildForts
	fr.Occupy = fortOnPassage
	fr.Arrive = arrive
	return r
}

// firstEditionBurhs is classic Britannia with burhs that count as armies
// for stacking, the population limit and overruns (option
// first-edition-burhs, seed 002 §5 Saxon Burhs; the 2005 default, seed 002
// §5 Stacking, has them not count).
var firstEditionBurhs adjudicator.Ruleset

func init() {
	Ruleset.Adjudication.ForOptions = options
	firstEditionBurhs = Ruleset
	firstEditionBurhs.Adjudication.ForOptions = nil
	firstEditionBurhs.Kinds = slices.Clone(Ruleset.Kinds)
	firstEditionBurhs.Kinds[Burh].Army = true
}

// options is Ruleset.ForOptions: the first edition's burhs under option
// first-edition-burhs.
func options(g *games.Game) *adjudicator.Ruleset {
	if g.HasOption("first-edition-burhs") {
		return &firstEditionBurhs
	}
	return &Ruleset
}

// turnX is the classic bookkeeping of one nation turn.
type turnX struct {
	// held is the land areas the nation held at the start of its turn.
	held []games.AreaID
	// builtIn[a] is the movement phase (1, 2) in which this turn's fort in
	// land area a was built, 0 for none: a road needs a fort that stood
	// before the phase (seed 002 §5 Roman Roads).
	builtIn []int
	// passed[a] notes a land area a Roman army held alone on its way
	// through, for buildForts (seed 002 §5 Roman Forts).
	passed []bool
}

// romanRange is the kernel's range of a Roman army: any path; romanPath
// holds it to three areas with roads free (seed 004 Movement).
const romanRange = 99

// setup is seed 004 Setup (ref §1.2): one infantry in every area as the
// Nation List gives it, the Romans at sea by the Timeline; with
// first-edition-order, the first edition's order of play (seed 002 §3).
func setup(e *adjudicator.Engine) *adjudicator.State {
	s := redux.Setup(e)
	s.Ext = newExt(e.NumNations())
	if e.G.HasOption("first-edition-order") {
		s.Order = firstEditionOrder(e)
	}
	return s
}

// firstEditionOrder is seed 002 §3's turn order: Picts before Caledonians,
// Jutes before Saxons, Norsemen, Danes, Dubliners, Norwegians.
func firstEditionOrder(e *adjudicator.Engine) []adjudicator.NationID {
	names := []string{"Romans", "Romano-British", "Belgae", "Welsh", "Brigantes", "Picts", "Caledonians", "Irish", "Scots",
		"Jutes", "Saxons", "Angles", "Norsemen", "Danes", "Dubliners", "Norwegians", "Normans"}
	var out []adjudicator.NationID
	for _, nm := range names {
		if n, err := e.NationIndex(nm); err == nil {
			out = append(out, n)
		}
	}
	for n := range e.NumNations() { // a GM's extra nations go last
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// due is seed 004 "Spillet": the next nation in the order of play that has
// units on the board or arrivals this round; the Romans never after they
// leave, the Romano-British in the round they replace them (ref §3 VI).
func due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	d := D(e)
	for i := s.Next; i < s.OrderLen(); i++ {
		n := s.OrderAt(i)
		switch {
		case n == d.roman && s.Round >= d.Romans.Leave:
			continue
		case redux.Plays(e, s, n), n == d.successor && s.Round == d.Romans.Leave && romanUnits(s) > 0:
			return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n))}
		}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: fmt.Sprintf("r%02d-end", s.Round)}
}

// stages are the phases of a classic nation turn (seed 004 Nationtur: 1
// Population Increase, 2 Movement, 3 Battles/Retreats, 4 Raider
// withdrawal, 5 Overpopulation; seed 002 §4: a Major Invasion moves and
// fights twice) and of the end of a round (004 Spillet: scoring,
// Bretwalda, King).
func stages(t *adjudicator.Turn) []adjudicator.Stage {
	type S = adjudicator.Stage
	const setup, moving, fighting, checking = adjudicator.Setup, adjudicator.Moving, adjudicator.Fighting, adjudicator.Checking
	if t.Step.Kind == adjudicator.RoundEvent {
		return []S{
			family.Stage("holding", "Britannia 2005 Victory points; ref §4", fighting, holdAll),
			family.Stage("Bretwalda", "Britannia 2005 The bretwalda", fighting, bretwalda),
			family.Stage("King", "Britannia 2005 The king", fighting, king),
			family.Stage("next round", "Britannia 2005 Spillet", fighting, nextRound),
		}
	}
	return []S{
		family.Stage("turn kind", "Britannia 2005 Invasions and Raiding; ref §3", setup, turnKind),
		family.Stage("turn", "Britannia 2005 Nationtur", setup, family.TurnStart),
		family.Stage("the Romans leave", "ref §3 VI; Britannia 2005 §5 Roman Forts", setup, romansLeave),
		family.Stage("population increase", "Britannia 2005 Population Increase", setup, phase1),
		family.Stage("phases", "Britannia 2005 Major Invasions", setup, family.PhaseStatements),
		family.Stage("raiders", "Britannia 2005 Raiding Turns", setup, family.MarkRaiders),
		family.Stage("movement", "Britannia 2005 Movement", moving, family.Movement),
		family.Stage("battles", "Britannia 2005 Battles/Retreats", fighting, family.Battles),
		family.Stage("second phase", "Britannia 2005 Major Invasions", fighting, family.SecondPhase),
		family.Stage("occupying", "ref §4 (occupy)", fighting, occupyScore),
		family.Stage("raider withdrawal", "Britannia 2005 Raider Withdrawal", fighting, withdrawal),
		family.Stage("the turn's King", "seed 002 §6 King (Turn 14)", fighting, turnKing),
		family.Stage("overpopulation", "Britannia 2005 Overpopulation", fighting, overpopulation),
		family.Stage("removals", "ref §3 XIV", fighting, lateRemovals),
		family.Stage("submission", "Britannia 2005 §5 Submission", fighting, submissions),
		family.Stage("votes", "Britannia 2005 The bretwalda", fighting, collectVotes),
		family.Stage("next nation", "Britannia 2005 Spillet", fighting, redux.NextNation),
		family.Stage("battle lines", "Britannia 2005 Battles/Retreats", checking, family.CheckBattles),
		family.Stage("classic lines", "Britannia 2005", checking, checkStatements),
	}
}

// turnKind sets the kind of nation turn from the Timeline's marks (ref §3:
// R, MI, "must return to sea").
func turnKind(t *family.Turn) {
	r := t.G.Tables.Round(t.S.Round)
	name := t.Nation()
	t.Raid = r.HasMark(games.MarkRaid, name) || r.HasMark(games.MarkReturn, name)
	t.MustReturn = r.HasMark(games.MarkReturn, name)
	t.Major = r.HasMark(games.MarkMajor, name)
	t.X = &turnX{held: t.S.Held(t.B, t.N), builtIn: make([]int, t.B.NumLand), passed: make([]bool, t.B.NumLand)}
}

// phase1 is the Population Increase phase (seed 004 1): the nation's
// leader leaves (seed 002 §5 Leaders), the Romans get their Timeline
// arrival, withdrawal and reinforcements (ref §2.4), every other nation
// its population increase and its Timeline arrivals; Boudicca's revolt
// (ref §3 I). A burhs line is checked in every nation's phase 1, the
// Romans' too (seed 002 §5 Saxon Burhs: the Saxons' alone).
func phase1(t *family.Turn) {
	removeLeader(t)
	d := D(t.E)
	if t.N == d.roman {
		buyBurhs(t) // refuses a burhs line: only the Saxons buy them
		romanPhase(t)
		return
	}
	populationIncrease(t)
	buyBurhs(t)
	family.Reinforcements(t)
	boudicca(t)
	cavalryToInfantry(t)
	lateReinforcements(t)
}

// removeLeader takes the acting nation's leader off the board at the start
// of its turn, except the leaders who stay until death or the end (seed
// 002 §5 Leaders: Harold, William, Harald Hardrada, Svein Estrithson).
func removeLeader(t *family.Turn) {
	li := t.S.LeaderOf(t.N)
	if li < 0 || slices.Contains(D(t.E).King.Final.Leaders, t.S.Leaders[li].Name) {
		return
	}
	family.RemoveLeader(t)
}

// arrive holds back a Timeline leader that may not come (ref §3 IX, X:
// "if the Angles hold ..."; a leader that fell does not come back).
func arrive(t *family.Turn, a games.Arrival) bool {
	if a.IfHolds != games.NoArea && !t.S.Holds(a.IfHolds, t.N) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvLeader, What: "cb-does-not-come", Leader: a.Leader, Args: adjudicator.Args(t.Name(a.IfHolds))})
		return false
	}
	return true
}

// nextRound ends the round (seed 004 Spillet): the round marker moves on;
// after the final round the game is over.
func nextRound(t *family.Turn) {
	s := t.S
	if redux.Final(t.E, s.Round) {
		s.Over = true
		t.Emit(redux.Standings(t.E, s))
		return
	}
	s.Round++
	s.Next = 0
	for n := range X(s).Votes {
		X(s).Votes[n] = -1
	}
	X(s).TurnVotes = nil
	endSubmissions(t, s.Round)
}

// checkStatements refuses, when a file is checked, the statements classic
// Britannia has no use for.
func checkStatements(t *family.Turn) {
	for _, tg := range adjudicator.Statements[orders.Target](t.Turn) {
		t.Problem(tg.Line, "cb-no-target")
	}
	for _, x := range adjudicator.Statements[orders.Rex](t.Turn) {
		t.Problem(x.Line, "cb-no-crown")
	}
	for _, sb := range adjudicator.Statements[Submit](t.Turn) {
		if !maySubmit(t.E, t.N, sb.To) {
			t.Problem(sb.Line, "cb-no-submission-row", t.Nation(), sb.To)
		}
	}
	for _, w := range adjudicator.Statements[orders.Withdraw](t.Turn) {
		if w.Stay {
			t.Problem(w.Line, "cb-stay")
		}
	}
	if t.E.Plays(adjudicator.BretwaldaVoteCheck) {
		checkVotes(t)
	}
	if t.E.Plays(adjudicator.CheckKnowable) {
		checkWithdrawals(t)
		checkOverpopulation(t)
		checkRomanWords(t)
		checkSecondPaths(t)
	}
	if t.E.Plays(adjudicator.BretwaldaOwnVote) {
		warnVote(t)
	}
}

// warnVote warns of a vote line in a turn file that the nation's standing
// orders outvote: their vote line comes first (switch bretwalda-own-vote,
// docs/orders.md C9).
func warnVote(t *family.Turn) {
	sv := fileVote(t, t.Standing(t.N), t.N)
	if sv < 0 {
		return
	}
	for _, v := range adjudicator.Statements[Vote](t.Turn) {
		t.Warn(v.Line, ruleBretwalda, "your standing orders vote for the %s, and they come first: change them to vote otherwise", t.E.NationName(sv))
	}
}

// checkVotes refuses (switch bretwalda-vote-check) a turn file's vote line in a
// round with no Bretwalda vote, or for a nation not in play (seed 002
// Bretwalda, Turns 8-10; seed 004 The bretwalda); standing orders, which
// stand from round to round, may keep theirs.
func checkVotes(t *family.Turn) {
	br := D(t.E).Bretwalda
	for _, v := range adjudicator.Statements[Vote](t.Turn) {
		switch {
		case !slices.Contains(br.Rounds, t.S.Round):
			t.Problem(v.Line, "cb-vote-round", anys(append([]string{t.G.Tables.Round(t.S.Round).Label}, roundLabels(t.E, br.Rounds)...))...)
		case !inPlay(t.E, t.S, mustNation(t.E, v.For)):
			t.Problem(v.Line, "cb-vote-not-in-play", v.For)
		}
	}
}

// inPlay reports whether nation n is in play in s: it has units on the
// board, or arrives in this round.
func inPlay(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) bool {
	return s.OnBoard(n) > 0 || len(family.Arrivals(e, s.Round, n)) > 0
}

// anys are strings as the values of a fact (Turn.Problem's args).
func anys(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// roundLabels are the labels of rounds: "VIII", "IX", "X".
func roundLabels(e *adjudicator.Engine, rounds []int) []string {
	var out []string
	for _, r := range rounds {
		out = append(out, e.G.Tables.Round(r).Label)
	}
	return out
}

// checkStanding accepts the lines of standing orders (docs/orders.md):
// defend lines (seed 004 3: the defender's retreat is decided in the
// attacker's turn), one "submit to" and one "vote".
func checkStanding(e *adjudicator.Engine, f *orders.File) orders.Errors {
	return adjudicator.CheckStandingLines(e, f, func(st orders.Statement) (orders.Errors, bool) {
		switch x := st.(type) {
		case orders.Defend:
			return nil, false // the kernel's defend check
		case Submit:
			if n, err := e.NationIndex(f.Nation); err == nil && !maySubmit(e, n, x.To) {
				return orders.Errors{redux.Refusal(e, x.Line, "cb-no-submission-row", f.Nation, x.To)}, true
			}
			return nil, true
		case Vote:
			return nil, true
		}
		return orders.Errors{{Line: st.Pos(), Illegal: true, Msg: "standing orders may only contain " + Grammar.StandingLines() + " lines"}}, true
	})
}

// romanUnits is how many Roman armies and forts are on the board.
func romanUnits(s *adjudicator.State) int {
	t := 0
	for n := range s.NumNations() {
		t += s.InPlay(n, Roman) + s.InPlay(n, Fort)
	}
	return t
}
