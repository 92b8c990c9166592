package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestLogFormat: the JSON log writes durations as durations ("1.5s"), not
// nanosecond integers, whichever package logs them.
func TestLogFormat(t *testing.T) {
	var buf bytes.Buffer
	log := newLogger(daemon.LogConfig{Level: "info", Format: "json"}, &env{stderr: &buf})
	log.Warn("send failed; will retry", "in", 1500*time.Millisecond, "retry_in", 5*time.Minute)
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("%v: %s", err, buf.String())
	}
	if rec["in"] != "1.5s" || rec["retry_in"] != "5m0s" {
		t.Errorf("durations logged as %v and %v, want \"1.5s\" and \"5m0s\": %s", rec["in"], rec["retry_in"], buf.String())
	}
}

const serveChildEnv = "PBEM_TEST_SERVE_CONFIG"

// TestServeSIGTERM runs "pbem serve" as a process (this test binary, run
// again) on an empty data directory against the in-process mail servers,
// and sends it SIGTERM once its IMAP session is ready: it logs the signal
// and its stop, and exits 0 within a second. Its start-up line counts the
// games (0) and does not list them (10,000 ids made a line of 139 KB).
func TestServeSIGTERM(t *testing.T) {
	if cfg := os.Getenv(serveChildEnv); cfg != "" {
		os.Exit(run([]string{"serve", "--config", cfg}, os.Stdout, os.Stderr))
	}
	srv := mailtest.Start(t, mailtest.Options{})
	for _, u := range []string{"pbem@example.test", "gm@example.test"} {
		if err := srv.AddUser(u, "pw"); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	cfg := fmt.Sprintf("data: %s\ngm: gm@example.test\nfrom: pbem@example.test\ndomain: example.test\nimap:\n  addr: %s\n  tls: none\n  username: pbem@example.test\n  password: pw\nsmtp:\n  host: 127.0.0.1\n  port: %d\n  tls: none\nlog:\n  format: json\n",
		dir, srv.IMAPAddr(), srv.SMTPPort())
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeSIGTERM$")
	cmd.Env = append(os.Environ(), serveChildEnv+"="+path)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var log []string
	wait := func(part string) {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("pbem serve ended before logging %q:\n%s", part, strings.Join(log, "\n"))
				}
				log = append(log, l)
				if strings.Contains(l, part) {
					return
				}
			case <-timeout:
				_ = cmd.Process.Kill()
				t.Fatalf("pbem serve did not log %q within 30 s:\n%s", part, strings.Join(log, "\n"))
			}
		}
	}
	wait(`"msg":"IMAP session ready"`)
	t0 := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	wait(`"msg":"stopped"`)
	for range lines {
	}
	err = cmd.Wait()
	took := time.Since(t0)
	if err != nil {
		t.Errorf("pbem serve exited with %v after SIGTERM", err)
	}
	if took > time.Second {
		t.Errorf("pbem serve took %v to stop after SIGTERM, want at most 1 s", took)
	}
	all := strings.Join(log, "\n")
	if strings.Contains(all, `"ids"`) {
		t.Errorf("the start-up line lists the games:\n%s", all)
	}
	for _, want := range []string{`"msg":"serving","games":0,`, `"version":"`, `"msg":"signal received: stopping","signal":"terminated"`, `"msg":"stopped","took":"`} {
		if !strings.Contains(all, want) {
			t.Errorf("the log lacks %s:\n%s", want, all)
		}
	}
	t.Logf("stopped %v after SIGTERM", took.Round(time.Millisecond))
}

// TestClearTextWarnings: pbem serve warns when a mail server off this host
// gets the password without TLS (docs/deploy.md §2), and not for TLS or a
// server on loopback (the demo, the e2e tests).
func TestClearTextWarnings(t *testing.T) {
	tests := []struct {
		imapAddr, imapTLS, smtpHost, smtpTLS string
		want                                 []string
	}{
		{"imap.example.org:993", "tls", "smtp.example.org", "starttls", nil},
		{"127.0.0.1:10143", "none", "localhost", "none", nil},
		{"[::1]:143", "none", "mail.localhost", "none", nil},
		{"mail.example.org:143", "none", "127.0.0.1", "none", []string{"imap.tls is none: the password and the players' mail go to mail.example.org in clear text"}},
		{"127.0.0.1:143", "none", "10.0.0.5", "none", []string{"smtp.tls is none: the password and the players' mail go to 10.0.0.5 in clear text"}},
	}
	for _, tc := range tests {
		cfg := &daemon.Config{IMAP: daemon.IMAPConfig{Addr: tc.imapAddr, TLS: tc.imapTLS}, SMTP: daemon.SMTPConfig{Host: tc.smtpHost, TLS: tc.smtpTLS}}
		got := clearTextWarnings(cfg)
		if len(got) != len(tc.want) {
			t.Errorf("%s %s, %s %s: %q, want %q", tc.imapAddr, tc.imapTLS, tc.smtpHost, tc.smtpTLS, got, tc.want)
			continue
		}
		for i := range got {
			if !strings.HasPrefix(got[i], tc.want[i]) {
				t.Errorf("%q, want it to start %q", got[i], tc.want[i])
			}
		}
	}
}
