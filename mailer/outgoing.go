package mailer

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"net/mail"
	"regexp"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Part is an inline image or an attachment of an Outgoing message.
type Part struct {
	// Name is the file name, the name a reader saves the part under.
	Name string
	// ContentID is an inline part's Content-ID without angle brackets, as
	// RFC 2392 wants it ("map.r05-saxons@ashdown"); the HTML refers to the
	// part as "cid:" followed by it. Empty means Name.
	ContentID string
	// ContentType is the media type, e.g. "image/png"; empty means guessed
	// from Name.
	ContentType string
	Data        []byte
}

// Outgoing is a message for the Outbox. Text is the plain-text body that
// every reader sees (docs/design.md §6: 72 columns, any client); HTML, if set,
// becomes its multipart/alternative twin, and Inline parts are the images
// the HTML shows.
type Outgoing struct {
	// ID names the message for its whole life: the queue file, the sent
	// marker and the Message-ID are derived from it, so enqueuing the same
	// ID twice sends once. Letters, digits and . _ + = - only, starting with
	// a letter or digit, at most 200 bytes; for example
	// "ashdown.r05-saxons.report.alice".
	ID string
	// From is the From header, e.g. `pbem GM <gm@pbem.example>`; empty
	// means SMTPConfig.From.
	From    string
	To      []string
	Subject string
	Text    string
	HTML    string
	Inline  []Part
	Attach  []Part
	// InReplyTo is the Message-ID (with or without angle brackets) this
	// answers; it also becomes References, so clients thread the reply.
	InReplyTo string
	// AutoSubmitted marks mail sent by the program rather than a person
	// (RFC 3834 §5): "auto-replied" when InReplyTo is set, otherwise
	// "auto-generated". Vacation responders then stay quiet.
	AutoSubmitted bool
	// Headers are extra header fields, in order. The fields Outgoing sets
	// itself (From, To, Subject, Date, Message-ID, MIME and threading
	// fields) are refused.
	Headers [][2]string
	// Date is the Date header. Outbox.Enqueue sets it when zero, so every
	// attempt sends the same bytes; Bytes uses the current time.
	Date time.Time
	// Domain is the right-hand side of the Message-ID. Outbox.Enqueue fills
	// it from OutboxConfig.Domain; otherwise the domain of From is used.
	Domain string
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+=-]{0,199}$`)

// reserved are the header fields Bytes writes itself.
var reserved = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "subject": true, "date": true,
	"message-id": true, "in-reply-to": true, "references": true, "mime-version": true,
	"content-type": true, "content-transfer-encoding": true, "content-disposition": true,
	"auto-submitted": true,
}

// MessageID returns the Message-ID the message is sent with, without angle
// brackets: ID@domain.
func (o *Outgoing) MessageID() string {
	return o.ID + "@" + o.domain()
}

func (o *Outgoing) domain() string {
	if o.Domain != "" {
		return o.Domain
	}
	if a, err := mail.ParseAddress(o.From); err == nil {
		if _, d, ok := strings.Cut(a.Address, "@"); ok {
			return d
		}
	}
	return "localhost"
}

// validate checks the fields Bytes relies on.
func (o *Outgoing) validate() error {
	if !idPattern.MatchString(o.ID) || strings.Contains(o.ID, "..") || strings.HasSuffix(o.ID, ".") {
		return fmt.Errorf("mailer: outgoing id %q: want letters, digits and . _ + = - (at most 200)", o.ID)
	}
	if o.From == "" {
		return fmt.Errorf("mailer: outgoing %s: no From", o.ID)
	}
	if len(o.To) == 0 {
		return fmt.Errorf("mailer: outgoing %s: no recipients", o.ID)
	}
	if o.Text == "" && o.HTML == "" {
		return fmt.Errorf("mailer: outgoing %s: no body", o.ID)
	}
	for _, p := range o.Inline {
		if strings.ContainsAny(p.ContentID, "<>\"\r\n ") {
			return fmt.Errorf("mailer: outgoing %s: inline %s: Content-ID %q: want id@domain without brackets or spaces", o.ID, p.Name, p.ContentID)
		}
	}
	for _, h := range o.Headers {
		if reserved[strings.ToLower(h[0])] {
			return fmt.Errorf("mailer: outgoing %s: header %s is set by mailer", o.ID, h[0])
		}
		if strings.ContainsAny(h[0], " :\r\n") || strings.ContainsAny(h[1], "\r\n") {
			return fmt.Errorf("mailer: outgoing %s: malformed header %q", o.ID, h[0])
		}
	}
	return nil
}

// Bytes renders the message as MIME with go-mail: text/plain alone, or
// multipart/alternative with the HTML, inside multipart/related when there
// are inline parts and multipart/mixed when there are attachments. Text is
// quoted-printable UTF-8, parts base64. The output is a function of the
// Outgoing alone (MIME boundaries are derived from the ID), so the same
// message renders to the same bytes, and golden files can hold it.
func (o *Outgoing) Bytes() ([]byte, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent(), gomail.WithCharset(gomail.CharsetUTF8))
	if err := m.From(o.From); err != nil {
		return nil, fmt.Errorf("mailer: outgoing %s: From: %w", o.ID, err)
	}
	if err := m.To(o.To...); err != nil {
		return nil, fmt.Errorf("mailer: outgoing %s: To: %w", o.ID, err)
	}
	m.Subject(o.Subject)
	date := o.Date
	if date.IsZero() {
		date = time.Now()
	}
	m.SetDateWithValue(date)
	m.SetMessageIDWithValue(o.MessageID())
	if o.InReplyTo != "" {
		ref := "<" + strings.Trim(strings.TrimSpace(o.InReplyTo), "<>") + ">"
		m.SetGenHeader(gomail.HeaderInReplyTo, ref)
		m.SetGenHeader(gomail.HeaderReferences, ref)
	}
	if o.AutoSubmitted {
		v := "auto-generated"
		if o.InReplyTo != "" {
			v = "auto-replied"
		}
		m.SetGenHeader("Auto-Submitted", v)
		m.SetGenHeader("X-Auto-Response-Suppress", "All") // Exchange's RFC 3834
	}
	for _, h := range o.Headers {
		m.SetGenHeader(gomail.Header(h[0]), h[1])
	}
	switch {
	case o.Text != "" && o.HTML != "":
		m.SetBodyString(gomail.TypeTextPlain, o.Text)
		m.AddAlternativeString(gomail.TypeTextHTML, o.HTML)
	case o.Text != "":
		m.SetBodyString(gomail.TypeTextPlain, o.Text)
	default:
		m.SetBodyString(gomail.TypeTextHTML, o.HTML)
	}
	for _, p := range o.Inline {
		opts := fileOpts(p)
		if p.ContentID != "" {
			opts = append(opts, gomail.WithFileContentID("<"+p.ContentID+">"))
		}
		if err := m.EmbedReader(p.Name, bytes.NewReader(p.Data), opts...); err != nil {
			return nil, fmt.Errorf("mailer: outgoing %s: inline %s: %w", o.ID, p.Name, err)
		}
	}
	for _, p := range o.Attach {
		if err := m.AttachReader(p.Name, bytes.NewReader(p.Data), fileOpts(p)...); err != nil {
			return nil, fmt.Errorf("mailer: outgoing %s: attachment %s: %w", o.ID, p.Name, err)
		}
	}
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("mailer: outgoing %s: render: %w", o.ID, err)
	}
	return fixBoundaries(buf.Bytes(), o.ID), nil
}

func fileOpts(p Part) []gomail.FileOption {
	if p.ContentType == "" {
		return nil
	}
	return []gomail.FileOption{gomail.WithFileContentType(gomail.ContentType(p.ContentType))}
}

// boundaryPattern matches the random boundaries of mime/multipart (30 random
// bytes in hex), which go-mail uses.
var boundaryPattern = regexp.MustCompile(`boundary=([0-9a-f]{60})\b`)

// fixBoundaries replaces the random multipart boundaries in raw with ones
// derived from id, unless such a string already occurs in raw (then the
// random ones stay: a boundary must never appear in the content).
func fixBoundaries(raw []byte, id string) []byte {
	matches := boundaryPattern.FindAllSubmatch(raw, -1)
	if len(matches) == 0 {
		return raw
	}
	out := raw
	for i, m := range matches {
		sum := sha256.Sum256([]byte(fmt.Sprintf("pbem boundary %d %s", i, id)))
		det := []byte(fmt.Sprintf("%x", sum[:30]))
		if bytes.Contains(raw, det) {
			return raw
		}
		out = bytes.ReplaceAll(out, m[1], det)
	}
	return out
}
