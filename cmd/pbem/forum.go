package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/templates"
)

// The forum GM's commands beyond playing a turn (issue 14): an orders
// template to post, one paste-ready post of a step, and a game's whole
// story.

func init() {
	register(templateCmd)
	register(postCmd)
}

var templateCmd = command{
	name: "template", args: "--game DIR [--nation NATION]",
	summary: "print the orders template of the nation due, to post for its player",
	doc: `The template is the one the mail daemon sends with "your turn": the
envelope, then each Decision of the turn with what its default would do
and commented examples (docs/orders.md). Its token line is commented out:
on a forum the player posts the orders and the GM enters them.

--nation picks a nation: the one due, or one whose turn comes later in
this round. A later turn's template is drawn from today's position and
says so; the orders are checked again when the turn is due.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		nation := fs.String("nation", "", "the nation (default: the nation due)")
		return func(e *env, _ []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			if *nation != "" {
				if _, err := g.Rules().Tables.NationIndex(*nation); err != nil {
					return e.usageError("--nation: %v", err)
				}
			}
			if d := g.Due(); !d.Over && d.Nation == "" && *nation == "" {
				_, name, _ := g.Engine().RoundEventName(d.ID, g.State().Round)
				return e.errorf(exitRejected, "%s, %s, is due: it takes no orders; pbem events --game %s plays it", d.ID, name, *dir)
			}
			up, err := g.Upcoming(*nation)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprint(e.stdout, upcomingTemplate(g, up))
			return exitOK
		}
	},
}

// upcomingTemplate is the orders template of an upcoming nation turn, for
// a forum: no token line.
func upcomingTemplate(g *archive.Game, up *archive.Upcoming) string {
	return templates.OrdersTemplate(g.Engine(), up.State, templates.Header{Game: g.ID(), NoToken: true, Ahead: up.Ahead})
}

// postFormats are the formats of pbem post.
var postFormats = []string{"bbcode", "markdown"}

var postCmd = command{
	name: "post", args: "--game DIR [--turn ID] [--format bbcode|markdown] [--map-url URL]",
	summary: "print one paste-ready forum post of a step: the orders as understood, the map and the report",
	doc: `The post says who sent the orders (or that the bot played a missed turn,
or that the GM entered them) and lists them as understood, as a BBCode
[list] (a block's statements as a nested list) or a Markdown code block:
a player may paste them back, edited, as the next orders. Then the map,
then the report as pbem report writes it in that format.

The map is the step's view map.png (pbem turn writes it; post writes it
again if it is missing). Upload it and give its address with --map-url
for an image in the post; without it the post names the file to attach.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		turn := fs.String("turn", "", "the step: an id such as r03-saxons, a step number, or start (default: the latest)")
		format := fs.String("format", "bbcode", strings.Join(postFormats, " or "))
		mapURL := fs.String("map-url", "", "the address of the uploaded map image")
		return func(e *env, _ []string) int {
			if *format == "md" {
				*format = "markdown"
			}
			if !slices.Contains(postFormats, *format) {
				return e.usageError("unknown --format %q: want %s", *format, strings.Join(postFormats, " or "))
			}
			if *mapURL != "" {
				if u, err := url.Parse(*mapURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
					return e.usageError("--map-url %q: want an http or https address", *mapURL)
				}
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			post, attach, err := forumPost(g, *turn, *format, *mapURL)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprint(e.stdout, post)
			if attach != "" {
				fmt.Fprintf(e.stderr, "pbem: attach the map %s to the post, or upload it and give --map-url\n", attach)
			}
			return exitOK
		}
	},
}

// forumPost builds the post of a step and names the map file to attach
// when there is no mapURL.
func forumPost(g *archive.Game, turn, format, mapURL string) (post, attach string, err error) {
	st, err := g.Step(turn)
	if err != nil {
		return "", "", err
	}
	if st.Superseded() {
		return "", "", fmt.Errorf("step %s was superseded by rollback %d: it is not part of the game", st.Dir(), st.SupersededBy)
	}
	report, err := formatReport(g, st.ID, format)
	if err != nil {
		return "", "", err
	}
	mapDir := filepath.Join(g.Dir(), "views", st.Dir())
	mapFile := filepath.Join(mapDir, "map.png")
	if _, err := os.Stat(mapFile); err != nil {
		if _, err := writeViews(g, st); err != nil {
			return "", "", fmt.Errorf("the map of %s: %w", st.ID, err)
		}
	}
	mapLine := ""
	switch {
	case format == "bbcode" && mapURL != "":
		mapLine = fmt.Sprintf("[img]%s[/img]", mapURL)
	case format == "bbcode":
		mapLine = fmt.Sprintf("[i]The map %s is attached.[/i]", mapWhen(st))
	case mapURL != "":
		mapLine = fmt.Sprintf("![The map %s](%s)", mapWhen(st), mapURL)
	default:
		mapLine = fmt.Sprintf("*The map %s is attached.*", mapWhen(st))
	}
	post = composePost(g, st, report, format, mapLine)
	if mapURL == "" {
		attach = mapFile
	}
	return post, attach, nil
}

