package adjudicator_test

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestCheckStanding: each ruleset's CheckStanding (adjudicator.CheckStandingLines
// with its own lines) takes defend lines in land areas retreating to land
// (reduX Core 6.1.1, 7.2); reduX Core refuses target lines (Core 1.2: no
// cavalry) and leaders (Core 5.2: names only), which Leaders and Raiders
// takes, with a
// target at sea refused (6.1.1); the toy takes defend lines only.
func TestCheckStanding(t *testing.T) {
	const file = "game: g\nnation: %s\nkind: standing\ntoken: t\n\n" +
		"defend *: hold\n" + // 6
		"defend York: retreat to Cumbria when mine <= 1\n" + // 7
		"defend North Sea: hold\n" + // 8
		"defend Pennines: retreat to Irish Sea when mine <= 1\n" + // 9
		"target Kent: infantry\n" + // 10
		"target North Sea: cavalry\n" + // 11
		"defend Lothian: retreat leader when mine <= 1\n" // 12
	tests := []struct {
		ruleset string
		want    []string
	}{
		{"redux", []string{
			"line 8: no battles occur at sea (reduX Core 6.1.1)",
			"line 9: armies may never retreat to a sea area (reduX Core 7.2)",
			"line 10: there is no cavalry in reduX Core (reduX Core 1.2)",
			"line 11: there is no cavalry in reduX Core (reduX Core 1.2)",
			"line 12: there are no leaders in reduX Core (reduX Core 5.2)",
		}},
		{"redux-lr", []string{
			"line 8: no battles occur at sea (reduX Core 6.1.1)",
			"line 9: armies may never retreat to a sea area (reduX Core 7.2)",
			"line 11: no battles occur at sea (reduX Core 6.1.1)",
		}},
	}
	for _, tc := range tests {
		e := rulesets.New(games.MustLoad(tc.ruleset))
		f, errs := orders.Decode(strings.Replace(file, "%s", "Saxons", 1), e.G)
		if errs != nil {
			t.Fatalf("%s: %v", tc.ruleset, errs)
		}
		var got []string
		for _, err := range e.CheckStanding(f) {
			got = append(got, err.Error())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: CheckStanding gives\n%s\nwant\n%s", tc.ruleset, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
	e := toyEngine(t)
	f, errs := orders.Decode("game: g\nnation: Otters\nkind: standing\ntoken: t\n\ndefend *: hold\ntarget Meadow: infantry\n", e.G)
	if errs != nil {
		t.Fatal(errs)
	}
	if errs := e.CheckStanding(f); len(errs) != 1 || errs[0].Error() != "line 7: standing orders may only contain defend lines" {
		t.Errorf("the toy's standing orders with a target line: %v", errs)
	}
}
