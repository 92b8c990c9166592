package adjudicator_test

// The second toy ruleset, the Vale: a ruleset on the step engine alone (it
// imports no adjudicator/family), defined only in this file and the YAML
// beside its cases (testdata/toy2/board.yaml, testdata/toy2/tables.yaml).
// It proves that seats players enter and leave, players who score, and
// steps a player asks for before writing orders are the step engine's, not
// one ruleset's (issue 20). Its rules, cited as "Toy2 N.N":
//
//	Toy2 1    The board: the Vale, seven land areas and a sea (the Mere,
//	          which no warrior enters).
//	Toy2 1.1  Highcairn, Stonering and Lowford are shrines (the board's
//	          area set "shrines").
//	Toy2 1.2  One unit kind, the warrior. A clan has as many warriors as
//	          the tables say; no more join it.
//	Toy2 2    Four clans (nations): the Foxes, the Owls, the Hares and the
//	          Crows, each at home in its corner (the tables' centre); up to
//	          four seats, Red, Blue, Green and Yellow.
//	Toy2 2.1  The game starts with its players in seats 1 to N, and the
//	          clans dealt in turn: the Foxes to seat 1, the Owls to seat
//	          2, and so on, round the seats again.
//	Toy2 2.2  A round opens with dawn (the step "r03-dawn"), where players
//	          enter and leave: those who leave first, then those who
//	          enter, each in the order asked. Every player then in the game
//	          has been in it one more round.
//	Toy2 2.3  A player who leaves keeps his VP. His clans go, one by one in
//	          clan order, each to the player in the game with the fewest
//	          clans (ties: the lowest seat). The last player in the game
//	          cannot leave.
//	Toy2 2.4  A player who enters takes, from the player with the most
//	          clans, if he has two or more (ties: the lowest seat), that
//	          player's last clan in clan order; else he has none until
//	          one is dealt to him (2.3).
//	Toy2 2.5  At dawn, a clan with no warriors gets two at home, unless
//	          another clan is there.
//	Toy2 3    Then each clan with warriors takes its turn, in clan order
//	          ("r03-foxes"); a clan with none is skipped.
//	Toy2 3.1  Before writing its orders, the clan's player may ask for one
//	          of two things, once in the turn: to pray ("r03-foxes-pray")
//	          or to muster ("r03-foxes-muster").
//	Toy2 3.2  Praying rolls a die: on 5 or 6 a warrior joins the clan at
//	          home, on 1 one of its warriors at home deserts.
//	Toy2 3.3  Mustering costs the clan's player 1 VP (not asked with
//	          none) and rolls a die: half of it, rounded up, warriors join
//	          the clan at home.
//	Toy2 3.4  Warriors join at home only where no other clan is.
//	Toy2 3.5  Movement: "move N FROM > TO" moves N warriors to a land area
//	          next to theirs; a warrior moves once a turn.
//	Toy2 3.6  Battles: where the clan's warriors meet another clan's, in
//	          board order, they fight rounds until one side has none: each
//	          side rolls a die a warrior, the mover first, and each 5 or 6
//	          kills an enemy warrior. After 20 rounds the mover's warriors
//	          there are lost.
//	Toy2 4    A round ends with dusk ("r03-dusk"): each shrine a clan holds
//	          (its warriors alone there) gives the clan's player 1 VP.
//	Toy2 4.1  After the dusk of the final round the game is over, and the
//	          player with the most VP wins, players who left with the VP
//	          they kept.
//
// Its cases are in testdata/toy2/ and run with everyone's (TestCases); its
// part of the position (toy2Ext) is read by toy2Part (toy2_cases_test.go).
// TestToy2BotGames plays whole games with its bot, TestToy2Game one
// through the archive, verify, the reports and the map
// (toy2_game_test.go).

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/orders"
	"github.com/pbem-org/pbem/rulesets"
)

//go:embed testdata/toy2/board.yaml testdata/toy2/tables.yaml
var toy2Files embed.FS

// toy2Data is the second toy's data side, read from this test's embedded
// copy of its files.
var toy2Data = games.Ruleset{
	Name: "toy2", Title: "Toy2 (a test's ruleset on the step engine alone)", Rules: "adjudicator/toy2_test.go",
	BoardFile: "testdata/toy2/board.yaml", TablesFile: "testdata/toy2/tables.yaml", Files: toy2Files,
}

