package train_test

import (
	"fmt"

	"gaelab/engine/train"
)

// Run trains a preset from iteration 0 to the end.
func ExampleRun() {
	cfg, _ := train.Preset("ppo")
	cfg.Iterations = 3
	res, err := train.Run(cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, it := range res.Iterations {
		lr, _ := it.Metric("actor/lr")
		fmt.Printf("iteration %d: %d responses, actor/lr %g\n", it.Index, len(it.Batch.Responses), lr)
	}
	// Output:
	// iteration 0: 64 responses, actor/lr 0.1
	// iteration 1: 64 responses, actor/lr 0.1
	// iteration 2: 64 responses, actor/lr 0.1
}

// Step runs one iteration and returns the batch as verl's trainer holds it.
func ExampleTrainer_Step() {
	cfg, _ := train.Preset("grpo")
	tr, _ := train.New(cfg)
	it, _ := tr.Step()
	b := it.Batch
	fmt.Println(train.Prompts[b.Prompt[0]], len(b.Responses), "×", len(b.ResponseMask[0]))
	fmt.Println("values without a critic:", b.Values == nil)
	// Output:
	// 请问1+1=2？ 64 × 16
	// values without a critic: true
}

// A checkpoint resumes a run bit for bit.
func ExampleResume() {
	cfg, _ := train.Preset("ppo")
	cfg.Iterations = 4
	straight, _ := train.Run(cfg)

	tr, _ := train.New(cfg)
	tr.Step()
	tr.Step()
	checkpoint := tr.State()
	resumed, _ := train.Resume(cfg, checkpoint)
	rest, _ := resumed.Rest()
	a, _ := rest.Iterations[1].Metric("critic/vf_loss")
	b, _ := straight.Iterations[3].Metric("critic/vf_loss")
	fmt.Println(checkpoint.Iteration, a == b)
	// Output:
	// 2 true
}

// OutcomeScore is the rule-based score: the answer's last tokens before EOS against the target.
func ExampleOutcomeScore() {
	eq, two, bang, eos := 2, 3, 5, train.EOSID
	fmt.Println(train.OutcomeScore(0, []int{eq, two, bang, eos}))
	fmt.Println(train.OutcomeScore(0, []int{bang, eos}))
	fmt.Println(train.OutcomeScore(0, []int{eq, two, bang})) // truncated
	// Output:
	// 1
	// 0.3333333333333333
	// 0
}

// Uniform and Sample are the sampler, bit for bit: row 0's first token at iteration 0.
func ExampleSample() {
	u := train.Uniform(1, 0, 0, 0)
	p := []float64{0.5, 0.25, 0.25}
	fmt.Printf("%#x %.6f %d\n", train.SplitMix64(1, 0, 0, 0), u, train.Sample(u, p))
	// Output:
	// 0xe28195ddd9ee4956 0.884790 2
}

// Teacher runs an iteration on given responses: here the ones the sampler drew, so it is Step's iteration.
func ExampleTrainer_Teacher() {
	cfg, _ := train.Preset("ppo")
	a, _ := train.New(cfg)
	sampled, _ := a.Step()
	b, _ := train.New(cfg)
	forced, _ := b.Teacher(sampled.Batch.Responses)
	x, _ := sampled.Metric("critic/vf_loss")
	y, _ := forced.Metric("critic/vf_loss")
	fmt.Println(x == y)
	// Output:
	// true
}
