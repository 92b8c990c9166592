package adjudicator_test

// The numbered case suite (after godip's DATC cases; docs/design.md §7): one file per
// rule clause under testdata/cases, each a position, the orders, the scripted
// dice and the result worked out by hand from the rules text. The format is
// documented in testdata/cases/README.md.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// tcase is one case file.
type tcase struct {
	file    string
	header  map[string]string
	blocks  map[string][]cline
	arrive  []cline
	options []string
}

// cline is one line of a case file with its line number, for messages.
type cline struct {
	n    int
	text string
}

var blockKeys = map[string]bool{"state": true, "standing": true, "orders": true, "expect": true, "events": true, "errors": true, "dice": true, "warnings": true, "defaults": true}
var headerKeys = map[string]bool{"cite": true, "why": true, "round": true, "nation": true, "next": true, "kind": true, "options": true, "legal": true, "arrive": true, "dice": true}

var keyLine = regexp.MustCompile(`^([a-z]+):\s*(.*)$`)

// readCase parses a case file: "key: value" header lines and "key:" blocks
// of indented lines, at column 0; "#" starts a comment.
func readCase(path string) (*tcase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := &tcase{file: filepath.Base(path), header: map[string]string{}, blocks: map[string][]cline{}}
	sc := bufio.NewScanner(f)
	block := ""
	for n := 1; sc.Scan(); n++ {
		raw := sc.Text()
		if i := strings.Index(raw, "#"); i >= 0 {
			raw = raw[:i]
		}
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if raw[0] == ' ' || raw[0] == '\t' {
			if block == "" {
				return nil, fmt.Errorf("%s:%d: indented line outside a block", c.file, n)
			}
			c.blocks[block] = append(c.blocks[block], cline{n, strings.TrimSpace(raw)})
			continue
		}
		m := keyLine.FindStringSubmatch(strings.TrimRight(raw, " \t"))
		if m == nil {
			return nil, fmt.Errorf("%s:%d: expected \"key: value\" or a block, got %q", c.file, n, raw)
		}
		key, val := m[1], strings.TrimSpace(m[2])
		block = ""
		switch {
		case key == "arrive":
			c.arrive = append(c.arrive, cline{n, val})
		case val == "" && blockKeys[key]:
			block = key
			if _, ok := c.blocks[key]; !ok {
				c.blocks[key] = nil
			}
		case headerKeys[key]:
			if key == "dice" {
				c.blocks["dice"] = append(c.blocks["dice"], cline{n, val})
				continue
			}
			if _, dup := c.header[key]; dup {
				return nil, fmt.Errorf("%s:%d: %s given twice", c.file, n, key)
			}
			c.header[key] = val
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", c.file, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, k := range []string{"cite", "why", "round"} {
		if c.header[k] == "" {
			return nil, fmt.Errorf("%s: missing %s:", c.file, k)
		}
	}
	if o := c.header["options"]; o != "" && o != "none" {
		for _, x := range strings.Split(o, ",") {
			c.options = append(c.options, strings.TrimSpace(x))
		}
	}
	return c, nil
}

// world is what a case needs to turn names into ids.
type world struct {
	t *testing.T
	c *tcase
	g *games.Game
}

func (w *world) fail(l cline, format string, args ...any) {
	w.t.Helper()
	w.t.Fatalf("%s:%d: %s", w.c.file, l.n, fmt.Sprintf(format, args...))
}

func (w *world) area(l cline, name string) games.AreaID {
	w.t.Helper()
	a, err := w.g.Board.Lookup(strings.TrimSpace(name))
	if err != nil {
		w.fail(l, "%v", err)
	}
	return a
}

func (w *world) nation(l cline, name string) int {
	w.t.Helper()
	n, err := w.g.Tables.NationIndex(strings.TrimSpace(name))
	if err != nil {
		w.fail(l, "%v", err)
	}
	return n
}

func (w *world) atoi(l cline, s string) int {
	w.t.Helper()
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		w.fail(l, "not a number: %q", s)
	}
	return v
}

