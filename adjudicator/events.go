package adjudicator

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Event kinds. Each event carries a one-line Text for people and the
// structured fields for reports, maps and other tools.
const (
	EvTurn       = "turn"       // a nation turn starts
	EvSkip       = "skip"       // a nation turn is skipped (Core 4.1)
	EvPopulation = "population" // population increase computed (Core 5.1)
	EvPlace      = "place"      // armies placed (Core 5.1.1)
	EvRemove     = "remove"     // armies removed for excess (Core 5.1)
	EvReinforce  = "reinforce"  // reinforcements placed (Core 5.2)
	EvShortage   = "shortage"   // army shortage (Core 5)
	EvMove       = "move"       // a move (Core 6)
	EvOverrun    = "overrun"    // armies passed through an area (Core 6.3)
	EvBattle     = "battle"     // a battle starts (Core 7)
	EvRound      = "round"      // one round of battle with its dice (Core 7.1)
	EvRetreat    = "retreat"    // armies retreat (Core 7.2)
	EvBattleEnd  = "battle-end" // a battle ends
	EvSkipped    = "skipped"    // a statement that became impossible (docs/design.md §2)
	EvDefault    = "default"    // a Decision answered by its documented default
	EvLimit      = "limit"      // a limit that could not be met (docs/design.md §2)
	EvScore      = "score"      // victory points scored (Core 3.1)
	EvKing       = "king"       // King of England (Core 3.2)
	EvGameOver   = "game-over"  // final standings
	EvLeader     = "leader"     // a leader placed, moved with its armies, removed or eliminated (L&R 9.2)
	EvPhase      = "phase"      // a second movement phase or the Raider Withdrawal Phase (L&R 11.3, 11.5)
	EvWithdraw   = "withdraw"   // raiders withdraw to sea (L&R 11.5)
	EvRex        = "rex"        // Rex Anglorum (L&R 10.6, 9.4)
	EvExtra      = "extra"      // the final round's extra nation turns (L&R 11.6.1)
)

