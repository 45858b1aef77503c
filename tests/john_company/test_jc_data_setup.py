"""Data with provenance (digest §3, appendices), the owner data pack, and the 1710 set-up for 1-6 families."""

import pytest

from coin_env.games.john_company.data import cards, company, map as mapdata, scenarios
from coin_env.games.john_company.data_facts import DataPackError, load_data
from coin_env.games.john_company.static import FAMILY_KEYS, ORDER, REGION
from jc_helpers import new_game, slot

TAGS = ("rule: RB p.", "derived", "reconstructed: ")


def _tagged(text):
    return isinstance(text, str) and any(t in text for t in TAGS)


def test_every_datum_carries_its_provenance():
    for row in mapdata.REGIONS + mapdata.ORDERS + mapdata.ORDER_EDGES + mapdata.PRESIDENCIES + mapdata.LOCAL_ALLIANCES:
        assert _tagged(row[-1]), row
    for table in (mapdata.ADJACENT_CLOCKWISE, mapdata.BORDER_SHAPES):
        assert all(_tagged(v[1]) for v in table.values())
    assert all(_tagged(f[2]) for f in mapdata.STORM_DIE)
    assert all(_tagged(o[-1]) for o in company.OFFICES)
    assert all(_tagged(v[1]) for v in company.GOVERNOR_DICE.values())
    for fact in (company.EXPECTATIONS, company.MAX_DEBT, company.STOCK_EXCHANGE, company.PRIZES, company.SHIP_NAMES,
                 company.POLICY_DIAL, company.POWER_TRACK_1710, company.POWER_VALUES, company.FAMILIES,
                 company.COMPANY_SHIP_TOKENS, company.FAMILY_PIECES, company.CROWN_PIECES, company.LUXURY_VP):
        assert _tagged(fact[-1]), fact
    assert all(_tagged(v[-1]) for v in company.ENTERPRISES.values())
    assert all(_tagged(c[-1]) for c in cards.SETUP_1710)
    for src in (cards.LAWS_SOURCE, cards.PRESTIGE_SOURCE, cards.BLACKMAIL_SOURCE, cards.EVENT_TILES_SOURCE):
        assert _tagged(src)
    assert all(_tagged(v[1]) for v in scenarios.SCENARIO_1710.values())


def test_map_is_consistent():
    adj = {r: set(v[0]) for r, v in mapdata.ADJACENT_CLOCKWISE.items()}
    assert all(a in adj[b] for a in adj for b in adj[a]), "adjacency is symmetric"
    assert sum(len(v) for v in adj.values()) == 2 * 13, "13 borders (digest §3.2)"
    assert len(mapdata.ORDER_EDGES) == 20 and len(mapdata.ORDERS) == 17
    for region, (shapes, _) in mapdata.BORDER_SHAPES.items():
        assert set(shapes.values()) <= adj[region]
    counts = {}
    for t in cards.EVENT_TILES:
        counts[t[1]] = counts.get(t[1], 0) + 1
    assert counts == {"Crisis": 6, "Leader": 4, "Peace": 2, "Turmoil": 4, "Windfall": 2, "Shuffle": 1,
                      "Foreign Invasion": 1}
    assert len(cards.LAWS) == 26 and len(cards.SPOUSES) + len(cards.ENTERPRISE_PRESTIGE) == 20
    assert len(cards.BLACKMAIL) == 10 and len(company.SHIP_NAMES[0]) == 22


def test_rulebook_examples_agree_with_the_map_numbers():
    d = load_data()
    # RB-ex p.20: the Madras trade through Ma1, Ma2, My2, H1 is worth £22
    assert sum(d.order_value[ORDER[o]] for o in ("Ma1", "Ma2", "My2", "H1")) == 22
    # RB-ex p.22: loot = £4 per tower + the token: Hyderabad (2 towers) £15, Mysore (1 tower) £9
    assert 4 * 2 + d.loot[REGION["Hyderabad"]] == 15 and 4 * 1 + d.loot[REGION["Mysore"]] == 9
    # RB-ex p.25: opium icons in Madras, Hyderabad, Bengal = 4
    assert d.opium[REGION["Madras"]] + d.opium[REGION["Hyderabad"]] + d.opium[REGION["Bengal"]] == 4
    # RB-ex p.31: Ma2 is connected to My2 across the Madras-Mysore border
    assert ORDER["My2"] in d.order_links[ORDER["Ma2"]]
    assert d.expectations[4] == 10 and d.prizes[0][0] == 2


