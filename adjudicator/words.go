package adjudicator

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/games"
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
		words += " (" + rule + ")"
	}
	if ev.Kind == EvSkipped {
		return fmt.Sprintf("skipped (line %d): %s", ev.Line, words)
	}
	return words
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
