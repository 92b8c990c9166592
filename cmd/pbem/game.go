package main

import (
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"

	"github.com/pbem-org/pbem/archive"
)

// The forum GM's commands: a game directory and its private directory
// beside it (archive/doc.go).

var rulesetsCmd = command{
	name: "rulesets", args: "", summary: "list the rulesets and their options",
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		return func(e *env, _ []string) int {
			for _, r := range rulesets.All() {
				fmt.Fprintf(e.stdout, "%s: %s\n", r.Name, r.Title)
				fmt.Fprintf(e.stdout, "  rules: %s\n", r.Rules)
				for _, o := range r.Options {
					fmt.Fprintf(e.stdout, "  --option %s: %s\n", o.Name, o.Doc)
				}
				for _, a := range r.Orders.Asks {
					fmt.Fprintf(e.stdout, "  ask --what %s: %s\n", a.Word, a.Does)
				}
			}
			return exitOK
		}
	},
}

var newCmd = command{
	name: "new", args: "--ruleset NAME --game DIR --players FILE [--option NAME]... [--tables FILE] [--board FILE] [--deadline D] [--at HH:MM] [--timezone ZONE] [pace flags: see pbem pace]",
	summary: "create a game: its directory, its private directory and the players' tokens",
	doc: `The players file is a YAML list of names and email addresses in seat
order, as many as the ruleset plays with (its tables have a player split
for each count it takes):

  - name: Alice
    email: alice@example.org
  - name: Bob
    email: bob@example.org

pbem prints each player's token and the dice commitment. The commitment
goes into game.yaml and should be posted before the first turn. The
private directory (DIR.secrets unless --secrets says otherwise) holds the
dice chain secret and the tokens: never publish it with the game.

--board plays on a board of your own (docs/rulesets.md §Boards; examples in
docs/boards/): it is checked with the ruleset's tables, copied into the
game as board.yaml and used by every later step, verify and map.

--deadline, --at, --timezone, --weekends, --reminder, --grace, --nmr,
--extensions and --change-of-mind give the game a pace of its own (see
pbem pace), kept as pace.yaml; what they leave out is pbem serve's.
A player's deadlines are written in the zone of their timezone: line in
the players file, else the game's.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		ruleset := fs.String("ruleset", "redux", "the ruleset (see pbem rulesets)")
		dir := fs.String("game", "", "the game directory to create; its base name is the game id unless --id is given")
		id := fs.String("id", "", "the game id (lower-case letters, digits, dashes)")
		players := fs.String("players", "", "YAML list of the players' names and emails")
		tables := fs.String("tables", "", "a tables file to play with instead of the ruleset's own (house rules)")
		board := fs.String("board", "", "a board file to play on instead of the ruleset's own")
		secrets := fs.String("secrets", "", "the private directory (default DIR.secrets)")
		var options listFlag
		fs.Var(&options, "option", "a rule option to switch on (repeat for more)")
		setPace := paceFlags(fs)
		return func(e *env, _ []string) int {
			if code, ok := e.need("game", *dir, "players", *players, "ruleset", *ruleset); !ok {
				return code
			}
			var pace archive.Pace
			if err := setPace(&pace); err != nil {
				return e.usageError("%v", err)
			}
			if _, code, ok := e.rulesetFlags(*ruleset, options); !ok {
				return code
			}
			if *id != "" {
				if err := archive.CheckGameID(*id); err != nil {
					return e.usageError("--id: %v", err)
				}
			} else if err := archive.CheckGameID(filepath.Base(filepath.Clean(*dir))); err != nil {
				return e.usageError("--game: the directory's base name is the game id unless --id gives one: %v", err)
			}
			data, err := os.ReadFile(*players)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			ps, err := archive.ParsePlayers(*players, data)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			spec := archive.NewGame{ID: *id, Ruleset: *ruleset, Options: options, Players: ps, Secrets: *secrets, Pace: pace}
			if *tables != "" {
				if spec.Tables, err = os.ReadFile(*tables); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				spec.TablesName = *tables
			}
			if *board != "" {
				if spec.Board, err = os.ReadFile(*board); err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				spec.BoardName = *board
			}
			g, tokens, err := archive.Create(*dir, spec, rand.Reader)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprintf(e.stdout, "Created game %s (%s) in %s\n", g.ID(), g.Rules().Ruleset.Title, g.Dir())
			fmt.Fprintf(e.stdout, "Private directory (keep it secret, never publish it): %s\n\n", g.SecretsDir())
			fmt.Fprintf(e.stdout, "Dice commitment s_0 (post it before the first turn):\n  %s\n", g.Commitment())
			fmt.Fprintf(e.stdout, "Engine fingerprint (post it too):\n  %s\n\n", g.EngineFingerprint())
			fmt.Fprintln(e.stdout, "Players and their tokens (send each player their own):")
			for _, p := range g.Players() {
				nations := ": " + strings.Join(p.Nations, ", ")
				if len(p.Nations) == 0 { // dealt during play (Hy Breasil 5)
					nations = ""
				}
				fmt.Fprintf(e.stdout, "  %s <%s>, %s%s\n    token: %s\n", p.Name, p.Email, p.Colour, nations, tokens[p.Name])
				if p.Prefs != (archive.MailPrefs{}) {
					fmt.Fprintf(e.stdout, "    mail: %s\n", p.Prefs)
				}
			}
			if !pace.IsZero() {
				fmt.Fprintf(e.stdout, "\nIts own pace: %s (the rest: pbem serve's)\n", pace)
			}
			fmt.Fprintf(e.stdout, "\nFirst: %s\n", g.Due().ID)
			return exitOK
		}
	},
}

// rulesetFlags checks --ruleset and --option before anything is read or
// written: a mistake in them is a bad command line (exit 2), whatever the
// game. It returns the ruleset loaded with its own tables.
func (e *env) rulesetFlags(name string, options []string) (*games.Game, int, bool) {
	rs, err := rulesets.Lookup(name)
	if err != nil {
		return nil, e.usageError("--ruleset: %v", err), false
	}
	g, err := rs.Load(options, "", nil) // the ruleset's own tables load; only the options can be wrong
	if err != nil {
		return nil, e.usageError("--option: %v", err), false
	}
	return g, exitOK, true
}

// playersFlag checks --players against the ruleset's player splits.
func (e *env) playersFlag(g *games.Game, players int) (int, bool) {
	if g.Tables.Split(players) != nil {
		return exitOK, true
	}
	var counts []string
	for _, p := range g.Tables.Players {
		counts = append(counts, fmt.Sprint(p.Count))
	}
	return e.usageError("--players %d: ruleset %s is for %s players", players, g.Ruleset.Name, strings.Join(counts, ", ")), false
}

// roundWord is what the ruleset calls a round, lower case: "round", or
// the ruleset's own word (Texts.RoundWord).
func roundWord(ruleset string) string {
	if rs, err := rulesets.Lookup(ruleset); err == nil {
		word, _ := rs.RoundWords()
		return strings.ToLower(word)
	}
	return "round"
}

// openGame opens --game DIR.
func (e *env) openGame(dir, secrets string) (*archive.Game, int, bool) {
	if code, ok := e.need("game", dir); !ok {
		return nil, code, false
	}
	g, err := archive.OpenOptions(dir, archive.Options{Secrets: secrets})
	if err != nil {
		return nil, e.errorf(exitRejected, "%v", err), false
	}
	return g, exitOK, true
}

// gameFlags are the flags every command on a game takes.
func gameFlags(fs *flag.FlagSet) (dir, secrets *string) {
	dir = fs.String("game", "", "the game directory")
	secrets = fs.String("secrets", "", "the private directory (default DIR.secrets)")
	return dir, secrets
}

// rejected prints a refused file's errors, each with its line.
func (e *env) rejected(name string, err error) int {
	var rej *archive.RejectedError
	if errors.As(err, &rej) {
		n := len(rej.Errors)
		fmt.Fprintf(e.stderr, "pbem: %s refused, %d %s:\n", name, n, map[bool]string{true: "error", false: "errors"}[n == 1])
		for _, x := range rej.Errors {
			fmt.Fprintf(e.stderr, "  %s\n", x.Error())
		}
		return exitRejected
	}
	return e.errorf(exitRejected, "%v", err)
}

var checkCmd = command{
	name: "check", args: "--game DIR FILE", npos: 1,
	summary: "check an order file against the game as it stands, recording nothing",
	doc: `Turn orders are checked against the state at the start of the turn due;
standing orders may come at any time. Every error is listed with its line.
FILE "-" reads standard input.

Orders sent early, for a later nation turn of the same round, are checked
against today's position ("checked against today's position; will be
checked again when due"): pbem turn takes them once their turn is due.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		return func(e *env, pos []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			text, err := e.readInput(pos[0])
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			rc, err := g.Check(text)
			if err != nil {
				return e.rejected(pos[0], err)
			}
			what := "turn orders for " + rc.Turn
			if rc.Turn == "" {
				what = "standing orders"
			}
			fmt.Fprintf(e.stdout, "%s: the %s %s are accepted as:\n\n%s\ndigest %s\n", pos[0], games.Possessive(rc.Nation), what, rc.Orders, rc.Digest)
			if len(rc.Warnings) > 0 {
				fmt.Fprintf(e.stdout, "\nWarnings:\n")
				for _, w := range rc.Warnings {
					fmt.Fprintf(e.stdout, "  %s\n", w)
				}
			}
			if rc.Ahead != "" {
				fmt.Fprintf(e.stdout, "\n%s comes first: the orders for %s were checked against today's position; they will be checked again when due.\n", rc.Ahead, rc.Turn)
			}
			return exitOK
		}
	},
}

