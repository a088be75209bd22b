package web

import (
	_ "embed"
	"net/http"
)

// exampleBatch is the example /inspect offers to a learner with no batch
// at hand: 4 responses whose score was written one token past EOS, a
// fixture written through the engine by web/inspect/internal/mkfixtures.
//
//go:embed inspect/testdata/gen_score_past_eos.safetensors
var exampleBatch []byte

// handleInspectExample handles the "POST /inspect/example" route: the
// example batch is uploaded as any file is (the address's quota and the
// store's cap apply) and the browser sent to its view.
func (s *Server) handleInspectExample(w http.ResponseWriter, r *http.Request) {
	ir := readInspect(r)
	up, status, key := s.uploads.put(r, exampleBatch)
	if status != 0 {
		renderInspect(w, r, status, inspectPage(ir, nil, nil, []string{ir.lang.T(key)}))
		return
	}
	http.Redirect(w, r, "/inspect/"+up.ID+ir.query(), http.StatusSeeOther)
}
