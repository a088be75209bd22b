package class

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"gaelab/templates"
	"gaelab/web/httperr"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// maxQueue is the most questions a class's queue holds.
const maxQueue = 100

// flowQueue adds a lesson block ("slug#predict-…" or "slug#choice-…") to
// the end of the class's queue, prepared before class and saved with it.
func (cr *Room) flowQueue(ctx context.Context, c store.Class, in flowInput) (map[string]any, *httperr.Error, error) {
	lesson, block, _ := cutBlock(in.Block)
	if _, ae := blockSpec(lesson, block); ae != nil || lesson == "" {
		return nil, &httperr.Error{Code: "invalid", Field: "block", Key: "class.err.lesson", Args: []any{truncate(lesson, 64), truncate(block, 64)}}, nil
	}
	if len(c.Queue) >= maxQueue {
		return nil, conflict("class.err.flow.queue.full", maxQueue), nil
	}
	queue := append(slices.Clone(c.Queue), lesson+"#"+block)
	if err := cr.st.SetQueue(ctx, c.Code, queue); err != nil {
		return nil, nil, err
	}
	return map[string]any{"queue": queue}, nil, nil
}

// flowUnqueue empties the class's queue.
func (cr *Room) flowUnqueue(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	if err := cr.st.SetQueue(ctx, c.Code, nil); err != nil {
		return nil, nil, err
	}
	return map[string]any{"queue": []string{}}, nil, nil
}

// flowNext asks the queue's first question and takes it off the queue:
// two presses of Next ask two questions, never one twice.
func (cr *Room) flowNext(ctx context.Context, c store.Class, _ flowInput) (map[string]any, *httperr.Error, error) {
	item, err := cr.st.PopQueue(ctx, c.Code)
	if err != nil {
		return nil, nil, err
	}
	if item == "" {
		return nil, conflict("class.err.flow.queue.empty"), nil
	}
	q, ae, err := cr.ask(ctx, c.Code, "", item, "", "")
	if err != nil {
		return nil, nil, err
	}
	if ae != nil { // the lesson changed since: the item is gone, say which
		return nil, &httperr.Error{Code: "invalid", Field: "block", Key: ae.Key, Args: ae.args}, nil
	}
	return map[string]any{"question": strconv.Itoa(q.ID), "asked": item, "left": max(len(c.Queue)-1, 0)}, nil, nil
}

// cutBlock splits "slug#block".
func cutBlock(s string) (lesson, block string, ok bool) {
	return strings.Cut(strings.TrimSpace(s), "#")
}

// queueControls are the controls' queue: its questions by their picker
// labels, Next (naming the question it asks) and Clear.
func queueControls(lang i18n.Lang, c store.Class, opts []templates.Option, form func(action, submit string) templates.ClassForm) templates.ClassQueue {
	t := lang.T
	q := templates.ClassQueue{Heading: t("class.queue.heading"), Add: form("queue", t("class.queue.add")), Empty: t("class.queue.empty")}
	for _, item := range c.Queue {
		label := item
		if i := slices.IndexFunc(opts, func(o templates.Option) bool { return o.Value == item }); i >= 0 {
			label = opts[i].Label
		}
		q.Items = append(q.Items, label)
	}
	if len(q.Items) > 0 {
		q.Next = form("next", t("class.queue.next", q.Items[0]))
		q.Clear = form("unqueue", t("class.queue.clear"))
	}
	return q
}
