package webtest

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// ControlsMove checks that every control of the form sel on the page at
// path changes what the page shows (issue 35: no page offers a control
// its state ignores). For each control (a slider, a number, a select, a
// checkbox, a text field of numbers) it submits the form as it is and
// with that control at another value, following the canonical redirects,
// and fails unless the two answers differ in a chart (an <svg> in <main>)
// or in the text of a visible table cell. The form's own fields are not
// what is compared: an ignored control that only echoes its value fails.
// skip names controls left out (with the reason in the caller's comment).
func ControlsMove(t *testing.T, path, sel string, skip ...string) {
	t.Helper()
	doc := followPage(t, path)
	form := doc.Find(sel).First()
	if form.Length() == 0 {
		t.Fatalf("%s: no form %s", path, sel)
	}
	action, _ := form.Attr("action")
	base := formValues(form)
	before := picture(t, followPage(t, action+"?"+base.Encode()))
	tried := 0
	nth := map[string]int{} // the index of a control among those of its name
	form.Find("input, select, textarea").Each(func(_ int, c *goquery.Selection) {
		name, _ := c.Attr("name")
		typ, _ := c.Attr("type")
		k := nth[name]
		if typ != "checkbox" && typ != "radio" {
			nth[name]++
		}
		if name == "" || typ == "hidden" || typ == "submit" || contains(skip, name) {
			return
		}
		q, ok := moved(c, base, k)
		if !ok {
			return
		}
		tried++
		if picture(t, followPage(t, action+"?"+q.Encode())) == before {
			t.Errorf("%s: control %s #%d (%s) changes neither a chart nor a visible cell: %s → %s", path, name, k, goquery.NodeName(c), base[name], q[name])
		}
	})
	if tried == 0 {
		t.Errorf("%s: the form %s has no control to try", path, sel)
	}
}

// followPage GETs target in the shared site, following redirects.
func followPage(t *testing.T, target string) *goquery.Document {
	t.Helper()
	for range 4 {
		rec := Get(t, target)
		if loc := rec.Header().Get("Location"); rec.Code/100 == 3 && loc != "" {
			target = loc
			continue
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d", target, rec.Code)
		}
		return Doc(t, rec.Body.String())
	}
	t.Fatalf("GET %s: too many redirects", target)
	return nil
}

// FormValues are what the form submits as it stands (its inputs, selects
// and textareas, as a browser sends them), for a test that edits one field.
func FormValues(form *goquery.Selection) url.Values { return formValues(form) }

// formValues are what the form submits as it stands.
func formValues(form *goquery.Selection) url.Values {
	q := url.Values{}
	form.Find("input, select, textarea").Each(func(_ int, c *goquery.Selection) {
		name, _ := c.Attr("name")
		typ, _ := c.Attr("type")
		if name == "" || typ == "submit" {
			return
		}
		switch {
		case goquery.NodeName(c) == "select":
			o := c.Find("option[selected]").First()
			if o.Length() == 0 {
				o = c.Find("option").First()
			}
			v, _ := o.Attr("value")
			q.Add(name, v)
		case goquery.NodeName(c) == "textarea":
			q.Add(name, c.Text())
		case typ == "checkbox" || typ == "radio":
			if _, on := c.Attr("checked"); on {
				v, _ := c.Attr("value")
				q.Add(name, v)
			}
		default:
			v, _ := c.Attr("value")
			q.Add(name, v)
		}
	})
	return q
}

// moved is q with control c, the k-th of its name, at another value;
// false when this helper has no other value for it.
func moved(c *goquery.Selection, base url.Values, k int) (url.Values, bool) {
	name, _ := c.Attr("name")
	typ, _ := c.Attr("type")
	q := url.Values{}
	for k, vs := range base {
		q[k] = append([]string(nil), vs...)
	}
	switch {
	case goquery.NodeName(c) == "select":
		cur := base.Get(name)
		var other string
		c.Find("option").EachWithBreak(func(_ int, o *goquery.Selection) bool {
			v, _ := o.Attr("value")
			if v != cur {
				other = v
				return false
			}
			return true
		})
		if other == "" && cur != "" {
			return nil, false
		}
		q.Set(name, other)
	case typ == "checkbox":
		v, _ := c.Attr("value")
		if _, on := c.Attr("checked"); on {
			kept := []string{}
			for _, x := range q[name] {
				if x != v {
					kept = append(kept, x)
				}
			}
			q[name] = kept
		} else {
			q.Add(name, v)
		}
	case typ == "range" || typ == "number" || typ == "text" || goquery.NodeName(c) == "textarea":
		if k >= len(q[name]) {
			return nil, false
		}
		next, ok := otherNumbers(q[name][k], c)
		if !ok {
			return nil, false
		}
		q[name][k] = next
	default:
		return nil, false
	}
	return q, true
}

// otherNumbers is a list of numbers (one or more, comma- or
// space-separated) with its first number changed within the control's
// min and max: to the middle of the range, or else its other end; a text
// that is not numbers has none.
func otherNumbers(cur string, c *goquery.Selection) (string, bool) {
	sep := ","
	parts := strings.Split(cur, sep)
	if len(parts) == 1 {
		sep = " "
		parts = strings.Fields(cur)
	}
	if len(parts) == 0 {
		return "", false
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
	if err != nil {
		return "", false
	}
	// A slider's exact number carries the range as data-min and data-max.
	lo, errLo := strconv.ParseFloat(c.AttrOr("min", c.AttrOr("data-min", "")), 64)
	hi, errHi := strconv.ParseFloat(c.AttrOr("max", c.AttrOr("data-max", "")), 64)
	var y float64
	switch {
	case errLo == nil && errHi == nil:
		y = math.Round((lo+hi)/2*100) / 100
		if x == math.Trunc(x) && lo == math.Trunc(lo) && hi == math.Trunc(hi) && hi-lo >= 2 {
			y = math.Round((lo + hi) / 2) // a whole number stays whole
		}
		if y == x {
			y = hi
		}
	case x == math.Trunc(x):
		// A whole number without a range: a mask flips, a count grows.
		y = x + 1
		if flags(parts) {
			y = 1 - x
		}
	default:
		y = x + 0.25
	}
	parts[0] = strconv.FormatFloat(y, 'f', -1, 64)
	return strings.Join(parts, sep), true
}

// picture is what a page shows that a control may change: its charts and
// the text of its visible table cells.
func picture(t *testing.T, doc *goquery.Document) string {
	t.Helper()
	var b strings.Builder
	main := doc.Find("main")
	main.Find("svg").Each(func(_ int, s *goquery.Selection) {
		h, _ := goquery.OuterHtml(s)
		b.WriteString(h)
	})
	main.Find("td, th").Each(func(_ int, c *goquery.Selection) {
		if c.Closest("form, [hidden]").Length() > 0 {
			return
		}
		b.WriteString(strings.TrimSpace(c.Text()))
		b.WriteByte('|')
	})
	return b.String()
}

// flags reports whether every part is 0 or 1 (a mask).
func flags(parts []string) bool {
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "0" && p != "1" {
			return false
		}
	}
	return true
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
