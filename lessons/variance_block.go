package lessons

import (
	"fmt"
	"strconv"
)

// Variance is a ```variance block: the variance lab (/compare/variance) in a
// lesson: the toy, its bias², variance and MSE table and the biased
// critic's chart, with a link that opens the lab.
type Variance struct {
	ID   string // the block's id in the page ("var-" + ID)
	Link string // the lab's query, as after /compare/variance? (a playground query plus n, seed, bias)
	// Horizon, when > 0, makes the block the horizon chart instead: how
	// much of a score on the last of Horizon tokens reaches each token, per λ.
	Horizon int
}

// parseVariance reads a variance block: id and link, both required, and
// horizon, optional.
func parseVariance(body string) (*Variance, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, fmt.Errorf("variance: %w", err)
	}
	for k := range f {
		if k != "id" && k != "link" && k != "horizon" {
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
	if h, ok := f["horizon"]; ok {
		n, err := strconv.Atoi(h)
		if err != nil || n < 2 || n > 4096 {
			return nil, fmt.Errorf("variance: horizon %q is not a number of tokens from 2 to 4096", h)
		}
		v.Horizon = n
	}
	return v, nil
}
