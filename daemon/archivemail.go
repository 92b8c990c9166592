package daemon

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"path"
	"time"

	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/mailer"
)

// The archive by mail (issue 23): anyone gets the public record, what
// `pbem verify` reads (archive.PublicFiles: no press, no address, no
// secret); a player who asks with their token from their registered
// address gets their own press too (what they sent and received), the GM
// with the GM's token all of it. The private directory (tokens, the dice
// chain secret) never goes out.

// archiveMail answers "archive": the game's archive as the sender may
// have it, attached as GAME-archive.tar.gz.
func (d *Daemon) archiveMail(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) error {
	files, err := archive.PublicFiles(g.Dir())
	if err != nil {
		return err
	}
	name := g.ID() + "-archive.tar.gz"
	verify := fmt.Sprintf("Unpack it and run\n\n    pbem verify --game %s\n\nto re-derive every die and replay every turn; it needs no secret.\n", g.ID())
	to, subject := replyAddr(in), "pbem: the public archive of "+g.ID()
	text := fmt.Sprintf("The public archive of game %s is attached (%s): the record pbem verify reads, without the players' press or addresses. %s\nA player who sends \"archive\" with their token from their registered address gets their own press too.\n", g.ID(), name, verify)
	if env.token != "" {
		reader, addr, ok, err := d.archiveReader(m, in, g, env)
		if !ok {
			return err
		}
		press, err := pressOf(g, reader)
		if err != nil {
			return err
		}
		files = append(files, archive.PublicFile{Name: pressFile, Data: press})
		whose := "your press (what you sent and received)"
		if reader == "" {
			whose = "every press of the game"
		}
		to, subject = addr, "pbem: the archive of "+g.ID()+" with your press"
		text = fmt.Sprintf("The archive of game %s is attached (%s), with %s in %s/%s: keep that file to yourself. %s", g.ID(), name, whose, g.ID(), pressFile, verify)
	}
	tgz, err := packArchive(g.ID(), files)
	if err != nil {
		return err
	}
	return d.send(&mailer.Outgoing{ID: safeID("reply", m.JournalID), To: []string{to}, InReplyTo: in.MessageID, AutoSubmitted: true,
		Subject: subject, Text: text, Attach: []mailer.Part{{Name: name, ContentType: "application/gzip", Data: tgz}}})
}

// archiveReader authenticates "archive" with a token: the GM (reader "")
// or a player (their name), and the registered address the archive goes
// to. Otherwise it answers the mail itself (ok false): a wrong token is a
// failed login.
func (d *Daemon) archiveReader(m *mailer.Message, in *mailer.Inbound, g *archive.Game, env envelope) (reader, addr string, ok bool, err error) {
	switch d.asGM(in, env) {
	case gmOK:
		return "", d.gmAddr, true, nil
	case gmBadToken:
		return "", "", false, d.failedLogin(m, in, g, victim{addr: d.gmAddr, who: "the GM", what: "the archive with the press"}, "the GM token is wrong")
	}
	player := d.playerByEmail(g, in.From)
	if ok, err := d.seatAuth(m, in, g, player, env); !ok {
		return "", "", false, err
	}
	return player.Name, player.Email, true, nil
}

// packArchive packs files as GAME/NAME in a .tar.gz, in the order given,
// with fixed times and modes: the same files give the same bytes.
func packArchive(game string, files []archive.PublicFile) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, f := range files {
		name := path.Join(game, f.Name)
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Mode: 0o644, Size: int64(len(f.Data)), ModTime: time.Unix(0, 0)}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
