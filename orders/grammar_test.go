package orders_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// A ruleset's own statements, declared outside package orders as a
// ruleset declares them (docs/rulesets.md, "Order keywords"): "muster
// York 2" raises N levies in an area; "omen:" opens a block of statements
// that apply only if the omens are good; "vow" is allowed in standing
// orders.

type muster struct {
	orders.At
	Area games.AreaID
	N    int
}

func (m muster) Encode(g *games.Game) string {
	return fmt.Sprintf("muster %s %d", orders.AreaName(g, m.Area), m.N)
}

type omen struct {
	orders.At
	Good bool
	Body []orders.Statement
}

func (o omen) Encode(*games.Game) string {
	if o.Good {
		return "omen good:"
	}
	return "omen bad:"
}

func (o omen) Inner() []orders.Statement { return o.Body }

type vow struct {
	orders.At
	Words string
}

func (v vow) Encode(*games.Game) string { return "vow " + v.Words }

func decodeMuster(r *orders.Reader, rest string) []orders.Statement {
	words := strings.Fields(rest)
	if len(words) < 2 {
		r.Errorf(`muster needs an area and a number, like "muster York 2"`)
		return nil
	}
	n, ok := r.Count(words[len(words)-1])
	if !ok {
		return nil
	}
	id, ok := r.Area(strings.Join(words[:len(words)-1], " "), "")
	if !ok {
		return nil
	}
	return []orders.Statement{muster{At: r.At(), Area: id, N: n}}
}

func decodeOmen(r *orders.Reader, rest string) []orders.Statement {
	head, inline, _ := strings.Cut(rest, ":")
	good := false
	switch strings.TrimSpace(head) {
	case "good":
		good = true
	case "bad":
	default:
		r.Errorf(`omen is "omen good:" or "omen bad:"`)
	}
	if r.Inside("omen") {
		r.Errorf("an omen block cannot be inside another")
	}
	body := r.Block(strings.TrimSpace(inline))
	if body == nil {
		return nil
	}
	return []orders.Statement{omen{At: r.At(), Good: good, Body: body}}
}

func decodeVow(r *orders.Reader, rest string) []orders.Statement {
	if rest == "" {
		r.Errorf("vow needs words")
		return nil
	}
	return []orders.Statement{vow{At: r.At(), Words: strings.ToLower(strings.Join(strings.Fields(rest), " "))}}
}

// moonTurn is a turn-id reader of another shape: Hy Breasil's steps are
// numbered turns and their phase, "t03-moon".
var moonTurn = regexp.MustCompile(`^t(\d\d)-(moon|sun)$`)

func readMoonTurn(g *games.Game, value, nation string) (string, error) {
	m := moonTurn.FindStringSubmatch(strings.ToLower(value))
	if m == nil {
		return "", fmt.Errorf("%q is not a step like \"t03-moon\"", value)
	}
	if n, _ := strconv.Atoi(m[1]); n < 1 || n > len(g.Tables.Rounds) {
		return "", fmt.Errorf("there is no turn %d", n)
	}
	return m[0], nil
}

var testGrammar = orders.Base().Extend(
	orders.Keyword{Name: "muster", Decode: decodeMuster, Listed: true,
		Once: func(g *games.Game, s orders.Statement) string {
			return "muster " + g.Board.AreaName(s.(muster).Area)
		}},
	orders.Keyword{Name: "omen", Decode: decodeOmen, Block: true},
	orders.Keyword{Name: "vow", Decode: decodeVow, Standing: true},
).WithTurn(readMoonTurn)

var redux = games.MustLoad("redux")

const moonHeader = "game: g\nnation: Saxons\nturn: t03-moon\ntoken: t\n\n"

