package update_test

import (
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/web/page"
)

// /update/actor takes typed advantages (adv=, one per token, as the API's
// inputs.advantages): the table and the losses use them instead of the
// newest GAE's whitened ones, and the link keeps them in canonical order.
func TestUpdateActorTypedAdvantages(t *testing.T) {
	s := updDecoded(t, "v=1&p=seed-a")
	_, _, old, _ := updNewest(t, s)
	adv := []float64{1, -0.5, 0.25}
	lp := []float64{old[0] + 0.3, old[1] - 0.3, old[2]}
	link := "/update/actor?v=1&p=seed-a&lp=" + joinNums(lp) + "&adv=1,-0.5,0.25"
	doc, final := updFollow(t, link)
	if !strings.Contains(final, "&adv=1,-0.5,0.25") {
		t.Errorf("the canonical link %q lost adv=", final)
	}
	pt, err := engine.PolicyLossTerms(engine.V1Newest, [][]float64{lp}, [][]float64{old}, [][]float64{adv}, engine.ClipParams{Low: 0.2, High: 0.2, C: 3})
	if err != nil {
		t.Fatal(err)
	}
	updCheckRow(t, doc, "adv", adv)
	updCheckRow(t, doc, "ploss", pt.Final[0])
	// A wrong count is reported at the field and the page still answers.
	doc, _ = updFollow(t, "/update/actor?v=1&p=seed-a&adv=1,2")
	if doc.Find(`[data-testid="form-errors"] li`).Length() == 0 {
		t.Error("adv= with 2 values for 3 tokens: no error at the field")
	}
}

func joinNums(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strings.TrimRight(strings.TrimRight(page.Num(x), "0"), ".")
	}
	return strings.Join(parts, ",")
}
