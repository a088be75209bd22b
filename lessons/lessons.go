// Package lessons is GAE Lab's course: Markdown lessons in Chinese and
// English, embedded in the binary and rendered once at start-up into HTML
// parts and live blocks (scenario widgets and predict questions) that the web
// package fills in per request.
package lessons

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

//go:embed en/*.md zh/*.md
var files embed.FS

// Langs are the course's languages, each a directory of Markdown files.
var Langs = []string{"en", "zh"}

// Lesson is one rendered lesson in one language.
type Lesson struct {
	Slug, Lang string
	Meta
	Parts    []Part    // the body: HTML and live blocks, in order
	Headings []Heading // the ## and ### headings, for the table of contents
	Problems []error   // formulas that did not render (shown as their source)
}

// Meta is a lesson's front matter.
type Meta struct {
	Title      string
	Order      int
	Summary    string
	Objectives []string // "you will be able to …": trusted HTML, one line each
	Needs      []string // slugs of the lessons this one builds on
	needsSet   bool
	// Minutes is the honest reading time, computed from the text: about 250
	// Chinese characters or 200 English words a minute, plus a minute per
	// exercise (predict and choice blocks).
	Minutes int
}

// Heading is a section heading with its id.
type Heading struct {
	Level    int
	ID, Text string
}

// Part is a piece of a lesson body: rendered HTML, or a live block.
type Part struct {
	HTML     string    // trusted HTML rendered from the lesson's Markdown
	Scenario *Scenario // a ```scenario block
	Predict  *Predict  // a ```predict block
	Choice   *Choice   // a ```choice block
	Details  *Details  // a ```history or ```answer block
	Variance *Variance // a ```variance block
	Batch    *Batch    // a ```batch block
	Traces   *Traces   // a ```traces block
	Weights  *Weights  // a ```weights block
}

// Details is a collapsible note: "history" (version history and PR
// archaeology, kept out of the main line) or "answer" (the answer to a
// "Check yourself" item). Its label comes from the message catalog.
type Details struct {
	Kind string // "history" or "answer"
	HTML string // trusted HTML rendered from the block's Markdown
}

// Course is every lesson in every language, in course order.
type Course struct {
	byLang map[string][]*Lesson
}

// Load renders the embedded course.
func Load() (*Course, error) {
	return load(files)
}

func load(fsys fs.FS) (*Course, error) {
	c := &Course{byLang: map[string][]*Lesson{}}
	for _, lang := range Langs {
		names, err := fs.Glob(fsys, lang+"/*.md")
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			src, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			l, err := RenderLang(src, lang)
			if err != nil {
				return nil, fmt.Errorf("lessons: %s: %w", name, err)
			}
			l.Slug, l.Lang = strings.TrimSuffix(path.Base(name), ".md"), lang
			c.byLang[lang] = append(c.byLang[lang], l)
		}
		slices.SortFunc(c.byLang[lang], func(a, b *Lesson) int { return a.Order - b.Order })
		if err := markLaterRows(c.byLang[lang]); err != nil {
			return nil, err
		}
		for _, l := range c.byLang[lang] {
			for _, n := range l.Needs {
				if x, _, _ := c.Lesson(lang, n); x == nil || x.Order >= l.Order {
					return nil, fmt.Errorf("lessons: %s/%s needs %q, which is not an earlier lesson", lang, l.Slug, n)
				}
			}
		}
	}
	return c, nil
}

// Lessons returns the lessons of a language in course order.
func (c *Course) Lessons(lang string) []*Lesson { return c.byLang[lang] }

// Lesson finds a lesson by slug, with the previous and next ones (nil at the ends).
func (c *Course) Lesson(lang, slug string) (l, prev, next *Lesson) {
	ls := c.byLang[lang]
	for i, x := range ls {
		if x.Slug == slug {
			if i > 0 {
				prev = ls[i-1]
			}
			if i+1 < len(ls) {
				next = ls[i+1]
			}
			return x, prev, next
		}
	}
	return nil, nil, nil
}
