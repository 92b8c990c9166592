package hybreasil

import (
	"fmt"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
)

// The words of Hy Breasil's facts (docs/design.md §2.2). An event or a
// problem is a fact named by its What with typed fields and Args; these
// are its words, rendered when a report is drawn (Engine.Text), so a better
// sentence changes no archive. A fact's Args hold names as names (nations,
// areas, seats' colours, events, abilities) and numbers as bare numbers;
// the words make the plurals and the possessives. The acting nation is the
// event's Nation, the nation due next the For of its random event (6.1);
// any other nation is named in Args.

type (
	engine = adjudicator.Engine
	event  = adjudicator.Event
)

// words is the words of a fact from a function of its event alone.
func words(f func(ev event) string) func(*engine, event) string {
	return func(_ *engine, ev event) string { return f(ev) }
}

// about is the nation a random event is rolled for: the nation due next
// (For, 6.1), else the acting one.
func about(ev event) string {
	if ev.For != "" {
		return ev.For
	}
	return ev.Nation
}

// argsFrom are the event's Args from the i-th on, joined with commas.
func argsFrom(ev event, i int) string {
	if i >= len(ev.Args) {
		return ""
	}
	return strings.Join(ev.Args[i:], ", ")
}

// units is "1 unit", "3 units" for the i-th Arg.
func units(ev event, i int) string { return plural(ev.ArgN(i), "unit") }

// isAre agrees with a count of units.
func isAre(n int) string { return adjudicator.Verb(n, "is", "are") }

// Words are Hy Breasil's words of its facts (View.Words), by What.
var Words = adjudicator.Merge(turnWords, eventWords, battleWords, cityWords, dealWords, seatWords, scoreWords, checkWords, moveWords)

// turnWords are the words of a nation turn's start, its population
// increase and its support phase (Hy Breasil 6, 6.2, 6.4, 8).
var turnWords = adjudicator.Words{
	"turn-start": {Words: words(func(ev event) string {
		return fmt.Sprintf("Turn %d: the %s nation (%s) plays", ev.Round, ev.Nation, ev.Arg(0))
	})},
	"second-phase": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		if ev.Idle {
			return fmt.Sprintf("Strong leader: the %s nation moves nothing in its second movement and combat phase", ev.Nation)
		}
		return fmt.Sprintf("Strong leader: the %s nation's second movement and combat phase", ev.Nation)
	})},
	"famine": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Famine: the %s nation gains no population this turn", ev.Nation)
	})},
	"pips": {Rule: "Hy Breasil 6.2", Words: words(func(ev event) string {
		if ev.ArgN(1) == 0 {
			return fmt.Sprintf("The %s nation has %s: no new unit", ev.Nation, plural(ev.ArgN(0), "PIP"))
		}
		return fmt.Sprintf("The %s nation has %s: %s", ev.Nation, plural(ev.ArgN(0), "PIP"), plural(ev.ArgN(1), "new unit"))
	})},
	"place-unit": {Rule: "Hy Breasil 6.2", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation places a new unit in %s", ev.Nation, ev.Area)
	}), Sum: func(e *engine, evs []event) string {
		var areas []string
		for _, ev := range evs {
			areas = append(areas, ev.Area)
		}
		return fmt.Sprintf("%s places %d new units: in %s", adjudicator.Upper(e.The(evs[0].Nation)), len(evs), adjudicator.OrJoin(areas, "and"))
	}},
	"move-units": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation moves %s %s", ev.Nation, plural(ev.N, "unit"), joinPath(ev.Path))
	}), Sum: adjudicator.MovesSum(func(_ *engine, ev event) string { return plural(ev.N, "unit") })},
	"lost-at-sea": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation's %s left at sea in %s %s lost", ev.Nation, units(ev, 0), ev.Arg(1), isAre(ev.ArgN(0)))
	})},
	"cut-off-nation": {Rule: "Hy Breasil 6.4", Words: words(func(ev event) string {
		return fmt.Sprintf("Cut off, %s become the %s nation", argsFrom(ev, 1), ev.Arg(0))
	})},
	"cut-off": {Rule: "Hy Breasil 6.4", Words: words(func(ev event) string {
		return fmt.Sprintf("Cut off, the %s nation's %s in %s %s removed", ev.Nation, units(ev, 0), ev.Arg(1), isAre(ev.ArgN(0)))
	})},
	"support-remove": {Rule: "Hy Breasil 6.4", Words: words(func(ev event) string {
		return fmt.Sprintf("Support: the %s nation removes %s in %s", ev.Nation, units(ev, 0), ev.Arg(1))
	}), Sum: supportSum(func(ev event) (string, int) { return ev.Arg(1), ev.ArgN(0) })},
	"support-default": {Rule: "Hy Breasil 6.4", Words: words(func(ev event) string {
		return fmt.Sprintf("Support: the %s nation removes a unit in %s", ev.Nation, ev.Arg(0))
	}), Sum: supportSum(func(ev event) (string, int) { return ev.Arg(0), 1 })},
	"gone-empty":    {Rule: "Hy Breasil 8", Words: adjudicator.F("The %s nation is removed from play: it has no units on the board")},
	"gone-refused":  {Rule: "Hy Breasil 8", Words: adjudicator.F("The %s nation is removed from play: every player refused it")},
	"gone-no-taker": {Rule: "Hy Breasil 8", Words: adjudicator.F("The %s nation is removed from play: no other player can take it")},
	"gone-absorbed": {Rule: "Hy Breasil 8", Words: adjudicator.F("The %s nation is removed from play: absorbed by the %s nation")},
}

