package course_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"golang.org/x/net/html"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/webtest/htmlcheck"
)

// FuzzLessonBlocks writes a lesson around a fuzzed block (a scenario block,
// a predict block or both, with the same body) and fuzzed prose, renders it
// with lessons.Render, then renders every block it accepted as the lesson
// page does, with a fuzzed learner query (controls, answers, reveal). Never
// a panic; a bad block is an error, never a half-read block; an accepted
// block holds only what the authoring guide allows; and every piece of HTML
// is balanced, has no script, event handler or javascript: link, and puts
// no block element inside the one-line question.
func FuzzLessonBlocks(f *testing.F) {
	seeds := []struct {
		prose, body, query string
		kind, mode         uint8
	}{
		{"Some *text*.", "link: p=seed-a&lam=0.5\ncontrols: lam, gamma\nrows: reward, value, next, delta, adv, ret\nchart: values", "w0-lam=0.9&w0-gamma=0.5", 0, 0},
		{"", "link: p=seed-b\ncontrols: beta, kl, ver, num, rw\nchart: rewards\nviews: compare/lambda, update/actor", "w0-kl=k3&w0-ver=v0.2&w0-rw=1&w0-beta=x", 0, 1},
		{"## 标题", "link: p=multi-turn&lam=2&V=a\nchart: ribbon", "", 0, 2},
		{"", "id: q\nlink: p=seed-a\nask: adv.0\nquestion: With λ = 0.95, what is $A_0$?", "predict-q=0.5", 1, 0},
		{"", "id: q\nlink: p=seed-a\nask: white.1\nkind: sign\ntolerance: 0.1\nquestion: Sign of **A**?", "predict-q=%2B&predict-q-reveal=1", 1, 3},
		{"", "id: q\nlink: p=seed-a\nask: ret.99\nquestion: q", "predict-q=abc", 1, 0},
		{"", "id: q\nlink: p=seed-a\nask: adv.0\ntolerance: inf\nquestion: q", "predict-q=1e300", 1, 0},
		{"", "id: q\nlink: p=seed-a\nask: adv.0\ntolerance: NaN\nquestion: q", "predict-q=0", 1, 0},
		{"", "id: q\nlink: p=seed-a\nask: adv.0\nquestion: # What is A?", "", 1, 0},
		{"", "id: q\nlink: p=seed-a\nask: adv.0\nquestion: - a list", "", 1, 0},
		{"<script>alert(1)</script> [x](javascript:alert(1)) <javascript:alert(1)>", "id: q\nlink: p=seed-a\nask: adv.0\nquestion: <img src=x onerror=alert(1)> [a](JavaScript:x)", "predict-q=\"><script>", 1, 0},
		{"", "link: p=seed-a&tok=<script>&prompt=\"><b>\ncontrols: lam\nrows: adv\nchart: none", "w0-lam=<script>", 3, 0},
		{"```", "link:\ncontrols: nope", "", 0, 0},
		{"", "no colon here", "", 2, 0},
		{"", "id: off-by-one\nlegacy: 0\nlink: p=seed-b\nask: next.2\nwrong: {value.2} | that is *V(s_2)*\nwrong: {next.2|lam=1} | λ = 1\nwrong: 0.45 | values[4]\nhint: look at $V$\nderivation: $V(s_3)$ = {value.3} = {next.2}\nquestion: q", "predict-off-by-one=0.3&predict-off-by-one-tries=1", 1, 0},
		{"", "id: s\nlink: p=seed-a\nask: white.2\nkind: sign\nwrong: - | <b>negative</b>\nwrong: {adv.2} | x\nquestion: sign?", "predict-0=-&predict-s-tries=99", 1, 1},
		{"", "id: s\nlink: p=seed-a\nask: adv.0\nwrong: abc | x\nquestion: q", "", 1, 0},
		{"", "id: s\nlink: p=seed-a\nask: adv.0\nderivation: {nope.0} = {adv.0}\nquestion: q", "", 1, 0},
		{"", "id: c\nquestion: Does whitening change returns?\nwrong: Yes | returns are computed *before* whitening\nright: No\nexplain: Whitening acts on advantages only.", "choice-c=a", 2, 0},
		{"", "id: c\nquestion: q\nright: a\nright: b", "choice-c=b&choice-c-reveal=1", 2, 1},
		{"", "id: 9\nquestion: q\nright: a\nwrong: b | <script>x</script>", "choice-9=z", 2, 2},
		{"", "id: both\nlink: p=seed-a\nask: adv.0\nquestion: q\nright: r\nwrong: w | d", "predict-both=1&choice-both=a", 3, 0},
	}
	for _, s := range seeds {
		f.Add(s.prose, s.kind, s.body, s.query, s.mode)
	}
	f.Fuzz(func(t *testing.T, prose string, kind uint8, body, query string, mode uint8) {
		if len(prose)+len(body) > 4000 {
			return
		}
		src := "---\ntitle: t\norder: 1\nsummary: s\nobjectives: o\nneeds: none\n---\n" + prose + "\n\n"
		for i, lang := range []string{"scenario", "predict", "choice"} {
			if kind%4 == uint8(i) || kind%4 == 3 {
				src += "```" + lang + "\n" + body + "\n```\n\n"
			}
		}
		l, err := lessons.Render([]byte(src))
		if err != nil {
			if l != nil || err.Error() == "" {
				t.Fatalf("Render: an error (%v) with a lesson %v", err, l)
			}
			return
		}
		q, _ := url.ParseQuery(query)
		lr := course.LessonRequest{Q: q, Lang: i18n.En, LangSet: mode&1 != 0, View: page.View{Present: mode&4 != 0, Dark: mode&8 != 0}}
		if mode&2 != 0 {
			lr.Lang = i18n.Zh
		}
		predicts, choices := 0, 0
		for _, p := range l.Parts {
			var c templ.Component
			switch {
			case p.Scenario != nil:
				checkScenarioBlock(t, p.Scenario)
				c = templates.LessonWidget(lr.Widget("/lessons/x", p.Scenario, course.HiddenBy(l, p.Scenario)))
			case p.Predict != nil:
				checkPredictBlock(t, p.Predict, predicts)
				for _, h := range []string{p.Predict.Question, p.Predict.Hint, p.Predict.Derivation} {
					if err := noBlockElements(h); err != nil {
						t.Fatalf("block %q renders as %q: %v", body, h, err)
					}
				}
				c = templates.Predict(lr.Predict("/lessons/x", p.Predict))
				predicts++
			case p.Choice != nil:
				checkChoiceBlock(t, p.Choice, choices)
				if err := noBlockElements(p.Choice.Question); err != nil {
					t.Fatalf("question %q renders as %q: %v", body, p.Choice.Question, err)
				}
				c = templates.Choice(lr.Choice("/lessons/x", p.Choice))
				choices++
			default:
				checkSafeHTML(t, "the lesson's prose", prose, p.HTML)
				continue
			}
			var b bytes.Buffer
			if err := c.Render(context.Background(), &b); err != nil {
				t.Fatalf("render %q with %q: %v", body, query, err)
			}
			checkSafeHTML(t, "block "+strconv.Quote(body)+" with "+strconv.Quote(query), body, b.String())
		}
	})
}

