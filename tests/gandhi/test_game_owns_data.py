"""A game owns its data (DESIGN "A game owns its data"; reliability probe 2026-11-25 findings 1 and 10).

The facts a Gandhi game plays with (card records and orders, Population, Econ, adjacency, Arjuna
content) are one immutable object chosen when the game is made (``game.data``): a game made without a
pack plays with the built-in facts whatever other games in the process were made with, running games
never change facts, clones share the object, and a save carries the pack's content so that it replays
in a fresh process, from any working directory, whatever happened to the pack file since.
"""

from __future__ import annotations

import itertools
import json
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from coin_env.games.gandhi import datapack
from coin_env.games.gandhi.static import INDEX, SPACE_NAMES

ROOT = Path(__file__).resolve().parents[2]
FACTIONS = ["raj", "congress", "ml", "revs"]


def random_orders_pack(seed: int, name: str, **extra) -> dict:
    """A pack giving every Event card a random faction order (the probe's leak.py pack)."""
    perms = list(itertools.permutations(FACTIONS))
    r = random.Random(seed)
    pack = {"pack": {"name": name}, "cards": {str(c): {"order": list(r.choice(perms))} for c in range(1, 73)}}
    pack.update(extra)
    return pack


def play_random(g, seed: int, limit: int = 100000) -> list[int]:
    rng = random.Random(seed)
    acts = []
    while not g.is_over() and len(acts) < limit:
        a = rng.choice(g.legal_actions())
        acts.append(a)
        g.apply(a)
    return acts


def fresh_process(code: str, *args: str, cwd=None) -> str:
    """Run ``code`` in a new interpreter on this worktree's coin_env; its stdout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", code, *args], cwd=str(cwd or ROOT), env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


REPLAY = """
import json, sys, coin_env
d = json.load(open(sys.argv[1]))
g = coin_env.load_game(d["start"])
for a in d["acts"]:
    g.apply(a)
