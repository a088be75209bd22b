package main

import (
	"gaelab/web/scenario"
)

// edit is one state a student's edit produces: its canonical query and the
// charts the playground shows for it.
type edit struct {
	query  string // "v=1&p=…", canonical, so the server renders it as is
	charts []string
}

// chartNames are the playground's charts, by the name in /play/chart/{name}.svg.
var chartNames = []string{"values", "rewards", "advantages", "ribbon"}

// editFor is the state client makes on its iteration-th edit: a preset with
// γ, λ and the first token's value V(s_0) derived from both numbers, so
// consecutive edits (and, in practice, every edit of a run) differ. Typed
// rewards have no rewards chart, as on the page.
func editFor(client, iteration int) edit {
	k := client*7919 + iteration
	id := scenario.PresetIDs[k%len(scenario.PresetIDs)]
	s, _ := scenario.Preset(id)
	s.Lam = float64(k%101) / 100
	s.Gamma = float64(90+k/101%11) / 100
	s.Tokens[0].Value = float64(k%997) / 1000
	e := edit{query: scenario.Encode(s)}
	for _, name := range chartNames {
		if name != "rewards" || !s.DirectRewards {
			e.charts = append(e.charts, name)
		}
	}
	return e
}
