package i18n

import "testing"

// TestPlural: English picks "one" for 1 only; Chinese has one form.
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		n    int
		want string
	}{
		{En, 0, "0 students joined"},
		{En, 1, "1 student joined"},
		{En, 2, "2 students joined"},
		{En, 21, "21 students joined"},
		{Zh, 1, "已有 1 名学生加入"},
		{Zh, 2, "已有 2 名学生加入"},
	} {
		if got := c.lang.Plural("class.students", c.n); got != c.want {
			t.Errorf("%s Plural(class.students, %d) = %q; want %q", c.lang, c.n, got, c.want)
		}
	}
}
