package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem-org/pbem/archive"
)

// TestWholeGameByMail plays a game of each of the Britannia-family
// rulesets other than reduX to its end through "pbem serve", Postfix and
// Dovecot (issue 12: classic Britannia, ruleset britannia; issue 13: Hy
// Breasil, hy-breasil): each nation turn's
// orders are the bot's, mailed by its player as the turn becomes due (a turn
// the bot finds no accepted orders for is played by the daemon's bot after
// "auto on", as in TestRandomKills). At the end every player holds every
// step's report, each order mail's acknowledgement and each "your turn",
// every mail the daemon got is in Processed, nothing came twice, "pbem
// verify" passes, and the mails' text passes mailTextProblems.
//
// In CI it plays the last two rounds by mail, the rounds before offline
// through the archive (as a GM with "pbem turn" would); PBEM_E2E_WHOLE=1
// plays all 16 rounds by mail (docs/mail.md gives the time).
func TestWholeGameByMail(t *testing.T) {
	needE2E(t)
	for _, ruleset := range []string{"britannia", "hy-breasil"} {
		t.Run(ruleset, func(t *testing.T) {
			t.Parallel()
			playWholeGame(t, ruleset)
		})
	}
}

// playWholeGame is TestWholeGameByMail for one ruleset.
func playWholeGame(t *testing.T, ruleset string) {
	w := realWorld(t)
	s := newServer(t, w, serverOpts{ruleset: ruleset})
	g := s.theGame()
	if os.Getenv("PBEM_E2E_WHOLE") != "1" {
		s.playOfflineTo(t, g, func(a *archive.Game, due archive.DueTurn) bool {
			return roundOf(due.ID) >= len(a.Rules().Tables.Rounds)-1
		})
	}
	first := g.steps(t)
	start := time.Now()
	d := s.start(t)
	defer func() {
		if t.Failed() {
			s.diagnose(t)
		}
	}()
	sent, commands := s.playByMail(t, g, make(chan struct{}))
	a, err := archive.Open(g.dir)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Due().Over {
		t.Fatalf("the game is not over: %+v", a.Due())
	}
	want := s.expectedMail(a, first, sent)
	reports := s.waitExpected(t, want)
	w.waitCount(t, s.addr, "Processed", len(sent)+commands, wait)
	s.outboxEmpty(t, wait)
	time.Sleep(time.Second) // a second copy would be on its way by now
	if n, _ := w.count(s.addr, "INBOX"); n != 0 {
		t.Errorf("the daemon's INBOX still holds %d messages", n)
	}
	w.noDuplicates(t, append([]string{s.gm}, s.players...)...)
	out, err := exec.Command(pbemBinary(t), "verify", "--game", g.dir).CombinedOutput()
	if err != nil {
		t.Errorf("pbem verify: %v\n%s", err, out)
	}
	if d.logHas(`"level":"ERROR"`) {
		t.Errorf("the daemon logged an error")
	}
	var problems []string
	for _, p := range s.players {
		for _, m := range w.inbox(t, p, "INBOX") {
			problems = append(problems, mailTextProblems(ruleset, m.in.Subject, m.in.Text)...)
		}
	}
	reportText(t, dedupe(problems))
	t.Logf("%s: %d steps by mail (%d to %d) in %v, %d order mails, %d commands, %d reports, %d messages expected; %s",
		ruleset, len(a.Steps())-first, first+1, len(a.Steps()), time.Since(start).Round(time.Second), len(sent), commands,
		reports, len(want), strings.TrimSpace(string(out)))
}

// reportText fails the test for each problem of the mail text but reduX's
// citations in a game of another ruleset: those come from the rules
// kernel's events and defaults (adjudicator: population.go, review.go,
// the Leaders and Major Invasion events), owned by the rulesets' packages,
// and kept in the archives the games already played replay; the test logs
// them, and fails on them with PBEM_E2E_STRICT_TEXT=1. The orders template's
// own citations are checked by templates.TestOrdersTemplateCitesItsRules.
func reportText(t *testing.T, problems []string) {
	t.Helper()
	strict := os.Getenv("PBEM_E2E_STRICT_TEXT") == "1"
	var logged []string
	for _, p := range problems {
		if !strict && strings.HasPrefix(p, "reduX's words") {
			logged = append(logged, p)
			continue
		}
		t.Errorf("wrong text in a player's mail: %s", p)
	}
	if len(logged) > 0 {
		t.Logf("%d lines of the players' mail cite reduX (rules kernel text; PBEM_E2E_STRICT_TEXT=1 fails on them):\n%s",
			len(logged), strings.Join(logged, "\n"))
	}
}

