package reduxlr

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
)

// Ext is the part of a position only Leaders and Raiders has (L&R 9-11).
// Cavalry are units of the kernel's "cavalry" kind and leaders are the
// kernel's leaders.
type Ext struct {
	// Gone lists the leaders that have left play, removed at their nation's
	// next turn or eliminated (9.2); Fallen those eliminated in battle (a
	// leader the Timeline lists again "if alive" does not come back).
	Gone   []string
	Fallen []string
	// Occupied[nation] lists the areas the nation has scored for occupying
	// (10.2: each area once).
	Occupied [][]games.AreaID
	// Provoked[nation] is set once the nation has attacked the
	// Romano-British (9.3).
	Provoked []bool
	// CnutRex is set when the Danes became Rex Anglorum in Cnut's turn (9.4).
	CnutRex bool
	// Extra is the final round's extra nation turns (11.6.1), set when the
	// regular nation turns of the final round end with more than one leader
	// eligible to be King; Done marks the turns played or skipped.
	Extra []ExtraTurn
}

// ExtraTurn is one extra nation turn of the final round and the
// reinforcements fixed for it before the first is played (11.6.1).
type ExtraTurn struct {
	Nation adjudicator.NationID
	Armies int
	Leader string
	Done   bool
}

// CloneExt implements adjudicator.Ext.
func (l *Ext) CloneExt() adjudicator.Ext {
	c := *l
	c.Gone = slices.Clone(l.Gone)
	c.Fallen = slices.Clone(l.Fallen)
	if l.Occupied != nil {
		c.Occupied = make([][]games.AreaID, len(l.Occupied))
		for i := range l.Occupied {
			c.Occupied[i] = slices.Clone(l.Occupied[i])
		}
	}
	c.Provoked = slices.Clone(l.Provoked)
	c.Extra = slices.Clone(l.Extra)
	return &c
}

// X returns the Leaders and Raiders part of a position.
func X(s *adjudicator.State) *Ext { return s.Ext.(*Ext) }

func (l *Ext) occupied(n adjudicator.NationID, a games.AreaID) bool {
	return n < len(l.Occupied) && slices.Contains(l.Occupied[n], a)
}

func (l *Ext) markOccupied(n adjudicator.NationID, a games.AreaID) {
	for len(l.Occupied) <= n {
		l.Occupied = append(l.Occupied, nil)
	}
	l.Occupied[n] = append(l.Occupied[n], a)
}

func (l *Ext) provoked(n adjudicator.NationID) bool { return n < len(l.Provoked) && l.Provoked[n] }

func (l *Ext) provoke(n adjudicator.NationID, nations int) {
	if l.Provoked == nil {
		l.Provoked = make([]bool, nations)
	}
	l.Provoked[n] = true
}

// extraFor returns nation n's extra nation turn not yet played, or nil.
func (l *Ext) extraFor(n adjudicator.NationID) *ExtraTurn {
	for i := range l.Extra {
		if l.Extra[i].Nation == n && !l.Extra[i].Done {
			return &l.Extra[i]
		}
	}
	return nil
}

// snapshotLR is the readable form of an Ext in the archive, with the
// leaders on the board; cavalry counts are in the stacks.
type snapshotLR struct {
	Leaders  []snapshotLeader   `json:"leaders,omitempty"`
	Gone     []string           `json:"gone,omitempty"`
	Fallen   []string           `json:"fallen,omitempty"`
	Occupied []snapshotOccupied `json:"occupied,omitempty"`
	Provoked []string           `json:"provoked,omitempty"`
	CnutRex  bool               `json:"cnut_rex,omitempty"`
	Extra    []snapshotExtra    `json:"extra_turns,omitempty"`
}

type snapshotLeader struct {
	Leader string `json:"leader"`
	Nation string `json:"nation"`
	Area   string `json:"area"`
}

type snapshotOccupied struct {
	Nation string   `json:"nation"`
	Areas  []string `json:"areas"`
}

type snapshotExtra struct {
	Nation string `json:"nation"`
	Armies int    `json:"armies"`
	Leader string `json:"leader,omitempty"`
	Done   bool   `json:"done,omitempty"`
}

// codec writes and reads the "lr" part of a snapshot.
var codec = adjudicator.ExtCodec{Key: "lr", Encode: encode, Decode: decode}

func encode(e *adjudicator.Engine, s *adjudicator.State) any {
	l, b := X(s), e.G.Board
	sn := &snapshotLR{Gone: l.Gone, Fallen: l.Fallen, CnutRex: l.CnutRex}
	for _, ld := range s.Leaders {
		sn.Leaders = append(sn.Leaders, snapshotLeader{Leader: ld.Name, Nation: e.NationName(ld.Nation), Area: b.AreaName(ld.Area)})
	}
	for n, as := range l.Occupied {
		if len(as) == 0 {
			continue
		}
		o := snapshotOccupied{Nation: e.NationName(n)}
		for _, a := range as {
			o.Areas = append(o.Areas, b.AreaName(a))
		}
		sn.Occupied = append(sn.Occupied, o)
	}
	for n, p := range l.Provoked {
		if p {
			sn.Provoked = append(sn.Provoked, e.NationName(n))
		}
	}
	for _, x := range l.Extra {
		sn.Extra = append(sn.Extra, snapshotExtra{Nation: e.NationName(x.Nation), Armies: x.Armies, Leader: x.Leader, Done: x.Done})
	}
	return sn
}

func decode(e *adjudicator.Engine, s *adjudicator.State, raw []byte) error {
	var sn snapshotLR
	if err := json.Unmarshal(raw, &sn); err != nil {
		return err
	}
	l := X(s)
	for _, ld := range sn.Leaders {
		n, err := e.NationIndex(ld.Nation)
		if err != nil {
			return err
		}
		a, err := e.G.Board.Lookup(ld.Area)
		if err != nil {
			return fmt.Errorf("leader %s: %w", ld.Leader, err)
		}
		s.Leaders = append(s.Leaders, adjudicator.Leader{Nation: n, Name: ld.Leader, Area: a})
	}
	l.Gone, l.Fallen, l.CnutRex = sn.Gone, sn.Fallen, sn.CnutRex
	for _, o := range sn.Occupied {
		n, err := e.NationIndex(o.Nation)
		if err != nil {
			return err
		}
		for _, name := range o.Areas {
			a, err := e.G.Board.Lookup(name)
			if err != nil {
				return fmt.Errorf("occupied: %w", err)
			}
			l.markOccupied(n, a)
		}
	}
	for _, p := range sn.Provoked {
		n, err := e.NationIndex(p)
		if err != nil {
			return err
		}
		l.provoke(n, e.NumNations())
	}
	for _, x := range sn.Extra {
		n, err := e.NationIndex(x.Nation)
		if err != nil {
			return err
		}
		l.Extra = append(l.Extra, ExtraTurn{Nation: n, Armies: x.Armies, Leader: x.Leader, Done: x.Done})
	}
	return nil
}
