package games

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTablesNationColour: a tables file may colour a nation's counters,
// and a colour that is not #rrggbb is refused with its line.
func TestTablesNationColour(t *testing.T) {
	g := MustLoad("redux")
	data := strings.Replace(string(g.TablesYAML), `colour: "#3c4d00"`, `colour: "#123456"`, 1)
	tb, err := ParseTables("house.yaml", []byte(data), g.Board)
	require.NoError(t, err)
	assert.Equal(t, "#123456", tb.NationColour(0), "the house colour")
	assert.Equal(t, NationPalette[1], tb.NationColour(1))
	bad := strings.Replace(string(g.TablesYAML), `colour: "#3c4d00"`, `colour: pink`, 1)
	_, err = ParseTables("house.yaml", []byte(bad), g.Board)
	require.Error(t, err)
	assert.Regexp(t, `^house.yaml:\d+: Romano-British: colour "pink" is not #rrggbb`, err.Error())
	none := strings.Replace(string(g.TablesYAML), `    colour: "#3c4d00"`+"\n", "", 1)
	tb, err = ParseTables("old.yaml", []byte(none), g.Board)
	require.NoError(t, err)
	assert.Equal(t, NationPalette[0], tb.NationColour(0), "tables without colours take the palette")
}
