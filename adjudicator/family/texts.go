package family

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
)

// Texts are the words of the events and problems the library's stages
// write where rulesets word them differently. CoreTexts are reduX Core's;
// a derived ruleset copies a base's Texts and replaces entries.
type Texts struct {
	// Force describes units for events: "3 armies", "2 infantry and 1
	// cavalry", with a leader "Arthur with 2 cavalry".
	Force func(inf, cav int, leader string) string
	// Invaders is the event of invaders arriving at sea (reduX Core 5.2.1).
	Invaders func(t *Turn, where string, inf, cav int, leader string) string
	// Placed is the event of reinforcements placed on land (5.2.2).
	Placed func(t *Turn, dest string, inf, cav int, leader string) string
	// Nowhere is the event of reinforcements with nowhere to go (5.2.2).
	Nowhere func(t *Turn, inf, cav int, leader string) string
	// Shortage is the event of reinforcements short of units (5).
	Shortage func(t *Turn, kind string, avail, want int) string
	// Moved is the event of a move (6).
	Moved func(t *Turn, inf, cav int, leader string, path []string) string
	// Range is the problem of a path too long (6): its rule and words.
	Range func(t *Turn, withLeader bool, inf, limit, steps int) (rule, msg string)
	// Strait is the problem of a strait crossed with other steps (6.2).
	Strait func(t *Turn, from, to string) (rule, msg string)
	// NoOverrun is the problem of moving on through difficult terrain
	// that holds other nations' armies (6.3).
	NoOverrun func(t *Turn, area, occupants string) (rule, msg string)
	// Round is the event text of one round of battle (7.1).
	Round func(t *Turn, b *Battle, r *RoundResult) string
	// BattleEnd is the event text of a battle's end (7.2).
	BattleEnd func(t *Turn, b *Battle) string
	// DefenderStuck and AttackerStuck are the events of a retreat that
	// has nowhere to go (7.2, 7.2.1, 7.2.2).
	DefenderStuck func(t *Turn, nation, area string) string
	AttackerStuck func(t *Turn, area string) string
}

// CoreTexts are reduX Core's words.
var CoreTexts = Texts{
	Force: func(inf, cav int, leader string) string {
		n := inf + cav
		return fmt.Sprintf("%d %s", n, armies(n))
	},
	Invaders: func(t *Turn, where string, inf, cav int, _ string) string {
		k := inf + cav
		return fmt.Sprintf("%d %s %s in %s (reduX Core 5.2.1)", k, t.Nation(), adjudicator.Verb(k, "invader arrives", "invaders arrive"), where)
	},
	Placed: func(t *Turn, dest string, inf, cav int, _ string) string {
		k := inf + cav
		return fmt.Sprintf("%d %s %s placed in %s (reduX Core 5.2.2)", k, t.Nation(), adjudicator.Verb(k, "reinforcement", "reinforcements"), dest)
	},
	Nowhere: func(t *Turn, inf, cav int, _ string) string {
		return fmt.Sprintf("The %s have nowhere to place %s (reduX Core 5.2.2)", t.Nation(), count(inf+cav, "reinforcement", "reinforcements"))
	},
	Shortage: func(t *Turn, _ string, avail, want int) string {
		return fmt.Sprintf("Only %d of %s %s available; marker to %d (reduX Core 5)", avail, count(want, "reinforcement", "reinforcements"), isAre(avail), t.G.Tables.Population.TrackMax)
	},
	Moved: func(t *Turn, inf, cav int, _ string, path []string) string {
		n := inf + cav
		return fmt.Sprintf("%d %s %s %s %s", n, t.Nation(), armies(n), adjudicator.Verb(n, "moves", "move"), strings.Join(path, " > "))
	},
	Range: func(t *Turn, _ bool, _, limit, steps int) (string, string) {
		return "reduX Core 6", fmt.Sprintf("armies move at most %d areas; this path has %d", limit, steps)
	},
	Strait: func(t *Turn, from, to string) (string, string) {
		return "reduX Core 6.2", fmt.Sprintf("crossing the strait from %s to %s takes all of an army's movement", from, to)
	},
	NoOverrun: func(t *Turn, area, occupants string) (string, string) {
		return "reduX Core 6.3", fmt.Sprintf("armies must stop in %s: it holds %s armies and overruns are not possible in difficult terrain", area, occupants)
	},
	Round: func(t *Turn, b *Battle, r *RoundResult) string {
		return fmt.Sprintf("  round %d: %s roll %s (hit on %d+) and kill %d; %s roll %s (hit on %d+) and kill %d; left %d against %d",
			r.Round, t.Nation(), adjudicator.DiceText(r.Dice[0].All()), r.Need[0], r.Kills[0].Total(), b.DefName, adjudicator.DiceText(r.Dice[1].All()), r.Need[1], r.Kills[1].Total(),
			t.Armies(b.Area, t.N), t.Armies(b.Area, b.Def))
	},
	BattleEnd: func(t *Turn, b *Battle) string {
		switch A, D := t.Armies(b.Area, t.N), t.Armies(b.Area, b.Def); {
		case A > 0 && D == 0:
			return fmt.Sprintf("The %s win %s with %d left", t.Nation(), t.Name(b.Area), A)
		case D > 0 && A == 0:
			return fmt.Sprintf("The %s hold %s with %d left", b.DefName, t.Name(b.Area), D)
		}
		return fmt.Sprintf("No army is left in %s", t.Name(b.Area))
	},
	DefenderStuck: func(t *Turn, nation, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but have no legal area to go to, and fight on (reduX Core 7.2)", nation, area)
	},
	AttackerStuck: func(t *Turn, area string) string {
		return fmt.Sprintf("  the %s would retreat from %s but cannot (from the sea, placed there, or the way back is blocked), and fight on (reduX Core 7.2.2)", t.Nation(), area)
	},
}
