package dice

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixedSecret is 00 01 02 … 1f, the secret of the docs/dice.md chain vector.
func fixedSecret() []byte {
	b := make([]byte, SeedSize)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// sha256n hashes b n times, independently of the Chain code.
func sha256n(b []byte, n int) []byte {
	for range n {
		s := sha256.Sum256(b)
		b = s[:]
	}
	return b
}

func TestChainLinksVerify(t *testing.T) {
	for _, n := range []int{1, 2, 3, 17} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			secret := fixedSecret()
			c, err := NewChain(n, bytes.NewReader(secret))
			require.NoError(t, err)
			assert.Equal(t, n, c.Len())
			assert.Equal(t, sha256n(secret, n), c.Commitment())

			last, err := c.Seed(n)
			require.NoError(t, err)
			assert.Equal(t, secret, last, "s_N is the secret")

			prev := c.Commitment()
			for i := 1; i <= n; i++ {
				s, err := c.Seed(i)
				require.NoError(t, err)
				assert.Len(t, s, SeedSize)
				assert.True(t, VerifyLink(prev, s), "link %d", i)
				assert.True(t, VerifySeed(c.Commitment(), i, s), "seed %d", i)
				assert.Equal(t, sha256n(secret, n-i), s, "s_%d", i)
				prev = s
			}
			assert.True(t, VerifySeed(c.Commitment(), 0, c.Commitment()), "turn 0 is the commitment")
		})
	}
}

func TestChainTamperedSeedFails(t *testing.T) {
	c, err := NewChain(5, bytes.NewReader(fixedSecret()))
	require.NoError(t, err)
	s2, err := c.Seed(2)
	require.NoError(t, err)
	s1, err := c.Seed(1)
	require.NoError(t, err)
	s3, err := c.Seed(3)
	require.NoError(t, err)

	for bit := range SeedSize * 8 {
		bad := bytes.Clone(s2)
		bad[bit/8] ^= 1 << (bit % 8)
		require.False(t, VerifyLink(s1, bad), "bit %d flipped", bit)
		require.False(t, VerifySeed(c.Commitment(), 2, bad), "bit %d flipped", bit)
	}
	tests := []struct {
		name string
		i    int
		seed []byte
	}{
		{"seed of another turn", 1, s2},
		{"seed of another turn, later", 3, s2},
		{"next turn's seed as link", 2, s3},
		{"negative turn", -1, s2},
		{"beyond MaxChainLen", MaxChainLen + 1, s2},
		{"short seed", 2, s2[:31]},
		{"empty seed", 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.False(t, VerifySeed(c.Commitment(), tc.i, tc.seed))
		})
	}
	assert.False(t, VerifyLink(s1, s3), "skipping a link")
	assert.False(t, VerifyLink(s2, s1), "links run backwards")
	assert.False(t, VerifyLink(nil, s1), "empty prev")
}

func TestChainSeedOutOfRange(t *testing.T) {
	c, err := NewChain(3, bytes.NewReader(fixedSecret()))
	require.NoError(t, err)
	for _, i := range []int{-1, 0, 4, 1000} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s, err := c.Seed(i)
			assert.Nil(t, s)
			assert.ErrorContains(t, err, "out of range 1..3")
		})
	}
}

func TestNewChainErrors(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		r       io.Reader
		wantErr string
	}{
		{"zero length", 0, bytes.NewReader(fixedSecret()), "chain length 0 out of range"},
		{"negative length", -4, bytes.NewReader(fixedSecret()), "out of range"},
		{"too long", MaxChainLen + 1, bytes.NewReader(fixedSecret()), "out of range"},
		{"short reader", 3, bytes.NewReader(make([]byte, 7)), "reading chain secret"},
		{"empty reader", 3, bytes.NewReader(nil), "reading chain secret"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewChain(tc.n, tc.r)
			assert.Nil(t, c)
			assert.ErrorContains(t, err, tc.wantErr)
		})
	}
}

func TestChainFromCryptoRand(t *testing.T) {
	a, err := NewChain(3, rand.Reader)
	require.NoError(t, err)
	b, err := NewChain(3, rand.Reader)
	require.NoError(t, err)
	assert.NotEqual(t, a.Commitment(), b.Commitment(), "two games share a commitment")
}

func TestChainReturnsCopies(t *testing.T) {
	c, err := NewChain(2, bytes.NewReader(fixedSecret()))
	require.NoError(t, err)
	s, err := c.Seed(1)
	require.NoError(t, err)
	s[0] ^= 0xff
	com := c.Commitment()
	com[0] ^= 0xff
	s1, err := c.Seed(1)
	require.NoError(t, err)
	assert.True(t, VerifyLink(c.Commitment(), s1), "caller's edits reached the chain")
}

