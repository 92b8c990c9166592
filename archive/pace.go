package archive

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// paceFile is a game's own pace, in the game directory.
const paceFile = "pace.yaml"

const paceHeader = "# pbem pace: this game's own pace, set by pbem new, pbem pace or the GM's mail command \"pace\" (archive/pace.go).\n" +
	"# pbem serve takes its own pace: settings for what is not here. Not an input of the rules: verify never reads it.\n"

// Pace is a game's own pace (issue 23): how long a nation turn has and when
// it ends, the reminder, the grace period and what becomes of a missed
// turn. pbem new (flags), pbem pace and the GM's mail command "pace" set
// it; it is kept in the game directory as pace.yaml. An empty field takes
// the value of the daemon that serves the game (pbem serve's pace:
// settings), so a game without one, and every game made before games had
// one, moves at the daemon's pace. It is not an input of the rules: verify
// never reads it.
//
// Every field holds a value as Set wrote it (durations as "24h", "1h30m").
type Pace struct {
	// Deadline is the time a nation turn has for its orders, 1h to 2
	// weeks (336h).
	Deadline string `yaml:"deadline,omitempty"`
	// At is a time of day, "21:00": the deadline falls at the first such
	// time (in Timezone) once Deadline has passed since the turn became
	// due. With "deadline 12h at 21:00" every turn ends at 21:00, at least
	// twelve hours after it began.
	At string `yaml:"at,omitempty"`
	// Timezone is the IANA zone of At and of the times mailed to players
	// whose players file gives none (Europe/Berlin).
	Timezone string `yaml:"timezone,omitempty"`
	// Weekends is "skip" (Saturdays and Sundays do not count, and no
	// deadline falls on them) or "count".
	Weekends string `yaml:"weekends,omitempty"`
	// Reminder is how long before the deadline the player due is reminded;
	// "0s" for none.
	Reminder string `yaml:"reminder,omitempty"`
	// Grace is the time after the deadline before a missed turn is dealt
	// with; the player due is warned when it starts. "0s" for none.
	Grace string `yaml:"grace,omitempty"`
	// NMR is what becomes of a missed turn: "bot" plays it, "wait" waits
	// for the GM.
	NMR string `yaml:"nmr,omitempty"`
	// Extensions is how many missed deadlines each player is excused in
	// the game: the turn gets the deadline once more and the player is
	// told; after that the NMR policy applies. "0" for none.
	Extensions string `yaml:"extensions,omitempty"`
	// ChangeOfMind is how long after a valid order file the turn waits for
	// a replacement, unless the player sends "ready"; "0s" runs it at once.
	ChangeOfMind string `yaml:"change_of_mind,omitempty"`
}

// paceKeys are the fields of a Pace in the order they are listed, each
// with its check: it returns the value as kept, or why it is refused.
var paceKeys = []struct {
	key   string
	field func(p *Pace) *string
	check func(v string) (string, error)
	doc   string
}{
	{"deadline", func(p *Pace) *string { return &p.Deadline }, durationIn(time.Hour, 14*24*time.Hour), "time for a nation turn, 1h to 336h (2 weeks)"},
	{"at", func(p *Pace) *string { return &p.At }, checkClock, "the time of day the deadline falls at, HH:MM (\"none\" for any time)"},
	{"timezone", func(p *Pace) *string { return &p.Timezone }, checkZone, "an IANA time zone, e.g. Europe/Berlin"},
	{"weekends", func(p *Pace) *string { return &p.Weekends }, oneOfWords("skip", "count"), "skip or count"},
	{"reminder", func(p *Pace) *string { return &p.Reminder }, durationIn(0, 14*24*time.Hour), "how long before the deadline the player is reminded (0 for none)"},
	{"grace", func(p *Pace) *string { return &p.Grace }, durationIn(0, 14*24*time.Hour), "time after the deadline before a missed turn is dealt with"},
	{"nmr", func(p *Pace) *string { return &p.NMR }, oneOfWords("bot", "wait"), "bot or wait"},
	{"extensions", func(p *Pace) *string { return &p.Extensions }, checkCount, "missed deadlines excused per player, 0 to 9"},
	{"change_of_mind", func(p *Pace) *string { return &p.ChangeOfMind }, durationIn(0, 14*24*time.Hour), "how long a turn waits for a replacement file"},
}

// PaceKeys lists the names Set takes, in order.
func PaceKeys() []string {
	var out []string
	for _, k := range paceKeys {
		out = append(out, k.key)
	}
	return out
}

// PaceHelp describes each name Set takes, one a line.
func PaceHelp() string {
	var sb strings.Builder
	for _, k := range paceKeys {
		fmt.Fprintf(&sb, "  %-15s %s\n", k.key, k.doc)
	}
	return sb.String()
}

// Get is a field's value as kept, "" when the game has none of its own.
func (p Pace) Get(key string) string {
	for _, k := range paceKeys {
		if k.key == key {
			return *k.field(&p)
		}
	}
	return ""
}

// Set sets a field from a GM's words ("deadline", "24h"; "change-of-mind"
// reads as change_of_mind); "default" clears it, so that the daemon's
// value applies. An unknown name or a value out of range is an error in a
// GM's words.
func (p *Pace) Set(key, value string) error {
	key = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(key)), "-", "_")
	value = strings.TrimSpace(value)
	for _, k := range paceKeys {
		if k.key != key {
			continue
		}
		if strings.EqualFold(value, "default") {
			*k.field(p) = ""
			return nil
		}
		v, err := k.check(value)
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		*k.field(p) = v
		return nil
	}
	return fmt.Errorf("%q is not part of a pace: the names are %s", key, strings.Join(PaceKeys(), ", "))
}

