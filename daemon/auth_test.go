package daemon

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

const mallory = "mallory@example.test"

// gmState is what a GM command could change: the pace file, the seats,
// the steps.
func (f *fixture) gmState() string {
	pace, _ := os.ReadFile(f.d.pacePath(f.g))
	var seats []string
	for _, p := range f.g.Players() {
		seats = append(seats, p.Name+"="+p.Email+" "+p.Prefs.String())
	}
	return string(pace) + "|" + strings.Join(seats, ",") + "|" + f.g.Due().ID + "|" + f.g.Commitment()
}

// TestForgedGM: every GM command sent from the GM's address without the
// GM's token, or with a wrong one, changes nothing and mails no token;
// with Reply-To set by the forger, the GM is warned. With the token the
// command works.
func TestForgedGM(t *testing.T) {
	commands := []string{"pause", "resume", "extend 24", "rollback start oops", "replace Dave " + mallory}
	for _, cmd := range commands {
		for _, tc := range []struct{ name, body, want string }{
			{"no token", "", "GM commands need the GM's token"},
			{"wrong token", "token: 1234-5678-9abc-def0\n", "the GM token is wrong"},
			{"a player's token", "", "the GM token is wrong"},
		} {
			t.Run(cmd+"/"+tc.name, func(t *testing.T) {
				f := newFixture(t)
				body := tc.body
				if tc.name == "a player's token" {
					body = "token: " + f.tokens["Dave"] + "\n"
				}
				word, args, _ := strings.Cut(cmd, " ")
				before := f.gmState()
				f.mail(f.d.cfg.GM, strings.TrimSpace(word+" ashdown "+args), body, "Reply-To: "+mallory+"\r\n")
				assert.Equal(t, before, f.gmState(), "a forged %q changed the game", cmd)
				answer := f.out.last(mallory)
				require.NotNil(t, answer)
				assert.Contains(t, answer.Text, tc.want)
				for _, m := range f.out.to(mallory) {
					assert.NotContains(t, m.Subject, "new token")
					for _, tok := range append([]string{f.gmTok}, f.tokens["Alice"], f.tokens["Bob"], f.tokens["Carol"], f.tokens["Dave"]) {
						assert.NotContains(t, m.Text, tok, "a token went to the forger")
					}
				}
				if tc.name != "no token" {
					warn := f.out.last(f.d.cfg.GM)
					require.NotNil(t, warn)
					assert.Contains(t, warn.Subject, "someone tried to act as the GM")
					assert.Contains(t, warn.Text, "Reply-To: "+mallory)
				}
			})
		}
	}
	t.Run("with the token", func(t *testing.T) {
		f := newFixture(t)
		f.mail(f.d.cfg.GM, "pause ashdown", "token: "+f.gmTok+"\n")
		assert.True(t, f.d.loadPace(f.g).Paused)
		f.mail(f.d.cfg.GM, "x", "game: ashdown\ntoken: "+f.gmTok+"\nreplace Dave eve@example.test\n")
		assert.Equal(t, "eve@example.test", f.g.PlayerOf("Welsh").Email)
	})
}

// TestForgedOnBehalf: orders for a player's nation from the GM's address
// need the GM's token; without it, or with a wrong one, nothing is
// recorded and the turn does not run.
func TestForgedOnBehalf(t *testing.T) {
	for _, tc := range []struct{ name, token, want string }{
		{"no token", "", "need the GM's token"},
		{"wrong token", "1234-5678-9abc-def0", "the token is wrong"},
		{"another player's token", "bob", "the token is wrong"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			tok := tc.token
			if tok == "bob" {
				tok = f.tokens["Bob"]
			}
			due := f.g.Due().ID
			f.mail(f.d.cfg.GM, "orders", f.botOrders(tok))
			assert.Equal(t, due, f.g.Due().ID, "the turn ran")
			rec, err := f.g.Pending()
			require.NoError(t, err)
			assert.Nil(t, rec, "orders were recorded")
			assert.Contains(t, f.out.last(f.d.cfg.GM).Text, tc.want)
			log, err := os.ReadFile(filepath.Join(f.g.Dir(), "submissions.log"))
			require.NoError(t, err)
			assert.NotContains(t, string(log), " accepted ")
		})
	}
	t.Run("the player's token, forwarded by the GM", func(t *testing.T) {
		f := newFixture(t)
		_, tok := f.duePlayer()
		due := f.g.Due().ID
		f.mail(f.d.cfg.GM, "Fwd: orders", f.botOrders(tok))
		assert.NotEqual(t, due, f.g.Due().ID)
		orders, err := os.ReadFile(filepath.Join(f.g.Dir(), "turns", "001-"+due, "orders.txt"))
		require.NoError(t, err)
		assert.NotContains(t, string(orders), "entered by the GM", "the player's own file")
	})
}

