package orders

// RoundTrip is FuzzDecode's check of one input, for the fuzz test of an
// extended grammar in package orders_test (grammar_test.go).
var RoundTrip = roundTrip

// NoLines zeroes the lines of a body, nested statements too, by
// reflection (helpers_test.go).
var NoLines = noLines
