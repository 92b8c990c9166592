package games

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

//go:embed britannia/board.yaml britannia/geometry.yaml redux/*.yaml redux-lr/*.yaml britannia-classic/*.yaml hy-breasil/*.yaml
var files embed.FS

// Option is a rule option a game may switch on at creation.
type Option struct {
	Name string
	Doc  string
}

// Ruleset is the data side of a game of the Britannia family: its names,
// its options and its embedded board and tables. The rules side is
// adjudicator.Ruleset, which embeds it. Rulesets are values in an ordered
// list; a derived ruleset reuses a base's data.
type Ruleset struct {
	Name      string
	Title     string
	Rules     string // the seed the rules come from
	BoardFile string
	// GeometryFile is the drawing of BoardFile (package mapdraw's format),
	// kept beside it; "" when the board is drawn from its area centres.
	GeometryFile string
	TablesFile   string
	Options      []Option
	// Files holds BoardFile, GeometryFile and TablesFile; nil means this
	// package's embedded data (games/<ruleset>/).
	Files fs.FS
}

var (
	mu       sync.RWMutex
	rulesets = []*Ruleset{
		{
			Name: "redux", Title: "Britannia reduX Core", Rules: "seed 000 (reduX Core)",
			BoardFile: "britannia/board.yaml", GeometryFile: "britannia/geometry.yaml", TablesFile: "redux/tables.yaml",
			Options: []Option{{"reduced-randomness", "two dice per army, a hit for every two successes, odd hit carried (reduX Core 7.3)"}},
		},
		{
			Name: "redux-lr", Title: "Britannia reduX Core + Leaders and Raiders", Rules: "seeds 000 and 003",
			BoardFile: "britannia/board.yaml", GeometryFile: "britannia/geometry.yaml", TablesFile: "redux-lr/tables.yaml",
			Options: []Option{
				{"reduced-randomness", "reduX Core 7.3"},
				{"boats", "boat movement (reduX L&R 12)"},
			},
		},
		{
			Name: "britannia", Title: "Britannia (classic, 2005 edition)", Rules: "seeds 002 and 004",
			BoardFile: "britannia/board.yaml", GeometryFile: "britannia/geometry.yaml", TablesFile: "britannia-classic/tables.yaml",
			Options: []Option{
				{"first-edition-order", "the first edition's order of play: Picts before Caledonians, Norsemen, Danes, Dubliners, Norwegians, Jutes before Saxons (seed 002 §3; the 2005 Nation List is the default)"},
				{"first-edition-romans", "15 Roman armies, not 16 (seed 002 §3; seed 004 Setup has 16)"},
				{"first-edition-burhs", "burhs count as armies for stacking, the population limit and overruns (seed 002 §5 Saxon Burhs; the 2005 default has them not count, seed 002 §5 Stacking)"},
				{"first-edition-overrun", "armies that outnumber the defenders 2:1 or more may all move through them, none stopping to fight (seed 002 §5 Movement; the 2005 default, seed 004 Movement, lets only the excess over twice the defenders go on)"},
				{"first-edition-kills", "the first edition's kill bonuses of 3 VP replace the 2005 cards' for the same leaders: the Saxons for Arthur, the Romano-British for Hengist, the Norwegians for Harold or William, the Normans for Harold or Harald Hardrada (seed 002 §6 Special Elimination Bonuses)"},
			},
		},
		{
			Name: "hy-breasil", Title: "Hy Breasil", Rules: "seed 001 (Hy Breasil, draft of 2007)",
			BoardFile: "hy-breasil/board.yaml", TablesFile: "hy-breasil/tables.yaml",
			Options: []Option{
				{"races", "each new nation a race, with its PIPs and combat bonuses (Hy Breasil 9.1, table 2)"},
				{"random-scoring", "victory points only in turns a die shows 4 or more, and the last (Hy Breasil 11)"},
				{"submission", "a nation attacked may submit to its attacker, and is later freed or absorbed (Hy Breasil 9.2)"},
				{"abilities", "Civilization gives an ability instead of 5 VP: capital, food preservation, taxation, navigation, diplomacy, prophecy or city building, with one token set set aside as cities (Hy Breasil 9.3)"},
				{"continuous", "continuous play: players enter and leave at the start of a turn (join and leave by mail), each with a turn marker, ranked by VP a turn (Hy Breasil 10)"},
			},
		},
	}
)

// Rulesets lists every ruleset in a fixed order.
func Rulesets() []*Ruleset {
	mu.RLock()
	defer mu.RUnlock()
	return append([]*Ruleset(nil), rulesets...)
}

// Register adds a ruleset's data at the end of the list (a ruleset defined
// outside this package, a test's); a name already taken panics.
func Register(r *Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	for _, x := range rulesets {
		if x.Name == r.Name {
			panic("games: ruleset " + r.Name + " registered twice")
		}
	}
	rulesets = append(rulesets, r)
}

