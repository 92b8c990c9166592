// Package rulesets is the ordered list of the rulesets pbem plays, each a
// plug-in on the rules kernel (docs/rulesets.md), after godip's variants
// list. A ruleset defined elsewhere (a test's) joins with Register.
package rulesets

import (
	"fmt"
	"strings"
	"sync"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/britannia"
	"github.com/pbem-org/pbem/adjudicator/hybreasil"
	"github.com/pbem-org/pbem/adjudicator/redux"
	"github.com/pbem-org/pbem/adjudicator/reduxlr"
	"github.com/pbem-org/pbem/games"
)

var (
	mu  sync.RWMutex
	all = []*adjudicator.Ruleset{&redux.Ruleset, &reduxlr.Ruleset, &britannia.Ruleset, &hybreasil.Ruleset}
)

// All lists the rulesets in a fixed order.
func All() []*adjudicator.Ruleset {
	mu.RLock()
	defer mu.RUnlock()
	return append([]*adjudicator.Ruleset(nil), all...)
}

// Register adds a ruleset at the end of the list; a name already taken
// panics (a programming error).
func Register(r *adjudicator.Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	for _, x := range all {
		if x.Name == r.Name {
			panic("rulesets: " + r.Name + " registered twice")
		}
	}
	all = append(all, r)
}

// Lookup finds a ruleset by name.
func Lookup(name string) (*adjudicator.Ruleset, error) {
	var names []string
	for _, r := range All() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return nil, fmt.Errorf("unknown ruleset %q (known: %s)", name, strings.Join(names, ", "))
}

// Engine returns the engine of a loaded game under its ruleset.
func Engine(g *games.Game) (*adjudicator.Engine, error) {
	r, err := Lookup(g.Ruleset.Name)
	if err != nil {
		return nil, err
	}
	return adjudicator.Load(g, r)
}

// New is Engine for a game whose ruleset is known to exist (games.Lookup
// found it); it panics otherwise.
func New(g *games.Game) *adjudicator.Engine {
	e, err := Engine(g)
	if err != nil {
		panic(err)
	}
	return e
}
