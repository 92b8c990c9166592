package mailer

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Journal is the crash-safe record of incoming mail: every raw message,
// written before anything acts on it, and a "done" marker per processed key.
// Everything is a plain file written atomically (temp file, fsync, rename,
// directory fsync), so the journal can be inspected with ls and cat:
//
//	DIR/raw/ID.eml       the raw message; ID is the hex SHA-256 of its bytes
//	DIR/done/HASH        a processed key (the file holds the key itself; the
//	                     marker of a message's place on the server is a hard
//	                     link to the marker of its Message-ID)
//	DIR/attempts/HASH    how many times a handler was started for a key,
//	                     from the second attempt on (the raw message kept is
//	                     the sign of a first)
//
// A Journal is safe for use by several goroutines; two processes must not
// share one directory.
type Journal struct {
	dir string
}

// OpenJournal opens the journal in dir, creating the directories it needs.
func OpenJournal(dir string) (*Journal, error) {
	j := &Journal{dir: dir}
	if err := mkdirs(j.path("raw"), j.path("done"), j.path("attempts")); err != nil {
		return nil, fmt.Errorf("mailer: open journal: %w", err)
	}
	return j, nil
}

func (j *Journal) path(elem ...string) string {
	return filepath.Join(append([]string{j.dir}, elem...)...)
}

// Store writes raw durably and returns its id, the hex SHA-256 of the bytes.
// Storing the same bytes again is a no-op returning the same id.
func (j *Journal) Store(raw []byte) (string, error) {
	id, _, err := j.store(raw)
	return id, err
}

// store is Store; existed reports that the bytes were stored before (an
// earlier attempt at the message, which a crash may have cut short).
func (j *Journal) store(raw []byte) (id string, existed bool, err error) {
	sum := sha256.Sum256(raw)
	id = hex.EncodeToString(sum[:])
	name := id + ".eml"
	existed, err = exists(j.path("raw", name))
	if err == nil && !existed {
		err = writeFileAtomic(j.path("raw"), name, raw)
	}
	if err != nil {
		return "", false, fmt.Errorf("mailer: journal store: %w", err)
	}
	return id, existed, nil
}

// Load returns the raw message stored under id.
func (j *Journal) Load(id string) ([]byte, error) {
	if len(id) != sha256.Size*2 || strings.Trim(id, "0123456789abcdef") != "" {
		return nil, fmt.Errorf("mailer: journal load: bad id %q", id)
	}
	b, err := os.ReadFile(j.path("raw", id+".eml"))
	if err != nil {
		return nil, fmt.Errorf("mailer: journal load: %w", err)
	}
	return b, nil
}

// Done records key as processed. Keys come from MessageIDKey, UIDKey or any
// other stable string; recording a key twice is harmless.
func (j *Journal) Done(key string) error {
	return j.doneWith(key, "")
}

// doneWith records key as processed with a note (such as the digest of what
// was processed) on the marker's second line. An existing marker is kept.
func (j *Journal) doneWith(key, note string) error {
	if err := j.mark(key, note, false); err != nil {
		return fmt.Errorf("mailer: journal done %q: %w", key, err)
	}
	return nil
}

// doneBoth records a message's two keys as processed (its Message-ID's,
// with note, and its place on the server): the second marker is a hard
// link to the first, and one fsync of the directory makes both durable.
func (j *Journal) doneBoth(msgKey, note, uidKey string) error {
	if err := j.mark(msgKey, note, true); err != nil {
		return fmt.Errorf("mailer: journal done %q: %w", msgKey, err)
	}
	err := os.Link(j.path("done", keyFile(msgKey)), j.path("done", keyFile(uidKey)))
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return j.doneWith(uidKey, "") // a file system without hard links
	}
	if err := syncDir(j.path("done")); err != nil {
		return fmt.Errorf("mailer: journal done %q: %w", uidKey, err)
	}
	return nil
}

// mark writes key's done marker unless it exists; with later the
// directory's fsync is left to the next mark.
func (j *Journal) mark(key, note string, later bool) error {
	name := keyFile(key)
	ok, err := exists(j.path("done", name))
	if err != nil || ok {
		if ok && !later {
			return syncDir(j.path("done"))
		}
		return err
	}
	return writeFile(j.path("done"), name, []byte(key+"\n"+note), later)
}

// doneNote returns the note stored with key's marker; ok is false if key is
// not done.
func (j *Journal) doneNote(key string) (note string, ok bool, err error) {
	b, err := os.ReadFile(j.path("done", keyFile(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("mailer: journal: %w", err)
	}
	_, note, _ = strings.Cut(string(b), "\n")
	return note, true, nil
}

// IsDone reports whether key was recorded by Done.
func (j *Journal) IsDone(key string) (bool, error) {
	ok, err := exists(j.path("done", keyFile(key)))
	if err != nil {
		return false, fmt.Errorf("mailer: journal: %w", err)
	}
	return ok, nil
}

// MessageIDKey is the journal key of a Message-ID (with or without angle
// brackets).
func MessageIDKey(messageID string) string {
	return "msgid:" + strings.Trim(strings.TrimSpace(messageID), "<>")
}

// UIDKey is the journal key of a message's place on an IMAP server: the
// account and mailbox, its UIDVALIDITY and its UID (RFC 9051 §2.3.1.1).
// account is usually "user@host:port".
func UIDKey(account, mailbox string, uidValidity, uid uint32) string {
	return fmt.Sprintf("uid:%s/%s/%d/%d", account, mailbox, uidValidity, uid)
}

// rawKey is the journal key of a message without a Message-ID.
func rawKey(id string) string { return "raw:" + id }

func keyFile(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:20])
}

// attempts returns how many handler attempts were recorded for key.
func (j *Journal) attempts(key string) (int, error) {
	b, err := os.ReadFile(j.path("attempts", keyFile(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, _, _ := strings.Cut(string(b), " ")
	return strconv.Atoi(n)
}

// setAttempts records n handler attempts for key; n == 0 removes the record.
// The record is written without fsync: it counts the attempts a crash of
// the process cut short (the page cache outlives the process); a power cut
// that loses it says nothing against the mail.
func (j *Journal) setAttempts(key string, n int) error {
	name := keyFile(key)
	if n == 0 {
		err := os.Remove(j.path("attempts", name))
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	return writeFileNoSync(j.path("attempts"), name, []byte(strconv.Itoa(n)+" "+key+"\n"))
}
