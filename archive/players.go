package archive

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// playersLog records every change of a seat's address or token.
const playersLog = "players.log"

// PlayerChange is a change to one seat (docs/design.md §5): a new address (the
// player moves, with the old address's consent or the GM's) and/or a new
// token (the old one leaked). Why is required and goes into players.log.
type PlayerChange struct {
	Email       string // new address; empty keeps the old one
	RotateToken bool
	Why         string
	By          string // who asked: "player", "gm"
}

// ChangePlayer changes a seat and returns the new token when it was
// rotated. game.yaml is rewritten atomically and players.log gets a line;
// nothing a turn depends on changes, so verify is unaffected. rand draws
// the new token (crypto/rand.Reader in production).
func (g *Game) ChangePlayer(name string, c PlayerChange, rand io.Reader) (string, error) {
	if strings.TrimSpace(c.Why) == "" {
		return "", errors.New("a player change needs a reason, for players.log")
	}
	if c.Email != "" {
		if _, err := mail.ParseAddress(c.Email); err != nil {
			return "", fmt.Errorf("%q is not an email address: %v", c.Email, err)
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return "", err
	}
	defer unlock()
	seat := -1
	for i, p := range g.gf.Players {
		if strings.EqualFold(p.Name, name) {
			seat = i
		}
	}
	if seat < 0 {
		return "", fmt.Errorf("game %s has no player %q", g.gf.Game, name)
	}
	gf := *g.gf
	gf.Players = append([]playerFile(nil), g.gf.Players...)
	p := &gf.Players[seat]
	var what []string
	if c.Email != "" && !strings.EqualFold(c.Email, p.Email) {
		what = append(what, fmt.Sprintf("address %s -> %s", p.Email, c.Email))
		p.Email = c.Email
	}
	token := ""
	var tokData []byte
	if c.RotateToken {
		b := make([]byte, 8)
		if _, err := io.ReadFull(rand, b); err != nil {
			return "", fmt.Errorf("drawing a token: %w", err)
		}
		x := hex.EncodeToString(b)
		token = x[0:4] + "-" + x[4:8] + "-" + x[8:12] + "-" + x[12:16]
		p.TokenSHA256 = hashToken(token)
		what = append(what, "new token")
		path := filepath.Join(g.secrets, "tokens.yaml")
		data, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		var toks []tokenEntry
		if err := yaml.Unmarshal(data, &toks); err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		}
		for i := range toks {
			if toks[i].Name == p.Name {
				toks[i].Token = token
			}
		}
		out, err := yaml.Marshal(toks)
		if err != nil {
			return "", err
		}
		tokData = append([]byte("# pbem tokens: keep out of the public archive\n"), out...)
	}
	if len(what) == 0 {
		return "", errors.New("nothing to change")
	}
	// game.yaml first: a crash before tokens.yaml is written loses only the
	// new token, which nobody has seen yet; the GM rotates it again.
	if err := g.w.writeFile(filepath.Join(g.dir, "game.yaml"), gf.marshal()); err != nil {
		return "", err
	}
	if tokData != nil {
		if err := g.w.writeFile(filepath.Join(g.secrets, "tokens.yaml"), tokData); err != nil {
			return "", err
		}
	}
	line := fmt.Sprintf("%s %s (%s): %s; why: %s", g.now().UTC().Format(time.RFC3339), p.Name, orDefault(c.By, "gm"), strings.Join(what, ", "), strings.ReplaceAll(c.Why, "\n", " "))
	if err := g.appendLog(playersLog, line); err != nil {
		return "", err
	}
	g.gf = &gf
	return token, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
