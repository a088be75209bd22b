package lessons

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readNext is the HTML of lesson l's last section, "Read next" (延伸阅读),
// from its heading on, or "".
func readNext(l *Lesson, heading string) string {
	var b strings.Builder
	in := false
	for _, p := range l.Parts {
		h := p.HTML
		if i := strings.Index(h, ">"+heading+"</h2>"); i >= 0 {
			in, h = true, h[i:]
		}
		if in {
			b.WriteString(h)
		}
	}
	return b.String()
}

var (
	listItem   = regexp.MustCompile(`(?s)<li>(.*?)</li>`)
	codeSpan   = regexp.MustCompile(`<code>([^<]*)</code>`)
	verlTag    = regexp.MustCompile(`verl v\d+\.\d+(?:\.\d+)?`)
	verlPath   = regexp.MustCompile(`^(?:verl|docs)/[\w/.-]+\.(?:py|md|yaml)$`)
	verlIssue  = regexp.MustCompile(`verl#\d+`)
	year       = regexp.MustCompile(`\b(?:19|20)\d\d\b`)
	section    = regexp.MustCompile(`§\d+(?:\.\d+)*`)
	outerLinks = regexp.MustCompile(`href="https?:`)
)

// Issue 36, "Read next": every lesson ends, in both languages, with one or
// two sources to read next, each named so that a reader can find it without
// a link the tests would have to fetch: a verl file at a release tag (the
// tag and a path in code), a verl issue by number, or a paper, book or post
// by its year; a paper or book cited with a section gives it as §n. The two
// languages name the same sources: the same tags, paths, functions, issues,
// years and sections, item for item.
func TestEveryLessonEndsWithNamedSources(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	heading := map[string]string{"en": "Read next", "zh": "延伸阅读"}
	type named struct{ tags, codes, issues, years, sections []string }
	sources := map[string][][]named{} // slug -> language -> items
	for _, lang := range Langs {
		for _, l := range c.Lessons(lang) {
			h := readNext(l, heading[lang])
			if h == "" {
				t.Errorf("%s/%s: no %q section", lang, l.Slug, heading[lang])
				continue
			}
			if outerLinks.MatchString(h) {
				t.Errorf("%s/%s: %q links outside the site; name the source instead", lang, l.Slug, heading[lang])
			}
			items := listItem.FindAllStringSubmatch(h, -1)
			if len(items) < 1 || len(items) > 2 {
				t.Errorf("%s/%s: %d sources to read next, want one or two", lang, l.Slug, len(items))
			}
			var got []named
			for _, it := range items {
				// The words as read: MathML's namespace holds a "1998".
				text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(it[1], "")
				var n named
				n.tags = verlTag.FindAllString(text, -1)
				for _, m := range codeSpan.FindAllStringSubmatch(it[1], -1) {
					n.codes = append(n.codes, m[1])
				}
				n.issues = verlIssue.FindAllString(text, -1)
				n.years = year.FindAllString(text, -1)
				n.sections = section.FindAllString(text, -1)
				paths := slices.ContainsFunc(n.codes, verlPath.MatchString)
				switch {
				case len(n.tags) > 0 && !paths:
					t.Errorf("%s/%s: %q names a verl tag but no file path in code", lang, l.Slug, text)
				case paths && len(n.tags) == 0:
					t.Errorf("%s/%s: %q names a verl file without its tag", lang, l.Slug, text)
				case len(n.tags) == 0 && len(n.issues) == 0 && len(n.years) == 0:
					t.Errorf("%s/%s: %q names no source: a verl file at a tag, a verl issue, or a work with its year", lang, l.Slug, text)
				}
				got = append(got, n)
			}
			sources[l.Slug] = append(sources[l.Slug], got)
		}
	}
	if len(sources) < 17 {
		t.Fatalf("only %d lessons", len(sources))
	}
	for slug, byLang := range sources {
		if len(byLang) != 2 {
			t.Errorf("%s: in %d languages", slug, len(byLang))
			continue
		}
		en, zh := byLang[0], byLang[1]
		if len(en) != len(zh) {
			t.Errorf("%s: %d sources in en, %d in zh", slug, len(en), len(zh))
			continue
		}
		for i := range en {
			for what, pair := range map[string][2][]string{
				"verl tags": {en[i].tags, zh[i].tags}, "code": {en[i].codes, zh[i].codes},
				"issues": {en[i].issues, zh[i].issues}, "years": {en[i].years, zh[i].years},
				"sections": {en[i].sections, zh[i].sections},
			} {
				a, b := slices.Clone(pair[0]), slices.Clone(pair[1])
				slices.Sort(a)
				slices.Sort(b)
				if !slices.Equal(a, b) {
					t.Errorf("%s, source %d: en names %s %v, zh %v", slug, i+1, what, pair[0], pair[1])
				}
			}
		}
	}
}
