package main

import (
	crand "crypto/rand"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/rulesets"
)

var seatCmd = command{
	name: "seat", args: "--game DIR (--admit NAME --email ADDR | --leave NAME | --enter NAME) --why TEXT",
	summary: "admit a new player, or have a player leave or enter again, where players enter and leave during play",
	doc: `For a game whose ruleset and options let players enter and leave during
play. The change is asked for now, logged in players.log, and played by
the next step that takes seat changes, which archives it (seats.txt) so
that verify replays it; what it does to the player's nations and score
is the ruleset's.

--admit gives a new player the next seat and prints their token, to be
given to them privately; --leave has a player leave; --enter has a player
who left enter again. By mail the players do this themselves ("join",
"leave") and the GM admits ("admit ADDRESS").`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		admit := fs.String("admit", "", "the name of a new player to admit")
		email := fs.String("email", "", "the new player's address (with --admit)")
		leave := fs.String("leave", "", "the name of a player who leaves")
		enter := fs.String("enter", "", "the name of a player who left and enters again")
		why := fs.String("why", "", "the reason, for players.log")
		return func(e *env, _ []string) int {
			if code, ok := e.need("why", *why); !ok {
				return code
			}
			if n := countSet(*admit, *leave, *enter); n != 1 {
				return e.usageError("give one of --admit, --leave and --enter")
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			c := archive.PlayerChange{Why: *why, By: "gm"}
			switch {
			case *admit != "":
				if code, ok := e.need("email", *email); !ok {
					return code
				}
				tok, err := g.AdmitPlayer(archive.Player{Name: *admit, Email: *email}, c, crand.Reader)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				fmt.Fprintf(e.stdout, "Admitted %s (%s), who will %s.\nTheir token, to give them privately:\n    token: %s\n", *admit, *email, g.Engine().Message(adjudicator.MsgSeatEnter), tok)
			default:
				name, in := *leave, false
				if *enter != "" {
					name, in = *enter, true
				}
				if err := g.AskSeat(name, in, c); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				fmt.Fprintln(e.stdout, seatWish(g, name, in))
			}
			printSeats(e, g)
			return exitOK
		}
	},
}

// countSet is how many of the strings are not empty.
func countSet(xs ...string) int {
	n := 0
	for _, x := range xs {
		if x != "" {
			n++
		}
	}
	return n
}

// printSeats lists the seats of a game whose players enter and leave,
// under the ruleset's title for them (adjudicator.MsgSeats).
func printSeats(e *env, g *archive.Game) {
	seats := g.Seats()
	if seats == nil {
		return
	}
	fmt.Fprintln(e.stdout, "\n"+g.Engine().Message(adjudicator.MsgSeats))
	for _, s := range seats {
		turns := map[bool]string{true: "turn", false: "turns"}[s.Turns == 1]
		fmt.Fprintf(e.stdout, "  %-16s %-7s %3d VP in %2d %-5s  %s\n", s.Name, s.Colour, s.VP, s.Turns, turns, s.Status())
	}
}

// seatWish says what a seat's new wish does: it enters or leaves at the
// start of the next round (in the ruleset's word for it), or, where it
// takes back what it asked for before then, it stays as it is.
func seatWish(g *archive.Game, name string, in bool) string {
	if s, ok := g.SeatOf(name); ok && s.In == in {
		if in {
			return s.Name + " stays in the game: the request to leave is withdrawn."
		}
		return s.Name + " stays out of the game: the request to enter is withdrawn."
	}
	round, _ := g.Engine().RoundWords()
	return fmt.Sprintf("%s %s the game at the start of the next %s.", name, map[bool]string{true: "enters", false: "leaves"}[in], strings.ToLower(round))
}

var askCmd = command{
	name: "ask", args: "--game DIR --nation NATION --what WORD",
	summary: "play a step the player of the nation due asks for before its orders (pbem rulesets lists the words)",
	doc: `Some rulesets let the player of the nation due ask for a step before
writing its orders, by a word ("pbem rulesets" lists each ruleset's words,
and what each does): by mail the player replies with the word, where the
GM allows it; a forum player asks the GM, who runs this. It is a step of
its own in the archive (the turn's id and the word: r05-star-reroll),
verified like any; the turn stays due, from the new position. It is
refused, in the ruleset's words, where the rules do not allow it now, and
once the nation's orders are accepted. "pbem WORD --game DIR --nation
NATION" is the same as --what WORD.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		nation := fs.String("nation", "", "the nation due")
		what := fs.String("what", "", "the word asked with")
		return func(e *env, _ []string) int {
			if code, ok := e.need("nation", *nation, "what", *what); !ok {
				return code
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			st, err := g.Ask(*nation, *what, "gm", "", time.Now())
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			e.printSteps([]*archive.Step{st})
			return exitOK
		}
	},
}

// askWord reports whether name is a word some ruleset's players ask with
// for a step before their orders (adjudicator.Orders.Asks): "pbem WORD" is
// "pbem ask --what WORD".
func askWord(name string) bool {
	for _, r := range rulesets.All() {
		for _, a := range r.Orders.Asks {
			if a.Word == name {
				return true
			}
		}
	}
	return false
}
