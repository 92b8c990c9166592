package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/pbem-org/pbem/adjudicator"
	"github.com/pbem-org/pbem/archive"
	"github.com/pbem-org/pbem/bot"
	"github.com/pbem-org/pbem/daemon"
	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
	"github.com/pbem-org/pbem/orders"
)

func init() {
	register(command{
		name: "demo", args: "[--rounds N] [--seed N] [--dir DIR] [--keep]",
		summary: "the whole mail pipeline on loopback: four bot players mail orders, pbem referees and mails reports",
		doc: `An IMAP and an SMTP server start in-process on 127.0.0.1; a game of
ruleset redux ("pbem rulesets") with four players is created; each player
is a bot that reads its mail over IMAP and answers "your turn" with a
real order mail over SMTP (as a .txt attachment, an HTML mail, a quoted
reply or plain text; one first sends a file with a typo and corrects it
after the error reply). The daemon plays the given number of rounds, then
the archive is verified and everything each player received is saved as
an mbox file. The players read their mail as each likes it (docs/mail.md,
mail preferences): Alice in HTML with the map in every report, Bob as
plain text with the map attached, Carol with the map once a round, Dave
one digest a round.

Without --dir the demo works in a new temporary directory and removes it
at the end, unless --keep is given (or the demo failed: then it is kept
for a look and its path printed).`,
		setup: func(fs *flag.FlagSet) func(*env, []string) int {
			rounds := fs.Int("rounds", 2, "how many game rounds to play (1 to 16)")
			seed := fs.Uint64("seed", 1, "seed of the demo game (its dice chain, tokens and bots)")
			dir := fs.String("dir", "", "where to keep the data (default: a new temporary directory, removed at the end)")
			keep := fs.Bool("keep", false, "keep the temporary directory (the archive and the mailboxes) at the end")
			verbose := fs.Bool("v", false, "log the daemon's work to stderr")
			return func(e *env, _ []string) int {
				if *rounds < 1 || *rounds > 16 {
					return e.usageError("--rounds must be 1 to 16, not %d", *rounds)
				}
				work, temp := *dir, *dir == ""
				if temp {
					d, err := os.MkdirTemp("", "pbem-demo-")
					if err != nil {
						return e.errorf(exitRejected, "demo: %v", err)
					}
					work = d
				}
				if err := demo(e, *rounds, *seed, work, *verbose); err != nil {
					if temp {
						fmt.Fprintf(e.stderr, "pbem: demo: kept %s for a look\n", work)
					}
					return e.errorf(exitRejected, "demo: %v", err)
				}
				if temp && !*keep {
					return finishDemo(e, work)
				}
				fmt.Fprintf(e.stdout, "\narchive:   %s\nmailboxes: %s (mbox files; open with mutt -f)\n", filepath.Join(work, "games", "demo"), filepath.Join(work, "mail"))
				return exitOK
			}
		},
	})
}

const demoPassword = "secret"

type demoPlayer struct {
	name, addr, style string
	prefs             archive.MailPrefs // as a players file would set them
	token             string
}

// finishDemo removes the demo's temporary directory, saying how much it
// held (issue 14: the demo left about 60 MB behind every run).
func finishDemo(e *env, dir string) int {
	size := dirSize(dir)
	if err := removeSettled(dir); err != nil {
		return e.errorf(exitRejected, "demo: removing %s: %v", dir, err)
	}
	fmt.Fprintf(e.stdout, "\nremoved %s (%.1f MB); run with --keep to look at the archive and the mailboxes\n", dir, float64(size)/1e6)
	return exitOK
}

