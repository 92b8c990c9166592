package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/orders"
)

// TestReadEnvelope: the daemon routes a mail by the header lines as
// orders.Decode reads them (orders.ReadEnvelope), not by a reading of its
// own: a token line below the orders, a comment after a value, a space
// before the colon and a repeated key are read alike; the command is the
// first line after the header lines.
func TestReadEnvelope(t *testing.T) {
	redux := games.MustLoad("redux")
	tests := []struct {
		name, subject, text      string
		game, nation, token, cmd string
		args                     []string
	}{
		{"orders with the token below them", "orders", "game: ashdown\nnation: Saxons\nturn: r05-saxons\n\nreinforce Wessex\ntoken: 7f3a-91c2\n",
			"ashdown", "Saxons", "7f3a-91c2", "", nil},
		{"a comment after a value", "orders", "game: ashdown   # our game\nnation: Saxons # mine\nturn: 5\ntoken: 7f3a-91c2  # secret\n",
			"ashdown", "Saxons", "7f3a-91c2", "", nil},
		{"a space before the colon", "x", "Game : ashdown\nTOKEN :7f3a-91c2\nstatus\n",
			"ashdown", "", "7f3a-91c2", "status", []string{}},
		{"a key twice: the first counts", "x", "game: ashdown\ngame: other\nnation: Saxons\n",
			"ashdown", "Saxons", "", "", nil},
		{"chatter, a comment line, a command", "x", "Hi GM,\n\ngame: ashdown\ntoken: 7f3a-91c2\n# please\nextend 24\n",
			"ashdown", "", "7f3a-91c2", "extend", []string{"24"}},
		{"the token after end is not read", "x", "game: ashdown\nnation: Saxons\n\nreinforce Wessex\nEND of orders\ntoken: 7f3a-91c2\n",
			"ashdown", "Saxons", "", "", nil},
		{"a command in the subject", "Re: status ashdown", "", "ashdown", "", "", "status", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env := readEnvelope(&mailer.Inbound{Subject: tc.subject, Text: tc.text})
			assert.Equal(t, tc.game, env.game, "game")
			assert.Equal(t, tc.nation, env.nation, "nation")
			assert.Equal(t, tc.token, env.token, "token")
			assert.Equal(t, tc.cmd, env.command, "command")
			if tc.args != nil {
				assert.Equal(t, tc.args, env.args, "args")
			}
			if tc.cmd != "" {
				return
			}
			f, _ := orders.DecodeWith(tc.text, redux, orders.Options{Partial: true, TokenOptional: true})
			require.NotNil(t, f)
			if tc.text != "" {
				assert.Equal(t, f.Game, env.game, "Decode reads another game")
				assert.Equal(t, f.Token, env.token, "Decode reads another token")
			}
		})
	}
}

// TestGMTokenWhereDecodeReadsIt: the GM's token on orders the GM enters
// counts wherever Decode reads a token line, below the orders or with a
// comment; the daemon used to read only the lines above the first order
// and kept the comment, and refused the file.
func TestGMTokenWhereDecodeReadsIt(t *testing.T) {
	for _, tc := range []struct{ name, line string }{
		{"below the orders", "token: %s\n"},
		{"with a comment", "token: %s   # the GM's\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			due := f.g.Due()
			text := f.botOrders("") + "\ndefend *: hold\n" + strings.ReplaceAll(tc.line, "%s", f.gmTok)
			f.mail("gm@example.test", "orders", text)
			require.Contains(t, f.out.last("gm@example.test").Subject, "Orders accepted", f.out.last("gm@example.test").Text)
			assert.NotEqual(t, due.ID, f.g.Due().ID, "the turn ran")
			data, err := os.ReadFile(filepath.Join(f.g.Dir(), "turns", "001-"+due.ID, "orders.txt"))
			require.NoError(t, err)
			assert.Contains(t, string(data), "entered by the GM")
			assert.NotContains(t, string(data), f.gmTok)
		})
	}
}

// TestPressHidesTheToken: a press mail whose token line Decode reads
// ("Token : …") is relayed, and neither the relayed text nor the press
// log holds the token, not even in a quoted line, which is kept without it.
func TestPressHidesTheToken(t *testing.T) {
	f := newFixture(t)
	tok := f.tokens["Alice"]
	f.mail(addrs[0], "press", "game: ashdown\nToken : "+tok+"\npress Welsh\nThe Saxons are coming.\n\n> my token: "+tok+"\n")
	relayed := f.out.last(addrs[3])
	require.NotNil(t, relayed)
	assert.Contains(t, relayed.Text, "The Saxons are coming.")
	assert.NotContains(t, relayed.Text, tok)
	assert.Contains(t, relayed.Text, "> my token: [token removed]")
	data, err := os.ReadFile(filepath.Join(f.g.SecretsDir(), "press.log"))
	require.NoError(t, err)
	assert.Contains(t, string(data), "The Saxons are coming.")
	assert.NotContains(t, string(data), tok)
}
