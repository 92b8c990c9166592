package dice

// Tests that tie the code to docs/dice.md: every vector in the spec is
// parsed from the document and re-derived, and the spec's Python script
// (dice/testdata/verify_dice.py, also quoted in the spec) re-derives the
// vectors and Go-made logs independently.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	specPath   = "../docs/dice.md"
	scriptPath = "testdata/verify_dice.py"
)

// fence is one fenced code block of the spec.
type fence struct {
	info string // text after the opening ```
	line int    // line of the opening ```
	body string // lines between the fences, each ending in "\n"
}

// specFences reads the fenced blocks of docs/dice.md whose info string is
// info.
func specFences(t *testing.T, info string) []fence {
	t.Helper()
	data, err := os.ReadFile(specPath)
	require.NoError(t, err)
	var (
		out []fence
		cur *fence
	)
	for n, line := range strings.Split(string(data), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &fence{info: strings.TrimPrefix(line, "```"), line: n + 1}
		case cur != nil && line == "```":
			if cur.info == info {
				out = append(out, *cur)
			}
			cur = nil
		case cur != nil:
			cur.body += line + "\n"
		}
	}
	require.Nil(t, cur, "%s: unclosed code fence", specPath)
	require.NotEmpty(t, out, "%s has no ```%s block", specPath, info)
	return out
}

// keyValues reads "key: value" lines (or "key value" when sep is " ").
func keyValues(t *testing.T, f fence, sep string) [][2]string {
	t.Helper()
	var kv [][2]string
	for i, line := range strings.Split(strings.TrimSuffix(f.body, "\n"), "\n") {
		k, v, ok := strings.Cut(line, sep)
		require.True(t, ok, "%s line %d: want key%svalue", specPath, f.line+1+i, sep)
		kv = append(kv, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
	}
	return kv
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err, "hex %q", s)
	return b
}

func TestSpecChainVector(t *testing.T) {
	for _, f := range specFences(t, "chain-vector") {
		kv := keyValues(t, f, ":")
		require.Equal(t, "length", kv[0][0])
		var n int
		_, err := fmt.Sscan(kv[0][1], &n)
		require.NoError(t, err)
		require.Len(t, kv, n+2, "length, then s_N … s_0")
		secret := mustHex(t, kv[1][1])
		c, err := NewChain(n, bytes.NewReader(secret))
		require.NoError(t, err)
		for j, e := range kv[1:] {
			i := n - j
			require.Equal(t, fmt.Sprintf("s%d", i), e[0])
			want := mustHex(t, e[1])
			if i == 0 {
				assert.Equal(t, want, c.Commitment(), "commitment")
				continue
			}
			got, err := c.Seed(i)
			require.NoError(t, err)
			assert.Equal(t, want, got, "s_%d", i)
		}
	}
}

func TestSpecChainSecret(t *testing.T) {
	f := specFences(t, "chain-secret")
	require.Len(t, f, 1)
	c, err := UnmarshalSecret([]byte(f[0].body))
	require.NoError(t, err)
	assert.Equal(t, f[0].body, string(c.MarshalSecret()))
	assert.Equal(t, fixedSecret(), c.seeds[c.Len()], "the spec's secrets file is the chain vector's")
}

// vector is one ```dice-vector block: a dice log and its context.
type vector struct {
	fence
	ctx
	digestHex string // as written in the block; "" for none
	entries   []Entry
}

func specVectors(t *testing.T) []vector {
	t.Helper()
	var out []vector
	for _, f := range specFences(t, "dice-vector") {
		v := vector{fence: f}
		for _, line := range strings.Split(f.body, "\n") {
			if !strings.HasPrefix(line, "# ") {
				continue
			}
			k, val, ok := strings.Cut(strings.TrimPrefix(line, "# "), ": ")
			require.True(t, ok, "vector at line %d: comment %q", f.line, line)
			switch k {
			case "seed":
				v.seed = mustHex(t, val)
			case "game":
				v.game = val
			case "turn":
				v.turn = val
			case "digest":
				if val != "-" {
					v.digestHex = val
					v.digest = mustHex(t, val)
				}
			case "salt":
				v.salts = append(v.salts, val)
			default:
				t.Fatalf("vector at line %d: unknown context %q", f.line, k)
			}
		}
		require.Len(t, v.seed, SeedSize, "vector at line %d: seed", f.line)
		require.NotEmpty(t, v.game, "vector at line %d: game", f.line)
		require.NotEmpty(t, v.turn, "vector at line %d: turn", f.line)
		entries, err := ParseLog(f.body)
		require.NoError(t, err, "vector at line %d", f.line)
		require.NotEmpty(t, entries, "vector at line %d", f.line)
		v.entries = entries
		out = append(out, v)
	}
	return out
}

