package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The files of a step folder, in the order they are written.
const (
	fileOrders   = "orders.txt"
	fileStanding = "standing.txt"
	fileInputs   = "inputs.sha256"
	fileSeed     = "seed.hex"
	fileDice     = "dice.log"
	fileState    = "state.json"
	fileEvents   = "events.jsonl"
	fileReport   = "report.txt"
)

// inputsVersion heads the inputs digest (doc.go "The inputs digest").
const inputsVersion = "pbem-inputs-v1"

// Marker lines at the top of orders.txt. They are comments to the order
// language and inputs to the digest.
const (
	nmrPrefix    = "# nmr: "
	behalfMarker = "# entered by the GM on the player's behalf\n"
)

func nmrMarker(nation string) string {
	return nmrPrefix + "no orders for the " + nation + " by the deadline; the bot played them\n"
}

// rules is a loaded game: its id, data and engine.
type rules struct {
	id string
	g  *games.Game
	e  *adjudicator.Engine

	mu      sync.Mutex
	decoded map[string]*orders.File // decodeStanding's cache
}

// stepInput is what a step is computed from besides the parent state: the
// step, worked out once (stepOf), and its input files, read once (decode)
// and kept both as the bytes archived and as what they say.
type stepInput struct {
	step     adjudicator.Step // the step due after the parent, or the asked one
	seed     []byte           // s_NNN
	orders   []byte           // orders.txt; nil for round events
	standing []byte           // standing.txt; nil for round events
	seats    []byte           // seats.txt; nil but for a round event with seat changes

	// What the files say, set by decode: the order file, each nation's
	// standing orders (nil entries for none) and the seat changes.
	decoded bool
	file    *orders.File
	inForce []*orders.File
	changes []adjudicator.SeatChange

	// The inputs digest and inputs.sha256, worked out once (sums).
	digest, inputs []byte
}

// sums are the step's inputs digest and its inputs.sha256 (doc.go "The
// inputs digest"), worked out once for the checks, the dice and the files.
func (in *stepInput) sums(game string) (digest, file []byte) {
	if in.digest == nil {
		in.digest = inputsDigest(game, in.step.ID, in.orders, in.standing, in.seats)
		in.inputs = inputsFile(in.step.ID, in.orders, in.standing, in.seats, in.digest)
	}
	return in.digest, in.inputs
}

// played is a computed step.
type played struct {
	dice   []dice.Entry
	state  *adjudicator.State
	events []adjudicator.Event
	files  map[string][]byte // every normative file
}

// due is the step due after parent (Engine.Due), worked out once for the
// whole step: play and everything the step writes take it from here.
func (r *rules) due(parent *adjudicator.State) (adjudicator.Step, error) {
	if parent.Over {
		return adjudicator.Step{}, fmt.Errorf("the game is over")
	}
	due := r.e.Due(parent)
	if err := CheckStepID(due.ID); err != nil {
		return due, fmt.Errorf("the engine's next step cannot be archived: %w", err)
	}
	return due, nil
}

// stepOf is the step id names after parent: the step due (rules.due), or
// one its nation's player may ask for (asked.go).
func (r *rules) stepOf(parent *adjudicator.State, id string) (adjudicator.Step, error) {
	due, err := r.due(parent)
	if err != nil {
		return due, err
	}
	if id == due.ID {
		return due, nil
	}
	if st, ok := r.asked(parent, id); ok {
		return st, nil
	}
	return due, fmt.Errorf("step is %s but the state after its parent has %s due", id, due.ID)
}

