package e2e

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/pbem-org/pbem/archive"
)

// wait bounds each wait for a mail; IDLE on loopback answers in well under
// a second, the rest is room for a loaded CI machine.
const wait = 60 * time.Second

// client is one way a player sends a file of orders.
type client struct {
	name string
	send func(t *testing.T, w *world, from, to, subject, text string)
}

// clients are the real mail clients of the tests, one per turn.
var clients = []client{
	{"swaks --attach orders.txt", sendSwaks},
	{"s-nail, orders in the body", sendSNail},
	{"go-mail, HTML and plain alternatives", sendGoMailHTML},
	{"hand-built windows-1252 quoted-printable", sendCP1252},
}

// sendSwaks mails the orders as a .txt attachment with swaks.
func sendSwaks(t *testing.T, w *world, from, to, subject, text string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "orders.txt")
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, nil, "swaks", "--server", fmt.Sprintf("%s:%d", w.smtpHost, w.smtpPort), "--from", from, "--to", to,
		"--header", "Subject: "+subject, "--body", "Hi GM, my orders are attached.\n\n-- \nAlice\n",
		"--attach-type", "text/plain", "--attach-name", "orders.txt", "--attach", "@"+f)
}

// sendSNail mails the orders as the plain body with s-nail.
func sendSNail(t *testing.T, w *world, from, to, subject, text string) {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command("s-nail", "-n", "-S", "v15-compat", "-S", fmt.Sprintf("mta=smtp://%s:%d", w.smtpHost, w.smtpPort),
		"-S", "smtp-auth=none", "-S", "from="+from, "-S", "sendcharsets=utf-8", "-s", subject, to)
	cmd.Env = append(os.Environ(), "HOME="+home, "MAIL="+filepath.Join(home, "mbox"), "DEAD="+filepath.Join(home, "dead.letter"))
	cmd.Stdin = strings.NewReader("Hello,\n\n" + text + "\n-- \nBob\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("s-nail: %v\n%s", err, out)
	}
}

// sendGoMailHTML mails the orders as multipart/alternative, the HTML part
// formatted as a web mailer would.
func sendGoMailHTML(t *testing.T, w *world, from, to, subject, text string) {
	t.Helper()
	m := gomail.NewMsg()
	if err := m.From(from); err != nil {
		t.Fatal(err)
	}
	if err := m.To(to); err != nil {
		t.Fatal(err)
	}
	m.Subject(subject)
	m.SetDate()
	m.SetBodyString(gomail.TypeTextPlain, text)
	html := "<html><body><div dir=\"ltr\"><p>" + strings.ReplaceAll(strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(text), "\n", "<br>\n") + "</p></div></body></html>"
	m.AddAlternativeString(gomail.TypeTextHTML, html)
	c, err := gomail.NewClient(w.smtpHost, gomail.WithPort(w.smtpPort), gomail.WithTLSPolicy(gomail.NoTLS), gomail.WithTimeout(20*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.DialAndSend(m); err != nil {
		t.Fatalf("go-mail: %v", err)
	}
}

// sendCP1252 builds by hand a mail in windows-1252, quoted-printable, with
// a Subject in RFC 2047 form, as an old desktop client sends it.
func sendCP1252(t *testing.T, w *world, from, to, subject, text string) {
	t.Helper()
	// "Grüße – Dave" and typographic quotes in windows-1252.
	body := "Hallo GM,\r\n\r\n# \x93Kent first\x94\r\n" + strings.ReplaceAll(text, "\n", "\r\n") + "\r\n-- \r\nGr\xfc\xdfe \x96 Dave\r\n"
	raw := fmt.Sprintf("From: Dave =?windows-1252?Q?M=FCller?= <%s>\r\nTo: %s\r\nSubject: =?windows-1252?Q?%s_=96_Befehle?=\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n%s",
		from, to, strings.ReplaceAll(subject, " ", "_"), newMsgID(w), time.Now().Format(time.RFC1123Z), qp(body))
	if err := w.send(from, []string{to}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
}

// qp encodes s as quoted-printable with CRLF line ends, byte by byte.
func qp(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\r\n") {
		n := 0
		for i := 0; i < len(line); i++ {
			c := line[i]
			var enc string
			if c == '=' || c >= 0x80 || (c == ' ' || c == '\t') && i == len(line)-1 {
				enc = fmt.Sprintf("=%02X", c)
			} else {
				enc = string(c)
			}
			if n+len(enc) > 75 {
				b.WriteString("=\r\n")
				n = 0
			}
			b.WriteString(enc)
			n += len(enc)
		}
		b.WriteString("\r\n")
	}
	return strings.TrimSuffix(b.String(), "\r\n")
}

func run(t *testing.T, stdin []byte, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, tail(string(out), 20))
	}
}

