// Package dice rolls dice that nobody can steer, not even the GM
// (docs/design.md §3; the normative spec is docs/dice.md).
//
// A game commits once, at creation, to a hash chain: a secret s_N drawn from
// crypto/rand, s_{i-1} = SHA256(s_i), and the published commitment
// s_0 = SHA256^N(s_N). Turn i (1-based: each nation turn and round event in
// order) uses s_i, which is revealed in its report; anyone checks
// SHA256(s_i) == s_{i-1}. Each die is then a pure function of that seed, the
// game and turn ids, the die's Label, the digest of the turn's inputs and any
// player salts (Derive), so a dice log in the public archive can be
// re-derived without any secret.
//
// The engine takes a Roller: a *Turn in production, a *Script in tests.
package dice
