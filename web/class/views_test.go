package class

import (
	"fmt"
	"testing"

	"gaelab/web/bounded"
	"gaelab/web/i18n"
)

// The phone tables of cell questions stay within phoneCellBytes however
// many scenarios are asked (they were kept by count, 64, whatever their
// size), and a kept table is the one drawn.
func TestPhoneCellsStayWithinTheirBudget(t *testing.T) {
	cr := NewRoom(Config{})
	sp := func(i int) Spec {
		return Spec{Kind: "cell", Link: fmt.Sprintf("v=1&p=seed-a&lam=0.%04d", i), Cell: "adv.2"}
	}
	_, first := cr.phoneCell(i18n.En, sp(0))
	if _, again := cr.phoneCell(i18n.En, sp(0)); again != first {
		t.Error("the second ask of one question drew its table again")
	}
	one := bounded.Approx(drawnCell{Table: first})
	n := 2*phoneCellBytes/one + 1
	for i := 1; i <= n && i < 10_000; i++ {
		cr.phoneCell(i18n.En, sp(i))
	}
	t.Logf("a table counts %d bytes; %d drawn, %d kept in %d bytes", one, n+1, cr.tables.Len(), cr.tables.Bytes())
	if cr.tables.Bytes() > phoneCellBytes || cr.tables.Len() > n/2+1 {
		t.Errorf("%d tables kept in %d bytes, budget %d", cr.tables.Len(), cr.tables.Bytes(), phoneCellBytes)
	}
}