// toy2 is the second toy ruleset: every role its own, on the step engine
// alone.
var toy2 = adjudicator.Ruleset{
	Ruleset: &toy2Data,
	Kinds:   []adjudicator.Kind{{Name: "warrior", Army: true, Moves: 1}}, // Toy2 1.2
	Adjudication: adjudicator.Adjudication{Setup: toy2Setup, Due: toy2Due, Stages: toy2Stages, Players: 2,
		Asked: toy2Asked, Snapshot: adjudicator.ExtCodec{Key: "toy2", Encode: toy2Encode, Decode: toy2Decode}},
	Orders: adjudicator.Orders{Grammar: toy2Grammar, Asks: []adjudicator.Ask{
		{Word: toy2Pray, Does: "pray for a warrior at home (a die: 5 or 6, one joins; 1, one deserts)"},
		{Word: toy2Muster, Does: "muster warriors at home for 1 VP (half a die, rounded up)"},
	}},
	View:    adjudicator.View{Words: toy2Words, Texts: &adjudicator.Texts{Victory: "Toy2 4.1", RoundEvent: toy2RoundEvent}},
	Seating: &adjudicator.Seating{Standings: toy2Standings, Seats: toy2Seats},
	Bot:     &adjudicator.Bot{Orders: toy2Bot, Standing: toy2BotStanding},
}

func init() {
	games.Register(&toy2Data)
	rulesets.Register(&toy2)
}

// The words a player asks with (Toy2 3.1).
const (
	toy2Pray   = "pray"
	toy2Muster = "muster"
)

// toy2Ext is the second toy's part of the position.
type toy2Ext struct {
	// Dawned says the round's dawn is played (Toy2 2.2).
	Dawned bool `json:"dawned"`
	// In, VP and Turns are by seat: in the game, its VP, and the rounds
	// it has been in the game (Toy2 2.2, 2.3).
	In    []bool `json:"in"`
	VP    []int  `json:"vp"`
	Turns []int  `json:"turns"`
	// Asked is by clan the round its player last asked for a step in
	// (Toy2 3.1); 0 for none.
	Asked []int `json:"asked"`
}

// CloneExt implements adjudicator.Ext.
func (x *toy2Ext) CloneExt() adjudicator.Ext {
	c := *x
	c.In, c.VP, c.Turns, c.Asked = slices.Clone(x.In), slices.Clone(x.VP), slices.Clone(x.Turns), slices.Clone(x.Asked)
	return &c
}

// toy2X is the second toy's part of s.
func toy2X(s *adjudicator.State) *toy2Ext { return s.Ext.(*toy2Ext) }

func toy2Encode(_ *adjudicator.Engine, s *adjudicator.State) any { return toy2X(s) }

func toy2Decode(_ *adjudicator.Engine, s *adjudicator.State, raw []byte) error {
	return json.Unmarshal(raw, toy2X(s))
}

// toy2Setup is Toy2 2 and 2.1: every clan at home, dealt in turn to the
// game's seats, all of them in the game.
func toy2Setup(e *adjudicator.Engine) *adjudicator.State {
	s := e.Blank()
	p := e.PlayerCount()
	x := &toy2Ext{In: make([]bool, p), VP: make([]int, p), Turns: make([]int, p), Asked: make([]int, e.NumNations())}
	for i := range x.In {
		x.In[i] = true
	}
	for n, nat := range e.G.Tables.Nations {
		s.Nations[n].Owner = n % p
		for _, st := range nat.StartIDs {
			s.Add(st.Area, n, 0, st.Armies)
		}
	}
	s.Ext = x
	return s
}

// toy2Due is Toy2 2.2, 3 and 4: dawn, then each clan with warriors, then
// dusk.
func toy2Due(e *adjudicator.Engine, s *adjudicator.State) adjudicator.Step {
	if !toy2X(s).Dawned {
		return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: adjudicator.NationTurnID(s.Round, "dawn")}
	}
	for i := s.Next; i < s.OrderLen(); i++ {
		if n := s.OrderAt(i); s.OnBoard(n) > 0 {
			return adjudicator.Step{Kind: adjudicator.NationTurn, Nation: n, ID: adjudicator.NationTurnID(s.Round, e.NationName(n))}
		}
	}
	return adjudicator.Step{Kind: adjudicator.RoundEvent, Nation: -1, ID: adjudicator.NationTurnID(s.Round, "dusk")}
}

