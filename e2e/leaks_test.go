package e2e

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// The leaks of issue 23, each through the real binary, Postfix and
// Dovecot: what a stranger, a player and a forger get by mail, and what
// the public record holds.

// mailFrom sends a plain mail from an address to the daemon.
func (s *server) mailFrom(t *testing.T, from, subject, body string) {
	t.Helper()
	if err := s.w.send(from, []string{s.addr}, rawMail(from, s.addr, subject, newMsgID(s.w), body)); err != nil {
		t.Fatal(err)
	}
}

// nationOf is the first nation of the named player.
func nationOf(t *testing.T, g *game, name string) string {
	t.Helper()
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	p := a.PlayerByName(name)
	if p == nil || len(p.Nations) == 0 {
		t.Fatalf("%s has no nation", name)
	}
	return p.Nations[0]
}

// untar unpacks a .tar.gz into dir and returns the names of its files.
func untar(t *testing.T, data []byte, dir string) []string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
}

// filesHolding lists the files under root whose bytes contain any of
// needles.
func filesHolding(t *testing.T, root string, needles ...string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, n := range needles {
			if n != "" && bytes.Contains(bytes.ToLower(b), []byte(strings.ToLower(n))) {
				rel, _ := filepath.Rel(root, p)
				out = append(out, rel+" holds "+n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// archiveOf waits for the archive mailed to addr after the mail it sent
// with subject, unpacks it into a new directory and returns the game
// directory in it and the names of its files.
func archiveOf(t *testing.T, s *server, g *game, addr string, n int) (string, []string) {
	t.Helper()
	m := s.w.waitMail(t, addr, "INBOX", wait, "the archive", func(m mail) bool {
		k := 0
		for _, mm := range s.w.inbox(t, addr, "INBOX") {
			if strings.Contains(mm.in.Subject, "archive of "+g.id) {
				k++
			}
		}
		return strings.Contains(m.in.Subject, "archive of "+g.id) && k >= n
	})
	var data []byte
	for _, mm := range s.w.inbox(t, addr, "INBOX") {
		if strings.Contains(mm.in.Subject, "archive of "+g.id) {
			m = mm
		}
	}
	for _, a := range m.in.Attachments {
		if strings.HasSuffix(a.Filename, ".tar.gz") {
			data = a.Data
		}
	}
	if data == nil {
		t.Fatalf("the archive mail has no .tar.gz: %q", m.in.Subject)
	}
	dir := t.TempDir()
	return filepath.Join(dir, g.id), untar(t, data, dir)
}

// TestArchiveByMail: "archive GAME" from a stranger sends the public record
// alone: no press, no address, no token, and it verifies with pbem verify;
// a player with their token gets their own press too. A mail naming an
// unknown game is answered without the names of the games.
func TestArchiveByMail(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	s.playOffline(t, g, 3)
	s.start(t)
	stranger := w.addr(t, "stranger")
	s.mailFrom(t, s.players[0], "press", "game: "+g.id+"\ntoken: "+g.tokens["Alice"]+"\npress "+nationOf(t, g, "Bob")+" Meet me in York, Bob.\n")
	w.waitMail(t, s.players[1], "INBOX", wait, "Alice's press", func(m mail) bool { return strings.Contains(m.in.Subject, "press from Alice") })

	s.mailFrom(t, stranger, "archive "+g.id, "")
	dir, names := archiveOf(t, s, g, stranger, 1)
	for _, n := range names {
		if strings.Contains(n, "press") || strings.Contains(n, ".secrets") || strings.Contains(n, "tokens") || strings.Contains(n, "chain") {
			t.Errorf("a stranger got %s", n)
		}
	}
	secrets := append(append([]string{s.gmToken}, s.players...), "Meet me in York")
	for _, tok := range g.tokens {
		secrets = append(secrets, tok)
	}
	for _, f := range filesHolding(t, dir, secrets...) {
		t.Errorf("the public archive leaks: %s", f)
	}
	if out, err := exec.Command(pbemBinary(t), "verify", "--game", dir).CombinedOutput(); err != nil {
		t.Errorf("pbem verify of the public archive: %v\n%s", err, out)
	}

	s.mailFrom(t, s.players[0], "archive", "game: "+g.id+"\ntoken: "+g.tokens["Alice"]+"\narchive\n")
	dir, _ = archiveOf(t, s, g, s.players[0], 1)
	if len(filesHolding(t, dir, "Meet me in York")) == 0 {
		t.Errorf("Alice, with her token, did not get her own press")
	}
	for _, f := range filesHolding(t, dir, append(append([]string{s.gmToken}, s.players...), g.tokens["Bob"], g.tokens["Alice"])...) {
		t.Errorf("the player's archive leaks: %s", f)
	}

	s.mailFrom(t, stranger, "status nowhere", "")
	m := w.waitMail(t, stranger, "INBOX", wait, "the answer for an unknown game", func(m mail) bool { return strings.Contains(m.in.Subject, "Unknown game") })
	if strings.Contains(m.in.Text, g.id) {
		t.Errorf("the answer for an unknown game names the games:\n%s", m.in.Text)
	}
}

// TestPressWholeAndScrubbed: press keeps its whole text (the words on the
// press line, lines starting with "Press…") and loses every token of the
// game: Alice's token quoted by Carol reaches neither Bob nor any file of
// the game; a token on a salt: line is refused, never published.
func TestPressWholeAndScrubbed(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{changeOfMind: time.Hour})
	g := s.theGame()
	s.start(t)
	alice := g.tokens["Alice"]
	body := "game: " + g.id + "\ntoken: " + g.tokens["Carol"] + "\npress " + nationOf(t, g, "Bob") + " Pressure on the Welsh, Bob.\n" +
		"Alice let slip her token: " + alice + " (and " + strings.ToUpper(strings.ReplaceAll(alice, "-", " ")) + ").\n" +
		"Pressure on York too.\npress on!\n"
	s.mailFrom(t, s.players[2], "press", body)
	m := w.waitMail(t, s.players[1], "INBOX", wait, "Carol's press", func(m mail) bool { return strings.Contains(m.in.Subject, "press from Carol") })
	for _, want := range []string{"Pressure on the Welsh, Bob.", "Pressure on York too.", "press on!", "Alice let slip her token:"} {
		if !strings.Contains(m.in.Text, want) {
			t.Errorf("the press lost %q:\n%s", want, m.in.Text)
		}
	}
	hex := strings.ReplaceAll(alice, "-", "")
	if strings.Contains(m.in.Text, alice) || strings.Contains(strings.ToLower(strings.Join(strings.Fields(m.in.Text), "")), hex) {
		t.Errorf("Alice's token was relayed to Bob:\n%s", m.in.Text)
	}
	ans := w.waitMail(t, s.players[2], "INBOX", wait, "the answer to Carol", func(m mail) bool { return m.in.Subject == "pbem: press" })
	if !strings.Contains(ans.in.Text, "Relayed") || !strings.Contains(ans.in.Text, "token") {
		t.Errorf("Carol is not told her press was relayed with a token removed:\n%s", ans.in.Text)
	}

	due, from, text, _ := s.due(t, g, 1)
	salted := strings.Replace(text, "turn: "+due.ID+"\n", "turn: "+due.ID+"\nsalt: lucky "+alice+"\n", 1)
	s.mailFrom(t, from, "orders", salted)
	r := w.waitMail(t, from, "INBOX", wait, "the answer to salted orders", func(m mail) bool { return strings.Contains(m.in.Subject, "accepted") })
	if !strings.Contains(r.in.Subject, "NOT accepted") || !strings.Contains(r.in.Text, "salt") {
		t.Errorf("orders with a token on the salt line were not refused for it: %s\n%s", r.in.Subject, r.in.Text)
	}
	s.outboxEmpty(t, wait)
	hits := filesHolding(t, filepath.Join(s.dir, "games"), alice, hex)
	var bad []string
	for _, h := range hits {
		if !strings.HasPrefix(h, g.id+".secrets"+string(filepath.Separator)+"tokens.yaml") {
			bad = append(bad, h)
		}
	}
	if len(bad) > 0 {
		t.Errorf("Alice's token is written in the game's files: %v", bad)
	}
}

// TestObserveOffConfirmed: a forged "observe GAME off" does not unsubscribe
// the observer; it mails the observer a code, and only the observer's
// confirmation unsubscribes.
func TestObserveOffConfirmed(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	s.start(t)
	olga := w.addr(t, "olga")
	observers := filepath.Join(s.dir, "pace", g.id+".observers")
	s.mailFrom(t, olga, "observe "+g.id, "")
	c := w.waitMail(t, olga, "INBOX", wait, "the code to observe", func(m mail) bool { return strings.HasPrefix(m.in.Subject, "observe "+g.id+" confirm ") })
	s.mailFrom(t, olga, "Re: "+c.in.Subject, "")
	w.waitMail(t, olga, "INBOX", wait, "the subscription", func(m mail) bool { return strings.Contains(m.in.Text, "will receive the public report") })

	s.mailFrom(t, olga, "observe "+g.id+" off", "") // a forger with Olga's From
	off := w.waitMail(t, olga, "INBOX", wait, "the code to stop observing", func(m mail) bool {
		return strings.HasPrefix(m.in.Subject, "observe "+g.id+" off confirm ") || strings.Contains(m.in.Text, "no longer receives")
	})
	s.outboxEmpty(t, wait)
	if b, _ := os.ReadFile(observers); !strings.Contains(string(b), olga) {
		t.Fatalf("a forged \"observe off\" unsubscribed %s", olga)
	}
	s.mailFrom(t, olga, "Re: "+off.in.Subject, "")
	w.waitMail(t, olga, "INBOX", wait, "the end of the subscription", func(m mail) bool { return strings.Contains(m.in.Text, "no longer receives") })
	if b, _ := os.ReadFile(observers); strings.Contains(string(b), olga) {
		t.Errorf("the confirmed \"observe off\" left %s subscribed", olga)
	}
}

// TestPublicRecordNoAddress: the game directory, the public record, holds
// no player's address, also after a player moves by mail; the moved player
// is mailed at the new address.
func TestPublicRecordNoAddress(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	s.start(t)
	moved := w.addr(t, "bob-new")
	s.mailFrom(t, s.players[1], "address", "game: "+g.id+"\ntoken: "+g.tokens["Bob"]+"\naddress "+moved+"\n")
	w.waitMail(t, moved, "INBOX", wait, "Bob's new token", func(m mail) bool { return strings.Contains(m.in.Subject, "your new token") })
	s.mailFrom(t, moved, "status "+g.id, "")
	w.waitMail(t, moved, "INBOX", wait, "the status", func(m mail) bool { return strings.Contains(m.in.Subject, "status of") })
	for _, f := range filesHolding(t, g.dir, append([]string{moved, "@pbem.test"}, s.players...)...) {
		t.Errorf("the public record holds an address: %s", f)
	}
	if out, err := exec.Command(pbemBinary(t), "verify", "--game", g.dir).CombinedOutput(); err != nil {
		t.Errorf("pbem verify: %v\n%s", err, out)
	}
}

// TestForgerNoticesBounded: a forger who changes the From address for each
// mail gets each refused, but the owner hears of it once a day.
func TestForgerNoticesBounded(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	s.start(t)
	_, from, text, _ := s.due(t, g, 1)
	for i := range 5 {
		forger := w.addr(t, "forger"+string(rune('a'+i)))
		s.mailFrom(t, forger, "orders", text)
	}
	w.waitCount(t, s.addr, "Processed", 5, wait)
	s.outboxEmpty(t, wait)
	n := 0
	for _, m := range w.inbox(t, from, "INBOX") {
		if strings.Contains(m.in.Subject, "someone tried to act as") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the owner got %d notices of forged mail in a day, want 1", n)
	}
}

// TestSecondDaemonRefused: a second pbem serve on the same data directory
// refuses to start and names the process that holds it; after that one is
// killed with SIGKILL, a new one starts.
func TestSecondDaemonRefused(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	first := s.start(t)
	first.waitLog(t, wait, "IMAP session ready")
	second := s.start(t)
	select {
	case <-second.done:
	case <-time.After(wait):
		t.Fatalf("a second pbem serve on %s is still running", s.dir)
	}
	b, _ := os.ReadFile(second.log)
	if second.cmd.ProcessState.Success() || !strings.Contains(string(b), "pid "+strconv.Itoa(first.cmd.Process.Pid)) {
		t.Errorf("the second pbem serve (%v) does not name pid %d:\n%s", second.cmd.ProcessState, first.cmd.Process.Pid, b)
	}
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	first.waitKilled(t, wait)
	third := s.start(t)
	third.waitLog(t, wait, "IMAP session ready")
}

// TestReplyToPbem: "same as before" quoting pbem's own mail, the
// acknowledgement (the token removed) or "your turn" (a placeholder for
// the token), is told what is missing, and is not a failed login: no
// "the token is wrong", no notice, no count.
func TestReplyToPbem(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{changeOfMind: time.Hour})
	g := s.theGame()
	s.start(t)
	due, from, text, digest := s.due(t, g, 1)
	turn := w.waitMail(t, from, "INBOX", wait, "your turn", func(m mail) bool { return m.header("X-Pbem-Turn") == due.ID })
	quote := func(m mail) string {
		return "Same as before.\n\nOn Mon, pbem wrote:\n> " + strings.ReplaceAll(strings.TrimRight(m.in.Text, "\n"), "\n", "\n> ") + "\n"
	}
	s.mailFrom(t, from, "Re: your turn", quote(turn))
	r := w.waitMail(t, from, "INBOX", wait, "the answer to a reply to your turn", func(m mail) bool { return strings.Contains(m.in.Subject, "accepted") })
	if strings.Contains(r.in.Text, "token is wrong") || !strings.Contains(r.in.Text, "YOUR-TOKEN") {
		t.Errorf("a reply quoting \"your turn\" is not told the token line holds the placeholder:\n%s", r.in.Text)
	}
	s.mailFrom(t, from, "orders", text)
	ack := w.waitMail(t, from, "INBOX", wait, "the acknowledgement", isAck(due.ID, digest))
	s.mailFrom(t, from, "Re: acknowledgement", quote(ack))
	w.waitCount(t, s.addr, "Processed", 3, wait)
	s.outboxEmpty(t, wait)
	n := 0
	for _, m := range w.inbox(t, from, "INBOX") {
		if strings.Contains(m.in.Subject, "NOT accepted") {
			n++
			if strings.Contains(m.in.Text, "token is wrong") {
				t.Errorf("a reply is answered \"the token is wrong\":\n%s", m.in.Text)
			}
		}
		if strings.Contains(m.in.Subject, "someone tried") || strings.Contains(m.in.Subject, "Not accepted") {
			t.Errorf("a reply to pbem counted as a failed login: %s\n%s", m.in.Subject, m.in.Text)
		}
	}
	if n != 2 {
		t.Errorf("%d refusals, want 2", n)
	}
	if b, err := os.ReadFile(filepath.Join(s.dir, "pace", "failed-logins.json")); err == nil && strings.Contains(string(b), from) {
		t.Errorf("a reply to pbem counted as a failed login: %s", b)
	}
}
