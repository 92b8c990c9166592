//go:build unix

package daemon

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// privateSetup is a data directory as pbem serve leaves it: a game, the
// journal, the outbox, the GM's token, a config file holding a password
// and a password file, every secret its owner's only.
func privateSetup(t *testing.T) (*Config, string) {
	t.Helper()
	dir := t.TempDir()
	ps := []archive.Player{{Name: "Alice", Email: "a@example.test"}, {Name: "Bob", Email: "b@example.test"}, {Name: "Carol", Email: "c@example.test"}}
	_, _, err := archive.Create(filepath.Join(dir, "games", "ashdown"), archive.NewGame{Ruleset: "redux", Players: ps}, byteReader{rand.New(rand.NewPCG(1, 2))})
	require.NoError(t, err)
	c := Defaults()
	c.Data = dir
	c.IMAP.Password = "imap-secret"
	c.SMTP.PasswordFile = filepath.Join(dir, "smtp.password")
	require.NoError(t, os.WriteFile(c.SMTP.PasswordFile, []byte("smtp-secret\n"), 0o600))
	require.NoError(t, os.Chmod(c.SMTP.PasswordFile, 0o600))
	file := filepath.Join(dir, "config.yaml")
	require.NoError(t, os.WriteFile(file, []byte("imap:\n  password: imap-secret\n"), 0o600))
	require.NoError(t, os.Chmod(file, 0o600))
	_, err = mailer.OpenJournal(c.JournalDir())
	require.NoError(t, err)
	_, err = mailer.NewOutbox(mailer.OutboxConfig{Dir: c.OutboxDir()}, nil)
	require.NoError(t, err)
	require.NoError(t, os.Chmod(c.JournalDir(), 0o700))
	require.NoError(t, os.Chmod(c.OutboxDir(), 0o700))
	require.NoError(t, os.WriteFile(c.GMTokenPath(), []byte("gm-secret-token\n"), 0o600))
	require.NoError(t, os.Chmod(c.GMTokenPath(), 0o600))
	return &c, file
}

// TestCheckPrivate: pbem serve's start-up check names each secret open to
// other users, its mode and the chmod that fixes it, all of them at once
// (issue 10 item 2); the modes are set explicitly, whatever the umask.
func TestCheckPrivate(t *testing.T) {
	c, file := privateSetup(t)
	require.NoError(t, CheckPrivate(c, file))
	secrets := archive.DefaultSecrets(filepath.Join(c.Data, "games", "ashdown"))
	tests := []struct {
		name string
		path string
		mode os.FileMode
		edit func(c *Config)
		want []string // "" when the set-up is accepted
	}{
		{"config with a password", file, 0o644, nil, []string{file + " is -rw-r--r-- (0644)", "the mail server password", "fix it with: chmod go= " + file}},
		{"config without a password", file, 0o644, func(c *Config) { c.IMAP.Password, c.IMAP.PasswordFile = "", c.SMTP.PasswordFile }, nil},
		{"password file", filepath.Join(c.Data, "smtp.password"), 0o640, nil, []string{"smtp.password is -rw-r----- (0640)", "the SMTP password"}},
		{"GM token", c.GMTokenPath(), 0o644, nil, []string{"gm.token is -rw-r--r-- (0644)", "the GM's token", "chmod go= " + c.GMTokenPath()}},
		{"journal", c.JournalDir(), 0o755, nil, []string{"journal is drwxr-xr-x (0755)", "chmod -R go= " + c.JournalDir()}},
		{"outbox queue", filepath.Join(c.OutboxDir(), "queue"), 0o705, nil, []string{"queue is drwx---r-x (0705)", "chmod -R go= " + c.OutboxDir()}},
		{"game secrets", secrets, 0o755, nil, []string{"ashdown.secrets is drwxr-xr-x (0755)", "game ashdown's dice chain secret", "chmod -R go= " + secrets}},
		{"tokens", filepath.Join(secrets, "tokens.yaml"), 0o604, nil, []string{"tokens.yaml is -rw----r-- (0604)"}},
	}
	outer := c.Data // each case has its own set-up: the paths above move there
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, file := privateSetup(t)
			path := strings.Replace(tc.path, outer, c.Data, 1)
			require.NoError(t, os.Chmod(path, tc.mode))
			if tc.edit != nil {
				tc.edit(c)
			}
			err := CheckPrivate(c, file)
			if tc.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), strings.Replace(w, outer, c.Data, 1))
			}
		})
	}

	// Two problems are both reported.
	c, file = privateSetup(t)
	require.NoError(t, os.Chmod(file, 0o644))
	require.NoError(t, os.Chmod(c.JournalDir(), 0o755))
	err := CheckPrivate(c, file)
	require.Error(t, err)
	assert.Len(t, strings.Split(err.Error(), "\n"), 2, err.Error())

	// A missing password file is an error; a missing journal is not.
	c, file = privateSetup(t)
	require.NoError(t, os.RemoveAll(c.JournalDir()))
	assert.NoError(t, CheckPrivate(c, file))
	c.SMTP.PasswordFile = filepath.Join(c.Data, "nowhere")
	assert.ErrorIs(t, CheckPrivate(c, file), os.ErrNotExist)
}

// TestWriteAtomicOverLeftover: the daemon's private state (failed logins,
// observe confirmation codes) written where a crash left a temporary file
// of another mode gets its own mode, whatever the umask.
func TestWriteAtomicOverLeftover(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "pace", "failures.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path+".tmp", []byte("left by a crash"), 0o666))
	require.NoError(t, writeAtomic(path, []byte("{}\n"), 0o600))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}