// toy2Asked is Toy2 3.1: the player of the clan due may pray, or muster
// with a VP to pay, once in the turn.
func toy2Asked(e *adjudicator.Engine, s *adjudicator.State) []adjudicator.Step {
	st := toy2Due(e, s)
	x := toy2X(s)
	if st.Kind != adjudicator.NationTurn || x.Asked[st.Nation] == s.Round {
		return nil
	}
	out := []adjudicator.Step{{Kind: adjudicator.AskedStep, Nation: st.Nation, ID: st.ID + "-" + toy2Pray}}
	if p := s.Nations[st.Nation].Owner; p >= 0 && x.VP[p] > 0 {
		out = append(out, adjudicator.Step{Kind: adjudicator.AskedStep, Nation: st.Nation, ID: st.ID + "-" + toy2Muster})
	}
	return out
}

// toy2Stages are the stages of each step (Toy2 2–4).
func toy2Stages(t *adjudicator.Turn) []adjudicator.Stage {
	id := t.Step.ID
	switch {
	case t.Step.Kind == adjudicator.AskedStep && strings.HasSuffix(id, "-"+toy2Muster):
		return []adjudicator.Stage{{Name: "muster", Rule: "Toy2 3.3", Part: adjudicator.Fighting, Run: toy2MusterStage}}
	case t.Step.Kind == adjudicator.AskedStep:
		return []adjudicator.Stage{{Name: "prayer", Rule: "Toy2 3.2", Part: adjudicator.Fighting, Run: toy2PrayStage}}
	case t.Step.Kind == adjudicator.NationTurn:
		return []adjudicator.Stage{
			{Name: "movement", Rule: "Toy2 3.5", Part: adjudicator.Moving, Run: toy2Movement},
			{Name: "battles", Rule: "Toy2 3.6", Part: adjudicator.Fighting, Run: toy2Battles},
			{Name: "next clan", Rule: "Toy2 3", Part: adjudicator.Fighting, Run: func(t *adjudicator.Turn) { t.S.PassTurn(t.Step.Nation) }},
		}
	case strings.HasSuffix(id, "-dawn"):
		return []adjudicator.Stage{
			{Name: "seats", Rule: "Toy2 2.2", Part: adjudicator.Fighting, Run: toy2SeatChanges},
			{Name: "return", Rule: "Toy2 2.5", Part: adjudicator.Fighting, Run: toy2Return},
		}
	}
	return []adjudicator.Stage{
		{Name: "scoring", Rule: "Toy2 4", Part: adjudicator.Fighting, Run: toy2Score},
		{Name: "next round", Rule: "Toy2 4.1", Part: adjudicator.Fighting, Run: toy2NextRound},
	}
}

// toy2RoundEvent names the second toy's round events and asked steps
// (Texts.RoundEvent).
func toy2RoundEvent(id string, round int) (title, name, does string) {
	switch {
	case strings.HasSuffix(id, "-dawn"):
		return "dawn", fmt.Sprintf("the dawn of round %d", round), "players entering and leaving"
	case strings.HasSuffix(id, "-"+toy2Pray):
		return "a prayer", fmt.Sprintf("a prayer in round %d", round), "a die for a warrior"
	case strings.HasSuffix(id, "-"+toy2Muster):
		return "a muster", fmt.Sprintf("a muster in round %d", round), "warriors for a VP"
	}
	return "dusk", fmt.Sprintf("the dusk of round %d", round), "scoring"
}

// toy2Label is seat p's colour: "Red".
func toy2Label(e *adjudicator.Engine, p int) string {
	if cs := e.SeatColours(); p >= 0 && p < len(cs) {
		return cs[p]
	}
	return "seat " + strconv.Itoa(p+1)
}

// toy2SeatChanges is Toy2 2.2–2.4: the players who leave, then those who
// enter, each in the order asked; then every player in the game has been
// in it one round more.
func toy2SeatChanges(t *adjudicator.Turn) {
	x := toy2X(t.S)
	for _, enter := range []bool{false, true} {
		for _, c := range t.In.Seats {
			if c.Enter != enter {
				continue
			}
			if enter {
				toy2Enter(t, c.Seat)
			} else {
				toy2Leave(t, c.Seat)
			}
		}
	}
	for p, in := range x.In {
		if in {
			x.Turns[p]++
		}
	}
}

