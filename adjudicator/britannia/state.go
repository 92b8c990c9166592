package britannia

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
)

// Ext is the part of a position only classic Britannia has: who has
// submitted to whom (seed 002 §5 Submission) and the leaders that fell
// (a Timeline leader who fell does not come back; the King of XVI is one
// of four leaders alive, seed 004 The king). Roman armies, forts and
// burhs are units of the kernel (kinds roman, fort, burh).
type Ext struct {
	// Overlord[n] is the nation n submitted to, or -1.
	Overlord []adjudicator.NationID
	// Fallen are the leaders eliminated in battle, in order.
	Fallen []string
	// Protected[n] marks a nation that was subject to Rome when the Romans
	// left, until it attacks the Romano-British (ref §4: "the
	// Romano-British may not attack nations that submitted to Rome until
	// round VIII unless attacked first").
	Protected []bool
	// Votes[n] is nation n's Bretwalda vote as it stood at the end of the
	// latest nation turn of the round, or -1 for none (its own nation).
	Votes []adjudicator.NationID
	// TurnVotes[n] is the vote line of nation n's own file of this round,
	// or -1 (switch bretwalda-own-vote; nil: none this round). It counts
	// where n's standing orders have no vote line.
	TurnVotes []adjudicator.NationID
}

func newExt(nations int) *Ext {
	x := &Ext{Overlord: make([]adjudicator.NationID, nations), Votes: make([]adjudicator.NationID, nations)}
	for i := range x.Overlord {
		x.Overlord[i], x.Votes[i] = -1, -1
	}
	return x
}

// CloneExt implements adjudicator.Ext.
func (x *Ext) CloneExt() adjudicator.Ext {
	return &Ext{Overlord: slices.Clone(x.Overlord), Fallen: slices.Clone(x.Fallen), Votes: slices.Clone(x.Votes), Protected: slices.Clone(x.Protected),
		TurnVotes: slices.Clone(x.TurnVotes)}
}

// turnVote is the vote line of nation n's own file of this round, or -1.
func (x *Ext) turnVote(n adjudicator.NationID) adjudicator.NationID {
	if n < 0 || n >= len(x.TurnVotes) {
		return -1
	}
	return x.TurnVotes[n]
}

// setTurnVote records the vote line of nation n's own file (-1: none).
func (x *Ext) setTurnVote(n, v adjudicator.NationID, nations int) {
	if x.TurnVotes == nil {
		if v < 0 {
			return
		}
		x.TurnVotes = make([]adjudicator.NationID, nations)
		for i := range x.TurnVotes {
			x.TurnVotes[i] = -1
		}
	}
	x.TurnVotes[n] = v
}

// X returns the classic part of a position.
func X(s *adjudicator.State) *Ext { return s.Ext.(*Ext) }

// overlord is the nation n submitted to, or -1.
func (x *Ext) overlord(n adjudicator.NationID) adjudicator.NationID {
	if n < 0 || n >= len(x.Overlord) {
		return -1
	}
	return x.Overlord[n]
}

// subjects lists the nations that submitted to nation o.
func (x *Ext) subjects(o adjudicator.NationID) []adjudicator.NationID {
	var out []adjudicator.NationID
	for n, ov := range x.Overlord {
		if ov == o {
			out = append(out, n)
		}
	}
	return out
}

// endSubmission frees every subject of nation o (seed 002 §5: submission
// ends at the start of turn 6, to the Angles at turn 12).
func (x *Ext) endSubmission(o adjudicator.NationID) {
	for n := range x.Overlord {
		if x.Overlord[n] == o {
			x.Overlord[n] = -1
		}
	}
}

// mayAttack says why nation m may not attack nation v ("" if it may): a
// subject may not attack its overlord or another subject of it, nor the
// overlord its subjects (seed 002 §5 Submission).
func (x *Ext) mayAttack(e *adjudicator.Engine, m, v adjudicator.NationID) family.No {
	om, ov := x.overlord(m), x.overlord(v)
	switch {
	case om == v:
		return family.Refuse("cb-subject-attacks", e.NationName(v))
	case om >= 0 && om == ov:
		return family.Refuse("cb-fellow-subjects", e.NationName(v), e.NationName(om))
	case ov == m:
		return family.Refuse("cb-overlord-attacks", e.NationName(v))
	}
	return family.No{}
}

// snapshot is the readable form of an Ext in the archive, with the
// leaders on the board (the kernel's snapshot has the stacks only).
type snapshot struct {
	Leaders  []snapshotLeader  `json:"leaders,omitempty"`
	Subjects []snapshotSubject `json:"subjects,omitempty"`
	Fallen   []string          `json:"fallen,omitempty"`
	Votes    []snapshotVote    `json:"votes,omitempty"`
	// TurnVotes are the vote lines of the nations' own files of the round
	// (switch bretwalda-own-vote).
	TurnVotes []snapshotVote `json:"turn_votes,omitempty"`
	// Protected are the former subjects of Rome the Romano-British may not
	// attack yet (ref §4).
	Protected []string `json:"protected,omitempty"`
}

