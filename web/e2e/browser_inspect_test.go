package e2e

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaelab/web"
	"gaelab/web/inspect"
	"gaelab/web/store"
)

var inspectScreenshot = flag.Bool("inspect-screenshot", false, "rewrite the README's pictures of /inspect (web/testdata/screenshots/inspect-256x4096.png, inspect-verdict-960.png)")

// storedUpload serves the whole site on st and stores data as an upload,
// returning the server and the upload's id. The page's heat maps queue for
// the one analysis slot; beside other tests on a busy machine they may wait
// longer than the default 5 s, so the server waits a minute.
func storedUpload(t *testing.T, data []byte) (*httptest.Server, string) {
	t.Helper()
	st := sqliteStore(t)
	srv := httptest.NewServer(web.Handler(web.Options{Store: st, InspectWait: time.Minute}))
	t.Cleanup(srv.Close)
	up, err := st.PutUpload(context.Background(), "test", data, store.UploadLimits{TTL: time.Hour, PerAddrDay: 1 << 30, MaxTotal: 1 << 30}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return srv, up.ID
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

// groupedBatch is a 256 × 4,096 batch in 32 uid groups of 8 whose run's
// own advantages and returns are newest verl's (λ = 0.95), rounded to f32.
func groupedBatch(t *testing.T) []byte {
	const B, R = 256, 4096
	rng := rand.New(rand.NewPCG(15, 256))
	x := map[string][][]float64{}
	for _, name := range []string{"response_mask", "token_level_rewards", "values"} {
		x[name] = make([][]float64, B)
		for i := range B {
			x[name][i] = make([]float64, R)
		}
	}
	uid := make([]string, B)
	for i := range B {
		uid[i] = fmt.Sprintf("q%02d", i/8)
		L := 64 + rng.IntN(R-64)
		for t := range L {
			x["response_mask"][i][t] = 1
			x["values"][i][t] = float64(float32(0.2 + 0.6*float64(t)/float64(L) + 0.1*rng.NormFloat64()))
		}
		x["token_level_rewards"][i][L-1] = float64(rng.IntN(2))
	}
	uids, _ := json.Marshal(uid)
	meta := map[string]string{"uid": string(uids)}
	names := []string{"response_mask", "token_level_rewards", "values"}
	a, err := inspect.Load(safetensorsF32(names, x, meta), url.Values{"lam": {"0.95"}})
	if err != nil {
		t.Fatal(err)
	}
	x["advantages"], x["returns"] = a.Advantages, a.Returns
	return safetensorsF32(append(names, "advantages", "returns"), x, meta)
}

// TestInspectBrowser256: a 256 × 4,096 batch in 32 groups, in Chromium at
// 1280 px: the verdicts, the groups panel and every heat map drawn. With
// -inspect-screenshot it rewrites the README's picture.
func TestInspectBrowser256(t *testing.T) {
	t.Parallel()
	requireChromium(t)
	srv, id := storedUpload(t, groupedBatch(t))
	tb := newTab(t, srv)
	tb.do("a 1280 px window", chromedp.EmulateViewport(1280, 900))
	tb.open("/inspect/" + id + "?lam=0.95&sort=length&lang=en")
	tb.until("every heat map drawn", `() => {
		const imgs = [...document.querySelectorAll("[data-testid=inspect-map] img.heatmap")];
		const bad = imgs.filter(i => !i.complete || i.naturalWidth === 0).length;
		return imgs.length === 8 && bad === 0 ? "" : imgs.length + " maps, " + bad + " not drawn";
	}`)
	if n := eval[int](tb, `document.querySelectorAll("[data-testid=inspect-groups] tbody tr").length`); n != 32 {
		t.Errorf("groups panel: %d rows; want 32", n)
	}
	if v := eval[string](tb, `[...document.querySelectorAll(".inspect-verdict")].map(e => e.textContent).join(" | ")`); v != "They match the chosen release. | They match the chosen release." {
		t.Errorf("verdicts %q", v)
	}
	if !*inspectScreenshot {
		return
	}
	// The top of the page: the verdicts, statistics, groups and first maps.
	tb.do("a 1280 × 2300 window", chromedp.EmulateViewport(1280, 2300))
	png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "testdata", "screenshots", "inspect-256x4096.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
