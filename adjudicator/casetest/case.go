// Package casetest reads and runs the numbered rules cases of every ruleset
// (after godip's DATC cases; docs/design.md §7): one file per rule clause under
// adjudicator/testdata/<ruleset>/, each a position, the orders, the scripted
// dice and the result worked out by hand from the rules text. The format is
// documented in adjudicator/testdata/README.md.
//
// The runner knows the kernel's position (units by kind, leaders,
// population, victory points, turn order); a ruleset's own part of the
// position (State.Ext) is read and checked by a Part that the ruleset's tests
// register under its name. The ruleset of a case is the name of its
// directory, so a new ruleset adds cases without touching the runner.
package casetest

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
)

// Line is one line of a case file: its number and its text without the
// comment. In a block the block's indentation is removed and any deeper
// indentation kept (an orders block's "phase 2:" lines).
type Line struct {
	N    int
	Text string
}

// Case is one case file.
type Case struct {
	// Path is the file as given to Read; messages start with it.
	Path string
	// Header holds the "key: value" lines given once (cite, why, round...).
	Header map[string]Line
	// Blocks holds the "key:" blocks of indented lines, and dice: lines.
	Blocks map[string][]Line
	// Arrive holds the arrive: lines, in order.
	Arrive []Line

	keyAt map[string]int // the line of each key, for messages
}

// Kinds of case.
const (
	Turn     = "turn"      // Engine.NationTurn, after the orders pass Engine.Review
	Check    = "check"     // Engine.Review only: the errors: expected
	EndRound = "end-round" // Engine.RoundEventInput, with seats: (Hy Breasil 10.1)
	Ask      = "ask"       // Engine.PlayAsked: a step the nation due may ask for, by its word (ask:)
)

var (
	headerKeys = map[string]bool{"cite": true, "why": true, "kind": true, "round": true, "nation": true, "next": true, "players": true, "options": true, "legal": true, "engine": true, "seats": true, "ask": true}
	blockKeys  = map[string]bool{"state": true, "standing": true, "orders": true, "dice": true, "expect": true, "events": true, "errors": true, "warnings": true, "defaults": true}
	keyLine    = regexp.MustCompile(`^([a-z]+):\s*(.*)$`)
)

// Read reads a case file: "key: value" lines and "key:" blocks of indented
// lines, keys at column 0; "#" starts a comment anywhere. Every error names
// the file and the line.
func Read(path string) (*Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := &Case{Path: path, Header: map[string]Line{}, Blocks: map[string][]Line{}, keyAt: map[string]int{}}
	r := reader{c: c}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if err := r.line(n, sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, c.validate()
}

// reader is the state of Read between lines: the block being read and its
// indentation.
type reader struct {
	c      *Case
	block  string
	indent string
}

func (r *reader) errorf(n int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", r.c.Path, n, fmt.Sprintf(format, args...))
}

func (r *reader) line(n int, raw string) error {
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	raw = strings.TrimRight(raw, " \t")
	if raw == "" {
		return nil
	}
	if raw[0] == ' ' || raw[0] == '\t' {
		return r.blockLine(n, raw)
	}
	m := keyLine.FindStringSubmatch(raw)
	if m == nil {
		return r.errorf(n, "want \"key: value\" or \"key:\" and an indented block, got %q", raw)
	}
	key, val := m[1], strings.TrimSpace(m[2])
	r.block = ""
	if _, ok := r.c.keyAt[key]; !ok {
		r.c.keyAt[key] = n
	}
	switch {
	case key == "arrive":
		r.c.Arrive = append(r.c.Arrive, Line{n, val})
	case key == "dice" && val != "":
		r.c.Blocks["dice"] = append(r.c.Blocks["dice"], Line{n, val})
	case blockKeys[key] && val == "":
		if _, dup := r.c.Blocks[key]; dup {
			return r.errorf(n, "a second %s: block", key)
		}
		r.c.Blocks[key] = []Line{}
		r.block, r.indent = key, ""
	case headerKeys[key]:
		if val == "" {
			return r.errorf(n, "%s: has no value", key)
		}
		if prev, dup := r.c.Header[key]; dup {
			return r.errorf(n, "%s: given twice (first on line %d)", key, prev.N)
		}
		r.c.Header[key] = Line{n, val}
	case blockKeys[key]:
		return r.errorf(n, "%s: is a block: put its lines on the lines below, indented", key)
	default:
		return r.errorf(n, "unknown key %q", key)
	}
	return nil
}

// blockLine adds an indented line to the current block, without the
// block's indentation (that of its first line).
func (r *reader) blockLine(n int, raw string) error {
	if r.block == "" {
		return r.errorf(n, "indented line outside a block")
	}
	if r.indent == "" {
		r.indent = raw[:len(raw)-len(strings.TrimLeft(raw, " \t"))]
	}
	text, ok := strings.CutPrefix(raw, r.indent)
	if !ok {
		return r.errorf(n, "this line is indented less than the first line of the %s: block, or with other white space", r.block)
	}
	r.c.Blocks[r.block] = append(r.c.Blocks[r.block], Line{n, text})
	return nil
}

// validate checks what a case needs for its kind.
func (c *Case) validate() error {
	for _, k := range []string{"cite", "why", "round"} {
		if _, ok := c.Header[k]; !ok {
			return fmt.Errorf("%s: missing %s:", c.Path, k)
		}
	}
	kind := c.Kind()
	only := func(key string, kinds ...string) error {
		if _, ok := c.Blocks[key]; ok && !slices.Contains(kinds, kind) {
			return fmt.Errorf("%s:%d: %s: does not apply to kind: %s", c.Path, c.keyAt[key], key, kind)
		}
		return nil
	}
	if l, ok := c.Header["seats"]; ok && kind != EndRound {
		return fmt.Errorf("%s:%d: seats: applies to kind: end-round only", c.Path, l.N)
	}
	if l, ok := c.Header["ask"]; ok && kind != Ask {
		return fmt.Errorf("%s:%d: ask: applies to kind: ask only", c.Path, l.N)
	}
	switch kind {
	case Turn, Check, Ask:
		if _, ok := c.Header["nation"]; !ok {
			return fmt.Errorf("%s: kind: %s needs nation:", c.Path, kind)
		}
	case EndRound:
		if l, ok := c.Header["nation"]; ok {
			return fmt.Errorf("%s:%d: nation: does not apply to kind: end-round", c.Path, l.N)
		}
	default:
		return fmt.Errorf("%s:%d: kind: is turn, check, end-round or ask, not %q", c.Path, c.Header["kind"].N, kind)
	}
	for _, err := range []error{only("orders", Turn, Check), only("standing", Turn, Check), only("errors", Check), only("warnings", Turn, Check), only("defaults", Turn, Check), only("dice", Turn, EndRound, Ask), only("expect", Turn, EndRound, Ask), only("events", Turn, EndRound, Ask)} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Kind is the case's kind: turn (the default), check or end-round.
func (c *Case) Kind() string {
	if l, ok := c.Header["kind"]; ok {
		return l.Text
	}
	return Turn
}
