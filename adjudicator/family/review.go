package family

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// CheckBattles is the checking stage of the battle lines (reduX Core 7,
// 7.1, 7.2.2; L&R 11.3): in a Major Invasion whose first phase makes no
// battle it plays the second movement first (its start is then known),
// checks the battles, casualties and attack lines against the battles the
// moves make, and under Review lists the battles' defaults and warnings.
func CheckBattles(t *Turn) {
	first, order1 := t.entries, t.order
	var second [][]entry
	var order2 []games.AreaID
	if t.Major && len(order1) == 0 {
		SecondMovement(t)
		second, order2, t.secondKnown = t.entries, t.order, true
		t.In.Orders = t.topLevel
	}
	if t.Major && !t.secondKnown && t.E.Plays(adjudicator.CheckKnowable) {
		t.checkSecondSources()
	}
	t.checkBattleStatements(first, second, t.secondKnown)
	if t.Notes() {
		t.reviewBattles(first, second, order1, order2)
		if f := t.R.Defaults; f != nil {
			f(t)
		}
	}
}

// SecondKnown reports whether the checking stages played a Major
// Invasion's second phase (its first made no battle).
func (t *Turn) SecondKnown() bool { return t.secondKnown }

// SecondUnknown reports whether the turn has a second Movement Phase that
// the checking stages could not play (a Major Invasion whose first phase
// makes battles): what the mover holds after its moves is not known.
func (t *Turn) SecondUnknown() bool { return t.Major && !t.secondKnown }

// MayGain reports whether the mover may have more units in area a at the
// end of its turn than after the moves the checking stages played: a
// group of them entered a battle from it and an attack line may make it
// fall back (attackers retreat where they came from, reduX Core 7.2.2),
// or a second Movement Phase the check could
// not play may bring some (a move of its "phase 2:" block passes or ends
// there, or units at sea land there, L&R 11.3).
func (t *Turn) MayGain(a games.AreaID) bool {
	return t.origins[a] || t.mayComeLater(a)
}

// MayGainRaiders reports whether the mover may have more raiders in area
// a at the end of its turn than after the moves the checking stages
// played (MayGain for raiders: L&R 11.4): a group with raiders entered a
// battle from it, or a second Movement Phase the check could not play may
// bring some. Units that began the Movement Phase on land never become
// raiders.
func (t *Turn) MayGainRaiders(a games.AreaID) bool {
	return t.rOrigins[a] || t.mayComeLater(a)
}

// mayComeLater reports whether a second Movement Phase the check could
// not play may bring the mover to area a (MayGain).
func (t *Turn) mayComeLater(a games.AreaID) bool {
	if !t.SecondUnknown() {
		return false
	}
	if t.later == nil {
		t.later = t.secondPhaseReach()
		for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
			orders.Walk(ph.Body, func(st orders.Statement) {
				if x, ok := st.(orders.Move); ok {
					for _, y := range x.Path {
						t.later[y] = true
					}
				}
			})
		}
	}
	return t.later[a]
}

// checkSecondSources refuses (switch check-knowable) a move of a Major
// Invasion's second phase, when the first makes battles, from an area
// where the mover can have no units then: none there after the first
// Movement Phase, and none that may come back from a battle (reduX Core
// 7.2.2, L&R 11.3). Its error is the one the second phase would skip it
// with (MoveRules.Select finds no unit). A leader's moves are left to the
// turn where he may be then (leaderMayBe).
func (t *Turn) checkSecondSources() {
	sel := t.R.Move.Select
	if sel == nil {
		sel = MoveUnits
	}
	for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
		orders.Walk(ph.Body, func(st orders.Statement) {
			mv, ok := st.(orders.Move)
			if !ok || len(mv.Path) < 2 {
				return
			}
			if mv.Unit == "leader" || mv.Unit == "leader alone" {
				if !t.leaderMayBe(mv.Path[0]) {
					t.Problem(mv.Line, "no-leader", t.Name(mv.Path[0]))
				}
				return
			}
			from := t.seaHome(mv.Path[0])
			if t.S.Has(from, t.N) && !t.origins[from] && !t.entered(from, mv.Line) {
				t.checkSecondCount(mv, from)
			}
			if t.S.Has(from, t.N) || t.origins[from] || t.Fresh(from) > 0 {
				return
			}
			boat := t.R.Move.Boat != nil && len(mv.Path) == 3 && t.B.IsLand(from) && !t.B.IsLand(mv.Path[1]) && t.B.IsLand(mv.Path[2])
			sel(t, mv, from, boat) // finds no unit, and says so
		})
	}
}

