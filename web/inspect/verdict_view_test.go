package inspect_test

import (
	"gaelab/web/webtest"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// formDefaults is what a browser posts from GET /inspect's form untouched:
// each select's selected option (else its first) and each text field's value.
func formDefaults(t *testing.T, h http.Handler) map[string]string {
	t.Helper()
	_, doc := inspectGet(t, h, "/inspect")
	fields := map[string]string{}
	doc.Find(`form[enctype] select`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		opt := s.Find("option[selected]")
		if opt.Length() == 0 {
			opt = s.Find("option").First()
		}
		fields[name], _ = opt.Attr("value")
	})
	doc.Find(`form[enctype] input[type=text], form[enctype] input:not([type])`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		fields[name], _ = s.Attr("value")
	})
	if _, ok := fields["kl_penalty"]; !ok {
		t.Fatalf("the form has no kl_penalty select: %v", fields)
	}
	return fields
}

// The form, sent as it comes, leaves the file's config alone: a JSON case
// (detected from its bytes) whose config says low_var_kl is exact.
func TestInspectFormKeepsFileConfig(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	fields := formDefaults(t, h)
	if fields["kl_penalty"] != "" {
		t.Errorf("the KL select sends %q by default; it must send nothing", fields["kl_penalty"])
	}
	rec := uploadForm(t, h, "gen_case_verl_keys.json", fields, "")
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	_, doc := inspectGet(t, h, rec.Header().Get("Location"))
	if got := doc.Find(`[data-testid=inspect-check] .inspect-verdict`).First().Text(); got != "They match the chosen release." {
		t.Errorf("verdict %q", got)
	}
	// under the batch the blank options say what it was computed with, and
	// still send nothing
	if got := doc.Find(`#inspect-ver option[selected], #inspect-kl option[selected]`).Length(); got != 0 {
		t.Errorf("the view's form selects a value the user did not choose")
	}
	if got := doc.Find(`#inspect-kl option[value=""]`).Text(); !strings.Contains(got, "low_var_kl") {
		t.Errorf("the KL select's blank option %q does not name the file's low_var_kl", got)
	}
	if got := doc.Find(`#inspect-ver option[value=""]`).Text(); !strings.Contains(got, "v0.6.1") {
		t.Errorf("the release select's blank option %q does not name the file's v0.6.1", got)
	}
}

// The view says what the tensors show before the verdict, every release
// that reproduces them, and the lead when nothing does, in both languages.
func TestInspectVerdictView(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	for _, tc := range []struct {
		file, lang string
		sanity     []string
		verdict    []string
	}{
		{"gen_score_past_eos.safetensors", "en", []string{"token_level_scores: 5 cells", "[0, 4]"}, []string{"Exact for v0.5.0–v0.9.0; not for v0.2–v0.4.1."}},
		{"gen_score_past_eos.safetensors", "zh", []string{"token_level_scores：有 5 个单元", "[0, 4]"}, []string{"v0.5.0–v0.9.0 完全一致；v0.2–v0.4.1 不一致。"}},
		{"gen_wrong_lambda.safetensors", "en", nil, []string{"λ = 0.9,", "β = not identifiable (the KL is not in the reward)", "They are returns − values whitened over the batch"}},
		// whitened with the padding: the whitening statistics differ from the
		// batch's own (whitening_stats_differ, #37), and the lead is the whitening
		{"gen_whiten_padding.safetensors", "zh", []string{"白化统计量不同", "μ = 0.69149、σ = 0.8091"}, []string{"回报一致而优势不一致：检查白化。"}},
		{"gen_nan_padding.safetensors", "en", []string{"values: 2 cells are NaN or infinite", "[0, 9], [3, 5]"}, []string{"Exact for every release from v0.2 to v0.9.0"}},
	} {
		t.Run(tc.file+"/"+tc.lang, func(t *testing.T) {
			rec := uploadForm(t, h, tc.file, nil, "?lang="+tc.lang)
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("upload: %d %s", rec.Code, rec.Body)
			}
			_, doc := inspectGet(t, h, rec.Header().Get("Location"))
			sanity, verdict := doc.Find(`[data-testid=inspect-sanity]`).Text(), doc.Find(`[data-testid=inspect-verdict]`).Text()
			for _, want := range tc.sanity {
				if !strings.Contains(sanity, want) {
					t.Errorf("sanity %q lacks %q", sanity, want)
				}
			}
			if tc.sanity == nil && sanity != "" {
				t.Errorf("sanity %q on a batch with nothing to say", sanity)
			}
			for _, want := range tc.verdict {
				if !strings.Contains(verdict, want) {
					t.Errorf("verdict %q lacks %q", verdict, want)
				}
			}
		})
	}
}
