// Package mailer is pbem's mail transport: everything about e-mail that does
// not know the game rules (docs/design.md §5, "the mail daemon is a careful clerk").
//
// The pieces, in the order a message travels through them:
//
//   - [Intake] reads a mailbox over IMAP (IDLE where offered, RFC 2177; polling
//     otherwise), writes every message to the [Journal] before anything else
//     happens, calls a [Handler], and only after the handler succeeds marks the
//     message processed on the server and in the journal. Each message is
//     handled once per Message-ID and once per (UIDVALIDITY, UID).
//   - [Parse] turns raw RFC 5322 bytes into an [Inbound]: sender, subject,
//     threading headers, an RFC 3834 auto-reply verdict and the orders text in
//     UTF-8 with LF newlines, taken from a .txt attachment, the text/plain body
//     or the HTML body, in that order of preference. Quoted lines and
//     signatures are kept: cleaning them is the orders package's job.
//   - [Outbox] is a persistent queue of [Outgoing] mail. Enqueue renders and
//     stores the exact bytes; Run sends them over SMTP with retry, and a sent
//     marker keeps a restart from sending anything twice.
//
// Package mailer/mailtest holds in-process IMAP and SMTP servers that speak the
// real protocols on 127.0.0.1, for tests and for the demo command.
package mailer
