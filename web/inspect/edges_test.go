package inspect_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/web/inspect"
	"gaelab/web/store"
	"gaelab/web/store/postgres"
	"gaelab/web/store/storetest"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// postForm posts the upload form with data as its file (none when nil)
// and the fields, as the page's form does.
func postForm(t *testing.T, h http.Handler, path string, data []byte, fields map[string]string) (*httptest.ResponseRecorder, *goquery.Document) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if data != nil {
		fw, _ := mw.CreateFormFile("file", "batch.safetensors")
		fw.Write(data)
	}
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(rec.Body.Bytes()))
	return rec, doc
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// english finds three English words in a row: a sentence that leaked.
var english = regexp.MustCompile(`[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}`)

// TestInspectErrorsInPageLanguage: on the zh page every error, the
// readers' included, is Chinese (names of tensors and fields aside); the
// English page keeps the reader's exact detail.
func TestInspectErrorsInPageLanguage(t *testing.T) {
	h := inspectHandler(t, webtest.Options{InspectBurst: 100}) // 12 uploads from one address: more than the quota's burst
	for _, tc := range []struct {
		file   string
		fields map[string]string
	}{
		{"grpo.npz", nil},                                          // critic-free, the default estimator: values missing
		{"bad_pickle.npz", nil},                                    // the reader refuses a pickle
		{"bad_shape.npz", nil},                                     // a tensor of the wrong shape
		{"newest_f32.npz", map[string]string{"gamma": "2"}},        // out of range
		{"newest_f32.npz", map[string]string{"estimator": "nope"}}, // not an estimator
		{"newest_f32.npz", map[string]string{"gamma": "x"}},        // not a number
	} {
		for _, lang := range []string{"zh", "en"} {
			rec, doc := postForm(t, h, "/inspect?lang="+lang, fixture(t, tc.file), tc.fields)
			var msgs []string
			doc.Find(`[data-testid=inspect-errors] li`).Each(func(_ int, s *goquery.Selection) { msgs = append(msgs, s.Text()) })
			if rec.Code != http.StatusBadRequest || len(msgs) < 2 {
				t.Errorf("%s %v (%s): %d %q; want 400 with what is wrong and what to do", tc.file, tc.fields, lang, rec.Code, msgs)
				continue
			}
			if lang == "zh" {
				for _, m := range msgs {
					if english.MatchString(m) {
						t.Errorf("%s %v: English on the zh page: %q", tc.file, tc.fields, m)
					}
				}
			}
		}
	}
	_, doc := postForm(t, h, "/inspect?lang=en", fixture(t, "bad_pickle.npz"), nil)
	if msg := doc.Find(`[data-testid=inspect-errors]`).Text(); !strings.Contains(msg, "pickle") {
		t.Errorf("the English page lost the reader's detail: %q", msg)
	}
}