sys.stdout.write(g.to_json())
"""


# --- finding 1: a game made without a pack plays with the built-in facts -----------------------------------------
def test_a_game_without_a_pack_made_after_one_with_a_pack_plays_the_builtin_facts_and_replays(tmp_path):
    builtin = datapack.default()
    p1 = random_orders_pack(1, "p1", spaces={"Assam": {"population": 2}})
    a = coin_env.make_game("gandhi", seed=1, options={"data_pack": p1})
    assert a.data.pop[INDEX["Assam"]] == 2 and a.data.cards.faction_order(5) == tuple(p1["cards"]["5"]["order"])
    b = coin_env.make_game("gandhi", seed=0)
    assert b.data is builtin and b.options.get("data_pack") is None
    for card in range(1, 80):
        assert b.card_faction_order(card) == builtin.cards.faction_order(card)
    assert np.array_equal(b.data.pop, builtin.pop) and b.data.pop[INDEX["Assam"]] == 1
    assert np.array_equal(b.data.adjacent, builtin.adjacent)
    start = b.to_json()
    acts = play_random(b, 0)
    assert b.is_over()
    (tmp_path / "leak.json").write_text(json.dumps({"start": start, "acts": acts}))
    assert fresh_process(REPLAY, str(tmp_path / "leak.json")) == b.to_json()


# --- running games keep their facts ---------------------------------------------------------------------------------
def test_two_games_with_different_packs_interleaved_each_keep_their_own_facts():
    p1 = random_orders_pack(1, "p1", spaces={"Assam": {"population": 2}})
    p2 = random_orders_pack(2, "p2")
    # Each game alone (one after the other).
    alone = {}
    for key, pack in (("p1", p1), ("p2", p2), ("none", None)):
        g = coin_env.make_game("gandhi", seed=5, options={"data_pack": pack} if pack else {})
        alone[key] = (play_random(g, 9), g.to_json())
    # The same games interleaved decision by decision.
    games = {key: coin_env.make_game("gandhi", seed=5, options={"data_pack": pack} if pack else {})
             for key, pack in (("p1", p1), ("p2", p2), ("none", None))}
    rngs = {key: random.Random(9) for key in games}
    trails = {key: [] for key in games}
    while not all(g.is_over() for g in games.values()):
        for key, g in games.items():
            if not g.is_over():
                a = rngs[key].choice(g.legal_actions())
                trails[key].append(a)
                g.apply(a)
    for key, g in games.items():
        assert (trails[key], g.to_json()) == alone[key], key
    assert games["p1"].data.pop[INDEX["Assam"]] == 2 and games["p2"].data.pop[INDEX["Assam"]] == 1
    assert games["none"].data is datapack.default()


def test_a_running_games_observation_and_card_order_do_not_change_when_another_game_uses_another_pack():
    p1 = random_orders_pack(1, "p1", spaces={"Assam": {"population": 2}})
    p2 = random_orders_pack(2, "p2")
    a = coin_env.make_game("gandhi", seed=3, options={"data_pack": p1})
    for _ in range(25):
        a.apply(a.legal_actions()[0])
    enc = encoder_for("gandhi")
    obs = enc.observe(a, "raj")
    order = a.card_faction_order(a.state.current)
    assert order == tuple(p1["cards"][str(a.state.current)]["order"]) or a.is_periodic_card(a.state.current)
    assert enc.describe(obs)["space Assam: Pop"] == 1.0
    # Another game and another environment with other packs, and one without a pack, made and observed.
    b = coin_env.make_game("gandhi", seed=3, options={"data_pack": p2})
    env = coin_env.gym_env("gandhi", seat="raj", options={"data_pack": p2}, seed=0)
    env.reset(seed=0)
    c = coin_env.make_game("gandhi", seed=3)
    for g in (b, c, env.game):
        assert enc.describe(enc.observe(g, "raj"))["space Assam: Pop"] == 0.5
    assert np.array_equal(enc.observe(a, "raj"), obs)
    assert a.card_faction_order(a.state.current) == order
    assert c.card_faction_order(a.state.current) == datapack.default().cards.faction_order(a.state.current)


def test_a_games_data_is_immutable():
    g = coin_env.make_game("gandhi", options={"data_pack": {"spaces": {"Assam": {"population": 2}}}})
    with pytest.raises(ValueError):
        g.data.pop[INDEX["Assam"]] = 1
    with pytest.raises(ValueError):
        g.data.adjacent[0, 1] = True
    with pytest.raises(AttributeError):
        g.data.pop = None
    with pytest.raises(TypeError):
        g.data.neighbors[0] = ()
    # Nothing module-level holds a mutable copy of a pack-dependent table.
    from coin_env.games.gandhi import static
    for name in ("POP", "ECON", "ADJACENT", "NEIGHBORS"):
        assert not hasattr(static, name)
    for table in (static.BUILTIN_POP, static.BUILTIN_ECON, static.BUILTIN_ADJACENT):
        assert not table.flags.writeable


# --- finding 10: saves carry the pack's content ------------------------------------------------------------------
PLUGIN = """
from coin_env.coin.events import event_effect

@event_effect("gandhi", 12, "shaded", text="test: Unity +1", provenance="test plugin")
def card12_shaded(game, faction):
    game.state.unity = min(5, game.state.unity + 1)
