package course

import (
	"encoding/base64"
	"errors"
	"slices"
	"strconv"
	"strings"

	"gaelab/lessons"
)

// A progress code carries a learner's progress (lessons read, questions
// answered right) from one browser to another as a link,
// /lessons?progress=<code>. It is "1" (the format's version) followed by a
// bit set in unpadded base64url: bit i (byte i/8, bit i%8 from the least
// significant) is progressKeys[i]. Trailing zero bytes are left out, so "1"
// alone is no progress. static/progress.js keeps the same code in the
// browser's localStorage and writes it the same way.

// progressMaxLen bounds a code before it is decoded.
const progressMaxLen = 256

// progress is a decoded progress code: the keys it marks.
type progress map[string]bool

// errProgress is any code that is not one: the page says so in the
// learner's language, it never tells which byte was wrong.
var errProgress = errors.New("progress: not a progress code")

// decodeProgress reads a progress code. A code with a bit past the keys
// this server knows (a newer server's, or noise) is refused whole.
func decodeProgress(code string) (progress, error) {
	rest, ok := strings.CutPrefix(code, "1")
	if !ok || len(code) > progressMaxLen || strings.IndexFunc(rest, notBase64URL) >= 0 {
		return nil, errProgress
	}
	bits, err := base64.RawURLEncoding.Strict().DecodeString(rest)
	if err != nil || len(bits) > 0 && bits[len(bits)-1] == 0 {
		return nil, errProgress
	}
	p := progress{}
	for i, b := range bits {
		for j := range 8 {
			if b&(1<<j) == 0 {
				continue
			}
			k := i*8 + j
			if k >= len(progressKeys) {
				return nil, errProgress
			}
			p[progressKeys[k]] = true
		}
	}
	return p, nil
}

// notBase64URL reports a rune outside the base64url alphabet (the decoder
// would skip a newline).
func notBase64URL(r rune) bool {
	return !('A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '_')
}

// Encode writes the code of p; keys without a bit are left out.
func (p progress) Encode() string {
	var bits []byte
	for i, k := range progressKeys {
		if !p[k] {
			continue
		}
		for len(bits) <= i/8 {
			bits = append(bits, 0)
		}
		bits[i/8] |= 1 << (i % 8)
	}
	return "1" + base64.RawURLEncoding.EncodeToString(bits)
}

// progressBit is the bit of a key as the page hands it to the script ("" for
// a key without one: the script then keeps nothing for it).
func progressBit(key string) string {
	if i := slices.Index(progressKeys, key); i >= 0 {
		return strconv.Itoa(i)
	}
	return ""
}

// lessonQuestions are the progress keys of a lesson's questions (a question
// that moved in keeps its first key: QuestionKey).
func lessonQuestions(l *lessons.Lesson) []string {
	var keys []string
	for _, p := range l.Parts {
		if id := blockID(p); id != "" {
			keys = append(keys, QuestionKey(l.Slug, id))
		}
	}
	return keys
}

// Lesson states on the course map.
const (
	stateNew   = "new"   // nothing read or answered
	stateDoing = "doing" // read, or some questions answered right
	stateDone  = "done"  // read to the end and every question answered right
)

// lessonState is where p stands in lesson l. static/progress.js applies
// the same rule in the browser.
func (p progress) lessonState(l *lessons.Lesson) string {
	qs := lessonQuestions(l)
	right := 0
	for _, q := range qs {
		if p[q] {
			right++
		}
	}
	switch {
	case p[l.Slug] && right == len(qs):
		return stateDone
	case p[l.Slug] || right > 0:
		return stateDoing
	}
	return stateNew
}
