package daemon

import (
	"bytes"
	"fmt"
	"image/png"
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
// shows each player's VP over the rounds (issue 21): a chart in the HTML
// part, as a PNG in the mail under its Content-ID (Gmail drops an inline
// SVG), a table by round in the text; so does the last round's digest;
// the mail of a step before it shows neither.
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
			hasSVG := strings.Contains(m.HTML, `<img src="cid:vp-chart@pbem" alt="Victory points by player over the rounds: Yellow (Player 1) `) && chartPNG(t, m)
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

// chartPNG says whether mail m carries the VP chart's picture under the
// Content-ID its HTML shows, a PNG that decodes.
func chartPNG(t *testing.T, m *mailer.Outgoing) bool {
	t.Helper()
	for _, p := range m.Inline {
		if p.ContentID != "vp-chart@pbem" {
			continue
		}
		if _, err := png.Decode(bytes.NewReader(p.Data)); err != nil || p.ContentType != "image/png" {
			t.Errorf("the chart in the mail to %s is not a PNG (%s): %v", m.To[0], p.ContentType, err)
			return false
		}
		return true
	}
	return false
}
