package reduxlr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/games"
)

// viewWords are the ruleset's words (View.Words): reduX Core's
// (redux.Words), Leaders and Raiders' of the library's facts (Words) and
// of its own (words).
var viewWords = adjudicator.Merge(redux.Words, Words, words)

// words are the facts of Leaders and Raiders' own rules, by What: its
// refusals, then cavalry and leaders (9.1-9.4), scoring (10), the Raider
// Withdrawal Phase (11.5) and the final round (11.6).
var words = adjudicator.Words{
	"lr-extra-no-place": {Rule: "reduX L&R 11.6.1", Words: adjudicator.F("nothing to place: an extra nation turn has no population increase")},
	"lr-crown-not-cnut": {Rule: "reduX L&R 9.4", Words: adjudicator.F("only the Danes, in the nation turn they receive Cnut, choose whether to become Rex Anglorum")},
	// Args: the area.
	"lr-stay-not-england": {Rule: "reduX L&R 9.4", Words: adjudicator.F("Cnut's raiders may stay only in England, not in %s")},
	// Args: the nation, the area.
	"lr-no-raiding-armies": {Rule: "reduX L&R 9.4", Words: adjudicator.F("the %s have no raiding armies in %s")},
	// Args: how many raiding armies may stay.
	"lr-stay-most":     {Rule: "reduX L&R 9.4", Words: adjudicator.F("at most %d of Cnut's raiding armies stay in England")},
	"lr-stay-not-cnut": {Rule: "reduX L&R 9.4", Words: adjudicator.F("\"stay\" is only for Cnut's raiders; raiders stay on land unless told to withdraw")},
	// Args: the nation.
	"lr-no-raid-turn": {Rule: "reduX L&R 11.5", Words: adjudicator.F("the %s have no Raiding turn this round, so no raiders withdraw")},
	// Args: the area.
	"lr-withdraw-from-land": {Rule: "reduX L&R 11.5", Words: adjudicator.F("raiders withdraw from a land area, not %s")},
	// Args: the nation, the area.
	"lr-no-raiders-left": {Rule: "reduX L&R 11.5", Words: adjudicator.F("the %s have no raiding units left in %s")},
	// Args: the nation.
	"lr-no-cavalry-for-infantry": {Rule: "reduX L&R 11.6.1", Words: adjudicator.F("the %s may not take cavalry for infantry")},
	// Args: how many cavalry may replace infantry, and for how many
	// infantry each.
	"lr-cavalry-for-infantry": {Rule: "reduX L&R 11.6.1", Words: adjudicator.F("only %d cavalry can replace infantry (one for %d infantry, from the cavalry not in play)")},
	// Args: the nation.
	"lr-extra-at-sea": {Rule: "reduX L&R 11.6.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the %s extra reinforcements are invaders placed at sea", games.Possessive(ev.Arg(0)))
	}},

	// Args: the Romano-British cavalry removed for want of infantry.
	"lr-arthur-gone": {Rule: "reduX L&R 9.3", Words: arthurGoneWords},
	// Their words cite no rule (Quiet). Args: the area not held.
	"lr-does-not-come": {Rule: "reduX L&R 9.2", Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		who := ev.Leader
		if who == "" {
			who = fmt.Sprintf("The %s reinforcement", games.Possessive(ev.Nation))
		}
		return fmt.Sprintf("%s does not come: the %s do not hold %s", who, ev.Nation, ev.Arg(0))
	}},
	"lr-leader-fallen": {Rule: "reduX L&R 9.2", Quiet: true, Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return ev.Leader + " was eliminated and does not come back"
	}},
	// Args: the Romano-British.
	"lr-provoked": {Rule: "reduX L&R 9.3", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s attack the %s, who may now attack them", ev.Nation, ev.Arg(0))
	}},
	"lr-cnut-not-rex": {Rule: "reduX L&R 9.4, 10.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s is in England, but the %s do not qualify as Rex Anglorum", ev.Leader, ev.Nation)
	}},
	"lr-cnut-declines": {Rule: "reduX L&R 9.4", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s choose not to become Rex Anglorum with %s", ev.Nation, ev.Leader)
	}},
	"lr-cnut-rex": {Rule: "reduX L&R 9.4, 10.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("With %s in England the %s become Rex Anglorum", ev.Leader, ev.Nation)
	}},
	"lr-cnut-army": {Rule: "reduX L&R 9.4", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("As Rex Anglorum the %s receive %s, placed in %s", ev.Nation, e.Counted(ev.N, ev.Nation, "army", "armies"), ev.Area)
	}},

	// Args: the area raided, occupied.
	"lr-raid-vp":   {Rule: "reduX L&R 10.3", Words: redux.Scored("for raiding %s")},
	"lr-occupy-vp": {Rule: "reduX L&R 10.2", Words: redux.Scored("for occupying %s")},
	// Args: the areas of England and its borders held.
	"lr-bretwalda-vp": {Rule: "reduX L&R 10.5", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return redux.Scored("as Bretwalda, holding ")(e, ev) + games.Count(ev.ArgN(0), "area", "areas") + " of England and its borders"
	}},
	// Kills: the units eliminated; Args: their nation.
	"lr-kill-vp": {Rule: "reduX L&R 10.4", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return redux.Scored("for eliminating ")(e, ev) + unitsText(killed(ev, "infantry"), killed(ev, "cavalry")) + " of the " + ev.Arg(0)
	}},
	"lr-leader-kill-vp": {Rule: "reduX L&R 10.4", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return redux.Scored("for eliminating ")(e, ev) + ev.Leader
	}},
	"lr-rex-vp":  {Rule: "reduX L&R 10.6", Words: redux.Scored("as Rex Anglorum")},
	"lr-king-vp": {Rule: "reduX L&R 11.6", Words: redux.Scored("as King of England")},
	"lr-no-rex":  {Rule: "reduX L&R 10.6", Words: adjudicator.F("No nation qualifies as Rex Anglorum")},
	"lr-rex": {Rule: "reduX L&R 10.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s hold the most areas of England, at least as many as the next two together, and are Rex Anglorum", ev.Nation)
	}},
	"lr-rex-army": {Rule: "reduX L&R 10.6", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("As Rex Anglorum the %s receive %s more, placed in %s", ev.Nation, e.Counted(ev.N, ev.Nation, "army", "armies"), ev.Area)
	}},
	// Areas: the scoring centres held, then the areas adjacent to them,
	// then the others; Args: how many are centres, how many adjacent.
	"lr-holding": {Rule: "reduX L&R 10.1", Words: holdingWords},

	"lr-withdrawal-phase": {Rule: "reduX L&R 11.5", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s Raider Withdrawal Phase", games.Possessive(ev.Nation))
	}},
	"lr-withdrawal-limit": {Rule: "reduX L&R 11.5", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("the withdrawal would put the %s %s over their population limit while raiders stay behind: no raider withdraws", ev.Nation, games.Count(ev.N, "army", "armies"))
	}},
	"lr-cnut-removed": {Rule: "reduX L&R 9.4", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s in %s can neither stay nor go back to sea with %s and %s removed", e.Counted(ev.N, ev.Nation, "raiding army", "raiding armies"), ev.Area, ev.Leader, isAre(ev.N))
	}},
	"lr-withdraw": {Rule: "reduX L&R 11.5", Words: func(e *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s %s from %s to %s", e.Counted(ev.N, ev.Nation, "raiding army", "raiding armies"), adjudicator.Verb(ev.N, "withdraws", "withdraw"), ev.Path[0], ev.Path[1])
	}},
	"lr-leader-withdraws": {Rule: "reduX L&R 9.2.3", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return ev.Leader + " goes back to sea with them"
	}},
	// Args: the raiding armies that go with him.
	"lr-cnut-to-sea": {Rule: "reduX L&R 9.4", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s goes back to %s with %d raiding %s", ev.Leader, ev.Area, ev.ArgN(0), armies(ev.ArgN(0)))
	}},
	"lr-leader-to-sea": {Rule: "reduX L&R 9.2.3", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return ev.Leader + " goes back to sea with the raiders"
	}},
	"lr-leader-stranded": {Rule: "reduX L&R 9.2.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s is left without armies in %s and leaves play", ev.Leader, ev.Area)
	}},

	// Args: how many leaders are eligible, their names, then each extra
	// nation turn's nation, armies and leader ("" for none).
	"lr-extra-turns": {Rule: "reduX L&R 11.6.1", Words: extraTurnsWords},
	"lr-extra-turn": {Rule: "reduX L&R 11.6.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s extra nation turn: no population increase, the leader stays", games.Possessive(ev.Nation))
	}},
	"lr-king": {Rule: "reduX L&R 11.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s is the only leader eligible to be King: the %s give England its King", ev.Leader, ev.Nation)
	}},
	"lr-no-king": {Rule: "reduX L&R 11.6", Words: adjudicator.F("No leader is eligible to be King: there is no King of England")},
	// Args: the leaders still eligible.
	"lr-king-undecided": {Rule: "reduX L&R 11.6.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return adjudicator.OrJoin(ev.Args, "and") + " are still eligible to be King: there is no King of England"
	}},
}

