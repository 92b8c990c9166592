package daemon

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTokenProblemByType: a refusal is a failed login only when the token
// is missing or wrong (orders.ErrNoToken, *orders.TokenError), not when
// some error message merely contains the word "token": a player who wrote
// a stray "tokens" line with the right token gets the list of errors.
func TestTokenProblemByType(t *testing.T) {
	f := newFixture(t)
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok)+"tokens as agreed\n")
	m := f.out.last(addr)
	assert.Contains(t, m.Subject, "NOT accepted")
	assert.Contains(t, m.Text, `"tokens" is not a keyword`)
	assert.NotContains(t, m.Text, "the token is wrong or missing")

	f.mail(addr, "orders", strings.Replace(f.botOrders(tok), "token: "+tok+"\n", "", 1))
	assert.Contains(t, f.out.last(addr).Text, "the token is wrong or missing")
	f.mail(addr, "orders", strings.Replace(f.botOrders(tok), "token: "+tok, "token: guess", 1))
	assert.Contains(t, f.out.last(addr).Text, "the token is wrong or missing")
	assert.Equal(t, "r01-romanobritish", f.g.Due().ID)
}

// TestGMOnBehalfWithEnd: the GM's file without a token is accepted on the
// player's behalf also when it ends with "end" and a signature.
func TestGMOnBehalfWithEnd(t *testing.T) {
	f := newFixture(t)
	due := f.g.Due()
	text := strings.Replace(f.botOrders(""), "token: \n", "", 1)
	f.mail("gm@example.test", "orders for Carol's nation", text+"end\n-- \nThe GM\n")
	assert.Contains(t, f.out.last("gm@example.test").Subject, "Orders accepted")
	assert.NotEqual(t, due.ID, f.g.Due().ID, "the turn ran")
}
