#!/usr/bin/python3
"""Writes a batch computed by verl's own GAE, as a trainer would dump it, for /inspect's verify.py.

    PYTHONPATH=<verl checkout>:stubs python3 make_batch.py OUT.npz TAG [PERTURB]

Six right-padded responses of up to 12 tokens, a score on each last valid token, random values;
verl's compute_gae_advantage_return (γ = 1, λ = 0.95; its mask argument named as the release names
it) gives advantages and returns, and GAE Lab's exporter (web/inspect/export/gaelab_dump.py) saves
them with the config. With PERTURB, advantages[0][0] is moved by that much after verl computed it
(a negative control: the script must then fail).
"""
import inspect
import os
import sys
import types

import torch
from verl.trainer.ppo import core_algos

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

out, tag = sys.argv[1], sys.argv[2]
g = torch.Generator().manual_seed(24)
B, R = 6, 12
lengths = [12, 9, 5, 1, 12, 7]
mask = torch.zeros(B, R)
for i, n in enumerate(lengths):
    mask[i, :n] = 1
values = torch.randn(B, R, generator=g) * mask
scores = torch.zeros(B, R)
for i, n in enumerate(lengths):
    scores[i, n - 1] = float(i % 2)
mask_arg = "eos_mask" if "eos_mask" in inspect.signature(core_algos.compute_gae_advantage_return).parameters else "response_mask"
adv, ret = core_algos.compute_gae_advantage_return(token_level_rewards=scores, values=values, gamma=1.0, lam=0.95, **{mask_arg: mask})
if len(sys.argv) > 3:
    adv[0, 0] += float(sys.argv[3])
batch = types.SimpleNamespace(batch=dict(response_mask=mask, attention_mask=torch.cat([torch.ones(B, 4), mask], 1),
                                          token_level_scores=scores, token_level_rewards=scores, values=values,
                                          advantages=adv, returns=ret), non_tensor_batch={})
config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
dump_batch(batch, out, config, ver=tag)
print(out, mask_arg)
