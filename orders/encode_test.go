package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// everyKind is a turn file with every statement kind and every rule form.
func everyKind(t testing.TB) *File {
	a := func(n string) games.AreaID { return area(t, n) }
	as := func(ns ...string) []games.AreaID { return areas(t, ns...) }
	return &File{
		Game: "ashdown", Nation: "Saxons", Turn: "r05-saxons", Token: "7f3a-91c2", Salt: "the wind at Hastings",
		Body: []Statement{
			Place{Area: a("Kent"), N: 1},
			Place{Area: a("Sussex"), N: 2},
			Remove{Area: a("Essex"), N: 1},
			Reinforce{Area: a("Wessex")},
			Move{N: 3, Path: as("North Sea", "York", "Pennines")},
			Move{Path: as("Kent", "Sussex")},
			Move{N: 1, Unit: "cavalry", Path: as("York", "Bernicia")},
			Battles{Areas: as("Kent", "Essex")},
			Casualties{Area: a("Kent"), First: as("Sussex", "English Channel")},
			Attack{Area: a("Kent"), Rule: Rule{When: Or{cmp(mine, "<=", Num(1)), cmp(theirs, ">=", Mul{Num(2), mine})}}},
			Attack{Area: a("York"), Rule: Rule{N: 1, When: cmp(round, ">=", Num(2))}},
			Attack{Area: a("Essex"), Rule: Rule{Hold: true}},
			Defend{Area: a("Wessex"), Rule: Rule{To: as("Downlands", "Avalon"), When: cmp(theirs, ">=", Mul{Num(3), mine})}},
			Defend{Area: a("Sussex"), Rule: Rule{N: 2, When: Always{}}},
			Defend{Area: games.NoArea, Rule: Rule{When: And{cmp(mine, "=", Num(1)), cmp(theirs, ">=", Num(3))}}},
			Phase{N: 2, Body: []Statement{
				If{Area: a("York"), Taken: true, Then: []Statement{
					Move{N: 2, Path: as("York", "Bernicia")},
					If{Area: a("Bernicia"), Then: []Statement{Battles{Areas: as("Bernicia")}}},
				}},
				Battles{Areas: as("York")},
			}},
		},
	}
}

const everyKindText = `game: ashdown
nation: Saxons
turn: r05-saxons
token: 7f3a-91c2
salt: the wind at Hastings

place Kent 1
place Sussex 2
remove Essex 1
reinforce Wessex
move 3 North Sea > York > Pennines
move all Kent > Sussex
move 1 cavalry York > Bernicia
battles Kent, Essex
casualties Kent: Sussex, English Channel
attack Kent: retreat when mine <= 1 or theirs >= 2*mine
attack York: retreat 1 when round >= 2
attack Essex: hold
defend Wessex: retreat to Downlands, Avalon when theirs >= 3*mine
defend Sussex: retreat 2
defend *: retreat when mine = 1 and theirs >= 3
phase 2:
  if York taken:
    move 2 York > Bernicia
    if Bernicia lost:
      battles Bernicia
  battles York
`

// TestEncode checks the canonical form of every statement kind.
func TestEncode(t *testing.T) {
	if got := Encode(everyKind(t), redux); got != everyKindText {
		t.Errorf("Encode\n got:\n%s\nwant:\n%s", got, everyKindText)
	}
	standing := &File{Kind: StandingOrders, Game: "ashdown", Nation: "Welsh", Token: "t",
		Body: []Statement{Defend{Area: area(t, "Powys"), Rule: Rule{Hold: true}}}}
	want := "game: ashdown\nnation: Welsh\nkind: standing\ntoken: t\n\ndefend Powys: hold\n"
	if got := Encode(standing, redux); got != want {
		t.Errorf("Encode standing\n got:\n%s\nwant:\n%s", got, want)
	}
	empty := &File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}
	want = "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\n"
	if got := Encode(empty, redux); got != want {
		t.Errorf("Encode empty\n got:\n%s\nwant:\n%s", got, want)
	}
}

