package i18n

// The live class in a real room (issue 40): nicknames unique per class
// with one correction, and the room the teacher sees and admits.
var enClassRoom = map[string]string{
	"class.flow.nick.fix":       "Correct my nickname (once)",
	"class.flow.nick.fix.label": "Mistyped it? You may correct your nickname once.",
	"class.err.nick.dup":        "Another student of this class is already called %s. Choose another nickname.",
}

// The room the teacher sees: phones connected (holding a stream), across
// replicas, beside the students who answered.
var enClassPresence = map[string]string{
	"class.connected.one":     "%d phone connected",
	"class.connected.other":   "%d phones connected",
	"class.answers.connected": "answered %[1]d of %[2]d connected",
}
