package adjudicator_test

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

// TestReviewWithoutHeader: a file whose header lines could not be read (no
// nation, no turn: the reader reported them) is still checked against the
// turn due, so its rule errors come in the same answer (issue 10: errors
// arrived in waves); a nation or turn that is there and wrong still refuses
// it at once.
func TestReviewWithoutHeader(t *testing.T) {
	g := games.MustLoad("redux")
	e := rulesets.New(g)
	s := e.NewState() // the Romano-British are due
	kent, _ := g.Board.Lookup("Kent")
	powys, _ := g.Board.Lookup("Powys")
	f := &orders.File{Kind: orders.TurnOrders, Body: []orders.Statement{orders.Move{At: orders.At{Line: 7}, N: 1, Path: []games.AreaID{kent, powys}}}}
	errs := e.Check(s, f, nil)
	if len(errs) != 1 || errs[0].Line != 7 || !strings.Contains(errs[0].Msg, "not adjacent") {
		t.Errorf("Check of a file without nation or turn = %v, want the rule error of line 7", errs)
	}
	f.Nation, f.Turn = "Welsh", "r01-welsh"
	errs = e.Check(s, f, nil)
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "it is the Romano-British turn, not the Welsh turn") {
		t.Errorf("Check of the Welsh' file = %v", errs)
	}
}
