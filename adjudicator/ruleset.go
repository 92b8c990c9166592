package adjudicator

import (
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Ruleset is one game as a plug-in on the step engine (docs/rulesets.md):
// its data, its unit kinds, and what it supplies, grouped by role:
// adjudication (Adjudication), its order language (Orders), how players see it
// (View), and two optional roles absent as a whole where the ruleset has
// none: seats that are dealt nations and score (Seating) and a seeded bot
// (Bot). It is a value: a derived ruleset copies its base and replaces
// fields (Leaders and Raiders is reduX Core with its own stages, texts
// and scoring), as godip's variants do. Where a role's func field is nil
// the engine does the default its doc names; shared code never reads the
// roles, it asks the engine (Engine.PlayersScore, Engine.Standings,
// Engine.Seats, Engine.Grammar, …).
type Ruleset struct {
	// Ruleset is the data side: the name ("redux"), title, seeds, options
	// and embedded board and tables.
	*games.Ruleset
	// Kinds are the unit kinds, in the order their dice are rolled.
	Kinds []Kind
	// Adjudication is the role that plays the game: the position, the
	// steps and their stages.
	Adjudication Adjudication
	// Orders is the order language and what a file may hold.
	Orders Orders
	// View is how players see the game: the words of the events and what
	// the reports and the map say of a nation beyond its units.
	View View
	// Seating is for a ruleset that deals nations to seats during play and
	// whose players, not nations, score (Hy Breasil 5.3, 7); nil: the
	// tables' player split fixes who plays which nation, and nations
	// score.
	Seating *Seating
	// Bot writes the seeded bot's files (a simulation, a missed
	// deadline); nil: the ruleset has no bot, so missed turns take every
	// default.
	Bot *Bot
	// Library is the part of a ruleset that a library of rules built on
	// the step engine reads (the Britannia-family library's
	// *family.Rules: movement, battles, population); nil for a ruleset on
	// the step engine alone (Hy Breasil).
	Library any
}

// Adjudication is a ruleset's adjudication role.
type Adjudication struct {
	// Setup returns the position a game starts from.
	Setup func(e *Engine) *State
	// Due says which step comes next in s (reduX Core 4.1, 4.3).
	Due func(e *Engine, s *State) Step
	// Stages lists the stages of the step a turn plays, in order, each
	// citing its rule section. The engine runs the stages whose Part the
	// caller asks for (Play, Check, Preview).
	Stages func(t *Turn) []Stage
	// Players is the player count the ruleset assumes when a game does not
	// say (0: four).
	Players int
	// LoadData reads the ruleset's own data (the tables' "rules:" section,
	// a data file of its own) into e.Data when the game is loaded; its
	// errors name the file and line. Nil: none.
	LoadData func(e *Engine) error
	// ForOptions returns the ruleset a game's options make of this one, for
	// a rule option that changes the data of the ruleset itself (classic
	// Britannia's first-edition-burhs: burhs count as armies, seed 002 §5).
	// New calls it once; it must not return a ruleset with ForOptions of
	// its own. Nil: the ruleset is the same for every option.
	ForOptions func(g *games.Game) *Ruleset
	// Asked are the steps the player of the nation turn due in s may ask
	// for before writing its orders (Kind AskedStep; Hy Breasil 6.1: the
	// random event rerolled by reply, its id "r05-star-reroll"). Stages
	// gives each its stages. Nil: none.
	Asked func(e *Engine, s *State) []Step
	// Snapshot writes and reads the ruleset's own part of a position (Ext)
	// in the archive; its zero value for a ruleset with none.
	Snapshot ExtCodec
}

// Orders is a ruleset's order language role.
type Orders struct {
	// Grammar is the order language of the ruleset's files: the
	// Britannia family's base grammar (orders.Base), or one that extends
	// it with the ruleset's own keywords and turn ids (docs/rulesets.md,
	// "Order keywords"). Nil: orders.Base. Every caller decodes a game's
	// files with Engine.Grammar.
	Grammar *orders.Grammar
	// CheckStanding validates a standing orders file; nil accepts only
	// defend lines.
	CheckStanding func(e *Engine, f *orders.File) orders.Errors
	// Template writes the orders template of nation n, whose turn is due
	// in s: what the player must decide and the sections of notes and
	// order lines that follow the envelope (Engine.Template; the Britannia
	// family's family.Template, Hy Breasil's its own). Nil: the envelope
	// alone.
	Template func(e *Engine, s *State, n NationID) Template
	// Asks are the steps a player may ask for before writing its orders
	// (Adjudication.Asked plays them), each by the word it is asked with:
	// the mail command, the CLI's, and the end of the step's id
	// ("r05-star-reroll"). Nil: none.
	Asks []Ask
}

// Ask is a step a player may ask for before writing orders (Orders.Asks).
type Ask struct {
	// Word is what the player asks with, in lower-case letters ("reroll");
	// the asked step's id is the id of the turn due, "-" and the word.
	Word string
	// Does says what it does, for help texts and the notice that offers
	// it, words that follow "to": "reroll the random event of the nation
	// due for a civilization token".
	Does string
}

// View is how players see a ruleset's game.
type View struct {
	// Words are the words of the events and problems, by What (Words).
	Words Words
	// Texts name rounds and the winner, and map a library's citations.
	Texts *Texts
	// Marks are the marks the map puts on nation n's counter in area a
	// beyond its unit kinds' ("C": Hy Breasil's city, 9.3.1), each a
	// letter with its legend word. Nil: none.
	Marks func(e *Engine, s *State, a games.AreaID, n NationID) []Mark
	// NationFacts are what every report says of nation n in s beyond its
	// units, areas and points, each a short phrase ("2 civilization
	// tokens", "elf", "submitted to the Wolf nation"). Nil: nothing.
	NationFacts func(e *Engine, s *State, n NationID) []string
	// Limit is the population limit the reports show of nation n in s
	// (reduX Core 4.2.2); nil: the reports show none.
	Limit func(e *Engine, s *State, n NationID) int
	// ScoringDie is for a ruleset whose rounds may score by chance (Hy
	// Breasil 11, option random-scoring): for a game e whose rounds do, a
	// reader of a step's events saying whether the step rolled the scoring
	// die and whether its round scored; nil for a game whose rounds score
	// as the tables say. Nil field: every game's rounds do.
	ScoringDie func(e *Engine) func(events []Event) (rolled, scored bool)
}

// Seating is the role of a ruleset that deals nations to seats during play
// and whose players, not nations, score (Hy Breasil 5.3, 7).
type Seating struct {
	// Standings totals the victory points by player (Engine.Standings).
	Standings func(e *Engine, s *State, players int) []Standing
	// Seats are, for a game whose players enter and leave (Hy Breasil 10,
	// continuous play), the seats of s in seat order, and whether the step
	// due in s takes seat changes (Input.Seats). Nil, or no seats: every
	// seat plays the whole game.
	Seats func(e *Engine, s *State) (seats []SeatStatus, takes bool)
	// Victory is the rule by which the winner is named where the
	// standings rank by a score of the ruleset's own (Standing.Turns > 0,
	// Standing.Score: Hy Breasil 10.3's corrected score); "": the
	// Texts' Victory (Engine.ScoreVictory).
	Victory string
}

// Bot is the role of a ruleset with a seeded bot.
type Bot struct {
	// Orders writes the bot's order file for the nation turn due in s;
	// Standing the bot's standing orders for nation n. The files must pass
	// the checks people's files pass.
	Orders   func(e *Engine, s *State, game, token string, seed uint64) *orders.File
	Standing func(e *Engine, n NationID, game, token string, seed uint64) *orders.File
}

// Kind is a unit kind (reduX Core 1.2, L&R 9.1): what it counts for and how
// far it moves. What it hits on which terrain is BattleRules.Reach.
type Kind struct {
	// Name is the kind's word in orders and reports: "infantry".
	Name string
	// Army kinds count as armies for stacking, the population limit and
	// overruns (reduX L&R 9.1).
	Army bool
	// Moves is how many areas a unit of the kind moves (reduX Core 6).
	Moves int
	// Roads says that two areas linked by land that both hold a nation's
	// units of the kind are joined by a road, which the map draws
	// (classic Britannia's forts: seed 002 §5 Roman Roads; the move rule
	// itself is the ruleset's).
	Roads bool
}

// Mark is a letter on a map counter and the word the legend gives it.
type Mark struct{ Letter, Word string }

// Part says when a stage runs.
type Part int

const (
	// Setup stages prepare the turn and need no dice (reduX Core 5:
	// population and reinforcements).
	Setup Part = iota
	// Moving stages need no dice either (reduX Core 6).
	Moving
	// Fighting stages and everything after them may roll dice.
	Fighting
	// Checking stages run when an order file is checked, and in a
	// partial run that asks for them with an order file (Engine.Partial:
	// the orders template's, every Decision at its default). They roll no
	// dice.
	Checking
)

// Stage is one named stage of a step (STYLE: one function per stage).
type Stage struct {
	Name string
	Rule string
	Part Part
	Run  func(t *Turn)
}

// StepKind says what a step is.
type StepKind int

const (
	// NationTurn is one nation's turn: it takes that nation's order file.
	NationTurn StepKind = iota
	// RoundEvent happens outside any nation turn (the end of a round, Hy
	// Breasil's invasion phase); it takes no order file.
	RoundEvent
	// AskedStep is a step a player may ask for before the nation turn due,
	// which never comes of itself (Ruleset.Asked: Hy Breasil 6.1's reroll
	// by reply); it takes no order file, and the turn stays due.
	AskedStep
)

// Step is what is due in a position.
type Step struct {
	Kind StepKind
	// Nation is the nation whose turn it is; -1 for a round event.
	Nation NationID
	// ID is the step's stable id: "r05-saxons", "r05-end".
	ID string
}

// ExtCodec writes and reads a ruleset's Ext in a state snapshot, under
// Key.
type ExtCodec struct {
	Key    string
	Encode func(e *Engine, s *State) any
	// Decode reads the raw JSON of the key into s.Ext (s.Ext holds the
	// value Setup made, to fill in).
	Decode func(e *Engine, s *State, raw []byte) error
}
