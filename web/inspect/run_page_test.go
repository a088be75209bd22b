package inspect_test

import (
	"archive/zip"
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/store"
	"gaelab/web/store/sqlite"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// runZip zips testdata fixtures under the names given, in one folder run/
// (zip -r run.zip run/), as a run directory's zip.
func runZip(t *testing.T, names map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for from, to := range names {
		data, err := os.ReadFile(filepath.Join("testdata", from))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create("run/" + to)
		w.Write(data)
	}
	zw.Close()
	return buf.Bytes()
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestInspectRunView uploads the CLI's run of verl's own fixtures
// (TestInspectEveryRunClass) as a .zip and reads its view in both
// languages, each from a browser speaking the other: the steps in step
// order (step7_rank0.npz is step 7), step 12's blocking reward finding as
// the first step not exact, the skipped algorithm section, and one chart
// panel per data metric with the first step not exact shaded.
func TestInspectRunView(t *testing.T) {
	site := webtest.New(t, webtest.Options{Store: stores.SQLite(t)})
	data := runZip(t, map[string]string{
		"verl_critic_v0.9.0_ok.npz":         "step7_rank0.npz",
		"verl_reward_v0.9.0_beta.npz":       "step12_rank0.npz",
		"verl_grpo_std_v0.9.0_ok.npz":       "step3_rank1.npz",
		"verl_config_v0.9.0_algorithm.json": "algorithm.json",
	})
	rec := site.Upload(t, "/inspect?lang=en", "run.zip", data, nil)
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/inspect/") {
		t.Fatalf("upload: %d %q\n%s", rec.Code, loc, rec.Body)
	}
	view := strings.Split(loc, "?")[0]
	for _, c := range []struct {
		lang, accept, first, skipped, blocking string
	}{
		{"en", "zh-CN", "First step not exact: 12 (step12_rank0.npz): not exact (blocking: reward_kl_mismatch)", "Skipped algorithm.json", "not exact (blocking: reward_kl_mismatch)"},
		{"zh", "en-US", "第一个不一致的步：12（step12_rank0.npz）：不一致（阻断性发现：reward_kl_mismatch）", "已跳过 algorithm.json", "不一致（阻断性发现：reward_kl_mismatch）"},
	} {
		// The first step's notes are its batch view's, as the CLI prints them.
		single := site.Upload(t, "/inspect?lang="+c.lang, "step12_rank0.npz", mustRead(t, "verl_reward_v0.9.0_beta.npz"), nil)
		sdoc, _ := goquery.NewDocumentFromReader(site.Get(t, single.Header().Get("Location")).Body)
		var want []string
		sdoc.Find("section").Each(func(_ int, sec *goquery.Selection) {
			if id := sec.AttrOr("data-testid", ""); id == "inspect-sanity" || id == "inspect-verdict" {
				sec.Find("li").Each(func(_ int, li *goquery.Selection) { want = append(want, strings.Join(strings.Fields(li.Text()), " ")) })
			}
		})
		rec := site.Get(t, view+"?lang="+c.lang, "Accept-Language", c.accept)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s view: %d\n%s", c.lang, rec.Code, rec.Body)
		}
		doc, _ := goquery.NewDocumentFromReader(rec.Body)
		if got := strings.TrimSpace(doc.Find("[data-testid=inspect-run-first]").Text()); got != c.first {
			t.Errorf("%s: first %q, want %q", c.lang, got, c.first)
		}
		if got := doc.Find("[data-testid=inspect-run-skipped]").Text(); !strings.Contains(got, c.skipped) {
			t.Errorf("%s: skipped %q", c.lang, got)
		}
		var notes []string
		doc.Find("[data-testid=inspect-run-notes] li").Each(func(_ int, li *goquery.Selection) {
			notes = append(notes, strings.Join(strings.Fields(li.Text()), " "))
		})
		if len(want) == 0 || strings.Join(notes, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the run's notes on step 12\n%q\nwant its batch view's\n%q", c.lang, notes, want)
		}
		var order []string
		rows := doc.Find("[data-testid=inspect-run-step]")
		rows.Each(func(_ int, s *goquery.Selection) { order = append(order, s.AttrOr("data-step", "")) })
		if strings.Join(order, ",") != "3,7,12" {
			t.Errorf("%s: steps %v, want 3,7,12", c.lang, order)
		}
		last := rows.Last()
		if !last.HasClass("first-not-exact") || rows.Filter(".first-not-exact").Length() != 1 ||
			strings.TrimSpace(last.Find("[data-testid=inspect-run-verdict]").Text()) != c.blocking {
			t.Errorf("%s: step 12 row %q (class %q)", c.lang, last.Text(), last.AttrOr("class", ""))
		}
		if got := strings.TrimSpace(rows.First().Find("[data-testid=inspect-run-verdict]").Text()); got == c.blocking || !strings.Contains(rows.First().Text(), "step3_rank1.npz") {
			t.Errorf("%s: step 3 row %q", c.lang, rows.First().Text())
		}
		panels := doc.Find("[data-testid=inspect-run-charts] svg.gae-steps-grid g.gae-steps-panel")
		metrics := map[string]string{}
		panels.Each(func(_ int, p *goquery.Selection) { metrics[p.AttrOr("data-metric", "")] = p.AttrOr("data-points", "") })
		// Every step has rewards; only step 12's dump (the reward fixture)
		// holds token_level_scores; steps 7 and 12 have a critic, step 3
		// (GRPO) none.
		for name, points := range map[string]string{"critic/rewards/mean": "3", "critic/score/mean": "1", "critic/vf_explained_var": "2"} {
			if metrics[name] != points {
				t.Errorf("%s: panel %s has %q points, want %s (panels %v)", c.lang, name, metrics[name], points, metrics)
			}
		}
		if shaded := doc.Find(`[data-testid=inspect-run-charts] .current[data-step="12"]`); shaded.Length() != panels.Length() || panels.Length() < 10 {
			t.Errorf("%s: %d shaded columns for %d panels", c.lang, shaded.Length(), panels.Length())
		}
		if c.lang == "zh" && strings.Contains(doc.Find("main").Text(), "not exact") {
			t.Errorf("zh: English verdict words on the page")
		}
	}
	// Sharing keeps the run a week, as any upload, and its view says so.
	rec = site.PostForm(t, view+"/share?lang=en", url.Values{})
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, view) {
		t.Fatalf("share: %d %q", rec.Code, loc)
	} else {
		doc, _ := goquery.NewDocumentFromReader(site.Get(t, loc).Body)
		if got := doc.Find("[data-testid=inspect-run] .inspect-summary").Text(); !strings.Contains(got, "Kept until") || doc.Find("[data-testid=inspect-run-step]").Length() != 3 {
			t.Errorf("shared run view: %q", got)
		}
	}
	// A batch's own routes on a run's id say it is a run, 404.
	if rec := site.Get(t, view+"/summary.json?lang=en"); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "is a run") {
		t.Errorf("summary.json of a run: %d %s", rec.Code, rec.Body)
	}
}