// Lookup finds a ruleset by name.
func Lookup(name string) (*Ruleset, error) {
	var names []string
	for _, r := range Rulesets() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}

// MustLookup is Lookup for a name known to exist; it panics otherwise.
func MustLookup(name string) *Ruleset {
	r, err := Lookup(name)
	if err != nil {
		panic(err)
	}
	return r
}

func (r *Ruleset) fs() fs.FS {
	if r.Files != nil {
		return r.Files
	}
	return files
}

// Game is a ruleset loaded with its data, ready for the engine.
type Game struct {
	Ruleset *Ruleset
	Board   *Board
	Tables  *Tables
	Options []string
	// BoardName and TablesName name the files used in messages: the
	// ruleset's embedded ones or a GM's.
	BoardName, TablesName string
	BoardYAML             []byte
	TablesYAML            []byte
}

// HasOption reports whether an option is on.
func (g *Game) HasOption(name string) bool {
	for _, o := range g.Options {
		if o == name {
			return true
		}
	}
	return false
}

// DefaultTables returns the embedded tables file of a ruleset.
func (r *Ruleset) DefaultTables() []byte {
	b, err := fs.ReadFile(r.fs(), r.TablesFile)
	if err != nil {
		panic(err) // embedded; a missing file is a build error
	}
	return b
}

// DefaultBoard returns the embedded board file of a ruleset.
func (r *Ruleset) DefaultBoard() []byte {
	b, err := fs.ReadFile(r.fs(), r.BoardFile)
	if err != nil {
		panic(err) // embedded; a missing file is a build error
	}
	return b
}

// Load builds a Game. tables may be nil for the embedded tables; otherwise
// tablesName names the GM's file in errors.
func (r *Ruleset) Load(options []string, tablesName string, tables []byte) (*Game, error) {
	var t *File
	if tables != nil {
		t = &File{Name: tablesName, Data: tables}
	}
	return r.LoadFiles(options, nil, t)
}

// LoadFiles builds a Game from a GM's board and tables files, each nil for
// the ruleset's own. A GM's board must have what the tables name (areas,
// seas, area sets); the error says which. The board's drawing is the
// ruleset's (GeometryFile) when the board is the ruleset's own or a GM's
// board of the same name (an edited copy); a GM's board with another name
// has none and is drawn from its area centres (docs/rulesets.md §Boards).
func (r *Ruleset) LoadFiles(options []string, board, tables *File) (*Game, error) {
	own := board == nil
	if own {
		board = &File{Name: r.BoardFile, Data: r.DefaultBoard()}
	}
	b, err := ParseBoard(board.Name, board.Data)
	if err != nil {
		return nil, err
	}
	if r.GeometryFile != "" {
		if data, err := fs.ReadFile(r.fs(), r.GeometryFile); err == nil && (own || b.Name == r.boardName()) {
			b.Drawing = &File{Name: r.GeometryFile, Data: data}
		} else if own {
			return nil, err
		}
	}
	if tables == nil {
		tables = &File{Name: r.TablesFile, Data: r.DefaultTables()}
	}
	t, err := ParseTables(tables.Name, tables.Data, b)
	if err != nil {
		if !own {
			return nil, fmt.Errorf("board %s does not fit the tables %s: %w", board.Name, tables.Name, err)
		}
		return nil, err
	}
	opts, err := r.checkOptions(options)
	if err != nil {
		return nil, err
	}
	return &Game{Ruleset: r, Board: b, Tables: t, Options: opts, BoardName: board.Name, TablesName: tables.Name,
		BoardYAML: board.Data, TablesYAML: tables.Data}, nil
}

// boardName is the name: of the ruleset's own board.
func (r *Ruleset) boardName() string {
	b, err := ParseBoard(r.BoardFile, r.DefaultBoard())
	if err != nil {
		return ""
	}
	return b.Name
}

// checkOptions sorts a game's options and refuses unknown or repeated ones.
func (r *Ruleset) checkOptions(options []string) ([]string, error) {
	opts := append([]string(nil), options...)
	sort.Strings(opts)
	for i, o := range opts {
		known := false
		for _, k := range r.Options {
			known = known || k.Name == o
		}
		if !known {
			return nil, fmt.Errorf("ruleset %s has no option %q", r.Name, o)
		}
		if i > 0 && opts[i-1] == o {
			return nil, fmt.Errorf("option %q given twice", o)
		}
	}
	return opts, nil
}

// MustLoad loads a ruleset's embedded data or panics; for tests and tools.
func MustLoad(name string, options ...string) *Game {
	r, err := Lookup(name)
	if err != nil {
		panic(err)
	}
	g, err := r.Load(options, "", nil)
	if err != nil {
		panic(err)
	}
	return g
}
