package class

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"gaelab/web/answer"
	"gaelab/web/page"
	"gaelab/web/store"
)

// Spec is what a question asks, fixed when the teacher asks it: the engine's
// answer and the table's other cells are computed then, so the results need
// no engine. It is stored as JSON.
type Spec struct {
	// Kind is "block" (a lesson's predict block), "cell" (a table cell of
	// the projected scenario) or "own" (the teacher's own question: Text,
	// and Options for a choice).
	Kind   string `json:"kind"`
	Lesson string `json:"lesson,omitempty"` // lesson slug, for a block
	Block  string `json:"block,omitempty"`  // block id as on the lesson page: predict-1
	// Link is the scenario's playground link; Cell the asked cell,
	// "<row>.<t>" (t the 0-based token index).
	Link string `json:"link,omitempty"`
	Cell string `json:"cell,omitempty"`
	// Answer is "number" or "sign" (+, -, 0).
	Answer string `json:"answer"`
	// Value is the engine's value of the cell; Tol how far a right number
	// may be from it.
	Value float64 `json:"value"`
	Tol   float64 `json:"tol"`
	// Cells are the table's other cells, for naming a wrong answer by the
	// cell it equals.
	Cells []Cell `json:"cells,omitempty"`
	// Choices is how many options a choice block has (answers "a", "b",
	// …); Value is then the right option's index.
	Choices int `json:"choices,omitempty"`
	// Wrong are the block's anticipated wrong answers, in its order: a
	// number, or a sign for sign questions. Choice blocks diagnose by option.
	Wrong []Wrong `json:"wrong,omitempty"`
	// Text and Options are the teacher's own question and a choice's
	// options, as typed (escaped when shown).
	Text    string   `json:"text,omitempty"`
	Options []string `json:"options,omitempty"`
}

// Wrong is an anticipated wrong answer: its place in the block's list and
// its value (Sign for sign questions).
type Wrong struct {
	Index int     `json:"i"`
	Value float64 `json:"value,omitempty"`
	Sign  string  `json:"sign,omitempty"`
}

// Cell is one table cell: "<row>.<t>" and its value.
type Cell struct {
	ID    string  `json:"id"`
	Value float64 `json:"value"`
}

// Encode is the spec as stored.
func (s Spec) Encode() string {
	b, _ := json.Marshal(s)
	return string(b)
}

// DecodeSpec reads a stored spec.
func DecodeSpec(s string) (Spec, error) {
	var sp Spec
	if err := json.Unmarshal([]byte(s), &sp); err != nil {
		return Spec{}, fmt.Errorf("class: spec: %w", err)
	}
	return sp, nil
}

// MaxAnswerLen is the longest answer accepted, in characters.
const MaxAnswerLen = 64

// Answer errors, mapped to localized messages by the web layer.
var (
	ErrEmpty    = fmt.Errorf("class: empty answer")
	ErrTooLong  = fmt.Errorf("class: answer longer than %d characters", MaxAnswerLen)
	ErrNotNum   = fmt.Errorf("class: answer is not a number")
	ErrNotSign  = fmt.Errorf("class: answer is not +, - or 0")
	ErrNotOpt   = fmt.Errorf("class: answer is not one of the options")
	errNotFinit = fmt.Errorf("class: answer is not finite")
)

// Normalize checks an answer as typed and returns it as stored: a number
// (read by answer.Parse, as the lessons read it) in its shortest form
// rounded to 4 decimals, or a sign "+", "-" or "0".
func (s Spec) Normalize(a string) (string, error) {
	a = strings.TrimSpace(a)
	if a == "" {
		return "", ErrEmpty
	}
	if len([]rune(a)) > MaxAnswerLen {
		return "", ErrTooLong
	}
	if s.Answer == "choice" {
		a = strings.ToLower(a)
		if len(a) == 1 && a[0] >= 'a' && int(a[0]-'a') < s.Choices {
			return a, nil
		}
		return "", ErrNotOpt
	}
	if s.Answer == "sign" {
		switch a {
		case "+", "-", "0":
			return a, nil
		case "−":
			return "-", nil
		}
		return "", ErrNotSign
	}
	x, err := answer.Parse(a)       // as a lesson reads it: full-width digits, 。, a decimal comma, any minus sign
	if err == answer.ErrMagnitude { // no table holds such numbers; keeps the stored form short
		return "", errNotFinit
	}
	if err != nil {
		return "", ErrNotNum
	}
	x = math.Round(x*1e4) / 1e4
	if x == 0 {
		x = 0 // no -0
	}
	return strconv.FormatFloat(x, 'f', -1, 64), nil
}

