#!/usr/bin/env python3
"""Writes the fixtures of web/inspect's tests: real .npz files from NumPy's own
np.savez / np.savez_compressed, and .safetensors files from write_safetensors
below, which follows the format's specification (an 8-byte little-endian header
length, a JSON header padded with spaces, then the raw little-endian data, the
tensors tiling it in header order). The advantages and returns in them are
computed here with NumPy, transcribing verl's own functions (core_algos.py
compute_gae_advantage_return at v0.2 and at v0.5+, torch_functional.py
masked_whiten), independently of the Go engine the tests check against.

Run from this directory with Debian's python3-numpy:  /usr/bin/python3 make_fixtures.py
"""
import io
import json
import struct
import zipfile

import numpy as np

B, R = 6, 10
rng = np.random.default_rng(15)


# ---- verl's arithmetic, transcribed ------------------------------------

def masked_mean(x, m, eps):
    return (x * m).sum() / (m.sum() + eps)


def masked_whiten(x, m, eps):
    """torch_functional.masked_whiten: unbiased variance, rsqrt(var + 1e-8)."""
    mean = masked_mean(x, m, eps)
    var = masked_mean((x - mean) ** 2, m, eps)
    n = m.sum()
    var = var * n / (n - 1)
    return (x - mean) / np.sqrt(var + 1e-8)


def gae_v02(r, v, m, gamma, lam):
    """v0.2: the mask is used only for whitening; V_R = 0 at the tensor end."""
    adv = np.zeros_like(r)
    last = np.zeros(r.shape[0])
    for t in reversed(range(r.shape[1])):
        nv = v[:, t + 1] if t + 1 < r.shape[1] else 0.0
        delta = r[:, t] + gamma * nv - v[:, t]
        last = delta + gamma * lam * last
        adv[:, t] = last
    return adv, adv + v


def gae_newest(r, v, m, gamma, lam):
    """v0.5+ (PR #2337): next value and advantage carried across mask = 0."""
    adv = np.zeros_like(r)
    nv = np.zeros(r.shape[0])
    last = np.zeros(r.shape[0])
    for t in reversed(range(r.shape[1])):
        delta = r[:, t] + gamma * nv - v[:, t]
        cand = delta + gamma * lam * last
        nv = v[:, t] * m[:, t] + (1 - m[:, t]) * nv
        last = cand * m[:, t] + (1 - m[:, t]) * last
        adv[:, t] = last
    return adv, adv + v


# ---- a batch -----------------------------------------------------------

def make_batch(lengths, v02_values=False):
    m = np.zeros((B, R))
    for i, L in enumerate(lengths):
        m[i, :L] = 1
    scores = np.zeros((B, R))
    for i, L in enumerate(lengths):
        scores[i, L - 1] = rng.choice([0.0, 1.0, 0.5])
    v = np.round(rng.uniform(-0.5, 1.0, (B, R)), 3) * m
    if v02_values:  # v0.2's critic mask attention_mask[:, -R-1:-1] keeps V(s_L), the state after EOS
        for i, L in enumerate(lengths):
            if L < R:
                v[i, L] = round(rng.uniform(0.3, 0.9), 3)
    return m, scores, v


LENGTHS = [10, 7, 4, 9, 1, 6]
UID = np.array(["q-a", "q-a", "q-a", "q-b", "q-b", "q-b"])
TOKENS = np.array([[f"t{i}.{t}" for t in range(R)] for i in range(B)])


def f32(x):
    return np.asarray(x, dtype=np.float32)


def bf16_round(x):
    """Round float32 values to bfloat16 (nearest even), returned as float32."""
    b = f32(x).view(np.uint32).astype(np.uint64)
    b = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) << 16
    return b.astype(np.uint32).view(np.float32)


def bf16_bytes(x):
    return (f32(x).view(np.uint32) >> 16).astype("<u2").tobytes()


# ---- safetensors, by the spec -------------------------------------------

