package adjudicator_test

// The systematic test of docs/design.md §2's two kinds of legality: an order
// file that Engine.Check accepts has no statement that Engine.Play skips
// for a reason known from the position at the start of the turn. For each
// ruleset (and some of its options) it plays a seeded bot game, takes
// positions where a nation turn is due, writes order files there (the
// bot's own, the bot's with lines added, lines alone: every keyword of the
// ruleset's grammar, on areas near the nation), and plays every file
// Check accepts under several dice: attackers rolling 6 and defenders 1,
// the other way round, seeded dice, and where the turn rolls other dice
// (Hy Breasil's events) every pair of values for the first of them and
// the rest. A statement skipped under every
// one of them was skipped whatever the dice did, so its fault was there at
// the start: Check should have refused it. (A statement skipped under some
// dice only was made impossible by the turn, which is Play's business.)
// The other way round (knowableRefusal): a file refused only by switch
// check-knowable has no refused line that the turn carries out as written
// under any of those dice.
//
//	go test ./adjudicator -run TestCheckedNotSkipped -v        # the numbers
//	PBEM_KNOWABLE=full go test ./adjudicator -run TestCheckedNotSkipped

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// knowableVariant is a ruleset with options and a player count, and the
// bot game whose positions are used.
type knowableVariant struct {
	ruleset string
	options []string
	players int
	seed    uint64
}

func (v knowableVariant) String() string {
	if len(v.options) == 0 {
		return v.ruleset
	}
	return v.ruleset + "+" + strings.Join(v.options, "+")
}

var knowableVariants = []knowableVariant{
	{"redux", nil, 4, 1},
	{"redux-lr", nil, 4, 2},
	{"redux-lr", []string{"boats", "reduced-randomness"}, 5, 3},
	{"britannia", nil, 4, 4},
	{"britannia", []string{"first-edition-burhs", "first-edition-order", "first-edition-romans"}, 5, 5},
	{"hy-breasil", nil, 4, 6},
	{"hy-breasil", []string{"abilities", "races", "submission"}, 3, 7},
}

// knowableSizes are the positions taken from each game and the files
// written at each: PBEM_KNOWABLE=full for more.
func knowableSizes() (positions, files int) {
	if os.Getenv("PBEM_KNOWABLE") == "full" {
		return 80, 60
	}
	if testing.Short() {
		return 8, 12
	}
	return 30, 25
}

// knowableTally counts what the test did, for its log.
type knowableTally struct {
	positions, files, refused, accepted, statements, skipsByDice int
	knowableOnly                                                 int                 // files refused by check-knowable alone
	failures                                                     map[string][]string // What → examples
}

// TestCheckedNotSkipped: see the comment at the top of the file.
func TestCheckedNotSkipped(t *testing.T) {
	positions, files := knowableSizes()
	for _, v := range knowableVariants {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel()
			e := rulesets.New(games.MustLoad(v.ruleset, v.options...))
			e.Players = v.players
			tally := &knowableTally{failures: map[string][]string{}}
			for i, p := range knowablePositions(t, e, v.seed, positions) {
				rng := rand.New(rand.NewPCG(v.seed, uint64(i)))
				for j := range files {
					knowableFile(t, e, p, tally, rng, j)
				}
				tally.positions++
			}
			t.Logf("%s: %d positions, %d files: %d refused by check (%d by check-knowable alone), %d accepted (%d statements); %d statements skipped under some dice only",
				v, tally.positions, tally.files, tally.refused, tally.knowableOnly, tally.accepted, tally.statements, tally.skipsByDice)
			whats := make([]string, 0, len(tally.failures))
			for w := range tally.failures {
				whats = append(whats, w)
			}
			sort.Strings(whats)
			for _, w := range whats {
				ex := tally.failures[w]
				t.Errorf("%s: %d statements accepted by check and skipped under every dice (%s); the first:\n%s", v, len(ex), w, ex[0])
			}
		})
	}
}

// knowablePosition is a position where a nation turn is due, with the
// standing orders in force.
type knowablePosition struct {
	s        *adjudicator.State
	standing []*orders.File
	id       string
}

