"""GAE Lab's exporter: save a verl batch for /inspect and `gaelab inspect`.

Drop this file next to your trainer and call dump_batch in RayPPOTrainer.fit
after compute_advantage(...):

    from gaelab_dump import dump_batch
    dump_batch(batch, f"dumps/batch_{self.global_steps}.npz", self.config)

It writes a NumPy .npz (np.load reads it) holding the tensors GAE Lab's
check reads under verl's names (ReMax's reward_baselines among them), the
uid of each response, and a `config` entry with every key the check needs:
gamma, lam, the estimator (verl's adv_estimator, with
norm_adv_by_std_in_grpo), kl_penalty, kl_coef, use_kl_in_reward, `ver`
(verl.__version__), and eos_token_id and pad_token_id when you pass
tokenizer=self.tokenizer (or the config has them). It needs only the Python
standard library: torch tensors are converted through NumPy when it is
there (bf16 saved as f32, f16 kept), and anything with .tolist() otherwise.
"""

import json
import struct
import zipfile

__all__ = ["dump_batch", "check_config", "KEYS"]

# The tensors saved when the batch has them (verl's names).
KEYS = ["response_mask", "attention_mask", "responses", "token_level_scores", "token_level_rewards",
        "values", "old_log_probs", "ref_log_prob", "advantages", "returns", "reward_baselines"]

# verl's adv_estimator → GAE Lab's estimator key (with the std flag for GRPO).
_ESTIMATORS = {
    "gae": "gae",
    "grpo": ("grpo_norm_std", "grpo_no_std(drgrpo)"),
    "grpo_vectorized": ("grpo_vectorized_norm_std", "grpo_vectorized_no_std"),
    "gdpo": "gdpo_single_reward",
    "grpo_passk": "grpo_passk",
    "rloo": "rloo",
    "rloo_vectorized": "rloo_vectorized",
    "opo": "opo",
    "gpg": "gpg",
    "reinforce_plus_plus": "reinforce_plus_plus",
    "reinforce_plus_plus_baseline": "reinforce_plus_plus_baseline",
    "remax": "remax",
}


def _get(node, path, default=None):
    """node.a.b for a dict, an OmegaConf node or a dataclass; default when absent."""
    for key in path.split("."):
        if node is None:
            return default
        if isinstance(node, dict) or (hasattr(node, "get") and not hasattr(node, "__dataclass_fields__")):
            try:
                node = node.get(key)
            except Exception:
                node = getattr(node, key, None)
        else:
            node = getattr(node, key, None)
    return default if node is None else node


def check_config(config, ver=None, kl_coef=None, tokenizer=None):
    """The config sidecar GAE Lab reads, from the trainer's config (self.config or its algorithm node).

    ver defaults to verl.__version__; kl_coef to algorithm.kl_ctrl.kl_coef (pass the β of this step,
    metrics["actor/reward_kl_penalty_coeff"], with an adaptive controller). eos_token_id and
    pad_token_id come from tokenizer (the trainer's self.tokenizer), else from the config's keys of
    those names; the check of response_mask against responses needs eos_token_id.
    """
    algo = _get(config, "algorithm", config)
    if ver is None:
        import verl  # the release whose arithmetic produced the batch

        ver = verl.__version__
    est = _get(algo, "adv_estimator", "gae")
    est = getattr(est, "value", est)  # verl's AdvantageEstimator enum
    key = _ESTIMATORS.get(str(est), str(est))
    if isinstance(key, tuple):
        key = key[0] if _get(algo, "norm_adv_by_std_in_grpo", True) else key[1]
    use_kl = _get(algo, "use_kl_in_reward")
    if use_kl is None:  # before v0.4.0 the KL went into the reward unless the actor had a KL loss
        use_kl = not _get(config, "actor_rollout_ref.actor.use_kl_loss", False)
    if kl_coef is None:
        kl_coef = _get(algo, "kl_ctrl.kl_coef", 0.001)
    ids = {}
    for name in ("eos_token_id", "pad_token_id"):
        v = getattr(tokenizer, name, None) if tokenizer is not None else None
        if v is None:
            v = _get(config, name)
        if isinstance(v, (list, tuple)):  # a generation config's list of EOS ids: the first
            v = v[0] if v else None
        if v is not None:
            ids[name] = int(v)
    return {
        **ids,
        "gamma": float(_get(algo, "gamma", 1.0)),
        "lam": float(_get(algo, "lam", 1.0)),
        "estimator": key,
        "kl_penalty": str(_get(algo, "kl_penalty", "kl")),
        "kl_coef": float(kl_coef),
        "kl_ctrl_type": str(_get(algo, "kl_ctrl.type", "fixed")),
        "use_kl_in_reward": bool(use_kl),
        "ver": str(ver),
    }


