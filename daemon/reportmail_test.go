package daemon

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/templates"
)

// fakeMap is a Map that counts its calls and returns bytes naming the step.
type fakeMap struct{ steps []string }

func (m *fakeMap) draw(g *games.Game, r *templates.Report) ([]byte, error) {
	m.steps = append(m.steps, r.TurnID)
	return []byte("\x89PNG map of " + r.TurnID + strings.Repeat(".", 100)), nil
}

// playRound sends the bot's orders for every nation turn until the game
// is in round n.
func (f *fixture) playRound(n int) {
	f.t.Helper()
	for i := 0; f.g.State().Round < n; i++ {
		require.Less(f.t, i, 40, "round %d not reached", n)
		addr, tok := f.duePlayer()
		f.mail(addr, "orders", f.botOrders(tok))
	}
}

// reportsTo are the report and digest mails an address got, in order.
func (f *fixture) reportsTo(addr string) []*mailer.Outgoing {
	var out []*mailer.Outgoing
	for _, m := range f.out.to(addr) {
		if strings.Contains(m.ID, ".report.") || strings.Contains(m.ID, ".digest.") {
			out = append(out, m)
		}
	}
	return out
}

func structure(t *testing.T, o *mailer.Outgoing) (string, []mailtest.Part) {
	t.Helper()
	c := *o
	c.From = "pbem@example.test" // as the outbox sets it
	raw, err := c.Bytes()
	require.NoError(t, err)
	tree, parts, err := mailtest.Structure(raw)
	require.NoError(t, err)
	return tree, parts
}

// TestReportMailPrefs plays round 1 with each player on other mail
// preferences (issue 14) and reads what each got: Alice the defaults (a
// mail a step, HTML with the map inline once), Bob text-only (the map
// attached), Carol the map once a round (with the end of round's report),
// Dave a digest (one mail for the round, every step's report in it, the
// map of the round's end). The map is drawn only for steps a mail carries
// it for.
func TestReportMailPrefs(t *testing.T) {
	f := newFixture(t)
	m := &fakeMap{}
	f.d.Map = m.draw
	set := func(name, key, value string) {
		p := f.g.PlayerByName(name).Prefs
		require.NoError(t, p.Set(key, value))
		require.NoError(t, f.g.SetPrefs(name, p, ""))
	}
	set("Bob", "format", "text")
	set("Carol", "map", "round")
	set("Dave", "reports", "digest")
	f.playRound(2)
	steps := 0
	for _, s := range f.g.Steps() {
		if strings.HasPrefix(s.ID, "r01-") {
			steps++
		}
	}
	require.Greater(t, steps, 5)

	alice := f.reportsTo(addrs[0])
	require.Len(t, alice, steps, "Alice: a mail a step")
	for _, o := range alice {
		tree, parts := structure(t, o)
		require.Equal(t, "multipart/related[multipart/alternative[text/plain text/html] image/png:inline]", tree, o.ID)
		step := o.Headers[1][1]
		assert.Equal(t, "ashdown-"+step+".png", parts[2].Filename)
		assert.Equal(t, "ashdown-"+step+"@pbem", parts[2].ContentID)
		assert.Contains(t, string(parts[1].Data), `src="cid:ashdown-`+step+`@pbem"`, "the HTML shows the inline map")
		assert.Equal(t, "\x89PNG map of "+step, string(parts[2].Data[:len("\x89PNG map of ")+len(step)]))
		assert.Empty(t, o.Attach, "the map once")
		assert.Contains(t, o.Text, "The map is in this mail as ashdown-"+step+".png")
	}

	bob := f.reportsTo(addrs[1])
	require.Len(t, bob, steps)
	for _, o := range bob {
		tree, parts := structure(t, o)
		assert.Equal(t, "multipart/mixed[text/plain image/png:attachment]", tree, o.ID)
		assert.Equal(t, "ashdown-"+o.Headers[1][1]+".png", parts[1].Filename)
		assert.Empty(t, o.HTML, "text only")
	}

	carol := f.reportsTo(addrs[2])
	require.Len(t, carol, steps)
	for i, o := range carol {
		tree, _ := structure(t, o)
		if i < len(carol)-1 {
			assert.Equal(t, "multipart/alternative[text/plain text/html]", tree, o.ID)
			assert.Contains(t, o.Text, `No map with this mail (your preference: map round). Send "map ashdown" for the map now.`)
			continue
		}
		assert.Equal(t, "r01-end", o.Headers[1][1], "the last of the round")
		assert.Equal(t, "multipart/related[multipart/alternative[text/plain text/html] image/png:inline]", tree, "the map with the end of round")
	}

	checkDigest(t, f, f.reportsTo(addrs[3]), steps)

	// Every step was drawn, for Alice and Bob; none twice.
	assert.Len(t, m.steps, steps)
}

