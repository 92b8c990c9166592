package archive

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
)

// Asked steps (doc.go "Asked steps"): a step the player of the nation due
// asks for before writing its orders, which never comes of itself
// (adjudicator.Ruleset.Asked; Hy Breasil 6.1: the random event rerolled by
// reply, "r05-star-reroll"). It takes no input file: its id says what was
// asked, and an "accepted kind=asked" line of submissions.log says who
// asked, which verify requires.

// askedDigest is the digest field of an asked step's line in
// submissions.log.
const askedDigest = "asked"

// asked is the step id names if it may be asked for in s.
func (r *rules) asked(s *adjudicator.State, id string) (adjudicator.Step, bool) {
	for _, st := range r.e.Asked(s) {
		if st.ID == id {
			return st, true
		}
	}
	return adjudicator.Step{}, false
}

// Ask plays what the player of the nation due asks for before writing its
// orders, by the word it asks with (adjudicator.Ruleset's Orders.Asks:
// Hy Breasil 6.1's "reroll"), as a step of its own: its seed the
// next of the chain, its report like any step's, and the turn still due,
// now with the new position. It is refused, in the ruleset's words
// (adjudicator.MsgAskNotNow, MsgAskAfterOrders), when nothing of the kind
// may be asked now, or when orders for the turn are accepted already
// (written for the position as it was). by is "player" or "gm";
// ref names the request (the mail's journal id), so that a request
// retried after a crash returns the step it played instead of a second.
func (g *Game) Ask(nation, what, by, ref string, arrival time.Time) (*Step, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return nil, err
	}
	defer unlock()
	if ref != "" {
		if n := g.askedBy(ref); n > 0 {
			return g.loadStep(n)
		}
	}
	due := g.due()
	id := due.ID + "-" + what
	step, asked := g.r.asked(g.state, id)
	n, err := g.r.e.NationIndex(nation)
	switch {
	case !g.r.e.HasAsked():
		return nil, fmt.Errorf("%s has no step to ask for before a turn", g.r.g.Ruleset.Title)
	case err != nil:
		return nil, err
	case due.Nation == "" || g.r.g.Tables.Nations[n].Name != due.Nation:
		return nil, fmt.Errorf("it is not the %s nation's turn: %s is due", g.r.g.Tables.Nations[n].Name, orDefault(due.ID, "nothing"))
	case !asked:
		return nil, errors.New(g.r.e.Message(adjudicator.MsgAskNotNow, what, due.ID))
	}
	if p, err := g.pending(due.ID); err != nil || p != nil {
		return nil, errors.Join(err, errors.New(g.r.e.Message(adjudicator.MsgAskAfterOrders, due.ID, digestOf(p), what)))
	}
	info, seed, err := g.nextStep(id)
	if err != nil {
		return nil, err
	}
	line := fmt.Sprintf("%s accepted kind=asked turn=%s nation=%s by=%s digest=%s ref=%s raw=-",
		arrival.UTC().Format(time.RFC3339), id, due.Nation, orDefault(by, "player"), askedDigest, orDefault(ref, "-"))
	if err := g.logSubmission(line + " step=" + fmt.Sprintf("%03d", info.Number)); err != nil {
		return nil, g.fail(err)
	}
	return g.playStep(info, &stepInput{step: step, seed: seed})
}

// digestOf is a pending file's digest, "" for none.
func digestOf(p *pendingFile) string {
	if p == nil {
		return ""
	}
	return p.Digest
}

// askedBy is the number of the step an asked request ref played, or 0.
func (g *Game) askedBy(ref string) int {
	data, err := readLog(filepath.Join(g.dir, submissionsLog))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.Contains(l, " kind=asked ") || !strings.Contains(l, " ref="+ref+" ") {
			continue
		}
		var n int
		if i := strings.Index(l, " step="); i > 0 {
			fmt.Sscanf(l[i+len(" step="):], "%d", &n)
		}
		if n > 0 && n <= len(g.h.steps) {
			return n
		}
	}
	return 0
}

// askedInputs checks an asked step's inputs: no input file, the digest of
// its id alone, and an "accepted kind=asked" line of submissions.log for
// it (someone asked).
func (v *verifier) askedInputs(info StepInfo, base string, in *stepInput, inputsTxt []byte, accepted map[string]map[string]bool) ([]byte, []string, bool) {
	for i, data := range [][]byte{in.orders, in.standing, in.seats} {
		if name := []string{fileOrders, fileStanding, fileSeats}[i]; data != nil {
			v.problem(filepath.Join(base, name), 0, "%s is asked for and takes no %s", info.ID, name)
			return nil, nil, false
		}
	}
	digest, want := in.sums(v.gf.Game)
	if !v.inputs(filepath.Join(base, fileInputs), inputsTxt, want) {
		return nil, nil, false
	}
	if accepted != nil && !accepted[info.ID][askedDigest] {
		v.problem(base, 0, "nobody asked for %s: %s has no \"accepted kind=asked turn=%s\" line", info.ID, submissionsLog, info.ID)
		return nil, nil, false
	}
	in.decoded = true
	return digest, nil, true
}

// AskedFor reports whether the request ref (Ask) has played its step.
func (g *Game) AskedFor(ref string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return ref != "" && g.askedBy(ref) > 0
}
