package archive

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

var (
	standardOnce sync.Once
	standardDir  string
)

// standardCopy is a fresh copy of the standard game's directories.
func standardCopy(t *testing.T) string {
	t.Helper()
	standardOnce.Do(func() {
		f := standardGame(t)
		dst := filepath.Join(testRoot, "standard", "ashdown")
		os.MkdirAll(filepath.Dir(dst), 0o755)
		for _, p := range [][2]string{{f.dir, dst}, {DefaultSecrets(f.dir), DefaultSecrets(dst)}} {
			if err := os.Rename(p[0], p[1]); err != nil {
				t.Fatal(err)
			}
		}
		standardDir = dst
	})
	if standardDir == "" {
		t.Fatal("the standard game could not be made")
	}
	return copyTree(t, standardDir)
}

// edit applies a regexp replacement to a file and fails if nothing changed.
func edit(t *testing.T, path, pattern, repl string) {
	t.Helper()
	old := readFile(t, path)
	re := regexp.MustCompile(pattern)
	loc := re.FindStringIndex(old)
	if loc == nil {
		t.Fatalf("%s: no match for %q in:\n%s", path, pattern, old)
	}
	writeFile(t, path, old[:loc[0]]+re.ReplaceAllString(old[loc[0]:loc[1]], repl)+old[loc[1]:])
}

// reseal recomputes a step's inputs.sha256 after its inputs were changed,
// as a careful forger would.
func reseal(t *testing.T, dir string, n int) {
	t.Helper()
	id := strings.SplitN(filepath.Base(filepath.Dir(stepPath(t, dir, n, fileInputs))), "-", 2)[1]
	read := func(name string) []byte {
		b, err := os.ReadFile(stepPath(t, dir, n, name))
		if err != nil {
			return nil
		}
		return b
	}
	o, st := read(fileOrders), read(fileStanding)
	writeFile(t, stepPath(t, dir, n, fileInputs), string(inputsFile(id, o, st, nil, inputsDigest("ashdown", id, o, st, nil))))
}

func TestVerifyFindsTampering(t *testing.T) {
	tests := []struct {
		name     string
		tamper   func(t *testing.T, dir string)
		wantPath string
		wantLine int
		wantMsg  string
	}{
		{"a die in dice.log", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileDice), `(seq=1 .*) roll=2`, "$1 roll=5")
		}, "turns/002-r01-welsh/dice.log", 2, "roll 1 (battle 1 round 1 attacker infantry die 0): the log says 5, the seed and inputs give 2"},
		{"a die added to dice.log", func(t *testing.T, dir string) {
			p := stepPath(t, dir, 2, fileDice)
			writeFile(t, p, readFile(t, p)+"seq=5 phase=battle battle=1 round=3 side=attacker unit=infantry die=0 roll=6\n")
		}, "turns/002-r01-welsh/dice.log", 6, ""},
		{"an order in orders.txt", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileOrders), `Powys > March`, "Powys > Cheshire")
		}, "turns/002-r01-welsh/orders.txt", 0, "orders.txt was changed after the step"},
		{"an order in orders.txt, inputs resealed", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileOrders), `Powys > March`, "Powys > Cheshire")
			reseal(t, dir, 2)
		}, "turns/002-r01-welsh/orders.txt", 0, "was never accepted for r01-welsh"},
		{"the accepted line removed from submissions.log", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, submissionsLog), `(?m)^.*accepted kind=turn turn=r01-welsh.*\n`, "")
		}, "turns/002-r01-welsh/orders.txt", 0, "never accepted"},
		{"a missed turn given other orders, inputs resealed", func(t *testing.T, dir string) {
			p := stepPath(t, dir, 1, fileOrders)
			writeFile(t, p, readFile(t, p)+"\nmove 1 Kent > Sussex\n")
			reseal(t, dir, 1)
		}, "turns/001-r01-romanobritish/orders.txt", 6, "not the bot's orders"},
		{"standing orders", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 3, fileStanding), `2\*mine`, "3*mine")
		}, "turns/003-r01-brigantes/standing.txt", 0, "changed after the step"},
		{"a number in state.json", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 3, fileState), `("armies": )1`, "${1}4")
		}, "turns/003-r01-brigantes/state.json", 0, "field armies["},
		{"an event's count", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileEvents), `("kind":"move".*?"n":)\d+`, "${1}9")
		}, "turns/002-r01-welsh/events.jsonl", 0, "field n: the archive has 9, the replay gives"},
		{"an event's dice", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileEvents), `("kind":"round".*?"dice":\[)\d`, "${1}7")
		}, "turns/002-r01-welsh/events.jsonl", 0, "field dice[0]: the archive has 7"},
		{"an event removed", func(t *testing.T, dir string) {
			edit(t, stepPath(t, dir, 2, fileEvents), `(?m)^.*"kind":"battle-end".*\n`, "")
		}, "turns/002-r01-welsh/events.jsonl", 0, "the replay gives the event"},
		{"a seed", func(t *testing.T, dir string) {
			writeFile(t, stepPath(t, dir, 4, fileSeed), readFile(t, stepPath(t, dir, 5, fileSeed)))
		}, "turns/004-r01-caledonians/seed.hex", 1, "the hash chain is broken"},
		{"the commitment", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, "game.yaml"), `commitment: [0-9a-f]{4}`, "commitment: 0000")
		}, "turns/001-r01-romanobritish/seed.hex", 1, "the commitment s_0 in game.yaml"},
		{"a step folder removed", func(t *testing.T, dir string) {
			os.RemoveAll(filepath.Dir(stepPath(t, dir, 4, fileSeed)))
		}, "turns", 0, "step 004 is missing"},
		{"the tables", func(t *testing.T, dir string) {
			p := filepath.Join(dir, "tables.yaml")
			writeFile(t, p, readFile(t, p)+"# a quiet change\n")
		}, "tables.yaml", 0, "the tables were changed"},
		{"the start", func(t *testing.T, dir string) {
			edit(t, filepath.Join(dir, turnsDir, startDir, fileState), `"armies": 1`, `"armies": 3`)
		}, "turns/000-start/state.json", 0, "the rules' set-up gives"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := standardCopy(t)
			tc.tamper(t, dir)
			err := Verify(dir)
			var ve *VerifyError
			if !errors.As(err, &ve) || !ve.Tampered() {
				t.Fatalf("Verify = %v, want problems", err)
			}
			if len(ve.Mismatch) > 0 {
				t.Errorf("tampering reported as a version mismatch: %v", err)
			}
			p := ve.Problems[0]
			if p.Path != filepath.FromSlash(tc.wantPath) || (tc.wantLine > 0 && p.Line != tc.wantLine) || (p.Line == 0) != (tc.wantLine == 0 && !strings.HasSuffix(tc.wantPath, ".json") && !strings.HasSuffix(tc.wantPath, ".jsonl")) || !strings.Contains(p.Msg, tc.wantMsg) {
				t.Errorf("first problem\n  %s\nwant %s line %d: ...%s...\nall:\n%v", p, tc.wantPath, tc.wantLine, tc.wantMsg, err)
			}
			if !strings.Contains(err.Error(), "does not verify") {
				t.Errorf("message: %v", err)
			}
			t.Log(err)
		})
	}
}

