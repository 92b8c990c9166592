package daemon

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/internal/scratch"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// TestMain runs the tests with their temporary files in memory where the
// system has some (internal/scratch).
func TestMain(m *testing.M) { os.Exit(scratch.Run(m)) }

// capture is an Enqueuer that keeps what would be sent, once per id as
// the real outbox does.
type capture struct {
	mu   sync.Mutex
	ids  map[string]bool
	msgs []*mailer.Outgoing
}

func (c *capture) Enqueue(o *mailer.Outgoing) error {
	if strings.Contains(o.ID, "..") || strings.HasSuffix(o.ID, ".") {
		return fmt.Errorf("outgoing id %q: the outbox refuses it", o.ID)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[string]bool{}
	}
	if c.ids[o.ID] {
		return nil
	}
	c.ids[o.ID] = true
	c.msgs = append(c.msgs, o)
	return nil
}

func (c *capture) to(addr string) []*mailer.Outgoing {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*mailer.Outgoing
	for _, m := range c.msgs {
		for _, t := range m.To {
			if t == addr {
				out = append(out, m)
			}
		}
	}
	return out
}

func (c *capture) last(addr string) *mailer.Outgoing {
	ms := c.to(addr)
	if len(ms) == 0 {
		return nil
	}
	return ms[len(ms)-1]
}

type byteReader struct{ r *rand.Rand }

func (b byteReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b.r.Uint32())
	}
	return len(p), nil
}

type fixture struct {
	t      *testing.T
	d      *Daemon
	out    *capture
	g      *archive.Game
	tokens archive.Tokens
	gmTok  string // the GM's token
	now    time.Time
	n      int
}

// gmToken is the GM's token the fixture writes to gm_token_file.
const gmToken = "gm00-test-0000-0001"

var addrs = []string{"alice@example.test", "bob@example.test", "carol@example.test", "dave@example.test"}

func newFixture(t *testing.T) *fixture { return newFixtureOf(t, "redux") }

// newFixtureOf is newFixture with a game of the ruleset and options.
func newFixtureOf(t *testing.T, ruleset string, options ...string) *fixture {
	t.Helper()
	dir := t.TempDir()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	_, toks, err := archive.Create(filepath.Join(dir, "games", "ashdown"), archive.NewGame{ID: "ashdown", Ruleset: ruleset, Options: options, Players: ps},
		byteReader{rand.New(rand.NewPCG(1, 2))})
	require.NoError(t, err)
	f := &fixture{t: t, out: &capture{}, tokens: toks, gmTok: gmToken, now: time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)}
	f.d = f.open(testConfig(t, dir))
	f.g = f.d.game("ashdown")
	require.NotNil(t, f.g)
	require.NoError(t, f.d.Welcome(f.g))
	return f
}

// testConfig is the fixture's configuration for data directory dir, with
// the GM's token in dir/gm.token.
func testConfig(t *testing.T, dir string) Config {
	t.Helper()
	cfg := Defaults()
	cfg.Data, cfg.GM, cfg.From, cfg.Domain = dir, "gm@example.test", "pbem@example.test", "example.test"
	cfg.Pace.ChangeOfMind = 0
	cfg.GMTokenFile = filepath.Join(dir, "gm.token")
	if _, err := os.Stat(cfg.GMTokenFile); err != nil {
		require.NoError(t, os.WriteFile(cfg.GMTokenFile, []byte(gmToken+"\n"), 0o600))
	}
	return cfg
}

