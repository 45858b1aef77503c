"""Data with provenance: map (1.3), Prosperity, force pools (1.2, 1.4), set-up (2.1), deck (2.1)."""

import numpy as np
import pytest

from coin_env.games.vijayanagara import board, datapack
from coin_env.games.vijayanagara.data import cards as carddata
from coin_env.games.vijayanagara.data import map as mapdata
from coin_env.games.vijayanagara.data.pieces import (AMIR, FORCE_POOL, GOVERNOR, MONGOL, QASBAH, RAJA, TEMPLE,
                                                     TROOP, FORT)
from coin_env.games.vijayanagara.static import AVAILABLE, BK_TRACK, INDEX, IS_PROVINCE, N_SPACES, VE_TRACK
from vj_helpers import new_game


def adj(data, a, b):
    return bool(data.adjacent[INDEX[a], INDEX[b]])


def test_spaces_types_and_twelve_provinces():
    """1.3: 12 named Provinces, two Mongol Invasion Regions, Delhi."""
    assert N_SPACES == 15
    assert int(IS_PROVINCE.sum()) == 12
    assert not IS_PROVINCE[INDEX["Delhi"]] and not IS_PROVINCE[INDEX["Punjab"]]
    assert not IS_PROVINCE[INDEX["Mountain Passes"]]


def test_every_datum_has_provenance():
    for name, _t, _p, prov, pros_prov in mapdata.SPACES:
        assert prov.startswith("rule") and (pros_prov.startswith("rule") or pros_prov.startswith("reconstructed"))
    for a, b, prov in mapdata.ADJACENT + mapdata.NOT_ADJACENT:
        assert prov.split(":")[0].split(" ")[0] in ("rule", "derived", "reconstructed"), (a, b, prov)


def test_prosperity_totals_delhi_starting_vp():
    """2.1 / 5.1: Delhi starts at 18 VP = Prosperity of its Tributary Provinces (all of them)."""
    data = datapack.default()
    pros = [data.prosperity_list[sp] for sp in range(N_SPACES) if IS_PROVINCE[sp]]
    assert sum(pros) == 18 and set(pros) == {1, 2}
    assert all(data.prosperity_list[sp] == 0 for sp in range(N_SPACES) if not IS_PROVINCE[sp])


def test_stated_adjacencies_hold():
    """1.3.5 examples and 1.3.6 Vindhya Range; the Mongols' route (2.6, 3.5)."""
    d = datapack.default()
    assert adj(d, "Gondwana", "Andhra") and adj(d, "Madhyadesh", "Orissa")
    assert not adj(d, "Jaunpur", "Punjab")
    assert not adj(d, "Malwa", "Gondwana") and not adj(d, "Madhyadesh", "Jaunpur")
    assert adj(d, "Mountain Passes", "Punjab") and adj(d, "Punjab", "Delhi")
    assert not adj(d, "Mountain Passes", "Delhi")
    assert (d.adjacent == d.adjacent.T).all() and not d.adjacent.diagonal().any()


def test_map_is_connected():
    d = datapack.default()
    seen, todo = {0}, [0]
    while todo:
        for o in d.neighbors[todo.pop()]:
            if o not in seen:
                seen.add(o)
                todo.append(o)
    assert len(seen) == N_SPACES


def test_data_is_immutable():
    d = datapack.default()
    with pytest.raises(AttributeError):
        d.prosperity = None
    with pytest.raises(ValueError):
        d.prosperity[3] = 5


def test_data_pack_can_correct_the_map_and_is_checked():
    """An owner's pack changes Prosperity; the 18 total (2.1) and the stated adjacencies are enforced."""
    d = datapack.load({"pack": {"name": "swap"}, "spaces": {"Sindh": {"prosperity": 2}, "Gujarat": {"prosperity": 1}}})
    assert d.prosperity[INDEX["Sindh"]] == 2 and d.prosperity[INDEX["Gujarat"]] == 1
    assert datapack.default().prosperity[INDEX["Sindh"]] == 1
    with pytest.raises(datapack.DataPackError, match="18"):
        datapack.load({"pack": {"name": "bad"}, "spaces": {"Sindh": {"prosperity": 2}}})
    with pytest.raises(datapack.DataPackError, match="1.3.6"):
        datapack.load({"pack": {"name": "bad"}, "spaces": {
            "Malwa": {"adjacent": ["Gondwana", "Gujarat", "Rajput Kingdoms", "Jaunpur", "Madhyadesh"]},
            "Gondwana": {"adjacent": ["Malwa", "Jaunpur", "Madhyadesh", "Orissa", "Andhra"]}}})
    with pytest.raises(datapack.DataPackError, match="Prosperity"):
        datapack.load({"pack": {"name": "bad"}, "spaces": {"Delhi": {"prosperity": 1}}})


