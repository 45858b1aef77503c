"""The engine contract (tests/core/test_engine_contract.py) on John Company, through its own new_game
(the game is not in the registry yet): random games end, determinism, saves at any decision, clone
independence, illegal input refused with the game unchanged."""

import json
import random

import numpy as np
import pytest

from coin_env import IllegalActionError
from coin_env.games.john_company.game import load_game
from jc_helpers import new_game


def random_actions(families, seed, limit=None):
    g = new_game(families, seed)
    rng = random.Random(seed)
    actions = []
    while not g.is_over() and (limit is None or len(actions) < limit):
        a = rng.choice(g.legal_actions())
        actions.append(a)
        g.apply(a)
    return g, actions


@pytest.mark.parametrize("families", range(1, 7))
def test_random_games_reach_the_end_of_the_implemented_rules(families):
    for seed in range(15):
        g, actions = random_actions(families, seed)
        assert g.is_over() and g.current_player() is None and g.legal_actions() == []
        r = g.state.result
        if r["complete"]:
            assert g.winner() == r["ranking"][0] and sorted(r["ranking"]) == sorted(g.factions)
        else:
            assert r["reason"].endswith("not implemented") and g.winner() is None
        with pytest.raises(IllegalActionError, match="game is over"):
            g.apply(0)


@pytest.mark.parametrize("families", [1, 3, 6])
def test_same_seed_and_actions_give_the_same_game(families):
    g1, actions = random_actions(families, 11)
    g2 = new_game(families, 11)
    for a in actions:
        g2.apply(a)
    assert g1.to_json() == g2.to_json()


def test_different_seeds_deal_differently():
    a, b = new_game(4, 1), new_game(4, 2)
    assert (a.state.setup_cards, a.state.event_stack) != (b.state.setup_cards, b.state.event_stack)


@pytest.mark.parametrize("families,seed", [(f, s) for f in (1, 2, 4, 6) for s in range(3)])
def test_json_round_trip_at_any_decision_continues_identically(families, seed):
    _, actions = random_actions(families, seed)
    for cut in range(len(actions)):
        g = new_game(families, seed)
        for a in actions[:cut]:
            g.apply(a)
        saved = g.to_json()
        restored = load_game(saved, debug=True)
        assert restored.to_json() == saved
        assert restored.legal_actions() == g.legal_actions()
        assert restored.current_player() == g.current_player() and restored.prompt() == g.prompt()
        for a in actions[cut:]:
            g.apply(a)
            restored.apply(a)
        assert restored.to_json() == g.to_json()


def test_round_trip_keeps_scripted_dice_and_an_owner_data_pack():
    from coin_env.games.john_company import game as jc
    pack = {"governor_dice": {r: 5 for r in ["Punjab", "Delhi", "Bengal", "Bombay", "Maratha", "Hyderabad",
                                             "Mysore", "Madras"]}}
    g = jc.new_game("1710", seed=3, options={"families": 3, "data_pack": pack})
    g.script_dice([1, 2, 3])
    r = load_game(g.to_json())
    assert r.scripted_dice() == [1, 2, 3] and r.data.governor_dice == (5,) * 8
    assert new_game(3, 3).data.governor_dice != r.data.governor_dice   # two games never share facts


def _ids(value, out):
    if isinstance(value, (dict, list)):
        out.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            _ids(v, out)
    return out


def test_clone_is_independent_and_identical():
    g, _ = random_actions(4, 4, limit=8)
    c = g.clone()
    assert c.to_json() == g.to_json()
    s, cs = g.state, c.state
    for name in s.FIELDS + s.CORE_FIELDS:
        assert not _ids(getattr(s, name), set()) & _ids(getattr(cs, name), set()), name
    for name in s.ARRAYS:
        assert not np.shares_memory(getattr(s, name), getattr(cs, name)), name
    a = c.legal_actions()[-1]
    c.apply(a)
    assert c.to_json() != g.to_json()
    g.apply(a)
    assert c.to_json() == g.to_json()


def test_illegal_action_names_the_action_and_prompt_and_changes_nothing():
    g, _ = random_actions(4, 5, limit=3)
    before = g.to_json()
    legal = set(g.legal_actions())
    bad = next(a for a in range(len(g.vocabulary)) if a not in legal)
    with pytest.raises(IllegalActionError) as err:
        g.apply(bad)
    msg = str(err.value)
    assert g.action_label(bad) in msg and g.prompt() in msg and str(bad) in msg
    with pytest.raises(IllegalActionError, match="no action labelled"):
        g.apply("fly to the moon")
    with pytest.raises(IllegalActionError, match="not in the vocabulary"):
        g.apply(10**6)
    assert g.to_json() == before


def test_an_action_sent_for_the_wrong_family_is_refused():
    g = new_game(4, 7)
    before = g.to_json()
    mover = g.current_player()
    other = next(f for f in g.factions if f != mover)
    with pytest.raises(IllegalActionError, match="sent by"):
        g.apply(g.legal_actions()[0], player=other)
    assert g.to_json() == before


def test_two_games_in_one_process_never_affect_each_other():
    a, b = new_game(3, 1), new_game(3, 1)
    ref = b.to_json()
    rng = random.Random(0)
    while not a.is_over():
        a.apply(rng.choice(a.legal_actions()))
    assert b.to_json() == ref


def test_bad_saves_are_refused():
    with pytest.raises(ValueError):
        load_game(json.dumps({"game": "gandhi", "state": {}}))
    g = new_game(3, 1)
    d = json.loads(g.to_json())
    d["state"]["fields"]["debt"] = 12
    with pytest.raises(ValueError, match="debt"):
        load_game(json.dumps(d))


@pytest.mark.parametrize("families", [1, 2])
def test_round_trip_during_the_drawn_setup_deal(families):
    from coin_env.games.john_company import game as jc
    opts = {"families": families, "setup_deal": "draw"}
    g = jc.new_game("1710", seed=3, options=opts)
    rng = random.Random(3)
    actions = []
    while not g.is_over():
        a = rng.choice(g.legal_actions())
        actions.append(a)
        g.apply(a)
    for cut in range(0, min(len(actions), 25)):
        h = jc.new_game("1710", seed=3, options=opts)
        for a in actions[:cut]:
            h.apply(a)
        r = load_game(h.to_json(), debug=True)
        for a in actions[cut:]:
            r.apply(a)
        assert r.to_json() == g.to_json()
