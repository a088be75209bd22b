package lessons

import "fmt"

// rowTaughtIn is the lesson that first teaches each table row: the reward,
// the value, the return and the advantage in the first lesson, the next
// value and the TD error with the TD error, the score and the KL with the
// rewards, the whitened advantage with whitening.
var rowTaughtIn = map[string]string{
	"reward": "foundations", "value": "foundations", "ret": "foundations", "adv": "foundations",
	"next": "td-error", "delta": "td-error",
	"score": "scores-and-rewards", "kld": "scores-and-rewards",
	"white": "whitening-and-masks",
}

// markLaterRows sets each widget's Later: the rows it names that a later
// lesson of the course teaches, which the page keeps collapsed. lessons
// are one language's, in course order.
func markLaterRows(lessons []*Lesson) error {
	order := map[string]int{}
	for _, l := range lessons {
		order[l.Slug] = l.Order
	}
	for _, l := range lessons {
		for _, p := range l.Parts {
			s := p.Scenario
			if s == nil {
				continue
			}
			s.Later = nil
			for _, r := range s.Rows {
				in, ok := order[rowTaughtIn[r]]
				if !ok {
					return fmt.Errorf("lessons: %s: row %q is taught by no lesson of the course", l.Slug, r)
				}
				if in > l.Order {
					s.Later = append(s.Later, r)
				}
			}
		}
	}
	return nil
}
