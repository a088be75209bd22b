#!/usr/bin/python3
"""Writes the fixtures of /inspect's population-std check with verl's own GRPO.

    PYTHONPATH=<verl checkout at TAG>:stubs python3 make_grpo_std.py TAG

verl (not GAE Lab) computes every number written here. core_algos.compute_grpo_outcome_advantage runs as
it is (norm_adv_by_std_in_grpo = True) on 8 rows × 64 tokens in 2 uid groups of 4 (a score in {0, 0.5, 1}
on each last valid token); for the planted bug torch.std is wrapped, while verl runs, to take the
population std (unbiased=False), as a trainer that normalises with np.std would. GAE Lab's exporter saves
each to web/inspect/testdata/verl_grpo_std_<TAG>_<case>.npz:

    ok      verl's GRPO                              (exact, no finding)
    pop     the same with the population std         (grpo_population_std)
    some    verl's GRPO with uids p0×4, p1×3, p2     (exact, singleton_groups: a note)
    single  verl's GRPO with every uid distinct      (every_group_singleton: blocking)
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
STD = torch.std


def main():
    g = torch.Generator().manual_seed(3705)
    lengths = torch.randint(8, R + 1, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = 0.5 * torch.randint(0, 3, (B,), generator=g).float()
    uid = ["p0"] * 4 + ["p1"] * 4
    fn = core_algos.compute_grpo_outcome_advantage
    kw = "eos_mask" if "eos_mask" in inspect.signature(fn).parameters else "response_mask"
    uids = {"ok": uid, "pop": uid, "some": ["p0"] * 4 + ["p1"] * 3 + ["p2"], "single": [f"p{i}" for i in range(B)]}
    for case in ("ok", "pop", "some", "single"):
        uid = uids[case]
        if case == "pop":
            torch.std = lambda x, *a, **k: STD(x, unbiased=False)
        adv, ret = fn(token_level_rewards=scores, index=uid, **{kw: mask})
        torch.std = STD
        batch = types.SimpleNamespace(batch=dict(response_mask=mask, token_level_rewards=scores, advantages=adv, returns=ret),
                                      non_tensor_batch={"uid": uid})
        config = {"algorithm": {"gamma": 1.0, "lam": 1.0, "adv_estimator": "grpo", "norm_adv_by_std_in_grpo": True, "use_kl_in_reward": False}}
        dump_batch(batch, os.path.join(INSPECT, f"verl_grpo_std_{tag}_{case}.npz"), config, ver=tag)
    print(tag, "written to", os.path.normpath(INSPECT))


main()
