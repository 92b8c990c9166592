package mailer

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"path"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // charsets beyond UTF-8 and ASCII
	"github.com/emersion/go-message/mail"
	mtextproto "github.com/emersion/go-message/textproto"
)

// Limits bounds the work Parse does on one message. A zero field takes its
// value from DefaultLimits.
type Limits struct {
	// MaxBytes is the largest raw message accepted, in bytes.
	MaxBytes int64 `yaml:"max_bytes"`
	// MaxParts is the largest number of MIME entities (containers included).
	MaxParts int `yaml:"max_parts"`
	// MaxDepth is the deepest nesting of multipart containers.
	MaxDepth int `yaml:"max_depth"`
	// MaxText is the largest orders text, in bytes of UTF-8.
	MaxText int `yaml:"max_text"`
}

// DefaultLimits returns the limits used for zero Limits fields: 10 MiB, 200
// parts, 10 levels and 256 KiB of text. Orders are a few kilobytes; the room
// is for clients that attach pictures and signatures.
func DefaultLimits() Limits {
	return Limits{MaxBytes: 10 << 20, MaxParts: 200, MaxDepth: 10, MaxText: 256 << 10}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBytes <= 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxParts <= 0 {
		l.MaxParts = d.MaxParts
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = d.MaxDepth
	}
	if l.MaxText <= 0 {
		l.MaxText = d.MaxText
	}
	return l
}

// LimitError reports a message that exceeds one of the Limits. Limit names
// the field in its configuration spelling ("max_bytes", "max_parts",
// "max_depth" or "max_text").
type LimitError struct {
	Limit string
	Max   int64
	// Got is the size seen; for max_parts and max_depth it is the count at
	// which reading stopped, so the message may hold more.
	Got int64
	// Detail, when set, is the sentence Error gives instead of the usual
	// one: for max_text met while an HTML body was turned into text, it
	// says where reading stopped. Inbound.Text then holds the text read up
	// to that point, and Got is a size the whole text would exceed.
	Detail string
}

// Error returns a sentence fit to quote back to the sender.
func (e *LimitError) Error() string {
	if e.Detail != "" {
		return fmt.Sprintf("mailer: %s (%s)", e.Detail, e.Limit)
	}
	switch e.Limit {
	case "max_bytes":
		return fmt.Sprintf("mailer: message is %d bytes, over the limit of %d bytes (max_bytes)", e.Got, e.Max)
	case "max_parts":
		return fmt.Sprintf("mailer: message has more than %d MIME parts (max_parts)", e.Max)
	case "max_depth":
		return fmt.Sprintf("mailer: MIME parts are nested more than %d levels deep (max_depth)", e.Max)
	case "max_text":
		return fmt.Sprintf("mailer: orders text is %d bytes, over the limit of %d bytes (max_text)", e.Got, e.Max)
	}
	return fmt.Sprintf("mailer: limit %s exceeded (%d > %d)", e.Limit, e.Got, e.Max)
}

// Inbound is a parsed incoming message. Strings are UTF-8; Text uses LF
// newlines and ends with one newline unless it is empty.
type Inbound struct {
	MessageID  string // without angle brackets; "" if the header is missing
	From       string // bare address of the first From mailbox, as written
	FromName   string // display name of that mailbox, decoded
	ReplyTo    string // bare address of the first Reply-To mailbox, or ""
	Subject    string // decoded (RFC 2047)
	Date       time.Time
	InReplyTo  string   // first In-Reply-To id, without angle brackets
	References []string // References ids, oldest first, without angle brackets

	// AutoReply is true for mail no program should answer (RFC 3834):
	// vacation replies, bounces, mailing-list traffic. AutoReason says which
	// header decided it.
	AutoReply  bool
	AutoReason string

	// Text is the orders text: a .txt attachment, else a text/plain
	// attachment, else the text/plain body parts, else the HTML body turned
	// into plain text (blockquotes become "> " lines, at most 20 marks
	// deep). Quoted lines and signatures are kept. TextFrom says where it
	// came from: "attachment NAME", "text/plain", "text/html" or "" when
	// there was none.
	Text     string
	TextFrom string

	// Attachments holds every leaf part that is not body text, including the
	// attachment Text was read from.
	Attachments []Attachment

	// Header holds the top-level header fields as received (not decoded),
	// for checks such as Authentication-Results or List-Id.
	Header textproto.MIMEHeader

	// Warnings lists problems Parse worked around, such as an unknown
	// charset or a malformed multipart body.
	Warnings []string
}

