// Package e2e holds pbem's end-to-end tests: the real "pbem serve" binary
// referees games by mail through real mail servers on loopback, Dovecot
// (IMAP, LMTP) and a separate Postfix instance (SMTP), which e2e/setup.sh
// installs and starts. Players' orders are sent with real clients (swaks,
// s-nail, go-mail, hand-built MIME), and the tests read the daemon's answers
// over IMAP from the players' mailboxes.
//
// The tests run only with PBEM_E2E=1 and then never skip:
//
//	bash e2e/setup.sh                      # apt-installs and starts the servers
//	PBEM_E2E=1 go test ./e2e/...
//	bash e2e/setup.sh stop
//
// The fault tests kill the daemon with SIGKILL at named points of its work
// (PBEM_CRASH_AT, cmd/pbem/crash.go) and restart it; the one that needs an
// SMTP server answering 451 uses the in-process servers of mailer/mailtest.
// The benchmarks (bench_test.go) use Dovecot and Postfix with PBEM_E2E=1,
// else the in-process servers, and say which.
package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net"
	netmail "net/mail"
	"net/smtp"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/orders"
)

const howTo = "end-to-end test against real Dovecot and Postfix on loopback: run `bash e2e/setup.sh` " +
	"(as root: it apt-installs and starts them), then `PBEM_E2E=1 go test ./e2e/...`"

// password is every mailbox's password (e2e/setup.sh: a static passdb).
const password = "secret"

// e2eOn reports whether PBEM_E2E=1 asks for the real servers.
func e2eOn() bool { return os.Getenv("PBEM_E2E") == "1" }

// needE2E skips the test unless PBEM_E2E=1.
func needE2E(t testing.TB) {
	t.Helper()
	if !e2eOn() {
		t.Skip("PBEM_E2E is not 1: skipping the " + howTo)
	}
}

var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if benchEnvDone != nil {
		benchEnvDone()
	}
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// pbemBinary builds cmd/pbem once per test run and returns its path.
func pbemBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "pbem-e2e-bin-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "pbem")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/pbem")
		cmd.Dir = ".."
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./cmd/pbem: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// world is the mail system a test runs in: Dovecot and Postfix started by
// e2e/setup.sh, or the in-process servers of mailer/mailtest. Addresses are
// made fresh for each world, so runs never see each other's mail.
type world struct {
	name     string
	imapAddr string
	smtpHost string
	smtpPort int
	srv      *mailtest.Server // nil for the real servers
	run      string

	mu    sync.Mutex
	users map[string]bool
}

var worldSeq struct {
	sync.Mutex
	n int
}

func runID() string {
	worldSeq.Lock()
	defer worldSeq.Unlock()
	worldSeq.n++
	return fmt.Sprintf("%x%d", time.Now().UnixNano()&0xffffffff, worldSeq.n)
}

// realWorld returns the servers of e2e/setup.sh; the test fails if they do
// not answer.
func realWorld(t testing.TB) *world {
	t.Helper()
	imapAddr := envOr("PBEM_E2E_IMAP", "127.0.0.1:10143")
	smtpAddr := envOr("PBEM_E2E_SMTP", "127.0.0.1:10025")
	for _, a := range []string{imapAddr, smtpAddr} {
		c, err := net.DialTimeout("tcp", a, 3*time.Second)
		if err != nil {
			t.Fatalf("PBEM_E2E=1 but no mail server answers on %s (%v): start them with `bash e2e/setup.sh`", a, err)
		}
		c.Close()
	}
	host, port, _ := net.SplitHostPort(smtpAddr)
	p, _ := strconv.Atoi(port)
	return &world{name: "Dovecot and Postfix on loopback (e2e/setup.sh)", imapAddr: imapAddr, smtpHost: host, smtpPort: p, run: runID(), users: map[string]bool{}}
}

