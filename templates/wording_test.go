package templates

import (
	"fmt"
	"html"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// citations are the words each ruleset cites its rules by. A game cites
// only its own ruleset's rules: reduX Core's sections in a reduX game
// (seed 000), L&R's too in a reduX L&R game (seed 003), the classic rules
// (seeds 002 and 004: "Britannia 2005 …", "ref §…") in a classic game, the
// Hy Breasil rules in a Hy Breasil game. A ruleset missing here fails
// TestWordingOfEveryRuleset until its citations are added.
var citations = map[string][]string{
	"redux":      {"reduX Core"},
	"redux-lr":   {"reduX Core", "reduX L&R"},
	"britannia":  {"Britannia 2005", "ref §", "seed 002", "seed 004"},
	"hy-breasil": {"Hy Breasil"},
}

// foreignCitation finds a citation of another ruleset's rules in a text of
// a game of ruleset own.
func foreignCitation(own, text string) []string {
	mine := map[string]bool{}
	for _, c := range citations[own] {
		mine[c] = true
	}
	var out []string
	for _, name := range sortedKeys(citations) {
		for _, c := range citations[name] {
			if mine[c] {
				continue
			}
			if i := strings.Index(text, c); i >= 0 {
				out = append(out, fmt.Sprintf("another ruleset's citation %q in %q", c, lineAt(text, i)))
			}
		}
	}
	return out
}

// pattern is a regexp none of whose matches spans two lines, with the
// strings of which each match holds one: a line holding none of them is
// not searched.
type pattern struct {
	re    *regexp.Regexp
	needs []string
}

// findAll is p.re.FindAllStringIndex(text, -1), searching only the lines
// that hold one of p.needs.
func (p pattern) findAll(text string) [][]int {
	var out [][]int
	for off := 0; off <= len(text); {
		n := strings.IndexByte(text[off:], '\n')
		if n < 0 {
			n = len(text) - off
		}
		line := text[off : off+n]
		for _, s := range p.needs {
			if strings.Contains(line, s) {
				for _, loc := range p.re.FindAllStringIndex(line, -1) {
					out = append(out, []int{off + loc[0], off + loc[1]})
				}
				break
			}
		}
		off += n + 1
	}
	return out
}

// leaks are the marks of a program's insides in a player's text: fmt's
// complaints, Go values printed whole, ids where a name belongs.
var leaks = []pattern{
	{regexp.MustCompile(`%!|<nil>|map\[|&\{|\bNaN\b|[+-]Inf\b|0x[0-9a-f]{4,}`), []string{"%!", "<nil>", "map[", "&{", "NaN", "Inf", "0x"}},
	{regexp.MustCompile(`\b(?:nation|area|Nation|Area)(?:ID)? -?\d+\b`), []string{"ation", "rea"}},
	{regexp.MustCompile(`\(\)|\( *\)|\[\]`), []string{"()", "( ", "[]"}},
	{regexp.MustCompile(`\b\d+ any units?\b`), []string{" any unit"}}, // a table's kind read out: "1 any unit of the Belgae"
}

// badPoints: classic Britannia scores exact half points (ref §4); a
// number of VP is whole or ends in .5, never 2.50, 2,5 or 2.499.
var badPoints = pattern{regexp.MustCompile(`\b\d+(?:\.(?:\d{2,}|[0-46-9])|,5) VP\b`), []string{" VP"}}

// emptySections finds a section heading of a text report with nothing
// under it: a heading in capitals followed by another heading, a rule
// line or the end.
func emptySections(text string) []string {
	lines := strings.Split(text, "\n")
	var out []string
	for i, l := range lines {
		if !heading.MatchString(l) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j == len(lines) || heading.MatchString(lines[j]) || strings.HasPrefix(lines[j], "====") {
			out = append(out, fmt.Sprintf("an empty section %q", l))
		}
	}
	return out
}

// heading is a section heading of a text report.
var heading = regexp.MustCompile(`^[A-Z][A-Z ,']{3,}(?:  \(.*\))?$`)

// wordingSlips lists the wording slips of a text of a game of ruleset
// own: another ruleset's citations, leaked insides, VP printed wrongly.
func wordingSlips(own, text string) []string {
	out := foreignCitation(own, text)
	for _, p := range leaks {
		for _, loc := range p.findAll(text) {
			out = append(out, fmt.Sprintf("a leak %q in %q", text[loc[0]:loc[1]], lineAt(text, loc[0])))
		}
	}
	for _, loc := range badPoints.findAll(text) {
		out = append(out, fmt.Sprintf("points printed wrongly %q in %q", text[loc[0]:loc[1]], lineAt(text, loc[0])))
	}
	return out
}

// lineAt is the line of text holding byte i.
func lineAt(text string, i int) string {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return strings.TrimSpace(text[start:])
	}
	return strings.TrimSpace(text[start : i+end])
}