// supportSum is the Say.Sum of removals for support (6.4): "Support: the
// Sun nation removes 4 units in Lastlight and 2 in Tidewater"; of says
// where an event removes and how many.
func supportSum(of func(ev event) (string, int)) func(*engine, []event) string {
	return func(e *engine, evs []event) string {
		var areas []string
		by := map[string]int{}
		total := 0
		for _, ev := range evs {
			a, k := of(ev)
			if _, ok := by[a]; !ok {
				areas = append(areas, a)
			}
			by[a] += k
			total += k
		}
		parts := make([]string, len(areas))
		for i, a := range areas {
			parts[i] = fmt.Sprintf("%d in %s", by[a], a)
			if i == 0 {
				parts[i] = fmt.Sprintf("%s in %s", plural(by[a], "unit"), a)
			}
		}
		return fmt.Sprintf("Support: %s removes %s", e.The(evs[0].Nation), adjudicator.OrJoin(parts, "and"))
	}
}

// eventWords are the words of the random events and what they do (Hy
// Breasil 6.1, 9.1, 9.2, 9.3).
var eventWords = adjudicator.Words{
	"event-roll": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation rolls %d + %s: %s", about(ev), ev.Die, plural(ev.ArgN(0), "civilization token"), ev.Arg(1))
	})},
	"first-turn-event": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation is in its first turn: strong leader", about(ev))
	})},
	"cold-blooded": {Rule: "Hy Breasil 9.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation's lizardmen are cold blooded: they ignore %s", ev.Nation, ev.Arg(0))
	})},
	"no-event-can-occur": {Rule: "Hy Breasil 6.1", Words: adjudicator.F("No roll of the die can give an event that can occur: the nation has no random event this turn")},
	"no-civil-war":       {Rule: "Hy Breasil 6.1", Words: adjudicator.F("Civil war cannot occur (the nation holds one area or no token set is unused): a new event is rolled")},
	"all-abilities": {Rule: "Hy Breasil 9.3", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation has every civilization ability: a new event is rolled, with no token", ev.Nation)
	})},
	"civ-token": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return civWhy(ev, fmt.Sprintf("the %s nation takes an unused token as a civilization token", ev.Nation))
	})},
	"civ-token-unit": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return civWhy(ev, fmt.Sprintf("the %s nation takes a unit in %s as a civilization token", ev.Nation, ev.Arg(2)))
	})},
	"reinforcements-none": {Rule: "Hy Breasil 6.1", Words: adjudicator.F("Reinforcements: no unit arrives")},
	"reinforcements": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Reinforcements: %s %s in %s", units(ev, 0), adjudicator.Verb(ev.ArgN(0), "arrives", "arrive"), ev.Arg(1))
	})},
	"plague": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Plague: the die shows %d", ev.Die)
	})},
	"plague-loss": {Rule: "Hy Breasil 6.1", Words: adjudicator.F("Plague: the %s nation loses a unit in %s"), Sum: plagueSum},
	"civil-war": {Rule: "Hy Breasil 6.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Civil war: the %s nation splits off from the %s nation in %s", ev.Arg(0), ev.Nation, argsFrom(ev, 1))
	})},
	"ability-gained": {Rule: "Hy Breasil 9.3", Words: words(func(ev event) string {
		return fmt.Sprintf("Civilization: the %s nation gains the ability %s", ev.Nation, ev.Arg(0))
	})},
	"ability-capital": {Rule: "Hy Breasil 9.3", Words: words(func(ev event) string {
		return fmt.Sprintf("Civilization: the %s nation gains the ability %s: %s", ev.Nation, Capital, ev.Arg(0))
	})},
	"ability-from-vassal": {Rule: "Hy Breasil 9.3", Words: adjudicator.F("The %s nation gains the ability %s from the nation submitted to it")},
	"prophecy": {Rule: "Hy Breasil 9.3.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Prophecy: the %s nation's next turn will bring %s", ev.Nation, ev.Arg(0))
	})},
	"race": {Rule: "Hy Breasil 9.1", Words: adjudicator.F("The %s nation is of the %s race")},
	"submits": {Rule: "Hy Breasil 9.2", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation submits to the %s nation", ev.Arg(0), ev.Nation)
	})},
	"withdraws": {Rule: "Hy Breasil 9.2", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation withdraws %s from %s to %s", ev.Nation, units(ev, 0), ev.Arg(1), ev.Arg(2))
	})},
	"withdraw-lost": {Rule: "Hy Breasil 9.2", Words: words(func(ev event) string {
		k := ev.ArgN(0)
		return fmt.Sprintf("The %s nation's %s in %s %s nowhere to withdraw and %s lost", ev.Nation, units(ev, 0), ev.Arg(1), adjudicator.Verb(k, "has", "have"), isAre(k))
	})},
	"freed-lord-submits": {Rule: "Hy Breasil 9.2", Words: adjudicator.F("The %s nation is free: its lord submits to the %s nation")},
	"freed-civil-war":    {Rule: "Hy Breasil 9.2", Words: adjudicator.F("The %s nation is free: its lord has a civil war")},
	"freed-lord-gone":    {Rule: "Hy Breasil 9.2", Words: adjudicator.F("The %s nation is free: its lord is removed from play")},
	"freed-by-event": {Rule: "Hy Breasil 9.2", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation is free of the %s nation (%s)", ev.Nation, ev.Arg(0), ev.Arg(1))
	})},
	"absorbed": {Rule: "Hy Breasil 9.2", Words: words(func(ev event) string {
		return fmt.Sprintf("Weak leader: the %s nation is absorbed by the %s nation", ev.Nation, ev.Arg(0))
	})},
}

