package daemon

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCrashAfterAdvance: the process dies after a step is written to the
// archive and before its mail is queued; the next tick queues the reports
// and "your turn" (e2e/crash_test.go kills the real binary at that point).
func TestCrashAfterAdvance(t *testing.T) {
	f := newFixture(t)
	_, tok := f.duePlayer()
	nation := f.g.Due().Nation
	_, err := f.g.Submit(nation, f.botOrders(tok), f.now)
	require.NoError(t, err)
	require.NoError(t, f.d.beginAdvance(f.g, ""))
	_, err = f.g.Advance(false) // ... and the process dies here
	require.NoError(t, err)

	require.NoError(t, f.d.Tick(context.Background()))
	for _, a := range addrs {
		found := false
		for _, m := range f.out.to(a) {
			found = found || strings.Contains(m.Subject, "r01-romanobritish:")
		}
		assert.True(t, found, "%s got the report", a)
	}
	next, _ := f.duePlayer()
	assert.Contains(t, f.out.last(next).Subject, "r01-welsh: Your turn")
	_, err = os.Stat(f.d.advancingPath(f.g))
	assert.True(t, os.IsNotExist(err), "the mark is gone once the mail is queued")
}

// TestCrashBeforeAdvance: a mark left by a crash before the step was
// written is dropped, and the turn runs normally.
func TestCrashBeforeAdvance(t *testing.T) {
	f := newFixture(t)
	_, tok := f.duePlayer()
	require.NoError(t, f.d.beginAdvance(f.g, "")) // ... and the process dies here
	_, err := f.g.Submit(f.g.Due().Nation, f.botOrders(tok), f.now)
	require.NoError(t, err)
	require.NoError(t, f.d.Tick(context.Background()))
	assert.Equal(t, "r01-welsh", f.g.Due().ID)
	_, err = os.Stat(f.d.advancingPath(f.g))
	assert.True(t, os.IsNotExist(err))
}