// checkScenarioBlock holds an accepted scenario block to the authoring guide.
func checkScenarioBlock(t *testing.T, s *lessons.Scenario) {
	t.Helper()
	ok := s.Link != "" && slices.Contains(lessons.Charts, s.Chart)
	for _, set := range []struct{ got, allowed []string }{{s.Controls, lessons.Controls}, {s.Rows, lessons.Rows}, {s.Views, lessons.Views}} {
		for _, x := range set.got {
			ok = ok && slices.Contains(set.allowed, x)
		}
	}
	if !ok {
		t.Fatalf("accepted a scenario block outside the guide: %+v", s)
	}
}

// checkPredictBlock holds an accepted predict block to the authoring guide:
// the tolerance is a finite positive number, or no answer could ever be right
// (NaN) or every answer would be (+Inf).
func checkPredictBlock(t *testing.T, p *lessons.Predict, index int) {
	t.Helper()
	row, ts, ok := strings.Cut(p.Ask, ".")
	_, err := strconv.Atoi(ts)
	if !ok || err != nil || !slices.Contains(lessons.Rows, row) || p.Link == "" || p.Question == "" ||
		(p.Kind != "number" && p.Kind != "sign") || p.Index != index ||
		!(p.Tolerance > 0) || math.IsInf(p.Tolerance, 0) || !validBlockID(p.ID) || p.Legacy < -1 || p.Legacy > 99 {
		t.Fatalf("accepted a predict block outside the guide: %+v", p)
	}
	for _, d := range p.Wrong {
		_, _, ref := lessons.ParseRef(d.Answer)
		x, err := strconv.ParseFloat(d.Answer, 64)
		number := err == nil && !math.IsNaN(x) && !math.IsInf(x, 0)
		sign := d.Answer == "+" || d.Answer == "-" || d.Answer == "0"
		if d.Text == "" || !ref && (p.Kind == "sign" && !sign || p.Kind == "number" && !number) {
			t.Fatalf("accepted a wrong answer outside the guide: %+v in %+v", d, p)
		}
	}
}

