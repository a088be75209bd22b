#!/usr/bin/python3
"""Writes the fixtures of /inspect's config reading from verl's own trainer config.

    VERL_GIT=<a git dir of verl-project/verl> python3 make_config.py TAG

verl (not GAE Lab) writes every key here; nothing in verl is edited. The trainer config is TAG's
verl/trainer/config/_generated_ppo_trainer.yaml (the composed config verl generates from its Hydra
defaults; before it existed, v0.4.1 and earlier, ppo_trainer.yaml itself), read with OmegaConf. With
algorithm.adv_estimator = grpo, use_kl_in_reward = true and kl_ctrl.type = adaptive (as a trainer's
overrides set them), it is written to web/inspect/testdata/ as

    verl_config_<TAG>_hydra.yaml       OmegaConf.to_yaml(config): what Hydra writes to .hydra/config.yaml
    verl_config_<TAG>_algorithm.json   OmegaConf.to_container(config.algorithm, resolve=True): the
                                       algorithm section pasted verbatim

and two artefacts verl writes that hold no batch: verl_rollout_<TAG>.jsonl, the rollout dump of
trainer.rollout_data_dir written by TAG's RayPPOTrainer._write_generations (a static method; read from
ray_trainer.py and executed as it is) for 4 responses, and verl_batch_<TAG>.pt, torch.save of a batch's tensors
(a pickle inside a zip, as DataProto's tensors saved with torch.save are).
"""
import ast
import json
import os
import subprocess
import sys
import tempfile

import torch

from omegaconf import OmegaConf

tag = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
INSPECT = os.path.join(HERE, "..", "..", "inspect", "testdata")


def show(path):
    out = subprocess.run(["git", "--git-dir", os.environ["VERL_GIT"], "show", f"{tag}:{path}"], capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


def main():
    src = show("verl/trainer/config/_generated_ppo_trainer.yaml") or show("verl/trainer/config/ppo_trainer.yaml")
    config = OmegaConf.create(src)
    config.algorithm.adv_estimator = "grpo"
    config.algorithm.use_kl_in_reward = True
    config.algorithm.kl_ctrl.type = "adaptive"
    with open(os.path.join(INSPECT, f"verl_config_{tag}_hydra.yaml"), "w") as f:
        f.write(OmegaConf.to_yaml(config))
    with open(os.path.join(INSPECT, f"verl_config_{tag}_algorithm.json"), "w") as f:
        json.dump(OmegaConf.to_container(config.algorithm, resolve=True), f, indent=2)
        f.write("\n")
    src = show("verl/trainer/ppo/ray_trainer.py")
    cls = [n for n in ast.parse(src).body if isinstance(n, ast.ClassDef) and n.name == "RayPPOTrainer"][0]
    fn = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "_write_generations"]
    if not fn:  # before v0.9.0 the trainer writes it inline in _dump_generations
        print(tag, "config written to", os.path.normpath(INSPECT))
        return
    fn = fn[0]
    fn.decorator_list = []
    ns = {"os": os, "json": json}
    exec(compile(ast.Module(body=[fn], type_ignores=[]), f"{tag}:ray_trainer.py", "exec"), ns)
    with tempfile.TemporaryDirectory() as d:
        ns["_write_generations"](["1+1=", "2+2=", "3+3=", "4+4="], ["2", "5", "6", "8"], ["2", "4", "6", "8"], [1.0, 0.0, 1.0, 1.0],
                                 {"acc": [True, False, True, True]}, d, 3)
        with open(os.path.join(d, "3.jsonl")) as f, open(os.path.join(INSPECT, f"verl_rollout_{tag}.jsonl"), "w") as out:
            out.write(f.read())
    mask = torch.ones(4, 8)
    torch.save({"response_mask": mask, "token_level_rewards": torch.zeros(4, 8), "values": torch.zeros(4, 8)},
               os.path.join(INSPECT, f"verl_batch_{tag}.pt"))
    print(tag, "written to", os.path.normpath(INSPECT))


main()
