package archive

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
)

// Problem is one thing wrong in an archive, named by file and line.
type Problem struct {
	Path string // relative to the game directory: "turns/012-r03-saxons/dice.log"
	Line int    // 0 when it concerns the whole file
	Msg  string
	// Replay is set for a difference found by replaying with this pbem's
	// engine and bot: with an engine mismatch it is not evidence of
	// tampering.
	Replay bool
}

// Error makes a *Problem an error, for the readers of the archive.
func (p *Problem) Error() string { return p.String() }

func (p Problem) String() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s line %d: %s", p.Path, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.Path, p.Msg)
}

// Mismatch is a version the archive was written with that differs from this
// pbem's: what depends on it cannot be compared, and a difference there is
// not evidence of tampering.
type Mismatch struct {
	What    string // "engine", "engine behaviour" or "dice spec"
	Archive string
	Ours    string
}

// VerifyError is what Verify found: problems (tampering, damage or a bug)
// and version mismatches.
type VerifyError struct {
	Dir       string
	Problems  []Problem
	Mismatch  []Mismatch
	Truncated bool // more problems were found than listed
}

func (e *VerifyError) Error() string {
	var b strings.Builder
	for _, m := range e.Mismatch {
		switch m.What {
		case "engine behaviour":
			fmt.Fprintf(&b, "version mismatch: this pbem's engine plays differently from the one that wrote %s (engine fingerprint %.16s…, this pbem %.16s…); the replay differences below may come from that and are not by themselves evidence of tampering\n",
				e.Dir, m.Archive, m.Ours)
		case "dice spec":
			fmt.Fprintf(&b, "version mismatch: %s was written by dice spec %s, this pbem has dice spec %s; the dice and the replay were not re-derived (this is not evidence of tampering)\n",
				e.Dir, m.Archive, m.Ours)
		default:
			fmt.Fprintf(&b, "version mismatch: %s was written by engine %s, this pbem has engine %s; the replay of every step was skipped (this is not evidence of tampering)\n",
				e.Dir, m.Archive, m.Ours)
		}
	}
	if n := len(e.Problems); n > 0 {
		fmt.Fprintf(&b, "%s does not verify: %d %s\n", e.Dir, n, plural(n, "problem", "problems"))
		for _, p := range e.Problems {
			b.WriteString("  " + p.String() + "\n")
		}
		if e.Truncated {
			b.WriteString("  (more problems not listed)\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// Tampered reports whether a problem was found that a version mismatch
// does not explain: anything but replay differences under a changed
// engine.
func (e *VerifyError) Tampered() bool {
	changed := false
	for _, m := range e.Mismatch {
		changed = changed || m.What == "engine behaviour"
	}
	for _, p := range e.Problems {
		if !p.Replay || !changed {
			return true
		}
	}
	return false
}

// Verified counts what Verify checked.
type Verified struct {
	Steps      int // step folders
	Superseded int // of which set aside by rollbacks
	Rollbacks  int
	Dice       int // dice re-derived
	Replayed   int // steps replayed and compared
}

// normativeFiles are the files of a step folder that Verify checks;
// report.txt is a view.
var normativeFiles = []string{fileOrders, fileStanding, fileSeats, fileInputs, fileSeed, fileDice, fileState, fileEvents}

// maxProblems bounds the problems listed.
const maxProblems = 50

// Verify checks a game directory with no secret (docs/design.md §4): the hash chain
// of seeds from the commitment in game.yaml, every die of every dice.log
// re-derived from its seed and inputs, the inputs digests, missed turns
// against the bot, accepted orders against submissions.log, and every step
// replayed by the engine from its archived inputs with its state.json and
// events.jsonl compared byte for byte. Superseded steps are checked too. It
// returns nil or a *VerifyError naming each problem's file and line; an
// archive written by another engine or dice-spec version gives a
// *VerifyError with Mismatch set.
func Verify(dir string) error {
	_, err := VerifyStats(dir)
	return err
}

// VerifyStats is Verify, also saying what was checked.
func VerifyStats(dir string) (*Verified, error) {
	v := &verifier{dir: filepath.Clean(dir), ve: &VerifyError{Dir: filepath.Clean(dir)}, st: &Verified{}}
	v.run()
	if len(v.ve.Problems) == 0 && len(v.ve.Mismatch) == 0 {
		return v.st, nil
	}
	return v.st, v.ve
}

// seedCheck is a step's archived seed and whether it is proven to come
// from the commitment.
type seedCheck struct {
	seed []byte
	ok   bool
}

type verifier struct {
	seeds map[int]seedCheck
	dir   string
	ve    *VerifyError
	st    *Verified
	gf    *gameFile
	r     *rules
	// wrap, when set (tests), stands in for the engine loaded: a test
	// counts what replaying a step asks of it (TestOnePassVerify).
	wrap func(*adjudicator.Engine) *adjudicator.Engine
}

func (v *verifier) problem(path string, line int, format string, args ...any) {
	v.add(Problem{Path: path, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// replayProblem is a difference found by replaying (see Problem.Replay).
func (v *verifier) replayProblem(path string, line int, format string, args ...any) {
	v.add(Problem{Path: path, Line: line, Msg: fmt.Sprintf(format, args...), Replay: true})
}

func (v *verifier) add(p Problem) {
	if len(v.ve.Problems) >= maxProblems {
		v.ve.Truncated = true
		return
	}
	v.ve.Problems = append(v.ve.Problems, p)
}

func (v *verifier) run() {
	gf, r, err := loadRules(v.dir)
	if err != nil {
		v.problem("game.yaml", 0, "%v", err)
		return
	}
	if v.wrap != nil {
		r.e = v.wrap(r.e)
	}
	v.gf, v.r = gf, r
	engineOK := knownEngine(gf.EngineVersion)
	diceOK := gf.DiceSpec == dice.Version
	if !engineOK {
		v.ve.Mismatch = append(v.ve.Mismatch, Mismatch{What: "engine", Archive: gf.EngineVersion, Ours: EngineVersion})
	}
	if !diceOK {
		v.ve.Mismatch = append(v.ve.Mismatch, Mismatch{What: "dice spec", Archive: gf.DiceSpec, Ours: dice.Version})
	}
	if got := sha256Hex(r.g.TablesYAML); got != gf.TablesSHA256 {
		v.problem(gf.Tables, 0, "its SHA-256 is %s but game.yaml says tables_sha256 %s: the tables were changed after the game was created", got, gf.TablesSHA256)
	}
	if got := sha256Hex(r.g.BoardYAML); gf.Board != "" && got != gf.BoardSHA256 {
		v.problem(gf.Board, 0, "its SHA-256 is %s but game.yaml says board_sha256 %s: the board was changed after the game was created", got, gf.BoardSHA256)
	}
	start := r.e.NewState()
	startPath := filepath.Join(turnsDir, startDir, fileState)
	if data, err := os.ReadFile(filepath.Join(v.dir, startPath)); err != nil {
		v.problem(startPath, 0, "%v", err)
	} else if d := diffState(data, r.e.MarshalState(start)); d != nil {
		d.Whose = "the rules' set-up"
		v.replayProblem(startPath, d.Line, "%s", d)
	}
	h, err := loadHistory(v.dir)
	if err != nil {
		var p *Problem
		if errors.As(err, &p) {
			v.problem(p.Path, p.Line, "%s", p.Msg)
		} else {
			v.problem(turnsDir, 0, "%v", err)
		}
		return
	}
	v.st.Steps, v.st.Rollbacks = len(h.steps), len(h.rollbacks)
	accepted, err := readAccepted(filepath.Join(v.dir, submissionsLog))
	if err != nil {
		v.problem(submissionsLog, 0, "%v", err)
	}
	states := map[int]*adjudicator.State{0: start}
	v.seeds = map[int]seedCheck{0: {seed: gf.commitment(), ok: true}}
	for _, info := range h.steps {
		if info.Superseded() {
			v.st.Superseded++
		}
		states[info.Number] = v.step(info, states[info.Parent], accepted, engineOK && diceOK, diceOK)
	}
	for _, p := range v.ve.Problems {
		if p.Replay && gf.EngineFingerprint != "" {
			if fp, err := r.fingerprint(); err == nil && fp != gf.EngineFingerprint {
				v.ve.Mismatch = append(v.ve.Mismatch, Mismatch{What: "engine behaviour", Archive: gf.EngineFingerprint, Ours: fp})
			}
			break
		}
	}
}

// step checks one step and returns the state its children start from:
// its files, its seed's place in the hash chain, its inputs, its dice and,
// with replay, the replay of its turn.
func (v *verifier) step(info StepInfo, parent *adjudicator.State, accepted map[string]map[string]bool, replay, diceOK bool) (ret *adjudicator.State) {
	base := filepath.Join(turnsDir, info.Dir())
	files, err := readStepFiles(filepath.Join(v.dir, base), normativeFiles...)
	if err != nil {
		v.problem(base, 0, "%v", err)
		return nil
	}
	for _, name := range []string{fileInputs, fileSeed, fileDice, fileState, fileEvents} {
		if _, ok := files[name]; !ok {
			v.problem(filepath.Join(base, name), 0, "missing")
			return nil
		}
	}
	// When the step cannot be replayed, the steps after it start from its
	// state as archived.
	defer func() {
		if ret == nil {
			if s, err := v.r.e.UnmarshalState(files[fileState]); err == nil {
				ret = s
			}
		}
	}()
	seed, ok := v.stepSeed(info, base, files[fileSeed])
	if !ok {
		return nil
	}
	step, ok := v.stepDue(info, base, parent)
	if !ok {
		return nil
	}
	in := &stepInput{step: step, seed: seed, orders: files[fileOrders], standing: files[fileStanding], seats: files[fileSeats]}
	digest, salts, ok := v.stepInputs(info, base, parent, in, files[fileInputs], accepted, replay)
	if !ok || !diceOK || !v.stepDice(info, base, files[fileDice], seed, digest, salts) || !replay {
		return nil
	}
	pl, err := v.r.play(parent, in)
	if err != nil {
		v.replayProblem(base, 0, "the replay fails: %v", err)
		return nil
	}
	v.st.Replayed++
	if got, want := files[fileDice], pl.files[fileDice]; !bytes.Equal(got, want) {
		line, g, w := firstDiff(got, want)
		v.replayProblem(filepath.Join(base, fileDice), line, "the archive has %q, the replay gives %q", g, w)
	} else if d := diffState(files[fileState], pl.files[fileState]); d != nil {
		v.replayProblem(filepath.Join(base, fileState), d.Line, "%s", d)
	} else if d := diffEvents(files[fileEvents], pl.files[fileEvents]); d != nil {
		v.replayProblem(filepath.Join(base, fileEvents), d.Line, "%s", d)
	}
	return pl.state
}

// stepSeed checks a step's seed.hex against the hash chain and returns the
// seed. A seed that does not come from the commitment is reported once: a
// child that links to it is not reported again.
func (v *verifier) stepSeed(info StepInfo, base string, seedHex []byte) ([]byte, bool) {
	path := filepath.Join(base, fileSeed)
	seed, err := hex.DecodeString(strings.TrimSpace(string(seedHex)))
	if err != nil || len(seed) != dice.SeedSize {
		v.problem(path, 1, "not a seed of %d bytes in hex", dice.SeedSize)
		return nil, false
	}
	prev := v.seeds[info.Parent]
	linked := prev.seed != nil && dice.VerifyLink(prev.seed, seed)
	chained := linked && prev.ok
	if !chained && !prev.ok {
		chained = dice.VerifySeed(v.gf.commitment(), info.Seed, seed)
	}
	v.seeds[info.Number] = seedCheck{seed: seed, ok: chained}
	switch {
	case info.Seed > v.gf.ChainLength:
		v.problem(path, 1, "seed s_%d is beyond the chain of %d seeds in game.yaml", info.Seed, v.gf.ChainLength)
		return nil, false
	case !chained && prev.ok:
		v.problem(path, 1, "SHA256 of this seed is not %s: the hash chain is broken", v.seedName(info.Parent, info.Seed-1))
		return nil, false
	case !chained && !linked:
		v.problem(path, 1, "this seed does not hash %d times to the commitment: it is not s_%d", info.Seed, info.Seed)
		return nil, false
	}
	return seed, true
}

// stepDue checks that the step is the one due after its parent, or one
// its nation's player may ask for, and returns it (rules.stepOf: worked
// out once for the whole step).
func (v *verifier) stepDue(info StepInfo, base string, parent *adjudicator.State) (adjudicator.Step, bool) {
	switch {
	case parent == nil:
		v.problem(base, 0, "not replayed: the state it starts from could not be checked")
	case parent.Over:
		v.problem(base, 0, "the game was over after step %03d", info.Parent)
	default:
		st, err := v.r.stepOf(parent, info.ID)
		if err == nil {
			return st, true
		}
		v.problem(base, 0, "after step %03d %s is due, not %s", info.Parent, st.ID, info.ID)
	}
	return adjudicator.Step{}, false
}

// stepInputs checks a step's input files (in): the ones its kind takes,
// their digests against inputs.sha256, the orders (the bot's for a missed
// turn, else accepted ones) and the standing orders, which it decodes into
// in for the replay. It returns the inputs digest and the salts.
func (v *verifier) stepInputs(info StepInfo, base string, parent *adjudicator.State, in *stepInput, inputsTxt []byte, accepted map[string]map[string]bool, replay bool) ([]byte, []string, bool) {
	if in.step.Kind == adjudicator.AskedStep { // asked.go
		return v.askedInputs(info, base, in, inputsTxt, accepted)
	}
	nationTurn := in.step.Kind == adjudicator.NationTurn
	if nationTurn && (in.orders == nil || in.standing == nil) {
		v.problem(base, 0, "%s is a nation turn: %s and %s are needed", info.ID, fileOrders, fileStanding)
		return nil, nil, false
	}
	if !nationTurn && (in.orders != nil || in.standing != nil) {
		v.problem(base, 0, "%s is a round event: it takes no %s or %s", info.ID, fileOrders, fileStanding)
		return nil, nil, false
	}
	digest, want := in.sums(v.gf.Game)
	if !v.inputs(filepath.Join(base, fileInputs), inputsTxt, want) {
		return nil, nil, false
	}
	if !nationTurn {
		return digest, nil, v.stepSeats(base, parent, in)
	}
	path := filepath.Join(base, fileOrders)
	f, errs := v.r.decodeOrders(in.orders)
	if len(errs) > 0 {
		v.problem(path, errs[0].Line, "%s", errs[0].Msg)
		return nil, nil, false
	}
	standing, err := v.r.parseStanding(in.standing)
	if err != nil {
		v.problem(base, 0, "%v", err)
		return nil, nil, false
	}
	in.file, in.inForce, in.decoded = f, standing, true
	if isNMR(in.orders) {
		if want := v.r.botOrders(parent, in.seed); replay && !bytes.Equal(in.orders, want) {
			line, got, exp := firstDiff(in.orders, want)
			v.replayProblem(path, line, "marked nmr, but these are not the bot's orders: the file has %q, the bot gives %q", got, exp)
			return nil, nil, false
		}
	} else if accepted != nil && !accepted[info.ID][v.r.digest(f)] {
		v.problem(path, 0, "digest %s was never accepted for %s (no such line in %s)", v.r.digest(f), info.ID, submissionsLog)
		return nil, nil, false
	}
	return digest, saltsOf(f, standing), true
}

// stepDice re-derives every die of a step's dice.log from its seed and
// inputs.
func (v *verifier) stepDice(info StepInfo, base string, log, seed, digest []byte, salts []string) bool {
	path := filepath.Join(base, fileDice)
	entries, err := dice.ParseLog(string(log))
	if err != nil {
		var le *dice.LineError
		if errors.As(err, &le) {
			v.problem(path, le.Line, "%s", le.Msg)
		} else {
			v.problem(path, 0, "%v", err)
		}
		return false
	}
	if err := dice.CheckLog(seed, v.gf.Game, info.ID, digest, salts, entries); err != nil {
		var me *dice.MismatchError
		if errors.As(err, &me) {
			v.problem(path, seqLine(log, me.Seq), "roll %d (%s): the log says %d, the seed and inputs give %d", me.Seq, me.Label, me.Logged, me.Derived)
		} else {
			v.problem(path, 0, "%v", err)
		}
		return false
	}
	v.st.Dice += len(entries)
	return true
}

func (v *verifier) seedName(step, i int) string {
	if step == 0 {
		return "the commitment s_0 in game.yaml"
	}
	return fmt.Sprintf("s_%d, the seed of step %03d", i, step)
}

// inputs compares inputs.sha256 with the digests of the files, naming the
// input file that changed.
func (v *verifier) inputs(path string, got, want []byte) bool {
	if bytes.Equal(got, want) {
		return true
	}
	line, g, w := firstDiff(got, want)
	if _, name, ok := strings.Cut(w, "  "); ok && name != "inputs" {
		v.problem(filepath.Join(filepath.Dir(path), name), 0, "its SHA-256 is %s, but %s line %d says %s: %s was changed after the step", strings.Fields(w)[0], fileInputs, line, strings.Fields(g + " -")[0], name)
		return false
	}
	v.problem(path, line, "the file has %q, the inputs give %q", g, w)
	return false
}

// firstDiff is the first line (1-based) where two texts differ, and the
// two lines ("" past the end).
func firstDiff(a, b []byte) (int, string, string) {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y || i >= len(la) || i >= len(lb) {
			return i + 1, x, y
		}
	}
	return 0, "", ""
}

// seqLine is the line of a dice log holding die seq.
func seqLine(log []byte, seq int) int {
	prefix := fmt.Sprintf("seq=%d ", seq)
	for i, l := range strings.Split(string(log), "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	return 0
}

// readAccepted reads submissions.log: for each turn, the digests accepted.
func readAccepted(path string) (map[string]map[string]bool, error) {
	data, err := readLog(path)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || fields[1] != "accepted" {
			continue
		}
		var turn, digest string
		for _, f := range fields[2:] {
			if t, ok := strings.CutPrefix(f, "turn="); ok {
				turn = t
			}
			if d, ok := strings.CutPrefix(f, "digest="); ok {
				digest = d
			}
		}
		if out[turn] == nil {
			out[turn] = map[string]bool{}
		}
		out[turn][digest] = true
	}
	return out, sc.Err()
}
