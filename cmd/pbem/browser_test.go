package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/templates/headless"
)

// TestPagesInChromium opens the HTML pages pbem writes in a real headless
// Chromium (Debian's chromium; .ci/run installs it), at a phone's width
// (375 px) and a desktop's (1,000 px): a step's report view beside its map,
// and a game's history: its first page (with the VP chart) and a step's
// page (with its map, an SVG over the board drawn once). None scrolls
// sideways (issue 14: the report did at 375 px; issue 21: the history's
// <pre> did), and the map images load. The history's keys step through
// it (issue 21): → and j to the next page, ← and k to the previous.
// Screenshots of each are written to $PBEM_SCREENSHOTS when it is set, to
// be looked at (the top of each page, and of a step page's map). Without
// Chromium the test skips, saying so, unless PBEM_CHROMIUM_REQUIRED=1 (CI).
func TestPagesInChromium(t *testing.T) {
	b := headless.ForTest(t)
	game, tmp := newForumGame(t)
	// A round and a half: a battle in the Welsh turn, bot turns, the
	// end of round 1 and its scoring.
	must(t, "nmr", "--game", game)
	must(t, "turn", "--game", game, write(t, tmp, "alice.txt", "game: hastings\nnation: Welsh\nturn: r01-welsh\n\nmove 1 Powys > March\n"))
	for range 4 {
		must(t, "nmr", "--game", game)
	}
	hist := filepath.Join(tmp, "history")
	must(t, "history", "--game", game, "--format", "html", "-o", hist)

	pages := []struct{ name, file, img string }{
		{"report", filepath.Join(game, "views", "002-r01-welsh", "report.html"), "img"},
		{"history", filepath.Join(hist, "index.html"), ""},
		{"history-step", filepath.Join(hist, "steps", "002-r01-welsh.html"), "svg image"},
	}
	for _, pg := range pages {
		for _, width := range []int{375, 1000} {
			p, err := b.Open(fileURL(pg.file), width, 900)
			if err != nil {
				t.Fatal(err)
			}
			checkPage(t, p, fmt.Sprintf("%s-%d", pg.name, width), pg.img)
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		}
	}
	stepWithKeys(t, b, hist)
	mapFullSize(t, b, hist)
}

// mapFullSize opens a step's map at its full size on a phone, as its
// "Full size" link does (#map, no script): the map is as wide as drawn
// and scrolls sideways in its own box, the page does not.
func mapFullSize(t *testing.T, b *headless.Browser, hist string) {
	t.Helper()
	p, err := b.Open(fileURL(filepath.Join(hist, "steps", "002-r01-welsh.html"))+"#map", 375, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var w float64
	if err := p.Eval(`document.querySelector('#map svg').getBoundingClientRect().width`, &w); err != nil {
		t.Fatal(err)
	}
	if w < 1000 {
		t.Errorf("the map at full size is %.0f px wide", w)
	}
	checkPage(t, p, "history-step-375-full", "")
}

func fileURL(path string) string { return (&url.URL{Scheme: "file", Path: path}).String() }

// checkPage fails when the page scrolls sideways or its image img (a CSS
// selector; none if "") does not load, and keeps a screenshot of it as
// name (and of its map, name-map, when the map is an SVG).
func checkPage(t *testing.T, p *headless.Page, name, img string) {
	t.Helper()
	l, err := p.Layout()
	if err != nil {
		t.Fatal(err)
	}
	if l.Overflows() {
		t.Errorf("%s scrolls sideways: %d px wide; too wide: %q", name, l.ScrollWidth, l.Wide)
	}
	shot := func(name string) {
		if dir := os.Getenv("PBEM_SCREENSHOTS"); dir != "" {
			png, err := p.Screenshot()
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, name+".png")
			if err := os.WriteFile(file, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot %s", file)
		}
	}
	shot(name)
	switch img {
	case "":
	case "img":
		if w, err := p.Image("img"); err != nil || w == 0 {
			t.Errorf("%s: the map did not load (natural width %d, %v)", name, w, err)
		}
	default:
		var w int
		err := p.Eval(`(async () => {
			const im = document.querySelector(`+"`"+img+"`"+`);
			if (!im) throw new Error('no `+img+`');
			im.closest('svg').scrollIntoView();
			const i = new Image();
			i.src = new URL(im.href.baseVal, document.baseURI).href;
			try { await i.decode(); } catch (e) { return 0; }
			return i.naturalWidth;
		})()`, &w)
		if err != nil || w == 0 {
			t.Errorf("%s: the board under the map did not load (natural width %d, %v)", name, w, err)
		}
		shot(name + "-map")
	}
}

// stepWithKeys steps through the history with the keys: j from the first
// page to the start, → to the next step, k and ← back.
func stepWithKeys(t *testing.T, b *headless.Browser, hist string) {
	t.Helper()
	p, err := b.Open(fileURL(filepath.Join(hist, "index.html")), 375, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, k := range []struct{ key, want string }{
		{"j", "steps/000-start.html"},
		{"ArrowRight", "steps/001-r01-romanobritish.html"},
		{"j", "steps/002-r01-welsh.html"},
		{"k", "steps/001-r01-romanobritish.html"},
		{"ArrowLeft", "steps/000-start.html"},
		{"ArrowLeft", "history/index.html"},
	} {
		u, err := p.PressAndLoad(k.key)
		if err != nil {
			t.Fatalf("key %s (to %s): %v", k.key, k.want, err)
		}
		if !strings.HasSuffix(u, k.want) {
			t.Errorf("key %s led to %s, not %s", k.key, u, k.want)
		}
	}
}
