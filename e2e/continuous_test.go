package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// TestContinuousPlayByMail plays the end of a Hy Breasil game of
// continuous play (Hy Breasil 10, issue 13) through "pbem serve", Postfix
// and Dovecot. Erin, who has no seat, mails "join"; a forger's "join
// confirm" with a wrong code and an "admit" with the GM's From but no
// token change nothing; Erin confirms from her address, the GM is asked
// and admits her with the GM's token, and her token comes to her address
// only. Bob leaves with his token. The next turn's invasion phase plays
// both from seats.txt; Erin's nations are played by mail like everyone's
// to the end of the game; the last report ranks by the corrected score
// (10.3), and "pbem verify" replays it all.
func TestContinuousPlayByMail(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{ruleset: "hy-breasil", options: []string{"continuous"}, rerollWindow: "1h"})
	g := s.theGame()
	s.playOfflineTo(t, g, func(a *archive.Game, due archive.DueTurn) bool {
		return roundOf(due.ID) >= len(a.Rules().Tables.Rounds)-1 && due.Nation != ""
	})
	d := s.start(t)
	defer func() {
		if t.Failed() {
			s.diagnose(t)
		}
	}()
	erin, mallory := w.addr(t, "erin"), w.addr(t, "mallory")
	mailTo := func(from, subject, body string) {
		t.Helper()
		if err := w.send(from, []string{s.addr}, rawMail(from, s.addr, subject, newMsgID(w), body)); err != nil {
			t.Fatal(err)
		}
	}
	mailTo(erin, "join", "game: "+g.id+"\n\njoin Erin\n")
	conf := w.waitMail(t, erin, "INBOX", wait, "the code to confirm the join", func(m mail) bool {
		return strings.HasPrefix(m.in.Subject, "join "+g.id+" confirm ")
	})
	mailTo(mallory, "join "+g.id+" confirm 0000-0000-0000-0000", "")
	mailTo(s.gm, "admit", "game: "+g.id+"\n\nadmit "+erin+"\n")
	mailTo(erin, "Re: "+conf.in.Subject, "")
	w.waitMail(t, s.gm, "INBOX", wait, "the GM asked to admit Erin", func(m mail) bool {
		return strings.Contains(m.in.Subject, erin+" asks to join")
	})
	mailTo(s.gm, "admit", "game: "+g.id+"\ntoken: "+s.gmToken+"\n\nadmit "+erin+"\n")
	seat := w.waitMail(t, erin, "INBOX", wait, "Erin's seat and token", func(m mail) bool {
		return strings.Contains(m.in.Subject, "you have a seat")
	})
	tok := regexp.MustCompile(`token: ([0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4})`).FindStringSubmatch(seat.in.Text)
	if tok == nil {
		t.Fatalf("no token in %q", seat.in.Text)
	}
	g.tokens["Erin"] = tok[1]
	rerollByReply(t, s, g, mailTo)
	mailTo(s.players[1], "leave", "game: "+g.id+"\ntoken: "+g.tokens["Bob"]+"\n\nleave\n")
	w.waitMail(t, s.players[1], "INBOX", wait, "Bob's leave confirmed", func(m mail) bool {
		return m.in.Subject == "pbem: leave" && strings.Contains(m.in.Text, "You leave game "+g.id)
	})
	for _, m := range w.inbox(t, mallory, "INBOX") {
		if strings.Contains(m.in.Text, tok[1]) {
			t.Errorf("Erin's token went to the forger in %q", m.in.Subject)
		}
	}

	sent, _ := s.playByMail(t, g, make(chan struct{}))
	s.outboxEmpty(t, wait)
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	last := len(a.Rules().Tables.Rounds)
	seats, err := os.ReadFile(filepath.Join(g.dir, "turns", stepDir(t, a, last), "seats.txt"))
	if err != nil {
		t.Fatalf("the invasion phase of turn %d has no seats.txt: %v", last, err)
	}
	if !strings.Contains(string(seats), "\nleave Blue\nenter Purple\n") {
		t.Errorf("seats.txt of turn %d: %q", last, seats)
	}
	byErin := 0
	for _, o := range sent {
		if o.from == erin {
			byErin++
		}
	}
	t.Logf("%d order mails, %d of them Erin's", len(sent), byErin)
	final := w.waitMail(t, erin, "INBOX", wait, "the last report", isReport(a.Steps()[len(a.Steps())-1].ID))
	if !strings.Contains(final.in.Text, "corrected score") || !strings.Contains(final.in.Text, "VP a turn") {
		t.Errorf("the last report does not rank by the corrected score (Hy Breasil 10.3):\n%s", final.in.Text)
	}
	if out, err := exec.Command(pbemBinary(t), "verify", "--game", g.dir).CombinedOutput(); err != nil {
		t.Errorf("pbem verify: %v\n%s", err, out)
	}
	if d.logHas(`"level":"ERROR"`) {
		t.Errorf("the daemon logged an error")
	}
}

// stepDir is the folder of the invasion phase of turn round.
func stepDir(t *testing.T, a *archive.Game, round int) string {
	t.Helper()
	for _, st := range a.Steps() {
		if roundOf(st.ID) == round && strings.HasSuffix(st.ID, "-invasion") {
			return st.Dir()
		}
	}
	t.Fatalf("no invasion phase of turn %d", round)
	return ""
}

// rerollByReply: the player of the nation due replies "reroll" (Hy
// Breasil 6.1, pace.reroll_window set): the step r15-NATION-reroll is
// played at once, and a new "your turn" brings the new event.
func rerollByReply(t *testing.T, s *server, g *game, mailTo func(from, subject, body string)) {
	t.Helper()
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	due := a.Due()
	if len(a.Engine().Asked(a.State())) == 0 {
		t.Fatalf("%s cannot be rerolled (a nation's first turn?): pick another seed or turn", due.ID)
	}
	p := a.PlayerOf(due.Nation)
	mailTo(p.Email, "reroll", "game: "+g.id+"\ntoken: "+g.tokens[p.Name]+"\n\nreroll\n")
	s.w.waitMail(t, p.Email, "INBOX", wait, "the reroll's report", isReport(due.ID+"-reroll"))
	turns := func() (n int) {
		for _, m := range s.w.inbox(t, p.Email, "INBOX") {
			if strings.Contains(m.in.Subject, due.ID+": Your turn") && strings.Contains(m.in.Text, "Random event this turn") {
				n++
			}
		}
		return n
	}
	for start := time.Now(); turns() < 2; time.Sleep(200 * time.Millisecond) {
		if time.Since(start) > wait {
			t.Fatalf("%s got no second \"your turn\" after the reroll", p.Email)
		}
	}
	if a, err = archive.Open(g.dir); err != nil {
		t.Fatal(err)
	}
	if a.Due().ID != due.ID {
		t.Errorf("after the reroll %s is due, want %s still", a.Due().ID, due.ID)
	}
}
