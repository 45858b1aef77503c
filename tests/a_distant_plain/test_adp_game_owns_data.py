"""A game owns its data (DESIGN "A game owns its data"; reliability probe 2026-11-25, findings 1, 10, 19):
the map facts and card records an A Distant Plain game plays with are chosen when it is made (built-in,
or its owner data pack) and never change afterwards, whatever other games or envs in the process do;
its save and its pickle carry what rebuilds them anywhere.

Each test here fails on the design where a data pack rewrote module-global tables process-wide."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import pickle
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from coin_env.games.a_distant_plain import datapack
from coin_env.games.a_distant_plain.data.pieces import FACTIONS
from coin_env.games.a_distant_plain.static import INDEX

GAME = "a_distant_plain"
ROOT = Path(__file__).resolve().parents[2]
BALKH, FARAH, BAMIAN = INDEX["Balkh"], INDEX["Farah"], INDEX["Bamian"]
# Balkh (Pop 2) and Farah (Pop 0) trade Population: Afghan Pop stays 25 and, both being Neutral and
# uncontrolled in every scenario, the printed victory markers hold (2.1), so the pack is valid.
POP_SWAP = {"Balkh": {"population": 0}, "Farah": {"population": 2}}


def shuffled_orders(seed: int) -> dict:
    """``[cards]`` giving every Event card a random faction order (as in the probe's leak.py)."""
    rng = random.Random(seed)
    perms = list(itertools.permutations(FACTIONS))
    return {str(c): {"order": list(rng.choice(perms))} for c in range(1, 73)}


def fingerprint(game) -> str:
    return hashlib.sha256(json.dumps(game.to_dict()["state"], sort_keys=True).encode()).hexdigest()


def play_random(game, seed: int, n: int | None = None) -> list[int]:
    rng = random.Random(seed)
    actions = []
    while not game.is_over() and (n is None or len(actions) < n):
        a = rng.choice(game.legal_actions())
        actions.append(a)
        game.apply(a)
    return actions


def run_fresh(script: str, cwd, *args) -> dict:
    """Run ``script`` in a new Python process (this checkout's coin_env, working directory ``cwd``);
    it prints one JSON value."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(script), *map(str, args)], cwd=str(cwd), env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


# A fresh process loads a save, applies the recorded actions (each must be legal) and reports the facts
# it played with and the final state's fingerprint.
REPLAY = """
    import hashlib, json, sys
    import coin_env
    d = json.load(open(sys.argv[1]))
    g = coin_env.load_game(d["save"])
    for i, a in enumerate(d["actions"]):
        if a not in g.legal_actions():
            print(json.dumps({"illegal_at": i}))
            sys.exit(0)
        g.apply(a)
    print(json.dumps({"fingerprint": hashlib.sha256(json.dumps(g.to_dict()["state"], sort_keys=True).encode()).hexdigest(),
                      "pop": list(g.data.pop_list), "mountain": list(g.data.mountain_list),
                      "order1": list(g.data.cards.faction_order(1)), "coin_env": coin_env.__file__}))
"""


# --- finding 1: a game made without a pack plays the built-in facts, and its save replays anywhere ------------
def test_a_game_without_a_pack_after_one_with_a_pack_plays_built_in_facts_and_replays_in_a_fresh_process(tmp_path):
    packed = coin_env.make_game(GAME, seed=1, options={"data_pack": {"pack": {"name": "p1"}, "cards": shuffled_orders(1),
                                                                        "spaces": POP_SWAP}})
    assert packed.data.pop_list[BALKH] == 0
    plain = coin_env.make_game(GAME, seed=0)
    assert plain.data is datapack.default() and plain.options["data_pack"] is None
    assert plain.data.pop_list[BALKH] == 2
    assert [plain.data.cards.faction_order(c) for c in range(1, 73)] == \
        [datapack.default().cards.faction_order(c) for c in range(1, 73)]
    start = plain.to_json()
    actions = play_random(plain, 0)
    assert plain.is_over() and len(actions) > 100
    (tmp_path / "leak.json").write_text(json.dumps({"save": start, "actions": actions}))
    got = run_fresh(REPLAY, tmp_path, tmp_path / "leak.json")
    assert got.get("illegal_at") is None, f"the replay left the recorded game at decision {got.get('illegal_at')}"
    assert got["fingerprint"] == fingerprint(plain)
    assert got["coin_env"].startswith(str(ROOT))
    # ... and the pack's game still has its own facts.
    assert packed.data.pop_list[BALKH] == 0
    assert any(packed.data.cards.faction_order(c) != plain.data.cards.faction_order(c) for c in range(1, 73))


# --- finding 1: games and envs with different packs, interleaved, keep their own facts -----------------------
def test_games_with_different_packs_interleaved_keep_their_own_facts():
    packs = [None, {"cards": shuffled_orders(2), "spaces": POP_SWAP},
             {"cards": shuffled_orders(3), "spaces": {"Bamian": {"terrain": "Plains"}}}]

    def make(i):
        return coin_env.make_game(GAME, scenario="main", seed=7, options={"data_pack": packs[i]})

    # Each game alone: made, then played to the end.
    alone = []
    for i in range(3):
        g = make(i)
        play_random(g, 100 + i)
        alone.append(fingerprint(g))
    # The three made first, then played one decision each in turn.
    games = [make(i) for i in range(3)]
    rngs = [random.Random(100 + i) for i in range(3)]
    while not all(g.is_over() for g in games):
        for g, rng in zip(games, rngs):
            if not g.is_over():
                g.apply(rng.choice(g.legal_actions()))
        assert [g.data.pop_list[BALKH] for g in games] == [2, 0, 2]
        assert [g.data.mountain_list[BAMIAN] for g in games] == [True, True, False]
    assert [fingerprint(g) for g in games] == alone


def test_a_running_env_keeps_its_pop_feature_when_other_envs_are_made_or_reset_with_other_packs():
    """The probe's example: ``space <X>: Pop`` of a running episode must not change when another
    component makes or resets an env with another pack (or none)."""
    index = encoder_for(GAME).feature_names.index("space Balkh: Pop")
    opponents = {"government": "random", "taliban": "random", "warlords": "random"}
    venv = coin_env.vector_env(GAME, 2, seed=0, opponents=opponents, options={"data_pack": {"spaces": POP_SWAP}})
    obs, _ = venv.reset(seed=0)
    assert (obs[:, index] == 0.0).all()
    aec = coin_env.env(GAME, seed=0, options={"data_pack": {"spaces": POP_SWAP}})
    aec.reset(seed=0)
    assert aec.observe(aec.agent_selection)["observation"][index] == 0.0
    rng = random.Random(0)
    for step in range(40):
        if step % 10 == 0:         # another component: envs with no pack and with another pack
            other = coin_env.gym_env(GAME, seed=step, opponents=opponents,
                                     options={"data_pack": {"spaces": {"Bamian": {"terrain": "Plains"}}}})
            other.reset(seed=step)
            plain = coin_env.env(GAME, seed=step)
            plain.reset(seed=step)
            assert plain.observe(plain.agent_selection)["observation"][index] == pytest.approx(2 / 3)
        masks = venv.action_masks()
        obs, *_ = venv.step(np.array([rng.choice(np.flatnonzero(m).tolist()) for m in masks]))
        assert (obs[:, index] == 0.0).all()
        agent = aec.agent_selection
        if aec.terminations.get(agent) or aec.truncations.get(agent):
            aec.reset(seed=step)
        else:
            aec.step(rng.choice(np.flatnonzero(aec.observe(agent)["action_mask"]).tolist()))
        assert aec.observe(aec.agent_selection)["observation"][index] == 0.0


# --- finding 10: a save carries the pack's content ---------------------------------------------------------
PLUGIN = textwrap.dedent('''
    from coin_env.coin.events import event_effect
    from coin_env.games.a_distant_plain import board

    @event_effect("a_distant_plain", 1, "unshaded", text="test: +2 Aid", provenance="test plugin")
    def card1_unshaded(game, faction):
        board.add_aid(game.state, 2)
''')


def test_a_save_with_a_relative_path_pack_replays_from_elsewhere_and_keeps_the_saved_facts(tmp_path, monkeypatch):
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "plugin.py").write_text(PLUGIN)
    (packs / "mine.toml").write_text(textwrap.dedent('''
        plugins = ["plugin.py"]
        [pack]
        name = "mine"
        [spaces."Balkh"]
        population = 0
        [spaces."Farah"]
        population = 2
        [spaces."Bamian"]
        terrain = "Plains"
    '''))
    monkeypatch.chdir(packs)
    g = coin_env.make_game(GAME, seed=4, options={"data_pack": "mine.toml"})
    assert g.data.name == "mine" and g.data.pop_list[BALKH] == 0 and not g.data.mountain_list[BAMIAN]
    assert g.data.cards.record(1).unshaded.implemented
    saved = g.options["data_pack"]
    assert saved["spaces"]["Balkh"] == {"population": 0}
    assert saved["plugins"] == [str(packs / "plugin.py")] and str(packs / "plugin.py") in saved["pack"]["files"]
    start = g.to_json()
    actions = play_random(g, 4)
    # The pack file is edited after the save: the save keeps the facts it was played with.
    (packs / "mine.toml").write_text('[spaces."Bamian"]\nterrain = "Mountain"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "replay.json").write_text(json.dumps({"save": start, "actions": actions}))
    got = run_fresh(REPLAY, elsewhere, tmp_path / "replay.json")
    assert got.get("illegal_at") is None
    assert got["fingerprint"] == fingerprint(g)
    assert got["pop"][BALKH] == 0 and got["pop"][FARAH] == 2 and got["mountain"][BAMIAN] is False
    monkeypatch.chdir(elsewhere)
    again = coin_env.load_game(start)
    assert again.data is g.data and again.data.pop_list[BALKH] == 0
    # A changed plugin file cannot replay the saved facts: refused, naming the file.
    (packs / "plugin.py").write_text(PLUGIN.replace("add_aid(game.state, 2)", "add_aid(game.state, 3)"))
    with pytest.raises(datapack.DataPackError, match=r"plugins: .*plugin\.py' changed since this pack was recorded"):
        coin_env.load_game(start)
    (packs / "plugin.py").unlink()
    with pytest.raises(datapack.DataPackError, match=r"plugins: .*plugin\.py' not found"):
        coin_env.load_game(start)


# --- clones and pickles --------------------------------------------------------------------------------------
PICKLED = """
    import hashlib, json, pickle, random, sys
    d = json.load(open(sys.argv[1]))
    g = pickle.loads(bytes.fromhex(d["pickle"]))
    rng = random.Random(d["seed"])
    rng.setstate(pickle.loads(bytes.fromhex(d["rng"])))
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    print(json.dumps({"fingerprint": hashlib.sha256(json.dumps(g.to_dict()["state"], sort_keys=True).encode()).hexdigest(),
                      "balkh": g.data.pop_list[%d], "digest": g.data.digest}))
""" % BALKH


def test_clones_share_the_data_and_a_pickled_game_continues_identically_in_a_fresh_process(tmp_path):
    pack = {"cards": shuffled_orders(5), "spaces": POP_SWAP}
    g = coin_env.make_game(GAME, seed=5, options={"data_pack": pack})
    rng = random.Random(5)
    for _ in range(300):
        g.apply(rng.choice(g.legal_actions()))
    c = g.clone()
    assert c.data is g.data and c.state.data is g.state.data
    assert c.options == g.options and c.options is not g.options
    blob = pickle.dumps(g)
    rng_state = pickle.dumps(rng.getstate())
    (tmp_path / "mid.json").write_text(json.dumps({"pickle": blob.hex(), "seed": 5, "rng": rng_state.hex()}))
    # In this process: the rest of the game from the clone.
    while not c.is_over():
        c.apply(rng.choice(c.legal_actions()))
    coin_env.make_game(GAME, seed=9)                  # another game in between changes nothing
    got = run_fresh(PICKLED, tmp_path, tmp_path / "mid.json")
    assert got["fingerprint"] == fingerprint(c)
    assert got["balkh"] == 0 and got["digest"] == g.data.digest
    # In-process unpickling gives the same (cached, immutable) data object.
    assert pickle.loads(blob).data is g.data


# --- finding 19 (data-pack input) and immutability -----------------------------------------------------------
def test_the_data_is_immutable_and_bad_pack_sources_are_data_pack_errors(tmp_path):
    data = datapack.load({"spaces": POP_SWAP})
    with pytest.raises(AttributeError):
        data.pop_list = ()
    with pytest.raises(ValueError):
        data.printed_pop[BALKH] = 2
    assert datapack.load({"spaces": POP_SWAP}) is data          # equal content, the same object
    for bad in (5, [1], True):
        with pytest.raises(datapack.DataPackError):
            datapack.load(bad)
    (tmp_path / "empty.toml").write_text("")
    with pytest.raises(datapack.DataPackError, match="empty"):
        datapack.load(str(tmp_path / "empty.toml"))
    (tmp_path / "dup.yaml").write_text("spaces:\n  Bamian: {terrain: Plains}\n  Bamian: {terrain: Mountain}\n")
    with pytest.raises(datapack.DataPackError, match="given twice"):
        datapack.load(str(tmp_path / "dup.yaml"))
    with pytest.raises(ValueError):
        coin_env.make_game(GAME, options={"data_pack": {"spaces": {"Atlantis": {}}}})
    assert datapack.default().pop_list[BALKH] == 2