// TestPressNeedsToken: press acts for a seat: without the token, or with
// a wrong one, nothing is relayed nor written to the press log.
func TestPressNeedsToken(t *testing.T) {
	f := newFixture(t)
	pressLog := filepath.Join(f.g.SecretsDir(), "press.log")
	for _, tok := range []string{"", "token: " + f.tokens["Carol"] + "\n"} {
		before := len(f.out.to(addrs[3]))
		f.mail(addrs[0], "press", "game: ashdown\n"+tok+"press Welsh\nThe Saxons are coming.\n")
		assert.Len(t, f.out.to(addrs[3]), before, "a press without Alice's token was relayed")
		_, err := os.Stat(pressLog)
		assert.True(t, os.IsNotExist(err), "a forged press reached the press log")
	}
	assert.Contains(t, f.out.last(addrs[0]).Text, "the token is wrong")
	f.mail(addrs[0], "press", "game: ashdown\ntoken: "+f.tokens["Alice"]+"\npress Welsh\nThe Saxons are coming.\n")
	assert.Contains(t, f.out.last(addrs[3]).Text, "The Saxons are coming.")
	data, err := os.ReadFile(pressLog)
	require.NoError(t, err)
	assert.Contains(t, string(data), "Alice -> Dave")
}

// TestSeatCommandsNeedToken: every command that acts for a seat needs the
// player's token; a wrong one is a failed login.
func TestSeatCommandsNeedToken(t *testing.T) {
	for _, cmd := range []string{"ready", "auto on Romano-British", "token new", "address " + mallory, "press Welsh", "prefs map never"} {
		t.Run(cmd, func(t *testing.T) {
			f := newFixture(t)
			before := f.gmState()
			f.mail(addrs[0], "x", "game: ashdown\ntoken: 0000-0000-0000-0000\n"+cmd+"\n", "Reply-To: "+mallory+"\r\n")
			assert.Equal(t, before, f.gmState())
			assert.Contains(t, f.out.last(mallory).Text, "the token is wrong")
			assert.Contains(t, f.out.last(addrs[0]).Subject, "someone tried to act as player Alice")
			assert.Empty(t, f.out.to(mallory)[1:], "one answer to the forger")
		})
	}
}

// TestObserveConfirms: observe subscribes an address only when a code
// mailed to that address comes back from it; the request's Reply-To gets
// nothing.
func TestObserveConfirms(t *testing.T) {
	f := newFixture(t)
	const victim = "victim@example.test"
	f.mail(victim, "observe ashdown", "", "Reply-To: "+mallory+"\r\n")
	assert.Empty(t, f.out.to(mallory), "the confirmation went to the Reply-To")
	conf := f.out.last(victim)
	require.NotNil(t, conf)
	assert.True(t, strings.HasPrefix(conf.Subject, "observe ashdown confirm "), conf.Subject)
	assert.Empty(t, f.d.observers(f.g), "subscribed before confirming")

	f.mail(victim, "observe ashdown", "")
	assert.Len(t, f.out.to(victim), 2, "a second request the same day is answered")
	again := f.out.last(victim)
	assert.Contains(t, again.Text, "A confirmation code was mailed to "+victim+" today already")
	assert.NotContains(t, again.Text, strings.Fields(conf.Subject)[3], "a second code mail the same day")

	f.mail(mallory, "observe ashdown confirm "+strings.Fields(conf.Subject)[3], "")
	assert.Empty(t, f.d.observers(f.g), "a code confirmed from another address")
	f.mail(victim, "observe ashdown confirm 0000-0000-0000-0000", "")
	assert.Contains(t, f.out.last(victim).Text, "not a valid confirmation code")
	assert.Empty(t, f.d.observers(f.g))

	f.mail(victim, "Re: "+conf.Subject, "> Someone, perhaps you, asked")
	assert.Equal(t, []string{victim}, f.d.observers(f.g))
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	assert.Contains(t, f.out.last(victim).Subject, "r01-romanobritish:", "the observer gets the report")

	f.mail(victim, "observe ashdown off", "")
	assert.Equal(t, []string{victim}, f.d.observers(f.g), "unsubscribed without a confirmation")
	off := f.out.last(victim)
	require.True(t, strings.HasPrefix(off.Subject, "observe ashdown off confirm "), off.Subject)
	f.mail(victim, "Re: "+off.Subject, "")
	assert.Empty(t, f.d.observers(f.g))
	assert.Contains(t, f.out.last(victim).Text, "no longer receives the reports of game ashdown")
}

