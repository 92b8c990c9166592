package britannia

import (
	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/adjudicator/family"
	"github.com/pbem-org/pbem/games"
)

// submissions is the submission Decision, taken at the end of every nation
// turn (seed 002 §5 Submission; seed 004 "Vi overgiver os"): a nation whose
// orders say "submit to NATION" (its turn's file in its own turn, else its
// standing orders) submits when a row of the submission table allows it:
// the round, at most that many areas held, the overlord on the board, not
// already a subject. The overlord scores the row's VP (ref §4: 6 for the
// submission of the Belgae). The default is not to submit.
func submissions(t *family.Turn) {
	x := X(t.S)
	for m := range t.E.NumNations() {
		f := t.DecisionFile(m)
		if f == nil || x.overlord(m) >= 0 {
			continue
		}
		for _, st := range f.Body {
			sb, ok := st.(Submit)
			if !ok {
				continue
			}
			if row := submissionRow(t, m, sb.To); row != nil {
				submit(t, m, row)
			}
			break
		}
	}
}

// submissionRow is the row of the submission table that lets nation m
// submit to the nation named to now, or nil.
func submissionRow(t *family.Turn, m adjudicator.NationID, to string) *Submission {
	d := D(t.E)
	held := len(t.S.Held(t.B, m))
	for i := range d.Submission {
		row := &d.Submission[i]
		o := mustNation(t.E, row.To)
		if mustNation(t.E, row.Nation) != m || games.Fold(row.To) != games.Fold(to) || !inRounds(row.Rounds, t.S.Round) {
			continue
		}
		if held > 0 && held <= row.AtMost && t.S.OnBoard(o) > 0 {
			return row
		}
	}
	return nil
}

// submit makes nation m a subject of the row's overlord.
func submit(t *family.Turn, m adjudicator.NationID, row *Submission) {
	o := mustNation(t.E, row.To)
	X(t.S).Overlord[m] = o
	t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "cb-submit", Nation: t.E.NationName(m), Args: adjudicator.Args(t.E.NationName(o), row.Until)})
	if row.VP > 0 {
		t.Award(o, row.VP, adjudicator.Event{What: "cb-submission-vp", Args: adjudicator.Args(t.E.NationName(m))})
	}
}

// endSubmissions frees the subjects whose submission ends as round r
// begins (seed 002 §5: to the Romans at the start of VI, to the Angles
// at XII).
func endSubmissions(t *family.Turn, r int) {
	x := X(t.S)
	for n, o := range x.Overlord {
		if o < 0 {
			continue
		}
		for _, row := range D(t.E).Submission {
			if mustNation(t.E, row.Nation) == n && mustNation(t.E, row.To) == o && row.Until <= r {
				x.Overlord[n] = -1
				t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "cb-submission-ends", Nation: t.E.NationName(n), Args: adjudicator.Args(t.E.NationName(o))})
				break
			}
		}
	}
}

// maySubmit reports whether the submission table has a row for nation n
// submitting to the nation named to, in any round.
func maySubmit(e *adjudicator.Engine, n adjudicator.NationID, to string) bool {
	for _, row := range D(e).Submission {
		if mustNation(e, row.Nation) == n && games.Fold(row.To) == games.Fold(to) {
			return true
		}
	}
	return false
}