// mapWhen says which position a step's map shows: "after r05-saxons",
// "at the start".
func mapWhen(st *archive.Step) string {
	if st.Start() {
		return "at the start"
	}
	return "after " + st.ID
}

// composePost is a step's post: the report's headline (title and
// subtitle), who sent the orders and the orders as understood, the map
// line, then the rest of the report.
func composePost(g *archive.Game, st *archive.Step, report, format, mapLine string) string {
	head, rest := splitHeadline(report, format)
	var b strings.Builder
	b.WriteString(head)
	if format == "bbcode" {
		bbOrders(&b, g, st)
	} else {
		mdOrders(&b, g, st)
	}
	if mapLine != "" {
		b.WriteString(mapLine + "\n\n")
	}
	b.WriteString(rest)
	return b.String()
}

// splitHeadline cuts a report after its headline: the title and the
// subtitle, which are its first paragraph in BBCode and its first two in
// Markdown.
func splitHeadline(report, format string) (head, rest string) {
	paras := 1
	if format == "markdown" {
		paras = 2
	}
	at := 0
	for range paras {
		i := strings.Index(report[at:], "\n\n")
		if i < 0 {
			return "", report
		}
		at += i + 2
	}
	return report[:at], report[at:]
}

// whoseOrders is the sentence above a step's orders: who sent them, or
// that the bot or the GM did.
func whoseOrders(g *archive.Game, st *archive.Step) string {
	player := "nobody"
	if p := g.PlayerOf(st.Nation); p != nil {
		player = p.Name
	}
	switch {
	case st.NMR:
		return fmt.Sprintf("No orders came from %s for the %s by the deadline: the bot played these.", player, st.Nation)
	case st.ByGM:
		return fmt.Sprintf("The %s orders, entered by the GM on %s's behalf, as understood:", games.Possessive(st.Nation), player)
	}
	return fmt.Sprintf("The %s orders from %s, as understood:", games.Possessive(st.Nation), player)
}

// orderLines are the non-blank lines of the orders as understood, each
// with its indentation depth.
func orderLines(orders string) (depths []int, texts []string) {
	var widths []int
	for _, l := range strings.Split(orders, "\n") {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		w := len(l) - len(t)
		d := 0
		for len(widths) > 0 && widths[len(widths)-1] >= w {
			widths = widths[:len(widths)-1]
		}
		d = len(widths)
		widths = append(widths, w)
		depths, texts = append(depths, d), append(texts, t)
	}
	return depths, texts
}

// bbOrders writes a step's orders as a BBCode list, a block's statements
// as a nested list, which orders.Clean reads back as the same orders. The
// player's text (a name, a salt) is escaped: it cannot open or close a tag
// of the post (templates.BBEscape).
func bbOrders(b *strings.Builder, g *archive.Game, st *archive.Step) {
	if st.Nation == "" {
		return
	}
	fmt.Fprintf(b, "[b]%s[/b]\n[list]\n", templates.BBEscape(whoseOrders(g, st)))
	depths, texts := orderLines(st.Orders)
	depth := 0
	for i, t := range texts {
		for ; depth < depths[i]; depth++ {
			b.WriteString("[list]\n")
		}
		for ; depth > depths[i]; depth-- {
			b.WriteString("[/list]\n")
		}
		fmt.Fprintf(b, "[*]%s\n", templates.BBEscape(t))
	}
	for ; depth > 0; depth-- {
		b.WriteString("[/list]\n")
	}
	b.WriteString("[/list]\n\n")
}

// mdOrders writes a step's orders in a Markdown code block, which keeps
// their indentation.
func mdOrders(b *strings.Builder, g *archive.Game, st *archive.Step) {
	if st.Nation == "" {
		return
	}
	fmt.Fprintf(b, "**%s**\n\n```\n%s\n```\n\n", whoseOrders(g, st), strings.TrimRight(st.Orders, "\n"))
}
