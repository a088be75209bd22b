package play

import (
	"net/url"
	"strings"

	"gaelab/templates"
)

// cellForm is the cells form's hidden inputs (templates.CellForm): the
// page's canonical link without sel=, parameter by parameter in its order.
// A cell's button adds sel=<row>.<t>, so selecting a cell opens the same
// link with sel= added: a v=1 link stays v=1, the state unchanged. Like
// every form of a page it carries the page's language, also when the link
// did not (a v=1 link without lang=).
func (v View) cellForm() []templates.Option {
	s := v.S
	s.Select = ""
	self := v.Req.PageLink("/play", v.stateOnly+s.ViewQuery()).Canonical(v.Req.LangSet)
	_, query, _ := strings.Cut(self, "?")
	fields := queryFields(query)
	if !v.Req.LangSet {
		fields = append(fields, v.langField())
	}
	return fields
}

// queryFields are a query's parameters as hidden inputs (name Value,
// value Label), in the query's order.
func queryFields(query string) []templates.Option {
	var fields []templates.Option
	for _, pair := range strings.Split(query, "&") {
		k, val, _ := strings.Cut(pair, "=")
		k, errK := url.QueryUnescape(k)
		val, errV := url.QueryUnescape(val)
		if k != "" && errK == nil && errV == nil {
			fields = append(fields, templates.Option{Value: k, Label: val})
		}
	}
	return fields
}
