package daemon

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/archive"
)

// JournalDir is the mail journal under the data directory (mailer.Journal).
func (c *Config) JournalDir() string { return filepath.Join(c.Data, "journal") }

// OutboxDir is the outbox under the data directory (mailer.Outbox).
func (c *Config) OutboxDir() string { return filepath.Join(c.Data, "outbox") }

// CheckPrivate refuses a set-up whose secrets users of the host other than
// its owner can read (issue 10 item 2): the configuration file file when
// it holds a password, the password files, the GM's token file, the mail
// journal and the outbox (players' mail and tokens) and the private
// directory of every
// game under data/games (the dice chain secret and the tokens). It returns
// every problem found, one a line, each naming the file, its mode and the
// chmod that fixes it; a part that does not exist yet is not a problem.
// pbem serve calls it before it starts.
func CheckPrivate(c *Config, file string) error {
	type part struct{ path, holds string }
	var parts []part
	if c.IMAP.Password != "" || c.SMTP.Password != "" {
		parts = append(parts, part{file, "the mail server password (or use password_file)"})
	}
	if c.IMAP.PasswordFile != "" {
		parts = append(parts, part{c.IMAP.PasswordFile, "the IMAP password"})
	}
	if c.SMTP.PasswordFile != "" {
		parts = append(parts, part{c.SMTP.PasswordFile, "the SMTP password"})
	}
	parts = append(parts, part{c.GMTokenPath(), "the GM's token"},
		part{c.JournalDir(), "the players' mail and tokens"}, part{c.OutboxDir(), "mail to players, with their tokens"})
	games := filepath.Join(c.Data, "games")
	ents, err := os.ReadDir(games)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	for _, e := range ents { // os.ReadDir sorts by name
		if e.IsDir() && !strings.HasSuffix(e.Name(), ".secrets") && !strings.HasPrefix(e.Name(), ".") {
			parts = append(parts, part{archive.DefaultSecrets(filepath.Join(games, e.Name())), "game " + e.Name() + "'s dice chain secret and its players' tokens"})
		}
	}
	var errs []error
	for _, p := range parts {
		err := archive.CheckPrivate(p.path, p.holds)
		if err != nil && !(errors.Is(err, os.ErrNotExist) && p.path != c.IMAP.PasswordFile && p.path != c.SMTP.PasswordFile) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
