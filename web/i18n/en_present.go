package i18n

// Presentation mode on a projector: the window of tokens, the QR overlay.
var enPresent = map[string]string{
	"window.earlier":       "◀",
	"window.later":         "▶",
	"window.earlier.title": "Earlier tokens (%[1]s–%[2]s)",
	"window.later.title":   "Later tokens (%[1]s–%[2]s)",
}
