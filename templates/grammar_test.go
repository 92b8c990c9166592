package templates

import (
	"fmt"
	"html"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pbem-org/pbem/rulesets"

	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// The grammar of every text pbem makes for players (issue 10, "Says it
// badly"): numbers agree with their nouns and verbs ("1 army", "2 armies",
// "1 army moves"), and a nation's possessive is games.Possessive ("the
// Saxons' turn", "the Romano-British turn").

// countNouns are the nouns pbem counts, singular and plural.
var countNouns = [][2]string{
	{"army", "armies"}, {"area", "areas"}, {"centre", "centres"}, {"point", "points"},
	{"defender", "defenders"}, {"attacker", "attackers"}, {"invader", "invaders"},
	{"reinforcement", "reinforcements"}, {"raider", "raiders"}, {"unit", "units"},
	{"hit", "hits"}, {"battle", "battles"}, {"nation", "nations"}, {"player", "players"},
	{"error", "errors"}, {"leader", "leaders"}, {"kill", "kills"}, {"step", "steps"},
	{"seat", "seats"}, {"move", "moves"}, {"turn", "turns"}, {"die", "dice"},
}

// countWords may stand between a number and its noun ("1 new army", "2
// Saxon raiding armies", "3 scoring centres").
const countWords = `(?:new|excess|other|adjacent|raiding|scoring|population|more|Danish|[A-Z][A-Za-z-]+) `

// slip is one kind of grammar slip with the pattern that finds it.
type slip struct {
	name string
	re   *regexp.Regexp
	// anyOf holds the bytes of which every match holds one: a line with
	// none of them is not searched.
	anyOf string
}

var slips = sync.OnceValue(func() []slip {
	var one, many []string
	for _, n := range countNouns {
		one = append(one, regexp.QuoteMeta(n[0]))
		many = append(many, regexp.QuoteMeta(n[1]))
	}
	num := `(?:^|[^\d.,:+\-\[§])` // a whole number: not a decimal, a rule section or a die
	const digit = "0123456789"
	return []slip{
		{"1 <plural>", regexp.MustCompile(num + `\b1 (?:` + countWords + `){0,2}(` + strings.Join(many, "|") + `)\b`), digit},
		{"<n≠1> <singular>", regexp.MustCompile(num + `\b(?:0|[2-9]|\d{2,}) (?:` + countWords + `){0,2}(` + strings.Join(one, "|") + `)\b`), digit},
		{"a singular subject with a plural verb", regexp.MustCompile(num + `\b1 (?:` + countWords + `){0,2}(?:army|invader|raider|unit|cavalry|infantry) (?:move|withdraw|arrive|attack|retreat|are|have|go)\b`), digit},
		{"a plural subject with a singular verb", regexp.MustCompile(num + `\b(?:0|[2-9]|\d{2,}) (?:` + countWords + `){0,2}(?:armies|invaders|raiders|units) (?:moves|withdraws|arrives|attacks|retreats|is|has|goes)\b`), digit},
		{"a possessive apostrophe after a name not ending in s", regexp.MustCompile(`\b[A-Za-z-]*[A-Za-rt-z]' `), "'"},
	}
})

// grammarSlips lists the grammar slips of a text; nations are the names
// that may not be counted bare ("1 Picts", "2 Welsh").
func grammarSlips(text string, nations []string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		out = append(out, lineSlips(line, nations)...)
	}
	return out
}

// grammarScanner is grammarSlips for the many texts of one game: a line
// met before (a standings row, a line of the orders template, an event
// in every view of its report) gives the slips it gave the first time.
type grammarScanner struct {
	nations []string
	seen    map[string][]string
}

func newGrammarScanner(nations []string) *grammarScanner {
	return &grammarScanner{nations: nations, seen: map[string][]string{}}
}

// slips is grammarSlips(text, gs.nations).
func (gs *grammarScanner) slips(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		s, ok := gs.seen[line]
		if !ok {
			s = lineSlips(line, gs.nations)
			gs.seen[line] = s
		}
		out = append(out, s...)
	}
	return out
}

// lineSlips lists the grammar slips of one line. A pattern runs only on a
// line that holds what each of its matches must hold (a digit, an
// apostrophe, the nation's name): the same slips are found, sooner.
func lineSlips(line string, nations []string) []string {
	var out []string
	for _, s := range slips() {
		if !strings.ContainsAny(line, s.anyOf) {
			continue
		}
		for _, loc := range s.re.FindAllStringIndex(line, -1) {
			before := line[:loc[0]]
			if strings.HasSuffix(before, "with") || strings.HasSuffix(before, "and") {
				continue // "Aelle with 3 armies moves", "3 infantry and 1 cavalry move": the subject is another
			}
			out = append(out, fmt.Sprintf("%s: %q in %q", s.name, strings.TrimSpace(line[loc[0]:loc[1]]), strings.TrimSpace(line)))
		}
	}
	for _, n := range nations {
		if !strings.Contains(line, n) { // nationCount(n) needs the name
			continue
		}
		for _, m := range nationCount(n).FindAllStringSubmatch(line, -1) {
			if m[2] != "" && m[2][0] >= 'A' && m[2][0] <= 'Z' {
				continue // a place named after the nation: "2 Irish Sea > Cheshire"
			}
			switch m[2] {
			case "army", "armies", "cavalry", "infantry", "raider", "raiders", "invader", "invaders", "reinforcement", "reinforcements", "unit", "units", "raiding":
				continue // the name as an adjective: "1 Saxon army", "2 Picts armies"
			}
			out = append(out, fmt.Sprintf("a nation counted bare: %q in %q", strings.TrimSpace(m[0]), strings.TrimSpace(line)))
		}
	}
	return out
}

