package lessons

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Scenario is a ```scenario block: a compact live playground widget.
type Scenario struct {
	Link     string   // the playground query, as after /play?
	Controls []string // the controls the learner may change here
	Rows     []string // the table rows shown; nil for all
	Chart    string   // values (default), rewards, advantages, ribbon or none
	Views    []string // comparison or update views to open this state in
	// Later are the rows of Rows that a later lesson teaches (rowTaughtIn):
	// the page keeps them collapsed under the others.
	Later []string
	// ID is the widget's id in links and forms ("<id>-lam=…"): the block's
	// id: if it has one, else "w<i>" with i its place among the blocks
	// without one (so that adding a block with an id moves no old link).
	ID string
	// Hide is the index of the question just above whose asked cell this
	// widget hides until it is answered, or -1.
	Hide int
	// Also are the ids of the other questions on the widget's own state,
	// above or below it (hides: in the block), that it hides for too, each
	// until it is answered: a widget whose table would otherwise show their
	// answers (issue 36 point 4). AlsoHide are their indexes.
	Also     []string
	AlsoHide []int
}

// Predict is a ```predict block: the learner commits to an answer, then the
// engine's value and its derivation are revealed.
type Predict struct {
	ID         string      // stable id from the source ("off-by-one"); links and forms use it
	Legacy     int         // the place the block had in v1 links (?predict-1=…), or -1
	Link       string      // the playground state asked about
	Ask        string      // the cell "<row>.<t>" whose value is the answer
	Kind       string      // "number" or "sign"
	Tolerance  float64     // accepted absolute error for numbers
	Question   string      // trusted HTML (rendered inline Markdown and math)
	Wrong      []Diagnosis // anticipated wrong answers, each with its diagnosis
	Hint       string      // trusted HTML offered after two wrong tries; "" for the row's generic hint
	Derivation string      // trusted HTML with {row.t} placeholders: the worked answer in the method asked; "" for the engine's formula
	// Label names the asked quantity in the reveal ("the return G₀"), as
	// plain text with its formulas in Unicode; "" for the row's own label,
	// which may use a later lesson's symbol ("return Rₜ").
	Label string
	Index int // the predict block's place in the lesson, 0, 1, …
	// On is "" for a question about a playground state (Link a /play query,
	// Ask "<row>.<t>"), OnBatch for one about a batch (Link a /batch query,
	// Ask a batch cell, ValidBatchCell), or OnVariance for one about the
	// variance lab (Link a /compare/variance query, Ask a lab cell,
	// ValidLabCell).
	On string
	// Hide lists the cells, beyond the asked one and those the site always
	// hides with it, that give this question's answer away at a glance
	// ("reward.4", or "next.*" for a whole row): the lesson's widget and
	// the final test's newer banks blank them too until it is answered
	// (issue 36). A playground question's only.
	Hide []string
}

// Diagnosis is an anticipated wrong answer and what it tells about the
// learner's reasoning.
type Diagnosis struct {
	// Answer is a number, a sign ("+", "-", "0"), a choice option, or a cell
	// of the engine "{row.t}" — "{row.t|lam=1}" in the block's state
	// changed by a query — so that no number is typed.
	Answer string
	Text   string // trusted HTML
}

// Choice is a ```choice block: a conceptual multiple-choice question, with a
// diagnosis for every wrong option.
type Choice struct {
	ID       string
	Question string   // trusted HTML
	Options  []Option // in the order shown
	Explain  string   // trusted HTML shown once answered right or revealed
	Index    int      // the choice block's place in the lesson
	// Place is where the right option is displayed (0 for A, …), from the
	// block's place: field; -1 draws it from the id (Shown).
	Place int
}

// Option is one answer of a choice block.
type Option struct {
	Text      string // trusted HTML
	Right     bool
	Diagnosis string // trusted HTML, for a wrong option
}

// Vocabularies of the blocks' keys.
var (
	Controls = []string{"gamma", "lam", "beta", "kl", "ver", "num", "rw", "step"}
	Rows     = []string{"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white"}
	Charts   = []string{"values", "rewards", "advantages", "ribbon", "none"}
	Views    = []string{"compare/lambda", "compare/estimators", "compare/versions", "compare/bugs", "update/critic", "update/actor"}
)

// field is one "key: value" line of a block.
type field struct{ key, value string }

// repeatable are the keys a block may give more than once.
var repeatable = []string{"wrong", "right"}

// fields reads "key: value" lines: the last value of each key, and every
// line in order (for the repeatable keys). A key other than a repeatable
// one given twice is an error.
func fields(body string) (map[string]string, []field, error) {
	m := map[string]string{}
	var all []field
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, nil, fmt.Errorf("want key: value, got %q", line)
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if _, dup := m[key]; dup && !slices.Contains(repeatable, key) {
			return nil, nil, fmt.Errorf("key %q given twice", key)
		}
		m[key] = value
		all = append(all, field{key, value})
	}
	return m, all, nil
}

