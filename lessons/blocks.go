package lessons

import (
	"fmt"
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
}

// Predict is a ```predict block: the learner commits to an answer, then the
// engine's value and its derivation are revealed.
type Predict struct {
	Link      string  // the playground state asked about
	Ask       string  // the cell "<row>.<t>" whose value is the answer
	Kind      string  // "number" or "sign"
	Tolerance float64 // accepted absolute error for numbers
	Question  string  // trusted HTML (rendered inline Markdown and math)
	Index     int     // the predict block's place in the lesson, 0, 1, …
}

// Vocabularies of the blocks' keys.
var (
	Controls = []string{"gamma", "lam", "beta", "kl", "ver", "num", "rw"}
	Rows     = []string{"score", "kld", "reward", "value", "next", "delta", "adv", "ret", "white"}
	Charts   = []string{"values", "rewards", "advantages", "ribbon", "none"}
	Views    = []string{"compare/lambda", "compare/estimators", "compare/versions", "compare/bugs", "update/critic", "update/actor"}
)

// fields reads "key: value" lines.
func fields(body string) (map[string]string, error) {
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("want key: value, got %q", line)
		}
		m[strings.TrimSpace(key)] = strings.TrimSpace(value)
	}
	return m, nil
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
	f, err := fields(body)
	if err != nil {
		return nil, err
	}
	s := &Scenario{Link: f["link"], Chart: "values"}
	if s.Link == "" {
		return nil, fmt.Errorf("scenario: link is required")
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
	for key := range f {
		if !slices.Contains([]string{"link", "controls", "rows", "chart", "views"}, key) {
			return nil, fmt.Errorf("scenario: unknown key %q", key)
		}
	}
	return s, nil
}

// parsePredict reads a predict block; the question is returned as Markdown
// for the caller to render.
func parsePredict(body string) (*Predict, error) {
	f, err := fields(body)
	if err != nil {
		return nil, err
	}
	p := &Predict{Link: f["link"], Ask: f["ask"], Kind: f["kind"], Tolerance: 0.005, Question: f["question"]}
	if p.Link == "" || p.Ask == "" || p.Question == "" {
		return nil, fmt.Errorf("predict: link, ask and question are required")
	}
	row, t, ok := strings.Cut(p.Ask, ".")
	if _, err := strconv.Atoi(t); !ok || err != nil || !slices.Contains(Rows, row) {
		return nil, fmt.Errorf("predict: ask %q is not <row>.<t>", p.Ask)
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
	for key := range f {
		if !slices.Contains([]string{"link", "ask", "kind", "tolerance", "question"}, key) {
			return nil, fmt.Errorf("predict: unknown key %q", key)
		}
	}
	return p, nil
}
