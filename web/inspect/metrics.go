package inspect

import "gaelab/engine"

// DataMetrics are verl's compute_data_metrics for the batch as the chosen
// release computes them (engine.DataMetrics), under verl's names: on the
// run's own advantages and returns, else the engine's, with
// use_critic = the file has values (critic/score/* need token_level_scores). err is engine.ErrMetricsEmpty where
// that release raises (the metrics are then v0.8.0's, NaN where empty).
func (a *Analysis) DataMetrics() (engine.Metrics, error) {
	b := a.Batch
	d := engine.DataBatch{
		Scores: b.Scores, Rewards: b.Rewards, Advantages: b.Advantages, Returns: b.Returns, Values: b.Values,
		ResponseMask: b.Mask, AttentionMask: b.AttentionResponse, PromptLength: b.PromptLength, PromptWidth: b.PromptWidth,
	}
	if d.Rewards == nil {
		d.Rewards = a.Rewards
	}
	if d.Advantages == nil {
		d.Advantages = a.Advantages
	}
	if d.Returns == nil {
		d.Returns = a.Returns
	}
	return engine.DataMetrics(a.Config.Release.Gen, d)
}
