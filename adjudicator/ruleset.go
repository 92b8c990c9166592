package adjudicator

import (
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// Ruleset is one game of the Britannia family as a plug-in on the kernel
// (docs/rulesets.md). It is a value: a derived ruleset copies its base and
// replaces fields (Leaders and Raiders is reduX Core with its own stages,
// texts and scoring), as godip's variants do. Every func field may be nil
// where the doc says so; the kernel then does the documented default.
type Ruleset struct {
	// Ruleset is the data side: the name ("redux"), title, seeds, options
	// and embedded board and tables.
	*games.Ruleset
	// Kinds are the unit kinds, in the order their dice are rolled.
	Kinds []Kind
	// Leaders says whether the Timeline's leaders come into play (L&R
	// 9.2); in reduX Core their names are only history (Core 5.2).
	Leaders bool

	// ForOptions returns the ruleset a game's options make of this one, for a
	// rule option that changes the data of the ruleset itself (classic
	// Britannia's first-edition-burhs: burhs count as armies, seed 002 §5).
	// New calls it once; it must not return a ruleset with ForOptions of its
	// own. Nil: the ruleset is the same for every option.
	ForOptions func(g *games.Game) *Ruleset
	// LoadData reads the ruleset's own data (the tables' "rules:" section, a
	// data file of its own) into e.Data when the game is loaded; its errors
	// name the file and line. Nil: none.
	LoadData func(e *Engine) error
	// Setup returns the position a game starts from.
	Setup func(e *Engine) *State
	// Due says which step comes next in s (reduX Core 4.1, 4.3).
	Due func(e *Engine, s *State) Step
	// Grammar is the order language of the ruleset's files: the
	// Britannia family's base grammar (orders.Base), or one that extends
	// it with the ruleset's own keywords, whose statements the ruleset
	// declares in its own package, and its own turn ids
	// (docs/rulesets.md, "Order keywords"). Nil: orders.Base. Every
	// caller decodes a game's files with it (orders.Options.Grammar).
	Grammar *orders.Grammar
	// Stages lists the stages of the step a turn plays, in order, each
	// citing its rule section. The kernel runs the stages whose Part the
	// caller asks for (Play, Check, Preview).
	Stages func(t *Turn) []Stage
	// Players is the player count the ruleset assumes when a game does not
	// say (0: four).
	Players int
	// NoPopulationLimit says the population limit of reduX Core 4.2.2 binds
	// no move, retreat or withdrawal: a nation's excess is always 0 to the
	// kernel. Classic Britannia removes overpopulation at the end of a
	// nation turn instead (seed 004 Overpopulation), in its own stage.
	NoPopulationLimit bool
	// Pool is how many units of kind k nation n has in all (its counters);
	// nil: the tables' armies and cavalry (Engine.Pool). Classic Britannia
	// counts Roman armies, forts and burhs (reference §2.3).
	Pool func(e *Engine, n NationID, k KindID) int

	// Move are the movement rules (reduX Core 6).
	Move MoveRules
	// Battle are the battle rules (reduX Core 7).
	Battle BattleRules
	// Texts are the words of the events the kernel's stages emit.
	Texts *Texts

	// Occupy is told that nation m may have come to be the sole occupant of
	// area a (a retreat, a unit passing through), for points (L&R 10.2).
	Occupy func(t *Turn, m NationID, a games.AreaID)
	// Settle is told that the position has settled after a move, a battle
	// or a phase (L&R 10.2: points "as soon as" an area is occupied).
	Settle func(t *Turn)
	// Arrive says whether a Timeline arrival comes this turn, emitting why
	// not (L&R 9.2: "if alive", "if holding"); nil: every arrival comes.
	Arrive func(t *Turn, a games.Arrival) bool
	// LeaderGone is told that a leader left play, eliminated in battle
	// (killed) or otherwise (L&R 9.2, 9.3).
	LeaderGone func(t *Turn, ld Leader, killed bool)

	// Bot writes a seeded bot's order file for the nation turn due in s
	// (a simulation, a missed deadline); BotStanding a bot's standing
	// orders for nation n. The files must pass the checks people's files
	// pass.
	Bot         func(e *Engine, s *State, game, token string, seed uint64) *orders.File
	BotStanding func(e *Engine, n NationID, game, token string, seed uint64) *orders.File

	// CheckStanding validates a standing orders file; nil accepts only
	// defend lines.
	CheckStanding func(e *Engine, f *orders.File) orders.Errors
	// Defaults lists, when a file is reviewed, the ruleset's own Decisions
	// the file leaves to their defaults (Turn.Defaulted); nil: none.
	Defaults func(t *Turn)
	// Brief is what the nation due in s should know before it writes its
	// orders beyond the position (Hy Breasil 6.1: the random event already
	// rolled, its civilization tokens, its reroll policy); the orders
	// template shows each line first. Nil: nothing.
	Brief func(e *Engine, s *State, n NationID) []string
	// Examples are the example lines of the Orders section of nation n's
	// orders template in s, for a ruleset with its own Decisions (a Brief):
	// each a note and an order line in its grammar, on the nation's
	// position; the template comments them out. Nil: none.
	Examples func(e *Engine, s *State, n NationID) []Example
	// Marks are the marks the map puts on nation n's counter in area a
	// beyond its unit kinds' ("C": Hy Breasil's city, 9.3.1), each a
	// letter with its legend word. Nil: none.
	Marks func(e *Engine, s *State, a games.AreaID, n NationID) []Mark
	// NationFacts are what every report says of nation n in s beyond its
	// units, areas and points, each a short phrase ("2 civilization
	// tokens", "elf", "submitted to the Wolf nation"; issue 13: reports show
	// each nation's civilization tokens, abilities, race and submission).
	// Nil: nothing.
	NationFacts func(e *Engine, s *State, n NationID) []string
	// Standings totals the victory points by player (Engine.Standings)
	// for a ruleset whose players, not nations, score (Hy Breasil 7); nil:
	// the nations' points summed by the tables' player split.
	Standings func(e *Engine, s *State, players int) []Standing
	// ScoringDie is for a ruleset whose rounds may score by chance (Hy
	// Breasil 11, option random-scoring): for a game e whose rounds do, a
	// reader of a step's events saying whether the step rolled the scoring
	// die and whether its round scored; nil for a game whose rounds score as
	// the tables say. Nil field: every game's rounds do.
	ScoringDie func(e *Engine) func(events []Event) (rolled, scored bool)
	// Seats is for a ruleset whose players enter and leave a running game
	// (Hy Breasil 10, continuous play): the seats of s in seat order, and
	// whether the step due in s takes seat changes (Input.Seats). Nil, or
	// no seats: every seat plays the whole game.
	Seats func(e *Engine, s *State) (seats []SeatStatus, takes bool)
	// Asked are the steps the player of the nation turn due in s may ask
	// for before writing its orders (Kind AskedStep; Hy Breasil 6.1: the
	// random event rerolled by reply, its id "r05-star-reroll"). Stages
	// gives each its stages. Nil: none.
	Asked func(e *Engine, s *State) []Step
	// Snapshot writes and reads the ruleset's own part of a position (Ext)
	// in the archive; nil when the ruleset has none.
	Snapshot ExtCodec
}

// Example is an example line of an orders template (Ruleset.Examples): a
// note, an order line, or both.
type Example struct{ Note, Order string }

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
	// Checking stages run only when an order file is checked.
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
