package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedFixtures is where the project keeps the archives every pbem must
// verify (../shared/fixtures beside the repository; PBEM_FIXTURES moves
// it).
func sharedFixtures() string {
	if d := os.Getenv("PBEM_FIXTURES"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "fixtures")
}

// fixtureArchives lists every game archive of testdata and of the shared
// fixtures.
func fixtureArchives(t *testing.T) []string {
	t.Helper()
	var all []string
	seen := map[string]bool{}
	for _, pattern := range []string{"testdata/*/*.tgz", filepath.Join(sharedFixtures(), "*", "*.tgz")} {
		files, err := filepath.Glob(pattern)
		require.NoError(t, err)
		for _, f := range files {
			if !seen[filepath.Base(f)] { // a shared fixture copied into testdata once
				all = append(all, f)
			}
			seen[filepath.Base(f)] = true
		}
	}
	if n, _ := filepath.Glob(filepath.Join(sharedFixtures(), "*", "*.tgz")); len(n) == 0 {
		t.Logf("no shared fixtures in %s: testdata only", sharedFixtures())
	}
	return all
}

// TestFixturesPublicRecord: every fixture archive (written by every engine
// since the first) verifies, and so does its public record as PublicFiles
// gives it (the archives of testdata are verified whole by their own
// tests), which holds no address (old game.yaml files hold some) and
// nothing but what verify reads (issue 23 items 1 and 8).
//
// Writing a public record takes as many files as the game; plain go test
// writes and verifies those of a sample (fixtureSample) and looks for
// addresses in the others' PublicFiles; with PBEM_PROPERTY_GAMES=full
// (.ci/run) it writes and verifies them all.
func TestFixturesPublicRecord(t *testing.T) {
	files := fixtureArchives(t)
	require.NotEmpty(t, files)
	sample := fixtureSample(t, files)
	for _, path := range files {
		game, whole := untarGame(t, path), sample[path]
		t.Run(strings.TrimSuffix(filepath.Base(path), ".tgz"), func(t *testing.T) {
			t.Parallel()
			if !strings.HasPrefix(path, "testdata") { // those are verified by TestPreKernelArchivesVerify and the like
				_, err := VerifyStats(game)
				require.NoError(t, err, path)
			}
			if !whole {
				files, err := PublicFiles(game)
				require.NoError(t, err)
				for _, f := range files {
					assert.False(t, bytes.Contains(f.Data, []byte("@example.")), "%s holds an address:\n%s", f.Name, f.Data)
				}
				return
			}
			pub := filepath.Join(t.TempDir(), filepath.Base(game))
			writePublic(t, game, pub)
			st, err := VerifyStats(pub)
			require.NoError(t, err, "the public record of %s", path)
			assert.Positive(t, st.Steps)
			assertNoAddress(t, pub)
		})
	}
}

// writePublic writes PublicFiles of the game dir under to.
func writePublic(t *testing.T, dir, to string) []PublicFile {
	t.Helper()
	files, err := PublicFiles(dir)
	require.NoError(t, err)
	for _, f := range files {
		p := filepath.Join(to, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, f.Data, 0o644))
	}
	return files
}

// TestPublicFilesLeaveOut: PublicFiles leaves out press, views, temporary
// step folders and anything else a GM put in the game directory, and
// masks the addresses of an old players.log.
func TestPublicFilesLeaveOut(t *testing.T) {
	f := newGame(t)
	f.play(f.botText(1))
	makeOld(t, f.dir)
	for name, data := range map[string]string{
		"press.log":                 "Alice -> Bob: secret\n",
		"views/001-x/report.html":   "<p>view</p>",
		"turns/.tmp-002-x/seed.hex": "00",
		"notes.txt":                 "the GM's notes",
		"players.log":               "2026-11-22T10:00:00Z Bob (gm): address bob@example.org -> bob@example.net, new token; why: moved\n",
	} {
		p := filepath.Join(f.dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	}
	pub := filepath.Join(t.TempDir(), "ashdown")
	var names []string
	for _, pf := range writePublic(t, f.dir, pub) {
		names = append(names, pf.Name)
		if pf.Name == playersLog {
			assert.Contains(t, string(pf.Data), "address [address] -> [address]")
		}
		assert.False(t, bytes.Contains(pf.Data, []byte("@example.")), "%s holds an address", pf.Name)
	}
	assert.Subset(t, names, []string{"game.yaml", "tables.yaml", "submissions.log", "players.log", "turns/000-start/state.json", "turns/001-r01-romanobritish/dice.log"})
	for _, n := range names {
		for _, bad := range []string{"press", "views", ".tmp", "notes"} {
			assert.NotContains(t, n, bad)
		}
	}
	require.NoError(t, Verify(pub))
}
