#!/usr/bin/python3
"""Writes the fixtures of /inspect's critic-free diagnoses with verl's own outcome estimators.

    PYTHONPATH=<verl checkout at v0.9.0>:stubs python3 make_critic_free.py v0.9.0

verl (not GAE Lab) computes every number written here: core_algos' compute_grpo_outcome_advantage,
compute_reinforce_plus_plus_outcome_advantage and compute_remax_outcome_advantage at TAG, nothing edited.
Each batch is 8 rows × 64 response tokens, right-padded, a 0/1 score (ReMax: a reward in [0, 1]) on the
last valid token, saved by GAE Lab's exporter to web/inspect/testdata/verl_free_<TAG>_<case>.npz:

    grpo_ok         GRPO (norm_adv_by_std_in_grpo) over 2 prompts × 4, uids as verl repeats them
                    (interleave=True: a a a a b b b b)                        exact, no finding
    grpo_uid        the same advantages, the uids saved as np.tile would lay them (a b a b …):
                    no longer the rows' prompts                                uid_misaligned (contiguous)
    grpo_singleton  3 + 3 + 1 + 1 rows: two prompts with one response each    singleton_groups (a note)
    rpp_gamma       REINFORCE++ computed with γ = 0.9, the config saying 1     reinforce_gamma_fitted 0.9
    remax           ReMax with the greedy responses' reward_baselines           exact (the baselines read)
"""
import os
import sys
import types

import numpy as np
import torch
from verl.trainer.config import AlgoConfig
from verl.trainer.ppo import core_algos

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, R = 8, 64


def write(case, mask, scores, adv, ret, uid, algorithm, extra=None):
    tensors = dict(response_mask=mask, token_level_rewards=scores, advantages=adv, returns=ret)
    tensors.update(extra or {})
    batch = types.SimpleNamespace(batch=tensors, non_tensor_batch={"uid": np.array(uid, dtype=object)})
    dump_batch(batch, os.path.join(INSPECT, f"verl_free_{tag}_{case}.npz"), {"algorithm": algorithm}, ver=tag)


def main():
    g = torch.Generator().manual_seed(3752)
    lengths = torch.randint(8, R, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    scores = torch.zeros(B, R)
    score = torch.tensor([1, 0, 1, 1, 0, 0, 1, 0]).float()
    scores[torch.arange(B), lengths - 1] = score
    grpo = {"adv_estimator": "grpo", "norm_adv_by_std_in_grpo": True, "gamma": 1.0, "use_kl_in_reward": False}

    uid = ["a"] * 4 + ["b"] * 4
    adv, ret = core_algos.compute_grpo_outcome_advantage(scores, mask, np.array(uid, dtype=object), norm_adv_by_std_in_grpo=True)
    write("grpo_ok", mask, scores, adv, ret, uid, grpo)
    write("grpo_uid", mask, scores, adv, ret, ["a", "b"] * 4, grpo)

    uid = ["a"] * 3 + ["b"] * 3 + ["c", "d"]
    adv, ret = core_algos.compute_grpo_outcome_advantage(scores, mask, np.array(uid, dtype=object), norm_adv_by_std_in_grpo=True)
    write("grpo_singleton", mask, scores, adv, ret, uid, grpo)

    uid = [str(i) for i in range(B)]
    adv, ret = core_algos.compute_reinforce_plus_plus_outcome_advantage(scores, mask, config=AlgoConfig(gamma=0.9))
    write("rpp_gamma", mask, scores, adv, ret, uid, {"adv_estimator": "reinforce_plus_plus", "gamma": 1.0, "use_kl_in_reward": False})

    rewards = torch.zeros(B, R)
    rewards[torch.arange(B), lengths - 1] = torch.rand(B, generator=g)
    baselines = torch.rand(B, generator=g)
    adv, ret = core_algos.compute_remax_outcome_advantage(rewards, baselines, mask)
    write("remax", mask, rewards, adv, ret, uid, {"adv_estimator": "remax", "gamma": 1.0, "use_kl_in_reward": False},
          {"reward_baselines": baselines})
    print(tag, "written to", os.path.normpath(INSPECT))


main()
