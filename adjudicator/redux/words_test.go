package redux

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestWords: reduX Core's facts read as the engine wrote them before they
// were facts (pbem-engine-4), for those no rules case or bot game words:
// its refusals of Leaders and Raiders lines, and a refusal outside a turn
// (Refusal) as a turn's.
func TestWords(t *testing.T) {
	e, err := adjudicator.Load(games.MustLoad("redux"), &Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		ev   adjudicator.Event
		want string
	}{
		{"L&R order", adjudicator.Event{Kind: adjudicator.EvSkipped, What: "core-lr-order", Line: 4, Args: []string{"crown yes"}},
			`skipped (line 4): "crown yes" is a Leaders and Raiders order; this game plays reduX Core`},
		{"cavalry", adjudicator.Event{Kind: adjudicator.EvSkipped, What: "core-no-cavalry", Line: 4}, "skipped (line 4): there is no cavalry in reduX Core (reduX Core 1.2)"},
		{"King tie", adjudicator.Event{Kind: adjudicator.EvKing, What: "core-king-tie", Nation: "Angles", N: 4, VP: adjudicator.VP(4), Args: []string{"3", "8", "2"}},
			"The Angles tie for King of England with 3 areas: 4 VP (8 shared by 2; reduX Core 3.2)"},
		{"King tie, a point lost", adjudicator.Event{Kind: adjudicator.EvKing, What: "core-king-tie", Nation: "Angles", N: 4, VP: adjudicator.VP(4), Args: []string{"3", "9", "2"}},
			"The Angles tie for King of England with 3 areas: 4 VP (9 shared by 2, 1 point lost; reduX Core 3.2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.Text(tc.ev); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	err2 := Refusal(e, 2, "core-no-target")
	if err2.Line != 2 || !err2.Illegal || err2.Rule != "reduX Core 1.2" || err2.Msg != "there is no cavalry in reduX Core" {
		t.Errorf("Refusal = %+v", *err2)
	}
}