// Why a nation takes a civilization token (6.1), the first Arg of the
// facts civ-token and civ-token-unit: to reroll an event, to reroll it by
// its player's reply, or for the event Civilization.
const (
	whyReroll       = "reroll"
	whyRerollReply  = "reroll-by-reply"
	whyCivilization = "civilization"
)

// civWhy words why a nation takes a civilization token (6.1) with what
// it does: "Civilization: the Star nation takes …" for the event, "the
// Star nation takes … to reroll Plague" for a reroll.
func civWhy(ev event, does string) string {
	switch ev.Arg(0) {
	case whyReroll:
		return adjudicator.Upper(does) + " to reroll " + ev.Arg(1)
	case whyRerollReply:
		return adjudicator.Upper(does) + " to reroll " + ev.Arg(1) + " by reply"
	}
	return "Civilization: " + does
}

// battleWords are the words of a battle (Hy Breasil 6.3.1, 6.3.2).
var battleWords = adjudicator.Words{
	"battle-start": {Rule: "Hy Breasil 6.3.1", Words: words(func(ev event) string {
		return fmt.Sprintf("Battle %d in %s: the %s nation attacks the %s nation", ev.Battle, ev.Area, ev.Nation, ev.Opponent)
	})},
	// A round's words cite no rule: they never did (the report's battle
	// table is its rendering). Engines before the facts wrote the Rule
	// "Hy Breasil 6.3.1" all the same; Wounds now says what that told.
	"battle-round": {Words: roundWords},
	"battle-over": {Rule: "Hy Breasil 6.3.1", Words: words(func(ev event) string {
		if ev.Arg(0) == "" {
			return fmt.Sprintf("Battle %d ends: neither nation holds %s", ev.Battle, ev.Area)
		}
		return fmt.Sprintf("Battle %d ends: the %s nation holds %s", ev.Battle, ev.Arg(0), ev.Area)
	})},
	"attackers-lost": {Rule: "Hy Breasil 6.3.1", Words: adjudicator.F("After %d rounds the attackers in %s are lost")},
	"retreat-units": {Rule: "Hy Breasil 6.3.2", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation retreats %s from %s to %s", ev.Nation, plural(ev.N, "unit"), ev.Area, ev.Path[len(ev.Path)-1])
	})},
}