// toy2Leave is Toy2 2.3: seat p leaves with its VP, and its clans go one
// by one to the player with the fewest; the last player stays.
func toy2Leave(t *adjudicator.Turn, p int) {
	x := toy2X(t.S)
	switch {
	case p < 0 || p >= len(x.In) || !x.In[p]:
		t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-not-in", Args: adjudicator.Args(toy2Label(t.E, p))})
		return
	case toy2PlayersIn(x) == 1:
		t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-last", Args: adjudicator.Args(toy2Label(t.E, p))})
		return
	}
	x.In[p] = false
	t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-leave", Args: adjudicator.Args(toy2Label(t.E, p), x.VP[p])})
	for n := range t.S.Nations {
		if t.S.Nations[n].Owner != p {
			continue
		}
		to := toy2Seat(t.S, func(a, b int) bool { return a < b })
		t.S.Nations[n].Owner = to
		t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-dealt", Nation: t.E.NationName(n), Args: adjudicator.Args(toy2Label(t.E, to))})
	}
}

// toy2Enter is Toy2 2.4: seat p enters and takes the last clan of the
// player with the most, if he has two or more.
func toy2Enter(t *adjudicator.Turn, p int) {
	x := toy2X(t.S)
	if p < 0 || p >= t.E.MostSeats() || p < len(x.In) && x.In[p] {
		t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-in-already", Args: adjudicator.Args(toy2Label(t.E, p))})
		return
	}
	for len(x.In) <= p {
		x.In, x.VP, x.Turns = append(x.In, false), append(x.VP, 0), append(x.Turns, 0)
	}
	from := toy2Seat(t.S, func(a, b int) bool { return a > b })
	x.In[p] = true
	t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-enter", Args: adjudicator.Args(toy2Label(t.E, p))})
	if from < 0 || toy2Clans(t.S, from) < 2 {
		t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-no-clan", Args: adjudicator.Args(toy2Label(t.E, p))})
		return
	}
	last := -1
	for n := range t.S.Nations {
		if t.S.Nations[n].Owner == from {
			last = n
		}
	}
	t.S.Nations[last].Owner = p
	t.Emit(adjudicator.Event{Kind: "seat", What: "toy2-taken", Nation: t.E.NationName(last), Args: adjudicator.Args(toy2Label(t.E, p), toy2Label(t.E, from))})
}

// toy2PlayersIn is how many seats are in the game.
func toy2PlayersIn(x *toy2Ext) int {
	k := 0
	for _, in := range x.In {
		if in {
			k++
		}
	}
	return k
}

// toy2Clans is how many clans seat p has.
func toy2Clans(s *adjudicator.State, p int) int {
	k := 0
	for _, n := range s.Nations {
		if n.Owner == p {
			k++
		}
	}
	return k
}

// toy2Seat is the seat in the game whose clan count is first by better
// (fewer: a < b; more: a > b), the lowest seat on a tie; -1 for none.
func toy2Seat(s *adjudicator.State, better func(a, b int) bool) int {
	x := toy2X(s)
	best := -1
	for p, in := range x.In {
		if in && (best < 0 || better(toy2Clans(s, p), toy2Clans(s, best))) {
			best = p
		}
	}
	return best
}

// toy2Return is Toy2 2.5, then the round's clan turns: a clan with no
// warriors gets two at home, unless another clan is there.
func toy2Return(t *adjudicator.Turn) {
	for n, nat := range t.G.Tables.Nations {
		if t.S.OnBoard(n) > 0 || len(nat.CentreIDs) == 0 {
			continue
		}
		if k := toy2Join(t, n, 2); k > 0 {
			t.Emit(adjudicator.Event{Kind: "return", What: "toy2-return", Nation: nat.Name, Area: t.Name(nat.CentreIDs[0]), N: k})
		}
	}
	toy2X(t.S).Dawned = true
	t.S.Next = 0
}

// toy2Join adds up to k of clan n's warriors at its home where no other
// clan is (Toy2 3.4), no more than the clan has (1.2), and returns how
// many joined.
func toy2Join(t *adjudicator.Turn, n adjudicator.NationID, k int) int {
	nat := t.G.Tables.Nations[n]
	home := nat.CentreIDs[0]
	if t.S.Foreign(home, n) > 0 {
		return 0
	}
	k = min(k, nat.Armies-t.S.OnBoard(n))
	if k > 0 {
		t.S.Add(home, n, 0, k)
	}
	return max(k, 0)
}

