package e2e

// What the browser tests know of the server they drive: only what package
// web exports (Handler, Options, Routes), its pages as served (through
// web/webtest, as every room's tests reach them), and the packages it is
// built from. The few helpers below compute, test-side, what a page must
// show, so that a page's expected numbers never come from the code under
// test's unexported views.

import (
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"gaelab/engine"
	"gaelab/web/scenario"
	"gaelab/web/webtest"
	"gaelab/web/webtest/stores"
)

// fixture is one of the upload readers' test files (web/inspect/testdata).
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "inspect", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sweepLambdas are the λ of the λ sweep's rows (/compare/lambda).
var sweepLambdas = []float64{0, 0.5, 0.9, 0.95, 1}

// sweepEngine is an independent run of verl's GAE on a scenario with λ: the
// scenario's rewards (KL included), values, mask, γ and version.
func sweepEngine(s scenario.Scenario, lam float64) engine.GAEResult {
	res := s.Compute()
	vals := make([]float64, s.Len())
	for t, tok := range s.Tokens {
		vals[t] = tok.Value
	}
	return engine.GAE(s.Version.V1Gen(), [][]float64{res.Rewards}, [][]float64{vals}, [][]float64{res.Mask}, s.Gamma, lam)
}

// bugBatch is the batch the bugs page must compute for a link: the
// scenario's rewards under the newest verl, one sequence.
func bugBatch(t *testing.T, query string) engine.BugInput {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := scenario.Decode(q, "bug", "rows", "lang")
	s.Version = engine.VerlNewest
	res := s.Compute()
	vals := make([]float64, s.Len())
	for k, tok := range s.Tokens {
		vals[k] = tok.Value
	}
	return engine.BugInput{Rewards: [][]float64{res.Rewards}, Scores: [][]float64{res.Scores}, Values: [][]float64{vals}, Mask: [][]float64{res.Mask}, Gamma: s.Gamma, Lam: s.Lam}
}

// get, getPage, sqliteStore and longScenario are the harness's
// (web/webtest).
var (
	get          = webtest.Get
	getPage      = webtest.Page
	sqliteStore  = stores.SQLite
	longScenario = webtest.LongScenario
)
