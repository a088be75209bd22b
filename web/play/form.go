package play

import (
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// Field is a form input showing the typed text when it was bad.
func (v View) Field(id, name, label, value string) templates.Field {
	f := templates.Field{ID: id, Name: name, Label: label, Value: value}
	if p := v.Req.Rep.For(id); p != nil {
		f.Error = v.T(p.Key, p.Args...)
		f.Value = v.Req.Rep.Raw[id]
	}
	return f
}

func (v View) Form() templates.Form {
	s := v.S
	f := templates.Form{
		Action:      "/play",
		Hidden:      []templates.Option{{Value: "v", Label: scenario.FormLink}, {Value: "p", Label: s.Preset}, v.langField()},
		Legend:      v.T("form.legend"),
		Prompt:      v.Field("prompt", "prompt", v.T("form.prompt"), s.Prompt),
		Gamma:       v.Field("gamma", "gamma", v.T("form.gamma"), scenario.FormatNumber(s.Gamma)),
		Lam:         v.Field("lam", "lam", v.T("form.lam"), scenario.FormatNumber(s.Lam)),
		Beta:        v.Field("beta", "beta", v.T("form.beta"), scenario.FormatNumber(s.Beta)),
		Direct:      templates.Field{ID: "rw", Name: "rw", Label: v.T("form.direct")},
		DirectOn:    s.DirectRewards,
		TokensLabel: v.T("form.tokens"),
		Add:         templates.Field{Name: "op", Value: "add", Label: v.T("form.add")},
		CanAdd:      s.Len() < scenario.MaxTokens,
		Submit:      v.T("form.submit"),
	}
	if v.S.Speed != 0 { // an edit keeps the auto-play speed
		f.Hidden = append(f.Hidden, templates.Option{Value: "speed", Label: scenario.FormatNumber(v.S.Speed)})
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	// The first screen's quick controls show only λ's note (the examples'
	// 0.95 is not verl's default, issue 35), so it is short.
	f.Gamma.Help, f.Lam.Help, f.Beta.Help = v.T("form.gamma.help"), v.T("form.lam.note"), v.T("form.beta.help")
	f.KL = templates.Select{ID: "kl", Name: "kl", Label: v.T("form.kl"), Error: v.Problem("kl")}
	for _, name := range s.KLNames() {
		f.KL.Options = append(f.KL.Options, templates.Option{Value: name, Label: name, Selected: name == s.KL})
	}
	f.Version = page.ReleasePicker(v.Req.Lang, "ver", v.T("form.version"), v.Problem("ver"), s.EditRelease())
	f.Numbering = templates.Select{ID: "num", Name: "num", Label: v.T("form.numbering"), Error: v.Problem("num"), Options: []templates.Option{
		{Value: "0", Label: v.T("numbering.0"), Selected: s.Base == 0},
		{Value: "1", Label: v.T("numbering.1"), Selected: s.Base == 1},
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
	if s.Len() > GridMaxTokens {
		v.compactForm(&f, lists)
		f.Errors = v.FieldErrors()
		return f
	}
	f.RowLabels = []string{v.T("form.row.text"), v.T("form.row.mask")}
	for _, l := range lists {
		f.RowLabels = append(f.RowLabels, v.T(l.label))
	}
	for t, tok := range s.Tokens {
		ts, i := strconv.Itoa(t), v.Idx(t)
		col := templates.TokenColumn{
			Label:  "t = " + i,
			Text:   v.Field("tok."+ts, "tok", v.T("form.cell", v.T("form.row.text"), i), tok.Text),
			Delete: templates.Field{Name: "op", Value: "del." + ts, Label: v.T("form.delete", i)},
		}
		col.Mask = templates.Select{ID: "mask." + ts, Name: "mask", Label: v.T("form.cell", v.T("form.row.mask"), i), Error: v.Problem("mask." + ts)}
		for _, o := range []struct {
			value, label string
			kind         scenario.Kind
		}{{"1", "mask.valid", scenario.Valid}, {"0", "mask.pad", scenario.Padding}, {"o", "mask.obs", scenario.Observation}} {
			col.Mask.Options = append(col.Mask.Options, templates.Option{Value: o.value, Label: v.T(o.label), Selected: tok.Kind == o.kind})
		}
		for _, l := range lists {
			fl := v.Field(l.key+"."+ts, l.key, v.T("form.cell", v.T(l.label), i), scenario.FormatNumber(l.get(tok)))
			col.Values = append(col.Values, fl)
		}
		f.Columns = append(f.Columns, col)
	}
	f.Errors = v.FieldErrors()
	return f
}

// GridMaxTokens is the longest response edited one column per token; a
// longer one is edited as lists.
const GridMaxTokens = 24

// list is one per-token quantity of the editor.
type list struct {
	key, label string
	get        func(scenario.Token) float64
}

// compactForm fills the list editor: one token per line, then one
// comma-separated list per quantity, showing what was typed where it was bad.
func (v View) compactForm(f *templates.Form, lists []list) {
	f.Compact = true
	texts := make([]string, v.S.Len())
	kinds := make([]string, v.S.Len())
	for t, tok := range v.S.Tokens {
		texts[t] = strings.ReplaceAll(tok.Text, "\n", " ")
		kinds[t] = [...]string{scenario.Valid: "1", scenario.Padding: "0", scenario.Observation: "o"}[tok.Kind]
	}
	f.TokenList = v.Field("toks", "toks", v.T("form.toks"), strings.Join(texts, "\n"))
	f.TokenList.Help = v.T("form.toks.help")
	f.Lists = append(f.Lists, v.listField("mask", v.T("form.row.mask"), kinds))
	for _, l := range lists {
		items := make([]string, v.S.Len())
		for t, tok := range v.S.Tokens {
			items[t] = scenario.FormatNumber(l.get(tok))
		}
		f.Lists = append(f.Lists, v.listField(l.key, v.T(l.label), items))
	}
}

// listField is one comma-separated list, with the raw text of bad elements.
func (v View) listField(key, label string, items []string) templates.Field {
	for t := range items {
		if raw, ok := v.Req.Rep.Raw[key+"."+strconv.Itoa(t)]; ok {
			items[t] = raw
		}
	}
	f := v.Field(key, key, label, strings.Join(items, ","))
	for t := range items {
		if p := v.Req.Rep.For(key + "." + strconv.Itoa(t)); p != nil && f.Error == "" {
			f.Error = v.T(p.Key, p.Args...)
		}
	}
	return f
}

// hidden are the form's hidden inputs: the state the visible fields do not hold.
func (v View) hidden() []templates.Option {
	h := []templates.Option{{Value: "v", Label: scenario.FormLink}, {Value: "p", Label: v.S.Preset}, v.langField()}
	if v.S.Select != "" {
		h = append(h, templates.Option{Value: "sel", Label: v.S.Select})
	}
	if v.S.Step >= 0 {
		h = append(h, templates.Option{Value: "step", Label: strconv.Itoa(v.S.Step)})
	}
	if v.S.Speed != 0 {
		h = append(h, templates.Option{Value: "speed", Label: scenario.FormatNumber(v.S.Speed)})
	}
	return h
}

// langField is the form's hidden lang input: an edit keeps the page's
// language whatever the browser's.
func (v View) langField() templates.Option {
	return templates.Option{Value: "lang", Label: string(v.Req.Lang)}
}

// FieldErrors lists the problems, introduced by one sentence.
func (v View) FieldErrors() []templates.FieldError {
	if len(v.Req.Rep.Problems) == 0 {
		return nil
	}
	errs := []templates.FieldError{{Message: v.T("form.errors_intro")}}
	for _, p := range v.Req.Rep.Problems {
		field := p.Field
		if v.S.Len() > GridMaxTokens {
			field, _, _ = strings.Cut(field, ".") // V.3 lives in the list V
			if field == "tok" {
				field = "toks"
			}
		}
		errs = append(errs, templates.FieldError{Field: field, Message: v.T(p.Key, p.Args...)})
	}
	return errs
}

// Problem is the localised message of a field's problem, or "".
func (v View) Problem(field string) string {
	if p := v.Req.Rep.For(field); p != nil {
		return v.T(p.Key, p.Args...)
	}
	return ""
}
