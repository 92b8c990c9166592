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
		switch b := s.(type) {
		case Phase:
			writeBody(sb, b.Body, g, depth+1)
		case *Phase:
			writeBody(sb, b.Body, g, depth+1)
		case If:
			writeBody(sb, b.Then, g, depth+1)
		case *If:
			writeBody(sb, b.Then, g, depth+1)
		}
	}
}

// EncodeStatement writes one statement canonically, on one line, as the
// acknowledgement and reports quote it. For a phase or if block it writes
// the opening line only ("phase 2:", "if Kent taken:").
func EncodeStatement(s Statement, g *games.Game) string {
	name := func(id games.AreaID) string {
		if g == nil || g.Board == nil {
			return "#" + strconv.Itoa(int(id))
		}
		return g.Board.AreaName(id)
	}
	names := func(ids []games.AreaID, sep string) string {
		parts := make([]string, len(ids))
		for i, id := range ids {
			parts[i] = name(id)
		}
		return strings.Join(parts, sep)
	}
	switch s := s.(type) {
	case Place:
		return fmt.Sprintf("place %s %d", name(s.Area), s.N)
	case Remove:
		return fmt.Sprintf("remove %s %d", name(s.Area), s.N)
	case Reinforce:
		if s.Cavalry > 0 {
			return fmt.Sprintf("reinforce cavalry %d", s.Cavalry)
		}
		return "reinforce " + name(s.Area)
	case Move:
		n := "all"
		if s.N > 0 {
			n = strconv.Itoa(s.N)
		}
		if s.Unit != "" {
			n += " " + s.Unit
		}
		return fmt.Sprintf("move %s %s", n, names(s.Path, " > "))
	case Battles:
		return "battles " + names(s.Areas, ", ")
	case Casualties:
		return fmt.Sprintf("casualties %s: %s", name(s.Area), names(s.First, ", "))
	case Attack:
		return fmt.Sprintf("attack %s: %s", name(s.Area), encodeRule(s.Rule, names))
	case Defend:
		a := "*"
		if s.Area != games.NoArea {
			a = name(s.Area)
		}
		return fmt.Sprintf("defend %s: %s", a, encodeRule(s.Rule, names))
	case Withdraw:
		kw := "withdraw"
		if s.Stay {
			kw = "stay"
		}
		if s.N > 0 {
			return fmt.Sprintf("%s %s %d", kw, name(s.Area), s.N)
		}
		return fmt.Sprintf("%s %s", kw, name(s.Area))
	case Target:
		a := "*"
		if s.Area != games.NoArea {
			a = name(s.Area)
		}
		return fmt.Sprintf("target %s: %s", a, s.Unit)
	case Rex:
		if s.Yes {
			return "crown yes"
		}
		return "crown no"
	case Phase:
		return fmt.Sprintf("phase %d:", s.N)
	case If:
		what := "lost"
		if s.Taken {
			what = "taken"
		}
		return fmt.Sprintf("if %s %s:", name(s.Area), what)
	case *Place:
		return EncodeStatement(*s, g)
	case *Remove:
		return EncodeStatement(*s, g)
	case *Reinforce:
		return EncodeStatement(*s, g)
	case *Move:
		return EncodeStatement(*s, g)
	case *Battles:
		return EncodeStatement(*s, g)
	case *Casualties:
		return EncodeStatement(*s, g)
	case *Attack:
		return EncodeStatement(*s, g)
	case *Defend:
		return EncodeStatement(*s, g)
	case *Phase:
		return EncodeStatement(*s, g)
	case *Withdraw:
		return EncodeStatement(*s, g)
	case *Target:
		return EncodeStatement(*s, g)
	case *Rex:
		return EncodeStatement(*s, g)
	case *If:
		return EncodeStatement(*s, g)
	}
	return fmt.Sprintf("# unknown statement %T", s)
}

// encodeRule writes "hold" or "retreat [N] [to A, B] [when COND]"; a nil
// or Always{} When gives a bare "retreat" (at the first chance).
func encodeRule(r Rule, names func([]games.AreaID, string) string) string {
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
		s += " to " + names(r.To, ", ")
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
