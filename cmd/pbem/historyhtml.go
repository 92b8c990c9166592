package main

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/internal/par"
	"github.com/pbem-org/pbem/templates"
)

// The HTML history is a folder a reader steps through (issue 21):
// index.html with the facts, each player's VP over the rounds, the
// contents by round and nation, and the standings; a page a step in
// steps/, each with its map, previous and next links (and the keys ←/→
// and j/k); and the board drawn once, maps/board.png, which every step's
// map shows under its counters (an inline SVG).

// Where the history's files go in its folder.
const (
	historyBoard  = "maps/board.png"
	historyMapCSS = "maps/map.css" // the classes of the maps' SVG
	historySteps  = "steps"
)

// historyLink is a link to a page of the history, with its label.
type historyLink struct {
	Href, Label string
}

// historyStepPage is a step's page.
type historyStepPage struct {
	Game, Title string // Title: "Round 3 · Saxons"
	Number      int    // 1 for the start
	Count       int    // the pages of steps, the start included
	Prev, Next  historyLink
	Body        template.HTML // the report, its orders and its map
}

// historyIndex is the history's first page.
type historyIndex struct {
	Game, Ruleset string
	Facts         []fact
	Chart         template.HTML
	RoundWord     string
	First         historyLink
	Rounds        []historyContents
	EndTitle      string
	Standings     []string
	Rollbacks     []string
}

// historyContents is a line of the contents: a round and its steps,
// each by its nation's name or the round event's.
type historyContents struct {
	Name, Years string // "Round 3", "485-560"
	Steps       []historyLink
}

// writeHistoryHTML writes the HTML history into the folder out.
func writeHistoryHTML(g *archive.Game, h *history, out string) error {
	for _, dir := range []string{filepath.Dir(historyBoard), historySteps} {
		if err := os.MkdirAll(filepath.Join(out, dir), 0o755); err != nil {
			return err
		}
	}
	layers, err := templates.NewMapLayers(g.Rules())
	if err != nil {
		return err
	}
	board, err := layers.BoardPNG()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, historyBoard), board, 0o644); err != nil {
		return err
	}
	all := append([]historyStep{h.first}, h.steps...)
	links := make([]historyLink, len(all))
	reports := make([]*templates.Report, len(all))
	for i, hs := range all {
		links[i] = historyLink{Href: hs.st.Dir() + ".html", Label: stepTitle(hs.report)}
		reports[i] = hs.report
	}
	svgs, css, err := layers.Overlays(reports, "../"+historyBoard)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, historyMapCSS), css, 0o644); err != nil {
		return err
	}
	err = par.Do(len(all), func(i int) error {
		page, err := historyStepHTML(g, all, links, svgs[i], i)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(out, historySteps, links[i].Href), page, 0o644)
	})
	if err != nil {
		return err
	}
	if err := removeStale(filepath.Join(out, historySteps), links); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := historyIndexTmpl.Execute(&b, newHistoryIndex(g, h, all, links)); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "index.html"), b.Bytes(), 0o644)
}

