package templates

import (
	"strings"
	"testing"
)

// TestScoresTextLeftFits: the score table of continuous play (Hy Breasil
// 10.3) keeps to the report width with a player who left ("12.50 (left)")
// and a player of six nations: no line of it is re-wrapped by fit, which
// ran its columns together ("Red (Player 1) 105 0 7 15.00 (left)").
func TestScoresTextLeftFits(t *testing.T) {
	r := &Report{PlayersScore: true, Players: []Seat{
		{Seat: 1, Name: "Player 1", Colour: "red", VP: 105, Turns: 7, Out: true},
		{Seat: 2, Name: "Player 2", Colour: "blue", VP: 83, Turns: 8, Nations: []string{"Star", "Moon", "Tower", "Ship", "Raven", "Rose"}},
		{Seat: 3, Name: "Player 3", Colour: "green", VP: 50, Turns: 6, Out: true},
		{Seat: 4, Name: "Player 4", Colour: "orange", VP: 47, Turns: 8, Nations: []string{"Sun", "Crown", "Wolf", "Stag", "Boar"}},
	}}
	for _, n := range []string{"Star", "Moon", "Tower", "Ship", "Raven", "Rose", "Sun", "Crown", "Wolf", "Stag", "Boar"} {
		r.Nations = append(r.Nations, NationRow{Nation: n, Short: strings.ToUpper(n[:2])})
	}
	text := scoresText(r)
	for _, l := range strings.Split(text, "\n") {
		if width(l) > Width {
			t.Errorf("a line of %d columns:\n%s\n\n%s", width(l), l, text)
		}
	}
	if !strings.Contains(text, "  Red (Player 1)     105    0") {
		t.Errorf("the row of a player who left lost its columns:\n%s", text)
	}
}
