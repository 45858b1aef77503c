"""Imitation warm start before PPO (the ``imitation`` section of a training config; issue 18.2).

Stages, each saved in ``<run dir>/imitation/`` and skipped by a resumed run once its file is there:

1. **collect** (``dataset.npz``, ``collect.json``): ``imitation.games`` seeded games (seeds ``imitation.seed``
   ...) in the run's ``seat_rules`` setting, the recorded seats played by ``imitation.teacher`` and the others
   by ``imitation.bot`` (both default to the game's bot; a teacher stronger than the bot, e.g. ``search``, makes
   the stage a step of expert iteration): ``non_player``: every seat is a non-player and every seat of
   ``imitation.record_seats`` (default: the trained seats) is recorded; ``player``: game i has one player seat,
   ``record_seats[i % n]``, played by the teacher as a player (a bot through agents.policies.BotAsPlayer), the
   other seats non-players, and only that seat is recorded. With ``variants`` game i plays setting
   ``variants[i % n]`` (its options, seat rules and seats) and, with ``player``, records seat
   ``record_seats[(i // n) % len]`` of that setting, so every setting meets every seat.
   Recorded per decision: the observation (float16), the legal mask (bit-packed), the teacher's action, the seat,
   the game, the number of legal actions, and the return from there (the config's ``reward`` and ``gamma``,
   rewarded exactly as the training env rewards that seat). With ``skip_forced: true`` decisions with one
   legal action are not recorded (the env never shows them to the agent). A progress bar counts games.
2. **bc** (``bc.zip``, a MaskablePPO save that plays as a policy spec; ``bc.json``): behaviour cloning:
   ``imitation.epochs`` epochs of masked cross-entropy (illegal logits masked to -1e8 by MaskablePPO's
   distribution, so the loss is over the legal actions only) on the decisions with more than one legal action
   of all but the held-out games (the last ``ceil(holdout * games)`` games), then ``imitation.value_epochs``
   epochs of value regression on the returns with the actor frozen (only the value's parameters train).
   ``bc.json`` has, per epoch, the agreement with the bot on the held-out games' decisions with more than one
   legal action (argmax of the cloned policy) next to the uniform-over-legal baseline (mean 1/legal), and the
   value loss.
3. **PPO** starts from the cloned weights; with ``imitation.kl_coef`` > 0 the loss adds
   ``kl_coef * KL(cloned || learner)`` over the legal actions of each batch (the cloned policy frozen,
   reloaded from ``bc.zip`` on resume), fixed or decaying linearly to 0 at ``kl_decay_timesteps``.

Deterministic: the collection is a function of the seeds (bots and games are seeded); the cloning draws its
batches from a torch generator seeded with the config's ``seed``; on CPU with one thread the same config gives
the same ``bc.zip`` (torch does not promise bit-identical results across thread counts or builds).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time

import numpy as np
from agents.evaluation.tournament import NoBar, progress_bar
from agents.policies import as_player, policy_from_spec
from agents.training.config import seat_options, trained_seats, variant_configs
from agents.training.runs import save_atomic
from coin_env.core.aec_env import with_non_players
from coin_env.core.encoding import encoder_for
from coin_env.core.gym_env import end_reward, reward_potential
from coin_env.core.registry import game_bots, game_factions
import coin_env

STAGE_DIR = "imitation"
DATASET = "dataset.npz"
BC_MODEL = "bc.zip"


def stage_dir(run_dir: str) -> str:
    return os.path.join(run_dir, STAGE_DIR)


def started(run_dir: str) -> bool:
    """Has a run in ``run_dir`` finished an imitation stage (so the directory holds a run)?"""
    d = stage_dir(run_dir)
    return os.path.isfile(os.path.join(d, DATASET)) or os.path.isfile(os.path.join(d, BC_MODEL))


def recorded_seats(cfg: dict, factions) -> list[str]:
    seats = cfg["imitation"]["record_seats"]
    return trained_seats({"seats": cfg["seats"] if seats is None else seats}, factions)


def _union(faction_lists) -> list[str]:
    """The factions of every setting, in first-seen order."""
    out: list[str] = []
    for factions in faction_lists:
        out.extend(f for f in factions if f not in out)
    return out


def imitation_bot(cfg: dict) -> str:
    return cfg["imitation"]["bot"] or next(iter(game_bots(cfg["game"])))


def imitation_teacher(cfg: dict) -> str:
    """The spec whose decisions are recorded: ``imitation.teacher``, else the seats' bot."""
    return cfg["imitation"]["teacher"] or imitation_bot(cfg)


