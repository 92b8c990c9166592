package archive

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// StepInfo is one step folder of turns/ and its place in the game.
type StepInfo struct {
	Number int    // NNN: 1, 2, ... in the order written, never reused
	ID     string // "r05-saxons", "r05-end"
	Parent int    // the step whose state it started from; 0 is the start
	// Seed is i of the chain seed s_i the step used: its depth in the game
	// (1 for the first step). A step replayed after a rollback uses the same
	// seed as the step it replaces, so a rollback cannot reroll dice
	// without visibly changing the inputs (docs/dice.md §1).
	Seed int
	// SupersededBy is the number (from 1) of the rollback that set this step
	// aside, or 0 while it is part of the game.
	SupersededBy int
}

// Dir is the step's folder name under turns/: "012-r03-saxons".
func (s StepInfo) Dir() string { return stepDir(s.Number, s.ID) }

// Superseded reports whether a rollback set the step aside.
func (s StepInfo) Superseded() bool { return s.SupersededBy != 0 }

func stepDir(n int, id string) string {
	if n == 0 {
		return startDir
	}
	return fmt.Sprintf("%03d-%s", n, id)
}

const (
	turnsDir     = "turns"
	startDir     = "000-start"
	rollbacksLog = "rollbacks.log"
)

// stepIDGrammar is the one definition of a step id, the ID of a step
// folder NNN-ID: a lower-case letter, then lower-case letters, digits and
// single dashes, not ending in a dash ("r05-saxons", "r05-end",
// "r16-saxons-extra", "r16-extra-end"; later rulesets may add ids such as
// "r03-invasion-2"). It starts with a letter so that an id never reads as a
// step number, which is accepted wherever an id is ("pbem report --turn 12",
// "rollback to 012"). Every pattern that reads an id is built from it.
const stepIDGrammar = `[a-z][a-z0-9]*(?:-[a-z0-9]+)*`

// maxStepID bounds a step id, so that a step folder, a pending file
// (pending/ID.json) and a mail id made of them stay short.
const maxStepID = 64

var (
	stepIDPattern  = regexp.MustCompile(`^` + stepIDGrammar + `$`)
	stepDirPattern = regexp.MustCompile(`^(\d{3,})-(` + stepIDGrammar + `)$`)
)

// CheckStepID says why id cannot name a step, or nil. The archive refuses
// to write a step whose id it could not read back (see stepIDGrammar).
func CheckStepID(id string) error {
	switch {
	case id == "start":
		return fmt.Errorf("step id %q is taken by the start of the game (%s)", id, startDir)
	case len(id) > maxStepID:
		return fmt.Errorf("step id %q is longer than %d characters", id, maxStepID)
	case !stepIDPattern.MatchString(id):
		return fmt.Errorf("step id %q: want a lower-case letter, then lower-case letters, digits and single dashes, not ending in a dash", id)
	}
	return nil
}

// rollback is one line of rollbacks.log.
type rollback struct {
	N     int // 1-based
	After int // the last step written when the rollback was made
	To    int // the step whose state the game went back to; 0 is the start
	ToID  string
	Time  time.Time
	Why   string
	Line  int
}

var rollbackPattern = regexp.MustCompile(`^rollback (\d+): after (\d{3,}) back to (\d{3,}) \((` + stepIDGrammar + `)\) at (\S+): (.*)$`)

func (rb rollback) String() string {
	return fmt.Sprintf("rollback %d: after %03d back to %03d (%s) at %s: %s",
		rb.N, rb.After, rb.To, rb.ToID, rb.Time.UTC().Format(time.RFC3339), oneLine(rb.Why))
}

const rollbacksHeader = "# pbem rollbacks: each line sets aside the steps after \"back to\"; nothing is erased (archive/doc.go)\n"

func parseRollbacks(data []byte) ([]rollback, error) {
	var out []rollback
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		m := rollbackPattern.FindStringSubmatch(t)
		if m == nil {
			return nil, &Problem{Path: rollbacksLog, Line: line, Msg: `want "rollback N: after NNN back to MMM (ID) at TIME: WHY"`}
		}
		rb := rollback{Line: line, ToID: m[4], Why: m[6]}
		rb.N, _ = strconv.Atoi(m[1])
		rb.After, _ = strconv.Atoi(m[2])
		rb.To, _ = strconv.Atoi(m[3])
		tm, err := time.Parse(time.RFC3339, m[5])
		if err != nil {
			return nil, &Problem{Path: rollbacksLog, Line: line, Msg: fmt.Sprintf("time %q: %v", m[5], err)}
		}
		rb.Time = tm
		if rb.N != len(out)+1 {
			return nil, &Problem{Path: rollbacksLog, Line: line, Msg: fmt.Sprintf("rollback %d, want %d", rb.N, len(out)+1)}
		}
		if len(out) > 0 && rb.After < out[len(out)-1].After {
			return nil, &Problem{Path: rollbacksLog, Line: line, Msg: fmt.Sprintf("after %03d comes before the previous rollback's %03d", rb.After, out[len(out)-1].After)}
		}
		out = append(out, rb)
	}
	return out, sc.Err()
}

