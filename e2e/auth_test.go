package e2e

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/archive"
)

// TestForgedGM mails the daemon, through Postfix and Dovecot, what a
// forger who knows the GM's address would send: GM commands and orders
// for a player's nation with the GM's From and the forger's Reply-To,
// without the GM's token and with a wrong one, and a press as a player.
// Nothing changes: no seat moves, no turn runs, no token and no relayed
// press goes out, and the GM hears of the wrong tokens, once (the rest
// come in a daily summary). Then the GM, with
// the token, pauses the game.
func TestForgedGM(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	mallory := w.addr(t, "mallory")
	due, _, text, _ := s.due(t, g, 1)
	steps := g.steps(t)
	d := s.start(t)

	forged := func(from, subject, body string) {
		t.Helper()
		raw := rawMail(from, s.addr, subject, newMsgID(w), body)
		raw = []byte(strings.Replace(string(raw), "\r\nSubject: ", "\r\nReply-To: "+mallory+"\r\nSubject: ", 1))
		if err := w.send(from, []string{s.addr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	forged(s.gm, "replace e2e-1 Dave "+mallory, "")
	forged(s.gm, "replace e2e-1 Dave "+mallory, "token: 0000-0000-0000-0000\n")
	forged(s.gm, "pause e2e-1", "token: "+g.tokens["Dave"]+"\n")
	forged(s.gm, "orders", strings.Replace(text, "token: "+g.tokens["Alice"], "token: 0000-0000-0000-0000", 1))
	forged(s.gm, "orders", strings.Replace(text, "token: "+g.tokens["Alice"]+"\n", "", 1))
	forged(s.players[0], "press", "game: e2e-1\npress Welsh\nI am Alice, honest.\n")
	forged(s.players[0], "press", "game: e2e-1\ntoken: 0000-0000-0000-0000\npress Welsh\nI am Alice, honest.\n")
	const sent = 7
	w.waitCount(t, s.addr, "Processed", sent, wait)
	s.outboxEmpty(t, wait)

	answers := w.inbox(t, mallory, "INBOX")
	if len(answers) != sent {
		t.Errorf("the forger's Reply-To got %d answers, want %d", len(answers), sent)
	}
	for _, m := range answers {
		for name, tok := range g.tokens {
			if strings.Contains(m.in.Text, tok) {
				t.Errorf("%s's token went to the forger in %q", name, m.in.Subject)
			}
		}
		if strings.Contains(m.in.Text, s.gmToken) || strings.Contains(m.in.Subject, "new token") {
			t.Errorf("the forger got a token: %q", m.in.Subject)
		}
	}
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	if p := a.PlayerOf("Welsh"); p.Email != s.players[3] {
		t.Errorf("the forged replace moved Dave's seat to %s", p.Email)
	}
	if a.Due().ID != due.ID || g.steps(t) != steps {
		t.Errorf("the forged orders moved the game to %s", a.Due().ID)
	}
	if rec, err := a.Pending(); err != nil || rec != nil {
		t.Errorf("forged orders were recorded (%v, %v)", rec, err)
	}
	for _, m := range w.inbox(t, s.players[3], "INBOX") {
		if strings.Contains(m.in.Subject, "press from") {
			t.Errorf("a forged press was relayed to Dave: %s", m.in.Text)
		}
	}
	warned := 0
	for _, m := range w.inbox(t, s.gm, "INBOX") {
		if strings.Contains(m.in.Subject, "someone tried to act as the GM") {
			warned++
		}
	}
	if warned != 1 {
		t.Errorf("the GM got %d notices of the 3 wrong GM tokens, want 1 (then a daily summary)", warned)
	}
	w.waitMail(t, s.players[0], "INBOX", wait, "Alice's warning of the forged press", func(m mail) bool {
		return strings.Contains(m.in.Subject, "someone tried to act as player Alice")
	})

	if err := w.send(s.gm, []string{s.addr}, rawMail(s.gm, s.addr, "pause e2e-1", newMsgID(w), "token: "+s.gmToken+"\n")); err != nil {
		t.Fatal(err)
	}
	w.waitMail(t, s.gm, "INBOX", wait, "the pause done", func(m mail) bool {
		return strings.Contains(m.in.Subject, "pause") && strings.Contains(m.in.Text, "The game is paused by the GM")
	})
	w.noDuplicates(t, append([]string{s.gm, mallory}, s.players...)...)
	if !d.running() {
		t.Error("pbem serve stopped")
	}
}
