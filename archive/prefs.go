package archive

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// MailPrefs are what a player wants mailed (issue 14: mail that a game of a
// year can afford), set in the players file (ParsePlayers) or by the mail
// command "prefs" (SetPrefs). game.yaml keeps them with the player; an
// empty field is the default, so a game that never sets them has the
// game.yaml it always had. They change what is mailed, never the game.
type MailPrefs struct {
	// Map is when a report carries the map: "every" report (the default),
	// once a "round" (with the report of the step that ends it), or
	// "never" (the mail command "map" sends it on demand).
	Map string `yaml:"map,omitempty"`
	// Format is "html" (the default: the text and an HTML alternative
	// showing the map) or "text" (the text alone, the map attached).
	Format string `yaml:"format,omitempty"`
	// Reports is "every" (the default: a mail for every step) or "digest":
	// one mail a round, when it ends, holding every step's report.
	Reports string `yaml:"reports,omitempty"`
	// Timezone is the IANA zone the player's deadlines are written in
	// (Europe/Berlin); empty (the default) is the game's zone.
	Timezone string `yaml:"timezone,omitempty"`
}

// The values of MailPrefs' fields; the first of each is the default.
var (
	MapChoices     = []string{"every", "round", "never"}
	FormatChoices  = []string{"html", "text"}
	ReportsChoices = []string{"every", "digest"}
)

// prefKeys are the preferences in the order players files, the mail
// command and the docs list them.
var prefKeys = []struct {
	key     string
	choices []string // nil for a free value, which check checks
	field   func(p *MailPrefs) *string
	check   func(v string) (string, error)
}{
	{"map", MapChoices, func(p *MailPrefs) *string { return &p.Map }, nil},
	{"format", FormatChoices, func(p *MailPrefs) *string { return &p.Format }, nil},
	{"reports", ReportsChoices, func(p *MailPrefs) *string { return &p.Reports }, nil},
	{"timezone", nil, func(p *MailPrefs) *string { return &p.Timezone }, checkZone},
}

// PrefKeys lists the preferences' names: map, format, reports.
func PrefKeys() []string {
	var out []string
	for _, k := range prefKeys {
		out = append(out, k.key)
	}
	return out
}

// IsPrefKey reports whether key names a preference.
func IsPrefKey(key string) bool { return slices.Contains(PrefKeys(), key) }

// Get is a preference's value, the default for an empty field.
func (p MailPrefs) Get(key string) string {
	for _, k := range prefKeys {
		if k.key == key {
			if v := *k.field(&p); v != "" || k.choices == nil {
				return v
			}
			return k.choices[0]
		}
	}
	return ""
}

// Set sets a preference, with an error in a player's words for an unknown
// name or value. A default value is kept as empty.
func (p *MailPrefs) Set(key, value string) error {
	key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
	for _, k := range prefKeys {
		if k.key != key {
			continue
		}
		if k.choices == nil {
			if strings.EqualFold(value, "default") {
				value = ""
			}
			if value != "" {
				v, err := k.check(value)
				if err != nil {
					return fmt.Errorf("%s: %w", key, err)
				}
				value = v
			}
			*k.field(p) = value
			return nil
		}
		value = strings.ToLower(value)
		if !slices.Contains(k.choices, value) {
			return fmt.Errorf("%s: %q is not one of %s", key, value, strings.Join(k.choices, ", "))
		}
		if value == k.choices[0] {
			value = ""
		}
		*k.field(p) = value
		return nil
	}
	return fmt.Errorf("%q is not a preference: the preferences are %s", key, strings.Join(PrefKeys(), ", "))
}

// String lists every preference with its value: "map every, format html,
// reports every", and the time zone when the player gave one.
func (p MailPrefs) String() string {
	var parts []string
	for _, k := range prefKeys {
		if v := p.Get(k.key); v != "" {
			parts = append(parts, k.key+" "+v)
		}
	}
	return strings.Join(parts, ", ")
}

// SetPrefs changes a player's mail preferences: game.yaml is rewritten
// atomically and players.log gets a line naming the request ref (the mail's
// journal id), as ChangePlayer's do. Setting what is set already changes
// nothing and is no error, so a mail handled again after a crash gets the
// same answer.
func (g *Game) SetPrefs(name string, p MailPrefs, ref string) error {
	var q MailPrefs // p checked, with defaults empty
	for _, k := range prefKeys {
		if err := q.Set(k.key, p.Get(k.key)); err != nil {
			return err
		}
	}
	p = q
	g.mu.Lock()
	defer g.mu.Unlock()
	unlock, err := g.writing()
	if err != nil {
		return err
	}
	defer unlock()
	seat := slices.IndexFunc(g.gf.Players, func(pf playerFile) bool { return strings.EqualFold(pf.Name, name) })
	if seat < 0 {
		return fmt.Errorf("game %s has no player %q", g.gf.Game, name)
	}
	if g.gf.Players[seat].Prefs == p {
		return nil
	}
	gf := *g.gf
	gf.Players = append([]playerFile(nil), g.gf.Players...)
	gf.Players[seat].Prefs = p
	if err := g.writeGame(&gf); err != nil {
		return err
	}
	line := fmt.Sprintf("%s %s (player): mail preferences %s", g.now().UTC().Format(time.RFC3339), gf.Players[seat].Name, p)
	if ref != "" {
		line += refMark(ref)
	}
	if err := g.appendLog(playersLog, line); err != nil {
		return err // game.yaml is written; a retry writes it again and logs
	}
	g.gf = &gf
	return nil
}
