package headless

import (
	"os"
	"testing"
)

// ForTest starts Chromium for a test and closes it when the test ends; with
// no Chromium installed it skips the test, saying why, or fails it under
// PBEM_CHROMIUM_REQUIRED=1 (as .ci/run sets, so that CI never skips the
// layout tests).
func ForTest(t testing.TB) *Browser {
	t.Helper()
	path, err := Find()
	if err != nil {
		if os.Getenv("PBEM_CHROMIUM_REQUIRED") == "1" {
			t.Fatal(err)
		}
		t.Skipf("skipped: %v", err)
	}
	b, err := Start(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}
