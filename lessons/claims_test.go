package lessons

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// claim is a fix of issue 36 to a lesson's text, in one language: what the
// lesson must say (a heading, a phrase) and the wrong sentences it must no
// longer say, each a regular expression over the lesson's whole source
// (prose, blocks, front matter).
type claim struct {
	file   string // "en/bellman-td-lambda.md"
	must   []string
	refuse []string
	why    string
}

var claims = []claim{
	// Issue 36 point 1: verl's loop computes the forward view by a
	// reverse-time recursion; TD(λ)'s backward view (eligibility traces)
	// runs forward in time and is described separately.
	{file: "en/bellman-td-lambda.md",
		must: []string{
			`(?m)^## Forward view, reverse-time recursion, and eligibility traces$`,
			`(?m)^### The backward view: eligibility traces$`,
			`by row`, `by column`, `offline`,
		},
		refuse: []string{`loop is that backward view`, `calls this\s+the backward view`, `the backward view as the O\(T\) way`},
		why:    "verl's lastgaelam loop is the forward view computed backwards, not TD(λ)'s backward view"},
	{file: "zh/bellman-td-lambda.md",
		must: []string{
			`(?m)^## 前向视角、逆时间递推与资格迹$`,
			`(?m)^### 反向视角：资格迹$`,
			`按行`, `按列`, `离线`,
		},
		refuse: []string{`循环就是这个反向视角`, `把它叫作带资格迹的反向视角`, `反向视角是 verl 的循环`},
		why:    "verl 的 lastgaelam 循环是用逆时间递推算出的前向视角，不是 TD(λ) 的反向视角"},
	// Issue 36 point 2: old log-probs are recomputed by the actor before the
	// update, not kept from sampling (seed 004's error).
	{file: "en/ppo-step.md",
		must:   []string{`Before the update the actor recomputes its log-prob`},
		refuse: []string{`when sampling \(old\)`, `(?i)old_log_probs?[^.\n]*from (the )?sampl`},
		why:    "old_log_probs are recomputed by the actor before the update"},
	{file: "zh/ppo-step.md",
		must:   []string{`更新之前 actor 重新算出它的对数概率`},
		refuse: []string{`采样时 actor 给它的对数概率`},
		why:    "old_log_probs 是 actor 在更新之前重新算的"},
	// Issue 36 point 9: with an exact critic and an LM's deterministic
	// transitions, δ is the true advantage of the token picked (in td-error
	// since the Bellman section moved there, "Bellman before TD").
	{file: "en/td-error.md",
		must:   []string{`= A\^\{\\pi\}\(s_t, a_t\)\$\s+exactly`},
		refuse: []string{`pure luck`},
		why:    "with an exact critic δₜ = A^π(sₜ, aₜ) exactly"},
	{file: "zh/td-error.md",
		must:   []string{`= A\^\{\\pi\}\(s_t, a_t\)\$，分毫不差`},
		refuse: []string{`纯属运气`},
		why:    "critic 精确时 δₜ = A^π(sₜ, aₜ)"},
	// Issue 36 point 10: the targets rise on average only over tokens that
	// cannot end the answer.
	{file: "en/misconceptions.md",
		must:   []string{`P\(\\text\{EOS\} \\mid s_t\)\\,\\mathbb\{E\}`, `only over tokens that cannot end the answer`},
		refuse: []string{`and there the answer is yes`, `So on\s+average the targets do rise`},
		why:    "at γ = 1, E[V(sₜ₊₁) − V(sₜ) | sₜ] = β·KLₜ − P(EOS | sₜ)·E[score | EOS]"},
	{file: "zh/misconceptions.md",
		must:   []string{`P\(\\text\{EOS\} \\mid s_t\)\\,\\mathbb\{E\}`, `只有在不能结束回答的 token 上`},
		refuse: []string{`而在平均上答案是肯定的`, `所以平均来说目标确实上升`},
		why:    "γ = 1 时 E[V(sₜ₊₁) − V(sₜ) | sₜ] = β·KLₜ − P(EOS | sₜ)·E[得分 | EOS]"},
	// Issue 36, low items (each in both languages).
	{file: "en/ppo-step.md", refuse: []string{"`ref_log_prob` enters either the rewards, as −β·KL, or the actor's KL loss\\.", `build it piece by piece`},
		must: []string{`either or both from v0\.4\.0`, `or neither`}, why: "ref_log_prob: either or both (from v0.4.0), or neither; the earlier lessons built GAE"},
	{file: "zh/ppo-step.md", refuse: []string{`要么以 −β·KL 进入奖励，要么进入 actor 的 KL 损失`, `两课会一块块把它搭起来`},
		must: []string{`两者都进，也可以都不进`}, why: "ref_log_prob：二者之一或两者（v0.4.0 起），或都不进"},
	{file: "en/whitening-and-masks.md", refuse: []string{`With λ = 1 \(and γ = 1\) it cancels`}, why: "the leak cancels at λ = 1 whatever γ"},
	{file: "zh/whitening-and-masks.md", refuse: []string{`λ = 1（且 γ = 1）时它会抵消`}, why: "λ = 1 时无论 γ 都抵消"},
	{file: "en/critic-free.md", must: []string{`which, with one outcome score and γ = 1, matters only`}, why: "REINFORCE++-baseline's recap keeps its qualifier"},
	{file: "zh/critic-free.md", must: []string{`在只有一个结果得分、γ = 1 时，这只在`}, why: "REINFORCE++-baseline 的小结保留前提"},
	{file: "en/foundations.md", refuse: []string{`With λ = 1`, `R-1-t`}, why: "lesson 1 does not use λ; T is the length"},
	{file: "zh/foundations.md", refuse: []string{`λ = 1 时`, `R-1-t`}, why: "第一课不用 λ；长度是 T"},
	{file: "en/gae.md", refuse: []string{`GAE paper's experiments`}, must: []string{`PPO paper's hyperparameter tables`}, why: "λ = 0.95 comes from the PPO paper's tables"},
	{file: "zh/gae.md", refuse: []string{`GAE 论文实验里常用`}, must: []string{`PPO 论文`}, why: "λ = 0.95 出自 PPO 论文的超参数表"},
	{file: "en/q-and-advantage.md", refuse: []string{`\p{Han}+\)?;`, `信用分配`}, why: "no Chinese inside an English explanation"},
	{file: "en/policy-gradient.md", refuse: []string{`R\(y\)`}, must: []string{`\\text\{score\}\(y\)`}, why: "R is the length elsewhere; the response's reward is score(y)"},
	{file: "zh/policy-gradient.md", refuse: []string{`R\(y\)`}, must: []string{`\\text\{得分\}\(y\)`}, why: "回复的得分写作 score(y)"},
	{file: "en/ppo-clipping.md", refuse: []string{`below a small δ,`, `The returns are wrong, so the critic is trained on bad targets`}, why: "TRPO's bound is not the TD error δ; no half-true wrong option"},
	{file: "zh/ppo-clipping.md", refuse: []string{`低于一个小的 δ，`, `回报算错了，所以 critic`}, why: "TRPO 的上界不是 TD 误差 δ；错误选项不半对"},
	{file: "en/critic-free.md", refuse: []string{"agree on `grpo-4` \\(one group\\) but not on `singleton` \\(two\\)"}, why: "the quiz cannot show the presets: the question describes them"},
	{file: "zh/critic-free.md", refuse: []string{"在 `grpo-4`（一个回复组）上一致"}, why: "测验里看不到预设：题目自己描述它们"},
	{file: "en/alignment.md", refuse: []string{`An open issue \(verl#1960\)`}, must: []string{`still open in August 2026 \(verl#1960\)`}, why: "a dated claim carries its date"},
	{file: "zh/alignment.md", refuse: []string{`至今未关闭的 issue`}, must: []string{`截至 2026 年 8 月`}, why: "有时效的说法带上日期"},
	{file: "en/misconceptions.md", refuse: []string{`verl#1960, still open\)`}, why: "a dated claim carries its date"},
	{file: "zh/misconceptions.md", refuse: []string{`verl#1960，至今未关闭`}, why: "有时效的说法带上日期"},
	{file: "en/horizon.md", refuse: []string{`is an\s+open request\.`, `verl still has one`}, why: "a dated claim carries its date"},
	{file: "zh/horizon.md", refuse: []string{`）仍是一个未实现的请求`, `至今仍只有`}, must: []string{`截至 2026 年 8 月仍是一个未实现的请求`}, why: "有时效的说法带上日期"},
	{file: "en/returns-and-critic.md", refuse: []string{`an open feature request`}, why: "a dated claim carries its date"},
	{file: "zh/returns-and-critic.md", refuse: []string{`设置 λ 还只是`}, must: []string{`截至 2026 年 8 月还只是`}, why: "有时效的说法带上日期"},
	// Issue 36, "PPO classics", each verl claim cited at a tag.
	{file: "en/ppo-clipping.md", must: []string{"`AdaptiveKLController`", `at v0\.7\.0; the same rule at v0\.2`, `§4`}, why: "adaptive-KL PPO and verl's controller"},
	{file: "zh/ppo-clipping.md", must: []string{"`AdaptiveKLController`", `v0\.7\.0 的`, `§4`}, why: "自适应 KL 的 PPO 与 verl 的控制器"},
	{file: "en/returns-and-critic.md", must: []string{`Engstrom et al\.`, `Andrychowicz et al\.`, `at v0\.7\.0`}, why: "the evidence on value clipping"},
	{file: "zh/returns-and-critic.md", must: []string{`Engstrom 等`, `Andrychowicz 等`, `v0\.7\.0 的`}, why: "价值裁剪的证据"},
}

