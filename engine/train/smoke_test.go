package train

import "testing"

func TestSmoke(t *testing.T) {
	for _, p := range Presets {
		res, err := Run(p.Config)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		last := res.Iterations[len(res.Iterations)-1]
		t.Logf("%s: %v", p.Name, last.Metrics)
	}
}
