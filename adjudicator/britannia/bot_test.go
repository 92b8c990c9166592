package britannia

import (
	"testing"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// TestBotVote: the bot's Bretwalda vote (docs/orders.md C9, switch
// bretwalda-bot-vote) goes with its player's nations, to its player's
// candidate when that player has the most votes, else to the leading
// player's candidate when their votes together are more than half, else to
// its own; four players (ref §2.1: red has the Brigantes and Saxons, blue
// the Angles, green the Jutes, yellow the Romano-British).
func TestBotVote(t *testing.T) {
	e, err := adjudicator.Load(games.MustLoad("britannia"), &Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	e.Players = 4
	for _, tc := range []struct {
		name string
		held map[string][]string
		want map[string]string // voter: the nation it votes for
	}{
		{"the leader wins with help",
			map[string][]string{
				"Saxons":         {"Essex", "Sussex", "Wessex", "Avalon", "Hwicce", "Downlands"},
				"Brigantes":      {"Lothian"},
				"Angles":         {"York", "Bernicia", "Lindsey", "Norfolk", "Suffolk"},
				"Jutes":          {"Kent", "South Mercia"},
				"Romano-British": {"Cumbria", "Cheshire", "March"},
			},
			// 17 votes: red 7 (Saxons 6), blue 5, yellow 3, green 2; each
			// other player's votes and red's make more than 8.5.
			map[string]string{"Saxons": "Saxons", "Brigantes": "Saxons", "Angles": "Saxons", "Romano-British": "Saxons", "Jutes": "Saxons"}},
		{"help that cannot elect",
			map[string][]string{
				"Saxons":         {"Essex", "Sussex", "Wessex", "Avalon", "Hwicce", "Downlands"},
				"Angles":         {"York", "Bernicia", "Lindsey", "Norfolk", "Suffolk"},
				"Jutes":          {"Kent", "South Mercia"},
				"Romano-British": {"Cumbria", "Cheshire", "March"},
			},
			// 16 votes: red 6; blue's 5 and red's make 11 and yellow's 3
			// make 9, more than 8; green's 2 make 8, not more: the Jutes
			// vote for themselves.
			map[string]string{"Saxons": "Saxons", "Angles": "Saxons", "Romano-British": "Saxons", "Jutes": "Jutes"}},
		{"no one can win",
			map[string][]string{
				"Saxons":         {"Essex", "Sussex", "Wessex"},
				"Angles":         {"York", "Bernicia", "Lindsey"},
				"Jutes":          {"Kent", "South Mercia", "Suffolk"},
				"Romano-British": {"Cumbria", "Cheshire", "March"},
			},
			// 12 votes, 3 each: the Romano-British lead on the tie (first
			// in the nation list); 3 and 3 are not more than 6.
			map[string]string{"Saxons": "Saxons", "Angles": "Angles", "Romano-British": "Romano-British", "Jutes": "Jutes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := e.NewState()
			for a := range e.G.Board.Areas {
				for n := range e.NumNations() {
					for k := range e.R.Kinds {
						s.Add(games.AreaID(a), n, k, -s.Count(games.AreaID(a), n, k))
					}
				}
			}
			s.Round = 8
			for nation, areas := range tc.held {
				n, _ := e.NationIndex(nation)
				for _, name := range areas {
					a, err := e.G.Board.Lookup(name)
					if err != nil {
						t.Fatal(err)
					}
					s.Add(a, n, Infantry, 1)
				}
			}
			for voter, want := range tc.want {
				n, _ := e.NationIndex(voter)
				if got := e.NationName(botVote(e, s, n)); got != want {
					t.Errorf("the %s vote for the %s, want the %s", voter, got, want)
				}
			}
		})
	}
}
