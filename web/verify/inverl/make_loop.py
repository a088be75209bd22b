#!/usr/bin/python3
"""Writes the fixture of /inspect's candidates on the release's own loop with verl's own GAE.

    PYTHONPATH=<verl checkout at v0.2>:stubs python3 make_loop.py v0.2

verl (not GAE Lab) computes every GAE number written here; nothing in verl is edited. A multi-turn batch
(8 rows × 64 tokens, each response with an observation masked out inside it, where v0.2's plain loop and
v0.5.0's mask-aware loop differ) goes through v0.2's compute_gae_advantage_return (γ = 1, λ = 0.95); the
run then has a named bug, whitened returns (returns = whitened advantages + values, engine.BugWhitenedReturns),
and is saved by GAE Lab's exporter to web/inspect/testdata/verl_loop_v0.2_whitened_returns.npz.
"""
import inspect
import os
import sys
import types

import torch
from verl.trainer.ppo import core_algos

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, R = 8, 64
g = torch.Generator().manual_seed(374)
lengths = torch.randint(12, R, (B,), generator=g)
mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
for i, n in enumerate(lengths.tolist()):
    mask[i, n // 3: n // 3 + 4] = 0  # an observation inside the response
scores = torch.zeros(B, R)
scores[torch.arange(B), lengths - 1] = torch.randint(0, 2, (B,), generator=g).float()
scores[:, :] += 0.1 * torch.randn(B, R, generator=g) * mask  # a dense term, so that the loops differ
values = (torch.rand(B, R, generator=g) * 2 - 1) * mask
gae = core_algos.compute_gae_advantage_return
kw = "eos_mask" if "eos_mask" in inspect.signature(gae).parameters else "response_mask"
adv, ret = gae(token_level_rewards=scores, values=values, gamma=1.0, lam=0.95, **{kw: mask})
ret = adv + values  # the bug: returns built from the whitened advantages
batch = types.SimpleNamespace(batch=dict(response_mask=mask, token_level_rewards=scores, values=values, advantages=adv, returns=ret),
                              non_tensor_batch={})
config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
dump_batch(batch, os.path.join(INSPECT, f"verl_loop_{tag}_whitened_returns.npz"), config, ver=tag)
print(tag, "written to", os.path.normpath(INSPECT))
