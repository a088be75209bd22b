// Package inspect reads a real verl batch (tensors under verl's names, from a
// .safetensors or .npz file), recomputes it with the engine for a chosen verl
// release, summarises it per row and for the batch, and checks the run's own
// advantages and returns against the engine: when they differ it finds which
// release, whitening choice or known bug (engine/bugs.go) reproduces them.
//
// Index convention, as everywhere: every matrix is [B][R], row i is one
// response, t the 0-based response-token index, values[t] = V(s_t) is the
// value of the state before token t, and the reward, advantage and return at
// t belong to token t.
package inspect

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gaelab/engine"
	"gaelab/web/inspect/tensorfile"
)

// MaxRows and MaxTokens bound a batch: 512 responses of 8,192 tokens.
const (
	MaxRows   = 512
	MaxTokens = 8192
)

// Error is a batch that cannot be read: which tensor (or config field) and
// what is wrong, with a machine-readable code as the JSON API spells them.
type Error struct {
	Code    string // invalid_file, invalid_shape, invalid_number, invalid_mask, missing_field, invalid_value, out_of_range, too_large
	Field   string // the tensor or config key, "" for the file as a whole
	Message string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return "inspect: " + e.Message
	}
	return fmt.Sprintf("inspect: %s: %s", e.Field, e.Message)
}

func errorf(code, field, format string, args ...any) *Error {
	return &Error{Code: code, Field: field, Message: fmt.Sprintf(format, args...)}
}

// Batch is one verl batch as GAE Lab reads it. Optional matrices are nil
// when the file does not hold them.
type Batch struct {
	B, R int
	// Mask is response_mask (or attention_mask[:, −R:]); 0/1.
	Mask [][]float64
	// Scores (token_level_scores) and Rewards (token_level_rewards): at
	// least one is present.
	Scores, Rewards [][]float64
	Values          [][]float64 // values: V(s_t), the old critic's
	OldLogProbs     [][]float64 // old_log_probs
	RefLogProb      [][]float64 // ref_log_prob
	Advantages      [][]float64 // the run's own advantages, to check
	Returns         [][]float64 // the run's own returns, to check
	Responses       [][]float64 // token ids
	// UID is the group id per row (uid or index), nil when absent.
	UID []string
	// Baselines are ReMax's reward_baselines, one per row, nil when absent.
	Baselines []float64
	// Tokens is the text of each response token, [B][R], nil when absent.
	Tokens [][]string
	// Present lists the tensor names read, in file order.
	Present []string
	// Precisions are each float tensor's own precision (its dtype's:
	// f64 1e-9, f32 1e-4, f16 2e-3, bf16 1.6e-2), by name, and Roundoffs
	// its dtype's unit roundoff (engine.RoundoffF64 … RoundoffBF16).
	Precisions, Roundoffs map[string]float64
	// Precision is the tolerance the run's numbers deserve, from the
	// narrowest float type among advantages/returns/values/rewards
	// (f64 1e-9, f32 1e-4, f16 2e-3, bf16 1.6e-2, relative to max(1, |x|)).
	Precision float64
	// NonFinite are the tensors with NaN or ±Inf where the mask is 0,
	// read as 0 (Finding of kind NonFiniteMasked).
	NonFinite []Finding
	// Sidecar is a JSON config found inside the file (safetensors
	// __metadata__["config"], or an npz string entry "config"), or nil.
	Sidecar []byte
	// PromptLength is attention_mask[:, :-R].sum(-1) per row and
	// PromptWidth its width, nil and 0 when the file has no
	// attention_mask (or one with no prompt part).
	PromptLength []float64
	PromptWidth  int
	// AttentionResponse is attention_mask[:, -R:] where it differs from
	// Mask (a multi-turn response_mask masks observation tokens the
	// attention mask keeps), else nil.
	AttentionResponse [][]float64
	// HasAttention is whether the file has an attention_mask that was read
	// (AttentionResponse nil and HasAttention: it equals Mask).
	HasAttention bool
}

