package lessons

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// splitFrontMatter reads the "---" block at the top of a lesson: key: value
// lines for title, order, summary and minutes.
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
		case "minutes":
			m.Minutes, err = strconv.Atoi(value)
		default:
			err = fmt.Errorf("unknown key")
		}
		if err != nil {
			return m, nil, fmt.Errorf("front matter %q: %v", line, err)
		}
	}
	if m.Title == "" || m.Order <= 0 || m.Minutes <= 0 || m.Summary == "" {
		return m, nil, fmt.Errorf("front matter: title, order, summary and minutes are required")
	}
	return m, body, nil
}
