"""Training configs: YAML files in ``configs/``, validated on load.

    from agents.training.config import load_config
    cfg = load_config("configs/gandhi_ppo_vs_arjuna.yaml", overrides=["total_timesteps=5000"])
    cfg["algorithm"]["hyperparameters"]["n_steps"]

Every key is known: an unknown key or a bad value raises :class:`ConfigError` naming the key path (for
example ``algorithm.hyperparameters.learning_rte``), the file, and what would be accepted. A key given twice
in one mapping is refused too, naming the key and both lines (PyYAML would silently keep the last one).
``--set KEY=VALUE`` overrides: a mapping value merges into the mapping it overrides (key by key, recursively;
``--set algorithm.hyperparameters={}`` changes nothing), any other value replaces. The loaded
config is a plain dict with every default filled in (``SCHEMA`` below is the reference, and
``configs/README.md`` documents it); it is saved next to the run so a run can be reproduced or resumed.

Game-aware checks (:func:`check_against_game`): the game exists; the scenario and options are accepted by
the game (a game is built once to prove it); the trained seats are factions; every other seat has an
opponent; each opponent is ``random``, a bot of the game, a checkpoint that exists, ``module:attr``, or
``pool`` (the self-play league, which then needs a ``league`` section).
"""

from __future__ import annotations

import copy
import difflib
import os

import yaml
from agents.policies import checkpoint_path, is_checkpoint_spec
from agents.policies.pretrained import pretrained_factory
from agents.policies.search import search_factory
from coin_env.core.registry import game_bots, game_factions
import coin_env


BACKENDS = ("sb3", "rllib")        # agents/training/backends/: sb3.py, rllib/


class ConfigError(ValueError):
    """A config file or override that cannot be used; the message names the key."""


