// Package engine reproduces the token-level arithmetic of PPO for LLMs as verl
// implements it: KL estimators, KL in the reward, GAE with its backward-loop
// trace, whitening, the value and policy losses and the outcome-only advantage
// estimators, for each of verl's generations of the code (see Generation),
// and for the two pseudo-generations v=1 links mean (V1Early, V1Newest).
//
// Conventions, shared by every function in the package:
//
//   - Per-token tensors are [][]float64 indexed [i][t]: i is the row (one
//     sampled response), t the 0-based response-token index.
//   - values[i][t] = V(s_t), the value of the state before response token t
//     is generated, so values[i][0] is the value of the prompt.
//   - Rewards, KL, advantages and returns at t belong to token t itself.
//   - mask[i][t] (verl's response_mask) is 1 on trainable tokens and 0 on
//     padding after EOS or on multi-turn observation tokens; callers validate
//     that it holds only 0 and 1 and that every number is finite.
//
// The package is pure computation: standard library only, no I/O, float64
// arithmetic with float64 accumulators. Where verl raises, a function returns
// an error and, where verl computed them first, the results before the raise.
package engine
