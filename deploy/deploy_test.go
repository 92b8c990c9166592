// Package deploy holds what runs pbem serve on a host: the systemd unit
// pbem.service and, at the repository's root, the Dockerfile
// (docs/deploy.md). Its tests check them where systemd and docker are not
// at hand; .ci/run also runs systemd-analyze verify and security on the
// unit, and docker build where a daemon answers.
package deploy

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/pbem-org/pbem/archive"
)

// The paths the unit, the Dockerfile, config.example.yaml and
// docs/deploy.md agree on.
const (
	configFile = "/etc/pbem/config.yaml"
	dataDir    = "/var/lib/pbem"
	serveArgs  = "serve --config " + configFile
)

// unitFile is a systemd unit: each section's settings in file order, a key
// given twice kept twice (systemd adds them up, or an empty one resets).
type unitFile map[string][][2]string

// readUnit parses a unit file, failing the test on a line that is neither
// a comment, a section header nor key=value.
func readUnit(t *testing.T, file string) unitFile {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	u, section := unitFile{}, ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || line[0] == '#' || line[0] == ';':
		case line[0] == '[' && line[len(line)-1] == ']':
			section = line[1 : len(line)-1]
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: not a setting: %q", file, n, line)
			}
			u[section] = append(u[section], [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
		}
	}
	return u
}

// get returns the values of key in section, in order.
func (u unitFile) get(section, key string) []string {
	var vs []string
	for _, kv := range u[section] {
		if kv[0] == key {
			vs = append(vs, kv[1])
		}
	}
	return vs
}

// TestSystemdUnit checks pbem.service runs pbem serve as issue 14 asks: as
// a user of its own, on a read-only system with a private /tmp, unable to
// gain privileges, writing only its state directory, which is the data
// directory of config.example.yaml, and reading its passwords as
// credentials.
func TestSystemdUnit(t *testing.T) {
	u := readUnit(t, "pbem.service")
	one := func(key, want string) {
		t.Helper()
		if got := u.get("Service", key); len(got) != 1 || got[0] != want {
			t.Errorf("%s = %q, want %q once", key, got, want)
		}
	}
	one("ExecStart", "/usr/local/bin/pbem "+serveArgs)
	one("User", "pbem")
	one("Group", "pbem")
	one("StateDirectory", path.Base(dataDir))
	one("StateDirectoryMode", "0700")
	one("WorkingDirectory", dataDir)
	for key, want := range map[string]string{
		"ProtectSystem": "strict", "PrivateTmp": "yes", "NoNewPrivileges": "yes", "ProtectHome": "yes",
		"PrivateDevices": "yes", "RestrictSUIDSGID": "yes", "UMask": "0077", "CapabilityBoundingSet": "",
	} {
		one(key, want)
	}
	for _, key := range []string{"ReadWritePaths", "DynamicUser", "PermissionsStartOnly"} {
		if got := u.get("Service", key); got != nil {
			t.Errorf("%s = %q: the service writes its state directory only, as its own user", key, got)
		}
	}
	creds := u.get("Service", "LoadCredential")
	if !slices.Equal(creds, []string{"imap.password:/etc/pbem/imap.password", "smtp.password:/etc/pbem/smtp.password"}) {
		t.Errorf("LoadCredential = %q", creds)
	}
	if got := u.get("Install", "WantedBy"); !slices.Equal(got, []string{"multi-user.target"}) {
		t.Errorf("WantedBy = %q", got)
	}

	var cfg struct{ Data string }
	b, err := os.ReadFile("../config.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil || cfg.Data != dataDir {
		t.Errorf("config.example.yaml: data %q (%v), the unit's state directory is %s", cfg.Data, err, dataDir)
	}
	doc, err := os.ReadFile("../docs/deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range creds {
		name, _, _ := strings.Cut(c, ":")
		if p := "/run/credentials/pbem.service/" + name; !strings.Contains(string(doc), p) {
			t.Errorf("docs/deploy.md never names %s, the password file config.yaml must give", p)
		}
	}
}

// instruction is one instruction of a Dockerfile, its continuation lines
// joined.
type instruction struct {
	cmd  string // upper case: FROM, RUN ...
	args string
	line int
}