func area(t *testing.T, name string) games.AreaID {
	t.Helper()
	id, err := redux.Board.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var noLines = orders.NoLines

// TestGrammarExtended: a grammar that adds keywords whose statements are
// declared outside package orders reads them (by unique prefix, in a
// block of its own, in the base grammar's blocks), writes them back
// canonically, and Decode(Encode(f)) == f; its turn-id reader replaces
// reduX's "rNN-nation"; the base grammar stays as it was.
func TestGrammarExtended(t *testing.T) {
	in := moonHeader +
		"MUS York 2\n" +
		"omen good: muster: Kent 1\n" +
		"  move 2 York > Bernicia\n" +
		"omen bad:\n" +
		"  vow   never   to yield\n" +
		"vow to Woden\n"
	f, errs := orders.DecodeWith(in, redux, orders.Options{Grammar: testGrammar})
	if errs != nil {
		t.Fatalf("Decode: %v", errs)
	}
	want := []orders.Statement{
		muster{Area: area(t, "York"), N: 2},
		omen{Good: true, Body: []orders.Statement{
			muster{Area: area(t, "Kent"), N: 1},
			orders.Move{N: 2, Path: []games.AreaID{area(t, "York"), area(t, "Bernicia")}},
		}},
		omen{Body: []orders.Statement{vow{Words: "never to yield"}}},
		vow{Words: "to woden"},
	}
	if got := noLines(f.Body); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v\nwant %#v", got, want)
	}
	if f.Turn != "t03-moon" {
		t.Errorf("turn %q", f.Turn)
	}
	enc := orders.Encode(f, redux)
	const canonical = "muster York 2\nomen good:\n  muster Kent 1\n  move 2 York > Bernicia\nomen bad:\n  vow never to yield\nvow to woden\n"
	if !strings.HasSuffix(enc, "\n\n"+canonical) {
		t.Errorf("canonical form:\n%s\nwant it to end with\n%s", enc, canonical)
	}
	back, errs := orders.DecodeWith(enc, redux, orders.Options{Grammar: testGrammar})
	if errs != nil || !reflect.DeepEqual(noLines(back.Body), want) || back.Turn != f.Turn {
		t.Errorf("Decode(Encode(f)) != f: %v\n%s", errs, enc)
	}
	if _, errs := orders.Decode(in, redux); errs == nil || !strings.Contains(errs.Error(), `line 6: "MUS" is not a keyword`) ||
		!strings.Contains(errs.Error(), `line 3: "t03-moon" is not a nation turn like "r05-saxons"`) {
		t.Errorf("the base grammar read the extension: %v", errs)
	}
}

// TestGrammarExtendedErrors: the extended grammar's messages list its own
// keywords (did you mean, ambiguous prefixes, the listed keywords), its
// keywords' errors come with their lines, and the decoder's checks (once
// in a block, standing orders, nesting) apply to them.
func TestGrammarExtendedErrors(t *testing.T) {
	const listed = "place, remove, reinforce, move, battles, casualties, attack, defend, phase, if, muster"
	tests := []struct{ name, in, want string }{
		{"did you mean over the extended list", moonHeader + "mustre York 2", `line 6: "mustre" is not a keyword (did you mean muster?)`},
		{"an ambiguous prefix", moonHeader + "m York 2", `line 6: "m" could be move or muster`},
		{"the listed keywords", moonHeader + "Cheers", `line 6: "Cheers" is not a keyword (orders start with ` + listed + `)`},
		{"no keyword", moonHeader + "2 York", `line 6: "2 York" does not start with a keyword (` + listed + `)`},
		{"its own error", moonHeader + "muster York", `line 6: muster needs an area and a number, like "muster York 2"`},
		{"a reader's error", moonHeader + "muster Yrok 2", `line 6: unknown area "Yrok" (did you mean York?)`},
		{"once in a block", moonHeader + "omen good:\n  muster York 1\n  muster York 2", `line 8: a second "muster York" (the first is line 7)`},
		{"nothing under the block", moonHeader + "omen good:\nvow x", `line 6: nothing is indented under "omen good:"`},
		{"its block inside itself", moonHeader + "omen good:\n  omen bad: vow x", `line 7: an omen block cannot be inside another`},
		{"its turn ids", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\n", `line 3: "r05-saxons" is not a step like "t03-moon"`},
		{"its turn ids' range", "game: g\nnation: Saxons\nturn: t99-sun\ntoken: t\n", `line 3: there is no turn 99`},
		{"standing orders", "game: g\nnation: Saxons\nkind: standing\ntoken: t\n\nvow x\nmuster York 1", `line 7: standing orders may only contain defend, target and vow lines`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := orders.DecodeWith(tc.in+"\n", redux, orders.Options{Grammar: testGrammar})
			if errs == nil || !strings.Contains(errs.Error(), tc.want) {
				t.Fatalf("got %v\nwant %q", errs, tc.want)
			}
		})
	}
	_, errs := orders.DecodeWith("game: g\nnation: Saxons\nkind: standing\ntoken: t\n\nmuster York 1\n", redux, orders.Options{Grammar: testGrammar.WithStanding("defend", "vow")})
	if want := "line 6: standing orders may only contain defend and vow lines"; errs == nil || errs.Error() != want {
		t.Errorf("WithStanding: %v, want %q", errs, want)
	}
	f, errs := orders.DecodeWith("game: g\nnation: Saxons\nkind: standing\ntoken: t\n\nvow x\ndefend *: hold\n", redux, orders.Options{Grammar: testGrammar})
	if errs != nil || len(f.Body) != 2 {
		t.Errorf("a Standing keyword in standing orders: %v", errs)
	}
}

