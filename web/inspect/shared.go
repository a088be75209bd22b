package inspect

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"gaelab/templates"
	"gaelab/web/store"
)

// A shared /inspect/{id} keeps its meaning: sharing stores what the
// checker found (Findings, with CheckerVersion and the
// config they are for), the view reopened shows those findings, and one
// line says what today's checker finds more.

// keepFindings stores the findings of the shared view's analysis, once;
// an analysis that fails stores nothing (the view shows the error).
func (s *Room) keepFindings(ctx context.Context, ir inspectRequest) {
	_, a, err := s.Uploads.analysis(ctx, ir)
	if err != nil {
		return
	}
	data, err := json.Marshal(a.Findings())
	if err != nil {
		return
	}
	s.Uploads.st.KeepFindings(ctx, ir.id, store.Findings{Checker: CheckerVersion, Config: ir.config.Encode(), JSON: data})
}

// storedFindings are the findings kept when the view was shared, for the
// request's config; ok false when none were kept (or for other settings,
// which other says).
func (s *Room) storedFindings(ctx context.Context, ir inspectRequest) (f Findings, other, ok bool) {
	if s.Uploads.st == nil || !ir.upload.Shared {
		return f, false, false
	}
	kept, err := s.Uploads.st.UploadFindings(ctx, ir.id)
	if err != nil {
		return f, false, false
	}
	if kept.Config != ir.config.Encode() {
		return f, true, false
	}
	if json.Unmarshal(kept.JSON, &f) != nil {
		return f, false, false
	}
	return f, false, true
}

// showStored puts the stored findings in the batch view in place of
// today's, headed by the checker that found them, and one line with what
// today's checker finds that they do not say.
func showStored(v *templates.InspectBatch, ir inspectRequest, stored Findings) {
	t := ir.lang.T
	today := findingLines(*v)
	v.Sanity, v.Verdict, v.Check = inspectFindingsView(ir, stored)
	v.Stored = storedNotes(t, t("inspect.stored.note", stored.Checker))
	before := findingLines(*v)
	var more []string
	for _, l := range today {
		if !slices.Contains(before, l) {
			more = append(more, l)
		}
	}
	if len(more) > 0 {
		v.Stored.Lines = append(v.Stored.Lines, t("inspect.stored.more", CheckerVersion, strings.Join(more, " · ")))
	}
}

// findingLines are every line the findings show, in page order.
func findingLines(v templates.InspectBatch) []string {
	lines := slices.Concat(v.Sanity.Lines, v.Verdict.Lines)
	for _, c := range v.Check {
		lines = append(append(lines, c.Verdict), c.Lines...)
	}
	return lines
}

// storedNotes heads what the view says of its stored findings.
func storedNotes(t func(string, ...any) string, lines ...string) templates.InspectNotes {
	return templates.InspectNotes{ID: "inspect-stored", Heading: t("inspect.stored.title"), Lines: lines}
}
