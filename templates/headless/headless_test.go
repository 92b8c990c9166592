package headless

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// browser is ForTest.
func browser(t *testing.T) *Browser { return ForTest(t) }

// onePixel is a 1×1 PNG.
const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// TestLayout: Layout tells a page that scrolls sideways at a phone's width
// from one that does not and names the element too wide; Image reports an
// image that loads and one that does not; Screenshot is a PNG of the
// viewport.
func TestLayout(t *testing.T) {
	b := browser(t)
	dir := t.TempDir()
	raw, err := base64.StdEncoding.DecodeString(onePixel)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dot.png"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	head := `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>`
	pages := map[string]string{
		"wide.html":   head + `<p>fits</p><table style="width:600px"><tr><td>a wide cell</td></tr></table><img src="dot.png"></body></html>`,
		"boxed.html":  head + `<div style="overflow-x:auto"><table style="width:600px"><tr><td>a wide cell</td></tr></table></div><img src="missing.png"></body></html>`,
		"narrow.html": head + `<p>fits</p></body></html>`,
	}
	for name, html := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	open := func(name string, width int) *Page {
		t.Helper()
		p, err := b.Open((&url.URL{Scheme: "file", Path: filepath.Join(dir, name)}).String(), width, 600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		return p
	}
	for _, tc := range []struct {
		page     string
		width    int
		overflow bool
		wide     string
	}{
		{"wide.html", 375, true, "TABLE: a wide cell"},
		{"wide.html", 1000, false, ""},
		{"boxed.html", 375, false, ""},
		{"narrow.html", 375, false, ""},
	} {
		l, err := open(tc.page, tc.width).Layout()
		if err != nil {
			t.Fatal(err)
		}
		if l.ClientWidth != tc.width || l.Overflows() != tc.overflow || (tc.wide != "" && (len(l.Wide) != 1 || l.Wide[0] != tc.wide)) {
			t.Errorf("%s at %d px: %+v, want overflow %v, too wide %q", tc.page, tc.width, l, tc.overflow, tc.wide)
		}
	}
	p := open("wide.html", 375)
	if w, err := p.Image("img"); err != nil || w != 1 {
		t.Errorf("the image that loads: width %d, %v", w, err)
	}
	if w, err := open("boxed.html", 375).Image("img"); err != nil || w != 0 {
		t.Errorf("the missing image: width %d, %v", w, err)
	}
	if _, err := p.Image("video"); err == nil || !strings.Contains(err.Error(), "no image video") {
		t.Errorf("Image of nothing: %v", err)
	}
	shot, err := p.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != 375 {
		t.Errorf("the screenshot is %d px wide, want the viewport's 375", got)
	}
}

// TestFindWithoutChromium: a PBEM_CHROMIUM that is not there is an error,
// not a silent fallback.
func TestFindWithoutChromium(t *testing.T) {
	t.Setenv("PBEM_CHROMIUM", filepath.Join(t.TempDir(), "no-such-chromium"))
	if p, err := Find(); err == nil {
		t.Errorf("Find = %s, want an error", p)
	}
}
