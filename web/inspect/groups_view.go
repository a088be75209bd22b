package inspect

import (
	"strconv"
	"strings"

	"gaelab/templates"
)

// maxGroupAdvantages is how many members' advantages a group's row lists;
// the row view of each member has them all.
const maxGroupAdvantages = 16

// inspectGroupsView is the uid groups' panel (GRPO/RLOO): each group's
// size, the mean and std of its members' scores as verl's outcome
// estimators read them, the members' advantages, and a link that filters
// the view to the group. No rows without a uid.
func inspectGroupsView(ir inspectRequest, a *Analysis) templates.InspectRows {
	t := ir.lang.T
	v := templates.InspectRows{Caption: t("inspect.groups.caption"), Head: []string{
		t("inspect.groups.uid"), t("inspect.groups.size"), t("inspect.groups.mean"), t("inspect.groups.std"),
		t("inspect.groups.rows"), t("inspect.groups.advantages"), t("inspect.groups.filter"),
	}}
	for _, g := range a.Groups {
		var rows, adv []string
		for k, i := range g.Rows {
			if k == maxGroupAdvantages {
				rows, adv = append(rows, "…"), append(adv, "…")
				break
			}
			rows, adv = append(rows, strconv.Itoa(i)), append(adv, inum(g.Advantages[k]))
		}
		v.Rows = append(v.Rows, templates.InspectRow{
			Cells: []string{g.ID, strconv.Itoa(g.Size), inum(g.Mean), inum(g.Std), strings.Join(rows, ", "), strings.Join(adv, ", ")},
			Open:  templates.Link{Label: t("inspect.groups.show", g.ID), URL: "/inspect/" + ir.id + ir.query("group", g.ID)},
		})
	}
	return v
}