// toy2PrayStage is Toy2 3.2: a die; 5 or 6, a warrior joins at home; 1,
// one at home deserts.
func toy2PrayStage(t *adjudicator.Turn) {
	n := t.Step.Nation
	toy2X(t.S).Asked[n] = t.S.Round
	d := t.D.Roll(dice.Label{Phase: toy2Pray})
	home := t.G.Tables.Nations[n].CentreIDs[0]
	ev := adjudicator.Event{Kind: "ask", What: "toy2-pray", Area: t.Name(home), Dice: []int{d}}
	switch {
	case d >= 5:
		ev.N = toy2Join(t, n, 1)
	case d == 1 && t.S.Count(home, n, 0) > 0:
		t.S.Add(home, n, 0, -1)
		ev.N = -1
	}
	t.Emit(ev)
}

// toy2MusterStage is Toy2 3.3: 1 VP of the clan's player, and half a
// die, rounded up, of warriors at home.
func toy2MusterStage(t *adjudicator.Turn) {
	n := t.Step.Nation
	x := toy2X(t.S)
	x.Asked[n] = t.S.Round
	p := t.S.Nations[n].Owner
	x.VP[p]--
	d := t.D.Roll(dice.Label{Phase: toy2Muster})
	k := toy2Join(t, n, (d+1)/2)
	t.Emit(adjudicator.Event{Kind: "ask", What: "toy2-muster", Area: t.Name(t.G.Tables.Nations[n].CentreIDs[0]), Dice: []int{d}, N: k,
		Args: adjudicator.Args(toy2Label(t.E, p))})
}

// toy2MoveSt is "move N FROM > TO" (Toy2 3.5).
type toy2MoveSt struct {
	orders.At
	N        int
	From, To games.AreaID
}

// Encode implements orders.Statement.
func (m toy2MoveSt) Encode(g *games.Game) string {
	return fmt.Sprintf("move %d %s > %s", m.N, g.Board.AreaName(m.From), g.Board.AreaName(m.To))
}

// toy2Grammar is the second toy's order language: its own move line, and
// the step engine's turn ids ("r03-foxes").
var toy2Grammar = orders.NewGrammar(orders.NationTurn, orders.Keyword{Name: "move", Decode: decodeToy2Move, Listed: true})

func decodeToy2Move(r *orders.Reader, rest string) []orders.Statement {
	count, path, _ := strings.Cut(strings.TrimSpace(rest), " ")
	from, to, ok := strings.Cut(path, ">")
	n, err := strconv.Atoi(count)
	if !ok || err != nil || n <= 0 {
		r.Errorf("write a move as \"move 2 Den > Highcairn\": how many warriors, from where, to where (Toy2 3.5)")
		return nil
	}
	a, okA := r.Area(strings.TrimSpace(from), "")
	b, okB := r.Area(strings.TrimSpace(to), "")
	if !okA || !okB {
		return nil
	}
	return []orders.Statement{toy2MoveSt{At: r.At(), N: n, From: a, To: b}}
}

// toy2Movement is Toy2 3.5: each move to a land area next to its start,
// by warriors there that have not moved.
func toy2Movement(t *adjudicator.Turn) {
	n := t.Step.Nation
	moved := make([]int, len(t.B.Areas)) // warriors that came in this turn, by area
	for _, m := range adjudicator.Statements[toy2MoveSt](t) {
		free := t.S.Count(m.From, n, 0) - moved[m.From]
		switch {
		case !toy2Next(t.B, m.From, m.To):
			t.Problem(m.Line, "toy2-not-next", t.Name(m.From), t.Name(m.To))
			continue
		case free < m.N:
			t.Problem(m.Line, "toy2-too-few", t.Name(m.From), free, m.N)
			continue
		}
		t.S.Add(m.From, n, 0, -m.N)
		t.S.Add(m.To, n, 0, m.N)
		moved[m.To] += m.N
		t.Emit(adjudicator.Event{Kind: adjudicator.EvMove, What: "toy2-move", N: m.N, Area: t.Name(m.To), Path: []string{t.Name(m.From), t.Name(m.To)}, Line: m.Line})
	}
}

// toy2Next reports whether a warrior moves from a to b: land areas next
// to each other (Toy2 3.5).
func toy2Next(b *games.Board, a, to games.AreaID) bool {
	linked, _ := b.Adjacent(a, to)
	return linked && b.IsLand(a) && b.IsLand(to)
}

