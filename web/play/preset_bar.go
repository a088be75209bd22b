package play

import "gaelab/templates"

// presetBar is the bar of a page's presets (ids, in order): their chips,
// each named by its catalog keys keyPrefix+id+".title" and ".point", the
// current one's point, the folded summary, and, when the state was edited
// away from current, the changed marker and Reset. link is a preset's link.
func presetBar(t func(string, ...any) string, label, keyPrefix string, ids []string, current string, edited bool, link func(id string) string) templates.PresetBar {
	bar := templates.PresetBar{Label: label, Point: t(keyPrefix + current + ".point")}
	for _, id := range ids {
		bar.Links = append(bar.Links, templates.Link{
			Label: t(keyPrefix + id + ".title"), Title: t(keyPrefix + id + ".point"),
			URL: link(id), Current: id == current,
		})
	}
	bar.Summary = t("presets.summary", label, t(keyPrefix+current+".title"))
	if edited {
		bar.Changed = t("presets.changed")
		bar.Reset = templates.Link{Label: t("presets.reset"), URL: link(current)}
	}
	return bar
}
