package family

import (
	"slices"
	"strconv"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Retreats after a round of battle (reduX Core 7.2): the defender chooses
// first, then the attacker; each side's leader may first retreat alone
// (L&R 9.2.2). The choices are Decisions read from the side's file
// (DecisionFile): "attack AREA: …" for the mover, "defend AREA|*: …" for
// the defender.

// RetreatRule finds nation m's retreat rule for a battle area: its line for
// the area, else "defend *" (defend lines only), of the kind asked (a
// leader's rule or the armies').
func (t *Turn) RetreatRule(m NationID, area games.AreaID, leader bool) (orders.Rule, int, bool) {
	f := t.DecisionFile(m)
	if f == nil {
		return orders.Rule{}, 0, false
	}
	attack := m == t.N
	var star *orders.Defend
	for _, st := range f.Body {
		switch x := st.(type) {
		case orders.Attack:
			if attack && x.Area == area && x.Rule.Leader == leader {
				return x.Rule, x.Line, true
			}
		case orders.Defend:
			if attack || x.Rule.Leader != leader {
				continue
			}
			if x.Area == area {
				return x.Rule, x.Line, true
			}
			if x.Area == games.NoArea && star == nil {
				d := x
				star = &d
			}
		}
	}
	if star != nil {
		return star.Rule, star.Line, true
	}
	return orders.Rule{}, 0, false
}

// fires reports whether a retreat rule applies now (reduX Core 7.2): a
// Hold rule never fires; a nil When means "always" (docs/orders.md).
func fires(r orders.Rule, env orders.Env) bool {
	if r.Hold {
		return false
	}
	return r.When == nil || r.When.Eval(env)
}

func (t *Turn) defenderRetreats(b *Battle, round int) {
	s, area, def := t.S, b.Area, b.Def
	env := orders.Env{Mine: t.Armies(area, def), Theirs: t.Armies(area, t.N), Round: round}
	if rule, line, ok := t.RetreatRule(def, area, true); ok && fires(rule, env) {
		t.leaderRetreat(b, def, t.N, rule, line)
	}
	if rule, line, ok := t.RetreatRule(def, area, false); ok && fires(rule, env) {
		t.defenderRetreat(b, rule, line)
	}
	_ = s
}

func (t *Turn) attackerRetreats(b *Battle, round int) {
	area := b.Area
	env := orders.Env{Mine: t.Armies(area, t.N), Theirs: t.Armies(area, b.Def), Round: round}
	if rule, line, ok := t.RetreatRule(t.N, area, true); ok && fires(rule, env) {
		t.leaderRetreat(b, t.N, b.Def, rule, line)
	}
	if rule, line, ok := t.RetreatRule(t.N, area, false); ok && fires(rule, env) {
		t.attackerRetreat(b, rule, line)
	}
}

// victorRetreat lets a victorious attacker with a leader fall back from the
// battle area (L&R 9.2.2), when its rule says so with "won".
func (t *Turn) victorRetreat(b *Battle, round int) {
	s, area, n := t.S, b.Area, t.N
	if !s.Has(area, n) || s.Has(area, b.Def) || s.LeaderIn(area, n) < 0 {
		return
	}
	env := orders.Env{Mine: t.Armies(area, n), Round: round, Won: true}
	if rule, line, ok := t.RetreatRule(n, area, false); ok && !rule.Hold && orders.MentionsWon(rule.When) && rule.When.Eval(env) {
		t.Emit(Event{Kind: adjudicator.EvRetreat, What: "victor-falls-back", Area: t.Name(area), Battle: b.Num, Line: line})
		t.attackerRetreat(b, rule, line)
	}
}

// leaderVsLeader reports whether both sides of a battle have a leader
// (L&R 9.2.2: then neither leader, nor either side's last army, may
// retreat).
func (t *Turn) leaderVsLeader(area games.AreaID, m, opp NationID) bool {
	return t.S.LeaderIn(area, m) >= 0 && t.S.LeaderIn(area, opp) >= 0
}

// leaderRetreat moves nation m's leader alone out of a battle (L&R 9.2.2):
// to an adjacent area holding only its nation's units; not in a battle of
// leader against leader, nor where the ruleset keeps it (BattleRules.
// LeaderStays).
func (t *Turn) leaderRetreat(b *Battle, m, opp NationID, rule orders.Rule, line int) {
	area := b.Area
	li := t.S.LeaderIn(area, m)
	if li < 0 {
		return
	}
	ld := t.S.Leaders[li]
	name := t.E.NationName(m)
	refuse := func(what string, args ...any) {
		t.Emit(Event{Kind: adjudicator.EvRetreat, What: what, Nation: name, Area: t.Name(area), Battle: b.Num, Line: line, Leader: ld.Name, Args: adjudicator.Args(args...)})
	}
	if t.leaderVsLeader(area, m, opp) {
		refuse("leader-faces-leader")
		return
	}
	if f := t.R.Battle.LeaderStays; f != nil {
		if no := f(t, area, m); no.Refuses() {
			refuse(no.What, no.Args...)
			return
		}
	}
	legal := func(a games.AreaID) bool { return t.B.IsLand(a) && Adjacent(t.B, area, a) && t.S.Holds(a, m) }
	dest := games.NoArea
	for _, a := range rule.To {
		if legal(a) {
			dest = a
			break
		}
	}
	if len(rule.To) == 0 {
		for _, e := range t.B.Edges(area) {
			if legal(e.To) {
				dest = e.To
				break
			}
		}
	}
	if dest == games.NoArea {
		refuse("leader-no-retreat")
		return
	}
	t.S.Leaders[li].Area = dest
	t.Emit(Event{Kind: adjudicator.EvRetreat, What: "leader-retreats", Nation: name, Area: t.Name(area), Path: []string{t.Name(area), t.Name(dest)}, Battle: b.Num, Line: line, Leader: ld.Name})
}

// Why a retreat could not be made, or was made in part (reduX Core 7.2):
// the facts a retreat records (the switch adjudicator.RetreatReasons),
// each worded by the ruleset.
const (
	WhyPlaced   = "placed"   // attackers placed in the area, with no way back (7.2.2)
	WhyBoat     = "boat"     // attackers that came by boat (L&R 12)
	WhyFromSea  = "from-sea" // attackers from the sea, not raiders nor in a Major Invasion's first phase (7.2.2, L&R 11.3, 11.4)
	WhyBlocked  = "blocked"  // the way back now holds another nation's units (7.2.2)
	WhyLimit    = "limit"    // no room within the stacking and population limits (7.2)
	WhyNowhere  = "nowhere"  // no adjacent area the defender holds or may enter (7.2.1)
	WhyLeader   = "leader"   // the last army facing a leader (L&R 9.2.2)
	WhyTogether = "together" // units that must stay together or cannot move (BattleRules.Together)
)

// whys are the reasons a retreat fell short, each once, in the order
// they applied.
type whys []string

func (w *whys) add(why string) {
	if why != "" && !slices.Contains(*w, why) {
		*w = append(*w, why)
	}
}

// retreatable is how many of nation m's units in a battle may retreat: all,
// but not the last one in a battle of leader against leader (L&R 9.2.2),
// and within what must stay together (BattleRules.Together); why says
// what kept some back ("" for nothing).
func (t *Turn) retreatable(area games.AreaID, m, opp NationID, want int) (int, string) {
	total := t.S.Units(area, m)
	want = min(want, total)
	why := ""
	if t.leaderVsLeader(area, m, opp) && want > total-1 {
		want, why = total-1, WhyLeader
	}
	if f := t.R.Battle.Together; f != nil {
		if w := f(t, area, m, want); w < want {
			want, why = w, WhyTogether
		}
	}
	return max(0, want), why
}

// retreatWhy records why a retreat fell short as facts of its event
// (adjudicator.RetreatReasons; a game of an earlier engine records none):
// a retreat that could not be made gets the reasons as its Args; the last
// event of one made in part gets how many stayed, then the reasons.
func (t *Turn) retreatWhy(i, stayed int, why whys) {
	if !t.E.Plays(adjudicator.RetreatReasons) || i < 0 || len(why) == 0 || stayed <= 0 {
		return
	}
	ev := &t.Events()[i]
	if ev.What == "defender-stuck" || ev.What == "attacker-stuck" {
		ev.Args = append(ev.Args, why...)
		return
	}
	ev.Args = append(append(ev.Args, strconv.Itoa(stayed)), why...)
}

// retreatFits reports whether one more of nation m's armies may retreat
// from area from into area a (reduX Core 7.2): within the stacking limit,
// and not raising the population excess; at sea always (L&R 11.3, 11.4).
func (t *Turn) retreatFits(m NationID, from, a games.AreaID) bool {
	if !t.B.IsLand(a) {
		return true
	}
	k := Infantry
	for i, kd := range t.E.R.Kinds {
		if kd.Army && t.S.Count(from, m, i) > 0 {
			k = i
			break
		}
	}
	ex0 := t.excessOf(m)
	t.S.Add(from, m, k, -1)
	t.S.Add(a, m, k, 1)
	okStack, _ := t.StackingOK(m)
	ex1 := t.excessOf(m)
	t.S.Add(a, m, k, -1)
	t.S.Add(from, m, k, 1)
	okPop := ex1 <= ex0 || (m == t.N && t.Major && t.Phase == 1)
	return okStack && okPop
}

// excessOf is nation m's excess, leaving out the mover's raiders (L&R 11.4).
func (t *Turn) excessOf(m NationID) int {
	if m == t.N {
		return t.MoverExcess()
	}
	return t.Excess(m)
}

// moveOut moves k of nation m's units from a battle area to another (land
// or sea), infantry first; the mover's raiders stay raiders.
func (t *Turn) moveOut(m NationID, from, to games.AreaID, k int) {
	if m == t.N {
		t.Shift(from, to, t.takeKinds(from, m, k))
		return
	}
	for kind, c := range t.takeKinds(from, m, k) {
		t.S.Add(from, m, kind, -c)
		t.S.Add(to, m, kind, c)
	}
}

// takeKinds picks k of nation m's units in area a, kind by kind in the
// ruleset's order (infantry first).
func (t *Turn) takeKinds(a games.AreaID, m NationID, k int) []int {
	out := make([]int, len(t.E.R.Kinds))
	for kind := range out {
		c := min(k, t.S.Count(a, m, kind))
		out[kind] = c
		k -= c
	}
	return out
}

// defenderRetreat moves the defender's units out (reduX Core 7.2.1): to
// adjacent land areas (straits included) that hold only its own units, or
// are vacant and were not an origin of the attack; its leader goes with
// the last of them (L&R 9.2.1).
func (t *Turn) defenderRetreat(b *Battle, rule orders.Rule, line int) {
	s, area, def := t.S, b.Area, b.Def
	dests := t.defenderDests(b, rule)
	asked := s.Units(area, def)
	if rule.N > 0 {
		asked = min(rule.N, asked)
	}
	var why whys
	want, kept := t.retreatable(area, def, t.N, asked)
	why.add(kept)
	if len(dests) == 0 {
		why.add(WhyNowhere)
	}
	moved := make([]int, len(t.B.Areas))
	total := 0
	for _, a := range dests {
		for total < want && t.retreatFits(def, area, a) {
			t.moveOut(def, area, a, 1)
			moved[a]++
			total++
		}
	}
	if total < want && len(dests) > 0 {
		why.add(WhyLimit)
	}
	if total == 0 {
		t.Emit(Event{Kind: adjudicator.EvRetreat, What: "defender-stuck", Nation: b.DefName, Area: t.Name(area), Battle: b.Num, Line: line})
		t.retreatWhy(len(t.Events())-1, asked, why)
		return
	}
	first, last := games.NoArea, -1
	for _, a := range dests {
		if moved[a] > 0 {
			if first == games.NoArea {
				first = a
			}
			t.Emit(Event{Kind: adjudicator.EvRetreat, What: "defender-retreats", Nation: b.DefName, Area: t.Name(area), Path: []string{t.Name(area), t.Name(a)}, N: moved[a], Battle: b.Num, Line: line})
			last = len(t.Events()) - 1
			t.occupy(def, a)
		}
	}
	t.retreatWhy(last, asked-total, why)
	t.leaderWithRetreat(def, area, first)
}

// defenderDests lists where the defender of battle b may retreat (reduX
// Core 7.2.1; BattleRules.RetreatInto), in preference order: the rule's own list if given,
// else areas holding its own units, then vacant ones, in board order.
func (t *Turn) defenderDests(b *Battle, rule orders.Rule) []games.AreaID {
	s, area, def := t.S, b.Area, b.Def
	legal := func(a games.AreaID) bool {
		if !t.B.IsLand(a) || !Adjacent(t.B, area, a) {
			return false
		}
		if s.Vacant(a) {
			for _, e := range t.entries[area] {
				if e.From == a {
					return false
				}
			}
			if f := t.R.Battle.RetreatInto; f != nil {
				return f(t, b, a)
			}
			return true
		}
		return s.Holds(a, def)
	}
	var dests []games.AreaID
	for _, a := range rule.To {
		if legal(a) {
			dests = append(dests, a)
		}
	}
	if len(rule.To) == 0 {
		for _, e := range t.B.Edges(area) {
			if legal(e.To) && s.Has(e.To, def) {
				dests = append(dests, e.To)
			}
		}
		for _, e := range t.B.Edges(area) {
			if legal(e.To) && s.Vacant(e.To) {
				dests = append(dests, e.To)
			}
		}
	}
	return dests
}

// leaderWithRetreat moves nation m's leader with its retreating units when
// they have all left the area (L&R 9.2.1).
func (t *Turn) leaderWithRetreat(m NationID, area, to games.AreaID) {
	li := t.S.LeaderIn(area, m)
	if li < 0 || t.S.Has(area, m) || to == games.NoArea {
		return
	}
	t.S.Leaders[li].Area = to
	t.Emit(Event{Kind: adjudicator.EvLeader, What: "leader-with-retreat", Nation: t.E.NationName(m), Area: t.Name(to), Leader: t.S.Leaders[li].Name})
}

// attackerRetreat moves attacking units back where they came from (reduX
// Core 7.2.2): not if placed there as reinforcements, not by boat (L&R 12),
// not to an origin that now holds another nation's units, and to the sea
// only for raiders or in the first phase of a Major Invasion (L&R 11.3,
// 11.4).
func (t *Turn) attackerRetreat(b *Battle, rule orders.Rule, line int) {
	s, area, n := t.S, b.Area, t.N
	asked := s.Units(area, n)
	if rule.N > 0 {
		asked = min(rule.N, asked)
	}
	var why whys
	want, kept := t.retreatable(area, n, b.Def, asked)
	why.add(kept)
	total := 0
	first, last := games.NoArea, -1
	for i := range b.groups {
		g := &b.groups[i]
		if g.N == 0 {
			continue
		}
		if no := t.noWayBack(g); no != "" {
			why.add(no)
			continue
		}
		toSea := !t.B.IsLand(g.From)
		k := 0
		for total < want && g.N > 0 && t.retreatFits(n, area, g.From) {
			t.moveOut(n, area, g.From, 1)
			g.N--
			k++
			total++
		}
		if total < want && g.N > 0 {
			why.add(WhyLimit)
		}
		if k > 0 {
			if first == games.NoArea {
				first = g.From
			}
			what := "attacker-retreats"
			if toSea {
				what = "attacker-retreats-to-sea"
			}
			t.Emit(Event{Kind: adjudicator.EvRetreat, What: what, Area: t.Name(area), Path: []string{t.Name(area), t.Name(g.From)}, N: k, Battle: b.Num, Line: line})
			last = len(t.Events()) - 1
			t.occupy(n, g.From)
		}
	}
	if total == 0 {
		t.Emit(Event{Kind: adjudicator.EvRetreat, What: "attacker-stuck", Area: t.Name(area), Battle: b.Num, Line: line})
		last = len(t.Events()) - 1
	}
	t.retreatWhy(last, asked-total, why)
	t.leaderWithRetreat(n, area, first)
}

// noWayBack says why a group of attackers cannot go back where it came
// from (reduX Core 7.2.2): placed in the area, by boat (L&R 12), from the
// sea but not raiders nor in a Major Invasion's first phase (L&R 11.3,
// 11.4), or the way back held by another nation; "" where it can.
func (t *Turn) noWayBack(g *entry) string {
	switch {
	case g.From == games.NoArea:
		return WhyPlaced
	case g.Boat:
		return WhyBoat
	case !t.B.IsLand(g.From):
		if !(t.Raid || (t.Major && t.Phase == 1)) {
			return WhyFromSea
		}
	case t.S.Foreign(g.From, t.N) > 0:
		return WhyBlocked
	}
	return ""
}

// Adjacent reports whether two areas are linked (straits included).
func Adjacent(b *games.Board, x, y games.AreaID) bool {
	ok, _ := b.Adjacent(x, y)
	return ok
}