// knowablePositions plays a bot game and keeps up to most positions where
// a nation turn is due, spread over the game.
func knowablePositions(t *testing.T, e *adjudicator.Engine, seed uint64, most int) []knowablePosition {
	t.Helper()
	standing := make([]*orders.File, e.NumNations())
	for n := range standing {
		standing[n] = bot.Standing(e, n, "sim", "", seed)
	}
	var all []knowablePosition
	_, err := bot.Play(e, seed, func(st bot.Step) error {
		if e.Due(st.Before).Kind == adjudicator.NationTurn {
			all = append(all, knowablePosition{s: st.Before, standing: standing, id: st.ID})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) <= most {
		return all
	}
	out := make([]knowablePosition, 0, most)
	for i := range most {
		out = append(out, all[i*len(all)/most])
	}
	return out
}

// knowableFile writes the j-th file at position p, checks it, and when
// check accepts it plays it under every dice and records the statements
// skipped under all of them.
func knowableFile(t *testing.T, e *adjudicator.Engine, p knowablePosition, tally *knowableTally, rng *rand.Rand, j int) {
	t.Helper()
	st := e.Due(p.s)
	w := &writer{e: e, s: p.s, n: st.Nation, rng: rng}
	text := w.file(p.s, st, j)
	f, errs := orders.DecodeWith(text, e.G, orders.Options{Grammar: e.Grammar()})
	if len(errs) > 0 {
		if os.Getenv("PBEM_KNOWABLE_DEBUG") != "" {
			t.Logf("not understood: %v\n%s", errs, numbered(text))
		}
		return // not understood: the generator's, not the checker's
	}
	tally.files++
	if errs := e.Check(p.s, f, p.standing); len(errs) > 0 {
		tally.refused++
		if os.Getenv("PBEM_KNOWABLE_DEBUG") != "" {
			for _, x := range errs {
				t.Logf("REFUSED %s", x.Msg)
			}
		}
		knowableRefusal(t, e, p, f, errs, tally, text, j)
		return
	}
	tally.accepted++
	n := 0
	orders.Walk(f.Body, func(orders.Statement) { n++ })
	tally.statements += n
	var every map[string]string // "line What" → the words, skipped in every run so far
	some := map[string]bool{}
	probe := &sidedDice{rng: rand.New(rand.NewPCG(1, 2))}
	if _, _, err := e.Play(p.s, adjudicator.Input{Orders: f, Standing: p.standing}, probe); err != nil {
		t.Fatalf("%s: %v\n%s", p.id, err, text)
	}
	for k, d := range knowableDice(p.id, j, probe.others > 0) {
		_, evs, err := e.Play(p.s, adjudicator.Input{Orders: f, Standing: p.standing}, d)
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.id, err, text)
		}
		skipped := map[string]string{}
		for _, ev := range evs {
			if ev.Kind == adjudicator.EvSkipped && ev.Line > 0 {
				key := fmt.Sprintf("%d %s", ev.Line, ev.What)
				skipped[key] = e.Text(ev)
				some[key] = true
			}
		}
		if k == 0 {
			every = skipped
		}
		for key := range every {
			if _, ok := skipped[key]; !ok {
				delete(every, key)
			}
		}
		if len(every) == 0 {
			break // every skip so far is the dice's: the rest cannot change that
		}
	}
	tally.skipsByDice += len(some) - len(every)
	for key, words := range every {
		what := strings.SplitN(key, " ", 2)[1]
		tally.failures[what] = append(tally.failures[what], fmt.Sprintf("%s: %s\n%s%s", p.id, words, position(e, p.s, st.Nation), numbered(text)))
	}
}

