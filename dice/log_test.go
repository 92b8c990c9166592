package dice

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFormatLogLayout(t *testing.T) {
	got := FormatLog([]Entry{
		{Label{Phase: "battle", Battle: 1, Round: 2, Side: "attacker", Unit: "infantry", Die: 0}, 4},
		{Label{Phase: "event", Die: 1}, 6},
	})
	want := "# pbem dice log (pbem-dice-v1, docs/dice.md)\n" +
		"seq=1 phase=battle battle=1 round=2 side=attacker unit=infantry die=0 roll=4\n" +
		"seq=2 phase=event battle=0 round=0 side=- unit=- die=1 roll=6\n"
	assert.Equal(t, want, got)
	assert.Equal(t, "# pbem dice log (pbem-dice-v1, docs/dice.md)\n", FormatLog(nil))
}

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "-"},
		{"-", "%2D"},
		{"--", "--"},
		{"r07-saxons", "r07-saxons"},
		{"a_b.c:d/e+f", "a_b.c:d/e+f"},
		{"North Sea", "North%20Sea"},
		{"50%", "50%25"},
		{"a=b", "a%3Db"},
		{"Dál", "D%C3%A1l"},
		{"tab\there", "tab%09here"},
		{"line\nbreak", "line%0Abreak"},
		{"#", "%23"},
		{"\xff", "%FF"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			assert.Equal(t, tc.want, escape(tc.in))
			back, err := unescape(tc.want)
			require.NoError(t, err)
			assert.Equal(t, tc.in, back)
		})
	}
	// Lower-case hex and needless escapes are read, though never written.
	back, err := unescape("%c3%a1%61")
	require.NoError(t, err)
	assert.Equal(t, "áa", back)
}

func TestLogRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		entries []Entry
	}{
		{"empty", nil},
		{"one battle die", []Entry{{Label{Phase: "battle", Battle: 1, Round: 1, Side: "defender", Unit: "cavalry"}, 2}}},
		{"odd labels", []Entry{
			{Label{}, 1},
			{Label{Phase: "-", Side: "", Unit: "-"}, 2},
			{Label{Phase: "Hy Breasil event", Unit: "50% off", Side: "a=b c"}, 3},
			{Label{Phase: "ça", Unit: "\x00\xff\n\r\t", Side: "#"}, 4},
			{Label{Phase: "battle", Battle: -1, Round: -20, Die: -3}, 5},
			{Label{Phase: "battle", Battle: 1 << 40, Round: 7, Die: 999999}, 6},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := FormatLog(tc.entries)
			got, err := ParseLog(text)
			require.NoError(t, err, "log:\n%s", text)
			assert.Equal(t, tc.entries, got)
			assert.Equal(t, len(tc.entries)+1, strings.Count(text, "\n"), "one line per die, no line breaks inside")
		})
	}
}

