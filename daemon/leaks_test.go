package daemon

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 23: what the daemon tells strangers, players and forgers.

// TestUnknownGameNamesNoGame: a mail naming a game that is not here is
// told so without the list of games; a player is told the games they play
// in, unless the answer goes to a Reply-To.
func TestUnknownGameNamesNoGame(t *testing.T) {
	f := newFixture(t)
	f.mail("x@example.test", "status nowhere", "")
	m := f.out.last("x@example.test")
	assert.Contains(t, m.Text, `There is no game "nowhere" here`)
	assert.NotContains(t, m.Text, "ashdown")
	f.mail(addrs[0], "status nowhere", "")
	assert.Contains(t, f.out.last(addrs[0]).Text, addrs[0]+" plays in ashdown here.")
	f.mail(addrs[0], "status nowhere", "", "Reply-To: mallory@example.test\r\n")
	assert.NotContains(t, f.out.last("mallory@example.test").Text, "ashdown", "a forger of Alice's From learns her games")
}

// TestNotGMWords: a GM command from another address says what the command
// does and who may send it ("Only the GM may admit a game." before).
func TestNotGMWords(t *testing.T) {
	f := newFixture(t)
	for cmd, want := range map[string]string{
		"admit":    "Only the GM may admit a new player: \"admit\" is a GM command",
		"replace":  "Only the GM may give a player's seat to another address",
		"rollback": "Only the GM may roll a game back",
		"pause":    "Only the GM may pause game play",
		"resume":   "Only the GM may resume a paused game",
		"extend":   "Only the GM may extend a deadline",
	} {
		f.mail("x@example.test", cmd+" ashdown", "")
		assert.Contains(t, f.out.last("x@example.test").Text, want)
	}
}

// TestObserveOffForged: "observe GAME off" with a forged From does not
// unsubscribe the observer: a code goes to the observer, a wrong or
// missing code counts as a failed login, and only the observer's reply
// unsubscribes (issue 23 item 5).
func TestObserveOffForged(t *testing.T) {
	f := newFixture(t)
	const olga = "olga@example.test"
	require.NoError(t, f.d.setObserver(f.g, olga, true))
	f.mail(olga, "observe ashdown off", "", "Reply-To: "+mallory+"\r\n")
	assert.Equal(t, []string{olga}, f.d.observers(f.g))
	assert.Empty(t, f.out.to(mallory), "the code went to the forger's Reply-To")
	code := f.out.last(olga)
	require.True(t, strings.HasPrefix(code.Subject, "observe ashdown off confirm "), code.Subject)
	assert.Contains(t, code.Text, "to stop sending the public report")
	f.mail(olga, "observe ashdown off confirm 0000-0000-0000-0000", "", "Reply-To: "+mallory+"\r\n")
	assert.Contains(t, f.out.last(mallory).Text, "not a valid confirmation code")
	assert.Equal(t, []string{olga}, f.d.observers(f.g))
	f.mail(olga, "observe ashdown confirm "+strings.Fields(code.Subject)[4], "")
	assert.Equal(t, []string{olga}, f.d.observers(f.g), "an off code confirms nothing else")
	f.mail(olga, "observe ashdown off confirm "+strings.Fields(code.Subject)[4], "")
	assert.Empty(t, f.d.observers(f.g))
	f.mail("nobody@example.test", "observe ashdown off", "")
	assert.Contains(t, f.out.last("nobody@example.test").Text, "does not receive the reports of game ashdown")
}

// TestSecondJoinAnswered: a second "join" from one address on one day is
// answered (it got nothing before), without a second code mail; a request
// handled again after a crash mails the code again under the same id.
func TestSecondJoinAnswered(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil", "continuous")
	const erin = "erin@example.test"
	f.mail(erin, "join ashdown Erin", "")
	conf := f.out.last(erin)
	require.True(t, strings.HasPrefix(conf.Subject, "join ashdown confirm "), conf.Subject)
	f.mail(erin, "join ashdown Erin", "")
	require.Len(t, f.out.to(erin), 2)
	again := f.out.last(erin)
	assert.Equal(t, "pbem: join", again.Subject)
	assert.Contains(t, again.Text, "was mailed to "+erin+" today already")
	assert.NotContains(t, again.Text, strings.Fields(conf.Subject)[3])
	f.n-- // the first mail again, as after a crash: same journal id
	f.n--
	f.mail(erin, "join ashdown Erin", "")
	assert.Len(t, f.out.to(erin), 2, "the retried request sends nothing new")
	f.now = f.now.Add(24 * time.Hour)
	f.mail(erin, "join ashdown Erin", "")
	assert.True(t, strings.HasPrefix(f.out.last(erin).Subject, "join ashdown confirm "), "a new day, a new code mail")
}