func TestLessonClaimsCorrected(t *testing.T) {
	for _, c := range claims {
		b, err := fs.ReadFile(files, c.file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for _, m := range c.must {
			if !regexp.MustCompile(m).MatchString(src) {
				t.Errorf("%s does not say %q (%s)", c.file, m, c.why)
			}
		}
		for _, r := range c.refuse {
			if loc := regexp.MustCompile(r).FindStringIndex(src); loc != nil {
				line := strings.Count(src[:loc[0]], "\n") + 1
				t.Errorf("%s:%d still says %q (%s)", c.file, line, src[loc[0]:loc[1]], c.why)
			}
		}
	}
}

// No lesson, in any language, says the old log-probs come from sampling.
func TestNoLessonTakesOldLogProbsFromSampling(t *testing.T) {
	wrong := regexp.MustCompile(`(?i)(when|while|at) sampling \(old\)|old log-?probs?[^.\n]{0,40}(from|when|at) sampling|采样时[^。\n]{0,20}对数概率（old）`)
	names, _ := fs.Glob(files, "*/*.md")
	for _, name := range names {
		b, _ := fs.ReadFile(files, name)
		if m := wrong.FindString(string(b)); m != "" {
			t.Errorf("%s says %q: old_log_probs are recomputed by the actor before the update", name, m)
		}
	}
}

// Issue 36 point 7: example B is introduced (its tokens, score, β and
// critic) in the first lesson that uses it, before its first block.
func TestExampleBIntroducedWhereFirstUsed(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	intro := map[string]string{"en": "(the preset `seed-b`)", "zh": "（预设 `seed-b`）"}
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			b, _ := fs.ReadFile(files, lang+"/"+l.Slug+".md")
			src := string(b)
			use := regexp.MustCompile(`p=seed-b\b|(?i)example B|示例 B`).FindStringIndex(src)
			if use == nil {
				continue
			}
			at := strings.Index(src, intro[lang])
			if at < 0 || at > use[0]+len("example B (the preset `seed-b`)")+40 {
				t.Errorf("%s/%s is the first lesson to use example B but does not introduce it first with %q", lang, l.Slug, intro[lang])
			}
			break
		}
	}
}

