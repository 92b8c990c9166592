package daemon

import (
	"container/heap"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// This file keeps the daemon's cost in line with its mail and its
// deadlines, not with its number of games (issue 23): each game is a small
// entry, its archive is open only while it has something in hand (and for
// the last few games used), and the clock looks only at the games whose
// next check (the end of a change-of-mind delay, a reminder, a deadline,
// the end of a grace period) has come, kept in a heap.

// gameEntry is what the daemon keeps of a game between its mails and its
// clock's runs.
type gameEntry struct {
	id, dir string
	// lock is the game's clock: one mail or clock run at a time, held
	// across the whole of a mail's handling and of a clock run.
	lock sync.Mutex

	// The rest is guarded by Daemon.mu.
	g     *archive.Game // open, or nil
	pins  int           // users of g: it is not closed while pinned
	used  uint64        // Daemon.seq when last used, to close the least used
	next  time.Time     // when the clock looks at the game next; zero: when something happens
	index int           // in Daemon.due, or -1
	stamp string        // archive.Stamp after the daemon's last look
	known bool          // opened once, or served before (a clock on disk): not merely a directory
}

// dueHeap orders the games with a next check by its time.
type dueHeap []*gameEntry

func (h dueHeap) Len() int           { return len(h) }
func (h dueHeap) Less(i, j int) bool { return h[i].next.Before(h[j].next) }
func (h dueHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *dueHeap) Push(x any) {
	e := x.(*gameEntry)
	e.index = len(*h)
	*h = append(*h, e)
}
func (h *dueHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	e.index = -1
	return e
}

// OpenGames is how many games a daemon keeps open beyond those in use
// (Options.OpenGames): the last used, so that a burst of mail for a few
// games does not read their archives again for each mail.
const OpenGames = 64

// sweepPerTick is how many games each tick checks for changes made by
// another process (pbem turn, pbem pace while pbem serve runs): a fixed
// number, so that the sweep costs the same whatever the number of games.
const sweepPerTick = 50

// setNext puts e in the heap at t (zero: out of it). The caller holds d.mu.
func (d *Daemon) setNext(e *gameEntry, t time.Time) {
	e.next = t
	switch {
	case t.IsZero() && e.index >= 0:
		heap.Remove(&d.due, e.index)
	case t.IsZero():
	case e.index >= 0:
		heap.Fix(&d.due, e.index)
	default:
		heap.Push(&d.due, e)
	}
}

// scheduleAt sets when the clock looks at game id next (zero: when
// something happens) and the game's stamp as the daemon leaves it, and
// wakes the clock when the check is due now.
func (d *Daemon) scheduleAt(id string, t time.Time, stamp string) {
	d.mu.Lock()
	e := d.games[id]
	if e != nil {
		d.setNext(e, t)
		e.stamp = stamp
	}
	d.mu.Unlock()
	if e != nil && !t.IsZero() && !t.After(d.now()) {
		select {
		case d.kick <- struct{}{}:
		default:
		}
	}
}

// popDue takes out of the heap every game whose check is due at now, the
// earliest first.
func (d *Daemon) popDue(now time.Time) []*gameEntry {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []*gameEntry
	for len(d.due) > 0 && !d.due[0].next.After(now) {
		e := heap.Pop(&d.due).(*gameEntry)
		e.next = time.Time{}
		out = append(out, e)
	}
	return out
}

// nextDue is the time of the earliest check in the heap, zero if none.
func (d *Daemon) nextDue() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.due) == 0 {
		return time.Time{}
	}
	return d.due[0].next
}

// runEntry runs a game's clock: its lock, its archive (opened if need be),
// tickGame. A run that fails is tried again a minute later (the old
// clock tried every game at every tick).
func (d *Daemon) runEntry(ctx context.Context, e *gameEntry) error {
	e.lock.Lock()
	defer e.lock.Unlock()
	g, err := d.acquire(e)
	if err == nil {
		err = d.tickGame(ctx, g)
		d.release(e)
	}
	if err != nil && ctx.Err() == nil {
		d.mu.Lock()
		if e.index < 0 {
			d.setNext(e, d.now().Add(retryAfter))
		}
		d.mu.Unlock()
	}
	return err
}

// retryAfter is how long after a failed run a game's clock runs again.
const retryAfter = time.Minute

// entry is the game with an id, or nil.
func (d *Daemon) entry(id string) *gameEntry {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.games[strings.ToLower(strings.TrimSpace(id))]
}

// acquire returns the game's archive, opening it if it is not open, and
// keeps it open until release. A game another process changed since the
// daemon last looked (its archive.Stamp differs) is read again.
func (d *Daemon) acquire(e *gameEntry) (*archive.Game, error) {
	d.mu.Lock()
	e.pins++
	d.seq++
	e.used = d.seq
	g, stamp := e.g, e.stamp
	d.mu.Unlock()
	if g != nil {
		if now := archive.Stamp(e.dir); stamp != "" && now != stamp {
			if err := g.Refresh(); err != nil {
				d.release(e)
				return nil, err
			}
			d.mu.Lock()
			e.stamp = now
			d.mu.Unlock()
		}
		return g, nil
	}
	g, err := d.openArchive(e.dir)
	if err != nil {
		d.release(e)
		return nil, err
	}
	d.mu.Lock()
	if e.g == nil {
		e.g = g
		d.opened[e] = true
	}
	g = e.g
	d.mu.Unlock()
	return g, nil
}

