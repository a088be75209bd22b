package course

import (
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// choiceLetters name a choice block's options in links: ?choice-<id>=b.
const choiceLetters = "abcdef"

// Choice is a choice block: the options, the learner's pick, its diagnosis
// and, once answered rightly or revealed, the explanation.
func (lr LessonRequest) Choice(path string, c *lessons.Choice) templates.ChoiceBox {
	name := "choice-" + c.ID
	t := lr.Lang.T
	picked := lr.Q.Get(name)
	box := templates.ChoiceBox{
		ID: name, QuestionID: c.ID, Action: lr.url(path) + "#" + name, Fragment: path + "/choice/" + c.ID,
		ProgressBit: progressBit(QuestionKey(strings.TrimPrefix(path, "/lessons/"), c.ID)),
		Hidden:      lr.hiddenLang(), Question: templ.Raw(c.Question), Legend: t("choice.legend"),
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
	}
	right, rightText := -1, ""
	for k, i := range c.Shown() {
		o, letter := c.Options[i], choiceLetters[i:i+1]
		box.Options = append(box.Options, templates.ChoiceOption{ID: name + "-" + letter, Value: letter, Text: templ.Raw(o.Text), Selected: picked == letter})
		if o.Right {
			right, rightText = k, o.Text
		}
		if picked == letter {
			if o.Right {
				box.Verdict, box.Correct = t("predict.right"), true
			} else {
				box.Verdict, box.Diagnosis = t("choice.diagnosed"), templ.Raw(o.Diagnosis)
			}
		}
	}
	if picked != "" && box.Verdict == "" {
		box.Verdict = t("choice.unknown")
	}
	box.Revealed = box.Correct || lr.Q.Get(name+"-reveal") == "1"
	if box.Revealed {
		box.Answer = choiceAnswer(lr.Lang, right, rightText)
		box.Options[right].Right = true
		if c.Explain != "" {
			box.Explain = templ.Raw(c.Explain)
		}
	}
	return box
}

// choiceAnswer is the revealed answer of a choice: the letter the right
// option is displayed with (its place k in Choice.Shown) and its text, so
// that a reveal never reads as a bare letter.
func choiceAnswer(lang i18n.Lang, k int, text string) templ.Component {
	return templ.Raw(lang.HTML("choice.answer", strings.ToUpper(choiceLetters[k:k+1]), i18n.RawHTML(text)))
}