// play computes one step: the engine applied to the parent state and the
// archived inputs with the dice of the seed. Advance and Verify both call
// it, so what verify replays is exactly what was adjudicated. The step is
// in.step (stepOf); the files are decoded here unless the caller has
// (decode), and the state is kept as the engine made it: state.json is
// written from it, never read back.
func (r *rules) play(parent *adjudicator.State, in *stepInput) (*played, error) {
	if err := in.takes(); err != nil {
		return nil, err
	}
	if err := r.decode(in); err != nil {
		return nil, err
	}
	st := in.step
	digest, _ := in.sums(r.id)
	d := dice.NewTurn(in.seed, r.id, st.ID, digest, saltsOf(in.file, in.inForce))
	input := adjudicator.Input{Orders: in.file, Standing: in.inForce, Seats: in.changes, Step: &st}
	if st.Kind == adjudicator.AskedStep {
		input.Asked = st.ID
	}
	p := &played{}
	var err error
	if p.state, p.events, err = r.e.Play(parent, input, d); err != nil {
		return nil, err
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	p.dice = d.Log()
	p.files = r.stepFiles(in, p)
	if in.orders != nil {
		p.files[fileOrders], p.files[fileStanding] = in.orders, in.standing
	}
	if in.seats != nil {
		p.files[fileSeats] = in.seats
	}
	return p, nil
}

// takes checks that the step has the input files its kind takes: a nation
// turn its orders and standing orders, a round event none of them (seat
// changes where it takes them), an asked step none (asked.go).
func (in *stepInput) takes() error {
	st := in.step
	switch {
	case st.Kind == adjudicator.AskedStep && (in.orders != nil || in.standing != nil || in.seats != nil):
		return fmt.Errorf("%s is asked for and takes no input file", st.ID)
	case st.Kind == adjudicator.AskedStep:
		return CheckStepID(st.ID) // the ruleset's id, as the due step's (rules.due)
	case st.Kind == adjudicator.NationTurn && (in.orders == nil || in.standing == nil):
		return fmt.Errorf("%s is a nation turn and needs %s and %s", st.ID, fileOrders, fileStanding)
	case st.Kind == adjudicator.NationTurn && in.seats != nil:
		return fmt.Errorf("%s is a nation turn and takes no %s", st.ID, fileSeats)
	case st.Kind != adjudicator.NationTurn && (in.orders != nil || in.standing != nil):
		return fmt.Errorf("%s is a round event and takes no %s or %s", st.ID, fileOrders, fileStanding)
	}
	return nil
}

// stepFiles are the files every step writes from its play: inputs.sha256
// (in.sums), seed.hex, dice.log, state.json and events.jsonl.
func (r *rules) stepFiles(in *stepInput, p *played) map[string][]byte {
	return map[string][]byte{
		fileInputs: in.inputs,
		fileSeed:   []byte(hex.EncodeToString(in.seed) + "\n"),
		fileDice:   []byte(dice.FormatLog(p.dice)),
		fileState:  r.e.MarshalState(p.state),
		fileEvents: adjudicator.MarshalEvents(p.events),
	}
}

// decode reads what a step's input files say, once: the order file, the
// standing orders in force and the seat changes. A caller that reads them
// itself (verify, to name the line of a problem) sets them and decoded.
func (r *rules) decode(in *stepInput) error {
	if in.decoded {
		return nil
	}
	if in.orders != nil {
		f, errs := r.decodeOrders(in.orders)
		if len(errs) > 0 {
			return fmt.Errorf("%s: %w", fileOrders, errs)
		}
		in.file = f
	}
	if in.standing != nil {
		standing, err := r.parseStanding(in.standing)
		if err != nil {
			return err
		}
		in.inForce = standing
	}
	if in.seats != nil {
		cs, err := parseSeats(r.e, in.seats)
		if err != nil {
			return err
		}
		in.changes = cs
	}
	in.decoded = true
	return nil
}

// saltsOf collects the salt: lines of a turn's orders and of the standing
// orders in force, in canonical order.
func saltsOf(f *orders.File, standing []*orders.File) []string {
	var salts []string
	for _, x := range append([]*orders.File{f}, standing...) {
		if x != nil && x.Salt != "" {
			salts = append(salts, x.Salt)
		}
	}
	return dice.CanonicalSalts(salts)
}

// appendField appends a length-prefixed field (doc.go "The inputs digest").
func appendField(b []byte, s []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// inputsDigest is the digest of a step's inputs (doc.go).
func inputsDigest(game, id string, ordersTxt, standingTxt, seatsTxt []byte) []byte {
	h := sha256.New()
	var b []byte
	b = appendField(b, []byte(inputsVersion))
	b = appendField(b, []byte(game))
	b = appendField(b, []byte(id))
	if ordersTxt != nil {
		b = appendField(b, []byte(fileOrders))
		b = appendField(b, ordersTxt)
	}
	if standingTxt != nil {
		b = appendField(b, []byte(fileStanding))
		b = appendField(b, standingTxt)
	}
	if seatsTxt != nil {
		b = appendField(b, []byte(fileSeats))
		b = appendField(b, seatsTxt)
	}
	h.Write(b)
	return h.Sum(nil)
}

// inputsFile is inputs.sha256: the digest of each input file, in the form
// sha256sum reads, and the inputs digest of the step (inputsDigest).
func inputsFile(id string, ordersTxt, standingTxt, seatsTxt, digest []byte) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# pbem inputs of %s (%s: SHA-256 of game, step and the files below, archive/doc.go)\n", id, inputsVersion)
	if ordersTxt != nil {
		fmt.Fprintf(&b, "%s  %s\n", sha256Hex(ordersTxt), fileOrders)
	}
	if standingTxt != nil {
		fmt.Fprintf(&b, "%s  %s\n", sha256Hex(standingTxt), fileStanding)
	}
	if seatsTxt != nil {
		fmt.Fprintf(&b, "%s  %s\n", sha256Hex(seatsTxt), fileSeats)
	}
	fmt.Fprintf(&b, "%x  inputs\n", digest)
	return []byte(b.String())
}

// botSeed is the seed of the bot that plays a missed turn: drawn from the
// step's chain seed, so nobody can choose it and verify can replay it.
func botSeed(seed []byte) uint64 {
	sum := sha256.Sum256(append([]byte("pbem-bot\x00"), seed...))
	return binary.BigEndian.Uint64(sum[:8])
}

// botOrders is orders.txt of a missed turn: the NMR marker and the bot's
// orders in canonical form.
func (r *rules) botOrders(s *adjudicator.State, seed []byte) []byte {
	f := bot.Orders(r.e, s, r.id, "", botSeed(seed))
	return []byte(nmrMarker(f.Nation) + r.canonical(f))
}

// canonical is the canonical text of an order file with its token removed
// (orders.EncodeStored), ending in a newline.
func (r *rules) canonical(f *orders.File) string {
	text := orders.EncodeStored(f, r.g)
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

// digest is the digest of an order file quoted in its acknowledgement and
// in submissions.log, with the token removed so that the archived file,
// which has no token, gives the same digest.
func (r *rules) digest(f *orders.File) string {
	c := *f
	c.Token = ""
	return orders.Digest(&c, r.g)
}

// standingDelim starts each nation's section of standing.txt.
const standingDelim = "=== "

// formatStanding is standing.txt: each nation's standing orders in force
// (canonical, no token), in play order; texts[n] == "" means none.
func (r *rules) formatStanding(id string, texts []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# standing orders in force at the start of %s, in play order\n", id)
	for n, t := range texts {
		if t == "" {
			continue
		}
		b.WriteString(standingDelim + r.g.Tables.Nations[n].Name + "\n")
		b.WriteString(t)
	}
	return []byte(b.String())
}

// parseStanding reads standing.txt into one file per nation (nil for
// none). Errors name the line of standing.txt.
func (r *rules) parseStanding(data []byte) ([]*orders.File, error) {
	out := make([]*orders.File, len(r.g.Tables.Nations))
	lines := strings.SplitAfter(string(data), "\n")
	type section struct {
		nation int
		first  int // line number of the delimiter
		text   strings.Builder
	}
	var secs []*section
	for i, l := range lines {
		if name, ok := strings.CutPrefix(l, standingDelim); ok {
			name = strings.TrimSpace(name)
			n := r.nationIndex(name)
			if n < 0 {
				return nil, fmt.Errorf("%s line %d: no nation is called %q", fileStanding, i+1, name)
			}
			if out[n] != nil || (len(secs) > 0 && secs[len(secs)-1].nation >= n) {
				return nil, fmt.Errorf("%s line %d: the %s out of play order or repeated", fileStanding, i+1, name)
			}
			secs = append(secs, &section{nation: n, first: i + 1})
			continue
		}
		if len(secs) == 0 {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				return nil, fmt.Errorf("%s line %d: text before the first %q line", fileStanding, i+1, standingDelim+"NATION")
			}
			continue
		}
		secs[len(secs)-1].text.WriteString(l)
	}
	for _, s := range secs {
		f, errs := r.decodeStanding(s.text.String())
		if len(errs) > 0 {
			e := errs[0]
			return nil, fmt.Errorf("%s line %d: the %s standing orders: %s", fileStanding, s.first+max(e.Line, 1), games.Possessive(r.g.Tables.Nations[s.nation].Name), e.Msg)
		}
		if f.Kind != orders.StandingOrders || f.Nation != r.g.Tables.Nations[s.nation].Name {
			return nil, fmt.Errorf("%s line %d: the section is not the %s standing orders", fileStanding, s.first, games.Possessive(r.g.Tables.Nations[s.nation].Name))
		}
		out[s.nation] = f
	}
	return out, nil
}

// isNMR reports whether orders.txt is a missed turn played by the bot.
func isNMR(ordersTxt []byte) bool { return bytes.HasPrefix(ordersTxt, []byte(nmrPrefix)) }

// isBehalf reports whether orders.txt was entered by the GM.
func isBehalf(ordersTxt []byte) bool { return bytes.HasPrefix(ordersTxt, []byte(behalfMarker)) }

// slug is a nation's name in lower-case letters only, as in turn ids.
func slug(nation string) string {
	var b strings.Builder
	for _, c := range games.Fold(nation) {
		if c >= 'a' && c <= 'z' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// nationIndex finds a nation by its exact name, as the archive writes it,
// or -1.
func (r *rules) nationIndex(name string) int {
	for n, nat := range r.g.Tables.Nations {
		if nat.Name == name {
			return n
		}
	}
	return -1
}

// stepFolder is the folder of step n of the history in force in memory (0:
// the start). Every path to a step is built here, from the number and the
// id the history read from disk, never from a number alone.
func (g *Game) stepFolder(n int) string {
	return filepath.Join(g.dir, turnsDir, stepDir(n, g.idOf(g.h, n)))
}

// stateAfter reads the state after step n (0: the start). Call with g.mu
// held.
func (g *Game) stateAfter(n int) (*adjudicator.State, error) {
	path := filepath.Join(g.stepFolder(n), fileState)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := g.r.e.UnmarshalState(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Accepted returns the receipt of the order file text, as received, if
// submissions.log records it accepted (the latest time), else nil: the
// mail daemon answers a mail handled again after a crash, whose file was
// accepted and may have been adjudicated since, with its acknowledgement
// rather than a refusal.
func (g *Game) Accepted(text string) (*Receipt, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	data, err := readLog(filepath.Join(g.dir, submissionsLog))
	if err != nil {
		return nil, err
	}
	raw := "raw=" + sha256Hex([]byte(text))
	var line []string
	for _, l := range strings.Split(string(data), "\n") {
		if fields := strings.Fields(l); len(fields) > 2 && fields[1] == "accepted" && fields[len(fields)-1] == raw {
			line = fields
		}
	}
	if line == nil {
		return nil, nil
	}
	arrival, err := time.Parse(time.RFC3339, line[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %q: %w", submissionsLog, strings.Join(line, " "), err)
	}
	f, hasToken, errs, read := g.r.decodeEntry(text)
	if f == nil || len(errs) > 0 {
		return nil, fmt.Errorf("%s records the file accepted, but it does not decode: %w", submissionsLog, errs)
	}
	return g.receipt(f, arrival, !hasToken, g.reviewAgain(f), read), nil
}

// reviewAgain is the engine's review of accepted turn orders (their
// warnings and defaults) against the state their turn starts from: the
// game's now if the turn is due, else the parent of the step in force that
// played it, with the standing orders archived in that step; nil for
// standing orders or a turn neither due nor played.
func (g *Game) reviewAgain(f *orders.File) *adjudicator.Review {
	if f.Kind != orders.TurnOrders {
		return nil
	}
	if !g.state.Over && g.due().ID == f.Turn {
		standing, err := g.standingFiles()
		if err != nil {
			return nil
		}
		return g.r.e.Review(g.state, f, standing)
	}
	for _, n := range g.h.eff {
		info := g.h.info(n)
		if info.ID != f.Turn {
			continue
		}
		before, err := g.stateAfter(info.Parent)
		if err != nil {
			return nil
		}
		data, err := os.ReadFile(filepath.Join(g.stepFolder(n), fileStanding))
		if err != nil {
			return nil
		}
		standing, err := g.r.parseStanding(data)
		if err != nil {
			return nil
		}
		return g.r.e.Review(before, f, standing)
	}
	return nil
}
