"""Favours and promise cubes against the Crown (option crown; RB p.45-46, HB, AID, SC; rules/crown_favours.py)."""

import json

import numpy as np
import pytest

from coin_env.core.game import IllegalActionError
from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.encoding import JohnCompanyEncoder
from coin_env.games.john_company.static import CROWN, SHIP_NAMES
from jc_helpers import decline_blackmail, labels, play

SOLO = {"families": 1, "crown": True}
BOT = CrownBot()
WINDOW = "a favour with the Crown"
ME = 0


def solo(seed=0, position=None, script=None, **options):
    g = jc.new_game("1710", seed=seed, options=dict(SOLO, **options), position=position, debug=True, log=True,
                    script=script)
    decline_blackmail(g)
    return g


def fav(text):
    return f"favour: {text}"


def drive(g, until, family=None, limit=600):
    """Play until ``until(g)``: the Crown by its bot, the family by ``family(g, labels)`` (None: "done" at a
    favour window, else its first legal action)."""
    for _ in range(limit):
        if until(g):
            return g
        assert not g.is_over(), "the game ended first"
        who = g.current_player()
        if who == "crown":
            g.apply(BOT(g, who))
            continue
        labs = labels(g)
        pick = family(g, labs) if family else None
        play(g, pick or ("done" if WINDOW in g.prompt() else labs[0]))
    raise AssertionError("not reached")


def at_window(g):
    return not g.is_over() and WINDOW in g.prompt()


def cubes(g):
    c = g.state.crown["cubes"]
    return c["family"], c["crown"]


def family_window(**pos):
    """The favour window right after New Company Shares (RB p.45 / SC: the basic favours' window opens)."""
    g = solo(0, position=dict({"phase": "family"}, **pos))
    return drive(g, at_window)


# --- the basic favours (Crown family board; SC; digest §9.5) ----------------------------------------------
def test_window_right_after_new_company_shares_lists_affordable_favours():
    g = family_window(cash={"benyon": 12}, ships={"Atlas": {"owner": "benyon", "zone": None}})
    assert g.state.phase == "family" and g.current_player() == "benyon"
    offered = labels(g)
    assert fav("give an unfitted shipyard to the Crown (+2)") in offered
    assert fav("give £3 to the Crown (+2)") in offered and offered[-1] == "done"
    assert not any("take" in x for x in offered)          # the Crown holds nothing to take


def test_give_cash_moves_three_pounds_and_two_cubes_and_the_window_reopens():
    g = family_window(cash={"benyon": 12, "crown": 5})
    cash = int(g.state.cash[ME]), int(g.state.cash[CROWN])
    play(g, fav("give £3 to the Crown (+2)"))
    assert cubes(g) == (8, 4)
    assert (int(g.state.cash[ME]), int(g.state.cash[CROWN])) == (cash[0] - 3, cash[1] + 3)
    assert at_window(g)                                    # favours may be repeated (RB p.45)
    assert g.state.crown["favours"]["done"] == ["give_cash"] and g.state.crown["favours"]["total"] == 1
    play(g, "done")
    assert not at_window(g)


def test_a_gain_is_limited_to_the_crowns_cubes():
    """RB p.45: you may perform a favour that gains you fewer cubes than it says (the Crown's last ones)."""
    g = family_window(cash={"benyon": 20}, ships={"Atlas": {"owner": "benyon", "zone": "West Indian Ocean"}})
    play(g, fav("give a fitted shipyard to the Crown (+3)"))
    assert cubes(g) == (9, 3)
    assert g.state.shipyard_owner[SHIP_NAMES.index("Atlas")] == CROWN
    assert g.state.ship_zone[SHIP_NAMES.index("Atlas")] >= 0               # the ship goes with its shipyard
    play(g, fav("give £3 to the Crown (+2)"))
    play(g, fav("give £3 to the Crown (+2)"))
    assert cubes(g) == (12, 0)
    assert not at_window(g) or fav("give £3 to the Crown (+2)") not in labels(g)


def test_take_a_luxury_needs_the_full_price_and_moves_its_vp():
    """SC: take a luxury -7; RB p.8 / p.13: its 2 VP go with it."""
    g = family_window(climate="Bear", cash={"crown": 20, "benyon": 12})
    assert g.state.luxuries[CROWN] == 1                    # Bear: the Crown bought a luxury (HB Family)
    assert fav("take a luxury from the Crown (-7)") not in labels(g)     # 6 cubes cannot pay 7
    vp = int(g.state.vp[ME]), int(g.state.vp[CROWN])
    play(g, fav("give £3 to the Crown (+2)"))
    play(g, fav("take a luxury from the Crown (-7)"))
    assert cubes(g) == (1, 11)
    assert (int(g.state.luxuries[ME]), int(g.state.luxuries[CROWN])) == (1, 0)
    assert (int(g.state.vp[ME]), int(g.state.vp[CROWN])) == (vp[0] + 2, vp[1] - 2)


