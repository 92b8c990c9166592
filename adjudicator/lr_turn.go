package adjudicator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The Leaders and Raiders nation turn (reduX L&R 9-12). The Core stages of
// engine.go, movement.go and battle.go stay as they are; a turn of a game
// whose tables have a leaders_and_raiders section runs the stages of the
// lr_*.go files instead, which reuse the Core helpers (population increase,
// placement, stacking, casualty groups, standing orders) where the rules do
// not change.

// lrTurn is the Leaders and Raiders bookkeeping of one nation turn.
type lrTurn struct {
	raid       bool // a Raiding turn (11.4)
	mustReturn bool // ☞: every raiding unit returns to sea (11.4)
	major      bool // a Major Invasion (11.3)
	extra      bool // an extra nation turn of the final round (11.6.1)
	phase      int  // the movement and battle phase: 1, or 2 in a Major Invasion

	freshCav    []int  // per area: the mover's cavalry that has not moved this phase
	leaderFresh bool   // the mover's leader has not moved this phase (9.2.1)
	leaderLeft  []bool // per area: a leader left it this phase (9.2.1)

	// raiders[area] are the mover's raiding units there (11.4), with the
	// seas they started in, oldest first.
	raiders      [][]games.AreaID
	leaderRaider bool         // the leader began the turn at sea in a Raiding turn
	leaderHome   games.AreaID // ... and which sea

	boatFrom, boatSea, boatTo games.AreaID // the phase's boat move (12), NoArea until used
	landlessAtMajor           bool         // held no land at the start of a Major Invasion (12)

	// excessStart is the excess at the start of the first Movement Phase
	// (Core 4.2.2 without raiders, 11.4): the second phase of a Major
	// Invasion is measured against it (11.3).
	excessStart int

	// phase2Body is the second phase's statements once its "if"s are
	// decided (lrSecondMovement).
	phase2Body   []orders.Statement
	phase2Copied int // how many of them are top-level lines, at its end

	expanded  bool // a move entered an empty area or attacked (Core 6)
	battleNo  int  // battles numbered across both phases of a Major Invasion
	topLevel  *orders.File
	extraTurn *ExtraTurn
}

// newLRTurn sets up the bookkeeping of a Leaders and Raiders nation turn.
func (t *turn) initLR() {
	l := &lrTurn{phase: 1, leaderHome: games.NoArea, boatFrom: games.NoArea, boatSea: games.NoArea, boatTo: games.NoArea}
	t.lr = l
	r := t.g.Tables.Round(t.s.Round)
	name := t.nation()
	l.raid = r.HasMark(games.MarkRaid, name) || r.HasMark(games.MarkReturn, name)
	l.mustReturn = r.HasMark(games.MarkReturn, name)
	l.major = r.HasMark(games.MarkMajor, name)
	l.raiders = make([][]games.AreaID, len(t.b.Areas))
	l.leaderLeft = make([]bool, len(t.b.Areas))
	if x := t.s.LR.extraFor(t.n); x != nil && t.s.LR.Extra != nil {
		l.extra, l.extraTurn = true, x
		l.raid, l.major, l.mustReturn = false, false, false
		if xt := t.e.extraTable(t.n); xt != nil && xt.Raiding {
			l.raid = true // the Danish extra turn is a Raiding turn (11.6.1)
		}
	}
	l.topLevel = t.in.Orders
}

// extraFor returns nation n's extra nation turn not yet played, or nil.
func (l *LRState) extraFor(n int) *ExtraTurn {
	for i := range l.Extra {
		if l.Extra[i].Nation == n && !l.Extra[i].Done {
			return &l.Extra[i]
		}
	}
	return nil
}

