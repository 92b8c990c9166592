package templates

import (
	"bytes"
	"embed"
	"encoding/json"
	htmltemplate "html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/pbem-org/pbem/adjudicator"
)

//go:embed tmpl/*.tmpl
var tmplFS embed.FS

var (
	tmplText   = parseText("report.txt.tmpl")
	tmplMD     = parseText("report.md.tmpl")
	tmplBBCode = parseText("report.bbcode.tmpl")
	tmplOrders = parseText("orders.txt.tmpl")
	tmplHTML   = htmltemplate.Must(htmltemplate.New("report.html.tmpl").Funcs(htmltemplate.FuncMap(funcs())).Funcs(htmltemplate.FuncMap{
		"cid": func(id string) htmltemplate.URL { return htmltemplate.URL("cid:" + url.PathEscape(id)) },
	}).ParseFS(tmplFS, "tmpl/report.html.tmpl"))
)

func parseText(name string) *template.Template {
	return template.Must(template.New(name).Funcs(funcs()).ParseFS(tmplFS, "tmpl/"+name))
}

// funcs are the helpers every template may call.
func funcs() template.FuncMap {
	return template.FuncMap{
		"para":     para,
		"join":     strings.Join,
		"list":     list,
		"plural":   plural,
		"signed":   signed,
		"stacks":   stacksText,
		"rule":     func(c string) string { return strings.Repeat(c, Width) },
		"upper":    strings.ToUpper,
		"md":       mdEscape,
		"bb":       BBEscape,
		"trim":     strings.TrimSpace,
		"position": positionText,
		"nations":  nationsText,
		"scores":   scoresText,
		"losses":   losses,
		"subtitle": subtitle,
		"comment":  comment,
		"add":      func(a, b int) int { return a + b },
		"lower":    strings.ToLower,
	}
}

func renderText(t *template.Template, data any) string {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		panic("templates: " + err.Error()) // the templates are embedded and tested
	}
	return b.String()
}

// Text is the plain-text report: at most Width columns, ASCII layout,
// readable in any mail client.
func Text(r *Report) string {
	return fit(renderText(tmplText, r))
}

// HTML is the HTML alternative of the report: the same content as Text in
// tables, with inline CSS only (mail clients drop style sheets). With a
// mapCID it shows the map attached under that Content-ID.
func HTML(r *Report, mapCID string) string {
	return renderHTML("report.html.tmpl", r, mapCID, "")
}

// HTMLPage is the report as a web page of its own, HTML's document with
// the map the image at mapSrc (a URL or a relative path) instead of a mail
// attachment: the report.html of a step's views, beside its map.png.
func HTMLPage(r *Report, mapSrc string) string {
	return renderHTML("report.html.tmpl", r, "", mapSrc)
}

// HTMLSection is the report as a part of a larger page, such as a game's
// history: the body of HTML's document (the same inline styles), its map
// the image at mapSrc (a URL or a relative path, lazily loaded; none if
// empty).
func HTMLSection(r *Report, mapSrc string) string {
	return renderHTML("reportbody", r, "", mapSrc)
}

// HistorySection is the report as a step of a game's history (issue 21):
// HTMLSection with lead (HTML: the orders as understood) under the
// headline, the map mapSVG (HTML: MapLayers.OverlaySVG in its frame)
// shown inline, and without the tables the map and the history's chart
// already show (the position; the nations and the score by player but at
// the start and the end of a round).
func HistorySection(r *Report, lead, mapSVG string) string {
	return executeHTML("reportbody", htmlReport{Report: r, Lead: htmltemplate.HTML(lead), MapSVG: htmltemplate.HTML(mapSVG), Brief: true})
}

// htmlReport is what report.html.tmpl renders: the Report and how its
// map is shown (attached, linked or inline), what comes under the
// headline, and whether it is brief.
type htmlReport struct {
	*Report
	MapCID string
	MapSrc string
	MapSVG htmltemplate.HTML
	Lead   htmltemplate.HTML
	Brief  bool
}

func renderHTML(name string, r *Report, mapCID, mapSrc string) string {
	return executeHTML(name, htmlReport{Report: r, MapCID: mapCID, MapSrc: mapSrc})
}

func executeHTML(name string, data htmlReport) string {
	var b bytes.Buffer
	if err := tmplHTML.ExecuteTemplate(&b, name, data); err != nil {
		panic("templates: " + err.Error())
	}
	return b.String()
}

// Markdown is the report for forums that take Markdown (tables as GFM pipe
// tables).
func Markdown(r *Report) string { return renderText(tmplMD, r) }

