package e2e

import (
	"cmp"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestInspectVerdictScreenshot redraws the README's picture of /inspect's
// verdict when given -inspect-screenshot (CI does not: it skips):
// the view of verl_reward_v0.9.0_beta.npz (verl's apply_kl_penalty with
// β = 0.2 under a config of 0.05, web/verify/inverl/make_reward.py) in
// Chromium at 960 px, cropped from the findings to the end of the first
// check and reduced to 48 colours, so that it stays under 80 KB.
func TestInspectVerdictScreenshot(t *testing.T) {
	if !*inspectScreenshot {
		t.Skip("-inspect-screenshot redraws the README's pictures of /inspect")
	}
	requireChromium(t)
	data, err := os.ReadFile(filepath.Join("..", "inspect", "testdata", "verl_reward_v0.9.0_beta.npz"))
	if err != nil {
		t.Fatal(err)
	}
	srv, id := storedUpload(t, data)
	tb := newTab(t, srv)
	tb.do("a 960 × 1600 window", chromedp.EmulateViewport(960, 1600))
	tb.open("/inspect/" + id + "?lang=en")
	top := eval[float64](tb, `document.querySelector("[data-testid=inspect-sanity]").getBoundingClientRect().top`)
	bottom := eval[float64](tb, `document.querySelector("[data-testid=inspect-check]").getBoundingClientRect().bottom`)
	writeShot(t, tb, "inspect-verdict-960.png", top-8, bottom+8, 48, 80<<10)
}

// fewColours is r of img with its n most frequent colours, every pixel the
// nearest of them (a screenshot of text: flat colours and their edges).
func fewColours(img image.Image, r image.Rectangle, n int) *image.Paletted {
	count := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			count[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	var cs []color.RGBA
	for c := range count {
		cs = append(cs, c)
	}
	// Most frequent first; ties by colour, so that a redraw of the same
	// page writes the same bytes.
	key := func(c color.RGBA) uint32 { return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A) }
	slices.SortFunc(cs, func(a, b color.RGBA) int { return cmp.Or(count[b]-count[a], cmp.Compare(key(a), key(b))) })
	pal := color.Palette{}
	for _, c := range cs[:min(n, len(cs))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			out.SetColorIndex(x-r.Min.X, y-r.Min.Y, uint8(pal.Index(img.At(x, y))))
		}
	}
	return out
}
