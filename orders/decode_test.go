package orders

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

func mustCond(t testing.TB, s string) Cond {
	t.Helper()
	c, err := ParseCond(s)
	if err != nil {
		t.Fatalf("ParseCond(%q): %v", s, err)
	}
	return c
}

// TestDecodeStatements checks that every statement kind, in every accepted
// spelling, decodes to the AST built here by hand.
func TestDecodeStatements(t *testing.T) {
	a := func(n string) games.AreaID { return area(t, n) }
	as := func(ns ...string) []games.AreaID { return areas(t, ns...) }
	cmp := func(l Expr, op string, r Expr) Cmp { return Cmp{L: l, Op: op, R: r} }
	mine, theirs, round := Var("mine"), Var("theirs"), Var("round")
	tests := []struct {
		name string
		body string
		want []Statement
	}{
		{"place one", "place York", []Statement{Place{Area: a("York"), N: 1}}},
		{"place with count", "place Kent 2", []Statement{Place{Area: a("Kent"), N: 2}}},
		{"place count first", "place 2 Kent", []Statement{Place{Area: a("Kent"), N: 2}}},
		{"place list", "place York, Kent, Essex", []Statement{
			Place{Area: a("York"), N: 1}, Place{Area: a("Kent"), N: 1}, Place{Area: a("Essex"), N: 1}}},
		{"place list with counts", "place York 2, North Mercia", []Statement{
			Place{Area: a("York"), N: 2}, Place{Area: a("North Mercia"), N: 1}}},
		{"remove one", "remove Powys", []Statement{Remove{Area: a("Powys"), N: 1}}},
		{"remove with count", "remove March 2", []Statement{Remove{Area: a("March"), N: 2}}},
		{"remove list", "remove March, Powys 3", []Statement{Remove{Area: a("March"), N: 1}, Remove{Area: a("Powys"), N: 3}}},
		{"reinforce", "reinforce Wessex", []Statement{Reinforce{Area: a("Wessex")}}},
		{"move with count", "move 2 York > Bernicia > Lothian", []Statement{Move{N: 2, Path: as("York", "Bernicia", "Lothian")}}},
		{"move all", "move all Kent > Sussex", []Statement{Move{Path: as("Kent", "Sussex")}}},
		{"move count left out", "move Kent > Sussex", []Statement{Move{Path: as("Kent", "Sussex")}}},
		{"move from the sea", "move 3 North Sea > York > Pennines", []Statement{Move{N: 3, Path: as("North Sea", "York", "Pennines")}}},
		{"move arrow", "move 1 Hebrides -> Skye", []Statement{Move{N: 1, Path: as("Hebrides", "Skye")}}},
		{"move spaced hyphen", "move 6 Essex - Suffolk - Norfolk", []Statement{Move{N: 6, Path: as("Essex", "Suffolk", "Norfolk")}}},
		{"move to", "move 2 York to Bernicia TO Lothian", []Statement{Move{N: 2, Path: as("York", "Bernicia", "Lothian")}}},
		{"move commas", "move 2 York, Bernicia", []Statement{Move{N: 2, Path: as("York", "Bernicia")}}},
		{"move fat arrow and no spaces", "move 2 York=>Bernicia>Lothian", []Statement{Move{N: 2, Path: as("York", "Bernicia", "Lothian")}}},
		{"move armies from", "move 2 armies from York to Bernicia", []Statement{Move{N: 2, Path: as("York", "Bernicia")}}},
		{"move cavalry", "move 1 cavalry York > Bernicia", []Statement{Move{N: 1, Unit: "cavalry", Path: as("York", "Bernicia")}}},
		{"move leader", "move 1 leader York > Bernicia", []Statement{Move{N: 1, Unit: "leader", Path: as("York", "Bernicia")}}},
		{"move aliases and prefixes", "move 2 Channel > Kent > Strath", []Statement{Move{N: 2, Path: as("English Channel", "Kent", "Strathclyde")}}},
		{"move folded names", "move 1 n. mercia > S MERCIA", []Statement{Move{N: 1, Path: as("North Mercia", "South Mercia")}}},
		{"battles", "battles Kent, Essex", []Statement{Battles{Areas: as("Kent", "Essex")}}},
		{"battles one", "battles York", []Statement{Battles{Areas: as("York")}}},
		{"casualties", "casualties Kent: Sussex, Essex", []Statement{Casualties{Area: a("Kent"), First: as("Sussex", "Essex")}}},
		{"casualties first", "casualties Kent: English Channel first", []Statement{Casualties{Area: a("Kent"), First: as("English Channel")}}},
		{"attack retreat when", "attack Kent: retreat when mine <= 1 or theirs >= 2*mine", []Statement{Attack{Area: a("Kent"), Rule: Rule{
			When: Or{cmp(mine, "<=", Num(1)), cmp(theirs, ">=", Mul{Num(2), mine})}}}}},
		{"attack retreat count", "attack Kent: retreat 1 when round >= 2", []Statement{Attack{Area: a("Kent"), Rule: Rule{N: 1, When: cmp(round, ">=", Num(2))}}}},
		{"attack retreat at once", "attack Kent: retreat", []Statement{Attack{Area: a("Kent"), Rule: Rule{When: Always{}}}}},
		{"attack retreat when always", "attack Kent: retreat when always", []Statement{Attack{Area: a("Kent"), Rule: Rule{When: Always{}}}}},
		{"attack hold", "attack York: hold", []Statement{Attack{Area: a("York"), Rule: Rule{Hold: true}}}},
		{"rule words by prefix", "attack York: ret 2 when round > 1", []Statement{Attack{Area: a("York"), Rule: Rule{N: 2, When: cmp(round, ">", Num(1))}}}},
		{"hold by prefix", "defend York: H", []Statement{Defend{Area: a("York"), Rule: Rule{Hold: true}}}},
		{"defend retreat to", "defend York: retreat to Pennines, Cumbria when theirs >= 3*mine", []Statement{Defend{Area: a("York"), Rule: Rule{
			To: as("Pennines", "Cumbria"), When: cmp(theirs, ">=", Mul{Num(3), mine})}}}},
		{"defend retreat all to", "defend York: retreat all to Pennines", []Statement{Defend{Area: a("York"), Rule: Rule{To: as("Pennines"), When: Always{}}}}},
		{"defend retreat count to", "defend York: retreat 2 to Pennines", []Statement{Defend{Area: a("York"), Rule: Rule{N: 2, To: as("Pennines"), When: Always{}}}}},
		{"defend hold", "defend Powys: hold", []Statement{Defend{Area: a("Powys"), Rule: Rule{Hold: true}}}},
		{"defend every area", "defend *: retreat when mine < theirs", []Statement{Defend{Area: games.NoArea, Rule: Rule{When: cmp(mine, "<", theirs)}}}},
		{"keyword prefixes", "pl York\nreinf Wessex\nmo 2 York > Bernicia\nbat Kent\ncas Kent: Sussex\natt Kent: hold\nd Powys: hold", []Statement{
			Place{Area: a("York"), N: 1}, Reinforce{Area: a("Wessex")}, Move{N: 2, Path: as("York", "Bernicia")},
			Battles{Areas: as("Kent")}, Casualties{Area: a("Kent"), First: as("Sussex")},
			Attack{Area: a("Kent"), Rule: Rule{Hold: true}}, Defend{Area: a("Powys"), Rule: Rule{Hold: true}}}},
		{"keywords any case", "MOVE 2 YORK > BERNICIA\nPlace york", []Statement{Move{N: 2, Path: as("York", "Bernicia")}, Place{Area: a("York"), N: 1}}},
		{"colon after keyword", "move: 2 York > Bernicia\nbattles: Kent\ncasualties: Kent: Sussex", []Statement{
			Move{N: 2, Path: as("York", "Bernicia")}, Battles{Areas: as("Kent")}, Casualties{Area: a("Kent"), First: as("Sussex")}}},
		{"comments and blank lines", "# my orders\n\nmove 2 York > Bernicia   # go north\n   \n", []Statement{Move{N: 2, Path: as("York", "Bernicia")}}},
		{"phase block", "move 7 North Sea > Bernicia\nphase 2:\n  move 4 Bernicia > Lothian", []Statement{
			Move{N: 7, Path: as("North Sea", "Bernicia")},
			Phase{N: 2, Body: []Statement{Move{N: 4, Path: as("Bernicia", "Lothian")}}}}},
		{"if taken block", "if Kent taken:\n  move 2 Kent > Essex\n  battles Essex", []Statement{
			If{Area: a("Kent"), Taken: true, Then: []Statement{Move{N: 2, Path: as("Kent", "Essex")}, Battles{Areas: as("Essex")}}}}},
		{"if lost block", "if Kent lost:\n  defend Sussex: hold", []Statement{
			If{Area: a("Kent"), Then: []Statement{Defend{Area: a("Sussex"), Rule: Rule{Hold: true}}}}}},
		{"if one line", "if Kent taken: move 2 Kent > Essex", []Statement{
			If{Area: a("Kent"), Taken: true, Then: []Statement{Move{N: 2, Path: as("Kent", "Essex")}}}}},
		{"if one line with more indented", "if Kent taken: move 2 Kent > Essex\n  battles Essex", []Statement{
			If{Area: a("Kent"), Taken: true, Then: []Statement{Move{N: 2, Path: as("Kent", "Essex")}, Battles{Areas: as("Essex")}}}}},
		{"phase and if on one line", "phase 2: if York taken: move 2 York > Bernicia", []Statement{
			Phase{N: 2, Body: []Statement{If{Area: a("York"), Taken: true, Then: []Statement{Move{N: 2, Path: as("York", "Bernicia")}}}}}}},
		{"nested blocks", "move 7 North Sea > Bernicia\nphase 2:\n  if Bernicia taken:\n    move 4 Bernicia > Lothian\n    if Lothian lost:\n      reinforce Bernicia\n  battles Lothian\nbattles Bernicia", []Statement{
			Move{N: 7, Path: as("North Sea", "Bernicia")},
			Phase{N: 2, Body: []Statement{
				If{Area: a("Bernicia"), Taken: true, Then: []Statement{
					Move{N: 4, Path: as("Bernicia", "Lothian")},
					If{Area: a("Lothian"), Then: []Statement{Reinforce{Area: a("Bernicia")}}}}},
				Battles{Areas: as("Lothian")}}},
			Battles{Areas: as("Bernicia")}}},
		{"tabs indent", "phase 2:\n\tif York taken:\n\t\tmove 2 York > Bernicia\n\tbattles York", []Statement{
			Phase{N: 2, Body: []Statement{
				If{Area: a("York"), Taken: true, Then: []Statement{Move{N: 2, Path: as("York", "Bernicia")}}},
				Battles{Areas: as("York")}}}}},
		{"tabs after spaces, unambiguous", "if York taken:\n  if Kent taken:\n  \tbattles York", []Statement{
			If{Area: a("York"), Taken: true, Then: []Statement{If{Area: a("Kent"), Taken: true, Then: []Statement{Battles{Areas: as("York")}}}}}}},
		{"whole file indented", "    move 2 York > Bernicia\n    phase 2:\n      battles York\n    battles Kent", []Statement{
			Move{N: 2, Path: as("York", "Bernicia")}, Phase{N: 2, Body: []Statement{Battles{Areas: as("York")}}}, Battles{Areas: as("Kent")}}},
		{"if area of two words", "if North Mercia lost:\n  move all York > Pennines", []Statement{
			If{Area: a("North Mercia"), Then: []Statement{Move{Path: as("York", "Pennines")}}}}},
		{"a block may repeat what the file says", "defend Sussex: hold\nbattles Kent\nif Kent lost:\n  defend Sussex: retreat\n  battles Essex", []Statement{
			Defend{Area: a("Sussex"), Rule: Rule{Hold: true}}, Battles{Areas: as("Kent")},
			If{Area: a("Kent"), Then: []Statement{Defend{Area: a("Sussex"), Rule: Rule{When: Always{}}}, Battles{Areas: as("Essex")}}}}},
		{"place and remove may repeat an area", "place York\nplace York 2\nremove Kent\nremove Kent", []Statement{
			Place{Area: a("York"), N: 1}, Place{Area: a("York"), N: 2}, Remove{Area: a("Kent"), N: 1}, Remove{Area: a("Kent"), N: 1}}},
		{"typographic dash and arrow", "move 2 York \u2013 Bernicia \u2192 Lothian\nattack Kent: retreat when theirs \u2265 2*mine", []Statement{
			Move{N: 2, Path: as("York", "Bernicia", "Lothian")}, Attack{Area: a("Kent"), Rule: Rule{When: cmp(theirs, ">=", Mul{Num(2), mine})}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, errs := Decode(testHeader+tc.body+"\n", redux)
			if errs != nil {
				t.Fatalf("Decode: %v", errs)
			}
			if got := noLines(f.Body); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("body\n got %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

// TestDecodeLines checks that statements carry the line they came from,
// counting chatter, headers, blank lines and CRLF.
func TestDecodeLines(t *testing.T) {
	text := "Hello GM\r\n\r\ngame: a\r\nnation: Saxons\r\nturn: r05-saxons\r\ntoken: t\r\n\r\nmove 2 York > Bernicia\r\nphase 2:\r\n  if York taken: battles York\r\n"
	f, errs := Decode(text, redux)
	if errs != nil {
		t.Fatal(errs)
	}
	ph := f.Body[1].(Phase)
	iff := ph.Body[0].(If)
	got := []int{f.Body[0].Pos(), ph.Pos(), iff.Pos(), iff.Then[0].Pos()}
	if want := []int{8, 9, 10, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}

// TestDecodeEnvelope checks the header lines.
func TestDecodeEnvelope(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want File
	}{
		{"turn orders", "game: ashdown\nnation: Saxons\nturn: r05-saxons\ntoken: 7f3a-91c2\n",
			File{Game: "ashdown", Nation: "Saxons", Turn: "r05-saxons", Token: "7f3a-91c2"}},
		{"keys and names any case", "GAME: ashdown\nNation : SAXONS\nTurn: R05-Saxons\nToken:   7f3a-91c2  \n",
			File{Game: "ashdown", Nation: "Saxons", Turn: "r05-saxons", Token: "7f3a-91c2"}},
		{"round synonym", "game: g\nnation: Saxons\nround: 5\ntoken: t\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}},
		{"turn as a number", "game: g\nnation: Saxons\nturn: 12\ntoken: t\n",
			File{Game: "g", Nation: "Saxons", Turn: "r12-saxons", Token: "t"}},
		{"turn without zero", "game: g\nnation: Saxons\nturn: r5-Sax\ntoken: t\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}},
		{"folded nation name", "game: g\nnation: romano british\nround: 1\ntoken: t\n",
			File{Game: "g", Nation: "Romano-British", Turn: "r01-romanobritish", Token: "t"}},
		{"nation short name", "game: g\nnation: RB\nturn: r01-romanobritish\ntoken: t\n",
			File{Game: "g", Nation: "Romano-British", Turn: "r01-romanobritish", Token: "t"}},
		{"nation alias", "game: g\nnation: Wales\nturn: r02-welsh\ntoken: t\n",
			File{Game: "g", Nation: "Welsh", Turn: "r02-welsh", Token: "t"}},
		{"standing", "game: g\nnation: Welsh\nkind: standing\ntoken: t\n",
			File{Kind: StandingOrders, Game: "g", Nation: "Welsh", Token: "t"}},
		{"kind turn", "game: g\nnation: Welsh\nkind: turn\nturn: r02-welsh\ntoken: t\n",
			File{Game: "g", Nation: "Welsh", Turn: "r02-welsh", Token: "t"}},
		{"salt", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\nsalt: the wind at Hastings\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t", Salt: "the wind at Hastings"}},
		{"empty salt", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\nsalt:\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}},
		{"chatter before the header", "Hi GM, here are my orders.\nmove these: nothing\n\ngame: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}},
		{"header after the body", "game: g\nnation: Saxons\nturn: r05-saxons\n\nreinforce Wessex\ntoken: t\nsalt: late\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t", Salt: "late", Body: []Statement{Reinforce{Area: area(t, "Wessex")}}}},
		{"comment in a header", "game: g # the game\nnation: Saxons\nturn: r05-saxons\ntoken: t\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t"}},
		{"end stops reading", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\nreinforce Wessex\nEND\nthanks, see you next turn\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t", Body: []Statement{Reinforce{Area: area(t, "Wessex")}}}},
		{"end with words stops reading", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\nreinforce Wessex\nend of orders\nthanks\n",
			File{Game: "g", Nation: "Saxons", Turn: "r05-saxons", Token: "t", Body: []Statement{Reinforce{Area: area(t, "Wessex")}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, errs := Decode(tc.in, redux)
			if errs != nil {
				t.Fatalf("Decode: %v", errs)
			}
			if got := fileNoLines(f); !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("file\n got %#v\nwant %#v", *got, tc.want)
			}
		})
	}
}

// TestDecodeQuotedReply checks that orders written between the quoted lines
// of the GM's template are read, not dropped.
func TestDecodeQuotedReply(t *testing.T) {
	text := "On Monday, GM <gm@example.com> wrote:\n> game: g\n> nation: Saxons\n> turn: r05-saxons\n> token: t\n>\n> Your orders here:\nmove 2 York > Bernicia\n"
	_, errs := Decode(text, redux)
	if got, want := errs.Error(), `line 7: "Your" is not a keyword (orders start with place, remove, reinforce, move, battles, casualties, attack, defend, phase, if)`; got != want {
		t.Fatalf("errors\n got %s\nwant %s", got, want)
	}
	text = strings.Replace(text, "> Your orders here:", ">", 1)
	f, errs := Decode(text, redux)
	if errs != nil {
		t.Fatal(errs)
	}
	if want := []Statement{Move{N: 2, Path: areas(t, "York", "Bernicia")}}; !reflect.DeepEqual(noLines(f.Body), want) {
		t.Errorf("body %#v, want %#v", f.Body, want)
	}
}

// TestDecodeListPaste: orders posted as a forum's BBCode list, a block's
// statements as a nested list ([list][*] as pbem post writes the orders
// as understood), decode to the same file as the plain text (issue 14;
// the if block is docs/orders.md "Later phases").
func TestDecodeListPaste(t *testing.T) {
	plain := testHeader + "move 2 York > Bernicia\nif Bernicia taken:\n  move 1 Bernicia > Lothian\n"
	list := "[quote=GM][list]\n[*]game: ashdown[*]nation: Saxons[*]turn: r05-saxons\n[*]token: 7f3a-91c2\n[/list][/quote]\n" +
		"[list]\n[*]move 2 York > Bernicia\n[*]if Bernicia taken:\n[list][*]move 1 Bernicia > Lothian[/list]\n[/list]\n"
	want, errs := Decode(plain, redux)
	if errs != nil {
		t.Fatal(errs)
	}
	got, errs := Decode(list, redux)
	if errs != nil {
		t.Fatalf("the list paste: %v", errs)
	}
	if !reflect.DeepEqual(noLines(got.Body), noLines(want.Body)) || got.Nation != want.Nation || got.Turn != want.Turn {
		t.Errorf("the list paste decodes to\n%#v\nwant\n%#v", got, want)
	}
}

// TestDecodeNeverGuesses checks that a file with errors gives no File.
func TestDecodeNeverGuesses(t *testing.T) {
	f, errs := Decode(testHeader+"move 2 York > Bernicia\nmove 2 Yrok > Bernicia\n", redux)
	if f != nil || len(errs) != 1 {
		t.Fatalf("got %v, %v; want nil and one error", f, errs)
	}
	if !strings.HasPrefix(errs.Error(), "line 7:") {
		t.Errorf("error %q does not name line 7", errs.Error())
	}
}

func TestDecodeNilGame(t *testing.T) {
	if _, errs := Decode(testHeader, nil); len(errs) != 1 {
		t.Errorf("Decode with no game: %v", errs)
	}
}

// TestDecodeBeforeHeader: a line before the header that reads as an order
// is an error with its line, so that it is not dropped unseen; chatter
// there is still passed over (docs/orders.md, "The envelope").
func TestDecodeBeforeHeader(t *testing.T) {
	const head = "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\n"
	tests := []struct{ name, in, want string }{
		{"an order", "move 2 York > Bernicia\n" + head,
			`line 1: "move 2 York > Bernicia" is before the header (the first header line is line 2), where pbem reads no orders; move it below the header lines`},
		{"after a greeting", "Hi GM,\n\n  reinforce Wessex   # the usual\n\n" + head + "\nbattles York\n",
			`line 3: "reinforce Wessex" is before the header (the first header line is line 5)`},
		{"a one-line block", "if York taken: battles York\n" + head, `line 1: "if York taken: battles York" is before the header`},
		{"a reply on top of a quoted file", "move 2 York > Bernicia\n\n> " + strings.ReplaceAll(strings.TrimSuffix(head, "\n"), "\n", "\n> ") + "\n> reinforce Wessex\n",
			`line 1: "move 2 York > Bernicia" is before the header (the first header line is line 3)`},
		{"two of them, with an error after the header", "reinforce Wessex\nbattles York\n" + head + "mvoe 2 York > Bernicia\n",
			"line 1: \"reinforce Wessex\" is before the header (the first header line is line 3), where pbem reads no orders; move it below the header lines\n" +
				"line 2: \"battles York\" is before the header (the first header line is line 3), where pbem reads no orders; move it below the header lines\n" +
				`line 7: "mvoe" is not a keyword (did you mean move?)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, errs := Decode(tc.in, redux)
			if f != nil || !strings.HasPrefix(errs.Error(), tc.want) {
				t.Fatalf("got %v\nwant %s", errs, tc.want)
			}
		})
	}
	for _, chatter := range []string{
		"Hi GM, here are my orders.", "move these: nothing", "If you please:", "Battles galore this turn!",
		"Place your bets", "end of my notes", "[b]Saxons[/b]", "phase 2:", "2 York > Bernicia", "I move 2 York > Bernicia",
	} {
		if _, errs := Decode(chatter+"\n"+head, redux); errs != nil {
			t.Errorf("chatter %q: %v", chatter, errs)
		}
	}
}
