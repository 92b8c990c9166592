package archive

import (
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// Player is a seat in a new game.
type Player struct {
	Name  string    `yaml:"name"`
	Email string    `yaml:"email"`
	Prefs MailPrefs `yaml:",inline"` // what the player wants mailed
}

// PlayerInfo is a player of a game as game.yaml records them.
type PlayerInfo struct {
	Name    string
	Email   string
	Colour  string
	Nations []string
	Prefs   MailPrefs // what the player wants mailed
}

// NewGame is what Create needs.
type NewGame struct {
	// ID is the game id, lower-case letters, digits and dashes; it goes into
	// every die. Empty means the base name of the game directory.
	ID      string
	Ruleset string
	Options []string
	// TablesName and Tables are a GM's tables file (its name for messages
	// and game.yaml, and its bytes); nil Tables means the ruleset's own.
	TablesName string
	Tables     []byte
	// BoardName and Board are a GM's board file (docs/rulesets.md
	// §Boards), copied into the game as board.yaml; nil Board means the
	// ruleset's own, which is not copied.
	BoardName string
	Board     []byte
	// Players take the seats of the ruleset's player split for their
	// number, in order (reduX: 3 to 5).
	Players []Player
	// Secrets is the private directory; empty means DIR.secrets.
	Secrets string
	// Created is recorded in game.yaml; zero means now.
	Created time.Time
	// Pace is the game's own pace (pace.yaml); the zero Pace leaves every
	// value to the daemon that serves the game.
	Pace Pace
}

// Tokens maps each player's name to their secret token, which they put in
// every order file they send. pbem keeps only its SHA-256 in game.yaml; the
// token itself is in the private directory.
type Tokens map[string]string

// Options are Open's options.
type Options struct {
	// Secrets is the private directory; empty means DIR.secrets.
	Secrets string
	// Now is the clock for log lines; nil means time.Now.
	Now func() time.Time
}

// Game is an open game directory. Its methods are safe for concurrent use;
// methods that write take a file lock in the private directory (on Unix),
// so several processes may write one game, one at a time.
type Game struct {
	mu      sync.Mutex
	dir     string
	secrets string
	now     func() time.Time
	w       writer
	gf      *gameFile
	r       *rules
	h       *history
	state   *adjudicator.State // after h.last()
	next    adjudicator.Step   // Engine.Due of state, worked out once (setState)
	chain   *dice.Chain        // loaded on first use
	broken  error              // set by a failed write: reopen
	rolls   map[int]roll       // what each step read so far says of the scoring die (scoredBefore)
	seen    seenStamp          // what reload read (stamp.go), so that writing skips reading it again unchanged
	gfAddrs bool               // game.yaml on disk holds the players' addresses (addresses.go)
}

// chainLength is the number of seeds a new game commits to: one per nation
// turn and round event of the longest possible game (every nation playing
// every round, and the end of each round), twice over for variants with
// extra events, at least 64.
func chainLength(g *games.Game) int {
	n := 2 * len(g.Tables.Rounds) * (len(g.Tables.Nations) + 1)
	return min(max(n, 64), dice.MaxChainLen)
}

// DefaultSecrets is the private directory of a game directory when none is
// given: DIR.secrets beside it.
func DefaultSecrets(dir string) string {
	return filepath.Clean(dir) + ".secrets"
}

// Create makes a new game directory dir and its private directory, drawing
// the dice chain secret and the players' tokens from rand (crypto/rand.Reader
// in production). dir must not exist. It returns the open game and the
// tokens to send to the players.
func Create(dir string, spec NewGame, rand io.Reader) (*Game, Tokens, error) {
	return create(dir, spec, rand, writer{})
}

func create(dir string, spec NewGame, rand io.Reader, w writer) (*Game, Tokens, error) {
	dir = filepath.Clean(dir)
	plug, err := rulesets.Lookup(spec.Ruleset)
	if err != nil {
		return nil, nil, err
	}
	rs := plug.Ruleset
	g, err := load(rs, spec.Options, gmFile(spec.BoardName, spec.Board, "board.yaml"), gmFile(spec.TablesName, spec.Tables, "tables.yaml"))
	if err != nil {
		return nil, nil, err
	}
	id := spec.ID
	if id == "" {
		id = filepath.Base(dir)
	}
	if err := CheckGameID(id); err != nil {
		return nil, nil, err
	}
	split := g.Tables.Split(len(spec.Players))
	if split == nil {
		var counts []string
		for _, p := range g.Tables.Players {
			counts = append(counts, fmt.Sprint(p.Count))
		}
		return nil, nil, fmt.Errorf("%s: ruleset %s is for %s players", games.Count(len(spec.Players), "player", "players"), rs.Name, strings.Join(counts, ", "))
	}
	if err := checkNewPlayers(spec.Players); err != nil {
		return nil, nil, err
	}
	secrets := spec.Secrets
	if secrets == "" {
		secrets = DefaultSecrets(dir)
	}
	if err := checkFree(dir, secrets); err != nil {
		return nil, nil, err
	}
	chain, err := dice.NewChain(chainLength(g), rand)
	if err != nil {
		return nil, nil, err
	}
	gf := newGameFile(id, spec, g, chain)
	tokens, tokenFile, err := drawTokens(rand, spec.Players, split, gf)
	if err != nil {
		return nil, nil, err
	}
	e, err := rulesets.Engine(g) // the ruleset's own check of a GM's board (LoadData)
	if err != nil {
		return nil, nil, err
	}
	e.Players = len(spec.Players) // L&R 10.4, 11.6.2 depend on it
	r := &rules{id: id, g: g, e: e}
	if gf.EngineFingerprint, err = r.fingerprint(); err != nil {
		return nil, nil, err
	}
	tokData, err := yaml.Marshal(tokenFile)
	if err != nil {
		return nil, nil, err
	}
	s0 := e.NewState()
	files := []newFile{
		{true, "chain.txt", chain.MarshalSecret()},
		{true, "tokens.yaml", append([]byte(tokensHeader), tokData...)},
		{false, "game.yaml", gf.marshal()},
		{false, gf.Tables, g.TablesYAML},
		{false, submissionsLog, []byte(submissionsHeader)},
		{false, filepath.Join(turnsDir, startDir, fileState), e.MarshalState(s0)},
		{false, filepath.Join(turnsDir, startDir, fileReport), []byte(r.startReport(gf, s0))},
	}
	if gf.Board != "" {
		files = append(files, newFile{false, gf.Board, g.BoardYAML})
	}
	if !spec.Pace.IsZero() {
		files = append(files, newFile{false, paceFile, spec.Pace.marshal()})
	}
	if err := w.writeNew(dir, secrets, files); err != nil {
		return nil, nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	gm, err := OpenOptions(dir, Options{Secrets: secrets})
	if err != nil {
		return nil, nil, err
	}
	gm.w = w
	return gm, tokens, nil
}

// checkNewPlayers checks the players of a new game: each with a name of
// one line and an address, no two with the same name or address.
func checkNewPlayers(players []Player) error {
	seen, addrs := map[string]bool{}, map[string]bool{}
	for i, p := range players {
		k := strings.ToLower(strings.TrimSpace(p.Name))
		a := strings.ToLower(strings.TrimSpace(p.Email))
		switch {
		case k == "":
			return fmt.Errorf("player %d has no name", i+1)
		case seen[k]:
			return fmt.Errorf("two players are called %q", p.Name)
		case strings.ContainsAny(p.Name, "\n\r"):
			return fmt.Errorf("player %d: a name is one line", i+1)
		case addrs[a]:
			return fmt.Errorf("two players have the address %s: pbem knows a player by their address", strings.TrimSpace(p.Email))
		}
		if err := checkEmail(strings.TrimSpace(p.Email)); err != nil {
			return fmt.Errorf("player %d (%s): %w", i+1, p.Name, err)
		}
		seen[k], addrs[a] = true, true
	}
	return nil
}

// checkFree checks that the directories of a new game do not exist.
func checkFree(dirs ...string) error {
	for _, d := range dirs {
		if _, err := os.Stat(d); err == nil {
			return fmt.Errorf("%s already exists: pbem never writes a new game over an old one", d)
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// newGameFile is game.yaml of a new game, without its players and engine
// fingerprint.
func newGameFile(id string, spec NewGame, g *games.Game, chain *dice.Chain) *gameFile {
	created := spec.Created
	if created.IsZero() {
		created = time.Now()
	}
	tablesSource := "embedded:" + g.Ruleset.TablesFile
	if spec.Tables != nil {
		tablesSource = filepath.Base(spec.TablesName)
		if spec.TablesName == "" {
			tablesSource = "tables.yaml"
		}
	}
	gf := &gameFile{
		Format: FormatVersion, Game: id, Ruleset: g.Ruleset.Name, Options: g.Options,
		Tables: "tables.yaml", TablesSource: tablesSource, TablesSHA256: sha256Hex(g.TablesYAML),
		Created: created.UTC().Truncate(time.Second), Commitment: hex.EncodeToString(chain.Commitment()), ChainLength: chain.Len(),
		DiceSpec: dice.Version, EngineVersion: EngineVersion,
	}
	if spec.Board != nil {
		gf.Board, gf.BoardSource, gf.BoardSHA256 = "board.yaml", filepath.Base(g.BoardName), sha256Hex(g.BoardYAML)
	}
	return gf
}

// drawTokens draws each player's token from rand, in seat order, and adds
// the players to gf with their seat of the split and their token's hash.
func drawTokens(rand io.Reader, players []Player, split *games.PlayerSplit, gf *gameFile) (Tokens, []tokenEntry, error) {
	tokens := Tokens{}
	var tokenFile []tokenEntry
	for i, p := range players {
		tok, err := newToken(rand)
		if err != nil {
			return nil, nil, err
		}
		tokens[p.Name] = tok
		tokenFile = append(tokenFile, tokenEntry{Name: strings.TrimSpace(p.Name), Token: tok, Email: strings.TrimSpace(p.Email)})
		gf.Players = append(gf.Players, playerFile{Name: strings.TrimSpace(p.Name), Email: strings.TrimSpace(p.Email),
			Colour: split.Players[i].Colour, Nations: split.Players[i].Nations, TokenSHA256: hashToken(tok), Prefs: p.Prefs})
	}
	return tokens, tokenFile, nil
}

// newFile is a file of a new game: in the private directory or the game
// directory, by its path inside it.
type newFile struct {
	private bool
	path    string
	data    []byte
}

// writeNew writes a new game's two directories under temporary names, then
// renames them into place: the private one first, so that a game
// directory always has its secrets.
func (w writer) writeNew(dir, secrets string, files []newFile) error {
	secTmp := filepath.Join(filepath.Dir(secrets), ".tmp-"+filepath.Base(secrets))
	dirTmp := filepath.Join(filepath.Dir(dir), ".tmp-"+filepath.Base(dir))
	for _, d := range []string{secTmp, dirTmp} {
		if err := w.removeAll(d); err != nil {
			return err
		}
	}
	for _, d := range []string{secTmp, filepath.Join(secTmp, "pending"), filepath.Join(secTmp, "standing")} {
		if err := w.mkdirPrivate(d); err != nil {
			return err
		}
	}
	if err := w.mkdir(filepath.Join(dirTmp, turnsDir, startDir)); err != nil {
		return err
	}
	for _, f := range files {
		path, perm := filepath.Join(dirTmp, f.path), publicFile
		if f.private {
			path, perm = filepath.Join(secTmp, f.path), privateFile
		}
		if err := w.createFileMode(path, f.data, perm); err != nil {
			return err
		}
	}
	for _, d := range []string{filepath.Join(secTmp, "pending"), filepath.Join(secTmp, "standing"), secTmp,
		filepath.Join(dirTmp, turnsDir, startDir), filepath.Join(dirTmp, turnsDir), dirTmp} {
		if err := w.syncDir(d); err != nil {
			return err
		}
	}
	if err := w.rename(secTmp, secrets); err != nil {
		return err
	}
	return w.rename(dirTmp, dir)
}

// tokenEntry is a seat in tokens.yaml: its token and its player's address
// (absent in games created before addresses left game.yaml).
type tokenEntry struct {
	Name  string `yaml:"name"`
	Token string `yaml:"token"`
	Email string `yaml:"email,omitempty"`
}

// Open opens a game directory with its private directory beside it.
func Open(dir string) (*Game, error) { return OpenOptions(dir, Options{}) }

// OpenOptions opens a game directory. The private directory is read only
// when a method needs it.
func OpenOptions(dir string, o Options) (*Game, error) {
	dir = filepath.Clean(dir)
	g := &Game{dir: dir, secrets: o.Secrets, now: o.Now}
	if g.secrets == "" {
		g.secrets = DefaultSecrets(dir)
	}
	if g.now == nil {
		g.now = time.Now
	}
	gf, r, err := loadRules(dir)
	if err != nil {
		return nil, err
	}
	g.gfAddrs = gf.hasAddresses()
	if err := g.loadAddresses(gf); err != nil {
		return nil, err
	}
	g.gf, g.r = gf, r
	if err := g.reload(); err != nil {
		return nil, err
	}
	return g, nil
}

// loadRules reads game.yaml and loads the ruleset with the archived tables
// and, where the GM gave one, the archived board.
func loadRules(dir string) (*gameFile, *rules, error) {
	data, err := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s is not a pbem game: it has no game.yaml", dir)
		}
		return nil, nil, err
	}
	gf, err := parseGameFile(data)
	if err != nil {
		return nil, nil, err
	}
	rs, err := games.Lookup(gf.Ruleset)
	if err != nil {
		return nil, nil, fmt.Errorf("game.yaml: %w", err)
	}
	tables, err := os.ReadFile(filepath.Join(dir, gf.Tables))
	if err != nil {
		return nil, nil, err
	}
	var board *games.File
	if gf.Board != "" {
		data, err := os.ReadFile(filepath.Join(dir, gf.Board))
		if err != nil {
			return nil, nil, err
		}
		board = &games.File{Name: gf.Board, Data: data}
	}
	g, err := load(rs, gf.Options, board, &games.File{Name: gf.Tables, Data: tables})
	if err != nil {
		return nil, nil, err
	}
	var compat adjudicator.Compat
	if knownEngine(gf.EngineVersion) {
		compat, _ = adjudicator.CompatOf(gf.EngineVersion)
	}
	e, err := sharedEngine(g, gf.startPlayers(), compat) // L&R 10.4, 11.6.2 depend on the players; Hy Breasil's set-up (3)
	if err != nil {
		return nil, nil, err
	}
	return gf, &rules{id: gf.Game, g: g, e: e}, nil
}

// loaded caches rulesets loaded with their tables: parsing the board and
// tables YAML is most of the cost of opening a game, and a process such as
// the mail daemon opens the same games again and again. Loaded games are
// only read, never changed.
var loaded struct {
	sync.Mutex
	m map[string]*games.Game
}

func load(rs *games.Ruleset, options []string, board, tables *games.File) (*games.Game, error) {
	key := rs.Name + "\x00" + strings.Join(options, ",")
	for _, f := range []*games.File{board, tables} {
		if f != nil {
			key += "\x00" + f.Name + "\x00" + sha256Hex(f.Data)
		} else {
			key += "\x00-"
		}
	}
	loaded.Lock()
	g, ok := loaded.m[key]
	loaded.Unlock()
	if ok {
		return g, nil
	}
	g, err := rs.LoadFiles(options, board, tables)
	if err != nil {
		return nil, err
	}
	loaded.Lock()
	if loaded.m == nil || len(loaded.m) >= 64 {
		loaded.m = map[string]*games.Game{}
	}
	loaded.m[key] = g
	loaded.Unlock()
	return g, nil
}

// gmFile is a GM's file for load: nil when data is nil (the ruleset's
// own), named name, or def when name is empty.
func gmFile(name string, data []byte, def string) *games.File {
	if data == nil {
		return nil
	}
	if name == "" {
		name = def
	}
	return &games.File{Name: name, Data: data}
}

// reload reads the step list and the current state from disk.
func (g *Game) reload() error {
	seen := seenStamp{at: time.Now()}
	seen.s, seen.newest = readStamp(g.dir)
	h, err := loadHistory(g.dir)
	if err != nil {
		return err
	}
	if g.state != nil && g.h != nil && len(h.steps) == len(g.h.steps) && len(h.rollbacks) == len(g.h.rollbacks) {
		// Nobody wrote a step or a rollback since: the state in memory is
		// the one on disk (steps and rollbacks are only ever added).
		g.h, g.seen = h, seen
		return nil
	}
	data, err := os.ReadFile(filepath.Join(g.dir, turnsDir, stepDir(h.last(), g.idOf(h, h.last())), fileState))
	if err != nil {
		return err
	}
	s, err := g.r.e.UnmarshalState(data)
	if err != nil {
		return fmt.Errorf("%s: %w", stepDir(h.last(), g.idOf(h, h.last())), err)
	}
	g.h, g.seen = h, seen
	g.setState(s)
	return nil
}

// setState makes s the state the game stands at and works out once what
// is due in it: Due, Advance and the checks of orders read g.next.
func (g *Game) setState(s *adjudicator.State) {
	g.state, g.next = s, g.r.nextDue(s)
}

// nextDue is what is due in s (Engine.Due), the zero Step when the game
// is over.
func (r *rules) nextDue(s *adjudicator.State) adjudicator.Step {
	if s.Over {
		return adjudicator.Step{}
	}
	return r.e.Due(s)
}

func (g *Game) idOf(h *history, n int) string {
	if n == 0 {
		return ""
	}
	return h.info(n).ID
}

// loadChain reads the dice chain secret from the private directory and
// checks it against the commitment.
func (g *Game) loadChain() (*dice.Chain, error) {
	if g.chain != nil {
		return g.chain, nil
	}
	data, err := os.ReadFile(filepath.Join(g.secrets, "chain.txt"))
	if err != nil {
		return nil, fmt.Errorf("the private directory %s is needed to play (the dice chain secret): %w", g.secrets, err)
	}
	c, err := dice.UnmarshalSecret(data)
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare(c.Commitment(), g.gf.commitment()) != 1 || c.Len() != g.gf.ChainLength {
		return nil, fmt.Errorf("%s/chain.txt is not the chain of game %s: its commitment differs from game.yaml", g.secrets, g.gf.Game)
	}
	g.chain = c
	return c, nil
}

// ID is the game id.
func (g *Game) ID() string { return g.gf.Game }

// Dir is the game directory.
func (g *Game) Dir() string { return g.dir }

// SecretsDir is the private directory.
func (g *Game) SecretsDir() string { return g.secrets }

// Rules is the loaded ruleset with the archived tables.
func (g *Game) Rules() *games.Game { return g.r.g }

// Engine is the game's adjudicator.
func (g *Game) Engine() *adjudicator.Engine { return g.r.e }

// Commitment is s_0, the hex commitment to the game's dice.
func (g *Game) Commitment() string { return g.gf.Commitment }

// EngineFingerprint identifies how the pbem that created the game plays
// (fingerprint.go); post it with the commitment, so that verify's "the
// engine plays differently" cannot be claimed by editing game.yaml.
func (g *Game) EngineFingerprint() string { return g.gf.EngineFingerprint }

// Players lists the players in seat order.
func (g *Game) Players() []PlayerInfo {
	var out []PlayerInfo
	for _, p := range g.gf.Players {
		out = append(out, PlayerInfo{Name: p.Name, Email: p.Email, Colour: p.Colour, Nations: append([]string(nil), p.Nations...), Prefs: p.Prefs})
	}
	return out
}

// PlayerOf is the player who controls a nation, or nil: the nation's owner
// in the game as it stands where the ruleset deals nations during play (Hy
// Breasil 5), else the player whose nations (game.yaml) list it.
func (g *Game) PlayerOf(nation string) *PlayerInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.playerOf(nation)
}

// playerOf is PlayerOf with g.mu held.
func (g *Game) playerOf(nation string) *PlayerInfo {
	if n, err := g.r.g.Tables.NationIndex(nation); err == nil && g.state != nil && n < len(g.state.Nations) {
		if seat := g.state.Nations[n].Owner; seat >= 0 {
			ps := g.Players()
			if seat < len(ps) {
				return &ps[seat]
			}
			return nil
		}
	}
	for _, p := range g.Players() {
		for _, n := range p.Nations {
			if n == nation {
				return &p
			}
		}
	}
	return nil
}

// PlayerByName is the player in a seat, or nil.
func (g *Game) PlayerByName(name string) *PlayerInfo {
	for _, p := range g.Players() {
		if strings.EqualFold(p.Name, name) {
			return &p
		}
	}
	return nil
}

// State is a copy of the state the game stands at.
func (g *Game) State() *adjudicator.State {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.state.Clone()
}

// DueTurn is what comes next in a game.
type DueTurn struct {
	ID     string // "r05-saxons" or "r05-end"; empty when the game is over
	Nation string // the nation whose turn it is; empty for a round event
	Player string // the player who controls Nation
	Over   bool   // the game has ended
}

// Due says what is due.
func (g *Game) Due() DueTurn {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.due()
}

func (g *Game) due() DueTurn {
	if g.state.Over {
		return DueTurn{Over: true}
	}
	d := DueTurn{ID: g.next.ID}
	if st := g.next; st.Kind == adjudicator.NationTurn {
		d.Nation = g.r.e.NationName(st.Nation)
		if p := g.playerOf(d.Nation); p != nil {
			d.Player = p.Name
		}
	}
	return d
}

// Steps lists every step folder in order, superseded ones included.
func (g *Game) Steps() []StepInfo {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]StepInfo(nil), g.h.steps...)
}