var standingCmd = command{
	name: "standing", args: "--game DIR --nation NATION FILE", npos: 1,
	summary: "record a nation's standing orders (defend lines and the ruleset's other standing lines, docs/orders.md), in force from the next nation turn",
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		nation := fs.String("nation", "", "the nation the standing orders are for")
		return func(e *env, pos []string) int {
			if code, ok := e.need("nation", *nation); !ok {
				return code
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			if _, err := g.Rules().Tables.NationIndex(*nation); err != nil {
				return e.usageError("--nation: %v", err)
			}
			text, err := e.readInput(pos[0])
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			rc, err := g.SetStanding(*nation, text, time.Now())
			if err != nil {
				return e.rejected(pos[0], err)
			}
			fmt.Fprintf(e.stdout, "Standing orders of the %s recorded (digest %s):\n\n%s", rc.Nation, rc.Digest, rc.Orders)
			return exitOK
		}
	},
}

// printSteps prints the reports of adjudicated steps.
func (e *env) printSteps(steps []*archive.Step) {
	for i, st := range steps {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprint(e.stdout, st.Report)
	}
}

// advance adjudicates: the round events due, the nation turn (with the
// accepted orders, or the bot's when nmr), then the round events after it.
func (e *env) advance(g *archive.Game, nmr bool, before []*archive.Step) int {
	st, err := g.Advance(nmr)
	if err != nil {
		e.printSteps(before)
		return e.errorf(exitRejected, "%v", err)
	}
	after, err := g.AdvanceEvents()
	steps := append(append(before, st), after...)
	e.printSteps(steps)
	if err != nil {
		return e.errorf(exitRejected, "%v", err)
	}
	for _, s := range steps {
		if dir, err := writeViews(g, s); err != nil {
			fmt.Fprintf(e.stderr, "pbem: the views of %s were not written: %v\n", s.ID, err)
		} else {
			fmt.Fprintf(e.stdout, "Views of %s (HTML, Markdown, BBCode, JSON, map PNG): %s\n", s.ID, dir)
		}
	}
	return exitOK
}