// counts parses "Saxons 3, Jutes 1" (or "empty") into nation → count.
func (w *world) counts(l cline, s string) map[int]int {
	w.t.Helper()
	out := map[int]int{}
	s = strings.TrimSpace(s)
	if s == "empty" || s == "" {
		return out
	}
	for _, part := range strings.Split(s, ",") {
		fs := strings.Fields(part)
		if len(fs) < 2 {
			w.fail(l, "want \"Nation N\", got %q", part)
		}
		n := w.nation(l, strings.Join(fs[:len(fs)-1], " "))
		out[n] += w.atoi(l, fs[len(fs)-1])
	}
	return out
}

// build sets up the game and the state of a case.
func (w *world) build() *adjudicator.State {
	w.t.Helper()
	g := w.g
	s := adjudicator.NewState(g)
	for a := range s.Units {
		for n := range s.Units[a] {
			s.Units[a][n] = 0
		}
	}
	for n := range s.Pop {
		s.Pop[n], s.VP[n] = 0, 0
	}
	s.Round = w.atoi(cline{0, ""}, w.c.header["round"])
	for _, l := range w.c.blocks["state"] {
		key, val, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Area: Nation N, ...\"")
		}
		switch strings.TrimSpace(key) {
		case "pop":
			for n, v := range w.counts(l, val) {
				s.Pop[n] = v
			}
		case "vp":
			for n, v := range w.counts(l, val) {
				s.VP[n] = v
			}
		case "pool":
			for n, v := range w.counts(l, val) {
				g.Tables.Nations[n].Armies, g.Tables.Nations[n].Cavalry = v, 0
			}
		default:
			a := w.area(l, key)
			for n, v := range w.counts(l, val) {
				s.Units[a][n] = v
			}
		}
	}
	if len(w.c.arrive) > 0 {
		r := g.Tables.Round(s.Round)
		if r == nil {
			w.t.Fatalf("%s: no timeline row for round %d", w.c.file, s.Round)
		}
		r.Arrivals = nil
		for _, l := range w.c.arrive {
			if l.text == "none" {
				continue
			}
			what, seas, _ := strings.Cut(l.text, " at ")
			fs := strings.Fields(what)
			if len(fs) < 2 {
				w.fail(l, "want \"arrive: Nation N [at Sea[, Sea]]\"")
			}
			n := w.nation(l, strings.Join(fs[:len(fs)-1], " "))
			ar := games.Arrival{Nation: g.Tables.Nations[n].Name, Armies: w.atoi(l, fs[len(fs)-1])}
			if seas != "" {
				for _, x := range strings.Split(seas, ",") {
					ar.Seas = append(ar.Seas, strings.TrimSpace(x))
					ar.SeaIDs = append(ar.SeaIDs, w.area(l, x))
				}
			}
			r.Arrivals = append(r.Arrivals, ar)
		}
	}
	switch {
	case w.c.header["next"] != "":
		s.Next = w.nation(cline{0, ""}, w.c.header["next"])
	case w.c.header["kind"] == "end-round":
		s.Next = len(g.Tables.Nations)
	default:
		s.Next = w.nation(cline{0, ""}, w.c.header["nation"])
	}
	return s
}

