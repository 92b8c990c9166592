package adjudicator_test

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator/casetest"
)

func TestNewCases(t *testing.T) {
	t.Run("redux", func(t *testing.T) { casetest.Run(t, "testdata/redux") })
	t.Run("redux-lr", func(t *testing.T) { casetest.Run(t, "testdata/redux-lr") })
}