// lrPhase1 is the Population Increase and Reinforcements Phase with the
// Leaders and Raiders additions: the nation's leader leaves (9.2), Arthur's
// cavalry becomes infantry (9.3), population gives infantry only (9.1),
// reinforcements bring cavalry and leaders (9.1, 9.2), and the extra turns of
// the final round bring their own (11.6.1).
func (t *turn) lrPhase1() {
	l := t.lr
	if !l.extra {
		t.removeLeader()
		t.populationIncrease()
		t.clampCavalry()
		t.lrReinforcements()
	} else {
		t.noPlaceStatements("an extra nation turn has no population increase (reduX L&R 11.6.1)")
		t.extraReinforcements()
	}
	t.lrOccupy()
	for _, ph := range statements[orders.Phase](t) {
		if !l.major {
			t.problem(ph.Line, "reduX L&R 11.3", "there is no phase %d in this nation turn: only Major Invasions move twice", ph.N)
		} else if ph.N != 2 {
			t.problem(ph.Line, "reduX L&R 11.3", "a Major Invasion has two movement phases; write \"phase 2:\", not phase %d", ph.N)
		}
	}
	l.landlessAtMajor = l.major && len(t.s.Held(t.b, t.n)) == 0
	// 11.4: the units that begin the Movement Phase at sea are raiding units.
	if l.raid {
		for a := t.b.NumLand; a < len(t.b.Areas); a++ {
			sea := games.AreaID(a)
			for range t.s.Units[a][t.n] {
				l.raiders[a] = append(l.raiders[a], sea)
			}
		}
		if li := t.s.LeaderOf(t.n); li >= 0 && !t.b.IsLand(t.s.LR.Leaders[li].Area) {
			l.leaderRaider, l.leaderHome = true, t.s.LR.Leaders[li].Area
		}
	}
}

// clampCavalry keeps cavalry counts within the armies after armies were
// removed by the Core stages, which count armies only: infantry go first.
func (t *turn) clampCavalry() {
	for a := range t.s.LR.Cav {
		for n := range t.s.LR.Cav[a] {
			t.s.LR.Cav[a][n] = min(t.s.LR.Cav[a][n], t.s.Units[a][n])
		}
	}
}

// availableInfantry is how many of the nation's infantry are not on the
// board (cavalry come only as reinforcements, reduX L&R 9.1).
func (t *turn) availableInfantry() int {
	nat := t.g.Tables.Nations[t.n]
	return max(0, nat.Armies-(t.s.InPlay(t.n)-t.s.CavalryInPlay(t.n)))
}

func (t *turn) availableCavalry() int {
	return max(0, t.g.Tables.Nations[t.n].Cavalry-t.s.CavalryInPlay(t.n))
}

// removeLeader takes the nation's leader off the board when its
// reinforcements would be placed (reduX L&R 9.2); Arthur's cavalry become
// infantry (9.3).
func (t *turn) removeLeader() {
	li := t.s.LeaderOf(t.n)
	if li < 0 {
		return
	}
	ld := t.s.LR.Leaders[li]
	t.s.LR.Leaders = slices.Delete(t.s.LR.Leaders, li, li+1)
	t.s.LR.Gone = append(t.s.LR.Gone, ld.Name)
	t.emit(Event{Kind: EvLeader, Area: t.name(ld.Area), Rule: "reduX L&R 9.2", Text: fmt.Sprintf("%s leaves play at the start of the %s turn (reduX L&R 9.2)", ld.Name, possessive(t.nation()))})
	if ld.Name == arthur {
		t.arthurGone(t.n)
	}
}

// arthur is the Romano-British leader of reduX L&R 9.3.
const arthur = "Arthur"

// arthurGone replaces the Romano-British cavalry with infantry when Arthur
// leaves play, or removes them when no infantry are left (reduX L&R 9.3).
func (t *turn) arthurGone(rb int) {
	nat := t.g.Tables.Nations[rb]
	freeInf := max(0, nat.Armies-(t.s.InPlay(rb)-t.s.CavalryInPlay(rb)))
	for a := range t.s.LR.Cav {
		c := t.s.LR.Cav[a][rb]
		if c == 0 {
			continue
		}
		swap := min(c, freeInf)
		freeInf -= swap
		t.s.LR.Cav[a][rb] = 0
		t.s.Units[a][rb] -= c - swap
		txt := fmt.Sprintf("Arthur has left play: %d Romano-British cavalry in %s %s infantry (reduX L&R 9.3)", swap, t.name(games.AreaID(a)), verb(swap, "becomes", "become"))
		if swap < c {
			txt = fmt.Sprintf("Arthur has left play: %d Romano-British cavalry in %s %s infantry and %d %s removed for want of infantry (reduX L&R 9.3)", swap, t.name(games.AreaID(a)), verb(swap, "becomes", "become"), c-swap, isAre(c-swap))
		}
		t.emit(Event{Kind: EvLeader, Nation: nat.Name, Area: t.name(games.AreaID(a)), N: swap, Rule: "reduX L&R 9.3", Text: txt})
	}
}

