package templates

import (
	"errors"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// TestOrdersTemplateCitesItsRules checks the citations of the players'
// orders templates over the first rounds of a bot game: a reduX game's cite
// reduX Core (5.1, 6, 7: its section titles), and a classic Britannia
// game's cite no reduX section (seeds 002 and 004 number theirs otherwise;
// the e2e test TestWholeGameByMail found "Movement (reduX Core 6)" in the
// "your turn" mails of a britannia game).
func TestOrdersTemplateCitesItsRules(t *testing.T) {
	stop := errors.New("enough steps")
	for _, ruleset := range []string{"redux", "britannia"} {
		g := games.MustLoad(ruleset)
		e := rulesets.New(g)
		e.Players = 4
		templates := 0
		_, err := bot.Play(e, 5, func(st bot.Step) error {
			text := OrdersTemplate(e, st.After, Header{Game: "cite"})
			if text == "" { // no nation turn is due after this step
				return nil
			}
			templates++
			if !strings.Contains(text, "Movement") {
				t.Errorf("%s %s: the orders template has no Movement section:\n%s", ruleset, st.ID, text)
			}
			if got, want := strings.Contains(text, "reduX"), ruleset == "redux"; got != want {
				t.Errorf("%s %s: the orders template cites reduX: %v, want %v:\n%s", ruleset, st.ID, got, want, text)
			}
			if templates == 12 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) {
			t.Fatalf("%s: the bot game ended after %d steps: %v", ruleset, templates, err)
		}
	}
}
