package daemon

import (
	"bytes"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/internal/cputime"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// TestMailedMapIsTheStepsMap: the picture mailed with a step's report is
// the detail of the step's one public report (templates.MailMapPNG, issue
// 21: around the step's action, read on a phone), drawn once for every
// player, with a link to the whole board; the "map" command sends the
// whole board at full size (templates.MapPNG) of the step the game stands
// at. Each player's text is their copy of that one report (issue 11,
// Archive).
func TestMailedMapIsTheStepsMap(t *testing.T) {
	f := newFixture(t)
	f.d.Map, f.d.Board = templates.MailMapPNG, templates.MapPNG
	addr, tok := f.duePlayer()
	f.mail(addr, "orders", f.botOrders(tok))
	st, err := f.g.Step("r01-romanobritish")
	require.NoError(t, err)
	want, err := templates.MailMapPNG(f.g.Rules(), f.g.Public(st, ""))
	require.NoError(t, err)
	require.NotNil(t, want, "r01-romanobritish changed nothing on the board")
	public := f.g.Public(st, "x")
	for seat, a := range addrs {
		var report *mailer.Outgoing
		for _, m := range f.out.to(a) {
			if strings.Contains(m.Subject, "r01-romanobritish:") {
				report = m
			}
		}
		require.NotNil(t, report, a)
		require.Len(t, report.Inline, 1, a)
		assert.True(t, bytes.Equal(want, report.Inline[0].Data), "%s got the step's detail", a)
		assert.Contains(t, report.Subject, public.Title)
		assert.Contains(t, report.Text, public.For(f.g.Engine(), seat+1, "").Personal.Player, "%s's own copy", a)
		assert.Contains(t, report.Text, `The whole board at full size: send "map ashdown" (as the Subject) to `+f.d.cfg.From)
		assert.Contains(t, report.HTML, `<a href="mailto:`+f.d.cfg.From+`?subject=map%20ashdown">The whole board at full size</a>`)
	}
	f.mail(addr, "map ashdown", "")
	m := f.out.last(addr)
	require.Len(t, m.Attach, 1, m.Text)
	last, err := f.g.Step("")
	require.NoError(t, err)
	board, err := templates.MapPNG(f.g.Rules(), f.g.Public(last, ""))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(board, m.Attach[0].Data), "the map on demand is the last step's whole board")
}

// discard is an Enqueuer that drops every mail.
type discard struct{ n int }

func (d *discard) Enqueue(*mailer.Outgoing) error { d.n++; return nil }

// BenchmarkMailReports: the mail of a late nation turn of a five-player
// game to its five players and two observers, without the map (drawn once
// a step either way). The step's report is built once and each player's
// copy adds its own part (BENCHMARKS.md).
func BenchmarkMailReports(b *testing.B) {
	dir := b.TempDir()
	gameDir := filepath.Join(dir, "games", "sim")
	if _, err := archive.Simulate(archive.Sim{Ruleset: "redux", Players: 5, Seed: 22}, gameDir); err != nil {
		b.Fatal(err)
	}
	cfg := Defaults()
	cfg.Data, cfg.GM, cfg.From, cfg.Domain = dir, "gm@example.test", "pbem@example.test", "example.test"
	cfg.GMTokenFile = filepath.Join(dir, "gm.token")
	if err := os.WriteFile(cfg.GMTokenFile, []byte(gmToken+"\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	out := &discard{}
	d, err := New(cfg, Options{Out: out, Now: func() time.Time { return time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC) }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	d.Discover()
	ids := d.GameIDs()
	if len(ids) != 1 {
		b.Fatalf("games %v", ids)
	}
	g := d.game(ids[0])
	for _, o := range []string{"x@example.test", "y@example.test"} {
		if err := d.setObserver(g, o, true); err != nil {
			b.Fatal(err)
		}
	}
	steps := g.Steps()
	var step *archive.Step
	for n := len(steps); step == nil || step.Nation == ""; n-- {
		if step, _, err = g.LoadStep(n); err != nil {
			b.Fatal(err)
		}
	}
	out.n = 0
	b.ResetTimer()
	cpu0 := cputime.Self()
	for i := 0; i < b.N; i++ {
		if err := d.mailReports(g, step, ""); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cputime.Self()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	if out.n != 7*b.N {
		b.Fatalf("%d mails, want %d", out.n, 7*b.N)
	}
}
