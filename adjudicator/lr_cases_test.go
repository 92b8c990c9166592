package adjudicator_test

// The Leaders and Raiders case suite: testdata/lr-cases/*.txt, one case per
// rule clause of seed 003, in the format of the Core suite
// (testdata/cases/README.md) with the additions of
// testdata/lr-cases/README.md. Orders and standing orders are read with the
// real parser (orders.Decode).

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// lrLine is one line of a case file with its line number, for messages.
type lrLine struct {
	n    int
	text string
}

var (
	lrKeyLine = regexp.MustCompile(`^([a-z]+):\s*(.*)$`)
	lrErrLine = regexp.MustCompile(`^(line (\d+)|file):\s*(.*)$`)
)

func lrEventText(evs []adjudicator.Event) string {
	var sb strings.Builder
	for _, e := range evs {
		sb.WriteString("  " + e.Text + "\n")
	}
	return sb.String()
}

type lrCase struct {
	file    string
	header  map[string]string
	blocks  map[string][]lrLine
	arrive  []lrLine
	options []string
}

var lrBlockKeys = map[string]bool{"state": true, "standing": true, "orders": true, "expect": true, "events": true, "errors": true, "dice": true, "warnings": true, "defaults": true}
var lrHeaderKeys = map[string]bool{"cite": true, "why": true, "round": true, "nation": true, "next": true, "kind": true, "options": true, "legal": true, "dice": true, "players": true, "compat": true}

func readLRCase(path string) (*lrCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := &lrCase{file: filepath.Base(path), header: map[string]string{}, blocks: map[string][]lrLine{}}
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
			// orders keep their own indentation (phase 2 blocks)
			text := strings.TrimRight(raw, " \t")
			if block != "orders" {
				text = strings.TrimSpace(text)
			} else {
				text = strings.TrimPrefix(text, "  ")
			}
			c.blocks[block] = append(c.blocks[block], lrLine{n, text})
			continue
		}
		m := lrKeyLine.FindStringSubmatch(strings.TrimRight(raw, " \t"))
		if m == nil {
			return nil, fmt.Errorf("%s:%d: expected \"key: value\" or a block, got %q", c.file, n, raw)
		}
		key, val := m[1], strings.TrimSpace(m[2])
		block = ""
		switch {
		case key == "arrive":
			c.arrive = append(c.arrive, lrLine{n, val})
		case val == "" && lrBlockKeys[key]:
			block = key
			if _, ok := c.blocks[key]; !ok {
				c.blocks[key] = nil
			}
		case lrHeaderKeys[key]:
			if key == "dice" {
				c.blocks["dice"] = append(c.blocks["dice"], lrLine{n, val})
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
	return c, sc.Err()
}

type lrWorld struct {
	t *testing.T
	c *lrCase
	g *games.Game
}

func (w *lrWorld) fail(l lrLine, format string, args ...any) {
	w.t.Helper()
	w.t.Fatalf("%s:%d: %s", w.c.file, l.n, fmt.Sprintf(format, args...))
}

func (w *lrWorld) area(l lrLine, name string) games.AreaID {
	w.t.Helper()
	a, err := w.g.Board.Lookup(strings.TrimSpace(name))
	if err != nil {
		w.fail(l, "%v", err)
	}
	return a
}

func (w *lrWorld) nation(l lrLine, name string) int {
	w.t.Helper()
	n, err := w.g.Tables.NationIndex(strings.TrimSpace(name))
	if err != nil {
		w.fail(l, "%v", err)
	}
	return n
}

func (w *lrWorld) atoi(l lrLine, s string) int {
	w.t.Helper()
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		w.fail(l, "not a number: %q", s)
	}
	return v
}

// force is one nation's units in an area: "Saxons 3", "Normans 5 cav 2
// leader William" (cav: how many of the armies are cavalry).
type force struct {
	armies, cav int
	leader      string
}