// FromFile validates f's tensors under verl's names and builds the batch.
// responseLength is used only when the file has attention_mask and
// neither response_mask nor responses (then it must be > 0). Every error
// names the tensor and the problem.
func FromFile(f *tensorfile.File, responseLength int) (*Batch, error) {
	b := &Batch{Precision: 1e-9}
	for _, t := range f.Tensors {
		b.Present = append(b.Present, t.Name)
	}
	if s, ok := f.Metadata["config"]; ok {
		b.Sidecar = []byte(s)
	}
	if t := f.Tensor("config"); t != nil && t.DType == tensorfile.Str && t.Len() == 1 {
		s, err := t.Strings()
		if err != nil {
			return nil, errorf("invalid_file", "config", "%v", err)
		}
		b.Sidecar = []byte(s[0])
	}
	if s, ok := f.Metadata["uid"]; ok {
		if err := json.Unmarshal([]byte(s), &b.UID); err != nil {
			return nil, errorf("invalid_value", "uid", "__metadata__ uid must be a JSON list of strings: %v", err)
		}
	}
	if s, ok := f.Metadata["tokens"]; ok {
		if err := json.Unmarshal([]byte(s), &b.Tokens); err != nil {
			return nil, errorf("invalid_value", "tokens", "__metadata__ tokens must be a JSON list of lists of strings: %v", err)
		}
	}

	// The shape [B][R] comes from the mask.
	var err error
	switch {
	case f.Tensor("response_mask") != nil:
		b.Mask, err = b.matrix(f, "response_mask", true, 0)
	case f.Tensor("attention_mask") != nil:
		R := responseLength
		if t := f.Tensor("responses"); t != nil && len(t.Shape) == 2 {
			R = t.Shape[1]
		}
		if R <= 0 {
			return nil, errorf("missing_field", "response_mask", "the file has attention_mask but no response_mask; give responses (token ids) or the response length (response_length=) so that the response part attention_mask[:, -R:] is known")
		}
		b.Mask, err = b.attentionMask(f.Tensor("attention_mask"), R)
	default:
		return nil, errorf("missing_field", "response_mask", "the file has neither response_mask nor attention_mask (found: %v)", b.Present)
	}
	if err != nil {
		return nil, err
	}
	for _, m := range []struct {
		name string
		dst  *[][]float64
	}{
		{"token_level_scores", &b.Scores}, {"token_level_rewards", &b.Rewards}, {"values", &b.Values},
		{"old_log_probs", &b.OldLogProbs}, {"ref_log_prob", &b.RefLogProb},
		{"advantages", &b.Advantages}, {"returns", &b.Returns}, {"responses", &b.Responses},
	} {
		if f.Tensor(m.name) == nil {
			continue
		}
		if *m.dst, err = b.matrix(f, m.name, false, b.R); err != nil {
			return nil, err
		}
	}
	if b.Scores == nil && b.Rewards == nil {
		return nil, errorf("missing_field", "token_level_rewards", "the file has neither token_level_rewards nor token_level_scores")
	}
	if t := f.Tensor("attention_mask"); t != nil {
		if err := b.readAttention(t); err != nil {
			return nil, err
		}
	}
	if b.UID != nil && len(b.UID) != b.B {
		return nil, errorf("invalid_shape", "uid", "__metadata__ uid has %d ids, the batch has %d rows", len(b.UID), b.B)
	}
	for _, name := range []string{"uid", "index"} {
		if t := f.Tensor(name); t != nil {
			if b.UID, err = b.groups(t); err != nil {
				return nil, err
			}
			break
		}
	}
	if err := b.readBaselines(f); err != nil {
		return nil, err
	}
	if t := f.Tensor("tokens"); t != nil {
		if b.Tokens, err = b.tokenText(t); err != nil {
			return nil, err
		}
	}
	if b.Tokens != nil {
		if len(b.Tokens) != b.B {
			return nil, errorf("invalid_shape", "tokens", "has %d rows, the batch has %d", len(b.Tokens), b.B)
		}
		for i, row := range b.Tokens {
			if len(row) > b.R {
				return nil, errorf("invalid_shape", "tokens", "row %d has %d tokens, the responses have %d", i, len(row), b.R)
			}
		}
	}
	return b, nil
}

