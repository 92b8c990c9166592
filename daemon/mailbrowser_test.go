package daemon

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/mapdraw"
	"github.com/pbem-org/pbem/templates"
	"github.com/pbem-org/pbem/templates/headless"
)

// TestMailedReportInChromium opens the HTML part of a real report mail,
// as the daemon sends it (a step with battles from round 5 on of a
// simulated game of each ruleset with the largest board drawings, classic
// Britannia's and Hy Breasil's), in a headless Chromium at a phone's
// width (375 px) and a desktop's (1,000 px), its inline picture beside it
// as the mail carries it (issue 21: the map in the mail was a thumbnail at
// 375 px). The page does not scroll sideways, the picture loads, and it
// is shown at least 0.75 CSS pixels a board pixel at 375 px and at its
// own size at 1,000 px, so that the names and counters read as they do on
// the board (mapdraw.DetailFrame); the link to the whole board is there.
// Screenshots of the top of each page are written to $PBEM_SCREENSHOTS
// when it is set, to be looked at. Without Chromium the test skips,
// saying so, unless PBEM_CHROMIUM_REQUIRED=1 (CI).
func TestMailedReportInChromium(t *testing.T) {
	b := headless.ForTest(t)
	for _, ruleset := range []string{"britannia", "hy-breasil"} {
		t.Run(ruleset, func(t *testing.T) {
			dir := t.TempDir()
			page, frame := mailedReport(t, ruleset, dir)
			for _, width := range []int{375, 1000} {
				p, err := b.Open((&url.URL{Scheme: "file", Path: page}).String(), width, 1100)
				require.NoError(t, err)
				shotAndFit(t, p, fmt.Sprintf("mail-%s-%d.png", ruleset, width), width)
				natural, err := p.Image("img")
				require.NoError(t, err)
				require.Equal(t, mapdraw.DetailWidth, natural, "the picture did not load, or is not the detail")
				var shown float64
				require.NoError(t, p.Eval(`document.querySelector('img').getBoundingClientRect().width`, &shown))
				scale := shown / frame.W
				t.Logf("at %d px the picture is shown %.0f px wide, %.2f CSS px a board pixel (frame %v)", width, shown, scale, frame)
				want := 0.75
				if width >= 1000 {
					want = 1
				}
				if scale < want {
					t.Errorf("at %d px the picture is shown at %.2f of the board's size, want %.2f or more", width, scale, want)
				}
				require.NoError(t, p.Close())
			}
		})
	}
}

// mailedReport simulates a game of a ruleset, mails the report of its
// first step with battles from round 5 on to the players, and writes the
// HTML part of the first player's mail to dir as a page, its cid: image
// the inline PNG written beside it. It returns the page's path and the
// part of the board the picture shows.
func mailedReport(t *testing.T, ruleset, dir string) (string, mapdraw.Rect) {
	t.Helper()
	out := &capture{}
	d, g := simDaemon(t, ruleset, out)
	for _, info := range g.Steps() {
		st, _, err := g.LoadStep(info.Number)
		require.NoError(t, err)
		r := g.Public(st, "")
		if st.Before.Round < 5 || len(r.Battles) == 0 {
			continue
		}
		require.NoError(t, d.mailReports(g, st, ""))
		page, tree, raw, parts := mailPage(t, out.msgs, dir)
		require.Equal(t, "multipart/related[multipart/alternative[text/plain text/html] image/png:inline]", tree)
		geo, err := mapdraw.ForBoard(g.Rules().Board)
		require.NoError(t, err)
		frame, err := mapdraw.DetailFrame(geo, g.Rules().Board, templates.MapView(g.Rules(), r), templates.Focus(g.Rules(), r))
		require.NoError(t, err)
		t.Logf("%s: the mail of %s, %d bytes (the picture %d)", ruleset, st.ID, len(raw), len(parts[2].Data))
		return page, frame
	}
	t.Fatalf("%s: no step with battles from round 5 on", ruleset)
	return "", mapdraw.Rect{}
}

