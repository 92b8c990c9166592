package orders

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/games"
)

// Encode writes an order file in canonical form (docs/orders.md): the
// header lines game, nation, turn (or "kind: standing"), token and salt
// (when not empty), then, when there are statements, a blank line and one
// statement per line, the bodies of phase and if blocks indented by two
// spaces per level. Decode(Encode(f)) equals f apart from line numbers.
func Encode(f *File, g *games.Game) string {
	if f == nil {
		return ""
	}
	var sb strings.Builder
	writeHeaders(&sb, f, true)
	if len(f.Body) > 0 {
		sb.WriteByte('\n')
		writeBody(&sb, f.Body, g, 0)
	}
	return sb.String()
}

func writeHeaders(sb *strings.Builder, f *File, token bool) {
	sb.WriteString("game: " + f.Game + "\n")
	sb.WriteString("nation: " + f.Nation + "\n")
	if f.Kind == StandingOrders {
		sb.WriteString("kind: standing\n")
	} else {
		sb.WriteString("turn: " + f.Turn + "\n")
	}
	if token && f.Token != "" {
		sb.WriteString("token: " + f.Token + "\n")
	}
	if f.Salt != "" {
		sb.WriteString("salt: " + f.Salt + "\n")
	}
}

func writeBody(sb *strings.Builder, body []Statement, g *games.Game, depth int) {
	indent := strings.Repeat("  ", depth)
	for _, s := range body {
		sb.WriteString(indent + EncodeStatement(s, g) + "\n")
		if b, ok := s.(Block); ok {
			writeBody(sb, b.Inner(), g, depth+1)
		}
	}
}

// EncodeStatement writes one statement canonically, on one line, as the
// acknowledgement and reports quote it (Statement.Encode). For a phase or
// if block it writes the opening line only ("phase 2:", "if Kent taken:").
func EncodeStatement(s Statement, g *games.Game) string {
	if s == nil {
		return "# unknown statement <nil>"
	}
	return s.Encode(g)
}

// AreaName is the name Encode gives an area: its name on g's board, or
// "#N" without a board.
func AreaName(g *games.Game, id games.AreaID) string {
	if g == nil || g.Board == nil {
		return "#" + strconv.Itoa(int(id))
	}
	return g.Board.AreaName(id)
}

// AreaNames is AreaName of each area, joined by sep.
func AreaNames(g *games.Game, ids []games.AreaID, sep string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = AreaName(g, id)
	}
	return strings.Join(parts, sep)
}

// starName is AreaName, or "*" for every area (games.NoArea).
func starName(g *games.Game, id games.AreaID) string {
	if id == games.NoArea {
		return "*"
	}
	return AreaName(g, id)
}

// Encode implements Statement: "place York 2".
func (s Place) Encode(g *games.Game) string {
	return fmt.Sprintf("place %s %d", AreaName(g, s.Area), s.N)
}

// Encode implements Statement: "remove March 2".
func (s Remove) Encode(g *games.Game) string {
	return fmt.Sprintf("remove %s %d", AreaName(g, s.Area), s.N)
}

// Encode implements Statement: "reinforce Wessex", "reinforce cavalry 2".
func (s Reinforce) Encode(g *games.Game) string {
	if s.Cavalry > 0 {
		return fmt.Sprintf("reinforce cavalry %d", s.Cavalry)
	}
	return "reinforce " + AreaName(g, s.Area)
}

// Encode implements Statement: "move 2 York > Bernicia", "move all
// leader York > Bernicia".
func (s Move) Encode(g *games.Game) string {
	n := "all"
	if s.N > 0 {
		n = strconv.Itoa(s.N)
	}
	if s.Unit != "" {
		n += " " + s.Unit
	}
	return fmt.Sprintf("move %s %s", n, AreaNames(g, s.Path, " > "))
}

// Encode implements Statement: "battles Kent, Essex".
func (s Battles) Encode(g *games.Game) string {
	return "battles " + AreaNames(g, s.Areas, ", ")
}

// Encode implements Statement: "casualties Kent: Sussex, Essex".
func (s Casualties) Encode(g *games.Game) string {
	return fmt.Sprintf("casualties %s: %s", AreaName(g, s.Area), AreaNames(g, s.First, ", "))
}

// Encode implements Statement: "attack Kent: retreat when mine <= 1".
func (s Attack) Encode(g *games.Game) string {
	return fmt.Sprintf("attack %s: %s", AreaName(g, s.Area), encodeRule(s.Rule, g))
}

// Encode implements Statement: "defend *: hold".
func (s Defend) Encode(g *games.Game) string {
	return fmt.Sprintf("defend %s: %s", starName(g, s.Area), encodeRule(s.Rule, g))
}

// Encode implements Statement: "withdraw Kent 2", "stay York".
func (s Withdraw) Encode(g *games.Game) string {
	kw := "withdraw"
	if s.Stay {
		kw = "stay"
	}
	if s.N > 0 {
		return fmt.Sprintf("%s %s %d", kw, AreaName(g, s.Area), s.N)
	}
	return fmt.Sprintf("%s %s", kw, AreaName(g, s.Area))
}

// Encode implements Statement: "target Kent: cavalry".
func (s Target) Encode(g *games.Game) string {
	return fmt.Sprintf("target %s: %s", starName(g, s.Area), s.Unit)
}

// Encode implements Statement: "crown yes".
func (s Rex) Encode(*games.Game) string {
	if s.Yes {
		return "crown yes"
	}
	return "crown no"
}

// Encode implements Statement: the opening line, "phase 2:".
func (s Phase) Encode(*games.Game) string {
	return fmt.Sprintf("phase %d:", s.N)
}

// Encode implements Statement: the opening line, "if Kent taken:".
func (s If) Encode(g *games.Game) string {
	what := "lost"
	if s.Taken {
		what = "taken"
	}
	return fmt.Sprintf("if %s %s:", AreaName(g, s.Area), what)
}

// encodeRule writes "hold" or "retreat [N] [to A, B] [when COND]"; a nil
// or Always{} When gives a bare "retreat" (at the first chance).
func encodeRule(r Rule, g *games.Game) string {
	if r.Hold {
		return "hold"
	}
	s := "retreat"
	if r.N > 0 {
		s += " " + strconv.Itoa(r.N)
	}
	if r.Leader {
		s += " leader"
	}
	if len(r.To) > 0 {
		s += " to " + AreaNames(g, r.To, ", ")
	}
	switch r.When.(type) {
	case nil, Always:
	default:
		s += " when " + EncodeCond(r.When)
	}
	return s
}

// Digest is the hex SHA-256 of the canonical encoding of f without its
// token line: the digest the acknowledgement quotes and the dice mix in
// (docs/design.md §2, §3: inputs are stored with the token removed).
func Digest(f *File, g *games.Game) string {
	sum := sha256.Sum256([]byte(EncodeStored(f, g)))
	return hex.EncodeToString(sum[:])
}

// EncodeStored is the canonical encoding of f without its token line, as
// the archive stores a turn's inputs (docs/design.md §2).
func EncodeStored(f *File, g *games.Game) string {
	if f == nil {
		return ""
	}
	var sb strings.Builder
	writeHeaders(&sb, f, false)
	if len(f.Body) > 0 {
		sb.WriteByte('\n')
		writeBody(&sb, f.Body, g, 0)
	}
	return sb.String()
}
