//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/internal/cputime"
)

// BenchmarkHistoryHTML writes the HTML history of a whole simulated game
// (classic Britannia, 4 players, seed 3: 185 steps; the issue 21 game had
// 179) with pbem history --format html, and reports the folder's size and
// its largest page. One op is the whole command: the archive opened, every
// step read, its report built, the board drawn once and every step's map
// and page written; cpu-ms/op is the process's CPU time an op, which
// varies less than the wall time on a loaded machine. Issue 21's target: under 3 s and under 8 MB (BENCHMARKS.md,
// History). Run it with -benchtime 3x.
func BenchmarkHistoryHTML(b *testing.B) {
	tmp := b.TempDir()
	game := filepath.Join(tmp, "game")
	run := func(args ...string) string {
		var out, errw bytes.Buffer
		if code := run(args, &out, &errw); code != exitOK {
			b.Fatalf("pbem %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errw.String())
		}
		return out.String()
	}
	run("simulate", "--ruleset", "britannia", "--seed", "3", "--players", "4", "--game", game)
	var folder string
	n := 0
	cpu0 := cputime.Self()
	for b.Loop() {
		n++
		folder = filepath.Join(tmp, "history", strings.Repeat("x", n))
		run("history", "--game", game, "--format", "html", "-o", folder)
	}
	b.ReportMetric(float64((cputime.Self()-cpu0).Microseconds())/1000/float64(n), "cpu-ms/op")
	total, largest, files := int64(0), int64(0), 0
	err := filepath.Walk(folder, func(_ string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		total += fi.Size()
		largest = max(largest, fi.Size())
		files++
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(total)/1e6, "MB/folder")
	b.ReportMetric(float64(largest)/1e3, "KB/largest-file")
	b.ReportMetric(float64(files), "files")
	if total >= 8e6 {
		b.Errorf("the history's folder is %.1f MB; the target is under 8 MB", float64(total)/1e6)
	}
}
