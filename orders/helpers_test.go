package orders

import (
	"reflect"
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
// so decoded and hand-built statements compare equal. It works by
// reflection on every statement kind, so a kind added later cannot be
// missed (a type switch here once left out the Leaders and Raiders kinds,
// and FuzzDecode reported a round trip that was in fact fine).
func noLines(body []Statement) []Statement {
	if body == nil {
		return nil
	}
	out := make([]Statement, len(body))
	for i, s := range body {
		out[i] = stmtNoLines(s)
	}
	return out
}

var (
	atType   = reflect.TypeOf(At{})
	bodyType = reflect.TypeOf([]Statement(nil))
)

// stmtNoLines is s with its At and those of the statements it holds zeroed.
func stmtNoLines(s Statement) Statement {
	v := reflect.ValueOf(s)
	ptr := v.Kind() == reflect.Pointer
	if ptr {
		v = v.Elem()
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	for i := 0; i < c.NumField(); i++ {
		switch f := c.Field(i); f.Type() {
		case atType:
			f.Set(reflect.ValueOf(At{}))
		case bodyType:
			f.Set(reflect.ValueOf(noLines(f.Interface().([]Statement))))
		}
	}
	if ptr {
		return c.Addr().Interface().(Statement)
	}
	return c.Interface().(Statement)
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