// knowableRefusal is the other half of the test: a file that check
// refuses only by switch check-knowable (a game of pbem-engine-4 would
// accept it), on one line, is played under the same dice as an accepted one, and no
// line refused may be carried out under any of them (an event of the line
// that is not a skip, nor a move of fewer units than it says): check
// refuses no line the turn could play as written. (A line
// the turn never reaches, as a remove line in a turn with no excess, is
// neither.)
func knowableRefusal(t *testing.T, e *adjudicator.Engine, p knowablePosition, f *orders.File, errs orders.Errors, tally *knowableTally, text string, j int) {
	t.Helper()
	old := *e
	var err error
	if old.Compat, err = adjudicator.CompatOf("pbem-engine-4"); err != nil {
		t.Fatal(err)
	}
	if len(old.Check(p.s, f, p.standing)) > 0 {
		return
	}
	tally.knowableOnly++
	refused := map[int]string{}
	for _, x := range errs {
		if x.Line > 0 {
			refused[x.Line] = x.Msg
		}
	}
	if len(refused) != 1 {
		return // a refusal may follow from one before it (a count after a move the turn skips)
	}
	moves := map[int]orders.Move{}
	orders.Walk(f.Body, func(st orders.Statement) {
		if mv, ok := st.(orders.Move); ok {
			moves[mv.Line] = mv
		}
	})
	probe := &sidedDice{rng: rand.New(rand.NewPCG(1, 2))}
	if _, _, err := e.Play(p.s, adjudicator.Input{Orders: f, Standing: p.standing}, probe); err != nil {
		t.Fatalf("%s: %v\n%s", p.id, err, text)
	}
	for _, d := range knowableDice(p.id, j, probe.others > 0) {
		_, evs, err := e.Play(p.s, adjudicator.Input{Orders: f, Standing: p.standing}, d)
		if err != nil {
			t.Fatalf("%s: %v\n%s", p.id, err, text)
		}
		done := map[int]string{} // lines the turn carried out as written, with the words
		for _, ev := range evs {
			if ev.Kind == adjudicator.EvSkipped || ev.Line == 0 {
				continue
			}
			if mv, ok := moves[ev.Line]; ok && ev.Kind == adjudicator.EvMove && mv.N > 0 && ev.N < mv.N {
				continue // fewer units than the line says: not as written
			}
			done[ev.Line] = e.Text(ev)
		}
		for _, line := range slices.Sorted(maps.Keys(refused)) {
			if words, ok := done[line]; ok {
				refused[line] += "; the turn: " + words
				key := "refused by check, carried out by the turn: " + refused[line]
				tally.failures[key] = append(tally.failures[key], fmt.Sprintf("%s: line %d: %s\n%s%s", p.id, line, refused[line], position(e, p.s, e.Due(p.s).Nation), numbered(text)))
				delete(refused, line)
			}
		}
		if len(refused) == 0 {
			return
		}
	}
}

// knowableSeeded is how many seeded sequences of dice a file is played
// under, besides the fixed ones.
const knowableSeeded = 8

// knowableDice are the dice a file is played under: knowableSeeded seeded
// sequences, attackers rolling 6 and defenders 1, the other way round. Where
// the step rolls dice outside battles too (Hy Breasil's events, rerolls,
// plagues: others is true), every pair of values for the first two of
// them, with 1 or 6 for all the rest, attackers and defenders taking turns
// to win (a reroll, a second reroll and the plague's die).
func knowableDice(id string, j int, others bool) []dice.Roller {
	key := sha256.Sum256(fmt.Appendf(nil, "knowable %s %d", id, j))
	seeded := func(i uint64) *rand.Rand { return rand.New(rand.NewPCG(uint64(key[0])<<8|uint64(key[1]), i)) }
	var out []dice.Roller
	for i := range uint64(knowableSeeded) {
		out = append(out, &sidedDice{rng: seeded(i)})
	}
	if !others {
		return append(out, &sidedDice{att: 6, def: 1, rng: seeded(3)}, &sidedDice{att: 1, def: 6, rng: seeded(4)})
	}
	for v := 1; v <= 6; v++ {
		for w := 1; w <= 6; w++ {
			for _, x := range []int{1, 6} {
				att, def := 6, 1
				if (v+w+x)%2 == 0 {
					att, def = 1, 6
				}
				out = append(out, &sidedDice{att: att, def: def, first: v, second: w, rest: x, rng: seeded(uint64(100 + 12*v + 2*w + x))})
			}
		}
	}
	return out
}

