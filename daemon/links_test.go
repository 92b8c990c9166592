package daemon

import (
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/docs"
	"github.com/pbem-org/pbem/templates"
)

// repoPath finds a path of pbem's source in a mail's words: a player by
// mail has neither the repository nor its docs folder (issue 21, "Links,
// not paths").
var repoPath = regexp.MustCompile(`\b(?:docs|testdata|games|adjudicator|templates|daemon|cmd)/[\w./-]*|\b[\w-]+\.(?:go|md)\b`)

// playByMail plays a game of ruleset by mail on cfg for some turns, with
// a "help", a refused file and an "orders" command on the way, and
// returns every mail the daemon sent.
func playByMail(t *testing.T, ruleset string, cfg func(*Config), turns int) *capture {
	t.Helper()
	dir := t.TempDir()
	var ps []archive.Player
	for i, a := range addrs {
		ps = append(ps, archive.Player{Name: []string{"Alice", "Bob", "Carol", "Dave"}[i], Email: a})
	}
	_, toks, err := archive.Create(filepath.Join(dir, "games", "ashdown"), archive.NewGame{ID: "ashdown", Ruleset: ruleset, Players: ps},
		byteReader{rand.New(rand.NewPCG(1, 2))})
	require.NoError(t, err)
	f := &fixture{t: t, out: &capture{}, tokens: toks, gmTok: gmToken, now: time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)}
	c := testConfig(t, dir)
	cfg(&c)
	f.d = f.open(c)
	f.g = f.d.game("ashdown")
	require.NoError(t, f.d.Welcome(f.g))
	f.mail(addrs[1], "help", "")
	f.mail(addrs[2], "hello", "")
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", "game: ashdown\nnation: "+f.g.Due().Nation+"\nturn: "+f.g.Due().ID+"\ntoken: "+tok+"\n\nmove 99 Nowhere > Elsewhere\n")
	f.mail(addr, "orders ashdown", "token: "+tok+"\n")
	for i := 0; i < turns && f.g.Due().ID != ""; i++ {
		addr, tok := f.duePlayer()
		f.mail(addr, "orders", f.botOrders(tok))
	}
	return f.out
}

// TestNoMailNamesARepositoryPath: the welcome, the help, a refusal, the
// acknowledgements, the reports (text and HTML) and the orders templates
// of some turns of each ruleset name no path of pbem's source; with no
// address set the welcome attaches the order syntax and the dice check,
// and a help reply the order syntax; with addresses set, the mails link
// to them and attach neither (issue 21).
func TestNoMailNamesARepositoryPath(t *testing.T) {
	for _, rs := range []string{"redux", "hy-breasil"} {
		out := playByMail(t, rs, func(*Config) {}, 3)
		require.NotEmpty(t, out.msgs)
		welcomes, helps := 0, 0
		for _, m := range out.msgs {
			for _, body := range []string{m.Subject, m.Text, m.HTML} {
				if loc := repoPath.FindStringIndex(body); loc != nil {
					t.Errorf("%s: mail %s names %q", rs, m.ID, body[loc[0]:loc[1]])
				}
			}
			names := map[string][]byte{}
			for _, p := range m.Attach {
				names[p.Name] = p.Data
			}
			switch {
			case regexp.MustCompile(`welcome`).MatchString(m.ID):
				welcomes++
				assert.Equal(t, docs.Orders, names[templates.OrdersAttached], "%s: the welcome attaches the order syntax", rs)
				assert.Equal(t, docs.Dice, names[diceAttached], "%s: the welcome attaches the dice check", rs)
				assert.Contains(t, m.Text, "(the dice check: attached, pbem-dice-check.txt)")
				assert.Contains(t, m.Text, "every Decision of a turn with its default: attached, pbem-order-syntax.txt.")
			case m.Subject == "pbem: pbem help":
				helps++
				assert.Contains(t, names, templates.OrdersAttached, "%s: help attaches the order syntax", rs)
			}
		}
		assert.Equal(t, len(addrs), welcomes, rs)
		assert.Equal(t, 2, helps, rs)
	}
	links := Links{Rules: "https://pbem.example/rules/{ruleset}.html", Orders: "https://pbem.example/orders.html", Dice: "https://pbem.example/dice.html"}
	out := playByMail(t, "redux", func(c *Config) { c.Links = links }, 2)
	sawTemplate := false
	for _, m := range out.msgs {
		assert.Empty(t, m.Attach, "mail %s: with addresses set nothing is attached", m.ID)
		if regexp.MustCompile(`welcome`).MatchString(m.ID) {
			assert.Contains(t, m.Text, "The rules summary: https://pbem.example/rules/redux.html")
			assert.Contains(t, m.Text, "the dice check: https://pbem.example/dice.html")
			assert.Contains(t, m.Text, "every Decision of a turn with its default: https://pbem.example/orders.html.")
		}
		flat := strings.Join(strings.Fields(strings.ReplaceAll(m.Text, "\n#", " ")), " ")
		if strings.Contains(flat, "turn: r") && strings.Contains(flat, "Whatever you leave out takes its default") {
			sawTemplate = true
			assert.Contains(t, flat, "The order syntax: https://pbem.example/orders.html", "mail %s: the orders template links the syntax", m.ID)
		}
	}
	assert.True(t, sawTemplate, "no orders template was mailed")
}