// checkDigest checks Dave's mail of TestReportMailPrefs: one digest for
// round 1, every step's report in it in order, the reader's part only in
// the last, one HTML page with the map of the round's end in it once.
func checkDigest(t *testing.T, f *fixture, dave []*mailer.Outgoing, steps int) {
	t.Helper()
	require.Len(t, dave, 1, "Dave: one digest for the round")
	d := dave[0]
	assert.Equal(t, "ashdown.r01.digest.4", d.ID)
	assert.Equal(t, fmt.Sprintf("pbem ashdown round 1: %d reports", steps), d.Subject)
	i := 0
	for _, s := range f.g.Steps() {
		if strings.HasPrefix(s.ID, "r01-") {
			i++
			rule := fmt.Sprintf("\n==== %d of %d: %s ====", i, steps, s.ID)
			assert.Contains(t, d.Text, rule, "the digest holds %s, in order", s.ID)
		}
	}
	assert.Equal(t, 1, strings.Count(d.Text, "FOR YOU"), "the reader's part only in the last report, the round's end")
	assert.Greater(t, strings.Index(d.Text, "FOR YOU"), strings.Index(d.Text, "r01-end ===="))
	tree, parts := structure(t, d)
	assert.Equal(t, "multipart/related[multipart/alternative[text/plain text/html] image/png:inline]", tree)
	assert.Equal(t, "ashdown-r01-end.png", parts[2].Filename, "the map of the round's end")
	html := string(parts[1].Data)
	assert.Equal(t, 1, strings.Count(html, "<body"), "one page")
	assert.Equal(t, 1, strings.Count(html, "</html>"))
	assert.Equal(t, steps-1, strings.Count(html, "<hr style="), "the reports one after another")
	assert.Equal(t, 1, strings.Count(html, "cid:"), "the map once, in the last report")

}

// TestMapDrawnOnlyWhenMailed: when nobody wants the map with every
// report, a step that does not end a round is not drawn at all.
func TestMapDrawnOnlyWhenMailed(t *testing.T) {
	f := newFixture(t)
	m := &fakeMap{}
	f.d.Map = m.draw
	for _, p := range f.g.Players() {
		prefs := p.Prefs
		require.NoError(t, prefs.Set("map", "round"))
		require.NoError(t, f.g.SetPrefs(p.Name, prefs, ""))
	}
	f.playRound(2)
	assert.Equal(t, []string{"r01-end"}, m.steps)
}

// TestSplitBody: a page splits at its body tag; a fragment is all body.
func TestSplitBody(t *testing.T) {
	h, b, tl := splitBody(`<html><head></head><body style="x">hi</body></html>`)
	assert.Equal(t, []string{`<html><head></head><body style="x">`, "hi", "</body></html>"}, []string{h, b, tl})
	h, b, tl = splitBody("<p>hi</p>")
	assert.Equal(t, []string{"", "<p>hi</p>", ""}, []string{h, b, tl})
}

