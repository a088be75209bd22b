package i18n

// The English messages of the playground's direct manipulation: the
// accessible names of the draggable marks (static/edit.js makes them ARIA
// sliders) and the in-place cell editor.
var enPlayDrag = map[string]string{
	"drag.value": "V(s%[1]s)",
	"drag.score": "score of token %[1]s",
	"edit.cell":  "New value of %[1]s",
}
