package i18n

// The live class's two views (the projected wall, the teacher's
// controls) and the ways into the controls without a key in a URL: the
// cookie, the one-time open link, the pairing code, the key form.
var enClassWall = map[string]string{
	"class.controls.heading":     "Class %s — controls",
	"class.controls.keep":        "These are your controls: do not project this page. Project the wall view instead; it shows no key and no form.",
	"class.wall.open":            "Open the wall view (for the projector)",
	"class.wall.join":            "Show how to join (QR code)",
	"class.wall.hide":            "Hide the QR code",
	"class.others":               "others",
	"class.pair.heading":         "Another device",
	"class.pair.button":          "Pair a phone for these controls",
	"class.pair.note":            "A pairing code works once, within %d minutes, and lets that phone use these controls.",
	"class.key.label":            "Teacher's key",
	"class.key.note":             "Keep it private. With the class code it opens these controls in any browser, on the page where classes start.",
	"class.pair.steps":           "On the phone, open %s (or scan this code) and type the pairing code below. It works once, within %d minutes.",
	"class.pair.back":            "Back to the controls",
	"class.pair.form":            "Open the controls of class %s",
	"class.pair.intro":           "Type the pairing code shown on the teacher's controls.",
	"class.pair.label":           "Pairing code (8 letters and digits)",
	"class.pair.submit":          "Pair",
	"class.enter.heading":        "Back to a class you started",
	"class.enter.intro":          "Type the class code and the teacher's key (shown on the controls under “Teacher's key”).",
	"class.enter.submit":         "Open the controls",
	"class.hop.next":             "Open the class's page",
	"class.err.open":             "This console link was already used or has expired: it works once, within %d seconds. Open the controls with the class code and the teacher's key on /class instead.",
	"class.err.pair":             "This pairing code is wrong, used or expired. Show a new one on the teacher's controls and type it here.",
	"class.err.enter":            "The class code or the teacher's key is wrong, or the class has ended. Check both and send them again.",
	"class.queue.heading":        "Question queue",
	"class.queue.add":            "Add to the queue",
	"class.queue.empty":          "No question queued. Prepare them before class: pick a lesson question above and add it to the queue.",
	"class.queue.next":           "Next: %s",
	"class.queue.clear":          "Empty the queue",
	"class.err.flow.queue.full":  "The queue holds at most %d questions.",
	"class.err.flow.queue.empty": "The queue is empty: add questions to it first.",
}
