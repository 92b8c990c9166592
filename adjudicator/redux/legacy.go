package redux

import (
	"regexp"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
)

// The words of pbem-engine-1 (adjudicator.Engine.Compat 1), for reduX Core
// and Leaders and Raiders, the two rulesets that engine played. Games written by that
// engine keep verifying byte for byte (archive.Verify compares the events
// it replays with the archived ones), so their events must keep its
// texts, slips of grammar included: "the Romano-British' turn", "1
// armies", "1 Saxons army move", "2 Saxons attack 1 Jutes". Each rule
// below takes the current text of one event and gives back the text
// pbem-engine-1 wrote for the same event; it names the text it undoes.
// Texts that did not change have no rule. TestPreKernelArchivesVerify
// (archive) replays every archive of that engine kept in
// archive/testdata/prekernel against them.

// v1Rule rewrites one text of the current engine into pbem-engine-1's.
type v1Rule struct {
	kinds []string // the event kinds it applies to
	core  bool     // only in reduX Core games
	lr    bool     // only in Leaders and Raiders games
	re    *regexp.Regexp
	to    string                                        // the replacement, with $1…
	fn    func(ev adjudicator.Event, m []string) string // or a function of the submatches
}

func rule(kinds, re, to string) v1Rule {
	return v1Rule{kinds: strings.Fields(kinds), re: regexp.MustCompile(re), to: to}
}

// notS matches a nation name whose possessive pbem-engine-1 wrote with an
// apostrophe although it does not end in s ("Romano-British'").
const notS = `(.*[^'s])`