// roundWords are a round of battle's words (6.3.1), in one line: each
// side's dice, each die that hits starred, with its hit number ("hit on
// 5+"; the defender's city's die last, on its own number, 9.3.1) and its
// hits, and the units left and wounded by nation; the defender is the
// first Arg.
func roundWords(e *engine, ev event) string {
	city := ""
	if ev.City {
		city = fmt.Sprintf(", the city's die last on %d+", ev.CityNeed)
	}
	left := func(n, wounded int) string {
		if wounded == 0 {
			return itoa(n)
		}
		return fmt.Sprintf("%d (%d wounded)", n, wounded)
	}
	def := ev.Arg(0)
	return fmt.Sprintf("Round %d: %s rolls %s (hit on %d+: %s), %s %s (hit on %d+%s: %s); left: %s %s, %s %s", ev.Round,
		e.The(ev.Nation), marked(ev.Dice, ev.Need, 0, ev.Hits), ev.Need, hitsText(ev.Hits),
		e.The(def), marked(ev.TheirDie, ev.TheirNeed, cityNeed(ev), ev.TheirHit), ev.TheirNeed, city, hitsText(ev.TheirHit),
		e.Adjective(ev.Nation), left(ev.Left, ev.Wounded), e.Adjective(def), left(ev.TheirLft, ev.TheirWounded))
}

// hitsText is "no hit", "1 hit", "3 hits".
func hitsText(n int) string {
	if n == 0 {
		return "no hit"
	}
	return plural(n, "hit")
}

// cityNeed is the number the defender's city's die hits on, 0 for none.
func cityNeed(ev event) int {
	if ev.City {
		return ev.CityNeed
	}
	return 0
}

// marked writes a side's dice with each that hits starred: a die of need
// or more, the last on city where the city rolls it (9.3.1); no more dice
// starred than the side's hits, the last unstarred first.
func marked(ds []int, need, city, hits int) string {
	hit := make([]bool, len(ds))
	n := 0
	for i, d := range ds {
		on := need
		if city > 0 && i == len(ds)-1 {
			on = city
		}
		if hit[i] = d >= on; hit[i] {
			n++
		}
	}
	for i := len(ds) - 1; i >= 0 && n > hits; i-- {
		if hit[i] {
			hit[i], n = false, n-1
		}
	}
	i := -1
	return adjudicator.DiceHits(ds, func(int) bool { i++; return hit[i] })
}

