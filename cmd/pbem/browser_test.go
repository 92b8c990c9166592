package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/pbem-org/pbem/templates/headless"
)

// TestPagesInChromium opens the HTML pages pbem writes in a real headless
// Chromium (Debian's chromium; .ci/run installs it), at a phone's width
// (375 px) and a desktop's (1,000 px): a step's report view beside its map
// and a game's history. Neither scrolls sideways (issue 14: the report did
// at 375 px), and the map image loads. Screenshots of each are written to
// $PBEM_SCREENSHOTS when it is set, to be looked at (the top of each page). Without Chromium the
// test skips, saying so, unless PBEM_CHROMIUM_REQUIRED=1 (CI).
func TestPagesInChromium(t *testing.T) {
	path, err := headless.Find()
	if err != nil {
		if os.Getenv("PBEM_CHROMIUM_REQUIRED") == "1" {
			t.Fatal(err)
		}
		t.Skipf("skipped: %v", err)
	}
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

	b, err := headless.Start(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	pages := []struct{ name, file string }{
		{"report", filepath.Join(game, "views", "002-r01-welsh", "report.html")},
		{"history", filepath.Join(hist, "index.html")},
	}
	for _, pg := range pages {
		for _, width := range []int{375, 1000} {
			u := (&url.URL{Scheme: "file", Path: pg.file}).String()
			p, err := b.Open(u, width, 900)
			if err != nil {
				t.Fatal(err)
			}
			l, err := p.Layout()
			if err != nil {
				t.Fatal(err)
			}
			if l.Overflows() {
				t.Errorf("%s at %d px scrolls sideways: %d px wide; too wide: %q", pg.name, width, l.ScrollWidth, l.Wide)
			}
			if dir := os.Getenv("PBEM_SCREENSHOTS"); dir != "" {
				png, err := p.Screenshot()
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%d.png", pg.name, width))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("screenshot %s", name)
			}
			if w, err := p.Image("img"); err != nil || w == 0 {
				t.Errorf("%s at %d px: the map did not load (natural width %d, %v)", pg.name, width, w, err)
			}
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		}
	}
}
