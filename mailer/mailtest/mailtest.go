// Package mailtest runs an IMAP server and an SMTP server in-process on
// 127.0.0.1, speaking the real protocols, for tests and for the pbem demo.
//
// The SMTP server delivers each accepted message into the INBOX of every
// recipient that is a known user of the IMAP server, as a mail host would:
// bots can send orders over SMTP that the daemon then reads over IMAP, and
// the daemon's replies can be read back from the players' inboxes.
//
// Users are e-mail addresses; each has the mailboxes INBOX and Processed.
// Both servers listen twice: in plain text (offering STARTTLS) and with
// implicit TLS, using a self-signed certificate that ClientTLSConfig trusts.
// IMAP logins are accepted without TLS (loopback only). SMTP accepts mail
// without authentication, and AUTH PLAIN for known users.
package mailtest

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// TB is the part of testing.TB that Start uses, so this package does not
// import testing into the binaries that use it.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// Options configures the servers. The zero value is an IMAP4rev2 server
// (IDLE, MOVE, UIDPLUS) with logging off.
type Options struct {
	// NoIdle makes the IMAP server advertise IMAP4rev1 only: no IDLE and
	// no MOVE, so clients must poll and move with COPY and EXPUNGE.
	NoIdle bool
	// Logger receives the servers' error messages; nil discards them.
	Logger *slog.Logger
}

// Server is a running pair of IMAP and SMTP servers.
type Server struct {
	mem       *imapmemserver.Server
	imap      *imapserver.Server
	smtp      *smtp.Server
	log       *slog.Logger
	clientTLS *tls.Config

	imapLn, imapsLn, smtpLn, smtpsLn net.Listener

	mu       sync.Mutex
	users    map[string]*account // by lower-case address
	failData []int               // SMTP codes for the next DATA commands
	accepted int                 // messages accepted over SMTP
}

type account struct {
	name, password string
	user           *imapmemserver.User
}

// Start starts a Server for a test and stops it when the test ends; it
// fails the test if the servers cannot start.
func Start(tb TB, opts Options) *Server {
	tb.Helper()
	s, err := New(opts)
	if err != nil {
		tb.Fatalf("mailtest: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// New starts a Server listening on two free ports of 127.0.0.1. Call Close
// to stop it.
func New(opts Options) (*Server, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{mem: imapmemserver.New(), users: map[string]*account{}, log: log}

	caps := imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	if opts.NoIdle {
		caps = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapUIDPlus: {}}
	}
	serverTLS, clientTLS, err := selfSigned()
	if err != nil {
		return nil, err
	}
	s.clientTLS = clientTLS
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return idleSession{s.mem.NewSession().(imapserver.SessionIMAP4rev2)}, nil, nil
		},
		Caps:         caps,
		TLSConfig:    serverTLS, // offers STARTTLS
		InsecureAuth: true,
		Logger:       printfLogger{log.With("server", "imap")},
	})
	s.smtp = smtp.NewServer(backend{s})
	s.smtp.Domain = "mailtest.localhost"
	s.smtp.TLSConfig = serverTLS // offers STARTTLS
	s.smtp.AllowInsecureAuth = true
	s.smtp.MaxMessageBytes = 64 << 20
	s.smtp.ErrorLog = printfLogger{log.With("server", "smtp")}

	for _, l := range []struct {
		ln    *net.Listener
		tls   bool
		serve func(net.Listener) error
	}{
		{&s.imapLn, false, s.imap.Serve}, {&s.imapsLn, true, s.imap.Serve},
		{&s.smtpLn, false, s.smtp.Serve}, {&s.smtpsLn, true, s.smtp.Serve},
	} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			s.Close()
			return nil, err
		}
		*l.ln = ln
		if l.tls {
			ln = tls.NewListener(ln, serverTLS)
		}
		go l.serve(ln)
	}
	return s, nil
}

// Close stops both servers.
func (s *Server) Close() error {
	return errors.Join(s.smtp.Close(), s.imap.Close())
}

// IMAPAddr returns the "127.0.0.1:port" of IMAP in plain text, with
// STARTTLS offered.
func (s *Server) IMAPAddr() string { return s.imapLn.Addr().String() }

// IMAPSAddr returns the "127.0.0.1:port" of IMAP over implicit TLS.
func (s *Server) IMAPSAddr() string { return s.imapsLn.Addr().String() }

// SMTPAddr returns the "127.0.0.1:port" of SMTP in plain text, with
// STARTTLS offered.
func (s *Server) SMTPAddr() string { return s.smtpLn.Addr().String() }

// SMTPPort returns the port of SMTPAddr.
func (s *Server) SMTPPort() int { return s.smtpLn.Addr().(*net.TCPAddr).Port }

// SMTPSPort returns the port of SMTP over implicit TLS.
func (s *Server) SMTPSPort() int { return s.smtpsLn.Addr().(*net.TCPAddr).Port }

