package lessons

import "fmt"

// Weights is a ```weights block: how GAE weighs the n-step estimates of one
// token's advantage, (1−λ)λ^(n−1), drawn as the λ sweep's weights chart
// (explain.NStepWeights), with the check that the mix of the n-step
// estimates is the engine's A_t (issue 36, "GAE as a mix of n-step
// estimates").
//
//	```weights
//	id: mix-a
//	link: p=seed-a&t=0
//	```
type Weights struct {
	ID   string // stable id; the block is #weights-<id> in the page
	Link string // the λ sweep's query, as after /compare/lambda? (a playground query plus t, the token)
}

func parseWeights(body string) (*Weights, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	for k := range f {
		if k != "id" && k != "link" {
			return nil, fmt.Errorf("weights: unknown key %q", k)
		}
	}
	w := &Weights{ID: f["id"], Link: f["link"]}
	switch {
	case !validID(w.ID):
		return nil, fmt.Errorf("weights: id %q is not lowercase letters, digits and dashes, starting with a letter", w.ID)
	case w.Link == "":
		return nil, fmt.Errorf("weights: link is required")
	}
	return w, nil
}
