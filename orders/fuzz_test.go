package orders

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/pbem-org/pbem/games"
)

var writeCorpus = flag.Bool("corpus", false, "rewrite the seed corpora in testdata/fuzz")

// FuzzDecode checks that Decode never panics, that a refused file gives
// errors with lines and no File, and that for a file it accepts, Encode then
// Decode is a fixed point: the same File, line numbers apart, and the same
// canonical text. Each input is read under reduX Core and under Leaders and
// Raiders (extra turns, L&R 11.6.1). Seeds: testdata/fuzz/FuzzDecode (the
// generated seedNNN files, and inputs that once failed, named for them).
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range []*games.Game{redux, reduxLR} {
			roundTrip(t, text, g, nil, "r05-saxons")
		}
	})
}

// roundTrip is FuzzDecode's check of one input under grammar gr (nil:
// Base), whose turn ids include turn; the test of an extended grammar
// calls it too (export_test.go).
func roundTrip(t *testing.T, text string, g *games.Game, gr *Grammar, turn string) {
	o := Options{Grammar: gr}
	file, errs := DecodeWith(text, g, o)
	partial(t, text, g, o, turn, file, errs)
	if errs != nil {
		if file != nil {
			t.Fatalf("errors and a File")
		}
		for _, e := range errs {
			if e.Msg == "" || e.Illegal || e.Line < 0 {
				t.Fatalf("bad error %#v", e)
			}
		}
		return
	}
	enc := Encode(file, g)
	again, errs := DecodeWith(enc, g, o)
	if errs != nil {
		t.Fatalf("%s: Decode(Encode(f)): %v\ninput %q\ncanonical:\n%s", g.Ruleset.Name, errs, text, enc)
	}
	if !reflect.DeepEqual(fileNoLines(again), fileNoLines(file)) {
		t.Fatalf("%s: Decode(Encode(f)) != f\ninput %q\ncanonical:\n%s\n got %#v\nwant %#v", g.Ruleset.Name, text, enc, fileNoLines(again), fileNoLines(file))
	}
	if Encode(again, g) != enc {
		t.Fatalf("%s: Encode is not a fixed point\ninput %q", g.Ruleset.Name, text)
	}
	_ = Digest(file, g)
}

// partial checks DecodeWith with Options.Partial against Decode: the same
// errors, the same File when there are none, and otherwise a File whose
// statements, under a good header, encode and decode to themselves
// without an error (what was understood is all well formed).
func partial(t *testing.T, text string, g *games.Game, o Options, turn string, file *File, errs Errors) {
	o.Partial = true
	pf, perrs := DecodeWith(text, g, o)
	if !reflect.DeepEqual(perrs, errs) {
		t.Fatalf("%s: Partial gives other errors\ninput %q\n got %v\nwant %v", g.Ruleset.Name, text, perrs, errs)
	}
	if errs == nil {
		if !reflect.DeepEqual(pf, file) {
			t.Fatalf("%s: Partial gives another File\ninput %q", g.Ruleset.Name, text)
		}
		return
	}
	if pf == nil {
		t.Fatalf("%s: Partial gives no File\ninput %q", g.Ruleset.Name, text)
	}
	good := &File{Kind: pf.Kind, Game: "g", Nation: "Saxons", Turn: turn, Token: "t", Body: pf.Body}
	if pf.Kind == StandingOrders {
		good.Turn = ""
	}
	enc := Encode(good, g)
	o.Partial = false
	again, errs := DecodeWith(enc, g, o)
	if errs != nil {
		t.Fatalf("%s: what Partial understood does not decode: %v\ninput %q\ncanonical:\n%s", g.Ruleset.Name, errs, text, enc)
	}
	if !reflect.DeepEqual(fileNoLines(again), fileNoLines(good)) {
		t.Fatalf("%s: what Partial understood does not round-trip\ninput %q\ncanonical:\n%s", g.Ruleset.Name, text, enc)
	}
}