// checkSecondCount refuses (switch check-knowable) a move of a Major
// Invasion's unplayed second phase of more armies than the mover can have
// in land area a then: a area no group entered a battle from and no move
// of the second phase enters has at most the armies it has after the
// first phase's moves (a battle there only takes some away). A count of
// armies of one kind is bounded where the mover has infantry and cavalry
// only there. The facts are those the second phase would skip it with.
func (t *Turn) checkSecondCount(mv orders.Move, a games.AreaID) {
	if !t.B.IsLand(a) || mv.N == 0 {
		return
	}
	cav := t.E.Kind("cavalry")
	inf, cv, all := t.S.Count(a, t.N, Infantry), 0, t.Armies(a, t.N)
	if cav >= 0 {
		cv = t.S.Count(a, t.N, cav)
	}
	switch {
	case mv.Unit == "" && len(mv.Path)-1 <= t.E.R.Kinds[Infantry].Moves && mv.N > all:
		t.Problem(mv.Line, "too-few", all, t.Name(a), mv.N)
	case inf+cv != all:
	case mv.Unit == "infantry" && mv.N > inf:
		t.Problem(mv.Line, "infantry-fresh", inf, t.Name(a), mv.N)
	case mv.Unit == "cavalry" && mv.N > cv:
		t.Problem(mv.Line, "cavalry-fresh", cv, t.Name(a), mv.N)
	}
}

// entered reports whether a move of a "phase 2:" block, other than the
// one on line skip, enters area a.
func (t *Turn) entered(a games.AreaID, skip int) bool {
	into := false
	for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
		orders.Walk(ph.Body, func(st orders.Statement) {
			if x, ok := st.(orders.Move); ok && x.Line != skip && slices.Contains(x.Path[min(1, len(x.Path)):], a) {
				into = true
			}
		})
	}
	return into
}

// leaderMayBe reports whether the mover's leader may be in area a when
// a Major Invasion's unplayed second phase moves: he is there after the
// first phase's moves, or in a battle next to it (he may fall back with
// his armies or alone, reduX Core 7.2.2, L&R 9.2.2), or a move of the
// second phase enters it. With no leader on the board none comes in the
// turn.
func (t *Turn) leaderMayBe(a games.AreaID) bool {
	li := t.S.LeaderOf(t.N)
	if li < 0 {
		return false
	}
	at := t.S.Leaders[li].Area
	return at == a || len(t.entries[at]) > 0 && Adjacent(t.B, at, a) || t.entered(a, 0)
}

// Phase2Played reports whether a move of the "phase 2:" block on a line
// was played when the file was checked (SecondKnown).
func (t *Turn) Phase2Played(line int) bool {
	for _, st := range t.phase2Body {
		if st.Pos() == line {
			return true
		}
	}
	return false
}

// defaultedAreas records armies a default placed or removed, per area:
// format takes the count and the list ("1 in York and 2 in Kent").
func (t *Turn) defaultedAreas(per []int, rule, format, one, many string) {
	if !t.Notes() {
		return
	}
	var where []string
	total := 0
	for a, c := range per {
		if c > 0 {
			where = append(where, fmt.Sprintf("%d in %s", c, t.Name(games.AreaID(a))))
			total += c
		}
	}
	if total > 0 {
		t.Defaulted(0, rule, format, count(total, one, many), adjudicator.OrJoin(where, "and"))
	}
}

// checkBattleStatements checks the battles, casualties and attack lines
// against the battles the moves make. first holds the attacking groups of
// the first (or only) Movement Phase by area; second those of a Major
// Invasion's second phase when known. The top-level attack and casualties
// lines of a Major Invasion apply to the battles of both phases
// (docs/orders.md 17); a top-level battles line to the first; the lines of
// the "phase 2:" block to the second.
func (t *Turn) checkBattleStatements(first, second [][]entry, known bool) {
	var reach []bool // areas the second phase may attack, when not known
	if t.Major && !known {
		reach = t.secondPhaseReach()
	}
	groups := func(a games.AreaID) []entry {
		if !known || len(second[a]) == 0 {
			return first[a]
		}
		return append(append([]entry(nil), first[a]...), second[a]...)
	}
	isBattle := func(a games.AreaID) bool {
		return len(first[a]) > 0 || (known && len(second[a]) > 0) || (reach != nil && reach[a])
	}
	none := "none"
	switch {
	case t.Major && known:
		none = "none-either"
	case t.Major:
		none = "none-first"
	}
	t.checkBattlesLines(adjudicator.Statements[orders.Battles](t.Turn), first, "none")
	t.checkBattleLines(t.In.Orders.Body, isBattle, groups, none)
	if t.Major && known {
		body := t.phase2Body[:len(t.phase2Body)-t.phase2Copied]
		var bos []orders.Battles
		for _, st := range body {
			if bo, ok := st.(orders.Battles); ok {
				bos = append(bos, bo)
			}
		}
		t.checkBattlesLines(bos, second, "none-second")
		t.checkBattleLines(body, func(a games.AreaID) bool { return len(second[a]) > 0 }, func(a games.AreaID) []entry { return second[a] }, "none-second")
	}
	for _, d := range adjudicator.Statements[orders.Defend](t.Turn) {
		if d.Area != games.NoArea && !t.B.IsLand(d.Area) {
			t.Problem(d.Line, "battle-at-sea")
		}
	}
}