def test_setup_2_1():
    """2.1: pieces, boxes, tracks, Resources, VP, Cavalry, Tributary markers, Dynasty."""
    g = new_game()
    s = g.state
    p = s.pieces
    assert int(p[:N_SPACES, TROOP].sum()) == 22 and p[AVAILABLE, TROOP] == 10
    assert int(p[:N_SPACES, GOVERNOR].sum()) == 1 and p[AVAILABLE, GOVERNOR] == 4
    assert int(p[:N_SPACES, QASBAH].sum()) == 1 and p[AVAILABLE, QASBAH] == 4
    assert int(p[:N_SPACES, AMIR].sum()) == 8 and p[BK_TRACK, AMIR] == 4 and p[AVAILABLE, AMIR] == 6
    assert int(p[:N_SPACES, RAJA].sum()) == 6 and p[VE_TRACK, RAJA] == 8 and p[AVAILABLE, RAJA] == 8
    assert p[AVAILABLE, MONGOL] == 12 and p[AVAILABLE, FORT] == 5 and p[AVAILABLE, TEMPLE] == 5
    for piece, total in FORCE_POOL.items():
        assert int(p[:, piece].sum()) == total
    assert s.resources == {"ds": 12, "bk": 6, "ve": 7}
    assert g.victory_totals() == {"ds": 18, "bk": 0, "ve": 0}
    assert s.cavalry == {"ds": 2, "bk": 0, "ve": 0} and board.cavalry_pool(s) == 8
    assert all(s.tributary[sp] == IS_PROVINCE[sp] for sp in range(N_SPACES))
    assert s.dynasty == "Khalji" and s.influence == {"bk": 0, "ve": 0}
    assert all(s.eligible.values())


def test_deck_construction_2_1():
    """2.1: 35 cards; Zenith 9th, Rise 18th, Lords 27th; 2 Mongol cards in each of stacks 1-3, both
    Timurid cards in stack 4; 24 Events."""
    for seed in range(5):
        g = new_game(seed)
        s = g.state
        deck = [s.current] + s.deck if s.current not in carddata.SPECIAL_CARDS or True else None
        deck = list(s.played) + [s.current] + list(s.deck)
        assert len(deck) == 35 and len(set(deck)) == 35
        assert deck[8] == carddata.ZENITH and deck[17] == carddata.RISE and deck[26] == carddata.LORDS
        for lo, hi in ((0, 8), (9, 17), (18, 26)):
            assert sum(1 for c in deck[lo:hi] if c in carddata.MONGOL_CARDS) == 2
        assert set(carddata.TIMURID) <= set(deck[27:])
        assert sum(1 for c in deck if c <= 36) == 24


def test_event_cards_are_data_only():
    """No card text is public: no Event is ever offered."""
    cards = datapack.default().cards
    assert cards.counts()["data_only"] == 36
    assert cards.title(17) == "Sufi Shaikh Relocates"
    assert cards.record(1).provenance["order"].startswith("reconstructed")


def test_fidelity_table_counts_the_implementation():
    from coin_env.games.vijayanagara import fidelity
    text = fidelity.markdown()
    assert "all 12 (four per faction)" in text and "all 9 (three per faction)" in text
    assert "36 cards data only" in text


def test_game_made_with_a_data_pack_keeps_it_in_its_saves():
    import json
    from coin_env.games.vijayanagara import game as vj
    pack = {"pack": {"name": "owner"}, "cards": {"5": {"title": "A printed title", "order": ["ve", "bk", "ds"]}},
            "spaces": {"Sindh": {"prosperity": 2}, "Gujarat": {"prosperity": 1}}}
    g = vj.new_game(seed=1, options={"data_pack": pack})
    assert g.data.cards.title(5) == "A printed title" and g.data.cards.faction_order(5) == ("ve", "bk", "ds")
    assert g.data.prosperity_list[INDEX["Sindh"]] == 2
    back = vj.VijayanagaraGame.from_dict(json.loads(g.to_json()))
    assert back.data.cards.title(5) == "A printed title" and back.legal_actions() == g.legal_actions()
    assert new_game(1).data.cards.title(5) == "Event #5"


def test_save_without_the_timurid_cards_is_refused():
    import json
    from coin_env.games.vijayanagara import game as vj
    g = new_game(2)
    data = json.loads(g.to_json())
    data["state"]["fields"]["deck"] = [c for c in data["state"]["fields"]["deck"] if c not in (48, 49)]
    with pytest.raises(ValueError, match="Timurid"):
        vj.VijayanagaraGame.from_dict(data)