// TestOrdersByRealClients plays four nation turns by mail through Postfix
// and Dovecot, each sent with another real client, after a file with
// errors: the daemon answers the bad file with every error and its line,
// acknowledges each good file with its digest, adjudicates, mails the
// report to every player and "your turn" to the next, and moves each order
// mail to Processed. The archive verifies.
func TestOrdersByRealClients(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	s.playOffline(t, g, 17) // to round 4, where the bots move
	d := s.start(t)

	sent, moves := 0, 0
	t.Run("a file with errors is answered with every error and its line", func(t *testing.T) {
		due, from, text, _ := s.due(t, g, 1)
		bad := text + "move 1 Kentt > Essex\nplace Narnia\n"
		sendSwaks(t, w, from, s.addr, "orders", bad)
		sent++
		m := w.waitMail(t, from, "INBOX", wait, "the refusal", func(m mail) bool { return strings.Contains(m.in.Subject, "NOT accepted") })
		for _, want := range []string{`unknown area "Kentt" (did you mean Kent?)`, `unknown area "Narnia"`, "line ", "The turn due is " + due.ID} {
			if !strings.Contains(m.in.Text, want) {
				t.Errorf("the refusal lacks %q:\n%s", want, m.in.Text)
			}
		}
		if a, _ := archive.Open(g.dir); a.Due().ID != due.ID {
			t.Errorf("the bad file moved the game to %s", a.Due().ID)
		}
	})
	if t.Failed() {
		return
	}
	for i, c := range clients {
		ok := t.Run(c.name, func(t *testing.T) {
			due, from, text, digest := s.due(t, g, uint64(i+1))
			c.send(t, w, from, s.addr, fmt.Sprintf("Orders %s", due.ID), text)
			sent++
			ack := w.waitMail(t, from, "INBOX", wait, "the acknowledgement of "+due.ID, isAck(due.ID, digest))
			if !strings.Contains(ack.in.Text, "Accepted: the "+due.Nation) {
				t.Errorf("the acknowledgement does not name the %s:\n%s", due.Nation, ack.in.Text)
			}
			for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
				if strings.HasPrefix(l, "token:") {
					continue
				}
				if !strings.Contains(ack.in.Text, "    "+l+"\n") {
					t.Errorf("the orders as understood lack %q:\n%s", l, ack.in.Text)
				}
				if !strings.Contains(l, ":") {
					moves++
				}
			}
			for _, tok := range g.tokens {
				if strings.Contains(ack.in.Text, tok) {
					t.Errorf("the acknowledgement repeats a token:\n%s", ack.in.Text)
				}
			}
			for _, p := range s.players {
				w.waitMail(t, p, "INBOX", wait, "the report of "+due.ID, isReport(due.ID))
			}
			a, err := archive.Open(g.dir)
			if err != nil {
				t.Fatal(err)
			}
			next := a.Due()
			if next.ID == due.ID {
				t.Fatalf("the game is still at %s", due.ID)
			}
			if next.Nation != "" {
				w.waitMail(t, a.PlayerOf(next.Nation).Email, "INBOX", wait, "your turn "+next.ID, func(m mail) bool { return m.header("X-Pbem-Turn") == next.ID })
			}
		})
		if !ok {
			return
		}
	}
	if moves == 0 {
		t.Errorf("no turn had a statement: the acknowledgements echoed only headers")
	}
	t.Run("every order mail is in Processed, the archive verifies, nothing was sent twice", func(t *testing.T) {
		w.waitCount(t, s.addr, "Processed", sent, wait)
		if n, _ := w.count(s.addr, "INBOX"); n != 0 {
			t.Errorf("the daemon's INBOX still holds %d messages", n)
		}
		if err := archive.Verify(g.dir); err != nil {
			t.Errorf("archive.Verify: %v", err)
		}
		s.outboxEmpty(t, wait)
		w.noDuplicates(t, append([]string{s.gm}, s.players...)...)
	})
	if !d.running() {
		t.Errorf("pbem serve stopped")
	}
}

