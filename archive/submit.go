package archive

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/orders"
)

const (
	submissionsLog    = "submissions.log"
	submissionsHeader = "# pbem submissions: arrival, result, kind, turn, nation, who entered it, digest of the orders as understood (token removed), SHA-256 of the text as received\n"
)

// Receipt acknowledges an accepted order file.
type Receipt struct {
	Kind    orders.Kind
	Nation  string
	Turn    string // turn orders only
	Digest  string // orders.Digest of the file, token removed
	Arrival time.Time
	// Orders is the file as understood: canonical form, token removed.
	Orders string
	// ByGM is set for a file the GM entered without the player's token.
	ByGM bool
	// Ahead is the turn due when the file is for a later nation turn of
	// the same round: Check checked it against today's position, and it is
	// checked again when its turn is due. Empty otherwise.
	Ahead string
	// Warnings are what the reader took by a guess it names (a name
	// written as its beginning) and statements the file may hold but that
	// can never apply, in line order; Defaults the Decisions it leaves to
	// their documented defaults (docs/orders.md), which the
	// acknowledgement lists. Warnings of the review and Defaults: turn
	// orders only.
	Warnings, Defaults []adjudicator.Note
}

// RejectedError is an order file refused, with every error and its line.
type RejectedError struct {
	Nation string // when known
	Errors orders.Errors
}

func (e *RejectedError) Error() string {
	n := len(e.Errors)
	s := "orders refused"
	if e.Nation != "" {
		s = "the " + e.Nation + "' orders refused"
	}
	return fmt.Sprintf("%s, %d %s:\n%s", s, n, plural(n, "error", "errors"), e.Errors.Error())
}

// Unwrap gives the errors, so that errors.Is(err, orders.ErrNoToken) and
// errors.As(err, new(*orders.TokenError)) see them.
func (e *RejectedError) Unwrap() error { return e.Errors }

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// decodeOrders decodes an archived order file (orders.txt, no token
// line). A step decodes its order file once (rules.decode) and keeps it.
func (r *rules) decodeOrders(text []byte) (*orders.File, orders.Errors) {
	return orders.DecodeWith(string(text), r.g, orders.Options{TokenOptional: true, Grammar: r.e.Grammar()})
}

// decodeStanding decodes a nation's standing orders, which may lack a
// token line (archived in standing.txt, kept in the private directory).
// Decoded files are cached by text: the engine never changes a file, and
// the same standing orders are in force at step after step.
func (r *rules) decodeStanding(text string) (*orders.File, orders.Errors) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.decoded[text]; ok {
		return f, nil
	}
	f, errs := orders.DecodeWith(text, r.g, orders.Options{TokenOptional: true, Grammar: r.e.Grammar()})
	if f != nil && len(errs) == 0 {
		if r.decoded == nil || len(r.decoded) > 4096 {
			r.decoded = map[string]*orders.File{}
		}
		r.decoded[text] = f
	}
	return f, errs
}

// decodeEntry decodes a file as sent, with or without a token line (one
// the GM enters may have none, and may end with "end" or a signature);
// hasToken says whether it had one.
// With errors, f is what could be read (nil if nothing), so that the rule
// errors of the rest come in the same answer. read are the reader's
// warnings (orders.Warning: a name read from its beginning).
func (r *rules) decodeEntry(text string) (f *orders.File, hasToken bool, errs orders.Errors, read []adjudicator.Note) {
	f, errs = orders.DecodeWith(text, r.g, orders.Options{TokenOptional: true, Partial: true, Grammar: r.e.Grammar(), Warn: noteTo(&read)})
	if f == nil {
		return nil, false, errs, read
	}
	return f, f.Token != "", errs, read
}

// noteTo is an orders.Options.Warn that keeps the reader's warnings as
// notes of the acknowledgement.
func noteTo(notes *[]adjudicator.Note) func(orders.Warning) {
	return func(w orders.Warning) { *notes = append(*notes, adjudicator.Note{Line: w.Line, Msg: w.Msg}) }
}

