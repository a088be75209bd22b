package chart

import (
	"strings"
	"testing"
)

// TestWindowFirst: a window of a longer response labels its tokens and
// describes its numbers by their index in the response (First+t+Base).
func TestWindowFirst(t *testing.T) {
	in := seedA()
	in.First = 2048
	svg, err := Values(in)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(svg); !strings.Contains(s, "V(s_2048)=") || strings.Contains(s, "V(s_0)=") || !strings.Contains(s, ">2049<") {
		t.Errorf("a window from 2048 is labelled from 0:\n%.600s", s)
	}
	in.First = -1
	if _, err := Advantages(in); err == nil || !strings.HasPrefix(err.Error(), "chart: ") {
		t.Errorf("First = -1: %v; want a chart: error", err)
	}
}
