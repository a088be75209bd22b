package course_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"gaelab/engine"
	"gaelab/lessons"
	"gaelab/lessons/glossary"
	"gaelab/web/course"
	"gaelab/web/i18n"
	"gaelab/web/page"
	"gaelab/web/webtest"
)

// plainOf is the text of trusted HTML with its whitespace collapsed, as a
// reader sees it (MathML reads as its characters).
func plainOf(html string) string {
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		return html
	}
	doc.Find("annotation").Remove()
	return strings.Join(strings.Fields(doc.Text()), " ")
}

// lessonText is the whole text of a lesson as the page shows it: prose,
// collapsed notes and every question with its options, diagnoses, hints,
// derivations and explanations.
func lessonText(t *testing.T, lang, slug string) string {
	t.Helper()
	l, _, _ := lessons.Embedded().Lesson(lang, slug)
	if l == nil {
		t.Fatalf("no lesson %s/%s", lang, slug)
	}
	var b strings.Builder
	for _, s := range lessonTexts(l) {
		b.WriteString(s + "\n")
	}
	return plainOf(b.String())
}

// lessonTexts are the pieces of trusted HTML a lesson shows, in order.
func lessonTexts(l *lessons.Lesson) []string {
	var out []string
	for _, p := range l.Parts {
		out = append(out, p.HTML)
		if p.Details != nil {
			out = append(out, p.Details.HTML)
		}
		if q := p.Predict; q != nil {
			out = append(out, q.Question, q.Hint, q.Derivation)
			for _, w := range q.Wrong {
				out = append(out, w.Text)
			}
		}
		if c := p.Choice; c != nil {
			out = append(out, c.Question, c.Explain)
			for _, o := range c.Options {
				out = append(out, o.Text, o.Diagnosis)
			}
		}
	}
	return out
}

// choiceByID and predictByID find a lesson's question by its id.
func choiceByID(t *testing.T, lang, slug, id string) *lessons.Choice {
	t.Helper()
	l, _, _ := lessons.Embedded().Lesson(lang, slug)
	for _, p := range l.Parts {
		if p.Choice != nil && p.Choice.ID == id {
			return p.Choice
		}
	}
	t.Fatalf("%s/%s: no choice %s", lang, slug, id)
	return nil
}

func predictByID(t *testing.T, lang, slug, id string) *lessons.Predict {
	t.Helper()
	l, _, _ := lessons.Embedded().Lesson(lang, slug)
	for _, p := range l.Parts {
		if p.Predict != nil && p.Predict.ID == id {
			return p.Predict
		}
	}
	t.Fatalf("%s/%s: no predict %s", lang, slug, id)
	return nil
}