// removeSettled removes dir, trying again for a few seconds while it is
// not empty: the daemon's serve returns after its shutdown grace even when
// its outbox is still finishing a mail (daemon.ShutdownGrace), and that
// mail's file can land in a folder RemoveAll has just emptied.
func removeSettled(dir string) error {
	var err error
	for range 25 {
		if err = os.RemoveAll(dir); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// dirSize is the bytes of the files under dir.
func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// The demo's addresses: the referee's and the GM's.
const demoPbem, demoGM = "pbem@pbem.test", "gm@pbem.test"

func demo(e *env, rounds int, seed uint64, dir string, verbose bool) error {
	start := time.Now()
	srv, err := mailtest.New(mailtest.Options{})
	if err != nil {
		return err
	}
	defer srv.Close()
	players := []*demoPlayer{
		{name: "Alice", addr: "alice@pbem.test", style: "attachment"},
		{name: "Bob", addr: "bob@pbem.test", style: "html", prefs: archive.MailPrefs{Format: "text"}},
		{name: "Carol", addr: "carol@pbem.test", style: "quoted", prefs: archive.MailPrefs{Map: "round"}},
		{name: "Dave", addr: "dave@pbem.test", style: "plain", prefs: archive.MailPrefs{Reports: "digest"}},
	}
	for _, a := range []string{demoPbem, demoGM, players[0].addr, players[1].addr, players[2].addr, players[3].addr} {
		if err := srv.AddUser(a, demoPassword); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "pbem demo: IMAP on %s, SMTP on %s (loopback, in-process)\n", srv.IMAPAddr(), srv.SMTPAddr())

	// The GM creates a game, as `pbem new` would.
	gameDir := filepath.Join(dir, "games", "demo")
	var spec []archive.Player
	for _, p := range players {
		spec = append(spec, archive.Player{Name: p.name, Email: p.addr, Prefs: p.prefs})
	}
	g, toks, err := archive.Create(gameDir, archive.NewGame{ID: "demo", Ruleset: "redux", Players: spec}, seededReader(seed))
	if err != nil {
		return err
	}
	for _, p := range players {
		p.token = toks[p.name]
	}
	fmt.Fprintf(e.stdout, "game demo created in %s, dice commitment %s\n", gameDir, g.Commitment())
	sent, err := demoPlay(e, srv, players, dir, rounds, seed, verbose)
	if err != nil {
		return err
	}
	return demoSummary(e, srv, players, dir, rounds, time.Since(start), sent)
}

// demoPlay serves the demo game from dir with the daemon while the players
// play it by mail, until the given number of rounds is played, and returns
// how many order mails each player sent.
func demoPlay(e *env, srv *mailtest.Server, players []*demoPlayer, dir string, rounds int, seed uint64, verbose bool) (map[string]int, error) {
	logw := io.Discard
	if verbose {
		logw = e.stderr
	}
	log := slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelInfo}))
	cfg := daemon.Defaults()
	cfg.Data, cfg.GM, cfg.From, cfg.Domain = dir, demoGM, demoPbem, "pbem.test"
	cfg.IMAP = daemon.IMAPConfig{Addr: srv.IMAPAddr(), TLS: "none", Username: demoPbem, Password: demoPassword, Mailbox: "INBOX", ProcessedMailbox: "Processed", PollInterval: time.Second, IdleRefresh: 20 * time.Minute}
	cfg.SMTP = daemon.SMTPConfig{Host: "127.0.0.1", Port: srv.SMTPPort(), TLS: "none"}
	cfg.Pace.ChangeOfMind = 0
	d, in, out, err := parts(&cfg, log)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // before the Wait: stop the daemon and the players
	serveErr := make(chan error, 1)
	wg.Add(1)
	// The daemon's clock welcomes the players and tells the first one.
	go func() { defer wg.Done(); serveErr <- d.Serve(ctx, in, out, 250*time.Millisecond) }()

	// The players: bots that read their mail and answer "your turn".
	gameDir := filepath.Join(dir, "games", "demo")
	var mu sync.Mutex
	sent := map[string]int{}
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := playByMail(ctx, srv, p, gameDir, demoPbem, seed+uint64(i), &mu, sent); err != nil && ctx.Err() == nil {
				fmt.Fprintf(e.stderr, "pbem demo: player %s: %v\n", p.name, err)
				cancel()
			}
		}()
	}
	if err := demoWait(ctx, gameDir, rounds, serveErr); err != nil {
		return nil, err
	}
	time.Sleep(time.Second) // let the last reports leave
	cancel()
	wg.Wait()
	return sent, nil
}

