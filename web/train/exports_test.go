package train_test

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"gaelab/web/webtest"
)

// TestConfigYAML: the page shows (and downloads) the YAML under verl's
// keys; a what-if verl cannot run shows "not a verl option" and no YAML.
func TestConfigYAML(t *testing.T) {
	doc := webtest.Page(t, "/train?v=1&p=healthy&it=0&lam=0.5&lang=en")
	yaml := doc.Find(`[data-testid="train-yaml"]`).Text()
	for _, want := range []string{"algorithm:\n  adv_estimator: gae\n  gamma: 1.0\n  lam: 0.5\n", "actor_rollout_ref:\n  rollout:\n    n: 32\n  actor:\n    ppo_epochs: 4\n",
		"    clip_ratio: 0.2\n", "critic:\n", "    lr: 0.1\n", "trainer:\n  total_training_steps: 50\n  critic_warmup: 0\n", "# verl v0.4.1"} {
		if !strings.Contains(yaml, want) {
			t.Errorf("YAML lacks %q:\n%s", want, yaml)
		}
	}
	href, _ := doc.Find(`[data-testid="train-yaml-download"]`).Attr("href")
	rec := webtest.Get(t, href)
	if rec.Code != 200 || rec.Body.String() != yaml || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/yaml") {
		t.Errorf("download %s: %d, same as shown: %v", href, rec.Code, rec.Body.String() == yaml)
	}
	grpo := webtest.Page(t, "/train?v=1&p=grpo&it=0&lang=en").Find(`[data-testid="train-yaml"]`).Text()
	if strings.Contains(grpo, "critic:") || !strings.Contains(grpo, "adv_estimator: grpo") || !strings.Contains(grpo, "use_kl_loss: true") {
		t.Errorf("GRPO's YAML:\n%s", grpo)
	}
	for _, lang := range []string{"en", "zh"} {
		off := webtest.Page(t, "/train?v=1&p=healthy&it=0&init_scale=1&lang="+lang)
		if off.Find(`[data-testid="train-yaml"]`).Length() != 0 || !strings.Contains(off.Find(`[data-testid="train-not-verl"]`).Text(), "init_scale") {
			t.Errorf("%s: a what-if verl cannot run shows YAML or no note", lang)
		}
	}
}

// TestCurvesExports: the curves download as CSV and JSON under verl's
// metric names, one row per run and iteration up to the link's.
func TestCurvesExports(t *testing.T) {
	rec := webtest.Get(t, "/train/curves.csv?v=1&p=lambda&it=4")
	rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil || rec.Code != 200 {
		t.Fatal(rec.Code, err)
	}
	head := strings.Join(rows[0], ",")
	for _, name := range []string{"critic/score/mean", "critic/vf_explained_var", "actor/pg_loss", "critic/vf_loss", "actor/ppo_kl"} {
		if !strings.Contains(head, name) {
			t.Errorf("CSV header lacks %s: %s", name, head)
		}
	}
	if len(rows) != 1+2*5 || rows[1][0] != "A" || rows[10][0] != "B" || rows[10][2] != "4" {
		t.Errorf("%d rows: %v … %v", len(rows), rows[1][:3], rows[len(rows)-1][:3])
	}
	rec = webtest.Get(t, "/train/curves.json?v=1&p=healthy&it=2")
	var out struct {
		Runs []struct {
			Run   string           `json:"run"`
			Steps []map[string]any `json:"steps"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Runs) != 1 || len(out.Runs[0].Steps) != 3 {
		t.Fatalf("JSON: %v %+v", err, out)
	}
	if _, ok := out.Runs[0].Steps[2]["critic/score/mean"].(float64); !ok || out.Runs[0].Steps[2]["global_steps"] != 3.0 {
		t.Errorf("step 2: %v", out.Runs[0].Steps[2])
	}
}

// TestHandOffs: the iteration's first responses open in /batch and
// response 0 in /play, each a page that reads the link without a problem.
func TestHandOffs(t *testing.T) {
	doc := webtest.Page(t, "/train?v=1&p=healthy&it=5&lang=en")
	for _, id := range []string{"train-to-batch", "train-to-play"} {
		href, ok := doc.Find(`[data-testid="` + id + `"]`).Attr("href")
		if !ok {
			t.Fatalf("no %s link", id)
		}
		rec := webtest.Get(t, href)
		if rec.Code != 200 || strings.Contains(rec.Body.String(), `class="field-error"`) || !strings.Contains(rec.Body.String(), "等于") {
			t.Errorf("%s: %s → %d", id, href, rec.Code)
		}
	}
}
