package bot_test

import (
	"slices"
	"testing"

	"github.com/pbem-org/pbem/rulesets"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
)

// TestLRGameToTheEnd: a seeded redux-lr game, four players, runs through
// all sixteen rounds with the Leaders and Raiders rules at work (leaders,
// raids, major invasions) and ends with the final round's kingship (reduX
// L&R 11.6); the same seed plays the same game; the bots' standing orders
// pass the check. This is the engine's condition for redux-lr being
// Playable (games/ruleset.go); the archive must also give the engine the
// game's player count (Engine.Players) before the flag is set.
func TestLRGameToTheEnd(t *testing.T) {
	g := games.MustLoad("redux-lr")
	e := rulesets.New(g)
	kinds := map[string]int{}
	var last []adjudicator.Event
	final, err := bot.Play(e, 7, func(st bot.Step) error {
		for _, ev := range st.Events {
			kinds[ev.Kind]++
		}
		last = st.Events
		return nil
	})
	require.NoError(t, err)
	assert.True(t, final.Over)
	assert.Equal(t, 16, final.Round)
	for _, k := range []string{adjudicator.EvLeader, adjudicator.EvWithdraw, adjudicator.EvPhase, adjudicator.EvKing, adjudicator.EvScore, adjudicator.EvRex} {
		assert.Positive(t, kinds[k], "events of kind %q", k)
	}
	assert.True(t, slices.ContainsFunc(last, func(ev adjudicator.Event) bool { return ev.Kind == adjudicator.EvKing }), "the last step decides the King (11.6)")
	again, err := bot.Play(rulesets.New(g), 7, nil)
	require.NoError(t, err)
	assert.Equal(t, rulesets.New(g).MarshalState(final), rulesets.New(g).MarshalState(again), "a seed plays one game")
	s := rulesets.New(g).NewState()
	for n := range g.Tables.Nations {
		f := bot.Standing(rulesets.New(g), n, "sim", "", 7)
		if n == e.Due(s).Nation {
			assert.Empty(t, e.Check(s, f, nil), "standing orders of the %s", f.Nation)
		}
	}
}
