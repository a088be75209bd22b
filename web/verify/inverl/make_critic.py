#!/usr/bin/python3
"""Writes the fixtures of /inspect's release-true critic check with verl's own critic masking and GAE.

    VERL_GIT=<a git dir of verl-project/verl> PYTHONPATH=<verl checkout at TAG>:stubs python3 make_critic.py TAG

verl (not GAE Lab) computes every number written here; nothing in verl is edited. The critic's values are
what TAG's trainer gets from its critic, run on one deterministic "model output" V(s) per input position:
up to v0.7.1 DataParallelPPOCritic.compute_values (read from verl/workers/critic/dp_critic.py at TAG with
`git show` and executed as it is, its forward pass replaced by that model output), from v0.8.0 the engine
critic's no_padding_2_padding (verl/workers/utils/padding.py at TAG), which the trainer's _compute_values
applies to the flattened output. The checkout gives core_algos.compute_gae_advantage_return (γ = 1,
λ = 0.95). Each batch is an agent loop's: 8 rows × 64 response tokens after an 8-token prompt, right-padded,
each response with an observation span (response_mask 0, attention_mask 1) and a score on its last valid
token. GAE Lab's exporter saves it to web/inspect/testdata/verl_critic_<TAG>_<case>.npz:

    ok    the values TAG's critic returns                      (no values_where_masked at TAG)
    raw   the model output with no mask applied, as a trainer
          that bypasses the critic's masking would             (values_where_masked wherever TAG zeroes)
"""
import ast
import inspect
import os
import subprocess
import sys
import types

import torch
import torch.nn.functional as F
from verl.trainer.ppo import core_algos

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, P, R = 8, 8, 64


def verl_function(path, name, ns, cls=None):
    """The function (or cls's method) name from verl's path at tag, executed as it is in ns."""
    out = subprocess.run(["git", "--git-dir", os.environ["VERL_GIT"], "show", f"{tag}:{path}"], capture_output=True, text=True)
    if out.returncode != 0:  # v0.8.0 removed verl/workers/critic/
        return None
    body = ast.parse(out.stdout).body
    if cls is not None:
        body = [n for n in body if isinstance(n, ast.ClassDef) and n.name == cls][0].body
    fn = [n for n in body if isinstance(n, ast.FunctionDef) and n.name == name]
    if not fn:
        return None
    fn[0].decorator_list = []
    exec(compile(ast.Module(body=fn, type_ignores=[]), f"{tag}:{path}", "exec"), ns)
    return ns[name]


class Batch(dict):
    """What compute_values reads of a TensorDict: keys, split, to."""

    def split(self, n):
        return [self]

    def to(self, device):
        return self


class Data:
    """What compute_values reads of a DataProto."""

    def __init__(self, batch):
        self.batch = Batch(batch)
        self.non_tensor_batch = {}
        self.meta_info = {"micro_batch_size": B, "use_dynamic_bsz": False}

    def select(self, batch_keys=None, non_tensor_batch_keys=None, *a, **k):
        return self

    def split(self, n):
        return [self]

    def to(self, device):
        return self


def critic_values(full, attention, response_mask, responses):
    """TAG's critic's values [B, R] from the model output full [B, P + R] (V of each input position)."""
    ns = {"torch": torch, "F": F, "DataProto": Data, "get_device_id": lambda: "cpu", "get_device_name": lambda: "cpu"}
    cv = verl_function("verl/workers/critic/dp_critic.py", "compute_values", ns, cls="DataParallelPPOCritic")
    if cv is not None:
        # the critic's forward pass gives the state value before each response token
        this = types.SimpleNamespace(critic_module=types.SimpleNamespace(eval=lambda: None),
                                     _forward_micro_batch=lambda mb: full[:, -R - 1:-1], ulysses_sequence_parallel_size=1)
        batch = {"responses": responses, "input_ids": torch.zeros(B, P + R, dtype=torch.int64), "attention_mask": attention,
                 "position_ids": torch.zeros(B, P + R, dtype=torch.int64)}
        batch["response_mask"] = response_mask  # v0.5.0's trainer sets it before compute_values; earlier critics never read it
        return cv(this, Data(batch))
    tu = types.SimpleNamespace(get_non_tensor_data=lambda data, key, default: default)
    ns["tu"], ns["TensorDict"] = tu, dict
    pad = verl_function("verl/workers/utils/padding.py", "no_padding_2_padding", ns)
    flat = full[attention.bool()]  # the engine's packed output: every attended token, row by row
    return pad(flat, {"prompts": torch.zeros(B, P, dtype=torch.int64), "responses": responses, "attention_mask": attention})


def main():
    g = torch.Generator().manual_seed(3730)
    lengths = torch.randint(16, R, (B,), generator=g)
    att_resp = (torch.arange(R)[None, :] < lengths[:, None]).float()
    attention = torch.cat([torch.ones(B, P), att_resp], dim=1).to(torch.int64)
    mask = att_resp.clone()
    start = torch.randint(3, 10, (B,), generator=g)
    for i in range(B):
        mask[i, start[i]:start[i] + 4] = 0  # the tool's observation: attended, not trained on
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = torch.randint(0, 2, (B,), generator=g).float()
    full = torch.rand(B, P + R, generator=g) * 2 - 1
    responses = torch.randint(3, 100, (B, R), generator=g) * att_resp.long()
    gae = core_algos.compute_gae_advantage_return
    kw = "eos_mask" if "eos_mask" in inspect.signature(gae).parameters else "response_mask"
    for case in ("ok", "raw"):
        values = critic_values(full, attention, mask, responses) if case == "ok" else full[:, -R - 1:-1].clone()
        adv, ret = gae(token_level_rewards=scores, values=values, gamma=1.0, lam=0.95, **{kw: mask})
        batch = types.SimpleNamespace(batch=dict(response_mask=mask, attention_mask=attention, token_level_rewards=scores,
                                                 values=values, advantages=adv, returns=ret), non_tensor_batch={})
        config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
        dump_batch(batch, os.path.join(INSPECT, f"verl_critic_{tag}_{case}.npz"), config, ver=tag)
    print(tag, "written to", os.path.normpath(INSPECT))


if __name__ == "__main__":
    main()
