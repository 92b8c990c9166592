package adjudicator

import (
	"fmt"
	"strings"
)

// The compatibility table (docs/rulesets.md "Compatibility"): every change
// of what an engine plays that an archived game must not see, by name, as
// Go's GODEBUG table and go-ethereum's named forks keep theirs. A game
// records the engine that created it (archive game.yaml "engine"); when
// the game is opened the table is resolved once into its switches
// (CompatOf), and rules code asks a switch by name (Engine.Plays). No rules
// code compares engine versions.
//
// A change of words never gets a row: events hold facts, and their words
// are rendered when a report is drawn.

// Engines are the engine versions pbem has written, oldest first. A game
// of an engine plays every change of the table made by it or before it.
var Engines = []string{"pbem-engine-1", "pbem-engine-2", "pbem-engine-3", "pbem-engine-4", "pbem-engine-5"}

// EngineVersion is the engine version of a new game: the last of Engines.
var EngineVersion = Engines[len(Engines)-1]

// Switch names a row of the compatibility table.
type Switch int

// The switches, one a row of Changes.
const (
	MajorInvasionLimit Switch = iota
	FortsOnTheWay
	TurnKing
	BretwaldaInPlay
	BretwaldaVoteCheck
	HBCities
	HBSevenAbilities
	HBRelinquish
	HBBotChoices
	HBStandingChecks
	HBOrderChecks
	HBRerollByReply
	FortsAfterArmies
	RomansDefendDifficult
	BurhsEightLessAreas
	StayAtSea
	BretwaldaOwnVote
	BretwaldaBotVote
	RetreatReasons
	LeaderKillOnce
	numSwitches
)

// Change is one row of the table: a behaviour change, the ruleset it is
// of ("" for the Britannia family's shared code), the engine that made
// it, and one line on what it does.
type Change struct {
	Switch  Switch
	Name    string
	Ruleset string
	Engine  string
	What    string
}

