package i18n

// The step-through's auto-play speed (speed=).
var enPlayStep = map[string]string{
	"step.speed":        "Steps per second",
	"step.speed.choice": "%[1]s steps per second (one step every %[2]s s)",
	"warn.speed":        "The link's speed=«%[1]s» is not an auto-play speed (%[2]s to %[3]s steps per second); it plays at %[4]s step per second.",
}
