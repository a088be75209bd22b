package scenario

import "gaelab/engine"

// DefaultPreset is the preset of a link without p=.
const DefaultPreset = "seed-b"

// PresetIDs lists the presets in the order the page offers them. The ids are
// part of every link: never rename one.
var PresetIDs = []string{
	"seed-a", "seed-b", "pipeline", "dense", "kl-only", "eos-padding",
	"v02-eos-leak", "multi-turn", "perfect-critic", "zero-critic", "lambda-0", "lambda-1",
}

// Preset returns a copy of the preset with the given id.
func Preset(id string) (Scenario, bool) {
	p, ok := presets[id]
	if !ok {
		return Scenario{}, false
	}
	p = p.clone()
	p.Preset = id
	return p, true
}

// tokens builds a token list from parallel columns; nil columns stay zero.
func tokens(text []string, kinds []Kind, score, old, ref, value, reward []float64) []Token {
	ts := make([]Token, len(text))
	for t := range ts {
		ts[t].Text = text[t]
		if kinds != nil {
			ts[t].Kind = kinds[t]
		}
		col := func(c []float64) float64 {
			if c == nil {
				return 0
			}
			return c[t]
		}
		ts[t].Score, ts[t].Old, ts[t].Ref, ts[t].Value, ts[t].Reward = col(score), col(old), col(ref), col(value), col(reward)
	}
	return ts
}

const (
	v, p, o = Valid, Padding, Observation
)

// base is what every preset shares unless it says otherwise: verl's newest
// code, γ = 1, k1 KL, the code's 0-based numbering, no step-through.
func base(s Scenario) Scenario {
	if s.KL == "" {
		s.KL = engine.KL
	}
	s.Version = engine.VerlNewest
	s.Step = -1
	return s
}

// seedA is the 3-token example of the learner dialogues: r = [0, 0, 1],
// V = [0.3, 0.4, 0.6], rewards typed directly.
func seedA(lam float64) Scenario {
	return base(Scenario{
		Prompt:        "讲一个三个词的故事",
		Tokens:        tokens([]string{"从前", "有座", "山"}, nil, nil, nil, nil, []float64{0.3, 0.4, 0.6}, []float64{0, 0, 1}),
		DirectRewards: true, Gamma: 1, Lam: lam, Beta: 0.1,
	})
}

var seedBText = []string{"是", "的", "，", "等于", "2", "！"}

// seedB is the learner dialogue's 6-token example with KL in the reward.
func seedB() Scenario {
	return base(Scenario{
		Prompt: "请问1+1=2？",
		Tokens: tokens(seedBText, nil,
			[]float64{0, 0, 0, 0, 0, 1},
			[]float64{-0.4, -0.3, -0.6, -0.8, -0.2, -0.25},
			[]float64{-0.5, -0.35, -0.55, -0.9, -0.4, -0.3},
			[]float64{0.2, 0.25, 0.3, 0.35, 0.45, 0.6}, nil),
		Gamma: 1, Lam: 0.95, Beta: 0.1,
	})
}

var presets = map[string]Scenario{
	"seed-a": seedA(0.95),
	"seed-b": seedB(),
	"pipeline": base(Scenario{
		Prompt: "你知道1+1=2吗？",
		Tokens: tokens([]string{"是", "的", "，", "1+1", "=2", "</s>"}, nil,
			[]float64{0, 0, 0, 0, 0, 1},
			[]float64{-0.12, -0.08, -0.15, -0.10, -0.05, -0.02},
			[]float64{-0.15, -0.10, -0.18, -0.12, -0.08, -0.03},
			[]float64{0.82, 0.85, 0.88, 0.90, 0.92, 0.95}, nil),
		Gamma: 1, Lam: 1, Beta: 0.01,
	}),
	"dense": base(Scenario{
		Prompt: "2+3=?",
		Tokens: tokens([]string{"2", "+", "3", "=", "5", "</s>"}, nil,
			[]float64{0.2, -0.1, 0.3, 0, 0.4, 0.5},
			[]float64{-0.3, -0.2, -0.4, -0.1, -0.5, -0.1},
			[]float64{-0.35, -0.2, -0.3, -0.1, -0.7, -0.15},
			[]float64{0.9, 0.8, 0.85, 0.7, 0.75, 0.4}, nil),
		Gamma: 1, Lam: 0.95, Beta: 0.05,
	}),
	"kl-only": base(Scenario{
		Prompt: "请问1+1=2？",
		Tokens: tokens(seedBText, nil, nil,
			[]float64{-0.4, -0.3, -0.6, -0.8, -0.2, -0.25},
			[]float64{-0.9, -0.35, -0.3, -1.4, -0.4, -0.3},
			[]float64{0, 0, 0, 0, 0, 0}, nil),
		Gamma: 1, Lam: 0.95, Beta: 0.1,
	}),
	"eos-padding": base(Scenario{
		Prompt: "1+1=?",
		Tokens: tokens([]string{"等于", "2", "。", "</s>", "<pad>", "<pad>", "<pad>"}, []Kind{v, v, v, v, p, p, p},
			[]float64{0, 0, 0, 1, 0, 0, 0},
			[]float64{-0.5, -0.1, -0.3, -0.05, 0, 0, 0},
			[]float64{-0.6, -0.2, -0.3, -0.1, 0, 0, 0},
			[]float64{0.4, 0.5, 0.7, 0.8, 0, 0, 0}, nil),
		Gamma: 1, Lam: 0.95, Beta: 0.05,
	}),
	"v02-eos-leak": func() Scenario {
		s := base(Scenario{
			Prompt: "1+1=?",
			Tokens: tokens([]string{"等于", "2", "。", "</s>", "<pad>", "<pad>"}, []Kind{v, v, v, v, p, p},
				[]float64{0, 0, 0, 1, 0, 0},
				[]float64{-0.5, -0.1, -0.3, -0.05, 0, 0},
				[]float64{-0.6, -0.2, -0.3, -0.1, 0, 0},
				[]float64{0.4, 0.5, 0.7, 0.8, 0.5, 0}, nil),
			Gamma: 1, Lam: 0.9, Beta: 0.05,
		})
		s.Version = engine.VerlEarly
		return s
	}(),
	"multi-turn": base(Scenario{
		Prompt: "3 的平方是多少？用计算器。",
		Tokens: tokens([]string{"调用", "calc(3*3)", "→", "9", "答案", "是 9", "</s>"}, []Kind{v, v, o, o, v, v, v},
			[]float64{0, 0, 0, 0, 0, 0, 1},
			[]float64{-0.3, -0.2, 0, 0, -0.4, -0.1, -0.05},
			[]float64{-0.4, -0.3, 0, 0, -0.4, -0.2, -0.05},
			[]float64{0.5, 0.55, 2.0, 2.0, 0.7, 0.8, 0.9}, nil),
		Gamma: 1, Lam: 0.95, Beta: 0.05,
	}),
	"perfect-critic": base(Scenario{
		Prompt:        "1+1=?",
		Tokens:        tokens([]string{"1+1", "等于", "2", "。", "</s>"}, nil, nil, nil, nil, []float64{1, 1, 1, 1, 1}, []float64{0, 0, 0, 0, 1}),
		DirectRewards: true, Gamma: 1, Lam: 0.95, Beta: 0.1,
	}),
	"zero-critic": func() Scenario {
		s := seedB()
		for t := range s.Tokens {
			s.Tokens[t].Value = 0
		}
		return s
	}(),
	"lambda-0": seedA(0),
	"lambda-1": seedA(1),
}
