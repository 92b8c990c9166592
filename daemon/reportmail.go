package daemon

import (
	"fmt"
	"net/mail"
	"net/url"
	"strings"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/templates"
)

// This file assembles the report mails a player gets, after their mail
// preferences (archive.MailPrefs, issue 14: mail that a game of a year can
// afford): the map once per mail, inline in HTML or attached to text; with
// every report, once a round, or never; a mail per step or one digest a
// round.

// letter is a report mail before it is fitted to its reader's
// preferences.
type letter struct {
	id, subject, text string
	// html is the HTML version showing the map and the VP chart under the
	// Content-IDs it is given ("" for none: the chart as SVG); nil for a
	// mail without one.
	html    func(mapCID, chartCID string) string
	mapName string // the file name the map is sent under
	png     []byte // the map; nil for none
	chart   []byte // the VP chart's picture at the game's end; nil for none
	headers [][2]string
}

// compose fits a letter to its reader: in HTML (the default) the text and
// the HTML as alternatives, the map once as an inline part of
// multipart/related under its own Content-ID, which the HTML shows and
// text-only clients list as an attachment; in text the text alone with the
// map attached. A reader who gets no map with this mail by their choice is
// told how to have it; the others how to have the whole board at full
// size (the picture with a report is a detail of it, issue 21).
func (d *Daemon) compose(g *archive.Game, to archive.PlayerInfo, l letter) *mailer.Outgoing {
	o := &mailer.Outgoing{ID: l.id, To: []string{to.Email}, Subject: l.subject, Text: l.text, AutoSubmitted: true, Headers: l.headers}
	html := l.html != nil && to.Prefs.Get("format") == "html"
	cid := ""
	switch {
	case l.png != nil && html:
		cid = strings.TrimSuffix(l.mapName, ".png") + "@pbem"
		o.Inline = []mailer.Part{{Name: l.mapName, ContentID: cid, ContentType: "image/png", Data: l.png}}
		o.Text += "\nThe map is in this mail as " + l.mapName + ".\n"
	case l.png != nil:
		o.Attach = []mailer.Part{{Name: l.mapName, ContentType: "image/png", Data: l.png}}
		o.Text += "\nThe map is attached as " + l.mapName + ".\n"
	case d.Map != nil && to.Prefs.Get("map") != "every":
		o.Text += fmt.Sprintf("\nNo map with this mail (your preference: map %s). Send \"map %s\" for the map now.\n", to.Prefs.Get("map"), g.ID())
	}
	if l.png != nil && d.board() != nil {
		o.Text += fmt.Sprintf("The whole board at full size: send \"map %s\" (as the Subject) to %s; it comes back by reply.\n", g.ID(), d.fromAddr())
	}
	if html {
		chart := ""
		if l.chart != nil {
			chart = chartCID
			o.Inline = append(o.Inline, mailer.Part{Name: "vp-chart.png", ContentID: chartCID, ContentType: "image/png", Data: l.chart})
		}
		o.HTML = l.html(cid, chart)
	}
	return o
}

// endsRound reports whether a step ends its round: the game is over after
// it, or the state after it is in another round.
func endsRound(before, after *adjudicator.State) bool {
	return after.Over || after.Round != before.Round
}

// wantsMap reports whether a player's mail about a step carries the map:
// with every report, or once a round with the mail of the step that ends
// it (a digest is mailed then too).
func wantsMap(p archive.PlayerInfo, ends bool) bool {
	switch p.Prefs.Get("map") {
	case "never":
		return false
	case "round":
		return ends
	}
	return p.Prefs.Get("reports") != "digest" || ends
}

// boardLink is a link that writes the mail asking for a game's whole
// board at full size (the "map" command in the Subject, issue 21: the
// picture in a report mail is a detail), "" when the server draws no map.
// Spaces are %20 in a mailto: link (RFC 6068), not "+".
func (d *Daemon) boardLink(g *archive.Game) string {
	if d.board() == nil {
		return ""
	}
	return "mailto:" + d.fromAddr() + "?subject=" + strings.ReplaceAll(url.QueryEscape("map "+g.ID()), "+", "%20")
}

// fromAddr is the bare address of Config.From ("pbem@example.org" of
// "pbem <pbem@example.org>").
func (d *Daemon) fromAddr() string {
	if a, err := mail.ParseAddress(d.cfg.From); err == nil {
		return a.Address
	}
	return strings.TrimSpace(d.cfg.From)
}

