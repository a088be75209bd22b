package scenario

// Problem is something wrong with a link or a field, as a message-catalog
// key and its arguments, so the page can say it in the learner's language.
type Problem struct {
	Field string // the form field: "gamma", "tok", "V.3" (list V, token 3); "" for the whole link
	Key   string // message key, e.g. "err.number"
	Args  []any
}

// Report is what decoding a link found: bad fields (each falls back to the
// preset's value so a valid result stays visible), link-level warnings, and
// the raw text of every bad field so the form can show what was typed.
type Report struct {
	Problems []Problem
	Warnings []Problem
	Raw      map[string]string
}

// Problem reports a bad field; raw is what was typed, kept for the form.
func (r *Report) Problem(field, key string, raw string, args ...any) {
	r.Problems = append(r.Problems, Problem{Field: field, Key: key, Args: args})
	if r.Raw == nil {
		r.Raw = map[string]string{}
	}
	r.Raw[field] = raw
}

// Warn reports something about the whole link.
func (r *Report) Warn(key string, args ...any) {
	r.Warnings = append(r.Warnings, Problem{Key: key, Args: args})
}

// For returns the problem of a field, or nil.
func (r *Report) For(field string) *Problem {
	for i := range r.Problems {
		if r.Problems[i].Field == field {
			return &r.Problems[i]
		}
	}
	return nil
}

// OK reports whether the link was read without any problem or warning.
func (r *Report) OK() bool { return len(r.Problems) == 0 && len(r.Warnings) == 0 }
