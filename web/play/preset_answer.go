package play

import (
	"net/url"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/page"
)

// presetAnswers names, for each preset that asks a question, the lesson
// section that answers it: the lesson's slug and the index of the section
// among its level-2 headings (the same in both languages).
var presetAnswers = map[string]struct {
	slug    string
	section int
}{
	"seed-b":       {"whitening-and-masks", 1}, // why the last token's whitened advantage is negative
	"eos-padding":  {"whitening-and-masks", 2},
	"v02-eos-leak": {"whitening-and-masks", 3},
	"multi-turn":   {"whitening-and-masks", 4},
}

// presetAnswer links the current preset's question to the lesson section
// that answers it, in the page's language; the zero Link when the preset
// asks nothing or the lesson has no such section.
func (v View) presetAnswer() templates.Link {
	a, ok := presetAnswers[v.S.Preset]
	if !ok {
		return templates.Link{}
	}
	l, _, _ := lessons.Embedded().Lesson(string(v.Req.Lang), a.slug)
	if l == nil {
		return templates.Link{}
	}
	n := 0
	for _, h := range l.Headings {
		if h.Level != 2 {
			continue
		}
		if n == a.section {
			u := page.Link{Path: "/lessons/" + a.slug, Lang: v.Req.Lang}.String()
			return templates.Link{Label: v.T("presets.answer", h.Text), URL: u + "#" + url.PathEscape(h.ID)}
		}
		n++
	}
	return templates.Link{}
}
