package archive

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
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
	// Ref names the request (the mail's journal id): a change already made
	// for it is not made again, so a request retried after a crash gets the
	// token its first attempt drew (ChangedBy).
	Ref string
}

// refMark is how players.log records a change's request.
func refMark(ref string) string { return " [ref " + ref + "]" }

// ChangedBy reports which seat a request (PlayerChange.Ref) changed, if it
// changed one.
func (g *Game) ChangedBy(ref string) (seat string, ok bool) {
	if ref == "" {
		return "", false
	}
	data, err := os.ReadFile(filepath.Join(g.dir, playersLog))
	if err != nil {
		return "", false
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasSuffix(line, refMark(ref)) {
			// "TIME NAME (BY): ..." — the seat name runs to " ("
			rest := line[strings.IndexByte(line, ' ')+1:]
			if i := strings.Index(rest, " ("); i > 0 {
				return rest[:i], true
			}
		}
	}
	return "", false
}

// ChangePlayer changes a seat and returns the new token when it was
// rotated. game.yaml and tokens.yaml (the token and the address) are
// rewritten atomically and players.log gets a line, without the address;
// nothing a turn depends on changes, so verify is unaffected. rand draws
// the new token (crypto/rand.Reader in production).
func (g *Game) ChangePlayer(name string, c PlayerChange, rand io.Reader) (string, error) {
	if strings.TrimSpace(c.Why) == "" {
		return "", errors.New("a player change needs a reason, for players.log")
	}
	c.Email = strings.TrimSpace(c.Email)
	if c.Email != "" {
		if err := checkEmail(c.Email); err != nil {
			return "", err
		}
	}
	if seat, done := g.ChangedBy(c.Ref); done {
		return g.currentToken(seat, c.RotateToken)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return "", err
	}
	defer unlock()
	seat, err := g.changedSeat(name, c.Email)
	if err != nil {
		return "", err
	}
	gf := *g.gf
	gf.Players = append([]playerFile(nil), g.gf.Players...)
	p := &gf.Players[seat]
	var what []string
	if c.Email != "" && !strings.EqualFold(c.Email, p.Email) {
		what = append(what, "a new address") // the address itself is private (tokens.yaml)
		p.Email = c.Email
	}
	token := ""
	if c.RotateToken {
		if token, err = newToken(rand); err != nil {
			return "", err
		}
		p.TokenSHA256 = hashToken(token)
		what = append(what, "new token")
	}
	if len(what) == 0 {
		return "", errors.New("nothing to change")
	}
	tokData, err := g.editTokens(func(toks []tokenEntry) []tokenEntry {
		for i := range toks {
			if toks[i].Name == p.Name && token != "" {
				toks[i].Token = token
			}
		}
		return withAddresses(toks, &gf)
	})
	if err != nil {
		return "", err
	}
	// game.yaml first: a crash before tokens.yaml is written loses only the
	// new token, which nobody has seen yet, and the new address; the
	// request, not logged yet, is made again.
	if err := g.writeGame(&gf); err != nil {
		return "", err
	}
	if err := g.w.writePrivate(filepath.Join(g.secrets, "tokens.yaml"), tokData); err != nil {
		return "", err
	}
	if err := g.logPlayer(p.Name, c, strings.Join(what, ", ")); err != nil {
		return "", err
	}
	g.gf = &gf
	return token, nil
}

// withAddresses sets each seat's address in tokens.yaml's entries from gf.
func withAddresses(toks []tokenEntry, gf *gameFile) []tokenEntry {
	for i := range toks {
		for _, p := range gf.Players {
			if p.Name == toks[i].Name && p.Email != "" {
				toks[i].Email = p.Email
			}
		}
	}
	return toks
}

// changedSeat is the seat of the player called name, who may take the
// address email ("" for no change): no other player has it.
func (g *Game) changedSeat(name, email string) (int, error) {
	seat := -1
	for i, p := range g.gf.Players {
		if strings.EqualFold(p.Name, name) {
			seat = i
		}
	}
	if seat < 0 {
		return 0, fmt.Errorf("game %s has no player %q", g.gf.Game, name)
	}
	for i, p := range g.gf.Players {
		if i != seat && email != "" && strings.EqualFold(p.Email, email) {
			return 0, fmt.Errorf("%s is %s's address already: pbem knows a player by their address", email, p.Name)
		}
	}
	return seat, nil
}

// tokensHeader heads tokens.yaml.
const tokensHeader = "# pbem tokens and addresses: keep out of the public archive\n"

