package inspect_test

import (
	"bytes"
	"gaelab/web/webtest"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// uploadForm posts a fixture to POST /inspect as the page's form does.
func uploadForm(t *testing.T, h http.Handler, file string, fields map[string]string, query string) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if file != "" {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		fw, _ := mw.CreateFormFile("file", file)
		fw.Write(data)
	}
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, "/inspect"+query, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func inspectGet(t *testing.T, h http.Handler, path string) (*httptest.ResponseRecorder, *goquery.Document) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
	return rec, doc
}

// TestInspectPage uploads a v0.2 batch with the EOS-value leak through the
// form and follows the view: the verdict, the heat maps, sorting, the row
// links, the row view, sharing and the exports.
func TestInspectPage(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	rec := uploadForm(t, h, "v02_eosleak.safetensors", map[string]string{"lam": "", "ver": "v0.9.0"}, "")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/inspect/") {
		t.Fatalf("upload: %d %q %s", rec.Code, rec.Header().Get("Location"), rec.Body)
	}
	view := rec.Header().Get("Location")
	id := strings.TrimPrefix(strings.Split(view, "?")[0], "/inspect/")
	rec, doc := inspectGet(t, h, view)
	if rec.Code != 200 {
		t.Fatalf("view: %d", rec.Code)
	}
	if got := doc.Find(`[data-testid=inspect-check] .inspect-verdict`).First().Text(); !strings.Contains(got, "v0.2–v0.3.0.rc0") {
		t.Errorf("verdict %q", got)
	}
	maps := doc.Find(`[data-testid=inspect-map] img.heatmap`)
	if maps.Length() != 8 { // reward V δ A R whitened mask share
		t.Errorf("%d heat maps, want 8", maps.Length())
	}
	maps.Each(func(_ int, s *goquery.Selection) {
		src, _ := s.Attr("src")
		alt, _ := s.Attr("alt")
		r, _ := inspectGet(t, h, src)
		if r.Code != 200 || r.Header().Get("Content-Type") != "image/png" || !bytes.HasPrefix(r.Body.Bytes(), []byte("\x89PNG")) || alt == "" {
			t.Errorf("%s: %d %s, alt %q", src, r.Code, r.Header().Get("Content-Type"), alt)
		}
	})
	// Rows sorted by length: longest first; every row ≤ 512 tokens opens in the playground.
	_, doc = inspectGet(t, h, "/inspect/"+id+"?sort=length")
	first := doc.Find(`[data-testid=inspect-rows] tbody tr`).First()
	if first.Find("th").Text() != "0" || first.Find("td").Eq(1).Text() != "10" {
		t.Errorf("first row by length: %q", first.Text())
	}
	link, _ := first.Find("a").Attr("href")
	if !strings.HasPrefix(link, "/play?") || !strings.Contains(link, "rw=1") {
		t.Errorf("row link %q", link)
	}
	if r, _ := inspectGet(t, h, link); r.Code != 200 {
		t.Errorf("the playground link answers %d", r.Code)
	}
	// The row view, and the exports.
	r, doc := inspectGet(t, h, "/inspect/"+id+"/row/3")
	if r.Code != 200 || doc.Find(`[data-testid=inspect-row] table tbody tr`).Length() < 7 {
		t.Errorf("row view %d: %s", r.Code, doc.Find("main").Text())
	}
	if r, _ := inspectGet(t, h, "/inspect/"+id+"/check.csv"); r.Code != 200 || !strings.Contains(r.Body.String(), "advantages,eos-leak,") {
		t.Errorf("check.csv %d %s", r.Code, r.Body)
	}
	if r, _ := inspectGet(t, h, "/inspect/"+id+"/summary.json"); r.Code != 200 || !strings.Contains(r.Body.String(), `"explained_by":"v0.2–v0.3.0.rc0"`) {
		t.Errorf("summary.json %d %s", r.Code, r.Body)
	}
	if r, _ := inspectGet(t, h, "/inspect/"+id+"/verify.py"); r.Code != 200 || !strings.Contains(r.Body.String(), "# Expects verl v0.9.0 ") {
		t.Errorf("verify.py %d %s", r.Code, r.Body)
	}
	// Share keeps it 7 days and says so.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/inspect/"+id+"/share", nil))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("share: %d", rec.Code)
	}
	if _, doc := inspectGet(t, h, rec.Header().Get("Location")); !strings.Contains(doc.Find(`[data-testid=inspect-shared]`).Text(), "Kept until") {
		t.Error("no share note")
	}
	// An unknown id is a localized 404.
	if r, doc := inspectGet(t, h, "/inspect/aaaaaaaaaaaaaaaaaaaaaaaaaa?lang=zh"); r.Code != 404 || !strings.Contains(doc.Find(`[data-testid=inspect-errors]`).Text(), "过期") {
		t.Errorf("expired: %d %s", r.Code, doc.Find("main").Text())
	}
}