// Rollbacks lists the rollbacks made, in order, in the words of
// rollbacks.log.
func (g *Game) Rollbacks() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, rb := range g.h.rollbacks {
		out = append(out, rb.String())
	}
	return out
}

// usable says why the game cannot be written, or nil.
func (g *Game) usable() error {
	if g.broken != nil {
		return fmt.Errorf("an earlier write failed (%v): open the game again", g.broken)
	}
	return nil
}

// writing takes the game's write lock, shared with other processes,
// refuses to write while the private directory is open to other users
// (CheckSecrets), and reads the game again from disk, in case another
// process wrote it since it was opened. Call with g.mu held; call unlock
// when done.
func (g *Game) writing() (unlock func(), err error) {
	if err := g.usable(); err != nil {
		return nil, err
	}
	unlock, err = flock(g.secrets)
	if err != nil {
		return nil, fmt.Errorf("locking the game (its private directory %s is needed to write it): %w", g.secrets, err)
	}
	if err := g.CheckSecrets(); err != nil {
		unlock()
		return nil, fmt.Errorf("refusing to write game %s: %w", g.gf.Game, err)
	}
	if err := g.reloadIfChanged(); err != nil {
		unlock()
		return nil, err
	}
	return unlock, nil
}

// fail marks the game broken after a failed write.
func (g *Game) fail(err error) error {
	g.broken = err
	return err
}
