package daemon

import (
	"bytes"
	"context"
	"fmt"
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
	"github.com/pbem-org/pbem/mailer"
)

// emptyServer is a daemon serving no game yet, as pbem serve started on a
// fresh data directory.
func emptyServer(t *testing.T) *fixture {
	t.Helper()
	dir := t.TempDir()
	f := &fixture{t: t, out: &capture{}, gmTok: gmToken, now: time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)}
	f.d = f.open(testConfig(t, dir))
	return f
}

// create makes a game under the daemon's games directory, as pbem new
// does while pbem serve runs.
func (f *fixture) create(id string, seed uint64) archive.Tokens {
	f.t.Helper()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	_, toks, err := archive.Create(filepath.Join(f.d.GamesDir(), id), archive.NewGame{ID: id, Ruleset: "redux", Players: ps}, byteReader{rand.New(rand.NewPCG(seed, 2))})
	require.NoError(f.t, err)
	return toks
}

func (f *fixture) subjects(addr, part string) []string {
	var out []string
	for _, m := range f.out.to(addr) {
		if strings.Contains(m.Subject, part) {
			out = append(out, m.Subject)
		}
	}
	return out
}

// TestServePicksUpNewGame: a game created while pbem serve runs is served
// from the next tick: every player gets one welcome with their token, the
// commitment and the rules summary, and the first player "your turn";
// a restart sends neither again.
func TestServePicksUpNewGame(t *testing.T) {
	f := emptyServer(t)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Empty(t, f.d.GameIDs())
	toks := f.create("hastings", 3)
	require.NoError(t, f.d.Tick(context.Background()))
	require.Equal(t, []string{"hastings"}, f.d.GameIDs(), "the new game is served without a restart")
	g := f.d.game("hastings")
	for i, a := range addrs {
		w := f.subjects(a, "hastings: welcome")
		require.Len(t, w, 1, a)
		m := f.out.to(a)[0]
		name := []string{"Alice", "Bob", "Carol", "Dave"}[i]
		assert.Contains(t, m.Text, "token: "+toks[name])
		assert.Contains(t, m.Text, g.Commitment())
		assert.Contains(t, m.Text, "The rules: Britannia reduX Core")
		assert.Contains(t, m.Text, "Each nation turn has 48h for its orders")
		for other, tok := range toks {
			if other != name {
				assert.NotContains(t, m.Text, tok, "a welcome holds another player's token")
			}
		}
	}
	assert.Len(t, f.subjects(addrs[0], "r01-romanobritish: Your turn"), 1, "the first player is told")

	f.d = f.open(f.d.cfg) // a restart: a fresh outbox would send everything again
	f.out.ids = nil
	require.NoError(t, f.d.Tick(context.Background()))
	for _, a := range addrs {
		assert.Len(t, f.subjects(a, "hastings: welcome"), 1, "welcomed again after a restart")
	}
	assert.Len(t, f.subjects(addrs[0], "Your turn"), 1, "told again after a restart")
}

// TestEveryTurnTold: over a dozen turns by mail, the player due is told
// "your turn" once for every nation turn, the first included.
func TestEveryTurnTold(t *testing.T) {
	f := newFixture(t)
	turns := map[string]bool{}
	for i := 0; i < 12; i++ {
		due := f.g.Due()
		turns[due.ID] = true
		addr, tok := f.duePlayer()
		f.mail(addr, "orders", f.botOrders(tok))
		require.NotEqual(t, due.ID, f.g.Due().ID)
	}
	turns[f.g.Due().ID] = true
	told := map[string]int{}
	for _, m := range f.out.msgs {
		if strings.Contains(m.Subject, ": Your turn") {
			told[strings.TrimSuffix(strings.Fields(m.Subject)[2], ":")]++
		}
	}
	for id := range turns {
		assert.Equal(t, 1, told[id], "turn %s", id)
	}
	assert.Len(t, told, len(turns))
}