// TestInspectRunHostile: hostile zips answer 400 with the form again,
// naming the problem in the page's language.
func TestInspectRunHostile(t *testing.T) {
	site := webtest.New(t, webtest.Options{Store: stores.SQLite(t)})
	zipped := func(entries ...[2]string) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, e := range entries {
			w, _ := zw.Create(e[0])
			w.Write([]byte(e[1]))
		}
		zw.Close()
		return buf.Bytes()
	}
	many := make([][2]string, 300)
	for k := range many {
		many[k] = [2]string{"run/x" + strings.Repeat("a", k%7) + string(rune('a'+k%26)) + string(rune('a'+k/26)) + ".log", ""}
	}
	for _, c := range []struct {
		name   string
		data   []byte
		en, zh string
	}{
		{"traversal", zipped([2]string{"../../step1.npz", "x"}), "../../step1.npz: this entry of the zip leaves the run's folder", "../../step1.npz：zip 中的这一项指向训练目录之外"},
		{"bomb", zipped([2]string{"run/step1.npz", string(make([]byte, 8<<20))}), "step1.npz: this entry of the zip inflates far more than a dump does", "step1.npz：zip 中的这一项解压后远大于"},
		{"entries", zipped(many...), "the zip has too many entries", "zip 中的条目太多"},
		{"not a zip", []byte("this is no zip"), "the file ends in .zip but is not a zip archive", "文件名以 .zip 结尾，但它不是 zip 压缩包"},
	} {
		for lang, want := range map[string]string{"en": c.en, "zh": c.zh} {
			accept := map[string]string{"en": "zh-CN", "zh": "en-US"}[lang]
			rec := site.Upload(t, "/inspect?lang="+lang, "run.zip", c.data, nil, "Accept-Language", accept)
			doc, _ := goquery.NewDocumentFromReader(rec.Body)
			got := doc.Find("[data-testid=inspect-errors]").Text()
			if rec.Code != http.StatusBadRequest || !strings.Contains(got, want) || doc.Find("[data-testid=inspect-upload]").Length() != 1 {
				t.Errorf("%s, %s: %d, errors %q, want %q", c.name, lang, rec.Code, got, want)
			}
		}
	}
}

