package orders

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestNoToken: a missing or empty token line is an error that wraps
// ErrNoToken, found with errors.Is on the Errors, and nothing else is;
// errors.As finds a *TokenError the archive wraps, and a message that
// merely reads like one is neither.
func TestNoToken(t *testing.T) {
	const head = "game: g\nnation: Saxons\nturn: r05-saxons\n"
	tests := []struct {
		name, in string
		noToken  bool
		want     string
	}{
		{"no token line", head + "\nreinforce Wessex\n", true, `no "token:" line`},
		{"empty token line", head + "token:\n\nreinforce Wessex\n", true, `line 4: "token:" has no value`},
		{"the token after end", head + "\nreinforce Wessex\nend\ntoken: t\n", true, `no "token:" line`},
		{"a second token line", head + "token: t\ntoken: u\n", false, `line 5: a second "token:" line (the first is line 4)`},
		{"a spelling error", head + "token: t\n\nreinforce Wesex\n", false, `line 6: unknown area "Wesex"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errs := Decode(tc.in, redux)
			if errs == nil || !strings.Contains(errs.Error(), tc.want) {
				t.Fatalf("got %v, want %q", errs, tc.want)
			}
			if got := errors.Is(errs, ErrNoToken); got != tc.noToken {
				t.Errorf("errors.Is(errs, ErrNoToken) = %v", got)
			}
			wrapped := fmt.Errorf("orders refused: %w", errs)
			if got := errors.Is(wrapped, ErrNoToken); got != tc.noToken {
				t.Errorf("errors.Is(wrapped, ErrNoToken) = %v", got)
			}
		})
	}
	wrong := Errors{{Msg: "unknown area"}, {Msg: (&TokenError{Player: "Bob", Nation: "Saxons"}).Error(), Err: &TokenError{Player: "Bob", Nation: "Saxons"}}}
	var te *TokenError
	if !errors.As(fmt.Errorf("x: %w", wrong), &te) || te.Player != "Bob" {
		t.Errorf("errors.As does not find the *TokenError in %v", wrong)
	}
	if got, want := wrong[1].Error(), "the token is not Bob's token (the Saxons are Bob's)"; got != want {
		t.Errorf("TokenError %q, want %q", got, want)
	}
	if lookalike := (Errors{{Msg: "the token is not Bob's token"}, {Msg: `no "token:" line`}}); errors.As(lookalike, &te) || errors.Is(lookalike, ErrNoToken) {
		t.Error("a message was taken for the condition")
	}
}

// TestTokenOptional: with Options.TokenOptional a file without a token
// line is read, also when it ends with "end" or a signature (the GM's
// file, entered on a player's behalf, which the archive used to decode
// with a token line added after the point where reading stops); a token
// line is still read, and an empty one is still an error.
func TestTokenOptional(t *testing.T) {
	const head = "game: g\nnation: Saxons\nturn: r05-saxons\n"
	want := []Statement{Reinforce{Area: area(t, "Wessex")}}
	for _, in := range []string{
		head + "\nreinforce Wessex\n",
		head + "\nreinforce Wessex\nend\n",
		head + "\nreinforce Wessex\nEND of orders\nCheers, Bob\n",
		head + "\nreinforce Wessex\n-- \nBob\nSent from my phone\n",
		"Bob's post:\n[code]\n" + head + "reinforce Wessex\n[/code]\nend\n",
	} {
		f, errs := DecodeWith(in, redux, Options{TokenOptional: true})
		if errs != nil {
			t.Errorf("%q: %v", in, errs)
			continue
		}
		if f.Token != "" || !reflect.DeepEqual(noLines(f.Body), want) {
			t.Errorf("%q: token %q, body %#v", in, f.Token, f.Body)
		}
		if _, errs := Decode(in, redux); !errors.Is(errs, ErrNoToken) {
			t.Errorf("%q: Decode without the option: %v", in, errs)
		}
	}
	f, errs := DecodeWith(head+"token: s3cr3t\n\nreinforce Wessex\nend\n", redux, Options{TokenOptional: true})
	if errs != nil || f.Token != "s3cr3t" {
		t.Errorf("a token line with the option: %v %+v", errs, f)
	}
	if _, errs := DecodeWith(head+"token:\n", redux, Options{TokenOptional: true}); !errors.Is(errs, ErrNoToken) {
		t.Errorf("an empty token line with the option: %v", errs)
	}
}

// TestEveryErrorAtOnce: spelling, header and token errors of one file come
// in one answer, in line order, file-wide ones first; the token problem
// hides nothing.
func TestEveryErrorAtOnce(t *testing.T) {
	in := "move 2 York > Bernicia\n" + // line 1: before the header
		"game: g\nnation: Saxon\nturn: r05-angles\n\n" + // line 4: the Angles' turn
		"mvoe 2 York > Bernicia\n" + // line 6
		"battles Kentt\n" + // line 7
		"defend York: hold\ndefend York: retreat\n" // line 9: a second defend York
	_, errs := Decode(in, redux)
	want := []string{
		`no "token:" line`,
		`line 1: "move 2 York > Bernicia" is before the header`,
		`line 4: turn "r05-angles" is the Angles turn, but the file is for the Saxons`,
		`line 6: "mvoe" is not a keyword`,
		`line 7: unknown area "Kentt"`,
		`line 9: a second "defend York" (the first is line 8)`,
	}
	if len(errs) != len(want) {
		t.Fatalf("%d errors, want %d:\n%v", len(errs), len(want), errs)
	}
	for i, e := range errs {
		if !strings.HasPrefix(e.Error(), want[i]) {
			t.Errorf("error %d: %q, want %q", i, e.Error(), want[i])
		}
	}
}

// TestDecodePartial: with Options.Partial the File comes with the errors
// and holds what was understood: good header values and the statements of
// the lines without errors (not a repeated statement, not a move line in
// standing orders), so a checker can report its errors in the same answer.
func TestDecodePartial(t *testing.T) {
	in := testHeader + "reinforce Wessex\nmove 2 Yrok > Bernicia\nmove 2 York > Bernicia\nreinforce Kent\nphase 2:\n  battles Yrok\n  battles York\n"
	f, errs := DecodeWith(in, redux, Options{Partial: true})
	if len(errs) != 3 || f == nil {
		t.Fatalf("got %v and %v, want 3 errors and a File", errs, f)
	}
	want := &File{Game: "ashdown", Nation: "Saxons", Turn: "r05-saxons", Token: "7f3a-91c2", Body: []Statement{
		Reinforce{Area: area(t, "Wessex")},
		Move{N: 2, Path: areas(t, "York", "Bernicia")},
		Phase{N: 2, Body: []Statement{Battles{Areas: areas(t, "York")}}},
	}}
	if got := fileNoLines(f); !reflect.DeepEqual(got, want) {
		t.Errorf("partial file\n got %s\nwant %s", Encode(got, redux), Encode(want, redux))
	}
	if g, _ := Decode(in, redux); g != nil {
		t.Error("Decode without the option gave a File with errors")
	}

	f, errs = DecodeWith("game: g\nnation: Saxen\nturn: r05-saxons\n\nbattles York\n", redux, Options{Partial: true, TokenOptional: true})
	if len(errs) != 1 || f == nil || f.Nation != "" || f.Game != "g" || len(f.Body) != 1 {
		t.Errorf("a bad nation: %v %+v", errs, f)
	}
	f, errs = DecodeWith(standingHeader+"defend York: hold\nmove 2 York > Bernicia\ndefend *: retreat\n", redux, Options{Partial: true})
	if len(errs) != 1 || f == nil || len(f.Body) != 2 {
		t.Fatalf("standing orders with a move: %v %+v", errs, f)
	}
	for _, s := range f.Body {
		if _, ok := s.(Defend); !ok {
			t.Errorf("partial standing orders hold %s", EncodeStatement(s, redux))
		}
	}
}
