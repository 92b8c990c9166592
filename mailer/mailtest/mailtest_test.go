package mailtest_test

import (
	"bytes"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestSMTPDeliversToIMAP sends over SMTP and reads the recipients' INBOX
// over IMAP; unknown recipients are refused, wrong passwords too.
func TestSMTPDeliversToIMAP(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	require.NoError(t, srv.AddUser("gm@pbem.test", "pw"))
	require.NoError(t, srv.AddUser("Alice@pbem.test", "apw"))
	assert.Error(t, srv.AddUser("alice@PBEM.test", "x"), "addresses are case-insensitive")

	msg := "Subject: hi\r\n\r\nhello\r\n"
	err := send(srv.SMTPAddr(), "bot@pbem.test", []string{"gm@pbem.test", "alice@pbem.test"}, strings.NewReader(msg))
	require.NoError(t, err)
	for _, u := range []string{"gm@pbem.test", "alice@pbem.test"} {
		got, err := srv.Messages(u, "INBOX")
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Equal(t, "Return-Path: <bot@pbem.test>\r\n"+msg, string(got[0]))
	}
	assert.Equal(t, 1, srv.Accepted())

	err = send(srv.SMTPAddr(), "bot@pbem.test", []string{"nobody@pbem.test"}, strings.NewReader(msg))
	assert.ErrorContains(t, err, "550")

	c, err := smtp.Dial(srv.SMTPAddr())
	require.NoError(t, err)
	defer c.Close()
	assert.ErrorContains(t, c.Auth(sasl.NewPlainClient("", "gm@pbem.test", "wrong")), "535")
	assert.NoError(t, c.Auth(sasl.NewPlainClient("", "gm@pbem.test", "pw")))

	srv.FailData(451)
	err = send(srv.SMTPAddr(), "bot@pbem.test", []string{"gm@pbem.test"}, strings.NewReader(msg))
	assert.ErrorContains(t, err, "451")
	require.NoError(t, srv.Deliver("gm@pbem.test", []byte(msg)))
	got, err := srv.Messages("gm@pbem.test", "INBOX")
	require.NoError(t, err)
	assert.Len(t, got, 2)
	_, err = srv.Messages("gm@pbem.test", "Nope")
	assert.Error(t, err)
}

// send submits msg over plain SMTP (go-smtp's SendMail insists on STARTTLS).
func send(addr, from string, to []string, msg io.Reader) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, to, msg); err != nil {
		return err
	}
	return c.Quit()
}

// TestProxyCut checks the proxy forwards both ways and cuts where told.
func TestProxyCut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	payload := bytes.Repeat([]byte("0123456789"), 10_000)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				buf := make([]byte, 4)
				if _, err := io.ReadFull(c, buf); err != nil {
					return
				}
				c.Write(append([]byte("HEAD"), payload...))
			}()
		}
	}()
	p := mailtest.StartProxy(t, ln.Addr().String())
	read := func() []byte {
		c, err := net.Dial("tcp", p.Addr())
		require.NoError(t, err)
		defer c.Close()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		_, err = c.Write([]byte("ping"))
		require.NoError(t, err)
		b, _ := io.ReadAll(c)
		return b
	}
	p.CutOnce([]byte("HEAD"), 25)
	assert.Len(t, read(), 4+25)
	assert.Len(t, read(), 4+len(payload), "the cut happens once")
	assert.Equal(t, 1, p.Cuts())
}
