package archive

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func reject(nation string, format string, args ...any) *RejectedError {
	return &RejectedError{Nation: nation, Errors: orders.Errors{{Msg: fmt.Sprintf(format, args...)}}}
}

// placeholderToken stands in for the token of a file that has none (an
// archived file, or one the GM enters): Decode requires a token line.
const placeholderToken = "none"

// decodeNoToken decodes a file that may lack a token line, such as an
// archived one. The token line is added at the end, so every line number
// stays that of the text.
// Decoded files are cached by text: the engine never changes a file, and
// the same standing orders are decoded at every step of a replay.
func (r *rules) decodeNoToken(text string) (*orders.File, orders.Errors) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.decoded[text]; ok {
		return f, nil
	}
	f, errs := orders.Decode(text+"\ntoken: "+placeholderToken+"\n", r.g)
	if f != nil {
		f.Token = ""
		if r.decoded == nil || len(r.decoded) > 4096 {
			r.decoded = map[string]*orders.File{}
		}
		r.decoded[text] = f
	}
	return f, errs
}

// decodeEntry decodes a file as sent; hasToken says whether it had a token.
func (r *rules) decodeEntry(text string) (f *orders.File, hasToken bool, errs orders.Errors) {
	f, errs = orders.Decode(text, r.g)
	if len(errs) == 0 {
		return f, true, nil
	}
	missing := false
	for _, e := range errs {
		missing = missing || (e.Line == 0 && strings.Contains(e.Msg, `"token:"`))
	}
	if !missing {
		return nil, false, errs
	}
	f2, errs2 := r.decodeNoToken(text)
	if len(errs2) > 0 {
		for _, e := range errs2 {
			if e.Line == 0 && strings.Contains(e.Msg, `"token:"`) {
				return nil, false, errs // the added line was cut off ("end", a signature)
			}
		}
		return nil, false, errs2
	}
	return f2, false, nil
}

