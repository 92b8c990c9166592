package archive

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// houseBoard is the Britannia board edited by a GM: renamed, and with a
// strait from Kent to the Frisian coast of Essex's neighbour Suffolk.
func houseBoard(t *testing.T) []byte {
	t.Helper()
	b := string(games.MustLookup("redux").DefaultBoard())
	b = strings.Replace(b, "name: britannia\n", "name: britannia-house\n", 1)
	b = strings.Replace(b, "  - [Kent, Sussex]\n", "  - [Kent, Sussex]\n  - [Kent, Suffolk, strait]\n", 1)
	if !strings.Contains(b, "[Kent, Suffolk, strait]") {
		t.Fatal("the board file changed: fix houseBoard")
	}
	return []byte(b)
}

// TestGMBoard: a GM's board is copied into the game byte for byte, named
// with its SHA-256 in game.yaml, used by every later step and by verify
// (which notices an edited copy); the ruleset's own board adds nothing to
// game.yaml.
func TestGMBoard(t *testing.T) {
	board := houseBoard(t)
	dir := filepath.Join(t.TempDir(), "house")
	g, _, err := Create(dir, NewGame{Ruleset: "redux", Players: testPlayers, BoardName: "/gm/house-board.yaml", Board: board, Created: testTime}, testRand("hb"))
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, filepath.Join(dir, "board.yaml")); got != string(board) {
		t.Error("board.yaml is not a copy of the GM's board")
	}
	gy := readFile(t, filepath.Join(dir, "game.yaml"))
	for _, want := range []string{"board: board.yaml\n", "board_source: house-board.yaml\n", "board_sha256: " + sha256Hex(board) + "\n"} {
		if !strings.Contains(gy, want) {
			t.Errorf("game.yaml lacks %q:\n%s", want, gy)
		}
	}
	for range 4 {
		if _, err := g.Advance(true); err != nil {
			t.Fatal(err)
		}
	}
	re, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	b := re.Rules().Board
	kent, _ := b.Lookup("Kent")
	suffolk, _ := b.Lookup("Suffolk")
	if linked, strait := b.Adjacent(kent, suffolk); b.Name != "britannia-house" || !linked || !strait {
		t.Errorf("the reopened game plays on board %s without the GM's strait", b.Name)
	}
	if err := Verify(dir); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(board), "# The Britannia board", "# An edited board", 1)
	if err := os.WriteFile(filepath.Join(dir, "board.yaml"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	err = Verify(dir)
	var ve *VerifyError
	if !errors.As(err, &ve) || ve.Problems[0].Path != "board.yaml" || !strings.Contains(err.Error(), "the board was changed after the game was created") {
		t.Fatalf("verify of an edited board: %v", err)
	}

	own := newGame(t)
	if gy := readFile(t, filepath.Join(own.dir, "game.yaml")); strings.Contains(gy, "board") {
		t.Errorf("a game on the ruleset's board names a board in game.yaml:\n%s", gy)
	}
	if _, err := os.Stat(filepath.Join(own.dir, "board.yaml")); !os.IsNotExist(err) {
		t.Errorf("a game on the ruleset's board has a board.yaml: %v", err)
	}
}

// TestGMBoardErrors: a GM's board that is not a board, or that lacks what
// the ruleset's tables name, is refused with the file, the line and why.
func TestGMBoardErrors(t *testing.T) {
	board := string(houseBoard(t))
	noKent := strings.ReplaceAll(board, "Kent", "Cantia")
	for _, tc := range []struct {
		name, board, want string
	}{
		{"not a board", "name: x\nareas: [{name: A, terrain: swamp}]\n", `gm.yaml:2: area A: unknown terrain "swamp" (terrain kinds: clear, difficult)`},
		{"area the tables name", noKent, "board gm.yaml does not fit the tables redux/tables.yaml: redux/tables.yaml:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Create(filepath.Join(t.TempDir(), "g"), NewGame{Ruleset: "redux", Players: testPlayers, BoardName: "gm.yaml", Board: []byte(tc.board)}, testRand("x"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestSimulateOnBoard: a simulation on a GM's board gives the same game in
// memory and as an archive, and the archive verifies.
func TestSimulateOnBoard(t *testing.T) {
	spec := Sim{Ruleset: "redux", Players: 3, Seed: 5, BoardName: "house.yaml", Board: houseBoard(t)}
	mem, err := Simulate(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "sim")
	arch, err := Simulate(spec, dir)
	if err != nil {
		t.Fatal(err)
	}
	if mem.Steps != arch.Steps || mem.State.Round != arch.State.Round {
		t.Errorf("in memory %d steps, as an archive %d", mem.Steps, arch.Steps)
	}
	if err := Verify(dir); err != nil {
		t.Fatal(err)
	}
}

// TestGMBoardRulesetErrors: a GM's board that loads as a board but that the
// ruleset's own data check refuses (Hy Breasil 5.1: every sea inland, so no
// nation could enter) is an error of pbem new and pbem simulate, not a
// panic.
func TestGMBoardRulesetErrors(t *testing.T) {
	b, err := os.ReadFile("../docs/boards/hy-breasil-sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "  - {name: Muir ") || strings.HasPrefix(l, "  - {name: Sruth ") {
			lines[i] = strings.Replace(l, "{name: ", "{inland: true, name: ", 1)
		}
	}
	board := []byte(strings.Join(lines, "\n"))
	want := "every sea is inland: no nation could enter (Hy Breasil 5.1)"
	_, _, err = Create(filepath.Join(t.TempDir(), "g"), NewGame{Ruleset: "hy-breasil", Players: testPlayers, BoardName: "gm.yaml", Board: board}, testRand("x"))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("new: err = %v, want %q", err, want)
	}
	for _, dir := range []string{"", filepath.Join(t.TempDir(), "sim")} {
		_, err = Simulate(Sim{Ruleset: "hy-breasil", Players: 3, Seed: 1, BoardName: "gm.yaml", Board: board}, dir)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("simulate %q: err = %v, want %q", dir, err, want)
		}
	}
}
