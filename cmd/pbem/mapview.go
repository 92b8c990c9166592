package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/templates"
)

func init() {
	register(command{
		name: "map", args: "--game DIR [--turn ID] -o FILE.png|FILE.svg",
		summary: "draw the map of a game after a step (PNG or SVG)",
		doc: `Without --turn, the map shows the game as it stands. It is the map the
daemon mails with the step's report: the same title, narrative and
scores. The same archive and version always give the same bytes.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			dir := fs.String("game", "", "the game directory")
			turn := fs.String("turn", "", "the step: an id such as r03-saxons, a step number, or start (default: the latest)")
			out := fs.String("o", "", "the output file: .png or .svg")
			return func(e *env, _ []string) int {
				if code, ok := e.need("game", *dir, "o", *out); !ok {
					return code
				}
				ext := strings.ToLower(filepath.Ext(*out))
				if ext != ".png" && ext != ".svg" {
					return e.usageError("-o must end in .png or .svg, not %q", ext)
				}
				g, err := archive.Open(*dir)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				st, err := g.Step(*turn)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				draw := templates.MapPNG
				if ext == ".svg" {
					draw = templates.MapSVG
				}
				data, err := draw(g.Rules(), g.Public(st, ""))
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				if err := os.WriteFile(*out, data, 0o644); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				fmt.Fprintf(e.stdout, "wrote %s (%s)\n", *out, st.ID)
				return exitOK
			}
		},
	})
}

// formatReport renders a step's report in one of the forum and tool formats
// (docs/design.md §6); turn is as for archive.Game.Step.
func formatReport(g *archive.Game, turn, format string) (string, error) {
	st, err := g.Step(turn)
	if err != nil {
		return "", err
	}
	return renderReport(g.Public(st, ""), format)
}

// renderReport lays a report out in a format of pbem report other than
// the archive's text report.
func renderReport(r *templates.Report, format string) (string, error) {
	switch format {
	case "html":
		return templates.HTML(r, ""), nil
	case "html-page": // the views' report.html, beside its map.png
		return templates.HTMLPage(r, "map.png"), nil
	case "markdown", "md":
		return templates.Markdown(r), nil
	case "bbcode":
		return templates.BBCode(r), nil
	case "json":
		b, err := templates.JSON(r)
		return string(b), err
	case "text":
		return templates.Text(r), nil
	}
	return "", fmt.Errorf("unknown --format %q: text, html, markdown, bbcode or json", format)
}

// writeViews writes a step's views for a forum GM into DIR/views/NNN-ID/:
// the report as HTML, Markdown, BBCode and JSON and the map as PNG, all
// from the one public report of the step. They are not part of the
// normative archive (verify never reads them) and can be made again with
// pbem report and pbem map.
func writeViews(g *archive.Game, st *archive.Step) (string, error) {
	dir := filepath.Join(g.Dir(), "views", st.Dir())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	r := g.Public(st, "")
	for _, f := range []struct{ format, name string }{{"html-page", "report.html"}, {"markdown", "report.md"}, {"bbcode", "report.bbcode"}, {"json", "report.json"}} {
		out, err := renderReport(r, f.format)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(out), 0o644); err != nil {
			return "", err
		}
	}
	png, err := templates.MapPNG(g.Rules(), r)
	if err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "map.png"), png, 0o644)
}
