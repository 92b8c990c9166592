package orders

import (
	"reflect"
	"testing"
)

func lines(ns ...any) []Line {
	var out []Line
	for i := 0; i+1 < len(ns); i += 2 {
		out = append(out, Line{N: ns[i].(int), Text: ns[i+1].(string)})
	}
	return out
}

// TestClean checks the removal of each mail and forum artefact, and that
// every kept line keeps its original number.
func TestClean(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Line
	}{
		{"plain", "game: g\nmove 2 York > Bernicia\n", lines(1, "game: g", 2, "move 2 York > Bernicia")},
		{"crlf", "game: g\r\n\r\nmove 2 York > Bernicia\r\n", lines(1, "game: g", 2, "", 3, "move 2 York > Bernicia")},
		{"lone cr", "game: g\rmove\r", lines(1, "game: g", 2, "move")},
		{"nbsp and odd spaces", "move\u00a02\u2002York\u202f>\u3000Bernicia", lines(1, "move 2 York > Bernicia")},
		{"zero-width characters and bom", "\ufeffgame:\u200b g\u00ad\u2060", lines(1, "game: g")},
		{"tabs kept", "\tmove 2", lines(1, "\tmove 2")},
		{"typographic substitutions", "move 2 York \u2013 Bernicia \u2192 Lothian when theirs \u2265 2 and mine \u2264 1 and round \u2260 3",
			lines(1, "move 2 York - Bernicia > Lothian when theirs >= 2 and mine <= 1 and round != 3")},
		{"invalid utf-8", "game: g\xff", lines(1, "game: g\ufffd")},
		{"code block", "[code]\ngame: g\n  move 2\n[/code]", lines(1, "", 2, "game: g", 3, "  move 2", 4, "")},
		{"code tags on the same line", "[code]game: g[/code]", lines(1, "game: g")},
		{"inline tags", "[b]move[/b] 2 [color=red]York[/color] > [i]Bernicia[/i][size=85] [/size]", lines(1, "move 2 York > Bernicia ")},
		{"tags that form tags", "[[b]b]move[/[i]b]", lines(1, "move")},
		{"brackets that are not tags", "move [2] York", lines(1, "move [2] York")},
		{"forum quote above the orders", "[quote=\"GM Bede\"]Round 5.\ngame: template\n[/quote]\ngame: g\nnation: Saxons",
			lines(3, "", 4, "game: g", 5, "nation: Saxons")},
		{"forum quote holds the only orders", "Same as before:\n[quote=Ann]game: g\nnation: Saxons\n[/quote]\nthanks",
			lines(2, "game: g", 3, "nation: Saxons")},
		{"nested forum quotes", "[quote][quote]old[/quote]mid[/quote]game: g", lines(1, "game: g")},
		{"unbalanced closing quote", "[/quote]game: g", lines(1, "game: g")},
		{"quoted reply above the orders", "On Mon, 5 May 2025, GM <gm@example.com> wrote:\n> Your turn.\n> game: template\n\ngame: g\nnation: Saxons",
			lines(4, "", 5, "game: g", 6, "nation: Saxons")},
		{"quoted reply below the orders", "game: g\nnation: Saxons\nmove 2 York > Bernicia\n\nOn Mon, 5 May 2025, GM <gm@example.com> wrote:\n> Your turn, game: g\n> nation: Saxons",
			lines(1, "game: g", 2, "nation: Saxons", 3, "move 2 York > Bernicia", 4, "")},
		{"top-posted reply, orders only in the quote", "Same as last time, please.\n\nOn Mon, 5 May 2025, Ann <ann@example.com> wrote:\n> game: g\n> nation: Saxons\n>\n> phase 2:\n>   move 2 York > Bernicia\n> -- \n> Ann",
			lines(4, "game: g", 5, "nation: Saxons", 6, "", 7, "phase 2:", 8, "  move 2 York > Bernicia")},
		{"reply written between the quoted lines", "On Monday, GM <gm@example.com> wrote:\n> game: g\n> nation: Saxons\nmove 2 York > Bernicia\n> Your move.\nThanks",
			lines(2, "game: g", 3, "nation: Saxons", 4, "move 2 York > Bernicia", 5, "Your move.", 6, "Thanks")},
		{"thanks under a quote is not a reply between the lines", "[quote]game: g\nnation: Saxons[/quote]\nThanks, if that is fine",
			lines(1, "game: g", 2, "nation: Saxons")},
		{"nested quote marks", "> > game: g\n>> nation: Saxons\n> >   move 2", lines(1, "game: g", 2, "nation: Saxons", 3, "  move 2")},
		{"wrapped attribution", "Thanks\n\nOn Mon, 5 May 2025 at 10:00, Ann Other <\nann@example.com> wrote:\n> game: g",
			lines(5, "game: g")},
		{"attribution alone", "game: g\nAnn wrote:\nmove", lines(1, "game: g", 3, "move")},
		{"signature", "game: g\nmove 2\n-- \nAnn\nmove 3", lines(1, "game: g", 2, "move 2")},
		{"signature without its space", "game: g\n--\nAnn", lines(1, "game: g")},
		{"mobile signature", "game: g\n\nSent from my iPhone\nmove", lines(1, "game: g", 2, "")},
		{"end", "game: g\nmove 2\nend\nmove 3", lines(1, "game: g", 2, "move 2")},
		{"end any case and spaces", "game: g\n  END  \nmove 3", lines(1, "game: g")},
		{"end in a word is kept", "game: g\nending", lines(1, "game: g", 2, "ending")},
		{"outlook original message", "Same again.\n\n-----Original Message-----\nFrom: Ann\nSent: Monday\ngame: g\nnation: Saxons",
			lines(4, "From: Ann", 5, "Sent: Monday", 6, "game: g", 7, "nation: Saxons")},
		{"outlook below the orders", "game: g\nnation: Saxons\n-----Original Message-----\nFrom: GM\ngame: template",
			lines(1, "game: g", 2, "nation: Saxons")},
		{"outlook underscores", "Same again.\n________________________________\nFrom: Ann\ngame: g",
			lines(3, "From: Ann", 4, "game: g")},
		{"underscores alone are kept", "game: g\n________________________________\nmove",
			lines(1, "game: g", 2, "________________________________", 3, "move")},
		{"forwarded message", "game: x\n---------- Forwarded message ---------\ngame: y", lines(1, "game: x")},
		{"leading chatter is kept", "Hi GM,\n\nhere you go.\ngame: g", lines(1, "Hi GM,", 2, "", 3, "here you go.", 4, "game: g")},
		{"empty", "", nil},
		// Forum lists (issue 14: [list][*] pastes are accepted back).
		{"list, an item a line", "[list]\n[*]move 2 York > Bernicia\n[*] place Kent\n[/list]",
			lines(1, "", 2, "move 2 York > Bernicia", 3, "place Kent", 4, "")},
		{"list on one line", "[list][*]move 2 York > Bernicia[*]place Kent[/list]", lines(1, "move 2 York > Bernicia", 1, "place Kent")},
		{"numbered list", "[LIST=1]\n[*]move 2\n[/LIST]", lines(1, "", 2, "move 2", 3, "")},
		{"nested list is a block", "[list]\n[*]phase 2:\n[list][*]if Kent taken:[list][*]move 1 Kent > Essex[/list][/list]\n[*]move 3[/list]",
			lines(1, "", 2, "phase 2:", 3, "  if Kent taken:", 3, "    move 1 Kent > Essex", 4, "move 3")},
		{"list in a quote", "Same as before\n[quote][list][*]game: g[*]nation: Saxons[/list][/quote]",
			lines(2, "", 2, "game: g", 2, "nation: Saxons")},
		{"bullets of a copied list", "• move 2 York > Bernicia\n  ◦ move 1\n·place Kent", lines(1, "move 2 York > Bernicia", 2, "  move 1", 3, "·place Kent")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Clean(tc.in)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Clean\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestCleanIdempotent checks that cleaning clean text changes nothing but
// what it must (the selection of quoted text is done once).
func TestCleanIdempotent(t *testing.T) {
	for _, in := range []string{
		"[code]game: g[/code]\r\nmove\u00a02 York \u2013 Bernicia",
		"[[b]b]x[/[i]b]\n[quote]a[/quote]b",
		"game: g\n[b]move[/b] 2",
	} {
		once := Clean(in)
		var text string
		for i, l := range once {
			if i > 0 {
				text += "\n"
			}
			text += l.Text
		}
		twice := Clean(text)
		for i := range once {
			if once[i].Text != twice[i].Text {
				t.Errorf("Clean(Clean(%q)) line %d = %q, want %q", in, i, twice[i].Text, once[i].Text)
			}
		}
	}
}
