package hybreasil

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// What check proves of a Hy Breasil file beyond the turn's dice (switch
// check-knowable; docs/orders.md "What check proves"). Check plays the
// turn until its first die (adjudicator's foresee); these are the faults
// that no die can mend, found from the position at the start: every one
// of them the turn would skip whatever its dice, with the same words.

// foresight is what the start of a turn tells of it: the event it may
// carry out and the most new units its population increase may place.
type foresight struct {
	t *adjudicator.Turn
	// event is the event the turn carries out when no die can change it
	// (known); "" with known for none (a lizardman's Famine or Plague).
	event string
	known bool
	// rolls is the least number of civilization tokens a roll of the
	// turn's event may add to its die when it is not known: a reroll
	// takes a token first (6.1); a Civil war with no set and a
	// Civilization with every ability are rolled again without one.
	rolls int
	// newUnits is the most units the population increase may place (6.2).
	newUnits int
	// cleared marks the areas a Plague may empty of other nations' units
	// (plagueClears), once worked out; fallBack the areas mayFallBack
	// answered for.
	cleared  []bool
	fallBack map[games.AreaID]bool
}

// foresee reads the start of the turn.
func foresee(t *adjudicator.Turn) *foresight {
	f := &foresight{t: t, fallBack: map[games.AreaID]bool{}}
	f.event, f.known = knownEvent(t)
	f.rolls = rerollCiv(t)
	f.newUnits = mostNewUnits(t, f)
	return f
}

// knownEvent is the event the turn will carry out when the start of the
// turn fixes it (6.1): the one rolled when the turn became due, which the
// reroll policy keeps, and which is not rolled again for want of a set
// (Civil war) or an ability (Civilization). ok is false when a die decides.
func knownEvent(t *adjudicator.Turn) (ev string, ok bool) {
	n, x := t.N, X(t.S)
	ev = x.Event[n]
	switch {
	case ev == "":
		return "", false
	case ignores(x.Race[n], ev):
		return "", true
	case x.Entered[n] != t.S.Round && policy(t).wants(ev, x.Civ[n]):
		return "", false
	case !canOccur(t, ev):
		return "", !anyCanOccur(t, n) // rolled again, unless no roll can give one that occurs
	}
	return ev, true
}

// may reports whether the turn may carry out event ev: the known event,
// else the one rolled when the turn became due or one a roll may give
// with at least f.rolls civilization tokens added to the die (6.1).
func (f *foresight) may(ev string) bool {
	if f.known || f.event == ev {
		return f.event == ev
	}
	return mayRoll(f.t.E, f.rolls, ev)
}

// mayRoll reports whether a roll on the random events table with at least
// civ civilization tokens added to its die may give event ev (6.1).
func mayRoll(e *adjudicator.Engine, civ int, ev string) bool {
	for c := civ; c <= len(D(e).Events); c++ {
		for die := 1; die <= 6; die++ {
			if eventFor(e, die+c) == ev {
				return true
			}
		}
	}
	return false
}

// rerollCiv is the least number of civilization tokens a roll of the
// mover's event may add to its die in this turn (6.1): those it holds
// when no event is rolled yet or the rolled one may be rolled again
// without a token (a Civil war with no set, a Civilization with every
// ability), else one more, the token a reroll takes.
func rerollCiv(t *adjudicator.Turn) int {
	return leastRerollCiv(X(t.S).Civ[t.N], X(t.S).Event[t.N])
}

// leastRerollCiv is rerollCiv of a nation with civ civilization tokens
// whose rolled event is ev.
func leastRerollCiv(civ int, ev string) int {
	if ev == "" || ev == CivilWar || ev == Civilization {
		return civ
	}
	return civ + 1
}

// mostNewUnits is the most new units the population increase may place
// (6.2): none under a known Famine; else a unit for every 7 PIPs of the
// areas occupied now (the events before it only take areas away), no more
// than the areas, with the PIPs saved by Food preservation.
func mostNewUnits(t *adjudicator.Turn, f *foresight) int {
	if f.known && f.event == Famine {
		return 0
	}
	pips := PIPs(t.E, t.S, t.N) + X(t.S).Saved[t.N]
	return min(pips/t.G.Tables.Population.PointsPerArmy, len(landAreas(t.S, t.B, t.N)), max(0, Pool(t.E, t.S, t.N)+plagueBack))
}