// Issue 36 point 8: q-one-step, asked before the lesson that teaches the
// reward's KL term, states the rule r = score − β·KL itself.
func TestQOneStepStatesTheRewardRule(t *testing.T) {
	for _, lang := range Langs {
		b, _ := fs.ReadFile(files, lang+"/q-and-advantage.md")
		q := regexp.MustCompile(`(?s)id: q-one-step\n.*?\nquestion: ([^\n]*)`).FindStringSubmatch(string(b))
		if q == nil || !strings.Contains(q[1], `r_4 = 0 - \beta\,(\log\pi_{\text{old}} - \log\pi_{\text{ref}})`) {
			t.Errorf("%s q-one-step does not state r₄ = score − β·KL: %q", lang, q)
		}
	}
}

// Issue 36 point 6: a widget hides a question's cells only when it shows
// the question's own state (its link equals the question's); k3-large has
// its own widget, and example B's β widget stays whole.
func TestWidgetsHideOnlyTheirOwnQuestion(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			var preds []*Predict
			for _, p := range l.Parts {
				if p.Predict != nil {
					preds = append(preds, p.Predict)
				}
			}
			for _, p := range l.Parts { // a widget hides for the question just before or just after it
				if s := p.Scenario; s != nil && s.Hide >= 0 && preds[s.Hide].Link != s.Link {
					t.Errorf("%s/%s: widget %s (%s) hides for %s, a question on %s", lang, l.Slug, s.ID, s.Link, preds[s.Hide].ID, preds[s.Hide].Link)
				}
				if s := p.Scenario; s != nil && l.Slug == "scores-and-rewards" && s.ID == "k3-large-kl" && (s.Hide < 0 || preds[s.Hide].ID != "k3-large") {
					t.Errorf("%s: k3-large-kl does not hide for k3-large", lang)
				}
			}
		}
	}
}
