package mailer_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestIntakeSeenNotMoved: the intake marks a processed message \Seen, then
// moves it to the processed mailbox. Killed (or cut off) in between, it left
// the message \Seen in the INBOX, where the search for unseen mail never
// found it again: it stayed there for good (e2e TestRandomKills found two).
// The next session moves it, as the journal says it is done, and does not
// handle it again.
func TestIntakeSeenNotMoved(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	proxy := mailtest.StartProxy(t, srv.IMAPAddr())
	require.NoError(t, srv.Deliver(gm, orderMail("seen@pbem.test", "x\r\n")))
	proxy.CutOnce([]byte("STORE completed"), 0) // the server has set \Seen; the client never hears it
	rec := &recorder{}
	runIntake(t, newIntake(t, intakeConfig(proxy.Addr()), ""), rec)
	eventually(t, "moved to Processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == 1 })
	assert.Equal(t, 1, proxy.Cuts())
	assert.Equal(t, 0, mailboxLen(t, srv, gm, "INBOX"))
	assert.Equal(t, 1, rec.count(), "handled once")
}