// checkChoiceBlock holds an accepted choice block to the authoring guide:
// one right option, every wrong one diagnosed.
func checkChoiceBlock(t *testing.T, c *lessons.Choice, index int) {
	t.Helper()
	rights := 0
	for _, o := range c.Options {
		if o.Right {
			rights++
		} else if o.Diagnosis == "" {
			t.Fatalf("accepted a wrong option without a diagnosis: %+v", c)
		}
	}
	if rights != 1 || len(c.Options) < 2 || len(c.Options) > 6 || c.Index != index || !validBlockID(c.ID) || c.Question == "" {
		t.Fatalf("accepted a choice block outside the guide: %+v", c)
	}
}

// validBlockID is the guide's rule for block ids.
func validBlockID(id string) bool {
	ok, _ := regexp.MatchString(`^[a-z]([a-z0-9]|-[a-z0-9])*$`, id)
	return ok && len(id) <= 40 && !strings.HasSuffix(id, "-reveal") && !strings.HasSuffix(id, "-tries")
}

// checkSafeHTML checks HTML rendered from fuzzed text: balanced, every message
// formatted, and nothing the text could make run.
func checkSafeHTML(t *testing.T, what, input, out string) {
	t.Helper()
	if err := htmlcheck.Balanced(out); err != nil {
		t.Fatalf("%s: %v\n%.600s", what, err, out)
	}
	if err := scriptable(out); err != nil {
		t.Fatalf("%s: %v (from %q)\n%.600s", what, err, input, out)
	}
	for _, bad := range []string{"%!", "⟦"} {
		if strings.Contains(out, bad) {
			t.Fatalf("%s: a message badly formatted or missing (%s)\n%.600s", what, bad, out)
		}
	}
}

// scriptable reports a script, an embedded frame, an event handler or a
// javascript:, vbscript: or non-image data: URL in HTML.
func scriptable(doc string) error {
	z := html.NewTokenizer(strings.NewReader(doc))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if err := z.Err(); !errors.Is(err, io.EOF) {
				return err
			}
			return nil
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		tok := z.Token()
		switch tok.Data {
		case "script", "iframe", "object", "embed", "frame", "base", "meta":
			return errors.New("a <" + tok.Data + "> element")
		}
		for _, a := range tok.Attr {
			if strings.HasPrefix(a.Key, "on") {
				return errors.New("an event handler " + a.Key + " on <" + tok.Data + ">")
			}
			if a.Key == "href" || a.Key == "src" || a.Key == "action" || a.Key == "formaction" || a.Key == "xlink:href" {
				u := strings.ToLower(strings.Map(func(r rune) rune {
					if r <= ' ' {
						return -1 // browsers drop these from a URL's scheme
					}
					return r
				}, a.Val))
				if strings.HasPrefix(u, "javascript:") || strings.HasPrefix(u, "vbscript:") ||
					strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "data:image/") {
					return errors.New("a script URL " + strconv.Quote(a.Val) + " on <" + tok.Data + ">")
				}
			}
		}
	}
}

// noBlockElements checks that a question's HTML is phrasing content: it sits
// inside <p class="question">, where a heading, list, quote, rule or table
// would close the paragraph and break the page's structure.
func noBlockElements(question string) error {
	z := html.NewTokenizer(strings.NewReader(question))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return nil
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		switch name := z.Token().Data; name {
		case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "hr", "table", "section", "form":
			return errors.New("a <" + name + "> inside the question's paragraph")
		}
	}
}