// demoWait waits until the game in gameDir has played the given number of
// rounds, or is over. It reads the game as another process would while the
// daemon writes it.
func demoWait(ctx context.Context, gameDir string, rounds int, serveErr <-chan error) error {
	at := "the start"
	for {
		if view, err := archive.Open(gameDir); err == nil {
			if s := view.State(); s.Over || s.Round > rounds {
				return nil
			}
			at = view.Due().ID
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the game did not reach round %d in time (at %s)", rounds+1, at)
		case err := <-serveErr:
			return fmt.Errorf("the daemon stopped: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// demoSummary says what happened in the demo: the steps, battles and
// missed turns of the archive, the mails, the standings and whether the
// archive verifies; it saves every mailbox as an mbox file.
func demoSummary(e *env, srv *mailtest.Server, players []*demoPlayer, dir string, rounds int, took time.Duration, sent map[string]int) error {
	gameDir := filepath.Join(dir, "games", "demo")
	stats, verr := archive.VerifyStats(gameDir)
	view, err := archive.Open(gameDir)
	if err != nil {
		return err
	}
	battles, nmr := 0, 0
	for _, info := range view.Steps() {
		st, _, err := view.LoadStep(info.Number)
		if err != nil {
			return err
		}
		for _, ev := range st.Events {
			if ev.Kind == adjudicator.EvBattle {
				battles++
			}
		}
		if st.NMR {
			nmr++
		}
	}
	fmt.Fprintf(e.stdout, "\n%d rounds played by mail: %d steps, %d battles, %d missed turns, in %.1fs\n", rounds, len(view.Steps()), battles, nmr, took.Seconds())
	processed, _ := srv.Messages(demoPbem, "Processed")
	fmt.Fprintf(e.stdout, "the daemon read %d mails over IMAP; the SMTP server accepted %d mails\n", len(processed), srv.Accepted())
	var names []string
	for k := range sent {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(e.stdout, "  %s sent %d order mails\n", k, sent[k])
	}
	saveMailboxes(e, srv, append([]*demoPlayer{{name: "pbem", addr: demoPbem}, {name: "gm", addr: demoGM}}, players...), filepath.Join(dir, "mail"))
	fmt.Fprintf(e.stdout, "\nstandings after round %d:\n", rounds)
	for _, st := range view.Engine().Standings(view.State(), len(players)) {
		fmt.Fprintf(e.stdout, "  %-6s %-8s %4d VP  %s\n", players[st.Player-1].name, st.Colour, st.VP, strings.Join(st.Nations, ", "))
	}
	if verr != nil {
		return fmt.Errorf("the archive does not verify: %v", verr)
	}
	fmt.Fprintf(e.stdout, "verify:    %d steps replayed, %d dice re-derived, all identical\n", stats.Replayed, stats.Dice)
	return nil
}

// saveMailboxes writes each user's INBOX and Processed mail into
// mboxDir/NAME.mbox and prints, for the players, how much mail that was and
// how they asked for it (their mail preferences).
func saveMailboxes(e *env, srv *mailtest.Server, users []*demoPlayer, mboxDir string) {
	_ = os.MkdirAll(mboxDir, 0o755)
	fmt.Fprintf(e.stdout, "\nmail each player received:\n")
	for _, p := range users {
		var box bytes.Buffer
		n := 0
		for _, mb := range []string{"INBOX", "Processed"} {
			msgs, _ := srv.Messages(p.addr, mb)
			for _, m := range msgs {
				n++
				fmt.Fprintf(&box, "From %s Thu Jan  1 00:00:00 1970\n", p.addr)
				box.Write(bytes.ReplaceAll(bytes.ReplaceAll(m, []byte("\r\n"), []byte("\n")), []byte("\nFrom "), []byte("\n>From ")))
				box.WriteString("\n")
			}
		}
		_ = os.WriteFile(filepath.Join(mboxDir, strings.ToLower(p.name)+".mbox"), box.Bytes(), 0o644)
		if p.token != "" {
			fmt.Fprintf(e.stdout, "  %-6s %3d mails, %6.2f MB  (%s)\n", p.name, n, float64(box.Len())/1e6, p.prefs)
		}
	}
}

// seededReader is a deterministic byte source for the demo's secrets, so
// the same seed gives the same demo. A real game uses crypto/rand.
func seededReader(seed uint64) io.Reader {
	return &chachaReader{r: rand.New(rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8), byte(seed >> 16), byte(seed >> 24), 'p', 'b', 'e', 'm'}))}
}

type chachaReader struct{ r *rand.Rand }

func (c *chachaReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c.r.Uint32())
	}
	return len(p), nil
}

