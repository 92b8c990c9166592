package daemon

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExampleConfig: config.example.yaml loads and mirrors Defaults.
func TestExampleConfig(t *testing.T) {
	data, err := os.ReadFile("../config.example.yaml")
	require.NoError(t, err)
	c, err := ParseConfig("config.example.yaml", data)
	require.NoError(t, err)
	d := Defaults()
	assert.Equal(t, d.Pace, c.Pace, "the example documents the defaults")
	assert.Equal(t, d.Limits, c.Limits)
	assert.Equal(t, d.KeepMail, c.KeepMail)
	assert.Equal(t, 25*time.Minute, c.IMAP.IdleRefresh)
	assert.Equal(t, d.IMAP.FailedMailbox, c.IMAP.FailedMailbox)
	assert.Equal(t, []any{d.IMAP.Backoff, d.IMAP.MaxBackoff, d.IMAP.MaxAttempts}, []any{c.IMAP.Backoff, c.IMAP.MaxBackoff, c.IMAP.MaxAttempts})
	assert.Equal(t, []any{d.SMTP.Backoff, d.SMTP.MaxBackoff, d.SMTP.GiveUpAfter}, []any{c.SMTP.Backoff, c.SMTP.MaxBackoff, c.SMTP.GiveUpAfter})
	assert.Equal(t, "", c.GMTokenFile)
	assert.Equal(t, "/var/lib/pbem/gm.token", c.GMTokenPath())
}

// TestConfigToMailer: the retry waits and the failed mailbox reach the
// intake and the outbox as configured.
func TestConfigToMailer(t *testing.T) {
	data, err := os.ReadFile("../config.example.yaml")
	require.NoError(t, err)
	text := strings.NewReplacer("failed_mailbox: \"\"", "failed_mailbox: Failed", "backoff: 1s", "backoff: 3s", "max_attempts: 5", "max_attempts: 7",
		"backoff: 30s", "backoff: 45s", "give_up_after: 48h", "give_up_after: 72h").Replace(string(data))
	c, err := ParseConfig("c.yaml", []byte(text))
	require.NoError(t, err)
	in := c.Intake("pw", nil)
	assert.Equal(t, "Failed", in.FailedMailbox)
	assert.Equal(t, 3*time.Second, in.Backoff)
	assert.Equal(t, 5*time.Minute, in.MaxBackoff)
	assert.Equal(t, 7, in.MaxAttempts)
	assert.Equal(t, "pw", in.Password)
	out := c.Outbox("spw", nil)
	assert.Equal(t, 45*time.Second, out.Backoff)
	assert.Equal(t, 30*time.Minute, out.MaxBackoff)
	assert.Equal(t, 72*time.Hour, out.GiveUpAfter)
	assert.Equal(t, 8, in.Workers, "imap.workers")
	assert.Equal(t, 4, out.Senders, "smtp.senders")
	assert.Equal(t, "/var/lib/pbem/outbox", out.Dir)
}

func TestConfigErrors(t *testing.T) {
	data, err := os.ReadFile("../config.example.yaml")
	require.NoError(t, err)
	base := string(data)
	tests := []struct{ name, from, to, want string }{
		{"unknown field", "  nmr: bot", "  nmr: bot\n  nrm: wait", "(syntax): line"},
		{"bad nmr", "  nmr: bot", "  nmr: coinflip", `pace.nmr: "coinflip" is not one of bot, wait`},
		{"bad gm", "gm: gm@example.org", "gm: the gm", `gm: "the gm" is not an email address`},
		{"idle too long", "idle_refresh: 25m", "idle_refresh: 40m", "imap.idle_refresh: must be above 0 and at most 29m (RFC 2177)"},
		{"bad tls", "  tls: starttls", "  tls: maybe", `smtp.tls: "maybe" is not one of tls, starttls, none`},
		{"no data", "data: /var/lib/pbem", "data: \"\"", "data: required"},
		{"bad duration", "deadline: 48h", "deadline: two days", "(syntax)"},
		{"bad zone", "timezone: UTC", "timezone: Mars/Olympus", `pace.timezone: unknown time zone "Mars/Olympus"`},
		{"failed is polled", `failed_mailbox: ""`, "failed_mailbox: inbox", `imap.failed_mailbox: must not be the polled mailbox "INBOX"`},
		{"no imap backoff", "backoff: 1s", "backoff: 0s", "imap.backoff: must be above 0"},
		{"imap max below first", "max_backoff: 5m", "max_backoff: 500ms", "imap.max_backoff: must be at least imap.backoff (1s)"},
		{"no attempts", "max_attempts: 5", "max_attempts: 0", "imap.max_attempts: must be at least 1"},
		{"smtp max below first", "max_backoff: 30m", "max_backoff: 10s", "smtp.max_backoff: must be at least smtp.backoff (30s)"},
		{"keep mail too short", "keep_mail: 720h", "keep_mail: 1h", "keep_mail: must be 0 (keep for ever) or at least 24h"},
		{"give up too soon", "give_up_after: 48h", "give_up_after: 10m", "smtp.give_up_after: must be at least smtp.max_backoff (30m0s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, base, tc.from)
			_, err := ParseConfig("c.yaml", []byte(strings.Replace(base, tc.from, tc.to, 1)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