type snapshotVote struct {
	Nation string `json:"nation"`
	For    string `json:"for"`
}

type snapshotLeader struct {
	Leader string `json:"leader"`
	Nation string `json:"nation"`
	Area   string `json:"area"`
}

type snapshotSubject struct {
	Nation string `json:"nation"`
	To     string `json:"to"`
}

// codec writes and reads the "classic" part of a snapshot.
var codec = adjudicator.ExtCodec{Key: "classic", Encode: encode, Decode: decode}

func encode(e *adjudicator.Engine, s *adjudicator.State) any {
	x := X(s)
	sn := &snapshot{Fallen: x.Fallen}
	for _, ld := range s.Leaders {
		sn.Leaders = append(sn.Leaders, snapshotLeader{Leader: ld.Name, Nation: e.NationName(ld.Nation), Area: e.G.Board.AreaName(ld.Area)})
	}
	for n, o := range x.Overlord {
		if o >= 0 {
			sn.Subjects = append(sn.Subjects, snapshotSubject{Nation: e.NationName(n), To: e.NationName(o)})
		}
	}
	for n, p := range x.Protected {
		if p {
			sn.Protected = append(sn.Protected, e.NationName(n))
		}
	}
	for n, v := range x.Votes {
		if v >= 0 {
			sn.Votes = append(sn.Votes, snapshotVote{Nation: e.NationName(n), For: e.NationName(v)})
		}
	}
	for n, v := range x.TurnVotes {
		if v >= 0 {
			sn.TurnVotes = append(sn.TurnVotes, snapshotVote{Nation: e.NationName(n), For: e.NationName(v)})
		}
	}
	return sn
}

func decode(e *adjudicator.Engine, s *adjudicator.State, raw []byte) error {
	var sn snapshot
	if err := json.Unmarshal(raw, &sn); err != nil {
		return err
	}
	x := X(s)
	x.Fallen = sn.Fallen
	for _, ld := range sn.Leaders {
		n, err := e.NationIndex(ld.Nation)
		if err != nil {
			return fmt.Errorf("leaders: %w", err)
		}
		a, err := e.G.Board.Lookup(ld.Area)
		if err != nil {
			return fmt.Errorf("leader %s: %w", ld.Leader, err)
		}
		s.Leaders = append(s.Leaders, adjudicator.Leader{Nation: n, Name: ld.Leader, Area: a})
	}
	for _, sub := range sn.Subjects {
		n, err := e.NationIndex(sub.Nation)
		if err != nil {
			return fmt.Errorf("subjects: %w", err)
		}
		o, err := e.NationIndex(sub.To)
		if err != nil {
			return fmt.Errorf("subjects: %w", err)
		}
		x.Overlord[n] = o
	}
	for _, name := range sn.Protected {
		n, err := e.NationIndex(name)
		if err != nil {
			return fmt.Errorf("protected: %w", err)
		}
		x.protect(n, e.NumNations(), true)
	}
	for _, v := range sn.Votes {
		n, f, err := snapshotVoteOf(e, v)
		if err != nil {
			return fmt.Errorf("votes: %w", err)
		}
		x.Votes[n] = f
	}
	for _, v := range sn.TurnVotes {
		n, f, err := snapshotVoteOf(e, v)
		if err != nil {
			return fmt.Errorf("turn_votes: %w", err)
		}
		x.setTurnVote(n, f, e.NumNations())
	}
	return nil
}

// snapshotVoteOf reads a vote of a snapshot: the voter and the nation voted for.
func snapshotVoteOf(e *adjudicator.Engine, v snapshotVote) (n, f adjudicator.NationID, err error) {
	if n, err = e.NationIndex(v.Nation); err != nil {
		return -1, -1, err
	}
	if f, err = e.NationIndex(v.For); err != nil {
		return -1, -1, err
	}
	return n, f, nil
}

// leaderGone is Ruleset.LeaderGone: a leader eliminated in battle is
// remembered (a fallen leader does not come back and cannot be King).
func leaderGone(t *family.Turn, ld adjudicator.Leader, killed bool) {
	if killed {
		x := X(t.S)
		x.Fallen = append(x.Fallen, ld.Name)
	}
}

// protect sets or clears nation n's protection from the Romano-British.
func (x *Ext) protect(n adjudicator.NationID, nations int, on bool) {
	if x.Protected == nil {
		if !on {
			return
		}
		x.Protected = make([]bool, nations)
	}
	x.Protected[n] = on
}

// protected reports whether the Romano-British may not attack nation n.
func (x *Ext) protected(n adjudicator.NationID) bool {
	return n >= 0 && n < len(x.Protected) && x.Protected[n]
}
