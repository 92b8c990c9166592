package main

import (
	"flag"
	"fmt"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/templates"
)

// The forum GM's commands beyond playing a turn (issue 14): an orders
// template to post, one paste-ready post of a step, and a game's whole
// story.

func init() {
	register(templateCmd)
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
