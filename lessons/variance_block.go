package lessons

import "fmt"

// Variance is a ```variance block: the variance lab (/compare/variance) in a
// lesson: the toy, its bias², variance and MSE table and the biased
// critic's chart, with a link that opens the lab.
type Variance struct {
	ID   string // the block's id in the page ("var-" + ID)
	Link string // the lab's query, as after /compare/variance? (a playground query plus n, seed, bias)
}

// parseVariance reads a variance block: id and link, both required.
func parseVariance(body string) (*Variance, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, fmt.Errorf("variance: %w", err)
	}
	for k := range f {
		if k != "id" && k != "link" {
			return nil, fmt.Errorf("variance: unknown key %q", k)
		}
	}
	v := &Variance{ID: f["id"], Link: f["link"]}
	switch {
	case !validID(v.ID):
		return nil, fmt.Errorf("variance: id %q is not lowercase letters, digits and dashes, starting with a letter", v.ID)
	case v.Link == "":
		return nil, fmt.Errorf("variance: link is required")
	}
	return v, nil
}
