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

// pendingObserver is an "observe" request waiting for its confirmation
// (Data/pace/GAME.observers.pending.json, by address in lower case).
type pendingObserver struct {
	Code  string    `json:"code"`
	Since time.Time `json:"since"`
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
// unsubscribes it. Subscribing takes two mails: "observe GAME" mails a
// confirmation code to the sender's address (never to a Reply-To), and
// "observe GAME confirm CODE" from that address subscribes it. So nobody
// subscribes an address they cannot read.
func (d *Daemon) observe(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	addr := strings.ToLower(strings.TrimSpace(in.From))
	arg := ""
	if len(env.args) > 0 {
		arg = strings.ToLower(env.args[0])
	}
	switch arg {
	case "off":
		if err := d.setObserver(g, addr, false); err != nil {
			return err
		}
		return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{addr}, InReplyTo: in.MessageID, AutoSubmitted: true,
			Subject: "pbem: observe " + g.ID() + " off",
			Text:    fmt.Sprintf("%s no longer receives the reports of game %s. Send \"observe %s\" to receive them again.\n", addr, g.ID(), g.ID())})
	case "confirm":
		return d.confirmObserver(m, in, g, addr, env.args[1:])
	}
	for _, o := range d.observers(g) {
		if strings.EqualFold(o, addr) {
			return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{addr}, InReplyTo: in.MessageID, AutoSubmitted: true,
				Subject: "pbem: observe " + g.ID(), Text: fmt.Sprintf("%s already receives the public report of every turn of game %s. Send \"observe %s off\" to stop.\n", addr, g.ID(), g.ID())})
		}
	}
	pend, err := d.loadPending(g)
	if err != nil {
		return err
	}
	po, ok := pend[addr]
	if !ok {
		code, err := newToken(crand.Reader)
		if err != nil {
			return err
		}
		po = pendingObserver{Code: code, Since: d.now().UTC()}
		pend[addr] = po
		if err := d.savePending(g, pend); err != nil {
			return err
		}
	}
	// One confirmation mail per address, game and day, however many
	// requests come: pbem is not a way to flood an address.
	subject := fmt.Sprintf("observe %s confirm %s", g.ID(), po.Code)
	return d.send(&mailer.Outgoing{ID: safeID("observe", g.ID(), addr, d.now().UTC().Format("2006-01-02")), To: []string{addr}, AutoSubmitted: true,
		Subject: subject,
		Text: fmt.Sprintf(`Someone, perhaps you, asked pbem at %s to send the public report of
every turn of game %s to %s.

To confirm, reply to this mail keeping its Subject, or send a mail from
%s with the Subject:

    %s

If it was not you, ignore this mail: nothing will be sent. The code is
valid for %d days.
`, d.cfg.From, g.ID(), addr, addr, subject, int(observeCodeLife.Hours()/24))})
}

// confirmObserver subscribes addr if args hold its pending code. A wrong
// code counts as a failed login.
func (d *Daemon) confirmObserver(m *mailer.Message, in *mailer.Inbound, g *archive.Game, addr string, args []string) error {
	pend, err := d.loadPending(g)
	if err != nil {
		return err
	}
	po, ok := pend[addr]
	if !ok || len(args) == 0 || !sameToken(args[0], po.Code) {
		n, err := d.countFailure(in.From, m.JournalID)
		if err != nil {
			return err
		}
		if silent, err := d.overLimit(in, n, fmt.Sprintf("the last a wrong confirmation code for observing game %s", g.ID())); silent {
			return err
		}
		return d.reply(m, in, "observe", fmt.Sprintf("That is not a valid confirmation code for %s in game %s (codes last %d days). Send \"observe %s\" for a new one.", addr, g.ID(), int(observeCodeLife.Hours()/24), g.ID()))
	}
	delete(pend, addr)
	if err := d.setObserver(g, addr, true); err != nil {
		return err
	}
	if err := d.savePending(g, pend); err != nil {
		return err
	}
	return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{addr}, InReplyTo: in.MessageID, AutoSubmitted: true,
		Subject: "pbem: observe " + g.ID(),
		Text:    fmt.Sprintf("%s will receive the public report of every turn of game %s. Send \"observe %s off\" to stop.\n", addr, g.ID(), g.ID())})
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
