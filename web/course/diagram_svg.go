package course

import (
	"fmt"
	"strings"

	"gaelab/web/i18n"
	"gaelab/web/svg"
)

// The diagram's geometry, in SVG user units.
const (
	diagramW     = 940
	diagramBoxW  = 560
	diagramBoxX  = (diagramW - diagramBoxW) / 2 // the chain of stages 1–6
	diagramBoxH  = 70
	diagramPitch = 96 // from one stage's top to the next one's
	diagramTop   = 56
)

// drawDiagram draws one PPO step in verl as a standalone SVG document in
// lang: stages 1–6 in a chain, then the critic's update (from the returns
// of stage 5) and the actor's (from the whitened advantages of stage 6) side
// by side. Every colour is currentColor, so it follows the page's theme; the
// title and description make it an image with a text alternative, and the
// page lists the same stages as text.
func drawDiagram(lang i18n.Lang, id string) []byte {
	t := lang.T
	var b strings.Builder
	n := len(diagramSteps)
	chain := n - 2
	h := diagramTop + chain*diagramPitch + diagramBoxH + 32
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-labelledby="%s-title %s-desc" class="diagram" font-family="system-ui, sans-serif" data-testid="diagram">`,
		diagramW, h, diagramW, h, id, id)
	fmt.Fprintf(&b, `<title id="%s-title">%s</title><desc id="%s-desc">%s</desc>`, id, svg.Escape(t("diagram.title")), id, svg.Escape(diagramDesc(lang)))
	b.WriteString(`<defs><marker id="` + id + `-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="currentColor"/></marker></defs>`)
	fmt.Fprintf(&b, `<text x="%d" y="28" font-size="15" fill="currentColor" text-anchor="middle">%s</text>`, diagramW/2, svg.Escape(t("diagram.shapes")))
	arrow := func(points string) {
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="currentColor" stroke-width="1.5" marker-end="url(#%s-arrow)"/>`, points, id)
	}
	for i := range chain {
		y := diagramTop + i*diagramPitch
		diagramBox(&b, lang, i, diagramBoxX, y, diagramBoxW)
		if i+1 < chain {
			arrow(fmt.Sprintf("%d,%d %d,%d", diagramW/2, y+diagramBoxH, diagramW/2, y+diagramPitch-2))
		}
	}
	y := diagramTop + chain*diagramPitch + 24
	half := (diagramW - 60) / 2
	diagramBox(&b, lang, n-2, 20, y, half)      // the critic, from the returns of GAE
	diagramBox(&b, lang, n-1, 40+half, y, half) // the actor, from the whitened advantages
	gaeMid := diagramTop + (chain-2)*diagramPitch + diagramBoxH/2
	arrow(fmt.Sprintf("%d,%d %d,%d %d,%d", diagramBoxX, gaeMid, diagramBoxX/2, gaeMid, diagramBoxX/2, y-2))
	last := diagramTop + (chain-1)*diagramPitch + diagramBoxH
	arrow(fmt.Sprintf("%d,%d %d,%d", 40+half+half/2, last, 40+half+half/2, y-2))
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// diagramBox draws stage i at (x, y), w wide: its number and title, who
// computes it, its tensors with their shape, and verl's function.
func diagramBox(b *strings.Builder, lang i18n.Lang, i, x, y, w int) {
	t := lang.T
	st := diagramSteps[i]
	fmt.Fprintf(b, `<g data-step="%s">`, st.Key)
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="none" stroke="currentColor" stroke-width="1.5"/>`, x, y, w, diagramBoxH)
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="15" font-weight="bold" fill="currentColor">%d. %s — %s</text>`,
		x+10, y+20, i+1, svg.Escape(t("diagram."+st.Key+".title")), svg.Escape(t("diagram."+st.Key+".who")))
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="13" font-family="ui-monospace, monospace" fill="currentColor">%s</text>`,
		x+10, y+40, svg.Escape(st.shapes(t)))
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="12" font-family="ui-monospace, monospace" fill="currentColor">%s</text>`,
		x+10, y+59, svg.Escape(st.fn))
	b.WriteString(`</g>`)
}

// diagramDesc is the drawing's description: every stage in order, in words.
func diagramDesc(lang i18n.Lang) string {
	t := lang.T
	var parts []string
	for i, st := range diagramSteps {
		parts = append(parts, fmt.Sprintf("%d. %s (%s): %s", i+1, t("diagram."+st.Key+".title"), t("diagram."+st.Key+".who"), st.shapes(t)))
	}
	return t("diagram.shapes") + " " + strings.Join(parts, "; ") + "."
}