// removeStale removes the pages of dir that are none of links: those a
// history written there before had of steps since rolled back.
func removeStale(dir string, links []historyLink) error {
	keep := map[string]bool{}
	for _, l := range links {
		keep[l.Href] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ".html") && !keep[name] {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// historyStepHTML is the page of step all[i].
func historyStepHTML(g *archive.Game, all []historyStep, links []historyLink, svg []byte, i int) ([]byte, error) {
	hs := all[i]
	p := historyStepPage{Game: g.ID(), Title: links[i].Label, Number: i + 1, Count: len(all),
		Prev: historyLink{Href: "../index.html", Label: "Contents"},
		Next: historyLink{Href: "../index.html#end", Label: "The standings"}}
	if i > 0 {
		p.Prev = historyLink{Href: links[i-1].Href, Label: links[i-1].Label}
	}
	if i+1 < len(all) {
		p.Next = historyLink{Href: links[i+1].Href, Label: links[i+1].Label}
	}
	lead := ""
	if hs.st.Nation != "" {
		lead = `<p style="margin:0 0 6px 0;font-weight:bold;">` + template.HTMLEscapeString(whoseOrders(g, hs.st)) + "</p>\n" +
			`<pre class="orders">` + template.HTMLEscapeString(strings.TrimRight(hs.st.Orders, "\n")) + "</pre>"
	}
	mapHTML := `<div class="map" id="map"><p class="zoom"><a class="full" href="#map">Full size</a><a class="fit" href="#">Fit to the page</a></p>` + string(svg) + `</div>`
	p.Body = template.HTML(templates.HistorySection(hs.report, lead, mapHTML))
	var b bytes.Buffer
	if err := historyStepTmpl.Execute(&b, p); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// newHistoryIndex is the first page's content: the facts, the chart, the
// contents by round, the standings.
func newHistoryIndex(g *archive.Game, h *history, all []historyStep, links []historyLink) historyIndex {
	title, standings, rollbacks := historyEnd(g)
	last := all[len(all)-1].report
	x := historyIndex{Game: g.ID(), Ruleset: g.Rules().Ruleset.Title, Facts: historyFacts(g, h),
		RoundWord: last.RoundWord, First: historyLink{Href: historySteps + "/" + links[0].Href, Label: links[0].Label},
		EndTitle: title, Standings: standings, Rollbacks: rollbacks}
	if d := g.Due(); !d.Over && d.Nation != "" {
		x.EndTitle = fmt.Sprintf("Standings so far (the game goes on: %s %d · %s is due)", roundWordOf(last), g.State().Round, d.Nation)
	}
	chart := templates.NewVPChart(last)
	for i, hs := range all {
		if i == 0 {
			continue
		}
		chart.Step(g.Engine(), hs.st.Before.Round, hs.st.State)
		name := roundOf(hs.report)
		if n := len(x.Rounds); n == 0 || x.Rounds[n-1].Name != name {
			x.Rounds = append(x.Rounds, historyContents{Name: name, Years: hs.report.Years})
		}
		c := &x.Rounds[len(x.Rounds)-1]
		c.Steps = append(c.Steps, historyLink{Href: historySteps + "/" + links[i].Href, Label: stepName(hs.report)})
	}
	x.Chart = chart.SVG()
	return x
}

// roundOf names a report's round: "Round 3", or in the ruleset's own word for a
// round (Texts.RoundWord).
func roundOf(r *templates.Report) string { return roundWordOf(r) + " " + strconv.Itoa(r.Round) }

// roundWordOf is what a report's ruleset calls a round: "Round", "Turn".
func roundWordOf(r *templates.Report) string {
	if r.RoundWord == "" {
		return "Round"
	}
	return r.RoundWord
}

// stepName names a step within its round: its nation ("Saxons"; with
// what was asked for, "Saxons, a reroll"), or its round event
// ("End of round", "Invasion phase"); "The start" for the start.
func stepName(r *templates.Report) string {
	if r.Start {
		return "The start"
	}
	if r.Nation != "" {
		if r.Step != "" {
			return r.Nation + ", " + r.Step
		}
		return r.Nation
	}
	return upperFirst(strings.TrimPrefix(r.Step, "the "))
}

// stepTitle is a step's title in the history: "Round 3 · Saxons", "The
// start".
func stepTitle(r *templates.Report) string {
	if r.Start {
		return "The start"
	}
	return roundOf(r) + " · " + stepName(r)
}

func upperFirst(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(c)) + s[n:]
}

// historyKeys is the script of every page of the history: ← and k follow
// the page's rel=prev link, → and j its rel=next (the links work without
// it).
const historyKeys = `<script>
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
  var rel = {ArrowLeft: 'prev', k: 'prev', ArrowRight: 'next', j: 'next'}[e.key];
  var a = rel && document.querySelector('a[rel~=' + rel + ']');
  if (a) { e.preventDefault(); location.href = a.href; }
});
</script>`

// historyStyle is the style sheet of every page of the history: a column
// a phone's width or at most 760 px, nothing wider than the screen; the
// map as wide as the screen allows, up to its own width (the report's
// column has room for two thirds of it), or at its own width in a box
// that scrolls (its "Full size" link, #map).
const historyStyle = `<style>
body { margin: 0; padding: 0; background-color: #f4f2ee; color: #222222; font-family: Georgia, 'Times New Roman', serif; }
.page { max-width: 760px; margin: 0 auto; padding: 16px; background-color: #ffffff; box-sizing: border-box; }
.bar { position: sticky; top: 0; z-index: 1; display: flex; gap: 8px; align-items: baseline; max-width: 760px; margin: 0 auto; padding: 8px 16px; box-sizing: border-box; background-color: #333333; color: #ffffff; font-size: 15px; }
.bar a { color: #ffffff; }
.bar .prev, .bar .next { flex: 1 1 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bar .next { text-align: right; }
.bar .where { flex: none; color: #cccccc; font-size: 13px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-family: 'Courier New', monospace; font-size: 13px; margin: 0 0 12px 0; padding: 8px; background-color: #f6f6f6; border: 1px solid #dddddd; }
.map { margin: 12px 0 12px 50%; width: min(calc(100vw - 32px), 1100px); transform: translateX(-50%); }
.map svg { display: block; width: 100%; height: auto; border: 1px solid #cccccc; box-sizing: border-box; }
.map .zoom { margin: 0 0 4px 0; font-size: 14px; text-align: right; }
.map .fit, .map:target .full { display: none; }
.map:target .fit { display: inline; }
.map:target { overflow-x: auto; }
.map:target svg { width: auto; max-width: none; }
.contents p { margin: 6px 0; }
.contents a { white-space: nowrap; }
kbd { font-family: 'Courier New', monospace; border: 1px solid #999999; border-radius: 3px; padding: 0 3px; }
</style>`

var historyStepTmpl = template.Must(template.New("step").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>{{.Title}} · game {{.Game}}</title>
<link rel="stylesheet" href="../` + historyMapCSS + `" />
` + historyStyle + `
</head>
<body>
<nav class="bar" aria-label="Steps"><a class="prev" rel="prev" href="{{.Prev.Href}}">← {{.Prev.Label}}</a><span class="where"><a href="../index.html#contents">{{.Number}}/{{.Count}}</a></span><a class="next" rel="next" href="{{.Next.Href}}">{{.Next.Label}} →</a></nav>
{{.Body}}
<nav class="bar" aria-label="Steps"><a class="prev" href="{{.Prev.Href}}">← {{.Prev.Label}}</a><span class="where"><a href="../index.html#contents">Contents</a></span><a class="next" href="{{.Next.Href}}">{{.Next.Label}} →</a></nav>
` + historyKeys + `
</body>
</html>
`))

var historyIndexTmpl = template.Must(template.New("history").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>The story of game {{.Game}}</title>
` + historyStyle + `
</head>
<body>
<div class="page">
<h1 style="font-size:24px;margin:0 0 4px 0;">The story of game {{.Game}}</h1>
<p style="margin:0 0 12px 0;color:#555555;font-style:italic;">{{.Ruleset}}</p>
{{- range .Facts}}
<p style="margin:0 0 6px 0;"><b>{{.Label}}:</b>{{if .Code}} <code style="font-size:13px;word-break:break-all;">{{index .Lines 0}}</code>{{else if eq (len .Lines) 1}} {{index .Lines 0}}{{else}}</p>
<ul style="margin:0 0 6px 0;padding-left:20px;">{{range .Lines}}<li>{{.}}</li>{{end}}</ul>{{end}}{{if or .Code (eq (len .Lines) 1)}}</p>{{end}}
{{- end}}
{{- with .Chart}}
<h2 style="font-size:17px;margin:16px 0 6px 0;">Victory points by player</h2>
{{.}}
{{- end}}
<p style="margin:16px 0;font-size:17px;"><a rel="next" href="{{.First.Href}}">Read it step by step, from the start →</a><br /><span style="font-size:14px;color:#555555;">Each step's page has its map; <kbd>→</kbd> or <kbd>j</kbd> goes to the next, <kbd>←</kbd> or <kbd>k</kbd> to the previous.</span></p>
<nav class="contents" id="contents">
<h2 style="font-size:17px;margin:16px 0 6px 0;">Contents</h2>
<p><a href="{{.First.Href}}">{{.First.Label}}</a></p>
{{- range .Rounds}}
<p><b>{{.Name}}</b>{{with .Years}} <span style="color:#555555;">({{.}})</span>{{end}}{{range .Steps}} · <a href="{{.Href}}">{{.Label}}</a>{{end}}</p>
{{- end}}
<p><a href="#end" style="white-space:normal;">{{.EndTitle}}</a></p>
</nav>
</div>
<div class="page" id="end">
<h2 style="font-size:20px;margin:0 0 8px 0;">{{.EndTitle}}</h2>
<ol style="margin:0;padding-left:20px;">
{{- range .Standings}}
<li>{{.}}</li>
{{- end}}
</ol>
{{- with .Rollbacks}}
<h2 style="font-size:17px;margin:16px 0 6px 0;">Rollbacks</h2>
<p style="margin:0 0 6px 0;">The steps they set aside are in the archive, not here.</p>
<ul style="margin:0;padding-left:20px;">
{{- range .}}
<li>{{.}}</li>
{{- end}}
</ul>
{{- end}}
</div>
` + historyKeys + `
</body>
</html>
`))