// release ends a use of a game's archive begun by acquire, and closes the
// least used games beyond OpenGames that nobody uses.
func (d *Daemon) release(e *gameEntry) {
	d.mu.Lock()
	defer d.mu.Unlock()
	e.pins--
	if e.g != nil && e.pins == 0 {
		e.g.ForgetSecrets() // the dice chain is read again for the next step
	}
	for len(d.opened) > d.openGames {
		var lru *gameEntry
		for o := range d.opened {
			if o.pins == 0 && (lru == nil || o.used < lru.used) {
				lru = o
			}
		}
		if lru == nil {
			return // every open game is in use
		}
		lru.g = nil
		delete(d.opened, lru)
	}
}

// game returns a game's archive, opened if need be (kept among the last
// used), or nil if there is no such game.
func (d *Daemon) game(id string) *archive.Game {
	e := d.entry(id)
	if e == nil {
		d.loadSchedule()
		d.Discover() // a game created since the last tick
		if e = d.entry(id); e == nil {
			return nil
		}
	}
	g, err := d.acquire(e)
	if err != nil {
		d.log.Error("a game does not open", "game", id, "err", err)
		return nil
	}
	d.release(e)
	return g
}

// GameIDs lists the games in sorted order (an empty list, never nil).
func (d *Daemon) GameIDs() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	ids := []string{}
	for id := range d.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// GameCount is how many games the daemon serves.
func (d *Daemon) GameCount() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.games)
}

// gameDirs lists the game directories under GamesDir in name order: not
// private directories (NAME.secrets) nor the hidden ones pbem new writes
// before renaming them into place.
func (d *Daemon) gameDirs() ([]string, error) {
	ents, err := os.ReadDir(d.GamesDir())
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range ents {
		if !e.IsDir() || strings.HasSuffix(e.Name(), ".secrets") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		dirs = append(dirs, filepath.Join(d.GamesDir(), e.Name()))
	}
	return dirs, nil
}

// register makes the entries of the game directories found at start
// without opening any: a directory whose name has a clock on disk
// (DATA/pace/NAME.json) is a game served before, under that id; the others
// are opened by loadSchedule.
func (d *Daemon) register() error {
	dirs, err := d.gameDirs()
	if err != nil {
		return err
	}
	paced := map[string]bool{}
	if ents, err := os.ReadDir(d.paceDir()); err == nil {
		for _, e := range ents {
			paced[e.Name()] = true
		}
	}
	d.paced = paced
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, dir := range dirs {
		id := filepath.Base(dir)
		if !paced[id+".json"] || archive.CheckGameID(id) != nil {
			d.fresh = append(d.fresh, dir)
			continue
		}
		d.games[id] = &gameEntry{id: id, dir: dir, index: -1, known: true}
		d.dirs[dir] = true
	}
	return nil
}

// loadSchedule, once, opens the game directories register could not name
// and sets every game's next check from its clock on disk (schedule.go's
// nextCheck), reading no archive: a few small files a game. A game whose
// archive changed since the daemon last looked (pbem turn while it was
// stopped), whose welcome is not sent, or that has a step's mail to catch
// up on after a crash is checked at once.
func (d *Daemon) loadSchedule() {
	d.loadOnce.Do(func() {
		t0 := time.Now()
		d.openMu.Lock()
		for _, dir := range d.fresh {
			d.discovered(dir)
		}
		d.fresh = nil
		d.openMu.Unlock()
		d.mu.Lock()
		var es []*gameEntry
		for _, e := range d.games {
			if e.index < 0 && e.next.IsZero() {
				es = append(es, e)
			}
		}
		d.mu.Unlock()
		for _, e := range es {
			t, stamp := d.firstCheck(e)
			d.mu.Lock()
			if e.index < 0 && e.next.IsZero() { // a mail may have scheduled it meanwhile
				d.setNext(e, t)
			}
			if e.stamp == "" {
				e.stamp = stamp
			}
			d.mu.Unlock()
		}
		d.paced = nil
		d.log.Info("schedule loaded", "games", d.GameCount(), "took", time.Since(t0).Round(time.Millisecond).String(), "due", len(d.due))
	})
}

