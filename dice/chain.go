package dice

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// SeedSize is the size in bytes of every link of a chain: the secret, each
// turn seed and the commitment.
const SeedSize = sha256.Size

// MaxChainLen bounds the length of a chain, so that a corrupt secrets file or
// archive cannot make pbem hash for ever. It is far beyond any game: classic
// Britannia has about 300 nation turns and round events.
const MaxChainLen = 1 << 16

// chainVersion heads the text form of a chain secret (MarshalSecret).
const chainVersion = "pbem-dice-chain-v1"

// Chain is a game's hash chain of turn seeds (docs/design.md §3, docs/dice.md
// "The hash chain"). It holds the secret s_N and must never be written to the
// public archive; only Commitment and the seeds of turns already played are
// public. Make one with NewChain or UnmarshalSecret; the zero Chain is not
// usable.
type Chain struct {
	// seeds[i] is s_i for 0 <= i <= n; seeds[0] is the commitment and
	// seeds[n] the secret.
	seeds [][]byte
}

// NewChain draws a secret s_N of SeedSize bytes from r and builds a chain of
// n turn seeds. Production passes crypto/rand.Reader; tests pass a fixed
// reader. n must be between 1 and MaxChainLen.
func NewChain(n int, r io.Reader) (*Chain, error) {
	if n < 1 || n > MaxChainLen {
		return nil, fmt.Errorf("dice: chain length %d out of range 1..%d", n, MaxChainLen)
	}
	secret := make([]byte, SeedSize)
	if _, err := io.ReadFull(r, secret); err != nil {
		return nil, fmt.Errorf("dice: reading chain secret: %w", err)
	}
	return chainFrom(n, secret), nil
}

// chainFrom hashes secret down to the commitment.
func chainFrom(n int, secret []byte) *Chain {
	seeds := make([][]byte, n+1)
	seeds[n] = secret
	for i := n; i > 0; i-- {
		sum := sha256.Sum256(seeds[i])
		seeds[i-1] = sum[:]
	}
	return &Chain{seeds: seeds}
}

// Len is the number of turn seeds in the chain, N.
func (c *Chain) Len() int { return len(c.seeds) - 1 }

// Commitment is s_0 = SHA256^N(s_N), the value published in the welcome mail
// and game.yaml.
func (c *Chain) Commitment() []byte { return bytes.Clone(c.seeds[0]) }

// String shows the length and commitment only, so that a chain printed by
// mistake (a log line, a %v in an error) never leaks its seeds.
func (c Chain) String() string {
	if len(c.seeds) == 0 {
		return "dice.Chain{}"
	}
	return fmt.Sprintf("dice.Chain{len %d, commitment %x}", c.Len(), c.seeds[0])
}

// GoString is String, for %#v.
func (c Chain) GoString() string { return c.String() }

// Seed is s_i, the seed of turn i, for 1 <= i <= Len().
func (c *Chain) Seed(i int) ([]byte, error) {
	if i < 1 || i > c.Len() {
		return nil, fmt.Errorf("dice: turn seed %d out of range 1..%d", i, c.Len())
	}
	return bytes.Clone(c.seeds[i]), nil
}

// MarshalSecret is the text form of the chain for the GM's private secrets
// file: a comment, then "version:", "length:", "secret:" (s_N in hex) and
// "commitment:" (s_0 in hex, so that a damaged file is caught on reading).
func (c *Chain) MarshalSecret() []byte {
	var b bytes.Buffer
	b.WriteString("# pbem dice chain secret: keep out of the public archive\n")
	fmt.Fprintf(&b, "version: %s\n", chainVersion)
	fmt.Fprintf(&b, "length: %d\n", c.Len())
	fmt.Fprintf(&b, "secret: %x\n", c.seeds[c.Len()])
	fmt.Fprintf(&b, "commitment: %x\n", c.seeds[0])
	return b.Bytes()
}

// UnmarshalSecret reads the text written by MarshalSecret. Blank lines and
// lines starting with '#' are ignored; every other line is "key: value".
// Errors are *LineError values naming the line.
func UnmarshalSecret(data []byte) (*Chain, error) {
	const src = "chain secret"
	fail := func(line int, f string, args ...any) error {
		return &LineError{Source: src, Line: line, Msg: fmt.Sprintf(f, args...)}
	}
	var (
		version, length, secret, commitment string
		seen                                = map[string]int{} // key → line; lookups only
		n                                   int
		secretBytes                         []byte
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, ok := strings.Cut(text, ":")
		if !ok {
			return nil, fail(line, "want \"key: value\", got %q", text)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if prev, dup := seen[key]; dup {
			return nil, fail(line, "%s repeated (first on line %d)", key, prev)
		}
		seen[key] = line
		switch key {
		case "version":
			version = val
			if version != chainVersion {
				return nil, fail(line, "unknown version %q, want %q", val, chainVersion)
			}
		case "length":
			length = val
			v, err := strconv.Atoi(val)
			if err != nil || v < 1 || v > MaxChainLen {
				return nil, fail(line, "length %q is not a number in 1..%d", val, MaxChainLen)
			}
			n = v
		case "secret":
			secret = val
			b, err := decodeSeed(val)
			if err != nil {
				return nil, fail(line, "secret: %v", err)
			}
			secretBytes = b
		case "commitment":
			commitment = val
			if _, err := decodeSeed(val); err != nil {
				return nil, fail(line, "commitment: %v", err)
			}
		default:
			return nil, fail(line, "unknown key %q", key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("dice: reading %s: %w", src, err)
	}
	for _, k := range []struct{ name, val string }{
		{"version", version}, {"length", length}, {"secret", secret}, {"commitment", commitment},
	} {
		if k.val == "" {
			return nil, fail(0, "missing %s", k.name)
		}
	}
	c := chainFrom(n, secretBytes)
	want, _ := decodeSeed(commitment)
	if !bytes.Equal(c.seeds[0], want) {
		return nil, fail(seen["commitment"], "commitment %s does not match secret and length (they give %x)", commitment, c.seeds[0])
	}
	return c, nil
}

// decodeSeed decodes a hex seed of SeedSize bytes.
func decodeSeed(s string) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("not hex: %v", err)
	}
	if len(b) != SeedSize {
		return nil, fmt.Errorf("%d bytes, want %d", len(b), SeedSize)
	}
	return b, nil
}

// VerifyLink reports whether cur is the seed that follows prev in a chain,
// that is SHA256(cur) == prev. It needs no secret.
func VerifyLink(prev, cur []byte) bool {
	sum := sha256.Sum256(cur)
	return subtle.ConstantTimeCompare(sum[:], prev) == 1
}

// VerifySeed reports whether seed is the seed of turn i under commitment,
// that is SHA256^i(seed) == commitment. i must be between 0 and MaxChainLen
// (turn 0 "seed" is the commitment itself). It needs no secret.
func VerifySeed(commitment []byte, i int, seed []byte) bool {
	if i < 0 || i > MaxChainLen {
		return false
	}
	cur := seed
	for range i {
		sum := sha256.Sum256(cur)
		cur = sum[:]
	}
	return subtle.ConstantTimeCompare(cur, commitment) == 1
}
