package orders

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// Grammar is an order language as a table of keywords and a turn-id
// reader: the Britannia family's base grammar (Base), or one a ruleset
// extends with keywords whose statements it defines in its own package
// (docs/rulesets.md, "Order keywords"). A Grammar is a value that never
// changes once made, safe to share; Extend and WithTurn return new ones.
type Grammar struct {
	keywords []*Keyword
	turn     TurnFunc
	standing []string // WithStanding's names; nil: the Standing keywords'
}

// Keyword is one keyword of a Grammar: its name, how a line that starts
// with it is read into statements, and what the decoder checks around them.
// How a statement is written back is its own Encode method (Statement), so
// that Decode(Encode(f)) == f holds for a ruleset's statements too.
type Keyword struct {
	// Name is the keyword in lower-case letters ("move"). A player may
	// write any unique prefix of it, in any case.
	Name string
	// Decode reads a line that starts with the keyword: rest is the text
	// after the keyword (and after a colon written right after it, see
	// Colons), trimmed. It returns the statements the line gives (more
	// than one for "place York, Kent"), or none when it has an error,
	// which it records with r.Errorf.
	Decode func(r *Reader, rest string) []Statement
	// Block says that the keyword opens a block ("phase 2:", "if Kent
	// taken:"): its Decode reads the statements of the block with
	// r.Block. The decoder bounds how deep blocks nest.
	Block bool
	// Colons is how many colons the statement's own syntax has ("attack
	// Kent: hold" has one). A colon written right after the keyword ("move:
	// 2 York > Bernicia") is dropped when the rest of the line still has
	// that many. A block's keyword keeps it.
	Colons int
	// Standing says that standing orders may hold the statement (a
	// Decision taken during another nation's turn: defend, target).
	Standing bool
	// Once, when not nil, gives the key under which a statement may appear
	// only once in a block ("battles", "defend York"); "" lets it repeat.
	// A second one with the same key is an error and is dropped.
	Once func(g *games.Game, s Statement) string
	// Listed names the keyword in the message for a line that starts
	// with no keyword ("orders start with place, remove, ...").
	Listed bool
}

// TurnFunc reads the value of a "turn:" or "round:" line into the id of
// the step the file is for ("r05-saxons"), or gives an error that says
// why not, which Decode reports at that line. nation is the canonical
// name of the file's nation, "" when its "nation:" line has an error:
// then the id cannot be known, and the function returns "" after checking
// what it can.
type TurnFunc func(g *games.Game, value, nation string) (string, error)

// NewGrammar makes a grammar of keywords, in the order messages list them,
// with a turn-id reader. A keyword that is not lower-case letters, has no
// Decode or is given twice panics: the table is a programming error.
func NewGrammar(turn TurnFunc, kws ...Keyword) *Grammar {
	if turn == nil {
		panic("orders: a grammar needs a TurnFunc")
	}
	g := &Grammar{turn: turn}
	return g.add(kws)
}

// Extend returns a grammar with the keywords of g and kws after them. A
// keyword g already has panics, as in NewGrammar.
func (g *Grammar) Extend(kws ...Keyword) *Grammar {
	c := &Grammar{keywords: g.keywords[:len(g.keywords):len(g.keywords)], turn: g.turn, standing: g.standing}
	return c.add(kws)
}

// WithTurn returns g with another turn-id reader, for a ruleset whose step
// ids are not reduX's "rNN-nation" (Hy Breasil's "t03-moon").
func (g *Grammar) WithTurn(turn TurnFunc) *Grammar {
	if turn == nil {
		panic("orders: a grammar needs a TurnFunc")
	}
	return &Grammar{keywords: g.keywords, turn: turn, standing: g.standing}
}

// WithStanding returns g naming these as the lines standing orders hold,
// for a ruleset whose standing orders take fewer of the Standing keywords
// than the grammar reads (Hy Breasil has no target lines); the decoder
// still takes every Standing keyword, and the ruleset refuses the rest.
func (g *Grammar) WithStanding(names ...string) *Grammar {
	return &Grammar{keywords: g.keywords, turn: g.turn, standing: names}
}

// StandingLines names the lines standing orders may hold, for messages:
// "defend, reroll and submit", the names given to WithStanding or else
// the Standing keywords'.
func (g *Grammar) StandingLines() string {
	names := g.standing
	if names == nil {
		for _, k := range g.keywords {
			if k.Standing {
				names = append(names, k.Name)
			}
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func (g *Grammar) add(kws []Keyword) *Grammar {
	for i := range kws {
		k := kws[i]
		if k.Name == "" || strings.TrimFunc(k.Name, func(r rune) bool { return r >= 'a' && r <= 'z' }) != "" {
			panic(fmt.Sprintf("orders: keyword %q is not lower-case letters", k.Name))
		}
		if k.Decode == nil {
			panic(fmt.Sprintf("orders: keyword %q has no Decode", k.Name))
		}
		if g.find(k.Name) != nil {
			panic(fmt.Sprintf("orders: keyword %q given twice", k.Name))
		}
		g.keywords = append(g.keywords, &k)
	}
	return g
}

// Keywords lists the keywords' names in table order.
func (g *Grammar) Keywords() []string {
	out := make([]string, len(g.keywords))
	for i, k := range g.keywords {
		out[i] = k.Name
	}
	return out
}

func (g *Grammar) find(name string) *Keyword {
	for _, k := range g.keywords {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// listed is the keywords a message names for a line with none.
func (g *Grammar) listed() string {
	var names []string
	for _, k := range g.keywords {
		if k.Listed {
			names = append(names, k.Name)
		}
	}
	return strings.Join(names, ", ")
}

// lookup resolves a word to a keyword: exactly, else by unique prefix, any
// case. The message says why not: the keywords it could be, the near
// misses ("did you mean move?"), or the listed keywords.
func (g *Grammar) lookup(w string) (*Keyword, string) {
	lw := strings.ToLower(w)
	if lw == "" {
		return nil, ""
	}
	var hits []*Keyword
	for _, k := range g.keywords {
		if k.Name == lw {
			return k, ""
		}
		if strings.HasPrefix(k.Name, lw) {
			hits = append(hits, k)
		}
	}
	if len(hits) == 1 {
		return hits[0], ""
	}
	if len(hits) > 1 {
		names := make([]string, len(hits))
		for i, k := range hits {
			names[i] = k.Name
		}
		return nil, fmt.Sprintf("%q could be %s", short(w), orList(names))
	}
	var sug []string
	for _, k := range g.keywords {
		if len(lw) > 20 {
			break
		}
		if nearWord(lw, k.Name) || commonPrefix(lw, k.Name) >= 4 {
			sug = append(sug, k.Name)
		}
	}
	if len(sug) > 0 {
		return nil, fmt.Sprintf("%q is not a keyword (did you mean %s?)", short(w), orList(sug))
	}
	return nil, fmt.Sprintf("%q is not a keyword (orders start with %s)", short(w), g.listed())
}

// dropColon removes a colon written right after keyword k from rest, when
// the statement keeps the colons its syntax needs (Keyword.Colons).
func (k *Keyword) dropColon(rest string) string {
	if k.Block || !strings.HasPrefix(rest, ":") || strings.Count(rest, ":") < k.Colons+1 {
		return rest
	}
	return strings.TrimSpace(rest[1:])
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
