package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// TestBoardFlag: pbem new --board plays a GM's board (an edited Britannia
// under a name of its own): the board is copied into the game, the first
// step is played on it, verify accepts the game and map draws it from its
// centres; simulate --board plays a whole game on it; a board that is not
// one, or lacks what the tables name, is refused with file and line.
func TestBoardFlag(t *testing.T) {
	tmp := t.TempDir()
	data := string(games.MustLookup("redux").DefaultBoard())
	data = strings.Replace(data, "name: britannia\n", "name: albion\n", 1)
	data = strings.Replace(data, "  - [Kent, Sussex]\n", "  - [Kent, Sussex]\n  - [Kent, Suffolk, strait]\n", 1)
	board := write(t, tmp, "albion.yaml", data)
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	game := filepath.Join(tmp, "albion")

	must(t, "new", "--ruleset", "redux", "--game", game, "--players", players, "--board", board)
	copied, err := os.ReadFile(filepath.Join(game, "board.yaml"))
	if err != nil || string(copied) != data {
		t.Fatalf("board.yaml is not a copy of the GM's board: %v", err)
	}
	contains(t, "status", must(t, "status", "--game", game), "Due: r01-romanobritish")
	gy, _ := os.ReadFile(filepath.Join(game, "game.yaml"))
	contains(t, "game.yaml", string(gy), "board: board.yaml", "board_source: albion.yaml")
	must(t, "nmr", "--game", game)
	contains(t, "verify", must(t, "verify", "--game", game), "verifies")
	svg := filepath.Join(tmp, "albion.svg")
	must(t, "map", "--game", game, "-o", svg)
	drawn, _ := os.ReadFile(svg)
	contains(t, "map", string(drawn), ">Kent<", ">Suffolk<", `<g id="straits">`)

	sim := filepath.Join(tmp, "sim")
	contains(t, "simulate", must(t, "simulate", "--ruleset", "redux", "--seed", "2", "--players", "3", "--board", board, "--game", sim), "Simulated game sim-2")
	contains(t, "verify", must(t, "verify", "--game", sim), "verifies")

	bad := write(t, tmp, "bad.yaml", strings.Replace(data, "  - [Kent, Sussex]\n", "  - [Kent, Sussexx]\n", 1))
	code, _, errw := pbem(t, "new", "--ruleset", "redux", "--game", filepath.Join(tmp, "bad"), "--players", players, "--board", bad)
	if code == 0 || !strings.Contains(errw, `bad.yaml:`) || !strings.Contains(errw, `link names unknown area "Sussexx" (did you mean Sussex?)`) {
		t.Errorf("a bad board: exit %d %s", code, errw)
	}
	noKent := write(t, tmp, "nokent.yaml", strings.ReplaceAll(data, "Kent", "Cantia"))
	code, _, errw = pbem(t, "simulate", "--ruleset", "redux", "--board", noKent)
	if code == 0 || !strings.Contains(errw, "does not fit the tables redux/tables.yaml: redux/tables.yaml:") {
		t.Errorf("a board without Kent: exit %d %s", code, errw)
	}
}