func isAre(n int) string { return adjudicator.Verb(n, "is", "are") }

// killed is how many units of a kind an event's Kills count.
func killed(ev adjudicator.Event, kind string) int {
	for _, c := range ev.Kills {
		if c.Kind == kind {
			return c.N
		}
	}
	return 0
}

// arthurGoneWords: Arthur's cavalry become infantry, or are removed for
// want of them (9.3).
func arthurGoneWords(e *adjudicator.Engine, ev adjudicator.Event) string {
	become := adjudicator.Verb(ev.N, "becomes", "become")
	cav := e.Counted(ev.N, ev.Nation, "cavalry", "cavalry")
	if gone := ev.ArgN(0); gone > 0 {
		return fmt.Sprintf("%s has left play: %s in %s %s infantry and %d %s removed for want of infantry", ev.Leader, cav, ev.Area, become, gone, isAre(gone))
	}
	return fmt.Sprintf("%s has left play: %s in %s %s infantry", ev.Leader, cav, ev.Area, become)
}

// holdingWords: a holding score (10.1), the centres marked "*", the
// adjacent areas "+", and the other areas beyond the centres and
// adjacent areas not counted.
func holdingWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	centres, adj := ev.ArgN(0), ev.ArgN(1)
	other := len(ev.Areas) - centres - adj
	names := make([]string, len(ev.Areas))
	for i, a := range ev.Areas {
		switch {
		case i < centres:
			a += "*"
		case i < centres+adj:
			a += "+"
		}
		names[i] = a
	}
	s := fmt.Sprintf("The %s score %s VP for holding %s: %s", ev.Nation, ev.VP, redux.Held([2]string{"scoring centre", "scoring centres"}, centres,
		[2]string{"adjacent area", "adjacent areas"}, adj, [2]string{"other area", "other areas"}, other), strings.Join(names, ", "))
	if counted := min(other, centres+adj); counted < other {
		s += fmt.Sprintf(" (only %s %s)", games.Count(counted, "other area", "other areas"), adjudicator.Verb(counted, "counts", "count"))
	}
	return s
}

// extraTurnsWords: who is eligible to be King, and the extra nation turns
// that decide (11.6.1).
func extraTurnsWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	k := min(ev.ArgN(0)+1, len(ev.Args))
	names, turns := ev.Args[1:k], ev.Args[k:]
	var parts []string
	for i := 0; i+2 < len(turns); i += 3 {
		n, _ := strconv.Atoi(turns[i+1])
		p := fmt.Sprintf("the %s with %d %s", turns[i], n, armies(n))
		if turns[i+2] != "" {
			p += " and " + turns[i+2]
		}
		parts = append(parts, p)
	}
	return fmt.Sprintf("%s are eligible to be King: extra nation turns for %s", adjudicator.OrJoin(names, "and"), strings.Join(parts, "; "))
}
