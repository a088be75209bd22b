package i18n

// Presentation mode on a projector: the window of tokens, the QR overlay.
var enPlayPresent = map[string]string{
	"window.earlier":       "◀",
	"window.later":         "▶",
	"window.earlier.title": "Earlier tokens (%[1]s–%[2]s)",
	"window.later.title":   "Later tokens (%[1]s–%[2]s)",
	"qr.title":             "QR code of this page",
	"qr.scan":              "Scan to open this page on your phone (as a learner sees it: no presentation mode, nothing hidden).",
	"qr.close":             "Close",
	"qr.loopback":          "Phones cannot open this link: %[1]s is this computer's own (loopback) address. Restart the server with gaelab -addr 0.0.0.0:%[2]s so that the room can reach it (or set -public-url behind a proxy).",
	"qr.loopback.use":      "Then open this page on one of this machine's network addresses:",
	"qr.loopback.none":     "This machine has no network address phones could use: connect it to the room's network first.",
}