// Check validates an order file against the game as it stands, without
// recording anything: what `pbem check` runs. Turn orders must be for the
// turn due or a later nation turn of the same round; orders sent early are
// checked against today's position (adjudicator.Engine.Ahead) and their
// receipt names the turn due in Ahead. Standing orders may come at any
// time. A token, if present, must be the player's.
func (g *Game) Check(text string) (*Receipt, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f, hasToken, errs, read := g.r.decodeEntry(text)
	if f == nil {
		return nil, &RejectedError{Errors: errs}
	}
	v := g.validation(f, hasToken, "", nil, errs)
	v.env = orders.ReadEnvelope(g.r.e.Grammar().Clean(text))
	v.early = true
	rv, rej := v.run()
	if rej != nil {
		return nil, rej
	}
	rc := g.receipt(f, time.Time{}, !hasToken, rv, read)
	if due := g.due(); f.Kind == orders.TurnOrders && f.Turn != due.ID {
		rc.Ahead = due.ID
	}
	return rc, nil
}

// Submit accepts an order file from a player (turn orders for the turn due,
// or standing orders): the token must be the player's. nation, if not
// empty, must be the file's. Every submission, accepted or refused, is
// logged with its digest and arrival time in submissions.log. A refused
// file gives a *RejectedError listing every error with its line; turn
// orders for a turn already adjudicated are refused as frozen (its dice are
// public). A later accepted file for the same turn replaces the earlier.
func (g *Game) Submit(nation, text string, arrival time.Time) (*Receipt, error) {
	return g.submit(nation, text, arrival, false, nil)
}

// SubmitGM accepts an order file the GM enters for a player, as a forum GM
// does. A token, if present, must be the player's; a file without one is
// marked in orders.txt and the report as entered by the GM.
func (g *Game) SubmitGM(nation, text string, arrival time.Time) (*Receipt, error) {
	return g.submit(nation, text, arrival, true, nil)
}

// SetStanding records a nation's standing orders, entered by the GM like
// SubmitGM; the file must be standing orders. They replace the nation's
// earlier standing orders from the next nation turn on.
func (g *Game) SetStanding(nation, text string, arrival time.Time) (*Receipt, error) {
	k := orders.StandingOrders
	return g.submit(nation, text, arrival, true, &k)
}

func (g *Game) submit(nation, text string, arrival time.Time, gm bool, want *orders.Kind) (*Receipt, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return nil, err
	}
	defer unlock()
	var (
		f        *orders.File
		hasToken bool
		errs     orders.Errors
		read     []adjudicator.Note
	)
	if gm {
		f, hasToken, errs, read = g.r.decodeEntry(text)
	} else {
		f, errs = orders.DecodeWith(text, g.r.g, orders.Options{Grammar: g.r.e.Grammar(), Warn: noteTo(&read)})
		hasToken = true
	}
	raw := sha256Hex([]byte(text))
	by := "player"
	if gm && !hasToken {
		by = "gm"
	}
	var (
		rej *RejectedError
		rv  *adjudicator.Review
	)
	if f == nil {
		rej = &RejectedError{Nation: nation, Errors: errs}
	} else {
		v := g.validation(f, hasToken, nation, want, errs)
		v.env = orders.ReadEnvelope(g.r.e.Grammar().Clean(text))
		rv, rej = v.run()
	}
	if rej != nil {
		line := fmt.Sprintf("%s refused kind=%s turn=%s nation=%s by=%s digest=- raw=%s errors=%d",
			arrival.UTC().Format(time.RFC3339), kindOf(f), turnOf(f), nationOf(f, nation), by, raw, len(rej.Errors))
		if err := g.logSubmission(line); err != nil {
			return nil, g.fail(err)
		}
		return nil, rej
	}
	rc := g.receipt(f, arrival, !hasToken, rv, read)
	line := fmt.Sprintf("%s accepted kind=%s turn=%s nation=%s by=%s digest=%s raw=%s",
		arrival.UTC().Format(time.RFC3339), kindOf(f), turnOf(f), f.Nation, by, rc.Digest, raw)
	path, data := g.standingPath(f.Nation), []byte(rc.Orders)
	if f.Kind != orders.StandingOrders {
		p := pendingFile{Turn: f.Turn, Nation: f.Nation, Base: g.base(), Arrival: arrival.UTC(), ByGM: rc.ByGM, Digest: rc.Digest, Orders: rc.Orders}
		path, data = g.pendingPath(f.Turn), p.bytes()
	}
	if err := g.w.logAndReplace(filepath.Join(g.dir, submissionsLog), line, path, data); err != nil {
		return nil, g.fail(err)
	}
	return rc, nil
}

