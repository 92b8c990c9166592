package mailtest

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
)

// Part is one leaf of a message's MIME tree, decoded.
type Part struct {
	ContentType string // the media type, lower case: "image/png"
	Disposition string // "inline", "attachment" or ""
	Filename    string
	ContentID   string // without angle brackets
	Data        []byte // the decoded body
}

// Structure reads a message's MIME tree. It returns the tree in a compact
// form that a test can compare whole — the media types, each multipart
// with its parts in brackets, and each leaf with a disposition after a
// colon, e.g.
//
//	multipart/related[multipart/alternative[text/plain text/html] image/png:inline]
//
// — and the leaves in order, decoded. A multipart without its boundary
// or a part in an unknown transfer encoding is an error.
func Structure(raw []byte) (string, []Part, error) {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", nil, err
	}
	var leaves []Part
	tree, err := walk(textproto.MIMEHeader(m.Header), m.Body, &leaves, 0)
	return tree, leaves, err
}

func walk(h textproto.MIMEHeader, body io.Reader, leaves *[]Part, depth int) (string, error) {
	if depth > 10 {
		return "", errors.New("mailtest: MIME nested deeper than 10")
	}
	ct := h.Get("Content-Type")
	if ct == "" {
		ct = "text/plain"
	}
	media, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", fmt.Errorf("mailtest: Content-Type %q: %w", ct, err)
	}
	if strings.HasPrefix(media, "multipart/") {
		if params["boundary"] == "" {
			return "", fmt.Errorf("mailtest: %s without a boundary", media)
		}
		r := multipart.NewReader(body, params["boundary"])
		var kids []string
		for {
			p, err := r.NextRawPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return "", err
			}
			k, err := walk(p.Header, p, leaves, depth+1)
			if err != nil {
				return "", err
			}
			kids = append(kids, k)
		}
		return media + "[" + strings.Join(kids, " ") + "]", nil
	}
	data, err := decode(h.Get("Content-Transfer-Encoding"), body)
	if err != nil {
		return "", err
	}
	leaf := Part{ContentType: media, Data: data, ContentID: strings.Trim(h.Get("Content-ID"), "<>")}
	if d, dp, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil {
		leaf.Disposition, leaf.Filename = d, dp["filename"]
	}
	*leaves = append(*leaves, leaf)
	if leaf.Disposition != "" {
		return media + ":" + leaf.Disposition, nil
	}
	return media, nil
}

func decode(cte string, body io.Reader) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "", "7bit", "8bit", "binary":
		return io.ReadAll(body)
	case "quoted-printable":
		return io.ReadAll(quotedprintable.NewReader(body))
	case "base64":
		return io.ReadAll(base64.NewDecoder(base64.StdEncoding, newlineStripper{body}))
	}
	return nil, fmt.Errorf("mailtest: unknown Content-Transfer-Encoding %q", cte)
}

// newlineStripper drops CR and LF, which base64 bodies are folded with.
type newlineStripper struct{ r io.Reader }

func (n newlineStripper) Read(p []byte) (int, error) {
	k, err := n.r.Read(p)
	j := 0
	for _, b := range p[:k] {
		if b != '\r' && b != '\n' {
			p[j] = b
			j++
		}
	}
	return j, err
}
