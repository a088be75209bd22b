package play

import (
	"slices"
	"strconv"
	"strings"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/batch"
	"gaelab/web/page"
	"gaelab/web/scenario"
)

// The batch view's editor: its form, fields, problems at their fields and
// the notices an edit can bring.

// form is the batch editor.
func (v BatchView) form() templates.BatchForm {
	b := v.B
	f := templates.BatchForm{
		Action: "/batch", Hidden: v.hidden(), Legend: v.T("batch.form.legend"), Shared: v.T("batch.form.shared"),
		Prompt: v.field("prompt", "prompt", v.T("form.prompt"), b.Prompt),
		Gamma:  v.field("gamma", "gamma", v.T("form.gamma"), scenario.FormatNumber(b.Gamma)),
		Lam:    v.field("lam", "lam", v.T("form.lam"), scenario.FormatNumber(b.Lam)),
		Submit: v.T("form.submit"),
		Errors: v.fieldErrors(),
	}
	for _, unit := range []*templates.Field{&f.Gamma, &f.Lam} {
		unit.Kind, unit.Min, unit.Max, unit.Step = "range", "0", "1", "0.01"
	}
	f.Gamma.Help, f.Lam.Help = v.T("form.gamma.help"), v.T("form.lam.help")
	f.Version = page.ReleasePicker(v.Br.Lang, "ver", v.T("batch.form.version"), v.problem("ver"), b.EditRelease())
	for i, row := range b.Rows {
		is := strconv.Itoa(i)
		texts, masks, values := make([]string, len(row.Tokens)), make([]string, len(row.Tokens)), make([]string, len(row.Tokens))
		for t, tok := range row.Tokens {
			texts[t] = strings.ReplaceAll(tok.Text, "\n", " ")
			masks[t], values[t] = "0", scenario.FormatNumber(tok.Value)
			if tok.Valid {
				masks[t] = "1"
			}
		}
		rf := templates.BatchRowForm{
			Legend:   v.T("batch.form.response", i),
			Tokens:   v.field("toks"+is, "toks"+is, v.T("batch.form.toks"), strings.Join(texts, "\n")),
			Mask:     v.listField("mask"+is, v.T("batch.form.mask"), masks),
			Values:   v.listField("V"+is, v.T("batch.form.values"), values),
			Score:    v.field("score."+is, "score", v.T("batch.form.score"), scenario.FormatNumber(row.Score)),
			Baseline: v.field("b."+is, "b", v.T("batch.form.baseline"), scenario.FormatNumber(row.Baseline)),
			Group:    v.field("group."+is, "group", v.T("batch.form.group"), row.Group),
		}
		if b.Len() > batch.MinRows {
			rf.Delete = templates.Field{Name: "op", Value: "del." + is, Label: v.T("batch.form.delete", i)}
		}
		f.Rows = append(f.Rows, rf)
	}
	if b.Len() < batch.MaxRows {
		f.Add = templates.Field{Name: "op", Value: "add", Label: v.T("batch.form.add")}
	}
	return f
}

// field is a form input showing the typed text when it was bad.
func (v BatchView) field(id, name, label, value string) templates.Field {
	f := templates.Field{ID: id, Name: name, Label: label, Value: value}
	if msg := v.problem(id); msg != "" {
		f.Error = msg
		if raw, ok := v.Br.Rep.Raw[id]; ok {
			f.Value = raw
		}
	}
	if strings.HasPrefix(id, "toks") && f.Error == "" {
		f.Error = v.problemUnder("tok" + strings.TrimPrefix(id, "toks"))
	}
	return f
}

// listField is one comma-separated list, with the raw text of bad elements.
func (v BatchView) listField(key, label string, items []string) templates.Field {
	for t := range items {
		if raw, ok := v.Br.Rep.Raw[key+"."+strconv.Itoa(t)]; ok {
			items[t] = raw
		}
	}
	f := v.field(key, key, label, strings.Join(items, ","))
	if f.Error == "" {
		f.Error = v.problemUnder(key)
	}
	return f
}

// problem is the localised message of a field's problem, or "".
func (v BatchView) problem(field string) string {
	if p := v.Br.Rep.For(field); p != nil {
		return v.T(p.Key, p.Args...)
	}
	return ""
}

// problemUnder is the message of the first problem of a list's element
// (key.<t>) or of the list itself, or "".
func (v BatchView) problemUnder(key string) string {
	for _, p := range v.Br.Rep.Problems {
		if p.Field == key || strings.HasPrefix(p.Field, key+".") {
			return v.T(p.Key, p.Args...)
		}
	}
	return ""
}

// batchFieldID is the form field that shows a problem's field: list
// elements (V0.3, mask1.2) live in their list, token texts (tok2, tok2.5)
// in the response's token textarea, and a per-response list as a whole
// (score=, b=, group=) at its first response's input.
func batchFieldID(field string) string {
	head, _, dotted := strings.Cut(field, ".")
	switch {
	case head == "score" || head == "b" || head == "group":
		if !dotted {
			return head + ".0"
		}
		return field
	case strings.HasPrefix(head, "toks"):
		return head
	case strings.HasPrefix(head, "tok"):
		return "toks" + strings.TrimPrefix(head, "tok")
	}
	return head
}

// fieldErrors lists the problems, introduced by one sentence.
func (v BatchView) fieldErrors() []templates.FieldError {
	if len(v.Br.Rep.Problems) == 0 {
		return nil
	}
	errs := []templates.FieldError{{Message: v.T("form.errors_intro")}}
	for _, p := range v.Br.Rep.Problems {
		field := batchFieldID(p.Field)
		if field == "B" {
			field = "" // a hidden input: the link as a whole
		}
		errs = append(errs, templates.FieldError{Field: field, Message: v.T(p.Key, p.Args...)})
	}
	return errs
}

// hidden are the form's hidden inputs: the state the visible fields do not
// hold.
func (v BatchView) hidden() []templates.Option {
	h := []templates.Option{
		{Value: "v", Label: scenario.FormLink}, {Value: "p", Label: v.B.Preset},
		{Value: "B", Label: strconv.Itoa(v.B.Len())},
	}
	if v.B.Focus != 0 {
		h = append(h, templates.Option{Value: "row", Label: strconv.Itoa(v.B.Focus)})
	}
	return append(h, page.Link{Path: "/batch", View: v.Br.View, Lang: v.Br.Lang}.Hidden()...)
}

// versionNote says whose outcome estimators the page shows: newest verl's in
// a v=1 link, the release's own in a v=2 or v=3 link.
func (v BatchView) versionNote() string {
	if v.B.OwnEstimators() {
		return v.T("release.batch_note", v.B.VersionLabel())
	}
	return v.T("batch.version_note", engine.LastGeneration.Range())
}

// editNotice is the one-line notice of a v=1 batch whose numbers an edit
// would change: the editor makes a v=3 link naming the whole release, and a
// v=1 batch shows newest verl's estimators whatever its GAE generation.
func (v BatchView) editNotice() []string {
	if !v.B.EditRecomputes() {
		return nil
	}
	b2 := v.B.Edited()
	res := b2.Compute()
	var changed []string
	for i, e := range v.Res.Estimates {
		o := res.Estimates[i]
		if (e.Err == nil) != (o.Err == nil) || !sameMatrix(e.Advantages, o.Advantages) {
			changed = append(changed, e.Key)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	return []string{v.T("release.notice.edit", v.B.EditRelease(), strings.Join(changed, ", "))}
}

func sameMatrix(a, b [][]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}
