package archive

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/orders"
)

// TestTokenErrorsTyped: a missing and a wrong token are refused with
// errors callers find by type (errors.Is orders.ErrNoToken, errors.As
// *orders.TokenError), not by matching their wording; other refusals are
// neither.
func TestTokenErrorsTyped(t *testing.T) {
	f := newGame(t)
	f.nmr() // the Welsh are due
	good := f.welshOrders("move 1 Powys > March")
	_, err := f.g.Submit("", strings.Replace(good, "token: "+f.token("Welsh")+"\n", "", 1), testTime)
	if !errors.Is(err, orders.ErrNoToken) {
		t.Errorf("no token: %v is not orders.ErrNoToken", err)
	}
	_, err = f.g.Submit("", strings.Replace(good, f.token("Welsh"), f.token("Brigantes"), 1), testTime)
	var te *orders.TokenError
	if !errors.As(err, &te) || te.Player != "Alice" || te.Nation != "Welsh" {
		t.Errorf("wrong token: %v holds no *orders.TokenError for Alice's Welsh", err)
	}
	if errors.Is(err, orders.ErrNoToken) {
		t.Errorf("wrong token: %v is orders.ErrNoToken", err)
	}
	_, err = f.g.Submit("", f.welshOrders("move 1 Powys > Marhc # token: none"), testTime)
	if err == nil || errors.Is(err, orders.ErrNoToken) || errors.As(err, &te) {
		t.Errorf("an unknown area: %v is a token problem", err)
	}
}

// TestGMFileWithEnd: a file the GM enters without a token is accepted as
// entered by the GM also when it ends with "end" or a signature (the token
// line used to be added after the point where reading stops, and the file
// was refused with `no "token:" line`); Check takes it too, and a token
// line before "end" is still the player's.
func TestGMFileWithEnd(t *testing.T) {
	f := newGame(t)
	f.nmr() // the Welsh are due
	noToken := strings.Replace(f.welshOrders("move 1 Powys > March"), "token: "+f.token("Welsh")+"\n", "", 1)
	for _, tail := range []string{"end\n", "END of orders\nthanks, see you next turn\n", "end\n-- \nAlice\n", "-- \nAlice\n"} {
		rc, err := f.g.Check(noToken + tail)
		if err != nil {
			t.Fatalf("check of a file ending %q: %v", tail, err)
		}
		if !rc.ByGM {
			t.Errorf("check of a file ending %q: not marked as entered by the GM", tail)
		}
	}
	rc, err := f.g.SubmitGM("", noToken+"end\n-- \nAlice\n", testTime)
	if err != nil {
		t.Fatalf("SubmitGM of a file ending with end: %v", err)
	}
	if !rc.ByGM || strings.Contains(rc.Orders, "end") || !strings.Contains(rc.Orders, "move 1 Powys > March") {
		t.Errorf("receipt %+v", rc)
	}
	rc, err = f.g.SubmitGM("", f.welshOrders("move 1 Powys > March")+"end\n", testTime)
	if err != nil || rc.ByGM {
		t.Errorf("a file with the player's token and end: %v, %+v", err, rc)
	}
	if _, err := f.g.SubmitGM("", strings.Replace(f.welshOrders("move 1 Powys > March"), f.token("Welsh"), "guess", 1)+"end\n", testTime); !errors.As(err, new(*orders.TokenError)) {
		t.Errorf("a GM file with a wrong token: %v", err)
	}
}
