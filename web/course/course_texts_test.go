package course

import (
	"strings"
	"testing"

	"gaelab/web/i18n"
)

// Issue 36 (low): the diagram names verl's policy loss by the function that
// is not deprecated (compute_policy_loss carries @deprecated from v0.6.0,
// pointing to compute_policy_loss_vanilla), and /batch no longer says a
// batch is padded to its longest response (verl pads to response_length;
// only this page's R is the longest).
func TestCourseTextsName(t *testing.T) {
	for _, st := range diagramSteps {
		if st.fn == "compute_policy_loss" || strings.Contains(st.fn, "compute_policy_loss,") {
			t.Errorf("diagram step %s names the deprecated compute_policy_loss", st.Key)
		}
	}
	if diagramSteps[len(diagramSteps)-1].fn != "compute_policy_loss_vanilla" {
		t.Errorf("the actor's step names %q", diagramSteps[len(diagramSteps)-1].fn)
	}
	// Issue 36: the course index opens with the foundations, not with one
	// PPO step (and zh says PPO 步, never PPO 迭代).
	for lang, want := range map[i18n.Lang]string{"en": "from the foundations", "zh": "从基础"} {
		if s := lang.T("lessons.intro"); !strings.Contains(s, want) || strings.Contains(s, "PPO 迭代") {
			t.Errorf("%s lessons.intro = %q", lang, s)
		}
	}
	for _, lang := range []i18n.Lang{"en", "zh"} {
		for _, key := range []string{"batch.no_kl", "batch.preset.mixed-lengths.point"} {
			s := lang.T(key, 5)
			if strings.Contains(s, "padded to the longest") || strings.Contains(s, "按最长的补齐") || strings.Contains(s, "补齐到最长的长度") {
				t.Errorf("%s %s: %q says padded to the longest", lang, key, s)
			}
			if !strings.Contains(s, "response_length") {
				t.Errorf("%s %s: %q does not name verl's response_length", lang, key, s)
			}
		}
	}
}
