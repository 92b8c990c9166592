package daemon

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTokensNeverLogged: the daemon's log never holds a player's or the
// GM's token, whatever a mail carries where: orders with the token, a
// subject with the token pasted in it, a wrong token one character off, a
// token request, a GM command, a missed turn played by the bot.
func TestTokensNeverLogged(t *testing.T) {
	f := newFixture(t)
	var buf syncBuffer
	f.d.log = slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	addr, tok := f.duePlayer()
	orders := f.botOrders(tok)
	f.mail(addr, "orders, token: "+tok, "Hi GM,\n\n"+orders)
	addr, tok = f.duePlayer()
	near := tok[:len(tok)-1] + map[bool]string{true: "1", false: "0"}[tok[len(tok)-1] == '0']
	f.mail(addr, "my orders "+near, strings.Replace(f.botOrders(tok), "token: "+tok, "token: "+near, 1))
	f.mail(addr, "token ashdown", "")
	f.mail("gm@example.test", "status", "game: ashdown\ntoken: "+gmToken+"\nstatus\n")
	f.mail("gm@example.test", "token "+gmToken, "game: ashdown\ntoken: "+gmToken+"\nstatus\n")
	f.now = f.now.Add(f.d.cfg.Pace.Deadline + f.d.cfg.Pace.Grace + time.Minute)
	require.NoError(t, f.d.Tick(context.Background()))
	log := buf.String()
	require.Contains(t, log, `"msg":"mail"`, "the mails were logged")
	for name, tok := range f.tokens {
		assert.NotContains(t, log, tok, "%s's token is in the log", name)
	}
	assert.NotContains(t, log, near, "a near-token is in the log")
	assert.NotContains(t, log, gmToken, "the GM's token is in the log")
}
