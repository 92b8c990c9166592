package templates

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestOneBadLine: one bad line never makes correct lines fail, and its
// error names its line and the word at fault (issue 21: one misplaced
// "land" line made two correct lines before it fail with "no unit in
// Sound of Gulls"). For every ruleset, at the nation turns of its first
// two rounds, the suggested file (accepted as it stands,
// TestFirstRoundsFromTemplate) gets one bad line before its first move
// (or its first line) and, in another file, after its last line: a move of one
// of 99 armies, a move from an area the nation does not
// hold, a move to an area out of reach, a keyword misspelt and an area
// misspelt. The file must be refused with errors on that line alone, each
// naming the word at fault.
func TestOneBadLine(t *testing.T) {
	for _, r := range rulesets.All() {
		if _, err := games.Lookup(r.Name); err != nil {
			continue // a test's ruleset
		}
		t.Run(r.Name, func(t *testing.T) {
			g := games.MustLoad(r.Name)
			e := rulesets.New(g)
			e.Players = 4
			n := badLines(t, e)
			if n < 3 {
				t.Errorf("only %d nation turns in two rounds", n)
			}
		})
	}
}

// badLines plays the first two rounds from the templates' suggestions
// (TestFirstRoundsFromTemplate) and tries the bad lines on every file with
// a move; it returns how many files it tried them on.
func badLines(t *testing.T, e *adjudicator.Engine) int {
	s := e.NewState()
	key := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("pbem-bad"), 1))
	gr := orders.Options{Grammar: e.Grammar()}
	tried := 0
	for steps := 0; s.Round <= 2 && !s.Over && steps < 200; steps++ {
		var in adjudicator.Input
		if tp := e.Template(s); tp != nil {
			text := suggestions(e, s, tp)
			f, errs := orders.DecodeWith(text, e.G, gr)
			if len(errs) == 0 {
				errs = e.Check(s, f, nil)
			}
			if len(errs) > 0 {
				t.Fatalf("%s: the suggestions are refused: %v\n%s", e.TurnID(s), errs, text)
			}
			if mv, ok := firstMove(e, s, f); ok {
				tried++
				for _, bad := range badMoves(e, s, mv) {
					tryBadLine(t, e, s, text, bad)
				}
			}
			in.Orders = f
		}
		ns, _, err := e.Play(s, in, dice.NewTurn(key[:], "bad", e.TurnID(s), nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		s = ns
	}
	return tried
}

// badLine is a line that must be refused, and the words at fault: its
// error names one of them.
type badLine struct {
	line  string
	words []string
}

// firstMove is the first top-level move of a file, else a step from the
// nation's first land area to its first land neighbour; false if it holds
// none.
func firstMove(e *adjudicator.Engine, s *adjudicator.State, f *orders.File) (orders.Move, bool) {
	for _, st := range f.Body {
		if mv, ok := st.(orders.Move); ok && len(mv.Path) >= 2 {
			return mv, true
		}
	}
	b, n := e.G.Board, e.Due(s).Nation
	for a := 0; a < b.NumLand; a++ {
		if !s.Has(games.AreaID(a), n) {
			continue
		}
		for _, ed := range b.Edges(games.AreaID(a)) {
			if b.IsLand(ed.To) {
				return orders.Move{N: 1, Path: []games.AreaID{games.AreaID(a), ed.To}}, true
			}
		}
	}
	return orders.Move{}, false
}

// badMoves are the bad lines tried beside a file whose first move is mv.
func badMoves(e *adjudicator.Engine, s *adjudicator.State, mv orders.Move) []badLine {
	b, n := e.G.Board, e.Due(s).Nation
	from, to := mv.Path[0], mv.Path[1]
	name := b.AreaName
	out := []badLine{
		{fmt.Sprintf("mvoe 1 %s > %s", name(from), name(to)), []string{"mvoe"}},
		{fmt.Sprintf("move 1 %s > %sxq", name(from), name(to)), []string{name(to) + "xq"}},
		{fmt.Sprintf("move 99 %s > %s", name(from), name(to)), []string{"99"}},
	}
	if far := farFrom(b, from, 4); far != games.NoArea {
		// out of reach; at the end of the file, there may be no unit left to move as well
		out = append(out, badLine{fmt.Sprintf("move 1 %s > %s", name(from), name(far)), []string{name(far), name(from)}})
	}
	for a := 0; a < b.NumLand; a++ {
		if id := games.AreaID(a); !s.Has(id, n) && slices.ContainsFunc(b.Edges(id), func(ed games.Edge) bool { return b.IsLand(ed.To) && ed.To != id }) {
			to := b.Edges(id)[0].To
			out = append(out, badLine{fmt.Sprintf("move 1 %s > %s", name(id), name(to)), []string{name(id)}})
			break
		}
	}
	return out
}

// farFrom is the first land area (board order) at least d steps from a.
func farFrom(b *games.Board, a games.AreaID, d int) games.AreaID {
	dist := map[games.AreaID]int{a: 0}
	queue := []games.AreaID{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, e := range b.Edges(x) {
			if _, seen := dist[e.To]; !seen {
				dist[e.To] = dist[x] + 1
				queue = append(queue, e.To)
			}
		}
	}
	for x := 0; x < b.NumLand; x++ {
		if dist[games.AreaID(x)] >= d {
			return games.AreaID(x)
		}
	}
	return games.NoArea
}

// tryBadLine puts bad into the accepted file text before its first move
// line and then after its last line, and checks that each file is refused
// with errors on the bad line alone, naming its word.
func tryBadLine(t *testing.T, e *adjudicator.Engine, s *adjudicator.State, text string, bad badLine) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	first := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "move ") })
	if first < 0 {
		first = slices.Index(lines, "") + 1 // the body's first line
	}
	for _, at := range []int{first, len(lines)} {
		with := slices.Insert(slices.Clone(lines), at, bad.line)
		f, errs := orders.DecodeWith(strings.Join(with, "\n")+"\n", e.G, orders.Options{Grammar: e.Grammar()})
		if len(errs) == 0 {
			errs = e.Check(s, f, nil)
		}
		where := fmt.Sprintf("%s, %q at line %d", e.TurnID(s), bad.line, at+1)
		if len(errs) == 0 {
			t.Errorf("%s: accepted", where)
			continue
		}
		for _, err := range errs {
			if err.Line != at+1 {
				t.Errorf("%s: a correct line fails: %v\n%s", where, err, strings.Join(with, "\n"))
			} else if !slices.ContainsFunc(bad.words, func(w string) bool { return strings.Contains(err.Msg, w) }) {
				t.Errorf("%s: the error names none of %q: %v", where, bad.words, err)
			}
		}
	}
}
