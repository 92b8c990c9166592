package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"net/textproto"
	"os"
	"strings"

	"github.com/pbem-org/pbem/mailer"
)

// SetAside answers a mail the intake set aside without handling it
// (mailer.IntakeConfig.OnFailed): one over limits.max_message_bytes, which
// is never downloaded, one that failed every attempt, or one reusing a
// Message-ID. The GM is told why and where the mail is; the sender is
// told it was not processed (automatic mail gets no answer, RFC 3834),
// without the server's error, which may name its files.
func (d *Daemon) SetAside(m *mailer.Message, cause error) error {
	key := m.JournalID
	if key == "" {
		key = fmt.Sprintf("uid-%d-%d", m.UIDValidity, m.UID)
	}
	in, _ := mailer.Parse(m.Raw, d.limits) // for an oversize mail Raw is its header, which is enough
	if in == nil {
		in = &mailer.Inbound{}
	}
	where := fmt.Sprintf("It stays unseen in the IMAP mailbox %s, flagged $PbemFailed", m.Mailbox)
	if d.cfg.IMAP.FailedMailbox != "" {
		where = "It was moved to the IMAP mailbox " + d.cfg.IMAP.FailedMailbox
	}
	gm := fmt.Sprintf("A mail was set aside without being processed: %s.\n\nFrom: %s\nSubject: %s\nMessage-ID: <%s>\n%s (UIDVALIDITY %d, UID %d); journal id %q.\n",
		strings.TrimPrefix(cause.Error(), "mailer: "), in.From, in.Subject, m.MessageID, where, m.UIDValidity, m.UID, m.JournalID)
	if err := d.toGM("pbem: a mail was set aside", gm, "aside."+key); err != nil {
		return err
	}
	if in.AutoReply || in.From == "" {
		return nil
	}
	why := "pbem could not process it; the GM has been told and will look at it"
	var le *mailer.LimitError
	if errors.As(cause, &le) {
		why = strings.TrimPrefix(le.Error(), "mailer: ")
	}
	return d.send(&mailer.Outgoing{
		ID: safeID("aside", key), To: []string{replyAddr(in)}, Subject: "pbem: Not processed",
		Text:      fmt.Sprintf("Your mail %q was not processed: %s.\n\nOrders are a few kilobytes of plain text: send them in the body or as a small .txt attachment. The message is kept for the GM, who has been told.\n", in.Subject, why),
		InReplyTo: in.MessageID, AutoSubmitted: true,
	})
}

// public is an error as a sender may read it: a problem with the server's
// files becomes a plain sentence (the log has the details).
func (d *Daemon) public(err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	if errors.As(err, &pe) || errors.As(err, &le) || (d.cfg.Data != "" && strings.Contains(err.Error(), d.cfg.Data)) {
		d.log.Error("a disk error answered as such", "err", err)
		return "the server could not write the game's files; the GM has been told"
	}
	return err.Error()
}

// GivenUp tells the GM that the outbox gave up on a mail's recipients
// (mailer.OutboxConfig.OnFailed): a bounce at the SMTP server (5xx) or
// days of temporary failures. A note to the GM that failed is only logged.
func (d *Daemon) GivenUp(id string, rcpts []string, err error) {
	d.log.Error("mail given up", "id", id, "to", rcpts, "err", err)
	for _, r := range rcpts {
		if strings.EqualFold(r, d.gmAddr) {
			return
		}
	}
	text := fmt.Sprintf("pbem gave up sending a mail to %s: %v.\n\nOutbox id %s. If the address is wrong, replace the player (\"replace PLAYER NEW@ADDRESS\").\n", strings.Join(rcpts, ", "), err, id)
	if e := d.toGM("pbem: a mail could not be delivered", text, "givenup."+id); e != nil {
		d.log.Error("cannot tell the GM of a mail given up", "id", id, "err", e)
	}
}

// isBounce reports whether an automatic mail is a delivery failure report
// (RFC 3464) or comes from a mailer daemon.
func isBounce(in *mailer.Inbound) bool {
	ct := strings.ToLower(in.Header.Get("Content-Type"))
	if strings.HasPrefix(ct, "multipart/report") && strings.Contains(ct, "delivery-status") {
		return true
	}
	local, _, _ := strings.Cut(strings.ToLower(in.From), "@")
	return local == "mailer-daemon" || local == "postmaster"
}

// bounce tells the GM of a mail that came back: the recipients and the
// reasons the report gives (RFC 3464 fields), never the returned message
// itself, which may hold a token. One note per failed address and day.
func (d *Daemon) bounce(m *mailer.Message, in *mailer.Inbound) error {
	var rcpts, lines []string
	for _, a := range in.Attachments {
		if a.ContentType != "message/delivery-status" && a.ContentType != "message/global-delivery-status" {
			continue
		}
		for _, l := range strings.Split(strings.ReplaceAll(string(a.Data), "\r\n", "\n"), "\n") {
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				continue
			}
			switch textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(k)) {
			case "Final-Recipient", "Original-Recipient":
				if _, addr, ok := strings.Cut(v, ";"); ok {
					rcpts = append(rcpts, strings.TrimSpace(addr))
				}
				lines = append(lines, strings.TrimSpace(l))
			case "Action", "Status", "Diagnostic-Code":
				lines = append(lines, strings.TrimSpace(l))
			}
		}
	}
	key := m.JournalID
	if len(rcpts) > 0 {
		key = strings.ToLower(rcpts[0]) + "." + d.now().UTC().Format("2006-01-02")
	}
	if len(lines) == 0 {
		lines = []string{"(the report gives no machine-readable reason)"}
	}
	d.log.Warn("bounce", "from", in.From, "recipients", len(rcpts), "journal", m.JournalID)
	text := fmt.Sprintf("A mail from pbem came back undelivered.\n\nFrom: %s\nSubject: %s\nJournal id: %s\n\n%s\n\nIf a player's address is wrong, replace the player (\"replace PLAYER NEW@ADDRESS\").\n",
		in.From, in.Subject, m.JournalID, strings.Join(lines, "\n"))
	return d.toGM("pbem: a mail bounced", text, "bounce."+key)
}