// TestInspectKeepsBatch: a readable batch the form's config refuses (a bad
// γ, or a critic-free batch with the default estimator) is stored and
// attached to the form shown again, which checks it with a corrected
// config and no file; the batch view's form checks its batch again the
// same way.
func TestInspectKeepsBatch(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	for _, tc := range []struct {
		file       string
		bad, fixed map[string]string
	}{
		{"newest_f32.npz", map[string]string{"gamma": "2"}, map[string]string{"gamma": "1"}},
		{"grpo.npz", nil, map[string]string{"estimator": "grpo_norm_std"}},
	} {
		rec, doc := postForm(t, h, "/inspect?lang=zh", fixture(t, tc.file), tc.bad)
		id, _ := doc.Find(`[data-testid=inspect-upload] input[name=upload]`).Attr("value")
		if rec.Code != http.StatusBadRequest || !store.ValidViewID(id) || doc.Find(`[data-testid=inspect-kept]`).Length() != 1 {
			t.Fatalf("%s %v: %d, kept %q; want 400 with the batch attached", tc.file, tc.bad, rec.Code, id)
		}
		if _, ok := doc.Find(`#inspect-file`).Attr("required"); ok {
			t.Errorf("%s: the file input is still required with a batch attached", tc.file)
		}
		if v, _ := doc.Find(`#inspect-gamma`).Attr("value"); tc.bad["gamma"] != "" && v != tc.bad["gamma"] {
			t.Errorf("%s: γ shown again as %q; want what was typed, %q", tc.file, v, tc.bad["gamma"])
		}
		fixed := map[string]string{"upload": id}
		for k, v := range tc.fixed {
			fixed[k] = v
		}
		rec, _ = postForm(t, h, "/inspect?lang=zh", nil, fixed)
		loc := rec.Header().Get("Location")
		if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/inspect/"+id+"?") {
			t.Fatalf("%s: the corrected form without a file: %d %q; want the kept batch's view", tc.file, rec.Code, loc)
		}
		_, view := inspectGet(t, h, loc)
		if kept, _ := view.Find(`[data-testid=inspect-upload] input[name=upload]`).Attr("value"); kept != id {
			t.Errorf("%s: the view's form carries %q; want its batch %q", tc.file, kept, id)
		}
	}
	rec, doc := postForm(t, h, "/inspect", nil, map[string]string{"upload": "aaaaaaaaaaaaaaaaaaaaaaaaaa"})
	if rec.Code != http.StatusNotFound || !strings.Contains(doc.Find(`[data-testid=inspect-errors]`).Text(), "expired") {
		t.Errorf("an unknown kept id: %d %q; want 404, expired", rec.Code, doc.Find(`[data-testid=inspect-errors]`).Text())
	}
	rec, doc = postForm(t, h, "/inspect", fixture(t, "bad_pickle.npz"), nil)
	if doc.Find(`input[name=upload]`).Length() != 0 {
		t.Errorf("an unreadable file was kept")
	}
}

// safetensorsF32 writes [B][R] matrices as an f32 .safetensors file, in
// the order given, with meta as __metadata__.
func safetensorsF32(names []string, x map[string][][]float64, meta map[string]string) []byte {
	header := map[string]any{"__metadata__": meta}
	var data []byte
	for _, name := range names {
		m := x[name]
		start := len(data)
		for _, row := range m {
			for _, v := range row {
				data = binary.LittleEndian.AppendUint32(data, math.Float32bits(float32(v)))
			}
		}
		header[name] = map[string]any{"dtype": "F32", "shape": []int{len(m), len(m[0])}, "data_offsets": []int{start, len(data)}}
	}
	h, _ := json.Marshal(header)
	return append(append(binary.LittleEndian.AppendUint64(nil, uint64(len(h))), h...), data...)
}

// emptyBatch is a 2 × 4 batch whose every response_mask entry is 0.
func emptyBatch() []byte {
	zero := func() [][]float64 { return [][]float64{{0, 0, 0, 0}, {0, 0, 0, 0}} }
	names := []string{"response_mask", "token_level_rewards", "values", "advantages", "returns"}
	x := map[string][][]float64{}
	for _, n := range names {
		x[n] = zero()
	}
	return safetensorsF32(names, x, nil)
}

// TestInspectEmptyBatch: a batch with no valid token says there is
// nothing to check, not a vacuous match, in both languages.
func TestInspectEmptyBatch(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	for lang, want := range map[string]string{"en": "Nothing to check", "zh": "没有可检查的内容"} {
		rec, _ := postForm(t, h, "/inspect?lang="+lang, emptyBatch(), nil)
		_, doc := inspectGet(t, h, rec.Header().Get("Location"))
		verdict := doc.Find(`[data-testid=inspect-verdict]`).Text()
		if !strings.Contains(verdict, want) || doc.Find(`[data-testid=inspect-check]`).Length() != 0 {
			t.Errorf("%s: verdict %q, %d checks; want %q and no check", lang, verdict, doc.Find(`[data-testid=inspect-check]`).Length(), want)
		}
		if s := doc.Find(`.inspect-summary`).Text(); lang == "zh" && (strings.Contains(s, "engine:") || !strings.Contains(s, "没有有效 token")) {
			t.Errorf("zh summary: %q; want why whitening failed, in Chinese", s)
		}
	}
}

