package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// TestDescribeBuild reads the build information of the ways pbem is built:
// go install of a tagged release, a build in a git clone with local
// changes, a build from a tree without .git, one named at link time, and a
// binary without build information.
func TestDescribeBuild(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	platform := setting("GOOS", "linux", "GOARCH", "arm64")
	tests := []struct {
		name     string
		bi       *debug.BuildInfo
		override string
		want     string
	}{
		{"go install @v1.2.3", &debug.BuildInfo{GoVersion: "go1.26.1", Main: debug.Module{Path: "github.com/pbem-org/pbem", Version: "v1.2.3"}, Settings: platform},
			"", "pbem v1.2.3\nmodule:  github.com/pbem-org/pbem\ngo:      go1.26.1 linux/arm64\n"},
		{"git clone, changed", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/pbem-org/pbem", Version: "v0.0.0-20261124002016-c537fb2046f8+dirty"},
			Settings: append(setting("vcs", "git", "vcs.revision", "c537fb2046f80876117a4d83a3e7b0c0ad4e2ef7", "vcs.time", "2026-11-24T00:20:16Z", "vcs.modified", "true"), platform...)},
			"", "pbem v0.0.0-20261124002016-c537fb2046f8+dirty\nmodule:  github.com/pbem-org/pbem\ncommit:  c537fb2046f80876117a4d83a3e7b0c0ad4e2ef7 (2026-11-24T00:20:16Z, with local changes)\ngo:      go1.26.8 linux/arm64\n"},
		{"tree without .git", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/pbem-org/pbem", Version: "(devel)"}},
			"", "pbem (devel)\nmodule:  github.com/pbem-org/pbem\ngo:      go1.26.8\n"},
		{"named at link time", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/pbem-org/pbem", Version: "(devel)"}, Settings: platform},
			"v1.3.0-rc1", "pbem v1.3.0-rc1\nmodule:  github.com/pbem-org/pbem\ngo:      go1.26.8 linux/arm64\n"},
		{"no build information", nil, "", "pbem (devel)\nmodule:  github.com/pbem-org/pbem\ngo:      unknown\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			describeBuild(tc.bi, tc.override).write(&b, nil)
			got, _, _ := strings.Cut(b.String(), "engine:")
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestVersion runs pbem version: this binary's Go version, the engine,
// archive and dice versions, and for each ruleset the engine fingerprint
// that pbem new then writes into game.yaml (archive/doc.go "Versions").
func TestVersion(t *testing.T) {
	out := must(t, "version")
	contains(t, "version", out, "\ngo:      go1.", "engine:  pbem-engine-5, pbem-archive-v1, pbem-dice-v1\n")
	fp := regexp.MustCompile(`(?m)^engine fingerprint (\S+) +([0-9a-f]{64}) \((\d) players, no options\)$`).FindAllStringSubmatch(out, -1)
	if len(fp) < 2 || fp[0][1] != "redux" || fp[1][1] != "redux-lr" {
		t.Fatalf("want a fingerprint for redux, one for redux-lr and one for each later ruleset:\n%s", out)
	}
	for i := range fp {
		for j := range i {
			if fp[i][2] == fp[j][2] {
				t.Fatalf("%s and %s have the same fingerprint:\n%s", fp[i][1], fp[j][1], out)
			}
		}
	}
	if short := must(t, "version", "--short"); !strings.HasPrefix(out, "pbem "+short) || strings.Count(short, "\n") != 1 {
		t.Errorf("version --short = %q, not the first line of\n%s", short, out)
	}

	tmp := t.TempDir()
	people := []string{"- name: Alice\n  email: alice@example.org\n", "- name: Bob\n  email: bob@example.org\n", "- name: Carol\n  email: carol@example.org\n"}
	for _, f := range fp {
		n, _ := strconv.Atoi(f[3]) // the player count the fingerprint is for
		players := write(t, tmp, f[1]+"-players.yaml", strings.Join(people[:n], ""))
		game := filepath.Join(tmp, f[1])
		must(t, "new", "--ruleset", f[1], "--game", game, "--players", players)
		gy, err := os.ReadFile(filepath.Join(game, "game.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		contains(t, f[1]+" game.yaml", string(gy), "engine_fingerprint: "+f[2]+"\n")
	}
}
