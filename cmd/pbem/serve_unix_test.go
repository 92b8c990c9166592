//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/daemon"
)

// TestServeRefusesOpenSecrets: pbem serve does not start while the config
// file holding the IMAP password or a game's private directory is open to
// other users; it names each, its mode and the chmod that fixes it (issue
// 10 item 2). The modes are set explicitly, whatever the umask.
func TestServeRefusesOpenSecrets(t *testing.T) {
	data := t.TempDir()
	players := write(t, data, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	game := filepath.Join(data, "games", "hastings")
	must(t, "new", "--ruleset", "redux", "--game", game, "--players", players)
	if err := os.Chmod(game+".secrets", 0o755); err != nil {
		t.Fatal(err)
	}
	config := write(t, data, "config.yaml", "data: "+data+"\ngm: gm@example.org\nfrom: pbem@example.org\ndomain: example.org\n"+
		"imap:\n  addr: 127.0.0.1:1\n  tls: none\n  username: pbem\n  password: hunter2\nsmtp:\n  host: 127.0.0.1\n  port: 1\n  tls: none\n")
	if err := os.Chmod(config, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := pbem(t, "serve", "--config", config)
	if code != exitRejected {
		t.Errorf("exit %d, want %d", code, exitRejected)
	}
	contains(t, "serve", stderr, "refusing to start",
		config+" is -rw-r--r-- (0644)", "fix it with: chmod go= "+config,
		game+".secrets is drwxr-xr-x (0755)", "fix it with: chmod -R go= "+game+".secrets")
	if strings.Contains(stderr, "hunter2") {
		t.Error("the password is in the error")
	}
}

// TestServeRefusesSecondDaemon: pbem serve does not start on a data
// directory that another process holds (daemon.LockData), and names that
// process's pid (issue 23 item 4).
func TestServeRefusesSecondDaemon(t *testing.T) {
	data := t.TempDir()
	release, err := daemon.LockData(data)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	config := write(t, data, "config.yaml", "data: "+data+"\ngm: gm@example.org\nfrom: pbem@example.org\ndomain: example.org\n"+
		"imap:\n  addr: 127.0.0.1:1\n  tls: none\n  username: pbem\n  password: hunter2\nsmtp:\n  host: 127.0.0.1\n  port: 1\n  tls: none\n")
	if err := os.Chmod(config, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := pbem(t, "serve", "--config", config)
	if code != exitRejected {
		t.Errorf("exit %d, want %d", code, exitRejected)
	}
	contains(t, "serve", stderr, "refusing to start", "another pbem serve, pid "+strconv.Itoa(os.Getpid())+", holds the data directory "+data,
		filepath.Join(data, daemon.LockFile), "systemctl stop pbem")
}
