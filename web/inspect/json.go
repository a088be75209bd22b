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
// "config": {…}, "dtype": …}) as a tensor file: numbers (and bool masks)
// become F32 tensors when every number is exactly a float32 and F64
// otherwise, unless "dtype" names the type ("float32" or "float64", for
// every input or as {name: type}); strings become string tensors, and the config keys inspect knows
// become the sidecar (the others, such as clip_ratio, are ignored as the
// compute API ignores what it does not need).
func readJSON(data []byte) (*tensorfile.File, error) {
	var doc struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
		Config map[string]json.RawMessage `json:"config"`
		DType  json.RawMessage            `json:"dtype"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, errorf("invalid_json", "", "the body is not a JSON case ({\"inputs\": …, \"config\": …}): %v", err)
	}
	if doc.Inputs == nil {
		return nil, errorf("missing_field", "inputs", "the JSON case has no inputs object")
	}
	dtypes, err := jsonDTypes(doc.DType)
	if err != nil {
		return nil, err
	}
	f := &tensorfile.File{Metadata: map[string]string{}}
	for _, name := range slices.Sorted(maps.Keys(doc.Inputs)) {
		t, err := jsonTensor(name, doc.Inputs[name], dtypes(name))
		if err != nil {
			return nil, err
		}
		if t != nil {
			f.Tensors = append(f.Tensors, t)
		}
	}
	cfg := map[string]json.RawMessage{}
	for k, v := range doc.Config {
		if slices.Contains(ConfigKeys, k) || slices.Contains(sidecarKeys, k) {
			cfg[k] = v
		}
	}
	if len(cfg) > 0 {
		s, _ := json.Marshal(cfg)
		f.Metadata["config"] = string(s)
	}
	return f, nil
}

// jsonDTypes reads the case's "dtype": absent, one type for every input,
// or {name: type}. It returns each input's float type ("" to infer it).
func jsonDTypes(raw json.RawMessage) (func(name string) tensorfile.DType, error) {
	types := map[string]tensorfile.DType{"float32": tensorfile.F32, "float64": tensorfile.F64, "F32": tensorfile.F32, "F64": tensorfile.F64}
	var all string
	var each map[string]string
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return func(string) tensorfile.DType { return "" }, nil
	case json.Unmarshal(raw, &all) == nil:
		each = map[string]string{"": all}
	case json.Unmarshal(raw, &each) == nil:
	default:
		return nil, errorf("invalid_value", "dtype", "must be \"float32\", \"float64\" or {name: type}")
	}
	for k, v := range each {
		if _, ok := types[v]; !ok {
			return nil, errorf("invalid_value", "dtype."+k, "%q is not float32 or float64", v)
		}
	}
	return func(name string) tensorfile.DType {
		if v, ok := each[name]; ok {
			return types[v]
		}
		return types[each[""]]
	}, nil
}

// jsonFloats builds a numeric tensor of dtype, or when dtype is "" F32 if
// every value is exactly a float32, else F64.
func jsonFloats(name string, shape []int, nums []float64, dtype tensorfile.DType) (*tensorfile.Tensor, error) {
	if dtype == "" {
		dtype = tensorfile.F32
		for _, x := range nums {
			if float64(float32(x)) != x {
				dtype = tensorfile.F64
				break
			}
		}
	}
	if dtype == tensorfile.F32 {
		return tensorfile.FromFloat32s(name, shape, nums)
	}
	return tensorfile.FromFloat64s(name, shape, nums)
}

// jsonTensor decodes one input: [B][R] or [B] numbers, bools or strings,
// numbers as dtype (jsonFloats); [B] numbers (reward_baselines) as a
// vector. An input that is not an array gives nil.
func jsonTensor(name string, raw json.RawMessage, dtype tensorfile.DType) (*tensorfile.Tensor, error) {
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
		return jsonFloats(name, []int{len(m), R}, nums, dtype)
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
		return jsonFloats(name, []int{len(v)}, nums, dtype)
	}
	return tensorfile.FromStrings(name, []int{len(v)}, strs)
}
