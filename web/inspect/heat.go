package inspect

import (
	"net/http"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"gaelab/web/httperr"
)

// HandleHeat handles the "GET /inspect/{id}/heat/{name}.png" route.
func (s *Room) HandleHeat(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	name := chi.URLParam(r, "name")
	if name == "legend" {
		writePNG(w, Legend())
		return
	}
	a, ok := s.fileAnalysis(w, r, ir)
	if !ok {
		return
	}
	png, ok := heatPNG(a, ir, name)
	if !ok {
		httperr.NotFound(w, r)
		return
	}
	writePNG(w, png)
}

// heatPNG is the heat map called name (a quantity of inspectQuantities,
// "mask", "share" or "legend") of the rows ir shows; ok false for a
// quantity the analysis does not hold.
func heatPNG(a *Analysis, ir inspectRequest, name string) ([]byte, bool) {
	order := inspectOrder(a, ir)
	var h HeatMap
	switch name {
	case "legend":
		return Legend(), true
	case "mask":
		h = DrawMask(a.Batch.Mask, order)
	case "share":
		share := make([]float64, a.Batch.R)
		valid := make([]float64, a.Batch.R)
		for t, n := range a.Stats.ValidRows {
			share[t] = a.Stats.PositiveShare[t] - 0.5
			if n > 0 {
				valid[t] = 1
			}
		}
		h = DrawHeatMap([][]float64{share}, [][]float64{valid}, []int{0})
	default:
		x := inspectQuantity(a, name)
		if x == nil {
			return nil, false
		}
		h = DrawHeatMap(x, a.Batch.Mask, order)
	}
	return h.PNG, true
}

func writePNG(w http.ResponseWriter, png []byte) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(png)
}

// inspectQuantities are the heat maps, in page order.
var inspectQuantities = []string{"reward", "values", "delta", "adv", "ret", "white"}

// inspectQuantity is one [B][R] quantity of the analysis, nil when absent.
func inspectQuantity(a *Analysis, name string) [][]float64 {
	switch name {
	case "reward":
		return a.Rewards
	case "values":
		return a.Batch.Values
	case "ret":
		return a.Returns
	case "white":
		return a.Advantages
	}
	if a.GAE == nil {
		if name == "adv" {
			return a.Advantages
		}
		return nil
	}
	switch name {
	case "delta":
		_, d := a.Trace()
		return d
	case "adv":
		return a.GAE.Advantages
	}
	return nil
}

// inspectOrder is the rows shown, filtered by group and sorted.
func inspectOrder(a *Analysis, ir inspectRequest) []int {
	var order []int
	for _, rs := range a.Rows {
		if ir.group == "" || rs.Group == ir.group {
			order = append(order, rs.Row)
		}
	}
	key := func(rs RowSummary) float64 {
		switch ir.sort {
		case "score":
			return -rs.Score
		case "length":
			return -float64(rs.Length)
		case "mean_a":
			return -rs.MeanA
		}
		return 0
	}
	slices.SortStableFunc(order, func(x, y int) int {
		rx, ry := a.Rows[x], a.Rows[y]
		if ir.sort == "group" && rx.Group != ry.Group {
			return strings.Compare(rx.Group, ry.Group)
		}
		kx, ky := key(rx), key(ry)
		switch {
		case kx < ky:
			return -1
		case kx > ky:
			return 1
		}
		return x - y
	})
	return order
}
