package daemon

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// newToken draws a token in the players' format (archive.Create): 64 bits
// as four groups of four hex digits.
func newToken(rand io.Reader) (string, error) {
	b := make([]byte, 8)
	if _, err := io.ReadFull(rand, b); err != nil {
		return "", err
	}
	x := hex.EncodeToString(b)
	return x[0:4] + "-" + x[4:8] + "-" + x[8:12] + "-" + x[12:16], nil
}

// loadGMToken reads the GM's token from path, creating the file (0600)
// with a new token drawn from rand when it does not exist. A file that
// others can read, or that holds no usable token, is refused.
func loadGMToken(path string, rand io.Reader) (string, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		tok, err := newToken(rand)
		if err != nil {
			return "", fmt.Errorf("gm_token_file: drawing a token: %w", err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return "", fmt.Errorf("gm_token_file: %w", err)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return "", fmt.Errorf("gm_token_file: %w", err)
		}
		_, werr := f.WriteString(tok + "\n")
		if werr == nil {
			werr = f.Sync()
		}
		if err := errors.Join(werr, f.Close()); err != nil {
			return "", fmt.Errorf("gm_token_file: %w", err)
		}
		return tok, nil
	}
	if err != nil {
		return "", fmt.Errorf("gm_token_file: %w", err)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("gm_token_file: %s holds the GM's secret token but others can read it (mode %v): chmod 600 %s", path, fi.Mode().Perm(), path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("gm_token_file: %w", err)
	}
	tok := strings.TrimSpace(string(data))
	if len(tok) < 8 || strings.ContainsAny(tok, " \t\r\n") {
		return "", fmt.Errorf("gm_token_file: %s must hold one token of at least 8 characters, without spaces", path)
	}
	return tok, nil
}

// tellGMToken mails the GM their token. The outbox id derives from the
// token, so however often pbem starts the GM gets it once.
func (d *Daemon) tellGMToken() error {
	sum := sha256.Sum256([]byte(d.gmToken))
	text := fmt.Sprintf(`You are the GM of the games pbem referees at %s.

Your GM token is:

    token: %s

GM commands by mail (pause, resume, extend, rollback, replace) and orders
you enter for a player need it, as a player's orders need theirs: send them
from %s with that line before the command or in the order file. A mail
from your address without it is refused, and repeated wrong tokens are
reported to you. Keep it secret; it is kept in the file gm_token_file names
on the server.
`, d.cfg.From, d.gmToken, d.gmAddr)
	return d.send(&mailer.Outgoing{ID: safeID("gm", "token", hex.EncodeToString(sum[:6])), To: []string{d.cfg.GM}, AutoSubmitted: true,
		Subject: "pbem: your GM token", Text: text})
}

// gmAuth is what a mail proves about the GM.
type gmAuth int

const (
	notGM      gmAuth = iota // not from the GM's address
	gmNoToken                // from the GM's address, without a token
	gmBadToken               // from the GM's address, with another token
	gmOK                     // the GM's address and the GM's token
)

// asGM checks a mail against the GM's address and token (constant time,
// as archive checks a player's).
func (d *Daemon) asGM(in *mailer.Inbound, env envelope) gmAuth {
	switch {
	case !strings.EqualFold(strings.TrimSpace(in.From), d.gmAddr):
		return notGM
	case env.token == "" || placeholderToken(env.token):
		return gmNoToken
	case !sameToken(env.token, d.gmToken):
		return gmBadToken
	}
	return gmOK
}

// sameToken compares two tokens in constant time.
func sameToken(a, b string) bool {
	ha, hb := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return b != "" && subtle.ConstantTimeCompare(ha[:], hb[:]) == 1
}

// gmOnly lets a GM command go on (true) only with the GM's address and
// token; otherwise it answers the mail itself. A wrong token is a failed
// login.
func (d *Daemon) gmOnly(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) (bool, error) {
	switch d.asGM(in, env) {
	case notGM:
		return false, d.reply(m, in, env.command, fmt.Sprintf("Only the GM may %s: %q is a GM command, taken only from the GM's address with the GM's token.", gmWhat[env.command], env.command))
	case gmNoToken:
		return false, d.reply(m, in, env.command, fmt.Sprintf("GM commands need the GM's token: put a line \"token: …\" before the command line (\"game: %s\", \"token: …\", then \"%s …\"). The token was mailed to the GM when pbem serve first started.", g.ID(), env.command))
	case gmBadToken:
		return false, d.failedLogin(m, in, g, victim{addr: d.gmAddr, who: "the GM", what: fmt.Sprintf("the GM command %q", env.command)}, "the GM token is wrong")
	}
	return true, nil
}

// gmWhat says what each GM command does, for the answer to one that is
// not the GM's.
var gmWhat = map[string]string{
	"pause":    "pause game play",
	"resume":   "resume a paused game",
	"extend":   "extend a deadline",
	"rollback": "roll a game back",
	"replace":  "give a player's seat to another address",
	"admit":    "admit a new player",
}

// victim is whom a failed login tried to act for.
type victim struct {
	addr string // told when the reply does not reach them
	who  string // "the Saxons' player", "the GM"
	what string // "orders for the Saxons", "the command \"press\""
}

// failedLogin answers a mail that failed authentication, tells the one it
// tried to act for when the answer does not reach them (notify: once,
// then a daily summary), and counts it:
// after limits.failed_logins_per_day failures a sender gets no more
// answers that day and the GM is told, once. The count is kept on disk.
func (d *Daemon) failedLogin(m *mailer.Message, in *mailer.Inbound, g *archive.Game, v victim, why string) error {
	n, err := d.countFailure(in.From, m.JournalID)
	if err != nil {
		return err
	}
	d.log.Warn("failed authentication", "game", g.ID(), "as", v.who, "from", in.From, "why", why, "count", n)
	if silent, err := d.overLimit(in, n, fmt.Sprintf("the last for game %s, acting as %s: %s", g.ID(), v.who, why)); silent {
		return err
	}
	if err := d.reply(m, in, "Not accepted — "+g.ID(), fmt.Sprintf("pbem did not accept %s in game %s: %s. Only the registered address with the secret token of %s may do that (a player who lost their token sends \"token %s\" from their registered address to have it again).\n", v.what, g.ID(), why, v.who, g.ID())); err != nil {
		return err
	}
	if strings.EqualFold(replyAddr(in), v.addr) {
		return nil // the answer reached them
	}
	return d.notify(m, in, g.ID(), v, why)
}

// overLimit reports whether a sender with n failed logins today gets no
// more answers; the GM is told when the limit is first passed.
func (d *Daemon) overLimit(in *mailer.Inbound, n int, last string) (bool, error) {
	limit := d.cfg.Limits.FailedLoginsPerDay
	if n <= limit {
		return false, nil
	}
	if n > limit+1 {
		return true, nil
	}
	return true, d.toGM("pbem: repeated failed logins from "+in.From,
		fmt.Sprintf("%d mails from %s failed authentication today (UTC), %s.\npbem no longer answers that address today (limits.failed_logins_per_day: %d).\n", n, in.From, last, limit),
		"failed."+strings.ToLower(in.From)+"."+d.now().UTC().Format("2006-01-02"))
}

// failures is the failed-login count of the current day (UTC), kept in
// Data/pace/failed-logins.json so that a restart does not reset it: for
// each sender, the journal ids of its failed mails (a retried mail counts
// once), at most limit+1 of them.
type failures struct {
	Day     string              `json:"day"`
	Senders map[string][]string `json:"senders"`
}

func (d *Daemon) failuresPath() string { return filepath.Join(d.paceDir(), "failed-logins.json") }

// countFailure records a failed login by sender for the mail with journal
// id jid and returns the sender's count today.
func (d *Daemon) countFailure(sender, jid string) (int, error) {
	d.failMu.Lock()
	defer d.failMu.Unlock()
	day := d.now().UTC().Format("2006-01-02")
	f := failures{}
	if data, err := os.ReadFile(d.failuresPath()); err == nil {
		_ = json.Unmarshal(data, &f) // a damaged file restarts the count
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	if f.Day != day || f.Senders == nil {
		f = failures{Day: day, Senders: map[string][]string{}}
	}
	key := strings.ToLower(strings.TrimSpace(sender))
	ids := f.Senders[key]
	for _, id := range ids {
		if id == jid && jid != "" {
			return len(ids), nil
		}
	}
	if len(ids) > d.cfg.Limits.FailedLoginsPerDay {
		return len(ids) + 1, nil // silenced already: nothing more to record
	}
	f.Senders[key] = append(ids, jid)
	data, _ := json.MarshalIndent(f, "", "  ")
	if err := writeAtomic(d.failuresPath(), data, 0o600); err != nil {
		return 0, err
	}
	return len(f.Senders[key]), nil
}

// writeAtomic writes a file of the daemon's state: temporary file, fsync,
// rename. The temporary file is new, created with perm: one left by a
// crash is removed first, as opening it would keep its old mode.
func writeAtomic(path string, data []byte, perm fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if werr == nil {
		werr = f.Sync()
	}
	if err := errors.Join(werr, f.Close()); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
