package mailer

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeSMTP is a minimal SMTP server that accepts every message. At the
// final "." of each it calls accepted(reply) with a function that writes
// the 250 reply: the test decides what happens around the moment the
// server has the message.
type fakeSMTP struct {
	ln       net.Listener
	accepted func(reply func())
}

func startFakeSMTP(t testing.TB, accepted func(reply func())) *fakeSMTP {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &fakeSMTP{ln: ln, accepted: accepted}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *fakeSMTP) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

func (s *fakeSMTP) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(l string) { c.Write([]byte(l + "\r\n")) }
	say("220 fake.pbem.test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		switch verb := strings.ToUpper(strings.Fields(line + " x")[0]); verb {
		case "EHLO", "HELO":
			say("250 fake.pbem.test")
		case "DATA":
			say("354 go ahead")
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
			}
			s.accepted(func() { say("250 2.0.0 Ok: queued") })
		case "QUIT":
			say("221 bye")
			return
		default: // MAIL, RCPT, RSET, NOOP
			say("250 ok")
		}
	}
}

func fakeOutbox(t testing.TB, port int) *Outbox {
	t.Helper()
	ob, err := NewOutbox(OutboxConfig{Dir: t.TempDir(), SMTP: SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none", From: "gm@pbem.test"}}, nil)
	require.NoError(t, err)
	return ob
}

// TestSentMarkedAtOnce: the sent marker exists as soon as the server has
// answered 250, even while the queue's lock is held (another message being
// enqueued, with its fsyncs), so the window in which a crash sends a
// message twice is the one system call that makes it. The full record, with
// the time and the server's reply, follows once the lock is free. Before,
// the marker was written under the lock, after an fsync.
func TestSentMarkedAtOnce(t *testing.T) {
	var ob *Outbox
	marked := make(chan bool, 1)
	srv := startFakeSMTP(t, func(reply func()) {
		ob.mu.Lock() // someone else is writing the queue
		defer ob.mu.Unlock()
		reply()
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if ok, _ := exists(ob.path("sent", "m1.json")); ok {
				marked <- true
				return
			}
			time.Sleep(time.Millisecond)
		}
		marked <- false
	})
	ob = fakeOutbox(t, srv.port())
	require.NoError(t, ob.Enqueue(&Outgoing{ID: "m1", To: []string{"alice@pbem.test"}, Subject: "report", Text: "hello"}))
	_, err := ob.Flush(context.Background())
	require.NoError(t, err)
	assert.True(t, <-marked, "the sent marker was made while the queue was locked, right after the 250")

	st, err := ob.State("m1")
	require.NoError(t, err)
	assert.Equal(t, StateSent, st)
	b, err := os.ReadFile(ob.path("sent", "m1.json"))
	require.NoError(t, err)
	var q queued
	require.NoError(t, json.Unmarshal(b, &q))
	assert.False(t, q.Sent.IsZero(), "the record has the time it was sent")
	assert.Equal(t, "2.0.0 Ok: queued", q.Reply)
	q1, _ := exists(ob.path("queue", "m1.json"))
	q2, _ := exists(ob.path("queue", "m1.eml"))
	assert.False(t, q1 || q2, "the queue entry is gone")
}

// BenchmarkSentMarkWindow measures the window in which a crash sends a
// message twice: from the moment the server has written its 250 to the
// moment the sent marker exists (the server polls for it every 20 µs). One op is one
// message over one connection; the metrics are the median and the 90th
// percentile of the window.
func BenchmarkSentMarkWindow(b *testing.B) {
	var ob *Outbox
	var id string
	var windows []time.Duration
	srv := startFakeSMTP(b, func(reply func()) {
		start := time.Now()
		reply()
		for {
			if ok, _ := exists(ob.path("sent", id+".json")); ok {
				break
			}
			time.Sleep(20 * time.Microsecond)
		}
		windows = append(windows, time.Since(start))
	})
	ob = fakeOutbox(b, srv.port())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id = fmt.Sprintf("m%d", i)
		if err := ob.Enqueue(&Outgoing{ID: id, To: []string{"alice@pbem.test"}, Subject: "report", Text: "hello"}); err != nil {
			b.Fatal(err)
		}
		if _, err := ob.Flush(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(windows)
	b.ReportMetric(float64(windows[len(windows)/2].Microseconds()), "median-window-µs")
	b.ReportMetric(float64(windows[len(windows)*9/10].Microseconds()), "p90-window-µs")
}

// BenchmarkSentMark times the making of the sent marker alone, once the
// server's 250 has been read: the hard link markSent makes now ("link"),
// and the fsynced write of the full record that was the marker before
// ("record", still done next, outside the window).
func BenchmarkSentMark(b *testing.B) {
	for _, way := range []string{"link", "record"} {
		b.Run(way, func(b *testing.B) {
			ob := fakeOutbox(b, 25)
			for i := 0; i < b.N; i++ {
				id := fmt.Sprintf("m%d", i)
				b.StopTimer()
				require.NoError(b, ob.Enqueue(&Outgoing{ID: id, To: []string{"alice@pbem.test"}, Subject: "report", Text: "hello"}))
				b.StartTimer()
				if way == "link" {
					if !ob.markSent(id) {
						b.Fatal("no link")
					}
				} else if err := ob.writeMeta("sent", &queued{ID: id, Sent: time.Now()}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
