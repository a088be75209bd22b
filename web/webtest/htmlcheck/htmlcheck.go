// Package htmlcheck holds the HTML well-formedness check that every room's
// tests and the site-wide contract tests share. It imports nothing of the
// site, so package web's own tests may use it (they cannot import webtest).
package htmlcheck

import (
	"errors"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// Balanced checks what templ promises and a parser needs: the text
// tokenizes, every element is closed by its own end tag in order, no element
// repeats an attribute, and nothing is left open at the end.
func Balanced(doc string) error {
	z := html.NewTokenizer(strings.NewReader(doc))
	var open []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return err
			}
			if len(open) > 0 {
				return errors.New("unclosed <" + strings.Join(open, "> <") + ">")
			}
			return nil
		case html.StartTagToken:
			tok := z.Token()
			if err := uniqueAttrs(tok); err != nil {
				return err
			}
			if !voidElements[tok.Data] {
				open = append(open, tok.Data)
			}
		case html.SelfClosingTagToken:
			if err := uniqueAttrs(z.Token()); err != nil {
				return err
			}
		case html.EndTagToken:
			tok := z.Token()
			if len(open) == 0 || open[len(open)-1] != tok.Data {
				return errors.New("</" + tok.Data + "> closes <" + strings.Join(open, "> <") + ">")
			}
			open = open[:len(open)-1]
		}
	}
}

func uniqueAttrs(tok html.Token) error {
	seen := map[string]bool{}
	for _, a := range tok.Attr {
		if seen[a.Key] {
			return errors.New("<" + tok.Data + "> repeats the attribute " + a.Key)
		}
		seen[a.Key] = true
	}
	return nil
}

// voidElements have no end tag in HTML.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}