// Check validates an order file against the game as it stands, without
// recording anything: what `pbem check` runs. Turn orders must be for the
// turn due; standing orders may come at any time. A token, if present, must
// be the player's.
func (g *Game) Check(text string) (*Receipt, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f, hasToken, errs := g.r.decodeEntry(text)
	if len(errs) > 0 {
		return nil, &RejectedError{Errors: errs}
	}
	if err := g.validate(f, hasToken, "", nil); err != nil {
		return nil, err
	}
	return g.receipt(f, time.Time{}, !hasToken), nil
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
	)
	if gm {
		f, hasToken, errs = g.r.decodeEntry(text)
	} else {
		f, errs = orders.Decode(text, g.r.g)
		hasToken = true
	}
	raw := sha256Hex([]byte(text))
	by := "player"
	if gm && !hasToken {
		by = "gm"
	}
	var rej *RejectedError
	if len(errs) > 0 {
		rej = &RejectedError{Nation: nation, Errors: errs}
	} else if err := g.validate(f, hasToken, nation, want); err != nil {
		rej = err
	}
	if rej != nil {
		line := fmt.Sprintf("%s refused kind=%s turn=%s nation=%s by=%s digest=- raw=%s errors=%d",
			arrival.UTC().Format(time.RFC3339), kindOf(f), turnOf(f), nationOf(f, nation), by, raw, len(rej.Errors))
		if err := g.appendLog(submissionsLog, line); err != nil {
			return nil, g.fail(err)
		}
		return nil, rej
	}
	rc := g.receipt(f, arrival, !hasToken)
	line := fmt.Sprintf("%s accepted kind=%s turn=%s nation=%s by=%s digest=%s raw=%s",
		arrival.UTC().Format(time.RFC3339), kindOf(f), turnOf(f), f.Nation, by, rc.Digest, raw)
	if err := g.appendLog(submissionsLog, line); err != nil {
		return nil, g.fail(err)
	}
	if f.Kind == orders.StandingOrders {
		err = g.w.writePrivate(g.standingPath(f.Nation), []byte(rc.Orders))
	} else {
		err = g.writePending(pendingFile{Turn: f.Turn, Nation: f.Nation, Base: g.base(), Arrival: arrival.UTC(), ByGM: rc.ByGM, Digest: rc.Digest, Orders: rc.Orders})
	}
	if err != nil {
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

func (g *Game) receipt(f *orders.File, arrival time.Time, byGM bool) *Receipt {
	return &Receipt{Kind: f.Kind, Nation: f.Nation, Turn: f.Turn, Digest: g.r.digest(f), Arrival: arrival,
		Orders: g.r.canonical(f), ByGM: byGM}
}

// validate checks a decoded file against the game: its game id, nation,
// token and kind, and the engine's check against the state at turn start.
func (g *Game) validate(f *orders.File, hasToken bool, nation string, want *orders.Kind) *RejectedError {
	fail := func(format string, args ...any) *RejectedError { return reject(f.Nation, format, args...) }
	if f.Game != g.gf.Game {
		return fail("the file is for game %q, but this is game %q", f.Game, g.gf.Game)
	}
	if nation != "" {
		n, err := g.r.g.Tables.NationIndex(nation)
		if err != nil {
			return fail("%v", err)
		}
		if name := g.r.g.Tables.Nations[n].Name; name != f.Nation {
			return fail("the file is for the %s, not the %s", f.Nation, name)
		}
	}
	p := g.PlayerOf(f.Nation)
	if p == nil {
		return fail("no player controls the %s in this game", f.Nation)
	}
	if hasToken {
		var want string
		for _, pf := range g.gf.Players {
			if pf.Name == p.Name {
				want = pf.TokenSHA256
			}
		}
		if subtle.ConstantTimeCompare([]byte(hashToken(f.Token)), []byte(want)) != 1 {
			return fail("the token is not %s's token (the %s are %s's)", p.Name, f.Nation, p.Name)
		}
	}
	if want != nil && f.Kind != *want {
		return fail("these are %s orders, not %s orders", f.Kind, *want)
	}
	if g.state.Over {
		return fail("the game is over")
	}
	if f.Kind == orders.StandingOrders {
		s := g.state
		if g.r.e.Due(s) < 0 {
			// Engine.Check refuses any file at the end of a round; standing
			// orders do not depend on the state, so check them against the
			// start of the next round.
			s = s.Clone()
			s.Next = 0
		}
		if errs := g.r.e.Check(s, f, nil); len(errs) > 0 {
			return &RejectedError{Nation: f.Nation, Errors: errs}
		}
		return nil
	}
	for _, n := range g.h.eff {
		if g.h.info(n).ID == f.Turn {
			return fail("orders for %s are frozen: the turn was adjudicated in step %s and its dice are public", f.Turn, g.h.info(n).Dir())
		}
	}
	due := g.due()
	if due.Nation == "" {
		return fail("no nation turn is due: %s (the end of the round) comes first", due.ID)
	}
	if f.Turn != due.ID {
		return fail("the turn due is %s; orders for %s can be checked only when it is due", due.ID, f.Turn)
	}
	standing, err := g.standingFiles()
	if err != nil {
		return fail("reading standing orders: %v", err)
	}
	if errs := g.r.e.Check(g.state, f, standing); len(errs) > 0 {
		return &RejectedError{Nation: f.Nation, Errors: errs}
	}
	return nil
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

func (g *Game) writePending(p pendingFile) error {
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return g.w.writePrivate(g.pendingPath(p.Turn), append(data, '\n'))
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
func (g *Game) standingTexts() ([]string, error) {
	out := make([]string, len(g.r.g.Tables.Nations))
	for n, nat := range g.r.g.Tables.Nations {
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
		f, errs := g.r.decodeNoToken(t)
		if len(errs) > 0 {
			return nil, fmt.Errorf("%s: %v", g.standingPath(g.r.g.Tables.Nations[n].Name), errs)
		}
		out[n] = f
	}
	return out, nil
}

// appendLog adds a line to a log of the game directory, atomically: the
// whole file is written anew and renamed over the old one.
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