func TestSpecDiceVectors(t *testing.T) {
	vs := specVectors(t)
	var withSalts, noDigest, rejections int
	for _, v := range vs {
		t.Run(fmt.Sprintf("line %d", v.line), func(t *testing.T) {
			assert.Equal(t, CanonicalSalts(v.salts), v.salts, "salts in canonical order")
			require.NoError(t, CheckLog(v.seed, v.game, v.turn, v.digest, v.salts, v.entries))
			tu := NewTurn(v.seed, v.game, v.turn, v.digest, v.salts)
			for _, e := range v.entries {
				assert.Equal(t, e.Value, tu.Roll(e.Label), "%s", e.Label)
				if tu.block(e.Label, 0)[0] >= 252 {
					rejections++
				}
			}
			require.NoError(t, tu.Err())
			// The block reads like FormatLog wrote it.
			assert.Contains(t, v.body, strings.SplitN(FormatLog(v.entries), "\n", 2)[1])
		})
		if len(v.salts) > 0 {
			withSalts++
		}
		if v.digest == nil {
			noDigest++
		}
	}
	assert.GreaterOrEqual(t, len(vs), 3, "vectors")
	assert.Positive(t, withSalts, "a vector with salts")
	assert.Positive(t, noDigest, "a vector with an empty digest")
	assert.Positive(t, rejections, "a vector whose first byte is rejected")
}

func TestSpecDigestIsSHA256OfHold(t *testing.T) {
	d := sha256.Sum256([]byte("hold\n"))
	assert.Equal(t, hex.EncodeToString(d[:]), specVectors(t)[0].digestHex)
}

func TestSpecMessageVector(t *testing.T) {
	f := specFences(t, "message-vector")
	require.Len(t, f, 1)
	var msg []byte
	var mac []byte
	for _, e := range keyValues(t, f[0], " ") {
		if e[0] == "hmac" {
			mac = mustHex(t, e[1])
			continue
		}
		lenHex, body, ok := strings.Cut(e[1], " ")
		require.True(t, ok, "field %s: want length and bytes", e[0])
		field := mustHex(t, strings.TrimSpace(body))
		length := mustHex(t, lenHex)
		require.Equal(t, []byte{0, 0, byte(len(field) >> 8), byte(len(field))}, length, "field %s: length", e[0])
		msg = append(append(msg, length...), field...)
	}
	// Vector A, seq=8.
	v := specVectors(t)[0]
	e := v.entries[7]
	tu := NewTurn(v.seed, v.game, v.turn, v.digest, v.salts)
	got := bytes.Clone(tu.block(e.Label, 0))
	assert.Equal(t, hex.EncodeToString(msg), hex.EncodeToString(tu.buf), "message bytes")
	assert.Equal(t, mac, got, "HMAC")
	assert.Equal(t, byte(252), got[0], "the worked example is a rejection")
	assert.Equal(t, int(got[1]%6)+1, e.Value)
}

func TestSpecQuotesThePythonScript(t *testing.T) {
	script, err := os.ReadFile(scriptPath)
	require.NoError(t, err)
	f := specFences(t, "python")
	require.Len(t, f, 1, "one python block in the spec")
	assert.Equal(t, string(script), f[0].body, "docs/dice.md must quote %s exactly", scriptPath)
}

// pythonExe is the interpreter behind python3 on PATH, looked up once so that
// version-manager shims (pyenv) are not paid for on every run; "" if none.
var pythonExe = sync.OnceValue(func() string {
	if _, err := exec.LookPath("python3"); err != nil {
		return ""
	}
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if exe := strings.TrimSpace(string(out)); err == nil && exe != "" {
		return exe
	}
	return "python3"
})

