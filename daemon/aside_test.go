package daemon

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
)

// TestSetAsideNoServerPaths: the sender of a mail set aside after failed
// attempts is told it was not processed, without the server's error (it
// names the server's files); the GM gets the error and where the mail is.
func TestSetAsideNoServerPaths(t *testing.T) {
	f := newFixture(t)
	cause := fmt.Errorf("mailer: handler did not succeed in 5 attempts: open %s/pace/ashdown.json: permission denied", f.d.cfg.Data)
	raw := "From: bob@example.test\r\nSubject: orders\r\nMessage-ID: <x@example.test>\r\n\r\ngame: ashdown\r\n"
	require.NoError(t, f.d.SetAside(&mailer.Message{Raw: []byte(raw), JournalID: "j9", MessageID: "x@example.test", Mailbox: "INBOX", UID: 7}, cause))
	reply := f.out.last("bob@example.test")
	require.NotNil(t, reply)
	assert.NotContains(t, reply.Text, f.d.cfg.Data)
	assert.NotContains(t, reply.Text, "permission denied")
	assert.Contains(t, reply.Text, "the GM has been told")
	gm := f.out.last(f.d.cfg.GM)
	assert.Contains(t, gm.Text, "permission denied", "the GM gets the cause")
	assert.Contains(t, gm.Text, "stays unseen in the IMAP mailbox INBOX, flagged $PbemFailed")

	f.d.cfg.IMAP.FailedMailbox = "Failed"
	require.NoError(t, f.d.SetAside(&mailer.Message{Raw: []byte(raw), JournalID: "j10", MessageID: "y@example.test", Mailbox: "INBOX", UID: 8},
		&mailer.LimitError{Limit: "max_bytes", Max: 4096, Got: 9000}))
	assert.Contains(t, f.out.last("bob@example.test").Text, "max_bytes", "a limit is the sender's to know")
	assert.Contains(t, f.out.last(f.d.cfg.GM).Text, "moved to the IMAP mailbox Failed")
}

// TestKeptForTheGM: a mail refused for its shape (here: too many parts)
// tells its sender it is kept for the GM, and the GM is told.
func TestKeptForTheGM(t *testing.T) {
	f := newFixture(t)
	var b strings.Builder
	b.WriteString("From: carol@example.test\r\nSubject: parts\r\nMessage-ID: <parts@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "--x\r\nContent-Type: text/plain\r\n\r\npart %d\r\n", i)
	}
	b.WriteString("--x--\r\n")
	require.NoError(t, f.d.Handle(context.Background(), &mailer.Message{Raw: []byte(b.String()), JournalID: "jparts", MessageID: "parts@example.test"}))
	assert.Contains(t, f.out.last("carol@example.test").Text, "kept for the GM")
	gm := f.out.last(f.d.cfg.GM)
	require.NotNil(t, gm)
	assert.Contains(t, gm.Subject, "a mail was refused")
	assert.Contains(t, gm.Text, "carol@example.test")
	assert.Contains(t, gm.Text, "jparts")
}

// TestBounceToGM: a delivery failure report (RFC 3464) is not answered;
// the GM gets the failed address and the reason, never the returned
// message (it may hold a token), once per address and day.
func TestBounceToGM(t *testing.T) {
	f := newFixture(t)
	tok := f.tokens["Dave"]
	dsn := func(id string) string {
		return "From: MAILER-DAEMON@mx.example.test\r\nTo: pbem@example.test\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <" + id + "@mx.example.test>\r\n" +
			"MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=r\r\n\r\n" +
			"--r\r\nContent-Type: text/plain\r\n\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n" +
			"--r\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.test\r\n\r\nFinal-Recipient: rfc822; dave@example.test\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 user unknown\r\n" +
			"--r\r\nContent-Type: message/rfc822\r\n\r\nFrom: pbem@example.test\r\nSubject: pbem ashdown: welcome\r\n\r\n    token: " + tok + "\r\n--r--\r\n"
	}
	for i, id := range []string{"b1", "b2"} {
		require.NoError(t, f.d.Handle(context.Background(), &mailer.Message{Raw: []byte(dsn(id)), JournalID: "j" + id, MessageID: id + "@mx.example.test"}))
		var notes []*mailer.Outgoing
		for _, m := range f.out.to(f.d.cfg.GM) {
			if strings.Contains(m.Subject, "bounced") {
				notes = append(notes, m)
			}
		}
		require.Len(t, notes, 1, "bounce %d", i+1)
		assert.Contains(t, notes[0].Text, "Final-Recipient: rfc822; dave@example.test")
		assert.Contains(t, notes[0].Text, "Diagnostic-Code: smtp; 550 5.1.1 user unknown")
		assert.NotContains(t, notes[0].Text, tok)
	}
	assert.Empty(t, f.out.to("MAILER-DAEMON@mx.example.test"), "a bounce is never answered")
}

// TestGivenUpToGM: the outbox giving up on a recipient tells the GM,
// except when the GM's own address is the one given up.
func TestGivenUpToGM(t *testing.T) {
	f := newFixture(t)
	f.d.GivenUp("ashdown.001-r01-romanobritish.report.4", []string{"dave@example.test"}, errors.New("550 5.1.1 user unknown"))
	gm := f.out.last(f.d.cfg.GM)
	require.NotNil(t, gm)
	assert.Contains(t, gm.Text, "dave@example.test")
	assert.Contains(t, gm.Text, "550 5.1.1")
	n := len(f.out.to(f.d.cfg.GM))
	f.d.GivenUp("gm.givenup.x", []string{f.d.cfg.GM}, errors.New("550 no such user"))
	assert.Len(t, f.out.to(f.d.cfg.GM), n, "no note about the GM's own address to that address")
}