# --- YAML: safe, and a key given twice in one mapping is an error (PyYAML keeps the last one silently) -------
class UniqueKeyLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses a mapping holding the same key twice, naming the key and both lines
    (merge keys ``<<`` are left to PyYAML: a merged mapping's keys may be overridden, as YAML intends)."""

    source = "config"

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:           # an unhashable key: PyYAML's own error follows
                    continue
                line = key_node.start_mark.line + 1
                if first is not None:
                    raise ConfigError(f"{self.source}: duplicate key {key!r} at line {line} (first given at line "
                                      f"{first}); a key may appear only once in a mapping")
                seen[key] = line
        return super().construct_mapping(node, deep)


def load_yaml(text, source: str = "config"):
    """Parse YAML text (or a stream) safely, refusing duplicate keys; errors are one-line ConfigErrors."""
    loader = type("Loader", (UniqueKeyLoader,), {"source": source})
    try:
        return yaml.load(text, Loader=loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = f" (line {mark.line + 1})" if mark is not None else ""
        what = " ".join(str(part) for part in (e.context, e.problem) if part)
        raise ConfigError(f"{source}: not valid YAML{line}: {what}") from None
    except yaml.YAMLError as e:
        raise ConfigError(f"{source}: not valid YAML: {' '.join(str(e).split())}") from None


# --- schema: key -> (default, checker). A dict default is a nested section. -----------------------------------
def _positive_int(v):
    return isinstance(v, int) and not isinstance(v, bool) and v > 0, "a positive integer"


def _nonneg_int(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0, "an integer >= 0"


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool), "an integer"


def _positive_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0, "a number > 0"


def _nonneg_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0, "a number >= 0"


def _probability(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1, "a number in [0, 1]"


def _yaml_number(text: str):
    try:
        return float(text)
    except ValueError:
        return text


def _quote_hint(key: str, value, what: str) -> str:
    """YAML reads an unquoted 1710 as a number: where a string is wanted, say to quote it."""
    if "string" in what and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f" (YAML reads it as a number: quote it, {key}: '{value}')"
    return ""


def _optional(check):
    def inner(v):
        ok, what = check(v)
        return v is None or ok, f"null or {what}"
    return inner


def _string(v):
    return isinstance(v, str) and v != "", "a non-empty string"


def _bool(v):
    return isinstance(v, bool), "true or false"


def _one_of(*choices):
    def inner(v):
        return v in choices, "one of " + ", ".join(repr(c) for c in choices)
    return inner


def _mapping(v):
    return isinstance(v, dict), "a mapping"


def _seats(v):
    ok = v == "all" or (isinstance(v, str) and v != "") or (
        isinstance(v, list) and v and all(isinstance(s, str) for s in v) and len(set(v)) == len(v))
    return ok, "'all', a faction, or a list of distinct factions"


def _opponents(v):
    ok = (isinstance(v, str) and v != "") or (isinstance(v, dict) and all(
        isinstance(k, str) and isinstance(p, str) and p for k, p in v.items()))
    return ok, "a policy spec for every other seat, or a mapping {faction: policy spec}"


def _net_arch(v):
    ok = isinstance(v, list) and v and all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in v)
    return ok, "a list of positive layer widths, e.g. [256, 256]"


# MaskablePPO's constructor arguments that a config may set (sb3-contrib 2.x), with their checks.
HYPERPARAMETERS = {
    "learning_rate": (3e-4, _positive_number),
    "n_steps": (512, _positive_int),
    "batch_size": (256, _positive_int),
    "n_epochs": (5, _positive_int),
    "gamma": (0.999, _probability),
    "gae_lambda": (0.95, _probability),
    "clip_range": (0.2, _positive_number),
    "ent_coef": (0.01, _nonneg_number),
    "vf_coef": (0.5, _nonneg_number),
    "max_grad_norm": (0.5, _positive_number),
    "target_kl": (None, _optional(_positive_number)),
    "normalize_advantage": (True, _bool),
}

SCHEMA = {
    "name": (None, _optional(_string)),                 # default: the file's stem
    "game": ("gandhi", _string),
    "scenario": (None, _optional(_string)),             # default: the game's default scenario
    "options": ({}, _mapping),                          # game options, checked by the game itself
    "seat_rules": ("player", _one_of("player", "non_player")),   # the rules the learner's seat plays by
    # Settings one run trains in (SB3): env i and imitation game i play variants[i % n], each entry's keys
    # (VARIANT_KEYS) replacing the config's; the config's own setting is the one evaluated. Empty: that one.
    "variants": ([], None),
    "reward": ("ranking", _one_of("ranking", "margin", "shaped", "relative", "shaped_relative")),
    "skip_forced": (False, _bool),                      # the env plays the seat's single-choice decisions itself
    "seats": (None, _seats),                            # required: the seat(s) the learner plays
    "opponents": (None, _opponents),                    # required: the other seats' policies
    "max_decisions": (None, _optional(_positive_int)),  # truncate an episode after this many learner decisions
    "league": {
        "snapshot_every": (20_000, _positive_int),      # learner timesteps between frozen snapshots
        "max_snapshots": (10, _positive_int),           # the pool keeps the most recent ones
        "sampling": ("uniform", _one_of("uniform", "latest", "recent")),
        "recent": (3, _positive_int),                   # how many newest snapshots "recent" draws from
        "bots": ([], None),                             # bot / policy specs that join the pool
        "bot_probability": (0.2, _probability),         # chance that a pool seat plays one of the bots
    },
    "imitation": {                                      # warm start before PPO (agents/training/imitation.py); off: games 0
        "games": (0, _nonneg_int),                      # bot games to collect (0: no warm start)
        "bot": (None, _optional(_string)),              # the policy of the games' seats (default: the game's bot)
        "teacher": (None, _optional(_string)),          # the policy recorded in record_seats (default: bot); e.g. search
        "record_seats": (None, _optional(_seats)),      # seats whose decisions are recorded (default: the trained seats)
        "seed": (20_000, _nonneg_int),                  # collection game seeds: seed .. seed + games - 1
        "holdout": (0.1, _probability),                 # share of the games held out to measure agreement
        "epochs": (3, _nonneg_int),                     # behaviour-cloning epochs (0: no cloning)
        "batch_size": (256, _positive_int),
        "learning_rate": (1e-3, _positive_number),
        "value_epochs": (2, _nonneg_int),               # value-head epochs on the games' returns, actor frozen
        "kl_coef": (0.0, _nonneg_number),               # PPO loss + kl_coef * KL(cloned || learner); 0: none
        "kl_decay_timesteps": (0, _nonneg_int),         # 0: fixed; else kl_coef decays linearly to 0 by then
    },
    # The weights a new run starts from (SB3): ``pretrained:GAME`` or a checkpoint of a run with the same network;
    # the imitation stage, if any, clones from them, and without one ``imitation.kl_coef`` anchors PPO to them.
    "init": (None, _optional(_string)),
    "algorithm": {
        "name": ("maskable_ppo", _one_of("maskable_ppo")),
        "policy": ("mlp", _one_of("mlp", "space_scoring")),
        "net_arch": ([256, 256], _net_arch),
        "device": ("cpu", _one_of("cpu", "auto", "cuda")),
        "hyperparameters": {key: value for key, value in HYPERPARAMETERS.items()},
    },
    "envs": {
        "count": (2, _positive_int),
        "vectorization": ("auto", _one_of("auto", "subprocess", "dummy")),
    },
    "total_timesteps": (100_000, _positive_int),
    "seed": (0, _nonneg_int),
    "evaluation": {
        "every": (50_000, _nonneg_int),                 # learner timesteps between evaluations; 0 = only at the end
        "games": (10, _positive_int),                   # seeded games per seat at each periodic evaluation
        "final_games": (50, _nonneg_int),               # games per seat in the final table (0 = none)
        "against": (None, _optional(_string)),          # default: the game's bot
        "seed": (10_000, _nonneg_int),                  # evaluation seeds differ from training seeds
        "workers": (None, _optional(_positive_int)),    # default: every core
    },
    "checkpoints": {
        "every": (50_000, _nonneg_int),                 # 0 = only the final model
        "keep": (3, _positive_int),                     # periodic checkpoints kept (final/best always kept)
    },
    "output_dir": (None, _optional(_string)),           # default: runs/<name>
    # Which trainer runs the config: Stable-Baselines3 MaskablePPO in this process, or Ray RLlib PPO
    # (agents/training/backends/rllib: local cores or a cluster; pip install -e ".[rllib]").
    "backend": ("sb3", _one_of(*BACKENDS)),
    "rllib": {
        "address": (None, _optional(_string)),          # a Ray cluster to join (else RAY_ADDRESS, else local)
        "num_cpus": (None, _optional(_positive_int)),   # cores a local Ray may use (default: every core)
        "env_runners": (0, _nonneg_int),                # sampling processes (0: the driver samples)
        "policies": ("shared", _one_of("shared", "per_seat")),   # one module for every seat, or one per seat
        # "one": each episode one of the trained seats is the learner, the others play their opponents (as
        # with SB3); "all": the learner plays every trained seat of the same game (self-play).
        "learners_per_game": ("one", _one_of("one", "all")),
    },
}

REQUIRED = ("seats", "opponents")
VARIANT_KEYS = ("options", "seat_rules", "seats")       # what a ``variants`` entry may change
NUMBER_CHECKS = {_positive_number, _nonneg_number, _probability}


def _where(path: list[str]) -> str:
    return ".".join(path)


def _unknown(key: str, path: list[str], known, source: str) -> ConfigError:
    near = difflib.get_close_matches(key, list(known), n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return ConfigError(f"{source}: unknown key {_where(path + [key])!r}{hint}; known keys here: "
                       f"{', '.join(sorted(known))}")


def _validate(section: dict, schema: dict, path: list[str], source: str) -> dict:
    if not isinstance(section, dict):
        raise ConfigError(f"{source}: {_where(path) or 'the config'} must be a mapping, not {section!r}")
    for key in section:
        if key not in schema:
            raise _unknown(str(key), path, schema, source)
    out = {}
    for key, spec in schema.items():
        if isinstance(spec, dict):
            out[key] = _validate(section.get(key) or {}, spec, path + [key], source)
            continue
        default, check = spec
        value = section.get(key, copy.deepcopy(default))
        if isinstance(value, str) and check in NUMBER_CHECKS:
            value = _yaml_number(value)     # PyYAML reads 3e-4 (no dot) as a string
        if check is not None and key in section:
            ok, what = check(value)
            if not ok:
                raise ConfigError(f"{source}: {_where(path + [key])} must be {what}, not {value!r}"
                                  f"{_quote_hint(key, value, what)}")
        out[key] = value
    return out


def _merge(into: dict, value: dict) -> None:
    for key, v in value.items():
        if isinstance(v, dict) and isinstance(into.get(key), dict):
            _merge(into[key], v)
        else:
            into[key] = copy.deepcopy(v)


def _apply_override(raw: dict, item: str, source: str) -> None:
    """``key.sub=value``: the value is parsed as YAML (``5000``, ``true``, ``[a, b]``, ``arjuna``).

    A mapping value MERGES into the mapping it overrides, key by key and recursively:
    ``algorithm.hyperparameters={}`` changes nothing, ``algorithm.hyperparameters={n_steps: 64}`` is
    ``algorithm.hyperparameters.n_steps=64``. Any other value (number, string, list, null) replaces."""
    key, sep, text = item.partition("=")
    if not sep or not key:
        raise ConfigError(f"override {item!r}: write KEY=VALUE, e.g. total_timesteps=5000")
    parts = key.split(".")
    node, schema = raw, SCHEMA
    for i, part in enumerate(parts):
        if not isinstance(schema, dict) or part not in schema:
            raise _unknown(part, parts[:i], schema if isinstance(schema, dict) else {}, source)
        if i == len(parts) - 1:
            value = load_yaml(text, source)
            if isinstance(value, dict) and isinstance(node.get(part), dict):
                _merge(node[part], value)
            else:
                node[part] = value
        else:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ConfigError(f"{source}: {'.'.join(parts[:i + 1])} must be a mapping")
            schema = schema[part]


# backend -> the checks ``check(cfg, source)`` it adds to a config that names it (raising ConfigError). A
# backend registers its own (agents/training/backends/*), so this module imports none of them; importing
# agents.training registers every backend's.
BACKEND_CHECKS: dict[str, list] = {}


def register_backend_check(backend: str, check) -> None:
    """Run ``check(cfg, source)`` on every config with ``backend: <backend>`` (after the schema's checks)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown training backend {backend!r}; known: {', '.join(BACKENDS)}")
    checks = BACKEND_CHECKS.setdefault(backend, [])
    if check not in checks:
        checks.append(check)


def parse_config(raw, source: str = "config", overrides=(), check_game: bool = True) -> dict:
    """A validated config (every default filled in) from a mapping; ``overrides`` are ``KEY=VALUE`` strings."""
    raw = copy.deepcopy(raw if raw is not None else {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{source}: the config must be a mapping of keys, not {type(raw).__name__}")
    for item in overrides:
        _apply_override(raw, item, f"{source} (override {item!r})")
    cfg = _validate(raw, SCHEMA, [], source)
    for key in REQUIRED:
        if cfg[key] is None:
            raise ConfigError(f"{source}: missing required key {key!r}")
    if not isinstance(cfg["league"]["bots"], list) or not all(isinstance(b, str) for b in cfg["league"]["bots"]):
        raise ConfigError(f"{source}: league.bots must be a list of policy specs, not {cfg['league']['bots']!r}")
    cfg["variants"] = _validate_variants(cfg["variants"], source)
    if cfg["variants"] and cfg["backend"] != "sb3":
        raise ConfigError(f"{source}: variants: the {cfg['backend']} backend trains in one setting; use backend: sb3 "
                          f"or one run per setting")
    if cfg["init"] is not None and cfg["backend"] != "sb3":
        raise ConfigError(f"{source}: init: the {cfg['backend']} backend starts from new weights; use backend: sb3")
    for check in BACKEND_CHECKS.get(cfg["backend"], ()):     # the backend's own checks (one line each)
        check(cfg, source)
    im = cfg["imitation"]
    if im["games"] and im["epochs"] and im["holdout"] >= 1:
        raise ConfigError(f"{source}: imitation.holdout must be below 1 (some games must be left to learn from), "
                          f"not {im['holdout']!r}")
    if im["kl_coef"] and not im["games"] and cfg["init"] is None:
        raise ConfigError(f"{source}: imitation.kl_coef needs imitation.games > 0 or init (the KL is toward the "
                          f"cloned policy, or else the starting one)")
    if cfg["backend"] == "sb3" and cfg["total_timesteps"] % cfg["envs"]["count"]:
        raise ConfigError(f"{source}: total_timesteps ({cfg['total_timesteps']}) must be a multiple of envs.count "
                          f"({cfg['envs']['count']}): each step of the envs is envs.count timesteps, and a run "
                          f"trains exactly total_timesteps")
    if cfg["name"] is None:
        cfg["name"] = os.path.splitext(os.path.basename(source))[0] if source.endswith((".yaml", ".yml")) else "run"
    if cfg["output_dir"] is None:
        cfg["output_dir"] = os.path.join("runs", cfg["name"])
    if check_game:
        check_against_game(cfg, source)
    return cfg


def _validate_variants(variants, source: str) -> list[dict]:
    """``variants``: a list of non-empty mappings of VARIANT_KEYS, each value checked as the config's own key."""
    if not isinstance(variants, list):
        raise ConfigError(f"{source}: variants must be a list of mappings of {', '.join(VARIANT_KEYS)}, "
                          f"not {variants!r}")
    for i, variant in enumerate(variants):
        where = f"variants[{i}]"
        if not isinstance(variant, dict) or not variant:
            raise ConfigError(f"{source}: {where} must be a non-empty mapping of {', '.join(VARIANT_KEYS)}, "
                              f"not {variant!r}")
        for key, value in variant.items():
            if key not in VARIANT_KEYS:
                raise _unknown(str(key), [where], VARIANT_KEYS, source)
            ok, what = SCHEMA[key][1](value)
            if not ok:
                raise ConfigError(f"{source}: {where}.{key} must be {what}, not {value!r}")
    return copy.deepcopy(variants)


def variant_configs(cfg: dict) -> list[dict]:
    """The settings a run trains in: ``[cfg]``, or one config per ``variants`` entry (its keys replacing the
    config's, ``variants`` emptied). Env i and imitation game i play entry ``i % len(...)``."""
    if not cfg.get("variants"):
        return [cfg]
    return [dict(cfg, **copy.deepcopy(variant), variants=[]) for variant in cfg["variants"]]


def load_config(path: str, overrides=(), check_game: bool = True) -> dict:
    """Read and validate a YAML config file (see the module docstring)."""
    if not os.path.isfile(path):
        raise ConfigError(f"config file {path!r} not found")
    try:
        with open(path) as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"config file {path!r} cannot be read: {e.strerror if isinstance(e, OSError) else e}") \
            from None
    raw = load_yaml(text, path)
    return parse_config(raw, path, overrides, check_game)


# --- game-aware checks --------------------------------------------------------------------------------------------
def trained_seats(cfg: dict, factions) -> list[str]:
    seats = cfg["seats"]
    if seats == "all":
        return list(factions)
    return [seats] if isinstance(seats, str) else list(seats)


def opponent_specs(cfg: dict, factions) -> dict:
    """``{faction: spec}`` for every faction that can be an opponent (every faction when several seats train)."""
    seats = trained_seats(cfg, factions)
    others = [f for f in factions if len(seats) > 1 or f not in seats]
    opp = cfg["opponents"]
    if isinstance(opp, str):
        return {f: opp for f in others}
    return {f: opp[f] for f in others if f in opp}


def seat_options(cfg: dict, factions) -> dict:
    """The game options of the config's training and evaluation games: ``options`` plus, for
    ``seat_rules: non_player``, every seat in ``non_players`` (the learner's seats play by the non-player
    rules, like the bots); for ``player`` the options as given (the envs add the bots' seats)."""
    return rules_options(cfg["options"], factions, cfg["seat_rules"])


def rules_options(options: dict, factions, seat_rules: str) -> dict:
    """``options`` for a seat-rules setting (see :func:`seat_options`)."""
    out = dict(options)
    if seat_rules == "non_player":
        out["non_players"] = sorted(set(out.get("non_players") or ()) | set(factions))
    return out


def check_against_game(cfg: dict, source: str = "config") -> None:

    game = cfg["game"]
    if game not in coin_env.list_games():
        raise ConfigError(f"{source}: game must be one of {coin_env.list_games()}, not {game!r}")
    if cfg.get("variants"):                 # each setting trained in, then the config's own (evaluated) one
        for i, variant in enumerate(variant_configs(cfg)):
            check_against_game(variant, f"{source} (variants[{i}])")
    factions = list(game_factions(game, cfg.get("options")))      # John Company: the seats of its families
    seats = trained_seats(cfg, factions)
    for s in seats:
        if s not in factions:
            raise ConfigError(f"{source}: seats: {s!r} is not a faction of {game} ({', '.join(factions)})")
    opp = cfg["opponents"]
    if isinstance(opp, dict):
        for f in opp:
            if f not in factions:
                raise ConfigError(f"{source}: opponents.{f}: not a faction of {game} ({', '.join(factions)})")
            if len(seats) == 1 and f in seats:
                raise ConfigError(f"{source}: opponents.{f}: this seat is the one being trained")
    specs = opponent_specs(cfg, factions)
    missing = [f for f in factions if (len(seats) > 1 or f not in seats) and f not in specs]
    if missing:
        raise ConfigError(f"{source}: opponents: no policy for {', '.join(missing)} (every seat the learner does "
                          f"not play needs one{'; with several trained seats, every seat' if len(seats) > 1 else ''})")
    bots = game_bots(game)
    for f, spec in specs.items():
        _check_spec(spec, f"opponents.{f}" if isinstance(opp, dict) else "opponents", game, bots, source,
                    allow_pool=True)
    for i, spec in enumerate(cfg["league"]["bots"]):
        _check_spec(spec, f"league.bots[{i}]", game, bots, source, allow_pool=False)
    im = cfg["imitation"]
    if im["bot"] is not None:
        _check_spec(im["bot"], "imitation.bot", game, bots, source, allow_pool=False)
    if im["teacher"] is not None:
        _check_spec(im["teacher"], "imitation.teacher", game, bots, source, allow_pool=False)
    elif im["games"] and not bots:
        raise ConfigError(f"{source}: imitation.bot: {game} has no bot; name the policy to imitate")
    if im["record_seats"] is not None:
        for s in trained_seats({"seats": im["record_seats"]}, factions):
            if s not in factions:
                raise ConfigError(f"{source}: imitation.record_seats: {s!r} is not a faction of {game} "
                                  f"({', '.join(factions)})")
    if cfg["evaluation"]["against"] is not None:
        _check_spec(cfg["evaluation"]["against"], "evaluation.against", game, bots, source, allow_pool=False)
    if cfg.get("init") is not None:
        _check_init(cfg["init"], game, source)
    if "pool" in specs.values() and not (cfg["league"]["bots"] or cfg["league"]["max_snapshots"]):
        raise ConfigError(f"{source}: league: a 'pool' opponent needs snapshots or bots in the pool")
    listed = [f for f in seats if f in (cfg["options"].get("non_players") or ())]
    if cfg["seat_rules"] == "player" and listed:
        raise ConfigError(f"{source}: options.non_players lists the trained seat(s) {', '.join(listed)} but seat_rules "
                          f"is 'player'; set seat_rules: non_player to train under the non-player rules")
    try:
        coin_env.make_game(game, scenario=cfg["scenario"], seed=0, options=seat_options(cfg, factions))
    except (ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"{source}: scenario/options not accepted by {game}: {e}") from None


def _check_init(spec: str, game: str, source: str) -> None:
    """``init`` names trained weights of this game: ``pretrained:GAME`` or a checkpoint file that exists (whether
    its network is the config's is known only when the model is built: agents/training/backends/sb3.py)."""
    if spec.startswith("pretrained:") or is_checkpoint_spec(spec):
        _check_spec(spec, "init", game, (), source, allow_pool=False)
        return
    raise ConfigError(f"{source}: init: {spec!r} is not trained weights; use 'pretrained:{game}', 'checkpoint:PATH' "
                      f"or a .zip path")


def _check_spec(spec: str, where: str, game: str, bots, source: str, allow_pool: bool) -> None:

    if spec == "pool" and allow_pool:
        return
    if spec == "random" or spec in bots:
        return
    if spec.startswith("rllib:"):
        path = spec[len("rllib:"):].partition("#")[0]
        if not os.path.isdir(path):
            raise ConfigError(f"{source}: {where}: RLlib checkpoint {path!r} not found")
        return
    if spec.startswith("pretrained:"):
        try:
            pretrained_factory(spec, game)
        except ValueError as e:
            raise ConfigError(f"{source}: {where}: {e}") from None
        return
    if spec == "search" or spec.startswith("search:"):
        try:
            search_factory(spec, game)          # the spec's syntax, options and rollout policy
        except ValueError as e:
            raise ConfigError(f"{source}: {where}: {e}") from None
        return
    if is_checkpoint_spec(spec):
        if not os.path.isfile(checkpoint_path(spec)):
            raise ConfigError(f"{source}: {where}: checkpoint {checkpoint_path(spec)!r} not found")
        return
    if ":" in spec:
        return          # module:attr, imported when the environment is built
    known = ["random"] + sorted(bots) + (["pool"] if allow_pool else [])
    raise ConfigError(f"{source}: {where}: unknown policy {spec!r}; use one of {', '.join(known)}, "
                      f"'search', 'search:SPEC?KEY=VALUE', 'checkpoint:PATH' (or a .zip path), 'pretrained:GAME', "
                      f"'rllib:PATH' or 'module:attr'")


def dump_config(cfg: dict, path: str) -> None:
    """Write the resolved config (every default filled in) next to a run."""
    with open(path, "w") as f:
        yaml.safe_dump(cfg, f, sort_keys=False)
