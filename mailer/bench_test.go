package mailer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// BenchmarkParse parses each fixture.
func BenchmarkParse(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "mail", "*.eml"))
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.TrimSuffix(filepath.Base(name), ".eml"), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := mailer.Parse(raw, mailer.Limits{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIntakeLatency measures arrival to handler: a message is appended
// to the mailbox of an idling intake (IDLE on loopback; the poll interval is
// an hour, so only IDLE can wake it) and the clock stops when the handler
// has it, journaled. It includes the move to Processed of the previous one.
func BenchmarkIntakeLatency(b *testing.B) {
	srv := mailtest.Start(b, mailtest.Options{})
	if err := srv.AddUser(gm, gmPass); err != nil {
		b.Fatal(err)
	}
	j, err := mailer.OpenJournal(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	in, err := mailer.NewIntake(intakeConfig(srv.IMAPAddr()), j, nil)
	if err != nil {
		b.Fatal(err)
	}
	got := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- in.Run(ctx, mailer.HandlerFunc(func(context.Context, *mailer.Message) error {
			got <- struct{}{}
			return nil
		}))
	}()
	defer func() {
		cancel()
		<-done
	}()
	// Let the intake connect and start idling.
	if err := srv.Deliver(gm, orderMail("warm-up@pbem.test", "x\r\n")); err != nil {
		b.Fatal(err)
	}
	<-got
	time.Sleep(10 * time.Millisecond)
	i := 0
	for b.Loop() {
		i++
		if err := srv.Deliver(gm, orderMail(fmt.Sprintf("lat-%d@pbem.test", i), "move 1 Kent > Essex\r\n")); err != nil {
			b.Fatal(err)
		}
		select {
		case <-got:
		case <-time.After(10 * time.Second):
			b.Fatal("no delivery")
		}
	}
}