// stepMapName is the file name of a step's map: "ashdown-r05-saxons.png".
func stepMapName(g *archive.Game, stepID string) string {
	return fmt.Sprintf("%s-%s.png", g.ID(), stepID)
}

// mailDigests sends each player who asked for digests
// (archive.MailPrefs.Reports) one mail holding every report of the round a
// step has just ended, in order: the public reports, and the last (the
// round's end) as that player's copy, with the deadline of the turn due
// next; the map (png, when the player wants it) is the position at the
// round's end. The mail's id is the game's, the round's and the seat's, so
// a crash and restart queue it once; after a rollback into the round it is
// sent again.
func (d *Daemon) mailDigests(g *archive.Game, round int, png func() []byte, next time.Time) error {
	var readers []int
	left := leftGame(g, g.State())
	for seat, p := range g.Players() {
		if p.Prefs.Get("reports") == "digest" && !left[seat] {
			readers = append(readers, seat)
		}
	}
	if len(readers) == 0 {
		return nil
	}
	steps, err := roundSteps(g, round)
	if err != nil || len(steps) == 0 {
		return err
	}
	// What comes next after an earlier step is past: its public report,
	// without a reader's part (what to do next, an orders template) or the
	// next deadline.
	var reports []*templates.Report
	for _, s := range steps[:len(steps)-1] {
		reports = append(reports, g.Public(s, ""))
	}
	last := steps[len(steps)-1]
	pace := d.gamePace(g)
	deadline := ""
	if !next.IsZero() {
		deadline = when(next, pace.zone)
	}
	end := g.Public(last, deadline)
	end.BoardLink = d.boardLink(g)
	d.chartAtEnd(g, end)
	chart := end.Chart.PNG()
	id := []string{g.ID(), fmt.Sprintf("r%02d", round)}
	if n := len(g.Rollbacks()); n > 0 {
		id = append(id, fmt.Sprintf("rb%d", n))
	}
	for _, seat := range readers {
		p := g.Players()[seat]
		own := *end
		own.Links = d.cfg.Links.of(g.Rules().Ruleset.Name)
		if own.Deadline != "" {
			own.Deadline = when(next, pace.zoneOf(&p))
		}
		mine := append(append([]*templates.Report(nil), reports...), own.For(g.Engine(), seat+1, ""))
		l := letter{
			id:      safeID(append(id, "digest", fmt.Sprint(seat+1))...),
			subject: fmt.Sprintf("pbem %s round %d: %d reports", g.ID(), round, len(mine)),
			text:    digestText(g.ID(), round, mine),
			html:    func(cid, chartCID string) string { return digestHTML(mine, cid, chartCID) },
			chart:   chart,
			mapName: stepMapName(g, last.ID),
			headers: [][2]string{{"X-Pbem-Game", g.ID()}, {"X-Pbem-Round", fmt.Sprint(round)}, {"X-Pbem-Step", last.ID}},
		}
		if wantsMap(p, true) {
			l.png = png()
		}
		if err := d.send(d.compose(g, p, l)); err != nil {
			return err
		}
	}
	return nil
}

// chartCID is the Content-ID of the VP chart's picture in a mail.
const chartCID = "vp-chart@pbem"

// chartAtEnd gives the report of the step that ends the game each
// player's VP over the rounds (issue 21: the end-of-game mail, and the
// last digest, show it); a chart that cannot be read is left out, logged.
func (d *Daemon) chartAtEnd(g *archive.Game, r *templates.Report) {
	if !r.Over {
		return
	}
	c, err := g.VPChart(r)
	if err != nil {
		d.log.Warn("no VP chart in the end-of-game mail", "game", g.ID(), "err", err)
		return
	}
	r.Chart = c
}

// roundSteps reads back the steps in force of a round, in order: the
// latest steps of the game, back to the first that began in an earlier
// round.
func roundSteps(g *archive.Game, round int) ([]*archive.Step, error) {
	infos := g.Steps()
	var out []*archive.Step
	for i := len(infos) - 1; i >= 0; i-- {
		if infos[i].Superseded() {
			continue
		}
		st, _, err := g.LoadStep(infos[i].Number)
		if err != nil {
			return nil, err
		}
		if st.Before.Round < round {
			break
		}
		if st.Before.Round == round {
			out = append([]*archive.Step{st}, out...)
		}
	}
	return out, nil
}

