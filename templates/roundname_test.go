package templates

import "testing"

// TestRoundName: a title names reduX's and classic Britannia's Timeline
// rounds "Round VII", and Hy Breasil's turns by their own label, not
// "Round Turn 15" (Hy Breasil 3: a game of turns).
func TestRoundName(t *testing.T) {
	for label, want := range map[string]string{"VII": "Round VII", "XVI": "Round XVI", "Turn 15": "Turn 15"} {
		if got := roundName(label); got != want {
			t.Errorf("roundName(%q) = %q, want %q", label, got, want)
		}
	}
}
