package play_test

import (
	"encoding/csv"
	"gaelab/web/webtest"
	"net/url"
	"strings"
	"testing"
)

// TestCSVTableEscapesTokens: the playground's table.csv wrote a token
// " =SUM(A1)" or "＝SUM(A1)" as is, which a spreadsheet runs (issue 22).
func TestCSVTableEscapesTokens(t *testing.T) {
	toks := []string{" =SUM(A1)", "＝HYPERLINK(1)", "\u3000@x"}
	q := url.Values{"v": {"1"}, "p": {"seed-a"}, "tok": toks}
	rec := webtest.Get(t, "/play/table.csv?"+q.Encode())
	if rec.Code != 200 {
		t.Fatalf("GET table.csv: %d %s", rec.Code, rec.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
	if err != nil || len(rows) != len(toks)+1 {
		t.Fatalf("table.csv: %d rows, %v\n%s", len(rows), err, rec.Body)
	}
	for i, tok := range toks {
		if got := rows[i+1][1]; got != "'"+tok {
			t.Errorf("token %d written as %q; want %q", i, got, "'"+tok)
		}
	}
}
