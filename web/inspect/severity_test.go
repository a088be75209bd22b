package inspect

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gaelab/engine"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// TestSeverityTable: every finding kind the checker makes has a row, and
// the release decides where the table says it does.
func TestSeverityTable(t *testing.T) {
	for _, k := range []string{RewardKLMismatch, NonFiniteMasked, string(engine.SanityMassPastMask), string(engine.SanityScoreNotLast),
		string(engine.SanityValuesMasked), string(engine.SanityValuesShifted)} {
		if !slices.Contains(FindingKinds(), k) {
			t.Errorf("%s has no severity", k)
		}
	}
	for _, c := range []struct {
		kind string
		g    engine.Generation
		want string
	}{
		{RewardKLMismatch, engine.G01, Blocking}, {NonFiniteMasked, engine.G12, Note},
		{string(engine.SanityMassPastMask), engine.G05, Note}, {string(engine.SanityMassPastMask), engine.G06, Blocking},
		{string(engine.SanityValuesMasked), engine.G01, Blocking}, {string(engine.SanityValuesMasked), engine.G12, Blocking},
		{"a_kind_not_in_the_table", engine.G12, Blocking},
	} {
		if got := SeverityOf(c.kind, c.g); got != c.want {
			t.Errorf("%s at %s: %s, want %s", c.kind, c.g, got, c.want)
		}
	}
}

// TestVerdictAPI: POST /api/v1/inspect's top-level verdict and blocking
// follow the findings, allow= accepts a kind, and an unknown kind is a 400
// naming allow.
func TestVerdictAPI(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "verl_reward_v0.9.0_type.npz"))
	if err != nil {
		t.Fatal(err)
	}
	h := Handler(1 << 20)
	post := func(query string) (int, Answer, string) {
		rec := httptest.NewRecorder()
		h(rec, httptest.NewRequest(http.MethodPost, "/api/v1/inspect"+query, bytes.NewReader(data)))
		var ans Answer
		json.Unmarshal(rec.Body.Bytes(), &ans)
		return rec.Code, ans, rec.Body.String()
	}
	code, ans, body := post("")
	if code != 200 || ans.Verdict != VerdictNotExact || !slices.Equal(ans.Blocking, []string{RewardKLMismatch}) || ans.Reward == nil || ans.Reward.FitBy == nil || ans.Reward.FitBy.KLPenalty != "kl" {
		t.Errorf("%d %+v %+v %.300s", code, ans.Verdict, ans.Blocking, body)
	}
	if e := ans.Check.Advantages.ExplainedBy; e == nil || *e != "exact" {
		t.Errorf("advantages explained by %v, want exact (they follow the file's rewards)", e)
	}
	if code, ans, body = post("?allow=" + RewardKLMismatch); code != 200 || ans.Verdict != VerdictExact || len(ans.Blocking) != 0 || !slices.Equal(ans.Config.Allow, []string{RewardKLMismatch}) {
		t.Errorf("allow: %d %s %v %.300s", code, ans.Verdict, ans.Blocking, body)
	}
	if code, _, body = post("?allow=nope"); code != 400 || !strings.Contains(body, `"field":"allow"`) {
		t.Errorf("allow=nope: %d %s", code, body)
	}
	// verl's own reward, as its config says: exact.
	data, _ = os.ReadFile(filepath.Join("testdata", "verl_reward_v0.9.0_ok.npz"))
	if code, ans, body = post(""); code != 200 || ans.Verdict != VerdictExact {
		t.Errorf("ok: %d %s %.300s", code, ans.Verdict, body)
	}
}