var v1Rules = []v1Rule{
	// Possessives (games.Possessive).
	rule("turn", `^Round (\d+): the `+notS+` turn$`, "Round $1: the $2' turn"),
	rule("leader", `^(.+) leaves play at the start of the `+notS+` turn \(reduX L&R 9\.2\)$`, "$1 leaves play at the start of the $2' turn (reduX L&R 9.2)"),
	rule("phase", `^The `+notS+` (Major Invasion: second Movement Phase|Raider Withdrawal Phase) \(`, "The $1' $2 ("),
	rule("extra", `^The `+notS+` extra nation turn: `, "The $1' extra nation turn: "),
	rule("reinforce", `^The `+notS+` reinforcement does not come: `, "The $1' reinforcement does not come: "),
	rule("skipped", `(: only \d+ of the )`+notS+` armies in `, "$1$2' armies in "),
	rule("skipped", `(: the )`+notS+` (leader has already moved|extra reinforcements are)`, "$1$2' $3"),

	// Population increase and reinforcements (reduX Core 5).
	rule("population", `^The (.+) have (\d+) excess arm(?:y|ies) and (\d+) population points?: no increase, (\d+) arm(?:y|ies) removed, marker to 0 \(reduX Core 5\.1\)$`,
		"The $1 have $2 excess armies and $3 population points: no increase, $4 armies removed, marker to 0 (reduX Core 5.1)"),
	rule("population", `^The (.+) have (\d+) population points?: (\d+) new (army|armies), (\d+) points? kept \(reduX Core 5\.1\)$`,
		"The $1 have $2 population points: $3 new $4, $5 points kept (reduX Core 5.1)"),
	rule("population", `^The (.+) have (\d+) population points? and (\d+) excess arm(?:y|ies): (\d+) new (army|armies), (\d+) points? kept \(reduX Core 5\.1\)$`,
		"The $1 have $2 population points and $3 excess armies: $4 new $5, $6 points kept (reduX Core 5.1)"),
	rule("shortage", `^The (.+) have only (\d+) arm(?:y|ies) left of the (\d+) gained; marker to (\d+) \(reduX Core 5\)$`,
		"The $1 have only $2 armies left of the $3 gained; marker to $4 (reduX Core 5)"),
	rule("shortage", `^(\d+) new arm(?:y|ies) ha(?:s|ve) nowhere to go within the stacking limit and (?:is|are) not placed; marker to (\d+) \(reduX Core 5\.1\.1\)$`,
		"$1 new armies have nowhere to go within the stacking limit and are not placed; marker to $2 (reduX Core 5.1.1)"),
	rule("shortage", `^Only (\d+) of (\d+) ((?:infantry |cavalry )?)reinforcements? (?:is|are) available`, "Only $1 of $2 ${3}reinforcements are available"),
	rule("default", `^(\d+) new arm(?:y|ies) not placed by the orders (?:is|are) placed by default$`, "$1 new armies not placed by the orders are placed by default"),
	rule("skipped", `(: only \d+) new army this turn`, "$1 new armies this turn"),
	{kinds: []string{"reinforce"}, core: true, re: regexp.MustCompile(`^(\d+) (.+) invaders? arrives? in (.+) \(reduX Core 5\.2\.1\)$`), to: "$1 $2 invaders arrive in $3 (reduX Core 5.2.1)"},
	{kinds: []string{"reinforce"}, core: true, re: regexp.MustCompile(`^(\d+) (.+) reinforcements? placed in (.+) \(reduX Core 5\.2\.2\)$`), to: "$1 $2 reinforcements placed in $3 (reduX Core 5.2.2)"},
	{kinds: []string{"limit"}, core: true, re: regexp.MustCompile(`^The (.+) have nowhere to place (\d+) reinforcements? \(reduX Core 5\.2\.2\)$`), to: "The $1 have nowhere to place $2 reinforcements (reduX Core 5.2.2)"},
	rule("reinforce", `^(The Danes' Rex Anglorum|The Rex Anglorum's extra) (.+) are placed in `, "$1 $2 is placed in "),

	// Movement (reduX Core 6).
	rule("move", `^(.+?) moves `, "$1 move "),
	rule("overrun", `^(.+?) overruns `, "$1 overrun "),
	rule("default", `^1 army at sea must land and no order moved it: it lands in `, "1 army at sea must land and no order moved them: they land in "),
	rule("limit", `^(at the end of movement the .+ break the stacking limit in [^:]+): .+ \(\d+ armies, \d+ in difficult terrain, one overstack of up to \d+ or \d+\) \(reduX Core 4\.2\.1, 6\.4\)$`,
		"$1 (3 armies, 2 in difficult terrain, one overstack of up to 6 or 4) (reduX Core 4.2.1, 6.4)"),
	rule("limit", `^(the .+ must hold at least as many areas at the end of movement as at the start \(\d+\), but would hold \d+): .+ would be left empty \(reduX Core 6\.4\)$`, "$1 (reduX Core 6.4)"),
	{kinds: []string{"limit"}, core: true, re: regexp.MustCompile(`^at the end of movement the (.+) would have (\d+) arm(?:y|ies) over their population limit of (\d+) \(.*\) \(reduX Core 4\.2\.2, 6\.4\)$`),
		to: "at the end of movement the $1 would have $2 armies over their population limit of $3 (reduX Core 4.2.2, 6.4)"},
	{kinds: []string{"limit"}, lr: true, re: regexp.MustCompile(`^at the end of movement the (.+) would have (\d+) arm(?:y|ies) over their population limit of \d+ \(.*\) \(reduX Core 4\.2\.2, 6\.4\)$`),
		to: "at the end of movement the $1 would have $2 armies over their population limit (reduX Core 4.2.2, 6.4)"},

	// Battles (reduX Core 7, L&R 9).
	{kinds: []string{"battle"}, core: true, re: regexp.MustCompile(`^Battle (\d+) in (.+): the (.+) \((\d+)\) attack the (.+) \((\d+)\)$`), to: "Battle $1 in $2: $4 $3 attack $6 $5"},
	{kinds: []string{"battle"}, lr: true, re: regexp.MustCompile(`^Battle (\d+) in (.+?): the (.+?) \(([^()]*)\) attack the (.+) \(([^()]*)\)$`),
		fn: func(_ adjudicator.Event, m []string) string {
			return "Battle " + m[1] + " in " + m[2] + ": " + v1Force(m[3], m[4], ": ") + " attack " + v1Force(m[5], m[6], ": ")
		}},
	{kinds: []string{"round"}, lr: true, re: regexp.MustCompile(`^(.*; left )(\d+(?: \([^()]*\))?) against (\d+(?: \([^()]*\))?)$`),
		fn: func(ev adjudicator.Event, m []string) string {
			return m[1] + v1Strength(ev.Nation, m[2]) + " against " + v1Strength(ev.Opponent, m[3])
		}},
	{kinds: []string{"battle-end"}, lr: true, re: regexp.MustCompile(`^The (.+) (win|hold) (.+) with (\d+(?: \([^()]*\))?) left$`),
		fn: func(_ adjudicator.Event, m []string) string {
			return "The " + m[1] + " " + m[2] + " " + m[3] + " with " + v1Strength(m[1], m[4]) + " left"
		}},

	// Raiders, Cnut and Arthur (L&R 9.3, 9.4, 11.5).
	rule("withdraw", `^(.+?) withdraws from `, "$1 withdraw from "),
	rule("limit", `^the withdrawal would put the (.+) (\d+) arm(?:y|ies) over their population limit`, "the withdrawal would put the $1 $2 over their population limit"),
	rule("remove", `( can neither stay nor go back to sea with Cnut and) is removed`, "$1 are removed"),
	rule("leader", `^(Arthur has left play: \d+ Romano-British cavalry in .+) becomes infantry`, "$1 become infantry"),
	rule("leader", `( become infantry and \d+) is removed for want of infantry`, "$1 are removed for want of infantry"),

	// Scoring (reduX Core 3, L&R 10).
	{kinds: []string{"score"}, core: true, re: regexp.MustCompile(`^The (.+) score (\d+) VP for holding (\d+) scoring centres? and (\d+) other areas?: `),
		to: "The $1 score $2 VP for holding $3 scoring centres and $4 other areas: "},
	{kinds: []string{"score"}, lr: true, re: regexp.MustCompile(`^The (.+) score (\d+) VP for holding (\d+) scoring centres?, (\d+) adjacent areas? and (\d+) other areas?: `),
		to: "The $1 score $2 VP for holding $3 scoring centres, $4 adjacent and $5 other areas: "},
	rule("score", ` \(only (\d+) other areas? counts?\)`, " (only $1 other areas count)"),
	rule("score", `as Bretwalda, holding (\d+) areas? of England and its borders`, "as Bretwalda, holding $1 areas of England and its borders"),
	rule("score", `for eliminating (\d+) arm(?:y|ies) of the (.+) \(reduX L&R 10\.4\)$`, "for eliminating $1 $2 (reduX L&R 10.4)"),
	rule("score", `for eliminating (.+ cavalry) of the (.+) \(reduX L&R 10\.4\)$`, "for eliminating $1 $2 (reduX L&R 10.4)"),
	rule("king", `^The (.+) hold (\d+) areas? of England south of York and Cheshire`, "The $1 hold $2 areas of England south of York and Cheshire"),
	rule("king", `^The (.+) tie for King of England with (\d+) areas?: `, "The $1 tie for King of England with $2 areas: "),
}

