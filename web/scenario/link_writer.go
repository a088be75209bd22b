package scenario

import (
	"slices"
	"strings"

	"gaelab/engine"
)

// LinkWriter writes a canonical link's query: "v=<version>&p=<preset>",
// then "&key=value" for each parameter that differs from the preset. The
// playground's and the batch's codecs both write through it.
type LinkWriter struct{ b strings.Builder }

// NewLinkWriter starts the link of a state with the given preset id: v=1
// when the state names no verl release, else v=3, or v=2 for a state that
// keeps a v=2 link's meaning (link, see WrittenVersion).
func NewLinkWriter(release, link, preset string) *LinkWriter {
	w := &LinkWriter{}
	w.b.WriteString("v=" + WrittenVersion(release, link) + "&p=" + EscapeValue(preset))
	return w
}

// Text writes key=mine, escaped, when it differs from the preset's text.
func (w *LinkWriter) Text(key, mine, preset string) {
	if mine != preset {
		w.Add(key, EscapeValue(mine))
	}
}

// Add writes key=value; value is written as it is (escape it first).
func (w *LinkWriter) Add(key, value string) {
	w.b.WriteByte('&')
	w.b.WriteString(key)
	w.b.WriteByte('=')
	w.b.WriteString(value)
}

// Number writes key=mine when it differs from the preset's value.
func (w *LinkWriter) Number(key string, mine, preset float64) {
	if mine != preset {
		w.Add(key, FormatNumber(mine))
	}
}

// Version writes ver=: a v=2 or v=3 state always names its concrete release; a
// v=1 state names its GAE version when it differs from the preset's.
func (w *LinkWriter) Version(release string, mine, preset engine.Version) {
	switch {
	case release != "":
		w.Add("ver", EscapeValue(release))
	case mine != preset:
		w.Add("ver", VersionParam(mine))
	}
}

// String is the query written so far.
func (w *LinkWriter) String() string { return w.b.String() }

// ExtendLink continues the canonical link of an encoded state (Encode's
// output) with a view's own parameters, written by the same methods.
func ExtendLink(state string) *LinkWriter {
	w := &LinkWriter{}
	w.b.WriteString(state)
	return w
}

// Numbers writes key=a,b,… (each FormatNumber) when mine differs from def,
// as the views write their per-token lists.
func (w *LinkWriter) Numbers(key string, mine, def []float64) {
	if slices.Equal(mine, def) {
		return
	}
	parts := make([]string, len(mine))
	for i, x := range mine {
		parts[i] = FormatNumber(x)
	}
	w.Add(key, strings.Join(parts, ","))
}
