package lessons

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// splitFrontMatter reads the "---" block at the top of a lesson: key: value
// lines for title, order, summary, objectives ("a | b | c": what the
// learner will be able to do) and needs (the slugs of the lessons it builds
// on, comma-separated, or "none"). The reading time is computed, never typed.
func splitFrontMatter(src []byte) (Meta, []byte, error) {
	var m Meta
	rest, ok := bytes.CutPrefix(src, []byte("---\n"))
	if !ok {
		return m, nil, fmt.Errorf("front matter: the file must start with a --- line")
	}
	head, body, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		return m, nil, fmt.Errorf("front matter: no closing --- line")
	}
	for i, line := range strings.Split(string(head), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return m, nil, fmt.Errorf("front matter line %d: want key: value, got %q", i+1, line)
		}
		value = strings.TrimSpace(value)
		var err error
		switch strings.TrimSpace(key) {
		case "title":
			m.Title = value
		case "summary":
			m.Summary = value
		case "order":
			m.Order, err = strconv.Atoi(value)
		case "objectives":
			for _, o := range strings.Split(value, "|") {
				if o = strings.TrimSpace(o); o != "" {
					m.Objectives = append(m.Objectives, o)
				}
			}
		case "needs":
			if value != "none" {
				for _, n := range strings.Split(value, ",") {
					if n = strings.TrimSpace(n); n != "" {
						m.Needs = append(m.Needs, n)
					}
				}
			}
			m.needsSet = true
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return m, nil, fmt.Errorf("front matter %q: %v", line, err)
		}
	}
	if m.Title == "" || m.Order <= 0 || m.Summary == "" || len(m.Objectives) == 0 || !m.needsSet {
		return m, nil, fmt.Errorf("front matter: title, order, summary, objectives and needs are required")
	}
	return m, body, nil
}
