#!/usr/bin/python3
"""Writes the fixtures of /inspect's EOS check with verl's own get_response_mask and GAE.

    PYTHONPATH=<verl checkout at TAG>:stubs python3 make_eos.py TAG

verl (not GAE Lab) computes every number written here; nothing in verl is edited. Each batch is 8 rows ×
64 response tokens: token ids in 3…99 ending in EOS (id 2) and right-padded with pad (id 0), one row
truncated without an EOS; response_mask is verl.utils.torch_functional.get_response_mask(responses, 2),
a score on each last valid token, and core_algos.compute_gae_advantage_return (γ = 1, λ = 0.95) on that
mask. GAE Lab's exporter saves each with the tokenizer's ids to web/inspect/testdata/verl_eos_<TAG>_<case>.npz:

    ok      verl's mask                                                         (no finding)
    past    the mask one token past each EOS (the first pad counted), verl's GAE
            run on it, as a trainer with the bug would                          (mask_disagrees_eos)
    noid    verl's mask, saved without the tokenizer's ids                      (mask_check_skipped, a note)
"""
import os
import sys
import types

import torch
from verl.trainer.ppo import core_algos
from verl.utils.torch_functional import get_response_mask

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, R, EOS, PAD = 8, 64, 2, 0


def main():
    g = torch.Generator().manual_seed(3703)
    lengths = torch.randint(8, R - 1, (B,), generator=g)
    lengths[B - 1] = R  # truncated: no EOS
    responses = torch.randint(3, 100, (B, R), generator=g)
    for i, n in enumerate(lengths.tolist()):
        if n < R:
            responses[i, n - 1], responses[i, n:] = EOS, PAD
    verl_mask = get_response_mask(responses, EOS).float()
    n_valid = verl_mask.sum(-1).long()
    scores = torch.zeros(B, R)
    values = (torch.rand(B, R, generator=g) * 2 - 1)
    tok = types.SimpleNamespace(eos_token_id=EOS, pad_token_id=PAD)
    for case in ("ok", "past", "noid"):
        mask = verl_mask.clone()
        if case == "past":
            for i, n in enumerate(n_valid.tolist()):
                mask[i, :min(n + 1, R)] = 1
        last = mask.sum(-1).long() - 1
        s = scores.clone()
        s[torch.arange(B), last] = torch.randint(0, 2, (B,), generator=torch.Generator().manual_seed(5)).float()
        adv, ret = core_algos.compute_gae_advantage_return(token_level_rewards=s, values=values * mask, response_mask=mask, gamma=1.0, lam=0.95)
        batch = types.SimpleNamespace(batch=dict(responses=responses, response_mask=mask, token_level_rewards=s, values=values * mask,
                                                 advantages=adv, returns=ret), non_tensor_batch={})
        config = {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}
        dump_batch(batch, os.path.join(INSPECT, f"verl_eos_{tag}_{case}.npz"), config, ver=tag, tokenizer=None if case == "noid" else tok)
    print(tag, "written to", os.path.normpath(INSPECT))


main()
