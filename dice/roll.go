package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"slices"
	"strconv"
	"strings"
)

// Version is the dice-spec version tag, the first field of every HMAC message
// (docs/dice.md "The message"). game.yaml records it.
const Version = "pbem-dice-v1"

// Label names one die inside a nation turn or round event. Its fields go into
// the HMAC message, so one battle's dice never shift another's.
type Label struct {
	Phase  string // e.g. "battle", "event", "invasion"
	Battle int    // battle number within the phase, 1-based (0 when not a battle)
	Round  int    // battle round, 1-based (0 when not a battle)
	Side   string // "attacker" / "defender" / ""
	Unit   string // unit type: "infantry", "cavalry", ""
	Die    int    // die index within (phase, battle, round, side, unit), 0-based
}

// String is the label in words, for reports and errors, e.g.
// "battle 2 round 1 attacker infantry die 0" or "invasion battle 1 round 2
// defender die 0".
func (l Label) String() string {
	parts := []string{l.Phase}
	if l.Phase == "" {
		parts[0] = "(no phase)"
	}
	switch {
	case l.Battle != 0 && l.Phase == "battle":
		parts[0] = "battle " + strconv.Itoa(l.Battle)
	case l.Battle != 0:
		parts = append(parts, "battle "+strconv.Itoa(l.Battle))
	}
	if l.Round != 0 {
		parts = append(parts, "round "+strconv.Itoa(l.Round))
	}
	if l.Side != "" {
		parts = append(parts, l.Side)
	}
	if l.Unit != "" {
		parts = append(parts, l.Unit)
	}
	parts = append(parts, "die "+strconv.Itoa(l.Die))
	return strings.Join(parts, " ")
}

// Entry is one die of a dice log: its label and the value rolled.
type Entry struct {
	Label Label
	Value int
}

// Roller is what the engine takes to roll a d6 (1..6) for a labelled die.
// *Turn and *Script implement it.
type Roller interface {
	Roll(l Label) int
}

// Turn derives the dice of one nation turn or round event and logs them in
// the order rolled. It is not safe for concurrent use.
type Turn struct {
	turn   string    // turn id, for errors
	mac    hash.Hash // HMAC-SHA256 keyed with the turn seed
	prefix []byte    // fields: version, game, turn
	suffix []byte    // fields: hex(inputDigest), salts
	buf    []byte    // message scratch space
	sum    []byte    // HMAC output scratch space
	log    []Entry
	seen   map[Label]int // label → 1-based roll number; lookups only
	err    error
}

// NewTurn starts the dice of one turn. seed is the turn's chain seed s_i;
// game and turn are the stable ids (e.g. "r07-saxons"); inputDigest is the
// digest of the turn's inputs (docs/design.md §2), or of the previous turn's inputs
// for dice rolled before orders exist; salts are the players' salt: lines,
// used in the order given, which is the canonical order the archive stores
// (see CanonicalSalts). A seed that is not SeedSize bytes long is a caller
// bug: the dice still roll, and Err reports it.
func NewTurn(seed []byte, game, turn string, inputDigest []byte, salts []string) *Turn {
	t := &Turn{mac: hmac.New(sha256.New, seed), turn: turn, seen: make(map[Label]int)}
	if len(seed) != SeedSize {
		t.err = fmt.Errorf("dice: turn %s: seed is %d bytes, want %d", turn, len(seed), SeedSize)
	}
	t.prefix = appendField(nil, Version)
	t.prefix = appendField(t.prefix, game)
	t.prefix = appendField(t.prefix, turn)
	t.suffix = appendField(nil, hex.EncodeToString(inputDigest))
	for _, s := range salts {
		t.suffix = appendField(t.suffix, s)
	}
	return t
}

// Roll derives the die named by l (see Derive) and appends it to the log.
// Rolling a label a second time gives the same value again, which is an
// engine bug; Roll records it for Err.
func (t *Turn) Roll(l Label) int {
	v := t.derive(l)
	t.log = append(t.log, Entry{Label: l, Value: v})
	if err := noteLabel(t.seen, t.turn, len(t.log), l); err != nil && t.err == nil {
		t.err = err
	}
	return v
}

// Err is the first error met, or nil: a seed of the wrong size, or a
// *DuplicateLabelError if the engine named two dice alike. The engine should refuse to archive a
// turn whose dice have an error.
func (t *Turn) Err() error { return t.err }

// noteLabel records that roll seq (1-based) of turn has label l, and returns
// a *DuplicateLabelError if an earlier roll had it.
func noteLabel(seen map[Label]int, turn string, seq int, l Label) error {
	if first, dup := seen[l]; dup {
		return &DuplicateLabelError{Turn: turn, Label: l, First: first, Seq: seq}
	}
	seen[l] = seq
	return nil
}