// memWorld starts the in-process servers for the test.
func memWorld(t testing.TB) *world {
	t.Helper()
	srv := mailtest.Start(t, mailtest.Options{})
	return &world{name: "in-process IMAP and SMTP servers (mailer/mailtest)", imapAddr: srv.IMAPAddr(), smtpHost: "127.0.0.1", smtpPort: srv.SMTPPort(), srv: srv, run: runID(), users: map[string]bool{}}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// addr returns the address of a mailbox for this world: local.RUN@pbem.test.
func (w *world) addr(t testing.TB, local string) string {
	t.Helper()
	a := local + "." + w.run + "@pbem.test"
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.srv != nil && !w.users[a] {
		if err := w.srv.AddUser(a, password); err != nil {
			t.Fatal(err)
		}
	}
	w.users[a] = true
	return a
}

// send submits raw over SMTP, without TLS, as a mail client would.
func (w *world) send(from string, to []string, raw []byte) error {
	c, err := smtp.Dial(net.JoinHostPort(w.smtpHost, strconv.Itoa(w.smtpPort)))
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("client.pbem.test"); err != nil {
		return err
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	for _, r := range to {
		if err := c.Rcpt(r); err != nil {
			return err
		}
	}
	wc, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := wc.Write(raw); err != nil {
		return err
	}
	if err := wc.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// messages returns the raw messages of a mailbox, in UID order, without
// setting \Seen; a mailbox that does not exist is empty.
func (w *world) messages(user, mailbox string) ([][]byte, error) {
	c, err := imapclient.DialInsecure(w.imapAddr, nil)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		return nil, err
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && (ie.Code == imap.ResponseCodeNonExistent || strings.Contains(strings.ToLower(ie.Text), "exist")) {
			return nil, nil
		}
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
	out := make([][]byte, 0, len(bufs))
	for _, b := range bufs {
		out = append(out, b.FindBodySection(sec))
	}
	_ = c.Logout().Wait()
	return out, nil
}

// header is the part of a message's header the tests look at.
type header struct {
	MessageID, Subject, Step, Turn string
}

// headers returns a few header fields of every message of a mailbox, in
// UID order, without the bodies (reports carry maps of a megabyte) and
// without setting \Seen; a mailbox that does not exist is empty.
func (w *world) headers(user, mailbox string) ([]header, error) {
	c, err := imapclient.DialInsecure(w.imapAddr, nil)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		return nil, err
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) && (ie.Code == imap.ResponseCodeNonExistent || strings.Contains(strings.ToLower(ie.Text), "exist")) {
			return nil, nil
		}
		return nil, err
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	sec := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true,
		HeaderFields: []string{"Message-ID", "Subject", "X-Pbem-Step", "X-Pbem-Turn"}}
	bufs, err := c.Fetch(imap.SeqSetNum(seqRange(sel.NumMessages)...), &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{sec},
	}).Collect()
	if err != nil {
		return nil, err
	}
	out := make([]header, 0, len(bufs))
	var dec mime.WordDecoder
	for _, b := range bufs {
		m, err := netmail.ReadMessage(bytes.NewReader(append(b.FindBodySection(sec), "\r\n"...)))
		if err != nil {
			return nil, fmt.Errorf("%s of %s: a header does not parse: %w", mailbox, user, err)
		}
		subject, err := dec.DecodeHeader(m.Header.Get("Subject"))
		if err != nil {
			subject = m.Header.Get("Subject")
		}
		out = append(out, header{MessageID: strings.Trim(m.Header.Get("Message-ID"), "<> "), Subject: subject,
			Step: m.Header.Get("X-Pbem-Step"), Turn: m.Header.Get("X-Pbem-Turn")})
	}
	_ = c.Logout().Wait()
	return out, nil
}

// count returns how many messages a mailbox holds (IMAP STATUS).
func (w *world) count(user, mailbox string) (int, error) {
	c, err := imapclient.DialInsecure(w.imapAddr, nil)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		return 0, err
	}
	st, err := c.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) {
			return 0, nil
		}
		return 0, err
	}
	_ = c.Logout().Wait()
	return int(*st.NumMessages), nil
}

func seqRange(n uint32) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = uint32(i + 1)
	}
	return s
}

// mail is a received message, parsed.
type mail struct {
	raw []byte
	in  *mailer.Inbound
}

func (m mail) header(k string) string { return m.in.Header.Get(k) }

// inbox parses a mailbox's messages.
func (w *world) inbox(t testing.TB, user, mailbox string) []mail {
	t.Helper()
	raws, err := w.messages(user, mailbox)
	if err != nil {
		t.Fatalf("read %s of %s: %v", mailbox, user, err)
	}
	var out []mail
	for _, r := range raws {
		in, err := mailer.Parse(r, mailer.Limits{MaxBytes: 64 << 20, MaxParts: 10000})
		if err != nil {
			t.Fatalf("a message in %s of %s does not parse: %v", mailbox, user, err)
		}
		out = append(out, mail{raw: r, in: in})
	}
	return out
}

