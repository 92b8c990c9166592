package daemon

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// handleAs hands the daemon a mail under a given journal id, as the intake
// does again for a mail a crash cut short.
func (f *fixture) handleAs(jid, from, subject, body string) {
	f.t.Helper()
	raw := fmt.Sprintf("From: %s\r\nTo: pbem@example.test\r\nSubject: %s\r\nMessage-ID: <%s@example.test>\r\nDate: Mon, 2 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, subject, jid, strings.ReplaceAll(body, "\n", "\r\n"))
	require.NoError(f.t, f.d.Handle(context.Background(), &mailer.Message{Raw: []byte(raw), JournalID: jid, MessageID: jid + "@example.test"}))
}

// TestSeatChangeRetried: a "token new", an "address" or a GM "replace"
// handled again after a crash (the same journal id) makes no second change:
// the token drawn the first time stands and is mailed again under the same
// outbox id, and the moved player's retry from the old address with the old
// token is answered, not refused as a failed login (issue 10 item 7).
func TestSeatChangeRetried(t *testing.T) {
	f := newFixture(t)
	old := f.tokens["Bob"]
	body := "game: ashdown\ntoken: " + old + "\ntoken new\n"
	f.handleAs("jtok", addrs[1], "token", body)
	first, err := f.d.tokenOf(f.g, "Bob")
	require.NoError(t, err)
	require.NotEqual(t, old, first)
	f.handleAs("jtok", addrs[1], "token", body)
	again, err := f.d.tokenOf(f.g, "Bob")
	require.NoError(t, err)
	assert.Equal(t, first, again, "the retry drew no second token")
	assert.NotContains(t, f.out.last(addrs[1]).Text, "the token is wrong", "the retry is not a failed login")

	body = "game: ashdown\ntoken: " + first + "\naddress bob@new.example.test\n"
	f.handleAs("jaddr", addrs[1], "address", body)
	moved, _ := f.d.tokenOf(f.g, "Bob")
	f.handleAs("jaddr", addrs[1], "address", body)
	after, _ := f.d.tokenOf(f.g, "Bob")
	assert.Equal(t, moved, after, "the retried move drew no second token")
	assert.Equal(t, "bob@new.example.test", f.g.PlayerOf("Brigantes").Email)
	assert.NotContains(t, f.out.last(addrs[1]).Text, "is not a player", "the retry from the old address is answered")

	f.handleAs("jrep", "gm@example.test", "replace ashdown Dave eve@example.test", "token: "+f.gmTok)
	dave, _ := f.d.tokenOf(f.g, "Dave")
	f.handleAs("jrep", "gm@example.test", "replace ashdown Dave eve@example.test", "token: "+f.gmTok)
	dave2, _ := f.d.tokenOf(f.g, "Dave")
	assert.Equal(t, dave, dave2, "the GM's retried replace drew no second token")

	log, err := os.ReadFile(filepath.Join(f.g.Dir(), "players.log"))
	require.NoError(t, err)
	assert.Equal(t, 3, strings.Count(string(log), "[ref "), "one change a request:\n%s", log)
}
