package archive

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/dice"
	"github.com/pbem-org/pbem/games"
	"github.com/pbem-org/pbem/rulesets"
)

// Sim is a game played by bots for every nation.
type Sim struct {
	Ruleset string
	Options []string
	Players int // 3 to 5 for reduX
	Seed    uint64
	// BoardName and Board are a GM's board file; nil for the ruleset's.
	BoardName string
	Board     []byte
}

// SimResult is the end of a simulated game.
type SimResult struct {
	ID        string
	Steps     int
	StepIDs   []string // the id of each step, in order
	State     *adjudicator.State
	Players   []string               // names in seat order
	Standings []adjudicator.Standing // best first
}

// simReader is the deterministic randomness of a simulated game: its dice
// chain secret (and, with an archive, its tokens) come from the seed, so a
// simulation is repeatable. Never use it for a real game.
func simReader(seed uint64) *rand.ChaCha8 {
	return rand.NewChaCha8(sha256.Sum256(binary.BigEndian.AppendUint64([]byte("pbem-simulate\x00"), seed)))
}

func simPlayers(n int) []Player {
	var ps []Player
	for i := 1; i <= n; i++ {
		ps = append(ps, Player{Name: fmt.Sprintf("Player %d", i), Email: fmt.Sprintf("player%d@example.invalid", i)})
	}
	return ps
}

// Simulate plays a whole game with the bot for every nation: the same
// steps, dice and missed-turn bot as a real game, with standing orders from
// bot.Standing and a dice chain drawn from the seed. With dir empty it runs
// in memory; otherwise it writes a complete archive to dir (which must not
// exist) that Verify accepts. Both give the same game for the same Sim.
// Archives of simulations are written without fsync: they are made in one
// go and can be made again.
func Simulate(spec Sim, dir string) (*SimResult, error) {
	id := fmt.Sprintf("sim-%d", spec.Seed)
	players := simPlayers(spec.Players)
	if dir != "" {
		return simulateArchive(spec, dir, id, players)
	}
	rs, err := games.Lookup(spec.Ruleset)
	if err != nil {
		return nil, err
	}
	g, err := rs.LoadFiles(spec.Options, gmFile(spec.BoardName, spec.Board, "board.yaml"), nil)
	if err != nil {
		return nil, err
	}
	if g.Tables.Split(spec.Players) == nil {
		return nil, fmt.Errorf("%s: no player split in ruleset %s", games.Count(spec.Players, "player", "players"), rs.Name)
	}
	e, err := rulesets.Engine(g) // the ruleset's own check of a GM's board (LoadData)
	if err != nil {
		return nil, err
	}
	e.Players = spec.Players // L&R 10.4, 11.6.2 depend on it
	r := &rules{id: id, g: g, e: e}
	chain, err := dice.NewChain(chainLength(g), simReader(spec.Seed))
	if err != nil {
		return nil, err
	}
	texts := r.simStanding(spec.Seed)
	s := e.NewState()
	steps := 0
	var ids []string
	for !s.Over {
		steps++
		seed, err := chain.Seed(steps)
		if err != nil {
			return nil, err
		}
		st, err := r.due(s)
		if err != nil {
			return nil, fmt.Errorf("step %03d: %w", steps, err)
		}
		in := &stepInput{step: st, seed: seed}
		if st.Kind == adjudicator.NationTurn {
			in.orders = r.botOrders(s, seed)
			in.standing = r.formatStanding(st.ID, texts)
		} else if seats, takes := r.e.Seats(s); takes {
			in.seats = formatSeats(st.ID, e.SeatColours(), bot.SeatChanges(bot.SeatWishes(spec.Seed, s.Round, seats, e.MostSeats()), seats))
		}
		pl, err := r.play(s, in)
		if err != nil {
			return nil, fmt.Errorf("step %03d %s: %w", steps, st.ID, err)
		}
		s = pl.state
		ids = append(ids, st.ID)
	}
	if seats, _ := e.Seats(s); len(seats) > len(players) {
		players = simPlayers(len(seats))
	}
	res := r.simResult(id, steps, s, players)
	res.StepIDs = ids
	return res, nil
}

func (r *rules) simStanding(seed uint64) []string {
	texts := make([]string, len(r.g.Tables.Nations))
	for n := range texts {
		texts[n] = r.canonical(bot.Standing(r.e, n, r.id, "", seed))
	}
	return texts
}

func (r *rules) simResult(id string, steps int, s *adjudicator.State, players []Player) *SimResult {
	res := &SimResult{ID: id, Steps: steps, State: s, Standings: r.e.Standings(s, len(players))}
	for _, p := range players {
		res.Players = append(res.Players, p.Name)
	}
	return res
}

func simulateArchive(spec Sim, dir, id string, players []Player) (*SimResult, error) {
	created := time.Now().UTC().Truncate(time.Second)
	gm, _, err := create(dir, NewGame{ID: id, Ruleset: spec.Ruleset, Options: spec.Options, Players: players, Created: created,
		BoardName: spec.BoardName, Board: spec.Board},
		simReader(spec.Seed), writer{noSync: true})
	if err != nil {
		return nil, err
	}
	for n, text := range gm.r.simStanding(spec.Seed) {
		if _, err := gm.SetStanding(gm.r.g.Tables.Nations[n].Name, text, created); err != nil {
			return nil, err
		}
	}
	steps := 0
	for !gm.Due().Over {
		if err := gm.simSeats(spec.Seed); err != nil {
			return nil, err
		}
		if _, err := gm.Advance(true); err != nil {
			return nil, err
		}
		steps++
	}
	res := gm.r.simResult(id, steps, gm.State(), simPlayers(len(gm.gf.Players)))
	for _, st := range gm.Steps() {
		res.StepIDs = append(res.StepIDs, st.ID)
	}
	return res, nil
}

// simSeats asks, before the step due, for the seat changes bot.SeatWishes gives,
// as players and the GM would by mail: a new player admitted, a seat
// asking to leave or to enter again.
func (g *Game) simSeats(seed uint64) error {
	seats, takes := g.r.e.Seats(g.state)
	if !takes {
		return nil
	}
	want := bot.SeatWishes(seed, g.state.Round, seats, g.r.e.MostSeats())
	for i, w := range want {
		c := PlayerChange{Why: "simulated", By: "player"}
		switch {
		case i >= len(g.gf.Players):
			p := simPlayers(i + 1)[i]
			if _, err := g.AdmitPlayer(p, PlayerChange{Why: "simulated", By: "gm"}, simReader(seed+uint64(i))); err != nil {
				return err
			}
		case (g.gf.Players[i].Seat != seatOut) != w:
			if err := g.AskSeat(g.gf.Players[i].Name, w, c); err != nil {
				return err
			}
		}
	}
	return nil
}
