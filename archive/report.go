package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/templates"
)

// reportWidth is the width of text reports (docs/design.md §6: readable in any mail
// client).
const reportWidth = 72

// readStepFiles reads the files of a step folder: the names given, or
// all of them.
func readStepFiles(dir string, names ...string) (map[string][]byte, error) {
	if names == nil {
		names = stepFiles
	}
	files := map[string][]byte{}
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	return files, nil
}

// report renders a step's text report: who sent the orders (or that the
// bot played a missed turn, or that the GM entered them) and the orders as
// understood, then the report players get by mail (templates.Text, the
// public copy), then where its dice came from. It reads only what
// stepFromFiles read from the step's archived files, so that `pbem report`
// regenerates exactly the report.txt that was written.
func (r *rules) report(gf *gameFile, st *Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pbem game %s, step %03d: %s\n", gf.Game, st.Number, st.ID)
	if st.Nation != "" {
		player := orNobody(st.Player)
		switch {
		case st.NMR:
			wrap(&b, "", fmt.Sprintf("No orders came from %s for the %s by the deadline: the bot played them.", player, st.Nation))
		case st.ByGM:
			wrap(&b, "", fmt.Sprintf("The %s orders were entered by the GM on %s's behalf.", games.Possessive(st.Nation), player))
		default:
			wrap(&b, "", fmt.Sprintf("The %s orders from %s, as understood:", games.Possessive(st.Nation), player))
		}
		for _, l := range strings.Split(strings.TrimRight(st.Orders, "\n"), "\n") {
			if l != "" {
				b.WriteString("    " + l + "\n")
			}
		}
	}
	b.WriteString("\n")
	b.WriteString(templates.Text(r.public(gf, st, "", nil)))
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "\nThe seed is s_%d of the chain committed to in game.yaml. The digest\n", st.Seed)
	fmt.Fprintf(&b, "of this step's inputs (orders, standing orders), mixed into every die:\n  %s\n", st.Digest)
	return b.String()
}

// orNobody is a player's name, or "nobody" for a nation no player controls.
func orNobody(player string) string {
	if player == "" {
		return "nobody"
	}
	return player
}

// startReport is the report of the state a game starts from.
func (r *rules) startReport(gf *gameFile, s *adjudicator.State) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pbem game %s: %s\n", gf.Game, r.g.Ruleset.Title)
	b.WriteString("The start of the game\n")
	b.WriteString(strings.Repeat("=", reportWidth) + "\n")
	wrap(&b, "", "The dice of this game are committed to before any order exists: step i uses the seed s_i, and SHA256 of s_i is s_(i-1). The commitment s_0 is")
	fmt.Fprintf(&b, "  %s\n\n", gf.Commitment)
	r.position(&b, "Position at the start", s)
	b.WriteString("\n")
	r.players(&b, gf, s)
	b.WriteString("\n")
	fmt.Fprintf(&b, "Next: %s.\n", r.e.TurnID(s))
	return b.String()
}

// position writes the position table: each nation with its population
// marker, victory points and armies by area.
func (r *rules) position(b *strings.Builder, title string, s *adjudicator.State) {
	b.WriteString(title + "\n")
	width := len("Nation")
	for _, n := range r.g.Tables.Nations {
		width = max(width, len(n.Name))
	}
	fmt.Fprintf(b, "  %-*s  Pop   VP  Armies\n", width, "Nation")
	for n, nat := range r.g.Tables.Nations {
		var stacks []string
		total := 0
		for a := range r.g.Board.Areas {
			if c := s.Units(games.AreaID(a), n); c > 0 {
				stacks = append(stacks, fmt.Sprintf("%s %d", r.g.Board.AreaName(games.AreaID(a)), c))
				total += c
			}
		}
		if total == 0 && s.Nations[n].VP == 0 {
			continue
		}
		head := fmt.Sprintf("  %-*s  %3d  %3s  ", width, nat.Name, s.Nations[n].Pop, s.Nations[n].VP)
		list := "-"
		if len(stacks) > 0 {
			list = fmt.Sprintf("%d: %s", total, strings.Join(stacks, ", "))
		}
		wrapHang(b, head, list)
	}
}

// players writes each player's nations and victory points.
func (r *rules) players(b *strings.Builder, gf *gameFile, s *adjudicator.State) {
	b.WriteString("Players\n")
	label := func(st adjudicator.Standing) string {
		name := fmt.Sprintf("player %d", st.Player)
		if st.Player-1 < len(gf.Players) {
			name = gf.Players[st.Player-1].Name
		}
		return name + " (" + st.Colour + ")"
	}
	standings := r.e.Standings(s, len(gf.Players))
	width := 0
	for _, st := range standings {
		width = max(width, len(label(st)))
	}
	for _, st := range standings {
		wrapHang(b, fmt.Sprintf("  %-*s %3d VP  ", width, label(st), st.VP), strings.Join(st.Nations, ", "))
	}
}

func playerOf(gf *gameFile, nation string) string {
	for _, p := range gf.Players {
		for _, n := range p.Nations {
			if n == nation {
				return p.Name
			}
		}
	}
	return ""
}

// wrap writes text wrapped to reportWidth, each line starting with indent
// and continuation lines indented two more.
func wrap(b *strings.Builder, indent, text string) {
	line := indent
	for i, w := range strings.Fields(text) {
		if i > 0 && len(line)+1+len(w) > reportWidth {
			b.WriteString(line + "\n")
			line = indent + "  "
		} else if i > 0 {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
}

// wrapHang writes head then text, continuation lines aligned under text.
func wrapHang(b *strings.Builder, head, text string) {
	pad := strings.Repeat(" ", len(head))
	line := head
	fresh := true
	for _, w := range strings.Fields(text) {
		if !fresh && len(line)+1+len(w) > reportWidth {
			b.WriteString(line + "\n")
			line, fresh = pad, true
		}
		if !fresh {
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(line + "\n")
}

// Report regenerates the text report of a step from the archive (the
// step as Game.Step reads it: id is a step id, a step number, StartID, or
// empty for the step the game stands at).
func (g *Game) Report(id string) (string, error) {
	st, err := g.Step(id)
	if err != nil {
		return "", err
	}
	if st.Start() {
		return st.Report, nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.r.report(g.gf, st), nil
}

// find resolves a step for Report: "start", a number (any step, superseded
// ones too) or an id (the latest step in force with it, else the latest
// superseded one).
func (g *Game) find(id string) (int, error) {
	if err := g.folderAgrees(id); err != nil {
		return 0, err
	}
	if n, err := g.resolve(id); err == nil {
		return n, nil
	}
	for i := len(g.h.steps) - 1; i >= 0; i-- {
		s := g.h.steps[i]
		if s.ID == id || s.Dir() == id || fmt.Sprintf("%03d", s.Number) == id || fmt.Sprint(s.Number) == id {
			return s.Number, nil
		}
	}
	return 0, fmt.Errorf("no step %q in this game", id)
}
