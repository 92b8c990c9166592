package templates

import "regexp"

// bbTagStart is where a BBCode tag could start: a '[' before a letter,
// '/' or '*' ("[b]", "[/code]", "[*]", "[size=200]").
var bbTagStart = regexp.MustCompile(`\[([A-Za-z/*])`)

// BBEscape makes text safe to put in a BBCode post: a zero-width space
// after every '[' that could start a tag, so that no forum reads a tag in
// it, whatever it holds (a player's name "[size=200]…", a "[/code]" that
// would end a table). It looks the same; a '[' before anything else
// ("[1 6 2 6]", dice) is left alone, and orders.Clean drops the
// zero-width space again from orders pasted back (issue 23 item 6).
func BBEscape(s string) string { return bbTagStart.ReplaceAllString(s, "[\u200b$1") }
