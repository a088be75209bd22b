package page

import (
	"strings"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// ReleasePicker is the ver= select: every verl release, grouped by the
// generation whose arithmetic it ships, each group labelled with the
// generation's release range and what changed at its start (from the
// engine's table, in the page's language). The chosen release is selected;
// a v=1 state selects the release an edit names (scenario.EditRelease).
func ReleasePicker(lang i18n.Lang, name, label, problem, release string) templates.Select {
	sel := templates.Select{ID: name, Name: name, Label: label, Error: problem}
	for _, g := range engine.Generations() {
		grp := templates.OptionGroup{Label: lang.T("release.group", g.Range(), generationChanges(lang, g))}
		for _, r := range g.Releases() {
			grp.Options = append(grp.Options, templates.Option{Value: r.Tag, Label: lang.T("release.option", r.Tag), Selected: r.Tag == release})
		}
		sel.Groups = append(sel.Groups, grp)
	}
	return sel
}

// generationChanges says what changed at the start of generation g.
func generationChanges(lang i18n.Lang, g engine.Generation) string {
	cs := engine.ChangesAt(g)
	if len(cs) == 0 {
		return lang.T("release.first")
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = lang.T("change." + string(c.ID))
	}
	return strings.Join(parts, "; ")
}
