package inspect

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// yamlSidecar reads Hydra's .hydra/config.yaml, as verl's trainer writes
// it (OmegaConf.to_yaml: block mappings indented by spaces, plain or
// quoted scalars, null, block sequences), as a JSON object. The check
// reads only scalars inside mappings: a sequence, a flow collection
// ([…], {…}) or a block string (| or >) is kept as its text, a string.
func yamlSidecar(data []byte) (map[string]json.RawMessage, error) {
	var lines []yamlLine
	for n, text := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		text = strings.TrimRight(text, " \r")
		body := strings.TrimLeft(text, " ")
		if body == "" || body[0] == '#' || (len(body) == len(text) && (body == "---" || body == "...")) {
			continue
		}
		if body[0] == '\t' {
			return nil, yamlErr(n+1, "a tab indents it (YAML indents with spaces)")
		}
		lines = append(lines, yamlLine{indent: len(text) - len(body), text: body, n: n + 1})
	}
	if len(lines) == 0 {
		return nil, errorf("invalid_value", "config", "the config sidecar is empty")
	}
	m, i, err := yamlMap(lines, 0, lines[0].indent)
	if err != nil {
		return nil, err
	}
	if i < len(lines) {
		return nil, yamlErr(lines[i].n, "indented less than the first key")
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k], _ = json.Marshal(v)
	}
	return out, nil
}

// yamlLine is one line that holds something: its indent, its text after
// the indent and its 1-based number.
type yamlLine struct {
	indent int
	text   string
	n      int
}

func yamlErr(line int, format string, args ...any) error {
	return errorf("invalid_value", "config", "the config sidecar is neither a JSON object nor YAML the check reads: line %d: "+format, append([]any{line}, args...)...)
}

// yamlMap reads the mapping whose keys sit at indent from lines[i]; it
// returns the mapping and the index of the first line after it.
func yamlMap(lines []yamlLine, i, indent int) (map[string]any, int, error) {
	m := map[string]any{}
	for i < len(lines) && lines[i].indent >= indent {
		l := lines[i]
		if l.indent > indent {
			return nil, i, yamlErr(l.n, "indented more than the key before it")
		}
		if l.text == "-" || strings.HasPrefix(l.text, "- ") {
			return nil, i, yamlErr(l.n, "a sequence item where a key was expected")
		}
		key, rest, ok := yamlKey(l.text)
		if !ok {
			return nil, i, yamlErr(l.n, "not key: value")
		}
		i++
		switch {
		case rest == "" && i < len(lines) && (lines[i].indent > indent || (lines[i].indent == indent && yamlItem(lines[i].text))):
			if yamlItem(lines[i].text) { // a block sequence, kept as its text
				var items []string
				for i < len(lines) && (lines[i].indent > indent || (lines[i].indent == indent && yamlItem(lines[i].text))) {
					items = append(items, lines[i].text)
					i++
				}
				m[key] = strings.Join(items, "\n")
				continue
			}
			child, next, err := yamlMap(lines, i, lines[i].indent)
			if err != nil {
				return nil, next, err
			}
			m[key], i = child, next
		case rest == "":
			m[key] = nil
		case rest[0] == '|' || rest[0] == '>': // a block string, kept as its lines
			var text []string
			for i < len(lines) && lines[i].indent > indent {
				text = append(text, lines[i].text)
				i++
			}
			m[key] = strings.Join(text, "\n")
		default:
			for i < len(lines) && lines[i].indent > indent { // a long scalar folded onto more lines
				rest += " " + lines[i].text
				i++
			}
			v, err := yamlScalar(rest)
			if err != nil {
				return nil, i, yamlErr(l.n, "%v", err)
			}
			m[key] = v
		}
	}
	return m, i, nil
}

func yamlItem(text string) bool { return text == "-" || strings.HasPrefix(text, "- ") }

// yamlKey splits "key: value" (the key plain or quoted) at its colon.
func yamlKey(text string) (key, rest string, ok bool) {
	if q := text[0]; q == '"' || q == '\'' {
		end := strings.IndexByte(text[1:], q)
		if end < 0 || !strings.HasPrefix(text[end+2:], ":") {
			return "", "", false
		}
		key, rest = text[1:end+1], text[end+3:]
	} else {
		k := strings.Index(text, ": ")
		if k < 0 {
			if !strings.HasSuffix(text, ":") {
				return "", "", false
			}
			k = len(text) - 1
		}
		key, rest = text[:k], text[min(k+2, len(text)):]
	}
	return key, strings.TrimSpace(rest), key != ""
}

// yamlScalar reads one scalar: a quoted string, null, true/false, a
// number, else the plain text (a comment after " #" dropped).
func yamlScalar(s string) (any, error) {
	switch s[0] {
	case '"':
		end := strings.LastIndexByte(s, '"')
		if end == 0 {
			return nil, errorf("invalid_value", "config", "an unterminated string")
		}
		v, err := strconv.Unquote(s[:end+1])
		if err != nil {
			return s[1:end], nil
		}
		return v, nil
	case '\'':
		end := strings.LastIndexByte(s, '\'')
		if end == 0 {
			return nil, errorf("invalid_value", "config", "an unterminated string")
		}
		return strings.ReplaceAll(s[1:end], "''", "'"), nil
	}
	if k := strings.Index(s, " #"); k >= 0 {
		s = strings.TrimSpace(s[:k])
	}
	switch s {
	case "null", "Null", "NULL", "~":
		return nil, nil
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	}
	if json.Valid([]byte(s)) && s[0] != '[' && s[0] != '{' && s[0] != '"' {
		return json.Number(s), nil // a number as written: 0.001, 1e-3, 1
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) && !strings.ContainsAny(s, "xXpP_") {
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil // 1.0e-3, +1, .5 (YAML numbers JSON spells otherwise)
	}
	return s, nil
}