func (w *lrWorld) forces(l lrLine, s string) map[int]force {
	w.t.Helper()
	out := map[int]force{}
	s = strings.TrimSpace(s)
	if s == "empty" || s == "" {
		return out
	}
	for _, part := range strings.Split(s, ",") {
		fs := strings.Fields(part)
		i := 0
		for i < len(fs) {
			if _, err := strconv.Atoi(fs[i]); err == nil {
				break
			}
			i++
		}
		if i == 0 || i == len(fs) {
			w.fail(l, "want \"Nation N [cav N] [leader NAME]\", got %q", part)
		}
		n := w.nation(l, strings.Join(fs[:i], " "))
		f := force{armies: w.atoi(l, fs[i])}
		rest := fs[i+1:]
		for len(rest) > 0 {
			switch rest[0] {
			case "cav":
				if len(rest) < 2 {
					w.fail(l, "cav needs a number")
				}
				f.cav = w.atoi(l, rest[1])
				rest = rest[2:]
			case "leader":
				f.leader = strings.Join(rest[1:], " ")
				rest = nil
			default:
				w.fail(l, "cannot read %q", strings.Join(rest, " "))
			}
		}
		out[n] = f
	}
	return out
}

func (w *lrWorld) names(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

func (w *lrWorld) build() *adjudicator.State {
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
	s.Round = w.atoi(lrLine{0, ""}, w.c.header["round"])
	for _, l := range w.c.blocks["state"] {
		key, val, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Area: Nation N, ...\"")
		}
		switch strings.TrimSpace(key) {
		case "pop", "vp":
			for n, f := range w.forces(l, val) {
				if strings.TrimSpace(key) == "pop" {
					s.Pop[n] = f.armies
				} else {
					s.VP[n] = f.armies
				}
			}
		case "pool":
			for n, f := range w.forces(l, val) {
				g.Tables.Nations[n].Armies, g.Tables.Nations[n].Cavalry = f.armies, f.cav
			}
		case "gone":
			s.LR.Gone = w.names(val)
		case "fallen":
			s.LR.Fallen = w.names(val)
		case "provoked":
			s.LR.Provoked = make([]bool, len(g.Tables.Nations))
			for _, x := range w.names(val) {
				s.LR.Provoked[w.nation(l, x)] = true
			}
		case "cnutrex":
			s.LR.CnutRex = strings.TrimSpace(val) == "yes"
		case "extra": // "Saxons 4, Normans 1 done"
			s.LR.Extra = []adjudicator.ExtraTurn{}
			for _, part := range w.names(val) {
				fs := strings.Fields(part)
				done := fs[len(fs)-1] == "done"
				if done {
					fs = fs[:len(fs)-1]
				}
				x := adjudicator.ExtraTurn{Nation: w.nation(l, strings.Join(fs[:len(fs)-1], " ")), Armies: w.atoi(l, fs[len(fs)-1]), Done: done}
				for _, xt := range g.Tables.LR.ExtraTurns {
					if xt.NationIdx == x.Nation {
						x.Leader = xt.Leader
					}
				}
				s.LR.Extra = append(s.LR.Extra, x)
			}
		case "occupied":
			nat, areas, _ := strings.Cut(val, " in ")
			n := w.nation(l, nat)
			for len(s.LR.Occupied) <= n {
				s.LR.Occupied = append(s.LR.Occupied, nil)
			}
			for _, x := range w.names(areas) {
				s.LR.Occupied[n] = append(s.LR.Occupied[n], w.area(l, x))
			}
		default:
			a := w.area(l, key)
			for n, f := range w.forces(l, val) {
				s.Units[a][n] = f.armies
				s.LR.Cav[a][n] = f.cav
				if f.leader != "" {
					s.LR.Leaders = append(s.LR.Leaders, adjudicator.Leader{Nation: n, Name: f.leader, Area: a})
				}
			}
		}
	}
	if len(w.c.arrive) > 0 {
		r := g.Tables.Round(s.Round)
		r.Arrivals = nil
		for _, l := range w.c.arrive {
			if l.text == "none" {
				continue
			}
			// "Nation N [cav N] [leader NAME] [at Sea[, Sea]]"
			what, seas, _ := strings.Cut(l.text, " at ")
			var ar games.Arrival
			fs := strings.Fields(what)
			i := 0
			for i < len(fs) {
				if _, err := strconv.Atoi(fs[i]); err == nil || fs[i] == "leader" || fs[i] == "cav" {
					break
				}
				i++
			}
			n := w.nation(l, strings.Join(fs[:i], " "))
			ar.Nation = g.Tables.Nations[n].Name
			ar.IfHolds = games.NoArea
			rest := fs[i:]
			if len(rest) > 0 && rest[0] != "leader" && rest[0] != "cav" {
				ar.Armies = w.atoi(l, rest[0])
				rest = rest[1:]
			}
			if len(rest) > 1 && rest[0] == "cav" {
				ar.Cavalry = w.atoi(l, rest[1])
				rest = rest[2:]
			}
			if len(rest) > 1 && rest[0] == "leader" {
				ar.Leader = strings.Join(rest[1:], " ")
			}
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
		s.Next = w.nation(lrLine{0, ""}, w.c.header["next"])
	case w.c.header["kind"] == "end-round":
		s.Next = len(g.Tables.Nations)
	default:
		s.Next = w.nation(lrLine{0, ""}, w.c.header["nation"])
	}
	return s
}

