package adjudicator

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The wording of the engine's texts: numbers agree with their nouns and
// verbs, and a nation's possessive is games.Possessive.

func possessive(nation string) string { return games.Possessive(nation) }

// count is "1 army", "2 armies".
func count(n int, one, many string) string { return games.Count(n, one, many) }

func armies(n int) string { return Verb(n, "army", "armies") }

// Verb is the form of a verb (or any words) that agrees with a count.
func Verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func isAre(n int) string { return Verb(n, "is", "are") }

// Singular is 1 for a single subject and 2 otherwise, for Verb.
func Singular(b bool) int {
	if b {
		return 1
	}
	return 2
}

// Words are a ruleset's words of its facts (View.Words): for each What of
// an event or problem, the rule it follows and how to word it. A library a ruleset is built on has its own
// (the Britannia-family library's family.Words); a ruleset merges them
// with its own (Merge). Words are never part of the record: a game's
// events are facts, worded when a report is drawn, so changing a word
// changes no archive.
type Words map[string]Say

// Say is the words of one fact: the rule cited after them ("" for none;
// the ruleset's Texts.Cite gives its own for a library's citation) and
// the words themselves.
type Say struct {
	Rule string
	// RuleOf, where set, is the rule of an event by its facts (a round of
	// the Timeline).
	RuleOf func(e *Engine, ev Event) string
	Words  func(e *Engine, ev Event) string
	// Quiet says the words do not cite the rule after them (a retreat
	// told within its battle).
	Quiet bool
	// Sum, where set, words a run of events of this What told one after
	// another, of one kind and one nation, as one sentence: "the Sun
	// nation removes 4 units in Lastlight and 2 in Tidewater" for six
	// removals of a unit (Engine.Told).
	Sum func(e *Engine, evs []Event) string
}

// F words a fact from a format over its Args, each taken as a string
// (%d is read as %s).
func F(format string) func(e *Engine, ev Event) string {
	format = strings.ReplaceAll(format, "%d", "%s")
	verbs := strings.Count(format, "%") - 2*strings.Count(format, "%%")
	return func(_ *Engine, ev Event) string {
		args := make([]any, verbs)
		for i := range args {
			args[i] = ev.Arg(i)
		}
		return fmt.Sprintf(format, args...)
	}
}

