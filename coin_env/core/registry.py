"""Which games exist and how to build or load one."""

from __future__ import annotations

import importlib
import json

from .rng import check_die_value, check_seed

_GAMES = {
    # name -> module path exposing `GAME_CLASS` and `new_game(scenario, seed, options, position, debug)`
    "gandhi": "coin_env.games.gandhi.game",
    "a_distant_plain": "coin_env.games.a_distant_plain.game",
    "vijayanagara": "coin_env.games.vijayanagara.game",
    "john_company": "coin_env.games.john_company.game",
}


def list_games() -> list[str]:
    return list(_GAMES)


def game_module(name: str):
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r}; known games: {list_games()}")
    return importlib.import_module(_GAMES[name])


def game_factions(name: str, options: dict | None = None) -> tuple[str, ...]:
    """The seats of a game made with ``options``, in the game's canonical order: what the environments
    offer as agents. A game whose seats depend on its options (John Company: ``families``) says so with a
    ``seated_factions(options)`` class method; for the others every game has ``GAME_CLASS.factions``.
    (``game.factions`` of an instance may list the same seats in its own seating order.)"""
    cls = game_module(name).GAME_CLASS
    seated = getattr(cls, "seated_factions", None)
    if seated is None:
        return tuple(cls.factions)
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option name -> value, not {options!r}")
    return tuple(seated(dict(options or {})))


def game_bots(name: str) -> dict:
    """The game's published non-player bots: ``{name: "module:Class"}`` (module attribute ``BOTS``)."""
    return dict(getattr(game_module(name), "BOTS", {}))


def game_scenarios(name: str) -> tuple[str, ...]:
    """The game's scenario names (module attribute ``SCENARIOS``), its default scenario first."""
    module = game_module(name)
    names = tuple(module.SCENARIOS)
    return (module.DEFAULT_SCENARIO,) + tuple(n for n in names if n != module.DEFAULT_SCENARIO)


def default_scenario(name: str) -> str:
    """The scenario a game is made with when none is named (module attribute ``DEFAULT_SCENARIO``): its
    shortest, the one tests, benchmarks and the fuzzer play."""
    return game_module(name).DEFAULT_SCENARIO


def make_game(name: str, scenario: str | None = None, seed: int = 0, options: dict | None = None,
              position: dict | None = None, debug: bool = False, log: bool = False, dice=None):
    """Build a game: ``make_game("gandhi", scenario="short", seed=0)``. The seed is an integer
    0..2**64-1; options a dict (None: the defaults). ``log=True``: keep the game log (``game.log``; off by
    default: recording costs about a quarter of the engine's decisions/s, which training does not need).
    ``dice``: die results queued before the game is built, so that rolls made before the first decision
    (set-up rolls, a loaded position's automatic phases) are scripted as ``game.script_dice`` scripts later
    ones; results left over stay queued for the game's next rolls."""
    seed = check_seed(seed)
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"options must be a dict of option name -> value, not {options!r}")
    extra = {} if dice is None else {"dice": checked_dice(dice)}
    game = game_module(name).new_game(scenario=scenario, seed=seed, options=options or {},
                                      position=position, debug=debug, **extra)
    if log:
        game.enable_log()
    return game


def checked_dice(values) -> list[int]:
    """``make_game``'s ``dice``: a list (or tuple) of die results, each an integer >= 1 (each roll checks its
    own number of sides when it takes the result)."""
    if not isinstance(values, (list, tuple)):
        raise ValueError(f"dice must be a list of die results, not {values!r}")
    return [check_die_value(v, f"dice[{i}]") for i, v in enumerate(values)]


def load_game(text: str, debug: bool = False):
    """Restore a game saved with ``game.to_json()`` (the JSON text, str or bytes). Anything else, a
    malformed or an inconsistent save is a ValueError naming the problem."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"load_game takes a save's JSON text (game.to_json()), not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"saved game is not valid JSON: {exc}") from None
    except RecursionError:
        raise ValueError("saved game is not a save: its JSON is nested too deeply") from None
    if not isinstance(data, dict) or "game" not in data or "state" not in data:
        raise ValueError("saved game must be an object with 'game' and 'state'")
    if data["game"] not in list_games():
        raise ValueError(f"saved game is of an unknown game {data['game']!r}; known: {list_games()}")
    try:
        return game_module(data["game"]).GAME_CLASS.from_dict(data, debug=debug)
    except RecursionError:
        raise ValueError("saved game is not a save: an entry is nested too deeply") from None
