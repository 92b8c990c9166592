package mailtest

import (
	"bytes"
	"io"
	"net"
	"sync"
)

// Proxy is a TCP proxy on 127.0.0.1 that can cut a connection at a chosen
// point of the server's stream, to test how clients survive a connection
// dropped mid-command.
type Proxy struct {
	ln     net.Listener
	target string

	mu    sync.Mutex
	cut   []byte // pattern that arms the cut; nil when disarmed
	after int    // bytes passed on after the pattern before cutting
	cuts  int
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// StartProxy starts a Proxy to target for a test and stops it when the test
// ends.
func StartProxy(tb TB, target string) *Proxy {
	tb.Helper()
	p, err := NewProxy(target)
	if err != nil {
		tb.Fatalf("mailtest: %v", err)
	}
	tb.Cleanup(func() { p.Close() })
	return p
}

// NewProxy starts a Proxy listening on a free port of 127.0.0.1 and
// forwarding to target.
func NewProxy(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	return p, nil
}

// Addr returns the proxy's "127.0.0.1:port".
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// CutOnce arms the proxy: the next time the server's stream contains
// pattern, it passes on after more bytes and then closes both sides of that
// connection. Later connections are untouched.
func (p *Proxy) CutOnce(pattern []byte, after int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut, p.after = bytes.Clone(pattern), after
}

// Cuts returns how many connections the proxy has cut.
func (p *Proxy) Cuts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cuts
}

// Close stops the proxy and closes every connection through it.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
	return err
}

func (p *Proxy) serve() {
	defer p.wg.Done()
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			client.Close()
			continue
		}
		p.mu.Lock()
		p.conns[client], p.conns[server] = struct{}{}, struct{}{}
		p.mu.Unlock()
		p.wg.Add(2)
		go func() {
			defer p.wg.Done()
			io.Copy(server, client)
			server.Close()
		}()
		go func() {
			defer p.wg.Done()
			p.downstream(client, server)
			client.Close()
			server.Close()
			p.mu.Lock()
			delete(p.conns, client)
			delete(p.conns, server)
			p.mu.Unlock()
		}()
	}
}

// downstream copies server to client, cutting when armed.
func (p *Proxy) downstream(client, server net.Conn) {
	buf := make([]byte, 32<<10)
	var tail []byte // the end of earlier chunks, so a pattern split across reads is found
	left := -1      // bytes still to pass before the cut; -1 until triggered
	for {
		n, err := server.Read(buf)
		chunk := buf[:n]
		if left < 0 && n > 0 {
			p.mu.Lock()
			pat, after := p.cut, p.after
			p.mu.Unlock()
			if pat != nil {
				win := append(tail, chunk...)
				if i := bytes.Index(win, pat); i >= 0 {
					p.mu.Lock()
					if bytes.Equal(p.cut, pat) { // still armed: this connection takes it
						p.cut = nil
						p.cuts++
						left = i + len(pat) - len(tail) + after
					}
					p.mu.Unlock()
				} else if len(win) >= len(pat) {
					tail = bytes.Clone(win[len(win)-len(pat)+1:])
				} else {
					tail = bytes.Clone(win)
				}
			}
		}
		if left >= 0 && left < n {
			client.Write(chunk[:left])
			return
		}
		if n > 0 {
			if _, werr := client.Write(chunk); werr != nil {
				return
			}
			if left >= 0 {
				left -= n
			}
		}
		if err != nil {
			return
		}
	}
}
