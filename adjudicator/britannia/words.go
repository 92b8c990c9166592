package britannia

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
)

// viewWords are the ruleset's words (View.Words): reduX Core's
// (redux.Words), whose citations its ViewTexts.Cite makes classic ones,
// classic Britannia's of the library's facts (Words) and of its own
// (words).
var viewWords = adjudicator.Merge(redux.Words, Words, words)

// Citations of the classic rules its facts follow (seeds 002, 004; the
// research notes' "ref §" sections, which ViewTexts.Refs names as players
// read them).
const (
	rulePopulation = "Britannia 2005 Population Increase"
	ruleWithdrawal = "Britannia 2005 Raider Withdrawal"
	ruleMechanics  = "Britannia 2005 §5 Raider Mechanics"
	ruleSubmission = "Britannia 2005 §5 Submission"
	ruleBurhs      = "Britannia 2005 §5 Saxon Burhs"
	ruleBretwalda  = "Britannia 2005 The bretwalda"
	ruleKing       = "Britannia 2005 The king"
)

// words are the facts of classic Britannia's own rules, by What (each
// "cb-"): its refusals, then the population, the Romans and the late
// Timeline, raiders, submission and scoring. The words of the Bretwalda,
// the King and the lack of a population increase cite no rule after them
// (Quiet); a Timeline round's fact cites its round (timelineRound).
var words = adjudicator.Words{
	"cb-no-target": {Rule: "Britannia 2005 Battles", Words: adjudicator.F("in classic Britannia a 6 must hit the harder unit first; there is no target choice")},
	"cb-no-crown":  {Rule: ruleKing, Words: adjudicator.F("the King is determined at the end of the round; there is nothing to crown")},
	// Args: the nation, the nation it would submit to.
	"cb-no-submission-row": {Rule: ruleSubmission, Words: adjudicator.F("the %s may not submit to the %s (the submission table has no such row)")},
	"cb-stay":              {Rule: ruleWithdrawal, Words: adjudicator.F("raiders stay on land unless told to withdraw; \"stay\" is not needed")},
	// Args: this round's label, then the labels of the rounds of the vote.
	"cb-vote-round": {Rule: ruleBretwalda, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the Bretwalda is elected only at the end of rounds %s; this is round %s", adjudicator.OrJoin(rest(ev.Args, 1), "and"), ev.Arg(0))
	}},
	// Args: the nation voted for.
	"cb-vote-not-in-play": {Rule: ruleBretwalda, Words: adjudicator.F("the %s are not in play: vote for a nation on the board")},
	// Args: the nation that buys burhs, then the rounds it may.
	"cb-burhs-who": {Rule: ruleBurhs, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("only the %s buy burhs, in rounds [%s]", ev.Arg(0), strings.Join(rest(ev.Args, 1), " "))
	}},
	// Args: a burh's cost, the population marker.
	"cb-burh-cost": {Rule: ruleBurhs, Words: adjudicator.F("a burh costs %d population points and the marker is at %d")},
	// Args: the nation, the area.
	"cb-burh-not-held": {Rule: ruleBurhs, Words: adjudicator.F("burhs are built in areas the %s hold, and they do not hold %s")},
	// Args: the area.
	"cb-burh-there": {Rule: ruleBurhs, Words: adjudicator.F("%s already has a burh")},
	// Args: the burhs standing, the most that may.
	"cb-burhs-most": {Rule: ruleBurhs, Words: adjudicator.F("no more burhs: %d stand, the most is %d (the counters, and the areas held)")},
	// Args: the burhs standing, the most that may (8 less the areas held).
	"cb-burhs-most-areas": {Rule: ruleBurhs, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("no more burhs: %s stand, and the %s may have at most %s (8 less the areas they hold)", ev.Arg(0), ev.Nation, ev.Arg(1))
	}},
	// Args: the unit named.
	"cb-roman-unit": {Rule: ruleMove, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the Romans move Roman armies only; leave out %q", ev.Arg(0))
	}},
	// Args: the Roman armies that can still move, the area, the number
	// asked for.
	"cb-roman-count": {Rule: ruleMove, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the Romans have %s in %s that can still move, not %s", games.Count(ev.ArgN(0), "army", "armies"), ev.Arg(1), ev.Arg(2))
	}},
	// Args: the nation, the area.
	"cb-no-raiders": {Rule: ruleWithdrawal, Words: adjudicator.F("the %s have no raiders in %s")},
	// Args: the nation.
	"cb-no-raid-turn": {Rule: ruleWithdrawal, Words: adjudicator.F("the %s have no Raiding turn this round, so no raiders withdraw")},
	// Args: the area the Picts would go home from.
	"cb-picts-no-room": {Rule: ruleMechanics, Words: adjudicator.F("no Pictish area of Scotland on a sea that %s borders has room (stacking limit)")},

	// Args (both): why (noIncrease), the nation, the round.
	"cb-no-increase": {Rule: rulePopulation, Quiet: true, Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return "No population increase: " + noIncreaseWhy(e, ev)
	}},
	"cb-nothing-to-place": {Rule: rulePopulation, Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return "nothing to place: " + noIncreaseWhy(e, ev)
	}},
	// Args: the population points, the marker after, and the overlord of
	// a subject nation (its points halved).
	"cb-population": {Rule: rulePopulation, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		halved := ""
		if ev.Arg(2) != "" {
			halved = ", halved for a subject nation (Britannia 2005 §5 Submission)"
		}
		return fmt.Sprintf("The %s have %s%s: %s, marker at %s", ev.Nation, games.Count(ev.ArgN(0), "population point", "population points"), halved, games.Count(ev.N, "new army", "new armies"), ev.Arg(1))
	}},
	// Args: the armies on land, the areas they are in.
	"cb-overpopulation": {Rule: "Britannia 2005 Overpopulation", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("Overpopulation: the %s have %s on land in %s and must remove %d", ev.Nation, games.Count(ev.ArgN(0), "army", "armies"), games.Count(ev.ArgN(1), "area", "areas"), ev.N)
	}},
	// Args: the round's label.
	"cb-romans-arrive": {RuleOf: timelineRound, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s in the %s", games.Count(ev.N, "Roman army arrives", "Roman armies arrive"), ev.Area)
	}},
	"cb-roman-reinforcements": {Rule: "Britannia 2005 Roman reinforcements", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s in the %s", games.Count(ev.N, "Roman army arrives", "Roman armies arrive"), ev.Area)
	}},
	"cb-legion-withdrawal": {Rule: "ref §3 II", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The legion withdrawal: %s leave Britain", games.Count(ev.N, "Roman army", "Roman armies"))
	}},
	"cb-legion-withdrawn": {Rule: "ref §3 II", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s withdrawn from %s", games.Count(ev.N, "Roman army", "Roman armies"), ev.Area)
	}},
	"cb-fort": {Rule: "Britannia 2005 Roman forts", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s build a fort in %s", ev.Nation, ev.Area)
	}, Sum: func(_ *adjudicator.Engine, evs []adjudicator.Event) string {
		areas := make([]string, len(evs))
		for i, ev := range evs {
			areas[i] = ev.Area
		}
		return fmt.Sprintf("The %s build %d forts: in %s", evs[0].Nation, len(evs), adjudicator.OrJoin(areas, "and"))
	}},
	// Args: the Romans, their armies that leave.
	"cb-romans-leave": {Rule: "ref §3 VI", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s leave Britain: their forts are removed, %s become %s infantry and %s", ev.Arg(0),
			games.Count(ev.N, "Roman army in England", "Roman armies in England"), ev.Nation, games.Count(ev.ArgN(1), "other leaves", "others leave"))
	}},
	"cb-boudicca": {Rule: "ref §3 I", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s's revolt: %s with %s in %s, whatever the stacking limit", ev.Leader, games.Count(ev.N, "Belgic army rises", "Belgic armies rise"), ev.Leader, ev.Area)
	}},
	// Args: the area not held.
	"cb-does-not-come": {Rule: "ref §3", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s does not come: the %s do not hold %s", ev.Leader, ev.Nation, ev.Arg(0))
	}},
	// Args: a burh's cost in population points.
	"cb-burh": {Rule: ruleBurhs, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s build a burh in %s for %s population points", ev.Nation, ev.Area, ev.Arg(0))
	}},
	"cb-cavalry-to-infantry": {Rule: "ref §3 VIII", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s cavalry become infantry: %s", games.Possessive(ev.Nation), games.Count(ev.N, "army", "armies"))
	}},
	// Args: the round's label.
	"cb-late-removal": {RuleOf: timelineRound, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s must remove %s at the end of their turn", ev.Nation, games.Count(ev.N, "army", "armies"))
	}},
	"cb-late-no-leader": {Rule: "ref §3 XVI", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("No reinforcements for the %s: %s is not alive", ev.Nation, ev.Leader)
	}},
	"cb-late-reinforcements": {Rule: "ref §3 XVI", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("Turn-16 reinforcements: the %s receive %s", ev.Nation, games.Count(ev.N, "army", "armies"))
	}},

	"cb-withdraw": {Rule: ruleWithdrawal, Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		adj := e.Adjective(ev.Nation)
		return fmt.Sprintf("%s from %s to the %s", games.Count(ev.N, adj+" raider withdraws", adj+" raiders withdraw"), ev.Path[0], ev.Path[1])
	}, Sum: withdrawSum},
	"cb-picts-home": {Rule: ruleMechanics, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s go home by sea from %s to %s", games.Count(ev.N, "Pictish army", "Pictish armies"), ev.Path[0], ev.Path[1])
	}},

	// Args: the overlord, the round the submission lasts until.
	"cb-submit": {Rule: ruleSubmission, Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s submit to the %s until %s", ev.Nation, ev.Arg(0), roundName(e, ev.Arg(1)))
	}},
	// Args: the overlord.
	"cb-submission-ends": {Rule: ruleSubmission, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s are no longer subject to the %s", ev.Nation, ev.Arg(0))
	}},
	// Args: the nation that submitted.
	"cb-submission-vp": {Rule: "ref §4", Words: redux.Scored("for the submission of the %s")},
	// Areas: the areas scored; Args: the overlord of a subject nation.
	"cb-hold-vp": {Rule: "ref §4 hold", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		s := redux.Scored("for holding ")(e, ev) + strings.Join(ev.Areas, ", ")
		if ev.Arg(0) != "" {
			s += ", halved for a subject nation"
		}
		return s
	}},
	// Areas: the areas scored.
	"cb-occupy-vp": {Rule: "ref §4 occupy", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return redux.Scored("for occupying ")(e, ev) + strings.Join(ev.Areas, ", ")
	}},
	// Kills: the units eliminated, of the card row's kind ("any" for
	// armies of any kind); Args: their nation, the area.
	"cb-kill-vp": {Rule: "ref §4 kill", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		what := ""
		if len(ev.Kills) > 0 {
			what = killed(e, ev.Kills[0].Kind, ev.Kills[0].N)
		}
		return redux.Scored("for ")(e, ev) + fmt.Sprintf("%s of the %s eliminated in %s", what, ev.Arg(0), ev.Arg(1))
	}},
	// Args: the nation that killed him.
	"cb-leader-kill-vp": {Rule: "ref §4 kill", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return redux.Scored("for the elimination of ")(e, ev) + fmt.Sprintf("%s by the %s", ev.Leader, ev.Arg(0))
	}},
	// Args: each voting nation, its votes and the nation it votes for.
	"cb-bretwalda-vote": {Rule: ruleBretwalda, Quiet: true, Words: bretwaldaVoteWords},
	// Args: the Bretwalda's votes, all the votes.
	"cb-bretwalda": {Rule: ruleBretwalda, Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s are Bretwalda with %s of %s votes", ev.Nation, ev.Arg(0), ev.Arg(1))
	}},
	"cb-bretwalda-vp": {Rule: ruleBretwalda, Words: redux.Scored("as Bretwalda")},
	"cb-no-bretwalda": {Rule: ruleBretwalda, Quiet: true, Words: adjudicator.F("No nation has more than half the votes: there is no Bretwalda")},
	"cb-no-king":      {Rule: ruleKing, Quiet: true, Words: adjudicator.F("No nation qualifies: there is no King this round")},
	// Args: the English areas the nation holds.
	"cb-king": {Rule: ruleKing, Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s hold %s English areas and are King", ev.Nation, ev.Arg(0))
	}},
	"cb-king-vp": {Rule: ruleKing, Words: redux.Scored("as King")},
	// Args: the English areas the nation holds.
	"cb-turn-king-short": {Rule: ruleKing, Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s hold %s English areas at the end of their turn: not enough to be King now", ev.Nation, ev.Arg(0))
	}},
	"cb-king-army": {Rule: ruleKing, Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The King's %s placed in %s", games.Count(ev.N, "army is", "armies are"), ev.Area)
	}},
	// Args: this round's label, the last round's of the vote, how many
	// rounds vote, their labels, then each vote recorded: the voter and
	// the nation it votes for.
	"cb-vote-due": {Rule: ruleBretwalda, Quiet: true, Words: voteDueWords},
}