func TestChainDoesNotLeakWhenPrinted(t *testing.T) {
	c, err := NewChain(3, bytes.NewReader(fixedSecret()))
	require.NoError(t, err)
	var secrets []string
	for i := 1; i <= 3; i++ {
		s, err := c.Seed(i)
		require.NoError(t, err)
		secrets = append(secrets, hex.EncodeToString(s), fmt.Sprint(s))
	}
	js, err := json.Marshal(c)
	require.NoError(t, err)
	outs := []struct{ how, out string }{
		{"%v", fmt.Sprintf("%v", c)}, {"%+v", fmt.Sprintf("%+v", c)}, {"%#v", fmt.Sprintf("%#v", c)},
		{"%s", fmt.Sprintf("%s", c)}, {"%x", fmt.Sprintf("%x", c)}, {"%v of value", fmt.Sprintf("%v", *c)},
		{"json", string(js)},
	}
	for _, o := range outs {
		for _, s := range secrets {
			assert.NotContains(t, o.out, s, "%s leaks a seed", o.how)
		}
	}
	assert.Contains(t, c.String(), hex.EncodeToString(c.Commitment()))
}

func TestSecretRoundTrip(t *testing.T) {
	c, err := NewChain(40, rand.Reader)
	require.NoError(t, err)
	text := c.MarshalSecret()
	assert.True(t, bytes.HasPrefix(text, []byte("# ")), "starts with a warning comment")
	d, err := UnmarshalSecret(text)
	require.NoError(t, err)
	assert.Equal(t, c.Len(), d.Len())
	assert.Equal(t, c.Commitment(), d.Commitment())
	for i := 1; i <= c.Len(); i++ {
		a, _ := c.Seed(i)
		b, _ := d.Seed(i)
		require.Equal(t, a, b, "seed %d", i)
	}
	// Comments, blank lines, CRLF and upper-case hex are read too.
	loose := "\r\n# mine\r\n" + strings.ReplaceAll(strings.ToUpper(string(text)), "\n", "\r\n")
	loose = strings.NewReplacer("VERSION", "version", "LENGTH", "length", "SECRET", "secret",
		"COMMITMENT", "commitment", "PBEM-DICE-CHAIN-V1", chainVersion).Replace(loose)
	d, err = UnmarshalSecret([]byte(loose))
	require.NoError(t, err)
	assert.Equal(t, c.Commitment(), d.Commitment())
}

func TestUnmarshalSecretErrors(t *testing.T) {
	good := testChain(t, 3)
	com := hex.EncodeToString(good.Commitment())
	sec := hex.EncodeToString(fixedSecret())
	doc := func(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
	tests := []struct {
		name     string
		text     string
		wantLine int
		wantMsg  string
	}{
		{"empty", "", 0, "missing version"},
		{"no colon", doc("version: "+chainVersion, "length 3"), 2, `want "key: value"`},
		{"unknown version", doc("version: pbem-dice-chain-v9"), 1, "unknown version"},
		{"unknown key", doc("version: "+chainVersion, "salt: x"), 2, `unknown key "salt"`},
		{"repeated key", doc("version: "+chainVersion, "length: 3", "length: 3"), 3, "repeated (first on line 2)"},
		{"length not a number", doc("length: three"), 1, "not a number"},
		{"length zero", doc("length: 0"), 1, "not a number in 1.."},
		{"length too big", doc(fmt.Sprintf("length: %d", MaxChainLen+1)), 1, "not a number in 1.."},
		{"secret not hex", doc("version: "+chainVersion, "length: 3", "secret: zz"), 3, "secret: not hex"},
		{"secret too short", doc("length: 3", "secret: "+sec[:62]), 2, "secret: 31 bytes, want 32"},
		{"commitment too long", doc("commitment: " + com + "00"), 1, "commitment: 33 bytes"},
		{"missing commitment", doc("version: "+chainVersion, "length: 3", "secret: "+sec), 0, "missing commitment"},
		{"missing secret", doc("version: "+chainVersion, "length: 3", "commitment: "+com), 0, "missing secret"},
		{"wrong length", doc("version: "+chainVersion, "length: 2", "secret: "+sec, "# x", "commitment: "+com), 5, "does not match"},
		{"wrong secret", doc("version: "+chainVersion, "length: 3", "secret: "+com, "commitment: "+com), 4, "does not match"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := UnmarshalSecret([]byte(tc.text))
			assert.Nil(t, c)
			var le *LineError
			require.True(t, errors.As(err, &le), "want a *LineError, got %v", err)
			assert.Equal(t, "chain secret", le.Source)
			assert.Equal(t, tc.wantLine, le.Line, "line of %v", err)
			assert.Contains(t, le.Msg, tc.wantMsg)
			if tc.wantLine > 0 {
				assert.Contains(t, err.Error(), fmt.Sprintf("line %d:", tc.wantLine))
			}
		})
	}
}

// testChain is the chain of fixedSecret with n seeds.
func testChain(t testing.TB, n int) *Chain {
	t.Helper()
	c, err := NewChain(n, bytes.NewReader(fixedSecret()))
	require.NoError(t, err)
	return c
}