// toy2Battles is Toy2 3.6: the mover fights every other clan where they
// meet, in board order.
func toy2Battles(t *adjudicator.Turn) {
	n, b := t.Step.Nation, 0
	for a := range t.B.NumLand {
		area := games.AreaID(a)
		for _, m := range t.S.Occupants(area) {
			if m != n && t.S.Has(area, n) {
				b++
				toy2Fight(t, b, area, n, m)
			}
		}
	}
}

// toy2Fight is one battle of Toy2 3.6: rounds until a side has no
// warriors, each side a die a warrior, each 5 or 6 a kill; after 20 rounds
// the mover's warriors are lost.
func toy2Fight(t *adjudicator.Turn, b int, area games.AreaID, n, m adjudicator.NationID) {
	name := t.Name(area)
	t.Emit(adjudicator.Event{Kind: adjudicator.EvBattle, What: "toy2-battle", Battle: b, Area: name, Opponent: t.E.NationName(m)})
	for r := 1; t.S.Has(area, n) && t.S.Has(area, m); r++ {
		if r > 20 {
			lost := t.S.Count(area, n, 0)
			t.S.Add(area, n, 0, -lost)
			t.Emit(adjudicator.Event{Kind: adjudicator.EvBattleEnd, What: "toy2-stalemate", Battle: b, Area: name, N: lost})
			return
		}
		mine, theirs := toy2Dice(t, b, r, "attacker", t.S.Count(area, n, 0)), toy2Dice(t, b, r, "defender", t.S.Count(area, m, 0))
		hits, theirHits := min(toy2Hits(mine), t.S.Count(area, m, 0)), min(toy2Hits(theirs), t.S.Count(area, n, 0))
		t.S.Add(area, m, 0, -hits)
		t.S.Add(area, n, 0, -theirHits)
		t.Emit(adjudicator.Event{Kind: adjudicator.EvRound, What: "toy2-round", Battle: b, Round: r, Area: name, Opponent: t.E.NationName(m),
			Dice: mine, TheirDie: theirs, Hits: hits, TheirHit: theirHits, Need: 5, TheirNeed: 5,
			Left: t.S.Count(area, n, 0), TheirLft: t.S.Count(area, m, 0)})
	}
	var winner []string // none where both sides are wiped out
	for _, c := range []adjudicator.NationID{n, m} {
		if t.S.Has(area, c) {
			winner = append(winner, t.E.NationName(c))
		}
	}
	t.Emit(adjudicator.Event{Kind: adjudicator.EvBattleEnd, What: "toy2-battle-end", Battle: b, Area: name, Opponent: t.E.NationName(m), Args: winner})
}

// toy2Dice rolls k dice of one side of a round of battle.
func toy2Dice(t *adjudicator.Turn, b, r int, side string, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = t.D.Roll(dice.Label{Phase: "battle", Battle: b, Round: r, Side: side, Die: i})
	}
	return out
}

// toy2Hits counts the dice of 5 or 6.
func toy2Hits(ds []int) int {
	k := 0
	for _, d := range ds {
		if d >= 5 {
			k++
		}
	}
	return k
}

// toy2Score is Toy2 4: 1 VP to the player of the clan holding each shrine.
func toy2Score(t *adjudicator.Turn) {
	x := toy2X(t.S)
	for _, a := range t.B.Set("shrines") {
		for n := range t.S.Nations {
			if p := t.S.Nations[n].Owner; t.S.Holds(a, n) && p >= 0 {
				x.VP[p]++
				t.Emit(adjudicator.Event{Kind: adjudicator.EvScore, What: "toy2-score", Nation: t.E.NationName(n), Area: t.Name(a), N: 1,
					Args: adjudicator.Args(toy2Label(t.E, p))})
			}
		}
	}
}

// toy2NextRound is Toy2 4.1: the next round, or after the final one the
// end of the game with the standings.
func toy2NextRound(t *adjudicator.Turn) {
	s := t.S
	if rd := t.G.Tables.Round(s.Round); rd == nil || rd.Final {
		s.Over = true
		var parts []string
		for _, st := range t.E.Standings(s, t.E.PlayerCount()) {
			parts = append(parts, fmt.Sprintf("%s %d", st.Colour, st.VP))
		}
		t.Emit(adjudicator.Event{Kind: adjudicator.EvGameOver, What: "toy2-over", Args: parts})
		return
	}
	s.Round++
	s.Next = 0
	toy2X(s).Dawned = false
}