// v1Strength is pbem-engine-1's words for a nation's units in an area
// ("4 Normans (1 cavalry) with William") from the current ones ("4 (1
// cavalry, with William)").
func v1Strength(nation, s string) string {
	n, among, _ := strings.Cut(s, " (")
	return v1Force(nation, n+": "+strings.TrimSuffix(among, ")"), ": ")
}

// v1Force is v1Strength for the battle's first line ("Normans", "4: 1
// cavalry, with William").
func v1Force(nation, s, sep string) string {
	n, among, _ := strings.Cut(s, sep)
	out := n + " " + nation
	var leader string
	for _, x := range strings.Split(among, ", ") {
		switch {
		case strings.HasSuffix(x, " cavalry"):
			out += " (" + x + ")"
		case strings.HasPrefix(x, "with "):
			leader = " " + x
		}
	}
	return out + leader
}

// Legacy gives events pbem-engine-1's texts (Engine.Compat 1): lr says
// the game is Leaders and Raiders.
func Legacy(lr bool) func(e *adjudicator.Engine, version int, evs []adjudicator.Event) []adjudicator.Event {
	return func(e *adjudicator.Engine, version int, evs []adjudicator.Event) []adjudicator.Event {
		if version != 1 {
			return evs
		}
		for i := range evs {
			for _, r := range v1Rules {
				if (r.core && lr) || (r.lr && !lr) || !kindIn(evs[i].Kind, r.kinds) {
					continue
				}
				evs[i].Text = r.apply(evs[i])
			}
		}
		return evs
	}
}

// apply rewrites an event's text by the rule, if it matches.
func (r v1Rule) apply(ev adjudicator.Event) string {
	m := r.re.FindStringSubmatchIndex(ev.Text)
	if m == nil {
		return ev.Text
	}
	if r.fn != nil {
		var sub []string
		for k := 0; k < len(m); k += 2 {
			sub = append(sub, ev.Text[m[k]:m[k+1]])
		}
		return ev.Text[:m[0]] + r.fn(ev, sub) + ev.Text[m[1]:]
	}
	return ev.Text[:m[0]] + string(r.re.ExpandString(nil, r.to, ev.Text, m)) + ev.Text[m[1]:]
}

func kindIn(k string, kinds []string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}
