package daemon

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// Press: a player's message to another player, relayed by mail and kept in
// the game's press log (issue 23). The log is private: press.log in the
// game's private directory, which only the GM and, for their own press,
// the players get ("archive" with a token). Every secret of the game (the
// tokens, the GM's token, unrevealed seeds) is taken out of the text
// before it is relayed or logged.

// pressFile is the press log's name, in the private directory (new press)
// and in the game directory (press relayed before issue 23).
const pressFile = "press.log"

// press relays a message from the sender to the player of a nation and
// keeps it in the game's press log.
func (d *Daemon) press(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, env envelope) error {
	if len(env.args) < 1 {
		return d.reply(m, in, "press", "Write \"press NATION\" and then your message, from your registered address, with your token.")
	}
	nation, words, err := pressNation(g, env.args)
	if err != nil {
		return d.reply(m, in, "press", fmt.Sprintf("Not relayed: %v. Write \"press NATION\" and your message; nothing was sent.", err))
	}
	to := g.PlayerOf(nation)
	if to == nil {
		return d.reply(m, in, "press", fmt.Sprintf("Not relayed: no player controls the %s now; nothing was sent.", nation))
	}
	body := pressMessage(in.Text, env, words)
	sec, err := d.secrets(g)
	if err != nil {
		return err
	}
	body, scrubbed := sec.Scrub(body)
	if strings.TrimSpace(body) == "" {
		return d.reply(m, in, "press", fmt.Sprintf("Not relayed: the message to %s is empty. Write it after \"press %s\", on that line or the lines below.", to.Name, nation))
	}
	if err := d.logPress(g, player.Name, to.Name, body); err != nil {
		return err
	}
	if err := d.send(&mailer.Outgoing{ID: safeID("press", m.JournalID), To: []string{to.Email}, Subject: fmt.Sprintf("pbem %s: press from %s", g.ID(), player.Name),
		Text: fmt.Sprintf("%s (%s) writes:\n\n%s\n", player.Name, strings.Join(player.Nations, ", "), body)}); err != nil {
		return err
	}
	text := fmt.Sprintf("Relayed to %s, the player of the %s (%s), and kept in the game's private press log.", to.Name, nation, games.Count(len(strings.Split(body, "\n")), "line", "lines"))
	if scrubbed > 0 {
		were := map[bool]string{true: "was", false: "were"}[scrubbed == 1]
		text += fmt.Sprintf(" %s of this game %s taken out first: it reads [token removed]. A token is secret; if yours was in the text, send \"token new\" to have another.", games.Count(scrubbed, "secret token", "secret tokens"), were)
	}
	return d.reply(m, in, "press", text+"\n\nAs relayed:\n\n"+indent(body))
}

// pressNation reads the nation a press goes to from the first words of
// args (a nation of two words too), and says how many words it took.
func pressNation(g *archive.Game, args []string) (string, int, error) {
	var first error
	for n := min(3, len(args)); n >= 1; n-- {
		idx, err := g.Rules().Tables.NationIndex(strings.Join(args[:n], " "))
		if err == nil {
			return g.Rules().Tables.Nations[idx].Name, n, nil
		}
		first = err
	}
	return "", 0, first
}

// pressMessage is the message of a press mail, whole: the rest of the
// "press NATION …" line and every line after it, whatever it starts with.
// A command in the Subject leaves the text of the mail without its "game:"
// and "token:" lines, after the words of the Subject past the nation.
func pressMessage(text string, env envelope, words int) string {
	lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")
	var out []string
	if env.line > 0 && env.line <= len(lines) {
		out = append(out, afterWords(lines[env.line-1], 1+words))
		out = append(out, lines[env.line:]...)
	} else {
		if len(env.args) > words {
			out = append(out, strings.Join(env.args[words:], " "))
		}
		for _, l := range lines {
			if key, _, ok := orders.ParseHeader(l); ok && (key == "game" || key == "token") {
				continue
			}
			out = append(out, l)
		}
	}
	return strings.Trim(strings.Join(out, "\n"), " \t\n")
}

// afterWords is line without its first n words and the spaces after them.
func afterWords(line string, n int) string {
	rest := strings.TrimLeft(line, " \t")
	for range n {
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			return ""
		}
		rest = strings.TrimLeft(rest[i:], " \t")
	}
	return rest
}

// secrets are the secrets of a game and the GM's token, to scrub from
// what pbem relays.
func (d *Daemon) secrets(g *archive.Game) (*archive.Secrets, error) {
	sec, err := g.Secrets()
	if err != nil {
		return nil, err
	}
	sec.Add(d.gmToken)
	return sec, nil
}

// logPress keeps relayed press in the game's private press log (mode 0600,
// like every file of the private directory).
func (d *Daemon) logPress(g *archive.Game, from, to, body string) error {
	return appendFile(filepath.Join(g.SecretsDir(), pressFile), fmt.Sprintf("%s %s -> %s\n%s\n", d.now().UTC().Format(time.RFC3339), from, to, indent(body)), 0o600)
}

// pressOf is the press log of a game as a reader may have it: every entry
// for the GM (name ""), the entries a player sent or received for a
// player; old press kept in the game directory first.
func pressOf(g *archive.Game, name string) ([]byte, error) {
	var out strings.Builder
	for _, path := range []string{filepath.Join(g.Dir(), pressFile), filepath.Join(g.SecretsDir(), pressFile)} {
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		keep := false
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			l := sc.Text()
			if from, to, ok := pressHead(l); ok {
				keep = name == "" || from == name || to == name
			}
			if keep {
				out.WriteString(l + "\n")
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return []byte(out.String()), nil
}

// pressHead reads the first line of a press log entry, "TIME FROM -> TO".
func pressHead(l string) (from, to string, ok bool) {
	if l == "" || strings.HasPrefix(l, " ") {
		return "", "", false
	}
	when, rest, ok := strings.Cut(l, " ")
	if _, err := time.Parse(time.RFC3339, when); !ok || err != nil {
		return "", "", false
	}
	from, to, ok = strings.Cut(rest, " -> ")
	return from, to, ok
}

// movePress moves the press log of a game that pbem kept in the game
// directory before issue 23 into its private directory, where new press
// goes; where both exist (a move that failed before) the old one stays,
// and is read first (pressOf) but never published (archive.PublicFiles).
func (d *Daemon) movePress(g *archive.Game) {
	old, priv := filepath.Join(g.Dir(), pressFile), filepath.Join(g.SecretsDir(), pressFile)
	if _, err := os.Stat(old); err != nil {
		return
	}
	if _, err := os.Stat(priv); err == nil {
		return
	}
	err := os.Chmod(old, 0o600)
	if err == nil {
		err = os.Rename(old, priv)
	}
	if err != nil {
		d.log.Warn("the press log stays in the game directory: it could not be moved to the private directory", "game", g.ID(), "err", err)
		return
	}
	d.log.Info("the press log moved from the game directory to the private directory", "game", g.ID())
}