// ClientTLSConfig returns a TLS configuration that trusts the servers'
// self-signed certificate for 127.0.0.1 (a fresh one per Server).
func (s *Server) ClientTLSConfig() *tls.Config { return s.clientTLS.Clone() }

// AddUser creates the user addr (also its IMAP login) with mailboxes INBOX
// and Processed.
func (s *Server) AddUser(addr, password string) error {
	key := strings.ToLower(addr)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[key]; ok {
		return fmt.Errorf("mailtest: user %s exists", addr)
	}
	u := imapmemserver.NewUser(addr, password)
	for _, mb := range []string{"INBOX", "Processed"} {
		if err := u.Create(mb, nil); err != nil {
			return err
		}
	}
	s.mem.AddUser(u)
	s.users[key] = &account{name: addr, password: password, user: u}
	return nil
}

func (s *Server) account(addr string) (*account, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.users[strings.ToLower(strings.Trim(addr, "<>"))]
	return a, ok
}

// CreateMailbox adds a mailbox to a user.
func (s *Server) CreateMailbox(user, name string) error {
	a, ok := s.account(user)
	if !ok {
		return fmt.Errorf("mailtest: no user %s", user)
	}
	return a.user.Create(name, nil)
}

// DeleteMailbox removes a user's mailbox and the messages in it.
func (s *Server) DeleteMailbox(user, name string) error {
	a, ok := s.account(user)
	if !ok {
		return fmt.Errorf("mailtest: no user %s", user)
	}
	return a.user.Delete(name)
}

// Deliver appends raw to the INBOX of user to, as a local delivery agent
// would, bypassing SMTP. IDLE clients are notified.
func (s *Server) Deliver(to string, raw []byte) error {
	a, ok := s.account(to)
	if !ok {
		return fmt.Errorf("mailtest: no user %s", to)
	}
	_, err := a.user.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{})
	return err
}

// Messages returns the raw messages in a user's mailbox, in UID order. It
// reads them over IMAP without setting \Seen.
func (s *Server) Messages(user, mailbox string) ([][]byte, error) {
	a, ok := s.account(user)
	if !ok {
		return nil, fmt.Errorf("mailtest: no user %s", user)
	}
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := c.Login(a.name, a.password).Wait(); err != nil {
		return nil, err
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, err
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	bufs, err := c.Fetch(imap.SeqSetNum(seqRange(sel.NumMessages)...), &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{sec},
	}).Collect()
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(bufs))
	for i, b := range bufs {
		out[i] = b.FindBodySection(sec)
	}
	return out, nil
}

func seqRange(n uint32) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = uint32(i + 1)
	}
	return s
}

// FailData makes the SMTP server answer the next len(codes) DATA commands
// with these reply codes (4xx temporary, 5xx permanent) instead of
// accepting the message.
func (s *Server) FailData(codes ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failData = append(s.failData, codes...)
}

// Accepted returns how many messages the SMTP server has accepted.
func (s *Server) Accepted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted
}

// idleSession makes IDLE report what arrived just before it started.
// imapmemserver only writes updates queued after IDLE begins, so a message
// delivered between a client's last command and its IDLE would wait for the
// next delivery; real servers such as Dovecot send it at once.
type idleSession struct{ imapserver.SessionIMAP4rev2 }

func (s idleSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := s.Poll(w, true); err != nil {
		return err
	}
	return s.SessionIMAP4rev2.Idle(w, stop)
}

// literal adapts a bytes.Reader to imap.LiteralReader.
type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return l.Reader.Size() }

type printfLogger struct{ log *slog.Logger }

func (l printfLogger) Printf(format string, args ...any) { l.log.Warn(fmt.Sprintf(format, args...)) }
func (l printfLogger) Println(args ...any)               { l.log.Warn(fmt.Sprint(args...)) }

// backend is the go-smtp backend delivering into the IMAP users.
type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []*account
}

func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		a, ok := ss.s.account(username)
		if !ok || a.password != password || identity != "" && identity != username {
			return smtp.ErrAuthFailed
		}
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	a, ok := ss.s.account(to)
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user: " + to}
	}
	ss.to = append(ss.to, a)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.s.mu.Lock()
	var code int
	if len(ss.s.failData) > 0 {
		code, ss.s.failData = ss.s.failData[0], ss.s.failData[1:]
	} else {
		ss.s.accepted++
	}
	ss.s.mu.Unlock()
	if code != 0 {
		return &smtp.SMTPError{
			Code:         code,
			EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0},
			Message:      "mailtest: refused as asked (" + strconv.Itoa(code) + ")",
		}
	}
	// A delivery agent records the envelope sender; "<>" marks a bounce.
	raw := append([]byte("Return-Path: <"+ss.from+">\r\n"), body...)
	for _, a := range ss.to {
		if _, err := a.user.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func (ss *session) Reset() { ss.from, ss.to = "", nil }

func (ss *session) Logout() error { return nil }
