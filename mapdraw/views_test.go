package mapdraw

import (
	"strings"
	"testing"

	"github.com/pbem-org/pbem/games"
)

// Views used by the tests, the examples in testdata and the benchmark.

func area(t testing.TB, b *games.Board, name string) games.AreaID {
	t.Helper()
	id, err := b.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// colours gives each nation its player's colour in the four-player split.
func colours(g *games.Game) map[string]string { return seatColours(g, 4) }

// seatColours gives each nation its player's colour in a split.
func seatColours(g *games.Game, players int) map[string]string {
	out := map[string]string{}
	for _, p := range g.Tables.Split(players).Players {
		for _, n := range p.Nations {
			out[n] = p.Hex
		}
	}
	return out
}

// dress colours a test view as a game's map is (issue 14): each stack in
// its nation's colour with its player's ring, the players with their VP
// (vp, in split order), the nations with their population markers, and the
// Timeline at round.
func dress(g *games.Game, v *View, players, round int, vp []float64) *View {
	sp := g.Tables.Split(players)
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin"}
	seat := map[string]int{}
	for i, p := range sp.Players {
		v.Players = append(v.Players, Player{Label: strings.ToUpper(p.Colour[:1]) + p.Colour[1:] + " (" + names[i] + ")", Colour: p.Hex, VP: vp[i]})
		for _, n := range p.Nations {
			seat[n] = i + 1
		}
	}
	for i, n := range g.Tables.Nations {
		v.Nations = append(v.Nations, Nation{Name: n.Name, Tag: n.Short, Colour: g.Tables.NationColour(i), Player: seat[n.Name], Pop: (i * 7) % (g.Tables.Population.TrackMax + 1)})
	}
	nationColour := map[string]string{}
	for _, n := range v.Nations {
		nationColour[n.Name] = n.Colour
	}
	for i := range v.Stacks {
		st := &v.Stacks[i]
		st.Colour, st.Ring = nationColour[st.Nation], sp.Players[seat[st.Nation]-1].Hex
	}
	tl := &Timeline{Current: round - 1, TrackMax: g.Tables.Population.TrackMax}
	for _, r := range g.Tables.Rounds {
		tl.Rounds = append(tl.Rounds, Round{Label: r.Label, Years: r.Years, Scoring: r.Scoring})
	}
	v.Timeline = tl
	return v
}

// nationHex is a nation's colour in the tables.
func nationHex(g *games.Game, nation string) string {
	i, err := g.Tables.NationIndex(nation)
	if err != nil {
		panic(err)
	}
	return g.Tables.NationColour(i)
}

// emptyView is the bare board.
func emptyView() *View {
	return &View{Title: "Britannia", Legend: []string{"The board, no counters"}}
}

// earlyView is round I: every nation that starts on the board, at its start.
func earlyView(t testing.TB, g *games.Game) *View {
	col := colours(g)
	v := &View{Title: "Round I — Romano-British", Legend: []string{"43–60: the Romano-British moved"}}
	for _, n := range g.Tables.Nations {
		for _, s := range n.StartIDs {
			v.Stacks = append(v.Stacks, Stack{Area: s.Area, Nation: n.Name, Tag: n.Short, Colour: col[n.Name], Armies: s.Armies})
		}
	}
	b := g.Board
	v.Moves = []Arrow{
		{From: area(t, b, "Kent"), To: area(t, b, "Sussex"), Colour: nationHex(g, "Romano-British")},
		{From: area(t, b, "Essex"), To: area(t, b, "Downlands"), Colour: nationHex(g, "Romano-British")},
	}
	return dress(g, v, 4, 1, []float64{0, 0, 0, 0})
}

// lateView is a crowded late game: several nations an area, armies at sea,
// leaders, cavalry, moves and battles.
func lateView(t testing.TB, g *games.Game) *View {
	b := g.Board
	col := colours(g)
	short := map[string]string{}
	for _, n := range g.Tables.Nations {
		short[n.Name] = n.Short
	}
	st := func(a, nation string, armies, cav int, leader string) Stack {
		return Stack{Area: area(t, b, a), Nation: nation, Tag: short[nation], Colour: col[nation], Armies: armies, Cavalry: cav, Leader: leader}
	}
	v := &View{
		Title:  "Round XII — Danes",
		Legend: []string{"AD 850–900. The Danes landed in Lindsey and York and attacked Norfolk."},
		Stacks: []Stack{
			st("York", "Danes", 4, 0, "Ivar and Halfdan"), st("York", "Angles", 2, 0, ""), st("York", "Norsemen", 1, 0, ""),
			st("Lindsey", "Danes", 3, 0, ""), st("Lindsey", "Angles", 1, 0, ""),
			st("Norfolk", "Danes", 2, 0, ""), st("Norfolk", "Angles", 2, 0, ""),
			st("Suffolk", "Angles", 3, 0, ""), st("Essex", "Saxons", 4, 0, ""), st("Kent", "Jutes", 2, 0, ""), st("Kent", "Saxons", 1, 0, ""),
			st("Sussex", "Saxons", 3, 0, ""), st("Wessex", "Saxons", 5, 0, "Alfred"), st("Downlands", "Saxons", 2, 0, ""),
			st("South Mercia", "Angles", 3, 0, ""), st("North Mercia", "Angles", 4, 0, "Offa"), st("March", "Angles", 2, 0, ""), st("March", "Welsh", 1, 0, ""),
			st("Hwicce", "Saxons", 2, 0, ""), st("Hwicce", "Welsh", 1, 0, ""), st("Avalon", "Saxons", 2, 0, ""), st("Avalon", "Welsh", 1, 0, ""),
			st("Devon", "Welsh", 2, 0, ""), st("Cornwall", "Welsh", 2, 0, ""), st("Gwent", "Welsh", 2, 0, ""), st("Dyfed", "Welsh", 3, 0, ""),
			st("Powys", "Welsh", 3, 0, ""), st("Gwynedd", "Welsh", 2, 0, ""), st("Clwyd", "Welsh", 1, 0, ""), st("Clwyd", "Norsemen", 2, 0, ""),
			st("Cheshire", "Norsemen", 2, 0, ""), st("Cheshire", "Angles", 1, 0, ""), st("Cheshire", "Welsh", 1, 0, ""),
			st("Cumbria", "Norsemen", 3, 0, "Ketil"), st("Pennines", "Angles", 1, 0, ""), st("Bernicia", "Angles", 3, 0, ""), st("Bernicia", "Danes", 1, 0, ""),
			st("Lothian", "Angles", 2, 0, ""), st("Lothian", "Scots", 1, 0, ""), st("Galloway", "Scots", 2, 0, ""), st("Strathclyde", "Scots", 3, 0, ""),
			st("Dalriada", "Scots", 3, 0, ""), st("Dunedin", "Picts", 2, 0, ""), st("Dunedin", "Scots", 2, 0, ""), st("Alban", "Picts", 3, 0, ""),
			st("Mar", "Picts", 2, 0, ""), st("Moray", "Picts", 2, 0, ""), st("Skye", "Norsemen", 1, 0, ""), st("Skye", "Picts", 1, 0, ""),
			st("Caithness", "Norsemen", 2, 0, ""), st("Orkneys", "Norsemen", 3, 0, ""), st("Hebrides", "Norsemen", 2, 0, ""),
			st("Frisian Sea", "Danes", 6, 0, "Cnut"), st("North Sea", "Norwegians", 10, 2, "Harald Hardrada"), st("Irish Sea", "Dubliners", 5, 0, "Olaf"),
			st("English Channel", "Normans", 4, 3, "William"),
			st("Norfolk", "Saxons", 1, 0, ""),
		},
		Moves: []Arrow{
			{From: area(t, b, "Frisian Sea"), To: area(t, b, "Lindsey"), Colour: nationHex(g, "Danes")},
			{From: area(t, b, "Frisian Sea"), To: area(t, b, "Norfolk"), Colour: nationHex(g, "Danes")},
			{From: area(t, b, "North Sea"), To: area(t, b, "York"), Colour: nationHex(g, "Danes")},
			{From: area(t, b, "Lindsey"), To: area(t, b, "York"), Colour: nationHex(g, "Danes")},
			{From: area(t, b, "York"), To: area(t, b, "Bernicia"), Colour: nationHex(g, "Danes")},
		},
		Battles: []games.AreaID{area(t, b, "York"), area(t, b, "Norfolk"), area(t, b, "Bernicia")},
	}
	return dress(g, v, 4, 12, []float64{61, 74, 58, 66})
}