// timelineRound is the rule of a Timeline round's fact, from its round's
// label (Args): ref §3 I, ref §3 XIV.
func timelineRound(_ *adjudicator.Engine, ev adjudicator.Event) string { return "ref §3 " + ev.Arg(0) }

// rest is xs from i on, none past the end.
func rest(xs []string, i int) []string { return xs[min(i, len(xs)):] }

// noIncreaseWhy is why a nation has no population increase, from the
// event's Args: "never" (seed 002 §5: Romans, Norwegians, Normans),
// "round" (ref §2.4: the Romano-British in VI), "no-land".
func noIncreaseWhy(e *adjudicator.Engine, ev adjudicator.Event) string {
	switch ev.Arg(0) {
	case "never":
		return fmt.Sprintf("the %s never gain population (Britannia 2005 Population Increase)", ev.Arg(1))
	case "round":
		return fmt.Sprintf("the %s gain no population in %s (ref §2.4)", ev.Arg(1), roundName(e, ev.Arg(2)))
	}
	return "the nation holds no land"
}

// bretwaldaVoteWords: the votes of a Bretwalda election (seed 004 The
// bretwalda).
func bretwaldaVoteWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	total := 0
	var lines []string
	for i := 0; i+2 < len(ev.Args); i += 3 {
		total += ev.ArgN(i + 1)
		lines = append(lines, fmt.Sprintf("%s %s for %s", ev.Args[i], ev.Args[i+1], ev.Args[i+2]))
	}
	return fmt.Sprintf("The Bretwalda vote (%d votes): %s", total, strings.Join(lines, "; "))
}