// Attachment is one non-text leaf part of a message, decoded from its
// transfer encoding.
type Attachment struct {
	Filename    string // decoded (RFC 2231/2047); may be ""
	ContentType string // media type in lower case, e.g. "image/png"
	Inline      bool   // Content-Disposition: inline
	Data        []byte
}

// Parse reads one RFC 5322 message. Transfer encodings and charsets are
// decoded (unknown charsets become a warning and the bytes are read as
// windows-1252 when they are not UTF-8); lim bounds size, part count, nesting
// and text length, and a breach returns a *LimitError.
//
// On a *LimitError Parse still returns the Inbound with the header fields
// filled in, so the caller can tell the sender why the mail was refused.
// Any other error means the bytes are not a mail message at all.
func Parse(raw []byte, lim Limits) (*Inbound, error) {
	lim = lim.withDefaults()
	p := &parser{lim: lim, in: &Inbound{}}

	e, err := message.Read(bytes.NewReader(raw))
	if e == nil {
		return nil, fmt.Errorf("mailer: reading header: %w", err)
	}
	if err != nil {
		p.warn(err.Error())
	}
	p.header(e)
	if int64(len(raw)) > lim.MaxBytes {
		return p.in, &LimitError{Limit: "max_bytes", Max: lim.MaxBytes, Got: int64(len(raw))}
	}
	if err := p.walk(e, 0); err != nil {
		var le *LimitError
		if errors.As(err, &le) {
			return p.in, le
		}
		p.warn(err.Error())
	}
	if err := p.chooseText(); err != nil {
		return p.in, err
	}
	return p.in, nil
}

// parser carries the state of one Parse call.
type parser struct {
	lim    Limits
	in     *Inbound
	parts  int
	files  []textPart // text attachments, .txt first
	plains []string
	htmls  []string
}

type textPart struct {
	name string
	text string
	txt  bool // file name ends in .txt
}

func (p *parser) warn(s string) {
	p.in.Warnings = append(p.in.Warnings, s)
}

// header fills the Inbound fields that come from the top-level header.
func (p *parser) header(e *message.Entity) {
	h := mail.Header{Header: e.Header}
	in := p.in
	in.Header = textproto.MIMEHeader(e.Header.Map())

	if id, err := h.MessageID(); err == nil {
		in.MessageID = id
	} else {
		in.MessageID = strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
	}
	in.From, in.FromName = p.address(h, "From")
	in.ReplyTo, _ = p.address(h, "Reply-To")

	subj, err := h.Subject()
	if err != nil {
		p.warn("subject: " + err.Error())
	}
	in.Subject = subj

	if h.Has("Date") {
		d, err := h.Date()
		if err != nil {
			p.warn("date: " + err.Error())
		}
		in.Date = d
	}
	if ids, err := h.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 {
		in.InReplyTo = ids[0]
	}
	if ids, err := h.MsgIDList("References"); err == nil {
		in.References = ids
	}
	in.AutoReply, in.AutoReason = autoReply(h, in.From)
}

// address returns the bare address and display name of the first mailbox in
// header field key, falling back to a lenient scan when the field does not
// parse (clients in the wild write unquoted commas and dots in names).
func (p *parser) address(h mail.Header, key string) (addr, name string) {
	v := h.Get(key)
	if v == "" {
		return "", ""
	}
	list, err := h.AddressList(key)
	if err == nil && len(list) > 0 {
		return list[0].Address, list[0].Name
	}
	if err != nil {
		p.warn(strings.ToLower(key) + ": " + err.Error())
	}
	if i, j := strings.LastIndexByte(v, '<'), strings.LastIndexByte(v, '>'); i >= 0 && j > i {
		return strings.TrimSpace(v[i+1 : j]), strings.Trim(strings.TrimSpace(v[:i]), `"`)
	}
	for _, f := range strings.Fields(v) {
		if strings.Contains(f, "@") {
			return strings.Trim(f, `<>",;`), ""
		}
	}
	return "", ""
}