def dump_batch(batch, path, config, ver=None, kl_coef=None, keys=KEYS, tokenizer=None, step=None):
    """Save a verl DataProto's tensors, uids and config to path as .npz (see check_config).

    step (self.global_steps) is saved in the config entry: `gaelab inspect DIR` orders dumps by it
    when their names carry no step<N>."""
    arrays = {}
    for k in keys:
        if k in batch.batch.keys():
            arrays[k] = _npy(batch.batch[k])
    nt = getattr(batch, "non_tensor_batch", None) or {}
    if "uid" in nt:
        arrays["uid"] = _npy_str([str(u) for u in list(nt["uid"])])
    cfg = check_config(config, ver, kl_coef, tokenizer)
    if step is not None:
        cfg["step"] = int(step)
    arrays["config"] = _npy_str(json.dumps(cfg), scalar=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        for name, (descr, shape, data) in arrays.items():
            z.writestr(name + ".npy", _npy_header(descr, shape) + data)


def _npy_header(descr, shape):
    """The .npy format 1.0 header: magic, version, length, a dict padded to 64 bytes."""
    dims = "".join(f"{n}, " for n in shape) if len(shape) == 1 else ", ".join(str(n) for n in shape)
    h = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': ({dims}), }}"
    h += " " * ((64 - (10 + len(h) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode("latin1")


def _npy(x):
    """(descr, shape, bytes) of a tensor: torch/NumPy through NumPy, else from .tolist()."""
    if hasattr(x, "detach"):
        x = x.detach().cpu()
        if x.is_floating_point():
            x = x.double() if str(x.dtype) == "torch.float64" else (x if str(x.dtype) == "torch.float16" else x.float())
        try:
            a = x.numpy()
        except (ImportError, RuntimeError, TypeError):  # a torch without NumPy
            return _npy_list(x.tolist(), x.is_floating_point())
    else:
        a = x
    if hasattr(a, "tobytes") and hasattr(a, "dtype"):
        a = a.astype(a.dtype.newbyteorder("<"), copy=False)
        return a.dtype.str, tuple(a.shape), a.tobytes(order="C")
    floating = x.is_floating_point() if hasattr(x, "is_floating_point") else None
    return _npy_list(x.tolist() if hasattr(x, "tolist") else x, floating)


def _npy_list(rows, floating=None):
    """A nested list of numbers (or bools) as <f4, <i8 or |b1."""
    shape, flat = [], rows
    while isinstance(flat, (list, tuple)):
        shape.append(len(flat))
        flat = flat[0] if flat else 0
    values = rows
    for _ in range(len(shape) - 1):
        values = [v for row in values for v in row]
    if len(shape) == 0:
        values = [rows]
    if all(isinstance(v, bool) for v in values) and values:
        return "|b1", tuple(shape), bytes(1 if v else 0 for v in values)
    if floating or (floating is None and any(isinstance(v, float) for v in values)):
        return "<f4", tuple(shape), struct.pack(f"<{len(values)}f", *values)
    return "<i8", tuple(shape), struct.pack(f"<{len(values)}q", *values)


def _npy_str(s, scalar=False):
    """A str array (NumPy's <U: UTF-32 code points) of one string or a list of strings."""
    items = [s] if scalar else list(s)
    n = max([len(v) for v in items] + [1])
    data = b"".join(struct.pack(f"<{n}I", *([ord(c) for c in v] + [0] * (n - len(v)))) for v in items)
    return f"<U{n}", (() if scalar else (len(items),)), data
