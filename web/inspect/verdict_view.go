package inspect

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"gaelab/templates"
	"gaelab/web/i18n"
)

// The batch view's verdict: what the tensors show before any GAE
// (Finding), every release that reproduces the upload
// (ReleaseFit) and the lead when something is unexplained
// (Lead), each in the page's language.

// inspectSanityView lists the sanity findings with their cells [row, t].
func inspectSanityView(t func(string, ...any) string, findings []Finding) templates.InspectNotes {
	n := templates.InspectNotes{ID: "inspect-sanity", Heading: t("inspect.sanity.heading")}
	for _, f := range findings {
		cells := make([]string, len(f.Cells))
		for k, c := range f.Cells {
			cells[k] = fmt.Sprintf("[%d, %d]", c[0], c[1])
		}
		list := strings.Join(cells, ", ")
		if f.Count > len(f.Cells) {
			list += ", …"
		}
		var line string
		switch f.Kind {
		case "values_shifted", "values_shifted_in_groups":
			line = t("inspect.sanity."+f.Kind, f.Tensor, inum(f.Value), list)
		case WhiteningStatsDiffer:
			if len(f.Fit) == 4 {
				line = t("inspect.sanity."+f.Kind, f.Tensor, inum(f.Fit[0]), inum(f.Fit[1]), inum(f.Fit[2]), inum(f.Fit[3]))
			}
		case SingletonGroups, EveryGroupSingleton:
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, int(f.Value), list)
		case UIDMisaligned:
			if len(f.Keys) == 1 {
				line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, inum(f.Value), t("inspect.grouping."+f.Keys[0]), list)
			}
		case GammaFitted:
			if len(f.Fit) == 3 {
				line = t("inspect.sanity."+f.Kind, f.Tensor, inum(f.Fit[0]), inum(f.Fit[1]), inum(f.Fit[2]))
			}
		case PopulationStd:
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, inum(f.Value))
		case ConfigIgnored:
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, strings.Join(f.Keys, ", "))
		case MaskCheckSkipped:
			line = t("inspect.sanity."+f.Kind, f.Tensor)
		case FitOutOfRange, KLCoefDrifted:
			line = t("inspect.sanity."+f.Kind, f.Tensor, inum(f.Value))
		case "values_where_masked":
			rule := "inspect.critic.unknown" // a finding shared before checker 37.3
			if f.Rule != "" {
				rule = "inspect.critic." + f.Rule
			}
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, inum(f.Value), list, t(rule))
		case "mass_where_masked", RewardKLMismatch:
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, inum(f.Value), list)
		default:
			line = t("inspect.sanity."+f.Kind, f.Tensor, f.Count, list)
		}
		n.Lines = append(n.Lines, line)
	}
	return n
}

// inspectVerdictView says which releases reproduce the upload and, when
// something is unexplained, the fitted lead.
func inspectVerdictView(t func(string, ...any) string, c *Check) templates.InspectNotes {
	n := templates.InspectNotes{ID: "inspect-verdict", Heading: t("inspect.verdict.heading")}
	if c == nil {
		return n
	}
	if r := c.Releases; r != nil {
		switch {
		case r.Every:
			n.Lines = append(n.Lines, t("inspect.verdict.every"))
		case len(r.ExactFor) == 0:
			n.Lines = append(n.Lines, t("inspect.verdict.none", strings.Join(r.NotFor, ", ")))
		default:
			n.Lines = append(n.Lines, t("inspect.verdict.ranges", strings.Join(r.ExactFor, ", "), strings.Join(r.NotFor, ", ")))
		}
	}
	l := c.Fit
	if l == nil {
		return n
	}
	opt := func(x *float64, missing string) string {
		if x == nil {
			return t(missing)
		}
		return inum(*x)
	}
	n.Lines = append(n.Lines, t("inspect.fit.params", l.Tokens, t("inspect.fit.loop."+l.Loop),
		opt(l.GammaLam, "inspect.fit.not_identifiable"), opt(l.Gamma, "inspect.fit.not_identifiable"),
		opt(l.Lam, "inspect.fit.not_identifiable"), opt(l.KLCoef, "inspect.fit.beta_not"), inum(l.Residual)))
	if len(l.Whitening) > 0 {
		items := make([]string, len(l.Whitening))
		for k, w := range l.Whitening {
			items[k] = t("inspect.fit.white_item", t("inspect.fit.white."+w.ID), inum(w.MaxAbsDiff))
		}
		n.Lines = append(n.Lines, t("inspect.fit.whitening", strings.Join(items, "; ")))
	}
	if l.WhitenedBy != nil {
		n.Lines = append(n.Lines, t("inspect.fit.whitened_by", t("inspect.fit.white."+*l.WhitenedBy)))
	}
	if l.LookAtWhitening {
		n.Lines = append(n.Lines, t("inspect.fit.look_at_whitening"))
	}
	return n
}

// RewardLines are the reward check and its fit as the page words them (the
// CLI prints the same lines); none without a reward check.
func RewardLines(t func(string, ...any) string, rc *RewardCheck) []string {
	if rc == nil {
		return nil
	}
	var lines []string
	if rc.KLCoef != 0 {
		lines = append(lines, t("inspect.reward.config", rc.KLPenalty, inum(rc.KLCoef), inum(rc.MaxAbsDiff), inum(rc.Tolerance)))
	} else {
		lines = append(lines, t("inspect.reward.config_off", inum(rc.MaxAbsDiff), inum(rc.Tolerance)))
	}
	if len(rc.Fits) == 0 {
		return lines
	}
	best, key := rc.Fits[0], "inspect.reward.fit"
	if rc.FitBy == nil {
		key = "inspect.reward.fit_none"
	}
	if best.KLPenalty == "" {
		return append(lines, t(key+"_scores", inum(best.MaxAbsDiff)))
	}
	return append(lines, t(key, best.KLPenalty, inum(best.KLCoef), inum(best.MaxAbsDiff)))
}

// VerdictLines are the verdict as the page words it (the CLI prints the
// same): exact, not exact or nothing to check, the blocking kinds and the
// allowed ones (allow, as the link gives it); none for findings stored
// before checker 37.1, which had no verdict.
func VerdictLines(t func(string, ...any) string, f Findings, allow string) []string {
	if f.Verdict == "" {
		return nil
	}
	lines := []string{t("inspect.verdict." + f.Verdict)}
	if len(f.Blocking) > 0 {
		lines = append(lines, t("inspect.verdict.blocking", strings.Join(f.Blocking, ", "), f.Blocking[0], f.Blocking[0]))
	}
	if allow != "" {
		lines = append(lines, t("inspect.verdict.allowed", allow))
	}
	return lines
}

// NoteLines are the page's notes on f in lang, what the tensors show then
// the verdict, the releases and the fit, as the batch view shows them;
// gaelab inspect prints them. allow is the allow= the verdict was given.
func NoteLines(lang i18n.Lang, f Findings, allow string) []string {
	ir := inspectRequest{lang: lang, config: url.Values{}}
	if allow != "" {
		ir.config.Set("allow", allow)
	}
	sanity, verdict, _ := inspectFindingsView(ir, f)
	return slices.Concat(sanity.Lines, verdict.Lines)
}