// matrix decodes a [B][R] tensor. The first call (the mask) fixes B and R.
func (b *Batch) matrix(f *tensorfile.File, name string, mask bool, _ int) ([][]float64, error) {
	t := f.Tensor(name)
	if t.DType == tensorfile.Str {
		return nil, errorf("invalid_number", name, "is a string array; want numbers")
	}
	if len(t.Shape) != 2 {
		return nil, errorf("invalid_shape", name, "has shape %v; want [B, R] (2 dimensions)", t.Shape)
	}
	if b.Mask == nil {
		if err := b.setShape(name, t.Shape[0], t.Shape[1]); err != nil {
			return nil, err
		}
	} else if t.Shape[0] != b.B || t.Shape[1] != b.R {
		return nil, errorf("invalid_shape", name, "has shape %v, but response_mask has [%d, %d]", t.Shape, b.B, b.R)
	}
	flat, err := t.Float64s(nil)
	if err != nil {
		return nil, errorf("invalid_file", name, "%v", err)
	}
	if !mask {
		b.notePrecision(name, t.DType)
	}
	return b.rows(name, flat, mask)
}

// setShape fixes B and R, within the limits.
func (b *Batch) setShape(name string, rows, cols int) error {
	switch {
	case rows == 0 || cols == 0:
		return errorf("invalid_shape", name, "is empty (shape [%d, %d])", rows, cols)
	case rows > MaxRows:
		return errorf("too_large", name, "has %d rows; at most %d responses are read", rows, MaxRows)
	case cols > MaxTokens:
		return errorf("too_large", name, "has %d tokens per response; at most %d are read", cols, MaxTokens)
	}
	b.B, b.R = rows, cols
	return nil
}

// rows splits flat into [B][R] rows sharing one array, checking each
// element: finite numbers, or 0/1 for a mask. Once the mask is known, a
// NaN or ±Inf where it is 0 is read as 0 and noted in b.NonFinite.
func (b *Batch) rows(name string, flat []float64, mask bool) ([][]float64, error) {
	out := make([][]float64, b.B)
	found := Finding{Kind: NonFiniteMasked, Tensor: name}
	for i := range out {
		out[i] = flat[i*b.R : (i+1)*b.R : (i+1)*b.R]
		for t, v := range out[i] {
			switch {
			case (math.IsNaN(v) || math.IsInf(v, 0)) && !mask && b.Mask != nil && b.Mask[i][t] == 0:
				out[i][t] = 0
				if found.Count++; len(found.Cells) < engine.SanityCells {
					found.Cells = append(found.Cells, [2]int{i, t})
				}
			case math.IsNaN(v) || math.IsInf(v, 0):
				return nil, errorf("invalid_number", name, "element [%d, %d] is %v; every number must be finite where the mask is 1", i, t, v)
			case mask && v != 0 && v != 1:
				return nil, errorf("invalid_mask", name, "element [%d, %d] is %v; a mask holds only 0 and 1", i, t, v)
			}
		}
	}
	if found.Count > 0 {
		b.NonFinite = append(b.NonFinite, found)
	}
	return out, nil
}

// attentionMask takes the response part attention_mask[:, −R:].
func (b *Batch) attentionMask(t *tensorfile.Tensor, R int) ([][]float64, error) {
	const name = "attention_mask"
	if len(t.Shape) != 2 {
		return nil, errorf("invalid_shape", name, "has shape %v; want [B, prompt + response] (2 dimensions)", t.Shape)
	}
	if R > t.Shape[1] {
		return nil, errorf("invalid_shape", name, "has %d columns, fewer than the response length %d", t.Shape[1], R)
	}
	if err := b.setShape(name, t.Shape[0], R); err != nil {
		return nil, err
	}
	flat, err := t.Float64s(nil)
	if err != nil {
		return nil, errorf("invalid_file", name, "%v", err)
	}
	W := t.Shape[1]
	resp := make([]float64, b.B*R)
	for i := range b.B {
		copy(resp[i*R:(i+1)*R], flat[i*W+W-R:(i+1)*W])
	}
	return b.rows(name, resp, true)
}