// TestInspectRunMetered: a run costs one upload per step (the upload, then
// one analysis per further step), within the address's hourly quota: past
// it the upload answers 429 with the form; its view is then cached on the
// replica that checked it (no quota spent), and another replica on the
// same database checks the stored zip again, metered alike.
func TestInspectRunMetered(t *testing.T) {
	dir := t.TempDir()
	open := func() store.Store {
		s, err := sqlite.Open(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	data := runZip(t, map[string]string{"verl_critic_v0.9.0_ok.npz": "step1.npz", "verl_critic_v0.9.0_raw.npz": "step2.npz", "verl_reward_v0.9.0_ok.npz": "step3.npz"})
	tight := webtest.New(t, webtest.Options{Store: stores.SQLite(t), InspectBurst: 2})
	if rec := tight.Upload(t, "/inspect?lang=en", "run.zip", data, nil); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" ||
		!strings.Contains(rec.Body.String(), `data-testid="inspect-upload"`) {
		t.Errorf("3 steps with a burst of 2: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	a := webtest.New(t, webtest.Options{Store: open(), InspectBurst: 3})
	rec := a.Upload(t, "/inspect?lang=en", "run.zip", data, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("3 steps with a burst of 3: %d\n%s", rec.Code, rec.Body)
	}
	view := rec.Header().Get("Location")
	steps := func(rec *httptest.ResponseRecorder) int {
		doc, _ := goquery.NewDocumentFromReader(rec.Body)
		return doc.Find("[data-testid=inspect-run-step]").Length()
	}
	if rec := a.Get(t, view); rec.Code != http.StatusOK || steps(rec) != 3 {
		t.Errorf("the view on the replica that checked it, quota spent: %d", rec.Code)
	}
	if rec := webtest.New(t, webtest.Options{Store: open(), InspectBurst: 3}).Get(t, view); rec.Code != http.StatusTooManyRequests {
		t.Errorf("another replica, quota spent: %d, want 429", rec.Code)
	}
	if rec := webtest.New(t, webtest.Options{Store: open(), InspectBurst: 10}).Get(t, view); rec.Code != http.StatusOK || steps(rec) != 3 {
		t.Errorf("another replica within its quota: %d", rec.Code)
	}
}

// hydraWithGamma is verl v0.9.0's own .hydra/config.yaml
// (web/verify/inverl/make_config.py) with its algorithm section set to
// the critic fixtures' GAE (λ = 0.95, no KL in the reward) and γ gamma.
func hydraWithGamma(t *testing.T, gamma string) []byte {
	t.Helper()
	y := string(mustRead(t, "verl_config_v0.9.0_hydra.yaml"))
	for from, to := range map[string]string{
		"  gamma: 1.0\n  lam: 1.0\n  adv_estimator: grpo\n": "  gamma: " + gamma + "\n  lam: 0.95\n  adv_estimator: gae\n",
		"  use_kl_in_reward: true\n":                        "  use_kl_in_reward: false\n",
	} {
		if !strings.Contains(y, from) {
			t.Fatalf("the v0.9.0 .hydra/config.yaml has no %q", from)
		}
		y = strings.Replace(y, from, to, 1)
	}
	return []byte(y)
}

// zipEntries is a zip of name → data, in the order given.
func zipEntries(t *testing.T, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		w, _ := zw.Create(e[0])
		w.Write([]byte(e[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestInspectRunHydraConfig: a run's zip with its .hydra/config.yaml is
// checked with that config for every step, as gaelab inspect DIR reads
// DIR/.hydra/config.yaml (cmd/gaelab's TestInspectRunHydraConfig): with
// verl's algorithm section at the dumps' γ = 1 every step is exact, at
// γ = 0.99 every step is not; a form field wins over the file, and the
// view names the file it read, in both languages.
func TestInspectRunHydraConfig(t *testing.T) {
	site := webtest.New(t, webtest.Options{Store: stores.SQLite(t), InspectBurst: 50})
	critic := string(mustRead(t, "verl_critic_v0.9.0_ok.npz"))
	for _, c := range []struct {
		name   string
		gamma  string
		fields map[string]string
		exact  bool
	}{
		{"γ = 1.0, the dumps'", "1.0", nil, true},
		{"γ = 0.99", "0.99", nil, false},
		{"γ = 0.99, the form's γ = 1 wins", "0.99", map[string]string{"gamma": "1"}, true},
	} {
		data := zipEntries(t, [2]string{"run/step1.npz", critic}, [2]string{"run/step2.npz", critic},
			[2]string{"run/.hydra/config.yaml", string(hydraWithGamma(t, c.gamma))})
		rec := site.Upload(t, "/inspect?lang=en", "run.zip", data, c.fields)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: upload %d\n%s", c.name, rec.Code, rec.Body)
		}
		loc := rec.Header().Get("Location")
		for lang, config := range map[string]string{"en": "Config: the run's .hydra/config.yaml", "zh": "配置：这次训练的 .hydra/config.yaml"} {
			target := strings.Replace(loc, "lang=en", "lang="+lang, 1)
			if !strings.Contains(target, "lang=") {
				target += map[bool]string{true: "&", false: "?"}[strings.Contains(target, "?")] + "lang=" + lang
			}
			doc, _ := goquery.NewDocumentFromReader(site.Get(t, target).Body)
			exact := doc.Find("[data-testid=inspect-run-exact]").Length() == 1
			first := strings.TrimSpace(doc.Find("[data-testid=inspect-run-first]").Text())
			if exact != c.exact || (!c.exact && !strings.Contains(first, "step1.npz")) {
				t.Errorf("%s, %s: exact %v (first %q), want %v", c.name, lang, exact, first, c.exact)
			}
			if got := doc.Find("[data-testid=inspect-run] .inspect-summary").Text(); !strings.Contains(got, config) {
				t.Errorf("%s, %s: the summary %q does not name the config", c.name, lang, got)
			}
		}
	}
	// The same dumps without the file: exact, and no config named.
	rec := site.Upload(t, "/inspect?lang=en", "run.zip", zipEntries(t, [2]string{"run/step1.npz", critic}), nil)
	doc, _ := goquery.NewDocumentFromReader(site.Get(t, rec.Header().Get("Location")).Body)
	if doc.Find("[data-testid=inspect-run-exact]").Length() != 1 || strings.Contains(doc.Find("main").Text(), "Config: the run's") {
		t.Errorf("no config: %q", doc.Find("[data-testid=inspect-run]").Text())
	}
}
