package britannia

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// The Romans (ref §2.4, §3 I-VI; seed 002 §5 Roman Forts; seed 004
// Population Increase, Roman forts): their Timeline arrival, the legion
// withdrawal of II, reinforcements by table instead of population, forts,
// their departure in VI, and Boudicca's revolt against them.

// romanPool is how many Roman armies there are: the Nation List's, or the
// first edition's 15 (option first-edition-romans, seed 002 §3).
func romanPool(e *adjudicator.Engine) int {
	d := D(e)
	if e.G.HasOption("first-edition-romans") && d.Romans.FirstEdition.Armies > 0 {
		return d.Romans.FirstEdition.Armies
	}
	return e.G.Tables.Nations[d.roman].Armies
}

// romanPhase is the Romans' first phase: their Timeline arrival as Roman
// armies at sea (ref §3 I), the legion withdrawal (§3 II) and the
// reinforcement table (§2.4) in place of a population increase (seed 004
// Population Increase: "the Romans get reinforcements from the
// continent").
func romanPhase(t *family.Turn) {
	d := D(t.E)
	for _, a := range family.Arrivals(t.E, t.S.Round, t.N) {
		if len(a.SeaIDs) == 0 || a.Armies == 0 {
			continue
		}
		romanArrive(t, min(a.Armies, romanPool(t.E)), a.SeaIDs[0], adjudicator.Event{What: "cb-romans-arrive", Args: adjudicator.Args(t.G.Tables.Round(t.S.Round).Label)})
	}
	if w := d.Romans.Withdrawal; w.Round == t.S.Round && w.Armies > 0 {
		legionWithdrawal(t, w.Armies)
	}
	if k := romanReinforcements(t.E, t.S); k > 0 {
		sea, err := t.B.Lookup("English Channel")
		if err != nil { // a GM's board without the Channel: the first sea
			sea = games.AreaID(t.B.NumLand)
		}
		romanArrive(t, k, sea, adjudicator.Event{What: "cb-roman-reinforcements"})
	}
}

// romanArrive puts k Roman armies in a sea, as many as the pool allows:
// the fact why (a Timeline arrival, reinforcements) with what arrives.
func romanArrive(t *family.Turn, k int, sea games.AreaID, why adjudicator.Event) {
	k = min(k, romanPool(t.E)-t.S.InPlay(t.N, Roman))
	if k <= 0 {
		return
	}
	t.S.Add(sea, t.N, Roman, k)
	why.Kind, why.Area, why.N = adjudicator.EvPlace, t.Name(sea), k
	t.Emit(why)
}

// romanReinforcements is the reinforcement table of ref §2.4: by the Roman
// armies on the board, in the rounds it lists.
func romanReinforcements(e *adjudicator.Engine, s *adjudicator.State) int {
	d := D(e)
	col := -1
	for i, r := range d.Romans.ReinforcementRounds {
		if r == s.Round {
			col = i
		}
	}
	if col < 0 {
		return 0
	}
	have := s.InPlay(d.roman, Roman)
	rows := d.Romans.Reinforcements
	if e.G.HasOption("first-edition-romans") && len(d.Romans.FirstEdition.Reinforcements) > 0 {
		rows = d.Romans.FirstEdition.Reinforcements
	}
	for _, row := range rows {
		if have <= row.UpTo {
			return row.Armies[col]
		}
	}
	return 0
}

// legionWithdrawal removes k Roman armies in round II (ref §3 II): the
// file's remove statements, then the largest stacks, then single armies
// (at sea first, then in board order).
func legionWithdrawal(t *family.Turn, k int) {
	k = min(k, t.S.InPlay(t.N, Roman))
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPopulation, What: "cb-legion-withdrawal", N: k})
	before := t.S.InPlay(t.N, Roman)
	t.RemoveExcess(k, "cb-legion-remove")
	left := k - (before - t.S.InPlay(t.N, Roman))
	for a := len(t.B.Areas) - 1; a >= 0 && left > 0; a-- {
		id := games.AreaID(a)
		if c := min(left, t.S.Count(id, t.N, Roman)); c > 0 {
			t.S.Add(id, t.N, Roman, -c)
			left -= c
			t.Emit(adjudicator.Event{Kind: adjudicator.EvRemove, What: "cb-legion-withdrawn", Area: t.Name(id), N: c})
		}
	}
}

// buildForts is the Settle hook: in the Romans' turn a fort is built in
// every land area Roman armies hold that has none, and in every land area
// they held alone only on their way through (fortOnPassage), while
// counters last (seed 004 Roman forts: "when the Romans control an area a
// fort is built at once"; seed 002 §5: when a Roman army is sole occupant,
// "even moving through"). Forts are never built from round VI on (ref §3
// VI).
func buildForts(t *family.Turn) {
	x, _ := t.X.(*turnX)
	for a := 0; a < t.B.NumLand; a++ {
		id := games.AreaID(a)
		passed := x != nil && x.passed[a]
		if passed {
			x.passed[a] = false
		}
		if passed && t.S.Foreign(id, t.N) == 0 || t.S.Count(id, t.N, Roman) > 0 && t.S.Holds(id, t.N) {
			buildFort(t, id)
		}
	}
}