// cityWords are the words of cities (Hy Breasil 9.3.1 City building).
var cityWords = adjudicator.Words{
	"city-built": {Rule: "Hy Breasil 9.3.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation exchanges 3 armies for a city in %s", ev.Nation, ev.Arg(0))
	})},
	"city-hits": {Rule: "Hy Breasil 9.3.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation's city in %s takes %s (its die is the last of the %s dice)", ev.Arg(0), ev.Arg(1), plural(ev.ArgN(2), "hit"), ev.Arg(0))
	})},
	"city-destroyed": {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("The %s nation's city in %s is destroyed")},
	"city-taken": {Rule: "Hy Breasil 9.3.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation takes over the %s nation's city in %s", ev.Nation, ev.Arg(0), ev.Arg(1))
	})},
	"city-alone":       {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("The %s nation's city in %s is alone and removed")},
	"city-no-ability":  {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("the %s nation does not have the ability city building")},
	"city-armies":      {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("a city takes 3 of the nation's armies in an area where it keeps at least one more; it has %d in %s")},
	"city-armies-most": {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("a city takes 3 of the nation's armies in an area where it keeps at least one more; it can have at most %d in %s when cities are built")},
	"city-exists":      {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("%s has a city already")},
	"city-tokens":      {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("every city token is in use")},
}

// dealWords are the words of the invasion phase and the cup (Hy Breasil
// 5, 6): nations entering, dealt through the nation limit (5.3), drawn.
// A nation dealt cites the rule that brought it into play, then 5.3.
var dealWords = adjudicator.Words{
	"new-nations": {Rule: "Hy Breasil 5.2", Words: words(func(ev event) string {
		switch k := ev.ArgN(0); k {
		case 0:
			return "no new nation enters"
		case 1:
			return "1 new nation enters"
		default:
			return fmt.Sprintf("%d new nations enter", k)
		}
	})},
	"no-set-left":       {Rule: "Hy Breasil 5.2", Words: adjudicator.F("no unused token set is left: no more nations enter")},
	"enters-first":      {Rule: "Hy Breasil 5.1", Words: words(entersWords)},
	"enters":            {Rule: "Hy Breasil 5.2", Words: words(entersWords)},
	"enters-new-player": {Rule: "Hy Breasil 10.1", Words: words(entersWords)},
	"dealt-first-turn":  {Rule: "Hy Breasil 5.1, 5.3", Words: words(dealtWords)},
	"dealt-invader":     {Rule: "Hy Breasil 5.2, 5.3", Words: words(dealtWords)},
	"dealt-seat-change": {Rule: "Hy Breasil 10.1, 5.3", Words: words(dealtWords)},
	"dealt-civil-war":   {Rule: "Hy Breasil 6.1, 5.3", Words: words(dealtWords)},
	"dealt-cut-off":     {Rule: "Hy Breasil 6.4, 5.3", Words: words(dealtWords)},
	"dealt-relinquished": {Rule: "Hy Breasil 5.3", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation, relinquished, goes to %s", ev.Nation, ev.Arg(0))
	})},
	// Args: the seat, the nation limit it is at, the nation it refuses.
	"refused":      {Rule: "Hy Breasil 5.3", Words: adjudicator.F("%s is at the nation limit of %d and refuses the %s nation")},
	"relinquishes": {Rule: "Hy Breasil 5.3", Words: adjudicator.F("%s relinquishes the %s nation to take the %s nation")},
	"land-elsewhere": {Rule: "Hy Breasil 5.1", Words: words(func(ev event) string {
		return fmt.Sprintf("The %s nation enters in %s instead of %s", ev.Nation, ev.Area, ev.Arg(0))
	})},
	"cup-drawn": {Rule: "Hy Breasil 6", Words: words(func(ev event) string {
		return fmt.Sprintf("Turn %d: the nations move in the order %s", ev.ArgN(0), argsFrom(ev, 1))
	})},
}

// entersWords: a nation enters with its units in a sea (5.1, 5.2, 10.1).
func entersWords(ev event) string {
	return fmt.Sprintf("The %s nation enters with %s in %s", ev.Nation, plural(ev.N, "unit"), ev.Area)
}

// dealtWords: a nation goes to a seat, named by its colour (5.3).
func dealtWords(ev event) string {
	return fmt.Sprintf("The %s nation goes to %s", ev.Nation, ev.Arg(0))
}