func kindOf(f *orders.File) string {
	if f == nil {
		return "-"
	}
	return f.Kind.String()
}

func turnOf(f *orders.File) string {
	if f == nil || f.Turn == "" {
		return "-"
	}
	return f.Turn
}

func nationOf(f *orders.File, nation string) string {
	switch {
	case f != nil:
		return f.Nation
	case nation != "" && !strings.ContainsAny(nation, " \t\n"):
		return nation
	}
	return "-"
}

// receipt is the acknowledgement of an accepted file: its canonical form
// and digest, and the warnings of reading it (read) and of the engine's
// review, in line order, with the defaults it leaves.
func (g *Game) receipt(f *orders.File, arrival time.Time, byGM bool, rv *adjudicator.Review, read []adjudicator.Note) *Receipt {
	rc := &Receipt{Kind: f.Kind, Nation: f.Nation, Turn: f.Turn, Digest: g.r.digest(f), Arrival: arrival,
		Orders: g.r.canonical(f), ByGM: byGM, Warnings: read}
	if rv != nil {
		rc.Warnings = append(rc.Warnings, rv.Warnings...)
		rc.Defaults = rv.Defaults
	}
	sort.SliceStable(rc.Warnings, func(i, j int) bool { return rc.Warnings[i].Line < rc.Warnings[j].Line })
	return rc
}

// validation is the check of a decoded file against the game: its game
// id, nation, token and kind, and the engine's review against the state at
// turn start.
type validation struct {
	g         *Game
	f         *orders.File
	hasToken  bool
	nation    string       // the nation the file is sent for; "" any
	want      *orders.Kind // the kind it must be; nil any
	parseErrs orders.Errors
	// env is the file's envelope as read, for the lines of its header
	// (an error about the game, the nation or the token names its line).
	env *orders.Envelope
	// early accepts turn orders for a later nation turn of the round,
	// checked against today's position (pbem check only).
	early bool
}

func (g *Game) validation(f *orders.File, hasToken bool, nation string, want *orders.Kind, parseErrs orders.Errors) *validation {
	return &validation{g: g, f: f, hasToken: hasToken, nation: nation, want: want, parseErrs: parseErrs}
}

