package scenario

import "strings"

// Auto-play's speed, the link's speed=: steps of the backward loop per
// second. It is how the step-through moves, not what it computes, so a link
// without it plays at DefaultSpeed and every number stays as it was.
const (
	DefaultSpeed = 1.0  // steps per second without speed=
	MinSpeed     = 0.25 // one step every 4 s: time to talk a step through
	MaxSpeed     = 4.0  // one step every 250 ms
)

// SpeedChoices are the speeds the step panel offers, in steps per second.
var SpeedChoices = []float64{0.25, 0.5, 1, 2, 4}

// ParseSpeed reads speed= as steps per second, a decimal number (as
// ParseNumber reads it) from MinSpeed to MaxSpeed. It returns false for
// anything else.
func ParseSpeed(raw string) (float64, bool) {
	x, problem := ParseNumber(strings.TrimSpace(raw))
	if problem != "" || x < MinSpeed || x > MaxSpeed {
		return 0, false
	}
	return x, true
}

// StepsPerSecond is the scenario's auto-play speed (Speed, or DefaultSpeed
// when the link has none).
func (s *Scenario) StepsPerSecond() float64 {
	if s.Speed == 0 {
		return DefaultSpeed
	}
	return s.Speed
}

// SetSpeed sets the auto-play speed; DefaultSpeed is stored as 0, so that a
// link saying speed=1 and a link without speed= are one state with one
// canonical link (without speed=).
func (s *Scenario) SetSpeed(x float64) {
	if x == DefaultSpeed {
		x = 0
	}
	s.Speed = x
}

// speed reads speed= into s, warning (and keeping the default) when
// it is not a speed.
func (d decoder) speed(s *Scenario) {
	raw, ok := d.First("speed")
	if !ok {
		return
	}
	x, ok := ParseSpeed(raw)
	if !ok {
		d.Rep.Warn("warn.speed", raw, FormatNumber(MinSpeed), FormatNumber(MaxSpeed), FormatNumber(DefaultSpeed))
		return
	}
	s.SetSpeed(x)
}
