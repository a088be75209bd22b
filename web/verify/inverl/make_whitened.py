#!/usr/bin/python3
"""Writes the fixtures of the whitening tolerances with verl's own functions, in verl's own precision.

    PYTHONPATH=<verl checkout at TAG>:stubs python3 make_whitened.py TAG OUT_DIR

verl (not GAE Lab) computes every number written here; nothing in verl is edited.

- OUT_DIR/rfpp_constant_<TAG>.json: compute_reinforce_plus_plus_outcome_advantage in float32 on a
  batch whose every response scores 3 (γ = 1): whitening a constant, where float32 gives exactly 0
  and GAE Lab's float64 gives x·1e-8/n·1e4 (RESULTS.md, discrepancy 1). web/verify's
  TestWhitenedToleranceInVerl reads it.
- With TAG v0.9.0, also web/inspect/testdata/verl_bf16_*.safetensors, for web/inspect's
  TestBF16Tolerance: a 16×256 batch (γ = 1, λ = 0.95) through compute_gae_advantage_return
    verl_bf16_stored.safetensors     inputs float32, verl in float32, advantages and returns stored as
                                     BF16 (a trainer that saves its batch in bfloat16);
    verl_bf16_throughout.safetensors inputs, verl's arithmetic and outputs all in bfloat16 (λ = 1);
    verl_bf16_stored_off.safetensors the first with advantages[0][0] moved by 0.03 after verl (a
                                     negative control: a bf16 rounding is at most 2^-8·|A|);
  and web/inspect/testdata/verl_rfpp_constant.npz, REINFORCE++ on a constant batch (score 20 on
  10 tokens) saved by GAE Lab's exporter, for web/inspect's TestWhitenedConstantUpload.
"""
import inspect
import json
import os
import struct
import sys
import types

import torch
from verl.trainer.ppo import core_algos

tag, out = sys.argv[1], sys.argv[2]
INSPECT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "inspect", "testdata")


def mask_kw(fn):
    return "eos_mask" if "eos_mask" in inspect.signature(fn).parameters else "response_mask"


def rfpp(lengths, score):
    """verl's REINFORCE++ in float32 on a batch whose every response scores score (γ = 1)."""
    B, R = len(lengths), max(lengths)
    mask = torch.zeros(B, R)
    scores = torch.zeros(B, R)
    for i, n in enumerate(lengths):
        mask[i, :n] = 1
        scores[i, n - 1] = score
    fn = core_algos.compute_reinforce_plus_plus_outcome_advantage
    kw = {mask_kw(fn): mask}
    if "config" in inspect.signature(fn).parameters:
        from omegaconf import OmegaConf
        kw["config"] = OmegaConf.create({"gamma": 1.0})
    else:
        kw["gamma"] = 1.0
    adv, ret = fn(token_level_rewards=scores, **kw)
    return fn.__name__, mask, scores, adv, ret


def rfpp_constant():
    name, mask, scores, adv, ret = rfpp([4, 3, 4, 2], 3.0)
    with open(os.path.join(out, f"rfpp_constant_{tag}.json"), "w") as f:
        json.dump({"tag": tag, "function": name, "dtype": str(adv.dtype), "gamma": 1.0,
                   "response_mask": mask.tolist(), "token_level_rewards": scores.tolist(),
                   "advantages": adv.tolist(), "returns": ret.tolist()}, f, indent=1)


def rfpp_upload():
    """A REINFORCE++ batch as a trainer dumps it (gaelab_dump.py): score 20 on 10 tokens, where
    float64's x·1e-8/n·1e4 = 2e-4 exceeds float32's 1e-4·max(1, |A|)."""
    sys.path.insert(0, os.path.join(INSPECT, "..", "export"))
    from gaelab_dump import dump_batch

    _, mask, scores, adv, ret = rfpp([3, 2, 3, 2], 20.0)
    batch = types.SimpleNamespace(batch=dict(response_mask=mask, token_level_rewards=scores, advantages=adv, returns=ret),
                                  non_tensor_batch={"uid": ["a", "a", "b", "b"]})
    config = {"algorithm": {"gamma": 1.0, "adv_estimator": "reinforce_plus_plus", "use_kl_in_reward": False}}
    dump_batch(batch, os.path.join(INSPECT, "verl_rfpp_constant.npz"), config, ver=tag)


def safetensors(path, tensors, config):
    """Writes tensors (name -> torch tensor) by the format's specification, BF16 as its raw bits."""
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


def bf16_batches():
    g = torch.Generator().manual_seed(24)
    B, R = 16, 256
    lengths = torch.randint(1, R + 1, (B,), generator=g)
    mask = (torch.arange(R)[None, :] < lengths[:, None]).float()
    scores = torch.zeros(B, R)
    scores[torch.arange(B), lengths - 1] = torch.randint(0, 2, (B,), generator=g).float()
    values = (torch.rand(B, R, generator=g) * 2 - 1) * mask
    fn = core_algos.compute_gae_advantage_return
    for name, dt, lam, off in [("stored", torch.float32, 0.95, 0.0), ("throughout", torch.bfloat16, 1.0, 0.0),
                               ("stored_off", torch.float32, 0.95, 0.03)]:
        s, v, m = scores.to(dt), values.to(dt), mask.to(dt)
        adv, ret = fn(token_level_rewards=s, values=v, gamma=1.0, lam=lam, **{mask_kw(fn): m})
        adv, ret = adv.to(torch.bfloat16), ret.to(torch.bfloat16)
        if off:
            adv[0, 0] += off
        safetensors(os.path.join(INSPECT, f"verl_bf16_{name}.safetensors"),
                    {"response_mask": mask.to(torch.int64), "token_level_rewards": s, "values": v,
                     "advantages": adv, "returns": ret},
                    {"gamma": 1.0, "lam": lam, "ver": tag, "adv_estimator": "gae"})


rfpp_constant()
if tag == "v0.9.0":
    bf16_batches()
    rfpp_upload()
print(tag, "written to", out)
