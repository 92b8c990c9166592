package templates

import (
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
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

// leaks are the marks of a program's insides in a player's text: fmt's
// complaints, Go values printed whole, ids where a name belongs.
var leaks = []*regexp.Regexp{
	regexp.MustCompile(`%!|<nil>|map\[|&\{|\bNaN\b|[+-]Inf\b|0x[0-9a-f]{4,}`),
	regexp.MustCompile(`\b(?:nation|area|Nation|Area)(?:ID)? -?\d+\b`),
	regexp.MustCompile(`\(\)|\( *\)|\[\]`),
	regexp.MustCompile(`\b\d+ any units?\b`), // a table's kind read out: "1 any unit of the Belgae"
}

// halfPoints: classic Britannia scores exact half points (ref §4); a
// number of VP is whole or ends in .5, never 2.50, 2,5 or 2.499.
var badPoints = regexp.MustCompile(`\b\d+(?:\.(?:\d{2,}|[0-46-9])|,5) VP\b`)

// emptySections finds a section heading of a text report with nothing
// under it: a heading in capitals followed by another heading, a rule
// line or the end.
func emptySections(text string) []string {
	lines := strings.Split(text, "\n")
	heading := regexp.MustCompile(`^[A-Z][A-Z ,']{3,}(?:  \(.*\))?$`)
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

// saidSlip is a slip of words a report must never say (issue 21,
// "Words"), with the pattern that finds it; rulesets lists the rulesets
// whose games it is looked for in (nil: every ruleset's).
type saidSlip struct {
	name     string
	re       *regexp.Regexp
	rulesets []string
}

// citing matches the start of a citation of any ruleset's rules.
const citing = `(?:reduX Core|reduX L&R|reduX|Hy Breasil|Britannia 2005|seed 00\d|ref §)`

// saidSlips are the slips of issue 21 and the ones the facts conversion
// found, each said by some report before it was fixed.
var saidSlips = []saidSlip{
	{"only 0", regexp.MustCompile(`\bonly 0\b`), nil},
	{"and 0 other", regexp.MustCompile(`\band 0 other\b|, 0 (?:scoring|adjacent|other)\b|\b0 scoring centres,`), nil},
	{"extra 1", regexp.MustCompile(`\bextra 1\b`), nil},
	{"remainder lost", regexp.MustCompile(`remainder lost`), nil},
	{"a doubled citation", regexp.MustCompile(`\) \(` + citing + `[^()]*\)`), nil},
	{"a score that cites no rule", regexp.MustCompile(`(?:score \d+(?:\.5)? VP for|King of England: \d+ VP)[^()\n]*$`), nil},
	{"a bare ruleset citation", regexp.MustCompile(`\((?:Hy Breasil|reduX Core|reduX L&R|reduX|Britannia 2005|Britannia)\)`), nil},
	{"a citation that names no rules", regexp.MustCompile(`\([a-z][a-z ]*, \d+(?:\.\d+)*\)`), nil},
	{"a repository path", regexp.MustCompile(`\b(?:docs|testdata|games|adjudicator|templates)/[\w./-]*|\b\w+\.(?:go|md)\b`), nil},
	{"a kind named in a roll of one kind", regexp.MustCompile(`roll [A-Z][a-z]+ \[[^\]]*\] \(hit`), nil},
	{"a retreat that lists every reason", regexp.MustCompile(`would retreat[^;]*\((?:[^()]*, or |or )`), nil},
	{"a race said as what the nation is", regexp.MustCompile(`nation is (?:lizardman|hogman|troll|elf|dwarf|human)\b`), []string{"hy-breasil"}}, // the races of games/hy-breasil/tables.yaml
	{"Civilization as a citation", regexp.MustCompile(`\(Civilization\)`), []string{"hy-breasil"}},
	{"a nation counted without nation", regexp.MustCompile(`lets the [A-Z][a-z]+ through`), []string{"hy-breasil"}},
	{"a round number where the Timeline names it", regexp.MustCompile(`\b(?:in|until|before) rounds? \[?\d|(?:^|[^e]) after rounds? \[?\d`), []string{"britannia"}},
	{"Roman armies said as armies", regexp.MustCompile(`\b\d+ arm(?:y|ies) removed from [^(]*\(Britannia 2005 Timeline II\)`), []string{"britannia"}},
	{"the Roman reinforcements cite the population track", regexp.MustCompile(`Roman arm(?:y|ies) arrives?[^(]*\(Britannia 2005 Population track\)`), []string{"britannia"}},
	{"the welcome's option off said as on", regexp.MustCompile(`is off: `), nil},
}

// saidSlipsOf lists the issue 21 slips of a text of a game of ruleset
// own (saidSlips).
func saidSlipsOf(own, text string) []string {
	var out []string
	for _, sl := range saidSlips {
		if sl.rulesets != nil && !slices.Contains(sl.rulesets, own) {
			continue
		}
		for _, loc := range sl.re.FindAllStringIndex(text, -1) {
			out = append(out, fmt.Sprintf("%s: %q in %q", sl.name, text[loc[0]:loc[1]], lineAt(text, loc[0])))
		}
	}
	return out
}

// adjectiveSlips lists the nations counted by their names where the
// tables give an adjective: "2 Danes armies" for "2 Danish armies", "1
// Saxons army", "1 Angles raider" (games.Nation.Adjective).
func adjectiveSlips(g *games.Game, text string) []string {
	var out []string
	for _, n := range g.Tables.Nations {
		if n.Adj() == n.Name {
			continue
		}
		name := regexp.QuoteMeta(n.Name)
		re := regexp.MustCompile(`\blast ` + name + ` armies\b|\b\d+ ` + name + ` (?:army|armies|raiders?|invaders?|reinforcements?|units?|cavalry|infantry|raiding)\b|\b` + name + ` (?:invaders|raiders|moves:)|^` + name + ` \d+ (?:army|armies|cavalry|infantry)\b|[^e] ` + name + ` \d+ (?:army|armies|cavalry|infantry) move`)
		for _, loc := range re.FindAllStringIndex(text, -1) {
			out = append(out, fmt.Sprintf("a nation counted by its name, not its adjective %q: %q in %q", n.Adj(), text[loc[0]:loc[1]], lineAt(text, loc[0])))
		}
	}
	return out
}

// headerSlips lists the sections of a text or Markdown report whose first
// line begins with the section's own name: "NEXT" then "Next: the Welsh
// turn".
func headerSlips(text string) []string {
	lines := strings.Split(text, "\n")
	heading := regexp.MustCompile(`^(?:#+ )?([A-Z][A-Za-z ,']{2,}?)(?:  \(.*\))?$`)
	var out []string
	for i, l := range lines {
		m := heading.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j < len(lines) && strings.HasPrefix(strings.ToLower(strings.TrimSpace(lines[j])), strings.ToLower(m[1])+":") {
			out = append(out, fmt.Sprintf("a section header repeated by its first line: %q then %q", l, strings.TrimSpace(lines[j])))
		}
	}
	return out
}

// bbTags are BBCode's tags.
var bbTags = regexp.MustCompile(`\[/?[a-z]+(?:=[^\]]*)?\]`)

// asLines is a marked-up report as lines of text: each tag a line break, so
// that a header and the first line under it are lines of their own, as
// headerSlips reads them.
func asLines(tag *regexp.Regexp, s string) string {
	var lines []string
	for _, l := range strings.Split(tag.ReplaceAllString(s, "\n"), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// twiceSlips lists the sentences a report tells twice: every event it
// tells (each section's, each battle's, its losses), the next step and
// what the reader must decide.
func twiceSlips(r *Report) []string {
	var all []string
	for _, sec := range [][]adjudicator.Event{r.Phase1, r.Moves, r.Happened, r.Notes, r.Scoring, r.Upcoming} {
		for _, ev := range sec {
			all = append(all, ev.Text)
		}
	}
	for _, b := range r.Battles {
		all = append(all, b.Start.Text, losses(b))
		for _, st := range b.Steps {
			all = append(all, st.Event.Text)
		}
		if b.End != nil {
			all = append(all, b.End.Text)
		}
	}
	all = append(all, r.Next)
	if r.Personal != nil {
		all = append(all, r.Personal.Decide...)
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range all {
		s = strings.Join(strings.Fields(s), " ")
		if s != "" && seen[s] {
			out = append(out, fmt.Sprintf("the same sentence twice in one report: %q", s))
		}
		seen[s] = true
	}
	return out
}

// wordingSlips lists the wording slips of a text of a game of ruleset
// own: another ruleset's citations, leaked insides, VP printed wrongly,
// the slips of issue 21 (saidSlips).
func wordingSlips(own, text string) []string {
	out := append(foreignCitation(own, text), saidSlipsOf(own, text)...)
	for _, re := range leaks {
		for _, loc := range re.FindAllStringIndex(text, -1) {
			out = append(out, fmt.Sprintf("a leak %q in %q", text[loc[0]:loc[1]], lineAt(text, loc[0])))
		}
	}
	for _, loc := range badPoints.FindAllStringIndex(text, -1) {
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
	for _, c := range []struct{ own, text string }{
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
	} {
		if len(wordingSlips(c.own, c.text)) == 0 {
			t.Errorf("%s: no slip found in %q", c.own, c.text)
		}
	}
	for _, c := range []struct{ own, text string }{
		{"britannia", "4 armies removed from Kent (ref §3 II); Boudicca (Britannia 2005 §5 Leaders) scores 2.5 VP"},
		{"redux-lr", "Aelle goes with the last Saxon armies (reduX L&R 9.2.1, reduX Core 6)"},
		{"redux", "The Saxons score 12 VP (reduX Core 8); round 3 [1 5*]"},
		{"britannia", "the Saxons would retreat from York but cannot, and fight on (Britannia 2005 Battles/Retreats); the same after rounds 2 to 4"},
	} {
		if s := wordingSlips(c.own, c.text); len(s) > 0 {
			t.Errorf("%s: slips found in %q: %v", c.own, c.text, s)
		}
	}
	if s := emptySections("MOVEMENT\n  Saxons 2 armies move\n\nBATTLES  (every die is shown)\n\n  Battle 1\n"); len(s) > 0 {
		t.Errorf("empty sections found where none is: %v", s)
	}
	if s := emptySections("MOVEMENT\n\nBATTLES  (every die is shown)\n\n====\n"); len(s) != 2 {
		t.Errorf("found %v, want the two empty sections", s)
	}
}

// wordingLook writes every report of TestWordingOfEveryRuleset's games in
// every format into a directory, one folder a game, to read them.
var wordingLook = flag.String("wording.look", "", "write every report of the wording test's games into this directory")

// TestIssue21SlipsFound: each slip of issue 21's "Words" and of the facts
// conversion, as a report said it before it was fixed, is found by the
// wording test's checks; the words said now are not.
func TestIssue21SlipsFound(t *testing.T) {
	g := games.MustLoad("britannia")
	for _, c := range []struct{ own, text string }{
		{"redux", "2 armies pass through Sussex but only 0 stop there; to overrun 1 defender at least 2 must stop (reduX Core 6.3)"},
		{"redux", "The Angles tie for King of England with 3 areas: 4 VP (8 shared by 2, remainder lost)"},
		{"redux", "The Irish score 3 VP for holding 1 scoring centre and 0 other areas: Avalon*"},
		{"redux-lr", "The Angles score 7 VP for holding 0 scoring centres, 1 adjacent area and 3 other areas: York+ (reduX L&R 10.1)"},
		{"redux-lr", "The Rex Anglorum's extra 1 army is placed in Kent (reduX L&R 10.6)"},
		{"redux-lr", "skipped (line 3): nothing to place: an extra nation turn has no population increase (reduX L&R 11.6.1) (reduX Core 5.1)"},
		{"redux-lr", "the Saxons would retreat from Kent but cannot (from the sea, by boat, placed there, the way back is blocked, or the last army facing a leader), and fight on (reduX Core 7.2.2, L&R 9.2.2, 12)"},
		{"redux-lr", "the Welsh would retreat from Kent but have no legal area to go to (or may not retreat), and fight on (reduX Core 7.2, L&R 9.2.2)"},
		{"redux", `skipped (line 4): "crown yes" is a Leaders and Raiders order; this game plays reduX Core (reduX L&R)`},
		{"redux", "The Welsh score 5 VP for holding 2 scoring centres and 1 other area: Powys*, Gwynedd*, Dyfed"},
		{"redux", "The Welsh hold 5 areas of England south of York and Cheshire and are King of England: 10 VP"},
		{"britannia", "Romans roll Roman [5 4 5 2] (hit on 4+) and kill 2; Belgae roll [6 1] (hit on 5+) and kill 1"},
		{"britannia", "skipped (line 3): only the Saxons buy burhs, in rounds [11 12] (Britannia 2005 §5 Saxon Burhs)"},
		{"britannia", "No population increase: the Picts gain no population in round 5 (Britannia 2005 Population track)"},
		{"britannia", "1 Roman army arrives in the English Channel (Britannia 2005 Population track)"},
		{"britannia", "4 armies removed from Kent (Britannia 2005 Timeline II)"},
		{"hy-breasil", "The Star nation is hogman (Hy Breasil 9.1)"},
		{"hy-breasil", "The Star nation takes an unused token as a civilization token (Civilization) (Hy Breasil 6.1)"},
		{"hy-breasil", "The Star nation goes to Green (relinquished, 5.3)"},
		{"hy-breasil", "skipped (line 18): the Moon nation lets the Star through its areas this turn (Diplomacy), so they may not attack it (Hy Breasil 9.3.1)"},
		{"hy-breasil", `skipped (line 7): "target Southwold: infantry" means nothing in Hy Breasil (Hy Breasil)`},
		{"redux", "  option reduced-randomness is off: two dice per army, two hits make a kill"},
		{"redux", "Reply with these lines, edited; lines starting with # are ignored (docs/orders.md)."},
	} {
		if len(wordingSlips(c.own, c.text)) == 0 {
			t.Errorf("%s: no slip found in %q", c.own, c.text)
		}
	}
	for _, text := range []string{"2 Danes armies move Kent > Essex", "1 Saxons army moves Kent > Essex", "1 Angles raider withdraws from Kent to the North Sea",
		"Angles 3 armies move North Sea > York", "3 Saxons invaders arrive in the Frisian Sea", "Saxons invaders arrive in the Frisian Sea: Aelle with 3 armies", "Ida goes with the last Angles armies from North Sea to York"} {
		if len(adjectiveSlips(g, text)) == 0 {
			t.Errorf("no nation counted by its name found in %q", text)
		}
	}
	for _, text := range []string{"2 Danish armies move Kent > Essex", "1 Welsh army moves Powys > Clwyd", "Aelle with 3 Saxon armies moves Frisian Sea > Kent",
		"the Saxons' 2 armies", "Battle 1 in Kent: the Saxons (2) attack the Jutes (1)", "Anglian moves: 2 armies North Sea > York; 1 army North Sea > Mar"} {
		if s := adjectiveSlips(g, text); len(s) > 0 {
			t.Errorf("slips found in %q: %v", text, s)
		}
	}
	if len(headerSlips("NEXT\n  Next: the Welsh turn (r07-welsh), played by Blue.\n")) == 0 {
		t.Error("the header repeated by its first line is not found")
	}
	if len(headerSlips("### Next\n\nNext: the Welsh turn (r07-welsh).\n")) == 0 {
		t.Error("the Markdown header repeated by its first line is not found")
	}
	if len(headerSlips(html.UnescapeString(asLines(tags, `<h2 style="font-size:17px;">Next</h2><p style="margin:0;">Next: the Welsh turn &amp; more.</p>`)))) == 0 {
		t.Error("the HTML header repeated by its first line is not found")
	}
	if len(headerSlips(asLines(bbTags, "[size=150][b]Next[/b][/size]\nNext: the Welsh turn (r07-welsh).\n"))) == 0 {
		t.Error("the BBCode header repeated by its first line is not found")
	}
	if s := headerSlips("NEXT\n  The Welsh turn (r07-welsh) comes next.\n\nBATTLES  (every die is shown)\n\n  Battle 1 in Kent\n"); len(s) > 0 {
		t.Errorf("header slips found where none is: %v", s)
	}
	r := &Report{Moves: []adjudicator.Event{{Text: "1 Angles raider withdraws from Kent to the North Sea"}, {Text: "1 Angles raider withdraws from Kent to the North Sea"}},
		Battles: []Battle{{Area: "Mar", Attacker: "Angles", Defender: "Picts", AttackerLost: 1}, {Area: "Dunedin", Attacker: "Angles", Defender: "Picts", AttackerLost: 1}}}
	if s := twiceSlips(r); len(s) != 1 {
		t.Errorf("found %v, want the move told twice alone (two battles' losses are told by area)", s)
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
	scan := func(where, text string, slips ...[]string) {
		all := append(wordingSlips(gg.ruleset, text), grammarSlips(text, nations)...)
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
		scan(st.ID+" text", text, emptySections(text), headerSlips(text), adjectiveSlips(g, text), twiceSlips(r))
		scan(st.ID+" markdown", Markdown(r), headerSlips(Markdown(r)))
		scan(st.ID+" bbcode", BBCode(r), headerSlips(asLines(bbTags, BBCode(r))))
		scan(st.ID+" html", html.UnescapeString(tags.ReplaceAllString(HTML(r, ""), " ")), headerSlips(html.UnescapeString(asLines(tags, HTML(r, "")))))
		scan(st.ID+" json", jsonWords(t, r))
		if *wordingLook != "" {
			dir := filepath.Join(*wordingLook, t.Name()[len("TestWordingOfEveryRuleset/"):])
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			for ext, body := range map[string]string{"txt": text, "md": Markdown(r), "bbcode": BBCode(r), "html": HTML(r, "")} {
				if err := os.WriteFile(filepath.Join(dir, st.ID+"."+ext), []byte(body), 0o644); err != nil {
					return err
				}
			}
		}
		scan(st.ID+" orders template", OrdersTemplate(e, st.After, Header{Game: "wording"}))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// jsonWords are the words of the events of a report's JSON, a line each.
func jsonWords(t *testing.T, r *Report) string {
	b, err := JSON(r)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Events []struct {
			Words string `json:"words"`
		} `json:"events"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, ev := range j.Events {
		lines = append(lines, ev.Words)
	}
	return strings.Join(lines, "\n")
}
