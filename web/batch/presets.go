package batch

import "gaelab/engine"

// DefaultPreset is the preset of a link without p=.
const DefaultPreset = "grpo-4"

// PresetIDs lists the presets in the order the page offers them. The ids are
// part of every link: never rename one.
var PresetIDs = []string{"grpo-4", "mixed-lengths", "singleton", "all-equal", "two-groups", "outlier"}

// Preset returns a copy of the preset with the given id.
func Preset(id string) (Batch, bool) {
	p, ok := presets[id]
	if !ok {
		return Batch{}, false
	}
	p = p.clone()
	p.Preset = id
	return p, true
}

// row builds a response: its token texts, values V(s_t) and mask (nil: all
// valid), its score, ReMax baseline and group.
func row(text []string, values []float64, mask []int, score, baseline float64, group string) Row {
	r := Row{Score: score, Baseline: baseline, Group: group, Tokens: make([]Token, len(text))}
	for t := range text {
		r.Tokens[t] = Token{Text: text[t], Value: values[t], Valid: mask == nil || mask[t] == 1}
	}
	return r
}

// newest is what every preset shares unless it says otherwise: verl's newest
// GAE, γ = 1, λ = 0.95 and the first response in focus.
func newest(prompt string, rows ...Row) Batch {
	return Batch{Prompt: prompt, Rows: rows, Gamma: 1, Lam: 0.95, Version: engine.VerlNewest}
}

var presets = map[string]Batch{
	// Four answers to one prompt, two right and two wrong: GRPO's textbook group.
	"grpo-4": newest("1+1=?",
		row([]string{"The", "answer", "is", "2"}, []float64{0.5, 0.55, 0.7, 0.8}, nil, 1, 1, "0"),
		row([]string{"The", "answer", "is", "3"}, []float64{0.5, 0.55, 0.6, 0.3}, nil, 0, 1, "0"),
		row([]string{"等于", "3", "。", "</s>"}, []float64{0.5, 0.45, 0.35, 0.2}, nil, 0, 1, "0"),
		row([]string{"等于", "2", "。", "</s>"}, []float64{0.5, 0.6, 0.75, 0.85}, nil, 1, 1, "0"),
	),
	// Responses of different lengths, padded to the longest (mask 0, V 0);
	// one also carries padding of its own.
	"mixed-lengths": newest("2+3=?",
		row([]string{"5", "</s>"}, []float64{0.6, 0.75}, nil, 1, 1, "0"),
		row([]string{"2", "+", "3", "=", "5", "</s>"}, []float64{0.5, 0.5, 0.55, 0.6, 0.7, 0.8}, nil, 1, 1, "0"),
		row([]string{"等于", "6", "</s>", "<pad>"}, []float64{0.6, 0.4, 0.3, 0}, []int{1, 1, 1, 0}, 0, 1, "0"),
		row([]string{"Let", "me", "think", "…", "it", "is", "4"}, []float64{0.5, 0.5, 0.45, 0.4, 0.35, 0.2, 0.1}, nil, 0, 1, "0"),
	),
	// Group b has one response only: GRPO uses mean 0 and std 1 for it,
	// RLOO keeps its score, REINFORCE++-baseline subtracts nothing.
	"singleton": newest("1+1=? / 2+2=?",
		row([]string{"The", "answer", "is", "2"}, []float64{0.5, 0.55, 0.7, 0.8}, nil, 1, 1, "a"),
		row([]string{"The", "answer", "is", "3"}, []float64{0.5, 0.55, 0.6, 0.3}, nil, 0, 1, "a"),
		row([]string{"等于", "2", "</s>"}, []float64{0.5, 0.7, 0.85}, nil, 1, 1, "a"),
		row([]string{"2+2", "=", "4"}, []float64{0.4, 0.6, 0.8}, nil, 1, 0.5, "b"),
	),
	// Every answer right: GRPO's advantages are all 0 (nothing to learn from
	// the group), while GAE still moves with the critic's errors.
	"all-equal": newest("1+1=?",
		row([]string{"The", "answer", "is", "2"}, []float64{0.5, 0.55, 0.7, 0.8}, nil, 1, 1, "0"),
		row([]string{"2", "</s>"}, []float64{0.6, 0.9}, nil, 1, 1, "0"),
		row([]string{"等于", "2", "。", "</s>"}, []float64{0.5, 0.6, 0.75, 0.85}, nil, 1, 1, "0"),
		row([]string{"It", "is", "two"}, []float64{0.3, 0.4, 0.5}, nil, 1, 1, "0"),
	),
	// Two prompts of three responses each: group statistics per prompt,
	// whitening over all six.
	"two-groups": newest("1+1=? / 2+2=?",
		row([]string{"The", "answer", "is", "2"}, []float64{0.5, 0.55, 0.7, 0.8}, nil, 1, 1, "p0"),
		row([]string{"The", "answer", "is", "3"}, []float64{0.5, 0.55, 0.6, 0.3}, nil, 0, 1, "p0"),
		row([]string{"等于", "3", "</s>"}, []float64{0.5, 0.35, 0.2}, nil, 0, 1, "p0"),
		row([]string{"2+2", "=", "4"}, []float64{0.3, 0.5, 0.7}, nil, 1, 0, "p1"),
		row([]string{"等于", "4", "</s>"}, []float64{0.3, 0.6, 0.8}, nil, 1, 0, "p1"),
		row([]string{"2+2", "=", "5"}, []float64{0.3, 0.5, 0.4}, nil, 0, 0, "p1"),
	),
	// One outlier score rescales every row's whitened advantages.
	"outlier": newest("1+1=?",
		row([]string{"The", "answer", "is", "2"}, []float64{0.5, 0.55, 0.7, 0.8}, nil, 1, 1, "0"),
		row([]string{"The", "answer", "is", "3"}, []float64{0.5, 0.55, 0.6, 0.3}, nil, 0, 1, "0"),
		row([]string{"等于", "2", "。", "</s>"}, []float64{0.5, 0.6, 0.75, 0.85}, nil, 1, 1, "0"),
		row([]string{"2", "!", "!", "!"}, []float64{0.5, 0.6, 0.7, 0.8}, nil, 8, 1, "0"),
	),
}
