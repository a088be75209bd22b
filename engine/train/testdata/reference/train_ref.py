#!/usr/bin/python3
"""The torch reference for engine/train: verl's PPO loop on the tabular model, in float64 on one thread.

Run by hand (not in CI: it needs torch), from the repository root:

    go test ./engine/train -run TestTrainMatchesReference -export-states /tmp/states.json
    PYTHONPATH=<verl checkout at the tag>:web/verify/inverl/stubs /usr/bin/python3 \
        engine/train/testdata/reference/train_ref.py /tmp/states.json \
        engine/train/testdata/reference/reference.json.gz

once for each tag the runs use (v0.2, v0.4.0, v0.4.1, v0.7.0, v0.7.1, v0.8.0, v0.9.0): each call fills in its tag's runs. With
`--time /tmp/states.json` in place of the two files it times the budget run (the first run at 200 iterations).

A checkout is `git archive <tag> verl | tar -x -C DIR` of verl's repository (web/verify/inverl/run.sh does the
same); Debian's python3-torch (1.13) and python3-omegaconf. The input holds the presets' configs and the app's
states at the one-step iterations; the output, what TestTrainMatchesReference reads.

What is verl's own and what is written here:
  - verl's, at the tag: kl_penalty, agg_loss, compute_gae_advantage_return, compute_grpo_outcome_advantage,
    compute_remax_outcome_advantage, compute_policy_loss, compute_value_loss, the KL controllers (core_algos.py); masked_mean,
    logprobs_from_logits, entropy_from_logits (torch_functional.py); append_to_dict and reduce_metrics;
    compute_data_metrics (ray_trainer.py at v0.2, metric_utils.py on; its source, run unedited).
  - torch's: the tables as nn.Parameters, autograd, clip_grad_norm_(…, 1.0), AdamW(betas (0.9, 0.999),
    eps 1e-8, weight_decay 0.01) and LambdaLR with verl's constant-with-warm-up lambda.
  - written here, line for line after verl at v0.2, v0.4.1, v0.7.0, v0.7.1, v0.8.0 and v0.9.0 (ray_trainer.py and the workers can
    not be imported without their dependencies): apply_kl_penalty (ray_trainer.py v0.2 :87-116, v0.4.1
    :132-177, v0.7.0 :142-163), the trainer's order (fit: old log-prob and, from v0.4.0, the entropy metric;
    ref, values, reward, KL, advantage, critic, then the actor when critic_warmup <= global_steps),
    update_critic (dp_critic.py), update_policy (dp_actor.py) with micro-batch = mini-batch; from v0.8.0 the
    engine workers' _update_critic/_update_actor (engine_critic, engine_actor: losses.py's ppo_loss and value_loss
    on core_algos' functions with the global-batch arguments, TrainingWorker.train_mini_batch's aggregation with
    verl's own Metric class, rename_dict), ReMax's greedy baseline (fit()), the LR
    metric's side of the scheduler step (fsdp_workers.py), v0.2's reduce_metrics (ray_trainer.py :179); and
    the task (vocabulary, prompts, rule-based score, the sampler), as the Go doc comments specify them.
The release is the config's; the verl on PYTHONPATH must be that tag's (checked against verl.__version__).
"""
import ast
import gzip
import json
import math
import os
import sys
import types

import numpy as np
import torch

import verl
from verl.trainer.ppo import core_algos
from verl.utils import torch_functional as verl_F
from verl.utils.py_functional import append_to_dict

try:
    from verl.utils.metric import reduce_metrics  # v0.3.0.rc0 on
except ImportError:
    def reduce_metrics(metrics):  # v0.2 ray_trainer.py:179
        for key, val in metrics.items():
            metrics[key] = np.mean(val)
        return metrics



def verl_data_metrics():
    """verl's own compute_data_metrics (and _compute_response_info) from the checkout on PYTHONPATH, unedited:
    ray_trainer.py at v0.2, metric_utils.py from v0.3.0.rc0 (importing either module whole needs ray and the
    workers). They run on a DataProto-like namespace, as web/verify/inverl/make_metrics.py runs them."""
    root = os.path.dirname(verl.__file__)
    path = os.path.join(root, "trainer", "ppo", "metric_utils.py")
    if not os.path.exists(path):
        path = os.path.join(root, "trainer", "ppo", "ray_trainer.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    funcs = ("_compute_response_info", "compute_data_metrics")
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in funcs]
    assert sorted(d.name for d in defs) == sorted(funcs), path
    from typing import Any, Callable, Dict, List
    import logging
    ns = {"torch": torch, "np": np, "DataProto": object, "Dict": Dict, "Any": Any, "List": List, "Callable": Callable,
          "logger": logging.getLogger("verl"), "logging": logging}
    exec(compile(ast.Module(body=defs, type_ignores=[]), path, "exec"), ns)
    return ns["compute_data_metrics"]