// validID is a block id: a lowercase letter, then lowercase letters, digits
// and single dashes, at most 40 bytes; never ending in a suffix the forms
// use ("-reveal", "-tries").
func validID(id string) bool {
	if len(id) == 0 || len(id) > 40 || id[0] < 'a' || id[0] > 'z' || strings.HasSuffix(id, "-") ||
		strings.Contains(id, "--") || strings.HasSuffix(id, "-reveal") || strings.HasSuffix(id, "-tries") {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// ValidCellRef reports whether s is "<row>.<t>" with a known row and t ≥ 0.
func ValidCellRef(s string) bool {
	row, t, ok := strings.Cut(s, ".")
	n, err := strconv.Atoi(t)
	return ok && err == nil && n >= 0 && n < 100000 && slices.Contains(Rows, row) && strconv.Itoa(n) == t
}

// ParseRef reads a wrong answer written as a cell of the engine, "{row.t}"
// or "{row.t|query}"; ok is false for a literal answer.
func ParseRef(answer string) (cell, query string, ok bool) { return ParseRefOn("", answer) }

// splitDiagnosis reads "answer | diagnosis"; an answer "{row.t|query}"
// keeps the bar inside its braces.
func splitDiagnosis(value string) (string, string, error) {
	cut := strings.Index(value, "|")
	if strings.HasPrefix(value, "{") {
		if end := strings.Index(value, "}"); end > 0 {
			cut = -1
			if i := strings.Index(value[end:], "|"); i >= 0 {
				cut = end + i
			}
		}
	}
	if cut < 0 {
		return "", "", fmt.Errorf("want answer | diagnosis, got %q", value)
	}
	a, d := strings.TrimSpace(value[:cut]), strings.TrimSpace(value[cut+1:])
	if a == "" || d == "" {
		return "", "", fmt.Errorf("want answer | diagnosis, got %q", value)
	}
	return a, d, nil
}

// list splits "a, b, c" and checks each item.
func list(s string, allowed []string, what string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	var out []string
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if !slices.Contains(allowed, item) {
			return nil, fmt.Errorf("unknown %s %q (want one of %s)", what, item, strings.Join(allowed, " "))
		}
		out = append(out, item)
	}
	return out, nil
}

func parseScenario(body string) (*Scenario, error) {
	f, _, err := fields(body)
	if err != nil {
		return nil, err
	}
	s := &Scenario{ID: f["id"], Link: f["link"], Chart: "values", Hide: -1}
	if s.Link == "" {
		return nil, fmt.Errorf("scenario: link is required")
	}
	if _, has := f["id"]; has && !validID(s.ID) {
		return nil, fmt.Errorf("scenario: id %q is not lowercase letters, digits and dashes, starting with a letter", s.ID)
	}
	if s.Controls, err = list(f["controls"], Controls, "control"); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	if s.Rows, err = list(f["rows"], Rows, "row"); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	if s.Views, err = list(f["views"], Views, "view"); err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	if c := f["chart"]; c != "" {
		if !slices.Contains(Charts, c) {
			return nil, fmt.Errorf("scenario: unknown chart %q", c)
		}
		s.Chart = c
	}
	for _, id := range strings.Split(f["hides"], ",") {
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if !validID(id) {
			return nil, fmt.Errorf("scenario: hides: %q is not a question id", id)
		}
		s.Also = append(s.Also, id)
	}
	for key := range f {
		if !slices.Contains([]string{"id", "link", "controls", "rows", "chart", "views", "hides"}, key) {
			return nil, fmt.Errorf("scenario: unknown key %q", key)
		}
	}
	return s, nil
}

// parsePredict reads a predict block; the question, diagnoses, hint and
// derivation are returned as Markdown for the caller to render.
func parsePredict(body string) (*Predict, error) {
	f, all, err := fields(body)
	if err != nil {
		return nil, err
	}
	p := &Predict{ID: f["id"], Legacy: -1, Link: f["link"], Ask: f["ask"], Kind: f["kind"], Tolerance: 0.005,
		Question: f["question"], Hint: f["hint"], Derivation: f["derivation"], On: f["on"], Label: plainMath(f["label"])}
	if p.Link == "" || p.Ask == "" || p.Question == "" || p.ID == "" {
		return nil, fmt.Errorf("predict: id, link, ask and question are required")
	}
	if !validID(p.ID) {
		return nil, fmt.Errorf("predict: id %q is not lowercase letters, digits and dashes, starting with a letter", p.ID)
	}
	if p.On != "" && p.On != OnBatch && p.On != OnVariance {
		return nil, fmt.Errorf("predict: on %q is not batch or variance", p.On)
	}
	if !ValidCell(p.On, p.Ask) {
		return nil, fmt.Errorf("predict: ask %q is not a cell of its state (<row>.<t>, or on the batch <row>.<i>.<t> or <stat>.<n>)", p.Ask)
	}
	switch p.Kind {
	case "":
		p.Kind = "number"
	case "number", "sign":
	default:
		return nil, fmt.Errorf("predict: kind %q is not number or sign", p.Kind)
	}
	if s := f["tolerance"]; s != "" {
		// NaN would mark every answer wrong and Inf every answer right.
		if p.Tolerance, err = strconv.ParseFloat(s, 64); err != nil || !(p.Tolerance > 0) || math.IsInf(p.Tolerance, 0) {
			return nil, fmt.Errorf("predict: tolerance %q is not a finite positive number", s)
		}
	}
	if s, has := f["legacy"]; has {
		if p.Legacy, err = strconv.Atoi(s); err != nil || p.Legacy < 0 || p.Legacy > 99 {
			return nil, fmt.Errorf("predict: legacy %q is not a place 0…99", s)
		}
	}
	for _, kv := range all {
		switch kv.key {
		case "id", "legacy", "link", "ask", "kind", "tolerance", "question", "hint", "derivation", "on", "label":
		case "hide":
			for _, c := range strings.Split(kv.value, ",") {
				c = strings.TrimSpace(c)
				row, t, _ := strings.Cut(c, ".")
				if p.On != "" || !(t == "*" && ValidCell("", row+".0") || ValidCell("", c)) {
					return nil, fmt.Errorf("predict: hide %q is not a cell <row>.<t> or a row <row>.* of a playground state", c)
				}
				p.Hide = append(p.Hide, c)
			}
		case "wrong":
			a, d, err := splitDiagnosis(kv.value)
			if err != nil {
				return nil, fmt.Errorf("predict: wrong: %w", err)
			}
			if err := checkWrong(p.On, p.Kind, a); err != nil {
				return nil, fmt.Errorf("predict: wrong: %w", err)
			}
			p.Wrong = append(p.Wrong, Diagnosis{Answer: a, Text: d})
		default:
			return nil, fmt.Errorf("predict: unknown key %q", kv.key)
		}
	}
	return p, nil
}

// checkWrong checks an anticipated wrong answer of a predict block.
func checkWrong(on, kind, a string) error {
	if _, _, ok := ParseRefOn(on, a); ok {
		return nil
	}
	if kind == "sign" {
		if a != "+" && a != "-" && a != "0" {
			return fmt.Errorf("%q is not +, - or 0", a)
		}
		return nil
	}
	if x, err := strconv.ParseFloat(a, 64); err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("%q is not a finite number or a cell {row.t}", a)
	}
	return nil
}

