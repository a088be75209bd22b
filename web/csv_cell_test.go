package web

import (
	"encoding/csv"
	"net/url"
	"strings"
	"testing"
)

func TestCSVAnswerEscapesFormulas(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"hello", "hello"},
		{"0.5", "0.5"},
		{"+1", "+1"}, // a plain number stays a number
		{"-0.25", "-0.25"},
		{"1e-3", "1e-3"},
		{"a=b", "a=b"},
		{"=SUM(A1)", "'=SUM(A1)"},
		{"+1+cmd", "'+1+cmd"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{" =SUM(A1)", "' =SUM(A1)"},
		{"   +cmd", "'   +cmd"},
		{"\t=1+1", "'\t=1+1"},
		{"\r\n@x", "'\r\n@x"},
		{"\u00a0=1+1", "'\u00a0=1+1"},
		{"\u3000=1+1", "'\u3000=1+1"},
		{"\ufeff=1+1", "'\ufeff=1+1"},
		{"\u200b=1+1", "'\u200b=1+1"},
		{"＝SUM(A1)", "'＝SUM(A1)"},
		{"＋1", "'＋1"},
		{"－1", "'－1"},
		{"＠x", "'＠x"},
		{" ＝1", "' ＝1"},
		{"\u22121", "'\u22121"},
		{"\tplain", "'\tplain"},
		{"   ", "   "},
	}
	for _, tt := range tests {
		if got := csvAnswer(tt.in); got != tt.want {
			t.Errorf("csvAnswer(%q) = %q; want %q", tt.in, got, tt.want)
		}
		text := tt.want
		if (strings.HasPrefix(tt.in, "+") || strings.HasPrefix(tt.in, "-")) && text == tt.in {
			text = "'" + tt.in // a token that is a number is text
		}
		if got := csvText(tt.in); got != text {
			t.Errorf("csvText(%q) = %q; want %q", tt.in, got, text)
		}
	}
}

// TestCSVTableEscapesTokens: the playground's table.csv wrote a token
// " =SUM(A1)" or "＝SUM(A1)" as is, which a spreadsheet runs (issue 22).
func TestCSVTableEscapesTokens(t *testing.T) {
	toks := []string{" =SUM(A1)", "＝HYPERLINK(1)", "\u3000@x"}
	q := url.Values{"v": {"1"}, "p": {"seed-a"}, "tok": toks}
	rec := get(t, "/play/table.csv?"+q.Encode())
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