// playByMail is one player: it polls its INBOX over IMAP and answers each
// "your turn" mail with orders over SMTP.
func playByMail(ctx context.Context, srv *mailtest.Server, p *demoPlayer, gameDir, to string, seed uint64, mu *sync.Mutex, sent map[string]int) error {
	seen := 0
	answered := map[string]bool{}
	typoDone := false
	for ctx.Err() == nil {
		msgs, err := srv.Messages(p.addr, "INBOX")
		if err != nil {
			return err
		}
		for ; seen < len(msgs); seen++ {
			in, err := mailer.Parse(msgs[seen], mailer.Limits{})
			if err != nil {
				continue
			}
			turn := in.Header.Get("X-Pbem-Turn")
			if turn == "" || answered[turn] {
				continue
			}
			answered[turn] = true
			g, err := archive.Open(gameDir)
			if err != nil {
				return err
			}
			if g.Due().ID != turn {
				continue // a stale "your turn"
			}
			f := bot.Orders(g.Engine(), g.State(), "demo", p.token, seed)
			text := orders.Encode(f, g.Rules())
			if !typoDone && p.style == "html" {
				typoDone = true
				bad := strings.Replace(text, "move ", "mvoe ", 1)
				if bad == text {
					bad = text + "move 1 Kentt > Essex\n"
				}
				if err := sendOrders(srv, p, to, in, bad, "plain"); err != nil {
					return err
				}
				time.Sleep(300 * time.Millisecond) // read the error reply, then send the fixed file
			}
			if err := sendOrders(srv, p, to, in, text, p.style); err != nil {
				return err
			}
			mu.Lock()
			sent[p.name]++
			mu.Unlock()
		}
		select {
		case <-ctx.Done():
		case <-time.After(150 * time.Millisecond):
		}
	}
	return nil
}

// sendOrders mails an order file in one of the shapes real clients make.
func sendOrders(srv *mailtest.Server, p *demoPlayer, to string, prompt *mailer.Inbound, text, style string) error {
	m := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := m.From(fmt.Sprintf("%s <%s>", p.name, p.addr)); err != nil {
		return err
	}
	if err := m.To(to); err != nil {
		return err
	}
	m.Subject("Re: " + prompt.Subject)
	m.SetDate()
	if prompt.MessageID != "" {
		m.SetGenHeader(gomail.HeaderInReplyTo, "<"+prompt.MessageID+">")
	}
	switch style {
	case "attachment":
		m.SetBodyString(gomail.TypeTextPlain, "Hi GM, my orders are attached.\n\n-- \n"+p.name+"\n")
		m.AttachReader("orders.txt", strings.NewReader(text), gomail.WithFileContentType("text/plain; charset=utf-8"))
	case "html":
		m.SetBodyString(gomail.TypeTextPlain, text)
		html := "<html><body><p>" + strings.ReplaceAll(htmlEscape(text), "\n", "<br>\n") + "</p></body></html>"
		m.AddAlternativeString(gomail.TypeTextHTML, html)
	case "quoted":
		var q strings.Builder
		for _, l := range strings.Split(strings.TrimRight(prompt.Text, "\n"), "\n") {
			q.WriteString("> " + l + "\n")
		}
		m.SetBodyString(gomail.TypeTextPlain, text+"\nOn the last turn, pbem wrote:\n"+q.String())
	default:
		m.SetBodyString(gomail.TypeTextPlain, text)
	}
	c, err := gomail.NewClient("127.0.0.1", gomail.WithPort(srv.SMTPPort()), gomail.WithTLSPolicy(gomail.NoTLS), gomail.WithTimeout(10*time.Second))
	if err != nil {
		return err
	}
	return c.DialAndSend(m)
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
