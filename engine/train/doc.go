// Package train runs verl's PPO loop on a tiny language model: a tabular
// softmax policy and a tabular critic over the states (prompt, position,
// previous token), trained on a rule-based reward with the token-level
// arithmetic of a chosen verl release taken from package engine (KL in the
// reward, GAE and the outcome estimators, whitening, the clipped policy and
// value losses, agg_loss, reduce_metrics): nothing here re-derives them.
// What this package adds is what verl's trainer and workers do around them:
// the rollout, the recomputed log-probs, the order of the updates
// (critic before actor, critic_warmup, ppo_epochs over mini-batches in row
// order), the metrics (the updates', then compute_data_metrics of the
// batch, as fit() logs them), the exact gradients of the tables, gradient-norm clipping and
// torch's AdamW, as the legacy FSDP workers of verl v0.2 … v0.7.1 and the
// engine workers of v0.8.0 and v0.9.0 do them (LastRelease).
//
// Conventions, as in package engine: per-token tensors are [B][R] indexed
// [i][t], t the 0-based response-token index. values[i][t] = V(s_t), the
// critic's value of the state before token t; π(·|s_t) draws token t, and
// s_t = (prompt of row i, t, token t−1), with token −1 read as the start
// marker (the pad id, which is never sampled). Row i answers prompt i / n
// (verl's batch.repeat(n, interleave=True)).
//
// Everything is float64 and deterministic: no maps are ranged over, no
// goroutines run, and the sampler is specified bit for bit (Uniform), so a
// run, or a run resumed from any State, gives the same bits on every
// machine.
//
// The package is pure computation: standard library and engine only, no I/O.
package train
