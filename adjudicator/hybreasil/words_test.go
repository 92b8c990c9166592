package hybreasil_test

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/bot"
)

// numberWithNoun is a count worded in a fact's values ("3 units", "1
// hit", "5 VP"): a number is a fact, its noun the words'.
var numberWithNoun = regexp.MustCompile(`(^|\s)\d+\s+\pL`)

// TestEveryEventIsAWordedFact plays bot games with every option and more
// (docs/design.md §2.2): every event Hy Breasil emits is a fact named by
// its What, the ruleset's Words word it, its words are what the engine
// kept (Event.Text), and its Args hold no number with its noun.
func TestEveryEventIsAWordedFact(t *testing.T) {
	all := []string{"races", "submission", "abilities", "random-scoring", "continuous"}
	games := []struct {
		board   string
		players int
		options []string
		seed    uint64
	}{
		{"", 4, all, 1},
		{"", 6, all, 2},
		{"../../docs/boards/britannia-hy-breasil.yaml", 3, all, 3},
		{"../../docs/boards/skerries.yaml", 5, []string{"abilities", "random-scoring"}, 4},
		{"", 2, nil, 5},
	}
	seen := map[string]bool{}
	for _, g := range games {
		e := engineOn(t, g.board, g.players, g.options...)
		_, err := bot.Play(e, g.seed, func(st bot.Step) error {
			for _, ev := range st.Events {
				checkFact(t, e, st.ID, ev)
				switch {
				case ev.What == "event-roll" && ev.For != "" && ev.Die > 0:
					seen["the next nation's event"] = true
				case ev.What == "battle-round" && ev.Wounds && ev.Need > 0 && ev.TheirNeed > 0:
					seen["a round of battle"] = true
				case ev.What == "scoring-die" && ev.Die > 0:
					seen["the scoring die"] = true
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	for _, what := range []string{"the next nation's event", "a round of battle", "the scoring die"} {
		assert.True(t, seen[what], "no event of %s with its facts", what)
	}
}

// checkFact checks one event of TestEveryEventIsAWordedFact.
func checkFact(t *testing.T, e *adjudicator.Engine, step string, ev adjudicator.Event) {
	t.Helper()
	if ev.What == "" {
		t.Errorf("%s: a %s event without a What: %q", step, ev.Kind, ev.Text)
		return
	}
	if _, _, ok := e.Say(ev); !ok {
		t.Errorf("%s: no words for %s (%q)", step, ev.What, ev.Text)
		return
	}
	assert.Empty(t, ev.Said, "%s: %s keeps words in the record", step, ev.What)
	for _, a := range ev.Args {
		if numberWithNoun.MatchString(a) {
			t.Errorf("%s: %s has a number with its noun in its Args: %q", step, ev.What, a)
		}
	}
}

// TestWordsOfRareFacts words facts that bot games and the rules cases
// seldom make, as the engine worded them before they were facts.
func TestWordsOfRareFacts(t *testing.T) {
	e := engineOn(t, "", 3)
	skipped := func(what string, args ...string) adjudicator.Event {
		return adjudicator.Event{Kind: adjudicator.EvSkipped, What: what, Line: 7, Args: args}
	}
	tests := []struct {
		name string
		ev   adjudicator.Event
		want string
	}{
		{"seat-unknown", adjudicator.Event{Kind: hybreasil.EvSeat, What: "seat-unknown", Args: []string{"9", "6"}},
			"seat 9 does not exist: a game has at most 6 (Hy Breasil 10.1)"},
		{"seat-already-in", adjudicator.Event{Kind: hybreasil.EvSeat, What: "seat-already-in", Args: []string{"Red"}},
			"Red is already in the game (Hy Breasil 10.1)"},
		{"seat-already-out", adjudicator.Event{Kind: hybreasil.EvSeat, What: "seat-already-out", Args: []string{"Red"}},
			"Red is already out of the game (Hy Breasil 10.1)"},
		{"seat-stays", adjudicator.Event{Kind: hybreasil.EvSeat, What: "seat-stays", Args: []string{"Blue"}},
			"Blue is the last player in the game and stays (Hy Breasil 10.1)"},
		{"seat-leaves", adjudicator.Event{Kind: hybreasil.EvSeat, What: "seat-leaves", Args: []string{"Blue", "1", "7"}},
			"Blue leaves the game after 1 turn with 7 VP, a corrected score of 7.00 (Hy Breasil 10.1, 10.3)"},
		{"attackers-lost", adjudicator.Event{Kind: adjudicator.EvRemove, What: "attackers-lost", Args: []string{"100", "Goldmead"}},
			"After 100 rounds the attackers in Goldmead are lost (Hy Breasil 6.3.1)"},
		{"reinforcements-none", adjudicator.Event{Kind: hybreasil.EvEvent, What: "reinforcements-none"},
			"Reinforcements: no unit arrives (Hy Breasil 6.1)"},
		{"reinforcements one", adjudicator.Event{Kind: hybreasil.EvEvent, What: "reinforcements", Args: []string{"1", "Southern Reach"}},
			"Reinforcements: 1 unit arrives in Southern Reach (Hy Breasil 6.1)"},
		{"battle-over neither", adjudicator.Event{Kind: adjudicator.EvBattleEnd, What: "battle-over", Battle: 2, Area: "Goldmead", Args: []string{""}},
			"Battle 2 ends: neither nation holds Goldmead (Hy Breasil 6.3.1)"},
		{"round with a city", adjudicator.Event{Kind: adjudicator.EvRound, What: "battle-round", Nation: "Star", Round: 1, Dice: []int{4, 4}, TheirDie: []int{3, 3, 3},
			Hits: 2, TheirHit: 2, Left: 1, TheirLft: 1, Need: 4, TheirNeed: 3, City: true, CityNeed: 4, Wounded: 1, Args: []string{"Moon"}},
			"Round 1: the Star nation rolls [4* 4*] (hit on 4+: 2 hits), the Moon nation [3* 3* 3] (hit on 3+, the city's die last on 4+: 2 hits); left: Star 1 (1 wounded), Moon 1"},
		{"game-end continuous", adjudicator.Event{Kind: adjudicator.EvGameOver, What: "game-end", Args: []string{"15", "Red", "30", "12", "Blue", "20", "1"}},
			"The game ends after turn 15 (Hy Breasil 3): Red 30 VP in 12 turns (a corrected score of 2.50), Blue 20 VP in 1 turn (a corrected score of 20.00)"},
		{"means-nothing", skipped("means-nothing", "target Southwold: infantry"),
			`skipped (line 7): "target Southwold: infantry" means nothing in Hy Breasil`},
		// The slips of issue 21, each said wrongly before.
		{"race", adjudicator.Event{Kind: hybreasil.EvInvasion, What: "race", Args: []string{"Star", "hogman"}},
			"The Star nation is of the hogman race (Hy Breasil 9.1)"},
		{"civ-token for Civilization", adjudicator.Event{Kind: hybreasil.EvEvent, What: "civ-token", Nation: "Star", Args: []string{"civilization", ""}},
			"Civilization: the Star nation takes an unused token as a civilization token (Hy Breasil 6.1)"},
		{"civ-token to reroll", adjudicator.Event{Kind: hybreasil.EvEvent, What: "civ-token", Nation: "Star", Args: []string{"reroll", "Plague"}},
			"The Star nation takes an unused token as a civilization token to reroll Plague (Hy Breasil 6.1)"},
		{"withdraw-lost one", adjudicator.Event{Kind: adjudicator.EvRemove, What: "withdraw-lost", Nation: "Star", Args: []string{"1", "Goldmead"}},
			"The Star nation's 1 unit in Goldmead has nowhere to withdraw and is lost (Hy Breasil 9.2)"},
		{"dealt-relinquished", adjudicator.Event{Kind: hybreasil.EvDeal, What: "dealt-relinquished", Nation: "Star", Args: []string{"Blue"}},
			"The Star nation, relinquished, goes to Blue (Hy Breasil 5.3)"},
		{"refused", adjudicator.Event{Kind: hybreasil.EvDeal, What: "refused", Args: []string{"Blue", "3", "Star"}},
			"Blue is at the nation limit of 3 and refuses the Star nation (Hy Breasil 5.3)"},
		{"diplomacy-no-attack", skipped("diplomacy-no-attack", "Moon", "Star"),
			"skipped (line 7): the Moon nation lets the Star nation through its areas this turn (Diplomacy), so it may not attack it (Hy Breasil 9.3.1)"},
		{"unit-kind", skipped("unit-kind"), "skipped (line 7): Hy Breasil has one kind of unit (Hy Breasil 2)"},
		{"city-exists", skipped("city-exists", "Goldmead"), "skipped (line 7): Goldmead has a city already (Hy Breasil 9.3.1)"},
		{"city-tokens", skipped("city-tokens"), "skipped (line 7): every city token is in use (Hy Breasil 9.3.1)"},
		{"no-unit-to-remove", skipped("no-unit-to-remove", "Star", "Goldmead"),
			"skipped (line 7): the Star nation has no unit in Goldmead to remove (Hy Breasil 6.4)"},
		{"too-many-reinforced", skipped("too-many-reinforced", "Star", "Southern Reach", "0", "9", "4", "6"),
			"skipped (line 7): the Star nation has 4 units in Southern Reach (and up to 6 more if Reinforcements arrive there, 6.1), not 9 (Hy Breasil 6.3)"},
		{"too-many moved", skipped("too-many", "Star", "Goldmead", "2", "3", "1"),
			"skipped (line 7): the Star nation has 1 unit in Goldmead, and 2 of them move on earlier lines: not 3 more, as each unit moves once (Hy Breasil 6.3.3; Hy Breasil 6.3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, e.Text(tc.ev))
		})
	}
}

// TestScoringDieReadsFacts: the scoring die's event says whether it let
// the turn score (Hy Breasil 11); a step of an engine before the facts
// tells it by its score events: one of no nation for a die that let none
// be scored, more when one did, none in the last turn, which ends the
// game.
func TestScoringDieReadsFacts(t *testing.T) {
	read := hybreasil.ScoringDie(engineOn(t, "", 3, "random-scoring"))
	require.NotNil(t, read)
	score := func(what string) adjudicator.Event { return adjudicator.Event{Kind: adjudicator.EvScore, What: what} }
	tests := []struct {
		name           string
		events         []adjudicator.Event
		rolled, scored bool
	}{
		{"scored", []adjudicator.Event{{Kind: adjudicator.EvScore, What: "scoring-die", Die: 5, Scored: true}, score("seat-vp")}, true, true},
		{"not scored", []adjudicator.Event{{Kind: adjudicator.EvScore, What: "scoring-die", Die: 2}}, true, false},
		{"last turn", []adjudicator.Event{score("seat-vp"), {Kind: adjudicator.EvGameOver, What: "game-end"}}, false, false},
		{"a nation turn", []adjudicator.Event{{Kind: adjudicator.EvScore, What: "civilization-vp", Nation: "Star"}}, false, false},
		{"legacy scored", []adjudicator.Event{{Kind: adjudicator.EvScore}, {Kind: adjudicator.EvScore, N: 4}}, true, true},
		{"legacy not scored", []adjudicator.Event{{Kind: adjudicator.EvScore}}, true, false},
		{"legacy last turn", []adjudicator.Event{{Kind: adjudicator.EvScore, N: 4}, {Kind: adjudicator.EvGameOver}}, false, false},
		{"legacy nation turn", []adjudicator.Event{{Kind: adjudicator.EvScore, Nation: "Star"}}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rolled, scored := read(tc.events)
			assert.Equal(t, tc.rolled, rolled, "rolled")
			assert.Equal(t, tc.scored, scored, "scored")
		})
	}
	assert.Nil(t, hybreasil.ScoringDie(engineOn(t, "", 3)), "without the option every turn scores (7)")
}

// TestIdleSecondPhase: a Strong leader's second phase in which the nation
// moves nothing is told so (Event.Idle, read by Engine.Render from the
// events after it), not announced as if something happened in it (issue
// 21); one with a move of the nation's is announced (Hy Breasil 6.1).
func TestIdleSecondPhase(t *testing.T) {
	e := engineOn(t, "", 4)
	phase := adjudicator.Event{Kind: adjudicator.EvPhase, What: "second-phase", Nation: "Sun"}
	other := adjudicator.Event{Kind: adjudicator.EvMove, What: "move-units", Nation: "Moon", Path: []string{"Lastlight", "Tidewater"}, N: 1}
	own := adjudicator.Event{Kind: adjudicator.EvMove, What: "move-units", Nation: "Sun", Path: []string{"Lastlight", "Tidewater"}, N: 1}
	idle := e.Render([]adjudicator.Event{phase, other})
	assert.Equal(t, "Strong leader: the Sun nation moves nothing in its second movement and combat phase (Hy Breasil 6.1)", idle[0].Text)
	busy := e.Render([]adjudicator.Event{phase, own})
	assert.Equal(t, "Strong leader: the Sun nation's second movement and combat phase (Hy Breasil 6.1)", busy[0].Text)
	assert.False(t, phase.Idle, "Render works on a copy")
}