// TestEndOfGameMailInChromium opens the HTML part of the mail of the step
// that ends a game, as the daemon sends it, with its inline pictures
// beside it, at a phone's width and a desktop's: the VP chart is a picture
// (Gmail drops an inline SVG, issue 21) that loads, fits the page without
// sideways scrolling, and is shown at least 300 px wide at 375 px.
// Screenshots go to $PBEM_SCREENSHOTS when it is set.
func TestEndOfGameMailInChromium(t *testing.T) {
	b := headless.ForTest(t)
	out := &keeper{}
	d, g := lateGame(t, out)
	steps := g.Steps()
	step, _, err := g.LoadStep(steps[len(steps)-1].Number)
	require.NoError(t, err)
	require.True(t, step.State.Over)
	require.NoError(t, d.mailReports(g, step, ""))
	page, _, _, _ := mailPage(t, out.mails, t.TempDir())
	html, err := os.ReadFile(page)
	require.NoError(t, err)
	require.Contains(t, string(html), `src="vp-chart.png"`)
	for _, width := range []int{375, 1000} {
		p, err := b.Open((&url.URL{Scheme: "file", Path: page}).String(), width, 1100)
		require.NoError(t, err)
		var top float64
		require.NoError(t, p.Eval(`(() => { const i = document.querySelector('img[src="vp-chart.png"]'); i.scrollIntoView(); return i.getBoundingClientRect().top; })()`, &top))
		shotAndFit(t, p, fmt.Sprintf("end-mail-%d.png", width), width)
		natural, err := p.Image(`img[src="vp-chart.png"]`)
		require.NoError(t, err)
		require.Equal(t, 960, natural, "the chart did not load")
		var shown float64
		require.NoError(t, p.Eval(`document.querySelector('img[src="vp-chart.png"]').getBoundingClientRect().width`, &shown))
		t.Logf("at %d px the chart is shown %.0f px wide", width, shown)
		if shown < 300 || shown > float64(width) {
			t.Errorf("at %d px the chart is shown %.0f px wide", width, shown)
		}
		require.NoError(t, p.Close())
	}
}

// mailPage renders the report mail to player 1 among msgs as it is sent,
// and writes its HTML part to dir as a page, each inline picture beside it
// under its file name for its cid: address. It returns the page's path,
// the mail's MIME tree, the raw mail and its parts.
func mailPage(t *testing.T, msgs []*mailer.Outgoing, dir string) (page, tree string, raw []byte, parts []mailtest.Part) {
	t.Helper()
	var mail *mailer.Outgoing
	for _, o := range msgs {
		if strings.Contains(o.ID, ".report.1") {
			mail = o
		}
	}
	require.NotNil(t, mail, "no report mail to player 1")
	raw, err := rendered(mail)
	require.NoError(t, err)
	tree, parts, err = mailtest.Structure(raw)
	require.NoError(t, err)
	html := ""
	for _, p := range parts {
		if p.ContentType == "text/html" {
			html = string(p.Data)
		}
	}
	for _, p := range parts {
		if p.ContentID != "" {
			html = strings.ReplaceAll(html, "cid:"+p.ContentID, p.Filename)
			require.NoError(t, os.WriteFile(filepath.Join(dir, p.Filename), p.Data, 0o644))
		}
	}
	page = filepath.Join(dir, "mail.html")
	require.NoError(t, os.WriteFile(page, []byte(html), 0o644))
	return page, tree, raw, parts
}

// shotAndFit writes a screenshot of the page to $PBEM_SCREENSHOTS/name
// when it is set, and fails the test if the page, width px wide, scrolls
// sideways.
func shotAndFit(t *testing.T, p *headless.Page, name string, width int) {
	t.Helper()
	if shots := os.Getenv("PBEM_SCREENSHOTS"); shots != "" {
		png, err := p.Screenshot()
		require.NoError(t, err)
		name = filepath.Join(shots, name)
		require.NoError(t, os.WriteFile(name, png, 0o644))
		t.Logf("screenshot %s", name)
	}
	l, err := p.Layout()
	require.NoError(t, err)
	if l.Overflows() {
		t.Errorf("at %d px the mail scrolls sideways: %d px wide; too wide: %q", width, l.ScrollWidth, l.Wide)
	}
}