compute_data_metrics = verl_data_metrics()

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)

TAGS = {"v0.2": "0.2", "v0.4.0": "0.4.0", "v0.4.1": "0.4.1", "v0.7.0": "0.7.0.dev", "v0.7.1": "0.7.1", "v0.8.0": "0.8.0.dev",
        "v0.9.0": "0.9.0"}  # tag -> verl.__version__ at that tag
ENGINE_TAGS = ("v0.8.0", "v0.9.0")  # the trainer trains through engine_workers.py (workers/utils/losses.py)

VOCAB = ["<pad>", "<eos>", "等于", "2", "3", "！", "不", "是"]
PAD, EOS = 0, 1
V, A = len(VOCAB), len(VOCAB) - 1
EQ, TWO, THREE, BANG, NOT = 2, 3, 4, 5, 6
TARGETS = [[EQ, TWO, BANG], [NOT, EQ, THREE, BANG]]
INIT_ITERATION = (1 << 64) - 1
M64 = (1 << 64) - 1


def mix64(x):
    z = (x + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def splitmix64(seed, iteration, row, position):
    h = mix64(seed)
    h = mix64(h ^ iteration)
    h = mix64(h ^ row)
    return mix64(h ^ position)


def uniform(seed, iteration, row, position):
    return (splitmix64(seed, iteration, row, position) >> 11) * 2.0 ** -53


def sample(u, p):
    c = 0.0
    for k, x in enumerate(p):
        c += x
        if u < c:
            return k
    for k in range(len(p) - 1, -1, -1):
        if p[k] > 0:
            return k
    return len(p) - 1


def outcome_score(prompt, tokens):
    n = len(tokens)
    if n == 0 or tokens[-1] != EOS:
        return 0.0
    target = TARGETS[prompt]
    k = 0
    while k < len(target) and k < n - 1 and tokens[n - 2 - k] == target[len(target) - 1 - k]:
        k += 1
    return k / len(target)


def score_row(kind, prompt, tokens, scores):
    n = len(tokens)
    s = outcome_score(prompt, tokens)
    if kind == "hackable":
        for tok in tokens:
            if tok == BANG:
                s += 0.1
    elif kind == "length-penalty":
        s -= 0.02 * n
    elif kind == "dense":
        for t in range(n - 1):
            scores[t] = -0.01
        s -= 0.01
    scores[n - 1] = s


def lr_lambda(tag, warmup):
    """verl's torch_functional.get_constant_schedule_with_warmup (min_lr_ratio 0)."""
    if tag == "v0.2":  # :461: min(1, k / max(1, W)), lr 0 at the first step even without warm-up
        return lambda k: min(1, float(k) / float(max(1, warmup)))

    def f(k):  # v0.4.1 :552, v0.7.0 :752
        if k < warmup:
            return float(k) / float(max(1.0, warmup))
        return 1.0
    return f


class Cfg(dict):
    """ActorConfig's attributes as compute_policy_loss_vanilla (v0.7.0) reads them."""
    __getattr__ = dict.get


class Run:
    def __init__(self, cfg, state=None):
        tag = cfg["Release"]
        assert TAGS.get(tag) == verl.__version__, "config wants verl %s; PYTHONPATH has verl %s" % (tag, verl.__version__)
        self.cfg, self.tag = cfg, tag
        P, R = cfg["Prompts"], cfg["Length"]
        n = P * R * V * A
        init = [cfg["InitScale"] * (2 * uniform(cfg["Seed"], INIT_ITERATION, 0, k) - 1) for k in range(n)]
        self.ref = torch.tensor(init).view(P, R, V, A)
        st = state or {"Actor": init, "Critic": [0.0] * (P * R * V), "Beta": cfg["KLCoef"], "Iteration": 0,
                       "ActorSched": 0, "CriticSched": 0,
                       "ActorAdam": {"Step": 0}, "CriticAdam": {"Step": 0}}
        self.iteration = st["Iteration"]
        self.actor = torch.nn.Parameter(torch.tensor(st["Actor"], dtype=torch.float64).view(P, R, V, A))
        self.critic = torch.nn.Parameter(torch.tensor(st["Critic"], dtype=torch.float64).view(P, R, V))
        self.aopt = torch.optim.AdamW([self.actor], lr=cfg["ActorLR"], betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
        self.copt = torch.optim.AdamW([self.critic], lr=cfg["CriticLR"], betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
        for opt, param, adam in ((self.aopt, self.actor, st["ActorAdam"]), (self.copt, self.critic, st["CriticAdam"])):
            if adam["Step"] > 0:
                opt.state[param] = {"step": torch.tensor(float(adam["Step"])),
                                    "exp_avg": torch.tensor(adam["ExpAvg"], dtype=torch.float64).view(param.shape),
                                    "exp_avg_sq": torch.tensor(adam["ExpAvgSq"], dtype=torch.float64).view(param.shape)}
        self.asched = torch.optim.lr_scheduler.LambdaLR(self.aopt, lr_lambda(tag, cfg["WarmupSteps"]))
        self.csched = torch.optim.lr_scheduler.LambdaLR(self.copt, lr_lambda(tag, cfg["WarmupSteps"]))
        for sched, k in ((self.asched, st["ActorSched"]), (self.csched, st["CriticSched"])):
            for _ in range(k):
                sched.step()
        if cfg["KLCtrl"] == "adaptive":
            self.kl_ctrl = core_algos.AdaptiveKLController(init_kl_coef=st["Beta"], target_kl=cfg["TargetKL"], horizon=cfg["Horizon"])
        else:
            self.kl_ctrl = core_algos.FixedKLController(kl_coef=st["Beta"])

    def rollout(self):
        cfg, it = self.cfg, self.iteration
        B, R, N = cfg["Prompts"] * cfg["N"], cfg["Length"], cfg["N"]
        out = []
        with torch.no_grad():
            for i in range(B):
                p, prev, row = i // N, PAD, [PAD] * R
                for t in range(R):
                    if prev == EOS:
                        break
                    probs = torch.softmax(self.actor[p, t, prev], dim=-1).tolist()
                    tok = sample(uniform(cfg["Seed"], it, i, t), probs) + 1
                    row[t], prev = tok, tok
                out.append(row)
        return out

    def reward_baselines(self, B):
        """One greedy response per prompt (do_sample False: argmax, the first on a tie) from the policy that
        sampled the batch, its score summed (reward_fn(batch).sum(-1)), repeated to the prompt's n rows."""
        cfg = self.cfg
        P, R, N = cfg["Prompts"], cfg["Length"], cfg["N"]
        score = []
        with torch.no_grad():
            for p in range(P):
                prev, row = PAD, []
                for t in range(R):
                    if prev == EOS:
                        break
                    tok = int(torch.argmax(self.actor[p, t, prev]).item()) + 1
                    row.append(tok)
                    prev = tok
                s = [0.0] * R
                score_row(cfg["Reward"], p, row, s)
                score.append(sum(s))
        return torch.tensor([score[i // N] for i in range(B)])

    def states(self, responses):
        """The index tensors of s_t = (prompt, t, token t−1), the labels and the response_mask."""
        cfg = self.cfg
        B, R, N = len(responses), cfg["Length"], cfg["N"]
        prompt = torch.tensor([[i // N] * R for i in range(B)])
        pos = torch.tensor([list(range(R)) for _ in range(B)])
        prev = torch.tensor([[PAD] + row[:-1] for row in responses])
        mask = torch.zeros(B, R)
        labels = torch.zeros(B, R, dtype=torch.long)
        for i, row in enumerate(responses):
            L = next((t + 1 for t, tok in enumerate(row) if tok == EOS), R)
            mask[i, :L] = 1
            labels[i, :L] = torch.tensor(row[:L]) - 1
        return prompt, pos, prev, labels, mask

    def forward(self, table, idx, labels, mask):
        """log-probs and entropies of the tokens; 0 on padding (the newest engine path pads so)."""
        prompt, pos, prev = idx
        logits = table[prompt, pos, prev]
        logp = verl_F.logprobs_from_logits(logits, labels)
        ent = verl_F.entropy_from_logits(logits)
        return logp * mask, ent * mask

    def engine_critic(self, prompt, pos, prev, critic_mask, values, returns, mbs):
        """_update_critic through the engine workers: TrainingWorker.train_mini_batch over the mini-batches in row
        order (shuffle false) for ppo_epochs, each train_batch one micro-batch of value_loss (losses.py :147):
        from v0.9.0 with the global batch (dp_size 1, batch_num_tokens = Σ response_mask of the mini-batch, as
        forward_backward_batch sets it from loss_mask; global_batch_size = its rows) and its vf_loss a SUM Metric;
        v0.8.0 without. Then "loss", "grad_norm", and "lr" after the scheduler's step at the last mini-batch."""
        from verl.utils.metric.utils import AggregationType, Metric
        cfg, mode, v09 = self.cfg, self.cfg["LossAggMode"], self.tag == "v0.9.0"
        outputs, last = [], cfg["PPOEpochs"] * len(mbs) - 1
        for _ in range(cfg["PPOEpochs"]):
            for lo, hi in mbs:
                self.copt.zero_grad()
                m = critic_mask[lo:hi]
                vpreds = self.critic[prompt[lo:hi], pos[lo:hi], prev[lo:hi]]
                kw = {}
                if v09:
                    kw = dict(dp_size=1, batch_num_tokens=int(m.sum().item()), global_batch_size=hi - lo, loss_scale_factor=None)
                vf_loss, vf_clipfrac = core_algos.compute_value_loss(
                    vpreds=vpreds, values=values[lo:hi], returns=returns[lo:hi], response_mask=m.bool(),
                    cliprange_value=cfg["ClipValue"], loss_agg_mode=mode, **kw)
                out = {"critic/vf_loss": Metric(value=vf_loss, aggregation=AggregationType.SUM) if v09 else vf_loss.detach().item(),
                       "critic/vf_clipfrac": vf_clipfrac.detach().item(),
                       "critic/vpred_mean": verl_F.masked_mean(vpreds, m.bool()).detach().item()}
                vf_loss.backward()
                out["loss"] = vf_loss.detach().item()
                out["grad_norm"] = torch.nn.utils.clip_grad_norm_([self.critic], max_norm=1.0).item()
                self.copt.step()
                if len(outputs) == last:  # update_lr_scheduler: step, then get_last_lr (transformer_impl :807)
                    self.csched.step()
                    out["lr"] = self.csched.get_last_lr()[0]
                outputs.append(out)
        self.copt.zero_grad()
        return rename(train_mini_batch(outputs), "critic/")

    def engine_actor(self, prompt, pos, prev, labels, mask, old_log_prob, ref_log_prob, advantages, mbs):
        """_update_actor through the engine workers: as engine_critic, each train_batch one micro-batch of ppo_loss
        (losses.py :57) with the global batch: vanilla policy loss, the entropy term when entropy_coeff ≠ 0
        (calculate_entropy), kl_loss; pg_loss, entropy_loss and kl_loss SUM Metrics, the pg metrics MEAN."""
        from verl.utils.metric.utils import AggregationType, Metric
        cfg, mode = self.cfg, self.cfg["LossAggMode"]
        coeff = cfg["EntropyCoeff"]
        outputs, last = [], cfg["PPOEpochs"] * len(mbs) - 1
        for _ in range(cfg["PPOEpochs"]):
            for lo, hi in mbs:
                self.aopt.zero_grad()
                m = mask[lo:hi]
                log_prob, entropy = self.forward(self.actor, (prompt[lo:hi], pos[lo:hi], prev[lo:hi]), labels[lo:hi], m)
                gbi = {"dp_size": 1, "batch_num_tokens": int(m.sum().item()), "global_batch_size": hi - lo,
                       "loss_scale_factor": None}
                conf = Cfg(clip_ratio=cfg["ClipRatio"], clip_ratio_low=cfg["ClipRatio"], clip_ratio_high=cfg["ClipRatio"],
                           clip_ratio_c=cfg["ClipRatioC"], global_batch_info=gbi, loss_agg_mode=mode)
                rm = m.bool()
                pg_loss, pg_metrics = core_algos.get_policy_loss_fn("vanilla")(
                    old_log_prob=old_log_prob[lo:hi], log_prob=log_prob, advantages=advantages[lo:hi],
                    response_mask=rm, loss_agg_mode=mode, config=conf, rollout_is_weights=None)
                out = Metric.from_dict(pg_metrics, aggregation=AggregationType.MEAN)
                out["actor/pg_loss"] = Metric(value=pg_loss, aggregation=AggregationType.SUM)
                policy_loss = pg_loss
                if coeff != 0:
                    entropy_loss = core_algos.agg_loss(loss_mat=entropy, loss_mask=rm, loss_agg_mode=mode, **gbi)
                    policy_loss = policy_loss - coeff * entropy_loss
                    out["actor/entropy_loss"] = Metric(value=entropy_loss, aggregation=AggregationType.SUM)
                if cfg["UseKLLoss"]:
                    kld = core_algos.kl_penalty(logprob=log_prob, ref_logprob=ref_log_prob[lo:hi], kl_penalty=cfg["KLLossType"])
                    kl_loss = core_algos.agg_loss(loss_mat=kld, loss_mask=rm, loss_agg_mode=mode, **gbi)
                    policy_loss = policy_loss + kl_loss * cfg["KLLossCoef"]
                    out["kl_loss"] = Metric(value=kl_loss, aggregation=AggregationType.SUM)
                    out["kl_coef"] = cfg["KLLossCoef"]
                policy_loss.backward()
                out["loss"] = policy_loss.detach().item()
                out["grad_norm"] = torch.nn.utils.clip_grad_norm_([self.actor], max_norm=1.0).item()
                self.aopt.step()
                if len(outputs) == last:
                    self.asched.step()
                    out["lr"] = self.asched.get_last_lr()[0]
                outputs.append(out)
        self.aopt.zero_grad()
        return rename(train_mini_batch(outputs), "actor/")

    def step(self, responses=None):
        cfg, tag = self.cfg, self.tag
        v02, v07 = tag == "v0.2", tag in ("v0.7.0", "v0.7.1")  # v0.7.1's workers are v0.7.0's (dp_actor :553-690)
        eng, v09 = tag in ENGINE_TAGS, tag == "v0.9.0"
        mode = cfg["LossAggMode"]
        if responses is None:
            responses = self.rollout()
        B, R = len(responses), cfg["Length"]
        prompt, pos, prev, labels, mask = self.states(responses)
        idx = (prompt, pos, prev)
        # The critic's mask: v0.2 dp_critic.py:133/:176 takes attention_mask[:, -R-1:-1] of
        # [prompt | response]; from v0.4.0 the response_mask (v0.4.1 :184, v0.7.0 :188).
        attention_mask = torch.cat([torch.ones(B, 1), mask], dim=1)
        critic_mask = attention_mask[:, -R - 1:-1] if v02 else mask
        metrics = {}
        use_critic = cfg["Estimator"] == "gae"
        with torch.no_grad():
            old_log_prob, entropys = self.forward(self.actor, idx, labels, mask)
            if not v02:  # ray_trainer v0.4.0 :1068 (named actor/entropy_loss), v0.4.1 :1042, v0.7.0 :1459
                name = "actor/entropy_loss" if tag == "v0.4.0" else "actor/entropy"
                metrics[name] = core_algos.agg_loss(loss_mat=entropys, loss_mask=mask, loss_agg_mode=mode).item()
            ref_log_prob, _ = self.forward(self.ref, idx, labels, mask)
            values = self.critic[prompt, pos, prev] * critic_mask if use_critic else None
        scores = torch.zeros(B, R)
        for i, row in enumerate(responses):
            L = int(mask[i].sum().item())
            s = [0.0] * R
            score_row(cfg["Reward"], i // cfg["N"], row[:L], s)
            scores[i] = torch.tensor(s)
        # KL in the reward: v0.2 when the actor has no KL loss; v0.4.0 on, algorithm.use_kl_in_reward.
        rewards = scores
        if (not cfg["UseKLLoss"]) if v02 else cfg["UseKLInReward"]:
            kld = core_algos.kl_penalty(old_log_prob, ref_log_prob, kl_penalty=cfg["KLPenalty"]) * mask
            beta = self.kl_ctrl.value
            rewards = scores - beta * kld
            current_kl = verl_F.masked_mean(kld, mask=mask, axis=-1)
            current_kl = torch.mean(current_kl, dim=0).item()
            self.kl_ctrl.update(current_kl=current_kl, n_steps=B)
            if v02:  # ray_trainer v0.2 :114
                metrics.update({"critic/kl": current_kl, "critic/kl_coeff": beta})
            else:  # v0.4.1 :176, v0.7.0 :163
                metrics.update({"actor/reward_kl_penalty": current_kl, "actor/reward_kl_penalty_coeff": beta})
        mkey = "eos_mask" if v02 else "response_mask"
        if use_critic:
            advantages, returns = core_algos.compute_gae_advantage_return(
                **{"token_level_rewards": rewards, "values": values, mkey: mask, "gamma": cfg["Gamma"], "lam": cfg["Lam"]})
        elif cfg["Estimator"] == "remax":  # fit()'s greedy baseline (v0.2 :856, v0.4.1 :991, v0.9.0 :1468)
            advantages, returns = core_algos.compute_remax_outcome_advantage(
                **{"token_level_rewards": rewards, "reward_baselines": self.reward_baselines(B), mkey: mask})
        else:
            assert cfg["Estimator"] == "grpo", cfg["Estimator"]
            index = np.array([str(i // cfg["N"]) for i in range(B)], dtype=object)
            kw = {"token_level_rewards": rewards, mkey: mask, "index": index, "epsilon": 1e-6}
            if not v02:
                kw["norm_adv_by_std_in_grpo"] = cfg["NormByStd"]
            advantages, returns = core_algos.compute_grpo_outcome_advantage(**kw)
        size = B // cfg["MiniBatches"]
        mbs = [(k * size, (k + 1) * size) for k in range(cfg["MiniBatches"])]
        global_steps = self.iteration + 1
        if use_critic and eng:
            metrics.update(reduce_metrics(self.engine_critic(prompt, pos, prev, critic_mask, values, returns, mbs)))
        elif use_critic:  # update_critic (dp_critic.py)
            cm = {"critic/vf_loss": 0.0} if v07 else {}  # v0.7.0 :196: one sum over mini-batches and epochs
            for _ in range(cfg["PPOEpochs"]):
                for lo, hi in mbs:
                    self.copt.zero_grad()
                    m = critic_mask[lo:hi]
                    vpreds = self.critic[prompt[lo:hi], pos[lo:hi], prev[lo:hi]]
                    kw = {"vpreds": vpreds, "values": values[lo:hi], "returns": returns[lo:hi], mkey: m,
                          "cliprange_value": cfg["ClipValue"]}
                    if not v02:
                        kw["loss_agg_mode"] = mode
                    vf_loss, vf_clipfrac = core_algos.compute_value_loss(**kw)
                    vf_loss.backward()
                    grad_norm = torch.nn.utils.clip_grad_norm_([self.critic], max_norm=1.0)
                    self.copt.step()
                    mb = {"critic/vf_clipfrac": vf_clipfrac.detach().item(),
                          "critic/vpred_mean": verl_F.masked_mean(vpreds, m).detach().item()}
                    if v07:
                        cm["critic/vf_loss"] += vf_loss.detach().item()
                    else:
                        mb["critic/vf_loss"] = vf_loss.detach().item()
                    append_to_dict(cm, mb)
                    append_to_dict(cm, {"critic/grad_norm": grad_norm.detach().item()})
            self.copt.zero_grad()
            if v07:  # fsdp_workers v0.7.0 :1580: get_last_lr, then step
                cm["critic/lr"] = self.csched.get_last_lr()[0]
                self.csched.step()
            else:  # v0.2 :821, v0.4.1 :1126: step, then get_last_lr
                self.csched.step()
                cm["critic/lr"] = self.csched.get_last_lr()[0]
            metrics.update(reduce_metrics(cm))
        if cfg["CriticWarmup"] <= global_steps and eng:
            metrics.update(reduce_metrics(self.engine_actor(prompt, pos, prev, labels, mask, old_log_prob, ref_log_prob,
                                                            advantages, mbs)))
        elif cfg["CriticWarmup"] <= global_steps:  # update_policy (dp_actor.py)
            am = {"actor/pg_loss": 0.0, "actor/kl_loss": 0.0} if v07 else {}  # v0.7.0 :434
            coeff = cfg["EntropyCoeff"]
            for _ in range(cfg["PPOEpochs"]):
                for lo, hi in mbs:
                    self.aopt.zero_grad()
                    m = mask[lo:hi]
                    log_prob, entropy = self.forward(self.actor, (prompt[lo:hi], pos[lo:hi], prev[lo:hi]), labels[lo:hi], m)
                    mb = {}
                    if v02:  # v0.2 :247-256
                        pg_loss, pg_clipfrac, ppo_kl = core_algos.compute_policy_loss(
                            old_log_prob=old_log_prob[lo:hi], log_prob=log_prob, advantages=advantages[lo:hi],
                            eos_mask=m, cliprange=cfg["ClipRatio"])
                        entropy_loss = verl_F.masked_mean(entropy, m)
                        policy_loss = pg_loss - entropy_loss * coeff
                    elif v07:  # v0.7.0 :495-525
                        conf = Cfg(clip_ratio=cfg["ClipRatio"], clip_ratio_low=cfg["ClipRatio"], clip_ratio_high=cfg["ClipRatio"],
                                   clip_ratio_c=cfg["ClipRatioC"], global_batch_info={})
                        pg_loss, pg_metrics = core_algos.get_policy_loss_fn("vanilla")(
                            old_log_prob=old_log_prob[lo:hi], log_prob=log_prob, advantages=advantages[lo:hi],
                            response_mask=m, loss_agg_mode=mode, config=conf, rollout_is_weights=None)
                        mb.update(pg_metrics)
                        policy_loss = pg_loss
                        if coeff != 0:
                            entropy_agg = core_algos.agg_loss(loss_mat=entropy, loss_mask=m, loss_agg_mode=mode)
                            mb["actor/entropy"] = entropy_agg.detach().item()
                            policy_loss = policy_loss - entropy_agg * coeff
                    else:  # v0.4.1 :470-495
                        pg_loss, pg_clipfrac, ppo_kl, pg_clipfrac_lower = core_algos.compute_policy_loss(
                            old_log_prob=old_log_prob[lo:hi], log_prob=log_prob, advantages=advantages[lo:hi],
                            response_mask=m, cliprange=cfg["ClipRatio"], cliprange_low=cfg["ClipRatio"],
                            cliprange_high=cfg["ClipRatio"], clip_ratio_c=cfg["ClipRatioC"], loss_agg_mode=mode)
                        policy_loss = pg_loss
                        if coeff != 0:
                            entropy_loss = core_algos.agg_loss(loss_mat=entropy, loss_mask=m, loss_agg_mode=mode)
                            policy_loss = pg_loss - entropy_loss * coeff
                    if cfg["UseKLLoss"]:
                        kld = core_algos.kl_penalty(logprob=log_prob, ref_logprob=ref_log_prob[lo:hi], kl_penalty=cfg["KLLossType"])
                        if v02:
                            kl_loss = verl_F.masked_mean(kld, m)
                        else:
                            kl_loss = core_algos.agg_loss(loss_mat=kld, loss_mask=m, loss_agg_mode=mode)
                        policy_loss = policy_loss + kl_loss * cfg["KLLossCoef"]
                        if v07:
                            am["actor/kl_loss"] += kl_loss.detach().item()
                            mb["actor/kl_coef"] = cfg["KLLossCoef"]
                        else:  # v0.2 :267, v0.4.1 :504: metrics["actor/kl_loss"] = …, the last mini-batch's value
                            am["actor/kl_loss"] = kl_loss.detach().item()
                            am["actor/kl_coef"] = cfg["KLLossCoef"]
                    policy_loss.backward()
                    if v07:
                        am["actor/pg_loss"] += pg_loss.detach().item()
                    elif v02:
                        mb.update({"actor/entropy_loss": entropy_loss.detach().item(),
                                   "actor/pg_loss": pg_loss.detach().item(),
                                   "actor/pg_clipfrac": pg_clipfrac.detach().item(),
                                   "actor/ppo_kl": ppo_kl.detach().item()})
                    else:
                        mb.update({"actor/pg_loss": pg_loss.detach().item(),
                                   "actor/pg_clipfrac": pg_clipfrac.detach().item(),
                                   "actor/ppo_kl": ppo_kl.detach().item(),
                                   "actor/pg_clipfrac_lower": pg_clipfrac_lower.detach().item()})
                    append_to_dict(am, mb)
                    grad_norm = torch.nn.utils.clip_grad_norm_([self.actor], max_norm=1.0)
                    self.aopt.step()
                    append_to_dict(am, {"actor/grad_norm": grad_norm.detach().item()})
            self.aopt.zero_grad()
            if v02:  # fsdp_workers v0.2 :434: step, then get_last_lr
                self.asched.step()
                am["actor/lr"] = self.asched.get_last_lr()[0]
            else:  # v0.4.1 :627, v0.7.0 :930: get_last_lr, then step
                am["actor/lr"] = self.asched.get_last_lr()[0]
                self.asched.step()
            metrics.update(reduce_metrics(am))  # the trainer's metrics.update: update_policy's actor/entropy wins
        # fit() after the updates (v0.2 :960, v0.4.1 :1170, v0.7.0/v0.7.1 :1578): the values are the critic's
        # from before its update; the prompt is one attention_mask position.
        tensors = {"prompts": torch.zeros(B, 1, dtype=torch.long), "responses": torch.tensor(responses),
                   "attention_mask": attention_mask, "response_mask": mask,
                   "token_level_scores": scores, "token_level_rewards": rewards, "advantages": advantages,
                   "returns": returns}
        if use_critic:
            tensors["values"] = values
        metrics.update(compute_data_metrics(types.SimpleNamespace(batch=tensors, non_tensor_batch={}), use_critic=use_critic))
        self.iteration += 1
        return responses, {k: float(v) for k, v in metrics.items()}


def train_mini_batch(outputs):
    """TrainingWorker.train_mini_batch's metrics (engine_workers.py v0.9.0 :315-330, v0.8.0 :306-321) from each
    mini-batch's train_batch output (one micro-batch, one data-parallel rank): a Metric is aggregated over its
    micro-batches (aggregate_dp of the one rank), a plain value kept; then appended across the mini-batches."""
    from verl.utils.metric.utils import Metric
    metrics = {}
    for out in outputs:
        flat = {}
        for key, val in out.items():
            val = [val]  # allgather_dict_into_dict over one rank
            flat[key] = Metric.aggregate_dp(val) if isinstance(val[0], Metric) else val
        append_to_dict(metrics, flat)
    return metrics


def rename(d, prefix):
    """ray_trainer's rename_dict (py_functional.py): the prefix on every key that lacks it."""
    return {(k if k.startswith(prefix) else prefix + k): v for k, v in d.items()}


def round_to(x, digits):
    return x if math.isnan(x) or math.isinf(x) else float("%.*g" % (digits, x))


def flat(p, digits):
    """The table's entries to so many significant digits: 12 for the one-step check's 1e-10, 8 for the
    run's 1e-6 (the file stays small)."""
    return [float("%.*g" % (digits, x)) for x in p.detach().reshape(-1).tolist()]


def main(inp, outp):
    """Runs the input's runs whose release is the verl on PYTHONPATH, and merges them into outp (kept in the
    input's order), so that one call per tag fills the file."""
    with open(inp) as f:
        data = json.load(f)
    old = {}
    try:
        with gzip.open(outp, "rt") as f:
            for rec in json.load(f)["presets"]:
                old[(rec["name"], rec["config"]["Release"])] = rec
    except FileNotFoundError:
        pass
    out = {"torch": torch.__version__, "presets": []}
    for pre in data["presets"]:
        cfg = pre["config"]
        key = (pre["name"], cfg["Release"])
        if TAGS.get(cfg["Release"]) != verl.__version__:
            if key in old:
                out["presets"].append(old[key])
            continue
        run = Run(cfg)
        tokens, metrics = [], []
        for _ in range(cfg["Iterations"]):
            responses, m = run.step()
            tokens.append(["".join(chr(48 + tok) for tok in row) for row in responses])
            metrics.append({k: round_to(v, 9) for k, v in m.items()})  # the run's check is 1e-6
        rec = {"name": pre["name"], "config": cfg, "tokens": tokens, "metrics": metrics, "onestep": []}
        if pre.get("final"):  # the final tables of the first run of each release (the file stays small)
            rec["actor"], rec["critic"] = flat(run.actor, 8), flat(run.critic, 8)
        for s in pre["states"]:
            one = Run(cfg, s["state"])
            _, m = one.step(s["responses"])
            rec1 = {"iteration": s["state"]["Iteration"], "metrics": {k: round_to(v, 13) for k, v in m.items()},
                    "beta": one.kl_ctrl.value}
            if s["tables"]:
                rec1["actor"], rec1["critic"] = flat(one.actor, 12), flat(one.critic, 12)
            rec["onestep"].append(rec1)
        out["presets"].append(rec)
        print(pre["name"], cfg["Release"], "done", file=sys.stderr)
    with open(outp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as f:
        f.write(json.dumps(out, separators=(",", ":")).encode())


def time_budget(inp):
    """The budget run by hand: the input's first run at 200 iterations, on one thread; prints its seconds."""
    import time
    with open(inp) as f:
        cfg = dict(json.load(f)["presets"][0]["config"], Iterations=200)
    run = Run(cfg)
    start = time.process_time()
    for _ in range(cfg["Iterations"]):
        run.step()
    print("%s %s: 200 iterations of %d x %d in %.1f s CPU" % (cfg["Release"], cfg["Estimator"], cfg["Prompts"] * cfg["N"],
                                                              cfg["Length"], time.process_time() - start))


if __name__ == "__main__":
    if sys.argv[1] == "--time":
        time_budget(sys.argv[2])
    else:
        main(sys.argv[1], sys.argv[2])
