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
	assert.Equal(t, 25*time.Minute, c.IMAP.IdleRefresh)
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