// BBCode is the report for forums that take BBCode; tables are in [code]
// blocks, as few boards have table tags.
func BBCode(r *Report) string { return renderText(tmplBBCode, r) }

// jsonReport is the JSON form: the step, the state after it, its events
// and the scores. The Personal part is never included.
type jsonReport struct {
	Game       string               `json:"game,omitempty"`
	Ruleset    string               `json:"ruleset"`
	Turn       string               `json:"turn"`
	Title      string               `json:"title"`
	Round      int                  `json:"round"`
	RoundLabel string               `json:"round_label,omitempty"`
	Years      string               `json:"years,omitempty"`
	Nation     string               `json:"nation,omitempty"`
	Seed       string               `json:"seed,omitempty"`
	NextTurn   string               `json:"next_turn,omitempty"`
	Deadline   string               `json:"deadline,omitempty"`
	State      adjudicator.Snapshot `json:"state"`
	Events     []jsonEvent          `json:"events"`
	Scores     jsonScores           `json:"scores"`
}

// jsonEvent is an event of the JSON form: its facts and its words.
type jsonEvent struct {
	adjudicator.Event
	Words string `json:"words"`
}

type jsonScores struct {
	Nations []jsonNation `json:"nations"`
	Players []jsonSeat   `json:"players,omitempty"`
}

type jsonNation struct {
	Nation string `json:"nation"`
	Short  string `json:"short"`
	Seat   int    `json:"seat,omitempty"`
	VP     int    `json:"vp"`
	Gained int    `json:"gained"`
}

type jsonSeat struct {
	Seat    int      `json:"seat"`
	Name    string   `json:"name,omitempty"`
	Colour  string   `json:"colour"`
	Nations []string `json:"nations"`
	VP      int      `json:"vp"`
	Gained  int      `json:"gained"`
}

