package web

import (
	"gaelab/web/page"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/scenario"
)

// field is a form input showing the typed text when it was bad.
func (v playView) field(id, name, label, value string) templates.Field {
	f := templates.Field{ID: id, Name: name, Label: label, Value: value}
	if p := v.pr.rep.For(id); p != nil {
		f.Error = v.t(p.Key, p.Args...)
		f.Value = v.pr.rep.Raw[id]
	}
	return f
}

func (v playView) form() templates.Form {
	s := v.s
	f := templates.Form{
		Action:      "/play",
		Hidden:      []templates.Option{{Value: "v", Label: scenario.LinkVersion3}, {Value: "p", Label: s.Preset}, v.langField()},
		Legend:      v.t("form.legend"),
		Prompt:      v.field("prompt", "prompt", v.t("form.prompt"), s.Prompt),
		Gamma:       v.field("gamma", "gamma", v.t("form.gamma"), scenario.FormatNumber(s.Gamma)),
		Lam:         v.field("lam", "lam", v.t("form.lam"), scenario.FormatNumber(s.Lam)),
		Beta:        v.field("beta", "beta", v.t("form.beta"), scenario.FormatNumber(s.Beta)),
		Direct:      templates.Field{ID: "rw", Name: "rw", Label: v.t("form.direct")},
		DirectOn:    s.DirectRewards,
		TokensLabel: v.t("form.tokens"),
		Add:         templates.Field{Name: "op", Value: "add", Label: v.t("form.add")},
		CanAdd:      s.Len() < scenario.MaxTokens,
		Submit:      v.t("form.submit"),
	}
	if v.s.Speed != 0 { // an edit keeps the auto-play speed
		f.Hidden = append(f.Hidden, templates.Option{Value: "speed", Label: scenario.FormatNumber(v.s.Speed)})
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	f.Gamma.Help, f.Lam.Help, f.Beta.Help = v.t("form.gamma.help"), v.t("form.lam.help"), v.t("form.beta.help")
	f.KL = templates.Select{ID: "kl", Name: "kl", Label: v.t("form.kl"), Error: v.problem("kl")}
	for _, name := range s.KLNames() {
		f.KL.Options = append(f.KL.Options, templates.Option{Value: name, Label: name, Selected: name == s.KL})
	}
	f.Version = page.ReleasePicker(v.pr.lang, "ver", v.t("form.version"), v.problem("ver"), s.Release, s.Version)
	f.Numbering = templates.Select{ID: "num", Name: "num", Label: v.t("form.numbering"), Error: v.problem("num"), Options: []templates.Option{
		{Value: "0", Label: v.t("numbering.0"), Selected: s.Base == 0},
		{Value: "1", Label: v.t("numbering.1"), Selected: s.Base == 1},
	}}
	lists := []list{{"V", "form.row.value", func(t scenario.Token) float64 { return t.Value }}}
	if s.DirectRewards {
		lists = append([]list{{"r", "form.row.reward", func(t scenario.Token) float64 { return t.Reward }}}, lists...)
	} else {
		lists = append([]list{
			{"score", "form.row.score", func(t scenario.Token) float64 { return t.Score }},
			{"old", "form.row.old", func(t scenario.Token) float64 { return t.Old }},
			{"ref", "form.row.ref", func(t scenario.Token) float64 { return t.Ref }},
		}, lists...)
	}
	if s.Len() > gridMaxTokens {
		v.compactForm(&f, lists)
		f.Errors = v.fieldErrors()
		return f
	}
	f.RowLabels = []string{v.t("form.row.text"), v.t("form.row.mask")}
	for _, l := range lists {
		f.RowLabels = append(f.RowLabels, v.t(l.label))
	}
	for t, tok := range s.Tokens {
		ts, i := strconv.Itoa(t), v.idx(t)
		col := templates.TokenColumn{
			Label:  "t = " + i,
			Text:   v.field("tok."+ts, "tok", v.t("form.cell", v.t("form.row.text"), i), tok.Text),
			Delete: templates.Field{Name: "op", Value: "del." + ts, Label: v.t("form.delete", i)},
		}
		col.Mask = templates.Select{ID: "mask." + ts, Name: "mask", Label: v.t("form.cell", v.t("form.row.mask"), i), Error: v.problem("mask." + ts)}
		for _, o := range []struct {
			value, label string
			kind         scenario.Kind
		}{{"1", "mask.valid", scenario.Valid}, {"0", "mask.pad", scenario.Padding}, {"o", "mask.obs", scenario.Observation}} {
			col.Mask.Options = append(col.Mask.Options, templates.Option{Value: o.value, Label: v.t(o.label), Selected: tok.Kind == o.kind})
		}
		for _, l := range lists {
			fl := v.field(l.key+"."+ts, l.key, v.t("form.cell", v.t(l.label), i), scenario.FormatNumber(l.get(tok)))
			col.Values = append(col.Values, fl)
		}
		f.Columns = append(f.Columns, col)
	}
	f.Errors = v.fieldErrors()
	return f
}

// gridMaxTokens is the longest response edited one column per token; a
// longer one is edited as lists.
const gridMaxTokens = 24

// list is one per-token quantity of the editor.
type list struct {
	key, label string
	get        func(scenario.Token) float64
}

// compactForm fills the list editor: one token per line, then one
// comma-separated list per quantity, showing what was typed where it was bad.
func (v playView) compactForm(f *templates.Form, lists []list) {
	f.Compact = true
	texts := make([]string, v.s.Len())
	kinds := make([]string, v.s.Len())
	for t, tok := range v.s.Tokens {
		texts[t] = strings.ReplaceAll(tok.Text, "\n", " ")
		kinds[t] = [...]string{scenario.Valid: "1", scenario.Padding: "0", scenario.Observation: "o"}[tok.Kind]
	}
	f.TokenList = v.field("toks", "toks", v.t("form.toks"), strings.Join(texts, "\n"))
	f.TokenList.Help = v.t("form.toks.help")
	f.Lists = append(f.Lists, v.listField("mask", v.t("form.row.mask"), kinds))
	for _, l := range lists {
		items := make([]string, v.s.Len())
		for t, tok := range v.s.Tokens {
			items[t] = scenario.FormatNumber(l.get(tok))
		}
		f.Lists = append(f.Lists, v.listField(l.key, v.t(l.label), items))
	}
}

// listField is one comma-separated list, with the raw text of bad elements.
func (v playView) listField(key, label string, items []string) templates.Field {
	for t := range items {
		if raw, ok := v.pr.rep.Raw[key+"."+strconv.Itoa(t)]; ok {
			items[t] = raw
		}
	}
	f := v.field(key, key, label, strings.Join(items, ","))
	for t := range items {
		if p := v.pr.rep.For(key + "." + strconv.Itoa(t)); p != nil && f.Error == "" {
			f.Error = v.t(p.Key, p.Args...)
		}
	}
	return f
}

// hidden are the form's hidden inputs: the state the visible fields do not hold.
func (v playView) hidden() []templates.Option {
	h := []templates.Option{{Value: "v", Label: scenario.LinkVersion3}, {Value: "p", Label: v.s.Preset}, v.langField()}
	if v.s.Select != "" {
		h = append(h, templates.Option{Value: "sel", Label: v.s.Select})
	}
	if v.s.Step >= 0 {
		h = append(h, templates.Option{Value: "step", Label: strconv.Itoa(v.s.Step)})
	}
	if v.s.Speed != 0 {
		h = append(h, templates.Option{Value: "speed", Label: scenario.FormatNumber(v.s.Speed)})
	}
	return h
}

// langField is the form's hidden lang input: an edit keeps the page's
// language whatever the browser's.
func (v playView) langField() templates.Option {
	return templates.Option{Value: "lang", Label: string(v.pr.lang)}
}

// fieldErrors lists the problems, introduced by one sentence.
func (v playView) fieldErrors() []templates.FieldError {
	if len(v.pr.rep.Problems) == 0 {
		return nil
	}
	errs := []templates.FieldError{{Message: v.t("form.errors_intro")}}
	for _, p := range v.pr.rep.Problems {
		field := p.Field
		if v.s.Len() > gridMaxTokens {
			field, _, _ = strings.Cut(field, ".") // V.3 lives in the list V
			if field == "tok" {
				field = "toks"
			}
		}
		errs = append(errs, templates.FieldError{Field: field, Message: v.t(p.Key, p.Args...)})
	}
	return errs
}

// problem is the localised message of a field's problem, or "".
func (v playView) problem(field string) string {
	if p := v.pr.rep.For(field); p != nil {
		return v.t(p.Key, p.Args...)
	}
	return ""
}