// TestFailedLoginsSurviveRestart: the failed-login count is kept on disk:
// after limits.failed_logins_per_day failures a sender gets no answer,
// also after a restart, and the GM is told once.
func TestFailedLoginsSurviveRestart(t *testing.T) {
	f := newFixture(t)
	limit := f.d.cfg.Limits.FailedLoginsPerDay
	_, tok := f.duePlayer()
	forged := f.botOrders(tok)
	for i := 0; i < limit; i++ {
		f.mail(mallory, "orders", forged)
	}
	assert.Len(t, f.out.to(mallory), limit, "each failure answered up to the limit")
	f.d = f.open(f.d.cfg) // pbem serve restarts
	f.g = f.d.game("ashdown")
	f.mail(mallory, "orders", forged)
	f.mail(mallory, "orders", forged)
	assert.Len(t, f.out.to(mallory), limit, "answered past the limit after a restart")
	var told []*mailer.Outgoing
	for _, m := range f.out.to(f.d.cfg.GM) {
		if strings.Contains(m.Subject, "repeated failed logins") {
			told = append(told, m)
		}
	}
	require.Len(t, told, 1, "the GM is told once")
	assert.Contains(t, told[0].Text, mallory)
	var st failures
	data, err := os.ReadFile(f.d.failuresPath())
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &st))
	assert.Len(t, st.Senders[mallory], limit+1)
}

// TestQuotedAcknowledgement: "same as before" above a quoted
// acknowledgement has no token line (the acknowledgement removes it): it
// is answered as a file without a token, not counted as a failed login,
// and the owner is not warned.
func TestQuotedAcknowledgement(t *testing.T) {
	f := newFixture(t)
	f.d.cfg.Pace.ChangeOfMind = 1 << 40 // the turn waits, so the same turn is due
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	ack := f.out.last(addr)
	require.Contains(t, ack.Subject, "Orders accepted")
	quoted := "Same as before, please.\n\n" + "> " + strings.ReplaceAll(strings.TrimRight(ack.Text, "\n"), "\n", "\n> ") + "\n"
	n := len(f.out.to(addr))
	f.mail(addr, "Re: "+ack.Subject, quoted)
	reply := f.out.last(addr)
	assert.Len(t, f.out.to(addr), n+1, "one answer, no warning")
	assert.Contains(t, reply.Text, `no "token:" line`)
	assert.Contains(t, reply.Text, "has the token removed")
	assert.NotContains(t, reply.Text, "did not accept")
	_, err := os.Stat(f.d.failuresPath())
	assert.True(t, os.IsNotExist(err), "counted as a failed login")
}

// TestArchiveAttachment: orders in a .zip or .gz are not read; the answer
// says that orders are read from the body or a .txt attachment.
func TestArchiveAttachment(t *testing.T) {
	for _, tc := range []struct{ name, ctype string }{{"orders.zip", "application/zip"}, {"orders.txt.gz", "application/gzip"}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			raw := "From: " + addrs[1] + "\r\nTo: pbem@example.test\r\nSubject: my orders\r\nMessage-ID: <zip@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: " + tc.ctype + "\r\nContent-Disposition: attachment; filename=\"" + tc.name + "\"\r\nContent-Transfer-Encoding: base64\r\n\r\nUEsDBAoAAAAAAA==\r\n--b--\r\n"
			require.NoError(t, f.d.Handle(t.Context(), &mailer.Message{Raw: []byte(raw), JournalID: "jzip", MessageID: "zip@example.test"}))
			m := f.out.last(addrs[1])
			require.NotNil(t, m)
			assert.Contains(t, m.Text, "did not open "+tc.name+" ("+tc.ctype+")")
			assert.Contains(t, m.Text, ".txt attachment")
		})
	}
}

// TestObserveCodeGuesses: wrong confirmation codes count as failed logins:
// past the limit they get no answer and the GM is told once.
func TestObserveCodeGuesses(t *testing.T) {
	f := newFixture(t)
	limit := f.d.cfg.Limits.FailedLoginsPerDay
	f.mail(mallory, "observe ashdown", "")
	for i := 0; i < limit+3; i++ {
		f.mail(mallory, fmt.Sprintf("observe ashdown confirm guess-%d", i), "")
	}
	answers := 0
	for _, m := range f.out.to(mallory) {
		if strings.Contains(m.Text, "not a valid confirmation code") {
			answers++
		}
	}
	assert.Equal(t, limit, answers)
	n := 0
	for _, m := range f.out.to(f.d.cfg.GM) {
		if strings.Contains(m.Subject, "repeated failed logins from "+mallory) {
			n++
			assert.Contains(t, m.Text, "wrong confirmation code")
		}
	}
	assert.Equal(t, 1, n)
	assert.Empty(t, f.d.observers(f.g))
}