// toy2Seats implements Seating.Seats: every seat, and whether the step due
// (dawn) takes seat changes (Toy2 2.2).
func toy2Seats(_ *adjudicator.Engine, s *adjudicator.State) ([]adjudicator.SeatStatus, bool) {
	x := toy2X(s)
	out := make([]adjudicator.SeatStatus, len(x.In))
	for p := range out {
		out[p] = adjudicator.SeatStatus{In: x.In[p], Turns: x.Turns[p], VP: x.VP[p]}
	}
	return out, !x.Dawned && !s.Over
}

// toy2Standings implements Seating.Standings: each seat that has been in
// the game with its VP, most first (Toy2 4.1); a player who left keeps
// his, and ranks by them like everyone.
func toy2Standings(e *adjudicator.Engine, s *adjudicator.State, _ int) []adjudicator.Standing {
	x := toy2X(s)
	var out []adjudicator.Standing
	for p := range x.In {
		st := adjudicator.Standing{Player: p + 1, Colour: toy2Label(e, p), VP: x.VP[p], Points: adjudicator.VP(x.VP[p]), Out: !x.In[p]}
		for n := range s.Nations {
			if s.Nations[n].Owner == p {
				st.Nations = append(st.Nations, e.NationName(n))
			}
		}
		out = append(out, st)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	return out
}

// toy2Bot writes the bot's file for the clan due: from each area it holds,
// now and then some warriors to a neighbour, a shrine it does not hold
// first.
func toy2Bot(e *adjudicator.Engine, s *adjudicator.State, game, token string, seed uint64) *orders.File {
	st := e.Due(s)
	n := st.Nation
	r := bot.Rand(seed, "toy2-"+st.ID)
	f := &orders.File{Kind: orders.TurnOrders, Game: game, Nation: e.NationName(n), Turn: st.ID, Token: token}
	b := e.G.Board
	shrines := b.Set("shrines")
	for a := range b.NumLand {
		from := games.AreaID(a)
		k := s.Count(from, n, 0)
		if k == 0 || r.IntN(3) == 0 {
			continue
		}
		var next []games.AreaID
		for _, ed := range b.Edges(from) {
			if toy2Next(b, from, ed.To) {
				next = append(next, ed.To)
			}
		}
		to := next[r.IntN(len(next))]
		for _, sh := range shrines {
			if slices.Contains(next, sh) && !s.Holds(sh, n) && r.IntN(2) == 0 {
				to = sh
			}
		}
		f.Body = append(f.Body, toy2MoveSt{At: orders.At{Line: len(f.Body) + 1}, N: 1 + r.IntN(k), From: from, To: to})
	}
	return f
}

// toy2BotStanding is the bot's standing orders: none, for the second toy
// has no Decisions.
func toy2BotStanding(e *adjudicator.Engine, n adjudicator.NationID, game, token string, _ uint64) *orders.File {
	return &orders.File{Kind: orders.StandingOrders, Game: game, Nation: e.NationName(n), Token: token}
}

// toy2Words are the second toy's words of its facts, and of the messages
// shared code gives about its seats and asked steps (adjudicator.Msg…),
// each citing its rule.
var toy2Words = adjudicator.Words{
	"toy2-not-in": {Rule: "Toy2 2.3", Words: adjudicator.F("%s is not in the game")},
	"toy2-last":   {Rule: "Toy2 2.3", Words: adjudicator.F("%s is the last player in the game and stays")},
	"toy2-leave":  {Rule: "Toy2 2.3", Words: adjudicator.F("%s leaves the game with %s VP")},
	"toy2-dealt": {Rule: "Toy2 2.3", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return "The " + ev.Nation + " go to " + ev.Arg(0)
	}},
	"toy2-in-already": {Rule: "Toy2 2.4", Words: adjudicator.F("%s is in the game already, or no seat")},
	"toy2-enter":      {Rule: "Toy2 2.2", Words: adjudicator.F("%s enters the game")},
	"toy2-no-clan":    {Rule: "Toy2 2.4", Words: adjudicator.F("%s has no clan yet: no player has two")},
	"toy2-taken": {Rule: "Toy2 2.4", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s takes the %s from %s", ev.Arg(0), ev.Nation, ev.Arg(1))
	}},
	"toy2-return": {Rule: "Toy2 2.5", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s of the %s return to %s", toy2Warriors(ev.N), ev.Nation, ev.Area)
	}},
	"toy2-pray":     {Rule: "Toy2 3.2", Words: toy2PrayWords},
	"toy2-muster":   {Rule: "Toy2 3.3", Words: toy2MusterWords},
	"toy2-not-next": {Rule: "Toy2 3.5", Words: adjudicator.F("%s is not next to %s")},
	"toy2-too-few": {Rule: "Toy2 3.5", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s in %s may move, not %s", toy2Warriors(ev.ArgN(1)), ev.Arg(0), ev.Arg(2))
	}},
	"toy2-move": {Rule: "Toy2 3.5", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s of the %s %s %s", toy2Warriors(ev.N), ev.Nation, adjudicator.Verb(ev.N, "moves", "move"), strings.Join(ev.Path, " > "))
	}},
	"toy2-battle": {Rule: "Toy2 3.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("The %s attack the %s in %s", ev.Nation, ev.Opponent, ev.Area)
	}},
	"toy2-round": {Rule: "Toy2 3.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("round %d: the %s roll %s and kill %d, the %s roll %s and kill %d; %d and %d left", ev.Round,
			ev.Nation, adjudicator.DiceText(ev.Dice), ev.Hits, ev.Opponent, adjudicator.DiceText(ev.TheirDie), ev.TheirHit, ev.Left, ev.TheirLft)
	}},
	"toy2-battle-end": {Rule: "Toy2 3.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		if ev.Arg(0) == "" {
			return fmt.Sprintf("Both sides are wiped out in %s", ev.Area)
		}
		return fmt.Sprintf("The %s hold %s", ev.Arg(0), ev.Area)
	}},
	"toy2-stalemate": {Rule: "Toy2 3.6", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("After 20 rounds %s of the %s in %s are lost", toy2Warriors(ev.N), ev.Nation, ev.Area)
	}},
	"toy2-score": {Rule: "Toy2 4", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return fmt.Sprintf("%s scores 1 VP: the %s hold the shrine %s", ev.Arg(0), ev.Nation, ev.Area)
	}},
	"toy2-over": {Rule: "Toy2 4.1", Words: func(_ *adjudicator.Engine, ev adjudicator.Event) string {
		return "The game is over: " + strings.Join(ev.Args, ", ")
	}},

	adjudicator.MsgSeats:          {Rule: "Toy2 2.2", Words: adjudicator.F("Seats")},
	adjudicator.MsgSeatEnter:      {Rule: "Toy2 2.2, 2.4", Words: adjudicator.F("enter the game at the next dawn, with a clan if a player has two")},
	adjudicator.MsgSeatLeave:      {Rule: "Toy2 2.3", Words: adjudicator.F("You leave game %s at the next dawn: your clans go to the players with the fewest, and you keep your VP")},
	adjudicator.MsgSeatReturn:     {Rule: "Toy2 2.2", Words: adjudicator.F("You enter game %s again at the next dawn, with your VP as you left them")},
	adjudicator.MsgAskNotNow:      {Rule: "Toy2 3.1", Words: adjudicator.F(`"%s" cannot be asked for in %s: a clan prays or musters once in its turn, and musters only with a VP to pay`)},
	adjudicator.MsgAskAfterOrders: {Rule: "Toy2 3.1", Words: adjudicator.F("orders for %s are accepted already (digest %s): they stand, and the clan neither prays nor musters in this turn")},
}

// toy2Warriors counts warriors: "1 warrior", "3 warriors".
func toy2Warriors(n int) string { return games.Count(n, "warrior", "warriors") }

// toy2PrayWords words a prayer (Toy2 3.2) by its die and what came of it.
func toy2PrayWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	d := 0
	if len(ev.Dice) > 0 {
		d = ev.Dice[0]
	}
	head := fmt.Sprintf("The %s pray and roll %d", ev.Nation, d)
	switch {
	case ev.N > 0:
		return head + ": a warrior joins them in " + ev.Area
	case ev.N < 0:
		return head + ": a warrior deserts them in " + ev.Area
	case d >= 5:
		return head + ", but no warrior can join them in " + ev.Area
	}
	return head + ": nothing comes of it"
}

// toy2MusterWords words a muster (Toy2 3.3).
func toy2MusterWords(_ *adjudicator.Engine, ev adjudicator.Event) string {
	d := 0
	if len(ev.Dice) > 0 {
		d = ev.Dice[0]
	}
	return fmt.Sprintf("%s pays 1 VP; the %s muster and roll %d: %s %s them in %s", ev.Arg(0), ev.Nation, d,
		toy2Warriors(ev.N), adjudicator.Verb(ev.N, "joins", "join"), ev.Area)
}