// TestPrefsByMail: "prefs" shows and sets a player's mail preferences,
// with their token (issue 14); a bad name or value changes nothing and
// says what is taken; the change is in game.yaml and players.log before
// the answer, and the same mail handled again after a crash changes
// nothing more.
func TestPrefsByMail(t *testing.T) {
	f := newFixture(t)
	tok := f.tokens["Alice"]
	cmd := func(line string) string {
		f.mail(addrs[0], "x", "game: ashdown\ntoken: "+tok+"\n"+line+"\n")
		return f.out.last(addrs[0]).Text
	}
	assert.Contains(t, cmd("prefs"), "Your mail preferences in game ashdown: map every, format html, reports every.")
	for _, tc := range []struct{ line, want string }{
		{"prefs map weekly", `Nothing changed: map: "weekly" is not one of every, round, never.`},
		{"prefs map", `Nothing changed: each preference needs a name and a value (you wrote "map").`},
		{"prefs colour red", `Nothing changed: "colour" is not a preference: the preferences are map, format, reports, timezone.`},
		{"prefs timezone Mars/Olympus", `Nothing changed: timezone: "Mars/Olympus" is not a time zone`},
		{"prefs format text map sometimes", `Nothing changed: map: "sometimes" is not one of every, round, never.`},
	} {
		assert.Contains(t, cmd(tc.line), tc.want, tc.line)
		assert.Equal(t, archive.MailPrefs{}, f.g.PlayerByName("Alice").Prefs, "%s: nothing changed", tc.line)
	}
	assert.Contains(t, cmd("prefs map round format: text reports=digest timezone Europe/Berlin"), "are now: map round, format text, reports digest, timezone Europe/Berlin.")
	want := archive.MailPrefs{Map: "round", Format: "text", Reports: "digest", Timezone: "Europe/Berlin"}
	assert.Equal(t, want, f.g.PlayerByName("Alice").Prefs)
	reopened, err := archive.Open(f.g.Dir())
	require.NoError(t, err)
	assert.Equal(t, want, reopened.PlayerByName("Alice").Prefs, "kept in game.yaml")

	// The same mail handled again, as after a crash before its answer left.
	raw := "From: " + addrs[0] + "\r\nTo: pbem@example.test\r\nSubject: prefs ashdown map never\r\nMessage-ID: <p1@example.test>\r\n\r\ngame: ashdown\r\ntoken: " + tok + "\r\n"
	for attempt := 1; attempt <= 2; attempt++ {
		require.NoError(t, f.d.Handle(context.Background(), &mailer.Message{Raw: []byte(raw), JournalID: "jp1", MessageID: "p1@example.test", Attempt: attempt}))
	}
	assert.Equal(t, "never", f.g.PlayerByName("Alice").Prefs.Get("map"), "the command in the Subject")
	log, err := os.ReadFile(filepath.Join(f.g.Dir(), "players.log"))
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(log), "[ref jp1]"), "one change for the mail")
	assert.Equal(t, 2, strings.Count(string(log), "Alice (player): mail preferences"))

	f.mail(mallory, "x", "game: ashdown\ntoken: "+tok+"\nprefs map every\n")
	assert.Contains(t, f.out.last(mallory).Text, "is not a player of game ashdown")
	assert.Equal(t, "never", f.g.PlayerByName("Alice").Prefs.Get("map"))
}

// TestDigestAfterRollback: a digest is queued once for its round (its id
// is the round's and the seat's); when the GM rolls the game back into the
// round and it is played again, the round's digest comes again under a new
// id (docs/mail.md).
func TestDigestAfterRollback(t *testing.T) {
	f := newFixture(t)
	require.NoError(t, f.g.SetPrefs("Dave", archive.MailPrefs{Reports: "digest"}, ""))
	f.playRound(2)
	ids := func() []string {
		var out []string
		for _, m := range f.reportsTo(addrs[3]) {
			out = append(out, m.ID)
		}
		return out
	}
	require.Equal(t, []string{"ashdown.r01.digest.4"}, ids())
	// The end of round's mail queued again, as after a crash: nothing new.
	step, _, err := f.g.LoadStep(lastInForce(f.g).Number)
	require.NoError(t, err)
	require.NoError(t, f.d.mailReports(f.g, step, ""))
	assert.Equal(t, []string{"ashdown.r01.digest.4"}, ids())

	f.mail(f.d.cfg.GM, "x", "game: ashdown\ntoken: "+f.gmTok+"\nrollback r01-welsh wrong file\n")
	require.Equal(t, "r01-brigantes", f.g.Due().ID, "rolled back to the state after r01-welsh")
	f.playRound(2)
	assert.Equal(t, []string{"ashdown.r01.digest.4", "ashdown.r01.rb1.digest.4"}, ids())
	inForce := 0
	for _, s := range f.g.Steps() {
		if strings.HasPrefix(s.ID, "r01-") && !s.Superseded() {
			inForce++
		}
	}
	again := f.reportsTo(addrs[3])[1]
	assert.Equal(t, fmt.Sprintf("pbem ashdown round 1: %d reports", inForce), again.Subject, "the steps in force, not those set aside")
	assert.Equal(t, inForce, strings.Count(again.Text, fmt.Sprintf(" of %d: r01-", inForce)))
}
