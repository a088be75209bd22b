package compare_test

import (
	"strings"
	"testing"

	"gaelab/web/i18n"
	"gaelab/web/webtest"
)

// An English link preview of a compare page glosses its Chinese preset;
// the Chinese one needs none (issue 35).
func TestCompareCardGlossesChinesePreset(t *testing.T) {
	gloss := i18n.En.T("preset.seed-b.gloss")
	for _, c := range []struct {
		lang string
		want bool
	}{{"en", true}, {"zh", false}} {
		doc := webtest.Page(t, "/compare/lambda?v=1&p=seed-b&lang="+c.lang)
		title, _ := doc.Find(`meta[property="og:title"]`).Attr("content")
		if got := strings.Contains(title, gloss); got != c.want {
			t.Errorf("lang=%s: og:title %q glossed: %v, want %v", c.lang, title, got, c.want)
		}
	}
}
