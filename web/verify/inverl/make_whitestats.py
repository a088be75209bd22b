#!/usr/bin/python3
"""Writes the fixtures of /inspect's per-batch whitening check with verl's own GAE and masked_whiten.

    PYTHONPATH=<verl checkout at TAG>:stubs python3 make_whitestats.py TAG

verl (not GAE Lab) computes every number written here. core_algos.compute_gae_advantage_return runs as
it is; for the planted bugs, verl_F.masked_whiten (which it calls) is wrapped so that verl's own
masked_mean or masked_var reaches it 5 % off, as a trainer that whitens with a stale or another batch's
statistics would. Each batch is 8 rows × 64 response tokens (right-padded, a score in {0.5, 1} on each
last valid token, values in [−0.5, 0.5], γ = 1, λ = 0.95), computed in float32 and stored with its
advantages and returns in a narrower type, to web/inspect/testdata/verl_whitestats_<DTYPE>_<case>:

    DTYPE bf16: .safetensors (BF16 by its raw bits);  DTYPE f16: .npz by GAE Lab's exporter
    ok      verl's GAE                                        (no finding)
    mean5   the same with μ·1.05                              (whitening_stats_differ)
    mean05  the same with μ·1.005: in bf16 within the per-cell tolerance, so "exact" before the
            per-batch fit                                    (whitening_stats_differ)
    std5    the same with σ·1.05 (var·1.1025)                 (whitening_stats_differ)

and, stored in float32, verl_whitestats_f32_ok.npz (row 0 two tokens scoring 40, so that max |A| > 10) and
verl_whitestats_f32_cell.npz (the same with advantages[3, 5] moved by 1e-3 after verl: not exact).
"""
import json
import os
import struct
import sys
import types

import torch
from verl.trainer.ppo import core_algos
import verl.utils.torch_functional as verl_F

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")
sys.path.insert(0, os.path.join(HERE, "..", "..", "inspect", "export"))
from gaelab_dump import dump_batch  # noqa: E402

B, R = 8, 64
ORIGINAL = verl_F.masked_whiten


def safetensors(path, tensors, config):
    """Writes tensors (name -> torch tensor) by the format's specification, BF16 as its raw bits (as make_whitened.py)."""
    header, blobs, off = {"__metadata__": {"config": json.dumps(config)}}, [], 0
    for name, x in tensors.items():
        x = x.contiguous()
        if x.dtype == torch.bfloat16:
            raw, dt = x.view(torch.int16).numpy().astype("<i2").tobytes(), "BF16"
        elif x.dtype == torch.float32:
            raw, dt = x.numpy().astype("<f4").tobytes(), "F32"
        else:
            raw, dt = x.to(torch.int64).numpy().astype("<i8").tobytes(), "I64"
        header[name] = {"dtype": dt, "shape": list(x.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def planted(mean_scale, var_scale):
    def whiten(values, mask, shift_mean=True):
        mean, var = verl_F.masked_mean(values, mask) * mean_scale, verl_F.masked_var(values, mask) * var_scale
        return (values - mean) * torch.rsqrt(var + 1e-8)
    return whiten


def main():
    g = torch.Generator().manual_seed(3712)
    lengths = torch.randint(16, R + 1, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = 0.5 + 0.5 * torch.randint(0, 2, (B,), generator=g).float()
    values = (torch.rand(B, R, generator=g) - 0.5) * mask
    fn = core_algos.compute_gae_advantage_return
    for case, ms, vs in (("ok", 1.0, 1.0), ("mean5", 1.05, 1.0), ("mean05", 1.005, 1.0), ("std5", 1.0, 1.05 ** 2)):
        verl_F.masked_whiten = ORIGINAL if case == "ok" else planted(ms, vs)
        adv, ret = fn(token_level_rewards=scores, values=values, response_mask=mask, gamma=1.0, lam=0.95)
        verl_F.masked_whiten = ORIGINAL
        config = {"gamma": 1.0, "lam": 0.95, "ver": tag, "adv_estimator": "gae"}
        safetensors(os.path.join(INSPECT, f"verl_whitestats_bf16_{case}.safetensors"),
                    {"response_mask": mask.to(torch.int64), "token_level_rewards": scores, "values": values,
                     "advantages": adv.to(torch.bfloat16), "returns": ret.to(torch.bfloat16)}, config)
        batch = types.SimpleNamespace(batch=dict(response_mask=mask, token_level_rewards=scores, values=values,
                                                 advantages=adv.half(), returns=ret.half()), non_tensor_batch={})
        dump_batch(batch, os.path.join(INSPECT, f"verl_whitestats_f16_{case}.npz"),
                   {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}, ver=tag)
    # float32: row 0 two tokens long, scoring 40 where its critic says 39 and 0 before (A[0, 0] ≈ 40: max |A| > 10,
    # where 1e-4·max(1, max |A|) exceeded 1e-3), one cell moved by 1e-3.
    m32 = mask.clone()
    m32[0, 2:] = 0
    v32, f32 = values * m32, scores * m32
    f32[0, 1], v32[0, 0], v32[0, 1] = 40.0, 0.0, 39.0
    adv, ret = fn(token_level_rewards=f32, values=v32, response_mask=m32, gamma=1.0, lam=0.95)
    for case, off in (("ok", 0.0), ("cell", 1e-3)):
        a = adv.clone()
        a[3, 5] += off
        batch = types.SimpleNamespace(batch=dict(response_mask=m32, token_level_rewards=f32, values=v32,
                                                 advantages=a, returns=ret), non_tensor_batch={})
        dump_batch(batch, os.path.join(INSPECT, f"verl_whitestats_f32_{case}.npz"),
                   {"algorithm": {"gamma": 1.0, "lam": 0.95, "adv_estimator": "gae", "use_kl_in_reward": False}}, ver=tag)
    print(tag, "written to", os.path.normpath(INSPECT))


main()