// seatWords are the words of players entering and leaving (Hy Breasil 10).
var seatWords = adjudicator.Words{
	"seat-unknown":      {Rule: "Hy Breasil 10.1", Words: adjudicator.F("seat %d does not exist: a game has at most %d")},
	"seat-already-in":   {Rule: "Hy Breasil 10.1", Words: adjudicator.F("%s is already in the game")},
	"seat-already-out":  {Rule: "Hy Breasil 10.1", Words: adjudicator.F("%s is already out of the game")},
	"seat-enters":       {Rule: "Hy Breasil 10.1", Words: adjudicator.F("%s enters the game")},
	"seat-stays":        {Rule: "Hy Breasil 10.1", Words: adjudicator.F("%s is the last player in the game and stays")},
	"seat-leaves-early": {Rule: "Hy Breasil 10.1", Words: adjudicator.F("%s leaves the game before playing a turn")},
	"seat-no-set":       {Rule: "Hy Breasil 10.1", Words: adjudicator.F("no unused token set is left for %s, who gains a nation only if another player must give one up")},
	"seat-returns": {Rule: "Hy Breasil 10.1, 10.2", Words: words(func(ev event) string {
		return fmt.Sprintf("%s enters the game again, with %s after %s", ev.Arg(0), vp(ev.ArgN(1)), plural(ev.ArgN(2), "turn"))
	})},
	"seat-leaves": {Rule: "Hy Breasil 10.1, 10.3", Words: words(func(ev event) string {
		turns, points := ev.ArgN(1), ev.ArgN(2)
		return fmt.Sprintf("%s leaves the game after %s with %s, %s", ev.Arg(0), plural(turns, "turn"), vp(points), corrected(points, turns))
	})},
	"excess-given-up": {Rule: "Hy Breasil 10.1, 5.3", Words: adjudicator.F("%s owns %d nations, above the limit of %d, and gives up the %s nation")},
}

// scoreWords are the words of victory points (Hy Breasil 3, 6.1, 7, 9.2,
// 11).
var scoreWords = adjudicator.Words{
	"scoring-die": {Rule: "Hy Breasil 11", Words: words(func(ev event) string {
		if ev.Scored {
			return fmt.Sprintf("The scoring die shows %d: victory points are scored", ev.Die)
		}
		return fmt.Sprintf("The scoring die shows %d: no victory points this turn", ev.Die)
	})},
	"seat-vp": {Rule: "Hy Breasil 7", Words: words(func(ev event) string {
		return fmt.Sprintf("%s scores %d VP for the areas of its nations: %d in all", ev.Arg(0), ev.N, ev.ArgN(1))
	})},
	"civilization-vp": {Rule: "Hy Breasil 6.1", Words: adjudicator.F("Civilization: %s scores %d VP for the %s nation")},
	"lord-vp":         {Rule: "Hy Breasil 9.2", Words: adjudicator.F("%s scores %d VP of them for the %s nation, its lord")},
	"game-end":        {Words: words(gameEndWords)},
}

// gameEndWords: the game ends after a turn (Hy Breasil 3), with the
// standings (Standings) as its Args after the turn: each seat's colour, VP
// and turns played, the turns only under continuous play, with the
// corrected score (10.3).
func gameEndWords(ev event) string {
	out := fmt.Sprintf("The game ends after turn %d (Hy Breasil 3):", ev.ArgN(0))
	for i := 1; i+2 < len(ev.Args); i += 3 {
		if i > 1 {
			out += ","
		}
		points, turns := ev.ArgN(i+1), ev.ArgN(i+2)
		out += fmt.Sprintf(" %s %d VP", ev.Arg(i), points)
		if turns > 0 {
			out += fmt.Sprintf(" in %s (%s)", plural(turns, "turn"), corrected(points, turns))
		}
	}
	return out
}