// run validates. Every problem is reported in one answer, in line order,
// with the errors of reading the file (parseErrs, when the reader kept
// what it could read): a wrong token or game id does not hide the rule
// errors. Only what makes the rules meaningless (the game is over, the
// turn is not the one due) stops the check early. The review is returned
// for the acknowledgement.
func (v *validation) run() (*adjudicator.Review, *RejectedError) {
	g, f := v.g, v.f
	errs := append(orders.Errors(nil), v.parseErrs...)
	add := func(format string, args ...any) {
		errs = append(errs, &orders.Error{Msg: fmt.Sprintf(format, args...)})
	}
	addTurn := func(format string, args ...any) { // an error of the turn: line
		errs = append(errs, &orders.Error{Line: v.line("turn"), Msg: fmt.Sprintf(format, args...)})
	}
	done := func(rv *adjudicator.Review) (*adjudicator.Review, *RejectedError) {
		if rv != nil {
			errs = append(errs, rv.Errors...)
		}
		if len(errs) == 0 {
			return rv, nil
		}
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
		return nil, &RejectedError{Nation: f.Nation, Errors: errs}
	}
	errs = append(errs, g.validateEnvelope(f, v)...)
	if g.state.Over {
		add("the game is over")
		return done(nil)
	}
	if f.Kind == orders.StandingOrders {
		return done(&adjudicator.Review{Errors: g.r.e.CheckStanding(f)})
	}
	for _, n := range g.h.eff {
		if g.h.info(n).ID == f.Turn {
			addTurn("orders for %s are frozen: the turn was adjudicated in step %s and its dice are public", f.Turn, g.h.info(n).Dir())
			return done(nil)
		}
	}
	due := g.due()
	if due.Nation == "" {
		_, name, _ := g.r.e.RoundEventName(due.ID, g.state.Round)
		add("no nation turn is due: %s (%s) comes first", due.ID, name)
		return done(nil)
	}
	s := g.state
	if f.Turn != due.ID {
		ahead, _, ok := g.r.e.Ahead(g.state, func(st adjudicator.Step) bool { return st.ID == f.Turn })
		switch {
		case !ok && f.Turn == "" && len(errs) > 0: // the reader's or the envelope's errors say why
			return done(nil)
		case v.early && !ok:
			addTurn("the turn due is %s; %s is not a later nation turn of %s %d, so its orders can be checked only when it is due", due.ID, f.Turn, roundWord(g.r.e), g.state.Round)
			return done(nil)
		case !ok || !v.early:
			addTurn("the turn due is %s; orders for %s can be checked only when it is due", due.ID, f.Turn)
			return done(nil)
		}
		s = ahead
	}
	standing, err := g.standingFiles()
	if err != nil {
		add("reading standing orders: %v", err)
		return done(nil)
	}
	return done(g.r.e.Review(s, f, standing))
}

// roundWord is what the ruleset calls a round, lower case: "round", Hy
// Breasil's "turn" (Texts.RoundWord; Hy Breasil 3).
func roundWord(e *adjudicator.Engine) string {
	if word, _ := e.RoundWords(); word != "Round" {
		return strings.ToLower(word)
	}
	return "round"
}

// validateEnvelope checks what the file's header says against the game:
// its game id, the nation it is sent for, the player's token, its kind.
// Each error names the header line at fault and what it says; a nation
// the file's reader could not read (its error is among the reader's, with
// its line) is not checked again.
func (g *Game) validateEnvelope(f *orders.File, v *validation) orders.Errors {
	var errs orders.Errors
	add := func(key, format string, args ...any) {
		errs = append(errs, &orders.Error{Line: v.line(key), Msg: fmt.Sprintf(format, args...)})
	}
	if f.Game != g.gf.Game {
		add("game", "the file is for game %q, but this is game %q", f.Game, g.gf.Game)
	}
	if v.nation != "" && f.Nation != "" {
		n, err := g.r.g.Tables.NationIndex(v.nation)
		if err != nil {
			add("nation", "%v", err)
		} else if name := g.r.g.Tables.Nations[n].Name; name != f.Nation {
			add("nation", "the file is for the %s, not the %s", f.Nation, name)
		}
	}
	p := g.playerOf(f.Nation)
	switch {
	case f.Nation == "":
		// unread: the reader's error names the line and the word
	case p == nil:
		if v.hasToken || !g.dealt() {
			add("nation", "no player controls the %s in this game", f.Nation)
		} // else a token set not dealt yet (Hy Breasil 5): the GM may leave its standing orders
	case v.hasToken:
		var want string
		for _, pf := range g.gf.Players {
			if pf.Name == p.Name {
				want = pf.TokenSHA256
			}
		}
		if subtle.ConstantTimeCompare([]byte(hashToken(f.Token)), []byte(want)) != 1 {
			te := &orders.TokenError{Player: p.Name, Nation: f.Nation}
			errs = append(errs, &orders.Error{Line: v.line("token"), Msg: te.Error(), Err: te})
		}
	}
	if v.want != nil && f.Kind != *v.want {
		key := "kind"
		if v.line(key) == 0 {
			key = "turn"
		}
		add(key, "these are %s orders, not %s orders", f.Kind, *v.want)
	}
	if f.Salt != "" {
		if sec, err := g.secretsLocked(); err != nil {
			// Not err's words: a file of secrets that does not decode may
			// be quoted in them, and this goes to the sender.
			add("salt", "the salt could not be checked against the game's secrets (the game's private files could not be read)")
		} else if sec.Holds(f.Salt) {
			add("salt", "the salt: line holds a secret token of this game; the salt is published with the turn's report, so write other words there (a token goes on the token: line alone)")
		}
	}
	return errs
}

