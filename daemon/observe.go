package daemon

import (
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// observeCodeLife is how long a confirmation code of "observe" is valid.
const observeCodeLife = 7 * 24 * time.Hour

// pendingObserver is an "observe" or "observe off" request waiting for its
// confirmation (Data/pace/GAME.observers.pending.json, by address in lower
// case).
type pendingObserver struct {
	Code  string    `json:"code"`
	Since time.Time `json:"since"`
	// Off marks a request to stop observing.
	Off bool `json:"off,omitempty"`
	// Mailed is the day (UTC) the code was last mailed, MailedBy the
	// journal id of the request that mailed it: one code mail per address,
	// game and day, and a request retried after a crash mails it again.
	Mailed   string `json:"mailed,omitempty"`
	MailedBy string `json:"mailed_by,omitempty"`
}

func (d *Daemon) pendingPath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".observers.pending.json")
}

func (d *Daemon) loadPending(g *archive.Game) (map[string]pendingObserver, error) {
	p := map[string]pendingObserver{}
	if err := readRequests(d.pendingPath(g), &p); err != nil {
		return nil, err
	}
	for addr, po := range p {
		if d.now().Sub(po.Since) > observeCodeLife {
			delete(p, addr)
		}
	}
	return p, nil
}

func (d *Daemon) savePending(g *archive.Game, p map[string]pendingObserver) error {
	return writeRequests(d.pendingPath(g), p)
}

// observe subscribes the sender's address to a game's public reports, or
// unsubscribes it. Either takes two mails: "observe GAME" (or "observe
// GAME off") mails a confirmation code to the sender's address (never to
// a Reply-To), and "observe GAME confirm CODE" ("observe GAME off confirm
// CODE") from that address does it. So nobody subscribes an address they
// cannot read, nor unsubscribes one with a forged From.
func (d *Daemon) observe(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	addr := strings.ToLower(strings.TrimSpace(in.From))
	args := env.args
	on := len(args) == 0 || !strings.EqualFold(args[0], "off")
	if !on {
		args = args[1:]
	}
	if len(args) > 0 && strings.EqualFold(args[0], "confirm") {
		return d.confirmObserver(m, in, g, addr, on, args[1:])
	}
	return d.askObserver(m, in, g, addr, on)
}

// observing reports whether addr receives a game's public reports.
func (d *Daemon) observing(g *archive.Game, addr string) bool {
	for _, o := range d.observers(g) {
		if strings.EqualFold(o, addr) {
			return true
		}
	}
	return false
}

// toSender answers a mail at its From address, never a Reply-To: what
// concerns an address goes to that address.
func (d *Daemon) toSender(m *mailer.Message, in *mailer.Inbound, addr, subject, text string) error {
	return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{addr}, InReplyTo: in.MessageID, AutoSubmitted: true,
		Subject: "pbem: " + subject, Text: text})
}