// TestVerdictView: the page's verdict notes open with the verdict and the
// blocking kinds, in both languages; findings stored before the verdict
// existed show none.
func TestVerdictView(t *testing.T) {
	a := mustLoad(t, "verl_reward_v0.9.0_off.npz", "")
	for lang, want := range map[i18n.Lang][]string{
		i18n.En: {"Verdict: not exact.", "Blocking findings: reward_kl_mismatch. If you expect one, add allow=reward_kl_mismatch"},
		i18n.Zh: {"结论：不一致。", "阻断性发现：reward_kl_mismatch。"},
	} {
		_, verdict, _ := inspectFindingsView(inspectRequest{lang: lang}, a.Findings())
		if len(verdict.Lines) < 2 || verdict.Lines[0] != want[0] || !strings.HasPrefix(verdict.Lines[1], want[1]) {
			t.Errorf("%s: %q", lang, verdict.Lines)
		}
	}
	old := a.Findings()
	old.Verdict, old.Blocking = "", nil
	if _, verdict, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, old); len(verdict.Lines) > 0 && strings.HasPrefix(verdict.Lines[0], "Verdict") {
		t.Errorf("stored findings without a verdict: %q", verdict.Lines)
	}
}

// TestVerdictStored: a view shared before the verdict existed (checker
// 24.2: no reward check, no verdict) keeps what it was shared with, and
// its stored note shows today's verdict and reward finding beside it.
func TestVerdictStored(t *testing.T) {
	a := mustLoad(t, "verl_reward_v0.9.0_beta.npz", "")
	ir := inspectRequest{lang: i18n.En}
	var v templates.InspectBatch
	v.Sanity, v.Verdict, v.Check = inspectFindingsView(ir, a.Findings())
	old := Findings{Checker: "24.2", Sanity: []Finding{}, Check: a.Check}
	showStored(&v, ir, old)
	stored := strings.Join(v.Stored.Lines, "\n")
	if !strings.Contains(stored, "24.2") || !strings.Contains(stored, "Verdict: not exact.") || !strings.Contains(stored, "Blocking findings: reward_kl_mismatch") {
		t.Errorf("stored notes:\n%s", stored)
	}
	if slices.ContainsFunc(v.Verdict.Lines, func(l string) bool { return strings.HasPrefix(l, "Verdict") }) {
		t.Errorf("the view shows today's verdict as the stored one: %q", v.Verdict.Lines)
	}
}

// TestFitOutOfRange: a lead whose fitted γ or λ no config can set is a
// blocking finding naming it (a run that whitened its returns fits
// γ ≈ 1.26); a fit inside [0, 1] is none.
func TestFitOutOfRange(t *testing.T) {
	a := mustLoad(t, "whitened_returns.npz", "")
	f := finding(a, FitOutOfRange)
	if f == nil || f.Tensor != "gamma" || f.Value <= 1 || !slices.Contains(a.Blocking, FitOutOfRange) {
		t.Fatalf("finding %+v, blocking %v", f, a.Blocking)
	}
	sanity, _, _ := inspectFindingsView(inspectRequest{lang: i18n.En}, a.Findings())
	if !strings.Contains(strings.Join(sanity.Lines, "\n"), "The lead's fitted gamma = 1.26") {
		t.Errorf("notes %q", sanity.Lines)
	}
	if f := finding(mustLoad(t, "gen_wrong_lambda.safetensors", ""), FitOutOfRange); f != nil {
		t.Errorf("λ = 0.9 fitted: %+v", f)
	}
}

// TestCandidatesOnReleaseLoop: a named bug on a release with the plain
// loop, in a multi-turn batch where the loops differ (verl v0.2's own GAE
// with whitened returns, web/verify/inverl/make_loop.py), is explained by
// that bug: the candidates are built on the chosen release's loop, not
// the newest's.
func TestCandidatesOnReleaseLoop(t *testing.T) {
	a := mustLoad(t, "verl_loop_v0.2_whitened_returns.npz", "")
	if got := explained(a.Check.Returns); got != "whitened-returns" {
		t.Errorf("returns explained by %q, want whitened-returns (tried %+v)", got, a.Check.Returns.Tried)
	}
	if explained(a.Check.Advantages) != "exact" || a.Verdict != VerdictNotExact {
		t.Errorf("advantages %s, verdict %s", explained(a.Check.Advantages), a.Verdict)
	}
}
