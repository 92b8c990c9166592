package archive

import (
	"errors"
	"strings"
	"testing"
)

// TestOneAnswer: a file is refused with every error it has, in line order
// (issue 10: a token problem hid the rule errors, and errors came in
// waves): the wrong game, the wrong token and the rule errors of lines 8
// and 9 come together, in line order, the header's on their own lines
// (issue 21: every error names its line).
func TestOneAnswer(t *testing.T) {
	f := newGame(t)
	f.nmr() // the Welsh are due
	text := f.welshOrders("move 1 Powys > Kent\nmove 9 Gwynedd > Clwyd")
	text = strings.Replace(text, f.token("Welsh"), f.token("Brigantes"), 1)
	text = strings.Replace(text, "game: ashdown", "game: hastings", 1)
	_, err := f.g.Submit("", text, testTime)
	var rej *RejectedError
	if !errors.As(err, &rej) {
		t.Fatalf("err = %v, want a *RejectedError", err)
	}
	want := []struct {
		line int
		text string
	}{{2, `for game "hastings"`}, {5, "the token is not Alice's token"}, {8, "not adjacent"}, {9, "not 9"}}
	if len(rej.Errors) != len(want) {
		t.Fatalf("%d errors, want %d:\n%v", len(rej.Errors), len(want), rej)
	}
	for i, w := range want {
		if e := rej.Errors[i]; e.Line != w.line || !strings.Contains(e.Msg, w.text) {
			t.Errorf("error %d: %v, want line %d with %q", i, e, w.line, w.text)
		}
	}
}

// TestReceiptDefaults: the receipt of turn orders lists the Decisions the
// file leaves to their defaults and warns of lines that can never apply,
// for the acknowledgement (docs/orders.md).
func TestReceiptDefaults(t *testing.T) {
	f := newGame(t)
	f.nmr() // the Welsh are due: 9 armies in 9 areas, 13 population points
	rc, err := f.g.Check(f.welshOrders("move 1 Powys > March"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range rc.Defaults {
		got = append(got, d.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"new armies placed by default", "in March your armies fight on until one side is gone"} {
		if !strings.Contains(all, want) {
			t.Errorf("defaults lack %q:\n%s", want, all)
		}
	}
	if len(rc.Warnings) != 0 {
		t.Errorf("warnings %v, want none", rc.Warnings)
	}
}