// SetWords sets the fields named in words, "NAME VALUE …" ("deadline=24h"
// and "deadline: 24h" read too), all or none.
func (p *Pace) SetWords(words []string) error {
	var ws []string
	for _, w := range words {
		for _, f := range strings.FieldsFunc(w, func(r rune) bool { return r == '=' || r == ',' }) {
			if f = strings.TrimSuffix(f, ":"); f != "" {
				ws = append(ws, f)
			}
		}
	}
	if len(ws)%2 != 0 {
		return fmt.Errorf("each setting needs a name and a value (%q)", strings.Join(words, " "))
	}
	q := *p
	for i := 0; i < len(ws); i += 2 {
		if err := q.Set(ws[i], ws[i+1]); err != nil {
			return err
		}
	}
	*p = q
	return nil
}

// String lists the fields the game sets, "deadline 24h, at 21:00"; "" for
// none.
func (p Pace) String() string {
	var parts []string
	for _, k := range paceKeys {
		if v := *k.field(&p); v != "" {
			parts = append(parts, k.key+" "+v)
		}
	}
	return strings.Join(parts, ", ")
}

// IsZero reports whether the game sets nothing of its own.
func (p Pace) IsZero() bool { return p == Pace{} }

// Duration is a duration field's value; ok is false when the game has
// none of its own.
func (p Pace) Duration(key string) (d time.Duration, ok bool) {
	v := p.Get(key)
	if v == "" {
		return 0, false
	}
	d, err := time.ParseDuration(v)
	return d, err == nil
}

// Clock is At as hours and minutes; ok is false when the deadline may fall
// at any time.
func (p Pace) Clock() (hour, minute int, ok bool) {
	if p.At == "" || p.At == "none" {
		return 0, 0, false
	}
	t, err := time.Parse("15:04", p.At)
	if err != nil {
		return 0, 0, false
	}
	return t.Hour(), t.Minute(), true
}

func durationIn(least, most time.Duration) func(string) (string, error) {
	return func(v string) (string, error) {
		if v == "0" {
			v = "0s"
		}
		d, err := time.ParseDuration(strings.ToLower(v))
		if err != nil {
			return "", fmt.Errorf("%q is not a duration (write 24h, 90m, 1h30m)", v)
		}
		if d < least || d > most {
			return "", fmt.Errorf("%s is out of range: %s to %s", HumanDuration(d), HumanDuration(least), HumanDuration(most))
		}
		return HumanDuration(d), nil
	}
}

var clockPattern = regexp.MustCompile(`^([01]?[0-9]|2[0-3]):([0-5][0-9])$`)

func checkClock(v string) (string, error) {
	if strings.EqualFold(v, "none") {
		return "none", nil
	}
	m := clockPattern.FindStringSubmatch(v)
	if m == nil {
		return "", fmt.Errorf("%q is not a time of day (write 21:00)", v)
	}
	h, _ := strconv.Atoi(m[1])
	return fmt.Sprintf("%02d:%s", h, m[2]), nil
}

func checkZone(v string) (string, error) {
	if _, err := time.LoadLocation(v); err != nil || v == "" || strings.EqualFold(v, "local") {
		return "", fmt.Errorf("%q is not a time zone (write an IANA name such as Europe/Berlin or UTC)", v)
	}
	return v, nil
}

func checkCount(v string) (string, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 9 {
		return "", fmt.Errorf("%q is not a number from 0 to 9", v)
	}
	return strconv.Itoa(n), nil
}

func oneOfWords(words ...string) func(string) (string, error) {
	return func(v string) (string, error) {
		for _, w := range words {
			if strings.EqualFold(v, w) {
				return w, nil
			}
		}
		return "", fmt.Errorf("%q is not one of %s", v, strings.Join(words, ", "))
	}
}

// HumanDuration writes a duration as a person would: "48h", "10m",
// "1h30m", "0s".
func HumanDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// marshal is pace.yaml's bytes.
func (p Pace) marshal() []byte {
	var b bytes.Buffer
	b.WriteString(paceHeader)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(p); err != nil {
		panic(err) // a struct of strings
	}
	enc.Close()
	return b.Bytes()
}

// ReadPace reads the pace of the game in dir (pace.yaml) without opening
// the game; a game without one has the zero Pace. A value Set would refuse
// (a file edited by hand) is an error naming the file.
func ReadPace(dir string) (Pace, error) {
	path := filepath.Join(dir, paceFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Pace{}, nil
	}
	if err != nil {
		return Pace{}, err
	}
	var raw Pace
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil && !errors.Is(err, io.EOF) {
		return Pace{}, fmt.Errorf("%s: %w", path, err)
	}
	var p Pace
	for _, k := range paceKeys {
		if v := *k.field(&raw); v != "" {
			if err := p.Set(k.key, v); err != nil {
				return Pace{}, fmt.Errorf("%s: %w", path, err)
			}
		}
	}
	return p, nil
}

// Pace is the game's own pace (pace.yaml), read afresh: pbem pace may
// change it while a daemon serves the game.
func (g *Game) Pace() (Pace, error) { return ReadPace(g.dir) }

// SetPace replaces the game's own pace (pace.yaml, written atomically; a
// zero Pace removes the file). It takes the game's write lock, as every
// change does.
func (g *Game) SetPace(p Pace) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return err
	}
	defer unlock()
	path := filepath.Join(g.dir, paceFile)
	if p.IsZero() {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return g.w.syncDir(g.dir)
	}
	return g.w.writeFile(path, p.marshal())
}
