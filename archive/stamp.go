package archive

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// This file is what a process serving many games asks of a game without
// opening it (issue 23: a daemon's cost follows its mail and deadlines,
// not its number of games).

// Stamp is a cheap sign of what may have changed a game since it was
// last looked at: the modification times of its steps folder (a step
// written), of rollbacks.log and of pace.yaml, read with three stat calls.
// Two equal stamps mean no step, rollback or pace change in between; a
// process that writes a game records the stamp after its own writes and
// finds those of another (pbem turn, pbem pace) by a different one.
func Stamp(dir string) string {
	s, _ := readStamp(dir)
	return s
}

// readStamp is Stamp and the latest of its modification times.
func readStamp(dir string) (s string, newest time.Time) {
	for _, p := range []string{turnsDir, rollbacksLog, paceFile} {
		fi, err := os.Stat(filepath.Join(dir, p))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			s += "-;"
		case err != nil:
			s += "?;"
		default:
			s += fmt.Sprintf("%d;", fi.ModTime().UnixNano())
			if fi.ModTime().After(newest) {
				newest = fi.ModTime()
			}
		}
	}
	return s, newest
}

// seenStamp is the stamp a game's steps and position were read under
// (reload), the time they were read, and the stamp's latest time.
type seenStamp struct {
	s      string
	at     time.Time
	newest time.Time
}

// reloadIfChanged reads the game's steps and position again unless its
// stamp says nothing changed since reload last read them: a write takes
// the lock and reads the game, in case another process wrote it, and most
// of the time none did. A stamp is trusted only when its files were last
// changed well before they were read (a second): a file's time has a
// coarse grain, and a change in the same grain as the read could leave it
// as it was.
func (g *Game) reloadIfChanged() error {
	if s, _ := readStamp(g.dir); g.seen.s != "" && s == g.seen.s && g.seen.newest.Before(g.seen.at.Add(-time.Second)) {
		return nil
	}
	return g.reload()
}

// PendingArrival is the arrival of the orders accepted for turn in the game
// in dir, with its private directory secrets ("" for DIR.secrets), read
// without opening the game; ok is false when there are none. The orders
// may since have been set aside by a step or a rollback: Game.Pending says
// whether they are still to be played.
func PendingArrival(dir, secrets, turn string) (arrival time.Time, ok bool, err error) {
	if secrets == "" {
		secrets = DefaultSecrets(dir)
	}
	if CheckStepID(turn) != nil {
		return time.Time{}, false, nil
	}
	data, err := os.ReadFile(filepath.Join(secrets, "pending", turn+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, err
	}
	var p pendingFile
	if err := json.Unmarshal(data, &p); err != nil {
		return time.Time{}, false, err
	}
	return p.Arrival, p.Turn == turn, nil
}

// Refresh reads the game's steps and position again from disk, for a
// process that keeps a game open while another (pbem turn) may write it.
func (g *Game) Refresh() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.reload()
}

// ForgetSecrets drops what the game keeps of its private directory (the
// dice chain, read again when a step is played), so that a game open for
// long holds no more than its position.
func (g *Game) ForgetSecrets() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.chain = nil
}

// engines shares one rules engine among the open games of one ruleset,
// options, tables, board, player count and engine version (issue 23: a
// daemon of 10,000 games held an engine for each). An engine is only read
// once made.
var engines struct {
	sync.Mutex
	m map[engineKey]*adjudicator.Engine
}

type engineKey struct {
	g       *games.Game // load's loaded game: one per ruleset, options, tables and board
	players int
	compat  adjudicator.Compat
}

// sharedEngine is the engine of a loaded game for a player count (the
// players the game was set up with: L&R 10.4, 11.6.2; Hy Breasil's set-up)
// and an engine version's compatibility, made once.
func sharedEngine(g *games.Game, players int, compat adjudicator.Compat) (*adjudicator.Engine, error) {
	k := engineKey{g, players, compat}
	engines.Lock()
	e := engines.m[k]
	engines.Unlock()
	if e != nil {
		return e, nil
	}
	e, err := rulesets.Engine(g) // a board edited since: an error, not a panic
	if err != nil {
		return nil, err
	}
	e.Players, e.Compat = players, compat
	engines.Lock()
	defer engines.Unlock()
	if engines.m == nil || len(engines.m) >= 256 {
		engines.m = map[engineKey]*adjudicator.Engine{} // as load's cache: a new game each time is a GM's tables each time
	}
	if old := engines.m[k]; old != nil {
		return old, nil
	}
	engines.m[k] = e
	return e, nil
}

// PlaysIn reports whether addr is a player's address in the game in dir,
// reading only the players' addresses (tokens.yaml in the private
// directory, or game.yaml for a game made before they moved there), not
// the game: a daemon of 10,000 games answers "which games are mine" at the
// cost of a small file a game.
func PlaysIn(dir, addr string) (bool, error) {
	g := &Game{dir: dir, secrets: DefaultSecrets(dir)}
	toks, err := g.readTokens()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	moved := false
	for _, t := range toks {
		if t.Email != "" {
			moved = true
			if strings.EqualFold(t.Email, addr) {
				return true, nil
			}
		}
	}
	if moved {
		return false, nil
	}
	data, err := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if err != nil {
		return false, err
	}
	gf, err := parseGameFile(data)
	if err != nil {
		return false, err
	}
	for _, p := range gf.Players {
		if strings.EqualFold(p.Email, addr) {
			return true, nil
		}
	}
	return false, nil
}
