package adjudicator

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Engine adjudicates one game: a ruleset's data and options.
type Engine struct {
	G *games.Game
	// ReducedRandomness is reduX Core 7.3 (option "reduced-randomness").
	ReducedRandomness bool
	// LR is set when the tables have a Leaders and Raiders section: the
	// nation turn runs the stages of the lr_*.go files (reduX L&R 9-12).
	LR bool
	// Boats is reduX L&R 12 (option "boats").
	Boats bool
	// Players is the game's player count (reduX Core 2.1), which Leaders
	// and Raiders needs: points for eliminating units only count against
	// another player's nations (10.4), and the King's extra turns depend on
	// it (11.6.2). Zero means four.
	Players int
	// Compat is set to replay a game written by an earlier engine exactly as
	// it was played: 1 is pbem-engine-1 (archive.EngineVersion), whose event
	// texts had the grammar slips wording.go keeps, and which did not apply
	// the population limit at the end of a Major Invasion's second phase
	// (L&R 11.3). Zero is the current engine.
	Compat int

	// arrivalNation[r][i] is the play-order index of the nation of arrival
	// i of round r+1 (reduX Core 5.2), resolved once by New because Due
	// asks for every nation's arrivals on every call. Nil for an Engine
	// built without New: names are then looked up on each call.
	arrivalNation [][]int
}

// legacy reports whether the engine replays pbem-engine-1 (Compat).
func (e *Engine) legacy() bool { return e.Compat == 1 }

// New returns the engine for a loaded game. The game's tables must not
// change afterwards.
func New(g *games.Game) *Engine {
	e := &Engine{G: g, ReducedRandomness: g.HasOption("reduced-randomness")}
	e.LR, e.Boats = g.Tables.LR != nil, g.HasOption("boats") // Leaders and Raiders (lr_turn.go)
	e.arrivalNation = make([][]int, len(g.Tables.Rounds))
	for r, rd := range g.Tables.Rounds {
		for _, a := range rd.Arrivals {
			i, err := g.Tables.NationIndex(a.Nation)
			if err != nil {
				i = -1 // the loader refuses unknown nations; never matches
			}
			e.arrivalNation[r] = append(e.arrivalNation[r], i)
		}
	}
	return e
}

// Input is everything a nation turn depends on besides the state and the
// dice (docs/design.md §2).
type Input struct {
	// Orders is the accepted order file of the nation whose turn it is; nil
	// means every Decision takes its default.
	Orders *orders.File
	// Standing holds each nation's standing orders in force, indexed by play
	// order; nil entries mean none.
	Standing []*orders.File
}

// Due says what comes next in a state: the nation turn of nation n, or (n
// == -1) the end of the round. It skips nations that have not entered or
// have left the game (reduX Core 4.1). It does not change s.
func (e *Engine) Due(s *State) (nation int) {
	if s.LR != nil && s.LR.Extra != nil { // the final round's extra turns (lr_score.go)
		return e.dueExtra(s)
	}
	for n := s.Next; n < len(e.G.Tables.Nations); n++ {
		if e.plays(s, n) {
			return n
		}
	}
	return -1
}

// plays reports whether nation n takes a turn this round (reduX Core 4.1):
// it has armies on the board or reinforcements on the Timeline.
func (e *Engine) plays(s *State, n int) bool {
	if s.InPlay(n) > 0 {
		return true
	}
	for _, a := range e.arrivals(s.Round, n) {
		if a.Armies+a.Cavalry > 0 {
			return true
		}
	}
	return false
}

func (e *Engine) arrivals(round, n int) []games.Arrival {
	r := e.G.Tables.Round(round)
	if r == nil {
		return nil
	}
	var out []games.Arrival
	for k, a := range r.Arrivals {
		i := -1
		if round-1 < len(e.arrivalNation) && k < len(e.arrivalNation[round-1]) {
			i = e.arrivalNation[round-1][k]
		} else if j, err := e.G.Tables.NationIndex(a.Nation); err == nil {
			i = j
		}
		if i == n {
			out = append(out, a)
		}
	}
	return out
}