// textRules are the faults mailTextProblems looks for in every ruleset's
// mail: a count of one with a plural noun ("1 armies"), Go's marks of a
// value it could not format, a template left unfilled, and raw
// identifiers (snake_case words) where a name belongs.
var textRules = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`(?i)(^|[^\d.,])1 (armies|fleets|boats|leaders|points|hits|successes|kills|turns|rounds|areas|nations|dice|raiders|counters|orders|players)\b`), "a count of one with a plural noun"},
	{regexp.MustCompile(`%!|<nil>|<no value>|\{\{|\}\}|map\[`), "a value Go or a template could not write"},
	{regexp.MustCompile(`\b[a-z]+_[a-z_]+\b`), "a raw identifier"},
}

// notRedux is what a mail of a game other than reduX must not say: reduX's
// name or its rule citations.
var notRedux = regexp.MustCompile(`(?i)\bredux\b|\bL&R\b|Leaders and Raiders`)

// mailTextProblems lists what is wrong in a mail a player got in a game of
// ruleset: the faults of textRules, reduX's words in a game of another
// ruleset, and a section heading (a line ending in ":") with nothing under
// it. Each problem quotes its line and the mail's subject.
func mailTextProblems(ruleset, subject, text string) []string {
	var out []string
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "token:") {
			continue
		}
		for _, r := range textRules {
			if r.re.MatchString(l) {
				out = append(out, fmt.Sprintf("%s: %q (%s)", r.what, strings.TrimSpace(l), subject))
			}
		}
		if !strings.HasPrefix(ruleset, "redux") && notRedux.MatchString(l) {
			out = append(out, fmt.Sprintf("reduX's words in a %s game: %q (%s)", ruleset, strings.TrimSpace(l), subject))
		}
		if emptySection(lines, i) {
			out = append(out, fmt.Sprintf("an empty section: %q (%s)", strings.TrimSpace(l), subject))
		}
	}
	return out
}

// emptySection reports whether lines[i] is a heading (a line of its own
// ending in ":", not indented) followed by nothing: the end of the text, or
// a blank line and then another heading or the end.
func emptySection(lines []string, i int) bool {
	l := lines[i]
	if !strings.HasSuffix(l, ":") || strings.HasPrefix(l, " ") || strings.TrimSpace(l) == ":" {
		return false
	}
	j := i + 1
	for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
		j++
	}
	return j == len(lines) || (j > i+1 && strings.HasSuffix(lines[j], ":") && !strings.HasPrefix(lines[j], " "))
}

// dedupe returns xs without repeats, in first-seen order.
func dedupe(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// TestMailTextProblems checks mailTextProblems itself (no mail servers):
// each fault it looks for is found, and good text passes.
func TestMailTextProblems(t *testing.T) {
	good := "Report of r16-end\n\nThe Saxons moved 1 army and 2 armies.\nScores:\n  Alice 10\n"
	if p := mailTextProblems("britannia", "s", good); len(p) != 0 {
		t.Errorf("good text flagged: %q", p)
	}
	for _, tc := range []struct{ ruleset, text, want string }{
		{"britannia", "The Saxons lost 1 armies.\n", "a count of one"},
		{"britannia", "Battle in Kent (reduX Core 7.3)\n", "reduX's words"},
		{"redux", "Battle in Kent %!d(string=x)\n", "a value Go"},
		{"britannia", "Moves of romano_british\n", "a raw identifier"},
		{"britannia", "Battles:\n\nScores:\n  Alice 10\n", "an empty section"},
		{"britannia", "Report\n\nBattles:\n", "an empty section"},
	} {
		p := mailTextProblems(tc.ruleset, "s", tc.text)
		if len(p) != 1 || !strings.HasPrefix(p[0], tc.want) {
			t.Errorf("mailTextProblems(%q, %q) = %q, want one problem starting %q", tc.ruleset, tc.text, p, tc.want)
		}
	}
	if p := mailTextProblems("redux", "s", "Battle in Kent (reduX Core 7.3)\n"); len(p) != 0 {
		t.Errorf("a reduX game's citation flagged: %q", p)
	}
}
