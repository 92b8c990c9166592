package adjudicator

import (
	"encoding/json"
	"fmt"
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

// Event is one thing that happened.
type Event struct {
	Kind     string   `json:"kind"`
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
	Rule     string   `json:"rule,omitempty"`
	Text     string   `json:"text"`
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
