package par

import (
	"errors"
	"fmt"
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