// autoReply applies RFC 3834 §2 and common practice: mail that says it was
// sent automatically, list or bulk mail, and bounces must not be answered.
func autoReply(h mail.Header, from string) (bool, string) {
	if v := firstToken(h.Get("Auto-Submitted")); v != "" && v != "no" {
		return true, "Auto-Submitted: " + v
	}
	switch v := firstToken(h.Get("Precedence")); v {
	case "bulk", "list", "junk", "auto_reply":
		return true, "Precedence: " + v
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Reply"} {
		if h.Get(k) != "" {
			return true, k
		}
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe"} {
		if h.Has(k) {
			return true, k
		}
	}
	if h.Has("Return-Path") && strings.TrimSpace(h.Get("Return-Path")) == "<>" {
		return true, "empty Return-Path"
	}
	if local, _, ok := strings.Cut(from, "@"); ok {
		switch strings.ToLower(local) {
		case "mailer-daemon", "postmaster":
			return true, "From: " + local
		}
	}
	if t, _, _ := h.ContentType(); t == "multipart/report" {
		return true, "Content-Type: multipart/report"
	}
	return false, ""
}

func firstToken(v string) string {
	v, _, _ = strings.Cut(v, ";")
	return strings.ToLower(strings.TrimSpace(v))
}

// walk visits e and its parts, depth being the number of enclosing
// multipart containers.
func (p *parser) walk(e *message.Entity, depth int) error {
	p.parts++
	if p.parts > p.lim.MaxParts {
		return &LimitError{Limit: "max_parts", Max: int64(p.lim.MaxParts), Got: int64(p.parts)}
	}
	if mr := e.MultipartReader(); mr != nil {
		if depth+1 > p.lim.MaxDepth {
			return &LimitError{Limit: "max_depth", Max: int64(p.lim.MaxDepth), Got: int64(depth + 1)}
		}
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				return nil
			}
			if part == nil {
				return fmt.Errorf("multipart body: %w", err)
			}
			if err != nil {
				p.warn(err.Error())
			}
			if err := p.walk(part, depth+1); err != nil {
				return err
			}
		}
	}
	return p.leaf(e)
}

// leaf sorts one non-multipart entity into body text, a text attachment or
// another attachment.
func (p *parser) leaf(e *message.Entity) error {
	mediaType, params, err := e.Header.ContentType()
	if err != nil || mediaType == "" {
		mediaType, params = "text/plain", map[string]string{} // RFC 2045 §5.2
	}
	disp, _, _ := e.Header.ContentDisposition()
	ah := mail.AttachmentHeader{Header: e.Header}
	name, _ := ah.Filename()

	data, err := io.ReadAll(io.LimitReader(e.Body, p.lim.MaxBytes+1))
	if err != nil {
		p.warn(fmt.Sprintf("part %q: %v", name, err))
	}
	if int64(len(data)) > p.lim.MaxBytes {
		return &LimitError{Limit: "max_bytes", Max: p.lim.MaxBytes, Got: int64(len(data))}
	}

	isTxt := strings.EqualFold(path.Ext(name), ".txt")
	switch {
	case isTxt || (disp == "attachment" && mediaType == "text/plain"):
		p.files = append(p.files, textPart{name: name, text: p.utf8(data, name), txt: isTxt})
	case name == "" && disp != "attachment" && mediaType == "text/plain":
		text := normaliseNewlines(p.utf8(data, "text/plain body"))
		if strings.EqualFold(params["format"], "flowed") {
			text = decodeFlowed(text, strings.EqualFold(params["delsp"], "yes"))
		}
		p.plains = append(p.plains, text)
		return nil
	case name == "" && disp != "attachment" && mediaType == "text/html":
		p.htmls = append(p.htmls, p.utf8(data, "text/html body"))
		return nil
	}
	p.in.Attachments = append(p.in.Attachments, Attachment{
		Filename:    name,
		ContentType: mediaType,
		Inline:      disp == "inline",
		Data:        data,
	})
	return nil
}

