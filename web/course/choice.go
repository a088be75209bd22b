package course

import (
	"strings"

	"github.com/a-h/templ"

	"gaelab/lessons"
	"gaelab/templates"
	"gaelab/web/i18n"
)

// ChoiceLetters name a choice block's options in links: ?choice-<id>=b.
const ChoiceLetters = "abcdef"

// Choice is a choice block: the options, the learner's pick, its diagnosis
// and, once answered rightly or revealed, the explanation.
func (lr LessonRequest) Choice(path string, c *lessons.Choice) templates.ChoiceBox {
	name := "choice-" + c.ID
	t := lr.Lang.T
	picked := lr.Q.Get(name)
	box := templates.ChoiceBox{
		ID: name, QuestionID: c.ID, Action: lr.url(path) + "#" + name, Fragment: path + "/choice/" + c.ID,
		ProgressBit: ProgressBit(strings.TrimPrefix(path, "/lessons/") + "/" + c.ID),
		Hidden:      lr.hiddenLang(), Question: templ.Raw(c.Question), Legend: t("choice.legend"),
		Submit: t("predict.check"), Reveal: t("predict.reveal"),
	}
	right := -1
	for i, o := range c.Options {
		letter := ChoiceLetters[i : i+1]
		box.Options = append(box.Options, templates.ChoiceOption{ID: name + "-" + letter, Value: letter, Text: templ.Raw(o.Text), Selected: picked == letter})
		if o.Right {
			right = i
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
		box.Answer = choiceAnswer(lr.Lang, right, c.Options[right])
		box.Options[right].Right = true
		if c.Explain != "" {
			box.Explain = templ.Raw(c.Explain)
		}
	}
	return box
}

// choiceAnswer is the revealed answer of a choice: the right option's
// letter and its text, so that a reveal never reads as a bare letter.
func choiceAnswer(lang i18n.Lang, i int, o lessons.Option) templ.Component {
	return templ.Raw(lang.HTML("choice.answer", strings.ToUpper(ChoiceLetters[i:i+1]), i18n.RawHTML(o.Text)))
}