// Correct is the engine's answer as a student would give it.
func (s Spec) Correct() string {
	if s.Answer == "choice" {
		return string(rune('a' + int(s.Value)))
	}
	if s.Answer == "sign" {
		return page.SignOf(s.Value)
	}
	return strconv.FormatFloat(math.Round(s.Value*1e4)/1e4, 'f', -1, 64)
}

// Right reports whether a normalized answer is right.
func (s Spec) Right(a string) bool {
	if s.Answer == "choice" {
		return a == s.Correct()
	}
	if s.Answer == "sign" {
		return a == page.SignOf(s.Value)
	}
	x, err := strconv.ParseFloat(a, 64)
	return err == nil && answer.Within(x, s.Value, s.Tol+1e-12) // the stored answer is rounded: a hair of slack
}

// Diagnosis names a wrong answer: "diag:<i>" when it is the block's i-th
// anticipated wrong answer (for a choice block, i is the option), else
// "cell:<row>.<t>" when it equals another cell of the table (within the
// tolerance; the first such cell in table order), else "other".
func (s Spec) Diagnosis(a string) string {
	switch s.Answer {
	case "choice":
		if len(a) == 1 {
			return "diag:" + strconv.Itoa(int(a[0]-'a'))
		}
	case "sign":
		for _, w := range s.Wrong {
			if w.Sign == a {
				return "diag:" + strconv.Itoa(w.Index)
			}
		}
	case "number":
		if x, err := strconv.ParseFloat(a, 64); err == nil {
			for _, w := range s.Wrong {
				if w.Sign == "" && answer.Within(x, w.Value, max(s.Tol, 5e-5)) {
					return "diag:" + strconv.Itoa(w.Index)
				}
			}
			tol := max(s.Tol, 5e-5)
			for _, c := range s.Cells {
				if c.ID != s.Cell && answer.Within(x, c.Value, tol) {
					return "cell:" + c.ID
				}
			}
		}
	}
	return "other"
}

// Bin is one bar of the histogram: an answer and how many gave it.
type Bin struct {
	Value string `json:"value"`
	Count int    `json:"count"`
	Right bool   `json:"right"`
}

// Group is the wrong answers that share a diagnosis.
type Group struct {
	Diagnosis string `json:"diagnosis"`
	Count     int    `json:"count"`
}

// Results are a question's answers added up.
type Results struct {
	Answers   int     `json:"answers"`
	Correct   int     `json:"correct"`
	Histogram []Bin   `json:"histogram"`
	Groups    []Group `json:"groups"`
}

// results adds up a question's answers.
func results(ctx context.Context, st store.Classes, q store.Question) (Spec, Results, []store.Answer, error) {
	sp, err := DecodeSpec(q.Spec)
	if err != nil {
		return sp, Results{}, nil, err
	}
	as, err := st.Answers(ctx, q.Class, q.ID)
	if err != nil {
		return sp, Results{}, nil, err
	}
	vals := make([]string, len(as))
	for i, a := range as {
		vals[i] = a.Value
	}
	return sp, sp.Tally(vals), as, nil
}

// barBefore orders the bars of a histogram: the answer given most first,
// then by value, as numbers where both are.
func barBefore(countA int, valueA string, countB int, valueB string) bool {
	if countA != countB {
		return countA > countB
	}
	x, errx := strconv.ParseFloat(valueA, 64)
	y, erry := strconv.ParseFloat(valueB, 64)
	if errx == nil && erry == nil && x != y {
		return x < y
	}
	return valueA < valueB
}

// Tally adds up the last answers (normalized) to a question: the histogram
// by answer, most frequent first (numbers ascending on ties), and the
// wrong answers grouped by diagnosis, largest group first, "other" last.
func (s Spec) Tally(answers []string) Results {
	r := Results{Answers: len(answers), Histogram: []Bin{}, Groups: []Group{}}
	bins := map[string]int{}
	groups := map[string]int{}
	for _, a := range answers {
		bins[a]++
		if s.Right(a) {
			r.Correct++
		} else {
			groups[s.Diagnosis(a)]++
		}
	}
	for v, n := range bins {
		r.Histogram = append(r.Histogram, Bin{Value: v, Count: n, Right: s.Right(v)})
	}
	sort.Slice(r.Histogram, func(i, j int) bool {
		a, b := r.Histogram[i], r.Histogram[j]
		return barBefore(a.Count, a.Value, b.Count, b.Value)
	})
	for d, n := range groups {
		r.Groups = append(r.Groups, Group{Diagnosis: d, Count: n})
	}
	sort.Slice(r.Groups, func(i, j int) bool {
		a, b := r.Groups[i], r.Groups[j]
		if (a.Diagnosis == "other") != (b.Diagnosis == "other") {
			return b.Diagnosis == "other"
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Diagnosis < b.Diagnosis
	})
	return r
}