// askObserver answers "observe" (on) or "observe off": the code that
// confirms it, mailed to addr once a day, or why there is nothing to do.
func (d *Daemon) askObserver(m *mailer.Message, in *mailer.Inbound, g *archive.Game, addr string, on bool) error {
	switch observing := d.observing(g, addr); {
	case on && observing:
		return d.toSender(m, in, addr, "observe "+g.ID(), fmt.Sprintf("%s already receives the public report of every turn of game %s. Send \"observe %s off\" to stop.\n", addr, g.ID(), g.ID()))
	case !on && !observing:
		return d.toSender(m, in, addr, "observe "+g.ID()+" off", fmt.Sprintf("%s does not receive the reports of game %s: there is nothing to stop. Send \"observe %s\" to receive them.\n", addr, g.ID(), g.ID()))
	}
	pend, err := d.loadPending(g)
	if err != nil {
		return err
	}
	day := d.now().UTC().Format("2006-01-02")
	po, ok := pend[addr]
	if !ok || po.Off == on {
		code, err := newToken(crand.Reader)
		if err != nil {
			return err
		}
		po = pendingObserver{Code: code, Since: d.now().UTC(), Off: !on}
	}
	what := map[bool]string{true: "observe " + g.ID(), false: "observe " + g.ID() + " off"}[on]
	if po.Mailed == day && po.MailedBy != m.JournalID {
		// One confirmation mail per address, game and day, however many
		// requests come: pbem is not a way to flood an address.
		return d.reply(m, in, what, fmt.Sprintf("A confirmation code was mailed to %s today already: reply to that mail (Subject \"%s confirm …\") keeping its Subject. pbem mails one code a day to an address; it is valid for %d days.\n", addr, what, int(observeCodeLife.Hours()/24)))
	}
	po.Mailed, po.MailedBy = day, m.JournalID
	pend[addr] = po
	if err := d.savePending(g, pend); err != nil {
		return err
	}
	subject := what + " confirm " + po.Code
	doing := map[bool]string{true: "to send the public report of\nevery turn of game %s to %s", false: "to stop sending the public report\nof every turn of game %s to %s"}[on]
	return d.send(&mailer.Outgoing{ID: safeID("observe", map[bool]string{true: "", false: "off"}[on], g.ID(), addr, day), To: []string{addr}, AutoSubmitted: true,
		Subject: subject,
		Text: fmt.Sprintf(`Someone, perhaps you, asked pbem at %s `+doing+`.

To confirm, reply to this mail keeping its Subject, or send a mail from
%s with the Subject:

    %s

If it was not you, ignore this mail: nothing changes. The code is
valid for %d days.
`, d.cfg.From, g.ID(), addr, addr, subject, int(observeCodeLife.Hours()/24))})
}

// confirmObserver subscribes addr (on) or unsubscribes it if args hold its
// pending code. A wrong code counts as a failed login.
func (d *Daemon) confirmObserver(m *mailer.Message, in *mailer.Inbound, g *archive.Game, addr string, on bool, args []string) error {
	pend, err := d.loadPending(g)
	if err != nil {
		return err
	}
	what := map[bool]string{true: "observe " + g.ID(), false: "observe " + g.ID() + " off"}[on]
	po, ok := pend[addr]
	if !ok || po.Off == on || len(args) == 0 || !sameToken(args[0], po.Code) {
		n, err := d.countFailure(in.From, m.JournalID)
		if err != nil {
			return err
		}
		if silent, err := d.overLimit(in, n, fmt.Sprintf("the last a wrong confirmation code for observing game %s", g.ID())); silent {
			return err
		}
		return d.reply(m, in, "observe", fmt.Sprintf("That is not a valid confirmation code of \"%s\" for %s (codes last %d days). Send \"%s\" for a new one.", what, addr, int(observeCodeLife.Hours()/24), what))
	}
	delete(pend, addr)
	if err := d.setObserver(g, addr, on); err != nil {
		return err
	}
	if err := d.savePending(g, pend); err != nil {
		return err
	}
	text := fmt.Sprintf("%s will receive the public report of every turn of game %s. Send \"observe %s off\" to stop.\n", addr, g.ID(), g.ID())
	if !on {
		text = fmt.Sprintf("%s no longer receives the reports of game %s. Send \"observe %s\" to receive them again.\n", addr, g.ID(), g.ID())
	}
	return d.toSender(m, in, addr, what, text)
}

func (d *Daemon) observersPath(g *archive.Game) string {
	return filepath.Join(d.paceDir(), g.ID()+".observers")
}

// observers lists the addresses that receive a game's public reports.
func (d *Daemon) observers(g *archive.Game) []string {
	data, err := os.ReadFile(d.observersPath(g))
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func (d *Daemon) setObserver(g *archive.Game, addr string, on bool) error {
	var keep []string
	for _, o := range d.observers(g) {
		if !strings.EqualFold(o, addr) {
			keep = append(keep, o)
		}
	}
	if on {
		keep = append(keep, addr)
	}
	sort.Strings(keep)
	return writeAtomic(d.observersPath(g), []byte(strings.Join(keep, "\n")+"\n"), 0o644)
}

// readRequests reads a file of requests waiting for a confirmation (by
// address) into v; a missing file is none.
func readRequests(path string, v any) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return nil
}

// writeRequests writes a file of requests (readRequests), private.
func writeRequests(path string, v any) error {
	data, _ := json.MarshalIndent(v, "", "  ") // map keys in sorted order
	return writeAtomic(path, data, 0o600)
}
