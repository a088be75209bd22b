package inspect

import _ "embed"

// ExampleBatch is the batch /inspect offers a learner with none at hand: 4
// responses whose score was written one token past EOS, a fixture written
// through the engine by internal/mkfixtures.
//
//go:embed testdata/gen_score_past_eos.safetensors
var ExampleBatch []byte
