"""Behaviour cloning on its own: how well does a policy network imitate the bot? (issue 18.2 / 18.3)

    python -m agents.training.clone configs/gandhi_warmstart.yaml --policy mlp --policy space_scoring --out clone/gandhi
    python -m agents.training.clone configs/gandhi_warmstart.yaml --set imitation.games=40 --set imitation.epochs=2

Runs the imitation stages of a training config (agents/training/imitation.py: collect ``imitation.games`` bot games in
the config's ``seat_rules`` setting, then masked cross-entropy for ``imitation.epochs`` epochs) once per
``--policy`` (``algorithm.policy`` values) on the same collected games, and prints the held-out agreement with
the bot (decisions with more than one legal action of the held-out games), overall and by the kind of the
bot's action (the vocabulary group: operation, space, ...), next to the uniform-over-legal baseline.
``--out`` keeps ``dataset.npz`` (reused when present) and ``clone.json``; an existing ``clone.json`` is never
overwritten (the first free ``clone-2.json`` ... is used). No PPO, no evaluation games.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np
from agents.common import output_file, standalone
from agents.training import imitation
from agents.training.backends.sb3 import env_configs, make_env
from agents.training.config import ConfigError, load_config
from agents.training.imitation import unpack_masks
import coin_env


def group_agreement(policy, data, rows, vocab) -> dict:
    """Held-out agreement split by the vocabulary group of the bot's action."""
    import torch as th
    rows = rows[data["n_legal"][rows] > 1]
    group_of = {}
    for g, (a, b) in vocab.group_ranges.items():
        for x in range(a, b):
            group_of[x] = g
    hits, total = {}, {}
    with th.no_grad():
        for k in range(0, len(rows), 1024):
            idx = rows[k:k + 1024]
            mask = unpack_masks(data, idx)
            probs = policy.get_distribution(th.as_tensor(data["obs"][idx].astype(np.float32)),
                                            action_masks=mask).distribution.probs.numpy()
            probs[~mask] = -1.0
            pred = probs.argmax(axis=1)
            for p, a in zip(pred, data["actions"][idx]):
                g = group_of[int(a)]
                total[g] = total.get(g, 0) + 1
                hits[g] = hits.get(g, 0) + int(p == a)
    return {g: {"decisions": total[g], "agreement": hits[g] / total[g]} for g in sorted(total)}


def run_clone(cfg: dict, policies, out: str | None, progress: bool = True) -> dict:
    import torch
    from agents.training.policy_nets import policy_spec    # deferred: imports torch / sb3 ([train] extra)
    from agents.training.ppo import KLMaskablePPO    # deferred: imports torch / sb3 ([train] extra)

    torch.set_num_threads(1)
    data_path = os.path.join(out, imitation.DATASET) if out else None
    t0 = time.perf_counter()
    if data_path and os.path.isfile(data_path):
        data = imitation.load_dataset(data_path)
    else:
        data = imitation.collect(cfg, progress)
        if data_path:
            os.makedirs(out, exist_ok=True)
            imitation.save_dataset(data, data_path)
    collect_seconds = time.perf_counter() - t0
    train_rows, held_rows = imitation.split(data, cfg["imitation"]["holdout"])
    vocab = coin_env.make_game(cfg["game"], seed=0).vocabulary
    env = make_env(dict(env_configs(cfg)[0], league={}))
    result = {"game": cfg["game"], "games": int(data["games"].max()) + 1, "decisions": int(len(data["actions"])),
              "held_out_choice_decisions": int((data["n_legal"][held_rows] > 1).sum()),
              "collect_seconds": round(collect_seconds, 1), "policies": {}}
    for name in policies:
        c = dict(cfg, algorithm=dict(cfg["algorithm"], policy=name))
        policy_class, kwargs = policy_spec(c)
        torch.manual_seed(cfg["seed"])
        model = KLMaskablePPO(policy_class, env, seed=cfg["seed"], device="cpu", policy_kwargs=kwargs,
                              **cfg["algorithm"]["hyperparameters"])
        t1 = time.perf_counter()
        im = dict(cfg["imitation"], value_epochs=0)
        metrics = imitation.behaviour_clone(model.policy, data, im, cfg["seed"], progress)
        metrics["seconds"] = round(time.perf_counter() - t1, 1)
        metrics["by_group"] = group_agreement(model.policy, data, held_rows, vocab)
        metrics["parameters"] = int(sum(p.numel() for p in model.policy.parameters()))
        result["policies"][name] = metrics
        print(f"{cfg['game']} {name}: held-out agreement {100 * metrics['after']['agreement']:.1f} % "
              f"(uniform over legal {100 * metrics['after']['uniform']:.1f} %), "
              + ", ".join(f"{g} {100 * v['agreement']:.1f} %" for g, v in metrics["by_group"].items())
              + f"; {metrics['seconds']} s", flush=True)
    env.close()
    if out:
        path = output_file(os.path.join(out, "clone.json"), "--out")
        with open(path, "w") as f:
            json.dump(result, f, indent=2)
    return result


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", help="a training config (its game, seat_rules, reward and imitation section are used)")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override a config key")
    p.add_argument("--policy", action="append", default=[], choices=("mlp", "space_scoring"),
                   help="network(s) to clone into (default: the config's algorithm.policy)")
    p.add_argument("--out", default=None, metavar="DIR", help="keep dataset.npz and clone.json here")
    p.add_argument("--no-progress", action="store_true")


def run(args) -> int:
    try:
        cfg = load_config(args.config, overrides=args.set)
    except ConfigError as e:
        print(f"agents.training.clone: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    if not cfg["imitation"]["games"]:
        print("agents.training.clone: imitation.games is 0: nothing to clone (set e.g. --set imitation.games=100)",
              file=sys.stderr)
        return 2
    run_clone(cfg, args.policy or [cfg["algorithm"]["policy"]], args.out, progress=not args.no_progress)
    return 0


def main(argv=None) -> None:
    standalone(__doc__, add_arguments, run, argv)


if __name__ == "__main__":
    main()
