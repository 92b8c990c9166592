// Package docs holds the documents a player needs, as pbem mails them
// where the config gives no address to link to (daemon Config.Links): the
// order syntax (orders.md) and the dice check (dice.md).
package docs

import _ "embed"

// Orders is the order syntax: every Decision of a nation turn with its
// default, in each ruleset.
//
//go:embed orders.md
var Orders []byte

// Dice is the dice check: how the dice are committed in advance and how
// anyone checks them.
//
//go:embed dice.md
var Dice []byte
