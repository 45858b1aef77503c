"""The outcome (5.0, 5.1, 5.5): the final ranking the board gives, shared wins on a full tie, and
finished saves whose outcome disagrees with their board refused."""

import json
import random

import pytest

import coin_env
from coin_env.games.vijayanagara.static import PROVINCES, SPACE_NAMES
from vj_helpers import position_game

NO_TRIBUTARY = {SPACE_NAMES[p]: {"tributary": False} for p in PROVINCES}


def final(resources, influence):
    """A game at the second Timurid card with no Tributary Province (the Sultanate scores its 3 for no
    Mongols in Delhi, 5.1): it ends at once."""
    g = position_game(spaces=NO_TRIBUTARY, card=49, timurid_played=1, deck=[2, 3], resources=resources,
                      influence=influence)
    assert g.is_over()
    return g.state.result


def test_full_tie_is_a_shared_win_5_0_5_5():
    """Level on VP and on Resources: every such faction shares the win (5.5's optional game is not
    implemented); ``winner`` stays ``ranking[0]``."""
    r = final({"ds": 5, "bk": 5, "ve": 5}, {"bk": 3, "ve": 3})
    assert r["scores"] == {"ds": 3, "bk": 3, "ve": 3}
    assert r["winners"] == ["ds", "bk", "ve"] and r["winner"] == r["ranking"][0] == "ds"
    r = final({"ds": 5, "bk": 5, "ve": 5}, {"bk": 4, "ve": 4})
    assert r["winners"] == ["bk", "ve"] and r["winner"] == "bk"


def test_resources_break_a_vp_tie_5_0():
    r = final({"ds": 5, "bk": 5, "ve": 6}, {"bk": 4, "ve": 4})
    assert r["winners"] == ["ve"] and r["ranking"] == ["ve", "bk", "ds"]


def finished_save(seed=3):
    g = coin_env.make_game("vijayanagara", seed=seed)
    r = random.Random(seed)
    while not g.is_over():
        g.apply(r.choice(g.legal_actions()))
    return g, json.loads(g.to_json())


def test_expected_ranking_is_the_final_ranking():
    g, _ = finished_save()
    assert g.expected_ranking(g.state.result) == g.state.result["ranking"]


def test_save_with_a_reversed_ranking_is_refused():
    """The probe's N8 edit: ranking reversed, winner (and winners) set to match. The board's ranking
    (CoinGame.check_result through ``expected_ranking``) refuses it."""
    _, d = finished_save()
    res = d["state"]["fields"]["result"]
    res["ranking"] = res["ranking"][::-1]
    res["winner"] = res["ranking"][0]
    res["winners"] = [res["winner"]]
    with pytest.raises(ValueError, match=r"state\.fields\.result\.ranking"):
        coin_env.load_game(json.dumps(d))


def test_save_with_edited_winners_is_refused():
    _, d = finished_save()
    res = d["state"]["fields"]["result"]
    res["winners"] = [f for f in ("ds", "bk", "ve") if f not in res["winners"]]
    with pytest.raises(ValueError, match=r"state\.fields\.result\.winners"):
        coin_env.load_game(json.dumps(d))
    g = coin_env.load_game(json.dumps(finished_save()[1]))
    assert g.is_over()
