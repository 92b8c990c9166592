package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/daemon"
)

// statusClock writes the deadline of the turn due and the pace, for a game
// that pbem serve runs (docs/design.md §5), else the game's own pace.
func (e *env) statusClock(g *archive.Game) {
	c, err := daemon.ReadClock(g)
	switch {
	case err != nil:
		fmt.Fprintf(e.stdout, "  deadline unreadable: %v\n", err)
		return
	case c == nil:
		e.ownPace(g)
		return
	}
	fmt.Fprintf(e.stdout, "  deadline %s (%s)\n", c.Deadline.Format("Mon 2 Jan 2006 15:04 MST"), fromNow(time.Until(c.Deadline)))
	if c.Pace != "" {
		fmt.Fprintf(e.stdout, "  pace: %s\n", c.Pace)
	}
	if c.Excused {
		fmt.Fprintln(e.stdout, "  the player's missed deadline was excused: the turn's time began again")
	}
	if c.Warned {
		fmt.Fprintln(e.stdout, "  the deadline passed: the player was warned, the grace period runs")
	}
	if c.Paused {
		fmt.Fprintln(e.stdout, "  the GM paused the game: the clock is stopped")
	}
	if c.Ready {
		fmt.Fprintln(e.stdout, "  the player said ready")
	}
	if len(c.Auto) > 0 {
		fmt.Fprintf(e.stdout, "  the bot plays (auto on): %s\n", strings.Join(c.Auto, ", "))
	}
}

// fromNow says how far a time d from now is: "in 47h05m", "2h00m ago".
func fromNow(d time.Duration) string {
	d = d.Round(time.Minute)
	ago := d < 0
	if ago {
		d = -d
	}
	s := fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	if ago {
		return s + " ago"
	}
	return "in " + s
}

// statusSteps lists every step with its seed, marked when the bot played
// a missed turn, when the GM entered the orders (docs/design.md §2, §3)
// and when a rollback superseded it.
func (e *env) statusSteps(g *archive.Game) {
	steps := g.Steps()
	fmt.Fprintf(e.stdout, "\nSteps (%d)\n", len(steps))
	bot, gm := 0, 0
	for _, st := range steps {
		var marks []string
		switch step, _, err := g.LoadStep(st.Number); {
		case err != nil:
			marks = append(marks, fmt.Sprintf("unreadable: %v", err))
		case step.NMR:
			marks = append(marks, "bot: no orders by the deadline")
			bot++
		case step.ByGM:
			marks = append(marks, "GM: entered for the player")
			gm++
		}
		if st.Superseded() {
			marks = append(marks, fmt.Sprintf("superseded by rollback %d", st.SupersededBy))
		}
		mark := ""
		if len(marks) > 0 {
			mark = "  " + strings.Join(marks, "; ")
		}
		fmt.Fprintf(e.stdout, "  %s  seed s_%d%s\n", st.Dir(), st.Seed, mark)
	}
	if bot+gm > 0 {
		fmt.Fprintf(e.stdout, "  (%d played by the bot, %d entered by the GM)\n", bot, gm)
	}
}

// ownPace writes the pace a game sets itself (pace.yaml), for a game no
// daemon's clock runs yet.
func (e *env) ownPace(g *archive.Game) {
	p, err := g.Pace()
	switch {
	case err != nil:
		fmt.Fprintf(e.stdout, "  pace unreadable: %v\n", err)
	case p.IsZero():
		fmt.Fprintln(e.stdout, "  pace: pbem serve's (the game sets none of its own)")
	default:
		fmt.Fprintf(e.stdout, "  pace: %s (the rest pbem serve's)\n", p)
	}
}