// tokenList writes token indexes as a lesson does: "t = 3, 4 and 5" or
// "t = 3、4、5".
func tokenList(lang string, ts []int) string {
	s := make([]string, len(ts))
	for i, x := range ts {
		s[i] = strconv.Itoa(x)
	}
	if lang == "zh" {
		return "t = " + strings.Join(s, "、")
	}
	if len(s) == 1 {
		return "t = " + s[0]
	}
	return "t = " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// Issue 25, error 2: in the pipeline preset whitening makes every token
// below the mean negative, not only EOS; ppo-step names them all.
func TestPPOStepNamesEveryNegativeWhitenedToken(t *testing.T) {
	var neg []int
	for i, w := range row(t, "p=pipeline", "white") {
		if w < 0 {
			neg = append(neg, i)
		}
	}
	if len(neg) < 2 {
		t.Fatalf("pipeline: negative whitened tokens %v: the lesson's point needs several", neg)
	}
	for _, lang := range lessons.Langs {
		want := tokenList(lang, neg)
		if ex := plainOf(choiceByID(t, lang, "ppo-step", "whiten-returns").Explain); !strings.Contains(ex, want) {
			t.Errorf("%s: whiten-returns' explanation does not name the negative tokens %q: %s", lang, want, ex)
		}
		if text := lessonText(t, lang, "ppo-step"); strings.Count(text, want) < 2 {
			t.Errorf("%s: ppo-step's prose after the widget does not name the negative tokens %q", lang, want)
		}
	}
}

// Issue 25, error 3: verl builds the returns from the raw advantages; the
// diagnosis says what the bugs view says: an easy mistake, not one verl
// shipped.
func TestWhitenedReturnsNotShipped(t *testing.T) {
	adv, v, ret := row(t, "p=pipeline", "adv"), row(t, "p=pipeline", "value"), row(t, "p=pipeline", "ret")
	for i := range ret {
		if !near(ret[i], adv[i]+v[i], 1e-12) {
			t.Fatalf("pipeline: returns[%d] = %v is not the raw advantage + value %v", i, ret[i], adv[i]+v[i])
		}
	}
	for _, lang := range lessons.Langs {
		story, _, _ := strings.Cut(i18n.Lang(lang).T("bug.whitened-returns.story"), ":")
		story, _, _ = strings.Cut(story, "：")
		for _, o := range choiceByID(t, lang, "ppo-step", "whiten-returns").Options {
			if o.Right || !strings.Contains(o.Diagnosis, "advantages + values") {
				continue
			}
			if !strings.Contains(strings.ToLower(plainOf(o.Diagnosis)), strings.ToLower(story)) {
				t.Errorf("%s: the diagnosis does not say, as the bugs view does, %q: %s", lang, story, plainOf(o.Diagnosis))
			}
		}
	}
}

// Issue 25, error 4: from v0.4.0 the KL enters the reward only with
// use_kl_in_reward, off by default; the glossary's reward and the diagram
// say so.
func TestRewardIsTheScoreByDefault(t *testing.T) {
	if engine.UseKLInReward(engine.LastGeneration, false, false) || !engine.UseKLInReward(engine.FirstGeneration, false, false) {
		t.Fatal("the engine no longer says: KL in the reward by default in v0.2, not in the newest")
	}
	reward, _ := glossary.Lookup("reward")
	for _, lang := range lessons.Langs {
		for what, s := range map[string]string{"glossary": reward.Def(lang), "diagram": i18n.Lang(lang).T("diagram.rewards.who")} {
			if !strings.Contains(s, "use_kl_in_reward") {
				t.Errorf("%s %s: the reward does not say the KL needs use_kl_in_reward: %s", lang, what, s)
			}
		}
	}
}

// Issue 25, error 5: at λ = 0.95 the weights (γλ)^k have an effective
// horizon 1/(1−γλ) = 20 tokens and δ₀ carries about 5 % of them; the
// lesson states both, as the engine computes them.
func TestHorizonEffectiveHorizon(t *testing.T) {
	const T, lam = 512, 0.95
	r, v, m := make([]float64, T), make([]float64, T), make([]float64, T)
	for i := range r {
		r[i], m[i] = 1, 1 // every δ_k = 1, so A_0 = Σ_k (γλ)^k, δ₀'s weight being 1
	}
	a0 := engine.GAE(engine.LastGeneration, [][]float64{r}, [][]float64{v}, [][]float64{m}, 1, lam).Advantages[0][0]
	h, share := int(math.Round(a0)), int(math.Round(100/a0))
	if h != int(math.Round(1/(1-lam))) {
		t.Fatalf("the engine's Σ(γλ)^k = %v, not 1/(1−γλ)", a0)
	}
	for _, lang := range lessons.Langs {
		text := lessonText(t, lang, "horizon")
		want := map[string][]string{
			"en": {fmt.Sprintf("effective horizon of %d tokens", h), fmt.Sprintf("about %d %% of the weight", share)},
			"zh": {fmt.Sprintf("有效视野是 %d 个 token", h), fmt.Sprintf("大约 %d %% 的权重", share)},
		}[lang]
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: horizon does not say %q", lang, w)
			}
		}
		for _, wrong := range []string{"is mostly δ", "基本上就是"} {
			if strings.Contains(text, wrong) {
				t.Errorf("%s: horizon still says %q", lang, wrong)
			}
		}
	}
}

// Issue 25, error 6: verl pads a batch to the configured response_length,
// not to its longest response.
func TestBatchPaddedToResponseLength(t *testing.T) {
	batch, _ := glossary.Lookup("batch")
	for _, lang := range lessons.Langs {
		for what, s := range map[string]string{"glossary": batch.Def(lang), "real-batch": lessonText(t, lang, "real-batch")} {
			if !strings.Contains(s, "response_length") {
				t.Errorf("%s %s: the batch's width is not named response_length", lang, what)
			}
			for _, wrong := range []string{"padded to the longest", "填充到最长", "as wide as the longest", "和最长的回答一样宽"} {
				if strings.Contains(s, wrong) {
					t.Errorf("%s %s says %q", lang, what, wrong)
				}
			}
		}
	}
}