// waitMail waits until user's mailbox holds a message that pred accepts,
// and returns it.
func (w *world) waitMail(t testing.TB, user, mailbox string, timeout time.Duration, what string, pred func(mail) bool) mail {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for _, m := range w.inbox(t, user, mailbox) {
			if pred(m) {
				return m
			}
		}
		if time.Now().After(deadline) {
			var subjects []string
			for _, m := range w.inbox(t, user, mailbox) {
				subjects = append(subjects, m.in.Subject)
			}
			t.Fatalf("%s: %s never received %s within %v; it has: %q", w.name, user, what, timeout, subjects)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

// waitCount waits until a mailbox holds at least n messages.
func (w *world) waitCount(t testing.TB, user, mailbox string, n int, timeout time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		got, err := w.count(user, mailbox)
		if err != nil {
			t.Fatal(err)
		}
		if got >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s of %s holds %d messages after %v, want %d", w.name, mailbox, user, got, timeout, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// noDuplicates fails if any mailbox of users holds two messages with one
// Message-ID: nothing may be sent twice. (The daemon's own mailbox is not
// one of them: the tests send it copies on purpose.)
func (w *world) noDuplicates(t testing.TB, users ...string) {
	t.Helper()
	for id, n := range w.duplicates(t, users...) {
		t.Errorf("%d messages with Message-ID <%s>: sent more than once", n, id)
	}
}

// duplicates counts the Message-IDs that occur more than once in a mailbox
// of users.
func (w *world) duplicates(t testing.TB, users ...string) map[string]int {
	t.Helper()
	dups := map[string]int{}
	for _, u := range users {
		for _, mb := range []string{"INBOX", "Processed"} {
			hs, err := w.headers(u, mb)
			if err != nil {
				t.Fatalf("read %s of %s: %v", mb, u, err)
			}
			seen := map[string]int{}
			for _, h := range hs {
				seen[h.MessageID]++
			}
			for id, n := range seen {
				if n > 1 {
					dups[id] = max(dups[id], n)
				}
			}
		}
	}
	return dups
}

// seeded is a deterministic byte source for archive.Create.
type seeded struct{ r *rand.Rand }

func (s seeded) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(s.r.Uint32())
	}
	return len(p), nil
}

func seededReader(seed uint64) io.Reader {
	return seeded{rand.New(rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), 'e', '2', 'e'}))}
}

// server is one pbem daemon's data: its games, mailbox and configuration.
type server struct {
	w       *world
	dir     string // data directory
	config  string // path of the configuration file
	addr    string // the daemon's own address
	gm      string
	gmToken string   // the GM's token, in gm_token_file
	players []string // addresses of seats 1..4, shared by its games
	games   map[string]*game
}

// game is a game the test created, with its players' tokens.
type game struct {
	id, dir string
	tokens  archive.Tokens
}

type serverOpts struct {
	changeOfMind time.Duration
	games        int    // how many games (default 1)
	prefix       string // game id prefix
	dir          string // the data directory; default a t.TempDir()
	logLevel     string // default info
	ruleset      string // the games' ruleset; default redux
	options      []string
	rerollWindow string // pace.reroll_window; default 0s (Hy Breasil 6.1)
}