// readTokens reads tokens.yaml from the private directory.
func (g *Game) readTokens() ([]tokenEntry, error) {
	path := filepath.Join(g.secrets, "tokens.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var toks []tokenEntry
	if err := yaml.Unmarshal(data, &toks); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return toks, nil
}

// editTokens returns tokens.yaml as edit changes it, not yet written.
func (g *Game) editTokens(edit func([]tokenEntry) []tokenEntry) ([]byte, error) {
	toks, err := g.readTokens()
	if err != nil {
		return nil, err
	}
	out, err := yaml.Marshal(edit(toks))
	if err != nil {
		return nil, err
	}
	return append([]byte(tokensHeader), out...), nil
}

// newToken draws a player's token from rand: 16 hex digits in groups of
// four, "7f3a-91c2-…".
func newToken(rand io.Reader) (string, error) {
	b := make([]byte, 8)
	if _, err := io.ReadFull(rand, b); err != nil {
		return "", fmt.Errorf("drawing a token: %w", err)
	}
	x := hex.EncodeToString(b)
	return x[0:4] + "-" + x[4:8] + "-" + x[8:12] + "-" + x[12:16], nil
}

// currentToken is a seat's token as tokens.yaml holds it, for a request
// retried after its change was made (rotated says the change drew one).
func (g *Game) currentToken(seat string, rotated bool) (string, error) {
	if !rotated {
		return "", nil
	}
	return g.Token(seat)
}

// Token is the token of the seat called name, from the private directory
// (tokens.yaml): for the mail daemon, which checks and resends it.
func (g *Game) Token(name string) (string, error) {
	toks, err := g.readTokens()
	if err != nil {
		return "", err
	}
	for _, t := range toks {
		if t.Name == name {
			return t.Token, nil
		}
	}
	return "", fmt.Errorf("no token for %s", name)
}

// logPlayer appends a line to players.log: "TIME NAME (BY): WHAT; why:
// WHY", and the request's reference (ChangedBy).
func (g *Game) logPlayer(name string, c PlayerChange, what string) error {
	line := fmt.Sprintf("%s %s (%s): %s; why: %s", g.now().UTC().Format(time.RFC3339), name, orDefault(c.By, "gm"), what, strings.ReplaceAll(c.Why, "\n", " "))
	if c.Ref != "" {
		line += refMark(c.Ref)
	}
	return g.appendLog(playersLog, line)
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// PlayersError is what is wrong with a players file, every problem with
// its line, in line order.
type PlayersError struct {
	File     string
	Problems []Problem // Path is File; Line 0 concerns the whole file
}

func (e *PlayersError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p.Line > 0 {
			fmt.Fprintf(&b, "%s:%d: %s", e.File, p.Line, p.Msg)
		} else {
			fmt.Fprintf(&b, "%s: %s", e.File, p.Msg)
		}
	}
	return b.String()
}

// playersShape is what a players file looks like, for its errors.
const playersShape = `want a list with one entry per player, in seat order: "- name: Alice" and, below it, "  email: alice@example.org"`

// ParsePlayers reads a players file (pbem new --players): a YAML list of
// the players in seat order, each with a name: and an email:, and
// optionally the mail preferences map:, format: and reports: (MailPrefs),
// and nothing else. It refuses, naming file and line in a GM's words, a file of
// another shape, an unknown or repeated field (a "mail:" typo would leave a
// seat without an address), a missing or malformed name or address, a
// preference with a value it does not take, and a name or address given to
// two players. The number of players is checked against the ruleset by
// Create.
func ParsePlayers(file string, data []byte) ([]Player, error) {
	e := &PlayersError{File: file}
	add := func(line int, f string, args ...any) {
		e.Problems = append(e.Problems, Problem{Path: file, Line: line, Msg: fmt.Sprintf(f, args...)})
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	err := dec.Decode(&doc)
	switch {
	case errors.Is(err, io.EOF) || (err == nil && (len(doc.Content) == 0 || doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Tag == "!!null")):
		add(0, "the file is empty: %s", playersShape)
		return nil, e
	case err != nil:
		line, msg := yamlErrorLine(err)
		add(line, `not YAML: %s (mind the indentation: each player starts with "- " at the start of a line, with spaces, not tabs, and email: lines up under name:)`, msg)
		return nil, e
	}
	var more yaml.Node
	if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
		line := more.Line
		if err != nil {
			line, _ = yamlErrorLine(err)
		}
		add(line, `a second YAML document (after "---"): put every player in the one list`)
	}
	root := doc.Content[0]
	if root.Kind == yaml.MappingNode && len(root.Content) > 0 && root.Content[0].Value == "players" {
		add(root.Line, `start the file with the list itself ("- name: Alice"), without "players:"`)
		return nil, e
	}
	if root.Kind != yaml.SequenceNode {
		add(root.Line, "%s; this is %s", playersShape, nodeWords(root))
		return nil, e
	}
	var ps []Player
	names, emails := map[string]int{}, map[string]int{}
	for i, item := range root.Content {
		p, ok := parsePlayer(item, i+1, add)
		if !ok {
			continue
		}
		if k := strings.ToLower(p.Name); names[k] != 0 {
			add(item.Line, "player %d is called %s, like the player at line %d: each player needs a name of their own", i+1, p.Name, names[k])
		} else {
			names[k] = item.Line
		}
		if k := strings.ToLower(p.Email); emails[k] != 0 {
			add(item.Line, "player %d's address %s is also the address of the player at line %d: pbem knows a player by their address, so each needs their own", i+1, p.Email, emails[k])
		} else {
			emails[k] = item.Line
		}
		ps = append(ps, p)
	}
	if len(e.Problems) > 0 {
		sort.SliceStable(e.Problems, func(i, j int) bool { return e.Problems[i].Line < e.Problems[j].Line })
		return nil, e
	}
	return ps, nil
}

// parsePlayer reads entry n of the players list.
func parsePlayer(item *yaml.Node, n int, add func(line int, f string, args ...any)) (Player, bool) {
	if item.Kind != yaml.MappingNode {
		add(item.Line, `player %d: want "name:" and "email:" lines below the dash, not %s`, n, nodeWords(item))
		return Player{}, false
	}
	var p Player
	ok := true
	seen := map[string]int{}
	for k := 0; k+1 < len(item.Content); k += 2 {
		key, val := item.Content[k], item.Content[k+1]
		field := key.Value
		if field != "name" && field != "email" && !IsPrefKey(field) {
			add(key.Line, "player %d: unknown field %q%s: a player has name: and email:, and may have %s: (mail preferences)", n, field, didYouMean(field), strings.Join(PrefKeys(), ":, "))
			ok = false
			continue
		}
		if seen[field] != 0 {
			add(key.Line, "player %d: %s: is given twice (first at line %d)", n, field, seen[field])
			ok = false
			continue
		}
		seen[field] = key.Line
		if val.Kind != yaml.ScalarNode || val.Tag == "!!null" || strings.TrimSpace(val.Value) == "" {
			add(key.Line, "player %d: %s: wants %s on the same line, not %s", n, field, fieldWants(field), nodeWords(val))
			ok = false
			continue
		}
		v := strings.TrimSpace(val.Value)
		switch field {
		case "map", "format", "reports", "timezone":
			if err := p.Prefs.Set(field, v); err != nil {
				add(val.Line, "player %d: %v", n, err)
				ok = false
			}
		case "name":
			if strings.ContainsAny(v, "\n\r") {
				add(val.Line, "player %d: a name is one line", n)
				ok = false
			}
			p.Name = v
		case "email":
			if err := checkEmail(v); err != nil {
				add(val.Line, "player %d: %v", n, err)
				ok = false
			}
			p.Email = v
		}
	}
	for _, field := range []string{"name", "email"} {
		if seen[field] == 0 && ok {
			add(item.Line, "player %d has no %s: line", n, field)
			ok = false
		}
	}
	return p, ok
}

// fieldWants says what a players file's field wants, for its errors.
func fieldWants(field string) string {
	switch field {
	case "name":
		return "the player's name"
	case "email":
		return "an address like alice@example.org"
	}
	for _, k := range prefKeys {
		if k.key == field && k.choices == nil {
			return "a time zone such as Europe/Berlin"
		}
		if k.key == field {
			return "one of " + strings.Join(k.choices, ", ")
		}
	}
	return "a value"
}

// checkEmail says what is wrong with a player's address, or nil: it must
// be a bare address (alice@example.org), as mail from the player shows it.
func checkEmail(s string) error {
	a, err := mail.ParseAddress(s)
	if err != nil || !strings.Contains(a.Address, "@") {
		return fmt.Errorf("%q is not an email address like alice@example.org", s)
	}
	if a.Address != s {
		return fmt.Errorf("%q: write the address alone, %s", s, a.Address)
	}
	return nil
}

// didYouMean suggests name or email for a misspelt field.
func didYouMean(field string) string {
	f := strings.ToLower(strings.TrimSpace(field))
	for _, c := range []struct{ want, like string }{
		{"email", "mail e-mail email_address emailaddress address addr adress e_mail emial emai eamil"},
		{"name", "nmae nane nam player names"},
	} {
		if f == c.want || slices.Contains(strings.Fields(c.like), f) {
			return " (did you mean " + c.want + "?)"
		}
	}
	return ""
}

// nodeWords names what a YAML node is, for a GM.
func nodeWords(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a set of fields (a mapping)"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.AliasNode:
		return "an alias (*), which players files do not use"
	case n.Tag == "!!null":
		return "nothing"
	}
	return fmt.Sprintf("the text %q", n.Value)
}

var yamlLinePattern = regexp.MustCompile(`^yaml: (?:unmarshal errors:\n\s*)?line (\d+): (.*)$`)

// yamlErrorLine takes the line out of a yaml.v3 error.
func yamlErrorLine(err error) (int, string) {
	if m := yamlLinePattern.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return line, m[2]
	}
	return 0, strings.TrimPrefix(err.Error(), "yaml: ")
}