// file decodes an order body with the real parser.
func (w *lrWorld) file(nation int, turn string, lines []lrLine, standing bool) *orders.File {
	w.t.Helper()
	head := fmt.Sprintf("game: cases\nnation: %s\nturn: %s\ntoken: t\n\n", w.g.Tables.Nations[nation].Name, turn)
	if standing {
		head = fmt.Sprintf("game: cases\nnation: %s\nkind: standing\ntoken: t\n\n", w.g.Tables.Nations[nation].Name)
	}
	var sb strings.Builder
	sb.WriteString(head)
	for _, l := range lines {
		sb.WriteString(l.text + "\n")
	}
	f, errs := orders.Decode(sb.String(), w.g)
	if errs != nil {
		first := lrLine{0, ""}
		if len(lines) > 0 {
			first = lines[0]
		}
		w.fail(first, "orders do not decode: %v\n%s", errs, sb.String())
	}
	return f
}

func (w *lrWorld) standing() []*orders.File {
	w.t.Helper()
	per := map[int][]lrLine{}
	for _, l := range w.c.blocks["standing"] {
		name, st, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Nation: defend ...\"")
		}
		n := w.nation(l, name)
		per[n] = append(per[n], lrLine{l.n, strings.TrimSpace(st)})
	}
	out := make([]*orders.File, len(w.g.Tables.Nations))
	for n, ls := range per {
		out[n] = w.file(n, "", ls, true)
	}
	return out
}

func (w *lrWorld) dice() []int {
	var out []int
	for _, l := range w.c.blocks["dice"] {
		for _, f := range strings.FieldsFunc(l.text, func(r rune) bool { return r == ' ' || r == ',' || r == '|' || r == '\t' }) {
			out = append(out, w.atoi(l, f))
		}
	}
	return out
}

func TestLRCases(t *testing.T) {
	files, err := filepath.Glob("testdata/lr-cases/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata/lr-cases")
	}
	sort.Strings(files)
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			t.Parallel()
			c, err := readLRCase(path)
			if err != nil {
				t.Fatal(err)
			}
			runLRCase(t, c)
		})
	}
}

func runLRCase(t *testing.T, c *lrCase) {
	g := games.MustLoad("redux-lr", c.options...)
	w := &lrWorld{t: t, c: c, g: g}
	s := w.build() // before New, which resolves the Timeline's arrivals
	e := adjudicator.New(g)
	if p := c.header["players"]; p != "" {
		e.Players = w.atoi(lrLine{0, ""}, p)
	}
	if v := c.header["compat"]; v != "" {
		e.Compat = w.atoi(lrLine{0, ""}, v)
	}
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
		ns, evs, err = e.EndRound(s)
		if err != nil {
			t.Fatalf("%s: EndRound: %v", c.file, err)
		}
	case "turn", "check":
		want := w.nation(lrLine{0, ""}, c.header["nation"])
		if n := e.Due(s); n != want {
			name := "the end of the round"
			if n >= 0 {
				name = g.Tables.Nations[n].Name
			}
			t.Fatalf("%s: due is %s, want %s", c.file, name, g.Tables.Nations[want].Name)
		}
		f := w.file(want, e.TurnID(s), c.blocks["orders"], false)
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
			lrMatchErrors(t, c, errs)
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
			t.Errorf("%s: %v\nevents:\n%s", c.file, d.Err(), lrEventText(evs))
		}
		if d.Remaining() > 0 {
			t.Errorf("%s: %d scripted dice were not rolled\nevents:\n%s", c.file, d.Remaining(), lrEventText(evs))
		}
	default:
		t.Fatalf("%s: unknown kind %q", c.file, kind)
	}
	if !reflect.DeepEqual(s, before) {
		t.Fatalf("%s: the engine changed its input state", c.file)
	}
	lrMatchState(t, w, ns, evs)
	lrMatchEvents(t, c, evs)
}