// groups reads uid/index: [B] integers or strings.
func (b *Batch) groups(t *tensorfile.Tensor) ([]string, error) {
	if len(t.Shape) != 1 || t.Shape[0] != b.B {
		return nil, errorf("invalid_shape", t.Name, "has shape %v; want [%d] (one group id per response)", t.Shape, b.B)
	}
	if t.DType == tensorfile.Str {
		s, err := t.Strings()
		if err != nil {
			return nil, errorf("invalid_file", t.Name, "%v", err)
		}
		return s, nil
	}
	if t.DType.IsFloat() {
		return nil, errorf("invalid_value", t.Name, "is %s; group ids must be integers or strings", t.DType)
	}
	v, err := t.Float64s(nil)
	if err != nil {
		return nil, errorf("invalid_file", t.Name, "%v", err)
	}
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return out, nil
}

// tokenText reads a [B][R] (or [R], broadcast) string tensor of token texts.
func (b *Batch) tokenText(t *tensorfile.Tensor) ([][]string, error) {
	if t.DType != tensorfile.Str {
		return nil, errorf("invalid_value", t.Name, "is %s; want a string array of token texts", t.DType)
	}
	s, err := t.Strings()
	if err != nil {
		return nil, errorf("invalid_file", t.Name, "%v", err)
	}
	switch {
	case len(t.Shape) == 2 && t.Shape[0] == b.B && t.Shape[1] == b.R:
		out := make([][]string, b.B)
		for i := range out {
			out[i] = s[i*b.R : (i+1)*b.R]
		}
		return out, nil
	case len(t.Shape) == 1 && t.Shape[0] == b.R && b.B == 1:
		return [][]string{s}, nil
	}
	return nil, errorf("invalid_shape", t.Name, "has shape %v; want [%d, %d]", t.Shape, b.B, b.R)
}

// PrecisionOf is the precision quantity deserves (relative to max(1, |x|)):
// the coarsest of its own tensor's dtype and those of the tensors it is
// computed from (rewards or scores, values, log-probs). A batch built
// without Precisions uses Precision.
func (b *Batch) PrecisionOf(quantity string) float64 {
	if b.Precisions == nil {
		return b.Precision
	}
	p, _ := b.inputPrecision()
	return max(p, b.Precisions[quantity])
}

// notePrecision narrows the tolerance to the float type of a tensor.
func (b *Batch) notePrecision(name string, d tensorfile.DType) {
	var p, u float64
	switch d {
	case tensorfile.F64:
		p, u = 1e-9, engine.RoundoffF64
	case tensorfile.F32:
		p, u = 1e-4, engine.RoundoffF32
	case tensorfile.F16:
		p, u = 2e-3, engine.RoundoffF16
	case tensorfile.BF16:
		p, u = 1.6e-2, engine.RoundoffBF16
	default:
		return
	}
	b.Precision = max(b.Precision, p)
	if b.Precisions == nil {
		b.Precisions, b.Roundoffs = map[string]float64{}, map[string]float64{}
	}
	b.Precisions[name], b.Roundoffs[name] = p, u
}

// computedFrom are the tensors the run's advantages and returns are
// computed from.
var computedFrom = []string{"token_level_rewards", "token_level_scores", "values", "old_log_probs", "ref_log_prob"}

// inputPrecision is the coarsest precision and unit roundoff among the
// tensors the run computed its advantages from (computedFrom): the float
// type verl's arithmetic ran in, at best.
func (b *Batch) inputPrecision() (p, u float64) {
	p, u = 1e-9, engine.RoundoffF64
	for _, name := range computedFrom {
		p, u = max(p, b.Precisions[name]), max(u, b.Roundoffs[name])
	}
	return p, u
}
