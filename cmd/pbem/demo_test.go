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
