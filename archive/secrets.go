package archive

import (
	"encoding/hex"
	"errors"
	"io/fs"
	"regexp"
	"strings"
)

// Secrets are the secrets of a game that must never be relayed, logged or
// published (issue 23): every player's token and the seeds of the dice
// chain not revealed yet (the chain secret s_N among them), and whatever
// Add adds (the GM's token).
type Secrets struct {
	tokens map[string]bool  // a token's 16 hex digits, lower case
	seeds  map[string]bool  // an unrevealed seed in lower-case hex
	other  []*regexp.Regexp // any other secret, in any case
}

// tokenLike is a token as pbem draws them, the groups of four hex digits
// joined by a dash, a space or nothing, as a player may retype one.
var tokenLike = regexp.MustCompile(`(?i)\b[0-9a-f]{4}(?:[-\x{2010}-\x{2015}\s]?[0-9a-f]{4}){3}\b`)

// seedLike is a seed in hex.
var seedLike = regexp.MustCompile(`(?i)\b[0-9a-f]{64}\b`)

// Secrets reads the game's secrets from its private directory: the
// players' tokens and the seeds of its dice chain that no step has used.
// A game without its private directory has none to read.
func (g *Game) Secrets() (*Secrets, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.secretsLocked()
}

// secretsLocked is Secrets with g.mu held.
func (g *Game) secretsLocked() (*Secrets, error) {
	s := &Secrets{tokens: map[string]bool{}, seeds: map[string]bool{}}
	toks, err := g.readTokens()
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	for _, t := range toks {
		s.Add(t.Token)
	}
	chain, err := g.loadChain()
	if err != nil {
		return nil, err
	}
	used := 0
	for _, st := range g.h.steps {
		used = max(used, st.Seed)
	}
	for i := used + 1; i <= chain.Len(); i++ {
		seed, err := chain.Seed(i)
		if err != nil {
			return nil, err
		}
		s.seeds[hex.EncodeToString(seed)] = true
	}
	return s, nil
}

// Add adds a secret, such as the GM's token.
func (s *Secrets) Add(secret string) {
	secret = strings.TrimSpace(secret)
	switch {
	case secret == "":
	case tokenLike.MatchString(secret) && len(tokenDigits(secret)) == 16:
		s.tokens[tokenDigits(secret)] = true
	default:
		s.other = append(s.other, regexp.MustCompile("(?i)"+regexp.QuoteMeta(secret)))
	}
}

// tokenDigits is a token's hex digits in lower case.
func tokenDigits(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= '0' && r <= '9') || (r >= 'a' && r <= 'f') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Scrub replaces every secret in text with "[token removed]" (a seed with
// "[secret removed]") and says how many it replaced. A token is found
// however its groups are joined and in any case.
func (s *Secrets) Scrub(text string) (string, int) {
	n := 0
	text = tokenLike.ReplaceAllStringFunc(text, func(m string) string {
		if s.tokens[tokenDigits(m)] {
			n++
			return "[token removed]"
		}
		return m
	})
	text = seedLike.ReplaceAllStringFunc(text, func(m string) string {
		if s.seeds[strings.ToLower(m)] {
			n++
			return "[secret removed]"
		}
		return m
	})
	for _, o := range s.other {
		text = o.ReplaceAllStringFunc(text, func(string) string {
			n++
			return "[token removed]"
		})
	}
	return text, n
}

// Holds reports whether text holds a secret.
func (s *Secrets) Holds(text string) bool {
	_, n := s.Scrub(text)
	return n > 0
}
