package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// MaxElements is the largest number of elements accepted in one tensor.
const MaxElements = 1 << 20

// badRequest builds a 400 error naming the field.
func badRequest(code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// elemKind says what an element of an array may be.
type elemKind int

const (
	kindNumber elemKind = iota // a finite JSON number
	kindMask                   // 0 or 1, as a number or a bool
)

// parseMatrix reads a [B][R] array from raw, streaming so that an oversized
// or malformed tensor is refused before it is held in memory.
func parseMatrix(raw json.RawMessage, field string, kind elemKind) ([][]float64, *Error) {
	if m, ok := fastMatrix(raw, kind); ok {
		return m, nil
	}
	return streamMatrix(raw, field, kind)
}

// streamMatrix is parseMatrix's careful path: token by token, so the error
// names the exact element and a huge tensor stops at MaxElements.
func streamMatrix(raw json.RawMessage, field string, kind elemKind) ([][]float64, *Error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := expectDelim(dec, '[', field, "an array of rows"); err != nil {
		return nil, err
	}
	var rows [][]float64
	elements := 0
	for i := 0; dec.More(); i++ {
		rowField := fmt.Sprintf("%s[%d]", field, i)
		if err := expectDelim(dec, '[', rowField, "an array of numbers"); err != nil {
			return nil, err
		}
		row := make([]float64, 0, widthHint(rows))
		for t := 0; dec.More(); t++ {
			if elements++; elements > MaxElements {
				return nil, badRequest("too_large", field, "has more than %d elements", MaxElements)
			}
			tok, err := dec.Token()
			if err != nil {
				return nil, badRequest("invalid_json", rowField, "is not valid JSON: %v", err)
			}
			x, perr := element(tok, fmt.Sprintf("%s[%d]", rowField, t), kind)
			if perr != nil {
				return nil, perr
			}
			row = append(row, x)
		}
		if _, err := dec.Token(); err != nil { // the row's ']'
			return nil, badRequest("invalid_json", rowField, "is not valid JSON: %v", err)
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, badRequest("invalid_shape", rowField, "has %d elements but row 0 has %d; every row must have the same length", len(row), len(rows[0]))
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, badRequest("invalid_shape", field, "must have at least one row")
	}
	if len(rows[0]) == 0 {
		return nil, badRequest("invalid_shape", field, "must have at least one column (response token)")
	}
	return rows, nil
}

// fastMatrix decodes a well-formed numeric tensor in one call. It declines
// (ok = false) whatever the streaming parser must judge: a possible null
// (which json.Unmarshal would silently read as 0), booleans, a tensor that
// may exceed MaxElements, ragged or empty rows, and masks other than 0/1.
func fastMatrix(raw json.RawMessage, kind elemKind) ([][]float64, bool) {
	if bytes.Count(raw, []byte(",")) >= MaxElements || bytes.ContainsAny(raw, "nt\"") {
		return nil, false
	}
	var m [][]float64
	if json.Unmarshal(raw, &m) != nil || len(m) == 0 || len(m[0]) == 0 {
		return nil, false
	}
	for _, row := range m {
		if len(row) != len(m[0]) {
			return nil, false
		}
		if kind == kindMask {
			for _, x := range row {
				if x != 0 && x != 1 {
					return nil, false
				}
			}
		}
	}
	return m, true
}

func widthHint(rows [][]float64) int {
	if len(rows) == 0 {
		return 0
	}
	return len(rows[0])
}

// parseVector reads a [B] array of finite numbers.
func parseVector(raw json.RawMessage, field string) ([]float64, *Error) {
	m, err := parseMatrix(append(append([]byte("["), raw...), ']'), field, kindNumber)
	if err != nil {
		err.Field = dropFirstIndex(err.Field, field)
		if err.Code == "invalid_shape" {
			err.Message = "must be an array of numbers with at least one element"
		}
		return nil, err
	}
	return m[0], nil
}

// dropFirstIndex rewrites "field[0][3]" (from parseVector's wrapping) to "field[3]".
func dropFirstIndex(got, field string) string {
	if p := field + "[0]"; len(got) >= len(p) && got[:len(p)] == p {
		return field + got[len(p):]
	}
	return got
}

// expectDelim reads the next token and requires the delimiter d.
func expectDelim(dec *json.Decoder, d json.Delim, field, want string) *Error {
	tok, err := dec.Token()
	if err != nil {
		return badRequest("invalid_json", field, "is not valid JSON: %v", err)
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		return badRequest("invalid_shape", field, "must be %s, got %s", want, describe(tok))
	}
	return nil
}

// element converts one JSON token to a float64 of the given kind.
func element(tok json.Token, field string, kind elemKind) (float64, *Error) {
	switch v := tok.(type) {
	case json.Number:
		x, err := strconv.ParseFloat(string(v), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, badRequest("invalid_number", field, "%s is out of the range of a float64", v)
		}
		if kind == kindMask && x != 0 && x != 1 {
			return 0, badRequest("invalid_mask", field, "must be 0 or 1, got %s", v)
		}
		return x, nil
	case bool:
		if kind == kindMask {
			if v {
				return 1, nil
			}
			return 0, nil
		}
	}
	want := "a finite number"
	if kind == kindMask {
		want = "0 or 1"
	}
	code := "invalid_number"
	if kind == kindMask {
		code = "invalid_mask"
	}
	return 0, badRequest(code, field, "must be %s, got %s", want, describe(tok))
}

// describe names a JSON token for an error message.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case string:
		if len(v) > 40 {
			v = v[:40] + "…"
		}
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return v.String()
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		if v == '{' {
			return "an object"
		}
	}
	return fmt.Sprint(tok)
}
