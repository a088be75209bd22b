package i18n

// The live class in a real room (issue 40): nicknames unique per class
// with one correction, and the room the teacher sees and admits.
var enClassRoom = map[string]string{
	"class.flow.nick.fix":       "Correct my nickname (once)",
	"class.flow.nick.fix.label": "Mistyped it? You may correct your nickname once.",
	"class.err.nick.dup":        "Another student of this class is already called %s. Choose another nickname.",
}
