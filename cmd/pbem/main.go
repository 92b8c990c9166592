// Command pbem referees Britannia-family games by email and for forum GMs
// (docs/design.md §1-§4). Each subcommand is an entry of the commands table; run
// "pbem help" for the list and "pbem COMMAND --help" for one.
//
// Exit codes: 0 done, 1 input refused or a check failed (the reasons are on
// stderr), 2 the command line was wrong.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/rulesets"
)

// Exit codes.
const (
	exitOK       = 0
	exitRejected = 1
	exitUsage    = 2
)

// command is one subcommand. Files other than main.go add theirs with
//
//	func init() { register(command{name: "demo", ...}) }
type command struct {
	name    string
	args    string // after the name in the usage line: "--game DIR FILE"
	summary string // one line for "pbem help"
	doc     string // paragraphs for "pbem COMMAND --help"
	npos    int    // how many positional arguments (file names) it takes
	// setup defines the command's flags on fs and returns the action,
	// which runs once the flags are parsed, with the positional arguments.
	setup func(fs *flag.FlagSet) func(e *env, pos []string) int
}

// commands is the table of subcommands, in the order "pbem help" lists
// them.
var commands = []command{
	rulesetsCmd,
	newCmd,
	checkCmd,
	standingCmd,
	turnCmd,
	nmrCmd,
	eventsCmd,
	seatCmd,
	askCmd,
	statusCmd,
	reportCmd,
	rollbackCmd,
	verifyCmd,
	simulateCmd,
}

// register adds a subcommand from another file of this package.
func register(c command) { commands = append(commands, c) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// env is what a subcommand writes to.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	cmd            command // the command running
}

// errorf writes "pbem: ..." to stderr and returns code.
func (e *env) errorf(code int, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "pbem: "+format+"\n", args...)
	return code
}

// run is pbem with its arguments and output, for main and tests.
func run(args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr, stdin: os.Stdin}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && !slices.Contains([]string{"-h", "-help", "--help"}, args[1]) {
			for _, c := range commands {
				if c.name == args[1] {
					c.help(stdout)
					return exitOK
				}
			}
			fmt.Fprintf(stderr, "pbem help: unknown command %q\n\n", args[1])
			usage(stderr)
			return exitUsage
		}
		usage(stdout)
		return exitOK
	}
	if askWord(name) && !slices.ContainsFunc(commands, func(c command) bool { return c.name == name }) {
		name, args = askCmd.name, append([]string{askCmd.name, "--what", name}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == name {
			fs := newFlagSet(c)
			action := c.setup(fs)
			pos, code, ok := e.parse(c, fs, args[1:])
			if !ok {
				return code
			}
			e.cmd = c
			return action(e, pos)
		}
	}
	fmt.Fprintf(stderr, "pbem: unknown command %q\n\n", name)
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	var names []string
	for _, r := range rulesets.All() {
		names = append(names, r.Ruleset.Title)
	}
	fmt.Fprintf(w, "pbem referees %s by email and for forum GMs.\n", adjudicator.OrJoin(names, "and"))
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: pbem COMMAND [ARGUMENTS]")
	fmt.Fprintln(w)
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "pbem COMMAND --help" for a command's arguments.`)
	fmt.Fprintln(w, "Exit status: 0 done, 1 input refused or a check failed, 2 bad command line.")
}

// help prints a command's usage, documentation and flags.
func (c command) help(w io.Writer) {
	fmt.Fprintf(w, "Usage: pbem %s %s\n\n%s\n", c.name, c.args, c.summary)
	if c.doc != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.doc))
	}
	fs := newFlagSet(c)
	c.setup(fs)
	var flags strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, u := flag.UnquoteUsage(f)
		fmt.Fprintf(&flags, "  %s", flagName(f.Name))
		if name != "" {
			fmt.Fprintf(&flags, " %s", name)
		}
		fmt.Fprintf(&flags, "\n      %s", u)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "[]" {
			fmt.Fprintf(&flags, " (default %s)", f.DefValue)
		}
		flags.WriteString("\n")
	})
	if flags.Len() > 0 {
		fmt.Fprintf(w, "\nFlags:\n%s", flags.String())
	}
}

// flagName is how help and messages write a flag: -o for a one-letter
// flag, as its command's usage line does, --game for the others.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func newFlagSet(c command) *flag.FlagSet {
	fs := flag.NewFlagSet("pbem "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses flags and positional arguments in any order ("check FILE
// --game DIR" as well as "check --game DIR FILE") and checks the number of
// positional arguments. On --help it prints the command's help to stdout;
// on a mistake it prints the mistake and the usage line to stderr. It
// returns the positional arguments and, when the command must stop, its
// exit code.
func (e *env) parse(c command, fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			c.help(e.stdout)
			return nil, exitOK, false
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "pbem %s: %v\nUsage: pbem %s %s\n", c.name, err, c.name, c.args)
			return nil, exitUsage, false
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != c.npos {
		want := "no file name"
		if c.npos == 1 {
			want = "one file name"
		}
		fmt.Fprintf(e.stderr, "pbem %s: want %s, got %d arguments %q\nUsage: pbem %s %s\n", c.name, want, len(pos), pos, c.name, c.args)
		return nil, exitUsage, false
	}
	return pos, exitOK, true
}

// need reports the first required flag left empty: flags alternate names
// and values ("game", dir, "ruleset", name).
func (e *env) need(flags ...string) (int, bool) {
	for i := 0; i+1 < len(flags); i += 2 {
		if flags[i+1] == "" {
			return e.usageError("%s is required", flagName(flags[i])), false
		}
	}
	return exitOK, true
}

// usageError prints a mistake in the command line (a flag's value that
// cannot be right whatever the game) with the usage line, and returns
// exitUsage.
func (e *env) usageError(format string, args ...any) int {
	fmt.Fprintf(e.stderr, "pbem %s: %s\nUsage: pbem %s %s\n", e.cmd.name, fmt.Sprintf(format, args...), e.cmd.name, e.cmd.args)
	return exitUsage
}

// listFlag is a repeatable string flag (--option a --option b); commas
// also separate values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

// readInput reads an order file, "-" for stdin, as the mail daemon reads
// a text attachment (mailer.DecodeText): UTF-16 as Windows Notepad saves
// "Unicode", UTF-8 with or without a byte-order mark, and bytes that are not
// UTF-8 as windows-1252, which it says on stderr.
func (e *env) readInput(name string) (string, error) {
	var b []byte
	var err error
	if name == "-" {
		b, err = io.ReadAll(e.stdin)
	} else {
		b, err = os.ReadFile(name)
	}
	if err != nil {
		return "", err
	}
	s, fallback := mailer.DecodeText(b)
	if fallback {
		fmt.Fprintf(e.stderr, "pbem: %s: not valid UTF-8, read as windows-1252\n", name)
	}
	return s, nil
}
