package main

import (
	crand "crypto/rand"
	"flag"
	"fmt"
	"time"

	"github.com/pbem-org/pbem/archive"
)

var seatCmd = command{
	name: "seat", args: "--game DIR (--admit NAME --email ADDR | --leave NAME | --enter NAME) --why TEXT",
	summary: "continuous play: admit a new player, or have a player leave or enter again, from the next turn",
	doc: `For a game with option continuous (Hy Breasil 10). Players enter and
leave at the start of a turn: the change is asked for now, logged in
players.log, and played by the next invasion phase, which archives it
(seats.txt) so that verify replays it.

--admit gives a new player the next seat and prints their token, to be
given to them privately; --leave has a player leave (their nations go to
the others, their VP and turns are kept for the corrected score, 10.3);
--enter has a player who left enter again. By mail the players do this
themselves ("join", "leave") and the GM admits ("admit ADDRESS").`,
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
				fmt.Fprintf(e.stdout, "Admitted %s (%s): enters at the start of the next turn.\nTheir token, to give them privately:\n    token: %s\n", *admit, *email, tok)
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

// printSeats lists the seats of a game of continuous play (Hy Breasil 10).
func printSeats(e *env, g *archive.Game) {
	seats := g.Seats()
	if seats == nil {
		return
	}
	fmt.Fprintln(e.stdout, "\nSeats (Hy Breasil 10)")
	for _, s := range seats {
		turns := map[bool]string{true: "turn", false: "turns"}[s.Turns == 1]
		fmt.Fprintf(e.stdout, "  %-16s %-7s %3d VP in %2d %-5s  %s\n", s.Name, s.Colour, s.VP, s.Turns, turns, s.Status())
	}
}

// seatWish says what a seat's new wish does (Hy Breasil 10.1): it enters
// or leaves at the start of the next turn, or, where it takes back what it
// asked for before that turn, it stays as it is.
func seatWish(g *archive.Game, name string, in bool) string {
	if s, ok := g.SeatOf(name); ok && s.In == in {
		if in {
			return s.Name + " stays in the game: the request to leave is withdrawn."
		}
		return s.Name + " stays out of the game: the request to enter is withdrawn."
	}
	return fmt.Sprintf("%s %s the game at the start of the next turn.", name, map[bool]string{true: "enters", false: "leaves"}[in])
}

var rerollCmd = command{
	name: "reroll", args: "--game DIR --nation NATION",
	summary: "Hy Breasil: reroll the random event of the nation due for a civilization token, before its orders",
	doc: `Hy Breasil 6.1: "The nation can choose to reroll a bad random event by
taking a civilization token." The event of the nation due is rolled when
its turn becomes due and shown in its template; a forum player who wants
it rerolled before writing orders asks the GM, who runs this. It is a
step of its own in the archive (r05-star-reroll), verified like any; the
turn stays due, with the new event. Not in a nation's first turn, and not
once its orders are accepted. The reroll line of the orders still
applies to the event as it then stands.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		nation := fs.String("nation", "", "the nation due")
		return func(e *env, _ []string) int {
			if code, ok := e.need("nation", *nation); !ok {
				return code
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			st, err := g.Ask(*nation, "reroll", "gm", "", time.Now())
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			e.printSteps([]*archive.Step{st})
			return exitOK
		}
	},
}
