package daemon

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pbem-org/pbem/mailer"
)

// Notices of forged mail (issue 23 item 7): the owner of a seat, or the
// GM, whom a refused mail tried to act as hears of it at once the first
// time, then at most once a day: the attempts in between wait for a daily
// summary. A forger who changes the From address for every mail (the
// failed-login limit counts per sender) cannot flood the owner. The state
// is kept on disk (Data/pace/notices.json), so a restart does not reset
// it.

// noticeEvery is how often an owner is told of forged mail at most.
const noticeEvery = 24 * time.Hour

// maxAttempts is how many attempts a summary lists; it counts the rest.
const maxAttempts = 20

// attempt is a refused mail an owner has not been told of yet.
type attempt struct {
	At      time.Time `json:"at"`
	Journal string    `json:"journal"`
	From    string    `json:"from"`
	ReplyTo string    `json:"reply_to,omitempty"`
	Game    string    `json:"game"`
	What    string    `json:"what"`
	Why     string    `json:"why"`
}

// ownerNotices is what an owner has been told: when last, by which mail,
// and the attempts since.
type ownerNotices struct {
	Last    time.Time `json:"last"`
	LastBy  string    `json:"last_by"` // the journal id of the mail the last notice was about
	Who     string    `json:"who"`     // "player Alice", "the GM"
	Count   int       `json:"count,omitempty"`
	Pending []attempt `json:"pending,omitempty"`
}

func (d *Daemon) noticesPath() string { return filepath.Join(d.paceDir(), "notices.json") }

// loadNotices reads the notices state once; the caller holds noticeMu.
func (d *Daemon) loadNotices() error {
	if d.notices != nil {
		return nil
	}
	st := map[string]*ownerNotices{}
	data, err := os.ReadFile(d.noticesPath())
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		if err := json.Unmarshal(data, &st); err != nil {
			d.log.Warn("notices.json is damaged: the daily bound of notices starts again", "err", err)
			st = map[string]*ownerNotices{}
		}
	}
	d.notices = st
	return nil
}

func (d *Daemon) saveNotices() error {
	data, _ := json.MarshalIndent(d.notices, "", "  ")
	return writeAtomic(d.noticesPath(), data, 0o600)
}

// notify tells v's owner of a refused mail: at once if they were not told
// in the last day, else in the next daily summary.
func (d *Daemon) notify(m *mailer.Message, in *mailer.Inbound, game string, v victim, why string) error {
	d.noticeMu.Lock()
	defer d.noticeMu.Unlock()
	if err := d.loadNotices(); err != nil {
		return err
	}
	key := strings.ToLower(strings.TrimSpace(v.addr))
	st := d.notices[key]
	if st == nil {
		st = &ownerNotices{}
		d.notices[key] = st
	}
	st.Who = v.who
	now := d.now().UTC()
	if st.LastBy == m.JournalID || (st.Count == 0 && now.Sub(st.Last) >= noticeEvery) {
		if err := d.send(&mailer.Outgoing{ID: safeID("warn", game, m.JournalID), To: []string{v.addr}, AutoSubmitted: true,
			Subject: fmt.Sprintf("pbem %s: someone tried to act as %s", game, v.who),
			Text:    noticeText(in, game, v, why)}); err != nil {
			return err
		}
		if st.LastBy != m.JournalID {
			st.Last, st.LastBy = now, m.JournalID
		}
		return d.saveNotices()
	}
	for _, a := range st.Pending {
		if a.Journal == m.JournalID {
			return nil // a mail handled again after a crash: counted already
		}
	}
	st.Count++
	if len(st.Pending) < maxAttempts {
		st.Pending = append(st.Pending, attempt{At: now, Journal: m.JournalID, From: in.From, ReplyTo: in.ReplyTo, Game: game, What: v.what, Why: why})
	}
	return d.saveNotices()
}

// noticeText is the notice of one refused mail.
func noticeText(in *mailer.Inbound, game string, v victim, why string) string {
	reply := ""
	if in.ReplyTo != "" {
		reply = fmt.Sprintf(" (Reply-To: %s)", in.ReplyTo)
	}
	return fmt.Sprintf("A mail from %s%s tried to act as %s in game %s (%s) and was refused: %s. If it was you, use your registered address and token. Nothing was changed.\n\nIf more such mails come, pbem tells you of them once a day, in one summary.\n", in.From, reply, v.who, game, v.what, why)
}

// FlushNotices mails each owner the daily summary of the refused mails
// they have not been told of, once a day has passed since their last
// notice. The clock calls it; it touches the disk only when a summary is
// due.
func (d *Daemon) FlushNotices() error {
	d.noticeMu.Lock()
	defer d.noticeMu.Unlock()
	if err := d.loadNotices(); err != nil {
		return err
	}
	now := d.now().UTC()
	var owners []string
	for k, st := range d.notices {
		if st.Count > 0 && now.Sub(st.Last) >= noticeEvery {
			owners = append(owners, k)
		}
	}
	if len(owners) == 0 {
		return nil
	}
	sort.Strings(owners)
	for _, k := range owners {
		st := d.notices[k]
		if err := d.send(&mailer.Outgoing{ID: safeID("warn", "summary", k, st.Last.Format("20060102T150405")), To: []string{k}, AutoSubmitted: true,
			Subject: fmt.Sprintf("pbem: %d more mails tried to act as %s", st.Count, st.Who), Text: summaryText(st)}); err != nil {
			return err
		}
		st.Last, st.LastBy, st.Count, st.Pending = now, "", 0, nil
	}
	return d.saveNotices()
}

// summaryText lists the refused mails of a daily summary.
func summaryText(st *ownerNotices) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Since %s, %s tried to act as %s and %s refused; nothing was changed. pbem tells you of such mail at most once a day.\n\n",
		st.Last.Format("Mon 2 Jan 15:04 MST"), map[bool]string{true: "1 more mail", false: fmt.Sprintf("%d more mails", st.Count)}[st.Count == 1], st.Who, map[bool]string{true: "was", false: "were"}[st.Count == 1])
	for _, a := range st.Pending {
		reply := ""
		if a.ReplyTo != "" {
			reply = " (Reply-To: " + a.ReplyTo + ")"
		}
		fmt.Fprintf(&b, "  %s  from %s%s, game %s, %s: %s\n", a.At.Format("2006-01-02 15:04 MST"), a.From, reply, a.Game, a.What, a.Why)
	}
	if more := st.Count - len(st.Pending); more > 0 {
		fmt.Fprintf(&b, "  and %d more\n", more)
	}
	b.WriteString("\nIf it was you, use your registered address and token.\n")
	return b.String()
}
