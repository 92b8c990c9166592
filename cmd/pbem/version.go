package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// version, when set at link time (go build -ldflags "-X main.version=v1.2.3",
// as the Dockerfile does from its VERSION argument), is the version pbem
// version prints instead of the module version in the build info: a build
// from a source tree without its .git has none.
var version string

func init() {
	register(command{
		name: "version", args: "[--short]",
		summary: "print this pbem's version, commit, Go version and engine fingerprints",
		doc: `The version and commit come from the build information Go writes into
the binary: "go install github.com/pbem-org/pbem/cmd/pbem@v1.2.3" gives
v1.2.3, a build in a git clone gives a pseudo-version and the commit
(marked "with local changes" when the tree had any), and a build from a
tree without .git gives "(devel)" unless -ldflags "-X main.version=..."
named it.

The engine lines say how this pbem plays: the engine, archive and dice
versions written into every new game.yaml, and for each ruleset (without
options) the engine fingerprint a new game's game.yaml gets. Two builds with
the same fingerprints play the first rounds of a game alike; pbem verify
uses the fingerprint to tell a changed engine from a changed archive.`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			short := fs.Bool("short", false, "print the version alone")
			return func(e *env, _ []string) int {
				bi, _ := debug.ReadBuildInfo()
				b := describeBuild(bi, version)
				if *short {
					fmt.Fprintln(e.stdout, b.version)
					return exitOK
				}
				fps, err := fingerprints()
				if err != nil {
					return e.errorf(exitRejected, "%v", err)
				}
				b.write(e.stdout, fps)
				return exitOK
			}
		},
	})
}

// build is what the build information says of a pbem binary.
type build struct {
	version, module, goVersion, platform string
	revision, time                       string // "" when built without VCS stamping
	modified                             bool
}

// describeBuild reads bi (nil when the binary has none); override, if not
// "", is the version set at link time.
func describeBuild(bi *debug.BuildInfo, override string) build {
	b := build{version: "(devel)", module: "github.com/pbem-org/pbem", goVersion: "unknown"}
	if bi == nil {
		if override != "" {
			b.version = override
		}
		return b
	}
	if bi.Main.Path != "" {
		b.module = bi.Main.Path
	}
	if v := bi.Main.Version; v != "" {
		b.version = v
	}
	if override != "" {
		b.version = override
	}
	b.goVersion = bi.GoVersion
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.revision = s.Value
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	if goos != "" && goarch != "" {
		b.platform = goos + "/" + goarch
	}
	return b
}

// fingerprint is the engine fingerprint of one ruleset.
type fingerprint struct {
	ruleset string
	players int
	sum     string
}

// fingerprints returns the engine fingerprint of a new game of each
// ruleset without options, for the fewest players its tables allow, in
// the order pbem rulesets lists them.
func fingerprints() ([]fingerprint, error) {
	var fps []fingerprint
	for _, r := range rulesets.All() {
		rs, err := games.Lookup(r.Name)
		if err != nil {
			return nil, err
		}
		g, err := rs.LoadFiles(nil, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("ruleset %s: %w", r.Name, err)
		}
		if len(g.Tables.Players) == 0 {
			continue
		}
		n := g.Tables.Players[0].Count
		for _, p := range g.Tables.Players {
			n = min(n, p.Count)
		}
		sum, err := archive.Fingerprint(r.Name, nil, n)
		if err != nil {
			return nil, fmt.Errorf("ruleset %s: %w", r.Name, err)
		}
		fps = append(fps, fingerprint{r.Name, n, sum})
	}
	return fps, nil
}

// write prints b and the fingerprints, one fact a line.
func (b build) write(w io.Writer, fps []fingerprint) {
	fmt.Fprintf(w, "pbem %s\n", b.version)
	fmt.Fprintf(w, "module:  %s\n", b.module)
	if b.revision != "" {
		var notes []string
		if b.time != "" {
			notes = append(notes, b.time)
		}
		if b.modified {
			notes = append(notes, "with local changes")
		}
		fmt.Fprintf(w, "commit:  %s", b.revision)
		if len(notes) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(notes, ", "))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "go:      %s", b.goVersion)
	if b.platform != "" {
		fmt.Fprintf(w, " %s", b.platform)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "engine:  %s, %s, %s\n", archive.EngineVersion, archive.FormatVersion, dice.Version)
	width := 0
	for _, f := range fps {
		width = max(width, len(f.ruleset))
	}
	for _, f := range fps {
		fmt.Fprintf(w, "engine fingerprint %-*s  %s (%d players, no options)\n", width, f.ruleset, f.sum, f.players)
	}
}
