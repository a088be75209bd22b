package class_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/lessons/glossary"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// Issue 36's vocabulary rule on the class pages: every page of a live class
// that a Chinese reader meets (the start and join forms, the teacher's
// controls, the wall, a phone, before and after the reveal), opened with
// lang=zh from a browser speaking English, uses no word the glossary rules
// out (each term's zh_avoid and zh_variants, outside the contexts each
// allows), in its text and in the attributes a reader meets. The site's
// other pages are checked in web (TestChinesePagesSpeakTheGlossary).
func TestClassPagesSpeakTheGlossary(t *testing.T) {
	t.Parallel()
	srv := server(t, stores.SQLite(t), webtest.Options{})
	code, key := newClass(t, srv.URL)
	askCell(t, srv.URL, code, key)
	teacher, phone := newClient(t, srv.URL), newClient(t, srv.URL)
	teacher.Lang, phone.Lang = "en-US", "en-US"
	teacher.console(code, key)
	if resp, _ := phone.Answer(code, "0.4"); resp.StatusCode >= 400 {
		t.Fatalf("the phone's answer = %d", resp.StatusCode)
	}
	pages := []struct {
		c    *client
		path string
	}{
		{phone, "/class?lang=zh"}, {phone, "/join?lang=zh"},
		{teacher, "/class/" + code + "/teach?lang=zh"}, {teacher, "/class/" + code + "/wall?lang=zh"},
		{phone, "/join/" + code + "?lang=zh"},
	}
	read := func(p struct {
		c    *client
		path string
	}, when string) {
		resp, body := p.c.Get(p.path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s %s = %d", when, p.path, resp.StatusCode)
		}
		d := doc(t, body)
		if lang := d.Find("html").AttrOr("lang", ""); lang != "zh" {
			t.Fatalf("%s %s is in %q, not Chinese", when, p.path, lang)
		}
		d.Find(`script, style, code, pre, annotation, textarea, [lang="en"]`).Remove()
		var b strings.Builder
		b.WriteString(d.Text())
		d.Find("[title], [aria-label], [alt], [placeholder]").Each(func(_ int, s *goquery.Selection) {
			for _, a := range []string{"title", "aria-label", "alt", "placeholder"} {
				b.WriteString("\n" + s.AttrOr(a, ""))
			}
		})
		for _, m := range glossary.Misuses("zh", b.String()) {
			t.Errorf("%s %s says %q for %s: the word is %q", when, p.path, m.Avoid, m.Concept, m.Use)
		}
	}
	for _, p := range pages {
		read(p, "asking:")
	}
	if status, m := api(t, srv.URL, "POST", "/api/v1/classes/"+code+"/reveal", key, map[string]string{}); status != http.StatusOK {
		t.Fatalf("reveal = %d %v", status, m)
	}
	for _, p := range pages[2:] {
		read(p, "revealed:")
	}
}
