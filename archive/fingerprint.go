package archive

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// fingerprintSteps is the length of the game behind an engine fingerprint:
// the first two rounds of reduX, with battles, missed turns and scoring.
const fingerprintSteps = 14

// fingerprint is the engine fingerprint of this pbem for a game's rules:
// the SHA-256 of every file of the first steps of a fixed bot game (fixed
// chain, fixed bot seeds), in hex. Two builds of pbem whose engine, bot,
// dice or order encoding play a game differently almost surely give
// different fingerprints, whatever their EngineVersion says. Verify
// compares it with game.yaml when a replay differs, to tell a changed
// engine from a changed archive.
func (r *rules) fingerprint() (string, error) {
	fr := &rules{id: "fingerprint", g: r.g, e: r.e}
	chain, err := dice.NewChain(fingerprintSteps, simReader(0))
	if err != nil {
		return "", err
	}
	texts := fr.simStanding(0)
	h := sha256.New()
	s := fr.e.NewState()
	for i := 1; i <= fingerprintSteps && !s.Over; i++ {
		seed, _ := chain.Seed(i)
		st, err := fr.due(s)
		if err != nil {
			return "", fmt.Errorf("engine fingerprint: step %d: %w", i, err)
		}
		in := &stepInput{step: st, seed: seed}
		if st.Kind == adjudicator.NationTurn {
			in.orders = fr.botOrders(s, seed)
			in.standing = fr.formatStanding(st.ID, texts)
		}
		pl, err := fr.play(s, in)
		if err != nil {
			return "", fmt.Errorf("engine fingerprint: step %d %s: %w", i, st.ID, err)
		}
		var names []string
		for name := range pl.files {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			h.Write(appendField(appendField(nil, []byte(name)), pl.files[name]))
		}
		s = pl.state
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Fingerprint is the engine fingerprint this pbem writes into game.yaml
// (engine_fingerprint, doc.go "Versions") for a new game of the named
// ruleset with options and players players, on the ruleset's own board and
// tables. pbem version prints it, so that two builds can be told apart by
// how they play before either touches a game.
func Fingerprint(ruleset string, options []string, players int) (string, error) {
	rs, err := games.Lookup(ruleset)
	if err != nil {
		return "", err
	}
	g, err := rs.LoadFiles(options, nil, nil)
	if err != nil {
		return "", err
	}
	if g.Tables.Split(players) == nil {
		return "", fmt.Errorf("%s: no player split in ruleset %s", games.Count(players, "player", "players"), rs.Name)
	}
	e := rulesets.New(g)
	e.Players = players // L&R 10.4, 11.6.2 depend on it
	return (&rules{id: "fingerprint", g: g, e: e}).fingerprint()
}