// Log is a copy of the dice rolled so far, in order.
func (t *Turn) Log() []Entry {
	return append([]Entry(nil), t.log...)
}

// derive computes one die without logging it.
func (t *Turn) derive(l Label) int {
	return pickD6(func(n uint64) []byte { return t.block(l, n) })
}

// block is HMAC block n of the die named by l: HMAC-SHA256 keyed with the
// seed over the fields of docs/dice.md "The message". The result is only
// valid until the next call.
func (t *Turn) block(l Label, n uint64) []byte {
	msg := append(t.buf[:0], t.prefix...)
	msg = appendField(msg, l.Phase)
	msg = appendField(msg, strconv.Itoa(l.Battle))
	msg = appendField(msg, strconv.Itoa(l.Round))
	msg = appendField(msg, l.Side)
	msg = appendField(msg, l.Unit)
	msg = appendField(msg, strconv.Itoa(l.Die))
	msg = append(msg, t.suffix...)
	msg = appendField(msg, strconv.FormatUint(n, 10))
	t.buf = msg
	t.mac.Reset()
	t.mac.Write(msg)
	t.sum = t.mac.Sum(t.sum[:0])
	return t.sum
}

// Derive is the pure function behind Turn.Roll (docs/dice.md "The message"):
// the die is HMAC-SHA256 keyed with seed over the length-prefixed fields
// Version, game, turn, l.Phase, l.Battle, l.Round, l.Side, l.Unit, l.Die,
// hex(inputDigest), each salt in the order given, and a block counter,
// reduced to 1..6 by rejection sampling (pickD6).
func Derive(seed []byte, game, turn string, inputDigest []byte, salts []string, l Label) int {
	return NewTurn(seed, game, turn, inputDigest, salts).derive(l)
}

// appendField appends s as one field: its length as a big-endian uint32,
// then its bytes. Fields longer than 4 GiB cannot occur (they are ids,
// labels, hex digests and salt lines).
func appendField(b []byte, s string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
	return append(b, s...)
}

// pickD6 turns HMAC blocks into an unbiased d6 by rejection sampling: the
// first byte b < 252 of block 0, 1, 2, ... gives b%6 + 1. 252 is the largest
// multiple of 6 not above 256, so each face has exactly 42 accepting bytes.
func pickD6(block func(n uint64) []byte) int {
	for n := uint64(0); ; n++ {
		for _, b := range block(n) {
			if b < 252 {
				return int(b%6) + 1
			}
		}
	}
}

// CanonicalSalts is the order in which the archive stores a turn's salts and
// passes them to NewTurn: sorted by bytes, duplicates kept. Sorting makes the
// dice independent of the order in which salts arrived.
func CanonicalSalts(salts []string) []string {
	out := slices.Clone(salts)
	slices.Sort(out)
	return out
}

// MismatchError says a die in a dice log is not the one the seed gives.
type MismatchError struct {
	Turn    string // turn id
	Seq     int    // 1-based position in the log, the seq= of its line
	Label   Label
	Logged  int // value in the log
	Derived int // value Derive gives
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("dice: turn %s roll %d (%s): log says %d, derived %d", e.Turn, e.Seq, e.Label, e.Logged, e.Derived)
}

// DuplicateLabelError says two dice of one turn have the same label, and so
// the same value: the engine must number battles, rounds and dice so that
// every die of a turn has its own label (docs/dice.md "Labels").
type DuplicateLabelError struct {
	Turn  string // turn id
	Label Label
	First int // 1-based roll number of the first die with this label
	Seq   int // 1-based roll number of the die that repeats it
}

func (e *DuplicateLabelError) Error() string {
	return fmt.Sprintf("dice: turn %s roll %d (%s): same label as roll %d; every die needs its own label", e.Turn, e.Seq, e.Label, e.First)
}

// CheckLog re-derives every die of a turn's log and returns a *MismatchError
// for the first that differs, or a *DuplicateLabelError if two dice share a
// label. This is what `pbem verify` runs for each turn,
// after checking the turn's seed against the commitment (VerifySeed); it needs
// no secret.
func CheckLog(seed []byte, game, turn string, inputDigest []byte, salts []string, entries []Entry) error {
	t := NewTurn(seed, game, turn, inputDigest, salts)
	if t.err != nil {
		return t.err
	}
	seen := make(map[Label]int, len(entries))
	for i, e := range entries {
		if err := noteLabel(seen, turn, i+1, e.Label); err != nil {
			return err
		}
		if got := t.derive(e.Label); got != e.Value {
			return &MismatchError{Turn: turn, Seq: i + 1, Label: e.Label, Logged: e.Value, Derived: got}
		}
	}
	return nil
}