// TestInspectPageGroups filters by group and sorts by it.
func TestInspectPageGroups(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	rec := uploadForm(t, h, "grpo.npz", map[string]string{"estimator": "grpo_norm_std"}, "")
	view := rec.Header().Get("Location")
	_, doc := inspectGet(t, h, view+"&group=q-b")
	rows := doc.Find(`[data-testid=inspect-rows] tbody tr`)
	if rows.Length() != 3 || rows.First().Find("td").First().Text() != "q-b" {
		t.Errorf("group q-b: %d rows, first %q", rows.Length(), rows.First().Text())
	}
	if doc.Find(`#inspect-group option`).Length() != 3 {
		t.Errorf("group options: %d", doc.Find(`#inspect-group option`).Length())
	}
	if v := doc.Find(`[data-testid=inspect-check] .inspect-verdict`).First().Text(); !strings.Contains(v, "match the chosen") {
		t.Errorf("verdict %q", v)
	}
	// The groups panel: one row per uid, size 3 each, and a link that
	// filters the view to the group.
	groups := doc.Find(`[data-testid=inspect-groups] tbody tr`)
	if groups.Length() != 2 || groups.Eq(1).Find("th").Text() != "q-b" || groups.Eq(1).Find("td").First().Text() != "3" {
		t.Fatalf("groups panel: %d rows, %q", groups.Length(), groups.Text())
	}
	if adv := strings.Split(groups.Eq(0).Find("td").Eq(4).Text(), ", "); len(adv) != 3 {
		t.Errorf("q-a's advantages %q; want three", adv)
	}
	filter, _ := groups.Eq(0).Find("a").Attr("href")
	_, doc = inspectGet(t, h, filter)
	if rows := doc.Find(`[data-testid=inspect-rows] tbody tr`); rows.Length() != 3 || rows.First().Find("td").First().Text() != "q-a" {
		t.Errorf("the q-a filter link %q shows %d rows", filter, rows.Length())
	}
	// Sorted by group: q-a's rows first, then q-b's.
	_, doc = inspectGet(t, h, view+"&sort=group")
	var order []string
	doc.Find(`[data-testid=inspect-rows] tbody tr`).Each(func(_ int, s *goquery.Selection) { order = append(order, s.Find("td").First().Text()) })
	if strings.Join(order, " ") != "q-a q-a q-a q-b q-b q-b" {
		t.Errorf("sorted by group: %v", order)
	}
	// Sorted by score (column 3) and by mean A (column 6): largest first.
	for sort, col := range map[string]int{"score": 3, "mean_a": 6} {
		_, doc = inspectGet(t, h, view+"&sort="+sort)
		prev := math.Inf(1)
		doc.Find(`[data-testid=inspect-rows] tbody tr`).Each(func(_ int, s *goquery.Selection) {
			x, err := strconv.ParseFloat(s.Find("td").Eq(col).Text(), 64)
			if err != nil || x > prev {
				t.Errorf("sort=%s: %q after %v", sort, s.Find("td").Eq(col).Text(), prev)
			}
			prev = x
		})
	}
	// A batch without uid has no groups panel.
	rec = uploadForm(t, h, "v02_eosleak.safetensors", nil, "")
	if _, doc := inspectGet(t, h, rec.Header().Get("Location")); doc.Find(`[data-testid=inspect-group-stats]`).Length() != 0 {
		t.Error("a groups panel without uid")
	}
}

// TestInspectPageErrors: a bad file re-shows the form with the problem in
// the page's language, naming the tensor.
func TestInspectPageErrors(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	for _, tc := range []struct {
		file, query string
		status      int
		words       []string
	}{
		{"bad_pickle.npz", "", 400, []string{"values", "pickle"}},
		{"bad_mask.npz", "?lang=zh", 400, []string{"response_mask", "掩码"}},
		{"bomb_declared.npz", "", 400, []string{"values", "before inflating"}},
		{"", "", 400, []string{"Choose a batch file"}},
	} {
		rec := uploadForm(t, h, tc.file, nil, tc.query)
		doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
		msg := doc.Find(`[data-testid=inspect-errors]`).Text()
		for _, w := range tc.words {
			if rec.Code != tc.status || !strings.Contains(msg, w) {
				t.Errorf("%s: %d %q, want %d containing %q", tc.file, rec.Code, msg, tc.status, w)
			}
		}
		if doc.Find(`[data-testid=inspect-upload]`).Length() != 1 {
			t.Errorf("%s: no form to try again", tc.file)
		}
	}
	if rec := uploadForm(t, inspectHandler(t, webtest.Options{UploadBodyBytes: 2000}), "newest_f32.npz", nil, ""); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("over the body limit: %d", rec.Code)
	}
}

// TestInspectPageVerdicts: each kind of verdict, worded in the page's
// language, on a fixture whose numbers make_fixtures.py computed.
func TestInspectPageVerdicts(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	for _, tc := range []struct{ file, lang, want string }{
		{"bug_shift.safetensors", "en", "match: shift"},
		{"bug_no_reverse.safetensors", "zh", "一致：no-reverse"},
		{"unexplained.safetensors", "en", "nothing tried reproduces them"},
		{"unexplained.safetensors", "zh", "都不能复现"},
		{"whitened_returns.npz", "en", "match: whitened-returns"},
	} {
		rec := uploadForm(t, h, tc.file, map[string]string{"lam": "0.95"}, "?lang="+tc.lang)
		_, doc := inspectGet(t, h, rec.Header().Get("Location"))
		if v := doc.Find(`[data-testid=inspect-check] .inspect-verdict`).Text(); !strings.Contains(v, tc.want) {
			t.Errorf("%s (%s): verdicts %q; want %q", tc.file, tc.lang, v, tc.want)
		}
	}
}