// newServer creates the data directory of a daemon with opts.games games
// of opts.ruleset (reduX unless set) for four players, and writes its
// configuration file.
func newServer(t testing.TB, w *world, opts serverOpts) *server {
	t.Helper()
	if opts.dir == "" {
		opts.dir = t.TempDir()
	}
	s := &server{w: w, dir: opts.dir, games: map[string]*game{}}
	s.addr, s.gm = w.addr(t, "pbem"), w.addr(t, "gm")
	names := []string{"Alice", "Bob", "Carol", "Dave"}
	var ps []archive.Player
	for _, n := range names {
		a := w.addr(t, strings.ToLower(n))
		s.players = append(s.players, a)
		ps = append(ps, archive.Player{Name: n, Email: a})
	}
	if opts.games == 0 {
		opts.games = 1
	}
	if opts.prefix == "" {
		opts.prefix = "e2e"
	}
	if opts.logLevel == "" {
		opts.logLevel = "info"
	}
	if opts.ruleset == "" {
		opts.ruleset = "redux"
	}
	if opts.rerollWindow == "" {
		opts.rerollWindow = "0s"
	}
	for i := 0; i < opts.games; i++ {
		id := fmt.Sprintf("%s-%d", opts.prefix, i+1)
		dir := filepath.Join(s.dir, "games", id)
		_, toks, err := archive.Create(dir, archive.NewGame{ID: id, Ruleset: opts.ruleset, Options: opts.options, Players: ps}, seededReader(uint64(i+1)))
		if err != nil {
			t.Fatal(err)
		}
		s.games[id] = &game{id: id, dir: dir, tokens: toks}
	}
	s.gmToken = fmt.Sprintf("e2e0-gm00-%04x-0001", len(s.players))
	tokFile := filepath.Join(s.dir, "gm.token")
	if err := os.WriteFile(tokFile, []byte(s.gmToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf(`# Written by the e2e test.
data: %s
gm: %s
gm_token_file: %s
from: %s
domain: pbem.test
imap:
  addr: %s
  tls: none
  username: %s
  password: %s
  mailbox: INBOX
  processed_mailbox: Processed
  # IDLE announces new mail; the search at this interval is only a safety net.
  poll_interval: 1m
  idle_refresh: 25m
smtp:
  host: %s
  port: %d
  tls: none
pace:
  change_of_mind: %s
  deadline: 48h
  reroll_window: %s
log:
  level: %s
  format: json
`, s.dir, s.gm, tokFile, s.addr, w.imapAddr, s.addr, password, w.smtpHost, w.smtpPort, opts.changeOfMind, opts.rerollWindow, opts.logLevel)
	s.config = filepath.Join(s.dir, "config.yaml")
	if err := os.WriteFile(s.config, []byte(cfg), 0o600); err != nil { // it holds the password: serve refuses it open to others
		t.Fatal(err)
	}
	return s
}

// theGame returns the server's only (or first) game.
func (s *server) theGame() *game {
	for _, g := range s.games {
		if strings.HasSuffix(g.id, "-1") {
			return g
		}
	}
	panic("no game")
}

// due opens the game's archive (read only) and returns what is due, the
// address of the player due, and that player's bot orders (file text and
// digest).
func (s *server) due(t testing.TB, g *game, seed uint64) (due archive.DueTurn, from, text, digest string) {
	t.Helper()
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	due = a.Due()
	p := a.PlayerOf(due.Nation)
	if p == nil {
		t.Fatalf("game %s: nobody is due (%+v)", g.id, due)
	}
	f := bot.Orders(a.Engine(), a.State(), g.id, g.tokens[p.Name], seed)
	return due, p.Email, orders.Encode(f, a.Rules()), orders.Digest(f, a.Rules())
}

// playOffline plays n steps of the game with the bots through the archive,
// as a GM would with "pbem turn", before the daemon starts (two processes
// must not write one game), so the mail tests reach turns with real moves.
func (s *server) playOffline(t testing.TB, g *game, n int) {
	t.Helper()
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if d := a.Due(); d.Nation != "" {
			p := a.PlayerOf(d.Nation)
			f := bot.Orders(a.Engine(), a.State(), g.id, g.tokens[p.Name], 1)
			if _, err := a.Submit(d.Nation, orders.Encode(f, a.Rules()), time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.Advance(false); err != nil {
			t.Fatal(err)
		}
	}
}

// steps returns how many steps a game's archive holds.
func (g *game) steps(t testing.TB) int {
	t.Helper()
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	return len(a.Steps())
}

// settle runs the daemon until the mail it sends on its own is out: the
// GM's token, the welcome mails of new games and each first "your turn".
// The crash tests and benchmarks start from there, so their counts and
// crash points meet only the mail they are about.
func (s *server) settle(t testing.TB) {
	t.Helper()
	p, err := s.spawn(pbemBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := p.terminate(); err != nil {
			t.Error(err)
		}
	}()
	p.waitLog(t, wait, "IMAP session ready")
	for _, g := range s.games {
		a, err := archive.Open(g.dir)
		if err != nil {
			t.Fatal(err)
		}
		if due := a.Due(); due.Nation != "" {
			p.waitLog(t, wait, `"msg":"enqueued"`, `"id":"`+g.id+"."+due.ID+`.yourturn"`)
		}
	}
	s.outboxEmpty(t, 5*time.Minute)
}

// outboxEmpty waits until the daemon's outbox queue is empty.
func (s *server) outboxEmpty(t testing.TB, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		q, _ := filepath.Glob(filepath.Join(s.dir, "outbox", "queue", "*.json"))
		if len(q) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the outbox still holds %d messages after %v: %v", len(q), timeout, q)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// proc is a running "pbem serve".
type proc struct {
	cmd  *exec.Cmd
	log  string
	done chan struct{}
	err  error
}

// start runs "pbem serve --config" with extra environment variables; its
// log goes to serve-N.log in the data directory. It is stopped when the
// test ends if still running.
func (s *server) start(t testing.TB, env ...string) *proc {
	t.Helper()
	p, err := s.spawn(pbemBinary(t), env...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.stop(t)
		if t.Failed() {
			b, _ := os.ReadFile(p.log)
			t.Logf("log of pbem serve (%s), last lines:\n%s", p.log, tail(string(b), 40))
		}
	})
	return p
}

// spawn starts "pbem serve"; the caller stops it.
func (s *server) spawn(bin string, env ...string) (*proc, error) {
	n := 1
	for {
		if _, err := os.Stat(filepath.Join(s.dir, fmt.Sprintf("serve-%d.log", n))); err != nil {
			break
		}
		n++
	}
	logPath := filepath.Join(s.dir, fmt.Sprintf("serve-%d.log", n))
	lf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve", "--config", s.config)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		lf.Close()
		return nil, err
	}
	p := &proc{cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		lf.Close()
		close(p.done)
	}()
	return p, nil
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// stop ends the daemon with SIGTERM (SIGKILL after 10 s).
func (p *proc) stop(t testing.TB) {
	if err := p.terminate(); err != nil {
		t.Error(err)
	}
}

func (p *proc) terminate() error {
	select {
	case <-p.done:
		return nil
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
		return nil
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
		return errors.New("pbem serve did not stop within 10 s of SIGTERM")
	}
}

// running reports whether the process is still alive.
func (p *proc) running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// waitKilled waits for the process to die and fails unless SIGKILL ended it.
func (p *proc) waitKilled(t testing.TB, timeout time.Duration) {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(timeout):
		t.Fatalf("pbem serve did not crash within %v", timeout)
	}
	ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("pbem serve ended with %v, want killed by SIGKILL", p.cmd.ProcessState)
	}
}

// inFlight is the outbox id of the message the daemon was sending when it
// died: its last "sending" log line (log level debug) without a "sent" line
// after it; "" if none.
func (p *proc) inFlight() string {
	b, err := os.ReadFile(p.log)
	if err != nil {
		return ""
	}
	id := ""
	for _, l := range strings.Split(string(b), "\n") {
		var rec struct{ Msg, ID string }
		if json.Unmarshal([]byte(l), &rec) != nil {
			continue
		}
		switch {
		case rec.Msg == "sending":
			id = rec.ID
		case rec.Msg == "sent" && rec.ID == id:
			id = ""
		}
	}
	return id
}

// logHas reports whether the daemon's log holds a line containing every
// one of parts.
func (p *proc) logHas(parts ...string) bool {
	f, err := os.Open(p.log)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		ok := true
		for _, x := range parts {
			ok = ok && bytes.Contains(sc.Bytes(), []byte(x))
		}
		if ok {
			return true
		}
	}
	return false
}