// history is the list of steps and rollbacks of a game directory.
type history struct {
	steps     []StepInfo // steps[k-1] is step k
	rollbacks []rollback
	eff       []int // the steps in force, in order, without the start
}

// last is the step the game stands at (0: the start).
func (h *history) last() int {
	if len(h.eff) == 0 {
		return 0
	}
	return h.eff[len(h.eff)-1]
}

// info is the StepInfo of step n (n >= 1).
func (h *history) info(n int) StepInfo { return h.steps[n-1] }

// loadHistory reads turns/ and rollbacks.log and works out each step's
// parent and seed and which steps are superseded. Folders starting with a
// dot are unfinished writes and are ignored.
func loadHistory(dir string) (*history, error) {
	ents, err := os.ReadDir(filepath.Join(dir, turnsDir))
	if err != nil {
		return nil, err
	}
	h := &history{}
	startSeen := false
	for _, e := range ents {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if name == startDir {
			startSeen = true
			continue
		}
		m := stepDirPattern.FindStringSubmatch(name)
		if m == nil || !e.IsDir() || CheckStepID(m[2]) != nil {
			return nil, &Problem{Path: filepath.Join(turnsDir, name), Msg: "not a step folder NNN-ID (ID: lower-case letters, digits and dashes, starting with a letter)"}
		}
		n, _ := strconv.Atoi(m[1])
		if stepDir(n, m[2]) != name {
			return nil, &Problem{Path: filepath.Join(turnsDir, name), Msg: fmt.Sprintf("step number not written %03d", n)}
		}
		h.steps = append(h.steps, StepInfo{Number: n, ID: m[2]})
	}
	if !startSeen {
		return nil, &Problem{Path: filepath.Join(turnsDir, startDir), Msg: "missing"}
	}
	sort.Slice(h.steps, func(i, j int) bool { return h.steps[i].Number < h.steps[j].Number })
	for i, s := range h.steps {
		if s.Number != i+1 {
			if i > 0 && h.steps[i-1].Number == s.Number {
				return nil, &Problem{Path: turnsDir, Msg: fmt.Sprintf("two folders for step %03d", s.Number)}
			}
			return nil, &Problem{Path: turnsDir, Msg: fmt.Sprintf("step %03d is missing (the next folder is %s)", i+1, s.Dir())}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, rollbacksLog))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if h.rollbacks, err = parseRollbacks(data); err != nil {
		return nil, err
	}
	if err := h.place(); err != nil {
		return nil, err
	}
	return h, nil
}

// place works out each step's parent and seed and which steps are
// superseded, applying each rollback of rollbacks.log after the step it
// follows.
func (h *history) place() error {
	r := 0
	for k := 1; k <= len(h.steps); k++ {
		if err := h.applyRollbacks(&r, k-1); err != nil {
			return err
		}
		h.steps[k-1].Parent = h.last()
		h.steps[k-1].Seed = len(h.eff) + 1
		h.eff = append(h.eff, k)
	}
	if err := h.applyRollbacks(&r, len(h.steps)); err != nil {
		return err
	}
	if r < len(h.rollbacks) {
		rb := h.rollbacks[r]
		return &Problem{Path: rollbacksLog, Line: rb.Line, Msg: fmt.Sprintf("after step %03d, but the last step is %03d", rb.After, len(h.steps))}
	}
	return nil
}

// applyRollbacks applies the rollbacks from *r on that were made after
// step after, advancing *r past them.
func (h *history) applyRollbacks(r *int, after int) error {
	for ; *r < len(h.rollbacks) && h.rollbacks[*r].After == after; *r++ {
		rb := h.rollbacks[*r]
		keep := -1
		if rb.To == 0 {
			keep = 0
		}
		for i, n := range h.eff {
			if n == rb.To {
				keep = i + 1
			}
		}
		if keep < 0 || keep == len(h.eff) {
			return &Problem{Path: rollbacksLog, Line: rb.Line, Msg: fmt.Sprintf("step %03d is not an earlier step in force after step %03d", rb.To, after)}
		}
		if id := h.idOf(rb.To); id != rb.ToID {
			return &Problem{Path: rollbacksLog, Line: rb.Line, Msg: fmt.Sprintf("step %03d is %s, not %s", rb.To, id, rb.ToID)}
		}
		for _, n := range h.eff[keep:] {
			h.steps[n-1].SupersededBy = rb.N
		}
		h.eff = h.eff[:keep]
	}
	return nil
}

func (h *history) idOf(n int) string {
	if n == 0 {
		return "start"
	}
	return h.steps[n-1].ID
}

// oneLine folds a free text (a rollback's reason) onto one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