var turnCmd = command{
	name: "turn", args: "--game DIR FILE", npos: 1,
	summary: "accept the orders of the nation due, adjudicate its turn and print the report",
	doc: `Any round event due first (the end of a round) is adjudicated first, and
any due after the turn follows it. A file without a token is recorded as
entered by the GM on the player's behalf; a file with one must carry the
player's token. A refused file changes nothing and lists every error.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		return func(e *env, pos []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			text, err := e.readInput(pos[0])
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			if g.Due().Over {
				return e.errorf(exitRejected, "the game is over")
			}
			before, err := g.AdvanceEvents()
			if err != nil {
				e.printSteps(before)
				return e.errorf(exitRejected, "%v", err)
			}
			if _, err := g.SubmitGM("", text, time.Now()); err != nil {
				e.printSteps(before)
				return e.rejected(pos[0], err)
			}
			return e.advance(g, false, before)
		}
	},
}

var nmrCmd = command{
	name: "nmr", args: "--game DIR",
	summary: "adjudicate the nation turn due with the bot: no orders came by the deadline",
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		return func(e *env, _ []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			if g.Due().Over {
				return e.errorf(exitRejected, "the game is over")
			}
			before, err := g.AdvanceEvents()
			if err != nil {
				e.printSteps(before)
				return e.errorf(exitRejected, "%v", err)
			}
			return e.advance(g, true, before)
		}
	},
}

var eventsCmd = command{
	name: "events", args: "--game DIR",
	summary: "adjudicate the round events due (they take no orders) and print their reports",
	doc: `turn and nmr play the round events due before and after a nation turn
themselves; this plays them alone, so that the nation due can be shown
its template: a game may start with a round event (one that deals the
first nations, say). With none due it says so.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		return func(e *env, _ []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			steps, err := g.AdvanceEvents()
			e.printSteps(steps)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			if len(steps) == 0 {
				fmt.Fprintln(e.stdout, "No round event is due.")
			}
			if d := g.Due(); !d.Over {
				fmt.Fprintf(e.stdout, "Next: %s, the %s (%s)\n", d.ID, d.Nation, d.Player)
			}
			return exitOK
		}
	},
}