// civilizationChoice is the ability Civilization would give the mover now
// (gainAbility): the first ability line naming one it does not hold, else
// the first it does not hold.
func civilizationChoice(t *adjudicator.Turn) string {
	for _, a := range adjudicator.Statements[Ability](t) {
		if !has(t.S, t.N, a.Name) && slices.Contains(abilitiesOf(t.E), a.Name) {
			return a.Name
		}
	}
	for _, a := range abilitiesOf(t.E) {
		if !has(t.S, t.N, a) {
			return a
		}
	}
	return ""
}

// plagueBack is the most units a Plague before the population increase
// gives back to the nation's unused tokens (a die, 6.1).
const plagueBack = 6

// splitKnown plays on the check's position a Civil war the start of the
// turn fixes (6.1): the half of the nation's areas that becomes a new
// nation is pbem's default choice, no die's (splitChoice); only the player
// it is dealt to is rolled for. What the check proves after it is proved
// of the nation that is left.
func splitKnown(t *adjudicator.Turn) {
	if ev, ok := knownEvent(t); !ok || ev != CivilWar {
		return
	}
	areas := landAreas(t.S, t.B, t.N)
	splitOff(t, splitChoice(t, areas, len(areas)/2))
}

// mayHave reports whether the mover may hold ability a at some time in the
// turn: it holds it, or may gain it by Civilization (9.3: the file's
// ability line, else the first not held) or from a nation that holds it
// and submits to it (9.2, 9.3).
func (f *foresight) mayHave(a string) bool {
	t := f.t
	if has(t.S, t.N, a) {
		return true
	}
	if !t.G.HasOption("abilities") {
		return false
	}
	if f.may(Civilization) && civilizationChoice(t) == a {
		return true
	}
	for m := range t.S.Nations {
		if m != t.N && InPlay(t.S, m) && has(t.S, m, a) && submits(t, m) && f.mayAttack(m) {
			return true
		}
	}
	return false
}

// mayAttack reports whether a move of the file may attack nation m: it
// ends where m has units or next to them (m's units may retreat there).
func (f *foresight) mayAttack(m adjudicator.NationID) bool {
	t := f.t
	if t.In.Orders == nil {
		return false
	}
	found := false
	orders.Walk(t.In.Orders.Body, func(st orders.Statement) {
		mv, ok := st.(orders.Move)
		if !ok || len(mv.Path) == 0 || found {
			return
		}
		dest := mv.Path[len(mv.Path)-1]
		if t.S.Has(dest, m) {
			found = true
			return
		}
		for _, e := range t.B.Edges(dest) {
			found = found || t.S.Has(e.To, m)
		}
	})
	return found
}

// knowable refuses what the turn would skip whatever its dice: a place
// line for an area named before or beyond the new units (6.2), a "phase
// 2:" block without Strong leader (6.1), a move whose path breaks 6.3 in
// every way the turn can go, a city without City building (9.3.1), a
// remove line where the nation cannot be (6.4).
func knowable(t *adjudicator.Turn, body []orders.Statement) {
	f := foresee(t)
	f.places(adjudicator.Statements[orders.Place](t))
	f.phase2(body)
	f.paths(body)
	f.cities()
	f.removes(body)
}

// places refuses a place line for an area already named (6.2: "no more
// than one new unit may be placed in any one area") and one beyond the
// most new units the turn can give.
func (f *foresight) places(ps []orders.Place) {
	t := f.t
	named := map[games.AreaID]bool{}
	n := 0
	for _, p := range ps {
		switch {
		case p.N > 1 || !t.B.IsLand(p.Area) || !t.S.Has(p.Area, t.N):
			continue // checkBody refuses it
		case named[p.Area]:
			t.Problem(p.Line, "place-occupied", t.Nation())
		case n >= f.newUnits:
			t.Problem(p.Line, "no-new-unit")
		default:
			named[p.Area] = true
			n++
		}
	}
}

