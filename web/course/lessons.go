package course

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/a-h/templ"
	"github.com/go-chi/chi/v5"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/play"
)

// LessonRequest is the language of a lessons request and whether the link set it.
type LessonRequest struct {
	Lang    i18n.Lang
	LangSet bool      // lang= was in the link
	View    page.View // present= and theme= (hide= is the playground's)
	Q       url.Values
	Charts  *play.ChartMemo // the server's chart memo, for the blocks' charts
	classes bool            // live classes are on
	// Outcomes holds the predict boxes already checked for this request.
	Outcomes map[*lessons.Predict]predictOutcome
	// batches holds the batches already computed for this request, by link.
	batches map[string]play.BatchView
	// labs holds the variance labs already run for this request, by link.
	labs map[string]labCells
}

func (s *Room) readLessonRequest(r *http.Request) LessonRequest {
	q, _ := url.ParseQuery(r.URL.RawQuery)
	lr := LessonRequest{Q: q, Charts: s.Charts, classes: s.ClassesOn(), Outcomes: map[*lessons.Predict]predictOutcome{},
		batches: map[string]play.BatchView{}, labs: map[string]labCells{}}
	lr.Lang, lr.LangSet = i18n.OfLink(r, q)
	lr.View = page.View{Present: q.Get("present") == "1", Dark: q.Get("theme") == "dark"}
	return lr
}

// url is a lessons path in the request's view and language.
func (lr LessonRequest) url(path string) string { return lr.self(path).String() }

// self is a lessons page's link in the request's view and language.
func (lr LessonRequest) self(path string) page.Link {
	return page.Link{Path: path, View: lr.View, Lang: lr.Lang}
}

// page is the frame of a lessons page on path; desc is its link preview's
// description (issue 35: the lessons, the glossary and the diagram get
// title, description and og/twitter tags).
func (lr LessonRequest) page(title, path, desc string) templates.Page {
	p := page.Frame(page.FrameSpec{
		Self: lr.self(path), Title: title + " — " + lr.Lang.T("brand"), Section: "/lessons", Presenter: true, Classes: lr.classes,
		Card: page.Card{Desc: desc},
	})
	p.Scripts = append(p.Scripts, progressJS(), termsJS())
	return p
}

// HandleLessons handles the "GET /lessons" route: the course index.
func (s *Room) HandleLessons(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	t := lr.Lang.T
	vm := templates.LessonIndex{
		Page:    lr.page(t("lessons.heading"), "/lessons", t("lessons.intro")),
		Heading: t("lessons.heading"), Intro: t("lessons.intro"),
		Quiz:     templates.Link{Label: t("lessons.quiz"), URL: quizLink(lr.Lang, 1)},
		Glossary: templates.Link{Label: t("lessons.glossary"), URL: lr.url("/glossary")},
		Diagram:  templates.Link{Label: t("lessons.diagram"), URL: lr.url("/lessons/diagram")},
	}
	var p progress
	vm.Progress, p = lr.courseProgress()
	for _, l := range lessons.Embedded().Lessons(string(lr.Lang)) {
		vm.Lessons = append(vm.Lessons, lr.lessonCard(l, p))
	}
	page.Render(w, r, templates.LessonsPage(vm))
}

// HandleLesson handles the "GET /lessons/{slug}" route: one lesson, with its
// widgets and predict boxes in the state the query gives them.
func (s *Room) HandleLesson(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	l, prev, next := lessons.Embedded().Lesson(string(lr.Lang), chi.URLParam(r, "slug"))
	if l == nil {
		httperr.NotFound(w, r)
		return
	}
	t := lr.Lang.T
	path := "/lessons/" + l.Slug
	vm := templates.LessonPage{
		Page:            lr.page(l.Title, path, l.Summary),
		Title:           l.Title,
		Meta:            t("lessons.minutes", l.Minutes),
		TOCLabel:        t("lessons.toc"),
		IndexLink:       templates.Link{Label: t("lessons.heading"), URL: lr.url("/lessons")},
		Glossary:        templates.Link{Label: t("lessons.glossary"), URL: lr.url("/glossary")},
		Diagram:         templates.Link{Label: t("lessons.diagram"), URL: lr.url("/lessons/diagram")},
		ObjectivesLabel: t("lessons.objectives"), NeedsLabel: t("lessons.needs"), NoNeeds: t("lessons.needs.none"),
		Objectives: l.Objectives, ProgressBit: progressBit(l.Slug), ProgressAnswered: t("progress.answered"),
	}
	for _, n := range l.Needs {
		if x, _, _ := lessons.Embedded().Lesson(string(lr.Lang), n); x != nil {
			vm.Needs = append(vm.Needs, templates.Link{Label: x.Title, URL: lr.url("/lessons/" + x.Slug)})
		}
	}
	for _, h := range l.Headings {
		if h.Level == 2 {
			vm.TOC = append(vm.TOC, templates.Link{Label: h.Text, URL: "#" + h.ID})
		}
	}
	if prev != nil {
		vm.Prev = templates.Link{Label: prev.Title, URL: lr.url("/lessons/" + prev.Slug)}
	}
	if next != nil {
		vm.Next = templates.Link{Label: next.Title, URL: lr.url("/lessons/" + next.Slug)}
	}
	for _, p := range l.Parts {
		vm.Body = append(vm.Body, lr.lessonPart(l, path, p))
	}
	page.Render(w, r, templates.LessonView(vm))
}