// lrReinforcements places the Timeline's reinforcements (reduX Core 5.2)
// with cavalry (L&R 9.1) and leaders (9.2): a leader is placed with the
// armies it arrives with, or alone in an area the nation holds; an arrival
// with a condition ("holds Bernicia", "alive") comes only when it is met.
func (t *turn) lrReinforcements() {
	reinforceStmts := statements[orders.Reinforce](t)
	used := false
	for _, a := range t.e.arrivals(t.s.Round, t.n) {
		if a.IfHolds != games.NoArea && a.If != "" && !t.s.Holds(a.IfHolds, t.n) {
			t.emit(Event{Kind: EvReinforce, Rule: "reduX L&R 9.2", Text: fmt.Sprintf("%s does not come: the %s do not hold %s", leaderOr(a), t.nation(), t.name(a.IfHolds))})
			continue
		}
		if a.IfAlive && slices.Contains(t.s.LR.Fallen, a.Leader) {
			t.emit(Event{Kind: EvReinforce, Rule: "reduX L&R 9.2", Text: fmt.Sprintf("%s was eliminated and does not come back", a.Leader)})
			continue
		}
		var r *orders.Reinforce
		if len(a.SeaIDs) == 0 && len(reinforceStmts) > 0 {
			r = &reinforceStmts[0]
			used = true
		}
		t.placeArrival(a.Armies, a.Cavalry, a.Leader, a.SeaIDs, r)
	}
	if !used {
		for _, r := range reinforceStmts {
			if r.Cavalry > 0 {
				t.problem(r.Line, "reduX L&R 11.6.1", "cavalry for infantry is only for the Normans' extra turn")
				continue
			}
			t.problem(r.Line, "reduX Core 5.2.2", "the %s receive no reinforcements to place on land this turn", t.nation())
		}
	}
}

func leaderOr(a games.Arrival) string {
	if a.Leader != "" {
		return a.Leader
	}
	return fmt.Sprintf("The %s reinforcement", possessive(a.Nation))
}

