package orders

import (
	"reflect"
	"testing"
)

// TestReadEnvelope checks what the one envelope reader gives Decode and
// the daemon (docs/orders.md, "The envelope"): the chatter before the first
// header line, the header lines wherever they come after it (the first of
// a key; comments removed; any case; a space before the colon), the body
// lines with their numbers and indentation up to "end", and the errors of
// a key given twice or of turn and round both.
func TestReadEnvelope(t *testing.T) {
	in := "Hi GM, my orders:\n" + // 1
		"move these: nothing   # chatter\n" + // 2
		"Game : ashdown   # ours\n" + // 3
		"nation: Saxons\n" + // 4
		"\n" + // 5
		"  move 2 York > Bernicia   # go\n" + // 6
		"# a comment line\n" + // 7
		"TOKEN: 7f3a-91c2\n" + // 8
		"game: other\n" + // 9
		"round: 5\n" + // 10
		"turn: r05-saxons\n" + // 11
		"\tbattles Bernicia\n" + // 12
		"END of orders\n" + // 13
		"salt: after the end\n" // 14
	e := ReadEnvelope(Clean(in))
	wantHeaders := []Header{{"game", 3, "ashdown"}, {"nation", 4, "Saxons"}, {"token", 8, "7f3a-91c2"}, {"round", 10, "5"}}
	if !reflect.DeepEqual(e.Headers, wantHeaders) {
		t.Errorf("headers\n got %+v\nwant %+v", e.Headers, wantHeaders)
	}
	if want := []Line{{1, "Hi GM, my orders:"}, {2, "move these: nothing   "}}; !reflect.DeepEqual(e.Before, want) {
		t.Errorf("before\n got %+v\nwant %+v", e.Before, want)
	}
	if want := []Line{{6, "  move 2 York > Bernicia"}, {12, "\tbattles Bernicia"}}; !reflect.DeepEqual(e.Body, want) {
		t.Errorf("body\n got %+v\nwant %+v", e.Body, want)
	}
	want := `line 9: a second "game:" line (the first is line 3)` + "\n" +
		`line 11: "turn:" and "round:" say the same thing (line 10); give one`
	if e.Errs.Error() != want {
		t.Errorf("errors\n got %v\nwant %v", e.Errs, want)
	}
	if e.Value("game") != "ashdown" || e.Value("salt") != "" || e.Value("kind") != "" {
		t.Errorf("values: game %q, salt %q, kind %q", e.Value("game"), e.Value("salt"), e.Value("kind"))
	}
	if e := ReadEnvelope(Clean("Hi\nmove 2 York > Bernicia\n")); len(e.Headers) != 0 || len(e.Body) != 0 || len(e.Before) != 2 {
		t.Errorf("no header lines: %+v", e)
	}
	for line, want := range map[string][3]any{
		"  Token : 7f3a-91c2  # mine": {"token", "7f3a-91c2", true},
		"KIND:standing":               {"kind", "standing", true},
		"tokens: x":                   {"", "", false},
		"# game: x":                   {"", "", false},
		"press Welsh":                 {"", "", false},
	} {
		k, v, ok := ParseHeader(line)
		if [3]any{k, v, ok} != want {
			t.Errorf("ParseHeader(%q) = %q, %q, %v; want %v", line, k, v, ok, want)
		}
	}
}
