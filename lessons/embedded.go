package lessons

import "sync"

// embedded is Load's answer, a memo of a pure function: the course's files
// are compiled in, so it is rendered once per process, on first use.
var embedded = sync.OnceValues(Load)

// Embedded is the embedded course. A course that fails to render (the tests
// check it never does) is empty, so that the rest of the site still works;
// EmbeddedErr says why.
func Embedded() *Course {
	if c, err := embedded(); err == nil {
		return c
	}
	return &Course{}
}

// EmbeddedErr is why the embedded course failed to render, or nil.
func EmbeddedErr() error {
	_, err := embedded()
	return err
}
