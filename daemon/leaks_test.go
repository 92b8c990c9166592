package daemon

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
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

// TestPressWhole: a press keeps the words on its "press NATION" line and
// every line after it, "Pressure on…" too; it loses every secret of the
// game (Alice's token quoted by Carol, the GM's token), and the sender is
// told what was relayed and that a token was taken out. The press log is
// private (issue 23 items 2 and 3).
func TestPressWhole(t *testing.T) {
	f := newFixture(t)
	alice := f.tokens["Alice"]
	bob := f.g.PlayerByName("Bob")
	body := "game: ashdown\ntoken: " + f.tokens["Carol"] + "\npress " + bob.Nations[0] + " Pressure on the Welsh, Bob.\n" +
		"Alice's token is " + strings.ToUpper(alice) + ", the GM's " + gmToken + ".\nPressure on York too.\npress on!\n"
	f.mail(addrs[2], "press", body)
	relayed := f.out.last(bob.Email)
	require.Contains(t, relayed.Subject, "press from Carol")
	for _, want := range []string{"Pressure on the Welsh, Bob.", "Pressure on York too.", "press on!", "Alice's token is [token removed], the GM's [token removed]."} {
		assert.Contains(t, relayed.Text, want)
	}
	assert.NotContains(t, strings.ToLower(relayed.Text), alice)
	assert.NotContains(t, relayed.Text, gmToken)
	ans := f.out.last(addrs[2])
	assert.Contains(t, ans.Text, "Relayed to Bob")
	assert.Contains(t, ans.Text, "2 secret tokens of this game were taken out first")
	log, err := os.ReadFile(filepath.Join(f.g.SecretsDir(), "press.log"))
	require.NoError(t, err)
	assert.Contains(t, string(log), "Carol -> Bob\n    Pressure on the Welsh, Bob.\n")
	assert.NotContains(t, strings.ToLower(string(log)), alice)
	fi, err := os.Stat(filepath.Join(f.g.SecretsDir(), "press.log"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	_, err = os.Stat(filepath.Join(f.g.Dir(), "press.log"))
	assert.True(t, os.IsNotExist(err), "press in the public game directory")

	f.mail(addrs[2], "press ashdown "+bob.Nations[0]+" hello from the Subject", "token: "+f.tokens["Carol"]+"\nand the body.\n")
	assert.Contains(t, f.out.last(bob.Email).Text, "hello from the Subject\nand the body.")
	n := len(f.out.to(bob.Email))
	f.mail(addrs[2], "press", "game: ashdown\ntoken: "+f.tokens["Carol"]+"\npress "+bob.Nations[0]+"\n")
	assert.Len(t, f.out.to(bob.Email), n, "an empty press relayed")
	assert.Contains(t, f.out.last(addrs[2]).Text, "Not relayed: the message to Bob is empty")
	f.mail(addrs[2], "press", "game: ashdown\ntoken: "+f.tokens["Carol"]+"\npress Narnians hello\n")
	assert.Contains(t, f.out.last(addrs[2]).Text, "Not relayed: ")
}

// tarFiles unpacks an archive mail's attachment: file name to contents.
func tarFiles(t *testing.T, m *mailer.Outgoing) map[string]string {
	t.Helper()
	require.Len(t, m.Attach, 1)
	zr, err := gzip.NewReader(bytes.NewReader(m.Attach[0].Data))
	require.NoError(t, err)
	tr := tar.NewReader(zr)
	out := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := io.ReadAll(tr)
		require.NoError(t, err)
		out[h.Name] = string(b)
	}
}

// TestArchiveByMail: "archive" without a token sends the public record
// alone (no press, no address); a player with their token gets the press
// they sent and received, from their registered address only; the GM with
// the GM's token all of it; a wrong token is a failed login (issue 23
// item 1).
func TestArchiveByMail(t *testing.T) {
	f := newFixture(t)
	press := func(from, to, text string) {
		p := f.g.PlayerByName(from)
		f.mail(p.Email, "press", "game: ashdown\ntoken: "+f.tokens[from]+"\npress "+f.g.PlayerByName(to).Nations[0]+" "+text+"\n")
	}
	press("Alice", "Bob", "Alice to Bob.")
	press("Carol", "Dave", "Carol to Dave.")
	f.mail("x@example.test", "archive ashdown", "")
	m := f.out.last("x@example.test")
	files := tarFiles(t, m)
	assert.Contains(t, files, "ashdown/game.yaml")
	for name, data := range files {
		assert.NotContains(t, name, "press")
		assert.NotContains(t, data, "@example.test", name)
		assert.NotContains(t, data, "to Bob.", name)
	}
	assert.Contains(t, m.Text, "without the players' press or addresses")

	f.mail(addrs[1], "archive", "game: ashdown\ntoken: "+f.tokens["Bob"]+"\narchive\n", "Reply-To: "+mallory+"\r\n")
	assert.Empty(t, f.out.to(mallory), "private press went to a Reply-To")
	m = f.out.last(addrs[1])
	files = tarFiles(t, m)
	assert.Contains(t, files["ashdown/press.log"], "Alice -> Bob\n    Alice to Bob.")
	assert.NotContains(t, files["ashdown/press.log"], "Carol to Dave.")
	assert.Contains(t, m.Subject, "with your press")

	f.mail(f.d.cfg.GM, "archive ashdown", "token: "+gmToken+"\n")
	files = tarFiles(t, f.out.last(f.d.cfg.GM))
	assert.Contains(t, files["ashdown/press.log"], "Alice to Bob.")
	assert.Contains(t, files["ashdown/press.log"], "Carol to Dave.")

	f.mail(addrs[1], "archive ashdown", "token: "+f.tokens["Alice"]+"\n")
	assert.Contains(t, f.out.last(addrs[1]).Text, "the token is wrong")
	assert.Empty(t, f.out.last(addrs[1]).Attach)
}

// TestQuotedYourTurn: "same as before" quoting pbem's "your turn", whose
// template holds the placeholder YOUR-TOKEN, was "the token is wrong" and
// a failed login; it is told the placeholder is not a token, and is no
// failed login. So is a command with the help's "token: TOKEN".
func TestQuotedYourTurn(t *testing.T) {
	f := newFixture(t)
	addr, _ := f.duePlayer()
	turn := f.out.last(addr)
	require.Contains(t, turn.Subject, "Your turn")
	require.Contains(t, turn.Text, "token: YOUR-TOKEN")
	n := len(f.out.to(addr))
	f.mail(addr, "Re: "+turn.Subject, "Same as before.\n\n> "+strings.ReplaceAll(strings.TrimRight(turn.Text, "\n"), "\n", "\n> ")+"\n")
	require.Len(t, f.out.to(addr), n+1, "one answer, no notice")
	r := f.out.last(addr)
	assert.Contains(t, r.Subject, "Orders NOT accepted")
	assert.Contains(t, r.Text, `"token: YOUR-TOKEN" is the placeholder of pbem's orders template, not your token`)
	assert.NotContains(t, r.Text, "token is wrong")
	f.mail(addr, "ready", "game: ashdown\ntoken: TOKEN\nready\n")
	assert.Contains(t, f.out.last(addr).Text, `"ready" needs your token`)
	f.mail(f.d.cfg.GM, "pause ashdown", "token: YOUR-GM-TOKEN\n")
	assert.Contains(t, f.out.last(f.d.cfg.GM).Text, "GM commands need the GM's token")
	_, err := os.Stat(f.d.failuresPath())
	assert.True(t, os.IsNotExist(err), "counted as a failed login")
}

// TestForgerNotices: a forger who changes the From address for each mail
// is refused each time, but the owner hears of it once, then in one
// summary a day later, also across a restart (issue 23 item 7).
func TestForgerNotices(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	orders := f.botOrders(tok)
	notices := func() (n, summaries int) {
		for _, m := range f.out.to(addr) {
			if strings.Contains(m.Subject, "someone tried to act as") {
				n++
			}
			if strings.Contains(m.Subject, "more mails tried to act as") {
				summaries++
			}
		}
		return n, summaries
	}
	forge := func(i int) {
		f.mail(fmt.Sprintf("forger%d@example.test", i), "orders", orders)
		assert.Contains(t, f.out.last(fmt.Sprintf("forger%d@example.test", i)).Text, "pbem did not accept", "each forger is answered")
	}
	for i := range 5 {
		forge(i)
	}
	n, s := notices()
	assert.Equal(t, 1, n, "notices the first day")
	f.d = f.open(f.d.cfg) // a restart
	forge(5)
	forge(6)
	f.now = f.now.Add(12 * time.Hour)
	require.NoError(t, f.d.FlushNotices())
	n, s = notices()
	assert.Equal(t, [2]int{1, 0}, [2]int{n, s}, "within the day")
	f.now = f.now.Add(12 * time.Hour)
	require.NoError(t, f.d.FlushNotices())
	require.NoError(t, f.d.FlushNotices())
	n, s = notices()
	assert.Equal(t, [2]int{1, 1}, [2]int{n, s}, "one summary a day later")
	sum := f.out.last(addr)
	assert.Contains(t, sum.Subject, "pbem: 6 more mails tried to act as Alice, the player of the Romano-British")
	for i := 1; i <= 6; i++ {
		assert.Contains(t, sum.Text, fmt.Sprintf("from forger%d@example.test", i))
	}
	forge(7)
	n, s = notices()
	assert.Equal(t, [2]int{1, 1}, [2]int{n, s}, "the summary was today's mail")
	f.now = f.now.Add(25 * time.Hour)
	require.NoError(t, f.d.FlushNotices())
	n, s = notices()
	assert.Equal(t, [2]int{1, 2}, [2]int{n, s})
	f.now = f.now.Add(25 * time.Hour)
	forge(8)
	n, _ = notices()
	assert.Equal(t, 2, n, "a quiet day later, a notice at once again")
	fi, err := os.Stat(f.d.noticesPath())
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

// TestOldGameMoved: a game created before issue 23, its addresses in
// game.yaml and its press in the game directory, is served with both
// moved to the private directory; the players are mailed as before.
func TestOldGameMoved(t *testing.T) {
	f := newFixture(t)
	gy := filepath.Join(f.g.Dir(), "game.yaml")
	data, err := os.ReadFile(gy)
	require.NoError(t, err)
	old := string(data)
	for i, name := range []string{"Alice", "Bob", "Carol", "Dave"} {
		old = strings.Replace(old, "- name: "+name+"\n", "- name: "+name+"\n    email: "+addrs[i]+"\n", 1)
	}
	require.Contains(t, old, "email: bob@example.test")
	require.NoError(t, os.WriteFile(gy, []byte(old), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(f.g.Dir(), "press.log"), []byte("2026-11-01T10:00:00Z Alice -> Bob\n    old press\n\n"), 0o644))
	f.d = f.open(f.d.cfg)
	f.g = f.d.game("ashdown")
	data, err = os.ReadFile(gy)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "@")
	_, err = os.Stat(filepath.Join(f.g.Dir(), "press.log"))
	assert.True(t, os.IsNotExist(err))
	press, err := os.ReadFile(filepath.Join(f.g.SecretsDir(), "press.log"))
	require.NoError(t, err)
	assert.Contains(t, string(press), "old press")
	require.NoError(t, f.g.CheckSecrets())
	assert.Equal(t, addrs[1], f.g.PlayerByName("Bob").Email)
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	assert.Contains(t, f.out.last(addrs[1]).Subject, "r01-romanobritish", "Bob gets the report")
}
