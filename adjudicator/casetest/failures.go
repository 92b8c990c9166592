package casetest

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// Failures plays a case and returns what it reports instead of failing a
// test: nothing for a case that passes. A Part's tests use it to show that
// a wrong expectation of theirs fails.
func Failures(c *Case) []string {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Play(r, c)
	}()
	<-done
	return r.msgs
}

// recorder is a testing.TB that keeps the failures; Fatal and Fatalf end
// the goroutine, as they end a test.
type recorder struct {
	testing.TB // only the methods below are called
	mu         sync.Mutex
	msgs       []string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Logf(string, ...any)          {}
func (r *recorder) Errorf(f string, args ...any) { r.add(fmt.Sprintf(f, args...)) }
func (r *recorder) Fatal(args ...any)            { r.add(fmt.Sprint(args...)); runtime.Goexit() }
func (r *recorder) Fatalf(f string, args ...any) { r.add(fmt.Sprintf(f, args...)); runtime.Goexit() }

func (r *recorder) add(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, s)
}
