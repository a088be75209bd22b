package tensorfile

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// parsePyDict reads the Python literal of an .npy header, such as
//
//	{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
//
// Keys are strings; values are strings, True/False, tuples of integers
// (returned as []int) or lists (returned as []any, only to recognise a
// structured dtype). Nothing else is accepted, and nothing is evaluated.
func parsePyDict(s string) (map[string]any, error) {
	p := &pyParser{s: s}
	p.space()
	if !p.eat('{') {
		return nil, errors.New("not a {…} dictionary")
	}
	out := map[string]any{}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		key, err := p.str()
		if err != nil {
			return nil, fmt.Errorf("key: %w", err)
		}
		p.space()
		if !p.eat(':') {
			return nil, fmt.Errorf("no ':' after key %q", key)
		}
		p.space()
		v, err := p.value(0)
		if err != nil {
			return nil, fmt.Errorf("value of %q: %w", key, err)
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("key %q appears twice", key)
		}
		out[key] = v
		p.space()
		if p.eat(',') {
			continue
		}
		p.space()
		if !p.eat('}') {
			return nil, fmt.Errorf("expected ',' or '}' at byte %d", p.i)
		}
		break
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("unexpected text after the dictionary at byte %d", p.i)
	}
	return out, nil
}

type pyParser struct {
	s string
	i int
}

func (p *pyParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *pyParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *pyParser) str() (string, error) {
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", errors.New("not a quoted string")
	}
	q := p.s[p.i]
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", errors.New("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+end]
	if strings.ContainsRune(v, '\\') {
		return "", errors.New("escapes in strings are not supported")
	}
	p.i += end + 2
	return v, nil
}

func (p *pyParser) value(depth int) (any, error) {
	if depth > 8 {
		return nil, errors.New("nested too deeply")
	}
	if p.i >= len(p.s) {
		return nil, errors.New("missing")
	}
	switch c := p.s[p.i]; {
	case c == '\'' || c == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "True"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.s[p.i:], "False"):
		p.i += 5
		return false, nil
	case c == '(':
		p.i++
		var dims []int
		for {
			p.space()
			if p.eat(')') {
				if dims == nil {
					dims = []int{}
				}
				return dims, nil
			}
			start := p.i
			for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '-') {
				p.i++
			}
			n, err := strconv.Atoi(p.s[start:p.i])
			if err != nil {
				return nil, fmt.Errorf("tuple element %q is not an integer", p.s[start:p.i])
			}
			if len(dims) >= 32 {
				return nil, errors.New("more than 32 dimensions")
			}
			dims = append(dims, n)
			p.space()
			if !p.eat(',') {
				p.space()
				if !p.eat(')') {
					return nil, errors.New("unterminated tuple")
				}
				return dims, nil
			}
		}
	case c == '[':
		p.i++
		var items []any
		for {
			p.space()
			if p.eat(']') {
				return items, nil
			}
			if p.eat('(') { // structured dtype fields: ('name', '<f4'), recognised, not used
				p.i--
				depthEnd := strings.IndexByte(p.s[p.i:], ')')
				if depthEnd < 0 {
					return nil, errors.New("unterminated field")
				}
				p.i += depthEnd + 1
				items = append(items, "field")
			} else {
				v, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				items = append(items, v)
			}
			if len(items) > 1024 {
				return nil, errors.New("list too long")
			}
			p.space()
			if !p.eat(',') {
				p.space()
				if !p.eat(']') {
					return nil, errors.New("unterminated list")
				}
				return items, nil
			}
		}
	}
	return nil, fmt.Errorf("unsupported literal at byte %d", p.i)
}
