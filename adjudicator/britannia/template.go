package britannia

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// templateRules are classic Britannia's words in the family's orders
// template (family.Template): its own citations (family.CiteOwn, never a
// reduX section), how far its units move and what stops them (seed 004
// Movement), overpopulation at the end of the turn instead of reduX's
// population limit (seed 004 5), and its own Decisions (submission,
// burhs, the Bretwalda vote: seed 002 §5, seed 004).
var templateRules = family.TemplateRules{Cite: family.CiteOwn, Moving: movingNote, Limits: limitNotes, Crowd: crowd, More: moreDecisions}

// crowd is TemplateRules.Crowd: overpopulation leaves at most two armies
// an area (seed 004 5), so the suggested turn spreads its armies two to
// an area, unless the nation is exempt this round.
func crowd(p *family.Plan) int {
	if exemptIn(p.E, p.E.NationName(p.N), p.S.Round) {
		return 0
	}
	return 2
}

// movingNote is how a classic move is written and how far it goes (seed
// 004 Movement, seed 002 §5 Roman Roads).
func movingNote(p *family.Plan) string {
	return "move N FROM > TO > TO: infantry move two areas; cavalry, Roman armies and armies with a leader three. Entering difficult terrain ends a move, unless a leader goes with it; a strait (~) takes the whole move; a Roman army stepping from a fort to a fort next to it does not count the step. " +
		"Armies may pass through another nation's area only when they are more than twice its armies there, and not in difficult terrain (an overrun). Units move once a turn" + p.Rule("reduX Core 6") +
		". Each of your stacks is listed below with its neighbours, their terrain and who is there, and the move the suggested turn makes, commented out: uncomment the lines you want. A stack with no line stays where it is."
}

// limitNotes is the overpopulation of the end of the turn with its
// numbers (seed 004 5, seed 002 §5: the Romans and, in IV and V, the
// Jutes, Angles and Saxons are exempt).
func limitNotes(p *family.Plan) []string {
	name := p.E.NationName(p.N)
	limit, on := overpopulationLimit(p.E, p.P, p.N)
	head := "Overpopulation at the end of the turn (Britannia 2005 Overpopulation): "
	if exemptIn(p.E, name, p.S.Round) {
		return []string{head + "the " + name + " are exempt this round."}
	}
	s := fmt.Sprintf("at most twice the land areas with your armies: 2 × %d = %d; you have %s on land (armies at sea do not count). The excess is removed from your largest stacks, never the last army of an area.",
		limit/2, limit, games.Count(on, "army", "armies"))
	if on > limit {
		s += fmt.Sprintf(" You are %d over: spread into more areas this turn.", on-limit)
	}
	return []string{head + s}
}

// exemptIn says whether nation name is exempt from overpopulation in a
// round (seed 004 5: not the Romans; seed 002 §5: Jutes, Angles, Saxons
// in IV and V).
func exemptIn(e *adjudicator.Engine, name string, round int) bool {
	d := D(e)
	fold := func(s string) bool { return strings.EqualFold(s, name) }
	if slices.ContainsFunc(d.Population.NoOverpopulation, fold) {
		return true
	}
	for _, x := range d.Population.Exempt {
		if slices.ContainsFunc(x.Nations, fold) && slices.Contains(x.Rounds, round) {
			return true
		}
	}
	return false
}

// moreDecisions are the classic Decisions of the turn with their
// defaults: submission (seed 002 §5 Submission), the Saxon burhs (seed
// 002 §5 Saxon Burhs) and the Bretwalda vote (seed 004 The bretwalda).
func moreDecisions(p *family.Plan) (decide []string, items []adjudicator.TemplateItem) {
	d, name, round := D(p.E), p.E.NationName(p.N), p.S.Round
	for _, row := range d.Submission {
		if strings.EqualFold(row.Nation, name) && slices.Contains(row.Rounds, round) {
			decide = append(decide, fmt.Sprintf("Submission: while you hold at most %d areas you may submit to the %s with \"submit to %s\", here or in your standing orders; by default you do not submit (Britannia 2005 §5 Submission).", row.AtMost, row.To, row.To))
			items = append(items, adjudicator.TemplateItem{Note: fmt.Sprintf("Submission (Britannia 2005 §5 Submission): at the end of any nation turn in which you hold at most %d areas, this line makes you the %s' subject: they score your areas, you may not attack each other, and you keep half your population points. By default you do not submit.", row.AtMost, row.To)})
		}
	}
	if strings.EqualFold(d.Burhs.Nation, name) && slices.Contains(d.Burhs.Rounds, round) {
		decide = append(decide, fmt.Sprintf("Burhs: \"burhs AREA, AREA\" buys burhs for %d population points each in areas you hold; by default none (Britannia 2005 §5 Saxon Burhs).", d.Burhs.Cost))
	}
	if slices.Contains(d.Bretwalda.Rounds, round) {
		decide = append(decide, "Bretwalda: \"vote NATION\" gives your vote, here or in your standing orders; by default you vote for yourselves (Britannia 2005 The bretwalda).")
	}
	return decide, items
}
