package daemon

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// weigher is an Enqueuer that renders each report mail to its bytes, as
// the outbox does, and keeps its size, by reader, and whether it carried
// a picture.
type weigher struct {
	sizes   []int          // every report mail, in order
	bare    []int          // those without a picture (quiet steps)
	byPlace map[string]int // bytes by address
	err     error
}

func (w *weigher) Enqueue(o *mailer.Outgoing) error {
	if !strings.Contains(o.ID, ".report.") {
		return nil
	}
	raw, err := rendered(o)
	if err != nil {
		w.err = err
		return err
	}
	w.sizes = append(w.sizes, len(raw))
	if len(o.Inline)+len(o.Attach) == 0 {
		w.bare = append(w.bare, len(raw))
	}
	w.byPlace[o.To[0]] += len(raw)
	return nil
}

// rendered is a mail's bytes as the outbox sends them.
func rendered(o *mailer.Outgoing) ([]byte, error) {
	c := *o
	c.From, c.Date, c.Domain = "pbem@example.test", time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), "example.test"
	return c.Bytes()
}

// simDaemon simulates a whole game of a ruleset (4 players, seed 1) as an
// archive under data/games and opens a daemon on it that draws the maps
// as pbem serve does (the detail with each report, the whole board on
// demand).
func simDaemon(tb testing.TB, ruleset string, out Enqueuer) (*Daemon, *archive.Game) {
	tb.Helper()
	data := tb.TempDir()
	if _, err := archive.Simulate(archive.Sim{Ruleset: ruleset, Players: 4, Seed: 1}, filepath.Join(data, "games", "sim-1")); err != nil {
		tb.Fatal(err)
	}
	cfg := Defaults()
	cfg.Data, cfg.GM, cfg.From, cfg.Domain = data, "gm@example.test", "pbem@example.test", "example.test"
	cfg.GMTokenFile = filepath.Join(data, "gm.token")
	if err := os.WriteFile(cfg.GMTokenFile, []byte(gmToken+"\n"), 0o600); err != nil {
		tb.Fatal(err)
	}
	d, err := New(cfg, Options{Out: out, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		tb.Fatal(err)
	}
	d.Map, d.Board = templates.MailMapPNG, templates.MapPNG
	return d, d.game("sim-1")
}

// BenchmarkMailWeight mails every report of a whole simulated game of
// each ruleset (4 players, seed 1, every player on the default
// preferences: HTML, the picture with every report) and reports what the
// mails weigh as sent (issue 21: a report mail's median under 80 KB, the
// largest under 120 KB, a whole game under 8 MB a player): the median and
// largest report mail, the median of those without a picture (quiet
// steps), and the most any player received. One op is the whole game; run
// it with -benchtime 1x (BENCHMARKS.md, Mail weight).
func BenchmarkMailWeight(b *testing.B) {
	for _, rs := range games.Rulesets() {
		b.Run(rs.Name, func(b *testing.B) {
			w := &weigher{}
			d, g := simDaemon(b, rs.Name, w)
			for b.Loop() {
				w.sizes, w.bare, w.byPlace = nil, nil, map[string]int{}
				for _, st := range g.Steps() {
					step, _, err := g.LoadStep(st.Number)
					if err != nil {
						b.Fatal(err)
					}
					if err := d.mailReports(g, step, ""); err != nil || w.err != nil {
						b.Fatal(err, w.err)
					}
				}
			}
			most := 0
			for _, p := range g.Players() {
				most = max(most, w.byPlace[p.Email])
			}
			slices.Sort(w.sizes)
			slices.Sort(w.bare)
			b.ReportMetric(float64(len(g.Steps())), "steps")
			b.ReportMetric(float64(w.sizes[len(w.sizes)/2])/1e3, "median-KB/mail")
			b.ReportMetric(float64(w.sizes[len(w.sizes)-1])/1e3, "max-KB/mail")
			if len(w.bare) > 0 {
				b.ReportMetric(float64(w.bare[len(w.bare)/2])/1e3, "quiet-median-KB/mail")
			}
			b.ReportMetric(float64(len(w.bare)), "quiet-mails")
			b.ReportMetric(float64(most)/1e6, "MB/player")
		})
	}
}