// Issue 25, error 7: G_t − V(s_t) is verl's raw advantage at λ = 1; the
// advantages tensor verl hands the actor is whitened.
func TestFoundationsRawAdvantage(t *testing.T) {
	adv, ret, v, white := row(t, "p=lambda-1", "adv"), row(t, "p=lambda-1", "ret"), row(t, "p=lambda-1", "value"), row(t, "p=lambda-1", "white")
	if !near(adv[0], ret[0]-v[0], 1e-12) || near(white[0], adv[0], 1e-6) {
		t.Fatalf("lambda-1: A₀ = %v, G₀ − V(s₀) = %v, whitened %v", adv[0], ret[0]-v[0], white[0])
	}
	for lang, want := range map[string]string{"en": "exactly verl's raw advantage", "zh": "恰好就是 verl 的原始优势"} {
		if !strings.Contains(lessonText(t, lang, "foundations"), want) {
			t.Errorf("%s: foundations does not say %q", lang, want)
		}
	}
}

// Issue 25, error 8: the last token's advantage is its δ for every λ, so
// the diagnosis names no λ = 1.
func TestLastAdvantageIsItsDeltaForEveryLambda(t *testing.T) {
	for _, lam := range []string{"0", "0.5", "0.95", "1"} {
		link := "p=seed-a&lam=" + lam
		a, d := row(t, link, "adv"), row(t, link, "delta")
		if n := len(a) - 1; !near(a[n], d[n], 1e-12) {
			t.Errorf("%s: A_{T−1} = %v, δ_{T−1} = %v", link, a[n], d[n])
		}
	}
	for lang, want := range map[string]string{"en": "for every λ", "zh": "无论 λ 是多少"} {
		for _, o := range choiceByID(t, lang, "horizon", "truncated-target").Options {
			if strings.Contains(o.Diagnosis, "R_{T-1}") || strings.Contains(o.Diagnosis, "<msub><mi>R</mi>") {
				if d := plainOf(o.Diagnosis); !strings.Contains(d, want) || strings.Contains(d, "λ = 1") {
					t.Errorf("%s: the diagnosis %q should hold %q and no λ = 1", lang, d, want)
				}
			}
		}
	}
}

// Issue 25, error 9: an exact critic makes every δ zero (as td-error says);
// the critic of misconceptions' question is wrong at s₄, and the diagnosis
// of "0" says so instead of denying it.
func TestMisconceptionsZeroDiagnosis(t *testing.T) {
	for _, d := range row(t, "p=perfect-critic", "delta") {
		if d != 0 {
			t.Fatalf("perfect-critic: δ = %v, want all 0", row(t, "p=perfect-critic", "delta"))
		}
	}
	q := predictByID(t, "en", "misconceptions", "delta-sign-perfect")
	if v, g := row(t, q.Link, "value")[4], row(t, "p=perfect-critic", "ret")[4]; v == g {
		t.Fatalf("%s: V(s₄) = %v is the true value: the question's critic is not wrong there", q.Link, v)
	}
	for lang, want := range map[string]string{"en": "wrong at s4", "zh": "在 s4 上错了"} {
		for _, w := range predictByID(t, lang, "misconceptions", "delta-sign-perfect").Wrong {
			if w.Answer != "0" {
				continue
			}
			if d := plainOf(w.Text); !strings.Contains(d, want) || strings.Contains(d, "not every δ") || strings.Contains(d, "而不是让每个 δ 都为零") {
				t.Errorf("%s: the diagnosis of 0 should say the critic is %q: %s", lang, want, d)
			}
		}
	}
}

