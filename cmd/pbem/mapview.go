package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/mapdraw"
	"github.com/pbem-org/pbem/templates"
)

func init() {
	register(command{
		name: "map", args: "--game DIR [--turn ID] -o FILE.png|FILE.svg",
		summary: "draw the map of a game after a step (PNG or SVG)",
		doc: `Without --turn, the map shows the game as it stands. The same
archive and version always give the same bytes.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			dir := fs.String("game", "", "the game directory")
			turn := fs.String("turn", "", "a step id (r05-saxons), step number or \"start\"")
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
				id, before, after, events, err := stepStates(g, *turn)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				v := mapView(g.Rules(), len(g.Players()), id, before, after, events)
				var buf bytes.Buffer
				geo, err := mapdraw.ForBoard(g.Rules().Board)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				if ext == ".png" {
					err = mapdraw.RenderPNG(&buf, geo, g.Rules().Board, v)
				} else {
					err = mapdraw.RenderSVG(&buf, geo, g.Rules().Board, v)
				}
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				fmt.Fprintf(e.stdout, "wrote %s (%s)\n", *out, id)
				return exitOK
			}
		},
	})
}

// stepStates finds a step of a game and the states around it: turn empty
// means the latest step in force.
func stepStates(g *archive.Game, turn string) (id string, before, after *adjudicator.State, events []adjudicator.Event, err error) {
	var inForce []archive.StepInfo
	for _, s := range g.Steps() {
		if !s.Superseded() {
			inForce = append(inForce, s)
		}
	}
	load := func(s archive.StepInfo) (*adjudicator.State, []adjudicator.Event, error) {
		dir := filepath.Join(g.Dir(), "turns", s.Dir())
		sb, err := os.ReadFile(filepath.Join(dir, "state.json"))
		if err != nil {
			return nil, nil, err
		}
		st, err := g.Engine().UnmarshalState(sb)
		if err != nil {
			return nil, nil, err
		}
		eb, err := os.ReadFile(filepath.Join(dir, "events.jsonl"))
		if err != nil && !os.IsNotExist(err) {
			return nil, nil, err
		}
		evs, err := adjudicator.UnmarshalEvents(eb)
		return st, evs, err
	}
	idx := len(inForce) - 1
	if turn != "" {
		idx = -1
		for i, s := range inForce {
			if s.ID == turn || fmt.Sprint(s.Number) == strings.TrimLeft(turn, "0") || (turn == "start" && s.Number == 0) {
				idx = i
			}
		}
		if idx < 0 {
			return "", nil, nil, nil, fmt.Errorf("no step %q in force in %s", turn, g.Dir())
		}
	}
	if idx < 0 {
		s := g.State()
		return "start", s, s, nil, nil
	}
	after, events, err = load(inForce[idx])
	if err != nil {
		return "", nil, nil, nil, err
	}
	if idx > 0 {
		before, _, err = load(inForce[idx-1])
	} else {
		before, _, err = load(archive.StepInfo{Number: 0, ID: "start"})
	}
	if err != nil {
		return "", nil, nil, nil, err
	}
	return inForce[idx].ID, before, after, events, nil
}

// mapView builds what the map shows after a step: every stack in its
// player's colour, this step's moves as arrows and its battles marked.
func mapView(g *games.Game, players int, id string, before, after *adjudicator.State, events []adjudicator.Event) *mapdraw.View {
	b := g.Board
	colour := make([]string, len(g.Tables.Nations))
	for i := range colour {
		colour[i] = "#777777"
	}
	if sp := g.Tables.Split(players); sp != nil {
		for _, p := range sp.Players {
			for _, nn := range p.Nations {
				if n, err := g.Tables.NationIndex(nn); err == nil {
					colour[n] = p.Hex
				}
			}
		}
	}
	tag := make([]string, len(g.Tables.Nations))
	for n, nat := range g.Tables.Nations {
		tag[n] = nat.Short
		if nat.Hex == "" {
			continue
		}
		// a token set of its own colour (Hy Breasil 2), marked with its
		// owner's colour initial
		colour[n] = nat.Hex
		if sp := g.Tables.Split(players); sp != nil && after.Nations[n].Owner >= 0 && after.Nations[n].Owner < len(sp.Players) {
			tag[n] += "·" + strings.ToUpper(sp.Players[after.Nations[n].Owner].Colour[:1])
		}
	}
	v := &mapdraw.View{Title: fmt.Sprintf("Round %d — %s", before.Round, id)}
	if r := g.Tables.Round(before.Round); r != nil && r.Years != "" {
		v.Title = fmt.Sprintf("Round %s (%s) — after %s", r.Label, r.Years, id)
	} else if r != nil {
		v.Title = fmt.Sprintf("%s — after %s", r.Label, id)
	}
	for a := range b.Areas {
		for n := range g.Tables.Nations {
			if c := after.Units(games.AreaID(a), n); c > 0 {
				v.Stacks = append(v.Stacks, mapdraw.Stack{Area: games.AreaID(a), Nation: g.Tables.Nations[n].Name, Colour: colour[n], Armies: c, Tag: tag[n]})
			}
		}
	}
	for _, ev := range events {
		switch ev.Kind {
		case adjudicator.EvMove:
			n, _ := g.Tables.NationIndex(ev.Nation)
			for i := 1; i < len(ev.Path); i++ {
				x, err1 := b.Lookup(ev.Path[i-1])
				y, err2 := b.Lookup(ev.Path[i])
				if err1 == nil && err2 == nil && n >= 0 {
					v.Moves = append(v.Moves, mapdraw.Arrow{From: x, To: y, Colour: colour[n]})
				}
			}
		case adjudicator.EvBattle:
			if a, err := b.Lookup(ev.Area); err == nil {
				v.Battles = append(v.Battles, a)
			}
		}
	}
	var vps []string
	for n, nat := range g.Tables.Nations {
		if vp := after.Nations[n].VP; vp > 0 {
			vps = append(vps, fmt.Sprintf("%s %s", nat.Short, vp))
		}
	}
	if len(vps) > 0 {
		v.Legend = append(v.Legend, "VP: "+strings.Join(vps, "  "))
	}
	return v
}

// renderMap is the daemon's map for a step's report.
func renderMap(g *archive.Game, stepID string, before, after *adjudicator.State, events []adjudicator.Event) ([]byte, error) {
	v := mapView(g.Rules(), len(g.Players()), stepID, before, after, events)
	geo, err := mapdraw.ForBoard(g.Rules().Board)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := mapdraw.RenderPNG(&buf, geo, g.Rules().Board, v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// formatReport renders a step's report in one of the forum and tool formats
// (docs/design.md §6).
func formatReport(g *archive.Game, turn, format string) (string, error) {
	id, before, after, events, err := stepStates(g, turn)
	if err != nil {
		return "", err
	}
	var names []string
	for _, p := range g.Players() {
		names = append(names, p.Name)
	}
	seed := ""
	for _, st := range g.Steps() {
		if st.ID == id && !st.Superseded() {
			if b, err := os.ReadFile(filepath.Join(g.Dir(), "turns", st.Dir(), "seed.hex")); err == nil {
				seed = strings.TrimSpace(string(b))
			}
		}
	}
	r := templates.Build(g.Engine(), id, before, after, events, templates.Options{Game: g.ID(), Seed: seed, Players: names})
	switch format {
	case "html":
		return templates.HTML(r, ""), nil
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
// the report as HTML, Markdown, BBCode and JSON and the map as PNG. They
// are not part of the normative archive (verify never reads them) and can
// be made again with pbem report and pbem map.
func writeViews(g *archive.Game, st *archive.Step) (string, error) {
	dir := filepath.Join(g.Dir(), "views", st.Dir())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, f := range []struct{ format, name string }{{"html", "report.html"}, {"markdown", "report.md"}, {"bbcode", "report.bbcode"}, {"json", "report.json"}} {
		out, err := formatReport(g, st.ID, f.format)
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(out), 0o644); err != nil {
			return "", err
		}
	}
	id, before, after, events, err := stepStates(g, st.ID)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	v := mapView(g.Rules(), len(g.Players()), id, before, after, events)
	geo, err := mapdraw.ForBoard(g.Rules().Board)
	if err != nil {
		return "", err
	}
	if err := mapdraw.RenderPNG(&buf, geo, g.Rules().Board, v); err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, "map.png"), buf.Bytes(), 0o644)
}