// open starts a daemon on cfg with the fixture's clock and outbox, as
// pbem serve does after a restart.
func (f *fixture) open(cfg Config) *Daemon {
	f.t.Helper()
	d, err := New(cfg, Options{Out: f.out, Now: func() time.Time { return f.now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	require.NoError(f.t, err)
	return d
}

// mail delivers a raw message to the daemon as the intake would.
func (f *fixture) mail(from, subject, body string, extra ...string) {
	f.t.Helper()
	f.n++
	raw := fmt.Sprintf("From: %s\r\nTo: pbem@example.test\r\nSubject: %s\r\nMessage-ID: <m%d@example.test>\r\nDate: Mon, 2 Nov 2026 12:00:00 +0000\r\n%sContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, subject, f.n, strings.Join(extra, ""), strings.ReplaceAll(body, "\n", "\r\n"))
	err := f.d.Handle(context.Background(), &mailer.Message{Raw: []byte(raw), JournalID: fmt.Sprintf("j%03d", f.n), MessageID: fmt.Sprintf("m%d@example.test", f.n)})
	require.NoError(f.t, err)
}

// botOrders writes the due nation's orders as its player would.
func (f *fixture) botOrders(token string) string {
	file := bot.Orders(f.g.Engine(), f.g.State(), "ashdown", token, 3)
	return orders.Encode(file, f.g.Rules())
}

func (f *fixture) duePlayer() (addr, token string) {
	due := f.g.Due()
	p := f.g.PlayerOf(due.Nation)
	return p.Email, f.tokens[p.Name]
}

func TestWelcomeAndYourTurn(t *testing.T) {
	f := newFixture(t)
	for _, a := range addrs {
		w := f.out.to(a)
		require.NotEmpty(t, w, a)
		assert.Contains(t, w[0].Text, "token: ")
		assert.Contains(t, w[0].Text, f.g.Commitment(), "the welcome mail publishes the dice commitment (docs/design.md §3)")
		assert.Contains(t, w[0].Text, "Your mail: map every, format html, reports every. Send \"prefs\"", "the welcome names the mail preferences (issue 14)")
	}
	addr, _ := f.duePlayer()
	last := f.out.last(addr)
	assert.Contains(t, last.Subject, "Your turn")
	assert.Contains(t, last.Text, "turn: r01-romanobritish")
}

// TestOrdersByMail: a valid file is acknowledged with its digest, the turn
// runs, every player gets the report and the next player "your turn".
func TestOrdersByMail(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	f.mail(addr, "Re: your turn", "Hi GM,\n\n"+f.botOrders(tok)+"\n-- \nAlice\n")
	acks := f.out.to(addr)
	var ack *mailer.Outgoing
	for _, m := range acks {
		if strings.Contains(m.Subject, "Orders accepted") {
			ack = m
		}
	}
	require.NotNil(t, ack, "an acknowledgement")
	assert.Contains(t, ack.Text, "digest ")
	assert.Contains(t, ack.Text, "What the file leaves to the defaults", "the acknowledgement lists the defaults that will apply (docs/orders.md)")
	assert.Contains(t, ack.Text, "placed by default")
	assert.NotContains(t, ack.Text, tok, "the echo never repeats the token")
	assert.Equal(t, "m1@example.test", ack.InReplyTo)
	assert.Equal(t, "r01-welsh", f.g.Due().ID, "the turn ran at once (change-of-mind 0)")
	for _, a := range addrs {
		found := false
		for _, m := range f.out.to(a) {
			found = found || strings.Contains(m.Subject, "r01-romanobritish:")
		}
		assert.True(t, found, "%s got the report", a)
	}
	next, _ := f.duePlayer()
	assert.Contains(t, f.out.last(next).Subject, "r01-welsh: Your turn")
}

func TestRefusals(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	good := f.botOrders(tok)
	t.Run("every error with its line", func(t *testing.T) {
		bad := good + "\nmove 1 Kentt > Essex\nplace Narnia\n"
		f.mail(addr, "orders", bad)
		m := f.out.last(addr)
		assert.Contains(t, m.Subject, "NOT accepted")
		assert.Contains(t, m.Text, `unknown area "Kentt" (did you mean Kent?)`)
		assert.Contains(t, m.Text, `unknown area "Narnia"`)
		assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
	})
	t.Run("wrong token warns the owner", func(t *testing.T) {
		f.mail(addr, "orders", strings.Replace(good, "token: "+tok, "token: guess", 1))
		assert.Contains(t, f.out.last(addr).Text, "token")
		assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
	})
	t.Run("registered address required", func(t *testing.T) {
		f.mail("mallory@example.test", "orders", good)
		assert.Contains(t, f.out.last("mallory@example.test").Text, "not registered")
		warn := f.out.last(addr)
		assert.Contains(t, warn.Subject, "someone tried to act as Alice", "the real owner is told")
		assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
	})
	t.Run("auto-replies are never answered (RFC 3834)", func(t *testing.T) {
		before := len(f.out.to("away@example.test"))
		f.mail("away@example.test", "Out of office", "I am away.", "Auto-Submitted: auto-replied\r\n")
		assert.Len(t, f.out.to("away@example.test"), before)
	})
	t.Run("unknown game", func(t *testing.T) {
		f.mail("x@example.test", "orders", "game: nowhere\nnation: Welsh\n")
		assert.Contains(t, f.out.last("x@example.test").Text, `There is no game "nowhere"`)
	})
}

// TestSameMailTwice: a mail handled twice (a crash before it was marked
// processed) gets one answer and changes the game once.
func TestSameMailTwice(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	raw := "From: " + addr + "\r\nSubject: orders\r\nMessage-ID: <dup@example.test>\r\n\r\n" + strings.ReplaceAll(f.botOrders(tok), "\n", "\r\n")
	m := &mailer.Message{Raw: []byte(raw), JournalID: "jdup", MessageID: "dup@example.test"}
	require.NoError(t, f.d.Handle(context.Background(), m))
	n := len(f.out.to(addr))
	step := f.g.Due().ID
	require.NoError(t, f.d.Handle(context.Background(), m))
	assert.Equal(t, step, f.g.Due().ID, "the game moved once")
	assert.Len(t, f.out.to(addr), n, "no second answer")
}

// TestDeadlineNMR: after the deadline and grace the bot plays the turn, the
// report says so and the GM is told.
func TestDeadlineNMR(t *testing.T) {
	f := newFixture(t)
	addr, _ := f.duePlayer()
	f.now = f.now.Add(f.d.cfg.Pace.Deadline - f.d.cfg.Pace.Reminder + time.Minute)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Contains(t, f.out.last(addr).Subject, "Reminder")
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
	f.now = f.now.Add(f.d.cfg.Pace.Reminder + f.d.cfg.Pace.Grace)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, "r01-welsh", f.g.Due().ID, "the bot played the missed turn")
	gm := f.out.last("gm@example.test")
	require.NotNil(t, gm)
	assert.Contains(t, gm.Text, "the bot played the turn")
	var report *mailer.Outgoing
	for _, m := range f.out.to(addrs[2]) {
		if strings.Contains(m.Subject, "r01-romanobritish:") {
			report = m
		}
	}
	require.NotNil(t, report)
	assert.Contains(t, report.Text, "No orders came from")
}

func TestCommands(t *testing.T) {
	f := newFixture(t)
	f.mail(addrs[1], "status ashdown", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Next: r01-romanobritish")
	f.mail(addrs[1], "help", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Commands:")
	f.mail(addrs[2], "token ashdown", "")
	assert.Contains(t, f.out.last(addrs[2]).Text, "token: "+f.tokens["Carol"])
	f.mail("stranger@example.test", "token ashdown", "")
	assert.NotContains(t, f.out.last("stranger@example.test").Text, "token: ", "tokens go only to registered addresses")
	f.mail(addrs[0], "pause ashdown", "")
	assert.Contains(t, f.out.last(addrs[0]).Text, "Only the GM")
	f.mail("gm@example.test", "pause ashdown", "token: "+f.gmTok)
	f.now = f.now.Add(100 * time.Hour)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID, "a paused game does not move")
	f.mail("gm@example.test", "resume ashdown", "token: "+f.gmTok)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.NotEqual(t, "r01-romanobritish", f.g.Due().ID)
}

// TestAuto: a player hands a nation to the bot.
func TestAuto(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	nation := f.g.Due().Nation
	f.mail(addr, "auto", "game: ashdown\ntoken: "+tok+"\nauto on "+nation+"\n")
	assert.NotEqual(t, "r01-romanobritish", f.g.Due().ID, "the bot played the Romano-British at once")
}

// TestArchiveHistoryObserveRollback: the mail commands that read the game
// (docs/design.md §5) and the GM's rollback.
func TestArchiveHistoryObserveRollback(t *testing.T) {
	f := newFixture(t)
	f.mail("fan@example.test", "observe ashdown", "")
	f.mail("fan@example.test", "Re: "+f.out.last("fan@example.test").Subject, "")
	assert.Contains(t, f.out.last("fan@example.test").Text, "will receive the public report")
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	var seen bool
	for _, m := range f.out.to("fan@example.test") {
		if strings.Contains(m.Subject, "r01-romanobritish:") {
			seen = true
			assert.NotContains(t, m.Text, "FOR YOU", "observers get the public report")
		}
	}
	assert.True(t, seen, "the observer got the report")

	f.mail(addrs[1], "history ashdown", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "001-r01-romanobritish")
	f.mail(addrs[1], "history ashdown 1", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Round 1: the Romano-British turn")

	f.mail(addrs[1], "archive ashdown", "")
	a := f.out.last(addrs[1])
	require.Len(t, a.Attach, 1)
	assert.Equal(t, "ashdown-archive.tar.gz", a.Attach[0].Name)
	assert.Greater(t, len(a.Attach[0].Data), 1000)
	assert.NotContains(t, string(a.Attach[0].Data), tok, "the public archive has no token")

	f.mail(addrs[0], "rollback ashdown start oops", "")
	assert.Contains(t, f.out.last(addrs[0]).Text, "Only the GM")
	f.mail("gm@example.test", "rollback ashdown start wrong file", "token: "+f.gmTok)
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID, "the GM rolled back to the start")
	assert.Contains(t, f.out.last(addrs[2]).Subject, "rolled the game back")
}

// TestTokenAndAddressChanges: a player rotates their token and moves to a
// new address; the GM replaces a player (docs/design.md §5).
func TestTokenAndAddressChanges(t *testing.T) {
	f := newFixture(t)
	old := f.tokens["Bob"]
	f.mail(addrs[1], "token", "game: ashdown\ntoken: wrong\ntoken new\n")
	assert.Contains(t, f.out.last(addrs[1]).Text, "the token is wrong")
	f.mail(addrs[1], "token", "game: ashdown\ntoken new\n")
	assert.Contains(t, f.out.last(addrs[1]).Text, `"token new" needs your token`)
	f.mail(addrs[1], "token", "game: ashdown\ntoken: "+old+"\ntoken new\n")
	var fresh string
	for _, m := range f.out.to(addrs[1]) {
		if strings.Contains(m.Subject, "your new token") {
			fresh = strings.TrimSpace(strings.SplitN(strings.SplitN(m.Text, "token: ", 2)[1], "\n", 2)[0])
		}
	}
	require.NotEmpty(t, fresh)
	assert.NotEqual(t, old, fresh)
	tok, err := f.d.tokenOf(f.g, "Bob")
	require.NoError(t, err)
	assert.Equal(t, fresh, tok, "the private directory holds the new token")

	f.mail(addrs[1], "address", "game: ashdown\ntoken: "+fresh+"\naddress bob@new.example.test\n")
	assert.Equal(t, "bob@new.example.test", f.g.PlayerOf("Brigantes").Email)
	assert.Contains(t, f.out.last("bob@new.example.test").Subject, "your new token")
	assert.Contains(t, f.out.last(addrs[1]).Text, "now plays from bob@new.example.test")

	f.mail(addrs[2], "replace ashdown Dave eve@example.test", "")
	assert.Contains(t, f.out.last(addrs[2]).Text, "Only the GM")
	f.mail("gm@example.test", "replace ashdown Dave eve@example.test", "token: "+f.gmTok)
	assert.Equal(t, "eve@example.test", f.g.PlayerOf("Welsh").Email)
	assert.Contains(t, f.out.last("eve@example.test").Text, "token: ")
}

// TestGMOnBehalf: the GM mails orders for a player; the player is told and
// the turn's orders are marked as entered by the GM (docs/design.md §5).
func TestGMOnBehalf(t *testing.T) {
	f := newFixture(t)
	due := f.g.Due()
	addr, _ := f.duePlayer()
	f.mail("gm@example.test", "orders for Carol's nation", f.botOrders(f.gmTok))
	assert.Contains(t, f.out.last("gm@example.test").Subject, "Orders accepted")
	var told bool
	for _, m := range f.out.to(addr) {
		told = told || strings.Contains(m.Subject, "the GM entered orders")
	}
	assert.True(t, told, "the player is told")
	assert.NotEqual(t, due.ID, f.g.Due().ID, "the turn ran")
	orders, err := os.ReadFile(filepath.Join(f.g.Dir(), "turns", "001-"+due.ID, "orders.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(orders), "entered by the GM")
}