// phase2 refuses the "phase 2:" blocks of a turn that cannot have Strong
// leader (6.1), at the line the turn names.
func (f *foresight) phase2(body []orders.Statement) {
	if f.may(StrongLeader) {
		return
	}
	for _, st := range body {
		if ph, ok := st.(orders.Phase); ok && ph.N == 2 && len(ph.Body) > 0 {
			f.t.Problem(ph.Body[0].Pos(), "phase-2-unplayed", f.t.Nation())
			return
		}
	}
}

// paths refuses the moves of each phase whose path breaks 6.3 whatever
// happens before them: more than two steps between areas not both the
// nation's, counting as the nation's every area it may hold by then (its
// areas now, the sea Reinforcements may bring units to, where earlier
// moves end and, after an attack, where attackers may retreat to), and on
// through land another nation holds that nothing before can empty.
func (f *foresight) paths(body []orders.Statement) {
	t := f.t
	own := make([]bool, len(t.B.Areas))
	for a := range t.B.Areas {
		own[a] = t.S.Has(games.AreaID(a), t.N)
	}
	if h := X(t.S).Home[t.N]; h != games.NoArea && f.may(Reinforcements) {
		own[h] = true
	}
	attacked := make([]bool, len(t.B.Areas)) // areas a move before may have emptied
	var first, second []orders.Statement
	for _, st := range body {
		if ph, ok := st.(orders.Phase); ok {
			if ph.N == 2 {
				second = append(second, ph.Body...)
			}
			continue
		}
		first = append(first, st)
	}
	f.phasePaths(first, own, attacked)
	f.phasePaths(second, own, attacked)
}

// phasePaths checks one phase's moves in order, inside the if blocks
// that may be played, adding where each may bring the nation to own and
// attacked. An "if AREA taken:" block is never played when the nation
// cannot hold the area by then (6.3.3).
func (f *foresight) phasePaths(body []orders.Statement, own, attacked []bool) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Move:
			f.movePath(x, own, attacked)
		case orders.If:
			if !x.Taken || own[x.Area] {
				f.phasePaths(x.Then, own, attacked)
			}
		}
	}
}

// movePath checks one move's path and adds where it may bring the nation.
func (f *foresight) movePath(mv orders.Move, own, attacked []bool) {
	t := f.t
	{
		if len(mv.Path) < 2 {
			return
		}
		if p := f.pathFault(mv.Path, own, attacked); p.What != "" {
			t.Problem(mv.Line, p.What, p.Args...)
		}
		dest := mv.Path[len(mv.Path)-1]
		own[dest] = true
		if t.S.Occupied(dest) && !t.S.Has(dest, t.N) {
			attacked[dest] = true
			if !f.mayFallBack(dest) {
				return
			}
			for _, e := range t.B.Edges(dest) {
				if e.Kind == games.LandLink {
					own[e.To] = true // 6.3.2: attackers retreat to a neighbour
				}
			}
		}
	}
}

// pathFault is what is wrong with a path whatever happens before its move
// (pathProblem on the areas the nation may hold), none when a turn may
// play it.
func (f *foresight) pathFault(p []games.AreaID, own, attacked []bool) problem {
	t, b := f.t, f.t.B
	nav := f.mayHave(Navigation)
	steps := 0
	for i := 1; i < len(p); i++ {
		x, y := p[i-1], p[i]
		if ok, _ := b.Adjacent(x, y); !ok {
			return problem{} // checkPath refuses it
		}
		switch {
		case f.mayOwn(x, own) && f.mayOwn(y, own):
		case nav && !b.IsLand(x) && !b.IsLand(y):
			nav = false
		default:
			steps++
		}
		if i < len(p)-1 && f.blocks(y, attacked) {
			return problem{"stops-in", []any{t.Name(y)}}
		}
	}
	if steps > maxB {
		return problem{"steps", []any{steps}}
	}
	return problem{}
}

// mayOwn reports whether the mover may count area a as its own when a
// move passes: an area it may hold, or one whose nations may let it
// through (9.3.1 Diplomacy).
func (f *foresight) mayOwn(a games.AreaID, own []bool) bool {
	return own[a] || f.mayPass(a)
}