// Merge is base's words with more's in place of base's for the same key:
// a ruleset's words over its library's. Neither is changed.
func Merge(base Words, more ...Words) Words {
	out := make(Words, len(base))
	for k, v := range base {
		out[k] = v
	}
	for _, m := range more {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// Say is the words and the cited rule of an event, from the ruleset's
// Words by its What. ok is false where the ruleset has no words for it.
func (e *Engine) Say(ev Event) (words, rule string, ok bool) {
	sy, ok := e.R.View.Words[ev.What]
	if !ok || ev.What == "" {
		return "", "", false
	}
	words = sy.Words(e, ev)
	switch {
	case sy.RuleOf != nil:
		rule = e.Cite(sy.RuleOf(e, ev))
	case sy.Rule != "":
		rule = e.Cite(sy.Rule)
	}
	return e.Cite(words), rule, true
}

// Text is an event's words as a report shows them: its words and its
// rule, a skipped statement with its line ("skipped (line 4): …").
func (e *Engine) Text(ev Event) string {
	words, rule, ok := e.Say(ev)
	if !ok {
		return ev.Said // the words an earlier engine wrote
	}
	if rule != "" && !e.R.View.Words[ev.What].Quiet {
		words = orders.Cited(words, rule)
	}
	if ev.Kind == EvSkipped {
		return fmt.Sprintf("skipped (line %d): %s", ev.Line, words)
	}
	return words
}

// Told is events as a report tells them: each run of two or more events
// of the same Kind, What and nation (and battle) whose words can sum them
// (Say.Sum) becomes one event, the first's facts with the run's words; the
// others keep theirs (Event.Text, as Render fills it). An event whose
// words were told already, apart (a second reroll, a second plague), says
// so: "… again". evs is not changed.
func (e *Engine) Told(evs []Event) []Event {
	var out []Event
	told := map[string]int{}
	for i := 0; i < len(evs); {
		j := i + 1
		sy, ok := e.R.View.Words[evs[i].What]
		if ok && sy.Sum != nil && evs[i].What != "" && evs[i].Kind != EvSkipped {
			for j < len(evs) && sameRun(evs[i], evs[j]) {
				j++
			}
		}
		ev := evs[i]
		if j > i+1 {
			ev.Text = e.Cite(sy.Sum(e, evs[i:j]))
			if _, rule, _ := e.Say(ev); rule != "" && !sy.Quiet {
				ev.Text = orders.Cited(ev.Text, rule)
			}
		}
		text := ev.Text
		if k := told[text]; k > 0 && text != "" {
			ev.Text = e.again(ev, k+1)
		}
		told[text]++
		out = append(out, ev)
		i = j
	}
	return out
}

// sameRun reports whether two events are of one run that words may sum:
// the same Kind, What, nation and battle.
func sameRun(a, b Event) bool {
	return a.Kind == b.Kind && a.What == b.What && a.Nation == b.Nation && a.Battle == b.Battle && a.For == b.For
}

// Render is events with their words as a view shows them (Event.Text,
// Engine.Text): a copy, the facts unchanged, with what a view reads from
// the events around one (Event.Idle).
func (e *Engine) Render(evs []Event) []Event {
	out := make([]Event, len(evs))
	for i, ev := range evs {
		if ev.Kind == EvPhase {
			ev.Idle = idle(ev.Nation, evs[i+1:])
		}
		ev.Text = e.Text(ev)
		out[i] = ev
	}
	return out
}

// idle reports whether nation moved nothing and fought no battle in the
// events up to the next phase (Event.Idle).
func idle(nation string, evs []Event) bool {
	for _, ev := range evs {
		switch ev.Kind {
		case EvPhase:
			return true
		case EvMove, EvOverrun, EvBattle:
			if ev.Nation == nation {
				return false
			}
		}
	}
	return true
}

// MovesSum is a Say.Sum of a nation's moves, each a path (Event.Path) of
// N units: "Saxon moves: 3 armies Frisian Sea > Kent; 1 army Kent >
// Essex", with the nation's adjective (Engine.Adjective) and the moves of
// one path summed (two moves of 2 armies are one of 4); what words what
// one move moves ("3 armies"). The moves of one path alone are told as
// one move.
func MovesSum(what func(e *Engine, ev Event) string) func(e *Engine, evs []Event) string {
	return func(e *Engine, evs []Event) string {
		var paths []string
		by := map[string]Event{}
		for _, ev := range evs {
			p := strings.Join(ev.Path, " > ")
			if prev, ok := by[p]; ok && prev.Leader == "" && ev.Leader == "" && sameKinds(prev, ev) {
				prev.N += ev.N
				prev.Units = addCounts(prev.Units, ev.Units)
				by[p] = prev
				continue
			}
			if _, ok := by[p]; ok {
				p += "\x00" + fmt.Sprint(len(paths))
			}
			paths = append(paths, p)
			by[p] = ev
		}
		if len(paths) == 1 {
			words, _, _ := e.Say(by[paths[0]])
			return words
		}
		parts := make([]string, len(paths))
		for i, p := range paths {
			ev := by[p]
			parts[i] = what(e, ev) + " " + strings.Join(ev.Path, " > ")
		}
		return e.Adjective(evs[0].Nation) + " moves: " + strings.Join(parts, "; ")
	}
}

// sameKinds reports whether two moves move the same kinds of units.
func sameKinds(a, b Event) bool {
	if len(a.Units) != len(b.Units) {
		return false
	}
	for i := range a.Units {
		if a.Units[i].Kind != b.Units[i].Kind {
			return false
		}
	}
	return true
}

// addCounts adds two counts of units kind by kind (the same kinds).
func addCounts(a, b []Count) []Count {
	out := slices.Clone(a)
	for i := range out {
		out[i].N += b[i].N
	}
	return out
}

// again is an event's text as told the nth time (n ≥ 2): its words with
// "again" ("for the 3rd time" from the third on), then its rule
// (Engine.Told). An event without words of this engine, or skipped, keeps
// its text.
func (e *Engine) again(ev Event, n int) string {
	words, rule, ok := e.Say(ev)
	if !ok || ev.Kind == EvSkipped || !strings.HasPrefix(ev.Text, words) {
		return ev.Text
	}
	if e.R.View.Words[ev.What].Quiet {
		rule = ""
	}
	if n > 2 {
		return orders.Cited(fmt.Sprintf("%s for the %s time", words, ordinal(n)), rule)
	}
	return orders.Cited(words+" again", rule)
}

// ordinal is n as an ordinal in figures: "3rd", "11th", "22nd".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
