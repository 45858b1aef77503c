"""Edited saves and positions whose decision stack or turn record no rule would produce are refused at
load (VijayanagaraGame.check_stack_runs plays the card in progress out on a clone), with one ValueError,
instead of loading and breaking later in play (the probe's N6 cases a-d)."""

import json
import random

import pytest

import coin_env


def reach(seed, options, moves):
    g = coin_env.make_game("vijayanagara", seed=seed, options=options)
    r = random.Random(seed)
    r.randrange(0, 300)
    for _ in range(moves):
        g.apply(r.choice(g.legal_actions()))
    return g


@pytest.fixture(scope="module")
def transfers_save():
    return json.loads(reach(9310, {"transfers": True}, 42).to_json())


def refused(save, match="state.fields"):
    with pytest.raises(ValueError, match=match):
        coin_env.load_game(json.dumps(save))


def at_a_casualty_choice(seed=0):
    """A transfers game at a battle's casualty choice (the probe's case a: the top frame was a casualty)."""
    g = coin_env.make_game("vijayanagara", seed=seed, options={"transfers": True})
    r = random.Random(seed)
    while g.state.frames[-1].get("kind") != "vj_casualty":
        assert not g.is_over(), "no casualty choice in this game: pick another seed"
        g.apply(r.choice(g.legal_actions()))
    return g


def test_save_with_its_top_frame_twice_is_refused():
    d = json.loads(at_a_casualty_choice().to_json())
    d["state"]["fields"]["frames"].append(d["state"]["fields"]["frames"][-1])
    refused(d)


def test_save_with_its_bottom_frame_on_top_is_refused(transfers_save):
    d = json.loads(json.dumps(transfers_save))
    d["state"]["fields"]["frames"].append(d["state"]["fields"]["frames"][0])
    refused(d)


def test_save_whose_turn_lost_its_command_is_refused():
    d = json.loads(reach(62307, {}, 290).to_json())
    del d["state"]["fields"]["turn"]["op_action"]
    refused(d)


def test_position_with_the_turn_marked_done_mid_command_is_refused():
    g = reach(6082, {"timurs_shadow": True}, 112)
    p = g.to_position()
    p["in_progress"]["sop"]["done"] = True
    with pytest.raises(ValueError, match="in_progress"):
        coin_env.make_game("vijayanagara", seed=6082, options={"timurs_shadow": True}, position=p)


def test_unedited_saves_still_load(transfers_save):
    g = coin_env.load_game(json.dumps(transfers_save))
    assert g.legal_actions()