// JSON is the report for other tools: the step, the state after it (as the
// archive's Snapshot), its events and the scores by nation and player,
// indented, ending in a newline.
func JSON(r *Report) ([]byte, error) {
	j := jsonReport{Game: r.Game, Ruleset: r.Ruleset, Turn: r.TurnID, Title: r.Title, Round: r.Round,
		RoundLabel: r.RoundLabel, Years: r.Years, Nation: r.Nation, Seed: r.Seed, NextTurn: r.NextTurn,
		Deadline: r.Deadline, State: r.snapshot, Events: []jsonEvent{}}
	for _, ev := range r.Events {
		j.Events = append(j.Events, jsonEvent{Event: ev, Words: ev.Text})
	}
	for _, n := range r.Nations {
		j.Scores.Nations = append(j.Scores.Nations, jsonNation{Nation: n.Nation, Short: n.Short, Seat: n.Seat, VP: n.VP, Gained: n.Gained})
	}
	for _, s := range r.Players {
		j.Scores.Players = append(j.Scores.Players, jsonSeat{Seat: s.Seat, Name: s.Name, Colour: s.Colour, Nations: s.Nations, VP: s.VP, Gained: s.Gained})
	}
	b, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// subtitle is the line under the title: Timeline round, years, game, id.
func subtitle(r *Report) string {
	var parts []string
	if r.RoundLabel != "" {
		s := r.roundName() + " of " + r.RoundOf
		if r.Years != "" {
			s += " (" + r.Years + ")"
		}
		parts = append(parts, s)
	}
	if r.Game != "" {
		parts = append(parts, "game "+r.Game)
	}
	parts = append(parts, "step "+r.TurnID)
	return strings.Join(parts, ", ")
}

// comment wraps text as "# " comment lines of an orders template.
func comment(text string) string {
	ls := wrap(text, Width-2, 0, 0)
	for i := range ls {
		ls[i] = strings.TrimRight("# "+ls[i], " ")
	}
	return strings.Join(ls, "\n") + "\n"
}

// areaLabel is an area's name with "(d)" for difficult terrain.
func areaLabel(a AreaRow) string {
	if a.Difficult {
		return a.Area + " (d)"
	}
	return a.Area
}

// positionText is the text position table of the rows Report.Shown
// gives, by region, the seas last; after a step, with each area's armies
// before it.
func positionText(r *Report) string {
	shown := r.Shown()
	before := !r.Full()
	minw := []int{width("At sea"), width("Armies"), width("Before")}
	for _, rg := range shown {
		minw[0] = max(minw[0], width(rg.Name))
		for _, a := range rg.Areas {
			minw[0] = max(minw[0], width(areaLabel(a)))
			minw[1] = max(minw[1], width(stacksText(a.Now)))
			minw[2] = max(minw[2], width(stacksText(a.Before)))
		}
	}
	var sb strings.Builder
	for i, rg := range shown {
		if i > 0 {
			sb.WriteString("\n")
		}
		t := table{indent: 2, head: []string{rg.Name, "Armies"}, minw: minw}
		if before {
			t.head = append(t.head, "Before")
		}
		for _, a := range rg.Areas {
			row := []string{areaLabel(a), stacksText(a.Now)}
			if before {
				row = append(row, stacksText(a.Before))
			}
			t.rows = append(t.rows, row)
		}
		sb.WriteString(t.render())
	}
	return sb.String()
}

// nationsText is the text nations table of the nations shown
// (Report.ShownNations); "" for none.
func nationsText(r *Report) string {
	t := table{indent: 2, head: []string{"Nation", "Player", "Land", "Sea", "Off", "Held", "Lim", "Pop", "VP", "+VP"},
		right: []bool{false, false, true, true, true, true, true, true, true, true}}
	shown := r.ShownNations()
	if len(shown) == 0 {
		return ""
	}
	for _, n := range shown {
		t.rows = append(t.rows, []string{n.Short + " " + n.Nation, n.Colour, strconv.Itoa(n.Land), strconv.Itoa(n.Sea), strconv.Itoa(n.Spare),
			strconv.Itoa(n.Held), strconv.Itoa(n.Limit), strconv.Itoa(n.Pop), strconv.Itoa(n.VP), signed(n.Gained)})
	}
	if r.PlayersScore { // players, not nations, score (Hy Breasil 7): no VP by nation
		t.dropColumns(8, 10)
	}
	if r.NoTrack { // no population track (Hy Breasil 6.2): no Lim, no Pop
		t.dropColumns(6, 8)
	}
	return t.render()
}

// dropColumns removes columns i to j-1 of the table.
func (t *table) dropColumns(i, j int) {
	t.head = slices.Delete(t.head, i, j)
	t.right = slices.Delete(t.right, i, j)
	for k := range t.rows {
		t.rows[k] = slices.Delete(t.rows[k], i, j)
	}
}

// scoresText is the text score table by player, best first.
func scoresText(r *Report) string {
	t := table{indent: 2, head: []string{"Player", "VP", "+VP", "Nations"}, right: []bool{false, true, true, false}}
	for _, s := range r.Standings() {
		var ns []string
		for _, nn := range s.Nations {
			for _, n := range r.Nations {
				switch {
				case n.Nation == nn && r.PlayersScore:
					ns = append(ns, n.Short)
				case n.Nation == nn:
					ns = append(ns, n.Short+" "+strconv.Itoa(n.VP))
				}
			}
		}
		t.rows = append(t.rows, []string{s.Label(), strconv.Itoa(s.VP), signed(s.Gained), strconv.Itoa(s.Turns), s.PerTurn(), strings.Join(ns, ", ")})
	}
	if r.Continuous() { // Hy Breasil 10.3: ranked by VP a turn
		// The nations last, the column that wraps: "12.50 (left)" and six
		// nations do not fit 72 columns side by side.
		t.head = []string{"Player", "VP", "+VP", "Turns", "VP a turn", "Nations"}
		t.right = []bool{false, true, true, true, false, false}
	} else {
		for k, row := range t.rows {
			t.rows[k] = []string{row[0], row[1], row[2], row[5]}
		}
	}
	return t.render()
}

// losses sums a battle up: "Losses in York: Angles 1, Romano-British 0;
// retreated: Romano-British 1." (by area: two battles with the same losses
// are not the same sentence twice).
func losses(b Battle) string {
	s := "Losses in " + b.Area + ": " + b.Attacker + " " + strconv.Itoa(b.AttackerLost) + ", " + b.Defender + " " + strconv.Itoa(b.DefenderLost)
	var ret []string
	if b.AttackerRetreated > 0 {
		ret = append(ret, b.Attacker+" "+strconv.Itoa(b.AttackerRetreated))
	}
	if b.DefenderRetreated > 0 {
		ret = append(ret, b.Defender+" "+strconv.Itoa(b.DefenderRetreated))
	}
	if len(ret) > 0 {
		s += "; retreated: " + strings.Join(ret, ", ")
	}
	return s + "."
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `&lt;`, "|", `\|`)

// mdEscape makes text literal in Markdown.
func mdEscape(s string) string { return mdEscaper.Replace(strings.TrimSpace(s)) }
