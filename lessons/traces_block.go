package lessons

import "fmt"

// Traces is a ```traces block: TD(λ)'s backward view run over a playground
// state's TD errors, forward in time with eligibility traces, beside the
// forward view verl computes (issue 36). The page shows the table of the
// credit each δ_t sends to each state s_j, what each state has received
// once every δ is out, and verl's A_j.
//
//	```traces
//	id: traces-a
//	link: p=seed-a
//	```
type Traces struct {
	ID   string // stable id; the block is #traces-<id> in the page
	Link string // a playground query, as after /play?
}

func parseTraces(body string) (*Traces, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, fmt.Errorf("traces: %w", err)
	}
	for k := range f {
		if k != "id" && k != "link" {
			return nil, fmt.Errorf("traces: unknown key %q", k)
		}
	}
	tr := &Traces{ID: f["id"], Link: f["link"]}
	switch {
	case !validID(tr.ID):
		return nil, fmt.Errorf("traces: id %q is not lowercase letters, digits and dashes, starting with a letter", tr.ID)
	case tr.Link == "":
		return nil, fmt.Errorf("traces: link is required")
	}
	return tr, nil
}