def test_an_owner_data_pack_replaces_reconstructed_values_and_is_checked():
    d = load_data({"prizes": [[2, 0, 0, 0], [5, 1, 2, 1], [9, 2, 4, 2], [15, 3, 8, 3], [21, 4, 12, 4]]})
    assert d.prizes[1][0] == 5 and load_data().prizes[1][0] == 4
    with pytest.raises(DataPackError, match="unknown key"):
        load_data({"towers": 3})
    with pytest.raises(DataPackError, match="prizes"):
        load_data({"prizes": [[1, 2]]})
    with pytest.raises(AttributeError):
        d.prizes = ()


@pytest.mark.parametrize("families,per_seat", [(1, {0: 4, 6: 8}), (2, {0: 4, 1: 4, 6: 4}), (3, {0: 4, 1: 4, 2: 4}),
                                               (4, {i: 3 for i in range(4)}), (5, {i: 3 for i in range(5)}),
                                               (6, {i: 3 for i in range(6)})])
def test_setup_cards_are_dealt_by_player_count_rb_p5(families, per_seat):
    for seed in range(5):
        g = new_game(families, seed)
        s = g.state
        assert {f: len(s.setup_cards[f]) for f in s.seats} == per_seat
        dealt = sorted(c for f in s.seats for c in s.setup_cards[f])
        extras = [c for c in dealt if c > 12]
        assert [c for c in dealt if c <= 12] == list(range(1, 13))
        assert len(extras) == {5: 3, 6: 6}.get(families, 0)
        # the 12 basic cards fill the seven base offices and put 5 shares in the Court (+1 with card 16)
        assert all(s.office_holder[o] >= 0 for o in range(8) if o != 2)
        assert int(s.court.sum()) == 5 + (16 in dealt)
        assert s.pm >= 0 and s.balance == 5 and list(s.treasury) == [3] * 5 and s.standing == 4 and s.debt == 0
        assert len(s.display) == 3 and len(s.law_deck) == 25 and len(s.event_stack) == 20
        assert sum(len(s.hands[f]["blackmail"]) for f in s.seats) == 1 + (15 in dealt) + (18 in dealt)
        g.check_invariants()


def test_india_in_1710():
    s = new_game(3, 0).state
    assert s.strength[REGION["Maratha"]] == 2 and s.strength[REGION["Punjab"]] == 0
    assert s.flag[REGION["Maratha"]] == REGION["Delhi"] == s.flag[REGION["Delhi"]]
    assert int((s.order_state == 1).sum()) == 7 and s.elephant == {"region": "Maratha", "facing": "Delhi"}
    assert list(s.regiments[:, 0]) == [1, 1, 1] and s.alliance_active.sum() == 0


def test_the_crown_sits_last_counting_from_the_chairman_rb_p43():
    for seed in range(12):
        g = new_game(2, seed)
        s = g.state
        chairman = int(s.office_holder[0])
        if chairman != 6:
            assert s.seats[0] == chairman and s.seats[-1] == 6
        assert sorted(s.seats) == [0, 1, 6]
        assert g.factions == tuple(FAMILY_KEYS[x] for x in s.seats)


def test_bad_options_and_scenarios_are_refused():
    from coin_env.games.john_company import game as jc
    with pytest.raises(ValueError, match="families"):
        jc.new_game("1710", options={"families": 7})
    with pytest.raises(ValueError, match="unknown scenario"):
        jc.new_game("1758")
    with pytest.raises(ValueError, match="unknown key"):
        new_game(3, 0, position={"towers": 1})


def test_solo_draw_three_keep_one_rb_p43():
    from coin_env.games.john_company import game as jc
    g = jc.new_game("1710", seed=2, options={"families": 1, "setup_deal": "draw"}, debug=True)
    for _ in range(4):
        assert g.current_player() == "benyon" and "keep which setup card" in g.prompt()
        assert len(g.legal_actions()) == 3
        g.apply(g.legal_actions()[0])
    s = g.state
    assert len(s.setup_cards[0]) == 4 and len(s.setup_cards[6]) == 8
    assert all(s.office_holder[o] >= 0 for o in range(8) if o != 2) and s.phase == "family"


def test_two_families_draw_three_give_one_rb_p44():
    from coin_env.games.john_company import game as jc
    g = jc.new_game("1710", seed=5, options={"families": 2, "setup_deal": "draw"}, debug=True)
    who = []
    for _ in range(4):
        who.append(g.current_player())
        assert "give which setup card to the Crown" in g.prompt()
        g.apply(g.legal_actions()[-1])
    assert who == ["benyon", "hastings", "benyon", "hastings"]
    s = g.state
    assert {f: len(s.setup_cards[f]) for f in s.seats} == {0: 4, 1: 4, 6: 4}
    assert s.seats[-1] == 6 or s.office_holder[0] == 6
    saved = g.to_json()
    from coin_env.games.john_company.game import load_game
    assert load_game(saved).to_json() == saved