// checkBattlesLines checks battles lines against one phase's battles;
// none names the fact of a line for an area with no battle (NoBattle).
func (t *Turn) checkBattlesLines(bos []orders.Battles, groups [][]entry, none string) {
	for _, bo := range bos {
		for _, a := range bo.Areas {
			if len(groups[a]) == 0 {
				t.Problem(bo.Line, "battles-"+none, t.Name(a))
			}
		}
	}
}

// checkBattleLines checks the casualties and attack lines of one block.
func (t *Turn) checkBattleLines(body []orders.Statement, isBattle func(games.AreaID) bool, groups func(games.AreaID) []entry, none string) {
	for _, st := range body {
		switch x := st.(type) {
		case orders.Casualties:
			if !isBattle(x.Area) {
				t.Problem(x.Line, "casualties-"+none, t.Name(x.Area))
				continue
			}
			gs := groups(x.Area)
			if len(gs) == 0 {
				continue // a battle the second phase may make: its groups are not known
			}
			for _, f := range x.First {
				found := false
				for _, e := range gs {
					found = found || e.From == f
				}
				if !found {
					t.Problem(x.Line, "casualties-from", t.Name(x.Area), t.Name(f))
				}
			}
		case orders.Attack:
			if !isBattle(x.Area) {
				t.Problem(x.Line, "attack-"+none, t.Name(x.Area))
			}
			if len(x.Rule.To) > 0 {
				t.Problem(x.Line, "attack-to")
			}
		}
	}
}

// secondPhaseReach marks the land areas a Major Invasion's second phase may
// attack when where it starts is not known: where a move of the "phase 2:"
// block ends (in any branch), and the coast of a sea the nation still has
// units in, where they land by default (reduX Core 6.1, L&R 11.3).
func (t *Turn) secondPhaseReach() []bool {
	reach := make([]bool, len(t.B.Areas))
	for _, ph := range adjudicator.Statements[orders.Phase](t.Turn) {
		orders.Walk(ph.Body, func(st orders.Statement) {
			if x, ok := st.(orders.Move); ok && len(x.Path) > 0 {
				reach[x.Path[len(x.Path)-1]] = true
			}
		})
	}
	for a := t.B.NumLand; a < len(t.B.Areas); a++ {
		if !t.S.Has(games.AreaID(a), t.N) {
			continue
		}
		for _, e := range t.B.Edges(games.AreaID(a)) {
			reach[e.To] = reach[e.To] || t.B.IsLand(e.To)
		}
	}
	return reach
}

// reviewBattles lists, for the battles the moves make, the Decisions the
// file leaves to their defaults (docs/orders.md 5-7, 12, 13) and warns of
// attack lines that can never apply: every army attacking the area came
// from the sea, by boat or as reinforcements, and may not retreat (reduX
// Core 7.2.2, L&R 11.3, 11.4, 12). first and second are the attacking
// groups by area of each phase (second nil unless known), in the order
// their battles are fought by default.
func (t *Turn) reviewBattles(first, second [][]entry, order1, order2 []games.AreaID) {
	top, block := t.topLevel.Body, t.phase2Body
	phase := func(p int) string {
		if !t.Major {
			return ""
		}
		return []string{"", "in the first phase, ", "in the second phase, "}[p]
	}
	for p, order := range [][]games.AreaID{order1, order2} {
		body, groups := top, first
		if p == 1 {
			body, groups = block, second
		}
		if len(order) > 1 && !has(body, isBattles) {
			var names []string
			for _, a := range order {
				names = append(names, t.Name(a))
			}
			t.Defaulted(0, "reduX Core 7", "%sthe battles are fought in the order the moves entered them: %s", phase(p+1), strings.Join(names, ", then "))
		}
		for _, a := range order {
			t.reviewBattle(a, groups[a], p+1, body, phase(p+1))
		}
	}
	t.warnNoRetreat(top, func(a games.AreaID) bool {
		return t.mayRetreat(first[a], 1) || (second != nil && t.mayRetreat(second[a], 2))
	}, func(a games.AreaID) []entry { return append(append([]entry(nil), first[a]...), groupsOf(second, a)...) })
	if second != nil {
		t.warnNoRetreat(block[:len(block)-t.phase2Copied], func(a games.AreaID) bool { return t.mayRetreat(second[a], 2) }, func(a games.AreaID) []entry { return second[a] })
	}
}