// TestInspectDrillDown: the largest difference is a link into the row
// view at its window, which shows the chosen release's numbers and the
// explaining candidate's (v0.2's span for a v0.2 batch checked as v0.9.0)
// beside the run's, the cells that differ from the run's highlighted.
func TestInspectDrillDown(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	rec, _ := postForm(t, h, "/inspect?lang=en", fixture(t, "v02_eosleak.safetensors"), map[string]string{"ver": "v0.9.0"})
	_, doc := inspectGet(t, h, rec.Header().Get("Location"))
	link := doc.Find(`[data-testid=inspect-check] a[data-testid=inspect-at]`).First()
	href, _ := link.Attr("href")
	if !strings.Contains(href, "/row/") || !strings.Contains(href, "from=0") || !strings.Contains(href, "ver=v0.9.0") {
		t.Fatalf("max-diff link %q (%q); want the row view at its window, with the config", href, link.Text())
	}
	explained := doc.Find(`[data-testid=inspect-check] .inspect-verdict`).First().Text()
	rec, row := inspectGet(t, h, href)
	if rec.Code != http.StatusOK {
		t.Fatalf("row view: %d", rec.Code)
	}
	rows := map[string]*goquery.Selection{}
	row.Find(`[data-testid=inspect-row] tbody tr`).Each(func(_ int, s *goquery.Selection) { rows[s.Find("th").Text()] = s })
	chosen, ok := rows["the chosen release: advantages"]
	if !ok || chosen.Find("td.inspect-diff mark").Length() == 0 {
		t.Errorf("no highlighted cell in the chosen release's advantages (rows %v)", keys(rows))
	}
	var candidate *goquery.Selection
	for label, s := range rows {
		if strings.HasPrefix(label, "v0.2") && strings.HasSuffix(label, ": advantages") {
			candidate = s
		}
	}
	if candidate == nil || !strings.Contains(explained, "v0.2") {
		t.Fatalf("no row of the explaining candidate (verdict %q, rows %v)", explained, keys(rows))
	}
	if n := candidate.Find("td.inspect-diff").Length(); n != 0 {
		t.Errorf("the explaining candidate has %d highlighted cells; want none (it reproduces the run)", n)
	}
	if !strings.Contains(row.Find(`[data-testid=inspect-row]`).Text(), "advantages: v0.2") {
		t.Errorf("the row view does not say what explains the run")
	}
}

func keys(m map[string]*goquery.Selection) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestInspectExample: /inspect offers an example batch one click away,
// uploaded as any file is (the address's daily quota applies) and shown
// with what the check finds in it.
func TestInspectExample(t *testing.T) {
	h := inspectHandler(t, webtest.Options{})
	_, doc := inspectGet(t, h, "/inspect?lang=zh")
	action, _ := doc.Find(`form[data-testid=inspect-example]`).Attr("action")
	if action != "/inspect/example?lang=zh" {
		t.Fatalf("example form action %q", action)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, action, nil))
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/inspect/") {
		t.Fatalf("POST %s: %d %q", action, rec.Code, loc)
	}
	_, view := inspectGet(t, h, loc)
	if s := view.Find(`[data-testid=inspect-sanity]`).Text(); !strings.Contains(s, "token_level_scores") {
		t.Errorf("the example's view has no sanity finding: %q", s)
	}
	small := inspectHandler(t, webtest.Options{UploadDailyBytes: int64(len(fixture(t, "gen_score_past_eos.safetensors"))) + 10}) // the example's bytes
	for i, want := range []int{http.StatusSeeOther, http.StatusTooManyRequests} {
		rec := httptest.NewRecorder()
		small.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/inspect/example", nil))
		if rec.Code != want {
			t.Errorf("example %d under a quota of one: %d; want %d", i+1, rec.Code, want)
		}
	}
}