// readDockerfile returns the instructions of a Dockerfile, skipping its
// comments and blank lines.
func readDockerfile(t *testing.T, file string) []instruction {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []instruction
	var cur strings.Builder
	start := 0
	for i, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		if cur.Len() == 0 && (trimmed == "" || trimmed[0] == '#') {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		more := strings.HasSuffix(trimmed, "\\")
		cur.WriteString(strings.TrimSuffix(trimmed, "\\") + " ")
		if more {
			continue
		}
		cmd, args, _ := strings.Cut(strings.TrimSpace(cur.String()), " ")
		out = append(out, instruction{strings.ToUpper(cmd), strings.TrimSpace(args), start})
		cur.Reset()
	}
	if cur.Len() > 0 {
		t.Fatalf("%s:%d: a continued line ends the file", file, start)
	}
	return out
}

// TestDockerfile checks the Dockerfile as issue 14 asks, where docker is not
// at hand: two stages, the build on the Go release go.mod names, the run
// stage never root, a volume for the data directory (games and journal), and
// pbem serve with the configuration of the systemd unit.
func TestDockerfile(t *testing.T) {
	ins := readDockerfile(t, "../Dockerfile")
	var froms []instruction
	for _, in := range ins {
		if in.cmd == "FROM" {
			froms = append(froms, in)
		}
		if in.cmd == "ADD" {
			t.Errorf("Dockerfile:%d: ADD %s; COPY what the build needs", in.line, in.args)
		}
	}
	if len(froms) != 2 {
		t.Fatalf("want a build stage and a run stage, got %d FROM lines", len(froms))
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := regexp.MustCompile(`(?m)^go (1\.\d+)(\.\d+)?$`).FindSubmatch(mod)
	if goLine == nil {
		t.Fatal("go.mod has no go line")
	}
	if want := "golang:" + string(goLine[1]) + "-"; !strings.HasPrefix(froms[0].args, want) || !strings.HasSuffix(froms[0].args, " AS build") {
		t.Errorf("Dockerfile:%d: FROM %s, want %s... AS build (go.mod: go %s)", froms[0].line, froms[0].args, want, goLine[1])
	}
	run := ins[slices.Index(ins, froms[1]):]
	user, volumes, entry, cmd := "", []string{}, []string{}, []string{}
	dataOwner := "" // the --chown of the COPY that makes the data directory
	for _, in := range run {
		switch in.cmd {
		case "USER":
			user = in.args
		case "VOLUME":
			volumes = append(volumes, jsonArray(t, in)...)
		case "ENTRYPOINT":
			entry = jsonArray(t, in)
		case "CMD":
			cmd = jsonArray(t, in)
		case "COPY":
			if !strings.HasPrefix(in.args, "--from=build ") {
				t.Errorf("Dockerfile:%d: the run stage copies from the build stage only: COPY %s", in.line, in.args)
			}
			if f := strings.Fields(in.args); strings.HasSuffix(f[len(f)-1], path.Base(dataDir)) || f[len(f)-1] == path.Dir(dataDir)+"/" {
				for _, a := range f {
					if owner, ok := strings.CutPrefix(a, "--chown="); ok {
						dataOwner = owner
					}
				}
			}
		}
	}
	if u, _, _ := strings.Cut(user, ":"); u == "" || u == "0" || u == "root" {
		t.Errorf("the run stage's USER is %q, want a user other than root", user)
	}
	if dataOwner != user {
		t.Errorf("the data directory is copied with --chown=%s, want the run stage's user %s", dataOwner, user)
	}
	if !slices.Equal(volumes, []string{dataDir}) {
		t.Errorf("VOLUME %q, want [%s]: the games, journal and outbox live together in it", volumes, dataDir)
	}
	if got := strings.Join(append(entry, cmd...), " "); got != "/usr/local/bin/pbem "+serveArgs {
		t.Errorf("ENTRYPOINT and CMD run %q, want /usr/local/bin/pbem %s", got, serveArgs)
	}
}

// jsonArray reads an instruction's arguments in the JSON form, failing the
// test on the shell form.
func jsonArray(t *testing.T, in instruction) []string {
	t.Helper()
	var v []string
	if err := json.Unmarshal([]byte(in.args), &v); err != nil {
		t.Errorf("Dockerfile:%d: %s %s: want the JSON form, [\"...\"]: %v", in.line, in.cmd, in.args, err)
	}
	return v
}

// TestDockerContext checks .dockerignore leaves in the build context every
// file go build ./cmd/pbem reads: the Go files and embedded files of each
// package of the module it imports, go.mod and go.sum. Patterns are matched
// as docker matches them (filepath.Match from the context's root, "**/" any
// number of directories, a matched directory excludes what it holds); an
// exception ("!") is not supported and fails the test.
func TestDockerContext(t *testing.T) {
	b, err := os.ReadFile("../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || l[0] == '#':
		case l[0] == '!':
			patterns = append(patterns, "!"+path.Clean(strings.TrimPrefix(l[1:], "/")))
		default:
			patterns = append(patterns, path.Clean(strings.TrimPrefix(l, "/")))
		}
	}
	out, err := exec.Command("go", "list", "-deps", "-f", `{{if .Module}}{{if .Module.Main}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .EmbedFiles}} {{.}}{{end}}{{end}}{{end}}`, "../cmd/pbem").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"go.mod", "go.sum"}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		dir, err := filepath.Rel(root, f[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range f[1:] {
			files = append(files, filepath.ToSlash(filepath.Join(dir, name)))
		}
	}
	if len(files) < 20 {
		t.Fatalf("go list found %d files: %q", len(files), files)
	}
	for _, f := range files {
		if p := ignoredBy(patterns, f); p != "" {
			t.Errorf(".dockerignore: %q leaves %s out of the build context", p, f)
		}
	}
	for _, f := range []string{".git/HEAD", "docs/deploy.md", "docs/boards", "e2e/setup.sh", "mailer/testdata/mail/bounce.eml", "README.md"} {
		if ignoredBy(patterns, f) == "" {
			t.Errorf(".dockerignore keeps %s in the build context", f)
		}
	}
}

