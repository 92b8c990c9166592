package adjudicator

import "github.com/pbem-org/pbem/games"

// The questions shared code (archive, templates, daemon, the CLI) asks the
// engine of a game instead of reading its ruleset's roles.

// RoundWords are what the ruleset calls a round and what the rounds make
// up: "Round" and "the Timeline" (reduX Core 4), Hy Breasil's "Turn" and
// "the game" (Texts.RoundWord, Texts.RoundOf).
func (e *Engine) RoundWords() (word, of string) { return e.R.RoundWords() }

// RoundWords are what the ruleset calls a round and what the rounds make
// up (Engine.RoundWords).
func (r *Ruleset) RoundWords() (word, of string) {
	if tx := r.View.Texts; tx != nil && tx.RoundWord != "" {
		return tx.RoundWord, tx.RoundOf
	}
	return "Round", "the Timeline"
}

// Victory is the rule by which the player with the most victory points
// wins, cited where a report names the winner; "" cites none.
func (e *Engine) Victory() string {
	if tx := e.R.View.Texts; tx != nil {
		return tx.Victory
	}
	return ""
}

// ScoreVictory is the rule by which the winner is named where the
// standings rank by the ruleset's own score (Standing.Score, where
// Standing.Turns > 0: Seating.Victory), else Victory's.
func (e *Engine) ScoreVictory() string {
	if st := e.R.Seating; st != nil && st.Victory != "" {
		return st.Victory
	}
	return e.Victory()
}

// Marks are the marks on nation n's counter in area a of s beyond its
// kinds' (View.Marks); nil for none.
func (e *Engine) Marks(s *State, a games.AreaID, n NationID) []Mark {
	if f := e.R.View.Marks; f != nil {
		return f(e, s, a, n)
	}
	return nil
}

// NationFacts are what a report says of nation n in s beyond its units,
// areas and points (View.NationFacts); nil for nothing.
func (e *Engine) NationFacts(s *State, n NationID) []string {
	if f := e.R.View.NationFacts; f != nil {
		return f(e, s, n)
	}
	return nil
}

// ScoringDie is, for a game whose rounds may score by chance (Hy Breasil
// 11), a reader of a step's events saying whether the step rolled the
// scoring die and whether its round scored; nil for a game whose rounds
// score as the tables say (View.ScoringDie).
func (e *Engine) ScoringDie() func(events []Event) (rolled, scored bool) {
	if f := e.R.View.ScoringDie; f != nil {
		return f(e)
	}
	return nil
}

// Limit is the population limit the reports show of nation n in s
// (View.Limit), and false where the ruleset shows none.
func (e *Engine) Limit(s *State, n NationID) (int, bool) {
	if f := e.R.View.Limit; f != nil {
		return f(e, s, n), true
	}
	return 0, false
}

// HasAsked reports whether the ruleset has steps a player may ask for
// before a turn (Rules.Asked).
func (e *Engine) HasAsked() bool { return e.R.Adjudication.Asked != nil }

// HasBot reports whether the ruleset has a bot for missed turns
// (Ruleset.Bot).
func (e *Engine) HasBot() bool { return e.R.Bot != nil }

// Kinds are the game's unit kinds (Ruleset.Kinds).
func (e *Engine) Kinds() []Kind { return e.R.Kinds }

// nation is the tables' nation of a name, nil for a name they do not
// know (exactly, not by prefix: words name nations by their names).
func (e *Engine) nation(name string) *games.Nation {
	for i := range e.G.Tables.Nations {
		if e.G.Tables.Nations[i].Name == name {
			return &e.G.Tables.Nations[i]
		}
	}
	return nil
}

// Adjective is a nation's name before a noun, from the tables: "Danish"
// for the Danes ("2 Danish armies"); a name the tables do not know is
// its own.
func (e *Engine) Adjective(name string) string {
	if n := e.nation(name); n != nil {
		return n.Adj()
	}
	return name
}

// The names a nation as a whole, from the tables: "the Danes", "the Star
// nation" (Hy Breasil).
func (e *Engine) The(name string) string {
	if n := e.nation(name); n != nil {
		return n.The()
	}
	return "the " + name
}

// Counted is a number of a nation's units with its adjective, the noun
// agreeing: "2 Danish armies", "1 Welsh army" (Engine.Adjective).
func (e *Engine) Counted(k int, name, one, many string) string {
	return games.Count(k, e.Adjective(name)+" "+one, e.Adjective(name)+" "+many)
}
