package archive

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// PublicFile is a file of a game's public record: its path in the game
// directory (with slashes) and its bytes.
type PublicFile struct {
	Name string
	Data []byte
}

// PublicFiles are the files of the game directory dir that make its public
// record: what `pbem verify` reads and nothing else (issue 23). They are
// game.yaml (written without the players' addresses, which an old one
// holds), the tables and board files it names, submissions.log,
// rollbacks.log, players.log (any address in it masked) and every complete
// step folder under turns/. Never the private directory, press, the views
// a forum GM draws, temporary files or any other file a GM put there.
// Files come in name order.
func PublicFiles(dir string) ([]PublicFile, error) {
	data, err := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if err != nil {
		return nil, err
	}
	gf, err := parseGameFile(data)
	if err != nil {
		return nil, err
	}
	out := []PublicFile{{Name: "game.yaml", Data: gf.marshal()}}
	for _, name := range []string{gf.Tables, gf.Board, submissionsLog, rollbacksLog, playersLog} {
		if name == "" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) && name != gf.Tables && name != gf.Board {
			continue // no rollback, no seat change yet
		}
		if err != nil {
			return nil, err
		}
		if name == playersLog {
			data = maskAddresses(data)
		}
		out = append(out, PublicFile{Name: name, Data: data})
	}
	steps, err := publicSteps(dir)
	if err != nil {
		return nil, err
	}
	out = append(out, steps...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// publicSteps are the files of the complete step folders under turns/
// (not the temporary folders of a step being written).
func publicSteps(dir string) ([]PublicFile, error) {
	ents, err := os.ReadDir(filepath.Join(dir, turnsDir))
	if err != nil {
		return nil, err
	}
	var out []PublicFile
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, turnsDir, e.Name()))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if !f.Type().IsRegular() || strings.HasPrefix(f.Name(), ".") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, turnsDir, e.Name(), f.Name()))
			if err != nil {
				return nil, err
			}
			out = append(out, PublicFile{Name: path.Join(turnsDir, e.Name(), f.Name()), Data: data})
		}
	}
	return out, nil
}
