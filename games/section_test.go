package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// TestDecodeSection: a ruleset's own section of a tables file is decoded
// strictly at every depth, with the file's own line numbers.
func TestDecodeSection(t *testing.T) {
	type inner struct {
		C int `yaml:"c"`
	}
	type section struct {
		A int              `yaml:"a"`
		B []inner          `yaml:"b"`
		M map[string]inner `yaml:"m"`
	}
	parse := func(src string) (*section, error) {
		var doc struct {
			Rules yaml.Node `yaml:"rules"`
		}
		require.NoError(t, yaml.Unmarshal([]byte(src), &doc))
		var v section
		return &v, DecodeSection("house.yaml", &doc.Rules, &v)
	}
	v, err := parse("x: 1\nrules:\n  a: 1\n  b:\n    - c: 2\n  m:\n    k: {c: 3}\n")
	require.NoError(t, err)
	assert.Equal(t, &section{A: 1, B: []inner{{C: 2}}, M: map[string]inner{"k": {C: 3}}}, v)
	for _, tc := range []struct{ name, src, want string }{
		{"top", "rules:\n  a: 1\n  z: 2\n", `house.yaml:3: unknown key "z" (known here: a, b, m)`},
		{"in a list", "rules:\n  b:\n    - c: 2\n      dd: 3\n", `house.yaml:4: unknown key "dd" (known here: c)`},
		{"in a map", "rules:\n  m:\n    k:\n      e: 1\n", `house.yaml:4: unknown key "e" (known here: c)`},
		{"a type", "rules:\n  a: many\n", "house.yaml:2: cannot unmarshal !!str `many` into int"},
	} {
		_, err := parse(tc.src)
		require.Error(t, err, tc.name)
		assert.Equal(t, tc.want, err.Error(), tc.name)
	}
}