func TestParseLogTolerates(t *testing.T) {
	want := []Entry{
		{Label{Phase: "battle", Battle: 1, Round: 1, Side: "attacker", Unit: "infantry"}, 4},
		{Label{Phase: "event", Die: 1}, 2},
	}
	tests := []struct{ name, text string }{
		{"canonical", FormatLog(want)},
		{"CRLF from a mail", strings.ReplaceAll(FormatLog(want), "\n", "\r\n")},
		{"no header, no final newline", strings.TrimSuffix(strings.SplitN(FormatLog(want), "\n", 2)[1], "\n")},
		{"comments and blank lines", "\n# hello\n\n" + strings.Replace(FormatLog(want), "\nseq=2", "\n   # between\n\nseq=2", 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseLog(tc.text)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestParseLogErrors(t *testing.T) {
	const ok = "seq=1 phase=battle battle=1 round=1 side=attacker unit=infantry die=0 roll=4"
	tests := []struct {
		name     string
		text     string
		wantLine int
		wantMsg  string
	}{
		{"too few fields", "seq=1 phase=battle roll=4", 1, "want 8 fields seq= phase= battle= round= side= unit= die= roll=…"},
		{"extra field", ok + " extra=1", 1, "got 9"},
		{"double space", strings.Replace(ok, " ", "  ", 1), 1, "separated by single spaces"},
		{"tab", strings.Replace(ok, " ", "\t", 1), 1, "got 7"},
		{"keys out of order", "seq=1 battle=1 phase=battle round=1 side=attacker unit=infantry die=0 roll=4", 1, `field 2: want phase=…, got "battle=1"`},
		{"misspelt key", strings.Replace(ok, "round=", "rnd=", 1), 1, `field 4: want round=…, got "rnd=1"`},
		{"no =", strings.Replace(ok, "die=0", "die0", 1), 1, `field 7: want die=…, got "die0"`},
		{"battle not a number", strings.Replace(ok, "battle=1", "battle=one", 1), 1, "battle=one: not a whole number"},
		{"plus sign", strings.Replace(ok, "round=1", "round=+1", 1), 1, "round=+1: not in canonical form 1"},
		{"leading zero", strings.Replace(ok, "die=0", "die=00", 1), 1, "die=00: not in canonical form 0"},
		{"roll 7", strings.Replace(ok, "roll=4", "roll=7", 1), 1, "roll=7 is not a d6 value 1..6"},
		{"roll 0", strings.Replace(ok, "roll=4", "roll=0", 1), 1, "roll=0 is not a d6 value"},
		{"roll missing", strings.Replace(ok, "roll=4", "roll=", 1), 1, "roll=: not a whole number"},
		{"seq from 2", strings.Replace(ok, "seq=1", "seq=2", 1), 1, "seq=2, want 1"},
		{"seq gap", "# head\n" + ok + "\n\n" + strings.Replace(ok, "seq=1", "seq=3", 1), 4, "seq=3, want 2"},
		{"empty text value", strings.Replace(ok, "side=attacker", "side=", 1), 1, "side=: empty value (write - for the empty string)"},
		{"raw space escaped badly", strings.Replace(ok, "unit=infantry", "unit=in%2", 1), 1, "unit=in%2: % at byte 3 must be followed by two hex digits"},
		{"bad hex", strings.Replace(ok, "unit=infantry", "unit=%G0", 1), 1, "% at byte 1 must be followed by two hex digits"},
		{"raw non-ASCII", strings.Replace(ok, "unit=infantry", "unit=Dál", 1), 1, `byte 2 0xC3 must be written %C3`},
		{"raw =", strings.Replace(ok, "unit=infantry", "unit=a=b", 1), 1, "byte 2 '=' must be written %3D"},
		{"error on a later line", "# header\n" + ok + "\r\n\r\n" + "seq=2 phase=x", 4, "got 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			entries, err := ParseLog(tc.text)
			assert.Nil(t, entries)
			var le *LineError
			require.True(t, errors.As(err, &le), "want *LineError, got %v", err)
			assert.Equal(t, "dice log", le.Source)
			assert.Equal(t, tc.wantLine, le.Line)
			assert.Contains(t, le.Msg, tc.wantMsg)
			assert.Contains(t, err.Error(), "dice: dice log line ")
		})
	}
}

func FuzzParseLog(f *testing.F) {
	f.Add(FormatLog([]Entry{{Label{Phase: "battle", Battle: 1, Round: 1, Side: "attacker", Unit: "infantry"}, 4}}))
	f.Add("seq=1 phase=- battle=0 round=0 side=- unit=%2D die=0 roll=6\r\n")
	f.Add("seq=1 phase=%zz battle=1")
	f.Fuzz(func(t *testing.T, text string) {
		entries, err := ParseLog(text)
		if err != nil {
			var le *LineError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		for _, e := range entries {
			if e.Value < 1 || e.Value > 6 {
				t.Fatalf("accepted roll %d", e.Value)
			}
		}
		canon := FormatLog(entries)
		again, err := ParseLog(canon)
		if err != nil {
			t.Fatalf("canonical form does not parse: %v\n%s", err, canon)
		}
		if len(again) != len(entries) || (len(entries) > 0 && !equalEntries(again, entries)) {
			t.Fatalf("round trip changed the log:\n%s", canon)
		}
		if FormatLog(again) != canon {
			t.Fatalf("canonical form is not stable")
		}
	})
}

// FuzzFormatLog checks that any label survives FormatLog and ParseLog.
func FuzzFormatLog(f *testing.F) {
	f.Add("battle", 1, 2, "attacker", "infantry", 3, 4)
	f.Add("", 0, 0, "-", "a b%", -1, 6)
	f.Fuzz(func(t *testing.T, phase string, battle, round int, side, unit string, die, roll int) {
		roll = (roll%6+6)%6 + 1
		in := []Entry{{Label{phase, battle, round, side, unit, die}, roll}}
		text := FormatLog(in)
		out, err := ParseLog(text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if !equalEntries(in, out) {
			t.Fatalf("got %+v, want %+v", out, in)
		}
	})
}

func equalEntries(a, b []Entry) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
