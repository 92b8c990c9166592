package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/dice"
)

// EngineVersion is the engine version a new game records
// (adjudicator.EngineVersion). A game is played and replayed as its engine
// played it: its version resolves the compatibility table once, when it is
// opened (adjudicator.CompatOf; docs/rulesets.md "Compatibility"), and a
// version not in the table is a version mismatch, not tampering. Because
// the engine is changed by people who may forget the table, game.yaml also
// records an engine fingerprint (fingerprint.go), which catches a changed
// engine under the same version.
var EngineVersion = adjudicator.EngineVersion

// knownEngine reports whether this pbem plays games of an engine version.
func knownEngine(v string) bool {
	_, err := adjudicator.CompatOf(v)
	return err == nil
}

// FormatVersion is the layout of the archive described in this package's
// documentation.
const FormatVersion = "pbem-archive-v1"

// gameFile is game.yaml.
type gameFile struct {
	Format        string       `yaml:"format"`
	Game          string       `yaml:"game"`
	Ruleset       string       `yaml:"ruleset"`
	Options       []string     `yaml:"options,flow"`
	Tables        string       `yaml:"tables"`        // the copy in the archive
	TablesSource  string       `yaml:"tables_source"` // the file the GM gave, or the embedded one
	TablesSHA256  string       `yaml:"tables_sha256"`
	Created       time.Time    `yaml:"created"`
	Players       []playerFile `yaml:"players"`
	Commitment    string       `yaml:"commitment"`
	ChainLength   int          `yaml:"chain_length"`
	DiceSpec      string       `yaml:"dice_spec"`
	EngineVersion string       `yaml:"engine"`
	// EngineFingerprint is rules.fingerprint of the pbem that created the
	// game.
	EngineFingerprint string `yaml:"engine_fingerprint,omitempty"`
	// Board is the copy of a GM's board in the archive, BoardSource the
	// file the GM gave; all three are empty for the ruleset's own board
	// (and in games made before boards could be given).
	Board       string `yaml:"board,omitempty"`
	BoardSource string `yaml:"board_source,omitempty"`
	BoardSHA256 string `yaml:"board_sha256,omitempty"`
}

type playerFile struct {
	Name        string   `yaml:"name"`
	Colour      string   `yaml:"colour"`
	Nations     []string `yaml:"nations,flow"`
	TokenSHA256 string   `yaml:"token_sha256"`
	// Email is the player's address: kept in the private directory
	// (tokens.yaml), never written here; read from game.yaml files written
	// before it moved (addresses.go).
	Email string `yaml:"email,omitempty"`
	// Seat is "out" when the player asked to leave the game, under
	// continuous play (Hy Breasil 10.1, seats.go); empty otherwise.
	Seat string `yaml:"seat,omitempty"`
	// Admitted marks a seat added to the running game (Hy Breasil 10.1):
	// the game was set up, and its engine fingerprint drawn, without it.
	Admitted bool `yaml:"admitted,omitempty"`
	// Prefs are the player's mail preferences; empty (and absent from
	// game.yaml) when every one is the default.
	Prefs MailPrefs `yaml:",inline"`
}

const gameHeader = "# pbem game: the public record of the game (archive/doc.go).\n" +
	"# A step at depth i (the i-th step in force) uses seed s_i, with SHA256(s_i) == s_(i-1) and s_0 the commitment.\n"

// marshal is game.yaml for gf: the public record, without the players'
// addresses.
func (gf *gameFile) marshal() []byte {
	pub := *gf
	pub.Players = append([]playerFile(nil), gf.Players...)
	for i := range pub.Players {
		pub.Players[i].Email = ""
	}
	var b bytes.Buffer
	b.WriteString(gameHeader)
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&pub); err != nil {
		panic(err) // plain structs
	}
	enc.Close()
	return b.Bytes()
}

var gameIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)

// CheckGameID says why id cannot be a game id, or nil: lower-case letters,
// digits and dashes, at most 63, starting with a letter or digit.
func CheckGameID(id string) error {
	if !gameIDPattern.MatchString(id) {
		return fmt.Errorf("game id %q: use lower-case letters, digits and dashes (at most 63), starting with a letter or digit", id)
	}
	return nil
}

func parseGameFile(data []byte) (*gameFile, error) {
	var gf gameFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&gf); err != nil {
		return nil, fmt.Errorf("game.yaml: %w", err)
	}
	switch {
	case gf.Format != FormatVersion:
		return nil, fmt.Errorf("game.yaml: format %q, this pbem reads %q", gf.Format, FormatVersion)
	case !gameIDPattern.MatchString(gf.Game):
		return nil, fmt.Errorf("game.yaml: game id %q is not lower-case letters, digits and dashes", gf.Game)
	case gf.ChainLength < 1 || gf.ChainLength > dice.MaxChainLen:
		return nil, fmt.Errorf("game.yaml: chain_length %d out of range 1..%d", gf.ChainLength, dice.MaxChainLen)
	case gf.Tables == "":
		return nil, fmt.Errorf("game.yaml: no tables file")
	case gf.Board != "" && (gf.Board != filepath.Base(gf.Board) || gf.Board == gf.Tables):
		return nil, fmt.Errorf("game.yaml: board %q is not a file of its own in the game directory", gf.Board)
	case (gf.Board == "") != (gf.BoardSHA256 == ""):
		return nil, fmt.Errorf("game.yaml: board and board_sha256 go together")
	}
	if c, err := hex.DecodeString(gf.Commitment); err != nil || len(c) != dice.SeedSize {
		return nil, fmt.Errorf("game.yaml: commitment %q is not %d bytes of hex", gf.Commitment, dice.SeedSize)
	}
	return &gf, nil
}

func (gf *gameFile) commitment() []byte {
	c, _ := hex.DecodeString(gf.Commitment)
	return c
}

// hashToken is what game.yaml keeps of a player's token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// startPlayers is how many players the game was set up with: those not
// admitted during play (Hy Breasil 10.1).
func (gf *gameFile) startPlayers() int {
	k := 0
	for _, p := range gf.Players {
		if !p.Admitted {
			k++
		}
	}
	return k
}