// FuzzParseCond checks that ParseCond never panics and that for a condition
// it accepts, EncodeCond then ParseCond is a fixed point. Seeds:
// testdata/fuzz/FuzzParseCond.
func FuzzParseCond(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCond(s)
		if err != nil {
			if c != nil {
				t.Fatalf("an error and a condition")
			}
			return
		}
		enc := EncodeCond(c)
		again, err := ParseCond(enc)
		if err != nil {
			t.Fatalf("ParseCond(EncodeCond(c)): %v\ninput %q\ncanonical %q", err, s, enc)
		}
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("ParseCond(EncodeCond(c)) != c\ninput %q\ncanonical %q\nagain %q", s, enc, EncodeCond(again))
		}
		c.Eval(Env{Mine: 3, Theirs: 5, Round: 2})
	})
}

// TestWriteFuzzCorpus rewrites the seed corpora (go test -run
// TestWriteFuzzCorpus -corpus): the realistic files in testdata, hand-picked
// edge cases and generated files, each written messily too.
func TestWriteFuzzCorpus(t *testing.T) {
	if !*writeCorpus {
		t.Skip("run with -corpus to rewrite testdata/fuzz")
	}
	write := func(fuzzer string, seeds []string) {
		// Only the generated seeds are rewritten: inputs a fuzz run found
		// stay.
		dir := filepath.Join("testdata", "fuzz", fuzzer)
		old, _ := filepath.Glob(filepath.Join(dir, "seed[0-9][0-9][0-9]"))
		for _, name := range old {
			if err := os.Remove(name); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range seeds {
			body := "go test fuzz v1\nstring(" + strconv.Quote(s) + ")\n"
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%03d", i)), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	var docs []string
	files, _ := filepath.Glob("testdata/*.txt")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, string(b))
	}
	docs = append(docs,
		"",
		everyKindText,
		testHeader+"if Kent taken: move 2 Kent > Essex\n  battles Essex\n",
		testHeader+"phase 2: if York taken: move 2 York > Bernicia\n",
		testHeader+"phase 2:\n\tif York taken:\n\t\tmove 2 York > Bernicia\n",
		testHeader+"if York taken:\n  if Kent taken:\n\tbattles York\n",
		"[quote]game: g\nnation: Saxons\nturn: 5\ntoken: t\n[/quote]\n",
		"Same.\n\n-----Original Message-----\nFrom: A\ngame: g\nnation: RB\nround: 1\ntoken: t\n\nreinforce Wessex\n",
		"> > game: g\n> > nation: Welsh\n> > kind: standing\n> > token: t\n> > defend *: retreat\n",
		"game: [[b]b]\nnation: Saxons\nturn: 5\ntoken: t\n",
		standingHeader+"defend York: retreat 2 to Pennines, Cumbria when (mine + 1)*2 < theirs or not round = 1\n",
		Encode(everyKindLR(t), reduxLR),
		"game: g\nnation: Saxons\nturn: 16 Saxons extra\ntoken: t\n\nreinforce cavalry 1\nmove leader alone York > Bernicia\n",
	)
	r := rand.New(rand.NewPCG(7, 11))
	g := gen{r}
	for range 20 {
		text := Encode(g.file(), redux)
		docs = append(docs, text, messy(r, text))
	}
	write("FuzzDecode", docs)

	conds := []string{
		"mine <= 1 or theirs >= 2*mine", "round >= 2", "mine = 1 and theirs >= 3", "always", "not (mine < theirs)",
		"(mine + 1)*2 > theirs", "theirs - (mine - 1) > 0", "((mine <= 1))", "not not mine != 0", "mine == 1 && theirs <> 2 || !round < 3",
		"2*(mine*3) > 0", "mine < (round > 1)", "1 < mine < 3", "theirs >= 2 mine", "", "(", ")", "99999 > mine",
	}
	for range 20 {
		conds = append(conds, EncodeCond(g.cond(4)))
	}
	write("FuzzParseCond", conds)
}
