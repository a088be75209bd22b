#!/usr/bin/python3
"""Writes the fixtures of engine.DataMetrics with verl's own compute_data_metrics, at every release tag.

    VERL_GIT=<a git dir of verl-project/verl> python3 make_metrics.py [OUT_DIR]

For each tag of run.TAGS, the source of `_compute_response_info` and `compute_data_metrics` at that tag
(`verl/trainer/ppo/ray_trainer.py` at v0.2.*, `verl/trainer/ppo/metric_utils.py` from v0.3.0.rc0 on) is
read with `git show`, and the two functions are executed as they are, unedited, on a DataProto-like
object holding float32 tensors (numpy for non_tensor_batch). Only these two functions run: importing
the modules whole would need ray, omegaconf and the trainer's workers, and nothing else in them takes
part in the numbers. verl (not GAE Lab) computes every number written here.

OUT_DIR (default engine/testdata/metrics) gets one JSON per case: the inputs, and per tag either the
metrics (name -> value, NaN as null) or the exception verl raised. engine's TestDataMetricsInVerl reads
them. Cases (8 rows, a 16-token prompt part and a 64-token response part):

    critic      values, one empty row, one truncated row, two multi-turn rows whose response_mask masks
                observation tokens that attention_mask keeps, __num_turns__ and tool_call_counts;
    no_critic   the same batch with use_critic=False;
    all_empty   every response empty (verl raises before v0.8.0 and gives NaN from it);
    one_token   one valid token in the whole batch (torch.var of one element is NaN).
"""
import ast
import json
import logging
import math
import os
import subprocess
import sys
import types
from typing import Any, Callable, Dict, List

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import TAGS  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "..", "engine", "testdata", "metrics")
GIT = os.environ.get("VERL_GIT")
B, P, R = 8, 16, 64
FUNCS = ("_compute_response_info", "compute_data_metrics")


def verl_functions(tag):
    """verl's two functions at tag, compiled from its own source."""
    path = "verl/trainer/ppo/ray_trainer.py" if tag.startswith("v0.2") else "verl/trainer/ppo/metric_utils.py"
    src = subprocess.run(["git", "--git-dir", GIT, "show", f"{tag}:{path}"], check=True, capture_output=True, text=True).stdout
    tree = ast.parse(src)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in FUNCS]
    if sorted(d.name for d in defs) != sorted(FUNCS):
        raise RuntimeError(f"{tag}: {path} lacks {FUNCS}")
    ns = {"torch": torch, "np": np, "DataProto": object, "Dict": Dict, "Any": Any, "List": List, "Callable": Callable,
          "logger": logging.getLogger("verl"), "logging": logging}
    exec(compile(ast.Module(body=defs, type_ignores=[]), f"{tag}:{path}", "exec"), ns)
    return ns["compute_data_metrics"], path


def batch(case):
    """One case's tensors, as the trainer holds them before compute_data_metrics."""
    g = torch.Generator().manual_seed(37)
    lengths = torch.randint(1, R, (B,), generator=g)
    lengths[2], lengths[5] = 0, R  # an empty row and a truncated one
    if case == "all_empty":
        lengths[:] = 0
    if case == "one_token":
        lengths[:] = 0
        lengths[3] = 1
    prompt_len = torch.randint(1, P + 1, (B,), generator=g)
    prompt_len[0] = P  # a prompt at the limit
    att_prompt = (torch.arange(P)[None, :] >= (P - prompt_len)[:, None]).float()  # left-padded prompts
    att_resp = (torch.arange(R)[None, :] < lengths[:, None]).float()
    response_mask = att_resp.clone()
    if case in ("critic", "no_critic"):
        for i in (0, 6):  # multi-turn rows: an observation the model did not write
            n = int(lengths[i])
            response_mask[i, n // 3: n // 3 + max(1, n // 4)] = 0
    scores = torch.zeros(B, R)
    for i, n in enumerate(lengths.tolist()):
        if n:
            scores[i, n - 1] = float(torch.randint(0, 2, (1,), generator=g))
        else:
            scores[i, -1] = 0.5  # an empty row's score at index -1, as verl's reward managers place it
    kl = torch.rand(B, R, generator=g) * 0.01 * response_mask
    rewards = scores - 0.05 * kl
    values = (torch.rand(B, R, generator=g) * 2 - 1) * att_resp
    returns = (torch.rand(B, R, generator=g) * 2) * response_mask
    advantages = (torch.randn(B, R, generator=g)) * response_mask
    tensors = {
        "prompts": torch.zeros(B, P, dtype=torch.int64), "responses": torch.zeros(B, R, dtype=torch.int64),
        "attention_mask": torch.cat([att_prompt, att_resp], dim=1).to(torch.int64), "response_mask": response_mask,
        "token_level_scores": scores, "token_level_rewards": rewards, "values": values,
        "returns": returns, "advantages": advantages,
    }
    non_tensor = {"__num_turns__": np.array([3, 1, 1, 2, 1, 1, 4, 1]), "tool_call_counts": np.array([1, 0, 0, 1, 0, 0, 2, 0])}
    return tensors, non_tensor


def plain(x):
    x = float(x)
    return None if math.isnan(x) else x


def main():
    if not GIT:
        sys.exit("set VERL_GIT to a git dir of verl-project/verl that has the release tags")
    os.makedirs(OUT, exist_ok=True)
    funcs = {tag: verl_functions(tag) for tag in TAGS}
    for case in ("critic", "no_critic", "all_empty", "one_token"):
        tensors, non_tensor = batch(case)
        use_critic = case != "no_critic"
        out = {"case": case, "use_critic": use_critic, "prompt_width": P,
               "inputs": {k: v.tolist() for k, v in tensors.items() if k not in ("prompts", "responses")},
               "non_tensor_batch": {k: v.tolist() for k, v in non_tensor.items()}, "by_tag": {}}
        for tag, (fn, path) in funcs.items():
            proto = types.SimpleNamespace(batch=dict(tensors), non_tensor_batch=dict(non_tensor))
            try:
                m = fn(proto, use_critic=use_critic)
                out["by_tag"][tag] = {"source": path, "metrics": {k: plain(v) for k, v in sorted(m.items())}}
            except Exception as e:  # verl's own error is the expected answer
                out["by_tag"][tag] = {"source": path, "raises": type(e).__name__}
        with open(os.path.join(OUT, case + ".json"), "w") as f:
            json.dump(out, f, separators=(",", ":"))
            f.write("\n")
    print("written to", os.path.normpath(OUT))


main()