var statusCmd = command{
	name: "status", args: "--game DIR",
	summary: "show the players, what is due and its deadline, and every step (bot, GM and superseded ones marked)",
	doc: `Each step is listed with its seed and marked "bot" when no orders came
by the deadline and the bot played the turn, "GM" when the GM entered the
orders for the player, and "superseded" when a rollback set it aside.
The deadline of the turn due is shown for a game that pbem serve runs
(a game directory DATA/games/ID, its clock in DATA/pace/ID.json).`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		return func(e *env, _ []string) int {
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			w := e.stdout
			s := g.State()
			fmt.Fprintf(w, "Game %s: %s, in %s\n", g.ID(), g.Rules().Ruleset.Title, g.Dir())
			if len(g.Rules().Options) > 0 {
				fmt.Fprintf(w, "Options: %s\n", strings.Join(g.Rules().Options, ", "))
			}
			fmt.Fprintf(w, "Dice commitment: %s\n\nPlayers\n", g.Commitment())
			for _, st := range g.Engine().Standings(s, len(g.Players())) {
				p := g.Players()[st.Player-1]
				nations := p.Nations
				if len(nations) == 0 { // dealt during play (Hy Breasil 5): owned now
					nations = st.Nations
				}
				fmt.Fprintf(w, "  %-16s %-7s %3d VP  %s\n", p.Name, p.Colour, st.VP, strings.Join(nations, ", "))
			}
			printSeats(e, g)
			fmt.Fprintln(w)
			switch d := g.Due(); {
			case d.Over:
				fmt.Fprintln(w, "The game is over.")
			case d.Nation == "":
				_, name, _ := g.Engine().RoundEventName(d.ID, s.Round)
				fmt.Fprintf(w, "Due: %s, %s (no orders needed)\n", d.ID, name)
			default:
				fmt.Fprintf(w, "Due: %s, the %s (%s)\n", d.ID, d.Nation, d.Player)
				rc, err := g.Pending()
				switch {
				case err != nil:
					fmt.Fprintf(w, "  pending orders unreadable: %v\n", err)
				case rc != nil:
					by := ""
					if rc.ByGM {
						by = ", entered by the GM"
					}
					fmt.Fprintf(w, "  orders accepted %s%s, digest %s\n", rc.Arrival.Format(time.RFC3339), by, rc.Digest)
				default:
					fmt.Fprintln(w, "  no orders yet")
				}
				e.statusClock(g)
			}
			e.statusSteps(g)
			if rbs := g.Rollbacks(); len(rbs) > 0 {
				fmt.Fprintln(w, "\nRollbacks")
				for _, rb := range rbs {
					fmt.Fprintf(w, "  %s\n", rb)
				}
			}
			return exitOK
		}
	},
}

