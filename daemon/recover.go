package daemon

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
)

// advancing marks a step being adjudicated whose mail is not all queued
// yet. It is written to Data/pace/GAME.advancing.json just before
// archive.Game.Advance and removed once the reports and "your turn" are in
// the outbox. A crash in between (docs/design.md §5: "whatever crashes in between")
// leaves it behind; the next TickGame then queues that step's mail. Outbox
// ids are derived from the game and step, so what was queued before the
// crash is not queued twice.
type advancing struct {
	Parent int    `json:"parent"` // the last step in force before the advance (0: the start)
	Note   string `json:"note"`   // the note the reports begin with
}

func (d *Daemon) advancingPath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".advancing.json")
}

// lastInForce returns the latest step of the game not set aside by a
// rollback; Number 0 means none yet.
func lastInForce(g *archive.Game) archive.StepInfo {
	steps := g.Steps()
	for i := len(steps) - 1; i >= 0; i-- {
		if !steps[i].Superseded() {
			return steps[i]
		}
	}
	return archive.StepInfo{}
}

func (d *Daemon) beginAdvance(g *archive.Game, note string) error {
	if err := os.MkdirAll(d.paceDir(), 0o755); err != nil {
		return err
	}
	data, _ := json.Marshal(advancing{Parent: lastInForce(g).Number, Note: note})
	tmp := d.advancingPath(g) + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, d.advancingPath(g))
}

func (d *Daemon) endAdvance(g *archive.Game) error {
	if err := os.Remove(d.advancingPath(g)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// recoverAdvance queues the mail of a step whose advance was cut short by a
// crash, if any.
func (d *Daemon) recoverAdvance(g *archive.Game) error {
	data, err := os.ReadFile(d.advancingPath(g))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var a advancing
	if err := json.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("%s: %w", d.advancingPath(g), err)
	}
	last := lastInForce(g)
	if last.Number == 0 || last.Number == a.Parent || last.Parent != a.Parent {
		// The step was never written (or a rollback came between): there
		// is no mail to catch up on; the clock adjudicates again if due.
		return d.endAdvance(g)
	}
	after, events, err := loadStep(g, last)
	if err != nil {
		return err
	}
	before, _, err := loadStep(g, archive.StepInfo{Number: last.Parent})
	if err != nil {
		return err
	}
	d.log.Warn("queueing the mail of a step adjudicated before a crash", "game", g.ID(), "step", last.ID)
	return d.afterAdvance(g, &archive.Step{StepInfo: last, State: after, Events: events}, before, a.Note)
}

// loadStep reads the state after a step and its events from the archive
// (Number 0: the start).
func loadStep(g *archive.Game, s archive.StepInfo) (*adjudicator.State, []adjudicator.Event, error) {
	dir := filepath.Join(g.Dir(), "turns", s.Dir())
	sb, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return nil, nil, err
	}
	st, err := g.Engine().UnmarshalState(sb)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	eb, err := os.ReadFile(filepath.Join(dir, "events.jsonl"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	evs, err := adjudicator.UnmarshalEvents(eb)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", dir, err)
	}
	return st, evs, nil
}
