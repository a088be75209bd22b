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

// A join that needs the room: the join word only the wall shows, the lock,
// and freeing the seats of students who answered nothing.
var enClassAdmit = map[string]string{
	"class.flow.word.on":      "Ask for the join word (shown on the wall only)",
	"class.flow.word.off":     "Stop asking for the join word",
	"class.flow.word.hint":    "With it, a phone takes a seat only by typing the 4 digits on the wall: a script that has not seen the wall gets none.",
	"class.flow.lock.on":      "Lock joining",
	"class.flow.lock.off":     "Open joining again",
	"class.flow.prune":        "Remove all seats without an answer",
	"class.flow.word.label":   "Join word (the 4 digits on the projector)",
	"class.flow.word.send":    "Join",
	"class.flow.word.first":   "Type the join word shown on the projector to join this class.",
	"class.wall.word":         "Join word: %s",
	"class.err.word":          "That is not this class's join word. Look at the projector and type its 4 digits.",
	"class.err.word.first":    "Type the join word shown on the projector first; then you can answer.",
	"class.err.locked":        "Joining this class is locked: no new students now.",
	"class.flow.seated.one":   "%d student seated: remove one",
	"class.flow.seated.other": "%d students seated: remove one",
	"class.flow.seat.nick":    "%s (%s)",
	"class.flow.remove":       "Remove",
	"class.err.student":       "No student %s in this class.",
}