// checkWords are the words of the lines a Hy Breasil file may not hold,
// found when it is checked (checkOrders, checkStanding) or played.
var checkWords = adjudicator.Words{
	"phase2-twice": {Rule: "Hy Breasil 6.1", Words: adjudicator.F("the %s nation has one second movement and combat phase: write its moves in one phase 2 block")},
	"phase-not-2":  {Rule: "Hy Breasil 6.1", Words: adjudicator.F("a nation has at most two movement and combat phases (Strong leader): write phase 2")},
	"land-first":   {Rule: "Hy Breasil 5.1, 5.2", Words: adjudicator.F("a land line comes first, before any move: the nation chooses its sea before it moves")},
	"land-late":    {Rule: "Hy Breasil 5.2", Words: adjudicator.F("the %s nation chooses its sea only in the turn it enters")},
	"land-inland":  {Rule: "Hy Breasil 5.1", Words: adjudicator.F("a nation enters in a sea that is not inland; %s is not one")},
	// option-KEYWORD: a line needs an option the game does not use.
	"option-ability": {Rule: "Hy Breasil 9.3", Words: words(optionWords)},
	"option-city":    {Rule: "Hy Breasil 9.3.1", Words: words(optionWords)},
	"option-permit":  {Rule: "Hy Breasil 9.3.1", Words: words(optionWords)},
	"option-submit":  {Rule: "Hy Breasil 9.2", Words: words(optionWords)},
	"self-permit":    {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("the %s nation cannot permit itself")},
	"self-submit":    {Rule: "Hy Breasil 9.2", Words: adjudicator.F("the %s nation cannot submit to itself")},
	"relinquish-not-owned": {Rule: "Hy Breasil 5.3", Words: words(func(ev event) string {
		return fmt.Sprintf("the %s nation is not %s's: relinquish one of %s's nations (%s), \"smallest\" or \"never\"", ev.Arg(0), ev.Arg(1), ev.Arg(1), argsFrom(ev, 2))
	})},
	// A line of the Britannia family's orders: no rule of Hy Breasil
	// to cite.
	"means-nothing": {Words: words(func(ev event) string {
		return fmt.Sprintf("%q means nothing in Hy Breasil", ev.Arg(0))
	})},
	"has-ability":       {Rule: "Hy Breasil 9.3", Words: adjudicator.F("the %s nation has %s already")},
	"place-land":        {Rule: "Hy Breasil 6.2", Words: adjudicator.F("a new unit goes to a land area the %s nation occupies, one an area")},
	"place-occupied":    {Rule: "Hy Breasil 6.2", Words: adjudicator.F("a new unit goes to an area the %s nation occupies, one an area")},
	"no-new-unit":       {Rule: "Hy Breasil 6.2", Words: adjudicator.F("no new unit is left to place")},
	"no-unit-to-remove": {Rule: "Hy Breasil 6.4", Words: adjudicator.F("the %s nation has no unit in %s to remove")},
}

// optionWords: a line's keyword needs an option the game does not use
// (9.2, 9.3, 9.3.1); its Args are the keyword and the option.
func optionWords(ev event) string {
	return fmt.Sprintf("%q is played only with option %s, which this game does not use", ev.Arg(0), ev.Arg(1))
}