// statement reads one order line of the case syntax (docs/orders.md, the
// subset the cases need).
func (w *world) statement(l cline, line int) orders.Statement {
	w.t.Helper()
	at := orders.At{Line: line}
	kw, rest, _ := strings.Cut(l.text, " ")
	rest = strings.TrimSpace(rest)
	areaN := func() (games.AreaID, int) {
		fs := strings.Fields(rest)
		if n, err := strconv.Atoi(fs[len(fs)-1]); err == nil && len(fs) > 1 {
			return w.area(l, strings.Join(fs[:len(fs)-1], " ")), n
		}
		return w.area(l, rest), 0
	}
	list := func(s string) []games.AreaID {
		var out []games.AreaID
		for _, x := range strings.Split(s, ",") {
			out = append(out, w.area(l, x))
		}
		return out
	}
	switch kw {
	case "place":
		a, n := areaN()
		return orders.Place{At: at, Area: a, N: n}
	case "remove":
		a, n := areaN()
		return orders.Remove{At: at, Area: a, N: n}
	case "reinforce":
		return orders.Reinforce{At: at, Area: w.area(l, rest)}
	case "move":
		num, path, ok := strings.Cut(rest, " ")
		if !ok {
			w.fail(l, "want \"move N A > B\"")
		}
		mv := orders.Move{At: at}
		if num != "all" {
			mv.N = w.atoi(l, num)
		}
		for _, x := range strings.Split(path, ">") {
			mv.Path = append(mv.Path, w.area(l, x))
		}
		return mv
	case "battles":
		return orders.Battles{At: at, Areas: list(rest)}
	case "casualties":
		a, xs, ok := strings.Cut(rest, ":")
		if !ok {
			w.fail(l, "want \"casualties AREA: FROM, FROM\"")
		}
		return orders.Casualties{At: at, Area: w.area(l, a), First: list(xs)}
	case "attack", "defend":
		a, r, ok := strings.Cut(rest, ":")
		if !ok {
			w.fail(l, "want \"%s AREA: hold|retreat ...\"", kw)
		}
		rule := w.rule(l, strings.TrimSpace(r))
		if kw == "attack" {
			return orders.Attack{At: at, Area: w.area(l, a), Rule: rule}
		}
		area := games.NoArea
		if strings.TrimSpace(a) != "*" {
			area = w.area(l, a)
		}
		return orders.Defend{At: at, Area: area, Rule: rule}
	}
	w.fail(l, "unknown statement %q", kw)
	return nil
}

// rule reads "hold" or "retreat [N] [to A, B] [when COND]". Without "when"
// the rule's When is nil, which the AST defines as "always".
func (w *world) rule(l cline, s string) orders.Rule {
	w.t.Helper()
	if s == "hold" {
		return orders.Rule{Hold: true}
	}
	rest, ok := strings.CutPrefix(s, "retreat")
	if !ok {
		w.fail(l, "want hold or retreat, got %q", s)
	}
	var r orders.Rule
	rest = strings.TrimSpace(rest)
	if before, cond, ok := strings.Cut(" "+rest, " when "); ok {
		c, err := orders.ParseCond(cond)
		if err != nil {
			w.fail(l, "%v", err)
		}
		r.When = c
		rest = strings.TrimSpace(before)
	}
	if fs := strings.Fields(rest); len(fs) > 0 {
		if n, err := strconv.Atoi(fs[0]); err == nil {
			r.N = n
			rest = strings.TrimSpace(strings.TrimPrefix(rest, fs[0]))
		}
	}
	if to, ok := strings.CutPrefix(rest, "to "); ok {
		for _, x := range strings.Split(to, ",") {
			r.To = append(r.To, w.area(l, x))
		}
	} else if rest != "" {
		w.fail(l, "cannot read %q", rest)
	}
	return r
}

func (w *world) standing() []*orders.File {
	w.t.Helper()
	out := make([]*orders.File, len(w.g.Tables.Nations))
	for i, l := range w.c.blocks["standing"] {
		name, st, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Nation: defend ...\"")
		}
		n := w.nation(l, name)
		if out[n] == nil {
			out[n] = &orders.File{Kind: orders.StandingOrders, Game: "cases", Nation: w.g.Tables.Nations[n].Name}
		}
		out[n].Body = append(out[n].Body, w.statement(cline{l.n, strings.TrimSpace(st)}, i+1))
	}
	return out
}

func (w *world) dice() []int {
	w.t.Helper()
	var out []int
	for _, l := range w.c.blocks["dice"] {
		for _, f := range strings.FieldsFunc(l.text, func(r rune) bool { return r == ' ' || r == ',' || r == '|' || r == '\t' }) {
			out = append(out, w.atoi(l, f))
		}
	}
	return out
}

func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata/cases")
	}
	sort.Strings(files)
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			c, err := readCase(path)
			if err != nil {
				t.Fatal(err)
			}
			runCase(t, c)
		})
	}
}