// fortOnPassage is the Occupy hook: it notes a land area a Roman army holds
// alone on its way through in the Romans' own turn, which buildForts gives
// a fort when the move has settled (seed 002 §5 Roman Forts: "built when a
// Roman army is sole occupant of an area for the first time (even moving
// through)"). The fort stands from the phase it is built in, so a road
// through it needs a later phase (seed 002 §5 Roman Roads).
func fortOnPassage(t *family.Turn, m adjudicator.NationID, a games.AreaID) {
	if !t.E.Plays(adjudicator.FortsOnTheWay) {
		return
	}
	if x, ok := t.X.(*turnX); ok && m == t.N && t.B.IsLand(a) && t.S.Count(a, m, Roman) > 0 && t.S.Holds(a, m) {
		x.passed[a] = true
	}
}

// buildFort builds the acting nation's fort in land area a if it is the
// Romans, a has no fort, the round is before the Romans leave and a fort
// counter is left (seed 004 Roman forts; ref §3 VI).
func buildFort(t *family.Turn, a games.AreaID) {
	d := D(t.E)
	if t.N != d.roman || t.S.Round >= d.Romans.Leave || t.S.Count(a, t.N, Fort) > 0 || t.S.InPlay(t.N, Fort) >= d.Romans.Forts {
		return
	}
	t.S.Add(a, t.N, Fort, 1)
	if x, ok := t.X.(*turnX); ok {
		x.builtIn[a] = t.Phase
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-fort", Area: t.Name(a), N: 1})
}

// romansLeave is the start of the Romano-British turn in round VI (ref §3
// VI, seed 002 §5: forts removed at the start of turn 6): every fort is
// removed; each Roman army in England becomes a Romano-British infantry
// while the Romano-British pool lasts, and the other Roman armies leave.
// The conversion is a reconstruction (ref §6: the first edition converts
// 1:1); submission to Rome ends (seed 002 §5).
func romansLeave(t *family.Turn) {
	d := D(t.E)
	if t.N != d.successor || t.S.Round != d.Romans.Leave || romanUnits(t.S) == 0 {
		return
	}
	r := d.roman
	converted, left := 0, 0
	pool := family.Pool(t.E, t.N, Infantry) - t.S.InPlay(t.N, Infantry)
	for a := range t.B.Areas {
		id := games.AreaID(a)
		t.S.Add(id, r, Fort, -t.S.Count(id, r, Fort))
		k := t.S.Count(id, r, Roman)
		if k == 0 {
			continue
		}
		t.S.Add(id, r, Roman, -k)
		c := 0
		if t.B.IsLand(id) && t.B.InRegion(id, "England") && t.S.Foreign(id, r) == 0 {
			c = min(k, pool-converted)
		}
		if c > 0 {
			t.S.Add(id, t.N, Infantry, c)
			converted += c
		}
		left += k - c
	}
	for _, n := range X(t.S).subjects(r) {
		X(t.S).protect(n, t.E.NumNations(), true)
	}
	X(t.S).endSubmission(r)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-romans-leave", N: converted, Args: adjudicator.Args(t.E.NationName(r), left)})
}

// boudicca is the Belgic revolt of round I (ref §3 I): one more Belgic
// army joins Boudicca where the Timeline put her, whatever the stacking
// limit (S3).
func boudicca(t *family.Turn) {
	b := D(t.E).Boudicca
	if t.S.Round != b.Round || b.Leader == "" || t.Nation() != t.E.NationName(mustNation(t.E, b.Nation)) {
		return
	}
	li := t.S.LeaderOf(t.N)
	if li < 0 || t.S.Leaders[li].Name != b.Leader {
		return
	}
	k := min(b.Armies, t.Available(Infantry))
	if k <= 0 {
		return
	}
	at := t.S.Leaders[li].Area
	t.S.Add(at, t.N, Infantry, k)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvPlace, What: "cb-boudicca", Area: t.Name(at), N: k, Leader: b.Leader})
}

// mustNation is a nation the loader has checked, by the name the rules:
// section writes (looked up once, Rules.ids), else any name NationIndex
// reads; -1 for none.
func mustNation(e *adjudicator.Engine, name string) adjudicator.NationID {
	if n, ok := D(e).ids[name]; ok {
		return n
	}
	n, err := e.NationIndex(name)
	if err != nil {
		return -1
	}
	return n
}

// pool is Ruleset.Pool (ref §2.3, §6): the Nation List's infantry and
// cavalry; the Romans' armies (16, or 15 with first-edition-romans) and
// forts (24); the Saxons' burhs (8).
func pool(e *adjudicator.Engine, n adjudicator.NationID, k adjudicator.KindID) int {
	d, nat := D(e), e.G.Tables.Nations[n]
	switch {
	case n == d.roman && k == Roman:
		return romanPool(e)
	case n == d.roman && k == Fort:
		return d.Romans.Forts
	case n == d.roman:
		return 0
	case k == Infantry:
		return nat.Armies
	case k == Cavalry:
		return nat.Cavalry
	case k == Burh && n == mustNation(e, d.Burhs.Nation):
		return d.Burhs.Count
	}
	return 0
}
