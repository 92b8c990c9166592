package archive

import (
	"crypto/sha256"
	"errors"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/internal/scratch"
	"github.com/pbem-org/pbem/orders"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// testRoot holds directories shared by several tests.
var testRoot string

// TestMain runs the tests with their temporary files in memory where the
// system has some (internal/scratch: the fixtures alone untar into some
// 40,000 small files).
func TestMain(m *testing.M) {
	flag.Parse()
	done := scratch.Setup()
	var err error
	if testRoot, err = os.MkdirTemp("", "shared-"); err != nil {
		panic(err)
	}
	code := m.Run()
	done()
	os.Exit(code)
}

// fullRuns reports whether PBEM_PROPERTY_GAMES asks for the long runs
// (.ci/run sets it to full): then the tests that sample the fixture
// archives take every one.
func fullRuns() bool { return os.Getenv("PBEM_PROPERTY_GAMES") != "" }

// fixtureSample is which fixture archives of files a sampling test takes
// whole: with fullRuns every one, else the first of each directory, of
// each engine version and of each ruleset, and every shared fixture that
// is not a copy of one of testdata's.
func fixtureSample(t *testing.T, files []string) map[string]bool {
	t.Helper()
	whole, seen := map[string]bool{}, map[string]bool{}
	for _, path := range files {
		data, err := os.ReadFile(filepath.Join(untarGame(t, path), "game.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		gf, err := parseGameFile(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		w := fullRuns() || !strings.HasPrefix(path, "testdata")
		for _, k := range []string{"dir " + filepath.Dir(path), "engine " + gf.EngineVersion, "ruleset " + gf.Ruleset} {
			w = w || !seen[k]
			seen[k] = true
		}
		whole[path] = w
	}
	return whole
}

var testTime = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// testRand is the fixed randomness of test games.
func testRand(seed string) io.Reader {
	return rand.NewChaCha8(sha256.Sum256([]byte(seed)))
}

var testPlayers = []Player{
	{Name: "Alice", Email: "alice@example.org"},
	{Name: "Bob", Email: "bob@example.org"},
	{Name: "Carol", Email: "carol@example.org"},
}

// fixture is a test game.
type fixture struct {
	t      testing.TB
	dir    string
	g      *Game
	tokens Tokens
}

// newGame creates the game "ashdown" for three players in a temporary
// directory. Its writes are not fsynced (a test needs no durability; the
// crash tests count the fsyncs of their own writer), as a reopened one's.
func newGame(t testing.TB) *fixture {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ashdown")
	g, tokens, err := create(dir, NewGame{Ruleset: "redux", Players: testPlayers, Created: testTime}, testRand("ashdown"), writer{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	g.now = func() time.Time { return testTime }
	return &fixture{t: t, dir: dir, g: g, tokens: tokens}
}

// reopen opens the fixture's game again, as a new process would.
func (f *fixture) reopen() {
	f.t.Helper()
	g, err := Open(f.dir)
	if err != nil {
		f.t.Fatal(err)
	}
	g.now = func() time.Time { return testTime }
	g.w.noSync = true
	f.g = g
}

// token is the token of the player controlling nation.
func (f *fixture) token(nation string) string {
	return f.tokens[f.g.PlayerOf(nation).Name]
}

// botText is an order file for the nation due as its player would send
// it: the bot's orders with the player's token.
func (f *fixture) botText(seed uint64) string {
	f.t.Helper()
	g := f.g
	s := g.State()
	o := bot.Orders(g.Engine(), s, g.ID(), "", seed)
	if o == nil {
		f.t.Fatalf("no nation turn is due: %s", g.Due().ID)
	}
	o.Token = f.token(o.Nation)
	return orders.Encode(o, g.Rules())
}

// play submits text for the nation due and advances.
func (f *fixture) play(text string) *Step {
	f.t.Helper()
	if _, err := f.g.Submit("", text, testTime); err != nil {
		f.t.Fatalf("submit %s: %v\n%s", f.g.Due().ID, err, text)
	}
	st, err := f.g.Advance(false)
	if err != nil {
		f.t.Fatalf("advance %s: %v", f.g.Due().ID, err)
	}
	return st
}

// nmr advances the step due with the bot (or the round event).
func (f *fixture) nmr() *Step {
	f.t.Helper()
	st, err := f.g.Advance(f.g.Due().Nation != "")
	if err != nil {
		f.t.Fatalf("advance %s: %v", f.g.Due().ID, err)
	}
	return st
}

// welshOrders are the Welsh orders of round 1: an attack on March, with a
// salt.
func (f *fixture) welshOrders(move string) string {
	return "Hi GM, here are my orders\n" +
		"game: ashdown\n" +
		"nation: Welsh\n" +
		"turn: r01-welsh\n" +
		"token: " + f.token("Welsh") + "\n" +
		"salt: rain over Powys\n" +
		"\n" +
		move + "\n"
}

// standardGame plays the first steps of the test game: the Romano-British
// missed, the Welsh attack March with a salt, the Brigantes' orders come
// from the bot with Bob's token, the Caledonians are entered by the GM,
// the Picts miss, the round ends and the Romano-British of round 2 play.
func standardGame(t testing.TB) *fixture {
	f := newGame(t)
	if _, err := f.g.SetStanding("Brigantes", "game: ashdown\nnation: Brigantes\nkind: standing\n\ndefend *: retreat when theirs >= 2*mine\n", testTime); err != nil {
		t.Fatal(err)
	}
	f.nmr()                                       // 001 r01-romanobritish
	f.play(f.welshOrders("move 1 Powys > March")) // 002 r01-welsh
	f.play(f.botText(7))                          // 003 r01-brigantes
	text := strings.Replace(f.botText(8), "token: "+f.token("Caledonians")+"\n", "", 1)
	if _, err := f.g.SubmitGM("", text, testTime); err != nil { // 004 r01-caledonians
		t.Fatal(err)
	}
	if _, err := f.g.Advance(false); err != nil {
		t.Fatal(err)
	}
	f.nmr() // 005 r01-picts
	f.nmr() // 006 r01-end
	f.nmr() // 007 r02-romanobritish
	return f
}

// copyTree copies a game directory and its private directory into a new
// temporary directory, with their modes, and returns the new game
// directory.
func copyTree(t testing.TB, dir string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(dir))
	for _, pair := range [][2]string{{dir, dst}, {DefaultSecrets(dir), DefaultSecrets(dst)}} {
		err := filepath.Walk(pair[0], func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(pair[0], p)
			to := filepath.Join(pair[1], rel)
			if info.IsDir() {
				if err := os.MkdirAll(to, 0o700); err != nil {
					return err
				}
				return os.Chmod(to, info.Mode().Perm())
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(to, data, 0o600); err != nil {
				return err
			}
			return os.Chmod(to, info.Mode().Perm())
		})
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	return dst
}

// stateBytes is the game's current state as archived.
func stateBytes(g *Game) string {
	return string(g.Engine().MarshalState(g.State()))
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// stepPath is the path of a file of the step folder numbered n.
func stepPath(t testing.TB, dir string, n int, name string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, turnsDir, stepDir(n, "*")))
	if len(m) != 1 {
		t.Fatalf("step %03d: %d folders", n, len(m))
	}
	return filepath.Join(m[0], name)
}
