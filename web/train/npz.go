package train

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gaelab/engine/train"
)

// NPZ is iteration it's batch as the exporter (web/inspect/export's
// gaelab_dump.dump_batch) writes it: verl's tensors by name, the uids and
// the config sidecar, each an .npy in a stored zip, so /inspect checks it
// like a dump of verl's own trainer.
func NPZ(cfg train.Config, it train.Iteration) ([]byte, error) {
	b := it.Batch
	B, R := len(b.Responses), cfg.Length
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	write := func(name, descr string, shape []int, data []byte) error {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: zip.Store})
		if err != nil {
			return err
		}
		if _, err := w.Write(npyHeader(descr, shape)); err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
	ints := func(m [][]int) []byte {
		out := make([]byte, 0, 8*B*R)
		for _, row := range m {
			for _, x := range row {
				out = binary.LittleEndian.AppendUint64(out, uint64(int64(x)))
			}
		}
		return out
	}
	f64 := func(m [][]float64) []byte {
		out := make([]byte, 0, 8*B*R)
		for _, row := range m {
			for _, x := range row {
				out = binary.LittleEndian.AppendUint64(out, math.Float64bits(x))
			}
		}
		return out
	}
	mask := make([][]int, B)
	for i, row := range b.ResponseMask {
		mask[i] = make([]int, R)
		for t, x := range row {
			mask[i][t] = int(x)
		}
	}
	tensors := []struct {
		name, descr string
		data        []byte
	}{
		{"response_mask", "<i8", ints(mask)}, {"responses", "<i8", ints(b.Responses)},
		{"token_level_scores", "<f8", f64(b.TokenLevelScores)}, {"token_level_rewards", "<f8", f64(b.TokenLevelRewards)},
	}
	if b.Values != nil {
		tensors = append(tensors, struct {
			name, descr string
			data        []byte
		}{"values", "<f8", f64(b.Values)})
	}
	tensors = append(tensors, []struct {
		name, descr string
		data        []byte
	}{
		{"old_log_probs", "<f8", f64(b.OldLogProbs)}, {"ref_log_prob", "<f8", f64(b.RefLogProb)},
		{"advantages", "<f8", f64(b.Advantages)}, {"returns", "<f8", f64(b.Returns)},
	}...)
	for _, x := range tensors {
		if err := write(x.name, x.descr, []int{B, R}, x.data); err != nil {
			return nil, err
		}
	}
	uid := make([]string, B)
	for i, p := range b.Prompt {
		uid[i] = strconv.Itoa(p)
	}
	d, n := utf32(uid)
	if err := write("uid", fmt.Sprintf("<U%d", n), []int{B}, d); err != nil {
		return nil, err
	}
	side, err := json.Marshal(sidecar(cfg, b))
	if err != nil {
		return nil, err
	}
	d, n = utf32([]string{string(side)})
	if err := write("config", fmt.Sprintf("<U%d", n), nil, d); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sidecar is check_config's dict for the run (key order as Python's json.dumps writes it).
type sidecarJSON struct {
	Gamma         float64 `json:"gamma"`
	Lam           float64 `json:"lam"`
	Estimator     string  `json:"estimator"`
	KLPenalty     string  `json:"kl_penalty"`
	KLCoef        float64 `json:"kl_coef"`
	UseKLInReward bool    `json:"use_kl_in_reward"`
	Ver           string  `json:"ver"`
}

func sidecar(cfg train.Config, b train.Batch) sidecarJSON {
	est := cfg.Estimator
	if est == "grpo" {
		est = "grpo_no_std(drgrpo)"
		if cfg.NormByStd {
			est = "grpo_norm_std"
		}
	}
	return sidecarJSON{Gamma: cfg.Gamma, Lam: cfg.Lam, Estimator: est, KLPenalty: cfg.KLPenalty, KLCoef: b.Beta,
		UseKLInReward: cfg.UseKLInReward, Ver: cfg.Release}
}

// npyHeader is the .npy format 1.0 header, as _npy_header writes it.
func npyHeader(descr string, shape []int) []byte {
	dims := make([]string, len(shape))
	for k, n := range shape {
		dims[k] = strconv.Itoa(n)
	}
	d := strings.Join(dims, ", ")
	if len(shape) == 1 {
		d += ", "
	}
	h := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, d)
	h += strings.Repeat(" ", (64-(10+len(h)+1)%64)%64) + "\n"
	out := append([]byte("\x93NUMPY\x01\x00"), byte(len(h)), byte(len(h)>>8))
	return append(out, h...)
}

// utf32 is NumPy's <U array of the strings: UTF-32 code points, each padded to the longest.
func utf32(items []string) ([]byte, int) {
	n := 1
	for _, s := range items {
		n = max(n, len([]rune(s)))
	}
	var out []byte
	for _, s := range items {
		r := []rune(s)
		for k := range n {
			var c rune
			if k < len(r) {
				c = r[k]
			}
			out = binary.LittleEndian.AppendUint32(out, uint32(c))
		}
	}
	return out, n
}
