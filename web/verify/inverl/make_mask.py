#!/usr/bin/python3
"""Writes the fixtures of /inspect's mask check with verl's own compute_response_mask and GAE.

    VERL_GIT=<a git dir of verl-project/verl> PYTHONPATH=<verl checkout at TAG>:stubs python3 make_mask.py TAG

verl (not GAE Lab) computes every number written here; nothing in verl is edited. compute_response_mask is
read from verl/trainer/ppo/ray_trainer.py at TAG (v0.4.1 on) with `git show` and executed as it is; the
checkout gives core_algos.compute_gae_advantage_return (γ = 1, λ = 0.95). Each batch (8 rows × 64 response
tokens after an 8-token prompt, right-padded, a score on each last valid token) is saved by GAE Lab's
exporter to web/inspect/testdata/verl_mask_<TAG>_<case>.npz:

    ok          response_mask = compute_response_mask(batch)                       (no finding)
    short       the same with each response's last token (its EOS) masked out, and verl's GAE run on
                that mask, as a trainer with the bug would                         (mask_disagrees_attention)
    multiturn   an agent loop's response_mask: observation tokens inside each response masked out
                while attention_mask keeps them                                    (no finding)
"""
import ast
import inspect
import os
import subprocess
import sys
import types

import torch
from verl.trainer.ppo import core_algos

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, P, R = 8, 8, 64


def compute_response_mask():
    src = subprocess.run(["git", "--git-dir", os.environ["VERL_GIT"], "show", f"{tag}:verl/trainer/ppo/ray_trainer.py"],
                         check=True, capture_output=True, text=True).stdout
    fn = [n for n in ast.parse(src).body if isinstance(n, ast.FunctionDef) and n.name == "compute_response_mask"]
    ns = {"torch": torch, "DataProto": object}
    exec(compile(ast.Module(body=fn, type_ignores=[]), f"{tag}:ray_trainer.py", "exec"), ns)
    return ns["compute_response_mask"]


def main():
    g = torch.Generator().manual_seed(373)
    lengths = torch.randint(8, R, (B,), generator=g)
    att_resp = (torch.arange(R)[None, :] < lengths[:, None]).float()
    attention = torch.cat([torch.ones(B, P), att_resp], dim=1).to(torch.int64)
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = torch.randint(0, 2, (B,), generator=g).float()
    values = (torch.rand(B, R, generator=g) * 2 - 1) * att_resp
    data = types.SimpleNamespace(batch={"responses": torch.zeros(B, R, dtype=torch.int64), "attention_mask": attention})
    verl_mask = compute_response_mask()(data).float()
    gae = core_algos.compute_gae_advantage_return
    kw = "eos_mask" if "eos_mask" in inspect.signature(gae).parameters else "response_mask"
    for case in ("ok", "short", "multiturn"):
        mask = verl_mask.clone()
        if case == "short":
            mask[torch.arange(B), lengths - 1] = 0
        if case == "multiturn":
            for i, n in enumerate(lengths.tolist()):
                mask[i, n // 3: n // 3 + 3] = 0
        adv, ret = gae(token_level_rewards=scores, values=values * mask, gamma=1.0, lam=0.95, **{kw: mask})
        batch = types.SimpleNamespace(batch=dict(responses=data.batch["responses"], attention_mask=attention, response_mask=mask,
                                                 token_level_rewards=scores, values=values * mask, advantages=adv, returns=ret),
                                      non_tensor_batch={})
        config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
        dump_batch(batch, os.path.join(INSPECT, f"verl_mask_{tag}_{case}.npz"), config, ver=tag)
    print(tag, "written to", os.path.normpath(INSPECT))


main()