// sidedRest is how many other dice sidedDice rolls its rest value for;
// seeded dice after them, so that a reroll that gives the same event on
// the same die (Hy Breasil 6.1: a Civil war with no set) ends.
const sidedRest = 40

// sidedDice rolls att for the attacker's battle dice and def for the
// defender's, first, second and rest for the other dice in turn (0: seeded
// dice instead); it counts the other dice.
type sidedDice struct {
	att, def, first, second, rest int
	rng                           *rand.Rand
	others                        int
}

func (d *sidedDice) Roll(l dice.Label) int {
	switch {
	case l.Side == "attacker" && d.att > 0:
		return d.att
	case l.Side == "defender" && d.def > 0:
		return d.def
	}
	d.others++
	switch {
	case d.others == 1 && d.first > 0:
		return d.first
	case d.others == 2 && d.second > 0:
		return d.second
	case d.others > 2 && d.others <= sidedRest && d.rest > 0:
		return d.rest
	}
	return 1 + d.rng.IntN(6)
}

// position is what a failure says of the mover's position: its units by
// area, its facts (View.NationFacts), the other nations next to it.
func position(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID) string {
	b := e.G.Board
	var own, near []string
	for a := range b.Areas {
		id := games.AreaID(a)
		if c := s.Units(id, n); c > 0 {
			own = append(own, fmt.Sprintf("%s %d", b.AreaName(id), c))
			continue
		}
		for _, m := range s.Occupants(id) {
			near = append(near, fmt.Sprintf("%s %s %d", b.AreaName(id), e.NationName(m), s.Units(id, m)))
		}
	}
	facts := e.NationFacts(s, n)
	if x, ok := s.Ext.(*hybreasil.Ext); ok {
		facts = append(facts, "event "+x.Event[n])
	}
	return fmt.Sprintf("    %s: %s; %s\n    others: %s\n", e.NationName(n), strings.Join(own, ", "), strings.Join(facts, "; "), strings.Join(near, ", "))
}

// numbered is a file with its line numbers, for a failure.
func numbered(text string) string {
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(&sb, "    %3d  %s\n", i+1, l)
	}
	return sb.String()
}

// writer writes order lines for nation n at position s, on the areas near
// it: every keyword of the ruleset's grammar.
type writer struct {
	e     *adjudicator.Engine
	s     *adjudicator.State
	n     adjudicator.NationID
	rng   *rand.Rand
	dests []games.AreaID // where the file's moves end in another nation's land
}

// file is the j-th order file at a position: the bot's (j = 0), the bot's
// with one to three lines added or one of its lines repeated, or lines
// alone.
func (w *writer) file(s *adjudicator.State, st adjudicator.Step, j int) string {
	g := w.e.G
	f := bot.Orders(w.e, s, "sim", "", uint64(j))
	if f == nil {
		f = &orders.File{Kind: orders.TurnOrders, Game: "sim", Nation: w.e.NationName(st.Nation), Turn: st.ID}
	}
	head, body := f, f.Body
	orders.Walk(body, func(st orders.Statement) {
		if mv, ok := st.(orders.Move); ok && len(mv.Path) > 0 {
			w.attacks(mv.Path[len(mv.Path)-1])
		}
	})
	var lines []string
	switch {
	case j == 0:
		lines = encodeBody(body, g)
	case j%3 == 1 && len(body) > 0:
		lines = encodeBody(body, g)
		i := w.rng.IntN(len(body))
		extra := orders.EncodeStatement(body[i], g)
		lines = slices.Insert(lines, min(len(lines), w.rng.IntN(len(lines)+1)), extra)
	case j%3 == 2:
		lines = encodeBody(body, g)
		for range 1 + w.rng.IntN(3) {
			lines = slices.Insert(lines, w.rng.IntN(len(lines)+1), w.line()...)
		}
	default:
		for range 1 + w.rng.IntN(4) {
			lines = append(lines, w.line()...)
		}
	}
	h := *head
	h.Body, h.Token = nil, "t0k3n"
	return orders.Encode(&h, g) + "\n" + strings.Join(lines, "\n") + "\n"
}

