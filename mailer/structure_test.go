package mailer_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem-org/pbem/mailer"
	"github.com/pbem-org/pbem/mailer/mailtest"
)

// TestImageOnce: a report mail carries its map once (issue 14: it came
// twice, inline and attached). In an HTML mail the map is an inline part
// of multipart/related, named by a Content-ID of its own that the HTML
// refers to, with a file name to save it under; clients that show only
// the text list it as an attachment. A text-only mail attaches it.
func TestImageOnce(t *testing.T) {
	var png []byte // 4 KB that repeat nowhere, so their base64 can be counted
	for i := 0; len(png) < 4096; i++ {
		sum := sha256.Sum256([]byte(fmt.Sprint("map", i)))
		png = append(png, sum[:]...)
	}
	base := func() *mailer.Outgoing {
		return &mailer.Outgoing{ID: "ashdown.005-r02-saxons.report.1", From: "pbem <pbem@pbem.test>", To: []string{"alice@pbem.test"},
			Subject: "report", Text: "The report.\n", Date: time.Date(2026, 11, 9, 12, 0, 0, 0, time.UTC), Domain: "pbem.test"}
	}
	tests := []struct {
		name     string
		set      func(o *mailer.Outgoing)
		tree     string
		image    mailtest.Part // Data is checked apart
		imageAt  int
		htmlHasC string
	}{
		{"html", func(o *mailer.Outgoing) {
			o.HTML = `<p>The report.</p><img src="cid:map.r02-saxons@ashdown">`
			o.Inline = []mailer.Part{{Name: "ashdown-r02-saxons.png", ContentID: "map.r02-saxons@ashdown", ContentType: "image/png", Data: png}}
		}, "multipart/related[multipart/alternative[text/plain text/html] image/png:inline]",
			mailtest.Part{ContentType: "image/png", Disposition: "inline", Filename: "ashdown-r02-saxons.png", ContentID: "map.r02-saxons@ashdown"}, 2, "cid:map.r02-saxons@ashdown"},
		{"text only", func(o *mailer.Outgoing) {
			o.Attach = []mailer.Part{{Name: "ashdown-r02-saxons.png", ContentType: "image/png", Data: png}}
		}, "multipart/mixed[text/plain image/png:attachment]",
			mailtest.Part{ContentType: "image/png", Disposition: "attachment", Filename: "ashdown-r02-saxons.png"}, 1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := base()
			tc.set(o)
			raw, err := o.Bytes()
			require.NoError(t, err)
			tree, parts, err := mailtest.Structure(raw)
			require.NoError(t, err)
			assert.Equal(t, tc.tree, tree)
			require.Len(t, parts, tc.imageAt+1)
			img := parts[tc.imageAt]
			assert.Equal(t, png, img.Data)
			img.Data = nil
			assert.Equal(t, tc.image, img)
			if tc.htmlHasC != "" {
				assert.Contains(t, string(parts[1].Data), tc.htmlHasC)
			}
			// Once: the picture's base64 (its first line) occurs once.
			line := base64.StdEncoding.EncodeToString(png)[:76]
			assert.Equal(t, 1, bytes.Count(raw, []byte(line)), "the image is in the mail once")
		})
	}
}

// TestContentIDRefused: a Content-ID with brackets or spaces would break
// the header; Bytes refuses it.
func TestContentIDRefused(t *testing.T) {
	o := &mailer.Outgoing{ID: "x", From: "a@pbem.test", To: []string{"b@pbem.test"}, Text: "t", HTML: "h",
		Inline: []mailer.Part{{Name: "m.png", ContentID: "<m@x>", Data: []byte("x")}}}
	_, err := o.Bytes()
	assert.ErrorContains(t, err, `Content-ID "<m@x>"`)
}