// lessonPart is one part of lesson l, at path, as the page shows it: a
// widget, a question, a block rendered to HTML, a collapsible note or prose.
func (lr LessonRequest) lessonPart(l *lessons.Lesson, path string, p lessons.Part) templates.LessonPart {
	switch {
	case p.Scenario != nil:
		wv := lr.Widget(path, p.Scenario, HidersOf(l, p.Scenario)...)
		return templates.LessonPart{Widget: &wv}
	case p.Predict != nil:
		pv := lr.Predict(path, p.Predict)
		return templates.LessonPart{Predict: &pv}
	case p.Choice != nil:
		cv := lr.Choice(path, p.Choice)
		return templates.LessonPart{Choice: &cv}
	case p.Variance != nil:
		return templates.LessonPart{HTML: lr.varianceHTML(p.Variance)}
	case p.Traces != nil:
		return templates.LessonPart{HTML: templates.LessonTraces(lr.traces(p.Traces))}
	case p.Weights != nil:
		return templates.LessonPart{HTML: templates.LessonWeights(lr.weights(p.Weights))}
	case p.Batch != nil:
		return templates.LessonPart{HTML: templates.LessonBatch(lr.BatchBlock(p.Batch, batchHiddenBy(l, p.Batch)))}
	case p.Details != nil:
		return templates.LessonPart{Details: &templates.DetailsBox{
			Kind: p.Details.Kind, Label: lr.Lang.T("lessons." + p.Details.Kind), Body: templ.Raw(p.Details.HTML)}}
	}
	return templates.LessonPart{HTML: templ.Raw(p.HTML)}
}

// HiddenBy is the question whose asked cell a widget hides, the one just
// above or below it, or nil.
func HiddenBy(l *lessons.Lesson, s *lessons.Scenario) *lessons.Predict {
	if s.Hide < 0 {
		return nil
	}
	for _, p := range l.Parts {
		if p.Predict != nil && p.Predict.Index == s.Hide {
			return p.Predict
		}
	}
	return nil
}

// HidersOf are all the questions a widget hides for: HiddenBy, then those
// its hides: names (issue 36 point 4: a widget above a later question on its
// state would show that question's answer).
func HidersOf(l *lessons.Lesson, s *lessons.Scenario) []*lessons.Predict {
	var out []*lessons.Predict
	if p := HiddenBy(l, s); p != nil {
		out = append(out, p)
	}
	for _, p := range l.Parts {
		if p.Predict != nil && slices.Contains(s.AlsoHide, p.Predict.Index) {
			out = append(out, p.Predict)
		}
	}
	return out
}

// HandleLessonPart handles the "GET /lessons/{slug}/{kind}/{key}" route: one
// widget, predict box or choice box, as htmx swaps it. The key is the
// block's id; v1's places (a widget's i as in "w<i>", a predict box's
// place) still find the block they named. A predict box that is now
// revealed brings the widget under it along (an out-of-band swap), with the
// cells it hid.
func (s *Room) HandleLessonPart(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	l, _, _ := lessons.Embedded().Lesson(string(lr.Lang), chi.URLParam(r, "slug"))
	if l == nil {
		httperr.NotFound(w, r)
		return
	}
	path := "/lessons/" + l.Slug
	key := chi.URLParam(r, "i")
	place, err := strconv.Atoi(key)
	numeric := err == nil && strconv.Itoa(place) == key
	for _, p := range l.Parts {
		switch kind := chi.URLParam(r, "kind"); {
		case p.Scenario != nil && kind == "widget" && (p.Scenario.ID == key || numeric && p.Scenario.ID == "w"+key):
			page.Render(w, r, templates.LessonWidget(lr.Widget(path, p.Scenario, HidersOf(l, p.Scenario)...)))
			return
		case p.Predict != nil && kind == "predict" && (p.Predict.ID == key || numeric && p.Predict.Legacy == place):
			box := lr.Predict(path, p.Predict)
			page.Render(w, r, lr.uncovered(l, path, p.Predict, box))
			return
		case p.Choice != nil && kind == "choice" && p.Choice.ID == key:
			page.Render(w, r, templates.Choice(lr.Choice(path, p.Choice)))
			return
		}
	}
	httperr.NotFound(w, r)
}

// uncovered is a predict box as htmx swaps it: once revealed, with the
// widgets and batch blocks under it that its answer uncovers (out-of-band).
func (lr LessonRequest) uncovered(l *lessons.Lesson, path string, p *lessons.Predict, box templates.PredictBox) templ.Component {
	var under []templates.Widget
	var batches []templ.Component
	if box.Revealed {
		for _, q := range l.Parts {
			if q.Scenario != nil && slices.Contains(HidersOf(l, q.Scenario), p) {
				wv := lr.Widget(path, q.Scenario, HidersOf(l, q.Scenario)...)
				wv.OOB = true
				under = append(under, wv)
			}
			if q.Batch != nil && slices.Contains(q.Batch.Hide, p.Index) {
				bb := lr.BatchBlock(q.Batch, batchHiddenBy(l, q.Batch))
				bb.OOB = true
				batches = append(batches, templates.LessonBatch(bb))
			}
		}
	}
	return templ.Join(append([]templ.Component{templates.PredictPart(box, under)}, batches...)...)
}

// batchHiddenBy are the questions whose asked cells a batch block hides.
func batchHiddenBy(l *lessons.Lesson, b *lessons.Batch) []*lessons.Predict {
	var out []*lessons.Predict
	for _, p := range l.Parts {
		if p.Predict != nil && slices.Contains(b.Hide, p.Predict.Index) {
			out = append(out, p.Predict)
		}
	}
	return out
}
