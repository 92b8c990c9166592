package archive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAppendLine: submissions.log grows by one write in place; a line a
// crash cut short is not read and is cut off by the next append; a log
// with a second name (a hard-linked copy) is replaced, never written
// through.
func TestAppendLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.log")
	w := writer{}
	require.NoError(t, w.appendLine(path, "# header\n", "one"))
	require.NoError(t, w.appendLine(path, "# header\n", "two"))
	read := func() string {
		data, err := readLog(path)
		require.NoError(t, err)
		return string(data)
	}
	require.Equal(t, "# header\none\ntwo\n", read())

	// A crash in the write: half the line, no newline.
	crash := writer{hook: func(op, _ string) error {
		if op == "write" {
			return errCrash
		}
		return nil
	}}
	require.ErrorIs(t, crash.appendLine(path, "", "three is a longer line"), errCrash)
	raw, _ := os.ReadFile(path)
	require.True(t, strings.HasSuffix(string(raw), "two\nthree is a "), "the torn write is on disk: %q", raw)
	require.Equal(t, "# header\none\ntwo\n", read(), "a torn line is not read")
	require.NoError(t, w.appendLine(path, "", "four"))
	raw, _ = os.ReadFile(path)
	require.Equal(t, "# header\none\ntwo\nfour\n", string(raw), "the next append cuts the torn line off")

	// A torn line longer than logEnd's buffer.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(strings.Repeat("x", 10000))
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.NoError(t, w.appendLine(path, "", "five"))
	require.Equal(t, "# header\none\ntwo\nfour\nfive\n", read())

	// A hard-linked copy keeps what it had.
	copyPath := filepath.Join(dir, "copy.log")
	require.NoError(t, os.Link(path, copyPath))
	require.NoError(t, w.appendLine(path, "", "six"))
	old, _ := os.ReadFile(copyPath)
	require.Equal(t, "# header\none\ntwo\nfour\nfive\n", string(old))
	require.Equal(t, "# header\none\ntwo\nfour\nfive\nsix\n", read())
}

// TestAppendedLogKeepsItsContent: a game's submissions.log after several
// submissions is the log written whole would be, and a game whose log
// ends in a torn line verifies and takes the next file.
func TestAppendedLogKeepsItsContent(t *testing.T) {
	f := newGame(t)
	f.nmr() // the Welsh are due
	welsh := f.welshOrders("move 1 Powys > March")
	for range 3 {
		_, err := f.g.Submit("", welsh, testTime)
		require.NoError(t, err)
	}
	path := filepath.Join(f.dir, submissionsLog)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.Len(t, lines, 4, "the header and three submissions:\n%s", data)
	require.Equal(t, submissionsHeader, lines[0]+"\n")
	for _, l := range lines[1:] {
		require.Contains(t, l, " accepted kind=turn ")
	}
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = fh.WriteString(lines[1][:40])
	require.NoError(t, err)
	require.NoError(t, fh.Close())
	require.NoError(t, Verify(f.dir))
	f.reopen()
	rc, err := f.g.Accepted(welsh)
	require.NoError(t, err)
	require.NotNil(t, rc)
	_, err = f.g.Submit("", welsh, testTime)
	require.NoError(t, err)
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, 5, strings.Count(string(data), "\n"), "the torn line is gone, the new one whole:\n%s", data)
	require.NoError(t, Verify(f.dir))
}
