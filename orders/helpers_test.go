package orders

import (
	"testing"

	"github.com/pbem-org/pbem/games"
)

var redux = games.MustLoad("redux")

// area returns the id of an area named exactly as on the board.
func area(t testing.TB, name string) games.AreaID {
	t.Helper()
	id, err := redux.Board.Lookup(name)
	if err != nil {
		t.Fatalf("test area %q: %v", name, err)
	}
	return id
}

// areas returns the ids of exactly named areas.
func areas(t testing.TB, names ...string) []games.AreaID {
	t.Helper()
	var ids []games.AreaID
	for _, n := range names {
		ids = append(ids, area(t, n))
	}
	return ids
}

// noLines returns a copy of a body with every At.Line zeroed, recursively,
// so decoded and hand-built statements compare equal.
func noLines(body []Statement) []Statement {
	if body == nil {
		return nil
	}
	out := make([]Statement, len(body))
	for i, s := range body {
		switch s := s.(type) {
		case Place:
			s.At = At{}
			out[i] = s
		case Remove:
			s.At = At{}
			out[i] = s
		case Reinforce:
			s.At = At{}
			out[i] = s
		case Move:
			s.At = At{}
			out[i] = s
		case Battles:
			s.At = At{}
			out[i] = s
		case Casualties:
			s.At = At{}
			out[i] = s
		case Attack:
			s.At = At{}
			out[i] = s
		case Defend:
			s.At = At{}
			out[i] = s
		case Phase:
			s.At = At{}
			s.Body = noLines(s.Body)
			out[i] = s
		case If:
			s.At = At{}
			s.Then = noLines(s.Then)
			out[i] = s
		default:
			out[i] = s
		}
	}
	return out
}

// fileNoLines returns a copy of f with its line numbers zeroed.
func fileNoLines(f *File) *File {
	if f == nil {
		return nil
	}
	c := *f
	c.Body = noLines(f.Body)
	return &c
}

// header is the envelope test bodies are wrapped in.
const testHeader = "game: ashdown\nnation: Saxons\nturn: r05-saxons\ntoken: 7f3a-91c2\n\n"

const standingHeader = "game: ashdown\nnation: Welsh\nkind: standing\ntoken: 11aa-22bb\n\n"