// parseChoice reads a choice block: id, question, options in the order
// shown ("right: text" once, "wrong: text | diagnosis" for the others) and
// an optional explanation. Everything is returned as Markdown.
func parseChoice(body string) (*Choice, error) {
	f, all, err := fields(body)
	if err != nil {
		return nil, err
	}
	c := &Choice{ID: f["id"], Question: f["question"], Explain: f["explain"], Place: -1}
	if c.ID == "" || c.Question == "" {
		return nil, fmt.Errorf("choice: id and question are required")
	}
	if !validID(c.ID) {
		return nil, fmt.Errorf("choice: id %q is not lowercase letters, digits and dashes, starting with a letter", c.ID)
	}
	rights := 0
	for _, kv := range all {
		switch kv.key {
		case "id", "question", "explain":
		case "place":
			if len(kv.value) != 1 || kv.value[0] < 'a' || kv.value[0] > 'f' {
				return nil, fmt.Errorf("choice: place %q is not a letter a…f", kv.value)
			}
			c.Place = int(kv.value[0] - 'a')
		case "right":
			if kv.value == "" {
				return nil, fmt.Errorf("choice: an empty right option")
			}
			c.Options = append(c.Options, Option{Text: kv.value, Right: true})
			rights++
		case "wrong":
			a, d, err := splitDiagnosis(kv.value)
			if err != nil {
				return nil, fmt.Errorf("choice: wrong: %w", err)
			}
			c.Options = append(c.Options, Option{Text: a, Diagnosis: d})
		default:
			return nil, fmt.Errorf("choice: unknown key %q", kv.key)
		}
	}
	if rights != 1 || len(c.Options) < 2 || len(c.Options) > 6 {
		return nil, fmt.Errorf("choice: want one right option and 1…5 wrong ones, got %d options (%d right)", len(c.Options), rights)
	}
	if c.Place >= len(c.Options) {
		return nil, fmt.Errorf("choice: place %c is past its %d options", 'a'+c.Place, len(c.Options))
	}
	return c, nil
}

// Shown is the order a choice's options are displayed in, as indexes into
// Options. An option keeps its letter in links (?choice-<id>=b is always
// Options[1]); only the display moves, so that the right option's place
// does not give it away: the options are rotated until the right one sits
// at a place drawn from the block's id (FNV-1a), the same in every
// language and every request, and balanced across the course
// (TestChoiceDisplayBalanced); a block's place: field sets that place
// instead, where the draw left one option count's blocks unbalanced (three
// of the four 3-option blocks answered B).
func (c *Choice) Shown() []int {
	n := len(c.Options)
	right := slices.IndexFunc(c.Options, func(o Option) bool { return o.Right })
	h := fnv.New32a()
	h.Write([]byte(c.ID))
	at := int(h.Sum32() % uint32(n))
	if c.Place >= 0 {
		at = c.Place
	}
	shown := make([]int, n)
	for k := range shown {
		shown[k] = ((k+right-at)%n + n) % n
	}
	return shown
}
