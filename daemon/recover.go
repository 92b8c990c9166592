package daemon

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
	// GM is a note to the GM about the step (the bot played a missed
	// turn), mailed with its mail: "subject\ntext".
	GM string `json:"gm,omitempty"`
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

func (d *Daemon) beginAdvance(g *archive.Game, a advancing) error {
	if err := os.MkdirAll(d.paceDir(), 0o755); err != nil {
		return err
	}
	a.Parent = lastInForce(g).Number
	data, _ := json.Marshal(a)
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
	if err := os.Rename(tmp, d.advancingPath(g)); err != nil {
		return err
	}
	return syncDir(d.paceDir()) // the mark must outlive a power cut as the step does
}

// syncDir fsyncs a directory so that a rename in it is durable.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

func (d *Daemon) endAdvance(g *archive.Game) error {
	if err := os.Remove(d.advancingPath(g)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// recoverAdvance queues the mail of a step whose advance was cut short by a
// crash, if any: the step in force that the advance wrote, found by its
// parent, read back from the archive with the state it started from.
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
	written, ok := stepAfter(g, a.Parent)
	if !ok {
		// The step was never written (or a rollback set it aside): there
		// is no mail to catch up on; the clock adjudicates again if due.
		return d.endAdvance(g)
	}
	step, _, err := g.LoadStep(written.Number)
	if err != nil {
		return fmt.Errorf("queueing the mail of step %s, adjudicated before a crash: %w", written.Dir(), err)
	}
	d.log.Warn("queueing the mail of a step adjudicated before a crash", "game", g.ID(), "step", step.Dir())
	return d.afterAdvance(g, step, a)
}

// stepAfter finds the step in force that was played from step parent (0:
// the start), if any.
func stepAfter(g *archive.Game, parent int) (archive.StepInfo, bool) {
	for _, s := range g.Steps() {
		if !s.Superseded() && s.Parent == parent && s.Number > parent {
			return s, true
		}
	}
	return archive.StepInfo{}, false
}

// acceptedBeforeCrash is the answer to an order mail handled again after a
// failed or crashed attempt whose file is refused now (refused): if the
// archive recorded the same file accepted, the earlier attempt accepted it
// and was cut short before its acknowledgement was queued, and the clock
// may have run the turn since, which is why the file is refused now
// ("frozen", "the game is over"). The mail then gets the acknowledgement it
// was due, not a refusal of orders that were played. Any other file keeps
// its refusal.
//
// Such a mail does not run its turn itself, as a first attempt does: the
// clock does, at once after a restart and at every tick. Running a turn
// renders every report and its map, a second or more, and the intake
// counts each attempt a kill cuts short: a mail whose retries all waited
// for a turn's mail was set aside as poison after five kills, though its
// orders were accepted and played (e2e TestRandomKills).
func (d *Daemon) acceptedBeforeCrash(g *archive.Game, text string, refused error) (*archive.Receipt, error) {
	rec, err := g.Accepted(text)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, refused
	}
	d.log.Warn("orders accepted before a crash, acknowledged now", "game", g.ID(), "turn", rec.Turn, "nation", rec.Nation, "digest", rec.Digest)
	return rec, nil
}
