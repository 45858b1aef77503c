"""John Company in layers (DESIGN.md "Layers"; issue 29): data -> state and the queries rules and bot share
(queries.py) -> the phases, in turn order (a later phase may use an earlier one, never the reverse), over the
modules they share -> the solo Crown's favours, answering the points the procedures announce (registry.py) ->
the bot, on public queries only. Read from the imports (every import, at any depth), like
tests/core/test_layering.py; and the named points: each one announced is answered, a favour window stays in the
state."""

import ast
import os
import random

import pytest

import coin_env
from coin_env.games.john_company import game as jc
from coin_env.games.john_company.registry import HOOKS, announce, answers

PKG = os.path.join(os.path.dirname(coin_env.__file__), "games", "john_company")

# the phases in turn order (RB p.10; the Vote to Deregulate opens a turn, RB p.36; the offices act in the order
# of the red ribbon, RB p.17, the Governor General in the Director of Trade's place; the PM's interventions
# between offices; Final Scoring ends the game)
PHASES = ["rules.setup_deal", "rules.deregulation", "rules.london_season", "rules.family_phase", "rules.hiring",
          "rules.operations_chairman", "rules.operations_director_of_trade", "rules.operations_governor_general",
          "rules.operations_shipping", "rules.operations_military_affairs", "rules.operations_presidency",
          "rules.operations_china", "rules.pm_interventions", "rules.operations", "rules.bonuses", "rules.revenue",
          "rules.events_india", "rules.parliament", "rules.upkeep", "rules.final_scoring"]
# what the phases share: procedures several phases run (consent, offers, blackmail windows, checks, the firms of
# Deregulation) -- none of them imports a phase
SHARED = ["rules.common", "rules.consent", "rules.offers", "rules.checks", "rules.stops", "rules.transfers",
          "rules.blackmail", "rules.failure", "rules.firms", "rules.firms_trade", "rules.firms_revenue",
          "rules.firms_scoring"]
SOLO = ("rules.crown", "rules.crown_favours")      # the solo Crown: answers the points the procedures announce
DATA = ("data", "static", "actions", "registry")


def _modules():
    out = {}
    for folder, dirs, files in os.walk(PKG):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), PKG)[:-3].replace(os.sep, ".")
                out[rel[:-len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(folder, f)
    return out


MODULES = _modules()


def _imports(module: str) -> set[str]:
    """The package's modules ``module`` imports (relative to the package), at any depth."""
    path = MODULES[module]
    is_package = path.endswith("__init__.py")
    base = module.split(".") if is_package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(open(path).read())):
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = base[:len(base) - (node.level - 1)] + (node.module.split(".") if node.module else [])
            target = ".".join(p for p in parts if p)
            subs = [f"{target}.{a.name}" if target else a.name for a in node.names]
            found |= {s for s in subs if s in MODULES} or {target}
    return {m for m in found if m in MODULES and m != module}


def _in(module, group) -> bool:
    return any(module == g or module.startswith(g + ".") for g in group)


def test_the_listed_layers_cover_every_rules_module():
    rules = {m for m in MODULES if m.startswith("rules.")}
    assert rules == set(PHASES) | set(SHARED) | set(SOLO) | {"rules.turn"}


def test_a_phase_never_imports_a_later_phase_nor_the_solo_layer():
    offenders = [f"{m} imports {t}" for i, m in enumerate(PHASES) for t in _imports(m)
                 if (t in PHASES and PHASES.index(t) > i) or t in SOLO or t.startswith("bots")]
    assert not offenders, offenders


def test_the_shared_procedures_import_no_phase_and_no_upper_layer():
    offenders = [f"{m} imports {t}" for m in SHARED for t in _imports(m)
                 if t in PHASES or t in SOLO + ("rules.turn",) or _in(t, ("bots", "game", "position", "setup"))]
    assert not offenders, offenders


def test_queries_read_data_only_and_the_bot_reads_queries_only():
    assert {t for t in _imports("queries") if not _in(t, DATA)} == set()
    bot = _imports("bots.crown") - {"bots.plumbing"}
    assert {t for t in bot if not _in(t, DATA + ("queries",))} == set()


def test_only_the_assembly_imports_the_solo_layer():
    """The set-up deals the Crown's cards and cubes, positions and saves read its record, the game assembles."""
    importers = {m for m in MODULES if set(SOLO) & _imports(m)} - set(SOLO)
    assert importers <= {"game", "setup", "position", "data_facts"}, importers


def _announced_points() -> dict[str, str]:
    """Every point the package announces by name: point -> the module announcing it."""
    points = {}
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(open(path).read())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "announce"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                points[node.args[1].value] = module
    return points


def test_every_announced_point_is_answered():
    points = _announced_points()
    assert {"game_ends", "consent", "window", "crown_decision", "trade_checked", "special_session"} <= set(points)
    unanswered = {p: m for p, m in points.items() if p not in HOOKS}
    assert not unanswered, unanswered


def test_a_point_has_one_answer_and_nothing_answering_gives_the_default():
    game = coin_env.make_game("john_company", seed=0)
    assert announce(game, "no such point in this test", 1, default="nobody") == "nobody"
    with pytest.raises(ValueError, match="'game_ends' is already answered"):
        answers("game_ends")(lambda game, failed: None)


def _solo_game_at(continuation: str, seeds=range(40), max_steps=3000):
    """A solo game (option crown) stopped where the top decision continues with ``continuation``."""
    for seed in seeds:
        game = coin_env.make_game("john_company", seed=seed, options={"families": 1, "crown": True})
        pick = random.Random(seed)
        for _ in range(max_steps):
            if game.is_over():
                break
            if game.state.frames and game.state.frames[-1].get("then") == continuation:
                return game, pick
            game.apply(pick.choice(game.legal_actions()))
    pytest.fail(f"no solo game reached {continuation!r}")


def test_an_open_favour_window_is_plain_state_a_save_carries():
    """The favour window is a decision frame in the game's state (no hidden state in the solo layer): a save at
    the window, loaded, plays on exactly as the game itself."""
    game, pick = _solo_game_at("favour_chosen")
    copy = coin_env.load_game(game.to_json())
    assert copy.prompt() == game.prompt() and copy.legal_actions() == game.legal_actions()
    for _ in range(200):
        if game.is_over():
            break
        action = pick.choice(game.legal_actions())
        game.apply(action)
        copy.apply(action)
    assert copy.to_json() == game.to_json()


def test_the_assembly_registers_every_answer():
    """game.py imports the modules answering points: making a game through the registry is enough."""
    assert jc.JohnCompanyGame.name == "john_company"
    assert {"consent", "game_ends", "window", "trade_checked", "deploy_checked", "hiring_preference_played",
            "special_session", "special_session_resolved", "set_climate", "climate_shift", "royal_privilege",
            "royal_privilege_tax"} <= set(HOOKS)
