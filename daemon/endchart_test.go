package daemon

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// keeper is an Enqueuer that keeps every mail.
type keeper struct{ mails []*mailer.Outgoing }

func (k *keeper) Enqueue(o *mailer.Outgoing) error {
	k.mails = append(k.mails, o)
	return nil
}

// TestEndOfGameMailChart: the report mail of the step that ends the game
// shows each player's VP over the rounds (issue 21): an inline SVG chart
// in the HTML part, a table by round in the text; so does the last
// round's digest; the mail of a step before it shows neither.
func TestEndOfGameMailChart(t *testing.T) {
	k := &keeper{}
	d, g := lateGame(t, k)
	if err := g.SetPrefs("Player 2", archive.MailPrefs{Reports: "digest"}, ""); err != nil {
		t.Fatal(err)
	}
	steps := g.Steps()
	for _, n := range []int{len(steps) - 1, len(steps)} {
		step, _, err := g.LoadStep(steps[n-1].Number)
		if err != nil {
			t.Fatal(err)
		}
		k.mails = nil
		if err := d.mailReports(g, step, ""); err != nil {
			t.Fatal(err)
		}
		over := step.State.Over
		finalRow := fmt.Sprintf("\n%-7d", step.Before.Round)
		for _, p := range g.Public(step, "").Players {
			finalRow += fmt.Sprintf(" %6d", p.VP)
		}
		finalRow += "\nP1: "
		reports := 0
		for _, m := range k.mails {
			if !strings.Contains(m.ID, ".report.") && !strings.Contains(m.ID, ".digest.") {
				continue
			}
			reports++
			hasSVG := strings.Contains(m.HTML, `aria-label="Victory points by player over the rounds: Yellow (Player 1) `)
			hasTable := strings.Contains(m.Text, "VP BY ROUND\nRound       P1     P2     P3     P4\nstart        0      0      0      0\n1 ")
			if m.HTML != "" && hasSVG != over {
				t.Errorf("step %s (over %v): the HTML mail to %s has the chart: %v", step.ID, over, m.To[0], hasSVG)
			}
			if hasTable != over {
				t.Errorf("step %s (over %v): the text of the mail to %s has the VP table: %v\n%s", step.ID, over, m.To[0], hasTable, m.Text)
			}
			if over && !strings.Contains(m.Text, finalRow) {
				t.Errorf("the VP table of the mail to %s does not end with the final VP %q:\n%s", m.To[0], finalRow, m.Text)
			}
		}
		if want := map[bool]int{false: 3, true: 4}[over]; reports != want { // the digest comes with the round's end
			t.Errorf("step %s: %d report and digest mails, want %d", step.ID, reports, want)
		}
	}
}
