// Package archive keeps a game as a directory of plain text that replays
// (docs/design.md §4): the public record a GM can git init, diff and mail, and a
// private directory beside it that holds what must stay secret until it is
// used.
//
// # The public game directory
//
//	game.yaml              game id, ruleset, options, players (name,
//	                       colour, nations, SHA-256 of their token, never
//	                       the token nor the address: games created before
//	                       issue 23 had it, and the first write moves it to
//	                       tokens.yaml), the dice commitment s_0, the chain
//	                       length, engine and dice-spec versions, the name
//	                       and SHA-256 of the tables file used
//	tables.yaml            a byte copy of the tables file used
//	board.yaml             a byte copy of a GM's board (--board), named with
//	                       its SHA-256 in game.yaml; absent for the
//	                       ruleset's own board
//	submissions.log        one line per submission, accepted or refused:
//	                       arrival time, turn, nation, kind, who entered it,
//	                       the digest quoted in its acknowledgement;
//	                       appended in place, so a crash may leave its
//	                       last line without a newline: such a line is
//	                       not part of the log
//	rollbacks.log          one line per rollback (absent until the first)
//	players.log            one line per change of a seat: its token, its
//	                       address (never the address itself), its leaving
//	                       or entering the game
//	turns/000-start/       state.json: the state set up by the rules, and
//	                       report.txt
//	turns/NNN-ID/          one folder per step, NNN counting from 001 and
//	                       never reused, ID the nation turn or round event
//	                       (r05-saxons, r05-end, r16-saxons-extra,
//	                       r16-extra-end): a lower-case letter, then
//	                       lower-case letters, digits and single dashes
//	                       (CheckStepID)
//
// A step folder holds, normative files first:
//
//	seats.txt      only a round event that takes players entering and
//	               leaving (Hy Breasil 10, option continuous), when some
//	               do: "leave COLOUR" and "enter COLOUR" lines (below)
//	orders.txt     nation turns only: the accepted order file in canonical
//	               form with the token removed. A first line "# nmr: ..."
//	               says no orders came and the bot's orders follow; a line
//	               "# entered by the GM ..." marks orders a GM typed in.
//	standing.txt   nation turns only: the standing orders in force for every
//	               nation when the turn started, in play order, each after a
//	               line "=== NATION"
//	inputs.sha256  the SHA-256 of orders.txt and standing.txt and the
//	               inputs digest (below)
//	seed.hex       s_i, the revealed seed of the hash chain, i the step's
//	               depth (below)
//	dice.log       every die rolled, in order (dice.FormatLog)
//	state.json     the state after the step (Engine.MarshalState)
//	events.jsonl   the events of the step as facts, one a line
//	               (adjudicator.MarshalEvents): kind, What and typed
//	               fields, no words. Engines before the facts also
//	               wrote each event's words ("text", "rule"): a
//	               rendering, compared by nothing, which views show
//	               only where this pbem's replay of the step does not
//	               give the same facts
//	report.txt     the public report as it was mailed: a rendering kept
//	               as sent; `pbem report` draws one with today's words
//
// A step uses the seed s_i of the chain where i is its depth: the number of
// steps in force up to and including it (1 for the first step). Without
// rollbacks step NNN uses s_NNN. A step replayed after a rollback uses the
// seed of the step it replaces, so replaying a turn with the same inputs
// gives the same dice, and a rollback changes the dice only as far as it
// visibly changes the inputs (docs/dice.md §1). verify checks that SHA256 of
// each step's seed is its parent's seed, and of the first step's the
// commitment s_0 in game.yaml.
//
// # The inputs digest
//
// The digest of a step's inputs (docs/design.md §2), mixed into every die, is the
// SHA-256 of length-prefixed fields (a big-endian uint32 length, then the
// bytes): "pbem-inputs-v1", the game id, the step id, then for each input
// file present, in the order orders.txt, standing.txt, seats.txt, its name
// and its bytes. Salts are the salt: lines of orders.txt and of every nation's
// standing orders in standing.txt, sorted (dice.CanonicalSalts).
//
// # Missed turns and submissions
//
// A missed turn is played by bot.Orders with the seed made of the first 8
// bytes (big-endian) of SHA-256("pbem-bot" 0x00 s_i), so verify replays the
// bot and checks that orders.txt holds exactly its orders. Every other
// orders.txt must have been accepted: its orders.Digest (canonical form,
// token removed) must appear on an "accepted" line of submissions.log for
// its turn. Lines of submissions.log read
//
//	2026-11-22T10:00:00Z accepted kind=turn turn=r01-welsh nation=Welsh by=player digest=HEX raw=HEX
//	2026-11-22T10:05:00Z refused kind=turn turn=r01-welsh nation=Welsh by=gm digest=- raw=HEX errors=2
//
// with raw the SHA-256 of the text as received and by=gm for a file the GM
// entered without the player's token.
//
// # Seats
//
// In a game whose players enter and leave (Hy Breasil 10, option
// continuous), a seat asks to leave or to enter again (Game.AskSeat) and
// the GM admits a new player (Game.AdmitPlayer: the next colour of the
// tables, a token, "admitted: true" in game.yaml). game.yaml records each
// seat's wish ("seat: out" for one that asked to leave), players.log each
// request. The invasion phase that starts the next turn takes the seats
// whose wish differs from the position as its input seats.txt, leavers
// first, each in seat order; verify replays it and requires a request of
// each seat named in players.log. The engine's set-up counts the players
// not admitted during play.
//
// # Asked steps
//
// A step the player of the nation due asks for before writing orders,
// which never comes of itself (adjudicator.Ruleset.Asked; Game.Ask): Hy
// Breasil's reroll of the random event by reply, "r05-star-reroll". It has
// no input file; its inputs digest is of the game and step id alone, and
// submissions.log has a line "accepted kind=asked turn=ID ... digest=asked
// ref=REF", which verify requires. The turn stays due.
//
// # Versions
//
// game.yaml records the dice spec (dice.Version), the engine version
// (EngineVersion) and an engine fingerprint: the SHA-256 of a short fixed bot
// game played with the game's rules when the game was created. A game is
// played and replayed by the engine version it records: its version
// resolves the compatibility table (adjudicator/compat.go) into the
// switches of the changes it plays without, so that a game of
// pbem-engine-1 plays as that engine did, and new games by EngineVersion.
// verify reports a dice spec or engine version this pbem does not know as a
// version mismatch and skips what depends on it; when a replay differs and this pbem's
// fingerprint differs from the archive's, it says the engine plays
// differently rather than calling the archive tampered with. `pbem new`
// prints the fingerprint with the commitment, to be posted with it.
//
// # Reading a step
//
// No package outside archive reads a step folder. Game.Step (by id, number,
// folder, "start" or the step the game stands at) and LoadStep read a step
// back as one view, Step: the states before and after it, its events, its
// revealed seed, its inputs digest, the orders as understood and who
// entered them (the player, the GM or the bot). Game.Public builds the
// report every player and observer sees of a step once; each player's copy
// (templates.Report.For), every format and the map (templates.MapPNG: the
// map the daemon mails and `pbem map` draws) are made from it.
//
// # Rollbacks
//
// A rollback never erases: it appends a line to rollbacks.log saying that
// after step NNN the game went back to the state after step MMM, and why.
// The steps in between stay on disk, marked superseded by Steps and
// `pbem status`; the next step is numbered NNN+1 and its parent is MMM.
//
// # The private directory
//
// By default DIR.secrets beside the game directory DIR (NewGame.Secrets and
// Options.Secrets choose another). It must never be published with the
// archive:
//
//	chain.txt          the dice chain secret s_N (dice.Chain.MarshalSecret)
//	tokens.yaml        each player's token and address
//	press.log          the press the mail daemon relayed (daemon/press.go)
//	pending/ID.json    accepted orders waiting for their turn
//	standing/NAME.txt  each nation's current standing orders (they become
//	                   public in standing.txt of the next nation turn)
//
// Open works without it (State, Due, Steps, Report; the players have no
// address then); Submit, SetStanding and Advance need it. Verify never
// reads it.
//
// # The public record
//
// PublicFiles is what may be published: game.yaml (without addresses),
// the tables and board, submissions.log, rollbacks.log, players.log (any
// address in an old one masked) and the step folders; what `pbem verify`
// reads and nothing else. The mail daemon's "archive" sends it. Nothing
// of the public record holds a secret: a salt: line that holds a token
// of the game is refused (Secrets), as it would be published in
// orders.txt and the report.
//
// # Crashes
//
// Every file is written atomically: a temporary file in the same directory,
// fsync, rename, fsync of the directory. A step is written into
// turns/.tmp-NNN-ID and complete only once renamed to turns/NNN-ID, so a
// crash at any point leaves the archive at the last complete step. After an
// error from a method that writes, the Game must be opened again.
package archive