// utf8 returns b as a string, decoding UTF-16 with or without a byte-order
// mark (Windows Notepad's "Unicode") and reading invalid UTF-8 as
// windows-1252, the usual truth behind undeclared or mislabelled 8-bit text.
func (p *parser) utf8(b []byte, what string) string {
	s, fallback := toUTF8(b)
	if fallback {
		p.warn(what + ": not valid UTF-8, read as windows-1252")
	}
	return s
}

// chooseText picks the orders text in order of preference.
func (p *parser) chooseText() error {
	in := p.in
	switch {
	case len(p.files) > 0:
		best := p.files[0]
		for _, f := range p.files {
			if f.txt {
				best = f
				break
			}
		}
		if len(p.files) > 1 {
			p.warn(fmt.Sprintf("%d text attachments; orders read from %q", len(p.files), best.name))
		}
		in.Text, in.TextFrom = best.text, "attachment "+best.name
	case len(p.plains) > 0:
		in.Text, in.TextFrom = strings.Join(p.plains, "\n"), "text/plain"
	case len(p.htmls) > 0:
		h := htmlToText(p.htmls, p.lim.MaxText)
		in.Text, in.TextFrom = h.Text, "text/html"
		if h.Deepest > maxQuoteMarks {
			p.warn(fmt.Sprintf("text/html body: quotes nested %d deep, marked as %d deep", h.Deepest, maxQuoteMarks))
		}
		if h.Stop != "" {
			in.Text = normaliseText(in.Text)
			return htmlLimitError(h, p.lim.MaxText)
		}
	}
	in.Text = normaliseText(in.Text)
	if len(in.Text) > p.lim.MaxText {
		return &LimitError{Limit: "max_text", Max: int64(p.lim.MaxText), Got: int64(len(in.Text))}
	}
	return nil
}

// htmlLimitError says why the HTML bodies were read no further than max
// bytes of text (htmlText.Stop).
func htmlLimitError(h htmlText, max int) *LimitError {
	e := &LimitError{Limit: "max_text", Max: int64(max), Got: int64(h.Need)}
	switch h.Stop {
	case stopTextFull:
		e.Detail = fmt.Sprintf("the HTML of the message makes more than %d bytes of orders text and was read no further", max)
	case "tag":
		e.Got = int64(max)
		e.Detail = fmt.Sprintf("the HTML of the message has a tag longer than %d bytes, such as an embedded picture, and was read no further; send the orders as plain text", max)
	default:
		e.Got = int64(max)
		e.Detail = fmt.Sprintf("the HTML of the message has a %s longer than %d bytes and was read no further; send the orders as plain text", h.Stop, max)
	}
	return e
}

// bodyDigest returns the hex SHA-256 of raw's body (after the first empty
// line), with CRLF read as LF: two deliveries of one message differ in the
// trace headers servers prepend, not in the body.
func bodyDigest(raw []byte) string {
	body := raw
	if i := bytes.Index(raw, []byte("\r\n\r\n")); i >= 0 {
		body = raw[i+4:]
	} else if i := bytes.Index(raw, []byte("\n\n")); i >= 0 {
		body = raw[i+2:]
	}
	sum := sha256.Sum256(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")))
	return hex.EncodeToString(sum[:])
}

// headerMessageID reads only the header of raw and returns its Message-ID
// without angle brackets, or "".
func headerMessageID(raw []byte) string {
	th, err := mtextproto.ReadHeader(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return ""
	}
	h := mail.Header{Header: message.Header{Header: th}}
	if id, err := h.MessageID(); err == nil {
		return id
	}
	return strings.Trim(strings.TrimSpace(h.Get("Message-Id")), "<>")
}