// firstCheck is when a game served before is first checked, from its clock
// on disk, and its stamp as the daemon left it.
func (d *Daemon) firstCheck(e *gameEntry) (time.Time, string) {
	now := d.now()
	st, ok := d.readPace(e.id)
	switch {
	case !ok, !d.paced[e.id+".welcome.json"], d.paced[e.id+".advancing.json"]:
		return now, ""
	case st.Stamp == "" || st.Stamp != archive.Stamp(e.dir):
		return now, "" // changed by another process, or a clock older than stamps
	}
	own, err := archive.ReadPace(e.dir)
	if err != nil {
		return now, ""
	}
	var arrival *time.Time
	if st.Turn != "" {
		if at, ok, err := archive.PendingArrival(e.dir, "", st.Turn); err != nil {
			return now, ""
		} else if ok {
			arrival = &at
		}
	}
	auto := false
	for _, on := range st.Auto {
		auto = auto || on // whether its nation is due is known only to the open game
	}
	return nextCheck(st, d.paceOf(own), arrival, auto, now), st.Stamp
}

// Discover opens the game directories created under GamesDir since the
// daemon started (pbem new while pbem serve runs). It lists the directory
// only when its modification time changed (or is too recent to trust), so
// that an idle daemon does not read a list of every game each tick. A
// directory that does not open is logged, once per distinct error, and
// tried again on every tick; the other games are served meanwhile.
func (d *Daemon) Discover() {
	d.openMu.Lock()
	defer d.openMu.Unlock()
	fi, err := os.Stat(d.GamesDir())
	if err != nil {
		d.log.Error("cannot list the games", "dir", d.GamesDir(), "err", err)
		return
	}
	mt := fi.ModTime()
	if mt.Equal(d.listed) && time.Since(mt) > 2*time.Second && len(d.bad) == 0 {
		return
	}
	dirs, err := d.gameDirs()
	if err != nil {
		d.log.Error("cannot list the games", "dir", d.GamesDir(), "err", err)
		return
	}
	d.listed = mt
	for _, dir := range dirs {
		d.mu.Lock()
		known := d.dirs[dir]
		d.mu.Unlock()
		if !known {
			d.discovered(dir)
		}
	}
}

// discovered opens a game directory met for the first time and schedules
// its first check at once (its welcome mails). The caller holds
// d.openMu.
func (d *Daemon) discovered(dir string) {
	d.mu.Lock()
	was := d.bad[dir]
	d.mu.Unlock()
	g, err := d.openGame(dir)
	if err != nil {
		if msg := err.Error(); msg != was {
			d.log.Error("a game directory does not open; it is tried again on every tick", "dir", filepath.Base(dir), "err", err)
			d.mu.Lock()
			d.bad[dir] = msg
			d.mu.Unlock()
		}
		return
	}
	d.log.Info("new game", "game", g.ID(), "ruleset", g.Rules().Ruleset.Name, "players", len(g.Players()))
}

// openArchive opens a game's archive, and moves what an older pbem kept
// where it no longer belongs: the players' addresses out of game.yaml, the
// press log out of the game directory (issue 23).
func (d *Daemon) openArchive(dir string) (*archive.Game, error) {
	g, err := archive.Open(dir)
	if err != nil {
		return nil, err
	}
	d.moveAddresses(g)
	d.movePress(g)
	return g, nil
}

// openGame opens a game directory and serves it, its first check due now.
func (d *Daemon) openGame(dir string) (*archive.Game, error) {
	g, err := d.openArchive(dir)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if old := d.games[g.ID()]; old != nil && old.dir != dir {
		return nil, fmt.Errorf("game id %s is the id of %s too", g.ID(), old.dir)
	}
	e := d.games[g.ID()]
	if e == nil {
		e = &gameEntry{id: g.ID(), dir: dir, index: -1}
		d.games[g.ID()] = e
	}
	if e.g == nil {
		e.g = g
		d.opened[e] = true
		d.seq++
		e.used = d.seq
	}
	e.known = true
	d.dirs[dir] = true
	delete(d.bad, dir)
	d.setNext(e, d.now())
	return e.g, nil
}

// AddGame registers a game directory created after start (pbem new);
// Discover finds such directories by itself.
func (d *Daemon) AddGame(dir string) (*archive.Game, error) {
	d.openMu.Lock()
	defer d.openMu.Unlock()
	d.mu.Lock()
	known := d.dirs[dir]
	d.mu.Unlock()
	if known {
		return nil, fmt.Errorf("%s is served already", dir)
	}
	return d.openGame(dir)
}

// sweep checks up to n games, in turn, for a change another process made
// (archive.Stamp): such a game is checked at once, its archive read again.
func (d *Daemon) sweep(n int) {
	d.mu.Lock()
	if len(d.sweepIDs) == 0 {
		for id := range d.games {
			d.sweepIDs = append(d.sweepIDs, id)
		}
	}
	k := min(n, len(d.sweepIDs))
	batch := d.sweepIDs[:k]
	d.sweepIDs = d.sweepIDs[k:]
	var es []*gameEntry
	for _, id := range batch {
		if e := d.games[id]; e != nil && e.stamp != "" {
			es = append(es, e)
		}
	}
	d.mu.Unlock()
	for _, e := range es {
		if archive.Stamp(e.dir) == e.stamp {
			continue
		}
		d.mu.Lock()
		if e.stamp != "" { // not looked at meanwhile
			d.setNext(e, d.now())
		}
		d.mu.Unlock()
	}
}