// line is the line of the file's header line of a key ("turn" finds a
// "round:" line too); 0 when there is none.
func (v *validation) line(key string) int {
	if v.env == nil {
		return 0
	}
	if h, ok := v.env.Header(key); ok {
		return h.Line
	}
	if key == "turn" {
		return v.line("round")
	}
	return 0
}

// dealt reports whether the game's nations are dealt during play (Hy
// Breasil 5): its player split lists seats only.
func (g *Game) dealt() bool {
	sp := g.r.g.Tables.Split(len(g.gf.Players))
	return sp != nil && sp.Dealt()
}

// base identifies the point of the game a pending file was accepted at: a
// pending file is used only if no step and no rollback came after it.
func (g *Game) base() string {
	return fmt.Sprintf("steps=%d rollbacks=%d", len(g.h.steps), len(g.h.rollbacks))
}

// pendingFile is accepted turn orders waiting for adjudication, in the
// private directory.
type pendingFile struct {
	Turn    string    `json:"turn"`
	Nation  string    `json:"nation"`
	Base    string    `json:"base"`
	Arrival time.Time `json:"arrival"`
	ByGM    bool      `json:"by_gm"`
	Digest  string    `json:"digest"`
	Orders  string    `json:"orders"`
}

func (g *Game) pendingPath(turn string) string {
	return filepath.Join(g.secrets, "pending", turn+".json")
}

// bytes is the pending file as written.
func (p pendingFile) bytes() []byte {
	data, _ := json.MarshalIndent(p, "", "  ") // strings, times and a bool: it cannot fail
	return append(data, '\n')
}

// pending is the accepted orders for a turn still valid at the game's
// current point, or nil.
func (g *Game) pending(turn string) (*pendingFile, error) {
	data, err := os.ReadFile(g.pendingPath(turn))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var p pendingFile
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", g.pendingPath(turn), err)
	}
	if p.Turn != turn || p.Base != g.base() {
		return nil, nil // left from before a step or rollback
	}
	return &p, nil
}

// Pending reports whether orders for the turn due have been accepted, and
// their receipt.
func (g *Game) Pending() (*Receipt, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	due := g.due()
	if due.Nation == "" {
		return nil, nil
	}
	p, err := g.pending(due.ID)
	if p == nil || err != nil {
		return nil, err
	}
	return &Receipt{Kind: orders.TurnOrders, Nation: p.Nation, Turn: p.Turn, Digest: p.Digest, Arrival: p.Arrival, Orders: p.Orders, ByGM: p.ByGM}, nil
}

func (g *Game) standingPath(nation string) string {
	return filepath.Join(g.secrets, "standing", slug(nation)+".txt")
}

