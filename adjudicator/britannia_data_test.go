package adjudicator_test

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// TestClassicTablesErrors: a GM's classic tables with a mistake in the
// rules: section are refused with the file, the line and what is wrong
// (every value is overridable from YAML, each read with its line).
func TestClassicTablesErrors(t *testing.T) {
	r := games.MustLookup("britannia")
	base := string(r.DefaultTables())
	tests := []struct{ name, from, to, want string }{
		{"unknown card area", "areas: {Kent: 8, Essex: 4, Sussex: 4, Wessex: 4}", "areas: {Kentt: 8, Essex: 4, Sussex: 4, Wessex: 4}", `my.yaml:`},
		{"quarter point", "{rounds: [5], areas: {Kent: 8, Essex: 4,", "{rounds: [5], areas: {Kent: 8.25, Essex: 4,", "not a whole or half number"},
		{"unknown key", "    moves: 3 ", "    movez: 3 ", `unknown key "movez"`},
		{"unknown nation", "{nation: Danes, round: 14, armies: 4,", "{nation: Dains, round: 14, armies: 4,", `Dains`},
		{"unknown sea", "{nation: Romans, not_from: [English Channel]}", "{nation: Romans, not_from: [Channel]}", `"Channel" is not a sea`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(base, tc.from) {
				t.Fatalf("the tables no longer contain %q", tc.from)
			}
			g, err := r.Load(nil, "my.yaml", []byte(strings.Replace(base, tc.from, tc.to, 1)))
			if err == nil {
				_, err = rulesets.Engine(g)
			}
			if err == nil || !strings.Contains(err.Error(), "my.yaml:") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want my.yaml:LINE and %q", err, tc.want)
			}
		})
	}
	if _, err := rulesets.Engine(games.MustLoad("britannia")); err != nil {
		t.Fatalf("the embedded tables: %v", err)
	}
}