// Issue 25, error 10: the glossary's whitening is over the whole batch,
// with the unbiased variance and ε inside the square root (as the engine
// computes it); a baseline must not depend on the action.
func TestGlossaryWhiteningAndBaseline(t *testing.T) {
	// Over the batch [0 2 | 4] (9 masked out): mean 2, unbiased variance 4
	// (the biased one, 8/3, would give −1.22).
	w, _, err := engine.Whiten(engine.LastGeneration, [][]float64{{0, 2}, {4, 9}}, [][]float64{{1, 1}, {1, 0}})
	if err != nil || !near(w[0][0], -1, 1e-6) {
		t.Fatalf("whitening [0 2 | 4]: %v (%v), want −1 (the unbiased variance over the whole batch)", w, err)
	}
	// [0, 1e-8]: ε = 1e-8 inside the root gives −5e-9/√(5e-17 + 1e-8) ≈ −5e-5;
	// outside it, −5e-9/(√5e-17 + 1e-8) ≈ −0.29.
	w, _, err = engine.Whiten(engine.LastGeneration, [][]float64{{0, 1e-8}}, [][]float64{{1, 1}})
	if want := -5e-9 / math.Sqrt(5e-17+1e-8); err != nil || math.Abs(w[0][0]/want-1) > 1e-3 {
		t.Fatalf("whitening [0, 1e-8]: %v (%v), want %v (ε inside the square root)", w, err, want)
	}
	white, _ := glossary.Lookup("whitening")
	base, _ := glossary.Lookup("baseline")
	for lang, want := range map[string][]string{
		"en": {"whole batch", "unbiased", "inside the square root", "must not depend on the action"},
		"zh": {"整个批次", "无偏", "平方根里面", "不能依赖动作"},
	} {
		def := white.Def(lang) + " " + base.Def(lang)
		for _, s := range want {
			if !strings.Contains(def, s) {
				t.Errorf("%s: the glossary's whitening and baseline do not say %q", lang, s)
			}
		}
	}
}

// Issue 25, error 11: after aggregation vf_loss and pg_loss are scalars, not
// [B, R]; the diagram has objectives and a recap like every lesson.
func TestDiagramLossesAreScalars(t *testing.T) {
	var _ float64 = engine.ValueLoss{}.Loss // the aggregated losses are one number
	var _ float64 = engine.PolicyLoss{}.Loss
	for _, lang := range lessons.Langs {
		doc := webtest.Page(t, "/lessons/diagram?lang="+lang)
		for _, key := range []string{"critic", "actor"} {
			drawn := doc.Find(`g[data-step="` + key + `"]`).Text()
			for _, loss := range []string{"vf_loss", "pg_loss"} {
				if strings.Contains(drawn, loss+" [B, R]") || strings.Contains(drawn, loss+" "+course.DiagramShape) {
					t.Errorf("%s: %s is drawn with the shape [B, R]", lang, loss)
				}
			}
			if !strings.Contains(drawn, i18n.Lang(lang).T("diagram.scalar")) {
				t.Errorf("%s: stage %s does not call its loss a scalar: %s", lang, key, drawn)
			}
		}
		if doc.Find(`[data-testid="objectives"] li`).Length() == 0 || doc.Find(`[data-testid="diagram-recap"] li`).Length() == 0 {
			t.Errorf("%s: the diagram has no objectives or no recap", lang)
		}
	}
}

// Issue 25, error 12: v0.2's masked_whiten takes eos_mask (renamed
// response_mask in v0.4.0).
func TestGAESnippetV02MaskName(t *testing.T) {
	for _, lang := range lessons.Langs {
		if text := lessonText(t, lang, "gae"); !strings.Contains(text, "masked_whiten(advantages, eos_mask)") {
			t.Errorf("%s: the v0.2 loop does not whiten with eos_mask", lang)
		}
	}
}

// Issue 25, error 13: lesson 1's reveal of G₀ names it the return G₀, not
// the table's "return Rₜ", and its worked answer is G₀ = r₀ + γr₁ + γ²r₂.
func TestFirstLessonRevealSaysG0(t *testing.T) {
	l := lessons.Embedded().Lessons("en")[0]
	for _, lang := range lessons.Langs {
		html, _ := webtest.Page(t, "/lessons/"+l.Slug+"/predict/discounted-return?lang="+lang+"&predict-discounted-return-reveal=1").Find(`[data-testid="reveal"]`).Html()
		text := plainOf(html)
		if !strings.Contains(text, "G₀ = "+page.Num(row(t, "p=lambda-1&gamma=0.9", "ret")[0])) || strings.Contains(text, "Rₜ") || strings.Contains(text, "A0+V") {
			t.Errorf("%s: the reveal reads %q", lang, text)
		}
	}
}
