package daemon

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/mailer"
)

// SetAside answers a mail the intake set aside without handling it
// (mailer.IntakeConfig.OnFailed): one over limits.max_message_bytes, which
// is never downloaded, one that failed every attempt, or one reusing a
// Message-ID. The sender is told it was not processed (automatic mail gets
// no answer, RFC 3834) and the GM where it is kept.
func (d *Daemon) SetAside(m *mailer.Message, cause error) error {
	key := m.JournalID
	if key == "" {
		key = fmt.Sprintf("uid-%d-%d", m.UIDValidity, m.UID)
	}
	in, _ := mailer.Parse(m.Raw, d.limits) // for an oversize mail Raw is its header, which is enough
	if in == nil {
		in = &mailer.Inbound{}
	}
	why := strings.TrimPrefix(cause.Error(), "mailer: ")
	gm := fmt.Sprintf("A mail was set aside without being processed: %s.\n\nFrom: %s\nSubject: %s\nMessage-ID: <%s>\nIMAP mailbox %s, UIDVALIDITY %d, UID %d; journal id %q.\n",
		why, in.From, in.Subject, m.MessageID, m.Mailbox, m.UIDValidity, m.UID, m.JournalID)
	if err := d.toGM("pbem: a mail was set aside", gm, "aside."+key); err != nil {
		return err
	}
	if in.AutoReply || in.From == "" {
		return nil
	}
	to := in.From
	if in.ReplyTo != "" {
		to = in.ReplyTo
	}
	return d.send(&mailer.Outgoing{
		ID: safeID("aside", key), To: []string{to}, Subject: "pbem: Not processed",
		Text:      fmt.Sprintf("Your mail %q was not processed: %s.\n\nOrders are a few kilobytes of plain text: send them in the body or as a small .txt attachment. The message is kept for the GM, who has been told.\n", in.Subject, why),
		InReplyTo: in.MessageID, AutoSubmitted: true,
	})
}