// TestInspectPageSidecar: the form's JSON sidecar fills the fields left
// blank, an unknown key in it is named, and numbers read as the
// playground reads them (full-width digits too).
func TestInspectPageSidecar(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	post := func(side string, fields map[string]string) (*httptest.ResponseRecorder, *goquery.Document) {
		data, _ := os.ReadFile(filepath.Join("testdata", "whitened_returns.npz"))
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		fw, _ := mw.CreateFormFile("file", "whitened_returns.npz")
		fw.Write(data)
		sw, _ := mw.CreateFormFile("config", "config.json")
		sw.Write([]byte(side))
		for k, v := range fields {
			mw.WriteField(k, v)
		}
		mw.Close()
		req := httptest.NewRequest(http.MethodPost, "/inspect", &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
		return rec, doc
	}
	rec, _ := post(`{"lam": 0.5, "gamma": 1}`, map[string]string{"lam": "０.９５"})
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.Contains(loc, "gamma=1") || !strings.Contains(loc, "lam=%EF%BC%90") {
		t.Errorf("sidecar under the form's fields: %d %q", rec.Code, loc)
	} else if _, doc := inspectGet(t, h, loc); !strings.Contains(doc.Find(`[data-testid=inspect-check]`).Text(), "whitened-returns") {
		t.Errorf("λ = ０.９５ (full-width) was not read as 0.95: %s", doc.Find(`[data-testid=inspect-check]`).Text())
	}
	if rec, _ := post(`{"lamda": 0.9}`, nil); rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "ignored=lamda") {
		t.Errorf("an unknown sidecar key is listed as ignored, never refused (#37): %d %q", rec.Code, rec.Header().Get("Location"))
	}
	for side, want := range map[string]string{`[1, 2]`: "config"} {
		rec, doc := post(side, nil)
		if msg := doc.Find(`[data-testid=inspect-errors]`).Text(); rec.Code != http.StatusBadRequest || !strings.Contains(msg, want) {
			t.Errorf("sidecar %s: %d %q; want 400 naming %s", side, rec.Code, msg, want)
		}
	}
}

// TestInspectFormKeptAfterError: a file the readers refuse re-shows the
// form with the options the learner chose (γ, λ, the release, the
// estimator, the KL choices) and names the rejected file, which a browser
// cannot put back into the file input; in zh too.
func TestInspectFormKeptAfterError(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	fields := map[string]string{"gamma": "0.99", "lam": "0.9", "ver": "v0.4.1", "estimator": "grpo_norm_std", "use_kl_in_reward": "true", "kl_coef": "0.05", "kl_penalty": "low_var_kl"}
	for lang, want := range map[string]string{"en": "You chose bad_truncated.safetensors; it was not kept", "zh": "你选择的文件 bad_truncated.safetensors 未被保留"} {
		rec := uploadForm(t, h, "bad_truncated.safetensors", fields, "?lang="+lang)
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("%s: %d, want 400", lang, rec.Code)
		}
		doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
		form := doc.Find("[data-testid=inspect-upload]")
		if got := form.Find("[data-testid=inspect-rejected]").Text(); !strings.Contains(got, want) {
			t.Errorf("%s: rejected note %q, want %q", lang, got, want)
		}
		for id, v := range map[string]string{"inspect-gamma": "0.99", "inspect-lam": "0.9", "inspect-klcoef": "0.05"} {
			if got, _ := form.Find("#" + id).Attr("value"); got != v {
				t.Errorf("%s: #%s = %q, want %q", lang, id, got, v)
			}
		}
		for id, v := range map[string]string{"inspect-ver": "v0.4.1", "inspect-estimator": "grpo_norm_std", "inspect-kl": "low_var_kl"} {
			if got, _ := form.Find("#" + id + " option[selected]").Attr("value"); got != v {
				t.Errorf("%s: #%s selects %q, want %q", lang, id, got, v)
			}
		}
		if _, on := form.Find("#inspect-usekl").Attr("checked"); !on {
			t.Errorf("%s: use_kl_in_reward unchecked", lang)
		}
	}
	// a readable batch is kept instead, and then nothing is called rejected
	rec := uploadForm(t, h, "v02_eosleak.safetensors", map[string]string{"gamma": "7"}, "")
	doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
	if rec.Code != http.StatusBadRequest || doc.Find("[data-testid=inspect-kept]").Length() != 1 || doc.Find("[data-testid=inspect-rejected]").Length() != 0 {
		t.Errorf("kept batch: %d, kept %d, rejected %d", rec.Code, doc.Find("[data-testid=inspect-kept]").Length(), doc.Find("[data-testid=inspect-rejected]").Length())
	}
}