// voteDueWords: the note that the Bretwalda vote is due (issue 12).
func voteDueWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	start := min(3, len(ev.Args))
	end := min(start+ev.ArgN(2), len(ev.Args))
	rounds, votes := ev.Args[start:end], ev.Args[end:]
	var so []string
	for i := 0; i+1 < len(votes); i += 2 {
		so = append(so, votes[i]+" for "+votes[i+1])
	}
	recorded := "none yet (a nation with no vote line votes for itself)"
	if len(so) > 0 {
		recorded = strings.Join(so, ", ")
	}
	label := ev.Arg(0)
	return fmt.Sprintf("The Bretwalda vote is due at the end of round %s (votes are cast at the end of rounds %s, the last in %s): send \"vote NATION\" in your standing orders before the last nation turn of round %s; recorded so far: %s",
		label, adjudicator.OrJoin(rounds, "and"), ev.Arg(1), label, recorded)
}

// roundName names a round as the Timeline does: "round VI" for "6".
func roundName(e *adjudicator.Engine, round string) string {
	if n, err := strconv.Atoi(round); err == nil {
		if tr := e.G.Tables.Round(n); tr != nil && tr.Label != "" {
			return "round " + tr.Label
		}
	}
	return "round " + round
}

// withdrawSum says a nation's raiders withdraw (seed 002 §5 Raider
// Withdrawal), summed by path: "3 Saxon raiders withdraw: 2 from Kent to
// the English Channel and 1 from Sussex to the English Channel".
func withdrawSum(e *adjudicator.Engine, evs []adjudicator.Event) string {
	var paths []string
	by := map[string]int{}
	total := 0
	for _, ev := range evs {
		p := "from " + ev.Path[0] + " to the " + ev.Path[1]
		if _, ok := by[p]; !ok {
			paths = append(paths, p)
		}
		by[p] += ev.N
		total += ev.N
	}
	adj := e.Adjective(evs[0].Nation)
	if len(paths) == 1 {
		return fmt.Sprintf("%s %s", games.Count(total, adj+" raider withdraws", adj+" raiders withdraw"), paths[0])
	}
	parts := make([]string, len(paths))
	for i, p := range paths {
		parts[i] = fmt.Sprintf("%d %s", by[p], p)
	}
	return fmt.Sprintf("%s: %s", games.Count(total, adj+" raider withdraws", adj+" raiders withdraw"), adjudicator.OrJoin(parts, "and"))
}
