package daemon

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestJoinAdmitLeave is continuous play by mail (Hy Breasil 10.1): a
// newcomer's "join" is confirmed from their address (not a Reply-To), a
// wrong code and an "admit" without the GM's token change nothing, the
// GM is asked and admits with the token, and the new seat's token goes to
// the newcomer's address only; a player leaves with their token, and the
// next invasion phase plays both.
func TestJoinAdmitLeave(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil", "continuous")
	const erin = "erin@example.test"
	f.mail(erin, "join ashdown Erin Example", "", "Reply-To: "+mallory+"\r\n")
	assert.Empty(t, f.out.to(mallory), "the confirmation went to the Reply-To")
	conf := f.out.last(erin)
	require.NotNil(t, conf)
	require.True(t, strings.HasPrefix(conf.Subject, "join ashdown confirm "), conf.Subject)
	assert.Contains(t, conf.Text, `as "Erin Example"`)

	f.mail(mallory, "join ashdown confirm "+strings.Fields(conf.Subject)[3], "")
	f.mail(erin, "join ashdown confirm 0000-0000-0000-0000", "")
	assert.Contains(t, f.out.last(erin).Text, "not a valid confirmation code")
	f.mail("gm@example.test", "admit ashdown "+erin, "")
	assert.Len(t, f.g.Seats(), 4, "admitted without the GM's token")
	f.mail("gm@example.test", "admit ashdown "+erin, "token: "+f.gmTok)
	assert.Contains(t, f.out.last("gm@example.test").Text, "has no confirmed request to join")

	f.mail(erin, "Re: "+conf.Subject, "> Someone, perhaps you, asked")
	ask := f.out.last("gm@example.test")
	require.NotNil(t, ask)
	assert.Contains(t, ask.Subject, erin+" asks to join")
	assert.Contains(t, ask.Text, "admit "+erin)
	f.mail("gm@example.test", "admit ashdown "+erin, "token: "+f.gmTok)
	seat := f.out.last(erin)
	require.NotNil(t, seat)
	assert.Contains(t, seat.Subject, "you have a seat")
	seats := f.g.Seats()
	require.Len(t, seats, 5)
	assert.Equal(t, "Erin Example", seats[4].Name)
	assert.Equal(t, "Purple", seats[4].Colour)
	tok, err := f.d.tokenOf(f.g, "Erin Example")
	require.NoError(t, err)
	assert.Contains(t, seat.Text, "token: "+tok)
	for _, m := range f.out.to(mallory) {
		assert.NotContains(t, m.Text, tok)
	}

	f.mail(addrs[1], "leave ashdown", "")
	assert.True(t, f.g.Seats()[1].WantsIn, "a leave without the token")
	f.mail(addrs[1], "leave ashdown", "token: "+f.tokens["Bob"])
	assert.Contains(t, f.out.last(addrs[1]).Text, "You leave game ashdown at the start of the next turn")
	assert.False(t, f.g.Seats()[1].WantsIn)
	f.mail(addrs[1], "status ashdown", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "leaves at the start of the next turn")

	f.tokens["Erin Example"] = tok
	for round, i := f.g.State().Round, 0; f.g.State().Round == round; i++ {
		require.Less(t, i, 100, "the turn does not end")
		addr, tok := f.duePlayer()
		f.mail(addr, "orders", f.botOrders(tok))
	}
	seats = f.g.Seats()
	require.Greater(t, seats[4].Turns, 0, "the next turn has started")
	lastReport := false
	for _, m := range f.out.to(addrs[1]) {
		lastReport = lastReport || strings.Contains(m.Text, "Blue leaves the game")
	}
	assert.True(t, lastReport, "the report of the step he left in still goes to him")
	bobs := len(f.out.to(addrs[1]))
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	assert.Len(t, f.out.to(addrs[1]), bobs, "a player who left gets no more reports")
	assert.False(t, seats[1].In)
	assert.True(t, seats[4].In)
}

// joinAdmitted mails "join ashdown NAME" from addr, confirms it with the
// code mailed back (which must name the seat as want) and has the GM
// admit it.
func joinAdmitted(t *testing.T, f *fixture, addr, name, want string) {
	t.Helper()
	f.mail(addr, strings.TrimSpace("join ashdown "+name), "")
	conf := f.out.last(addr)
	require.NotNil(t, conf)
	require.True(t, strings.HasPrefix(conf.Subject, "join ashdown confirm "), conf.Subject)
	assert.Contains(t, conf.Text, `as "`+want+`"`)
	f.mail(addr, "Re: "+conf.Subject, "")
	f.mail("gm@example.test", "admit ashdown "+addr, "token: "+f.gmTok)
}