// waitLog waits until the log holds a line with every one of parts.
func (p *proc) waitLog(t testing.TB, timeout time.Duration, parts ...string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !p.logHas(parts...) {
		if time.Now().After(deadline) {
			t.Fatalf("the daemon's log has no line with %q after %v", parts, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// rawMail builds a plain-text UTF-8 message.
func rawMail(from, to, subject, msgID, body string) []byte {
	return []byte(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n%s",
		from, to, subject, msgID, time.Now().Format(time.RFC1123Z), strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", "\r\n")))
}

var msgSeq struct {
	sync.Mutex
	n int
}

// newMsgID returns a fresh Message-ID (without angle brackets).
func newMsgID(w *world) string {
	msgSeq.Lock()
	defer msgSeq.Unlock()
	msgSeq.n++
	return fmt.Sprintf("e2e.%s.%d@client.pbem.test", w.run, msgSeq.n)
}

// isAck matches the acknowledgement of turn with its digest.
func isAck(turn, digest string) func(mail) bool {
	return func(m mail) bool {
		return strings.Contains(m.in.Subject, "Orders accepted") && strings.Contains(m.in.Text, "digest "+digest) &&
			(turn == "" || strings.Contains(m.in.Subject, turn))
	}
}

// isReport matches the report of a step.
func isReport(step string) func(mail) bool {
	return func(m mail) bool { return m.header("X-Pbem-Step") == step }
}