// mayPass reports whether the nations in land area a may let the mover
// through by Diplomacy (9.3.1): it may have the ability, and each of them
// permits it in its standing orders.
func (f *foresight) mayPass(a games.AreaID) bool {
	t := f.t
	if !t.B.IsLand(a) || t.S.Foreign(a, t.N) == 0 || !f.mayHave(Diplomacy) {
		return false
	}
	for m := range t.S.Nations {
		if m != t.N && t.S.Units(a, m) > 0 && !permitsIn(t, m) {
			return false
		}
	}
	return true
}

// permitsIn reports whether nation m's standing orders let the mover
// through (9.3.1 Diplomacy), whether or not the mover has the ability.
func permitsIn(t *adjudicator.Turn, m adjudicator.NationID) bool {
	f := t.DecisionFile(m)
	if f == nil {
		return false
	}
	for _, st := range f.Body {
		if p, ok := st.(Permit); ok && slices.Contains(p.Nations, t.Nation()) {
			return true
		}
	}
	return false
}

// blocks reports whether land area y holds another nation's units when a
// move passes whatever happens before: no move before ends there (a
// battle there may empty it), no Plague may take them all (6.1), and they
// cannot let the mover through.
func (f *foresight) blocks(y games.AreaID, attacked []bool) bool {
	t := f.t
	return t.B.IsLand(y) && t.S.Foreign(y, t.N) > 0 && !attacked[y] && !f.plagueClears(y) && !f.mayPass(y)
}

// plagueClears reports whether a Plague the turn may carry out could take
// every unit of other nations from area y (6.1): it is played for each
// value of its die on a copy of the position (plagueOf has no other die).
func (f *foresight) plagueClears(y games.AreaID) bool {
	t := f.t
	if !f.may(Plague) {
		return false
	}
	if f.cleared == nil {
		f.cleared = make([]bool, len(t.B.Areas))
		saved := t.S
		for k := 1; k <= plagueBack; k++ {
			t.S = saved.Clone()
			plagueOf(t, k)
			for a := range f.cleared {
				f.cleared[a] = f.cleared[a] || saved.Foreign(games.AreaID(a), t.N) > 0 && t.S.Foreign(games.AreaID(a), t.N) == 0
			}
		}
		t.S = saved
	}
	return f.cleared[y]
}

// cities refuses a city line of a nation that cannot hold City building
// when the cities are built, in an area that has a city, or that cannot
// hold the 3 armies it takes and one more (9.3.1).
func (f *foresight) cities() {
	t := f.t
	if !t.G.HasOption("abilities") {
		return // optionLine refuses a city line without the option
	}
	able := f.mayHave(CityBuilding)
	for _, c := range adjudicator.Statements[City](t) {
		switch most := f.mostUnits(c.Area); {
		case !able:
			t.Problem(c.Line, "city-no-ability", t.Nation())
		case !t.B.IsLand(c.Area):
			t.Problem(c.Line, "city-armies", 0, t.Name(c.Area))
		case X(t.S).City[c.Area] >= 0 && t.S.Has(c.Area, t.N):
			t.Problem(c.Line, "city-exists", t.Name(c.Area))
		case most < cityCost+1:
			t.Problem(c.Line, "city-armies-most", most, t.Name(c.Area))
		}
	}
}

// tokens bounds a count of units: a token set (Hy Breasil 2).
const tokens = 15

// mostUnits is the most units the mover may have in land area a when its
// cities are built (9.3.1, after the movement and combat phases): those
// there now and one its population increase may place (6.2), less those
// that surely leave it (the moves before the first battle, which the
// check played as the turn will: foresee), and those that may come in: by
// a move that ends there, or falling back from a battle next to it
// (mayFallBack).
func (f *foresight) mostUnits(a games.AreaID) int {
	t := f.t
	n := t.S.Units(a, t.N)
	if n > 0 && f.newUnits > 0 {
		n++
	}
	n = max(0, n-f.surelyOut(a))
	orders.Walk(t.In.Orders.Body, func(st orders.Statement) {
		mv, ok := st.(orders.Move)
		if !ok || len(mv.Path) < 2 {
			return
		}
		k := mv.N
		if k == 0 {
			k = tokens
		}
		dest := mv.Path[len(mv.Path)-1]
		if e, linked := t.B.Link(dest, a); dest == a || linked && e.Kind == games.LandLink && f.mayFallBack(dest) {
			n += k
		}
	})
	return n
}