// placeArrival places inf infantry, cav cavalry and a leader: invaders in
// their sea (5.2.1), others together on land (5.2.2).
func (t *turn) placeArrival(inf, cav int, leader string, seas []games.AreaID, r *orders.Reinforce) {
	landless := len(t.s.Held(t.b, t.n)) == 0
	if len(seas) == 0 && landless && inf+cav < t.g.Tables.LandlessReinforcements {
		inf = t.g.Tables.LandlessReinforcements - cav
	}
	if avail := t.availableInfantry(); inf > avail {
		t.emit(Event{Kind: EvShortage, N: inf - avail, Text: fmt.Sprintf("Only %d of %s %s available; marker to %d (reduX Core 5)", avail, count(inf, "infantry reinforcement", "infantry reinforcements"), isAre(avail), t.g.Tables.Population.TrackMax)})
		inf = avail
		t.s.Pop[t.n] = t.g.Tables.Population.TrackMax
	}
	if avail := t.availableCavalry(); cav > avail {
		t.emit(Event{Kind: EvShortage, N: cav - avail, Text: fmt.Sprintf("Only %d of %s %s available (reduX L&R 9.1)", avail, count(cav, "cavalry reinforcement", "cavalry reinforcements"), isAre(avail))})
		cav = avail
	}
	count := inf + cav
	if count == 0 && leader == "" {
		return
	}
	what := unitsText(inf, cav)
	if leader != "" {
		if count > 0 {
			what = leader + " with " + what
		} else {
			what = leader
		}
	}
	if len(seas) > 0 {
		sea := seas[0]
		if len(seas) == 2 {
			t.border[sea] = seas[1]
		}
		if count == 0 {
			t.emit(Event{Kind: EvLimit, Rule: "reduX L&R 9.2.1", Text: fmt.Sprintf("%s arrives with no armies and cannot be placed at sea alone (reduX L&R 9.2.1)", leader)})
			return
		}
		t.s.Units[sea][t.n] += count
		t.s.LR.Cav[sea][t.n] += cav
		if leader != "" {
			t.s.LR.Leaders = append(t.s.LR.Leaders, Leader{Nation: t.n, Name: leader, Area: sea})
		}
		where := t.name(sea)
		if len(seas) == 2 {
			where = "the border of " + t.name(seas[0]) + " and " + t.name(seas[1])
		}
		t.emit(Event{Kind: EvReinforce, Area: t.name(sea), N: count, Text: fmt.Sprintf("%s invaders arrive in %s: %s (reduX Core 5.2.1)", t.nation(), where, what)})
		return
	}
	dest := games.NoArea
	if count == 0 { // a leader alone goes to armies of its nation (9.2.1)
		if r != nil {
			if t.s.Holds(r.Area, t.n) {
				dest = r.Area
			} else {
				t.problem(r.Line, "reduX L&R 9.2.1", "%s may only be placed with %s armies, in an area they hold; %s is not one", leader, t.nation(), t.name(r.Area))
			}
		}
		if dest == games.NoArea {
			dest = t.defaultLeaderArea()
			if dest != games.NoArea {
				t.defaulted(0, "reduX L&R 9.2", "%s is placed by default in %s, the held area with the most armies", leader, t.name(dest))
			}
		}
		if dest == games.NoArea {
			t.emit(Event{Kind: EvLimit, Rule: "reduX L&R 9.2.1", Text: fmt.Sprintf("The %s hold no area with armies: %s cannot be placed (reduX L&R 9.2.1)", t.nation(), leader)})
			return
		}
	} else {
		if r != nil {
			switch {
			case r.Cavalry > 0:
				t.problem(r.Line, "reduX L&R 11.6.1", "cavalry for infantry is only for the Normans' extra turn")
			case t.reinforceOK(r.Area, landless):
				dest = r.Area
			case landless:
				t.problem(r.Line, "reduX Core 5.2.2", "a nation with no land places reinforcements in a scoring centre, a vacant one if any; %s is not allowed", t.name(r.Area))
			default:
				t.problem(r.Line, "reduX Core 5.2.2", "reinforcements go to an area the %s hold or a vacant scoring centre; %s is neither", t.nation(), t.name(r.Area))
			}
		}
		if dest == games.NoArea {
			dest = t.defaultReinforce(landless)
			t.defaultedReinforce(dest)
		}
		if dest == games.NoArea {
			t.emit(Event{Kind: EvLimit, N: count, Text: fmt.Sprintf("The %s have nowhere to place %s (reduX Core 5.2.2)", t.nation(), what)})
			return
		}
	}
	opposed := t.foreign(dest) > 0
	t.s.Units[dest][t.n] += count
	t.s.LR.Cav[dest][t.n] += cav
	if leader != "" {
		t.s.LR.Leaders = append(t.s.LR.Leaders, Leader{Nation: t.n, Name: leader, Area: dest})
	}
	if opposed && count > 0 {
		t.entries[dest] = append(t.entries[dest], entry{From: games.NoArea, N: count})
		t.order = append(t.order, dest)
	}
	t.emit(Event{Kind: EvReinforce, Area: t.name(dest), N: count, Text: fmt.Sprintf("%s placed in %s (reduX Core 5.2.2)", upper(what), t.name(dest))})
}

// defaultLeaderArea is where a leader arriving without armies goes: the
// area it just left if the nation still holds it, else the held area with
// the most armies (board order on ties).
func (t *turn) defaultLeaderArea() games.AreaID {
	best := games.NoArea
	for _, a := range t.s.Held(t.b, t.n) {
		if best == games.NoArea || t.s.Units[a][t.n] > t.s.Units[best][t.n] {
			best = a
		}
	}
	return best
}

