package daemon

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTokenRefusals: a missing token is an ordinary refusal that lists
// every error of the file with it (the token problem hides nothing); a
// wrong one is a failed login. The daemon tells them apart by the errors'
// types (orders.ErrNoToken, *orders.TokenError), not their wording, so a
// stray "tokens" line with the right token is a refusal listing it.
func TestTokenRefusals(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok)+"tokens as agreed\n")
	m := f.out.last(addr)
	assert.Contains(t, m.Subject, "NOT accepted")
	assert.Contains(t, m.Text, `"tokens" is not a keyword`)

	f.mail(addr, "orders", strings.Replace(f.botOrders(tok), "token: "+tok+"\n", "", 1)+"mvoe 1 Kent > Essex\n")
	m = f.out.last(addr)
	assert.Contains(t, m.Subject, "NOT accepted")
	assert.Contains(t, m.Text, `no "token:" line`)
	assert.Contains(t, m.Text, `"mvoe" is not a keyword`, "the missing token hides no other error")

	f.mail(addr, "orders", strings.Replace(f.botOrders(tok), "token: "+tok, "token: guess", 1))
	assert.Contains(t, f.out.last(addr).Text, "the token is wrong")
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
}

// TestGMOnBehalfWithEnd: the GM's file for a player is accepted on the
// player's behalf also when it ends with "end" and a signature (archive
// used to add the missing token line after the point where reading
// stops, and refused it with `no "token:" line`).
func TestGMOnBehalfWithEnd(t *testing.T) {
	f := newFixture(t)
	due := f.g.Due()
	f.mail("gm@example.test", "orders for Carol's nation", f.botOrders(f.gmTok)+"end\n-- \nThe GM\n")
	assert.Contains(t, f.out.last("gm@example.test").Subject, "Orders accepted")
	assert.NotEqual(t, due.ID, f.g.Due().ID, "the turn ran")
}