func groupsOf(g [][]entry, a games.AreaID) []entry {
	if g == nil {
		return nil
	}
	return g[a]
}

// reviewBattle lists the defaults of one battle of phase p (1 or 2).
func (t *Turn) reviewBattle(a games.AreaID, groups []entry, p int, body []orders.Statement, phase string) {
	from := map[games.AreaID]bool{}
	for _, g := range groups {
		from[g.From] = true
	}
	if len(from) > 1 && !has(body, casualtiesFor(a)) {
		t.Defaulted(0, "reduX Core 7.1", "%sin %s your armies that cannot retreat die first, then those that entered last", phase, t.Name(a))
	}
	if _, ok := attackLine(body, a, false); !ok && t.mayRetreat(groups, p) {
		t.Defaulted(0, "reduX Core 7.2", "%sin %s your armies fight on until one side is gone: no attack line", phase, t.Name(a))
	}
	if cav := t.E.Kind("cavalry"); cav >= 0 {
		def := -1
		for _, m := range t.S.Occupants(a) {
			if m != t.N {
				def = m
			}
		}
		if def >= 0 && t.S.Count(a, def, cav) > 0 && t.S.Count(a, def, Infantry) > 0 && !has(body, targetFor(a)) {
			t.Defaulted(0, "reduX L&R 9.1.2", "%sin %s a die of yours that can kill either type kills cavalry: no target line", phase, t.Name(a))
		}
	}
	if li := t.S.LeaderIn(a, t.N); li >= 0 {
		if _, ok := attackLine(body, a, true); !ok {
			t.Defaulted(0, "reduX L&R 9.2.2", "%sin %s %s stays with his armies: no \"retreat leader\" line", phase, t.Name(a), t.S.Leaders[li].Name)
		}
	}
}

// warnNoRetreat warns of the retreat lines of body for areas where no
// attacking army may retreat.
func (t *Turn) warnNoRetreat(body []orders.Statement, may func(games.AreaID) bool, groups func(games.AreaID) []entry) {
	for _, st := range body {
		at, ok := st.(orders.Attack)
		if !ok || at.Rule.Hold || at.Rule.Leader || len(groups(at.Area)) == 0 || may(at.Area) {
			continue
		}
		var why []string
		rule := "reduX Core 7.2.2"
		seen := map[string]bool{}
		for _, g := range groups(at.Area) {
			w := "land from the sea"
			switch {
			case g.Boat:
				w, rule = "came by boat", "reduX Core 7.2.2, L&R 12"
			case g.From == games.NoArea:
				w = "were placed there as reinforcements"
			}
			if !seen[w] {
				seen[w] = true
				why = append(why, w)
			}
		}
		t.Warn(at.Line, rule, "the armies that attack %s %s, so they may not retreat and this line can never apply", t.Name(at.Area), adjudicator.OrJoin(why, "or"))
	}
}

// mayRetreat reports whether some attacking group may retreat in phase p
// (reduX Core 7.2.2: not from the sea, nor if placed there; L&R 11.3, 11.4:
// back to sea for raiders and in a Major Invasion's first phase; 12: not
// after a boat move).
func (t *Turn) mayRetreat(groups []entry, p int) bool {
	for _, g := range groups {
		switch {
		case g.Boat || g.From == games.NoArea:
		case !t.B.IsLand(g.From):
			if t.Raid || (t.Major && p == 1) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// Has reports whether body holds a statement that keep accepts.
func has(body []orders.Statement, keep func(orders.Statement) bool) bool {
	for _, st := range body {
		if keep(st) {
			return true
		}
	}
	return false
}

// TopLevelHas reports whether the turn's own order file holds a statement
// that keep accepts.
func (t *Turn) TopLevelHas(keep func(orders.Statement) bool) bool {
	return t.topLevel != nil && has(t.topLevel.Body, keep)
}

func isBattles(st orders.Statement) bool { _, ok := st.(orders.Battles); return ok }

func casualtiesFor(a games.AreaID) func(orders.Statement) bool {
	return func(st orders.Statement) bool { c, ok := st.(orders.Casualties); return ok && c.Area == a }
}

// targetFor accepts a target line for area a or for every area.
func targetFor(a games.AreaID) func(orders.Statement) bool {
	return func(st orders.Statement) bool {
		tg, ok := st.(orders.Target)
		return ok && (tg.Area == a || tg.Area == games.NoArea)
	}
}

// attackLine finds the attack line for an area in body: a leader's line
// ("retreat leader") or the armies'.
func attackLine(body []orders.Statement, a games.AreaID, leader bool) (orders.Rule, bool) {
	for _, st := range body {
		if at, ok := st.(orders.Attack); ok && at.Area == a && at.Rule.Leader == leader {
			return at.Rule, true
		}
	}
	return orders.Rule{}, false
}
