package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestCheckReadsAnyEncoding checks pbem check reads an order file as the
// mail daemon reads a text attachment (docs/design.md §5): UTF-16 as
// Windows Notepad saves "Unicode" (with a byte-order mark, either byte
// order, or without one), UTF-8 with a byte-order mark, and windows-1252
// for bytes that are not UTF-8, with a warning. Each is the same orders,
// with the same digest, as the UTF-8 file.
func TestCheckReadsAnyEncoding(t *testing.T) {
	tmp := t.TempDir()
	game := filepath.Join(tmp, "hastings")
	players := write(t, tmp, "players.yaml", "- name: Alice\n  email: alice@example.org\n- name: Bob\n  email: bob@example.org\n- name: Carol\n  email: carol@example.org\n")
	must(t, "new", "--ruleset", "redux", "--game", game, "--players", players)
	must(t, "nmr", "--game", game) // the Romano-British: the Welsh are due
	const text = "game: hastings\r\nnation: Welsh\r\nturn: r01-welsh\r\nsalt: café – “Severn”\r\n\r\nmove 1 Powys > March\r\n"
	utf8File := write(t, tmp, "utf8.txt", text)
	want := must(t, "check", "--game", game, utf8File)
	contains(t, "check of the UTF-8 file", want, "accepted as:", "salt: café - \"Severn\"", "digest ")

	units := utf16.Encode([]rune(text))
	le, be := []byte{0xFF, 0xFE}, []byte{0xFE, 0xFF}
	var leNoBOM []byte
	for _, u := range units {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
		leNoBOM = append(leNoBOM, byte(u), byte(u>>8))
	}
	cp1252 := bytes.ReplaceAll([]byte(text), []byte("é"), []byte{0xE9})
	cp1252 = bytes.ReplaceAll(cp1252, []byte("–"), []byte{0x96})
	cp1252 = bytes.ReplaceAll(bytes.ReplaceAll(cp1252, []byte("“"), []byte{0x93}), []byte("”"), []byte{0x94})
	tests := []struct {
		name    string
		data    []byte
		warning string
	}{
		{"utf16le-bom.txt", le, ""},
		{"utf16be-bom.txt", be, ""},
		{"utf16le.txt", leNoBOM, ""},
		{"utf8-bom.txt", append([]byte{0xEF, 0xBB, 0xBF}, text...), ""},
		{"cp1252.txt", cp1252, "cp1252.txt: not valid UTF-8, read as windows-1252"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := write(t, tmp, tc.name, string(tc.data))
			code, out, errw := pbem(t, "check", "--game", game, file)
			if code != 0 || strings.ReplaceAll(out, file, utf8File) != want {
				t.Errorf("exit %d\n%s%s\nwant\n%s", code, out, errw, want)
			}
			if tc.warning == "" && errw != "" || !strings.Contains(errw, tc.warning) {
				t.Errorf("stderr %q, want %q", errw, tc.warning)
			}
		})
	}
}