// standingTexts are the standing orders in force, by play order ("" none).
// The directory is listed first: most nations have none, and a file looked
// for and missing costs a system call each.
func (g *Game) standingTexts() ([]string, error) {
	out := make([]string, len(g.r.g.Tables.Nations))
	names, err := os.ReadDir(filepath.Join(g.secrets, "standing"))
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	there := map[string]bool{}
	for _, e := range names {
		there[e.Name()] = true
	}
	for n, nat := range g.r.g.Tables.Nations {
		if !there[filepath.Base(g.standingPath(nat.Name))] {
			continue
		}
		data, err := os.ReadFile(g.standingPath(nat.Name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[n] = string(data)
	}
	return out, nil
}

// standingFiles are the standing orders in force, decoded.
func (g *Game) standingFiles() ([]*orders.File, error) {
	texts, err := g.standingTexts()
	if err != nil {
		return nil, err
	}
	out := make([]*orders.File, len(texts))
	for n, t := range texts {
		if t == "" {
			continue
		}
		f, errs := g.r.decodeStanding(t)
		if len(errs) > 0 {
			return nil, fmt.Errorf("%s: %v", g.standingPath(g.r.g.Tables.Nations[n].Name), errs)
		}
		out[n] = f
	}
	return out, nil
}

// logSubmission appends a line to submissions.log (writer.appendLine): it
// grows with every mail, and is the one log written on a mail's way to
// its acknowledgement.
func (g *Game) logSubmission(line string) error {
	return g.w.appendLine(filepath.Join(g.dir, submissionsLog), "", line)
}

// appendLog adds a line to a rarely written log of the game directory
// (rollbacks, players), atomically: the whole file is written anew and
// renamed over the old one.
func (g *Game) appendLog(name, line string) error {
	path := filepath.Join(g.dir, name)
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if len(old) == 0 && name == rollbacksLog {
		old = []byte(rollbacksHeader)
	}
	return g.w.writeFile(path, append(old, line+"\n"...))
}

// Upcoming is a nation turn whose orders can be written now: the turn due,
// or a later nation turn of the same round, whose position is today's.
type Upcoming struct {
	ID     string // "r05-saxons"
	Nation string
	Player string // who controls Nation
	// Ahead is the turn due when this one comes later in the round; its
	// State is then today's position with the turn passed on to it
	// (adjudicator.Engine.Ahead), and orders written from it are checked
	// again when the turn is due. Empty for the turn due.
	Ahead string
	State *adjudicator.State
}

// Upcoming finds the nation turn due, or with nation given, that nation's
// turn: the one due or its later turn in this round (reduX Core 4.1). It is
// an error when the game is over, when a round event is due and nation is
// empty, and when nation has no turn left in this round.
func (g *Game) Upcoming(nation string) (*Upcoming, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	due := g.due()
	if due.Over {
		return nil, fmt.Errorf("game %s is over", g.gf.Game)
	}
	if nation == "" {
		if due.Nation == "" {
			_, name, _ := g.r.e.RoundEventName(due.ID, g.state.Round)
			return nil, fmt.Errorf("%s, %s, is due: it takes no orders", due.ID, name)
		}
		return &Upcoming{ID: due.ID, Nation: due.Nation, Player: due.Player, State: g.state.Clone()}, nil
	}
	n, err := g.r.g.Tables.NationIndex(nation)
	if err != nil {
		return nil, err
	}
	name := g.r.g.Tables.Nations[n].Name
	up := &Upcoming{Nation: name}
	// g.mu is held: PlayerOf would lock it again (a deadlock)
	if p := g.playerOf(name); p != nil {
		up.Player = p.Name
	}
	if due.Nation == name {
		up.ID, up.State = due.ID, g.state.Clone()
		return up, nil
	}
	ahead, st, ok := g.r.e.Ahead(g.state, func(st adjudicator.Step) bool { return st.Nation == n })
	if !ok {
		return nil, fmt.Errorf("the %s have no turn left in %s %d (due: %s)", name, roundWord(g.r.e), g.state.Round, due.ID)
	}
	up.ID, up.Ahead, up.State = st.ID, due.ID, ahead
	return up, nil
}
