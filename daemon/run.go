package daemon

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// Serve runs the intake, the outbox and the clock until ctx ends
// (docs/design.md §5). tick is how often the clock runs (deadlines, ready turns).
func (d *Daemon) Serve(ctx context.Context, in *mailer.Intake, out *mailer.Outbox, tick time.Duration) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errc := make(chan error, 3)
	run := func(name string, f func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
				errc <- fmt.Errorf("%s: %w", name, err)
				cancel()
			}
		}()
	}
	run("intake", func() error { return in.Run(ctx, d) })
	run("outbox", func() error { return out.Run(ctx) })
	run("clock", func() error {
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			if err := d.Tick(ctx); err != nil && ctx.Err() == nil {
				d.log.Error("clock", "err", err) // one game's trouble never stops the others
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-t.C:
			}
		}
	})
	wg.Wait()
	close(errc)
	return <-errc
}

// Welcome mails each player their token, nations and the game's dice
// commitment, then tells the first player it is their turn.
func (d *Daemon) Welcome(g *archive.Game, tokens archive.Tokens) error {
	for seat, p := range g.Players() {
		text := fmt.Sprintf(`Welcome to game %s (%s).

You are player %d (%s) and control: %s.

Your secret token is:

    token: %s

Put that line in every order file you send to %s. Keep it secret: with it
and your address, anyone could send orders for your nations.

The dice of this game are committed in advance (docs/dice.md):

    commitment: %s

Every turn report reveals that turn's seed; anyone can check with
"pbem verify" that no die was chosen after the fact.

Send "help" to %s for the commands.
`, g.ID(), g.Rules().Ruleset.Title, seat+1, p.Colour, strings.Join(p.Nations, ", "), tokens[p.Name], d.cfg.From, g.Commitment(), d.cfg.From)
		if err := d.send(&mailer.Outgoing{ID: safeID(g.ID(), "welcome", fmt.Sprint(seat+1)), To: []string{p.Email}, AutoSubmitted: true,
			Subject: "pbem " + g.ID() + ": welcome", Text: text, Headers: [][2]string{{"X-Pbem-Game", g.ID()}}}); err != nil {
			return err
		}
	}
	if err := d.TickGame(context.Background(), g); err != nil {
		return err
	}
	return d.yourTurn(g, false)
}
