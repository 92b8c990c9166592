package daemon

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// sizer is an Enqueuer that renders each mail to its bytes, as the outbox
// does, and keeps their sizes by reader and format.
type sizer struct {
	html, text []int
	total      map[string]int // bytes of reports and digests by address
	err        error
}

func (s *sizer) Enqueue(o *mailer.Outgoing) error {
	if !strings.Contains(o.ID, ".report.") && !strings.Contains(o.ID, ".digest.") {
		return nil
	}
	c := *o
	c.From, c.Date, c.Domain = "pbem@example.test", time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), "example.test"
	raw, err := c.Bytes()
	if err != nil {
		s.err = err
		return err
	}
	if s.total == nil {
		s.total = map[string]int{}
	}
	s.total[o.To[0]] += len(raw)
	switch {
	case strings.Contains(o.ID, ".digest."):
	case o.HTML != "":
		s.html = append(s.html, len(raw))
	default:
		s.text = append(s.text, len(raw))
	}
	return nil
}

// lateGame is simDaemon's whole 4-player reduX game (seed 1), players 1
// and 2 on the default (HTML) mail and 3 and 4 on text-only mail.
func lateGame(tb testing.TB, out Enqueuer) (*Daemon, *archive.Game) {
	tb.Helper()
	d, g := simDaemon(tb, "redux", out)
	for _, name := range []string{"Player 3", "Player 4"} {
		if err := g.SetPrefs(name, archive.MailPrefs{Format: "text"}, ""); err != nil {
			tb.Fatal(err)
		}
	}
	return d, g
}

// BenchmarkReportMail queues the report mails of the late game's steps
// (rounds 13 to 16 of a simulated game, the map drawn as templates.MapView
// draws it) and renders each to its bytes: one op is one step's mail to
// four players, two on HTML and two on text-only mail. It reports the
// sizes of the mails, the largest and the median (issue 14: under 150 KB
// with the map).
func BenchmarkReportMail(b *testing.B) {
	s := &sizer{}
	d, g := lateGame(b, s)
	var late []int
	for _, st := range g.Steps() {
		if st.ID >= "r13-" && !st.Superseded() {
			late = append(late, st.Number)
		}
	}
	i := 0
	for b.Loop() {
		step, _, err := g.LoadStep(late[i%len(late)])
		if err != nil {
			b.Fatal(err)
		}
		if err := d.mailReports(g, step, ""); err != nil || s.err != nil {
			b.Fatal(err, s.err)
		}
		i++
	}
	for _, m := range []struct {
		name  string
		sizes []int
	}{{"html", s.html}, {"text", s.text}} {
		slices.Sort(m.sizes)
		if len(m.sizes) > 0 {
			b.ReportMetric(float64(m.sizes[len(m.sizes)-1]), "max-B/"+m.name+"-mail")
			b.ReportMetric(float64(m.sizes[len(m.sizes)/2]), "median-B/"+m.name+"-mail")
		}
	}
}

// BenchmarkGameMail mails the reports of a whole simulated game (172
// steps) to four players, each on other preferences, and reports what each
// mailbox received: the defaults (HTML, the map with every report), text
// only, the map once a round, and a digest a round (issue 14: about 190 MB
// a player a game before). One op is the whole game; run it with
// -benchtime 1x.
func BenchmarkGameMail(b *testing.B) {
	s := &sizer{}
	d, g := lateGame(b, s)
	prefs := []archive.MailPrefs{{}, {Format: "text"}, {Map: "round"}, {Reports: "digest"}}
	for i, p := range g.Players() {
		if err := g.SetPrefs(p.Name, prefs[i], ""); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		s.total = nil
		for _, st := range g.Steps() {
			step, _, err := g.LoadStep(st.Number)
			if err != nil {
				b.Fatal(err)
			}
			if err := d.mailReports(g, step, ""); err != nil || s.err != nil {
				b.Fatal(err, s.err)
			}
		}
	}
	for i, p := range g.Players() {
		b.ReportMetric(float64(s.total[p.Email])/1e6, fmt.Sprintf("MB/player%d", i+1))
	}
}