func sortedKeys[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

func TestWordingSlipsFinds(t *testing.T) {
	slipped := []struct{ own, text string }{
		{"britannia", "4 armies removed from Kent (reduX Core 5.1)"},
		{"britannia", "Boudicca leaves play (reduX L&R 9.2)"},
		{"redux", "Aelle goes with the last Saxons armies (reduX L&R 9.2.1)"},
		{"redux", "The Saxons build a burh (Britannia 2005 §5 Saxon Burhs)"},
		{"redux-lr", "The Romans take (ref §3 II)"},
		{"britannia", "The Welsh score %!d(string=3) VP"},
		{"britannia", "The Welsh hold nation 3"},
		{"britannia", "The Welsh score 2.50 VP"},
		{"britannia", "The Welsh score 2,5 VP"},
		{"redux", "skipped (line 3): no such area ()"},
		{"britannia", "The Irish score 2 VP for 1 any unit of the Belgae eliminated in Devon (ref §4 kill)"},
		{"redux", "the Picts hold map[Kent:1] and <nil> at 0x1f2e3d, NaN or +Inf"},
		{"redux", "Area 12 [] and NationID -1 ( ) are no names"},
	}
	for _, c := range slipped {
		if len(wordingSlips(c.own, c.text)) == 0 {
			t.Errorf("%s: no slip found in %q", c.own, c.text)
		}
	}
	for _, c := range []struct{ own, text string }{
		{"britannia", "4 armies removed from Kent (ref §3 II); Boudicca (Britannia 2005 §5 Leaders) scores 2.5 VP"},
		{"redux-lr", "Aelle goes with the last Saxon armies (reduX L&R 9.2.1, reduX Core 6)"},
		{"redux", "The Saxons score 12 VP (reduX Core 8); round 3 [1 5*]"},
	} {
		if s := wordingSlips(c.own, c.text); len(s) > 0 {
			t.Errorf("%s: slips found in %q: %v", c.own, c.text, s)
		}
	}
	for _, p := range append(leaks, badPoints) {
		var lines []string
		for _, c := range slipped {
			lines = append(lines, c.text)
		}
		for _, text := range []string{strings.Join(lines, "\n"), "\n" + strings.Join(lines, "\n\n") + "\n"} {
			if got, want := p.findAll(text), p.re.FindAllStringIndex(text, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: found by line at %v, in the whole text at %v", p.re, got, want)
			}
		}
	}
	if s := emptySections("MOVEMENT\n  Saxons 2 armies move\n\nBATTLES  (every die is shown)\n\n  Battle 1\n"); len(s) > 0 {
		t.Errorf("empty sections found where none is: %v", s)
	}
	if s := emptySections("MOVEMENT\n\nBATTLES  (every die is shown)\n\n====\n"); len(s) != 2 {
		t.Errorf("found %v, want the two empty sections", s)
	}
}

// wordingGame is one whole game the wording test plays.
type wordingGame struct {
	ruleset string
	options []string
	players int
	seed    uint64
}

// wordingGames are a game of every registered ruleset (games.Rulesets)
// with no option, one with each option alone and one with all of them,
// over 3, 4 and 5 players.
func wordingGames() []wordingGame {
	var out []wordingGame
	for i, r := range games.Rulesets() {
		var all []string
		add := func(opts []string) {
			out = append(out, wordingGame{r.Name, opts, 3 + len(out)%3, uint64(31 + 7*i + len(out))})
		}
		add(nil)
		for _, o := range r.Options {
			add([]string{o.Name})
			all = append(all, o.Name)
		}
		if len(all) > 1 {
			add(all)
		}
	}
	return out
}

// TestWordingOfEveryRuleset plays whole bot games of every registered
// ruleset, option and player count, and scans every event and every view
// of every report (text, HTML, Markdown, BBCode, the orders template) for
// another ruleset's citations, leaked insides, VP printed wrongly (classic
// Britannia's exact half points, ref §4), empty sections of the text
// report, and the grammar slips of TestGrammarOfAWholeGame.
func TestWordingOfEveryRuleset(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, gg := range wordingGames() {
		if _, ok := citations[gg.ruleset]; !ok {
			t.Errorf("ruleset %s: its citations are not in the table of this test", gg.ruleset)
			continue
		}
		name := fmt.Sprintf("%s-%v-p%d", gg.ruleset, strings.Join(gg.options, "+"), gg.players)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			playWording(t, gg)
		})
	}
}

// playWording plays one game of TestWordingOfEveryRuleset and reports
// each kind of slip once.
func playWording(t *testing.T, gg wordingGame) {
	g := games.MustLoad(gg.ruleset, gg.options...)
	var nations []string
	for _, n := range g.Tables.Nations {
		nations = append(nations, n.Name)
	}
	e := rulesets.New(g)
	e.Players = gg.players
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin"}[:gg.players]
	found := map[string]bool{}
	grammar := newGrammarScanner(nations)
	scan := func(where, text string, slips ...[]string) {
		all := append(wordingSlips(gg.ruleset, text), grammar.slips(text)...)
		for _, s := range slips {
			all = append(all, s...)
		}
		for _, s := range all {
			key := s // one report per kind of slip and words slipped, wherever they are
			if i := strings.LastIndex(s, ` in "`); i > 0 {
				key = s[:i]
			}
			key = digits.ReplaceAllString(key, "N")
			if !found[key] {
				t.Errorf("%s: %s", where, s)
			}
			found[key] = true
		}
	}
	reader := 0
	_, err := bot.Play(e, gg.seed, func(st bot.Step) error {
		for _, ev := range st.Events {
			scan(st.ID+" event", ev.Text)
		}
		reader = reader%gg.players + 1
		r := Build(e, st.ID, st.Before, st.After, st.Events, Options{Game: "wording", Players: names, Reader: reader})
		text := Text(r)
		scan(st.ID+" text", text, emptySections(text))
		scan(st.ID+" markdown", Markdown(r))
		scan(st.ID+" bbcode", BBCode(r))
		scan(st.ID+" html", html.UnescapeString(tags.ReplaceAllString(HTML(r, ""), " ")))
		scan(st.ID+" orders template", OrdersTemplate(e, st.After, Header{Game: "wording"}))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
