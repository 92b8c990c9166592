package mailer_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// keyed is a Keyer: the key is the first word of the body ("game-3"); it
// records the order of each key's calls and the most calls at once.
type keyed struct {
	mu      sync.Mutex
	order   map[string][]string // key → Message-IDs, in call order
	calls   map[string]int      // Message-ID → calls
	running atomic.Int32
	most    atomic.Int32
	fail    func(m *mailer.Message) error
}

func bodyKey(m *mailer.Message) string {
	_, body, _ := strings.Cut(string(m.Raw), "\r\n\r\n")
	return strings.Fields(body + " -")[0]
}

func (k *keyed) Key(m *mailer.Message) string { return bodyKey(m) }

func (k *keyed) Handle(_ context.Context, m *mailer.Message) error {
	n := k.running.Add(1)
	defer k.running.Add(-1)
	for {
		most := k.most.Load()
		if n <= most || k.most.CompareAndSwap(most, n) {
			break
		}
	}
	time.Sleep(3 * time.Millisecond) // an fsync or two
	k.mu.Lock()
	k.calls[m.MessageID]++
	if k.fail != nil {
		if err := k.fail(m); err != nil {
			k.mu.Unlock()
			return err
		}
	}
	k.order[bodyKey(m)] = append(k.order[bodyKey(m)], m.MessageID)
	k.mu.Unlock()
	return nil
}

// TestIntakeBatches (issue 23): with Workers above 1 and a Keyer, messages
// of different keys are handled at once and those of one key in the order
// they came; each is handled once and marked processed, a duplicate is
// marked without a call, a failure is retried and a permanent one set
// aside, as one at a time.
func TestIntakeBatches(t *testing.T) {
	srv := startMail(t, mailtest.Options{})
	const n, keys = 40, 5
	for i := range n {
		require.NoError(t, srv.Deliver(gm, orderMail(fmt.Sprintf("b%02d@pbem.test", i), fmt.Sprintf("game-%d move %d\r\n", i%keys, i))))
	}
	require.NoError(t, srv.Deliver(gm, orderMail("b00@pbem.test", "game-0 move 0\r\n"))) // a second copy
	require.NoError(t, srv.Deliver(gm, orderMail("flaky@pbem.test", "game-1 flaky\r\n")))
	require.NoError(t, srv.Deliver(gm, orderMail("poison@pbem.test", "game-2 poison\r\n")))
	cfg := intakeConfig(srv.IMAPAddr())
	cfg.Workers, cfg.Batch = 4, 8
	var mu sync.Mutex
	var aside []string
	cfg.OnFailed = func(m *mailer.Message, err error) {
		mu.Lock()
		defer mu.Unlock()
		aside = append(aside, m.MessageID)
	}
	flaky := 0
	k := &keyed{order: map[string][]string{}, calls: map[string]int{}, fail: func(m *mailer.Message) error {
		switch m.MessageID {
		case "flaky@pbem.test":
			if flaky++; flaky == 1 {
				return errors.New("busy")
			}
		case "poison@pbem.test":
			return mailer.Permanent(errors.New("poison"))
		}
		return nil
	}}
	runIntake(t, newIntake(t, cfg, ""), k)
	eventually(t, "every message processed", func() bool { return mailboxLen(t, srv, gm, "Processed") == n+2 })
	eventually(t, "the poison set aside", func() bool { return mailboxLen(t, srv, gm, "Failed") == 1 })
	k.mu.Lock()
	defer k.mu.Unlock()
	for key := range keys {
		var want []string
		for i := key; i < n; i += keys {
			want = append(want, fmt.Sprintf("b%02d@pbem.test", i))
		}
		got := k.order[fmt.Sprintf("game-%d", key)]
		if key == 1 {
			got = slicesWithout(got, "flaky@pbem.test")
		}
		assert.Equal(t, want, got, "game-%d in the order its mail came", key)
	}
	for id, c := range k.calls {
		if id != "flaky@pbem.test" {
			assert.Equal(t, 1, c, "%s handled once", id)
		}
	}
	assert.Equal(t, 2, k.calls["flaky@pbem.test"], "retried once")
	assert.Greater(t, k.most.Load(), int32(1), "keys handled at once")
	assert.LessOrEqual(t, k.most.Load(), int32(4), "at most Workers at once")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, []string{"poison@pbem.test"}, aside)
	assert.Equal(t, 0, mailboxLen(t, srv, gm, "INBOX"))
}

func slicesWithout(s []string, x string) []string {
	var out []string
	for _, v := range s {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}
