package archive

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNoOrders is returned by Advance when the nation turn due has no
// accepted orders and nmr was not asked for.
var ErrNoOrders = errors.New("no orders accepted for the turn due")

// Advance adjudicates what is due and writes the step: a nation turn with
// the accepted orders for it, or with the bot's orders when nmr is set (no
// orders came by the deadline; accepted orders make nmr an error), or a
// round event. Missing orders without nmr give ErrNoOrders.
func (g *Game) Advance(nmr bool) (*Step, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return nil, err
	}
	defer unlock()
	due := g.due()
	if due.Over {
		return nil, fmt.Errorf("the game is over")
	}
	info, seed, err := g.nextStep(due.ID)
	if err != nil {
		return nil, err
	}
	in := &stepInput{step: g.next, seed: seed}
	if due.Nation != "" {
		p, err := g.pending(due.ID)
		if err != nil {
			return nil, err
		}
		switch {
		case p != nil && nmr:
			return nil, fmt.Errorf("orders for %s were accepted (digest %s): it is not a missed turn", due.ID, p.Digest)
		case p == nil && !nmr:
			return nil, fmt.Errorf("%w: %s (the %s, %s)", ErrNoOrders, due.ID, due.Nation, due.Player)
		case nmr:
			in.orders = g.r.botOrders(g.state, seed)
		case p.ByGM:
			in.orders = []byte(behalfMarker + p.Orders)
		default:
			in.orders = []byte(p.Orders)
		}
		texts, err := g.standingTexts()
		if err != nil {
			return nil, err
		}
		in.standing = g.r.formatStanding(due.ID, texts)
	} else {
		in.seats = g.r.seatsText(g.gf, g.state)
	}
	st, err := g.playStep(info, in)
	if err != nil {
		return nil, err
	}
	if due.Nation != "" {
		g.w.removeAll(g.pendingPath(due.ID)) // tidy only: a stale file is never used
	}
	return st, nil
}

// nextStep is the next step's place in the history and its seed: the
// chain's seed at its depth.
func (g *Game) nextStep(id string) (StepInfo, []byte, error) {
	chain, err := g.loadChain()
	if err != nil {
		return StepInfo{}, nil, err
	}
	info := StepInfo{Number: len(g.h.steps) + 1, ID: id, Parent: g.h.last(), Seed: len(g.h.eff) + 1}
	if info.Seed > chain.Len() {
		return StepInfo{}, nil, fmt.Errorf("the dice chain has only %d seeds and step %03d needs seed %d", chain.Len(), info.Number, info.Seed)
	}
	seed, err := chain.Seed(info.Seed)
	return info, seed, err
}

// playStep plays a step from the current state and its inputs, writes its
// folder with its report, and makes it the last step in force. The step's
// view and report are made from the state and events in memory, as
// stepFromFiles would read them back from the files written.
func (g *Game) playStep(info StepInfo, in *stepInput) (*Step, error) {
	pl, err := g.r.play(g.state, in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", info.Dir(), err)
	}
	before, next := g.next, g.r.nextDue(pl.state)
	st := g.r.newStep(g.gf, info, g.state, pl.state, pl.events, pl.files)
	st.dueBefore, st.dueAfter = &before, &next
	st.Report = g.r.report(g.gf, st)
	pl.files[fileReport] = []byte(st.Report)
	if err := g.writeStep(info, pl.files); err != nil {
		return nil, g.fail(err)
	}
	g.h.steps = append(g.h.steps, info)
	g.h.eff = append(g.h.eff, info.Number)
	g.state, g.next = pl.state, next
	return st, nil
}

// stepFiles is the order a step's files are written in.
var stepFiles = []string{fileOrders, fileStanding, fileSeats, fileInputs, fileSeed, fileDice, fileState, fileEvents, fileReport}

