package play_test

import (
	"gaelab/web/webtest"
	"strings"
	"testing"
)

// The download links are separate words (issue 26, point 8: they read
// "(CSV)Download … (JSON)Verify"), in both languages.
func TestPlayExportLinksSeparate(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&lang="+lang)
		p := doc.Find("p.export")
		links := p.Find("a")
		if links.Length() < 2 {
			t.Fatalf("%s: %d download links", lang, links.Length())
		}
		text := p.Text()
		for i := 0; i+1 < links.Length(); i++ {
			a, b := links.Eq(i).Text(), links.Eq(i+1).Text()
			if strings.Contains(text, a+b) {
				t.Errorf("%s: %q runs into %q", lang, a, b)
			}
		}
		if class, _ := p.Attr("class"); !strings.Contains(class, "cluster") {
			t.Errorf("%s: the download links are not laid out apart (class %q)", lang, class)
		}
	}
}