func lrMatchState(t *testing.T, w *lrWorld, s *adjudicator.State, evs []adjudicator.Event) {
	t.Helper()
	g := w.g
	for _, l := range w.c.blocks["expect"] {
		key, val, ok := strings.Cut(l.text, ":")
		if !ok {
			w.fail(l, "want \"Area: Nation N, ...\"")
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		bad := func(format string, args ...any) {
			t.Errorf("%s:%d: %s\nevents:\n%s", w.c.file, l.n, fmt.Sprintf(format, args...), lrEventText(evs))
		}
		switch key {
		case "pop", "vp":
			for n, f := range w.forces(l, val) {
				got := s.Pop[n]
				if key == "vp" {
					got = s.VP[n]
				}
				if got != f.armies {
					bad("%s %s: got %d, want %d", key, g.Tables.Nations[n].Name, got, f.armies)
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
		case "gone", "fallen":
			got := s.LR.Gone
			if key == "fallen" {
				got = s.LR.Fallen
			}
			for _, x := range w.names(val) {
				if !slices.Contains(got, x) {
					bad("%s: %s missing from %v", key, x, got)
				}
			}
		case "leaders":
			var got []string
			for _, ld := range s.LR.Leaders {
				got = append(got, ld.Name+"@"+g.Board.AreaName(ld.Area))
			}
			want := w.names(val)
			if val == "none" {
				want = nil
			}
			sort.Strings(got)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				bad("leaders: got %v, want %v", got, want)
			}
		case "cnutrex":
			if want := val == "yes"; s.LR.CnutRex != want {
				bad("cnutrex: got %v, want %v", s.LR.CnutRex, want)
			}
		case "extra":
			var got []string
			for _, x := range s.LR.Extra {
				got = append(got, fmt.Sprintf("%s %d", g.Tables.Nations[x.Nation].Name, x.Armies))
			}
			want := w.names(val)
			if val == "none" {
				want = nil
			}
			if !reflect.DeepEqual(got, want) {
				bad("extra: got %v, want %v", got, want)
			}
		case "due":
			e := adjudicator.New(g)
			if p := w.c.header["players"]; p != "" {
				e.Players = w.atoi(l, p)
			}
			if got := e.TurnID(s); got != val {
				bad("due: got %s, want %s", got, val)
			}
		case "provoked":
			for _, x := range w.names(val) {
				if n := w.nation(l, x); n >= len(s.LR.Provoked) || !s.LR.Provoked[n] {
					bad("provoked: %s has not attacked the Romano-British", x)
				}
			}
		default:
			a := w.area(l, key)
			want := w.forces(l, val)
			for n := range g.Tables.Nations {
				wf := want[n]
				got := force{armies: s.Units[a][n], cav: s.Cavalry(a, n)}
				if li := s.LeaderIn(a, n); li >= 0 {
					got.leader = s.LR.Leaders[li].Name
				}
				if got != wf {
					bad("%s: %s got %+v, want %+v", g.Board.AreaName(a), g.Tables.Nations[n].Name, got, wf)
				}
			}
		}
	}
}

func lrMatchEvents(t *testing.T, c *lrCase, evs []adjudicator.Event) {
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
			t.Errorf("%s:%d: no event (in order) contains %q\nevents:\n%s", c.file, l.n, l.text, lrEventText(evs))
			return
		}
	}
}

func lrMatchErrors(t *testing.T, c *lrCase, errs orders.Errors) {
	t.Helper()
	used := make([]bool, len(errs))
	for _, l := range c.blocks["errors"] {
		m := lrErrLine.FindStringSubmatch(l.text)
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
