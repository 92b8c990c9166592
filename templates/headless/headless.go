// Package headless drives Chromium without a window over the DevTools
// protocol on a pipe (--remote-debugging-pipe: commands on file
// descriptor 3, answers and events on 4, each message JSON ended by a NUL
// byte), for the layout tests of the HTML pages pbem writes: the report
// views and a game's history at a phone's and a desktop's width. It needs
// only the standard library and the chromium binary (Debian's package
// chromium; .ci/run installs it).
package headless

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// ErrNoChromium is returned by Find when no Chromium is installed.
var ErrNoChromium = errors.New("no chromium: install Debian's chromium (apt-get install -y chromium) or set PBEM_CHROMIUM to its path")

// Find returns the path of the Chromium binary: $PBEM_CHROMIUM, else the
// first of chromium, chromium-browser, google-chrome in PATH.
func Find() (string, error) {
	if p := os.Getenv("PBEM_CHROMIUM"); p != "" {
		return exec.LookPath(p)
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// message is a DevTools message: a command, its answer or an event.
type message struct {
	ID        int             `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    any             `json:"params,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Browser is a running headless Chromium.
type Browser struct {
	cmd     *exec.Cmd
	in      *os.File // our end of its fd 3
	msgs    chan message
	events  []message
	next    int
	profile string
	// Timeout bounds each command and each wait for a page's load.
	Timeout time.Duration
}

// Start starts Chromium at path with a new empty profile, without the
// background connections a closed network refuses.
func Start(path string) (*Browser, error) {
	profile, err := os.MkdirTemp("", "pbem-chromium-")
	if err != nil {
		return nil, err
	}
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--allow-file-access-from-files", "--user-data-dir="+profile, "--remote-debugging-pipe", "about:blank")
	cmd.ExtraFiles = []*os.File{cmdR, outW} // its fd 3 and 4
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting %s: %w", path, err)
	}
	cmdR.Close()
	outW.Close()
	b := &Browser{cmd: cmd, in: cmdW, msgs: make(chan message, 64), profile: profile, Timeout: 60 * time.Second}
	go b.read(outR)
	return b, nil
}

// read passes every message Chromium writes to b.msgs, and closes it when
// the pipe closes.
func (b *Browser) read(r *os.File) {
	defer close(b.msgs)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		data, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(data[:len(data)-1], &m) == nil {
			b.msgs <- m
		}
	}
}

// call sends a command (to a page's session when session is set) and
// returns its result, keeping the events that come meanwhile.
func (b *Browser) call(session, method string, params any, result any) error {
	b.next++
	id := b.next
	data, err := json.Marshal(message{ID: id, Method: method, Params: params, SessionID: session})
	if err != nil {
		return err
	}
	if _, err := b.in.Write(append(data, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	timeout := time.After(b.Timeout)
	for {
		select {
		case m, ok := <-b.msgs:
			if !ok {
				return fmt.Errorf("%s: chromium closed the pipe", method)
			}
			if m.ID != id {
				if m.Method != "" {
					b.events = append(b.events, m)
				}
				continue
			}
			if m.Error != nil {
				return fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
			}
			if result == nil {
				return nil
			}
			return json.Unmarshal(m.Result, result)
		case <-timeout:
			return fmt.Errorf("%s: no answer in %s", method, b.Timeout)
		}
	}
}

// await waits for an event of a session, or takes one that came already.
func (b *Browser) await(session, method string) error {
	for i, m := range b.events {
		if m.Method == method && m.SessionID == session {
			b.events = append(b.events[:i], b.events[i+1:]...)
			return nil
		}
	}
	timeout := time.After(b.Timeout)
	for {
		select {
		case m, ok := <-b.msgs:
			if !ok {
				return fmt.Errorf("waiting for %s: chromium closed the pipe", method)
			}
			if m.Method == method && m.SessionID == session {
				return nil
			}
			if m.Method != "" {
				b.events = append(b.events, m)
			}
		case <-timeout:
			return fmt.Errorf("no %s in %s", method, b.Timeout)
		}
	}
}

// Close ends Chromium and removes its profile.
func (b *Browser) Close() error {
	err := b.call("", "Browser.close", nil, nil)
	done := make(chan error, 1)
	go func() { done <- b.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
	b.in.Close()
	os.RemoveAll(b.profile)
	return err
}

// Page is a tab showing one page at a fixed viewport.
type Page struct {
	b       *Browser
	target  string
	session string
}

// Open loads url in a new tab whose viewport is width × height CSS
// pixels (a phone's, with its meta viewport honoured, below 600), and
// waits for its load event.
func (b *Browser) Open(url string, width, height int) (*Page, error) {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
		return nil, err
	}
	var s struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &s); err != nil {
		return nil, err
	}
	p := &Page{b: b, target: t.TargetID, session: s.SessionID}
	steps := []struct {
		method string
		params any
	}{
		{"Page.enable", nil},
		{"Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}},
		{"Page.navigate", map[string]any{"url": url}},
	}
	for _, st := range steps {
		if err := b.call(p.session, st.method, st.params, nil); err != nil {
			return nil, err
		}
	}
	if err := b.await(p.session, "Page.loadEventFired"); err != nil {
		return nil, fmt.Errorf("%s: %w", url, err)
	}
	return p, nil
}

// Eval evaluates a JavaScript expression in the page, awaiting it if it is
// a promise, and decodes its value into v.
func (p *Page) Eval(expr string, v any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := p.b.call(p.session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("javascript: %s", r.Exception.Text)
	}
	return json.Unmarshal(r.Result.Value, v)
}

// Screenshot is a PNG of the viewport. The tab is brought to the front
// first: a tab behind another draws no frames to capture.
func (p *Page) Screenshot() ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.b.call(p.session, "Page.bringToFront", nil, nil); err != nil {
		return nil, err
	}
	if err := p.b.call(p.session, "Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close closes the tab.
func (p *Page) Close() error {
	return p.b.call("", "Target.closeTarget", map[string]any{"targetId": p.target}, nil)
}

// Layout is how a page's width compares with its viewport's.
type Layout struct {
	ScrollWidth int // the document's width, scrolled sideways in full
	ClientWidth int // the viewport's width
	// Wide names up to five elements whose right edge passes the
	// viewport's, outermost first ("TABLE: Nation Code Player ..."), to say
	// what scrolls sideways when ScrollWidth > ClientWidth.
	Wide []string
}

// Overflows reports whether the page scrolls sideways.
func (l Layout) Overflows() bool { return l.ScrollWidth > l.ClientWidth }

// Layout measures the page.
func (p *Page) Layout() (Layout, error) {
	var l Layout
	err := p.Eval(`(() => {
		const d = document.documentElement, w = d.clientWidth;
		const wide = [];
		for (const e of document.body.querySelectorAll('*')) {
			if (wide.length < 5 && e.getBoundingClientRect().right > w + 0.5 && !wide.some(o => o.contains(e))) wide.push(e);
		}
		return {ScrollWidth: d.scrollWidth, ClientWidth: w,
			Wide: wide.map(e => e.tagName + ': ' + (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60))};
	})()`, &l)
	return l, err
}

// Image scrolls the first image matching a CSS selector into view, waits
// until it has loaded or failed, and returns its natural width in pixels
// (0: it did not load).
func (p *Page) Image(selector string) (int, error) {
	sel, err := json.Marshal(selector)
	if err != nil {
		return 0, err
	}
	var w int
	err = p.Eval(`(async () => {
		const img = document.querySelector(`+string(sel)+`);
		if (!img) throw new Error('no image ' + `+string(sel)+`);
		img.scrollIntoView();
		if (!img.complete) await new Promise(r => { img.addEventListener('load', r); img.addEventListener('error', r); });
		return img.naturalWidth;
	})()`, &w)
	return w, err
}

// keyCodes are the Windows virtual key codes of the keys Press knows
// besides letters and digits.
var keyCodes = map[string]int{"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Enter": 13, "Escape": 27}

// Press presses and releases a key in the page as a user would: a named
// key ("ArrowRight") or a letter or digit ("j").
func (p *Page) Press(key string) error {
	code, named := keyCodes[key]
	text := ""
	if !named {
		if len(key) != 1 || !(key[0] >= 'a' && key[0] <= 'z' || key[0] >= '0' && key[0] <= '9') {
			return fmt.Errorf("headless: no key %q", key)
		}
		code, text = int(strings.ToUpper(key)[0]), key
	}
	for _, typ := range []string{"keyDown", "keyUp"} {
		params := map[string]any{"type": typ, "key": key, "windowsVirtualKeyCode": code}
		if typ == "keyDown" && text != "" {
			params["text"] = text
		}
		if err := p.b.call(p.session, "Input.dispatchKeyEvent", params, nil); err != nil {
			return err
		}
	}
	return nil
}

// PressAndLoad presses a key that loads another page (a link followed by
// the page's script), waits for that page's load event and returns its
// URL.
func (p *Page) PressAndLoad(key string) (string, error) {
	if err := p.Press(key); err != nil {
		return "", err
	}
	if err := p.b.await(p.session, "Page.loadEventFired"); err != nil {
		return "", fmt.Errorf("after the key %s: %w", key, err)
	}
	var u string
	err := p.Eval("location.href", &u)
	return u, err
}
