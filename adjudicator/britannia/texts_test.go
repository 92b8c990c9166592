package britannia

import "testing"

// TestRefs: the citations of the project's research notes ("ref §4"),
// which players do not have, become the parts of the game they read the
// rule from (Texts.Refs, pbem-engine-4 on); other citations stay.
func TestRefs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"The Romans score 9 VP for occupying Kent (ref §4 occupy)", "The Romans score 9 VP for occupying Kent (Britannia 2005 Nation cards)"},
		{"16 Roman armies arrive in the English Channel (ref §3 I)", "16 Roman armies arrive in the English Channel (Britannia 2005 Timeline I)"},
		{"The Danes must remove 4 armies at the end of their turn (ref §3 XIV)", "The Danes must remove 4 armies at the end of their turn (Britannia 2005 Timeline XIV)"},
		{"Saxons invaders arrive in the Frisian Sea: 4 armies (ref §3)", "Saxons invaders arrive in the Frisian Sea: 4 armies (Britannia 2005 Timeline)"},
		{"the Picts have no boats in round 3 (ref §3: B on the Timeline)", "the Picts have no boats in round 3 (Britannia 2005 Timeline, B: boats)"},
		{"the Scots may not enter the North Sea (ref §1.3)", "the Scots may not enter the North Sea (Britannia 2005 Sea areas)"},
		{"Only 2 of 3 cavalry reinforcements are available (ref §2.3)", "Only 2 of 3 cavalry reinforcements are available (Britannia 2005 Forces)"},
		{"the Romano-British gain no population in round 6 (ref §2.4)", "the Romano-British gain no population in round 6 (Britannia 2005 Population track)"},
		{"The Saxons score 2 VP (ref §4 Romano-British card)", "The Saxons score 2 VP (Britannia 2005 Nation cards)"},
		{"The Romans build a fort in Kent (Britannia 2005 Roman forts)", "The Romans build a fort in Kent (Britannia 2005 Roman forts)"},
	} {
		if got := refs(tc.in); got != tc.want {
			t.Errorf("refs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
