// Package par runs independent pieces of work on every processor.
package par

import (
	"runtime"
	"sync"
)

// Do runs do(0) … do(n-1) on as many goroutines as there are processors
// (GOMAXPROCS), and returns the first error by index, so that the error
// reported does not depend on which goroutine finished first.
func Do(n int, do func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = do(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// All runs do(0) … do(n-1) each on a goroutine of its own, for work that
// waits (an fsync) rather than computes, and returns the first error by
// index.
func All(n int, do func(i int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = do(i)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