// TestGrammarTable: Extend and WithTurn leave the grammar they start from
// as it was; a keyword that is not lower-case letters, has no Decode or is
// given twice is a programming error (a panic).
func TestGrammarTable(t *testing.T) {
	if got := strings.Join(orders.Base().Keywords(), " "); got != "place remove reinforce move battles casualties attack defend phase if withdraw stay target crown end" {
		t.Errorf("Base().Keywords() = %s", got)
	}
	if got := testGrammar.Keywords(); len(got) != len(orders.Base().Keywords())+3 || got[len(got)-1] != "vow" {
		t.Errorf("testGrammar.Keywords() = %v", got)
	}
	a := orders.Base().Extend(orders.Keyword{Name: "alpha", Decode: decodeVow})
	b := orders.Base().Extend(orders.Keyword{Name: "beta", Decode: decodeVow})
	if ka, kb := a.Keywords(), b.Keywords(); ka[len(ka)-1] != "alpha" || kb[len(kb)-1] != "beta" {
		t.Errorf("two extensions share their table: %v %v", ka, kb)
	}
	for _, k := range []orders.Keyword{
		{Name: "Muster", Decode: decodeMuster},
		{Name: "mus ter", Decode: decodeMuster},
		{Name: "", Decode: decodeMuster},
		{Name: "levy"},
		{Name: "move", Decode: decodeMuster},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Extend(%+v) did not panic", k.Name)
				}
			}()
			orders.Base().Extend(k)
		}()
	}
}

// FuzzDecodeGrammar is FuzzDecode (fuzz_test.go) under the extended test
// grammar: Decode never panics, a refused file gives errors with lines, and
// for a file it accepts Decode(Encode(f)) == f, the ruleset's statements
// and block included. Seeds: FuzzDecode's corpus, which the extension must
// read as the base grammar's or refuse, and files with its keywords.
func FuzzDecodeGrammar(f *testing.F) {
	names, err := filepath.Glob("testdata/fuzz/FuzzDecode/*")
	if err != nil || len(names) < 100 {
		f.Fatalf("FuzzDecode's corpus: %d files, %v", len(names), err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		_, arg, _ := strings.Cut(strings.TrimSpace(string(data)), "\nstring(")
		text, err := strconv.Unquote(strings.TrimSuffix(arg, ")"))
		if err != nil {
			f.Fatalf("%s: %v", name, err)
		}
		f.Add(strings.Replace(text, "turn: ", "turn: t03-moon # ", 1))
	}
	for _, s := range []string{
		moonHeader + "muster York 2\nomen good: muster: Kent 1\n  move 2 York > Bernicia\nomen bad:\n  vow never to yield\n",
		moonHeader + "phase 2:\n  omen good:\n    if Kent taken: vow x\n      muster Kent 3\n",
		"game: g\nnation: Saxons\nkind: standing\ntoken: t\n\nvow x\ndefend *: hold\n",
		moonHeader + "omen good:\n\tmuster York 1\n  muster York 2\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		orders.RoundTrip(t, text, redux, testGrammar, "t03-moon")
	})
}

// TestBlockOfAPlainKeyword: a keyword that reads a block without saying so
// (Keyword.Block) still cannot nest blocks without bound.
func TestBlockOfAPlainKeyword(t *testing.T) {
	gr := orders.Base().Extend(orders.Keyword{Name: "loop", Decode: func(r *orders.Reader, rest string) []orders.Statement {
		_, inline, _ := strings.Cut(rest, ":")
		if body := r.Block(strings.TrimSpace(inline)); body != nil {
			return []orders.Statement{omen{At: r.At(), Good: true, Body: body}}
		}
		return nil
	}})
	_, errs := orders.DecodeWith(moonHeader+strings.Repeat("loop: ", 10000)+"battles York\n", redux, orders.Options{Grammar: gr})
	if errs == nil || !strings.Contains(errs.Error(), "line 6: blocks nested more than 12 deep") {
		t.Errorf("got %v", errs)
	}
}

// TestWalk: orders.Walk visits every statement in file order, each block
// before the statements inside it, into the base grammar's blocks (phase,
// if) and a ruleset's own (omen) alike, at any depth.
func TestWalk(t *testing.T) {
	in := moonHeader + "muster York 2\nphase 2:\n  omen good:\n    if Kent taken: vow x\n      muster Kent 3\n  move 2 York > Bernicia\nvow y\n"
	f, errs := orders.DecodeWith(in, redux, orders.Options{Grammar: testGrammar})
	if errs != nil {
		t.Fatal(errs)
	}
	var got []string
	orders.Walk(f.Body, func(st orders.Statement) {
		got = append(got, fmt.Sprintf("%d:%s", st.Pos(), strings.Fields(st.Encode(redux))[0]))
	})
	want := "6:muster 7:phase 8:omen 9:if 9:vow 10:muster 11:move 12:vow"
	if strings.Join(got, " ") != want {
		t.Errorf("Walk visits %s\nwant %s", strings.Join(got, " "), want)
	}
}
