package daemon

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// Clock is the clock pbem serve keeps for a game's turn due
// (docs/design.md §5: the deadline and the NMR policy), for pbem status.
type Clock struct {
	Turn     string    // the turn the clock is for: the game's turn due
	Started  time.Time // when the turn became due
	Deadline time.Time // when its orders are due, extensions included, in the daemon's zone
	Paused   bool      // the GM paused the game
	Ready    bool      // the player said "ready"
	Auto     []string  // nations the bot plays ("auto on"), in name order
	// Pace describes the pace the daemon keeps for the game: the game's
	// own over the daemon's (archive.Pace).
	Pace string
	// Warned: the deadline passed and the player due was warned (the grace
	// period runs); Excused: the missed deadline was excused and the turn's
	// time began again.
	Warned, Excused bool
}

// ReadClock reads the clock pbem serve keeps for game g, whose directory
// is DATA/games/ID, from DATA/pace/ID.json, without changing it. It
// returns nil when there is none for the turn due: the game is not served
// by a daemon, the clock has not started for this turn yet, or a round
// event or nothing is due.
func ReadClock(g *archive.Game) (*Clock, error) {
	due := g.Due()
	if due.Over || due.Nation == "" {
		return nil, nil
	}
	dir, err := filepath.Abs(g.Dir())
	if err != nil {
		return nil, err
	}
	games := filepath.Dir(dir)
	if filepath.Base(games) != "games" {
		return nil, nil
	}
	path := filepath.Join(filepath.Dir(games), "pace", g.ID()+".json")
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var st paceState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st.Turn != due.ID || st.Deadline.IsZero() {
		return nil, nil
	}
	c := &Clock{Turn: st.Turn, Started: st.Started, Deadline: st.Deadline, Paused: st.Paused, Ready: st.Ready,
		Pace: st.Pace, Warned: st.Warned, Excused: !st.Since.IsZero()}
	for n, on := range st.Auto {
		if on {
			c.Auto = append(c.Auto, n)
		}
	}
	slices.Sort(c.Auto)
	return c, nil
}