var reportCmd = command{
	name: "report", args: "--game DIR [--turn ID] [--format text|html|markdown|bbcode|json]",
	summary: "print a step's report, regenerated from the archive (text, HTML, Markdown, BBCode or JSON)",
	doc: `text is the report mailed to players (with who sent the orders and the
orders as understood); html, markdown and bbcode are the same turn for a
web page or a forum post; json is the state and events for other tools.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		turn := fs.String("turn", "", "the step: an id such as r03-saxons, a step number, or start (default: the latest)")
		format := fs.String("format", "text", strings.Join(reportFormats, ", "))
		return func(e *env, _ []string) int {
			if !slices.Contains(reportFormats, *format) && *format != "md" {
				return e.usageError("unknown --format %q: want %s", *format, strings.Join(reportFormats, ", "))
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			if *format != "text" {
				out, err := formatReport(g, *turn, *format)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				fmt.Fprint(e.stdout, out)
				return exitOK
			}
			r, err := g.Report(*turn)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprint(e.stdout, r)
			return exitOK
		}
	},
}

// reportFormats are the formats of pbem report ("md" is markdown too).
var reportFormats = []string{"text", "html", "markdown", "bbcode", "json"}

var rollbackCmd = command{
	name: "rollback", args: "--game DIR --to ID --why TEXT",
	summary: "take the game back to an earlier step; logged, nothing erased",
	doc: `--to is a step id (the latest in force with it, e.g. r02-end), a step
number or "start". The steps after it stay in the archive, marked
superseded; rollbacks.log records when and why. A replayed turn uses the
same dice seed as the turn it replaces, so only changed inputs change the
dice.`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir, secrets := gameFlags(fs)
		to := fs.String("to", "", "the step to go back to")
		why := fs.String("why", "", "the reason, for the log")
		return func(e *env, _ []string) int {
			if code, ok := e.need("to", *to, "why", *why); !ok {
				return code
			}
			g, code, ok := e.openGame(*dir, *secrets)
			if !ok {
				return code
			}
			line, err := g.Rollback(*to, *why)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprintf(e.stdout, "%s\nDue now: %s\n", line, g.Due().ID)
			return exitOK
		}
	},
}

var verifyCmd = command{
	name: "verify", args: "--game DIR",
	summary: "check the dice chain, re-derive every die and replay every step; needs no secret",
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		dir := fs.String("game", "", "the game directory")
		return func(e *env, _ []string) int {
			if code, ok := e.need("game", *dir); !ok {
				return code
			}
			v, err := archive.VerifyStats(*dir)
			if err != nil {
				fmt.Fprintln(e.stderr, err)
				return exitRejected
			}
			fmt.Fprintf(e.stdout, "%s verifies: %s (%d superseded, %s), the hash chain from the commitment, %s re-derived, %s replayed with identical states and events\n",
				*dir, games.Count(v.Steps, "step", "steps"), v.Superseded, games.Count(v.Rollbacks, "rollback", "rollbacks"), games.Count(v.Dice, "die", "dice"), games.Count(v.Replayed, "step", "steps"))
			return exitOK
		}
	},
}

var simulateCmd = command{
	name: "simulate", args: "--ruleset NAME --seed N [--players N] [--option NAME]... [--board FILE] [--game DIR]",
	summary: "play a whole game with bots and print the final standings by player",
	doc: `The same seed gives the same game. With --game the game is written as a
complete archive that pbem verify accepts (its dice chain comes from the
seed, so it is for testing only).`,
	setup: func(fs *flag.FlagSet) func(*env, []string) int {
		ruleset := fs.String("ruleset", "redux", "the ruleset")
		seed := fs.Uint64("seed", 1, "the seed of the bots and dice")
		players := fs.Int("players", 4, "the number of players")
		dir := fs.String("game", "", "write the game as an archive to this new directory")
		board := fs.String("board", "", "a board file to play on instead of the ruleset's own")
		var options listFlag
		fs.Var(&options, "option", "a rule option to switch on (repeat for more)")
		return func(e *env, _ []string) int {
			rules, code, ok := e.rulesetFlags(*ruleset, options)
			if !ok {
				return code
			}
			if code, ok := e.playersFlag(rules, *players); !ok {
				return code
			}
			sim := archive.Sim{Ruleset: *ruleset, Options: options, Players: *players, Seed: *seed}
			if *board != "" {
				data, err := os.ReadFile(*board)
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				sim.BoardName, sim.Board = *board, data
			}
			res, err := archive.Simulate(sim, *dir)
			if err != nil {
				return e.errorf(exitRejected, "%v", err)
			}
			fmt.Fprintf(e.stdout, "Simulated game %s: %d steps, over after %s %d\n\nFinal standings\n", res.ID, res.Steps, roundWord(*ruleset), res.State.Round)
			width := 0
			for _, st := range res.Standings {
				width = max(width, len(res.Players[st.Player-1])+len(st.Colour)+3)
			}
			for i, st := range res.Standings {
				who := res.Players[st.Player-1] + " (" + st.Colour + ")"
				score := fmt.Sprintf("%3d VP", st.VP)
				if st.Turns > 0 { // Hy Breasil 10.3: ranked by VP a turn
					score += fmt.Sprintf(" in %2d turns, %5.2f a turn%s", st.Turns, st.Score, map[bool]string{true: " (left)"}[st.Out])
				}
				fmt.Fprintf(e.stdout, "  %d. %-*s %s  %s\n", i+1, width, who, score, strings.Join(st.Nations, ", "))
			}
			if *dir != "" {
				fmt.Fprintf(e.stdout, "\nArchive: %s (check it with pbem verify --game %s)\n", *dir, *dir)
			}
			return exitOK
		}
	},
}