func unitsText(inf, cav int) string {
	switch {
	case cav == 0:
		return fmt.Sprintf("%d %s", inf, armies(inf))
	case inf == 0:
		return fmt.Sprintf("%d cavalry", cav)
	}
	return fmt.Sprintf("%d infantry and %d cavalry", inf, cav)
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// lrPhase3 is everything after the first Movement Phase: the first Battles
// and Retreats Phase, a Major Invasion's second Movement and Battles Phases
// (11.3), the Raider Withdrawal Phase (11.5) and the scoring at the end of
// the nation turn (11.1).
func (t *turn) lrPhase3() {
	t.lrBattles()
	if t.lr.major {
		t.lrSecondPhase()
	}
	t.lrWithdrawal()
	t.lrEndOfTurn()
	if x := t.lr.extraTurn; x != nil {
		for i := range t.s.LR.Extra {
			if t.s.LR.Extra[i].Nation <= t.n {
				t.s.LR.Extra[i].Done = true
			}
		}
	}
}

// lrSecondPhase is a Major Invasion's second Movement Phase and Battles and
// Retreats Phase (reduX L&R 11.3), with the statements of the "phase 2:"
// block.
func (t *turn) lrSecondPhase() {
	t.lrSecondMovement()
	t.lrBattles()
	t.in.Orders = t.lr.topLevel
}

// lrSecondMovement is a Major Invasion's second Movement Phase (reduX L&R
// 11.3): the statements of the "phase 2:" block, each "if" decided now,
// then the top-level battle lines, which apply to both phases. It leaves
// that file in t.in.Orders for the second battles.
func (t *turn) lrSecondMovement() {
	l := t.lr
	l.phase = 2
	var body []orders.Statement
	if l.topLevel != nil {
		for _, st := range l.topLevel.Body {
			if ph, ok := st.(orders.Phase); ok && ph.N == 2 {
				body = append(body, t.openIfs(ph.Body)...)
			}
		}
		own := len(body)
		for _, st := range l.topLevel.Body { // battle choices apply to both phases
			switch st.(type) {
			case orders.Attack, orders.Casualties, orders.Target, orders.Defend:
				body = append(body, st)
			}
		}
		l.phase2Copied = len(body) - own
	}
	f := &orders.File{Body: body}
	if l.topLevel != nil {
		c := *l.topLevel
		c.Body = body
		f = &c
	}
	t.in.Orders = f
	t.emit(Event{Kind: EvPhase, N: 2, Rule: "reduX L&R 11.3", Text: fmt.Sprintf("The %s Major Invasion: second Movement Phase (reduX L&R 11.3)", possessive(t.nation()))})
	t.entries = make([][]entry, len(t.b.Areas))
	t.passed = make([][]passage, len(t.b.Areas))
	t.order = nil
	l.phase2Body = body
	t.lrMovement()
}

// openIfs replaces each "if AREA taken|lost:" block by its statements when
// its condition holds now, and drops it otherwise.
func (t *turn) openIfs(body []orders.Statement) []orders.Statement {
	var out []orders.Statement
	for _, st := range body {
		if c, ok := st.(orders.If); ok {
			taken := t.s.Holds(c.Area, t.n)
			if taken == c.Taken {
				out = append(out, t.openIfs(c.Then)...)
			}
			continue
		}
		out = append(out, st)
	}
	return out
}

// lrCheckStatements checks the Leaders and Raiders statements of a file
// against the turn (used when checking a file). known says whether the
// second phase of a Major Invasion was played (checkSecondPhase).
func (t *turn) lrCheckStatements(known bool) {
	l := t.lr
	for _, w := range statements[orders.Withdraw](t) {
		if !l.raid {
			t.problem(w.Line, "reduX L&R 11.5", "the %s have no Raiding turn this round, so no raiders withdraw", t.nation())
		} else if !t.b.IsLand(w.Area) {
			t.problem(w.Line, "reduX L&R 11.5", "raiders withdraw from a land area, not %s", t.name(w.Area))
		}
	}
	for _, r := range statements[orders.Rex](t) {
		if !t.cnutTurn() {
			t.problem(r.Line, "reduX L&R 9.4", "only the Danes, in the nation turn they receive Cnut, choose whether to become Rex Anglorum")
		}
	}
	for _, tg := range statements[orders.Target](t) {
		if tg.Area != games.NoArea && !t.b.IsLand(tg.Area) {
			t.problem(tg.Line, "reduX Core 6.1.1", "no battles occur at sea")
		}
	}
	// The "phase 2:" block is played after the first battles, so unless
	// they make none (checkSecondPhase played it), only what does not
	// depend on them is checked: each move's path. Then the moves of the
	// branches not taken are still checked on the board.
	played := map[int]bool{}
	if known {
		for _, st := range l.phase2Body {
			played[st.Pos()] = true
		}
	}
	var walk func([]orders.Statement)
	walk = func(body []orders.Statement) {
		for _, st := range body {
			switch x := st.(type) {
			case orders.Move:
				if !played[x.Line] {
					t.checkPath(x)
				}
			case orders.If:
				walk(x.Then)
			}
		}
	}
	for _, ph := range statements[orders.Phase](t) {
		walk(ph.Body)
	}
}

// checkPath checks a move's path on the board alone: adjacent steps, land
// after the start (or LAND > SEA > LAND by boat), within three areas, a
// strait only as the whole move (reduX Core 6, 6.2, L&R 9.1.1, 9.2.1, 12).
func (t *turn) checkPath(mv orders.Move) {
	b, p := t.b, mv.Path
	if len(p) < 2 {
		t.problem(mv.Line, "reduX Core 6", "a move needs at least two areas")
		return
	}
	if len(p) == 3 && b.IsLand(p[0]) && !b.IsLand(p[1]) && b.IsLand(p[2]) {
		if !t.e.Boats {
			t.problem(mv.Line, "reduX Core 6", "armies may not move into a sea area (%s); boat movement is the optional rule \"boats\" (reduX L&R 12)", t.name(p[1]))
		} else if !adjacent(b, p[0], p[1]) || !adjacent(b, p[1], p[2]) || adjacent(b, p[0], p[2]) {
			t.problem(mv.Line, "reduX L&R 12", "a boat move goes from a coastal area through a sea it borders to another area on that sea, not adjacent to the start")
		}
		return
	}
	if len(p)-1 > maxMoveLeader {
		t.problem(mv.Line, "reduX Core 6, L&R 9.1.1, 9.2.1", "no unit moves more than %d areas; this path has %d", maxMoveLeader, len(p)-1)
		return
	}
	for i := 1; i < len(p); i++ {
		x, y := p[i-1], p[i]
		if !b.IsLand(y) {
			t.problem(mv.Line, "reduX Core 6", "armies may not move into a sea area (%s)", t.name(y))
			return
		}
		linked, strait := b.Adjacent(x, y)
		if !linked && i == 1 && !b.IsLand(x) {
			if other, ok := t.border[x]; ok {
				linked = adjacent(b, other, y)
			}
		}
		if !linked {
			t.problem(mv.Line, "reduX Core 6", "%s is not adjacent to %s", t.name(y), t.name(x))
			return
		}
		if strait && len(p) != 2 {
			t.problem(mv.Line, "reduX Core 6.2", "crossing the strait from %s to %s takes all of a unit's movement", t.name(x), t.name(y))
			return
		}
	}
}

// cnutTurn reports whether this is the Danes' turn in which Cnut arrives
// (reduX L&R 9.4).
func (t *turn) cnutTurn() bool {
	for _, a := range t.e.arrivals(t.s.Round, t.n) {
		if a.Leader == "Cnut" {
			return true
		}
	}
	return false
}

// coreRefusesLR refuses the Leaders and Raiders statements in a reduX Core
// file: they would mean nothing there.
func (t *turn) coreRefusesLR() {
	if t.in.Orders == nil {
		return
	}
	var walk func([]orders.Statement)
	walk = func(body []orders.Statement) {
		for _, st := range body {
			switch x := st.(type) {
			case orders.Withdraw, orders.Target, orders.Rex:
				t.problem(st.Pos(), "reduX L&R", "%q is a Leaders and Raiders order; this game plays reduX Core", orders.EncodeStatement(st, t.g))
			case orders.Reinforce:
				if x.Cavalry > 0 {
					t.problem(st.Pos(), "reduX L&R 11.6.1", "there is no cavalry in reduX Core")
				}
			case orders.Attack:
				if x.Rule.Leader || orders.MentionsWon(x.Rule.When) {
					t.problem(st.Pos(), "reduX L&R 9.2.2", "there are no leaders in reduX Core")
				}
			case orders.Defend:
				if x.Rule.Leader {
					t.problem(st.Pos(), "reduX L&R 9.2.2", "there are no leaders in reduX Core")
				}
			case orders.Phase:
				walk(x.Body)
			case orders.If:
				walk(x.Then)
			}
		}
	}
	walk(t.in.Orders.Body)
}

// checkTarget checks a standing "target" line (reduX L&R 9.1.2).
func (e *Engine) checkTarget(tg orders.Target) orders.Errors {
	switch {
	case !e.LR:
		return orders.Errors{{Line: tg.Line, Illegal: true, Rule: "reduX L&R 9.1.2", Msg: "there is no cavalry in reduX Core"}}
	case tg.Area != games.NoArea && !e.G.Board.IsLand(tg.Area):
		return orders.Errors{{Line: tg.Line, Illegal: true, Rule: "reduX Core 6.1.1", Msg: "no battles occur at sea"}}
	}
	return nil
}