func runCase(t *testing.T, c *tcase) {
	g := games.MustLoad("redux", c.options...)
	w := &world{t: t, c: c, g: g}
	s := w.build() // may change the tables (pool:, arrive:), so before New
	e := adjudicator.New(g)
	before := s.Clone()
	standing := w.standing()
	kind := c.header["kind"]
	if kind == "" {
		kind = "turn"
	}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s: the engine panicked: %v", c.file, r)
		}
	}()
	var (
		ns  *adjudicator.State
		evs []adjudicator.Event
		err error
	)
	switch kind {
	case "end-round":
		if n := e.Due(s); n >= 0 {
			t.Fatalf("%s: the %s' turn is due, not the end of the round", c.file, g.Tables.Nations[n].Name)
		}
		ns, evs, err = e.EndRound(s)
		if err != nil {
			t.Fatalf("%s: EndRound: %v", c.file, err)
		}
	case "turn", "check":
		want := w.nation(cline{0, ""}, c.header["nation"])
		if n := e.Due(s); n != want {
			name := "the end of the round"
			if n >= 0 {
				name = g.Tables.Nations[n].Name
			}
			t.Fatalf("%s: due is %s, want %s", c.file, name, g.Tables.Nations[want].Name)
		}
		f := &orders.File{Kind: orders.TurnOrders, Game: "cases", Nation: g.Tables.Nations[want].Name, Turn: e.TurnID(s)}
		for i, l := range c.blocks["orders"] {
			f.Body = append(f.Body, w.statement(l, i+1))
		}
		rv := e.Review(s, f, standing)
		errs := rv.Errors
		if !reflect.DeepEqual(s, before) {
			t.Fatalf("%s: Check changed its input state", c.file)
		}
		inLineOrder(t, c.file, errs)
		for _, k := range []string{"warnings", "defaults"} {
			if ls, ok := c.blocks[k]; ok {
				var want []noteLine
				for _, l := range ls {
					want = append(want, noteLine{l.n, l.text})
				}
				matchNotes(t, c.file, k, want, map[string][]adjudicator.Note{"warnings": rv.Warnings, "defaults": rv.Defaults}[k])
			}
		}
		if kind == "check" {
			matchErrors(t, c, errs)
			return
		}
		if c.header["legal"] != "no" && len(errs) > 0 {
			t.Fatalf("%s: the orders should pass the check (or say legal: no), but:\n%v", c.file, errs)
		}
		if c.header["legal"] == "no" && len(errs) == 0 {
			t.Fatalf("%s: legal: no, but the orders pass the check", c.file)
		}
		d := dice.NewScript(w.dice()...)
		ns, evs, err = e.NationTurn(s, adjudicator.Input{Orders: f, Standing: standing}, d)
		if err != nil {
			t.Fatalf("%s: NationTurn: %v", c.file, err)
		}
		if d.Err() != nil {
			t.Errorf("%s: %v\nevents:\n%s", c.file, d.Err(), eventText(evs))
		}
		if d.Remaining() > 0 {
			t.Errorf("%s: %d scripted dice were not rolled\nevents:\n%s", c.file, d.Remaining(), eventText(evs))
		}
	default:
		t.Fatalf("%s: unknown kind %q", c.file, kind)
	}
	if !reflect.DeepEqual(s, before) {
		t.Fatalf("%s: the engine changed its input state", c.file)
	}
	if len(c.blocks["errors"]) > 0 {
		t.Fatalf("%s: errors: only applies to kind: check", c.file)
	}
	matchState(t, w, ns, evs)
	matchEvents(t, c, evs)
}

func eventText(evs []adjudicator.Event) string {
	var sb strings.Builder
	for _, e := range evs {
		sb.WriteString("  " + e.Text + "\n")
	}
	return sb.String()
}