def test_a_favour_not_offered_is_refused():
    g = family_window(cash={"benyon": 12})
    with pytest.raises(IllegalActionError):
        g.apply(fav("take a workshop from the Crown (-6)"))


def test_legendary_family_without_cubes_is_offered_gains_only():
    g = solo(0, position={"phase": "family", "cash": {"benyon": 12}, "ships": {"Atlas": {"owner": "benyon",
                                                                                        "zone": None}}},
             crown_difficulty="legendary")
    drive(g, at_window)
    assert cubes(g) == (0, 12)
    assert all("(+" in x or x == "done" for x in labels(g))


def test_choice_between_two_shipyards():
    g = family_window(cash={"benyon": 12}, ships={"Atlas": {"owner": "benyon", "zone": None},
                                                  "Britannia": {"owner": "benyon", "zone": None}})
    play(g, fav("give an unfitted shipyard to the Crown (+2)"))
    assert set(labels(g)) == {"ship Atlas", "ship Britannia"}
    play(g, "ship Britannia")
    assert g.state.shipyard_owner[SHIP_NAMES.index("Britannia")] == CROWN
    assert g.state.shipyard_owner[SHIP_NAMES.index("Atlas")] == ME
    assert cubes(g) == (8, 4) and at_window(g)


def test_give_an_enterprise_prestige_card():
    g = family_window(cash={"benyon": 0}, prestige={"benyon": ["Foundry"]})
    play(g, fav("give an enterprise prestige card to the Crown (+4)"))
    assert cubes(g) == (10, 2)
    assert 24 in g.state.hands[CROWN]["prestige"] and 24 not in g.state.hands[ME]["prestige"]


def test_give_a_pound_only_when_the_crown_has_a_majority_of_shares():
    """HB Family: right after New Company Shares, +1 for £1 if the Crown has a majority of Company shares."""
    g = family_window(cash={"benyon": 12}, court={"crown": 3, "benyon": 1})
    assert fav("give £1 to the Crown, which has a majority of Company shares (+1)") in labels(g)
    play(g, fav("give £1 to the Crown, which has a majority of Company shares (+1)"))
    assert cubes(g) == (7, 5)
    g = family_window(cash={"benyon": 12}, court={"crown": 1, "benyon": 3}, offices={"Chairman": "benyon"})
    assert fav("give £1 to the Crown, which has a majority of Company shares (+1)") not in labels(g)


def test_easy_promise_card_removal_pays_half_the_turn_rounded_up():
    """RB p.46 Easy / SC: each of your 5 promise cards can be removed from the game for +ceil(turn/2)."""
    g = solo(0, position={"phase": "family", "turn": 3, "cash": {"benyon": 0}}, crown_difficulty="easy")
    drive(g, at_window)
    assert g.state.crown["promise_cards"] == 5
    play(g, fav("remove one of your promise cards from the game (Easy: +turn/2 rounded up)"))
    assert cubes(g) == (8, 4) and g.state.crown["promise_cards"] == 4
    g = family_window(cash={"benyon": 0})
    assert not at_window(g) or not any("promise" in x for x in labels(g))      # Normal: no promise cards


def test_window_at_the_end_of_revenue():
    g = solo(0, position={"phase": "revenue", "cash": {"benyon": 9}, "balance": 10})
    drive(g, at_window)
    assert g.state.phase == "revenue"
    play(g, fav("give £3 to the Crown (+2)"), "done")
    assert g.state.phase != "revenue" or g.is_over() or not at_window(g)


def test_favours_survive_a_save_and_show_in_the_view_and_observation():
    g = family_window(cash={"benyon": 12})
    play(g, fav("give £3 to the Crown (+2)"))
    g2 = jc.load_game(g.to_json())
    assert g2.state.crown == g.state.crown and g2.legal_actions() == g.legal_actions()
    crown = g.view("benyon")["fields"]["crown"]                 # cubes are public
    assert crown["cubes"] == {"crown": 4, "family": 8} and crown["favours"]["done"] == ["give_cash"]
    enc = JohnCompanyEncoder()
    out = enc.encode(g, "benyon", np.zeros(enc.size, np.float32))
    assert out[enc.o_crown + 2] == pytest.approx(4 / 6) and out[enc.o_crown + 3] == pytest.approx(8 / 6)
    bad = json.loads(g.to_json())
    bad["state"]["fields"]["crown"]["favours"]["done"] = ["steal_the_crown_jewels"]
    with pytest.raises(ValueError):
        jc.load_game(json.dumps(bad))
