package inspect

import (
	"net/http"
	"net/url"
	"slices"

	"github.com/go-chi/chi/v5"

	"gaelab/web/clientip"
	"gaelab/web/i18n"
	"gaelab/web/store"
)

// inspectPageKeys are the view's own query keys (besides the config keys).
// shared=1 marks the link Share answers with; the view reads whether an
// upload is shared from the store.
var inspectPageKeys = []string{"lang", "sort", "group", "shared", "from"}

// inspectRequest is a decoded /inspect/{id} request.
type inspectRequest struct {
	lang    i18n.Lang
	langSet bool
	id      string
	config  url.Values // the config keys only
	sort    string
	group   string
	upload  store.Upload // the view's upload, once loaded
	addr    string       // the client's (clientip.Addr), for its quotas
}

func readInspect(r *http.Request) inspectRequest {
	q := r.URL.Query()
	ir := inspectRequest{id: chi.URLParam(r, "id"), config: url.Values{}, sort: q.Get("sort"), group: q.Get("group"), addr: clientip.Addr(r)}
	// Every link of the view carries the language (lang=, cookie or
	// Accept-Language), as every internal link does.
	ir.lang, _ = i18n.OfLink(r, q)
	ir.langSet = true
	for k, v := range q {
		if !slices.Contains(inspectPageKeys, k) && len(v) > 0 {
			ir.config.Set(k, v[0])
		}
	}
	return ir
}

// query is the view's link query: the config, sort, group and lang.
func (ir inspectRequest) query(extra ...string) string {
	q := url.Values{}
	for k, v := range ir.config {
		q[k] = v
	}
	if ir.sort != "" && ir.sort != "row" {
		q.Set("sort", ir.sort)
	}
	if ir.group != "" {
		q.Set("group", ir.group)
	}
	if ir.langSet {
		q.Set("lang", string(ir.lang))
	}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}
