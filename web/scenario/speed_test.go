package scenario

import (
	"math"
	"slices"
	"testing"
)

// speed= is auto-play's steps per second, from MinSpeed to MaxSpeed; the
// default (1, or no speed=) is not written; anything else is a warning and
// the default.
func TestDecodeSpeed(t *testing.T) {
	for _, tc := range []struct {
		query     string
		speed     float64 // StepsPerSecond
		warn      bool
		canonical string
	}{
		{"v=1&p=seed-b&step=2", 1, false, "v=1&p=seed-b&step=2"},
		{"v=1&p=seed-b&step=2&speed=4", 4, false, "v=1&p=seed-b&step=2&speed=4"},
		{"v=1&p=seed-b&speed=0.25&sel=adv.1", 0.25, false, "v=1&p=seed-b&speed=0.25&sel=adv.1"},
		{"v=1&p=seed-b&speed=1", 1, false, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=1.0", 1, false, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=2.50", 2.5, false, "v=1&p=seed-b&speed=2.5"},
		{"v=1&p=seed-b&speed=%EF%BC%92", 2, false, "v=1&p=seed-b&speed=2"}, // a full-width 2
		{"v=2&p=seed-b&ver=v0.9.0&step=1&speed=0.5", 0.5, false, "v=2&p=seed-b&ver=v0.9.0&step=1&speed=0.5"},
		{"v=1&p=seed-b&speed=0.2", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=4.01", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=0", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=-2", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=fast", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=NaN", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=Inf", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=0x2", 1, true, "v=1&p=seed-b"},
		{"v=1&p=seed-b&speed=", 1, true, "v=1&p=seed-b"},
	} {
		s, rep := decodeLink(t, tc.query)
		if got := s.StepsPerSecond(); got != tc.speed {
			t.Errorf("%s: %v steps per second, want %v", tc.query, got, tc.speed)
		}
		warned := len(rep.Warnings) == 1 && rep.Warnings[0].Key == "warn.speed"
		if warned != tc.warn || len(rep.Problems) > 0 || !tc.warn && len(rep.Warnings) > 0 {
			t.Errorf("%s: warnings %+v, problems %+v; want a speed warning: %v", tc.query, rep.Warnings, rep.Problems, tc.warn)
		}
		if got := Encode(s); got != tc.canonical {
			t.Errorf("%s: canonical %q, want %q", tc.query, got, tc.canonical)
		}
	}
}

// Every speed the step panel offers is a speed of the link.
func TestSpeedChoices(t *testing.T) {
	for _, x := range SpeedChoices {
		if got, ok := ParseSpeed(FormatNumber(x)); !ok || got != x {
			t.Errorf("choice %v reads as %v, %v", x, got, ok)
		}
	}
	if !slices.Contains(SpeedChoices, DefaultSpeed) {
		t.Errorf("the choices %v do not hold the default %v", SpeedChoices, DefaultSpeed)
	}
}

func FuzzParseSpeed(f *testing.F) {
	for _, s := range []string{"1", "0.25", "4", "4.0000001", "０．５", " 2 ", "1e0", "-0", "NaN", "+Inf", "1_0", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		x, ok := ParseSpeed(raw)
		if !ok {
			if x != 0 {
				t.Fatalf("ParseSpeed(%q) refused but returned %v", raw, x)
			}
			return
		}
		if math.IsNaN(x) || x < MinSpeed || x > MaxSpeed {
			t.Fatalf("ParseSpeed(%q) = %v, outside [%v, %v]", raw, x, MinSpeed, MaxSpeed)
		}
		// The link writes it back as a number that reads the same.
		if y, ok := ParseSpeed(FormatNumber(x)); !ok || y != x {
			t.Fatalf("ParseSpeed(%q) = %v writes as %q, which reads %v, %v", raw, x, FormatNumber(x), y, ok)
		}
	})
}
