package inspect

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"

	"gaelab/web/inspect/tensorfile"
)

// readJSON reads the API's JSON case format ({"inputs": {name: array},
// "config": {…}}) as a tensor file: numbers (and bool masks) become F64
// tensors, strings string tensors, and the config keys inspect knows
// become the sidecar (the others, such as clip_ratio, are ignored as the
// compute API ignores what it does not need).
func readJSON(data []byte) (*tensorfile.File, error) {
	var doc struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
		Config map[string]json.RawMessage `json:"config"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, errorf("invalid_json", "", "the body is not a JSON case ({\"inputs\": …, \"config\": …}): %v", err)
	}
	if doc.Inputs == nil {
		return nil, errorf("missing_field", "inputs", "the JSON case has no inputs object")
	}
	f := &tensorfile.File{Metadata: map[string]string{}}
	for _, name := range slices.Sorted(maps.Keys(doc.Inputs)) {
		t, err := jsonTensor(name, doc.Inputs[name])
		if err != nil {
			return nil, err
		}
		if t != nil {
			f.Tensors = append(f.Tensors, t)
		}
	}
	cfg := map[string]json.RawMessage{}
	for k, v := range doc.Config {
		for _, known := range ConfigKeys {
			if k == known {
				cfg[k] = v
			}
		}
	}
	if len(cfg) > 0 {
		s, _ := json.Marshal(cfg)
		f.Metadata["config"] = string(s)
	}
	return f, nil
}

// jsonTensor decodes one input: [B][R] or [B] numbers, bools or strings.
// Inputs inspect does not read (updates, reward_baselines, …) give nil.
func jsonTensor(name string, raw json.RawMessage) (*tensorfile.Tensor, error) {
	raw = bytes.TrimSpace(raw)
	var m [][]any
	if err := json.Unmarshal(raw, &m); err == nil {
		if len(m) == 0 {
			return nil, errorf("invalid_shape", name, "is empty")
		}
		R := len(m[0])
		var nums []float64
		var strs []string
		for i, row := range m {
			if len(row) != R {
				return nil, errorf("invalid_shape", name, "row %d has %d elements, row 0 has %d", i, len(row), R)
			}
			for t, x := range row {
				switch v := x.(type) {
				case float64:
					nums = append(nums, v)
				case bool:
					nums = append(nums, map[bool]float64{false: 0, true: 1}[v])
				case string:
					strs = append(strs, v)
				default:
					return nil, errorf("invalid_number", name, "element [%d, %d] is %v; want a number", i, t, x)
				}
			}
		}
		if strs != nil && nums != nil {
			return nil, errorf("invalid_value", name, "mixes numbers and strings")
		}
		if strs != nil {
			return tensorfile.FromStrings(name, []int{len(m), R}, strs)
		}
		return tensorfile.FromFloat64s(name, []int{len(m), R}, nums)
	}
	var v []any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, nil // not an array: not a tensor inspect reads
	}
	var nums []float64
	var strs []string
	for k, x := range v {
		switch e := x.(type) {
		case float64:
			nums = append(nums, e)
			strs = append(strs, strconv.FormatFloat(e, 'f', -1, 64))
		case string:
			strs = append(strs, e)
		default:
			return nil, errorf("invalid_value", name, "element [%d] is %v; want a number or a string", k, x)
		}
	}
	if len(nums) == len(v) && name != "uid" && name != "index" && name != "tokens" {
		return tensorfile.FromFloat64s(name, []int{len(v)}, nums)
	}
	return tensorfile.FromStrings(name, []int{len(v)}, strs)
}