// encodeBody is a body's lines as Encode writes them.
func encodeBody(body []orders.Statement, g *games.Game) []string {
	f := &orders.File{Body: body}
	text := orders.Encode(f, g)
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" || strings.Contains(l, ":") && !strings.HasPrefix(l, " ") && isHeader(l) {
			continue
		}
		out = append(out, l)
	}
	return out
}

func isHeader(l string) bool {
	k, _, _ := strings.Cut(l, ":")
	switch strings.TrimSpace(k) {
	case "game", "nation", "turn", "kind", "token", "salt", "round":
		return true
	}
	return false
}

// keywordWeight is how often line writes a keyword, against 1 for the
// others: moves most, and the lines moves make matter for.
var keywordWeight = map[string]int{"move": 8, "place": 2, "remove": 3, "attack": 2, "withdraw": 2, "if": 2, "phase": 2}

// keyword picks a keyword of the ruleset's grammar by keywordWeight.
func (w *writer) keyword() string {
	kws := slices.DeleteFunc(w.e.Grammar().Keywords(), func(k string) bool { return k == "end" })
	total := 0
	for _, k := range kws {
		total += max(1, keywordWeight[k])
	}
	n := w.rng.IntN(total)
	for _, k := range kws {
		if n -= max(1, keywordWeight[k]); n < 0 {
			return k
		}
	}
	return kws[0]
}

// battle is an area a move of the file may attack, now and then any area
// next to the nation.
func (w *writer) battle() string {
	if len(w.dests) > 0 && w.rng.IntN(5) > 0 {
		return w.e.G.Board.AreaName(w.dests[w.rng.IntN(len(w.dests))])
	}
	return w.area(w.near)
}

// line is one random statement (a block with its inner line is two).
func (w *writer) line() []string {
	kw := w.keyword()
	switch kw {
	case "place":
		return []string{fmt.Sprintf("place %s%s", w.area(w.own), w.count(" "))}
	case "remove":
		return []string{fmt.Sprintf("remove %s%s", w.area(w.own), w.count(" "))}
	case "reinforce":
		if w.rng.IntN(4) == 0 {
			return []string{fmt.Sprintf("reinforce cavalry %d", 1+w.rng.IntN(2))}
		}
		return []string{"reinforce " + w.area(w.near)}
	case "move":
		return []string{w.move()}
	case "battles":
		return []string{"battles " + w.battle() + ", " + w.battle()}
	case "casualties":
		return []string{fmt.Sprintf("casualties %s: %s", w.battle(), w.area(w.near))}
	case "attack":
		return []string{fmt.Sprintf("attack %s: %s", w.battle(), w.rule())}
	case "defend":
		return []string{fmt.Sprintf("defend %s: %s", w.area(w.own), w.rule())}
	case "phase":
		return []string{"phase 2:", "  " + w.move()}
	case "if":
		return []string{fmt.Sprintf("if %s %s:", w.area(w.near), pickOf(w.rng, "taken", "lost")), "  " + w.move()}
	case "withdraw", "stay":
		return []string{fmt.Sprintf("%s %s%s", kw, w.area(w.own), w.count(" "))}
	case "target":
		return []string{fmt.Sprintf("target %s: %s", w.battle(), pickOf(w.rng, "cavalry", "infantry"))}
	case "crown":
		return []string{"crown " + pickOf(w.rng, "yes", "no")}
	case "submit":
		if w.e.G.Ruleset.Name == "hy-breasil" {
			return []string{pickOf(w.rng, "submit", "submit never", "submit to "+w.nation())}
		}
		return []string{"submit to " + w.nation()}
	case "vote":
		return []string{"vote " + w.nation()}
	case "burhs":
		return []string{"burhs " + w.area(w.own) + ", " + w.area(w.own)}
	case "reroll":
		return []string{pickOf(w.rng, "reroll never", "reroll plague, civil war while civ < 2", "reroll famine")}
	case "land":
		return []string{"land " + w.area(w.sea)}
	case "ability":
		return []string{"ability " + pickOf(w.rng, "taxation", "capital "+w.area(w.own), "food preservation", "navigation", "diplomacy", "prophecy", "city building")}
	case "city":
		return []string{"city " + w.area(w.own)}
	case "permit":
		return []string{"permit " + w.nation()}
	case "relinquish":
		return []string{"relinquish " + pickOf(w.rng, "never", "smallest", w.nation())}
	}
	return nil
}

