#!/usr/bin/python3
"""Writes the fixtures of /inspect's empty-row convention with verl's own reward manager, KL penalty and GAE.

    VERL_GIT=<a git dir of verl-project/verl> PYTHONPATH=<verl checkout at TAG>:stubs python3 make_empty.py TAG

verl (not GAE Lab) computes every number written here; nothing in verl is edited. Each batch is 8 rows ×
64 response tokens after an 8-token prompt: token ids in 3…99 ending in EOS (id 2) and right-padded with
pad (id 0), the last row truncated without an EOS, and rows 2 and 5 EMPTY (no response token: every id the
pad, attention 0 over the response), as v0.9.0's agent loop pads an empty response (_pad_token_ids:
torch.full(pad_token_id), attention_mask zeros; that one line is replicated here, the agent loop needs ray).
From the checkout, unchanged:

    response_mask        ray_trainer.compute_response_mask (attention_mask[:, -R:]), read from
                         verl/trainer/ppo/ray_trainer.py at TAG with `git show` and executed as it is
                         (importing ray_trainer whole needs torchdata, ray and the workers), as apply_kl_penalty;
    token_level_scores   verl.workers.reward_manager.naive.NaiveRewardManager, called on the batch with
                         verl.utils.reward_score.default_compute_score (data_source "math_dapo": 1 for a right
                         answer, −1 for a wrong or missing one), so an empty row's −1 is written where verl
                         writes it, reward_tensor[i, valid_response_length − 1] = reward_tensor[i, −1]: the last
                         column (v0.9.0's agent loop puts rm_scores at attention_mask[:, P:].sum(1) − 1, the same
                         cell); the tokenizer is a stub whose decode reads each response as "… Answer: k";
    token_level_rewards  apply_kl_penalty (low_var_kl, FixedKLController β = 0.05) on response_mask, so the
                         KL term is 0 on the empty rows and their score stays at index −1;
    advantages, returns  core_algos.compute_gae_advantage_return (γ = 1, λ = 0.95) on response_mask, with
                         the values a critic leaves (the model output × response_mask, 0 on the empty rows).

TAG v0.4.1 runs the plain loop (the empty rows' −1 flows into their own padding advantages and returns,
which verl never trains on), v0.9.0 the mask-aware loop (it drops it). GAE Lab's exporter saves each to
web/inspect/testdata/verl_empty_<TAG>_<case>.npz:

    ids    the batch saved with the tokenizer's ids (dump_batch(..., tokenizer=self.tokenizer), as the
           exporter's docstring asks), so the EOS check runs        (exact: the check leaves the empty
           rows' pads alone)
    noid   the same batch saved without them                           (exact; mask_check_skipped, a note)
"""
import ast
import os
import subprocess
import sys
import types

import numpy as np
import torch
from verl.trainer.ppo import core_algos
from verl.utils import torch_functional as verl_F
from verl.utils.reward_score import default_compute_score
from verl.workers.reward_manager.naive import NaiveRewardManager

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, P, R, EOS, PAD = 8, 8, 64, 2, 0
EMPTY = (2, 5)


def ray_trainer_functions(*names):
    """names from verl/trainer/ppo/ray_trainer.py at tag, executed as they are."""
    src = subprocess.run(["git", "--git-dir", os.environ["VERL_GIT"], "show", f"{tag}:verl/trainer/ppo/ray_trainer.py"],
                         check=True, capture_output=True, text=True).stdout
    fns = [n for n in ast.parse(src).body if isinstance(n, ast.FunctionDef) and n.name in names]
    ns = {"torch": torch, "core_algos": core_algos, "verl_F": verl_F, "masked_mean": verl_F.masked_mean, "DataProto": object}
    exec(compile(ast.Module(body=fns, type_ignores=[]), f"{tag}:ray_trainer.py", "exec"), ns)
    return [ns[n] for n in names]


class TensorBatch(dict):
    """What the reward manager and apply_kl_penalty read of data.batch: items, keys() and batch_size."""

    @property
    def batch_size(self):
        return [len(self["responses"])]


