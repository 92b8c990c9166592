package orders

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// TestDecodeErrors checks every error message Decode gives, with its line.
// Bodies are wrapped in testHeader, so line 6 is the first body line.
func TestDecodeErrors(t *testing.T) {
	const kw = "place, remove, reinforce, move, battles, casualties, attack, defend, phase, if"
	tests := []struct {
		name string
		body string
		want string
	}{
		{"unknown area", "move 2 Kentt > Essex", `line 6: unknown area "Kentt" (did you mean Kent?)`},
		{"ambiguous area", "place M", `line 6: "M" could be March, Mar or Moray; write more of the name`},
		{"ambiguous area in a path", "move 2 York > North", `line 6: "North" could be Bernicia, North Mercia or North Sea; write more of the name`},
		{"ambiguous keyword", "re Wessex", `line 6: "re" could be remove or reinforce`},
		{"ambiguous keyword p", "p York", `line 6: "p" could be place or phase`},
		{"misspelt keyword", "mvoe 2 York > Bernicia", `line 6: "mvoe" is not a keyword (did you mean move?)`},
		{"keyword too long", "casualty Kent: Sussex", `line 6: "casualty" is not a keyword (did you mean casualties?)`},
		{"chatter after the header", "Cheers, Bob", `line 6: "Cheers" is not a keyword (orders start with ` + kw + `)`},
		{"no keyword", "2 York > Bernicia", `line 6: "2 York > Bernicia" does not start with a keyword (` + kw + `)`},
		{"move without a path", "move 2 York", `line 6: move needs a path like "move 2 York > Bernicia"`},
		{"move with nothing", "move", `line 6: move needs a path like "move 2 York > Bernicia"`},
		{"move with a dangling separator", "move 2 York >", `line 6: move needs a path like "move 2 York > Bernicia"`},
		{"move with an empty step", "move 2 York > > Bernicia", `line 6: move needs a path like "move 2 York > Bernicia"`},
		{"move without separators", "move 2 York Bernicia", `line 6: "York Bernicia" is 2 areas; separate them with ">"`},
		{"move of none", "move 0 York > Bernicia", `line 6: move needs at least 1 army, or "all"`},
		{"move of too many", "move 5000 York > Bernicia", `line 6: 5000 armies is more than there are`},
		{"place without an area", "place", `line 6: place needs an area, like "place York" or "place Kent 2"`},
		{"place of none", "place Kent 0", `line 6: place Kent 0: the number of armies must be at least 1`},
		{"place without commas", "place York Kent", `line 6: "York Kent" is 2 areas; separate them with commas`},
		{"place with an empty item", "place York,,Kent", `line 6: place has an empty place in its list of areas, like "place York" or "place Kent 2"`},
		{"remove without an area", "remove", `line 6: remove needs an area, like "remove Powys" or "remove March 2"`},
		{"reinforce two areas", "reinforce Wessex, Kent", `line 6: reinforce names one area, like "reinforce Wessex" (reinforcements are placed together)`},
		{"reinforce no area", "reinforce", `line 6: reinforce names one area, like "reinforce Wessex" (reinforcements are placed together)`},
		{"battles without areas", "battles", `line 6: battles needs areas, like "battles Kent, Essex"`},
		{"battles twice", "battles Kent, Kent", `line 6: battles lists Kent twice`},
		{"battles with an empty item", "battles Kent,,Essex", `line 6: battles has an empty place in its list of areas, like "battles Kent, Essex"`},
		{"casualties without a colon", "casualties Kent", `line 6: casualties needs a battle area and where the first losses came from, like "casualties Kent: Sussex, Essex"`},
		{"casualties without a list", "casualties Kent:", `line 6: casualties needs a battle area and where the first losses came from, like "casualties Kent: Sussex, Essex"`},
		{"casualties twice", "casualties Kent: Sussex, Sussex", `line 6: casualties lists Sussex twice`},
		{"attack without a colon", "attack Kent", `line 6: attack needs a battle area and what to do, like "attack Kent: retreat when mine <= 1" or "attack York: hold"`},
		{"attack everywhere", "attack *: hold", `line 6: attack needs a battle area; "*" is only for defend`},
		{"unknown rule", "attack Kent: flee", `line 6: after the colon write hold or retreat, not "flee"`},
		{"words after hold", "attack Kent: hold on", `line 6: nothing may follow hold, not "on"`},
		{"when without a condition", "attack Kent: retreat when", `line 6: "when" needs a condition, like "when mine <= 1"`},
		{"bad condition", "attack Kent: retreat when mien < 2", `line 6: condition "mien < 2": unknown word "mien" (did you mean mine?)`},
		{"condition without comparison", "defend York: retreat when mine", `line 6: condition "mine": "mine" is not compared to anything (add < <= > >= = or != and a value)`},
		{"words after retreat", "attack Kent: retreat quickly", `line 6: after retreat write a number, "to" and areas, or "when", not "quickly"`},
		{"retreat to nowhere", "defend York: retreat to", `line 6: retreat to needs areas, like "retreat to Pennines, Cumbria"`},
		{"retreat to an unknown area", "defend York: retreat to Penines", `line 6: unknown area "Penines" (did you mean Pennines?)`},
		{"retreat of none", "defend York: retreat 0", `line 6: retreat needs at least 1 army, or "all" (or leave the number out)`},
		{"defend without a rule", "defend York:", `line 6: defend needs an area and what to do, like "defend York: hold" or "defend *: retreat when mine < theirs"`},
		{"defend an unknown area", "defend Yrok: hold", `line 6: unknown area "Yrok" (did you mean York?)`},
		{"phase without a number", "phase two:", `line 6: phase needs a number and a colon, like "phase 2:"`},
		{"phase without a colon", "phase 2\n  battles York", `line 6: phase needs a number and a colon, like "phase 2:"`},
		{"phase 1", "phase 1:\n  battles York", `line 6: phase 1: statements outside phase blocks are phase 1; blocks are "phase 2:" and later`},
		{"phase in a phase", "phase 2:\n  phase 3:\n    battles York", `line 7: a phase block cannot be inside another phase block`},
		{"phase in an if", "if York taken:\n  phase 2:\n    battles York", `line 7: a phase block cannot be inside an if block; put the if inside the phase`},
		{"empty phase at the end", "phase 2:", `line 6: nothing is indented under "phase 2:"`},
		{"phase with its lines not indented", "phase 2:\nbattles York", `line 6: nothing is indented under "phase 2:"`},
		{"empty if", "if York taken:\nbattles York", `line 6: nothing is indented under "if York taken:"`},
		{"if without taken or lost", "if York:\n  battles York", `line 6: if needs an area and "taken" or "lost", then a colon, like "if Kent taken:"`},
		{"if with another word", "if York won:\n  battles York", `line 6: if needs "taken" or "lost" after the area, like "if Kent taken:", not "won"`},
		{"if with an unknown area", "if Yrok taken:\n  battles York", `line 6: unknown area "Yrok" (did you mean York?)`},
		{"if without a colon", "if York taken battles York", `line 6: if needs an area and "taken" or "lost", then a colon, like "if Kent taken:"`},
		{"end in a one-line if", "if Kent taken: end", `line 6: to stop reading, write "end" in full on a line of its own`},
		{"end shortened", "reinforce Wessex\nen\nmove 2 York > Bernicia", `line 7: to stop reading, write "end" in full on a line of its own`},
		{"reinforce twice", "reinforce Wessex\nreinforce Kent", `line 7: a second "reinforce" (the first is line 6)`},
		{"battles twice", "battles Kent\nmove 2 York > Bernicia\nbattles York", `line 8: a second "battles" (the first is line 6)`},
		{"defend an area twice", "defend York: hold\ndefend york: retreat", `line 7: a second "defend York" (the first is line 6)`},
		{"defend every area twice", "defend *: hold\ndefend *: retreat", `line 7: a second "defend *" (the first is line 6)`},
		{"attack an area twice", "attack York: hold\nattack York: hold", `line 7: a second "attack York" (the first is line 6)`},
		{"casualties twice", "casualties Kent: Sussex\ncasualties Kent: Essex", `line 7: a second "casualties Kent" (the first is line 6)`},
		{"twice in a block", "phase 2:\n  battles Kent\n  battles York", `line 8: a second "battles" (the first is line 7)`},
		// The statement after the colon of a one-line block is in the block:
		// its canonical form is indented under it, where a second one was
		// refused, so Decode(Encode(f)) failed for a file Decode accepted.
		{"twice in a block, once after its colon", "if Kent taken: battles Kent\n  battles Essex", `line 7: a second "battles" (the first is line 6)`},
		{"twice in a block, twice after colons", "phase 2: if Kent taken: reinforce Kent\n    reinforce Essex", `line 7: a second "reinforce" (the first is line 6)`},
		{"error in a one-line if", "if Kent taken: move 2 Kentt > Essex", `line 6: unknown area "Kentt" (did you mean Kent?)`},
		{"error in a block", "phase 2:\n  if York taken:\n    move 2 Yrok > Bernicia", `line 8: unknown area "Yrok" (did you mean York?)`},
		{"tabs and spaces mixed", "if York taken:\n  if Kent taken:\n\tbattles York", `line 8: the indentation mixes tabs and spaces, so it is unclear which block this line belongs to; indent with spaces only`},
		{"every error at once, in line order", "move 2 York > Bernicia\nmove 2 Yrok > Bernicia\nbattles Kent, Yrok\nmove 1", "line 7: unknown area \"Yrok\" (did you mean York?)\n" +
			"line 8: unknown area \"Yrok\" (did you mean York?)\n" +
			`line 9: move needs a path like "move 2 York > Bernicia"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, errs := Decode(testHeader+tc.body+"\n", redux)
			if errs == nil {
				t.Fatalf("no error; decoded %#v", f.Body)
			}
			if f != nil {
				t.Errorf("a file with errors gave a File")
			}
			if got := errs.Error(); got != tc.want {
				t.Errorf("errors\n got %s\nwant %s", got, tc.want)
			}
			for _, e := range errs {
				if e.Illegal {
					t.Errorf("Decode gave an Illegal error: %v", e)
				}
			}
		})
	}
}

// TestEnvelopeErrors checks the errors of the header lines.
func TestEnvelopeErrors(t *testing.T) {
	const all = "no \"game:\" line\nno \"nation:\" line\nno \"turn:\" line\nno \"token:\" line"
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", all},
		{"only chatter", "hello GM\nmove 2 York > Bernicia\n", all},
		{"no token", "game: g\nnation: Saxons\nturn: r05-saxons\n", `no "token:" line`},
		{"no turn", "game: g\nnation: Saxons\ntoken: t\n", `no "turn:" line`},
		{"no nation", "game: g\nturn: r05-saxons\ntoken: t\n", `no "nation:" line`},
		{"no game", "nation: Saxons\nturn: r05-saxons\ntoken: t\n", `no "game:" line`},
		{"empty game", "game:\nnation: Saxons\nturn: r05-saxons\ntoken: t\n", `line 1: "game:" has no value`},
		{"empty token", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: # secret\n", `line 4: "token:" has no value`},
		{"duplicate header", "game: g\ngame: h\nnation: Saxons\nturn: r05-saxons\ntoken: t\n", `line 2: a second "game:" line (the first is line 1)`},
		{"duplicate nation", "game: g\nnation: Saxons\nturn: r05-saxons\ntoken: t\nnation: Angles\n", `line 5: a second "nation:" line (the first is line 2)`},
		{"turn and round", "game: g\nnation: Saxons\nturn: r05-saxons\nround: 5\ntoken: t\n", `line 4: "round:" and "turn:" say the same thing (line 3); give one`},
		{"misspelt nation", "game: g\nnation: Saxxons\nturn: r05-saxons\ntoken: t\n", `line 2: unknown nation "Saxxons" (did you mean Saxons?)`},
		{"ambiguous nation", "game: g\nnation: S\nturn: r05-saxons\ntoken: t\n", `line 2: "S" could be Scots or Saxons; write more of the name`},
		{"unknown nation", "game: g\nnation: Klingons\nturn: r05-saxons\ntoken: t\n", `line 2: unknown nation "Klingons"`},
		{"turn of another nation", "game: g\nnation: Saxons\nturn: r05-angles\ntoken: t\n", `line 3: turn "r05-angles" is the Angles turn, but the file is for the Saxons`},
		{"turn not an id", "game: g\nnation: Saxons\nturn: next\ntoken: t\n", `line 3: "next" is not a nation turn like "r05-saxons"`},
		{"turn of a round event", "game: g\nnation: Saxons\nturn: r05-end\ntoken: t\n", `line 3: "r05-end" is not a nation turn like "r05-saxons"`},
		{"example names the nation", "game: g\nnation: Romano-British\nturn: soon\ntoken: t\n", `line 3: "soon" is not a nation turn like "r05-romanobritish"`},
		{"round off the timeline", "game: g\nnation: Saxons\nround: 17\ntoken: t\n", `line 3: there is no round 17 (the game has rounds 1 to 16)`},
		{"round zero", "game: g\nnation: Saxons\nturn: r00-saxons\ntoken: t\n", `line 3: there is no round 0 (the game has rounds 1 to 16)`},
		{"unknown kind", "game: g\nnation: Welsh\nkind: permanent\ntoken: t\n", `line 3: "kind:" is "standing" for standing orders (leave it out for turn orders), not "permanent"`},
		{"standing with a turn", "game: g\nnation: Welsh\nkind: standing\nturn: r05-welsh\ntoken: t\n", `line 4: standing orders have no "turn:" line`},
		{"standing with a round", "game: g\nnation: Welsh\nkind: standing\nround: 5\ntoken: t\n", `line 4: standing orders have no "round:" line`},
		{"standing orders other than defend", standingHeader + "defend Powys: hold\nmove 2 Powys > Gwent\nif Powys lost:\n  defend Gwent: hold\n",
			"line 7: standing orders may only contain defend and target lines\nline 8: standing orders may only contain defend and target lines"},
		{"header and body errors together", "game: g\nnation: Saxons\nturn: r05-saxons\nmove 2 Yrok > Bernicia\n",
			"no \"token:\" line\nline 4: unknown area \"Yrok\" (did you mean York?)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, errs := Decode(tc.in, redux)
			if errs == nil {
				t.Fatalf("no error; decoded %#v", f)
			}
			if got := errs.Error(); got != tc.want {
				t.Errorf("errors\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestPrefixWarnings: an area or nation written as the beginning of its
// name is read as the one name it begins, with a warning that says so, on
// its line and naming the word (issue 21: "Sound of Gull" became Sound of
// Gulls and "place Downland" place Downlands silently, while a typo got a
// did-you-mean). A whole name or an alias in any case, spacing or
// punctuation gives none; keywords, read by unique prefix, give none.
func TestPrefixWarnings(t *testing.T) {
	hb := games.MustLoad("hy-breasil")
	tests := []struct {
		name string
		g    *games.Game
		text string
		want []string
	}{
		{"area prefix", redux, testHeader + "place Downland\nmo 1 Kent > Essex\n",
			[]string{`line 6: "Downland" is read as Downlands, the only area whose name begins so; write the whole name to be sure`}},
		{"a prefix in a path and a list", redux, testHeader + "move 2 York > Bern\nbattles Bern, Ken\n",
			[]string{`line 6: "Bern" is read as Bernicia, the only area whose name begins so; write the whole name to be sure`,
				`line 7: "Bern" is read as Bernicia, the only area whose name begins so; write the whole name to be sure`,
				`line 7: "Ken" is read as Kent, the only area whose name begins so; write the whole name to be sure`}},
		{"names and aliases", redux, testHeader + "move 2 north mercia > N. Mercia > nmercia\nmove 1 English Channel > kent\n", nil},
		{"sea prefix", hb, "game: g\nnation: Sun\nturn: r01-sun\ntoken: t\n\nmove 6 Sound of Gull > Lastlight\n",
			[]string{`line 6: "Sound of Gull" is read as Sound of Gulls, the only area whose name begins so; write the whole name to be sure`}},
		{"nation prefix", redux, "game: g\nnation: Romano\nturn: r01-romanobritish\ntoken: t\n",
			[]string{`line 2: "Romano" is read as Romano-British, the only nation whose name begins so; write the whole name to be sure`}},
		{"nation alias", redux, "game: g\nnation: RB\nturn: r01-romanobritish\ntoken: t\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			f, errs := DecodeWith(tc.text, tc.g, Options{Warn: func(w Warning) { got = append(got, w.String()) }})
			if len(errs) > 0 || f == nil {
				t.Fatalf("refused: %v", errs)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("warnings\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}
