package bot_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// The rulesets built on the Britannia-family library record facts, and
// their words are their Words' (docs/design.md §2.2): the packages of each,
// and the prefix of the facts they name.
var factRulesets = []struct {
	name, dir, prefix string
}{
	{"redux", "redux", "core-"},
	{"redux-lr", "reduxlr", "lr-"},
	{"britannia", "britannia", "cb-"},
}

// numberWithNoun is a number followed by a word: "3 armies", "1 VP",
// which a fact's Args must not hold (the words pluralise).
var numberWithNoun = regexp.MustCompile(`\d+(?:\.\d+)? +[A-Za-z]`)

// TestRulesetFactsWorded plays a bot game of reduX Core, Leaders and
// Raiders and classic Britannia with each set of their options, and fails
// on an event that names no fact, or a fact its ruleset's Words do not
// word (Engine.Say), whose words are a broken format, or whose Args hold a
// number with its noun. The rulesets' own facts no game recorded are
// logged (TestWords of each ruleset words them).
func TestRulesetFactsWorded(t *testing.T) {
	type result struct {
		seen []string
		err  error
	}
	for _, rs := range factRulesets {
		t.Run(rs.name, func(t *testing.T) {
			vs := optionSets(rs.name)
			res := parallel(len(vs), func(i int) result {
				seen, err := wordedGame(vs[i].engine(), uint64(i))
				return result{seen, err}
			})
			seen := map[string]bool{}
			for i, r := range res {
				if r.err != nil {
					t.Errorf("%s: %v", vs[i], r.err)
				}
				for _, w := range r.seen {
					seen[w] = true
				}
			}
			var unseen []string
			for w := range rulesets.New(games.MustLoad(rs.name)).R.View.Words {
				if strings.HasPrefix(w, rs.prefix) && !seen[w] {
					unseen = append(unseen, w)
				}
			}
			sort.Strings(unseen)
			t.Logf("%d games; facts of its own no game recorded: %s", len(vs), strings.Join(unseen, ", "))
		})
	}
}

// optionSets are a ruleset's variants, one for each set of its options,
// the player counts taken in turn.
func optionSets(name string) []variant {
	r, g := games.MustLookup(name), games.MustLoad(name)
	var out []variant
	for mask := range 1 << len(r.Options) {
		var opts []string
		for i, o := range r.Options {
			if mask&(1<<i) != 0 {
				opts = append(opts, o.Name)
			}
		}
		out = append(out, variant{name, opts, g.Tables.Players[mask%len(g.Tables.Players)].Count})
	}
	return out
}

// wordedGame plays one game, checking its events (TestRulesetFactsWorded),
// and returns the facts it recorded.
func wordedGame(e *adjudicator.Engine, seed uint64) (seen []string, err error) {
	_, err = bot.Play(e, seed, func(st bot.Step) error {
		for _, ev := range st.Events {
			if err := worded(e, ev); err != nil {
				return err
			}
			seen = append(seen, ev.What)
		}
		return nil
	})
	return seen, err
}

// worded checks one event's fact and words.
func worded(e *adjudicator.Engine, ev adjudicator.Event) error {
	if ev.What == "" {
		return fmt.Errorf("a %s event names no fact: %q", ev.Kind, ev.Text)
	}
	words, _, ok := e.Say(ev)
	switch {
	case !ok:
		return fmt.Errorf("no words for the fact %q (%s event %q)", ev.What, ev.Kind, ev.Text)
	case words == "" || strings.Contains(words, "%!"):
		return fmt.Errorf("the fact %q is worded %q", ev.What, words)
	}
	for _, a := range ev.Args {
		if numberWithNoun.MatchString(a) {
			return fmt.Errorf("the fact %q holds a number with its noun in its Args: %q", ev.What, a)
		}
	}
	return nil
}

// factLiteral is a fact's name written in a ruleset's code.
var factLiteral = regexp.MustCompile(`"((?:core|lr|cb)-[a-z0-9-]+)"`)

// TestRulesetFactsNamed reads the code of the three rulesets: no event
// is made with its words (Text:) or a problem, limit or award with its
// words given (Problemf, Limitf, an Award with a reason in words), every fact named has words in its
// ruleset's Words, and every fact of its own in the Words is named by its
// code (the lines the games may not reach: refusals, rare rules).
func TestRulesetFactsNamed(t *testing.T) {
	wordsGiven := regexp.MustCompile(`\bText:|\.Problemf\(|\.Limitf\(|\.Award\([^)]*, "`)
	for _, rs := range factRulesets {
		dir := filepath.Join("..", "adjudicator", rs.dir)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		words := rulesets.New(games.MustLoad(rs.name)).R.View.Words
		named := map[string]bool{}
		for _, f := range files {
			base := filepath.Base(f)
			if strings.HasSuffix(base, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(string(data), "\n") {
				if wordsGiven.MatchString(l) {
					t.Errorf("%s:%d: words given, not a fact: %s", f, i+1, strings.TrimSpace(l))
				}
				if base == "words.go" || base == "texts.go" {
					continue // the catalogs
				}
				for _, m := range factLiteral.FindAllStringSubmatch(l, -1) {
					named[m[1]] = true
					if _, ok := words[m[1]]; !ok {
						t.Errorf("%s:%d: the fact %q has no words in the %s Words", f, i+1, m[1], rs.name)
					}
				}
			}
		}
		for w := range words {
			if strings.HasPrefix(w, rs.prefix) && !named[w] {
				t.Errorf("%s: the words of %q are for no fact its code names", rs.name, w)
			}
		}
	}
}
