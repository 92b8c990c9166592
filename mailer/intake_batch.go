package mailer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// item is an unseen message of a pass, by its place on the server.
type item struct {
	uidKey string
	m      *Message
}

// passBatches handles a pass's unseen messages in batches of cfg.Batch,
// for a Handler that is a Keyer with cfg.Workers above 1: what needs the
// connection is done on it, in order, a batch at a time (the bodies
// fetched with one FETCH, the processed marked with one STORE and one
// MOVE), and the journal and the handler run on cfg.Workers goroutines,
// the messages of one key in order on one of them. A message is handled,
// journaled and marked exactly as one at a time (one), so nothing about
// crashes changes: only more of them are in flight at once.
func (in *Intake) passBatches(ctx context.Context, c *imapclient.Client, validity uint32, h Handler, uids []imap.UID, sizes map[imap.UID]int64, present map[string]bool) error {
	now := time.Now()
	var todo []item
	for _, uid := range uids {
		size, ok := sizes[uid]
		if !ok {
			continue // expunged since the search
		}
		key := UIDKey(in.account, in.cfg.Mailbox, validity, uint32(uid))
		present[key] = true
		if at, ok := in.retryAt[key]; ok && at.After(now) {
			continue
		}
		todo = append(todo, item{key, &Message{Size: size, Mailbox: in.cfg.Mailbox, UIDValidity: validity, UID: uint32(uid)}})
	}
	for start := 0; start < len(todo); start += in.cfg.Batch {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := in.batch(ctx, c, h, todo[start:min(start+in.cfg.Batch, len(todo))]); err != nil {
			return err
		}
	}
	return nil
}

// batch takes one batch of messages through pre, one FETCH, the handler
// (by key, on the workers) and the marking.
func (in *Intake) batch(ctx context.Context, c *imapclient.Client, h Handler, items []item) error {
	var fetch []item
	for _, it := range items {
		need, err := in.pre(c, it.uidKey, it.m)
		if err != nil {
			if err := in.refused(it, err); err != nil {
				return err
			}
			continue
		}
		if need {
			fetch = append(fetch, it)
		}
	}
	if len(fetch) == 0 {
		return nil
	}
	raws, err := in.fetchBodies(c, fetch)
	if err != nil {
		return err
	}
	var got []item
	for _, it := range fetch {
		if raw := raws[imap.UID(it.m.UID)]; raw != nil {
			it.m.Raw = raw
			got = append(got, it)
		} // else expunged meanwhile
	}
	outs := in.handleByKey(ctx, h, got)
	var marked []uint32
	for _, o := range outs {
		if o.mark {
			marked = append(marked, o.m.UID)
		}
	}
	if err := in.markAll(c, marked, got); err != nil {
		return err
	}
	var first error
	for _, o := range outs {
		if err := in.apply(c, o); err != nil {
			if err := in.refused(item{o.uidKey, o.m}, err); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// refused deals with an error about one message: the server saying NO to
// something about it (a flag it does not allow, a mailbox it cannot
// create) skips it for a while rather than block the rest of the mailbox,
// as pass does; any other error ends the session (returned).
func (in *Intake) refused(it item, err error) error {
	var refused *imap.Error
	if !errors.As(err, &refused) {
		return err
	}
	in.retryAt[it.uidKey] = time.Now().Add(in.cfg.MaxBackoff)
	in.log.Error("server refused an operation on a message; skipping it for now",
		"uid", it.m.UID, "err", err, "retry_in", in.cfg.MaxBackoff)
	return nil
}

// handleByKey processes the messages on cfg.Workers goroutines, those with
// one key (Keyer) in order on one, and returns their outcomes in the
// messages' order.
func (in *Intake) handleByKey(ctx context.Context, h Handler, items []item) []outcome {
	k := h.(Keyer)
	var keys []string
	groups := map[string][]int{}
	for i, it := range items {
		key := k.Key(it.m)
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		groups[key] = append(groups[key], i)
	}
	outs := make([]outcome, len(items))
	work := make(chan []int)
	var wg sync.WaitGroup
	for range min(in.cfg.Workers, len(keys)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range work {
				for _, i := range g {
					outs[i] = in.process(ctx, items[i].uidKey, items[i].m, h)
				}
			}
		}()
	}
	for _, key := range keys {
		work <- groups[key]
	}
	close(work)
	wg.Wait()
	return outs
}

// fetchBodies fetches the messages' bytes with one UID FETCH (fetchUIDs),
// without setting \Seen; a message expunged meanwhile is missing from the
// result.
func (in *Intake) fetchBodies(c *imapclient.Client, items []item) (map[imap.UID][]byte, error) {
	var uids []imap.UID
	for _, it := range items {
		uids = append(uids, imap.UID(it.m.UID))
	}
	out, err := fetchUIDs(c, uids, imap.PartSpecifierNone)
	if err != nil {
		return nil, fmt.Errorf("fetch %d messages: %w", len(uids), err)
	}
	return out, nil
}

// markAll marks the processed messages of a batch with one STORE and one
// MOVE; if the server refuses the batch, each is marked alone, so that
// one it refuses is skipped for a while (refused) and the others go on.
func (in *Intake) markAll(c *imapclient.Client, uids []uint32, items []item) error {
	if len(uids) == 0 {
		return nil
	}
	err := in.markProcessed(c, uids...)
	var no *imap.Error
	if err == nil || !errors.As(err, &no) || len(uids) == 1 {
		if err != nil && len(uids) == 1 {
			for _, it := range items {
				if it.m.UID == uids[0] {
					return in.refused(it, err)
				}
			}
		}
		return err
	}
	for _, it := range items {
		for _, u := range uids {
			if it.m.UID == u {
				if err := in.markProcessed(c, u); err != nil {
					if err := in.refused(it, err); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
