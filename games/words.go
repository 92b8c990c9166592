package games

import (
	"strconv"
	"strings"
)

// Possessive is a nation's name as the owner of something: "Saxons'" as in
// "the Saxons' turn", and the name itself where it does not end in s, used
// as an adjective: "the Romano-British turn", "the Welsh turn".
func Possessive(nation string) string {
	if strings.HasSuffix(nation, "s") {
		return nation + "'"
	}
	return nation
}

// Count is a number with its noun in agreement: "1 army", "2 armies",
// "0 armies".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