// moveWords are the words of the moves a nation may not make (Hy Breasil
// 6.1, 6.3, 6.3.3, 9.2, 9.3.1).
var moveWords = adjudicator.Words{
	"phase-extra":         {Rule: "Hy Breasil 6.1", Words: adjudicator.F("a nation has at most two movement and combat phases (Strong leader)")},
	"phase-2-unplayed":    {Rule: "Hy Breasil 6.1", Words: adjudicator.F("the %s nation has one movement and combat phase this turn (no Strong leader): the phase 2 block is not played")},
	"path-short":          {Rule: "Hy Breasil 6.3", Words: adjudicator.F("a move needs at least two areas")},
	"unit-kind":           {Rule: "Hy Breasil 2", Words: adjudicator.F("Hy Breasil has one kind of unit")},
	"not-adjacent":        {Rule: "Hy Breasil 6.3", Words: adjudicator.F("%s is not adjacent to %s")},
	"ends-at-sea":         {Rule: "Hy Breasil 6.3", Words: adjudicator.F("no unit ends its movement in a sea area (%s)")},
	"stops-in":            {Rule: "Hy Breasil 6.3", Words: adjudicator.F("units stop in %s, which another nation occupies")},
	"steps":               {Rule: "Hy Breasil 6.3", Words: adjudicator.F("a unit makes at most two steps between areas not both the nation's; this path makes %d")},
	"no-fresh-unit":       {Rule: "Hy Breasil 6.3.3", Words: adjudicator.F("the %s nation has no unit in %s that has not moved")},
	"weak-leader":         {Rule: "Hy Breasil 6.1", Words: adjudicator.F("Weak leader: the %s nation may not attack this turn")},
	"diplomacy-no-attack": {Rule: "Hy Breasil 9.3.1", Words: adjudicator.F("the %s nation lets the %s nation through its areas this turn (Diplomacy), so it may not attack it")},
	"submitted-no-attack": {Rule: "Hy Breasil 9.2", Words: adjudicator.F("the %s and %s nations may not attack each other while one has submitted to the other")},
	// too-many…: a move of more units than can stand unmoved in its area
	// (counter); Args the nation, the area, the units moved on earlier
	// lines, the units the line moves, and how many the nation has there.
	"too-many-phase2": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return fmt.Sprintf("in its second phase the %s nation has at most %s in %s", ev.Arg(0), units(ev, 4), ev.Arg(1)) + tooManyTail(ev)
	})},
	"too-many-none": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return fmt.Sprintf("the %s nation has no unit in %s", ev.Arg(0), ev.Arg(1)) + tooManyTail(ev)
	})},
	"too-many": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return tooManyHas(ev) + tooManyTail(ev)
	})},
	"too-many-placed": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return tooManyHas(ev) + " (and one more if its population increase places one there, 6.2)" + tooManyTail(ev)
	})},
	"too-many-reinforced": {Rule: "Hy Breasil 6.3", Words: words(func(ev event) string {
		return tooManyHas(ev) + fmt.Sprintf(" (and up to %d more if Reinforcements arrive there, 6.1)", ev.ArgN(5)) + tooManyTail(ev)
	})},
}

func tooManyHas(ev event) string {
	return fmt.Sprintf("the %s nation has %s in %s", ev.Arg(0), units(ev, 4), ev.Arg(1))
}

// tooManyTail: the units moved on earlier lines, and those the line would
// move (6.3.3: each unit moves once).
func tooManyTail(ev event) string {
	if moved := ev.ArgN(2); moved > 0 {
		return fmt.Sprintf(", and %d of them move on earlier lines: not %d more, as each unit moves once (Hy Breasil 6.3.3)", moved, ev.ArgN(3))
	}
	return fmt.Sprintf(", not %d", ev.ArgN(3))
}

// plagueSum is the Say.Sum of a plague's losses (6.1), by nation and area
// in the order they come: "Plague: the Sun nation loses 2 units in
// Lastlight and 1 in Tidewater; the Moon nation loses a unit in Skarra".
func plagueSum(_ *engine, evs []event) string {
	var nations []string
	areas := map[string][]string{}
	by := map[[2]string]int{}
	for _, ev := range evs {
		n, a := ev.Arg(0), ev.Arg(1)
		if _, ok := areas[n]; !ok {
			nations = append(nations, n)
		}
		if by[[2]string{n, a}] == 0 {
			areas[n] = append(areas[n], a)
		}
		by[[2]string{n, a}]++
	}
	parts := make([]string, len(nations))
	for i, n := range nations {
		var in []string
		for j, a := range areas[n] {
			k := by[[2]string{n, a}]
			if j == 0 {
				in = append(in, fmt.Sprintf("%s in %s", plural(k, "unit"), a))
			} else {
				in = append(in, fmt.Sprintf("%d in %s", k, a))
			}
		}
		parts[i] = fmt.Sprintf("the %s nation loses %s", n, adjudicator.OrJoin(in, "and"))
	}
	return "Plague: " + strings.Join(parts, "; ")
}
