package play

import (
	"strings"
	"unicode"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The playground's first screen invites a newcomer (issue 26, point 2): a
// one-line story of the example in the page's language (an English page
// glosses a preset's Chinese prompt and response), the way to lesson 1, and
// while the state is still its preset's an invitation to drag one mark.

// story is the caption: the prompt and the response (its tokens, without
// padding), and the preset's English gloss on an English page when the
// texts are the preset's and hold Chinese.
func (v View) story() templates.Rich {
	var resp strings.Builder
	for _, tok := range v.S.Tokens {
		if tok.Kind != scenario.Padding {
			resp.WriteString(tok.Text)
		}
	}
	gloss := ""
	if v.Req.Lang == i18n.En && containsHan(v.S.Prompt+resp.String()) && v.presetTexts() && i18n.Has("preset."+v.S.Preset+".gloss") {
		gloss = v.T("first.gloss", v.T("preset."+v.S.Preset+".gloss"))
	}
	return templates.Rich(v.Req.Lang.HTML("first.story", page.Clip(v.S.Prompt, storyRunes), page.Clip(resp.String(), storyRunes), gloss))
}

// storyRunes is the most of a prompt or a response the story quotes, so
// that it stays one line whatever a link holds.
const storyRunes = 48

// presetTexts reports whether the prompt and the token texts are the
// preset's, so that its gloss still says what the page shows.
func (v View) presetTexts() bool {
	p, _ := scenario.Preset(v.S.Preset)
	if p.Prompt != v.S.Prompt || len(p.Tokens) != len(v.S.Tokens) {
		return false
	}
	for t := range p.Tokens {
		if p.Tokens[t].Text != v.S.Tokens[t].Text {
			return false
		}
	}
	return true
}

// lessonOne is the link to the course's first lesson in the page's
// language, titled with its title (zero when the course has none).
func (v View) lessonOne() templates.Link {
	ls := lessons.Embedded().Lessons(string(v.Req.Lang))
	if len(ls) == 0 {
		return templates.Link{}
	}
	return templates.Link{Label: v.T("first.lesson"), Title: ls[0].Title, URL: page.Link{Path: "/lessons/" + ls[0].Slug, Lang: v.Req.Lang}.String()}
}

// invite is the invitation to drag V(s_t) at the middle generated token,
// while the state is its preset's, then the next step; both only while the
// controls show, the page is not a presentation and the loop is not being
// stepped through (the step panel is the next step); zero otherwise.
func (v View) invite() templates.Invite {
	if v.Req.View.Present || v.Req.View.Lock || v.Req.View.Hidden("controls") || v.S.Step >= 0 {
		return templates.Invite{}
	}
	if v.edited() {
		// The learner has acted: the invitation gives way to the next
		// step, the step-through (its Start) and lesson 1.
		next := templates.Invite{Text: v.T("first.next"), Next: true, Action: v.step().Start, Lesson: v.lessonOne()}
		if v.Req.View.Hidden("step") {
			next.Action = templates.Link{}
		}
		return next
	}
	var valid []int
	for t, tok := range v.S.Tokens {
		if tok.Kind == scenario.Valid {
			valid = append(valid, t)
		}
	}
	if len(valid) == 0 {
		return templates.Invite{}
	}
	t := valid[len(valid)/2]
	return templates.Invite{Text: v.T("first.invite", subscript(v.Idx(t))), Field: "V", T: t, Lesson: v.lessonOne()}
}

// subscript writes the digits of s as subscript digits (₀–₉).
func subscript(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) && r <= '9' {
			return '₀' + (r - '0')
		}
		return r
	}, s)
}

// containsHan reports whether s holds a Chinese character.
func containsHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}
