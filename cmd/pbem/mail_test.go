package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDemoCleansUp: the demo works in a temporary directory; with --keep
// it leaves the archive and the mailboxes there, and otherwise removes it
// (issue 14: it left about 60 MB behind every run). The players' mail
// preferences show in what each received.
func TestDemoCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("the demo plays a round by mail (about 10 s)")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out := must(t, "demo", "--rounds", "1", "--keep")
	contains(t, "demo", out, "mail each player received:", "(map every, format html, reports every)",
		"(map every, format text, reports every)", "(map round, format html, reports every)", "(map every, format html, reports digest)",
		"archive:   "+tmp)
	kept, err := filepath.Glob(filepath.Join(tmp, "pbem-demo-*"))
	if err != nil || len(kept) != 1 {
		t.Fatalf("--keep: want one pbem-demo-* directory in %s, got %v (%v)", tmp, kept, err)
	}
	for _, f := range []string{"games/demo/game.yaml", "mail/alice.mbox", "mail/dave.mbox"} {
		if _, err := os.Stat(filepath.Join(kept[0], f)); err != nil {
			t.Errorf("--keep: %v", err)
		}
	}

	// Without --keep the same directory is removed at the end.
	var e env
	var sb strings.Builder
	e.stdout, e.stderr = &sb, &sb
	if code := finishDemo(&e, kept[0]); code != exitOK {
		t.Fatalf("finishDemo: exit %d: %s", code, sb.String())
	}
	if _, err := os.Stat(kept[0]); !os.IsNotExist(err) {
		t.Errorf("%s is still there: %v", kept[0], err)
	}
	if !regexp.MustCompile(`removed .*pbem-demo-\d+ \(\d+\.\d MB\); run with --keep`).MatchString(sb.String()) {
		t.Errorf("finishDemo says %q", sb.String())
	}

	// And the demo itself, without --keep, leaves nothing behind.
	out = must(t, "demo", "--rounds", "1", "--seed", "2")
	contains(t, "demo without --keep", out, "run with --keep to look at the archive")
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("the demo left %v", left)
	}
}

// TestNewWithMailPrefs: pbem new reads each player's mail preferences from
// the players file and shows those that are not the defaults; a bad one is
// refused with the file and line (issue 14).
func TestNewWithMailPrefs(t *testing.T) {
	tmp := t.TempDir()
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n  map: round\n  format: text\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n  reports: digest\n")
	out := must(t, "new", "--ruleset", "redux", "--game", filepath.Join(tmp, "g"), "--players", players)
	contains(t, "new", out, "\n    mail: map round, format text, reports every\n",
		"\n    mail: map every, format html, reports digest\n")
	if strings.Count(out, "mail: ") != 2 {
		t.Errorf("Bob keeps the defaults and is shown none:\n%s", out)
	}
	bad := write(t, tmp, "bad.yaml", "- name: Alice\n  email: alice@example.org\n  map: weekly\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	code, _, errw := pbem(t, "new", "--ruleset", "redux", "--game", filepath.Join(tmp, "g2"), "--players", bad)
	if code == 0 || !strings.Contains(errw, `bad.yaml:3: player 1: map: "weekly" is not one of every, round, never`) {
		t.Errorf("exit %d: %s", code, errw)
	}
}