// TestJoinFixedGame: a game whose players are fixed says so to "join".
func TestJoinFixedGame(t *testing.T) {
	f := newFixture(t)
	f.mail("erin@example.test", "join ashdown", "")
	assert.Contains(t, f.out.last("erin@example.test").Text, "has a fixed set of players")
}

// TestRerollByReply is Hy Breasil 6.1 by reply: without
// pace.reroll_window a "reroll" is refused; with it the player of the
// nation due rerolls its event for a civilization token, every player
// gets the step's report, the player a new "your turn" with the new
// event, and the deadline does not move; after the window, or from
// another player, it is refused.
func TestRerollByReply(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil")
	for i := 0; f.g.State().Round < 2 || f.g.Due().Nation == ""; i++ {
		require.Less(t, i, 100)
		addr, tok := f.duePlayer()
		f.mail(addr, "orders", f.botOrders(tok))
	}
	addr, tok := f.duePlayer()
	f.mail(addr, "reroll ashdown", "token: "+tok)
	assert.Contains(t, f.out.last(addr).Text, "allows no reroll by reply")
	for _, m := range f.out.to(addr) {
		assert.NotContains(t, m.Text, "reply \"reroll\"", "no window, no offer")
	}

	f.d.cfg.Pace.RerollWindow = time.Hour
	due := f.g.Due()
	steps := len(f.g.Steps())
	other := addrs[0]
	if other == addr {
		other = addrs[1]
	}
	f.mail(other, "reroll ashdown", "token: "+f.tokens[f.d.playerByEmail(f.g, other).Name])
	assert.Contains(t, f.out.last(other).Text, "None of your nations moves now")
	f.mail(addr, "reroll ashdown", "token: "+tok)
	require.Len(t, f.g.Steps(), steps+1)
	assert.Equal(t, due.ID, f.g.Due().ID)
	turn := f.out.last(addr)
	assert.Contains(t, turn.Subject, "Your turn")
	assert.Contains(t, turn.Text, "Random event this turn")
	assert.Contains(t, turn.Text, "reply \"reroll\" with your token by")
	report := false
	for _, m := range f.out.to(other) {
		report = report || strings.Contains(m.Subject, due.ID+"-reroll")
	}
	assert.True(t, report, "every player gets the reroll's report")

	f.now = f.now.Add(2 * time.Hour)
	f.mail(addr, "reroll ashdown", "token: "+tok)
	assert.Contains(t, f.out.last(addr).Text, "reroll window of 1h0m0s")
	assert.Len(t, f.g.Steps(), steps+1)
}

// TestSeatWords: the seats listed by mail count "1 turn", not "1 turns",
// and a player who sends "join" after "leave", before the next turn, is
// told that they stay in the game, not that they enter it "again with
// their score as they left it" (Hy Breasil 10.1).
func TestSeatWords(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil", "continuous")
	f.mail(addrs[1], "leave ashdown", "token: "+f.tokens["Bob"])
	text := f.out.last(addrs[1]).Text
	assert.Contains(t, text, "0 VP in 1 turn\n")
	assert.NotContains(t, text, "1 turns")
	f.mail(addrs[1], "join ashdown", "token: "+f.tokens["Bob"])
	text = f.out.last(addrs[1]).Text
	assert.Contains(t, text, "You stay in game ashdown: your request to leave is withdrawn.")
	assert.NotContains(t, text, "as you left them")
	assert.Contains(t, f.out.last("gm@example.test").Text, "Bob (bob@example.test) takes back the request to leave game ashdown.")
}

// TestJoinNameTaken: a newcomer whose name (by default their address's
// local part) is a player's already is told so and asked for another at
// once: a request kept under that name could never be admitted
// ("two players are called"), and a second "join" did not change it.
func TestJoinNameTaken(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil", "continuous")
	const bob2 = "bob@other.test"
	f.mail(bob2, "join ashdown", "")
	reply := f.out.last(bob2)
	require.NotNil(t, reply)
	assert.NotContains(t, reply.Subject, "confirm")
	assert.Contains(t, reply.Text, `"bob" is the name of a player of game ashdown already`)
	joinAdmitted(t, f, bob2, "Robert", "Robert")
	assert.Contains(t, f.out.last("gm@example.test").Text, "Admitted Robert")
}

// TestJoinNameOfLog: a name players.log could not hold unambiguously
// (parentheses, colons) is replaced by the address's local part, so the
// GM can admit the request.
func TestJoinNameOfLog(t *testing.T) {
	f := newFixtureOf(t, "hy-breasil", "continuous")
	const eve = "eve@example.test"
	joinAdmitted(t, f, eve, "Bob (player): asks to leave", "eve")
	assert.Contains(t, f.out.last(eve).Subject, "you have a seat")
}
