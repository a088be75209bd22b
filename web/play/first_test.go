package play_test

import (
	"strings"
	"testing"

	"gaelab/web/i18n"
	"gaelab/web/play"
	"gaelab/web/webtest"
)

// The caption tells the example's story: the prompt and the response, with
// the preset's English gloss on an English page only, and only while the
// texts are the preset's; a long prompt is clipped. The invitation to drag
// shows while the state is its preset's and names the middle token's mark.
func TestPlayFirstScreenStory(t *testing.T) {
	gloss := i18n.En.T("preset.seed-b.gloss")
	long := strings.Repeat("长", 300)
	for _, c := range []struct {
		name, target  string
		gloss, invite bool
		has           string
	}{
		{"en", "/play?v=1&p=seed-b&lang=en", true, true, "是的，等于2！"},
		{"zh", "/play?v=1&p=seed-b&lang=zh", false, true, "是的，等于2！"},
		{"en, a token edited", "/play?v=1&p=seed-b&tok=否&tok=的&tok=，&tok=等于&tok=2&tok=！&lang=en", false, false, "否的，等于2！"},
		{"en, long prompt", "/play?v=1&p=seed-b&prompt=" + long + "&lang=en", false, false, strings.Repeat("长", play.StoryRunes) + "…"},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc := webtest.Page(t, c.target)
			cap := doc.Find(`[data-testid="caption"]`).Text()
			if strings.Contains(cap, gloss) != c.gloss {
				t.Errorf("caption %q: gloss shown %v, want %v", cap, !c.gloss, c.gloss)
			}
			if !strings.Contains(cap, c.has) || strings.Contains(cap, long) {
				t.Errorf("caption %q lacks %q or quotes the whole prompt", cap, c.has)
			}
			inv := doc.Find(`[data-testid="invite"]`)
			if (inv.Length() == 1) != c.invite {
				t.Fatalf("invitation shown %v, want %v", inv.Length() == 1, c.invite)
			}
			if c.invite && (inv.AttrOr("data-t", "") != "3" || inv.Find(`a[data-testid="lesson-one"]`).Length() != 1) {
				t.Errorf("invitation names t=%s (want 3), lesson 1 links %d", inv.AttrOr("data-t", ""), inv.Find(`a[data-testid="lesson-one"]`).Length())
			}
		})
	}
}

// The first screen's λ = 0.95 carries a note that verl's default is 1
// (issue 35), under λ's slider, in the page's language (static/app.css
// shows it; TestPlayScreenshots checks the screen still fits).
func TestPlayFirstScreenLambdaNote(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.En, i18n.Zh} {
		doc := webtest.Page(t, "/play?v=1&p=seed-b&lang="+string(l))
		note := doc.Find(`[data-testid="quick-controls"] .field:has(label[for="lam"]) .field-hint`)
		if got, want := strings.TrimSpace(note.Text()), l.T("form.lam.note"); got != want {
			t.Errorf("%s: the note under λ says %q, want %q", l, got, want)
		}
		if !strings.Contains(l.T("form.lam.note"), "1") || !strings.Contains(l.T("form.lam.note"), "λ") {
			t.Errorf("%s: the note %q should name λ and verl's default 1", l, l.T("form.lam.note"))
		}
	}
}
