package daemon

import (
	"regexp"
	"strings"
)

var (
	// tokenShaped is a token as pbem draws them (archive.Create,
	// newToken): four groups of four hex digits.
	tokenShaped = regexp.MustCompile(`(?i)[0-9a-f]{4}(?:-[0-9a-f]{4}){3}`)
	// tokenValue is what follows "token:", whatever its shape.
	tokenValue = regexp.MustCompile(`(?i)(token\s*:\s*)\S+`)
)

// redact hides what may be a token in text a mail brought (its subject),
// before the text is logged: the GM's token, the word after "token:", and
// anything shaped like a token, right or wrong — a wrong one is often a
// right one mistyped. Tokens are printed by pbem new and mailed to their
// owner, never logged.
func (d *Daemon) redact(s string) string {
	if d.gmToken != "" {
		s = strings.ReplaceAll(s, d.gmToken, "[token]")
	}
	s = tokenValue.ReplaceAllString(s, "${1}[token]")
	return tokenShaped.ReplaceAllString(s, "[token]")
}
