package britannia

import (
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Scoring by the nation cards (ref §4; seed 004 Victory points): Hold at
// the end of the listed rounds, Occupy at the end of the nation's own turn,
// Kill as units fall; the Bretwalda and the King at the end of the round.
// Points are kept in halves, so every half point is exact.

// cardOf returns nation n's card, or nil.
func cardOf(e *adjudicator.Engine, n adjudicator.NationID) *Card {
	for i, c := range D(e).Cards {
		if c.n == n {
			return &D(e).Cards[i]
		}
	}
	return nil
}

// rowFor returns the card row for a round, or nil.
func rowFor(rows []Scoring, round int) *Scoring {
	for i := range rows {
		if slices.Contains(rows[i].Rounds, round) {
			return &rows[i]
		}
	}
	return nil
}

// areaPoints totals a row's VP for the areas, halving what lies outside
// the row's Cap region beyond half of what lies inside (ref §4 notes: "points
// outside Wales limited to half of the Wales points"), to the half point
// below. It returns the total and the area names scored.
func areaPoints(b *games.Board, row *Scoring, areas []games.AreaID) (adjudicator.Points, []string) {
	var in, out adjudicator.Points
	var names []string
	for _, a := range areas {
		v := row.value[a]
		if v == 0 {
			continue
		}
		names = append(names, b.AreaName(a))
		if row.Cap == "" || b.InRegion(a, row.Cap) {
			in += v
		} else {
			out += v
		}
	}
	if row.Cap != "" && out > in/2 {
		out = in / 2
	}
	return in + out, names
}

// scoredAreas is what nation n holds for scoring: its own areas, and for an
// overlord its subjects' areas too (seed 004 "Vi overgiver os": "the Romans
// now score victory points for the areas the nation holds").
func scoredAreas(t *family.Turn, n adjudicator.NationID) []games.AreaID {
	areas := t.S.Held(t.B, n)
	for _, m := range X(t.S).subjects(n) {
		areas = append(areas, t.S.Held(t.B, m)...)
	}
	slices.Sort(areas)
	return areas
}

// holdAll is the end-of-round Hold scoring of every card (ref §4, seed 004
// Victory points: holding areas in the scoring rounds); a subject nation
// scores half (seed 002 §5 Submission), exactly.
func holdAll(t *family.Turn) {
	for n := range t.E.NumNations() {
		c := cardOf(t.E, n)
		if c == nil {
			continue
		}
		row := rowFor(c.Hold, t.S.Round)
		if row == nil {
			continue
		}
		p, names := areaPoints(t.B, row, scoredAreas(t, n))
		fact := adjudicator.Event{What: "cb-hold-vp", Areas: names}
		if o := X(t.S).overlord(n); o >= 0 {
			p /= 2
			fact.Args = []string{t.E.NationName(o)}
		}
		if p == 0 {
			continue
		}
		awardPoints(t, n, p, fact)
	}
}

// occupyScore is the Occupy row of the acting nation's card for this
// round (ref §4: points for each listed area occupied during the round),
// counted for the areas it holds at the end of its movement and battles,
// before raiders withdraw (ref §4 Danes XI: "at the start of the raider
// withdrawal phase").
func occupyScore(t *family.Turn) {
	c := cardOf(t.E, t.N)
	if c == nil {
		return
	}
	row := rowFor(c.Occupy, t.S.Round)
	if row == nil {
		return
	}
	p, names := areaPoints(t.B, row, t.S.Held(t.B, t.N))
	if p > 0 {
		awardPoints(t, t.N, p, adjudicator.Event{What: "cb-occupy-vp", Areas: names})
	}
}

// awardPoints gives nation n points (halves allowed), with a score event:
// the fact given with the nation and the points (Turn.AwardFact in
// halves).
func awardPoints(t *family.Turn, n adjudicator.NationID, p adjudicator.Points, fact adjudicator.Event) {
	t.S.Nations[n].VP += p
	fact.Kind, fact.Nation, fact.N, fact.VP = adjudicator.EvScore, t.E.NationName(n), p.Whole(), p
	t.Emit(fact)
}

// scoreKills is BattleRules.Kills: the Kill rows of the killer's card
// (ref §4): VP for each unit of the row's kind of the row's victims, in
// its rounds, only in the killer's own turn where the card says so.
func scoreKills(t *family.Turn, b *family.Battle, killer, victim adjudicator.NationID, kills []int) {
	c := cardOf(t.E, killer)
	if c == nil {
		return
	}
	for _, k := range c.Kill {
		if k.Leader != "" || !inRounds(k.Rounds, t.S.Round) || (k.OwnTurn && killer != t.N) {
			continue
		}
		if len(k.victims) > 0 && !slices.Contains(k.victims, victim) {
			continue
		}
		n := 0
		for kind, x := range kills {
			if k.Kind == t.E.R.Kinds[kind].Name || (k.Kind == "any" && t.E.R.Kinds[kind].Army) {
				n += x
			}
		}
		if n > 0 {
			t.Award(killer, n*k.VP, adjudicator.Event{What: "cb-kill-vp", Kills: []adjudicator.Count{{Kind: k.Kind, N: n}}, Args: adjudicator.Args(t.E.NationName(victim), t.Name(b.Area))})
		}
	}
}

// killed counts the units of a Kill row's kind: "1 Roman army", "2
// armies" (kind any, armies only).
func killed(e *adjudicator.Engine, kind string, n int) string {
	for id, k := range e.R.Kinds {
		if k.Name == kind {
			return units(e, adjudicator.KindID(id), n)
		}
	}
	return games.Count(n, "army", "armies")
}

// scoreLeaderKill is BattleRules.LeaderKilled: the Kill rows naming the
// leader (ref §4: Boudicca, Aelle, Arthur, Harold ...) on the killer's
// card, and the rows of any card that score when one of its "by" nations
// kills him (ref §4 Normans: Harold); a card scores a leader once, though
// two of its rows name him (the switch adjudicator.LeaderKillOnce).
func scoreLeaderKill(t *family.Turn, killer, victim adjudicator.NationID, name string) {
	for _, c := range D(t.E).Cards {
		scored := false
		for _, k := range c.Kill {
			if scored && t.E.Plays(adjudicator.LeaderKillOnce) {
				break
			}
			if games.Fold(k.Leader) != games.Fold(name) || !inRounds(k.Rounds, t.S.Round) {
				continue
			}
			byOK := slices.ContainsFunc(k.By, func(b string) bool { return games.Fold(b) == games.Fold(t.E.NationName(killer)) })
			if (len(k.By) == 0 && c.n == killer) || byOK {
				t.Award(c.n, k.VP, adjudicator.Event{What: "cb-leader-kill-vp", Leader: name, Args: adjudicator.Args(t.E.NationName(killer))})
				scored = true
			}
		}
	}
}

// englishAreas counts the areas of the title's region nation n holds.
func englishAreas(t *family.Turn, n adjudicator.NationID, region string) int {
	return regionAreas(t.E, t.S, n, region)
}

// bretwalda is the election at the end of VIII-X (seed 004 The bretwalda):
// every nation has a vote for each English area it holds and gives them
// all to one nation, by its "vote NATION" line (collectVotes), else to
// itself (docs/orders.md); a nation with more than half the votes is Bretwalda
// and scores 4 VP.
func bretwalda(t *family.Turn) {
	br := D(t.E).Bretwalda
	if !slices.Contains(br.Rounds, t.S.Round) {
		return
	}
	votes := make([]int, t.E.NumNations())
	total := 0
	var cast []any // each voter, its votes and the nation it votes for
	for m := range t.E.NumNations() {
		v := englishAreas(t, m, br.Region)
		if v == 0 {
			continue
		}
		to := voteOf(t, m)
		votes[to] += v
		total += v
		cast = append(cast, t.E.NationName(m), v, t.E.NationName(to))
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-bretwalda-vote", Args: adjudicator.Args(cast...)})
	for n, v := range votes {
		if 2*v > total {
			t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-bretwalda", Nation: t.E.NationName(n), N: br.VP, Args: adjudicator.Args(v, total)})
			t.Award(n, br.VP, adjudicator.Event{What: "cb-bretwalda-vp"})
			return
		}
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-no-bretwalda"})
}

// voteOf is nation m's Bretwalda vote: the one recorded at the end of the
// round's nation turns (collectVotes), else its own nation (docs/orders.md).
func voteOf(t *family.Turn, m adjudicator.NationID) adjudicator.NationID {
	if v := X(t.S).Votes[m]; v >= 0 {
		return v
	}
	return m
}

// collectVotes records, at the end of every nation turn of a Bretwalda
// round, each nation's "vote" line as it stands (its turn file in its own
// turn, else its standing orders): the vote is a Decision of every nation
// at the end of the round, collected by mail before the round ends, so no
// round end waits for a mail (issue 12; docs/orders.md).
// A vote by or for a nation not in play is not recorded (switch
// bretwalda-in-play): the voter votes for itself, as with no vote line
// (seed 002 Bretwalda). With switch bretwalda-own-vote a nation's vote is
// its standing orders' vote line, else the vote line of its own file of
// this round (which stands to the end of the round), else its own nation
// (docs/orders.md C9); before it the vote line of a nation's own file
// counted only until the next nation turn.
func collectVotes(t *family.Turn) {
	if !slices.Contains(D(t.E).Bretwalda.Rounds, t.S.Round) {
		return
	}
	x := X(t.S)
	defer voteDue(t)
	own := t.E.Plays(adjudicator.BretwaldaOwnVote)
	if v := fileVote(t, t.In.Orders, t.N); own && v >= 0 {
		x.setTurnVote(t.N, v, t.E.NumNations())
	}
	for m := range x.Votes {
		f := t.DecisionFile(m)
		if own {
			f = t.Standing(m)
		}
		x.Votes[m] = fileVote(t, f, m)
		if own && x.Votes[m] < 0 {
			x.Votes[m] = x.turnVote(m)
		}
	}
}

// fileVote is the first vote line of nation m's file f, or -1 for none or
// one by or for a nation not in play (switch bretwalda-in-play).
func fileVote(t *family.Turn, f *orders.File, m adjudicator.NationID) adjudicator.NationID {
	if f == nil {
		return -1
	}
	for _, st := range f.Body {
		if v, ok := st.(Vote); ok {
			if to := mustNation(t.E, v.For); !t.E.Plays(adjudicator.BretwaldaInPlay) || inPlay(t.E, t.S, to) && inPlay(t.E, t.S, m) {
				return to
			}
			return -1
		}
	}
	return -1
}

// king is the King at the end of XI-XIV (seed 004 The king): the nation
// holding at least twice as many English areas as any other, and at least
// four, is King: 8 VP and an infantry, placed in the English area it holds
// with the fewest of its armies. In XVI only a nation led by Harold,
// William, Harald Hardrada or Svein Estrithson may be King, for 10 VP; the
// seeds do not give XVI's special rule, so the one of those nations that
// holds the most English areas (at least four, no tie) is King.
func king(t *family.Turn) {
	k := D(t.E).King
	final := k.Final.Round == t.S.Round
	if !final && !slices.Contains(k.Rounds, t.S.Round) {
		return
	}
	count := make([]int, t.E.NumNations())
	for n := range count {
		if !final || hasFinalLeader(t, n) {
			count[n] = englishAreas(t, n, "England")
		}
	}
	best := -1
	for n, c := range count {
		if c >= k.Min && (best < 0 || c > count[best]) {
			best = n
		}
	}
	if best < 0 || !crowned(count, best, final) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-no-king"})
		return
	}
	vp := k.VP
	if final {
		vp = k.Final.VP
	}
	crown(t, best, count[best], vp, !final)
}

// crown makes nation n King with count English areas: vp VP, and with army
// the King's infantry (seed 004 The king).
func crown(t *family.Turn, n adjudicator.NationID, count, vp int, army bool) {
	name := t.E.NationName(n)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-king", Nation: name, N: vp, Args: adjudicator.Args(count)})
	t.Award(n, vp, adjudicator.Event{What: "cb-king-vp"})
	if army && D(t.E).King.Infantry > 0 {
		t.As(n, func() { kingsArmy(t, D(t.E).King.Infantry) })
	}
}

// turnKing is the second King of XIV (seed 002 §6: "Turn 14: Danes may have
// two kings (Sweyn/Canute)"; ref §3 XIV King Cnut rule): at the end of the
// Danes' turn of XIV they are King if they hold at least twice as many
// English areas as any other nation, and at least four, as at a round's end
// (8 VP and an infantry); the round's King follows at its end, and the Danes
// may be King again then. Which nation and round: the tables' king: turn:.
// Switch turn-king (games of an engine before it had no such King).
func turnKing(t *family.Turn) {
	if !t.E.Plays(adjudicator.TurnKing) || !turnKingDue(t) {
		return
	}
	count := make([]int, t.E.NumNations())
	for n := range count {
		count[n] = englishAreas(t, n, "England")
	}
	if count[t.N] < D(t.E).King.Min || !crowned(count, t.N, false) {
		t.Emit(adjudicator.Event{Kind: adjudicator.EvKing, What: "cb-turn-king-short", Args: adjudicator.Args(count[t.N])})
		return
	}
	crown(t, t.N, count[t.N], D(t.E).King.VP, true)
}

// turnKingDue reports whether the acting nation's turn ends with a King test
// (KingRules.Turn).
func turnKingDue(t *family.Turn) bool {
	for _, tk := range D(t.E).King.Turn {
		if tk.Round == t.S.Round && mustNation(t.E, tk.Nation) == t.N {
			return true
		}
	}
	return false
}

// crowned reports whether nation n's count makes it King: twice every
// other (XI-XIV), or the most with no tie (XVI).
func crowned(count []int, n int, final bool) bool {
	for m, c := range count {
		if m == n {
			continue
		}
		if (!final && count[n] < 2*c) || (final && c == count[n]) {
			return false
		}
	}
	return true
}

// hasFinalLeader reports whether one of the XVI leaders of nation n is on
// the board.
func hasFinalLeader(t *family.Turn, n adjudicator.NationID) bool {
	li := t.S.LeaderOf(n)
	return li >= 0 && slices.Contains(D(t.E).King.Final.Leaders, t.S.Leaders[li].Name)
}

// kingsArmy places the King's extra infantry in the English area the
// acting nation holds with the fewest of its armies.
func kingsArmy(t *family.Turn, k int) {
	k = min(k, t.Available(Infantry))
	best := games.NoArea
	for _, a := range t.S.Held(t.B, t.N) {
		if t.B.InRegion(a, "England") && (best == games.NoArea || t.S.Units(a, t.N) < t.S.Units(best, t.N)) {
			best = a
		}
	}
	if k <= 0 || best == games.NoArea {
		return
	}
	t.S.Add(best, t.N, Infantry, k)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-king-army", Area: t.Name(best), N: k})
}

// voteDue is the note every step report of a Bretwalda round carries: the
// vote is due, its deadline, and the votes recorded so far (issue 12: "a
// vote that is due is shown in every player's report with the deadline").
//
// It names the last round of the votes and lists only the votes of
// nations in play (seed 002 Bretwalda: Turns 8-10; switch
// bretwalda-in-play).
func voteDue(t *family.Turn) {
	rounds := D(t.E).Bretwalda.Rounds
	args := []string{t.G.Tables.Round(t.S.Round).Label, t.G.Tables.Round(slices.Max(rounds)).Label, strconv.Itoa(len(rounds))}
	args = append(args, roundLabels(t.E, rounds)...)
	for m, v := range X(t.S).Votes {
		if v >= 0 && (!t.E.Plays(adjudicator.BretwaldaInPlay) || inPlay(t.E, t.S, m)) {
			args = append(args, t.E.NationName(m), t.E.NationName(v))
		}
	}
	t.Emit(adjudicator.Event{Kind: "vote", What: "cb-vote-due", Args: args})
}
