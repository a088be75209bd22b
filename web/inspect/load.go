package inspect

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/url"

	"gaelab/web/inspect/tensorfile"
)

// Formats are the upload formats, as ?format= spells them.
var Formats = []string{"safetensors", "npz", "npy", "json"}

// Limits are the reader limits an upload is read with: one tensor at most
// 512 × 8,192 elements (or a prompt-plus-response attention_mask twice
// that wide), all tensors at most 256 MiB as stored.
var Limits = tensorfile.Limits{MaxElements: 2 * MaxRows * MaxTokens, MaxBytes: 256 << 20, MaxTensors: 64}

// Read reads an upload in format ("" detects it from the bytes).
func Read(data []byte, format string) (*tensorfile.File, error) {
	var f *tensorfile.File
	var err error
	if format == "" || format == "json" || format == "npz" {
		if err := notABatch(data); err != nil {
			return nil, err
		}
	}
	switch format {
	case "":
		if looksJSON(data) {
			f, err = readJSON(data)
		} else {
			f, err = tensorfile.Read(data, Limits)
		}
	case "safetensors":
		f, err = tensorfile.ReadSafetensors(data, Limits)
	case "npz":
		f, err = tensorfile.ReadNPZ(data, Limits)
	case "npy":
		f, err = tensorfile.Read(data, Limits)
	case "json":
		f, err = readJSON(data)
	default:
		return nil, errorf("invalid_value", "format", "%q is not an upload format (%v)", format, Formats)
	}
	if err != nil {
		return nil, fileError(err)
	}
	return f, nil
}

// notABatch names the artefacts verl writes that hold no batch of tensors,
// with what they hold and how to export one: the rollout JSONL of
// trainer.rollout_data_dir (one JSON object per line: input, output, gts,
// score, step) and pickles (DataProto.save_to_disk's pickle.dump, or
// torch.save's zip around data.pkl), which are never unpickled. nil for
// anything else.
func notABatch(data []byte) error {
	if tensorfile.Detect(data) == "pickle" || torchSave(data) {
		return errorf("pickle", "file", "the file is a Python pickle (DataProto.save_to_disk, pickle.dump or torch.save): Python objects, which GAE Lab never unpickles (unpickling runs code). Load it in Python and save its tensors with web/inspect/export/gaelab_dump.py's dump_batch (or safetensors / numpy.savez under verl's names)")
	}
	t := bytes.TrimLeft(data, " \t\r\n")
	line, rest, more := bytes.Cut(t, []byte("\n"))
	if !more || len(bytes.TrimSpace(rest)) == 0 || len(t) == 0 || t[0] != '{' {
		return nil
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(line, &first) != nil {
		return nil
	}
	if r := bytes.TrimLeft(rest, " \t\r\n"); len(r) > 0 && r[0] == '{' {
		return errorf("rollout_jsonl", "file", "the file is JSON Lines, as verl's rollout dump (trainer.rollout_data_dir) writes: one object per response with its input and output text, ground truth, score and step, and no token tensors, so there is nothing to recompute. Save the batch's tensors in RayPPOTrainer.fit after compute_advantage with web/inspect/export/gaelab_dump.py: dump_batch(batch, f\"dumps/batch_{self.global_steps}.npz\", self.config)")
	}
	return nil
}

// torchSave reports whether data is a zip whose first entry is a
// torch.save pickle (<name>/data.pkl).
func torchSave(data []byte) bool {
	if len(data) < 30 || string(data[:4]) != "PK\x03\x04" {
		return false
	}
	n := int(binary.LittleEndian.Uint16(data[26:28]))
	return 30+n <= len(data) && bytes.HasSuffix(data[30:30+n], []byte("data.pkl"))
}

// fileError turns a reader's error into an *Error naming the tensor.
func fileError(err error) error {
	var te *tensorfile.Error
	if errors.As(err, &te) {
		return &Error{Code: "invalid_file", Field: te.Tensor, Message: te.Problem}
	}
	var ie *Error
	if errors.As(err, &ie) {
		return ie
	}
	return &Error{Code: "invalid_file", Message: err.Error()}
}

// Load reads an upload, takes its config (defaults, then the file's
// sidecar, then the query's keys), and analyses it. The query's format=
// picks the format; other keys are config keys.
func Load(data []byte, q url.Values) (*Analysis, error) {
	return LoadContext(context.Background(), data, q)
}

// LoadContext is Load whose analysis ends with ctx (AnalyzeContext).
func LoadContext(ctx context.Context, data []byte, q url.Values) (*Analysis, error) {
	b, c, err := Prepare(data, q)
	if err != nil {
		return nil, err
	}
	return AnalyzeContext(ctx, b, c)
}

// Prepare is Load without the analysis: the batch read and checked and
// its config, so that a caller can refuse a batch by its shape before any
// GAE is computed.
func Prepare(data []byte, q url.Values) (*Batch, Config, error) {
	c := DefaultConfig()
	f, err := Read(data, q.Get("format"))
	if err != nil {
		return nil, c, err
	}
	if err := c.ApplyQuery(url.Values{"response_length": q["response_length"]}); err != nil {
		return nil, c, err
	}
	b, err := FromFile(f, c.ResponseLength)
	if err != nil {
		return nil, c, err
	}
	if b.Sidecar != nil {
		if err := c.ApplySidecar(b.Sidecar); err != nil {
			return nil, c, err
		}
	}
	if err := c.ApplyQuery(q); err != nil {
		return nil, c, err
	}
	c.Resolve()
	if err := c.Validate(); err != nil {
		return nil, c, err
	}
	return b, c, nil
}

// looksJSON reports whether data is a JSON object rather than a
// .safetensors file (which also has a "{" after its 8-byte header length):
// its first non-space byte is "{" and its first 8 bytes, read as a
// safetensors header length, point past the end.
func looksJSON(data []byte) bool {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return false
	}
	return len(data) < 8 || binary.LittleEndian.Uint64(data[:8]) > uint64(len(data)-8)
}