// digestRule is the line before the i-th of n reports of a digest:
// "==== 3 of 17: r07-saxons ====…", 72 columns.
func digestRule(i, n int, id string) string {
	s := fmt.Sprintf("==== %d of %d: %s ", i, n, id)
	return s + strings.Repeat("=", max(4, 72-len(s)))
}

// digestText is the text of a round's digest: a line saying what it is,
// then each report under a rule naming it.
func digestText(game string, round int, reports []*templates.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d of game %s: the reports of its %d steps, in order\n(your preference: reports digest).\n", round, game, len(reports))
	for i, r := range reports {
		b.WriteString("\n" + digestRule(i+1, len(reports), r.TurnID) + "\n\n")
		b.WriteString(templates.Text(r))
	}
	return b.String()
}

// digestHTML is the HTML of a round's digest: the first report's page
// with the body of every report in it, in order, the map (under mapCID,
// if any) in the last, the round's end.
func digestHTML(reports []*templates.Report, mapCID, chartCID string) string {
	var bodies []string
	var head, tail string
	for i, r := range reports {
		cid := ""
		if i == len(reports)-1 {
			cid = mapCID
		}
		page := templates.HTML(r.WithChartCID(chartCID), cid)
		h, body, t := splitBody(page)
		if i == 0 {
			head, tail = h, t
		}
		bodies = append(bodies, body)
	}
	return head + strings.Join(bodies, "\n<hr style=\"border:0;border-top:2px solid #999999;margin:24px 0;\" />\n") + tail
}

// splitBody splits an HTML page into what comes up to its <body> tag (the
// tag included), the body, and the closing </body> onwards. A page without
// them is all body.
func splitBody(page string) (head, body, tail string) {
	open := strings.Index(page, "<body")
	end := strings.LastIndex(page, "</body>")
	if open < 0 || end < open {
		return "", page, ""
	}
	gt := strings.IndexByte(page[open:], '>')
	if gt < 0 || open+gt+1 > end {
		return "", page, ""
	}
	return page[:open+gt+1], page[open+gt+1 : end], page[end:]
}

// prefsHelp says what the mail preferences are and how to change them.
const prefsHelp = `Change them with a line "prefs NAME VALUE …" after your "game:" and
"token:" lines, e.g. "prefs map round format text":
  map every|round|never   with every report a picture of its action,
                          the whole board once a round (with the report
                          of the round's end), or never; send "map GAME"
                          for the whole board at any time
  format html|text        HTML with the map in it, or plain text with the
                          map attached
  reports every|digest    a mail for every step, or one mail a round with
                          every report of the round (a digest carries
                          the map of the round's end unless "map never")
  timezone ZONE           the zone your deadlines are written in (an IANA
                          name, e.g. Europe/Berlin; "default": the game's)
The first value of each is the default.
`

// prefs shows the sender's mail preferences (archive.MailPrefs, issue 14),
// or sets them: "prefs map round format text" sets each name to its value,
// all or none ("map=round" and "map: round" are read too). The change is
// kept in game.yaml and players.log before the answer is queued, so a
// crash in between answers the same when the mail is handled again.
func (d *Daemon) prefs(m *mailer.Message, in *mailer.Inbound, g *archive.Game, player *archive.PlayerInfo, env envelope) error {
	var words []string
	for _, a := range env.args {
		words = append(words, strings.FieldsFunc(a, func(r rune) bool { return r == '=' || r == ':' || r == ',' })...)
	}
	p := player.Prefs
	if len(words) == 0 {
		return d.reply(m, in, "prefs", fmt.Sprintf("Your mail preferences in game %s: %s.\n\n%s", g.ID(), p, prefsHelp))
	}
	if len(words)%2 != 0 {
		return d.reply(m, in, "prefs", fmt.Sprintf("Nothing changed: each preference needs a name and a value (you wrote %q).\n\n%s", strings.Join(env.args, " "), prefsHelp))
	}
	for i := 0; i < len(words); i += 2 {
		if err := p.Set(words[i], words[i+1]); err != nil {
			return d.reply(m, in, "prefs", fmt.Sprintf("Nothing changed: %v.\n\n%s", err, prefsHelp))
		}
	}
	if err := g.SetPrefs(player.Name, p, m.JournalID); err != nil {
		return err
	}
	return d.reply(m, in, "prefs", fmt.Sprintf("Your mail preferences in game %s are now: %s.\n\n%s", g.ID(), p, prefsHelp))
}