// writeStep writes a step folder under a temporary name and renames it into
// place: the step exists only once complete.
func (g *Game) writeStep(info StepInfo, files map[string][]byte) error {
	turns := filepath.Join(g.dir, turnsDir)
	tmp := filepath.Join(turns, ".tmp-"+info.Dir())
	if err := g.w.removeAll(tmp); err != nil {
		return err
	}
	if err := g.w.mkdir(tmp); err != nil {
		return err
	}
	for _, name := range stepFiles {
		if data, ok := files[name]; ok {
			if err := g.w.createFile(filepath.Join(tmp, name), data); err != nil {
				return fmt.Errorf("writing %s: %w", name, err)
			}
		}
	}
	if err := g.w.syncDir(tmp); err != nil {
		return err
	}
	return g.w.rename(tmp, filepath.Join(turns, info.Dir()))
}

// Rollback takes the game back to the state after an earlier step in
// force: to is "start", a step number ("7", "007") or a step id
// ("r02-end"; the latest step in force with that id). It writes a new line
// to rollbacks.log; the steps after to stay on disk, superseded. why is
// required and goes into the log. Orders accepted for the turn due are
// dropped and must be sent again.
func (g *Game) Rollback(to, why string) (string, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return "", err
	}
	defer unlock()
	why = oneLine(why)
	if why == "" {
		return "", fmt.Errorf("a rollback needs a reason: it is logged for everyone to read")
	}
	target, err := g.resolve(to)
	if err != nil {
		return "", err
	}
	if target == g.h.last() {
		return "", fmt.Errorf("the game already stands at %s", g.describe(target))
	}
	rb := rollback{N: len(g.h.rollbacks) + 1, After: len(g.h.steps), To: target, ToID: g.h.idOf(target), Time: g.now().UTC().Truncate(1e9), Why: why}
	if err := g.appendLog(rollbacksLog, rb.String()); err != nil {
		return "", g.fail(err)
	}
	if err := g.reload(); err != nil {
		return "", g.fail(err)
	}
	return rb.String(), nil
}

// resolve finds a step in force by "start", number or id.
func (g *Game) resolve(to string) (int, error) {
	to = strings.TrimSpace(to)
	if to == "start" || to == "0" || to == startDir {
		return 0, nil
	}
	if err := g.folderAgrees(to); err != nil {
		return 0, err
	}
	if n, err := strconv.Atoi(strings.SplitN(to, "-", 2)[0]); err == nil {
		if n < 1 || n > len(g.h.steps) {
			return 0, fmt.Errorf("there is no step %s (steps 001 to %03d)", to, len(g.h.steps))
		}
		for _, e := range g.h.eff {
			if e == n {
				return n, nil
			}
		}
		return 0, fmt.Errorf("step %s is superseded by rollback %d: roll back only to a step in force", g.h.info(n).Dir(), g.h.info(n).SupersededBy)
	}
	for i := len(g.h.eff) - 1; i >= 0; i-- {
		if g.h.info(g.h.eff[i]).ID == to {
			return g.h.eff[i], nil
		}
	}
	return 0, fmt.Errorf("no step in force is %q (give start, a step number or a step id such as r02-end)", to)
}

// folderAgrees refuses a step given by number and id ("080-r07-invasion",
// a step folder's name) whose number and id name different steps: step
// 080 drawn for r07-invasion without a word before (issue 23).
func (g *Game) folderAgrees(s string) error {
	num, id, ok := strings.Cut(s, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || n > len(g.h.steps) {
		return nil
	}
	if st := g.h.info(n); st.ID != id {
		return fmt.Errorf("%q names two steps: step %03d is %s, not %s; give the number alone, the id alone, or the folder as it is (%s)", s, n, st.ID, id, st.Dir())
	}
	return nil
}

func (g *Game) describe(n int) string {
	if n == 0 {
		return "the start"
	}
	return "step " + g.h.info(n).Dir()
}

// AdvanceEvents adjudicates the round events that are due (they take no
// orders) until a nation turn is due or the game is over.
func (g *Game) AdvanceEvents() ([]*Step, error) {
	var out []*Step
	for {
		if d := g.Due(); d.Over || d.Nation != "" {
			return out, nil
		}
		st, err := g.Advance(false)
		if err != nil {
			return out, err
		}
		out = append(out, st)
	}
}