func pickOf(rng *rand.Rand, xs ...string) string { return xs[rng.IntN(len(xs))] }

// count is "" or a count of one to three, after sep.
func (w *writer) count(sep string) string {
	if w.rng.IntN(2) == 0 {
		return ""
	}
	return fmt.Sprintf("%s%d", sep, 1+w.rng.IntN(3))
}

func (w *writer) rule() string {
	return pickOf(w.rng, "hold", "retreat", "retreat when mine <= 1", "retreat 1 when round >= 2", "retreat when theirs >= 2*mine")
}

func (w *writer) nation() string {
	return w.e.NationName(adjudicator.NationID(w.rng.IntN(w.e.NumNations())))
}

// attacks notes area a as a battle a move may make.
func (w *writer) attacks(a games.AreaID) {
	if w.e.G.Board.IsLand(a) && w.s.Occupied(a) && !w.s.Has(a, w.n) {
		w.dests = append(w.dests, a)
	}
}

// own, near and sea say whether an area is the nation's (units there),
// next to it, or a sea.
func (w *writer) own(a games.AreaID) bool { return w.s.Has(a, w.n) }
func (w *writer) near(a games.AreaID) bool {
	if w.own(a) {
		return true
	}
	for _, e := range w.e.G.Board.Edges(a) {
		if w.own(e.To) {
			return true
		}
	}
	return false
}
func (w *writer) sea(a games.AreaID) bool { return !w.e.G.Board.IsLand(a) }

// area is an area that keep accepts, now and then any area.
func (w *writer) area(keep func(games.AreaID) bool) string {
	b := w.e.G.Board
	var xs []games.AreaID
	for a := range b.Areas {
		if keep(games.AreaID(a)) {
			xs = append(xs, games.AreaID(a))
		}
	}
	if len(xs) == 0 || w.rng.IntN(8) == 0 {
		return b.AreaName(games.AreaID(w.rng.IntN(len(b.Areas))))
	}
	return b.AreaName(xs[w.rng.IntN(len(xs))])
}

// move is a move line: a walk of one to four steps from an area with the
// nation's units, a count or "all", and now and then a unit word.
func (w *writer) move() string {
	b := w.e.G.Board
	var starts []games.AreaID
	for a := range b.Areas {
		if w.own(games.AreaID(a)) {
			starts = append(starts, games.AreaID(a))
		}
	}
	if len(starts) == 0 {
		starts = append(starts, games.AreaID(w.rng.IntN(len(b.Areas))))
	}
	path := []games.AreaID{starts[w.rng.IntN(len(starts))]}
	for range 1 + w.rng.IntN(4) {
		es := b.Edges(path[len(path)-1])
		if len(es) == 0 {
			break
		}
		path = append(path, es[w.rng.IntN(len(es))].To)
		if w.rng.IntN(3) == 0 {
			break
		}
	}
	var names []string
	for _, a := range path {
		names = append(names, b.AreaName(a))
	}
	w.attacks(path[len(path)-1])
	unit := ""
	if w.e.G.Ruleset.Name != "redux" && w.e.G.Ruleset.Name != "hy-breasil" && w.rng.IntN(4) == 0 {
		unit = pickOf(w.rng, "infantry ", "cavalry ", "leader ")
	}
	n := pickOf(w.rng, "all", "1", "2", "3")
	if n == "all" && unit != "" {
		n = "1"
	}
	return fmt.Sprintf("move %s %s%s", n, unit, strings.Join(names, " > "))
}
