package train

import (
	"strconv"

	"gaelab/templates"
	tt "gaelab/templates/train"
	"gaelab/web/i18n"
	"gaelab/web/page"
)

// pageView is the page's view model: the frame and everything around it.
func pageView(lang i18n.Lang, view page.View, s State, frames []Frame) (tt.Page, error) {
	t := lang.T
	self := page.Link{Path: "/train", State: s.Encode(), View: view, Lang: lang}
	fr, err := frameView(lang, view, s, frames)
	if err != nil {
		return tt.Page{}, err
	}
	vm := tt.Page{
		Page: page.Frame(page.FrameSpec{Self: self, Title: t("train.title"), Section: "/train", Presenter: true,
			Reset: templates.Link{URL: page.Link{Path: "/train", State: s.At(0).Encode(), View: view, Lang: lang}.String()}}),
		Heading: t("train.heading"), Intro: t("train.intro"),
		PresetsLabel: t("train.presets"),
		Story:        t("train.preset." + s.Lesson.ID + ".story"),
		WatchLabel:   t("train.watch"),
		Watch:        t("train.preset." + s.Lesson.ID + ".watch"),
		Frame:        fr,
		Config:       configView(lang, s),
		Keys:         t("train.keys"),
	}
	vm.Page.Scripts = append(vm.Page.Scripts, trainJS())
	for _, l := range Lessons {
		vm.Presets = append(vm.Presets, templates.Link{Label: t("train.preset." + l.ID),
			URL: page.Link{Path: "/train", State: State{Lesson: l}.Encode(), View: view, Lang: lang}.String(), Current: l.ID == s.Lesson.ID})
	}
	return vm, nil
}

// frameView is what a Play tick swaps: the controls, the curves, the batch.
func frameView(lang i18n.Lang, view page.View, s State, frames []Frame) (tt.Frame, error) {
	t := lang.T
	steps := s.Steps()
	at := func(label string, it int) templates.Link {
		l := templates.Link{Label: t(label)}
		if it != s.It && it >= 0 && it < steps {
			l.URL = page.Link{Path: "/train", State: s.At(it).Encode(), View: view, Lang: lang}.String()
		}
		return l
	}
	f := tt.Frame{
		Status: t("train.status", s.It, steps, s.It+1),
		Reset:  at("train.reset", 0), Back: at("train.back", s.It-1), Next: at("train.next", s.It+1),
		Plus10: at("train.plus10", min(s.It+10, steps-1)), Last: at("train.last", steps-1),
		Play: t("train.play"), Pause: t("train.pause"), SpeedLabel: t("train.speed"), ControlsLabel: t("train.controls"),
		ChartsHeading: t("train.charts"), ExportsLabel: t("train.exports"),
	}
	for _, sp := range []struct {
		ms  int
		key string
	}{{600, "train.speed.slow"}, {250, "train.speed.normal"}, {80, "train.speed.fast"}} {
		f.Speeds = append(f.Speeds, templates.Option{Value: strconv.Itoa(sp.ms), Label: t(sp.key), Selected: sp.ms == 250})
	}
	labels := []string{t("train.preset." + s.Lesson.ID + ".a")}
	if len(frames) > 1 {
		labels = append(labels, t("train.preset."+s.Lesson.ID+".b"))
		f.Legend = t("train.legend.two", labels[0], labels[1])
	} else {
		f.Legend = t("train.legend.one")
	}
	dash, err := curvesOf(steps, labels, frames...).draw(lang, s.It, s.Lesson.Watch, view.Dark, view.Present)
	if err != nil {
		return tt.Frame{}, err
	}
	f.Dashboard = string(dash.SVG)
	f.Batch = tokenTable(lang, frames[0])
	f.HandOffs = handOffs(lang, frames[0])
	f.Heat = heats(lang, frames[0])
	for _, e := range []struct{ path, key, id string }{
		{"/train/batch.npz", "train.export.npz", "train-npz"}, {"/train/curves.csv", "train.export.csv", "train-csv"},
		{"/train/curves.json", "train.export.json", "train-json"},
	} {
		f.Exports = append(f.Exports, templates.Link{Label: t(e.key), Title: e.id,
			URL: page.Link{Path: e.path, State: s.Encode(), Lang: lang}.String()})
	}
	return f, nil
}

// configView is the YAML of run A, or why there is none.
func configView(lang i18n.Lang, s State) tt.Config {
	c := tt.Config{Heading: lang.T("train.config.heading"), Intro: lang.T("train.config.intro")}
	if !s.VerlRunnable() {
		c.NotVerl = lang.T("train.config.not_verl")
		return c
	}
	c.YAML = YAML(lang, s.A())
	c.Download = templates.Link{Label: lang.T("train.config.download"),
		URL: page.Link{Path: "/train/config.yaml", State: s.Encode(), Lang: lang}.String()}
	return c
}
