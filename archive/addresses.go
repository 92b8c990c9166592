package archive

import (
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
)

// Players' addresses are private (issue 23): game.yaml, the public record
// that `pbem verify` reads, holds none; each player's address is kept with
// their token in the private directory (tokens.yaml). game.yaml files
// written before hold the addresses: they are read, and moved to
// tokens.yaml by the first write of the game (or MoveAddresses).

// loadAddresses reads the players' addresses from tokens.yaml into gf, over
// any an old game.yaml holds. A private directory that is missing or not
// readable (a published archive) leaves the addresses game.yaml has, if
// any: nothing that reads the record alone needs them.
func (g *Game) loadAddresses(gf *gameFile) error {
	toks, err := g.readTokens()
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, t := range toks {
		for i := range gf.Players {
			if gf.Players[i].Name == t.Name && t.Email != "" {
				gf.Players[i].Email = t.Email
			}
		}
	}
	return nil
}

// legacyAddresses reports whether game.yaml on disk holds addresses: it was
// written before they moved to the private directory.
func (g *Game) legacyAddresses() bool { return g.gfAddrs }

// HasAddresses reports whether the game's game.yaml holds the players'
// addresses, as games created before issue 23 do: MoveAddresses takes
// them out.
func (g *Game) HasAddresses() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.legacyAddresses()
}

// MoveAddresses moves the players' addresses out of an old game.yaml into
// the private directory (tokens.yaml, first) and rewrites game.yaml
// without them; it does nothing for a game whose game.yaml holds none.
func (g *Game) MoveAddresses() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.legacyAddresses() {
		return nil
	}
	unlock, err := g.writing()
	if err != nil {
		return err
	}
	defer unlock()
	return g.writeGame(g.gf)
}

// keepAddresses writes the addresses game.yaml holds into tokens.yaml,
// where it lacks them, before game.yaml is written without them.
func (g *Game) keepAddresses() error {
	if !g.legacyAddresses() {
		return nil
	}
	changed := false
	data, err := g.editTokens(func(toks []tokenEntry) []tokenEntry {
		for i := range toks {
			for _, p := range g.gf.Players {
				if p.Name == toks[i].Name && toks[i].Email == "" && p.Email != "" {
					toks[i].Email, changed = p.Email, true
				}
			}
		}
		return toks
	})
	if err != nil || !changed {
		return err
	}
	return g.w.writePrivate(filepath.Join(g.secrets, "tokens.yaml"), data)
}

// writeGame writes game.yaml for gf, without addresses: those of an old
// game.yaml are kept in tokens.yaml first.
func (g *Game) writeGame(gf *gameFile) error {
	if err := g.keepAddresses(); err != nil {
		return err
	}
	if err := g.w.writeFile(filepath.Join(g.dir, "game.yaml"), gf.marshal()); err != nil {
		return err
	}
	g.gfAddrs = false
	return nil
}

// hasAddresses reports whether a parsed game.yaml holds addresses.
func (gf *gameFile) hasAddresses() bool {
	for _, p := range gf.Players {
		if p.Email != "" {
			return true
		}
	}
	return false
}

// addressPattern is what an address looks like in a log line.
var addressPattern = regexp.MustCompile(`[^\s<>()"',;:]+@[^\s<>()"',;:]+`)

// maskAddresses hides the addresses in text, such as an old players.log
// line "address alice@example.org -> alice@example.net".
func maskAddresses(text []byte) []byte {
	return addressPattern.ReplaceAll(text, []byte("[address]"))
}
