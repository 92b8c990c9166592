package games

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:embed britannia/board.yaml redux/*.yaml redux-lr/*.yaml
var files embed.FS

// Option is a rule option a game may switch on at creation.
type Option struct {
	Name string
	Doc  string
}

// Ruleset is one game of the Britannia family that pbem referees. Rulesets
// are values in an ordered list; a derived ruleset reuses a base's data.
type Ruleset struct {
	Name       string
	Title      string
	Rules      string // the seed the rules come from
	BoardFile  string
	TablesFile string
	Options    []Option
	// Playable is false for rulesets whose engine is not yet written; they
	// are listed so a GM sees what is coming, but `new` refuses them.
	Playable bool
}

var rulesets = []Ruleset{
	{
		Name: "redux", Title: "Britannia reduX Core", Rules: "seed 000 (reduX Core)",
		BoardFile: "britannia/board.yaml", TablesFile: "redux/tables.yaml",
		Options:  []Option{{"reduced-randomness", "two dice per army, a hit for every two successes, odd hit carried (reduX Core 7.3)"}},
		Playable: true,
	},
	{
		Name: "redux-lr", Title: "Britannia reduX Core + Leaders and Raiders", Rules: "seeds 000 and 003",
		BoardFile: "britannia/board.yaml", TablesFile: "redux-lr/tables.yaml",
		Options: []Option{
			{"reduced-randomness", "reduX Core 7.3"},
			{"boats", "boat movement (reduX L&R 12)"},
		},
		Playable: true,
	},
}

// Rulesets lists every ruleset in a fixed order.
func Rulesets() []Ruleset { return rulesets }

// Lookup finds a ruleset by name.
func Lookup(name string) (*Ruleset, error) {
	for i := range rulesets {
		if rulesets[i].Name == name {
			return &rulesets[i], nil
		}
	}
	var names []string
	for _, r := range rulesets {
		names = append(names, r.Name)
	}
	return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}

// Game is a ruleset loaded with its data, ready for the engine.
type Game struct {
	Ruleset    *Ruleset
	Board      *Board
	Tables     *Tables
	Options    []string
	BoardYAML  []byte
	TablesYAML []byte
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
	b, err := files.ReadFile(r.TablesFile)
	if err != nil {
		panic(err) // embedded; a missing file is a build error
	}
	return b
}

// Load builds a Game. tables may be nil for the embedded tables; otherwise
// tablesName names the GM's file in errors.
func (r *Ruleset) Load(options []string, tablesName string, tables []byte) (*Game, error) {
	bdata, err := files.ReadFile(r.BoardFile)
	if err != nil {
		return nil, err
	}
	b, err := ParseBoard(r.BoardFile, bdata)
	if err != nil {
		return nil, err
	}
	if tables == nil {
		tables = r.DefaultTables()
		tablesName = r.TablesFile
	}
	t, err := ParseTables(tablesName, tables, b)
	if err != nil {
		return nil, err
	}
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
	return &Game{Ruleset: r, Board: b, Tables: t, Options: opts, BoardYAML: bdata, TablesYAML: tables}, nil
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