class Data:
    """What NaiveRewardManager reads of a DataProto: len, data[i] (a DataProtoItem), batch, meta_info."""

    def __init__(self, batch, non_tensor_batch):
        self.batch, self.non_tensor_batch, self.meta_info = TensorBatch(batch), non_tensor_batch, {}

    def __len__(self):
        return len(self.batch["responses"])

    def __getitem__(self, i):
        return types.SimpleNamespace(batch={k: v[i] for k, v in self.batch.items()},
                                     non_tensor_batch={k: v[i] for k, v in self.non_tensor_batch.items()})


class Tokenizer:
    """The ids the exporter saves, and a decode that reads a response as text ending in its answer."""
    eos_token_id, pad_token_id = EOS, PAD

    def decode(self, ids, skip_special_tokens=True):
        ids = [int(x) for x in ids if not (skip_special_tokens and int(x) in (EOS, PAD))]
        return f"{' '.join(map(str, ids))} Answer: {sum(ids) % 2}" if ids else ""


def main():
    g = torch.Generator().manual_seed(3707)
    lengths = torch.randint(8, R - 1, (B,), generator=g)
    lengths[B - 1] = R  # truncated: no EOS
    for i in EMPTY:
        lengths[i] = 0
    responses = torch.randint(3, 100, (B, R), generator=g)
    for i, n in enumerate(lengths.tolist()):
        if n < R:
            if n > 0:
                responses[i, n - 1] = EOS
            responses[i, n:] = PAD
    prompts = torch.randint(3, 100, (B, P), generator=g)
    attention = torch.cat([torch.ones(B, P), (torch.arange(R)[None, :] < lengths[:, None]).float()], dim=1).to(torch.int64)
    non_tensor = {"data_source": np.array(["math_dapo"] * B, dtype=object),
                  "reward_model": np.array([{"ground_truth": "1"} for _ in range(B)], dtype=object),
                  "extra_info": np.array([{} for _ in range(B)], dtype=object)}
    data = Data(dict(prompts=prompts, responses=responses, attention_mask=attention), non_tensor)
    compute_response_mask, apply_kl_penalty = ray_trainer_functions("compute_response_mask", "apply_kl_penalty")
    mask = compute_response_mask(data).float()
    data.batch["response_mask"] = mask
    data.batch["token_level_scores"] = NaiveRewardManager(tokenizer=Tokenizer(), num_examine=0, compute_score=default_compute_score)(data)
    data.batch["old_log_probs"] = -torch.rand(B, R, generator=g) * 3
    data.batch["ref_log_prob"] = data.batch["old_log_probs"] + torch.randn(B, R, generator=g) * 0.4
    data, _ = apply_kl_penalty(data, core_algos.FixedKLController(kl_coef=0.05), kl_penalty="low_var_kl")
    values = (torch.rand(B, R, generator=g) * 2 - 1) * mask
    data.batch["values"] = values
    adv, ret = core_algos.compute_gae_advantage_return(token_level_rewards=data.batch["token_level_rewards"], values=values,
                                                       response_mask=mask, gamma=1.0, lam=0.95)
    data.batch["advantages"], data.batch["returns"] = adv, ret
    scores = data.batch["token_level_scores"]
    for i in EMPTY:  # what this generator is for: verl's own placement of an empty row's score
        assert mask[i].sum() == 0 and scores[i, -1] == -1 and scores[i, :-1].abs().sum() == 0, (i, scores[i])
    config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": True, "kl_penalty": "low_var_kl",
                            "kl_ctrl": {"type": "fixed", "kl_coef": 0.05}}}
    for case, tok in (("ids", Tokenizer()), ("noid", None)):
        dump_batch(data, os.path.join(INSPECT, f"verl_empty_{tag}_{case}.npz"), config, ver=tag, tokenizer=tok)
    print(tag, "written to", os.path.normpath(INSPECT), "scores at index -1:", scores[:, -1].tolist())


main()
