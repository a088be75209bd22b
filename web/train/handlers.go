package train

import (
	"net/http"

	"github.com/a-h/templ"

	"gaelab/static"
	tt "gaelab/templates/train"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/mw"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

func trainJS() string { return static.Path("train.js") }

// HandleTrain handles the "GET /train" route: the lab at one iteration of
// a preset; an htmx request for #train-frame (a Play tick) gets the frame.
func (rm *Room) HandleTrain(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	lang, inLink := i18n.OfLink(r, q)
	s, e := Decode(q, page.ViewKeys...)
	if e != nil {
		httperr.Write(w, r, e)
		return
	}
	var rep scenario.Report
	view := page.ReadView(q, &rep)
	frames, e := rm.frames(w, r, s)
	if e != nil {
		httperr.Write(w, r, e)
		return
	}
	vm, err := pageView(lang, view, s, frames)
	if err != nil {
		httperr.LogFailure(r, "train view", err)
		httperr.Write(w, r, httperr.New("internal", "error.internal", mw.RequestID(r)))
		return
	}
	self := page.Link{Path: "/train", State: s.Encode(), View: view, Lang: lang}
	page.Serve(w, r, page.Answer{
		Canonical: self.Canonical(inLink), Redirect: true,
		Page:      func() templ.Component { return tt.TrainPage(vm) },
		Fragments: map[string]func() templ.Component{"train-frame": func() templ.Component { return tt.TrainFrame(vm.Frame) }},
		Main:      func() templ.Component { return tt.TrainMain(vm) },
	})
}

// read decodes an export's link and computes its frames.
func (rm *Room) read(w http.ResponseWriter, r *http.Request) (State, []Frame, i18n.Lang, bool) {
	q := r.URL.Query()
	lang, _ := i18n.OfLink(r, q)
	s, e := Decode(q)
	if e == nil {
		var frames []Frame
		if frames, e = rm.frames(w, r, s); e == nil {
			return s, frames, lang, true
		}
	}
	httperr.Write(w, r, e)
	return State{}, nil, lang, false
}
