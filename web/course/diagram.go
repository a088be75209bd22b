package course

import (
	"net/http"
	"strconv"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/page"
)

// diagramStep is one stage of a PPO step in verl, as the diagram draws it:
// its message keys (diagram.<key>.title, .who), the tensors it produces or
// reads (verl's names, each of shape [B, R]: B responses, R the width of the
// response tensor), the loss it aggregates them into (a scalar; "" for
// none), the verl function and the lesson that teaches it.
type diagramStep struct {
	Key     string
	Tensors string
	loss    string
	fn      string
	Lesson  string
}

// shapes is the step's tensors with their shape, then its loss, a scalar,
// as the drawing and the text write them.
func (st diagramStep) shapes(t func(string, ...any) string) string {
	s := st.Tensors + " " + diagramShape
	if st.loss != "" {
		s += " → " + st.loss + " (" + t("diagram.scalar") + ")"
	}
	return s
}

// diagramSteps are the stages in order; the last two (the critic's and the
// actor's updates) both start from the advantages and returns.
var diagramSteps = []diagramStep{
	{"rollout", "responses, response_mask", "", "generate_sequences", "ppo-step"},
	{"logprobs", "old_log_probs, ref_log_prob", "", "compute_log_prob, compute_ref_log_prob", "scores-and-rewards"},
	{"values", "values", "", "compute_values", "alignment"},
	{"rewards", "token_level_scores → token_level_rewards", "", "apply_kl_penalty", "scores-and-rewards"},
	{"gae", "advantages, returns", "", "compute_gae_advantage_return", "gae"},
	{"whiten", "advantages", "", "masked_whiten", "whitening-and-masks"},
	{"critic", "vpreds, returns", "vf_loss", "compute_value_loss", "returns-and-critic"},
	{"actor", "log_prob, old_log_probs, advantages", "pg_loss", "compute_policy_loss_vanilla", "ppo-objective"},
}

// diagramObjectives and diagramRecap are how many "diagram.objective.<n>"
// and "diagram.recap.<n>" messages the page lists (n from 1), as every
// lesson has objectives and a recap.
const diagramObjectives, diagramRecap = 3, 4

// diagramShape is the shape of every per-token tensor the diagram names.
const diagramShape = "[B, R]"

// HandleDiagram handles the "GET /lessons/diagram" route: one PPO step on
// one page, drawn on the server, with its text alternative and each stage's
// lesson.
func (s *Room) HandleDiagram(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	t := lr.Lang.T
	vm := templates.DiagramPage{
		Page:    lr.page(t("diagram.title"), "/lessons/diagram", t("diagram.intro")),
		Heading: t("diagram.title"), Intro: t("diagram.intro"), Shapes: t("diagram.shapes"),
		SVG:       templ.Raw(string(drawDiagram(lr.Lang, "ppo-diagram"))),
		Download:  templates.Link{Label: t("chart.download"), URL: lr.url("/lessons/diagram.svg")},
		TextLabel: t("diagram.text"), TaughtIn: t("glossary.col.lesson"),
		IndexLink:       templates.Link{Label: t("lessons.heading"), URL: lr.url("/lessons")},
		ObjectivesLabel: t("lessons.objectives"), RecapLabel: t("diagram.recap"),
	}
	for i := range diagramObjectives {
		vm.Objectives = append(vm.Objectives, t("diagram.objective."+strconv.Itoa(i+1)))
	}
	for i := range diagramRecap {
		vm.Recap = append(vm.Recap, t("diagram.recap."+strconv.Itoa(i+1)))
	}
	for i, st := range diagramSteps {
		d := templates.DiagramStep{
			Number: i + 1, Title: t("diagram." + st.Key + ".title"), Who: t("diagram." + st.Key + ".who"),
			Tensors: st.shapes(t), Func: st.fn,
		}
		if l, _, _ := lessons.Embedded().Lesson(string(lr.Lang), st.Lesson); l != nil {
			d.Lesson = templates.Link{Label: l.Title, URL: lr.url("/lessons/" + l.Slug)}
		}
		vm.Steps = append(vm.Steps, d)
	}
	page.Render(w, r, templates.DiagramView(vm))
}

// HandleDiagramSVG handles the "GET /lessons/diagram.svg" route: the same
// drawing as a standalone SVG file, in the request's language.
func (s *Room) HandleDiagramSVG(w http.ResponseWriter, r *http.Request) {
	lr := s.readLessonRequest(r)
	page.WriteSVG(w, r, page.Chart{SVG: drawDiagram(lr.Lang, "ppo-diagram")}, "")
}
