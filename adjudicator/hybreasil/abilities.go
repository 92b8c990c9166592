package hybreasil

import (
	"slices"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
)

// The civilization abilities pbem plays under option "abilities" (Hy
// Breasil 9.3.1), in the order the default takes them; CityBuilding is in
// cities.go.
const (
	Capital     = "capital"
	Food        = "food preservation"
	Taxation    = "taxation"
	Navigation  = "navigation"
	Diplomacy   = "diplomacy"
	Prophecy    = "prophecy"
	maxSavedPIP = 6
)

// AbilityNames are the seven civilization abilities pbem plays under
// option abilities (9.3.1), in the default's order.
func AbilityNames() []string { return slices.Clone(abilityNames) }

// abilityNames are every ability pbem plays, in the default's order;
// engine2Abilities the three played without switch hb-seven-abilities.
var (
	abilityNames     = []string{Taxation, Capital, Food, Navigation, Diplomacy, Prophecy, CityBuilding}
	engine2Abilities = abilityNames[:3]
)

// abilitiesOf are the abilities the engine plays (9.3.1).
func abilitiesOf(e *adjudicator.Engine) []string {
	if !e.Plays(adjudicator.HBSevenAbilities) {
		return engine2Abilities
	}
	return abilityNames
}

// Ability is the owner's choice of ability when its nation rolls
// Civilization (9.3): "ability taxation", "ability capital Goldmead".
type Ability struct {
	orders.At
	Name string
	Area games.AreaID // the capital; NoArea: the default
}

// Encode implements orders.Statement.
func (a Ability) Encode(g *games.Game) string {
	s := "ability " + a.Name
	if a.Area != games.NoArea {
		s += " " + g.Board.AreaName(a.Area)
	}
	return s
}

func decodeAbility(r *orders.Reader, rest string) []orders.Statement {
	w := foldSpace(rest)
	for _, name := range abilityNames {
		if w == name {
			return []orders.Statement{Ability{At: r.At(), Name: name, Area: games.NoArea}}
		}
	}
	if area, ok := cutPrefix(w, Capital+" "); ok {
		a, ok := r.Area(area, "")
		if !ok {
			return nil
		}
		return []orders.Statement{Ability{At: r.At(), Name: Capital, Area: a}}
	}
	r.Errorf("write \"ability NAME\" with one of taxation, capital AREA, food preservation, navigation, diplomacy, prophecy, city building (Hy Breasil 9.3)")
	return nil
}

func has(s *adjudicator.State, n adjudicator.NationID, ability string) bool {
	return slices.Contains(X(s).Abilities[n], ability)
}

// allAbilities reports whether the mover holds every ability pbem plays
// (9.3: then Civilization is rerolled, with no token).
func allAbilities(t *adjudicator.Turn) bool {
	if !t.G.HasOption("abilities") {
		return false
	}
	for _, a := range abilitiesOf(t.E) {
		if !has(t.S, t.N, a) {
			return false
		}
	}
	return true
}

// gainAbility is Civilization under 9.3: an ability instead of 5 VP, the
// file's ability line or else the first of taxation, capital, food
// preservation not held; a capital goes to the file's area or the
// nation's area with the most units.
func gainAbility(t *adjudicator.Turn) {
	x := X(t.S)
	choice := Ability{Area: games.NoArea}
	for _, a := range adjudicator.Statements[Ability](t) {
		if !has(t.S, t.N, a.Name) && slices.Contains(abilitiesOf(t.E), a.Name) {
			choice = a
			break
		}
		t.Problem(a.Line, "has-ability", t.Nation(), a.Name)
	}
	for _, a := range abilitiesOf(t.E) {
		if choice.Name == "" && !has(t.S, t.N, a) {
			choice.Name = a
		}
	}
	x.Abilities[t.N] = append(x.Abilities[t.N], choice.Name)
	if lord := x.Lord[t.N]; lord >= 0 {
		grant(t, lord, choice.Name) // 9.3: gained while submitted
	}
	if choice.Name == Capital {
		if choice.Area == games.NoArea || !t.B.IsLand(choice.Area) {
			choice.Area = largestStack(t.S, t.B, t.N, true)
		}
		x.Capital[t.N] = choice.Area
		happen(t, EvEvent, "ability-capital", t.Name(choice.Area))
		return
	}
	happen(t, EvEvent, "ability-gained", choice.Name)
	if choice.Name == Prophecy {
		prophesy(t, t.N)
	}
}

// prophesy rolls nation n's random event for its next turn now, to happen
// then (Hy Breasil 9.3.1 Prophecy); a reroll is decided when it happens.
func prophesy(t *adjudicator.Turn, n adjudicator.NationID) {
	x := X(t.S)
	x.Event[n] = eventFor(t.E, roll(t, "prophecy")+x.Civ[n])
	t.Emit(adjudicator.Event{Kind: EvEvent, What: "prophecy", Nation: t.E.NationName(n), Args: []string{x.Event[n]}})
}

// grant gives nation m an ability it lacks through its vassal (9.3: a
// nation gains the abilities of a nation submitted to it); a capital
// stays the vassal's, so the lord gains the ability but no capital.
func grant(t *adjudicator.Turn, m adjudicator.NationID, ab string) {
	if has(t.S, m, ab) {
		return
	}
	X(t.S).Abilities[m] = append(X(t.S).Abilities[m], ab)
	happen(t, EvEvent, "ability-from-vassal", t.E.NationName(m), ab)
}

// Supported is how many units nation n's areas support (6.4): twice the
// areas, two and a half times rounded down with Taxation (9.3).
func Supported(e *adjudicator.Engine, s *adjudicator.State, n adjudicator.NationID, areas int) int {
	if has(s, n, Taxation) {
		return areas * 5 * D(e).Support / 4
	}
	return D(e).Support * areas
}

func supported(t *adjudicator.Turn, areas int) int { return Supported(t.E, t.S, t.N, areas) }

// preserve saves up to 6 unused PIPs for the next turn with Food
// preservation (9.3); without it none are kept.
func preserve(t *adjudicator.Turn, left int) {
	x := X(t.S)
	if !has(t.S, t.N, Food) {
		x.Saved[t.N] = 0
		return
	}
	x.Saved[t.N] = min(max(left, 0), maxSavedPIP)
}