// TestGameUnderWayNotWelcomed: a game whose steps were played before pbem
// serve first saw it (pbem turn) gets no welcome, but the player due is
// told it is their turn.
func TestGameUnderWayNotWelcomed(t *testing.T) {
	f := emptyServer(t)
	f.create("ashdown", 1)
	g, err := archive.Open(filepath.Join(f.d.GamesDir(), "ashdown"))
	require.NoError(t, err)
	_, err = g.Advance(true)
	require.NoError(t, err)
	require.NoError(t, f.d.Tick(context.Background()))
	for _, a := range addrs {
		assert.Empty(t, f.subjects(a, "welcome"))
	}
	due := f.d.game("ashdown").Due()
	p := f.d.game("ashdown").PlayerOf(due.Nation)
	assert.Len(t, f.subjects(p.Email, due.ID+": Your turn"), 1)
}

// TestBadNewGameDir: a directory under games that does not open is logged
// and skipped; the daemon serves the others and picks it up once fixed.
func TestBadNewGameDir(t *testing.T) {
	f := emptyServer(t)
	bad := filepath.Join(f.d.GamesDir(), "broken")
	require.NoError(t, os.MkdirAll(bad, 0o755))
	f.create("ashdown", 1)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, []string{"ashdown"}, f.d.GameIDs())
	require.NoError(t, os.Remove(bad))
	f.create("broken", 2)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, []string{"ashdown", "broken"}, f.d.GameIDs())
}

// TestMailForNewGame: a mail for a game created since the last tick is
// served, not answered "unknown game".
func TestMailForNewGame(t *testing.T) {
	f := emptyServer(t)
	f.create("hastings", 1)
	f.mail(addrs[1], "status hastings", "")
	assert.Contains(t, f.out.last(addrs[1]).Text, "Game hastings")
}

// TestGMTokenFile: a missing gm_token_file is created 0600 and its token
// mailed to the GM once, whatever the restarts; one others can read is
// refused.
func TestGMTokenFile(t *testing.T) {
	f := emptyServer(t)
	cfg := f.d.cfg
	cfg.GMTokenFile = filepath.Join(t.TempDir(), "sub", "gm.token")
	d := f.open(cfg)
	fi, err := os.Stat(cfg.GMTokenFile)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	tok := strings.TrimSpace(string(must(os.ReadFile(cfg.GMTokenFile))))
	assert.Equal(t, d.gmToken, tok)
	assert.Regexp(t, `^[0-9a-f]{4}(-[0-9a-f]{4}){3}$`, tok)
	f.open(cfg)
	var told []*mailer.Outgoing
	for _, m := range f.out.to(cfg.GM) {
		if strings.Contains(m.Text, "token: "+tok) {
			told = append(told, m)
		}
	}
	assert.Len(t, told, 1, "the GM gets the token once")

	require.NoError(t, os.Chmod(cfg.GMTokenFile, 0o644))
	_, err = New(cfg, Options{Out: f.out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "others can read it")
	require.NoError(t, os.Chmod(cfg.GMTokenFile, 0o600))
	require.NoError(t, os.WriteFile(cfg.GMTokenFile, []byte("short\n"), 0o600))
	_, err = New(cfg, Options{Out: f.out})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at least 8 characters")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprint(err))
	}
	return v
}

// TestDiscoverOnce: the clock and mails for a new game may look for it at
// the same moment; the game is opened once, so one *archive.Game serves it.
func TestDiscoverOnce(t *testing.T) {
	f := emptyServer(t)
	var buf syncBuffer
	f.d.log = slog.New(slog.NewTextHandler(&buf, nil))
	f.create("hastings", 1)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); f.d.Discover() }()
	}
	wg.Wait()
	assert.Equal(t, 1, strings.Count(buf.String(), `msg="new game"`), buf.String())
	_, err := f.d.AddGame(filepath.Join(f.d.GamesDir(), "hastings"))
	assert.Error(t, err, "a game opened twice")
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