// Changes is the compatibility table.
var Changes = []Change{
	{MajorInvasionLimit, "major-invasion-limit", "", "pbem-engine-2",
		"the population limit binds at the end of a Major Invasion's second Movement Phase, measured from the first's start (reduX L&R 11.3)"},
	{FortsOnTheWay, "forts-on-the-way", "britannia", "pbem-engine-3",
		"a Roman army builds a fort in each area it holds alone on its way through, not only where it ends (seed 002 §5 Roman forts)"},
	{TurnKing, "turn-king", "britannia", "pbem-engine-3",
		"the tables' king: turn: tests the King at the end of that nation's turn as well as the round's (Cnut in XIV, seed 002 §6)"},
	{BretwaldaInPlay, "bretwalda-in-play", "britannia", "pbem-engine-4",
		"only nations in play vote for Bretwalda, and only for a nation in play (seed 002 §6)"},
	{BretwaldaVoteCheck, "bretwalda-vote-check", "britannia", "pbem-engine-4",
		"check refuses a vote line outside the Bretwalda rounds or for a nation not in play"},
	{HBCities, "hb-cities", "hy-breasil", "pbem-engine-3",
		"option abilities sets aside a token set for cities, and Architecture builds them (Hy Breasil 9.3.1)"},
	{HBSevenAbilities, "hb-seven-abilities", "hy-breasil", "pbem-engine-3",
		"option abilities plays all seven abilities of 9.3.1, not three"},
	{HBRelinquish, "hb-relinquish", "hy-breasil", "pbem-engine-3",
		"a player at the nation limit may give up a nation for a new one by his relinquish answer (Hy Breasil 5.3)"},
	{HBBotChoices, "hb-bot-choices", "hy-breasil", "pbem-engine-3",
		"the bot names an ability, relinquishes and permits (its missed turns replay so)"},
	{HBStandingChecks, "hb-standing-checks", "hy-breasil", "pbem-engine-4",
		"standing orders' submit and permit lines are checked as a turn's are"},
	{HBOrderChecks, "hb-order-checks", "hy-breasil", "pbem-engine-4",
		"check refuses a second phase 2 block, land after a move, option keywords without their option and moves of more units than can stand"},
	{HBRerollByReply, "hb-reroll-by-reply", "hy-breasil", "pbem-engine-4",
		"the player due may ask for a reroll of the random event as a step of its own (Hy Breasil 6.1)"},
	{FortsAfterArmies, "forts-after-armies", "britannia", "pbem-engine-5",
		"a roll's hits kill an area's Roman armies first, then its forts, in the same roll (seed 002 §5 Battles, Mixed Forces; Roman Forts)"},
	{RomansDefendDifficult, "romans-defend-difficult", "britannia", "pbem-engine-5",
		"Roman armies defending difficult terrain hit on 4 as elsewhere: only the defender is harder to hit there (seed 004 Battles; seed 002 §5)"},
	{BurhsEightLessAreas, "burhs-eight-less-areas", "britannia", "pbem-engine-5",
		"the Saxons may have at most 8 less the areas they hold burhs, not as many as the areas (seed 002 §5 Saxon Burhs)"},
	{StayAtSea, "stay-at-sea", "britannia", "pbem-engine-5",
		"units at sea, invaders and Roman reinforcements, may stay there at the end of movement; none lands by default (seed 004 Invasions and Raiding)"},
	{BretwaldaOwnVote, "bretwalda-own-vote", "britannia", "pbem-engine-5",
		"a vote line in a nation's own file counts for the whole round where its standing orders have none (docs/orders.md C9)"},
	{BretwaldaBotVote, "bretwalda-bot-vote", "britannia", "pbem-engine-5",
		"the bot votes for Bretwalda with its player's other nations, for a candidate that can win (docs/orders.md C9)"},
	{RetreatReasons, "retreat-reasons", "", "pbem-engine-5",
		"a retreat that cannot be made, or is made in part, records why as facts (its Args: from the sea, placed there, the limits, …), so its words give the reason that applied (reduX Core 7.2)"},
	{LeaderKillOnce, "leader-kill-once", "britannia", "pbem-engine-5",
		"a leader's elimination scores once on a nation card that names him in two rows (ref §4 Normans: 6 VP for Harold, by the Normans or by the Norwegians or Danes), not once a row"},
}

// Compat is the switches of a game: the changes of the table it plays
// without. The zero value plays every change: a new game.
type Compat struct{ without uint64 }

// CompatOf resolves the table for a game written by an engine version:
// it plays the changes made by that engine and the ones before it.
func CompatOf(engine string) (Compat, error) {
	at := -1
	for i, v := range Engines {
		if v == engine {
			at = i
		}
	}
	if at < 0 {
		return Compat{}, fmt.Errorf("engine %q is not one this pbem plays (%s)", engine, strings.Join(Engines, ", "))
	}
	var c Compat
	for _, ch := range Changes {
		if engineIndex(ch.Engine) > at {
			c.without |= 1 << ch.Switch
		}
	}
	return c, nil
}

// engineIndex is the place of an engine version in Engines.
func engineIndex(engine string) int {
	for i, v := range Engines {
		if v == engine {
			return i
		}
	}
	panic("compat: the table names an unknown engine " + engine)
}

// Plays reports whether the game plays the change named by s.
func (c Compat) Plays(s Switch) bool { return c.without&(1<<s) == 0 }

// Without lists the names of the changes the game plays without.
func (c Compat) Without() []string {
	var out []string
	for _, ch := range Changes {
		if !c.Plays(ch.Switch) {
			out = append(out, ch.Name)
		}
	}
	return out
}

// Plays reports whether the game plays the change named by s (the
// compatibility table): false while a game of an engine before the change
// is played or replayed.
func (e *Engine) Plays(s Switch) bool { return e.Compat.Plays(s) }
