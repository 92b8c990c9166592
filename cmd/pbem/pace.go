package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/archive"
)

// paceFlags defines the flags of a game's own pace (archive.Pace) on fs,
// for pbem new and pbem pace, and returns what reads them: set applies
// the flags given to p; an error names the flag.
func paceFlags(fs *flag.FlagSet) (set func(p *archive.Pace) error) {
	vals := map[string]*string{}
	for _, k := range archive.PaceKeys() {
		name := strings.ReplaceAll(k, "_", "-")
		vals[k] = fs.String(name, "", paceFlagDoc[k])
	}
	return func(p *archive.Pace) error {
		for _, k := range archive.PaceKeys() {
			if v := *vals[k]; v != "" {
				if err := p.Set(k, v); err != nil {
					return fmt.Errorf("--%s", strings.Replace(err.Error(), k, strings.ReplaceAll(k, "_", "-"), 1))
				}
			}
		}
		return nil
	}
}

// paceFlagDoc is each pace flag's line in --help.
var paceFlagDoc = map[string]string{
	"deadline":       "this game's time for a nation turn, 1h to 336h (default: pbem serve's pace.deadline)",
	"at":             "the deadline falls at this time of day, HH:MM, once --deadline has passed (\"none\": any time)",
	"timezone":       "the zone of --at and of deadlines mailed to players without a zone of their own (IANA, e.g. Europe/Berlin)",
	"weekends":       "skip (Saturdays and Sundays do not count, no deadline falls on them) or count",
	"reminder":       "remind the player due this long before the deadline (0s: no reminder)",
	"grace":          "time after the deadline, the player warned, before a missed turn is dealt with",
	"nmr":            "a missed turn: bot (the bot plays it) or wait (the GM decides)",
	"extensions":     "missed deadlines excused per player in the game (the turn gets its time again), 0 to 9",
	"change_of_mind": "how long a turn waits for a replacement file after orders (0s: at once)",
}

var paceCmd = command{
	name: "pace", args: "--game DIR [--deadline D] [--at HH:MM] [--timezone ZONE] [--weekends skip|count] [--reminder D] [--grace D] [--nmr bot|wait] [--extensions N] [--change-of-mind D]",
	summary: "show or set a game's own pace: deadline, fixed time, reminder, grace, excused misses, weekends",
	doc: `Without settings it shows the pace the game sets itself (pace.yaml in the
game directory). Each setting given replaces the game's own; "default"
gives the setting back to pbem serve, whose pace: settings apply to all
that a game does not set. pbem new takes the same flags.

  pbem pace --game ashdown --deadline 12h --at 21:00 --timezone Europe/Berlin
      every turn ends at 21:00 Berlin time, at least 12 hours after it began
  pbem pace --game ashdown --extensions 1 --grace 2h
      each player's first missed deadline is excused once; the player due
      is warned at the deadline and has 2 hours more

A running pbem serve picks the change up within minutes (at once by the
GM's mail command "pace"); the player due gets a reminder for a deadline
that moved. The pace is not part of the game's record: verify never reads
it.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		set := paceFlags(fs)
		return func(e *env, _ []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			p, err := g.Pace()
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			changed := false
			fs.Visit(func(f *flag.Flag) { changed = changed || (f.Name != "game" && f.Name != "secrets") })
			if changed {
				q := p
				if err := set(&q); err != nil {
					return e.usageError("%v", err)
				}
				if err := g.SetPace(q); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				p = q
			}
			if p.IsZero() {
				fmt.Fprintf(e.stdout, "Game %s sets no pace of its own: pbem serve's pace applies.\n", g.ID())
				return exitOK
			}
			fmt.Fprintf(e.stdout, "Game %s's own pace: %s (the rest: pbem serve's).\n", g.ID(), p)
			return exitOK
		}
	},
}

func init() { register(paceCmd) }
