package update

import (
	"math"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/page"
	"gaelab/web/play"
	"gaelab/web/scenario"
)

// The parts of /update/actor that follow the release's clip parameters
// (v=3): one clip_ratio before ClipLowHigh, no clip_ratio_c before
// DualClip, no log-ratio clamp before LogRatioClamp.

// notInRelease reports clip_high= and c= in a link of a release that has
// no such parameter (they are left out of its canonical link), unless they
// hold the default, as the form of a v=1 or v=2 state sends them.
func (v *actorView) notInRelease() {
	for _, p := range []struct {
		key string
		id  engine.ChangeID
		def float64
	}{{"clip_high", engine.ClipLowHigh, actorDefaultClip}, {"c", engine.DualClip, actorDefaultC}} {
		raw, ok := v.own.Q[p.key]
		if !ok || v.has(p.id) {
			continue
		}
		if x, problem := scenario.ParseNumber(raw[0]); problem == "" && x == p.def {
			continue
		}
		v.Req.Rep.Warn("update.release.not_in", v.since(p.id), p.key, raw[0])
	}
}

// clipFields are the form's clip settings, as the view's policy loss has them.
func (v actorView) clipFields() []templates.Field {
	if !v.has(engine.ClipLowHigh) {
		f := v.field("clip", v.T("update.clip_one"), scenario.FormatNumber(v.clip.Low))
		f.Help = v.T("update.clip_one.help")
		return []templates.Field{f}
	}
	low := v.field("clip", v.T("update.clip"), scenario.FormatNumber(v.clip.Low))
	high := v.field("clip_high", v.T("update.clip_high"), scenario.FormatNumber(v.clip.High))
	low.Help, high.Help = v.T("update.clip.help"), v.T("update.clip_high.help")
	fs := []templates.Field{low, high}
	if v.has(engine.DualClip) {
		c := v.field("c", v.T("update.c"), scenario.FormatNumber(v.clip.C))
		c.Help = v.T("update.c.help")
		fs = append(fs, c)
	}
	return fs
}

// termRows are the table's per-token terms of the loss; the dual clip's
// rows only where the loss has it.
func (v actorView) termRows(a actorLoss) []templates.Row {
	pt := a.terms
	rows := []templates.Row{
		v.numberRow("logratio", v.T("update.row.logratio"), "negative_approx_kl", "", pt.LogRatio[0]),
		v.numberRow("ratio", v.T("update.row.ratio"), "ratio", "", pt.Ratio[0]),
		v.numberRow("adv", v.T("update.row.adv"), "advantages", "q-whitened", a.adv),
		v.numberRow("p1", v.T("update.row.p1"), "pg_losses1", "", pt.Losses1[0]),
		v.numberRow("p2", v.T("update.row.p2"), "pg_losses2", "", pt.Losses2[0]),
	}
	if pt.Losses3 != nil {
		caps := make([]templates.Cell, len(a.adv)) // −A·c is used only where A < 0
		for t, x := range a.adv {
			caps[t] = templates.Cell{T: t, Text: "—", Class: play.MaskClass(v.S.Tokens[t].Kind)}
			if x < 0 {
				caps[t].Text = page.Num(pt.Losses3[0][t])
			}
		}
		rows = append(rows, templates.Row{ID: "p3", Label: v.T("update.row.p3"), Code: "pg_losses3", Cells: caps})
	}
	rows = append(rows,
		v.numberRow("ploss", v.T("update.row.ploss"), "pg_losses", "", pt.Final[0]),
		v.flagRow("pclipped", v.T("update.row.pclipped"), "pg_losses2 > pg_losses1", pt.Clipped[0], v.T("update.clipped"), v.T("update.no")))
	if pt.DualClipped != nil {
		rows = append(rows, v.flagRow("dual", v.T("update.row.dual"), "A < 0 and max(…) > pg_losses3", pt.DualClipped[0], v.T("update.capped"), v.T("update.no")))
	}
	return rows
}

// since0 is the range of releases around v0.2 that agree with it on
// change id (the early block's numbers).
func (v actorView) since0(id engine.ChangeID) string { return engine.StableLabel(engine.G01, id) }

// ratio1Note explains a loss of about 0 at ratio 1: exact division by the
// token count, or by the count + 1e-8 in the releases whose token-mean has
// masked_mean's ε (v0.3.0.post0–v0.6.1).
func (v actorView) ratio1Note() templates.Rich {
	label := engine.StableLabel(v.gen, engine.AggModeChanges(engine.TokenMean)...)
	if v.gen.Has(engine.MaskedMeanEps) && !v.gen.Has(engine.TokenMeanNoEps) {
		return v.HTML("update.release.ratio1_eps", label)
	}
	return v.HTML("update.actor.ratio1", label)
}

// advNote says where the advantages come from.
func (v actorView) advNote() templates.Rich {
	switch {
	case !v.whole() && v.advTyped:
		return v.HTML("update.actor.adv_typed")
	case !v.whole():
		return v.HTML("update.actor.adv_note")
	case v.advTyped:
		return v.HTML("update.release.adv_typed", engine.StableLabel(v.gen, engine.WhitenedGAEChanges...))
	}
	return v.HTML("update.release.adv_note", engine.StableLabel(v.gen, engine.WhitenedGAEChanges...), engine.StableLabel(v.gen, engine.PolicyLossChanges(engine.TokenMean)...))
}

// releaseNotes say what the release's policy loss lacks that v0.9.0's has:
// none for v0.9.0's losses.
func (v actorView) releaseNotes() []templates.Rich {
	notes := v.modesNote()
	for _, c := range []struct {
		id  engine.ChangeID
		key string
	}{{engine.ClipLowHigh, "update.release.one_clip"}, {engine.DualClip, "update.release.no_dual"}, {engine.LogRatioClamp, "update.release.no_clamp"}} {
		if !v.has(c.id) {
			tag, pr := arrival(c.id)
			notes = append(notes, v.HTML(c.key, v.since(c.id), tag, pr))
		}
	}
	return notes
}

// editNotice says which of the page's numbers its v=3 state computes
// differently (play/edit.go): the advantages and the losses.
func (v actorView) editNotice(a actorLoss) []string {
	if v.whole() {
		return nil
	}
	e := actorOf(v.edited())
	ea := e.Compute()
	return v.updateNotice(a.adv, ea.adv, v.T("update.row.adv"), a.numbers(), ea.numbers(), "pg_loss")
}

// numbers are the loss and metrics of every mode shown (NaN where there
// is none).
func (a actorLoss) numbers() map[engine.AggMode][]float64 {
	xs := map[engine.AggMode][]float64{}
	for i, l := range a.modes {
		if a.modeErrs[i] != nil {
			l = engine.PolicyLoss{Loss: math.NaN(), ClipFrac: math.NaN(), PPOKL: math.NaN()}
		}
		xs[a.modeNames[i]] = []float64{l.Loss, l.ClipFrac, l.PPOKL}
	}
	return xs
}