// python runs the spec's script and returns its exit code and output.
func python(t *testing.T, stdin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(pythonExe(), append([]string{scriptPath}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	require.NoError(t, err, "running python3: %s", out)
	return 0, string(out)
}

func needPython(t *testing.T) {
	t.Helper()
	if pythonExe() == "" {
		t.Skip("python3 is not on PATH: the cross-check of the dice against docs/dice.md's Python script did not run")
	}
}

func pyLogArgs(c ctx) []string {
	return append([]string{"log", hex.EncodeToString(c.seed), c.game, c.turn, hex.EncodeToString(c.digest)}, c.salts...)
}

func TestPythonRederivesSpecVectors(t *testing.T) {
	needPython(t)
	for _, v := range specVectors(t) {
		t.Run(fmt.Sprintf("line %d", v.line), func(t *testing.T) {
			code, out := python(t, v.body, pyLogArgs(v.ctx)...)
			assert.Equal(t, 0, code, out)
			assert.Equal(t, fmt.Sprintf("%d dice, all match\n", len(v.entries)), out)
		})
	}
}

// randomTurn rolls a turn of odd but valid labels from a seeded generator.
func randomTurn(r *rand.Rand, c ctx, n int) []Entry {
	texts := []string{"battle", "event", "invasion", "", "-", "Hy Breasil", "ça", "50%", "a=b", "\x00\xff\n", "#x", "r07-saxons"}
	pick := func() string { return texts[r.IntN(len(texts))] }
	ints := func() int { return []int{0, 1, 2, 3, -1, 12, 1 << 40}[r.IntN(7)] }
	tu := NewTurn(c.seed, c.game, c.turn, c.digest, c.salts)
	for i := range n {
		tu.Roll(Label{Phase: pick(), Battle: ints(), Round: ints(), Side: pick(), Unit: pick(), Die: i})
	}
	return tu.Log()
}

func TestPythonRederivesGoDice(t *testing.T) {
	needPython(t)
	r := rand.New(rand.NewPCG(1, 2))
	seed := sha256.Sum256([]byte("python cross-check"))
	digest := sha256.Sum256([]byte("inputs"))
	tests := []struct {
		name string
		ctx  ctx
	}{
		{"plain", ctx{seed: seed[:], game: "g1", turn: "r01-romans", digest: digest[:]}},
		{"salts", ctx{seed: seed[:], game: "g1", turn: "r02-end", digest: digest[:], salts: []string{"", "x y", "ünï", "--", "salt:with:colons"}}},
		{"odd ids, no digest", ctx{seed: seed[:], game: "Dál Riata game", turn: "-", salts: []string{"only"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			entries := randomTurn(r, tc.ctx, 300)
			log := FormatLog(entries)
			code, out := python(t, log, pyLogArgs(tc.ctx)...)
			assert.Equal(t, 0, code, out)
			assert.Equal(t, "300 dice, all match\n", out)

			// The script must be able to disagree: change one die.
			bad := append([]Entry(nil), entries...)
			bad[150].Value = bad[150].Value%6 + 1
			code, out = python(t, FormatLog(bad), pyLogArgs(tc.ctx)...)
			assert.Equal(t, 1, code, out)
			assert.Contains(t, out, fmt.Sprintf("line 152: log says %d, derived %d", bad[150].Value, entries[150].Value))

			// And the context: another salt list changes the dice.
			other := tc.ctx
			other.salts = append(append([]string(nil), tc.ctx.salts...), "extra")
			code, out = python(t, log, pyLogArgs(other)...)
			assert.Equal(t, 1, code, out)
			assert.Contains(t, out, "MISMATCH")
		})
	}
}

func TestPythonChecksChainSeeds(t *testing.T) {
	needPython(t)
	secret := sha256.Sum256([]byte("python chain"))
	c, err := NewChain(5, bytes.NewReader(secret[:]))
	require.NoError(t, err)
	com := hex.EncodeToString(c.Commitment())
	for i := 1; i <= c.Len(); i++ {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s, err := c.Seed(i)
			require.NoError(t, err)
			code, out := python(t, "", "seed", com, fmt.Sprint(i), hex.EncodeToString(s))
			assert.Equal(t, 0, code, out)
			assert.Equal(t, "seed ok\n", out)
			if i != 3 {
				return // one set of failures is enough; each run costs a Python start
			}

			code, out = python(t, "", "seed", com, fmt.Sprint(i+1), hex.EncodeToString(s))
			assert.Equal(t, 1, code, "wrong turn number must fail: %s", out)
			s[0] ^= 1
			code, out = python(t, "", "seed", com, fmt.Sprint(i), hex.EncodeToString(s))
			assert.Equal(t, 1, code, "tampered seed must fail: %s", out)
		})
	}
}