// TurnID is the stable id of what is due in s: "r05-saxons" or "r05-end".
func (e *Engine) TurnID(s *State) string {
	n := e.Due(s)
	extra := s.LR != nil && s.LR.Extra != nil // the final round's extra turns (lr_score.go)
	switch {
	case n < 0 && extra:
		return fmt.Sprintf("r%02d-extra-end", s.Round)
	case n < 0:
		return fmt.Sprintf("r%02d-end", s.Round)
	case extra:
		return NationTurnID(s.Round, e.G.Tables.Nations[n].Name) + orders.ExtraSuffix
	}
	return NationTurnID(s.Round, e.G.Tables.Nations[n].Name)
}

// NationTurnID builds a nation turn id: "r05-saxons".
func NationTurnID(round int, nation string) string {
	return fmt.Sprintf("r%02d-%s", round, foldLetters(nation))
}

func foldLetters(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// NationTurn plays the nation turn that is due in s and returns the new
// state and the events (reduX Core 4.1: Phase 1 population increase and
// reinforcements, Phase 2 movement, Phase 3 battles and retreats). Statements
// that have become impossible are skipped and reported. s is not changed.
func (e *Engine) NationTurn(s *State, in Input, d dice.Roller) (*State, []Event, error) {
	n := e.Due(s)
	if n < 0 {
		return nil, nil, fmt.Errorf("no nation turn is due in round %d: the end of the round is", s.Round)
	}
	if in.Orders != nil && in.Orders.Nation != e.G.Tables.Nations[n].Name {
		return nil, nil, fmt.Errorf("orders are for the %s but it is the %s turn", in.Orders.Nation, possessive(e.G.Tables.Nations[n].Name))
	}
	t := e.newTurn(s, n, in, d, false)
	t.run()
	t.s.Next = n + 1
	if e.legacy() {
		return t.s, e.wordingV1(t.ev), nil
	}
	return t.s, t.ev, nil
}

// CheckStanding validates a standing orders file (any time).
func (e *Engine) checkStanding(f *orders.File) orders.Errors {
	var errs orders.Errors
	for _, st := range f.Body {
		if tg, ok := st.(orders.Target); ok { // Leaders and Raiders (reduX L&R 9.1.2)
			errs = append(errs, e.checkTarget(tg)...)
			continue
		}
		d, ok := st.(orders.Defend)
		if ok && d.Rule.Leader && !e.LR {
			errs = append(errs, &orders.Error{Line: d.Line, Illegal: true, Rule: "reduX L&R 9.2.2", Msg: "there are no leaders in reduX Core"})
		}
		if !ok {
			errs = append(errs, &orders.Error{Line: st.Pos(), Illegal: true, Msg: "standing orders may only contain defend lines"})
			continue
		}
		if d.Area != games.NoArea && !e.G.Board.IsLand(d.Area) {
			errs = append(errs, &orders.Error{Line: d.Line, Illegal: true, Rule: "reduX Core 6.1.1", Msg: "no battles occur at sea"})
		}
		for _, to := range d.Rule.To {
			if !e.G.Board.IsLand(to) {
				errs = append(errs, &orders.Error{Line: d.Line, Illegal: true, Rule: "reduX Core 7.2", Msg: "armies may never retreat to a sea area"})
			}
		}
	}
	return errs
}

// turn is the working state of one nation turn.
type turn struct {
	e      *Engine
	g      *games.Game
	b      *games.Board
	s      *State
	n      int
	in     Input
	d      dice.Roller
	strict bool // checking a file: problems are errors, not skipped events
	errs   orders.Errors
	ev     []Event

	notes    bool   // Review: collect warnings and defaults
	warnings []Note // statements that can never apply (Review)
	defaults []Note // Decisions left to their defaults (Review)

	// movement bookkeeping (Core 6)
	fresh     []int          // per area: armies of n that have not moved
	entries   [][]entry      // per area: groups of n that entered it this turn
	passed    [][]passage    // per area: armies of n that overran through it
	order     []games.AreaID // battle areas in order of first entry
	heldAt    int            // areas held at the start of movement (6.4)
	heldStart []bool         // per land area: held at the start of movement (6.4)
	excess0   int            // excess at the start of movement (6.4)
	border    map[games.AreaID]games.AreaID

	lr *lrTurn // Leaders and Raiders bookkeeping; nil in Core (lr_turn.go)
}

// entry is a group of attacking armies that entered a battle area from one
// place; From is a sea or NoArea for reinforcements placed there (7.2.2).
type entry struct {
	From games.AreaID
	N    int
	Line int
	Boat bool // came by boat and may not retreat (reduX L&R 12)
}

type passage struct {
	From games.AreaID
	N    int
	Line int
}

func (e *Engine) newTurn(s *State, n int, in Input, d dice.Roller, strict bool) *turn {
	t := &turn{e: e, g: e.G, b: e.G.Board, s: s.Clone(), n: n, in: in, d: d, strict: strict,
		entries: make([][]entry, len(e.G.Board.Areas)), passed: make([][]passage, len(e.G.Board.Areas)),
		border: map[games.AreaID]games.AreaID{}}
	if e.LR && t.s.LR != nil { // Leaders and Raiders (lr_turn.go)
		t.initLR()
	}
	return t
}

func (t *turn) nation() string { return t.g.Tables.Nations[t.n].Name }

func (t *turn) name(a games.AreaID) string { return t.b.AreaName(a) }

func (t *turn) emit(ev Event) {
	if ev.Nation == "" {
		ev.Nation = t.nation()
	}
	t.ev = append(t.ev, ev)
}

// problem records a statement that cannot be carried out: an Illegal error
// when checking a file, a skipped-statement event when playing the turn.
func (t *turn) problem(line int, rule, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if t.strict {
		t.errs = append(t.errs, &orders.Error{Line: line, Illegal: true, Rule: rule, Msg: msg})
		return
	}
	t.emit(Event{Kind: EvSkipped, Line: line, Rule: rule, Text: fmt.Sprintf("skipped (line %d): %s (%s)", line, msg, rule)})
}

// statements returns the file's statements of type T, in file order.
func statements[T orders.Statement](t *turn) []T {
	var out []T
	if t.in.Orders == nil {
		return out
	}
	for _, st := range t.in.Orders.Body {
		if x, ok := st.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

func (t *turn) run() {
	t.emit(Event{Kind: EvTurn, Round: t.s.Round, Text: fmt.Sprintf("Round %d: the %s turn", t.s.Round, possessive(t.nation()))})
	t.phase1()
	t.phase2()
	t.phase3()
}

// phase1 is the Population Increase and Reinforcements Phase (reduX Core 5).
func (t *turn) phase1() {
	if t.lr != nil { // Leaders and Raiders (lr_turn.go)
		t.lrPhase1()
		return
	}
	t.populationIncrease()
	t.reinforcements()
	for _, ph := range statements[orders.Phase](t) {
		t.problem(ph.Line, "reduX L&R 11.3", "there is no phase %d in this nation turn: only Major Invasions move twice", ph.N)
	}
}

// phase2 is the Movement Phase (reduX Core 6).
func (t *turn) phase2() {
	if t.lr != nil { // Leaders and Raiders (lr_move.go)
		t.lrMovement()
		return
	}
	t.movement()
}

// phase3 is the Battles and Retreats Phase (reduX Core 7).
func (t *turn) phase3() {
	if t.lr != nil { // Leaders and Raiders (lr_turn.go)
		t.lrPhase3()
		return
	}
	t.battles()
}

// stackLimit returns the normal and overstack limits of an area
// (reduX Core 4.2.1).
func (t *turn) stackLimit(a games.AreaID) (normal, over int) {
	st := t.g.Tables.Stacking
	if t.b.Difficult(a) {
		return st.Difficult, st.OverstackDifficult
	}
	return st.Clear, st.OverstackClear
}

// stackingOK reports whether nation n meets the stacking limit everywhere
// (reduX Core 4.2.1): at most one area over its normal limit, and that one
// within the overstack maximum.
func (t *turn) stackingOK(n int) (ok bool, where games.AreaID) {
	over := 0
	for a := 0; a < t.b.NumLand; a++ {
		id := games.AreaID(a)
		c := t.s.Units[a][n]
		norm, os := t.stackLimit(id)
		if c > os {
			return false, id
		}
		if c > norm {
			over++
			if over > 1 {
				return false, id
			}
		}
	}
	return true, games.NoArea
}

// populationIncrease is reduX Core 5.1 and 5.1.1.
func (t *turn) populationIncrease() {
	s, n, p := t.s, t.n, t.g.Tables.Population
	held := s.Held(t.b, n)
	excess := s.Excess(t.b, n)
	if len(held) == 0 {
		if s.Pop[n] != 0 {
			t.emit(Event{Kind: EvPopulation, Text: fmt.Sprintf("The %s hold no land: no population increase, marker to 0 (reduX Core 5.1)", t.nation())})
		}
		s.Pop[n] = 0
		t.noPlaceStatements("the nation holds no land and gains no armies")
		return
	}
	points := s.Pop[n]
	for _, a := range held {
		if t.b.Difficult(a) {
			points += p.Difficult
		} else {
			points += p.Clear
		}
	}
	gain, rest := points/p.PointsPerArmy, points%p.PointsPerArmy
	if excess > gain {
		remove := (excess - gain) / 2
		s.Pop[n] = 0
		t.emit(Event{Kind: EvPopulation, N: 0, Text: fmt.Sprintf("The %s have %s and %s: no increase, %s removed, marker to 0 (reduX Core 5.1)", t.nation(), count(excess, "excess army", "excess armies"), count(points, "population point", "population points"), count(remove, "army", "armies"))})
		t.removeExcess(remove)
		t.noPlaceStatements("the nation is over its population limit and gains no armies")
		return
	}
	t.noRemoveStatements()
	gain -= excess
	s.Pop[n] = rest
	if avail := t.available(); gain > avail {
		t.emit(Event{Kind: EvShortage, N: gain - avail, Text: fmt.Sprintf("The %s have only %s left of the %d gained; marker to %d (reduX Core 5)", t.nation(), count(avail, "army", "armies"), gain, p.TrackMax)})
		gain = avail
		s.Pop[n] = p.TrackMax
	}
	txt := fmt.Sprintf("The %s have %s: %d new %s, %s kept (reduX Core 5.1)", t.nation(), count(points, "population point", "population points"), gain, armies(gain), count(s.Pop[n], "point", "points"))
	if excess > 0 {
		txt = fmt.Sprintf("The %s have %s and %s: %d new %s, %s kept (reduX Core 5.1)", t.nation(), count(points, "population point", "population points"), count(excess, "excess army", "excess armies"), gain, armies(gain), count(s.Pop[n], "point", "points"))
	}
	t.emit(Event{Kind: EvPopulation, N: gain, Text: txt})
	t.placeArmies(gain, held)
}

func (t *turn) noPlaceStatements(why string) {
	for _, pl := range statements[orders.Place](t) {
		t.problem(pl.Line, "reduX Core 5.1", "nothing to place: %s", why)
	}
}

func (t *turn) noRemoveStatements() {
	for _, r := range statements[orders.Remove](t) {
		t.problem(r.Line, "reduX Core 5.1", "no armies need removing this turn")
	}
}

// available is the number of nation n's armies not on the board.
func (t *turn) available() int {
	if t.lr != nil { // population gives infantry only (reduX L&R 9.1)
		return t.availableInfantry()
	}
	return max(0, t.g.Tables.Nations[t.n].Armies+t.g.Tables.Nations[t.n].Cavalry-t.s.InPlay(t.n))
}

// canPlace reports whether one more army may go into area a by reduX Core
// 5.1.1: a held area, within the stacking limit.
func (t *turn) canPlace(a games.AreaID) bool {
	if !t.s.Holds(a, t.n) {
		return false
	}
	t.s.Units[a][t.n]++
	ok, _ := t.stackingOK(t.n)
	t.s.Units[a][t.n]--
	return ok
}

// placeArmies places gain new armies in held areas (reduX Core 5.1.1): the
// player's place statements first, then the default; no more than one per
// area unless there is no alternative; an army with nowhere to go is not
// placed and the marker goes to its maximum.
func (t *turn) placeArmies(gain int, held []games.AreaID) {
	placed := make([]int, t.b.NumLand)
	left := gain
	// oneEach reports whether some held area other than a still could take
	// its first new army.
	otherRoom := func(a games.AreaID) bool {
		for _, h := range held {
			if h != a && placed[h] == 0 && t.canPlace(h) {
				return true
			}
		}
		return false
	}
	for _, pl := range statements[orders.Place](t) {
		for i := 0; i < max(pl.N, 1); i++ {
			switch {
			case left == 0:
				t.problem(pl.Line, "reduX Core 5.1", "only %s this turn", count(gain, "new army", "new armies"))
			case !t.s.Holds(pl.Area, t.n):
				t.problem(pl.Line, "reduX Core 5.1.1", "new armies go only to areas the %s hold, and they do not hold %s", t.nation(), t.name(pl.Area))
			case placed[pl.Area] > 0 && otherRoom(pl.Area):
				t.problem(pl.Line, "reduX Core 5.1.1", "no more than one new army in %s while another held area has room", t.name(pl.Area))
			case !t.canPlace(pl.Area):
				t.problem(pl.Line, "reduX Core 4.2.1", "another army in %s would break the stacking limit", t.name(pl.Area))
			default:
				t.s.Units[pl.Area][t.n]++
				placed[pl.Area]++
				left--
				continue
			}
			break
		}
	}
	if left > 0 && len(statements[orders.Place](t)) > 0 {
		t.emit(Event{Kind: EvDefault, N: left, Text: fmt.Sprintf("%s not placed by the orders %s placed by default", count(left, "new army", "new armies"), isAre(left))})
	}
	t.placeByDefault(left, held, placed)
	for a, c := range placed {
		if c > 0 {
			t.emit(Event{Kind: EvPlace, Area: t.name(games.AreaID(a)), N: c, Text: fmt.Sprintf("%d new %s placed in %s", c, armies(c), t.name(games.AreaID(a)))})
		}
	}
}

// placeByDefault places the new armies no place statement placed (reduX
// Core 5.1.1, docs/orders.md Decision 1): one an area in placementOrder,
// the area with the fewest new armies first; an army with nowhere to go is
// not placed and the marker goes to its maximum.
func (t *turn) placeByDefault(left int, held []games.AreaID, placed []int) {
	byDefault := make([]int, len(placed))
	order := t.placementOrder(held)
	for left > 0 {
		best := games.NoArea
		for _, a := range order {
			if !t.canPlace(a) {
				continue
			}
			if best == games.NoArea || placed[a] < placed[best] {
				best = a
			}
		}
		if best == games.NoArea {
			t.emit(Event{Kind: EvShortage, N: left, Text: fmt.Sprintf("%s %s nowhere to go within the stacking limit and %s not placed; marker to %d (reduX Core 5.1.1)", count(left, "new army", "new armies"), verb(left, "has", "have"), isAre(left), t.g.Tables.Population.TrackMax)})
			t.s.Pop[t.n] = t.g.Tables.Population.TrackMax
			break
		}
		t.s.Units[best][t.n]++
		placed[best]++
		byDefault[best]++
		left--
	}
	t.defaultedAreas(byDefault, "reduX Core 5.1.1", "%s placed by default, scoring centres first, then areas next to another nation's: %s", "new army", "new armies")
}

// placementOrder is the default preference of docs/orders.md §1: scoring
// centres, then areas bordering another nation's armies, then board order.
func (t *turn) placementOrder(held []games.AreaID) []games.AreaID {
	var centres, front, rest []games.AreaID
	for _, a := range held {
		switch {
		case t.isCentre(a):
			centres = append(centres, a)
		case t.bordersEnemy(a):
			front = append(front, a)
		default:
			rest = append(rest, a)
		}
	}
	return append(append(centres, front...), rest...)
}

func (t *turn) isCentre(a games.AreaID) bool {
	for _, c := range t.g.Tables.Nations[t.n].CentreIDs {
		if c == a {
			return true
		}
	}
	return false
}

func (t *turn) bordersEnemy(a games.AreaID) bool {
	for _, e := range t.b.Edges(a) {
		if !t.b.IsLand(e.To) {
			continue
		}
		for m, c := range t.s.Units[e.To] {
			if m != t.n && c > 0 {
				return true
			}
		}
	}
	return false
}

// removeExcess removes k armies for overpopulation (reduX Core 5.1): the
// player's remove statements, then the largest stacks; never the last army
// in an area.
func (t *turn) removeExcess(k int) {
	removed := make([]int, t.b.NumLand)
	for _, r := range statements[orders.Remove](t) {
		for i := 0; i < max(r.N, 1); i++ {
			switch {
			case k == 0:
				t.problem(r.Line, "reduX Core 5.1", "no more armies need removing")
			case t.s.Units[r.Area][t.n] <= 1:
				t.problem(r.Line, "reduX Core 5.1", "the last army in %s may not be removed", t.name(r.Area))
			default:
				t.s.Units[r.Area][t.n]--
				removed[r.Area]++
				k--
				continue
			}
			break
		}
	}
	byDefault := make([]int, t.b.NumLand)
	for k > 0 {
		best := games.NoArea
		for a := 0; a < t.b.NumLand; a++ {
			c := t.s.Units[a][t.n]
			if c > 1 && (best == games.NoArea || c > t.s.Units[best][t.n]) {
				best = games.AreaID(a)
			}
		}
		if best == games.NoArea {
			break // every area has one army: nothing more may go
		}
		t.s.Units[best][t.n]--
		removed[best]++
		byDefault[best]++
		k--
	}
	t.defaultedAreas(byDefault, "reduX Core 5.1", "%s removed by default, from the largest stacks: %s", "army", "armies")
	for a, c := range removed {
		if c > 0 {
			t.emit(Event{Kind: EvRemove, Area: t.name(games.AreaID(a)), N: c, Text: fmt.Sprintf("%d %s removed from %s (reduX Core 5.1)", c, armies(c), t.name(games.AreaID(a)))})
		}
	}
}

// reinforcements places the Timeline's reinforcements (reduX Core 5.2):
// invaders in their sea (5.2.1), others together in a held area or vacant
// scoring centre (5.2.2), with the landless minimum of two.
func (t *turn) reinforcements() {
	arr := t.e.arrivals(t.s.Round, t.n)
	reinforceStmts := statements[orders.Reinforce](t)
	usedReinforce := false
	for _, a := range arr {
		k := a.Armies + a.Cavalry // one unit type in Core (1.2)
		landless := len(t.s.Held(t.b, t.n)) == 0
		if len(a.SeaIDs) == 0 && landless && k < t.g.Tables.LandlessReinforcements {
			k = t.g.Tables.LandlessReinforcements
		}
		if avail := t.available(); k > avail {
			t.emit(Event{Kind: EvShortage, N: k - avail, Text: fmt.Sprintf("Only %d of %s %s available; marker to %d (reduX Core 5)", avail, count(k, "reinforcement", "reinforcements"), isAre(avail), t.g.Tables.Population.TrackMax)})
			k = avail
			t.s.Pop[t.n] = t.g.Tables.Population.TrackMax
		}
		if k == 0 {
			continue
		}
		if len(a.SeaIDs) > 0 {
			sea := a.SeaIDs[0]
			if len(a.SeaIDs) == 2 {
				t.border[sea] = a.SeaIDs[1]
			}
			t.s.Units[sea][t.n] += k
			where := t.name(sea)
			if len(a.SeaIDs) == 2 {
				where = "the border of " + t.name(a.SeaIDs[0]) + " and " + t.name(a.SeaIDs[1])
			}
			t.emit(Event{Kind: EvReinforce, Area: t.name(sea), N: k, Text: fmt.Sprintf("%d %s %s in %s (reduX Core 5.2.1)", k, t.nation(), verb(k, "invader arrives", "invaders arrive"), where)})
			continue
		}
		dest := games.NoArea
		if len(reinforceStmts) > 0 {
			r := reinforceStmts[0]
			usedReinforce = true
			if t.reinforceOK(r.Area, landless) {
				dest = r.Area
			} else if landless {
				t.problem(r.Line, "reduX Core 5.2.2", "a nation with no land places reinforcements in a scoring centre, a vacant one if any; %s is not allowed", t.name(r.Area))
			} else {
				t.problem(r.Line, "reduX Core 5.2.2", "reinforcements go to an area the %s hold or a vacant scoring centre; %s is neither", t.nation(), t.name(r.Area))
			}
		}
		if dest == games.NoArea {
			dest = t.defaultReinforce(landless)
			t.defaultedReinforce(dest)
		}
		if dest == games.NoArea {
			t.emit(Event{Kind: EvLimit, N: k, Text: fmt.Sprintf("The %s have nowhere to place %s (reduX Core 5.2.2)", t.nation(), count(k, "reinforcement", "reinforcements"))})
			continue
		}
		opposed := false
		for m, c := range t.s.Units[dest] {
			if m != t.n && c > 0 {
				opposed = true
			}
		}
		t.s.Units[dest][t.n] += k
		if opposed {
			t.entries[dest] = append(t.entries[dest], entry{From: games.NoArea, N: k})
			t.order = append(t.order, dest)
		}
		t.emit(Event{Kind: EvReinforce, Area: t.name(dest), N: k, Text: fmt.Sprintf("%d %s %s placed in %s (reduX Core 5.2.2)", k, t.nation(), verb(k, "reinforcement", "reinforcements"), t.name(dest))})
	}
	if !usedReinforce {
		for _, r := range reinforceStmts {
			t.problem(r.Line, "reduX Core 5.2.2", "the %s receive no reinforcements to place on land this turn", t.nation())
		}
	}
}

func (t *turn) reinforceOK(a games.AreaID, landless bool) bool {
	if !t.b.IsLand(a) {
		return false
	}
	if landless {
		if !t.isCentre(a) {
			return false
		}
		if t.s.Vacant(a) {
			return true
		}
		for _, c := range t.g.Tables.Nations[t.n].CentreIDs {
			if t.s.Vacant(c) {
				return false // a vacant centre exists and must be used
			}
		}
		return true
	}
	return t.s.Holds(a, t.n) || (t.isCentre(a) && t.s.Vacant(a))
}

// defaultedReinforce records where the default put the reinforcements
// (docs/orders.md Decision 3).
func (t *turn) defaultedReinforce(dest games.AreaID) {
	if dest != games.NoArea {
		t.defaulted(0, "reduX Core 5.2.2", "the reinforcements are placed by default in %s: a vacant scoring centre, else the held area with the most armies", t.name(dest))
	}
}

func (t *turn) defaultReinforce(landless bool) games.AreaID {
	centres := t.g.Tables.Nations[t.n].CentreIDs
	for _, c := range centres {
		if t.s.Vacant(c) {
			return c
		}
	}
	if landless {
		if len(centres) > 0 {
			return centres[0]
		}
		return games.NoArea
	}
	best := games.NoArea
	for _, a := range t.s.Held(t.b, t.n) {
		if best == games.NoArea || t.s.Units[a][t.n] > t.s.Units[best][t.n] {
			best = a
		}
	}
	return best
}

// AfterPhase1 returns the state after the due nation's Population Increase
// and Reinforcements Phase with the given file (nil: defaults), before any
// movement. Bots and order templates use it to see what will be on the map.
func (e *Engine) AfterPhase1(s *State, f *orders.File) *State {
	n := e.Due(s)
	if n < 0 {
		return s.Clone()
	}
	t := e.newTurn(s, n, Input{Orders: f}, nil, false)
	t.phase1()
	return t.s
}

// Preview returns the state at the end of the due nation's Movement Phase
// with the given file, before any battle (no dice are needed up to there).
func (e *Engine) Preview(s *State, f *orders.File) *State {
	n := e.Due(s)
	if n < 0 {
		return s.Clone()
	}
	t := e.newTurn(s, n, Input{Orders: f}, nil, false)
	t.phase1()
	t.phase2()
	return t.s
}
