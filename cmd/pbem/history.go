package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/internal/par"
	"github.com/pbem-org/pbem/templates"
)

func init() {
	register(historyCmd)
}

// historyFormats are the formats of pbem history.
var historyFormats = []string{"text", "markdown", "html"}

var historyCmd = command{
	name: "history", args: "--game DIR [--format text|markdown|html] [-o FOLDER]",
	summary: "write a game's whole story as one document: text, Markdown, or an HTML folder with its maps",
	doc: `From the start to the final standings (or the step the game stands at):
the players and the dice commitment, then every step in force with who
sent its orders and the orders as understood, its report with every die
and its seed, and its map; then the standings and any rollbacks. A reader
needs nothing but a pager or a browser, and no pbem.

text and markdown go to standard output, or with -o into FOLDER as
history.txt or history.md; markdown in a folder shows the maps, written
to FOLDER/maps/ (a PNG a step: that takes a while for a whole game).

html needs -o: a static site to open or put on any web server, read step
by step. FOLDER/index.html has each player's VP over the rounds, the
contents by round and nation, and the standings; FOLDER/steps/ a page a
step with its orders, its report and its map, linked to the step before
and after (the keys ← and → or k and j follow them); the maps are drawn
over the board in FOLDER/maps/, drawn once.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		format := fs.String("format", "text", strings.Join(historyFormats, ", "))
		out := fs.String("o", "", "the folder to write into (needed for html)")
		return func(e *env, _ []string) int {
			if *format == "md" {
				*format = "markdown"
			}
			if !slices.Contains(historyFormats, *format) {
				return e.usageError("unknown --format %q: want %s", *format, strings.Join(historyFormats, ", "))
			}
			if *format == "html" && *out == "" {
				return e.usageError("--format html writes a folder (index.html and maps/): give it with -o")
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			h, err := readHistory(g)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			return e.writeHistory(g, h, *format, *out)
		}
	},
}

// history is a game's story: the start and every step in force.
type history struct {
	start string      // the start's text report
	first historyStep // the start as a step, for its map and HTML
	steps []historyStep
}

// historyStep is a step in force with its public report.
type historyStep struct {
	st     *archive.Step
	report *templates.Report
}

// readHistory reads every step in force through the archive's step view.
func readHistory(g *archive.Game) (*history, error) {
	first, err := g.Step(archive.StartID)
	if err != nil {
		return nil, err
	}
	h := &history{start: first.Report, first: historyStep{st: first, report: g.Public(first, "")}}
	for _, info := range g.Steps() {
		if info.Superseded() {
			continue
		}
		st, _, err := g.LoadStep(info.Number)
		if err != nil {
			return nil, err
		}
		h.steps = append(h.steps, historyStep{st: st, report: g.Public(st, "")})
	}
	return h, nil
}

// writeHistory writes the document to stdout or into the folder out.
func (e *env) writeHistory(g *archive.Game, h *history, format, out string) int {
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return e.errorf(exitRejected, "%v", err)
		}
	}
	if format == "html" {
		if err := writeHistoryHTML(g, h, out); err != nil {
			return e.errorf(exitRejected, "%v", err)
		}
		fmt.Fprintf(e.stdout, "wrote %s (%d steps)\n", filepath.Join(out, "index.html"), len(h.steps))
		return exitOK
	}
	maps := ""
	if out != "" {
		maps = "maps"
		if err := writeHistoryMaps(g, h, filepath.Join(out, maps)); err != nil {
			return e.errorf(exitRejected, "%v", err)
		}
	}
	doc, name := historyText(g, h), "history.txt"
	if format == "markdown" {
		doc, name = historyMarkdown(g, h, maps), "history.md"
	}
	if out == "" {
		fmt.Fprint(e.stdout, doc)
		return exitOK
	}
	path := filepath.Join(out, name)
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		return e.errorf(exitRejected, "%v", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s (%d steps)\n", path, len(h.steps))
	return exitOK
}

// mapName is a step's map file in the maps folder.
func mapName(st *archive.Step) string { return st.Dir() + ".png" }

// writeHistoryMaps draws every step's map into dir as a PNG, for the
// Markdown history (the HTML history draws the board once instead), on
// every processor.
func writeHistoryMaps(g *archive.Game, h *history, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	all := append([]historyStep{h.first}, h.steps...)
	return par.Do(len(all), func(i int) error {
		hs := all[i]
		png, err := templates.MapPNG(g.Rules(), hs.report)
		if err != nil {
			return fmt.Errorf("the map of %s: %w", hs.st.Dir(), err)
		}
		return os.WriteFile(filepath.Join(dir, mapName(hs.st)), png, 0o644)
	})
}

// historyPlayers is one line per player: name, colour, nations.
func historyPlayers(g *archive.Game) []string {
	var out []string
	for _, p := range g.Players() {
		out = append(out, fmt.Sprintf("%s (%s): %s", p.Name, p.Colour, strings.Join(p.Nations, ", ")))
	}
	return out
}

// historyEnd is the closing: the standings, where the game stands, and
// the rollbacks made.
func historyEnd(g *archive.Game) (title string, standings, rollbacks []string) {
	s := g.State()
	title = "Final standings"
	if d := g.Due(); !d.Over {
		title = fmt.Sprintf("Standings so far (the game goes on: %s is due)", d.ID)
	}
	for _, st := range g.Engine().Standings(s, len(g.Players())) {
		p := g.Players()[st.Player-1]
		standings = append(standings, fmt.Sprintf("%s (%s) %d VP: %s", p.Name, p.Colour, st.VP, strings.Join(st.Nations, ", ")))
	}
	return title, standings, g.Rollbacks()
}

// historyText is the story as plain text: each step's report as pbem
// report prints it (the orders as understood, the report, the seed and
// the inputs digest), one after the other.
func historyText(g *archive.Game, h *history) string {
	var b strings.Builder
	rule := strings.Repeat("#", 72) + "\n"
	fmt.Fprintf(&b, "%sThe story of game %s: %s\n%s\n", rule, g.ID(), g.Rules().Ruleset.Title, rule)
	historyIntro(&b, g, h)
	b.WriteString("\n" + rule + h.start)
	for _, hs := range h.steps {
		b.WriteString("\n" + rule + hs.st.Report)
	}
	title, standings, rollbacks := historyEnd(g)
	fmt.Fprintf(&b, "\n%s%s\n", rule, title)
	for i, s := range standings {
		b.WriteString(wrapText(fmt.Sprintf("  %d. %s", i+1, s), 72, "     "))
	}
	if len(rollbacks) > 0 {
		b.WriteString("\nRollbacks (the steps they set aside are in the archive, not here)\n")
		for _, r := range rollbacks {
			b.WriteString(wrapText("  "+r, 72, "    "))
		}
	}
	return b.String()
}

// fact is one of the facts a history opens with: a label and its lines.
type fact struct {
	Label string
	Lines []string
	Code  bool // the lines are a hash, shown in a monospaced font
}

// historyFacts are the facts every format opens with.
func historyFacts(g *archive.Game, h *history) []fact {
	var fs []fact
	if opts := g.Rules().Options; len(opts) > 0 {
		fs = append(fs, fact{Label: "Options", Lines: []string{strings.Join(opts, ", ")}})
	}
	fs = append(fs,
		fact{Label: "Players", Lines: historyPlayers(g)},
		fact{Label: "Dice commitment s_0", Lines: []string{g.Commitment()}, Code: true},
		fact{Label: "Engine fingerprint", Lines: []string{g.EngineFingerprint()}, Code: true},
		fact{Label: "Steps", Lines: []string{fmt.Sprintf("%d, from the start to %s (pbem verify checks the archive they come from)", len(h.steps), lastID(h))}})
	return fs
}

// historyIntro writes the facts as text: "Label: line", or the label and
// its lines indented below when there are several.
func historyIntro(b *strings.Builder, g *archive.Game, h *history) {
	for _, f := range historyFacts(g, h) {
		if len(f.Lines) == 1 {
			wrapped := wrapText(f.Label+": "+f.Lines[0], 72, "  ")
			b.WriteString(wrapped)
			continue
		}
		b.WriteString(f.Label + ":\n")
		for _, l := range f.Lines {
			b.WriteString(wrapText("  "+l, 72, "    "))
		}
	}
}

// wrapText wraps s at width columns, continuation lines starting with
// indent; every line ends with a newline.
func wrapText(s string, width int, indent string) string {
	var b strings.Builder
	lead := len(s) - len(strings.TrimLeft(s, " "))
	line := s[:lead]
	for i, w := range strings.Fields(s) {
		if i > 0 && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent + w
			continue
		}
		if i > 0 {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

func lastID(h *history) string {
	if len(h.steps) == 0 {
		return "the start"
	}
	return h.steps[len(h.steps)-1].st.ID
}

// historyMarkdown is the story in Markdown: each step as pbem post writes
// it, with its map from the maps folder when there is one.
func historyMarkdown(g *archive.Game, h *history, maps string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# The story of game %s\n\n*%s.*\n\n", md(g.ID()), md(g.Rules().Ruleset.Title))
	for _, f := range historyFacts(g, h) {
		if f.Code {
			fmt.Fprintf(&b, "- %s: `%s`\n", md(f.Label), f.Lines[0])
			continue
		}
		if len(f.Lines) == 1 {
			fmt.Fprintf(&b, "- %s: %s\n", md(f.Label), md(f.Lines[0]))
			continue
		}
		fmt.Fprintf(&b, "- %s:\n", md(f.Label))
		for _, l := range f.Lines {
			fmt.Fprintf(&b, "  - %s\n", md(l))
		}
	}
	fmt.Fprintf(&b, "\n## The start\n\n```\n%s```\n\n", h.start)
	if maps != "" {
		fmt.Fprintf(&b, "![The map %s](%s/%s)\n\n", mapWhen(h.first.st), maps, mapName(h.first.st))
	}
	for _, hs := range h.steps {
		mapLine := ""
		if maps != "" {
			mapLine = fmt.Sprintf("![The map %s](%s/%s)", mapWhen(hs.st), maps, mapName(hs.st))
		}
		b.WriteString(composePost(g, hs.st, templates.Markdown(hs.report), "markdown", mapLine))
		b.WriteString("\n")
	}
	title, standings, rollbacks := historyEnd(g)
	fmt.Fprintf(&b, "## %s\n\n", md(title))
	for i, s := range standings {
		fmt.Fprintf(&b, "%d. %s\n", i+1, md(s))
	}
	if len(rollbacks) > 0 {
		b.WriteString("\n## Rollbacks\n\nThe steps they set aside are in the archive, not here.\n\n")
		for _, r := range rollbacks {
			fmt.Fprintf(&b, "- %s\n", md(r))
		}
	}
	return b.String()
}

// md escapes the characters Markdown would read as markup.
func md(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "`", "\\`", "<", `\<`, "#", `\#`).Replace(s)
}