// TestInspectSharedKeepsFindings: sharing stores the checker's findings;
// the shared view shows them (checker version named) and one line with
// what today's checker finds more, on SQLite and on PostgreSQL.
func TestInspectSharedKeepsFindings(t *testing.T) {
	for name, open := range map[string]func(t *testing.T) store.Store{
		"sqlite": func(t *testing.T) store.Store { return stores.SQLite(t) },
		"postgres": func(t *testing.T) store.Store {
			s, err := postgres.Open(context.Background(), storetest.PostgresURL(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
	} {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			h := handler(t, webtest.Options{Store: st})
			share := func(view string) string {
				id := strings.TrimPrefix(strings.Split(view, "?")[0], "/inspect/")
				u, _ := url.Parse(view)
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/inspect/"+id+"/share?"+u.RawQuery, nil))
				if rec.Code != http.StatusSeeOther {
					t.Fatalf("share: %d", rec.Code)
				}
				return rec.Header().Get("Location")
			}
			// Shared today: the same findings, stored, and nothing more.
			rec, _ := postForm(t, h, "/inspect?lang=en", fixture(t, "gen_score_past_eos.safetensors"), nil)
			view := rec.Header().Get("Location")
			_, before := inspectGet(t, h, view)
			_, after := inspectGet(t, h, share(view))
			stored := after.Find(`[data-testid=inspect-stored]`).Text()
			if !strings.Contains(stored, "checker "+inspect.CheckerVersion) || strings.Contains(stored, "finds more") {
				t.Errorf("shared today: %q; want the stored findings named, nothing more", stored)
			}
			for _, sel := range []string{`[data-testid=inspect-sanity]`, `[data-testid=inspect-verdict]`, `[data-testid=inspect-check]`} {
				if b, a := before.Find(sel).Text(), after.Find(sel).Text(); a != b {
					t.Errorf("%s: shared %q; unshared %q", sel, a, b)
				}
			}
			// Shared by an older checker that found no sanity problem.
			rec, _ = postForm(t, h, "/inspect?lang=zh", fixture(t, "gen_score_past_eos.safetensors"), nil)
			view = rec.Header().Get("Location")
			id := strings.TrimPrefix(strings.Split(view, "?")[0], "/inspect/")
			_, today := inspectGet(t, h, view)
			sanity := today.Find(`[data-testid=inspect-sanity] li`).First().Text()
			old, _ := json.Marshal(inspect.Findings{Checker: "23.0", Sanity: []inspect.Finding{}, Check: nil})
			if err := st.KeepFindings(context.Background(), id, store.Findings{Checker: "23.0", Config: "", JSON: old}); err != nil {
				t.Fatal(err)
			}
			_, doc := inspectGet(t, h, share(view))
			stored = doc.Find(`[data-testid=inspect-stored]`).Text()
			if !strings.Contains(stored, "23.0") || !strings.Contains(stored, "今天的检查器") || sanity == "" || !strings.Contains(stored, sanity) {
				t.Errorf("an older checker's findings: %q; want its version and one line with today's %q", stored, sanity)
			}
			if n := doc.Find(`[data-testid=inspect-sanity]`).Length(); n != 0 {
				t.Errorf("the shared view shows today's sanity findings as stored (%d sections)", n)
			}
			// Other settings than those shared: today's findings, said so.
			_, other := inspectGet(t, h, "/inspect/"+id+"?lam=0.5&lang=en")
			if s := other.Find(`[data-testid=inspect-stored]`).Text(); !strings.Contains(s, "other settings") || other.Find(`[data-testid=inspect-sanity]`).Length() != 1 {
				t.Errorf("other settings: %q", s)
			}
		})
	}
}