DT = {np.dtype("float32"): "F32", np.dtype("float64"): "F64", np.dtype("float16"): "F16",
      np.dtype("int64"): "I64", np.dtype("int32"): "I32", np.dtype("bool"): "BOOL", np.dtype("uint8"): "U8"}


def write_safetensors(path, tensors, metadata=None, lie=None, truncate=0):
    """tensors: name -> ndarray, or name -> ("BF16", shape, raw bytes)."""
    header, blobs, off = {}, [], 0
    if metadata:
        header["__metadata__"] = metadata
    for name, t in tensors.items():
        if isinstance(t, tuple):
            dtype, shape, raw = t
        else:
            dtype, shape, raw = DT[t.dtype], list(t.shape), np.ascontiguousarray(t).astype(t.dtype.newbyteorder("<")).tobytes()
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    if lie:
        lie(header)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    data = struct.pack("<Q", len(h)) + h + b"".join(blobs)
    if truncate:
        data = data[:-truncate]
    open(path, "wb").write(data)


# 1. newest verl, γ = 1, λ = 0.95, np.savez (stored), f32, int mask, string uids, tokens, config sidecar
m, s, v = make_batch(LENGTHS)
s, v = f32(s), f32(v)
adv, ret = gae_newest(s.astype(float), v.astype(float), m, 1.0, 0.95)
np.savez("newest_f32.npz", response_mask=m.astype(np.int64), token_level_rewards=s, values=v,
         advantages=f32(masked_whiten(adv, m, 1e-8)), returns=f32(ret), uid=UID, tokens=TOKENS,
         config=np.array(json.dumps({"gamma": 1, "lam": 0.95, "ver": "newest"})))

# 2. verl v0.2 with the EOS-value leak: values keep V(s_L); λ = 0.9; safetensors f32
m, s, v = make_batch(LENGTHS, v02_values=True)
s, v = f32(s), f32(v)
adv, ret = gae_v02(s.astype(float), v.astype(float), m, 1.0, 0.9)
write_safetensors("v02_eosleak.safetensors", {
    "response_mask": m.astype(np.int64), "token_level_rewards": s, "values": v,
    "advantages": f32(masked_whiten(adv, m, 0.0)), "returns": f32(ret)},
    metadata={"config": json.dumps({"gamma": 1, "lam": 0.9})})

# 3. returns computed from the whitened advantages; np.savez_compressed (deflate)
m, s, v = make_batch(LENGTHS)
s, v = f32(s), f32(v)
adv, ret = gae_newest(s.astype(float), v.astype(float), m, 1.0, 0.95)
w = masked_whiten(adv, m, 1e-8)
np.savez_compressed("whitened_returns.npz", response_mask=m.astype(np.int32), token_level_rewards=s, values=v,
                    advantages=f32(w), returns=f32(w + v.astype(float)), uid=np.array([0, 0, 0, 1, 1, 1]))

# 4. each sequence whitened alone; safetensors f64
m, s, v = make_batch(LENGTHS)
adv, ret = gae_newest(s, v, m, 0.99, 0.95)
ps = np.zeros_like(adv)
for i in range(B):
    if m[i].sum() >= 2:
        ps[i] = masked_whiten(adv[i:i + 1], m[i:i + 1], 1e-8)
ps[4] = np.nan  # row 4 has one token: its own whitening raises, so it is excluded below
keep = [i for i in range(B) if m[i].sum() >= 2]
write_safetensors("per_seq_whiten.safetensors", {
    "response_mask": m[keep].astype(np.int64), "token_level_rewards": s[keep], "values": v[keep],
    "advantages": ps[keep]}, metadata={"config": json.dumps({"gamma": 0.99, "lam": 0.95})})

