#!/usr/bin/python3
"""Writes the fixtures of /inspect's critic slice check on sparse rewards with verl's own critic and GAE.

    VERL_GIT=<a git dir of verl-project/verl> PYTHONPATH=<verl checkout at v0.7.1>:stubs python3 make_slice.py v0.7.1

verl (not GAE Lab) computes every number written here; nothing in verl is edited. The values are what
DataParallelPPOCritic.compute_values at TAG returns (read from verl/workers/critic/dp_critic.py with
`git show` and executed as it is, make_critic.py's harness), its forward pass replaced by one deterministic
"model output" V(s) per input position, sliced as TAG's _forward_micro_batch slices it,
values[:, -R-1:-1] (V(prompt) at the first response token), or one position off, values[:, -R:] (the bug:
V(prompt + first token) there). The checkout gives core_algos.compute_gae_advantage_return (γ = 1, λ = 0.95).
The batch is GRPO-style sampling with a critic: 8 rows × 64 response tokens after an 8-token prompt, two
prompts of four responses (uid), right-padded, a 0/1 score on the last valid token and nothing else (sparse
rewards, where the returns cannot show the shift). The model output is the same over a prompt's positions
for its four responses (one prompt, one forward pass) and, over the response, moves from the prompt's value
toward the row's score. GAE Lab's exporter saves it to web/inspect/testdata/verl_slice_<TAG>_<case>.npz:

    ok     verl's slice                      (no values_shifted_in_groups)
    slice  the critic sliced one position off (values_shifted_in_groups at every row's t = 0)
"""
import os
import sys
import types

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.argv = sys.argv[:2]
import make_critic as mc  # noqa: E402  (its harness: verl_function, Data, dump_batch)

from verl.trainer.ppo import core_algos  # noqa: E402

B, P, R = mc.B, mc.P, mc.R


def critic_values(full, attention, responses, off_by_one):
    """TAG's compute_values on the model output full [B, P + R], its forward sliced as verl's or one off."""
    ns = {"torch": torch, "F": mc.F, "DataProto": mc.Data, "get_device_id": lambda: "cpu", "get_device_name": lambda: "cpu"}
    cv = mc.verl_function("verl/workers/critic/dp_critic.py", "compute_values", ns, cls="DataParallelPPOCritic")
    sliced = full[:, -R:] if off_by_one else full[:, -R - 1:-1]
    this = types.SimpleNamespace(critic_module=types.SimpleNamespace(eval=lambda: None),
                                 _forward_micro_batch=lambda mb: sliced, ulysses_sequence_parallel_size=1)
    batch = {"responses": responses, "input_ids": torch.zeros(B, P + R, dtype=torch.int64), "attention_mask": attention,
             "position_ids": torch.zeros(B, P + R, dtype=torch.int64), "response_mask": attention[:, -R:].float()}
    return cv(this, mc.Data(batch))


def main():
    g = torch.Generator().manual_seed(3737)
    lengths = torch.randint(16, R, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    attention = torch.cat([torch.ones(B, P), mask], dim=1).to(torch.int64)
    scores = torch.zeros(B, R)
    score = torch.randint(0, 2, (B,), generator=g).float()
    scores[torch.arange(B), lengths - 1] = score
    group = torch.arange(B) // 4
    prompt = (torch.rand(2, P, generator=g) * 0.4 + 0.3)[group]  # one prompt's values, shared by its four rows
    t = torch.arange(R)[None, :].float()
    ramp = ((t + 1) / lengths[:, None]).clamp(max=1)  # how much of the answer the state has seen
    response = prompt[:, -1:] * (1 - ramp) + score[:, None] * ramp + 0.05 * torch.randn(B, R, generator=g)
    full = torch.cat([prompt, response], dim=1)
    responses = torch.randint(3, 100, (B, R), generator=g) * mask.long()
    uid = [f"prompt-{int(k)}" for k in group]
    for case in ("ok", "slice"):
        values = critic_values(full, attention, responses, case == "slice")
        adv, ret = core_algos.compute_gae_advantage_return(token_level_rewards=scores, values=values, response_mask=mask,
                                                           gamma=1.0, lam=0.95)
        batch = types.SimpleNamespace(batch=dict(response_mask=mask, attention_mask=attention, token_level_rewards=scores,
                                                 values=values, advantages=adv, returns=ret),
                                      non_tensor_batch={"uid": uid})
        config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
        mc.dump_batch(batch, os.path.join(mc.INSPECT, f"verl_slice_{mc.tag}_{case}.npz"), config, ver=mc.tag)
    print(mc.tag, "written to", os.path.normpath(mc.INSPECT))


main()