# --- 1. collect -----------------------------------------------------------------------------------------------------
def collect(cfg: dict, progress: bool = True) -> dict:
    """Play and record the bot games of a validated config (see the module docstring); returns the arrays."""

    game_name = cfg["game"]
    settings = variant_configs(cfg)         # game i plays settings[i % n]
    # John Company: the seats of its families, so they depend on the setting; rows name a seat by its index here.
    factions = _union(game_factions(game_name, s["options"]) for s in settings)
    im = cfg["imitation"]
    bot = policy_from_spec(imitation_bot(cfg), game_name)
    teacher = policy_from_spec(imitation_teacher(cfg), game_name)
    enc = encoder_for(game_name)
    gamma = cfg["algorithm"]["hyperparameters"]["gamma"]
    reward, skip = cfg["reward"], cfg["skip_forced"]
    obs_rows, masks, actions, seats, games, n_legal, returns = [], [], [], [], [], [], []
    bar = _bar(im["games"], "collect", progress)
    n_actions = None
    for i in range(im["games"]):
        seed = im["seed"] + i
        setting = settings[i % len(settings)]
        seats_here = list(game_factions(game_name, setting["options"]))
        record = recorded_seats(setting, seats_here)
        options = seat_options(setting, seats_here)
        if setting["seat_rules"] == "player":
            seat = record[(i // len(settings)) % len(record)]
            recorded = [seat]
            policies = {f: as_player(teacher) if f == seat else bot for f in seats_here}
            kept = [f for f in options.pop("non_players", None) or () if f != seat]
            if kept:                    # a game without non-players (John Company) takes no such option
                options["non_players"] = kept
        else:
            recorded = list(record)
            policies = {f: teacher if f in recorded else bot for f in seats_here}
        game = coin_env.make_game(game_name, scenario=cfg["scenario"], seed=seed,
                                  options=with_non_players(options, policies))
        n_actions = len(game.vocabulary)
        rngs = {f: random.Random(seed * 1000 + k) for k, f in enumerate(game.factions)}
        steps = {f: [] for f in recorded}          # per seat: (row index, potential at the decision)
        mask_buf = np.zeros(n_actions, dtype=np.int8)
        while not game.is_over():
            f = game.current_player()
            if f in steps:
                legal = game.legal_actions()
                if not (skip and len(legal) == 1):
                    obs = np.empty(enc.size, dtype=np.float32)
                    enc.encode(game, f, obs)
                    action = policies[f](game, f, rngs[f])
                    obs_rows.append(obs.astype(np.float16))
                    masks.append(np.packbits(game.legal_mask(mask_buf).astype(bool)))
                    actions.append(action)
                    seats.append(factions.index(f))
                    games.append(i)
                    n_legal.append(len(legal))
                    steps[f].append((len(actions) - 1, reward_potential(game, f, reward)))
                    game.apply(action)
                    continue
            game.apply(policies[f](game, f, rngs[f]))
        returns.extend([0.0] * (len(actions) - len(returns)))
        for f, rows in steps.items():
            # The env's rewards: step t pays potential(t + 1) - potential(t) (shaping modes; 0 otherwise), the
            # last step adds the end-of-game reward; the return is their discounted sum from t on.
            g = 0.0
            after = reward_potential(game, f, reward)
            final = end_reward(game, f, reward)
            for k in range(len(rows) - 1, -1, -1):
                row, pot = rows[k]
                r = after - pot + (final if k == len(rows) - 1 else 0.0)
                g = r + gamma * g
                returns[row] = g
                after = pot
        bar.update(1)
    bar.close()
    n = len(actions)
    if n == 0:
        raise ValueError("imitation: the collected games hold no recorded decision")
    return {"obs": np.stack(obs_rows), "masks": np.stack(masks), "actions": np.asarray(actions, dtype=np.int16),
            "seats": np.asarray(seats, dtype=np.int8), "games": np.asarray(games, dtype=np.int32),
            "n_legal": np.asarray(n_legal, dtype=np.int16), "returns": np.asarray(returns, dtype=np.float32),
            "n_actions": np.asarray(n_actions), "factions": np.asarray(factions)}


def save_dataset(data: dict, path: str) -> None:
    """Write the dataset atomically (a temporary name, then a rename)."""
    tmp = os.path.join(os.path.dirname(path), f".tmp-{os.getpid()}-{os.path.basename(path)}")
    with open(tmp, "wb") as f:
        np.savez_compressed(f, **data)
    os.replace(tmp, path)


def load_dataset(path: str) -> dict:
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def unpack_masks(data: dict, index) -> np.ndarray:
    n = int(data["n_actions"])
    return np.unpackbits(data["masks"][index], axis=1, count=n).astype(bool)


def split(data: dict, holdout: float) -> tuple[np.ndarray, np.ndarray]:
    """Row indices of the training and held-out games (the last ``ceil(holdout * games)`` games)."""
    n_games = int(data["games"].max()) + 1
    held = min(n_games - 1, math.ceil(holdout * n_games)) if holdout > 0 else 0
    cut = n_games - held
    rows = np.arange(len(data["actions"]))
    return rows[data["games"] < cut], rows[data["games"] >= cut]


# --- 2. behaviour cloning and value warm-up ---------------------------------------------------------------------
def agreement(policy, data: dict, rows: np.ndarray, batch: int = 1024) -> dict:
    """Share of ``rows`` (decisions with more than one legal action among them) where the policy's most probable
    legal action is the recorded one, next to the uniform-over-legal baseline (mean 1 / number legal)."""
    import torch as th
    rows = rows[data["n_legal"][rows] > 1]
    if len(rows) == 0:
        return {"decisions": 0, "agreement": None, "uniform": None}
    hits = 0
    policy.set_training_mode(False)
    with th.no_grad():
        for k in range(0, len(rows), batch):
            idx = rows[k:k + batch]
            obs = th.as_tensor(data["obs"][idx].astype(np.float32))
            mask = unpack_masks(data, idx)
            dist = policy.get_distribution(obs, action_masks=mask)
            probs = dist.distribution.probs.numpy()
            probs[~mask] = -1.0
            hits += int((probs.argmax(axis=1) == data["actions"][idx]).sum())
    return {"decisions": int(len(rows)), "agreement": hits / len(rows),
            "uniform": float(np.mean(1.0 / data["n_legal"][rows]))}


def behaviour_clone(policy, data: dict, im: dict, seed: int, progress: bool = True) -> dict:
    """Masked cross-entropy on the training games' decisions with a choice, then value regression on the
    returns with the actor frozen (see the module docstring). Returns the metrics written to ``bc.json``."""
    import torch as th
    from agents.training.policy_nets import critic_parameters    # deferred: imports torch / sb3 ([train] extra)

    train_rows, held_rows = split(data, im["holdout"])
    choice_rows = train_rows[data["n_legal"][train_rows] > 1]
    gen = th.Generator().manual_seed(seed)
    critic = {id(p) for p in critic_parameters(policy)}
    actor_params = [p for p in policy.parameters() if id(p) not in critic]
    critic_params = [p for p in policy.parameters() if id(p) in critic]
    metrics = {"train_decisions": int(len(choice_rows)), "held_out_games": int(len(np.unique(data["games"][held_rows]))),
               "epochs": [], "value_epochs": []}
    start = agreement(policy, data, held_rows)
    metrics["before"] = start
    bs = im["batch_size"]
    if im["epochs"] and len(choice_rows):
        opt = th.optim.Adam(actor_params, lr=im["learning_rate"])
        for epoch in range(im["epochs"]):
            policy.set_training_mode(True)
            order = choice_rows[th.randperm(len(choice_rows), generator=gen).numpy()]
            losses = []
            bar = _bar(len(order), f"behaviour cloning {epoch + 1}/{im['epochs']}", progress, unit="decision")
            for k in range(0, len(order), bs):
                idx = np.sort(order[k:k + bs])
                obs = th.as_tensor(data["obs"][idx].astype(np.float32))
                mask = unpack_masks(data, idx)
                acts = th.as_tensor(data["actions"][idx].astype(np.int64))
                dist = policy.get_distribution(obs, action_masks=mask)
                loss = -dist.log_prob(acts).mean()
                opt.zero_grad()
                loss.backward()
                th.nn.utils.clip_grad_norm_(actor_params, 1.0)
                opt.step()
                losses.append(loss.item())
                bar.update(len(idx))
            bar.close()
            held = agreement(policy, data, held_rows)
            metrics["epochs"].append({"epoch": epoch + 1, "loss": float(np.mean(losses)), **held})
            print(f"imitation: epoch {epoch + 1}: loss {np.mean(losses):.3f}, held-out agreement "
                  f"{_pct(held['agreement'])} (uniform over legal {_pct(held['uniform'])})", file=sys.stderr)
    if im["value_epochs"] and critic_params:
        opt = th.optim.Adam(critic_params, lr=im["learning_rate"])
        returns = th.as_tensor(data["returns"])
        for epoch in range(im["value_epochs"]):
            policy.set_training_mode(True)
            order = train_rows[th.randperm(len(train_rows), generator=gen).numpy()]
            losses = []
            for k in range(0, len(order), bs):
                idx = np.sort(order[k:k + bs])
                obs = th.as_tensor(data["obs"][idx].astype(np.float32))
                values = policy.predict_values(obs).flatten()
                loss = th.nn.functional.mse_loss(values, returns[idx])
                opt.zero_grad()
                loss.backward()
                opt.step()
                losses.append(loss.item())
            metrics["value_epochs"].append({"epoch": epoch + 1, "loss": float(np.mean(losses)),
                                            "held_out_loss": _value_loss(policy, data, held_rows)})
    policy.set_training_mode(False)
    metrics["after"] = agreement(policy, data, held_rows)
    return metrics


def _value_loss(policy, data, rows) -> float | None:
    import torch as th
    if len(rows) == 0:
        return None
    with th.no_grad():
        obs = th.as_tensor(data["obs"][rows].astype(np.float32))
        values = policy.predict_values(obs).flatten()
        return float(th.nn.functional.mse_loss(values, th.as_tensor(data["returns"][rows])))


def _pct(x) -> str:
    return "n/a" if x is None else f"{100 * x:.1f} %"


# --- 3. the KL penalty toward the cloned policy ---------------------------------------------------------------------
def kl_coefficient(im: dict, timesteps: int) -> float:
    """``kl_coef`` at ``timesteps``: fixed, or decaying linearly to 0 at ``kl_decay_timesteps``."""
    coef = float(im["kl_coef"])
    if im["kl_decay_timesteps"]:
        coef *= max(0.0, 1.0 - timesteps / im["kl_decay_timesteps"])
    return coef


def load_reference(path: str):
    """The frozen cloned policy of ``bc.zip`` (CPU, no gradients)."""
    from sb3_contrib import MaskablePPO
    policy = MaskablePPO.load(path, device="cpu").policy
    policy.set_training_mode(False)
    for p in policy.parameters():
        p.requires_grad_(False)
    return policy


# --- the stages of a run ----------------------------------------------------------------------------------------------
def warm_start(cfg: dict, run_dir: str, model, progress: bool = True) -> dict:
    """Run (or, on resume, reuse) the collection and cloning stages for ``model`` (a fresh MaskablePPO of the
    config), load the cloned weights into it, and return a summary. Each stage's file is written atomically, so
    a stage is either finished (its file is there: skipped) or done again."""
    d = stage_dir(run_dir)
    os.makedirs(d, exist_ok=True)
    summary = {}
    data_path = os.path.join(d, DATASET)
    data = None
    if os.path.isfile(data_path):
        summary["collect"] = "reused"
    else:
        t0 = time.perf_counter()
        data = collect(cfg, progress)
        save_dataset(data, data_path)
        info = {"games": cfg["imitation"]["games"], "decisions": int(len(data["actions"])),
                "choice_decisions": int((data["n_legal"] > 1).sum()), "bot": imitation_bot(cfg),
                "teacher": imitation_teacher(cfg), "seat_rules": cfg["seat_rules"], "variants": cfg["variants"],
                "seconds": round(time.perf_counter() - t0, 2)}
        with open(os.path.join(d, "collect.json"), "w") as f:
            json.dump(info, f, indent=2)
        summary["collect"] = info
    bc_path = os.path.join(d, BC_MODEL)
    if os.path.isfile(bc_path):
        from sb3_contrib import MaskablePPO
        model.policy.load_state_dict(MaskablePPO.load(bc_path, device=model.device).policy.state_dict())
        summary["bc"] = "reused"
    else:
        data = data if data is not None else load_dataset(data_path)
        t0 = time.perf_counter()
        metrics = behaviour_clone(model.policy, data, cfg["imitation"], cfg["seed"], progress)
        metrics["seconds"] = round(time.perf_counter() - t0, 2)
        save_atomic(model, bc_path)
        with open(os.path.join(d, "bc.json"), "w") as f:
            json.dump(metrics, f, indent=2)
        summary["bc"] = {k: metrics[k] for k in ("before", "after", "seconds")}
    return summary


def _bar(total: int, desc: str, enabled: bool, unit: str = "game"):
    return progress_bar(total, desc, enabled) if unit == "game" else _unit_bar(total, desc, enabled, unit)


def _unit_bar(total, desc, enabled, unit):
    if enabled:
        try:
            from tqdm import tqdm
            return tqdm(total=total, desc=desc, unit=unit)
        except ImportError:
            pass
    return NoBar()
