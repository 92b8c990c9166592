package par

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// TestDo runs every index once and reports the error of the lowest index
// whatever the order the goroutines finish in.
func TestDo(t *testing.T) {
	var ran [100]atomic.Int32
	err := Do(len(ran), func(i int) error {
		ran[i].Add(1)
		if i%7 == 3 {
			return fmt.Errorf("piece %d", i)
		}
		return nil
	})
	for i := range ran {
		if n := ran[i].Load(); n != 1 {
			t.Errorf("piece %d ran %d times", i, n)
		}
	}
	if err == nil || err.Error() != "piece 3" {
		t.Errorf("error %v, want piece 3 (the first by index)", err)
	}
	if err := Do(0, func(int) error { return errors.New("never") }); err != nil {
		t.Errorf("no pieces: %v", err)
	}
}

// TestAll runs every index at once (each waits until all have started,
// which Do on fewer processors could not do) and reports the error of the
// lowest index.
func TestAll(t *testing.T) {
	const n = 16
	var started sync.WaitGroup
	started.Add(n)
	err := All(n, func(i int) error {
		started.Done()
		started.Wait()
		if i%5 == 3 {
			return fmt.Errorf("index %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "index 3" {
		t.Fatalf("got %v, want the error of index 3", err)
	}
}