// ignoredBy returns the pattern that excludes file (slash-separated, from
// the context's root) or one of its directories, or "". As in Docker, the
// last pattern that matches decides, and a pattern starting with "!" brings
// back what an earlier one left out.
func ignoredBy(patterns []string, file string) string {
	parts := strings.Split(file, "/")
	by := ""
	for _, p := range patterns {
		q, keep := strings.CutPrefix(p, "!")
		for n := 1; n <= len(parts); n++ {
			if ignoreMatch(q, parts[:n]) {
				by = p
				if keep {
					by = ""
				}
				break
			}
		}
	}
	return by
}

// ignoreMatch reports whether a .dockerignore pattern (no "!") matches the
// path made of parts.
func ignoreMatch(p string, parts []string) bool {
	if ok, _ := path.Match(p, strings.Join(parts, "/")); ok {
		return true
	}
	if rest, ok := strings.CutPrefix(p, "**/"); ok {
		for i := range parts {
			if ok, _ := path.Match(rest, strings.Join(parts[i:], "/")); ok {
				return true
			}
		}
	}
	return false
}

// TestREADMEInstall checks the README's install instructions: its first
// two commands are still the demo and the tests, the go install line names
// this module's command, and the players file it shows is one pbem new
// accepts (archive.ParsePlayers).
func TestREADMEInstall(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	first := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatch(readme)
	if first == nil {
		t.Fatal("README has no sh block")
	}
	lines := strings.Split(strings.TrimSpace(first[1]), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "go run ./cmd/pbem demo ") || !strings.HasPrefix(lines[1], "go test ./... ") {
		t.Errorf("the README's first commands are %q, want go run ./cmd/pbem demo and go test ./...", lines)
	}
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	module := regexp.MustCompile(`(?m)^module (\S+)$`).FindSubmatch(mod)
	if module == nil {
		t.Fatal("go.mod has no module line")
	}
	if want := "\ngo install " + string(module[1]) + "/cmd/pbem@latest "; !strings.Contains(readme, want) {
		t.Errorf("README lacks %q", strings.TrimSpace(want))
	}
	_, section, ok := strings.Cut(readme, "\n## The players file\n")
	if !ok {
		t.Fatal(`README has no "## The players file" section`)
	}
	example := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindStringSubmatch(section)
	if example == nil {
		t.Fatal("the players file section has no yaml example")
	}
	ps, err := archive.ParsePlayers("README.md", []byte(example[1]))
	if err != nil || len(ps) != 3 || ps[0].Name != "Alice" || ps[0].Email != "alice@example.org" {
		t.Errorf("the README's players file: %v, %v", ps, err)
	}
	if len(ps) == 3 && (ps[1].Prefs != archive.MailPrefs{Format: "text", Map: "round"} || ps[2].Prefs.Reports != "digest") {
		t.Errorf("the README's players file shows the mail preferences: got %+v", ps)
	}
}