"""


def test_a_save_with_a_relative_pack_replays_anywhere_and_keeps_its_facts(tmp_path, monkeypatch):
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    (home / "my_cards.py").write_text(PLUGIN)
    (home / "mine.toml").write_text('plugins = ["my_cards.py"]\n[pack]\nname = "mine"\n'
                                    '[spaces."Assam"]\npopulation = 2\n[cards.3]\norder = ["revs", "ml", "congress", "raj"]\n')
    monkeypatch.chdir(home)
    g = coin_env.make_game("gandhi", seed=2, options={"data_pack": "mine.toml"})
    start = g.to_json()
    saved_pack = json.loads(start)["options"]["data_pack"]
    assert isinstance(saved_pack, dict) and saved_pack["spaces"]["Assam"]["population"] == 2
    assert saved_pack["plugins"] == [str(home / "my_cards.py")]
    assert str(home / "my_cards.py") in saved_pack["pack"]["files"]
    acts = play_random(g, 4)
    final = g.to_json()

    monkeypatch.chdir(elsewhere)                                  # another working directory
    h = coin_env.load_game(start)
    assert h.data.pop[INDEX["Assam"]] == 2 and h.card_faction_order(3) == ("revs", "ml", "congress", "raj")
    assert h.data.cards.record(12).shaded.implemented
    for a in acts:
        h.apply(a)
    assert h.to_json() == final
    (elsewhere / "replay.json").write_text(json.dumps({"start": start, "acts": acts}))
    assert fresh_process(REPLAY, str(elsewhere / "replay.json"), cwd=elsewhere) == final

    # The pack file edited (or gone) after saving: the save keeps the facts it was played with.
    (home / "mine.toml").write_text('[spaces."Assam"]\npopulation = 1\n')
    h = coin_env.load_game(start)
    assert h.data.pop[INDEX["Assam"]] == 2 and h.card_faction_order(3) == ("revs", "ml", "congress", "raj")
    (home / "mine.toml").unlink()
    assert coin_env.load_game(final).to_json() == final

    # A plugin file changed after saving cannot replay the saved facts: refused, naming the file.
    (home / "my_cards.py").write_text(PLUGIN.replace("+ 1", "+ 2"))
    with pytest.raises(datapack.DataPackError, match=r"plugins: .*my_cards\.py' changed since"):
        coin_env.load_game(start)
    with pytest.raises(ValueError, match="my_cards.py"):
        coin_env.load_game(final)


# --- clones and pickles ----------------------------------------------------------------------------------------------
CONTINUE = """
import pickle, sys, json, random
g = pickle.load(open(sys.argv[1], "rb"))
rng = random.Random(7)
while not g.is_over():
    g.apply(rng.choice(g.legal_actions()))
sys.stdout.write(json.dumps({"name": g.data.name, "json": g.to_json()}))
"""

CONTINUE_ENV = """
import pickle, sys, json
import numpy as np
env = pickle.load(open(sys.argv[1], "rb"))
out = []
for _ in range(40):
    a = int(np.flatnonzero(env.action_masks())[-1])
    obs, r, term, trunc, info = env.step(a)
    out.append(obs.tolist())
    if term or trunc:
        break
sys.stdout.write(json.dumps(out))
"""


def test_clones_share_the_data_and_pickled_games_continue_identically_in_a_fresh_process(tmp_path):
    (tmp_path / "my_cards.py").write_text(PLUGIN)
    pack = {"plugins": [str(tmp_path / "my_cards.py")], "pack": {"name": "pickled"},
            "spaces": {"Assam": {"population": 2}}, **{k: v for k, v in random_orders_pack(3, "x").items() if k == "cards"}}
    g = coin_env.make_game("gandhi", seed=6, options={"data_pack": pack})
    for _ in range(40):
        g.apply(g.legal_actions()[-1])
    c = g.clone()
    assert c.data is g.data and c.options is not g.options and c.options["data_pack"] == g.options["data_pack"]
    assert g.state.copy().data is g.data
    (tmp_path / "g.pkl").write_bytes(pickle.dumps(g))
    rng = random.Random(7)
    while not c.is_over():
        c.apply(rng.choice(c.legal_actions()))
    out = json.loads(fresh_process(CONTINUE, str(tmp_path / "g.pkl")))
    assert out["name"] == "pickled" and out["json"] == c.to_json()

    env = coin_env.gym_env("gandhi", seat="raj", options={"data_pack": pack}, seed=1)
    env.reset(seed=1)
    for _ in range(5):
        env.step(int(np.flatnonzero(env.action_masks())[-1]))
    (tmp_path / "env.pkl").write_bytes(pickle.dumps(env))
    here = []
    for _ in range(40):
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[-1]))
        here.append(obs.tolist())
        if term or trunc:
            break
    assert json.loads(fresh_process(CONTINUE_ENV, str(tmp_path / "env.pkl"))) == here
    assert SPACE_NAMES[INDEX["Assam"]] == "Assam" and env.game.data.pop[INDEX["Assam"]] == 2