// surelyOut is how many of the mover's units surely leave area a by the
// moves of the first phase before its first battle: those the check
// played as the turn will play them, when no die comes before them (the
// event is known and rolls none).
func (f *foresight) surelyOut(a games.AreaID) int {
	t := f.t
	if !f.known || f.event == Plague || f.event == Reinforcements {
		return 0
	}
	out, pending := 0, games.NoArea
	for _, st := range t.In.Orders.Body {
		mv, ok := st.(orders.Move)
		if !ok || len(mv.Path) < 2 {
			if _, block := st.(orders.If); block {
				return out
			}
			continue
		}
		dest := mv.Path[len(mv.Path)-1]
		if pending != games.NoArea && dest != pending {
			return out // the battle is fought first
		}
		if mv.Path[0] == a {
			if mv.N == 0 {
				return tokens
			}
			out += mv.N
		}
		if t.S.Occupied(dest) && !t.S.Has(dest, t.N) {
			pending = dest
		}
	}
	return out
}

// battle reports whether a move of the file may attack area a: it ends
// there, and other nations hold units there now.
func (f *foresight) battle(a games.AreaID) bool {
	t := f.t
	if !t.S.Occupied(a) || t.S.Has(a, t.N) || t.In.Orders == nil {
		return false
	}
	found := false
	orders.Walk(t.In.Orders.Body, func(st orders.Statement) {
		if mv, ok := st.(orders.Move); ok && len(mv.Path) > 0 && mv.Path[len(mv.Path)-1] == a {
			found = true
		}
	})
	return found
}

// mayFallBack reports whether the mover's units that attack area a may
// leave it for a neighbour (6.3.2, 9.2): the file's attack line for it
// may fire with some count of attackers, defenders and rounds, or a
// nation there may submit, and the attackers withdraw.
func (f *foresight) mayFallBack(a games.AreaID) bool {
	if may, ok := f.fallBack[a]; ok {
		return may
	}
	may := f.fallsBack(a)
	f.fallBack[a] = may
	return may
}

func (f *foresight) fallsBack(a games.AreaID) bool {
	t := f.t
	if t.G.HasOption("submission") {
		for _, m := range t.S.Occupants(a) {
			if m != t.N && submits(t, m) {
				return true
			}
		}
	}
	rule := attackRule(t, a)
	if rule.Hold || rule.When == nil {
		return false
	}
	most := 0 // the defenders: those there, and those that may retreat there from another battle (6.3.2)
	for _, m := range t.S.Occupants(a) {
		if m == t.N {
			continue
		}
		most += t.S.Units(a, m)
		for _, e := range t.B.Edges(a) {
			if f.battle(e.To) {
				most += t.S.Units(e.To, m)
			}
		}
	}
	for mine := 1; mine <= tokens; mine++ {
		for theirs := 1; theirs <= min(most, tokens); theirs++ {
			for round := 1; round <= maxRounds; round++ {
				if rule.When.Eval(orders.Env{Mine: mine, Theirs: theirs, Round: round}) {
					return true
				}
			}
		}
	}
	return false
}

// removes refuses a remove line for an area where the nation cannot have
// units in the support phase (6.4): a sea (units at sea are lost before
// it), or land it holds no unit in now, that no move ends in or next to
// (attackers retreat to a neighbour, 6.3.2).
func (f *foresight) removes(body []orders.Statement) {
	t := f.t
	may := make([]bool, len(t.B.Areas))
	for a := 0; a < t.B.NumLand; a++ {
		may[a] = t.S.Has(games.AreaID(a), t.N)
	}
	orders.Walk(body, func(st orders.Statement) {
		if mv, ok := st.(orders.Move); ok && len(mv.Path) > 0 {
			dest := mv.Path[len(mv.Path)-1]
			may[dest] = true
			for _, e := range t.B.Edges(dest) {
				may[e.To] = true
			}
		}
	})
	for _, r := range adjudicator.Statements[orders.Remove](t) {
		if !t.B.IsLand(r.Area) || !may[r.Area] {
			t.Problem(r.Line, "no-unit-to-remove", t.Nation(), t.Name(r.Area))
		}
	}
}
