#!/usr/bin/python3
"""Writes the fixtures of /inspect's reward check with verl's own apply_kl_penalty and GAE.

    VERL_GIT=<a git dir of verl-project/verl> PYTHONPATH=<verl checkout at TAG>:stubs python3 make_reward.py TAG

verl (not GAE Lab) computes every number written here; nothing in verl is edited. The checkout gives
core_algos (kl_penalty, compute_gae_advantage_return) and torch_functional.masked_mean; apply_kl_penalty
is read from verl/trainer/ppo/ray_trainer.py at TAG with `git show` and executed as it is (importing
ray_trainer whole would need ray and the workers). Each batch (8 rows × 64 tokens, right-padded, a score
on each last valid token, random values and log-probs) goes through apply_kl_penalty with the run's
kl_penalty and β (a FixedKLController), then compute_gae_advantage_return (γ = 1, λ = 0.95), and is saved
by GAE Lab's exporter to web/inspect/testdata/verl_reward_<TAG>_<case>.npz with the config the case says
the run had:

    ok     the run: low_var_kl, β = 0.05; the config: the same            (exact)
    beta   the run: low_var_kl, β = 0.2;  the config: low_var_kl, β 0.05 (rewards ≠ score − β·KL(config))
    type   the run: kl,         β = 0.05; the config: low_var_kl, β 0.05 (the fit names kl)
    off    the run: low_var_kl, β = 0.05; the config: use_kl_in_reward false
"""
import ast
import inspect
import os
import subprocess
import sys
import types

import torch
from verl.trainer.ppo import core_algos
from verl.utils import torch_functional as verl_F

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, P, R = 8, 8, 64


def apply_kl_penalty():
    src = subprocess.run(["git", "--git-dir", os.environ["VERL_GIT"], "show", f"{tag}:verl/trainer/ppo/ray_trainer.py"],
                         check=True, capture_output=True, text=True).stdout
    fn = [n for n in ast.parse(src).body if isinstance(n, ast.FunctionDef) and n.name == "apply_kl_penalty"]
    ns = {"torch": torch, "core_algos": core_algos, "verl_F": verl_F, "masked_mean": verl_F.masked_mean, "DataProto": object}
    exec(compile(ast.Module(body=fn, type_ignores=[]), f"{tag}:ray_trainer.py", "exec"), ns)
    return ns["apply_kl_penalty"]


class TensorBatch(dict):
    """What apply_kl_penalty reads of data.batch: items, keys() and batch_size."""

    @property
    def batch_size(self):
        return [len(self["responses"])]


def mask_kw(fn):
    return "eos_mask" if "eos_mask" in inspect.signature(fn).parameters else "response_mask"


def main():
    g = torch.Generator().manual_seed(371)
    lengths = torch.randint(4, R, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = torch.randint(0, 2, (B,), generator=g).float()
    values = (torch.rand(B, R, generator=g) * 2 - 1) * mask
    old = -torch.rand(B, R, generator=g) * 3
    ref = old + torch.randn(B, R, generator=g) * 0.4
    attention = torch.cat([torch.ones(B, P), mask], dim=1).to(torch.int64)
    penalty = apply_kl_penalty()
    gae = core_algos.compute_gae_advantage_return
    for case, run_kl, run_beta, cfg in [
        ("ok", "low_var_kl", 0.05, dict(kl_penalty="low_var_kl", use_kl_in_reward=True, kl_ctrl={"type": "fixed", "kl_coef": 0.05})),
        ("beta", "low_var_kl", 0.2, dict(kl_penalty="low_var_kl", use_kl_in_reward=True, kl_ctrl={"type": "fixed", "kl_coef": 0.05})),
        ("type", "kl", 0.05, dict(kl_penalty="low_var_kl", use_kl_in_reward=True, kl_ctrl={"type": "fixed", "kl_coef": 0.05})),
        ("off", "low_var_kl", 0.05, dict(kl_penalty="low_var_kl", use_kl_in_reward=False, kl_ctrl={"type": "fixed", "kl_coef": 0.05})),
    ]:
        batch = TensorBatch(responses=torch.zeros(B, R, dtype=torch.int64), attention_mask=attention, response_mask=mask,
                            token_level_scores=scores.clone(), values=values, old_log_probs=old, ref_log_prob=ref)
        data = types.SimpleNamespace(batch=batch, non_tensor_batch={})
        data, _ = penalty(data, core_algos.FixedKLController(kl_coef=run_beta), kl_penalty=run_kl)
        adv, ret = gae(token_level_rewards=data.batch["token_level_rewards"], values=values, gamma=1.0, lam=0.95, **{mask_kw(gae): mask})
        data.batch["advantages"], data.batch["returns"] = adv, ret
        config = {"algorithm": dict(cfg, gamma=1.0, lam=0.95, adv_estimator="gae")}
        dump_batch(data, os.path.join(INSPECT, f"verl_reward_{tag}_{case}.npz"), config, ver=tag, kl_coef=0.05)
    print(tag, "written to", os.path.normpath(INSPECT))


main()