# 5. advantages never whitened; safetensors with BF16 numbers and a BOOL mask
m, s, v = make_batch(LENGTHS)
s, v = bf16_round(s), bf16_round(v)
adv, ret = gae_newest(s.astype(float), v.astype(float), m, 1.0, 1.0)
write_safetensors("no_whiten_bf16.safetensors", {
    "response_mask": m.astype(bool),
    "token_level_rewards": ("BF16", [B, R], bf16_bytes(s)),
    "values": ("BF16", [B, R], bf16_bytes(v)),
    "advantages": ("BF16", [B, R], bf16_bytes(adv))})

# 6. attention_mask (prompt 3 + response R) with responses (token ids), scores + k1 KL in the reward, f16
P = 3
m, s, v = make_batch(LENGTHS)
old = np.round(rng.uniform(-2, -0.1, (B, R)), 2) * m
ref = np.round(rng.uniform(-2, -0.1, (B, R)), 2) * m
s16, v16, old16, ref16 = (x.astype(np.float16) for x in (s, v, old, ref))
beta = 0.1
rew = s16.astype(float) - beta * (old16.astype(float) - ref16.astype(float)) * m
adv, ret = gae_newest(rew, v16.astype(float), m, 1.0, 0.95)
att = np.concatenate([np.ones((B, P)), m], axis=1).astype(np.int64)
np.savez("attention_f16.npz", attention_mask=att, responses=(m * rng.integers(5, 1000, (B, R))).astype(np.int64),
         token_level_scores=s16, old_log_probs=old16, ref_log_prob=ref16, values=v16,
         advantages=masked_whiten(adv, m, 1e-8).astype(np.float16), returns=ret.astype(np.float16))

# ---- malformed files ------------------------------------------------------

m, s, v = make_batch(LENGTHS)
s, v = f32(s), f32(v)
good = {"response_mask": m.astype(np.int64), "token_level_rewards": s, "values": v}

# a pickle inside an npz: np.savez writes an object array with pickle
np.savez("bad_pickle.npz", response_mask=m.astype(np.int64), token_level_rewards=s,
         values=np.array([{"x": 1}] * B, dtype=object))
# a bare pickle file (np.save of an object array without the .npy wrapper is what torch.save-like dumps look like)
open("bad_pickle.pkl", "wb").write(b"\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x01x\x94K\x01s.")
vn = v.copy(); vn[2, 3] = np.nan
np.savez("bad_nan.npz", response_mask=m.astype(np.int64), token_level_rewards=s, values=vn)
m2 = m.astype(np.int64); m2[1, 2] = 2
np.savez("bad_mask.npz", response_mask=m2, token_level_rewards=s, values=v)
np.savez("bad_shape.npz", response_mask=m.astype(np.int64), token_level_rewards=s, values=v[:, :R - 1])
write_safetensors("bad_truncated.safetensors", good, truncate=16)


def overlap(h):  # values claims to start 8 bytes early, overlapping the rewards
    a, b = h["values"]["data_offsets"]
    h["values"]["data_offsets"] = [a - 8, b - 8]


write_safetensors("bad_offsets.safetensors", good, lie=overlap)


def patch_sizes(data, new_size):
    """Rewrite the uncompressed size of every entry in an npz's local headers and central directory."""
    data = bytearray(data)
    i = 0
    while (i := data.find(b"PK\x03\x04", i)) >= 0:
        struct.pack_into("<I", data, i + 22, new_size); i += 4
    i = 0
    while (i := data.find(b"PK\x01\x02", i)) >= 0:
        struct.pack_into("<I", data, i + 24, new_size); i += 4
    return bytes(data)


# a zip bomb that says so: the entry declares 1 GiB uncompressed (refused before inflating)
buf = io.BytesIO()
np.savez_compressed(buf, values=np.zeros((B, R), np.float32))
open("bomb_declared.npz", "wb").write(patch_sizes(buf.getvalue(), 1 << 30))

