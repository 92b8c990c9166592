package orders

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pbem-org/pbem/games"
)

var turnID = regexp.MustCompile(`(?i)^r?\s*(\d{1,6})(?:\s*[-_ ]?\s*(\D.*))?$`)

// TurnID is the id of a nation turn: "r05-saxons", "r12-romanobritish"
// (docs/design.md §2): the round with two digits and the nation's name folded to
// lower-case letters.
func TurnID(round int, nation string) string {
	var sb strings.Builder
	for _, r := range games.Fold(nation) {
		if r >= 'a' && r <= 'z' {
			sb.WriteRune(r)
		}
	}
	return fmt.Sprintf("r%02d-%s", round, sb.String())
}

// ExtraSuffix ends the turn id of an extra nation turn of the final round
// (reduX L&R 11.6.1): "r16-saxons-extra".
const ExtraSuffix = "-extra"

// NationTurn is the base grammar's TurnFunc: a "turn:" or "round:" value
// names a nation turn of the Britannia family, "r05-saxons", "r5-Saxons"
// or "5" (docs/orders.md, "The envelope"), and gives its TurnID. The round
// must be on the timeline, and the nation part, if any, must be the file's
// nation. Where the tables have Leaders and Raiders rules, "r16-saxons-extra"
// is an extra nation turn of the final round (reduX L&R 11.6.1).
func NationTurn(g *games.Game, value, nation string) (string, error) {
	example := "r05-saxons"
	if nation != "" {
		example = TurnID(5, nation)
	}
	notTurn := fmt.Errorf("%q is not a nation turn like %q", short(value), example)
	m := turnID.FindStringSubmatch(value)
	if m == nil {
		return "", notTurn
	}
	round, _ := strconv.Atoi(m[1])
	if n := len(g.Tables.Rounds); round < 1 || round > n {
		return "", fmt.Errorf("there is no round %d (the game has rounds 1 to %d)", round, n)
	}
	name, extra := m[2], false
	if k := strings.ToLower(name); g.Tables.LR != nil && strings.HasSuffix(k, "extra") {
		base := strings.TrimRight(name[:len(name)-len("extra")], " -_")
		if _, err := g.Tables.NationIndex(base); err == nil {
			name, extra = base, true
		}
	}
	if name != "" {
		i, err := -1, error(nil)
		if utf8.RuneCountInString(name) <= maxName {
			i, err = g.Tables.NationIndex(name)
		}
		if err != nil || i < 0 {
			return "", notTurn
		}
		if other := g.Tables.Nations[i].Name; nation != "" && other != nation {
			return "", fmt.Errorf("turn %q is the %s turn, but the file is for the %s", short(value), other, nation)
		}
	}
	switch {
	case nation == "":
		return "", nil
	case extra:
		return TurnID(round, nation) + ExtraSuffix, nil
	}
	return TurnID(round, nation), nil
}
