package hybreasil

import (
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

func itoa(n int) string { return strconv.Itoa(n) }

// eventFor reads table 1 for a total (Hy Breasil 6.1): 12 and more is the
// last row.
func eventFor(e *adjudicator.Engine, total int) string {
	ev := D(e).Events
	return ev[max(1, min(total, len(ev)))-1]
}

// rollEvent rolls nation n's random event: a die plus its civilization
// tokens (Hy Breasil 6.1).
func rollEvent(t *adjudicator.Turn, n adjudicator.NationID, phase string) string {
	die := roll(t, phase)
	ev := eventFor(t.E, die+X(t.S).Civ[n])
	t.Emit(adjudicator.Event{Kind: EvEvent, What: "event-roll", For: forNext(t, n), Die: die, Args: adjudicator.Args(X(t.S).Civ[n], ev)})
	return ev
}

// forNext is nation n's name when it is not the acting nation: the nation
// due next, whose random event is rolled as its turn becomes due (6.1,
// Event.For); "" for the acting nation.
func forNext(t *adjudicator.Turn, n adjudicator.NationID) string {
	if n == t.N {
		return ""
	}
	return t.E.NationName(n)
}

// rollNext rolls the random event of the nation whose turn is now due, so
// that its owner writes its orders knowing it (issue 13: the event is shown
// in the "your turn" mail). A nation in its first turn gets Strong leader
// without a roll (Hy Breasil 6.1).
func rollNext(t *adjudicator.Turn) {
	st := Due(t.E, t.S)
	if st.Kind != adjudicator.NationTurn {
		return
	}
	n, x := st.Nation, X(t.S)
	if x.Event[n] != "" {
		return
	}
	if x.Entered[n] == t.S.Round {
		x.Event[n] = StrongLeader
		t.Emit(adjudicator.Event{Kind: EvEvent, What: "first-turn-event", For: forNext(t, n)})
		return
	}
	x.Event[n] = rollEvent(t, n, "event")
}

// randomEvent is the random events phase (Hy Breasil 6.1): the event rolled
// when the turn became due (or foretold, 9.3.1 Prophecy), rerolled at the
// cost of a civilization token as the nation's reroll policy says, then
// carried out; a nation with Prophecy then rolls its next turn's event.
func randomEvent(t *adjudicator.Turn) {
	carryEvent(t)
	if has(t.S, t.N, Prophecy) && X(t.S).Event[t.N] == "" && t.S.OnBoard(t.N) > 0 {
		prophesy(t, t.N)
	}
}

// carryEvent rolls, rerolls and carries out the turn's event (6.1).
func carryEvent(t *adjudicator.Turn) {
	n, x := t.N, X(t.S)
	ev := x.Event[n]
	x.Event[n] = ""
	if ev == "" {
		ev = rollEvent(t, n, "event")
	}
	if x.Entered[n] != t.S.Round {
		pol := policy(t)
		for pol.wants(ev, x.Civ[n]) && !ignores(x.Race[n], ev) && takeCiv(t, n, whyReroll, ev) {
			ev = rollEvent(t, n, "reroll")
		}
	}
	if ignores(x.Race[n], ev) {
		happen(t, EvEvent, "cold-blooded", ev)
		return
	}
	for !canOccur(t, ev) {
		if ev == CivilWar {
			happen(t, EvEvent, "no-civil-war")
		} else {
			happen(t, EvEvent, "all-abilities")
		}
		if !anyCanOccur(t, n) {
			happen(t, EvEvent, "no-event-can-occur")
			return
		}
		ev = rollEvent(t, n, "reroll")
	}
	tx(t).event = ev
	if submissionEnds(t, ev) {
		return
	}
	switch ev {
	case Reinforcements:
		reinforcements(t)
	case Plague:
		plague(t)
	case CivilWar:
		civilWar(t)
	case Civilization:
		civilization(t)
	}
}

// canOccur says whether event ev can happen to the acting nation: Civil
// war needs an unused token set and two areas, Civilization an ability
// left to gain (Hy Breasil 6.1, 9.3); any other event can.
func canOccur(t *adjudicator.Turn, ev string) bool {
	switch ev {
	case CivilWar:
		return civilWarPossible(t)
	case Civilization:
		return !allAbilities(t)
	}
	return true
}

// anyCanOccur says whether some roll of the die gives nation n an event
// that can happen. The rules roll a new event for one that cannot (Hy
// Breasil 6.1), and are silent where none can: with 11 civilization
// tokens every total is 12 or more, Civil war, which a nation in one area
// or with no token set left cannot have. pbem then rolls no more and the
// nation has no random event this turn.
func anyCanOccur(t *adjudicator.Turn, n adjudicator.NationID) bool {
	for die := 1; die <= 6; die++ {
		if canOccur(t, eventFor(t.E, die+X(t.S).Civ[n])) {
			return true
		}
	}
	return false
}

// takeCiv makes one of nation n's units a civilization token (Hy Breasil
// 6.1): from its unused tokens, else from the board (the area where it has
// the most units, the earliest at a tie). why says what for (whyReroll,
// whyRerollReply with the event rerolled, whyCivilization). It reports
// false when the nation has no unit left to take.
func takeCiv(t *adjudicator.Turn, n adjudicator.NationID, why, event string) bool {
	ev := adjudicator.Event{Kind: EvEvent, What: "civ-token", Nation: t.E.NationName(n), Args: []string{why, event}}
	if Pool(t.E, t.S, n) <= 0 {
		a := largestStack(t.S, t.B, n, false)
		if a == games.NoArea {
			return false
		}
		t.S.Add(a, n, Army, -1)
		ev.What, ev.Args = "civ-token-unit", append(ev.Args, t.Name(a))
	}
	t.Emit(ev)
	X(t.S).Civ[n]++
	return true
}

// largestStack is the area where nation n has the most units (land only
// when landOnly), the earliest on the board at a tie; NoArea for none.
func largestStack(s *adjudicator.State, b *games.Board, n adjudicator.NationID, landOnly bool) games.AreaID {
	best, bestN := games.NoArea, 0
	for a := range b.Areas {
		id := games.AreaID(a)
		if landOnly && !b.IsLand(id) {
			continue
		}
		if c := s.Units(id, n); c > bestN {
			best, bestN = id, c
		}
	}
	return best
}

// reinforcements is the event Reinforcements (Hy Breasil 6.1): a die's
// worth of unused tokens in the sea the nation started from.
func reinforcements(t *adjudicator.Turn) {
	x := X(t.S)
	k := roll(t, "reinforcements")
	k = min(k, Pool(t.E, t.S, t.N))
	if x.Home[t.N] == games.NoArea || k <= 0 {
		happen(t, EvEvent, "reinforcements-none")
		return
	}
	t.S.Add(x.Home[t.N], t.N, Army, k)
	happen(t, EvEvent, "reinforcements", k, t.Name(x.Home[t.N]))
}

// civilization is the event Civilization (Hy Breasil 6.1): 5 VP for the
// nation's owner and a civilization token.
func civilization(t *adjudicator.Turn) {
	if t.G.HasOption("abilities") {
		gainAbility(t)
	} else {
		score(t, t.N, D(t.E).CivilizationVP)
	}
	takeCiv(t, t.N, whyCivilization, "")
}

// plague is the event Plague (Hy Breasil 6.1): a die's worth of the
// nation's units removed, one at a time from its largest stack (pbem's
// default: the seed leaves the choice to the owner), then as many of other
// players' units in the areas bordering those it lost units in, one at a
// time from the largest such stack (the owner may; pbem's default does,
// sparing the owner's own other nations).
func plague(t *adjudicator.Turn) {
	k := roll(t, "plague")
	t.Emit(adjudicator.Event{Kind: EvEvent, What: "plague", Die: k})
	plagueOf(t, k)
}

// plagueOf carries out a Plague of k (plague, after its die).
func plagueOf(t *adjudicator.Turn, k int) {
	hit := make([]bool, len(t.B.Areas))
	for i := 0; i < k; i++ {
		a := largestStack(t.S, t.B, t.N, false)
		if a == games.NoArea {
			break
		}
		t.S.Add(a, t.N, Army, -1)
		hit[a] = true
		happen(t, adjudicator.EvRemove, "plague-loss", t.Nation(), t.Name(a))
	}
	near := make([]bool, len(t.B.Areas))
	for a, h := range hit {
		if h {
			for _, e := range t.B.Edges(games.AreaID(a)) {
				near[e.To] = true
			}
		}
	}
	owner := t.S.Nations[t.N].Owner
	for i := 0; i < k; i++ {
		a, m := foreignStack(t, near, owner)
		if a == games.NoArea {
			break
		}
		t.S.Add(a, m, Army, -1)
		happen(t, adjudicator.EvRemove, "plague-loss", t.E.NationName(m), t.Name(a))
	}
	removeEmpty(t)
}

// foreignStack is the largest stack in the marked areas of a nation owned
// by another player than owner, the earliest area and nation at a tie.
func foreignStack(t *adjudicator.Turn, in []bool, owner int) (games.AreaID, adjudicator.NationID) {
	best, bm, bestN := games.NoArea, -1, 0
	for a := range in {
		if !in[a] {
			continue
		}
		for m := range t.S.Nations {
			if !InPlay(t.S, m) || t.S.Nations[m].Owner == owner || X(t.S).Race[m] == "lizardman" {
				continue
			}
			if c := t.S.Units(games.AreaID(a), m); c > bestN {
				best, bm, bestN = games.AreaID(a), m, c
			}
		}
	}
	return best, bm
}

// civilWarPossible says whether Civil war can occur (Hy Breasil 6.1): an
// unused token set and two or more areas.
func civilWarPossible(t *adjudicator.Turn) bool {
	return unusedSet(t) >= 0 && len(landAreas(t.S, t.B, t.N)) >= 2
}

// civilWar is the event Civil war (Hy Breasil 6.1): half the nation's areas
// (rounded down) become a new nation, both halves connected where possible
// (splitChoice), dealt to a random player, with a token in the cup; the
// same civilization tokens and home sea.
func civilWar(t *adjudicator.Turn) {
	areas := landAreas(t.S, t.B, t.N)
	part := splitChoice(t, areas, len(areas)/2)
	m := splitOff(t, part)
	happen(t, EvSplit, "civil-war", append([]any{t.E.NationName(m)}, areaNames(t, part)...)...)
	take(t, m, randomSeat(t, nil), "dealt-civil-war")
	if InPlay(t.S, m) {
		intoCup(t, m)
	}
}

// splitOff makes the nation's units in the areas a new nation (Hy Breasil
// 6.1, 6.4): the first unused token set, the same civilization tokens and
// home sea; the old tokens go back to its pool. The new nation has no
// owner yet (take).
func splitOff(t *adjudicator.Turn, part []games.AreaID) adjudicator.NationID {
	x := X(t.S)
	m := unusedSet(t)
	t.S.Nations[m] = adjudicator.Nation{Owner: t.S.Nations[t.N].Owner}
	x.Civ[m], x.Home[m], x.Entered[m], x.Event[m], x.Race[m], x.Lord[m] = x.Civ[t.N], x.Home[t.N], 0, "", x.Race[t.N], -1
	x.Abilities[m], x.Capital[m], x.Saved[m] = slices.Clone(x.Abilities[t.N]), games.NoArea, 0 // 9.3: the same abilities
	x.Relinquish[m] = ""
	for _, a := range part {
		c := t.S.Units(a, t.N)
		t.S.Add(a, t.N, Army, -c)
		t.S.Add(a, m, Army, c)
		if x.City[a] == t.N {
			x.City[a] = m // the split nation's units, and its city (pbem's reading of 9.3.1)
		}
	}
	return m
}

// landAreas are the land areas where nation n has units, in board order.
func landAreas(s *adjudicator.State, b *games.Board, n adjudicator.NationID) []games.AreaID {
	var out []games.AreaID
	for a := 0; a < b.NumLand; a++ {
		if s.Has(games.AreaID(a), n) {
			out = append(out, games.AreaID(a))
		}
	}
	return out
}

// areaNames are the names of areas, as a fact's values.
func areaNames(t *adjudicator.Turn, as []games.AreaID) []any {
	out := make([]any, len(as))
	for i, a := range as {
		out[i] = t.Name(a)
	}
	return out
}

// rerollSuffix ends the id of the step that rerolls a nation's random
// event by reply (Asked): "r05-star-reroll".
const rerollSuffix = "-reroll"

// Asked implements adjudicator.Ruleset.Asked: the player of the nation
// due may reroll its random event before writing its orders, at the cost
// of a civilization token (Hy Breasil 6.1, "The nation can choose to
// reroll a bad random event"), as often as the nation has units to give;
// not in its first turn, which has Strong leader without a roll. A GM
// lets players do it by reply (the daemon's reroll window); without it
// the reroll policy of the orders decides (6.1, docs/orders.md).
func Asked(e *adjudicator.Engine, s *adjudicator.State) []adjudicator.Step {
	st := Due(e, s)
	if !e.Plays(adjudicator.HBRerollByReply) || st.Kind != adjudicator.NationTurn {
		return nil
	}
	n, x := st.Nation, X(s)
	if x.Event[n] == "" || x.Entered[n] == s.Round || Pool(e, s, n)+s.OnBoard(n) == 0 {
		return nil
	}
	return []adjudicator.Step{{Kind: adjudicator.AskedStep, Nation: n, ID: st.ID + rerollSuffix}}
}

// rerollAsked rerolls the event of the nation due by its player's reply
// (Asked): a civilization token taken, and a new event rolled with it
// (6.1: "Subsequent rolls ... add the new, larger number of civilization
// tokens to the die"), shown to the player before the orders are written.
func rerollAsked(t *adjudicator.Turn) {
	n, x := t.N, X(t.S)
	ev := x.Event[n]
	if !takeCiv(t, n, whyRerollReply, ev) {
		return
	}
	x.Event[n] = rollEvent(t, n, "reroll")
}