// TestVerifyWordsAreNotTheRecord changes the words a legacy event line
// holds beside its facts (docs/design.md §2.2): they are a rendering, and
// the archive still verifies, while a fact of the same line is caught
// (TestVerifyFindsTampering).
func TestVerifyWordsAreNotTheRecord(t *testing.T) {
	dir := standardCopy(t)
	p := stepPath(t, dir, 2, fileEvents)
	writeFile(t, p, regexp.MustCompile(`"text":"[^"]*"`).ReplaceAllString(readFile(t, p), `"text":"other words"`))
	writeFile(t, p, regexp.MustCompile(`"rule":"[^"]*"`).ReplaceAllString(readFile(t, p), `"rule":"another rule"`))
	if err := Verify(dir); err != nil {
		t.Fatalf("words changed: %v", err)
	}
}

func TestVerifyVersionMismatch(t *testing.T) {
	tests := []struct {
		name, pattern, repl, want string
	}{
		{"engine", `engine: ` + EngineVersion, "engine: pbem-engine-0", "written by engine pbem-engine-0, this pbem has engine " + EngineVersion},
		{"dice spec", `dice_spec: pbem-dice-v1`, "dice_spec: pbem-dice-v0", "written by dice spec pbem-dice-v0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := standardCopy(t)
			edit(t, filepath.Join(dir, "game.yaml"), tc.pattern, tc.repl)
			err := Verify(dir)
			var ve *VerifyError
			if !errors.As(err, &ve) || len(ve.Mismatch) != 1 || ve.Tampered() {
				t.Fatalf("Verify = %v, want one version mismatch and no problem", err)
			}
			for _, want := range []string{"version mismatch", tc.want, "this is not evidence of tampering"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("message lacks %q:\n%v", want, err)
				}
			}
		})
	}
	t.Run("engine behaviour", func(t *testing.T) {
		// The engine changed under the same version: the replay differs
		// and the fingerprint tells why.
		dir := standardCopy(t)
		edit(t, filepath.Join(dir, "game.yaml"), `engine_fingerprint: [0-9a-f]{8}`, "engine_fingerprint: 00000000")
		edit(t, stepPath(t, dir, 3, fileState), `("armies": )1`, "${1}4")
		err := Verify(dir)
		var ve *VerifyError
		if !errors.As(err, &ve) || len(ve.Mismatch) != 1 || ve.Mismatch[0].What != "engine behaviour" || ve.Tampered() {
			t.Fatalf("Verify = %v, want an engine behaviour mismatch and no tampering", err)
		}
		for _, want := range []string{"version mismatch: this pbem's engine plays differently", "not by themselves evidence of tampering", "state.json line 8"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("message lacks %q:\n%v", want, err)
			}
		}
		// A wrong die is tampering whatever the engine.
		edit(t, stepPath(t, dir, 2, fileDice), `(seq=1 .*) roll=2`, "$1 roll=5")
		if err := Verify(dir); !errors.As(err, &ve) || !ve.Tampered() {
			t.Errorf("a wrong die under an engine mismatch: %v", err)
		}
	})
	t.Run("engine mismatch still checks the chain and dice", func(t *testing.T) {
		dir := standardCopy(t)
		edit(t, filepath.Join(dir, "game.yaml"), `engine: `+EngineVersion, "engine: pbem-engine-0")
		edit(t, stepPath(t, dir, 2, fileDice), `(seq=1 .*) roll=2`, "$1 roll=5")
		var ve *VerifyError
		if err := Verify(dir); !errors.As(err, &ve) || len(ve.Mismatch) != 1 || !ve.Tampered() || !strings.HasSuffix(ve.Problems[0].Path, fileDice) {
			t.Fatalf("Verify = %v", err)
		}
	})
}

func TestVerifyNotAGame(t *testing.T) {
	err := Verify(t.TempDir())
	var ve *VerifyError
	if !errors.As(err, &ve) || ve.Problems[0].Path != "game.yaml" || !strings.Contains(err.Error(), "no game.yaml") {
		t.Errorf("Verify of an empty directory = %v", err)
	}
}
