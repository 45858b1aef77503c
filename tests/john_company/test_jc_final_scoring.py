"""Final Scoring's printed tables (RB p.8-9): the Power Award and the Company failure cards. Neither is in
the sources (digest G2, G9): the built-in ones are reconstructed stand-ins, said so in the result, and an
owner data pack replaces them. Games here fail at once (a position at Revenue with the Company broke), so
Final Scoring runs before the first decision."""

import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.data import company
from coin_env.games.john_company.data_facts import DataPackError
from jc_helpers import slot

BROKE = {"phase": "revenue", "debt": 8, "balance": 0, "standing": 1, "ships": {},
         "company_ships": {"West Indian Ocean": 9}}
NO_CARDS = {"failure_cards": []}


def failed(pack=None, families=3, options=None, **position):
    g = jc.new_game("1710", seed=0, options={"families": families, "data_pack": pack, **(options or {})},
                    position={**BROKE, **position})
    assert g.is_over() and g.state.result["reason"] == "Company failure"
    return g.state.result


def vp_change(pack_a, pack_b, **position):
    """Each family's VP with data pack a minus with data pack b, same position."""
    a, b = failed(pack_a, **position), failed(pack_b, **position)
    return {f: a["vp"][f] - b["vp"][f] for f in a["vp"]}


def test_the_reconstructed_power_award_gives_most_and_second_most_power_their_vp():
    """RB p.8: the most power gains the table's first value, the second most its second; turn 1's stand-in row
    is 2 / 1 VP (data/company.py POWER_AWARD, reconstructed) and the result says it is reconstructed."""
    assert company.POWER_AWARD[0][1] == (2, 1) and company.POWER_AWARD[1].startswith("reconstructed")
    r = failed(NO_CARDS, trophies={"benyon": 9, "hastings": 5}, pm="benyon")
    assert r["power"]["benyon"] > r["power"]["hastings"] > r["power"]["larkins"]
    assert vp_change(NO_CARDS, {"power_award": {}, **NO_CARDS}, trophies={"benyon": 9, "hastings": 5},
                     pm="benyon") == {"benyon": 2, "hastings": 1, "larkins": 0}
    assert any("Power Award of 2/1 VP is reconstructed" in c for c in r["caveats"])


def test_a_tie_for_most_power_gives_the_tied_the_second_value_and_nobody_else_anything():
    """RB p.8: tied for most -> the lower value to the tied only, no other award."""
    base = failed(NO_CARDS)["power"]
    top = max(base.values()) + 5
    trophies = {"benyon": top - base["benyon"], "hastings": top - base["hastings"]}
    r = failed(NO_CARDS, trophies=trophies)
    assert r["power"]["benyon"] == r["power"]["hastings"] > r["power"]["larkins"]
    assert vp_change({"power_award": {"1": [10, 4]}, **NO_CARDS}, {"power_award": {}, **NO_CARDS},
                     trophies=trophies) == {"benyon": 4, "hastings": 4, "larkins": 0}


def test_an_owner_power_award_row_replaces_the_stand_in_and_a_missing_row_is_said():
    trophies = {"larkins": 9}
    assert vp_change({"power_award": {"1": [7, 3]}, **NO_CARDS}, {"power_award": {}, **NO_CARDS},
                     trophies=trophies)["larkins"] == 7
    r = failed({"power_award": {"4": [7, 3]}, **NO_CARDS}, trophies=trophies)
    assert any("no row for turn 1" in c for c in r["caveats"])
    assert not any("reconstructed" in c for c in r["caveats"])


def test_a_failure_card_is_drawn_and_blames_its_target():
    """RB p.9 step 4: a card from the data pack's failure cards; the Chairman is blamed here."""
    pack = {"failure_cards": [["the Chairman is blamed", "chairman", -7]]}
    offices = {"Chairman": "hastings"}
    assert vp_change(pack, NO_CARDS, offices=offices) == {"benyon": 0, "hastings": -7, "larkins": 0}
    r = failed(pack, offices=offices)
    assert r["failure_card"] == "the Chairman is blamed"
    assert not any("failure card" in c for c in r["caveats"])


@pytest.mark.parametrize("blamed, who", [("prime_minister", ["larkins"]), ("commanders", ["benyon"]),
                                         ("presidents", ["hastings"]), ("nobody", [])])
def test_each_kind_of_blame_reaches_its_families(blamed, who):
    pack = {"failure_cards": [["card", blamed, -3]]}
    position = {"pm": "larkins", "commanders": {"Bombay": None, "Madras": "benyon", "Bengal": None},
                "offices": {"President of Bombay": "hastings", "President of Madras": None, "President of Bengal": None},
                "officers": {"benyon": {"Madras": 1}}}
    change = vp_change(pack, NO_CARDS, **position)
    assert change == {f: (-3 if f in who else 0) for f in ("benyon", "hastings", "larkins")}


def test_the_largest_shareholders_are_all_blamed_when_tied():
    pack = {"failure_cards": [["card", "most_shares", -3]]}
    court = {"benyon": 2, "hastings": 2, "larkins": 1}
    assert vp_change(pack, NO_CARDS, court=court, offices={"Chairman": None}) == {
        "benyon": -3, "hastings": -3, "larkins": 0}


def test_court_of_directors_blameless_gives_back_what_the_shares_lost():
    """A reading of the card's name (its text is unknown): Company shares lose no VP on failure (RB p.9 step 2
    is undone)."""
    pack = {"failure_cards": [["Court of Directors Blameless", "court_blameless", 0]]}
    court = {"benyon": 3, "hastings": 1, "larkins": 0}
    assert vp_change(pack, NO_CARDS, court=court, offices={"Chairman": None}) == {
        "benyon": 3, "hastings": 1, "larkins": 0}


def test_the_built_in_cards_are_the_reconstructed_six_and_the_result_says_so():
    names = {c[0] for c in company.FAILURE_CARDS[0]}
    assert len(names) == 6 and "Court of Directors Blameless" in names
    drawn = set()
    for seed in range(12):
        g = jc.new_game("1710", seed=seed, options={"families": 3}, position=BROKE)
        r = g.state.result
        assert r["failure_card"] in names
        assert any("is reconstructed" in c and "failure card" in c for c in r["caveats"])
        drawn.add(r["failure_card"])
    assert len(drawn) >= 3                          # drawn at random from the game's own RNG


def test_legendary_solo_uses_court_of_directors_blameless_for_the_crown_only():
    """Solo aid, Legendary: if the Company fails use Court of Directors Blameless; the Crown benefits from it,
    you do not. Benyon has the most power (first place only, RB p.46: 2 VP at turn 1) and takes the solo
    failure table's -5 for turn 1."""
    options = {"families": 1, "crown": True, "crown_difficulty": "legendary"}
    g = jc.new_game("1710", seed=0, options=options,
                    position={**BROKE, "court": {"benyon": 2, "crown": 3}, "offices": {"Chairman": None},
                              "vp": {"benyon": 10, "crown": 10}, "trophies": {"benyon": 20}})
    r, s = g.state.result, g.state
    assert r["failure_card"] == "Court of Directors Blameless"
    assert r["vp"]["crown"] == 10 - 3 + int(s.workshops[slot("crown")]) + 3       # its shares lose nothing
    assert r["vp"]["benyon"] == 10 - 2 + int(s.workshops[slot("benyon")]) + 2 - 5


def test_a_bad_failure_card_in_a_data_pack_is_one_clear_error():
    with pytest.raises(DataPackError, match="failure_cards"):
        jc.new_game("1710", options={"families": 3, "data_pack": {"failure_cards": [["x", "the butler", -1]]}})