// TestHostileMail mails the daemon a 30 MB attachment and a MIME bomb of
// 5,000 parts: each is refused with a reply to the sender (the large one
// without being downloaded), and the daemon keeps serving another game.
func TestHostileMail(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{games: 2})
	d := s.start(t)
	alice := s.players[0]

	// 30 MB of attachment, base64: about 40 MB on the wire.
	big := bytes.Repeat([]byte("pbem e2e 30 MB attachment "), 30<<20/26)
	var raw bytes.Buffer
	fmt.Fprintf(&raw, "From: %s\r\nTo: %s\r\nSubject: my orders and a photo\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\ngame: e2e-1\r\n\r\n--b\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"photo.raw\"\r\nContent-Transfer-Encoding: base64\r\n\r\n",
		alice, s.addr, newMsgID(w), time.Now().Format(time.RFC1123Z))
	enc := base64.StdEncoding.EncodeToString(big)
	for len(enc) > 76 {
		raw.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	raw.WriteString(enc + "\r\n--b--\r\n")
	if err := w.send(alice, []string{s.addr}, raw.Bytes()); err != nil {
		t.Fatalf("sending %d MB: %v", raw.Len()>>20, err)
	}

	// 5,000 parts.
	var bomb bytes.Buffer
	bob := s.players[1]
	fmt.Fprintf(&bomb, "From: %s\r\nTo: %s\r\nSubject: many parts\r\nMessage-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"x\"\r\n\r\n",
		bob, s.addr, newMsgID(w), time.Now().Format(time.RFC1123Z))
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&bomb, "--x\r\nContent-Type: text/plain\r\n\r\ngame: e2e-1 part %d\r\n", i)
	}
	bomb.WriteString("--x--\r\n")
	if err := w.send(bob, []string{s.addr}, bomb.Bytes()); err != nil {
		t.Fatal(err)
	}

	// Orders for the other game.
	g2 := s.games["e2e-2"]
	due, from, text, digest := s.due(t, g2, 1)
	if err := w.send(from, []string{s.addr}, rawMail(from, s.addr, "orders", newMsgID(w), text)); err != nil {
		t.Fatal(err)
	}

	refusal := w.waitMail(t, alice, "INBOX", wait, "the refusal of the 30 MB mail", func(m mail) bool {
		return strings.Contains(m.in.Subject, "Not processed") && strings.Contains(m.in.Text, "max_bytes")
	})
	t.Logf("30 MB: %s", firstLine(refusal.in.Text))
	bombReply := w.waitMail(t, bob, "INBOX", wait, "the refusal of the MIME bomb", func(m mail) bool {
		return strings.Contains(m.in.Subject, "Not processed") && strings.Contains(m.in.Text, "max_parts")
	})
	t.Logf("MIME bomb: %s", firstLine(bombReply.in.Text))
	w.waitMail(t, s.gm, "INBOX", wait, "the GM's note on the 30 MB mail", func(m mail) bool { return strings.Contains(m.in.Subject, "set aside") })
	w.waitMail(t, from, "INBOX", wait, "the acknowledgement in the other game", isAck(due.ID, digest))
	for _, p := range s.players {
		w.waitMail(t, p, "INBOX", wait, "the report of "+due.ID, isReport(due.ID))
	}
	if !d.running() {
		t.Fatal("pbem serve stopped")
	}
	if d.logHas(`"msg":"enqueued"`, `photo.raw`) {
		t.Error("the 30 MB attachment was read")
	}
	if g := s.games["e2e-1"]; g.steps(t) != 0 {
		t.Errorf("game e2e-1 moved")
	}
	s.outboxEmpty(t, wait)
	w.noDuplicates(t, append([]string{s.gm}, s.players...)...)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// TestSameMailTwice delivers one order mail three times, twice while the
// daemon is down and once after it answered (each copy with its own
// Received headers from Postfix): one acknowledgement, one adjudication,
// and every copy ends in Processed.
func TestSameMailTwice(t *testing.T) {
	needE2E(t)
	w := realWorld(t)
	s := newServer(t, w, serverOpts{})
	g := s.theGame()
	due, from, text, digest := s.due(t, g, 1)
	raw := rawMail(from, s.addr, "orders", newMsgID(w), text)
	for i := 0; i < 2; i++ {
		if err := w.send(from, []string{s.addr}, raw); err != nil {
			t.Fatal(err)
		}
	}
	w.waitCount(t, s.addr, "INBOX", 2, wait)
	before := g.steps(t)
	s.start(t)
	w.waitMail(t, from, "INBOX", wait, "the acknowledgement", isAck(due.ID, digest))
	w.waitCount(t, s.addr, "Processed", 2, wait)
	if err := w.send(from, []string{s.addr}, raw); err != nil {
		t.Fatal(err)
	}
	w.waitCount(t, s.addr, "Processed", 3, wait)
	s.outboxEmpty(t, wait)
	acks := 0
	for _, m := range w.inbox(t, from, "INBOX") {
		if isAck(due.ID, digest)(m) {
			acks++
		}
	}
	if acks != 1 {
		t.Errorf("%d acknowledgements, want 1", acks)
	}
	if n := g.steps(t); n != before+1 {
		t.Errorf("the archive holds %d steps, want %d: one turn more", n, before+1)
	}
	w.noDuplicates(t, append([]string{s.gm}, s.players...)...)
}
