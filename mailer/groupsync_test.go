package mailer

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestGroupSync: writers who fsync one directory at the same time share
// fsyncs, and each returns only after an fsync that began after it asked
// has ended: the promise of an fsync of its own.
func TestGroupSync(t *testing.T) {
	var clock atomic.Int64 // orders the events
	type span struct{ begin, end int64 }
	var mu sync.Mutex
	var fsyncs []span
	g := newGroupSync("d", func(string) error {
		s := span{begin: clock.Add(1)}
		time.Sleep(2 * time.Millisecond)
		s.end = clock.Add(1)
		mu.Lock()
		fsyncs = append(fsyncs, s)
		mu.Unlock()
		return nil
	})
	for range 3 { // alone, each its own
		require.NoError(t, g.sync())
	}
	require.Len(t, fsyncs, 3)

	const writers = 40
	var wg sync.WaitGroup
	calls := make([]span, writers)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			calls[i].begin = clock.Add(1)
			require.NoError(t, g.sync())
			calls[i].end = clock.Add(1)
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	shared := len(fsyncs) - 3
	require.Less(t, shared, writers, "%d writers at once share fsyncs", writers)
	for i, c := range calls {
		covered := false
		for _, f := range fsyncs {
			covered = covered || (f.begin > c.begin && f.end < c.end)
		}
		require.True(t, covered, "writer %d returned without an fsync begun after it asked", i)
	}
	t.Logf("%d writers at once: %d fsyncs", writers, shared)
}

// TestGroupSyncError: a failed fsync is the error of those who waited on
// it, and the next one is tried afresh.
func TestGroupSyncError(t *testing.T) {
	fail := errors.New("disk gone")
	var n atomic.Int32
	g := newGroupSync("d", func(string) error {
		if n.Add(1) == 1 {
			return fail
		}
		return nil
	})
	require.ErrorIs(t, g.sync(), fail)
	require.NoError(t, g.sync())
}