var nationRE sync.Map

// nationCount matches a number before a nation's name and the word after.
func nationCount(nation string) *regexp.Regexp {
	if re, ok := nationRE.Load(nation); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(`(?:^|[^\d.,:+\-\[])\b(\d+) ` + regexp.QuoteMeta(nation) + `\b ?(\w*)`)
	nationRE.Store(nation, re)
	return re
}

func TestGrammarSlipsFinds(t *testing.T) {
	nations := []string{"Picts", "Romano-British", "Saxons"}
	for _, bad := range []string{
		"Round 3: the Romano-British' turn",
		"at the end of movement the Angles would have 1 armies over their population limit",
		"1 defenders stay in Kent",
		"The Welsh have 5 population points: 1 new armies, 1 points kept",
		"1 Romano-British army move Essex > Kent",
		"The Irish score 3 VP for holding 1 scoring centres and 0 other areas",
		"2 Caledonians attack 1 Picts",
		"Saxons 2 army move York > Kent",
		"The Danes' Rex Anglorum 2 armies is placed in Kent",
	} {
		if len(grammarSlips(bad, nations)) == 0 {
			t.Errorf("no slip found in %q", bad)
		}
	}
	for _, good := range []string{
		"Round 3: the Romano-British turn; the Saxons' turn",
		"1 army, 2 armies, 0 armies; 1 new army placed in York",
		"round 1: Picts roll [1 1 5] (hit on 5+) and kill 1 (reduX Core 5.1); left 2 against 1",
		"1 Romano-British army moves Essex > Kent",
		"The Irish score 3 VP for holding 1 scoring centre and 2 other areas",
		"Battle 1 in Skye: the Caledonians (2) attack the Picts (1)",
		"Saxons Aelle with 3 armies moves Frisian Sea > Kent; Normans 3 infantry and 1 cavalry move Sussex > Kent",
		"move 2 Irish Sea > Cheshire",
	} {
		if s := grammarSlips(good, nations); len(s) > 0 {
			t.Errorf("slips found in %q: %v", good, s)
		}
	}
}

// grammarGames are the games the grammar test plays: every ruleset with
// its options and every player count.
var grammarGames = []struct {
	ruleset string
	options []string
	players int
	seed    uint64
}{
	{"redux", nil, 3, 21},
	{"redux", nil, 4, 3},
	{"redux", []string{"reduced-randomness"}, 5, 11},
	{"redux-lr", nil, 3, 23},
	{"redux-lr", []string{"boats"}, 4, 2},
	{"redux-lr", []string{"reduced-randomness", "boats"}, 5, 27},
}

// TestGrammarOfAWholeGame plays a whole bot game of every ruleset, option
// and player count and scans every event and every view of every report
// (text, HTML, Markdown, BBCode, the players' orders templates) for
// grammar slips.
func TestGrammarOfAWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays six whole games")
	}
	for _, gg := range grammarGames {
		name := fmt.Sprintf("%s-%v-p%d", gg.ruleset, strings.Join(gg.options, "+"), gg.players)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := games.MustLoad(gg.ruleset, gg.options...)
			var nations []string
			for _, n := range g.Tables.Nations {
				nations = append(nations, n.Name)
			}
			e := rulesets.New(g)
			e.Players = gg.players
			names := []string{"Alice", "Bob", "Carol", "Dave", "Erin"}[:gg.players]
			found := map[string]int{}
			grammar := newGrammarScanner(nations)
			scan := func(where, text string) {
				for _, s := range grammar.slips(text) {
					key := digits.ReplaceAllString(s, "N") // one report per kind of slip
					if found[key] == 0 {
						t.Errorf("%s: %s", where, s)
					}
					found[key]++
				}
			}
			reader := 0
			_, err := bot.Play(e, gg.seed, func(st bot.Step) error {
				for _, ev := range st.Events {
					scan(st.ID+" event", ev.Text)
				}
				reader = reader%gg.players + 1
				r := Build(e, st.ID, st.Before, st.After, st.Events, Options{Game: "grammar", Players: names, Reader: reader})
				scan(st.ID+" text", Text(r))
				scan(st.ID+" markdown", Markdown(r))
				scan(st.ID+" bbcode", BBCode(r))
				scan(st.ID+" html", html.UnescapeString(tags.ReplaceAllString(HTML(r, ""), " ")))
				scan(st.ID+" orders template", OrdersTemplate(e, st.After, Header{Game: "grammar"}))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(found) > 0 {
				var keys []string
				for k := range found {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				t.Logf("%d kinds of slip", len(keys))
			}
		})
	}
}

var (
	tags   = regexp.MustCompile(`<[^>]*>`)
	digits = regexp.MustCompile(`\d+`)
)
