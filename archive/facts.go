package archive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// What verify proves of a step's events (docs/design.md §2.2): their facts,
// not their words. An event line of events.jsonl is a JSON object of typed
// fields (adjudicator.Event). Lines written before the facts were the
// record (pbem-engine-4 and earlier) also hold "text" and "rule": the words
// the engine of the day wrote, a rendering kept as it was, compared by
// nothing. Of such a line verify compares the fields those engines wrote as
// facts (legacyFacts); a line without "text" is compared field by field,
// whole.

// legacyFacts are the fields of an event line that holds its words: the
// facts every engine up to pbem-engine-4 wrote beside them.
var legacyFacts = []string{"kind", "nation", "opponent", "area", "path", "n", "battle", "round", "dice", "their_dice", "hits", "their_hits", "left", "their_left", "line"}

// wordsFields are the fields of a legacy line that are its words.
var wordsFields = []string{"text", "rule"}

// factDiff is the first difference between two files of facts: its line
// (1-based), the field and both values ("" for a value that is absent).
type factDiff struct {
	Line          int
	Field         string
	Archive, Ours string
	// Whose is what gives Ours: "the replay" unless set.
	Whose string
}

func (d *factDiff) String() string {
	whose := d.Whose
	if whose == "" {
		whose = "the replay"
	}
	msg := fmt.Sprintf("the archive has %s, %s gives %s", orNone(d.Archive), whose, orNone(d.Ours))
	if d.Field == "" {
		return msg
	}
	return "field " + d.Field + ": " + msg
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

// diffEvents compares the archived events of a step with the replay's,
// fact by fact; nil when they agree.
func diffEvents(archived, replayed []byte) *factDiff {
	if bytes.Equal(archived, replayed) { // the same facts, written alike
		return nil
	}
	al, rl := jsonLines(archived), jsonLines(replayed)
	for i := 0; i < max(len(al), len(rl)); i++ {
		switch {
		case i >= len(al):
			return &factDiff{Line: i + 1, Ours: "the event " + rl[i]}
		case i >= len(rl):
			return &factDiff{Line: i + 1, Archive: "the event " + al[i]}
		case al[i] == rl[i]:
			continue
		}
		if d := diffEvent(al[i], rl[i]); d != nil {
			d.Line = i + 1
			return d
		}
	}
	return nil
}

// diffEvent compares one archived event line with the replay's.
func diffEvent(archived, replayed string) *factDiff {
	var a, r map[string]json.RawMessage
	if err := json.Unmarshal([]byte(archived), &a); err != nil {
		return &factDiff{Archive: strconv.Quote(archived) + " (not a JSON object: " + err.Error() + ")", Ours: "an event"}
	}
	if err := json.Unmarshal([]byte(replayed), &r); err != nil {
		return &factDiff{Archive: "an event", Ours: strconv.Quote(replayed)}
	}
	keys := unionKeys(a, r)
	if _, legacy := a["text"]; legacy {
		keys = legacyFacts
	}
	for _, k := range keys {
		if isWords(k) && a["text"] != nil {
			continue
		}
		if d := diffJSON(k, a[k], r[k]); d != nil {
			return d
		}
	}
	return nil
}

func isWords(k string) bool {
	for _, w := range wordsFields {
		if k == w {
			return true
		}
	}
	return false
}

// unionKeys are the keys of both objects, sorted.
func unionKeys(a, b map[string]json.RawMessage) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// diffJSON compares two JSON values at path, naming the first field where
// they differ (path.field, path[3]); nil when equal.
func diffJSON(path string, a, b json.RawMessage) *factDiff {
	if bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b)) {
		return nil
	}
	var ao, bo map[string]json.RawMessage
	if json.Unmarshal(a, &ao) == nil && json.Unmarshal(b, &bo) == nil && ao != nil && bo != nil {
		for _, k := range unionKeys(ao, bo) {
			if d := diffJSON(path+"."+k, ao[k], bo[k]); d != nil {
				return d
			}
		}
		return nil
	}
	var aa, ba []json.RawMessage
	if json.Unmarshal(a, &aa) == nil && json.Unmarshal(b, &ba) == nil && aa != nil && ba != nil && len(aa) == len(ba) {
		for i := range aa {
			if d := diffJSON(path+"["+strconv.Itoa(i)+"]", aa[i], ba[i]); d != nil {
				return d
			}
		}
		return nil
	}
	if equalJSON(a, b) {
		return nil
	}
	return &factDiff{Field: strings.TrimPrefix(path, "."), Archive: compact(a), Ours: compact(b)}
}

// equalJSON reports whether two JSON values are the same value (1 and 1.0,
// or differently spaced).
func equalJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return compact(mustJSON(x)) == compact(mustJSON(y))
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// compact writes a JSON value on one line, "" for none.
func compact(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return strings.TrimSpace(string(v))
	}
	return b.String()
}

// jsonLines are the non-empty lines of a JSON lines file.
func jsonLines(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// diffState compares an archived state.json with the replay's: the first
// line where they differ and the field there (armies[3].armies).
func diffState(archived, replayed []byte) *factDiff {
	if bytes.Equal(archived, replayed) {
		return nil
	}
	line, _, _ := firstDiff(archived, replayed)
	d := diffJSON("", archived, replayed)
	if d == nil { // the same facts, written differently: a file edited by hand
		_, g, w := firstDiff(archived, replayed)
		d = &factDiff{Archive: strconv.Quote(g), Ours: strconv.Quote(w)}
	}
	d.Line = line
	return d
}