# a zip bomb that lies: the .npy header and the declared size say [6, 10] f4, the deflate stream
# holds 4 MiB of zeros (compressed to a few KiB)
npy = io.BytesIO()
np.lib.format.write_array_header_1_0(npy, {"descr": "<f4", "fortran_order": False, "shape": (B, R)})
head = npy.getvalue()
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("values.npy", head + b"\0" * (4 << 20))
open("bomb_lying.npz", "wb").write(patch_sizes(buf.getvalue(), len(head) + B * R * 4))

# 7. GRPO (no critic): outcome advantages (s − mean)/(std + ε) per uid group, broadcast over the mask
m, s, _ = make_batch(LENGTHS)
s = f32(s)
seq = s.astype(float).sum(axis=1)
adv = np.zeros((B, R))
for g in set(UID):
    idx = [i for i in range(B) if UID[i] == g]
    mean, std = seq[idx].mean(), seq[idx].std(ddof=1)
    for i in idx:
        adv[i] = (seq[i] - mean) / (std + 1e-6) * m[i]
np.savez("grpo.npz", response_mask=m.astype(np.int64), token_level_rewards=s, uid=UID,
         advantages=f32(adv), returns=f32(adv))

# 8. more diagnoses, each a bug people shipped (engine/bugs.go names them), f64 safetensors, γ = 1, λ = 0.95.
# Appended after every other fixture so that the random draws above, and their files, stay as they were.
def eos_end(row):
    nz = np.nonzero(row)[0]
    return int(nz[-1]) + 1 if len(nz) else 0


def write_case(path, m, s, v, adv, ret):
    write_safetensors(path, {"response_mask": m.astype(np.int64), "token_level_rewards": s, "values": v,
                             "advantages": adv, "returns": ret},
                      metadata={"config": json.dumps({"gamma": 1, "lam": 0.95})})


# values shifted by one: V(s_{t+1}) stands in for V(s_t), 0 for the last position
m, s, v = make_batch(LENGTHS)
vs = np.concatenate([v[:, 1:], np.zeros((B, 1))], axis=1)
adv, ret = gae_newest(s, vs, m, 1.0, 0.95)
write_case("bug_shift.safetensors", m, s, v, masked_whiten(adv, m, 1e-8), ret)

# the loop's list of A_{R-1}, ..., A_0 never reversed: token t gets A_{R-1-t}
m, s, v = make_batch(LENGTHS)
adv, _ = gae_newest(s, v, m, 1.0, 0.95)
rev = adv[:, ::-1].copy()
write_case("bug_no_reverse.safetensors", m, s, v, masked_whiten(rev, m, 1e-8), rev + v)

# TRL's reward slot: the score one slot after EOS (which joins the loop, with the value kept there)
m, s, v = make_batch(LENGTHS, v02_values=True)
s2, m2 = s.copy(), m.copy()
for i in range(B):
    L = eos_end(m[i])
    if 0 < L < R:
        s2[i, L] += s2[i, L - 1]
        s2[i, L - 1] = 0.0
        m2[i, L] = 1
adv, ret = gae_newest(s2, v, m2, 1.0, 0.95)
write_case("bug_trl_slot.safetensors", m, s, v, masked_whiten(adv, m, 1e-8), ret)

# numbers nothing here computes: advantages and returns of another batch
m, s, v = make_batch(LENGTHS)
other = np.round(rng.uniform(-2, 2, (B, R)), 3) * m
write_case("unexplained.safetensors", m, s, v, other, other + v)

# bootstrapping from the tensor's end: the critic's values left unmasked on the padding, and the loop walking
# through it (its terminal 0 after position R-1, not after EOS)
m, s, _ = make_batch(LENGTHS)
vfull = np.round(rng.uniform(-0.5, 1.0, (B, R)), 3)
adv, ret = gae_newest(s, vfull, np.ones((B, R)), 1.0, 0.95)
write_case("bug_bootstrap.safetensors", m, s, vfull, masked_whiten(adv, m, 1e-8), ret)