// Event is one thing that happened, as facts (docs/design.md §2.2): who,
// where, how many, the dice, the hit numbers, a wound, which Decision took
// its default and why. Its words are the ruleset's (View.Words), rendered
// from the facts when a report is drawn (Engine.Text): a better sentence
// never changes the record. What names the fact within its Kind, and so
// the words; Args are further values its words name, in their order, that
// no code reads but the words.
type Event struct {
	Kind     string   `json:"kind"`
	What     string   `json:"what,omitempty"`
	Nation   string   `json:"nation,omitempty"`
	Opponent string   `json:"opponent,omitempty"`
	Area     string   `json:"area,omitempty"`
	Path     []string `json:"path,omitempty"`
	N        int      `json:"n,omitempty"`
	Battle   int      `json:"battle,omitempty"`
	Round    int      `json:"round,omitempty"`
	Dice     []int    `json:"dice,omitempty"`       // the nation's dice
	TheirDie []int    `json:"their_dice,omitempty"` // the opponent's dice
	Hits     int      `json:"hits,omitempty"`
	TheirHit int      `json:"their_hits,omitempty"`
	Left     int      `json:"left,omitempty"`       // the nation's armies left
	TheirLft int      `json:"their_left,omitempty"` // the opponent's armies left
	Line     int      `json:"line,omitempty"`       // order line the event answers
	// Units count the units of each kind where the kinds differ (2
	// infantry and 1 cavalry): those that move, arrive or are placed, or
	// after a round of battle the nation's units left (TheirUnits the
	// opponent's); N or Left is their total.
	Units      []Count `json:"units,omitempty"`
	TheirUnits []Count `json:"their_units,omitempty"`
	// Leader is a leader's name (reduX L&R 9.2): the one an event is of,
	// or after a round of battle the nation's leader in the area
	// (TheirLeader the opponent's).
	Leader      string `json:"leader,omitempty"`
	TheirLeader string `json:"their_leader,omitempty"`
	// Rolls and TheirRolls are a round of battle's dice kind by kind, in
	// the order they were rolled (Dice and TheirDie hold them all); Bonus
	// and TheirBonus what each side adds to its dice (a leader's +1, L&R
	// 9.2.2); Kills and TheirKills what each side killed, kind by kind
	// (Hits and TheirHit are the totals).
	Rolls      []Roll  `json:"rolls,omitempty"`
	TheirRolls []Roll  `json:"their_rolls,omitempty"`
	Bonus      int     `json:"bonus,omitempty"`
	TheirBonus int     `json:"their_bonus,omitempty"`
	Kills      []Count `json:"kills,omitempty"`
	TheirKills []Count `json:"their_kills,omitempty"`
	// Need and TheirNeed are the least die that hits, each side, in a
	// round of battle (reduX Core 7.1, Hy Breasil 6.3.1); 0 where no one
	// number does.
	Need      int `json:"need,omitempty"`
	TheirNeed int `json:"their_need,omitempty"`
	// Killed and TheirKilled are the units each side killed in a round of
	// battle; Wounded and TheirWounded the wounded units each side has
	// left (Hy Breasil 6.3.1: a hit wounds an unhurt unit first).
	Killed       int  `json:"killed,omitempty"`
	TheirKilled  int  `json:"their_killed,omitempty"`
	Wounds       bool `json:"wounds,omitempty"`
	Wounded      int  `json:"wounded,omitempty"`
	TheirWounded int  `json:"their_wounded,omitempty"`
	// City says the opponent's dice end with its city's die (Hy Breasil
	// 9.3.1), which hits on CityNeed.
	City     bool `json:"city,omitempty"`
	CityNeed int  `json:"city_need,omitempty"`
	// Die is the one die an event rolls outside a battle where its words
	// show it: a random event's die (Hy Breasil 6.1), Plague's, the
	// scoring die (11). Scored says the scoring die let the turn's victory
	// points be scored (Hy Breasil 11: on 4 or more).
	Die    int  `json:"die,omitempty"`
	Scored bool `json:"scored,omitempty"`
	// For is the nation an event is about when it is not the acting one:
	// the nation due next, whose random event is rolled as its turn
	// becomes due (Hy Breasil 6.1).
	For string `json:"for,omitempty"`
	// VP is the victory points an event scores, exactly: in halves where
	// a ruleset scores halves (Britannia 2005 ref §4); N is them rounded
	// down where it holds them.
	VP Points `json:"vp,omitempty"`
	// Areas are the areas a fact counts where it names several: those a
	// score is for (reduX Core 3.1, L&R 10.1, Britannia 2005 ref §4).
	Areas []string `json:"areas,omitempty"`
	// Decision names the Decision that took its default (EvDefault), and
	// What why.
	Decision string   `json:"decision,omitempty"`
	Args     []string `json:"args,omitempty"`
	// Said are the words an engine that wrote words kept with the event
	// (the engines before events were facts): a rendering, compared by nothing, shown
	// only for an event the ruleset has no words for (Engine.Text).
	Said string `json:"text,omitempty"`
	// Text is the event's words as a view shows them, filled when a view
	// is drawn (Engine.Render); never part of the record.
	Text string `json:"-"`
	// Idle says of an event that opens a phase (EvPhase) that its nation
	// moved nothing and fought no battle in that phase: a fact read from
	// the events after it when a view is drawn (Engine.Render), so that
	// the words never announce a phase as if something happened in it;
	// never part of the record.
	Idle bool `json:"-"`
}

// Roll is the dice one kind of units rolled.
type Roll struct {
	Kind string `json:"kind"`
	Dice []int  `json:"dice"`
}

// Count is how many units of a kind.
type Count struct {
	Kind string `json:"kind"`
	N    int    `json:"n"`
}

// Arg is the i-th of the event's further values (Args), "" past the end.
func (e Event) Arg(i int) string {
	if i < len(e.Args) {
		return e.Args[i]
	}
	return ""
}

// ArgN is the i-th of the event's further values as a number, 0 where it
// is none.
func (e Event) ArgN(i int) int {
	n, _ := strconv.Atoi(e.Arg(i))
	return n
}

func (e Event) String() string { return e.Text }

// MarshalEvents writes events as JSON lines, one event a line.
func MarshalEvents(evs []Event) []byte {
	var sb strings.Builder
	for _, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			panic(err)
		}
		sb.Write(b)
		sb.WriteByte('\n')
	}
	return []byte(sb.String())
}

// UnmarshalEvents reads events written by MarshalEvents; errors name the line.
func UnmarshalEvents(data []byte) ([]Event, error) {
	var out []Event
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		var e Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("events line %d: %w", i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}