func matchState(t *testing.T, w *world, s *adjudicator.State, evs []adjudicator.Event) {
	t.Helper()
	g := w.g
	for _, l := range w.c.blocks["expect"] {
		key, val, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Area: Nation N, ...\"")
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		bad := func(format string, args ...any) {
			t.Errorf("%s:%d: %s\nevents:\n%s", w.c.file, l.n, fmt.Sprintf(format, args...), eventText(evs))
		}
		switch key {
		case "pop", "vp":
			for n, v := range w.counts(l, val) {
				got := s.Pop[n]
				if key == "vp" {
					got = s.VP[n]
				}
				if got != v {
					bad("%s %s: got %d, want %d", key, g.Tables.Nations[n].Name, got, v)
				}
			}
		case "round":
			if want := w.atoi(l, val); s.Round != want {
				bad("round: got %d, want %d", s.Round, want)
			}
		case "over":
			if want := val == "yes"; s.Over != want {
				bad("over: got %v, want %v", s.Over, want)
			}
		default:
			a := w.area(l, key)
			want := w.counts(l, val)
			for n := range g.Tables.Nations {
				if got := s.Units[a][n]; got != want[n] {
					bad("%s: %s got %d, want %d", g.Board.AreaName(a), g.Tables.Nations[n].Name, got, want[n])
				}
			}
		}
	}
}

func matchEvents(t *testing.T, c *tcase, evs []adjudicator.Event) {
	t.Helper()
	i := 0
	for _, l := range c.blocks["events"] {
		if neg, ok := strings.CutPrefix(l.text, "!"); ok {
			for _, e := range evs {
				if strings.Contains(e.Text, strings.TrimSpace(neg)) {
					t.Errorf("%s:%d: no event should contain %q, but %q does", c.file, l.n, neg, e.Text)
				}
			}
			continue
		}
		found := false
		for ; i < len(evs); i++ {
			if strings.Contains(evs[i].Text, l.text) {
				found = true
				i++
				break
			}
		}
		if !found {
			t.Errorf("%s:%d: no event (in order) contains %q\nevents:\n%s", c.file, l.n, l.text, eventText(evs))
			return
		}
	}
}

// noteLine is an expected warning or default: "line N: text" or "file:
// text", the text a substring.
type noteLine struct {
	n    int // the case file's line, for messages
	text string
}

// matchNotes checks a Review's warnings or defaults against a case's block:
// each expected one is there, with its line, and there is no other ("none"
// expects none).
func matchNotes(t *testing.T, file, what string, want []noteLine, got []adjudicator.Note) {
	t.Helper()
	used := make([]bool, len(got))
	for _, l := range want {
		if l.text == "none" {
			continue
		}
		m := errLine.FindStringSubmatch(l.text)
		if m == nil {
			t.Fatalf("%s:%d: want \"line N: text\" or \"file: text\"", file, l.n)
		}
		line := 0
		if m[2] != "" {
			line, _ = strconv.Atoi(m[2])
		}
		found := false
		for i, n := range got {
			if !used[i] && n.Line == line && strings.Contains(n.String(), m[3]) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d: no %s at line %d contains %q; got:\n%v", file, l.n, what, line, m[3], got)
		}
	}
	for i, n := range got {
		if !used[i] {
			t.Errorf("%s: unexpected %s: %v", file, what, n)
		}
	}
}

// inLineOrder checks that Check returns its errors in line order, the
// whole-file ones (line 0) first: one answer a player reads top to bottom.
func inLineOrder(t *testing.T, file string, errs orders.Errors) {
	t.Helper()
	for i := 1; i < len(errs); i++ {
		if errs[i].Line < errs[i-1].Line {
			t.Errorf("%s: errors out of line order:\n%v", file, errs)
			return
		}
	}
}

var errLine = regexp.MustCompile(`^(line (\d+)|file):\s*(.*)$`)

// matchErrors checks that every expected error is there, with its line, and
// that there are no others.
func matchErrors(t *testing.T, c *tcase, errs orders.Errors) {
	t.Helper()
	used := make([]bool, len(errs))
	for _, l := range c.blocks["errors"] {
		m := errLine.FindStringSubmatch(l.text)
		if m == nil {
			t.Fatalf("%s:%d: want \"line N: text\" or \"file: text\"", c.file, l.n)
		}
		line := 0
		if m[2] != "" {
			line, _ = strconv.Atoi(m[2])
		}
		found := false
		for i, e := range errs {
			if !used[i] && e.Line == line && e.Illegal && strings.Contains(e.Error(), m[3]) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d: no Illegal error at line %d contains %q; got:\n%v", c.file, l.n, line, m[3], errs)
		}
	}
	for i, e := range errs {
		if !used[i] {
			t.Errorf("%s: unexpected error: %v", c.file, e)
		}
	}
}
