package adjudicator_test

// The numbered case suite (after godip's DATC cases; docs/design.md §7): one file per
// rule clause under testdata/<ruleset>/, each a position, the orders, the
// scripted dice and the result worked out by hand from the rules text. The
// format is documented in testdata/README.md; package casetest reads and
// runs it. A ruleset's own part of the position is read by the Part its
// <ruleset>_cases_test.go registers (reduxlr_cases_test.go).

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator/casetest"
)

// TestCases runs every ruleset's cases: go test ./adjudicator -run
// TestCases/redux-lr/9.1-04 runs one.
func TestCases(t *testing.T) { casetest.RunAll(t, "testdata") }
