package i18n

import (
	"fmt"
	"slices"
	"strings"
)

// part is one feature's messages in every language.
type part struct {
	name   string
	en, zh map[string]string
}

// parts lists every catalog file pair. To add a feature's messages, write
// en_<feature>.go and zh_<feature>.go, each declaring one map
// (var en<Feature> = map[string]string{...}), and register them here with
// one line:
//
//	{"feature", enFeature, zhFeature},
//
// A key defined in two parts (or twice in one language) stops the program
// at start-up naming both parts, and TestCatalogHasNoDuplicates fails: no
// message silently overwrites another.
var parts = []part{
	{"core", enCore, zhCore},
	{"limits", enLimits, zhLimits},
	{"batch", enBatch, zhBatch},
	{"compare", enCompare, zhCompare},
	{"compare_sweep", enCompareSweep, zhCompareSweep},
	{"update", enUpdate, zhUpdate},
	{"course", enCourse, zhCourse},
	{"progress", enProgress, zhProgress},
	{"diagram", enDiagram, zhDiagram},
	{"update_questions", enUpdateQuestions, zhUpdateQuestions},
	{"inspect", enInspect, zhInspect},
	{"inspect_verdict", enInspectVerdict, zhInspectVerdict},
	{"inspect_edges", enInspectEdges, zhInspectEdges},
	{"inspect_run", enInspectRun, zhInspectRun},
	{"releases", enReleases, zhReleases},
	{"compare_upgrade", enCompareUpgrade, zhCompareUpgrade},
	{"update_release", enUpdateRelease, zhUpdateRelease},
	{"class", enClass, zhClass},
	{"class_send", enClassSend, zhClassSend},
	{"class_flow", enClassFlow, zhClassFlow},
	{"class_wall", enClassWall, zhClassWall},
	{"class_room", enClassRoom, zhClassRoom},
	{"class_presence", enClassPresence, zhClassPresence},
	{"class_admit", enClassAdmit, zhClassAdmit},
	{"play_present", enPlayPresent, zhPlayPresent},
	{"course_batch", enCourseBatch, zhCourseBatch},
	{"lab", enLab, zhLab},
	{"glossary", enTerms, zhTerms},
	{"play_drag", enPlayDrag, zhPlayDrag},
	{"compare_variance", enCompareVariance, zhCompareVariance},
	{"update_critic", enUpdateCritic, zhUpdateCritic},
	{"charts", enCharts, zhCharts},
	{"view_index", enViewIndex, zhViewIndex},
	{"play_step", enPlayStep, zhPlayStep},
	{"preview", enPreview, zhPreview},
	{"security_edges", enSecurityEdges, zhSecurityEdges},
	{"security_admit", enSecurityAdmit, zhSecurityAdmit},
	{"security_cost", enSecurityCost, zhSecurityCost},
	{"play_first", enPlayFirst, zhPlayFirst},
	{"quiz_data", enQuizData, zhQuizData},
	{"course_state", enCourseState, zhCourseState},
	{"train", enTrain, zhTrain},
	{"play_moved", enPlayMoved, zhPlayMoved},
}

// catalogs holds every message by language, merged from parts.
var catalogs = mustMerge(parts)

// merge joins the parts into one catalog per language, or reports every
// key that more than one part defines.
func merge(ps []part) (map[Lang]map[string]string, error) {
	out := map[Lang]map[string]string{En: {}, Zh: {}}
	owner := map[Lang]map[string]string{En: {}, Zh: {}}
	var dups []string
	for _, p := range ps {
		for l, m := range map[Lang]map[string]string{En: p.en, Zh: p.zh} {
			for k, v := range m {
				if first, ok := owner[l][k]; ok {
					dups = append(dups, fmt.Sprintf("%s %q in %s and %s", l, k, first, p.name))
					continue
				}
				owner[l][k] = p.name
				out[l][k] = v
			}
		}
	}
	if len(dups) > 0 {
		slices.Sort(dups)
		return nil, fmt.Errorf("i18n: duplicate keys: %s", strings.Join(dups, "; "))
	}
	return out, nil
}

func mustMerge(ps []part) map[Lang]map[string]string {
	c, err := merge(ps)
	if err != nil {
		panic(err)
	}
	return c
}