// TestEncodeStatement checks single statements as acknowledgements quote
// them, including a nil When and pointers.
func TestEncodeStatement(t *testing.T) {
	tests := []struct {
		name string
		in   Statement
		want string
	}{
		{"place", Place{Area: area(t, "York"), N: 1}, "place York 1"},
		{"pointer", &Reinforce{Area: area(t, "Wessex")}, "reinforce Wessex"},
		{"nil when", Attack{Area: area(t, "Kent"), Rule: Rule{}}, "attack Kent: retreat"},
		{"retreat all to", Defend{Area: area(t, "York"), Rule: Rule{To: areas(t, "Pennines"), When: Always{}}}, "defend York: retreat to Pennines"},
		{"phase opens a block", Phase{N: 2, Body: []Statement{Battles{Areas: areas(t, "York")}}}, "phase 2:"},
		{"if opens a block", If{Area: area(t, "Kent")}, "if Kent lost:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := EncodeStatement(tc.in, redux); got != tc.want {
				t.Errorf("EncodeStatement = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRoundTripEveryKind checks Decode(Encode(f)) == f for each statement
// kind on its own and for the whole file.
func TestRoundTripEveryKind(t *testing.T) {
	whole := everyKind(t)
	check := func(t *testing.T, f *File) {
		text := Encode(f, redux)
		got, errs := Decode(text, redux)
		if errs != nil {
			t.Fatalf("Decode(Encode(f)): %v\n%s", errs, text)
		}
		if !reflect.DeepEqual(fileNoLines(got), fileNoLines(f)) {
			t.Errorf("Decode(Encode(f)) differs\n got %#v\nwant %#v\ntext:\n%s", got.Body, f.Body, text)
		}
	}
	t.Run("whole file", func(t *testing.T) { check(t, whole) })
	for _, s := range whole.Body {
		f := *whole
		f.Body = []Statement{s}
		t.Run(EncodeStatement(s, redux), func(t *testing.T) { check(t, &f) })
	}
	lr := everyKindLR(t)
	t.Run("whole Leaders and Raiders file", func(t *testing.T) { check(t, lr) })
	for _, s := range lr.Body {
		f := *lr
		f.Body = []Statement{s}
		t.Run(EncodeStatement(s, redux), func(t *testing.T) { check(t, &f) })
	}
	t.Run("standing", func(t *testing.T) {
		check(t, &File{Kind: StandingOrders, Game: "g", Nation: "Welsh", Token: "t", Body: []Statement{
			Defend{Area: area(t, "Powys"), Rule: Rule{Hold: true}},
			Defend{Area: games.NoArea, Rule: Rule{When: Always{}}},
		}})
	})
	t.Run("no statements", func(t *testing.T) {
		check(t, &File{Game: "g", Nation: "Romano-British", Turn: "r01-romanobritish", Token: "t"})
	})
}

// gen builds random valid ASTs for the property test and the fuzz seeds.
type gen struct{ r *rand.Rand }

func (g gen) area() games.AreaID { return games.AreaID(g.r.IntN(len(redux.Board.Areas))) }

// areas returns n distinct areas, or nil for none.
func (g gen) areas(n int) []games.AreaID {
	if n == 0 {
		return nil
	}
	var ids []games.AreaID
	for _, i := range g.r.Perm(len(redux.Board.Areas))[:n] {
		ids = append(ids, games.AreaID(i))
	}
	return ids
}

func (g gen) expr(depth int) Expr {
	k := g.r.IntN(5)
	if depth <= 0 {
		k = g.r.IntN(2)
	}
	switch k {
	case 0:
		return Num(g.r.IntN(20))
	case 1, 2:
		return []Var{"mine", "theirs", "round"}[g.r.IntN(3)]
	case 3:
		return Mul{g.expr(depth - 1), g.expr(depth - 1)}
	}
	return Add{L: g.expr(depth - 1), R: g.expr(depth - 1), Sub: g.r.IntN(2) == 0}
}

func (g gen) cond(depth int) Cond {
	k := g.r.IntN(6)
	if depth <= 0 {
		k = g.r.IntN(2)
	}
	switch k {
	case 0:
		if g.r.IntN(4) == 0 {
			return Always{}
		}
		fallthrough
	case 1, 2:
		ops := []string{"<", "<=", ">", ">=", "=", "!="}
		return Cmp{L: g.expr(2), Op: ops[g.r.IntN(len(ops))], R: g.expr(2)}
	case 3:
		return Not{g.cond(depth - 1)}
	case 4:
		return And{g.cond(depth - 1), g.cond(depth - 1)}
	}
	return Or{g.cond(depth - 1), g.cond(depth - 1)}
}

func (g gen) rule() Rule {
	if g.r.IntN(4) == 0 {
		return Rule{Hold: true}
	}
	r := Rule{N: max(0, g.r.IntN(8)-3), To: g.areas(g.r.IntN(3)), When: Always{}}
	if g.r.IntN(3) > 0 {
		r.When = g.cond(3)
	}
	if g.r.IntN(6) == 0 { // the leader alone (reduX L&R 9.2.2)
		r.N, r.Leader = 0, true
	}
	if g.r.IntN(6) == 0 { // after a victory (reduX L&R 9.2.2)
		r.When = And{Won{}, r.When}
	}
	return r
}

// stmt builds one statement of any kind, Core and Leaders and Raiders.
func (g gen) stmt(depth int, inPhase, inIf bool) Statement {
	const blocks = 12 // kinds from here on open a block
	k := g.r.IntN(blocks + 2)
	if depth <= 0 && k >= blocks {
		k = g.r.IntN(blocks)
	}
	switch k {
	case 0:
		return Place{Area: g.area(), N: 1 + g.r.IntN(4)}
	case 1:
		return Remove{Area: g.area(), N: 1 + g.r.IntN(4)}
	case 2:
		return Reinforce{Area: g.area()}
	case 3:
		units := []string{"", "", "cavalry", "infantry", "leader", "leader alone"}
		m := Move{N: g.r.IntN(6), Path: g.areas(2 + g.r.IntN(3)), Unit: units[g.r.IntN(len(units))]}
		if m.Unit == "leader alone" {
			m.N = 0
		}
		return m
	case 4:
		return Battles{Areas: g.areas(1 + g.r.IntN(4))}
	case 5:
		return Casualties{Area: g.area(), First: g.areas(1 + g.r.IntN(3))}
	case 6:
		return Attack{Area: g.area(), Rule: g.rule()}
	case 7:
		return Defend{Area: g.areaOrAll(), Rule: g.rule()}
	case 8:
		return Withdraw{Area: g.area(), N: g.r.IntN(4), Stay: g.r.IntN(3) == 0}
	case 9:
		return Target{Area: g.areaOrAll(), Unit: []string{"cavalry", "infantry"}[g.r.IntN(2)]}
	case 10:
		return Rex{Yes: g.r.IntN(2) == 0}
	case 11:
		return Reinforce{Area: games.NoArea, Cavalry: 1 + g.r.IntN(3)}
	case blocks:
		if !inPhase && !inIf {
			return Phase{N: 2 + g.r.IntN(3), Body: g.body(depth-1, true, inIf)}
		}
	}
	return If{Area: g.area(), Taken: g.r.IntN(2) == 0, Then: g.body(depth-1, inPhase, true)}
}

// areaOrAll is an area, or now and then NoArea ("*").
func (g gen) areaOrAll() games.AreaID {
	if g.r.IntN(4) == 0 {
		return games.NoArea
	}
	return g.area()
}

// body builds a block without the repetitions Decode refuses (a second
// reinforce, battles or crown, or casualties, attack, defend or target for
// one area).
func (g gen) body(depth int, inPhase, inIf bool) []Statement {
	n := 1 + g.r.IntN(4)
	var out []Statement
	used := map[string]bool{}
	for len(out) < n {
		s := g.stmt(depth, inPhase, inIf)
		key := fmt.Sprintf("%T", s)
		switch s := s.(type) {
		case Casualties:
			key += fmt.Sprint(s.Area)
		case Attack:
			key += fmt.Sprint(s.Area)
		case Defend:
			key += fmt.Sprint(s.Area)
		case Target:
			key += fmt.Sprint(s.Area)
		case Reinforce, Battles, Rex:
		default:
			key = ""
		}
		if key != "" && used[key] {
			continue
		}
		used[key] = true
		out = append(out, s)
	}
	return out
}

func (g gen) word() string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789-"
	b := make([]byte, 1+g.r.IntN(10))
	for i := range b {
		b[i] = letters[g.r.IntN(len(letters))]
	}
	return string(b)
}

func (g gen) file() *File {
	ns := redux.Tables.Nations
	nation := ns[g.r.IntN(len(ns))].Name
	f := &File{Game: g.word(), Nation: nation, Token: g.word()}
	if g.r.IntN(3) == 0 {
		f.Salt = g.word() + " " + g.word()
	}
	if g.r.IntN(4) == 0 {
		f.Kind = StandingOrders
		for _, a := range g.areas(g.r.IntN(6)) {
			f.Body = append(f.Body, Defend{Area: a, Rule: g.rule()})
		}
		return f
	}
	f.Turn = TurnID(1+g.r.IntN(len(redux.Tables.Rounds)), nation)
	if g.r.IntN(8) > 0 {
		f.Body = g.body(3, false, false)
	}
	return f
}

// messy rewrites a canonical file the way people write: CRLF, chatter, odd
// case, shortest keywords, other path separators, tabs, comments, NBSP. It
// must decode to the same File.
func messy(r *rand.Rand, text string) string {
	var out []string
	if r.IntN(2) == 0 {
		out = append(out, "Hi GM, my orders:", "")
	}
	seps := []string{" > ", "->", " - ", " to ", ", ", " => ", ">"}
	tabs := r.IntN(2) == 0
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		l = l[indent:]
		if headerLine.MatchString(l) {
			key, value, _ := strings.Cut(l, ":")
			if r.IntN(2) == 0 {
				key = strings.ToUpper(key)
			}
			out = append(out, key+" :  "+value+"  ")
			continue
		}
		if w := firstWord(l); w != "" {
			short := w
			for n := 1; n <= len(w); n++ {
				if k, _ := base.lookup(w[:n]); k != nil && k.Name == w {
					short = w[:n+r.IntN(len(w)-n+1)]
					break
				}
			}
			l = short + l[len(w):]
			if strings.HasPrefix(w, "move") {
				l = strings.ReplaceAll(l, " > ", seps[r.IntN(len(seps))])
			}
		}
		if r.IntN(3) == 0 {
			l = strings.ToUpper(l)
		}
		if r.IntN(3) == 0 {
			l = strings.ReplaceAll(l, " ", "\u00a0")
		}
		if r.IntN(4) == 0 {
			l += "   # note"
		}
		prefix := strings.Repeat(" ", indent)
		if tabs {
			prefix = strings.Repeat("\t", indent/2)
		}
		out = append(out, prefix+l)
	}
	return strings.Join(out, "\r\n") + "\r\n-- \r\nAnn\r\n"
}

// TestRoundTripRandom is a property test: random valid files, encoded,
// decode to themselves; written messily, they decode to the same File.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 5))
	g := gen{r}
	for i := range 2000 {
		f := g.file()
		text := Encode(f, redux)
		got, errs := Decode(text, redux)
		if errs != nil {
			t.Fatalf("file %d: Decode(Encode(f)): %v\n%s", i, errs, text)
		}
		if !reflect.DeepEqual(fileNoLines(got), f) {
			t.Fatalf("file %d: Decode(Encode(f)) differs\n got %#v\nwant %#v\ntext:\n%s", i, got, f, text)
		}
		m := messy(r, text)
		got, errs = Decode(m, redux)
		if errs != nil {
			t.Fatalf("file %d: Decode(messy): %v\n%s", i, errs, m)
		}
		if !reflect.DeepEqual(fileNoLines(got), f) {
			t.Fatalf("file %d: Decode(messy) differs\n got %s\nwant %s\ntext:\n%s", i, Encode(got, redux), text, m)
		}
	}
}

// TestDigest checks that the digest is the SHA-256 of the canonical form
// without the token line, so it ignores the token and the way the file was
// written, and changes with any statement or the salt.
func TestDigest(t *testing.T) {
	f := everyKind(t)
	stored := strings.Replace(everyKindText, "token: 7f3a-91c2\n", "", 1)
	sum := sha256.Sum256([]byte(stored))
	if got, want := Digest(f, redux), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("Digest = %s, want SHA-256 of the stored form %s", got, want)
	}
	if got := EncodeStored(f, redux); got != stored {
		t.Errorf("EncodeStored\n got:\n%s\nwant:\n%s", got, stored)
	}
	// Pinned: the dice mix this digest in (docs/dice.md); changing the
	// canonical form changes every game's rolls.
	const pinned = "7e534dceb66c9a01938b4eef53e11deb1091e02356f478f699f7df3c962a44f8"
	if got := Digest(f, redux); got != pinned {
		t.Errorf("Digest = %s, pinned %s: the canonical form changed", got, pinned)
	}

	other := *f
	other.Token = "another-token"
	if Digest(&other, redux) != Digest(f, redux) {
		t.Error("the digest depends on the token")
	}
	m := messy(rand.New(rand.NewPCG(1, 2)), Encode(f, redux))
	decoded, errs := Decode(m, redux)
	if errs != nil {
		t.Fatal(errs)
	}
	if Digest(decoded, redux) != Digest(f, redux) {
		t.Error("the digest depends on how the file was written")
	}
	salted := *f
	salted.Salt = "another wind"
	if Digest(&salted, redux) == Digest(f, redux) {
		t.Error("the digest ignores the salt")
	}
	changed := *f
	changed.Body = append([]Statement{}, f.Body...)
	changed.Body[0] = Place{Area: area(t, "Kent"), N: 2}
	if Digest(&changed, redux) == Digest(f, redux) {
		t.Error("the digest ignores a statement")
	}
}

// TestTestdata decodes the realistic order files in testdata and compares
// their canonical form with the golden files (go test -update rewrites them).
func TestTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) < 3 {
		t.Fatalf("testdata: %v, %d files", err, len(files))
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			in, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			f, errs := Decode(string(in), redux)
			var got string
			if errs != nil {
				got = "errors:\n" + errs.Error() + "\n"
			} else {
				got = Encode(f, redux) + "\ndigest: " + Digest(f, redux) + "\n"
			}
			golden := strings.TrimSuffix(name, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s\n got:\n%s\nwant:\n%s", name, got, want)
			}
		})
	}
}
