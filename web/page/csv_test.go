package page

import (
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
		{"+", "+"}, // a sign question's answer: no expression, no formula
		{"-", "-"},
		{"+-", "'+-"},
		{"--1", "'--1"},
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
		if got := CSVAnswer(tt.in); got != tt.want {
			t.Errorf("CSVAnswer(%q) = %q; want %q", tt.in, got, tt.want)
		}
		text := tt.want
		if (strings.HasPrefix(tt.in, "+") || strings.HasPrefix(tt.in, "-")) && text == tt.in {
			text = "'" + tt.in // a token that is a number is text
		}
		if got := CSVText(tt.in); got != text {
			t.Errorf("CSVText(%q) = %q; want %q", tt.in, got, text)
		}
	}
}
