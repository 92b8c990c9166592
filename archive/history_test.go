package archive

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCheckStepID: every id the engines produce names a step folder, and
// the grammar refuses what could not be read back or would read as a step
// number (issue 10 item 1).
func TestCheckStepID(t *testing.T) {
	good := []string{
		"r01-romanobritish", "r05-end", // reduX Core 4
		"r16-saxons-extra", "r16-extra-end", // L&R 11.6.1
		"r03-invasion-2", "r100-x", "a", // later rulesets
		strings.Repeat("a", maxStepID),
	}
	for _, id := range good {
		if err := CheckStepID(id); err != nil {
			t.Errorf("CheckStepID(%q) = %v", id, err)
		}
	}
	bad := []struct{ id, want string }{
		{"", "want a lower-case letter"},
		{"start", "taken by the start"},
		{"R05-saxons", "want a lower-case letter"},
		{"05-saxons", "want a lower-case letter"},
		{"-r05", "want a lower-case letter"},
		{"r05-", "not ending in a dash"},
		{"r05--saxons", "single dashes"},
		{"r05_saxons", "want a lower-case letter"},
		{"r05-saxons/..", "want a lower-case letter"},
		{"r05-sæxons", "want a lower-case letter"},
		{strings.Repeat("a", maxStepID+1), "longer than 64"},
	}
	for _, tc := range bad {
		if err := CheckStepID(tc.id); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckStepID(%q) = %v, want %q", tc.id, err, tc.want)
		}
	}
}

// TestHistoryStepFolders reads step folders of every kind of id, a
// rollback back to an extra turn, and refuses folders that are not steps
// naming the folder.
func TestHistoryStepFolders(t *testing.T) {
	ids := []string{"r16-welsh", "r16-end", "r16-saxons-extra", "r16-extra-end", "r03-invasion-2"}
	mk := func(t *testing.T, extra ...string) string {
		dir := t.TempDir()
		names := []string{startDir}
		for i, id := range ids {
			names = append(names, stepDir(i+1, id))
		}
		for _, n := range append(names, extra...) {
			if err := os.MkdirAll(filepath.Join(dir, turnsDir, n), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dir := mk(t)
	writeFile(t, filepath.Join(dir, rollbacksLog), rollbacksHeader+
		"rollback 1: after 005 back to 003 (r16-saxons-extra) at 2026-11-22T10:00:00Z: why\n")
	h, err := loadHistory(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range h.steps {
		got = append(got, s.ID)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("step ids %v, want %v", got, ids)
	}
	if h.last() != 3 || !h.steps[3].Superseded() || !h.steps[4].Superseded() || h.steps[2].Superseded() {
		t.Errorf("after the rollback to step 003: last %d, steps %+v", h.last(), h.steps)
	}

	for _, name := range []string{"006-R16-x", "006-6x", "006-r16-", "006-start", "006-r16_x", "006-r16--x", "006-", "6-r16-x"} {
		_, err := loadHistory(mk(t, name))
		var p *Problem
		if !errors.As(err, &p) || p.Path != filepath.Join(turnsDir, name) || !strings.Contains(p.Msg, "not a step folder") {
			t.Errorf("folder %s: %v", name, err)
		}
	}
	if _, err := loadHistory(mk(t, "0006-r16-x")); err == nil || !strings.Contains(err.Error(), "not written 006") {
		t.Errorf("folder 0006-r16-x: %v", err)
	}
}
