"""Favours and promise cubes against the Crown (option crown; RB p.45-46, HB, AID, SC; rules/crown_favours.py)."""

import json

import numpy as np
import pytest

from coin_env.core.game import IllegalActionError
from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from coin_env.games.john_company.data import crown as cd
from coin_env.games.john_company.encoding import JohnCompanyEncoder
from coin_env.games.john_company.actions import ALLIANCE0
from coin_env.games.john_company.static import CROWN, SHIP_NAMES
from jc_helpers import decline_blackmail, labels, play
from jc_favour_helpers import at_operations, spouse_display

SOLO = {"families": 1, "crown": True}
BOT = CrownBot()
WINDOW = "a favour with the Crown"
ME = 0


def solo(seed=0, position=None, dice=None, **options):
    g = jc.new_game("1710", seed=seed, options=dict(SOLO, **options), position=position, debug=True, log=True,
                    dice=dice)
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
    # The Crown has no money: its family actions (HB Family queue) buy no shipyard, luxury or workshop to take.
    g = family_window(cash={"benyon": 12, "crown": 0}, ships={"Atlas": {"owner": "benyon", "zone": None}},
                      climate="Bull")
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
    assert not at_window(g) or "It is to decide" in g.prompt()     # (the next window: the Crown Chairman's Debt)


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


# --- consent favours (HB Hiring, Chairman; digest §9.6.4-9.6.5) ---------------------------------------------
FILLED = {"Director of Trade": "crown", "Military Affairs": "crown", "President of Bombay": "crown",
          "President of Madras": "crown", "President of Bengal": "crown"}


def hiring_mos(chairman, **pos):
    """Hiring with only the Manager of Shipping vacant (the Chairman hires any writer, RB p.16)."""
    offices = dict(FILLED, **{"Chairman": chairman, "Manager of Shipping": None})
    return solo(0, position=dict({"phase": "hiring", "offices": offices,
                                  "writers": {"benyon": {"Bombay": 1}, "crown": {"Bombay": 1}}}, **pos))


def test_buy_the_crowns_consent_to_your_nepotism():
    """HB Hiring 3: -2 for the Crown's consent; bought, it is binding -- the Crown is not asked."""
    g = hiring_mos("benyon")
    play(g, "writer in Bombay", "Benyon")
    assert at_window(g) and labels(g) == [fav("buy the Crown's consent to your nepotism (-2)"), "done"]
    play(g, fav("buy the Crown's consent to your nepotism (-2)"))
    assert g.state.office_holder[3] == ME
    assert g.state.crown["favours"]["done"] == ["nepotism_consent", "chairman_dues"]      # then Operations begin
    assert cubes(g) == (3, 9)
    assert not any(e["kind"] == "decision" and e["actor"] == "crown" and "nepotism" in e["text"] for e in g.log)


def test_without_the_favour_the_crown_refuses_your_nepotism():
    g = hiring_mos("benyon")
    play(g, "writer in Bombay", "Benyon", "done")
    assert g.current_player() == "crown" and "nepotism" in g.prompt()
    g.apply(BOT(g, "crown"))                         # the Crown's consent is bought, not given (HB)
    assert cubes(g) == (6, 6) and "hires the Manager of Shipping" in g.prompt()


def test_hiring_a_crown_piece_over_yours_gains_a_cube():
    """HB Hiring 3: +1 when you hire a Crown piece over any non-Crown candidate (mandatory)."""
    g = hiring_mos("benyon")
    play(g, "writer in Bombay", "Crown")
    assert g.state.office_holder[3] == CROWN
    assert g.state.crown["favours"]["done"] == ["hire_crown_piece", "chairman_dues"]      # +1, then -1 as Chairman
    assert cubes(g) == (6, 6)


def test_the_crowns_nepotism_is_mandatory_plus_two():
    """HB Hiring 4.1: the Crown hires its own; you must consent and receive 2 cubes (it holds at least 2)."""
    g = hiring_mos("crown")
    drive(g, lambda g: g.state.office_holder[3] >= 0)
    assert g.state.office_holder[3] == CROWN
    assert cubes(g) == (8, 4)
    assert not any(e["kind"] == "decision" and e["actor"] == "benyon" for e in g.log)


def test_chairman_pays_one_cube_once_a_turn():
    """HB Chairman: you are Chairman -- mandatory -1 once per turn, before any action."""
    g = solo(0, position={"phase": "operations", "offices": {"Chairman": "benyon"}})
    assert "Chairman Benyon" in g.prompt() and cubes(g) == (5, 7)
    assert g.state.crown["favours"]["done"] == ["chairman_dues"]


def test_legendary_chairman_without_cubes_pays_nothing():
    g = solo(0, position={"phase": "operations", "offices": {"Chairman": "benyon"}}, crown_difficulty="legendary")
    assert "Chairman Benyon" in g.prompt() and cubes(g) == (0, 12)


@pytest.mark.parametrize("climate,first", [("Bull", 1), ("Stag", 2), ("Lion", 3), ("Bear", 4)])
def test_buy_the_crowns_shares_for_debt_beyond_three(climate, first):
    """HB Chairman: the Crown's shares consent to the first advance beyond 3 at -1/-2/-3/-4/-6, each further
    at -1 (Hard: 2 cubes -> the family cannot afford Bear's first)."""
    g = solo(0, position={"phase": "operations", "offices": {"Chairman": "benyon"}, "court": {"crown": 3, "benyon": 1},
                          "climate": climate, "debt": 0}, crown_difficulty="easy")
    play(g, "3", "yes")
    assert labels(g) == [fav("buy the Crown's consent to the Debt advance beyond 3 (-1 .. -6)"), "done"]
    play(g, fav("buy the Crown's consent to the Debt advance beyond 3 (-1 .. -6)"))
    assert g.state.debt == 4 and cubes(g) == (5 - first, 7 + first)
    play(g, "yes", fav("buy the Crown's consent to the Debt advance beyond 3 (-1 .. -6)"))
    assert g.state.debt == 5 and cubes(g) == (4 - first, 8 + first)


def test_debt_favour_not_offered_when_unaffordable():
    g = solo(0, position={"phase": "operations", "offices": {"Chairman": "benyon"}, "court": {"crown": 3, "benyon": 1},
                          "climate": "Peacock", "debt": 0})
    play(g, "3", "yes")                              # 5 cubes cannot pay Peacock's 6: the Crown is asked
    assert g.current_player() == "crown" and "Debt" in g.prompt()


def test_the_crown_elects_you_for_three_cubes():
    """HB Hiring 1: the Crown with a majority of shares elects itself; -3: it elects you instead."""
    offices = dict(FILLED, **{"Chairman": None, "Manager of Shipping": "crown"})
    g = solo(0, position={"phase": "hiring", "offices": offices, "court": {"crown": 3, "benyon": 1},
                          "chairman_title": "crown"})
    assert labels(g) == [fav("the Crown elects you Chairman instead of itself (-3)"), "done"]
    play(g, fav("the Crown elects you Chairman instead of itself (-3)"))
    assert g.state.office_holder[0] == ME and g.state.court[ME] == 0
    assert g.state.crown["favours"]["done"] == ["elect_you", "chairman_dues"] and cubes(g) == (2, 10)
    g = solo(0, position={"phase": "hiring", "offices": offices, "court": {"crown": 3, "benyon": 1},
                          "chairman_title": "crown"})
    play(g, "done")
    drive(g, lambda g: g.state.office_holder[0] >= 0)
    assert g.state.office_holder[0] == CROWN and cubes(g) == (6, 6)


def test_you_elect_the_crown_for_three_cubes():
    """HB Hiring 1: you hold the majority and elect the Crown: +3."""
    offices = dict(FILLED, **{"Chairman": None, "Manager of Shipping": "crown"})
    g = solo(0, position={"phase": "hiring", "offices": offices, "court": {"crown": 1, "benyon": 3},
                          "chairman_title": "crown"})
    drive(g, lambda g: "Crown for Chairman" in g.prompt() or "favour" in g.prompt(),
          family=lambda g, labs: "no" if "campaign" in g.prompt() else None)
    assert labels(g) == [fav("elect the Crown Chairman (+3)"), "done"]
    play(g, fav("elect the Crown Chairman (+3)"))
    assert g.state.office_holder[0] == CROWN and cubes(g) == (9, 3)


# --- Royal Privilege (HB Parliament / Upkeep; AID; digest §9.6.13-9.6.14) -----------------------------------
def test_royal_privilege_pays_the_crowns_tax_and_upkeep_from_the_balance():
    """The Crown cannot pay a window tax (£4) nor its upkeep (£4): the Balance pays the shortfall, with an
    emergency loan when it runs short (Debt +1, Standing -1, RB p.27 reading); the family has no privilege."""
    # The Crown PM draws Masses Demand Franchise! second and turns the dial from 0 to Tax Luxuries; its two
    # shipyards and Benyon's one pass it (support 1 + 2 + 1); the Climate Shift dice keep the climate Stag.
    g = solo(0, position={"phase": "parliament", "prizes": {"crown": [0, 2, 1, 0, 0], "benyon": [0, 1, 0, 0, 0]},
                          "cash": {"crown": 0, "benyon": 0}, "balance": 3, "debt": 2, "standing": 4,
                          "pm": "crown", "dial": 0, "climate": "Bear", "ai_card": 10,
                          "law_deck": ["Debt Restructure", "Masses Demand Franchise!"],
                          "ships": {"Ganges": {"owner": "crown", "zone": "South Indian Ocean"},
                                    "Samaritan": {"owner": "crown", "zone": "West Indian Ocean"},
                                    "Recovery": {"owner": "benyon", "zone": "East Indian Ocean"}}},
             dice=[5, 2, 1, 3, 3, 1])
    drive(g, lambda g: g.state.turn == 2)
    notes = [e["text"] for e in g.log if e["kind"] in ("crown", "parliament")]
    assert "Policy: Tax Luxuries with window tax" in notes
    assert ("Royal Privilege: the Crown takes £4 of its £4 from the Company Balance (1 emergency loan(s), Debt 3)"
            in notes)
    assert "Royal Privilege: the Crown takes £4 of its £4 from the Company Balance" in notes
    assert list(g.state.prize_pieces[CROWN]) == [0, 2, 1, 0, 0] and g.state.cash[CROWN] == 0
    assert (int(g.state.balance), int(g.state.debt), int(g.state.standing)) == (0, 3, 3)
    assert list(g.state.prize_pieces[ME]) == [0, 0, 0, 0, 0]            # the family's unpaid window returns


def test_royal_privilege_loans_can_fail_the_company():
    """AID Royal Privilege: '... emergency loans as required. This may cause Company failure.'"""
    g = solo(0, position={"phase": "parliament", "prizes": {"crown": [0, 2, 1, 0, 0]},
                          "cash": {"crown": 0}, "balance": 0, "debt": 2, "standing": 1})
    drive(g, lambda g: g.is_over() or g.state.turn == 2)
    assert g.is_over() and g.state.standing == 0
    assert "Company Standing -1 (emergency loans for Royal Privilege): 0" in [e["text"] for e in g.log]


# --- mandatory favours of the phases (HB; digest §9.6.8-9.6.14) ---------------------------------------------
def done_or_first(g, labs):
    return "done" if "done" in labs else None


def test_you_as_president_gain_a_cube_per_crown_writer_placed():
    """HB President: mandatory +X when you place X Crown writers filling orders (even if forced)."""
    g = solo(0, position={"phase": "operations",      # no Crown Director of Trade: its transfers would move the ships
                          "offices": {"President of Bombay": "benyon", "Director of Trade": None},
                          "writers": {"crown": {"Bombay": 2}}, "treasuries": {"President of Bombay": 10},
                          "ships": {"Atlas": {"owner": "benyon", "zone": "West Indian Ocean"},
                                    "Britannia": {"owner": "benyon", "zone": "West Indian Ocean"}}},
             dice=[1] * 30)
    drive(g, lambda g: "President of Bombay Benyon: Trade" in g.prompt())
    play(g, "Trade", "done", "4", "order B3 in Bombay", "order B1 in Bombay")
    assert g.state.crown["favours"]["done"] == ["president_crown_writer", "president_crown_writer"]
    assert cubes(g) == (8, 4)


def test_the_crown_manager_fitting_your_ship_costs_a_cube():
    """HB Manager of Shipping 1: a Crown Manager fits your ships after its own -- mandatory -1, if able."""
    g = solo(0, position={"phase": "operations", "offices": {"Manager of Shipping": "crown"},
                          "treasuries": {"Manager of Shipping": 3}, "ships": {"Atlas": {"owner": "benyon",
                                                                                       "zone": None}}})
    drive(g, lambda g: g.state.ship_zone[SHIP_NAMES.index("Atlas")] >= 0, family=done_or_first)
    assert g.state.crown["favours"]["done"] == ["mos_fits_yours"] and cubes(g) == (5, 7)


def test_you_fitting_a_crown_ship_gain_a_cube():
    """HB Manager of Shipping (RB p.45 example): +1 fit a Crown ship."""
    g = solo(0, position={"phase": "operations",       # no Chairman nor Director of Trade acts first
                          "offices": {"Manager of Shipping": "benyon", "Chairman": None, "Director of Trade": None},
                          "treasuries": {"Manager of Shipping": 3}, "ships": {"Atlas": {"owner": "crown",
                                                                                       "zone": None}}})
    drive(g, lambda g: "Fit which ship" in g.prompt(), family=lambda g, labs: "fit a ship" if "fit a ship" in labs
          else None)
    play(g, "ship Atlas")
    assert g.state.crown["favours"]["done"] == ["mos_fits_crown"] and cubes(g) == (7, 5)


def test_assigning_the_crown_as_commander_gains_a_cube():
    """HB Military Affairs: you are MA -- mandatory +1 whenever you assign the Crown as Commander (no choice)."""
    g = solo(0, position={"phase": "operations", "offices": {"Military Affairs": "benyon"},
                          "officers": {"crown": {"Bombay": 1}}, "commanders": {"Bombay": None}})
    drive(g, lambda g: g.state.commander[0] == CROWN, family=done_or_first)
    assert g.state.crown["favours"]["done"] == ["ma_crown_commander"] and cubes(g) == (7, 5)


def test_upkeep_plus_one_when_none_of_your_writers_returns_from_a_crown_presidency():
    """HB Upkeep 2: you have a writer in a Crown Presidency but none returns from its orders: +1."""
    g = solo(0, position={"phase": "parliament", "offices": {"President of Bombay": "crown"},
                          "writers": {"benyon": {"Bombay": 1}}})
    drive(g, lambda g: g.state.turn == 2, family=done_or_first)
    assert any("none of your writers returns from a Crown Presidency" in e["text"] for e in g.log)
    g = solo(0, position={"phase": "parliament", "offices": {"President of Bombay": "benyon"},
                          "writers": {"benyon": {"Bombay": 1}}})
    drive(g, lambda g: g.state.turn == 2, family=done_or_first)
    assert not any("none of your writers returns" in e["text"] for e in g.log)


# --- alliance consent (HB Commander; digest §9.6.10) -------------------------------------------------------
def alliance_game(climate):
    """The Crown's Set Climate happens in the Chairman's slot first (RB p.45): the AI card on top sets ``climate``.
    Only the Presidency of Madras acts (no other office holder moves the pieces first)."""
    offices = {o: None for o in ("Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs",
                                 "President of Bombay", "President of Bengal")}
    g = solo(0, position=at_operations(climate, offices=dict(offices, **{"President of Madras": "crown"}),
                                       commanders={"Madras": "benyon", "Bombay": None, "Bengal": None},
                                       officers={"benyon": {"Madras": 1}}, treasuries={"President of Madras": 10}))
    drive(g, lambda g: "Commander of the Madras Army Benyon" in g.prompt(), family=done_or_first)
    play(g, "buy a local alliance")
    return g


def test_buy_the_crown_presidents_consent_to_an_alliance():
    """HB Commander: you are Commander -- the Crown President's consent costs -2/-2/-1/0/0 (Bull: -2)."""
    g = alliance_game("Bull")
    assert g.state.crown["climate"] == cd.BULL
    before, treasury = cubes(g), int(g.state.treasury[3])
    play(g, labels(g)[0])
    assert labels(g) == [fav("buy the Crown President's consent to your alliance purchase (-2 / -1)"), "done"]
    play(g, fav("buy the Crown President's consent to your alliance purchase (-2 / -1)"))
    assert cubes(g) == (before[0] - 2, before[1] + 2) and g.state.treasury[3] < treasury     # paid


def test_the_crown_president_consents_for_free_in_peacock():
    g = alliance_game("Peacock")
    assert g.state.crown["climate"] == cd.PEACOCK               # Peacock: 0, free consent
    before, treasury = cubes(g), int(g.state.treasury[3])
    play(g, labels(g)[0])
    assert cubes(g) == before and g.state.treasury[3] < treasury and WINDOW not in g.prompt()
    assert any("consents for free" in e["text"] for e in g.log)


# --- "you decide for the Crown" (HB Hiring 4, Commander 2, Director of Trade 1, Manager of Shipping 4) ----------
def test_make_one_hiring_decision_for_the_crown():
    """HB Hiring 4: -3 you make one hiring decision for the Crown (here: which candidate it hires)."""
    offices = dict(FILLED, **{"Chairman": "crown", "Manager of Shipping": None})
    g = solo(0, position={"phase": "hiring", "offices": offices,
                          "writers": {"benyon": {"Bombay": 1}, "crown": {"Madras": 1}}})
    assert labels(g) == [fav("you make this hiring decision for the Crown (-3)"), "done"]
    play(g, fav("you make this hiring decision for the Crown (-3)"))
    assert g.current_player() == "benyon" and "decides for the Crown" in g.prompt()
    assert set(labels(g)) == {"writer in Bombay", "writer in Madras"}
    play(g, "writer in Bombay")
    assert g.state.office_holder[3] == ME and cubes(g) == (3, 9)


def test_declining_leaves_the_decision_to_the_crown():
    offices = dict(FILLED, **{"Chairman": "crown", "Manager of Shipping": None})
    g = solo(0, position={"phase": "hiring", "offices": offices,
                          "writers": {"benyon": {"Bombay": 1}, "crown": {"Madras": 1}}})
    play(g, "done")
    assert g.current_player() == "crown"
    g.apply(BOT(g, "crown"))
    assert g.state.office_holder[3] == CROWN                                # HB 4.1: its own member,
    assert cubes(g) == (8, 4)                                               # your consent mandatory, +2


def test_choose_the_order_the_crowns_special_envoy_opens():
    """HB Director of Trade 1: -1 target a specific order (China left out: opening it is the -3 favour)."""
    # Bull: the Crown sends a Special Envoy of £3 (ENVOY_SPEND), its whole treasury; no Chairman allocates first
    g = solo(0, position=at_operations("Bull", offices={"Director of Trade": "crown", "Chairman": None},
                                       treasuries={"Director of Trade": 3}), dice=[1] * 3)
    drive(g, lambda g: at_window(g) and fav("you choose the order the Crown's Special Envoy opens (-1)") in labels(g))
    play(g, fav("you choose the order the Crown's Special Envoy opens (-1)"))
    assert g.current_player() == "benyon" and "open trade with China" not in labels(g)
    order = labels(g)[-1]
    play(g, order)
    assert f"Special Envoy opens {order}" in [e["text"] for e in g.log] and cubes(g) == (5, 7)


def test_choose_the_crown_commanders_deploy_target():
    """HB Commander 2: -2 you choose a valid Deploy target."""
    g = solo(0, position={"phase": "operations", "offices": {"President of Bombay": "crown", "Director of Trade": None},
                          "commanders": {"Bombay": "crown"}, "control": {"Bombay": "Bombay"},
                          "officers": {"crown": {"Bombay": 6}}, "regiments": {"Bombay": 4},
                          "treasuries": {"President of Bombay": 0}}, dice=[1] * 10)
    drive(g, lambda g: at_window(g) and fav("you choose the Crown Commander's Deploy target (-2)") in labels(g))
    before = cubes(g)
    play(g, fav("you choose the Crown Commander's Deploy target (-2)"))
    assert g.current_player() == "benyon" and "Deploy against which region" in g.prompt()
    play(g, "region Mysore")
    assert "Deploy against Mysore" in g.prompt() and cubes(g) == (before[0] - 2, before[1] + 2)


def test_choose_the_sea_zone_of_a_ship_the_crown_places():
    """HB Manager of Shipping 4: -1 the Crown places one ship in the sea zone of your choice."""
    g = solo(0, position={"phase": "operations", "offices": {"Manager of Shipping": "crown", "Director of Trade": None},
                          "treasuries": {"Manager of Shipping": 2}})
    drive(g, lambda g: at_window(g) and fav("you choose the sea zone of this ship the Crown places (-1)") in labels(g))
    play(g, fav("you choose the sea zone of this ship the Crown places (-1)"))
    assert g.current_player() == "benyon"
    ships = int(g.state.extra_ships[2] + g.state.company_ships[2])
    play(g, "East Indian Ocean")
    assert int(g.state.extra_ships[2] + g.state.company_ships[2]) == ships + 1 and cubes(g) == (5, 7)


# --- the Crown Chairman's dividends (HB Revenue 3) -----------------------------------------------------------
def dividends_game():
    """Bear: the Crown Chairman keeps £6 of the Balance after each further dividend (DIVIDEND_FLOOR), so one more
    dividend is still affordable and one fewer possible."""
    g = solo(0, position={"phase": "revenue", "offices": {"Chairman": "crown"}, "court": {"crown": 2, "benyon": 2},
                          "balance": 40, "climate": "Bear"})
    drive(g, lambda g: at_window(g) and "dividend" in g.prompt())
    return g


def paid(g):
    return [e["text"] for e in g.log if "dividend(s) paid" in e["text"]]


@pytest.mark.parametrize("favour,shift", [("one dividend more (-1 / -2)", 1), ("one dividend fewer (-2 / -1)", -1)])
def test_dividend_favours_shift_the_crown_chairmans_count(favour, shift):
    """HB Revenue 3: one fewer -2/-2/-1/-1/-1, one more -1/-1/-2/-2/-2; the bot pays the shifted count."""
    g = dividends_game()
    c = g.state.crown["climate"]
    n = int(g.prompt().split("would pay ")[1].split(" ")[0])
    before = cubes(g)
    play(g, fav(f"the Crown Chairman pays {favour}"), "done")
    price = -(cd.DIVIDEND_MORE if shift > 0 else cd.DIVIDEND_FEWER)[0][c]
    assert cubes(g) == (before[0] - price, before[1] + price)
    drive(g, lambda g: paid(g) or g.state.phase != "revenue")
    assert paid(g) == [f"{n + shift} dividend(s) paid: £{(n + shift) * 5}"]


# --- London Season (HB London Season; digest §9.6.1) ----------------------------------------------------------
def test_take_a_pound_before_retirements_for_two_cubes():
    g = solo(0, position={"phase": "london_season", "turn": 2, "cash": {"crown": 10, "benyon": 0}})
    assert labels(g) == [fav("take £1 from the Crown's treasury before retirements (-2)"), "done"]
    play(g, fav("take £1 from the Crown's treasury before retirements (-2)"))
    assert cubes(g) == (4, 8) and (int(g.state.cash[ME]), int(g.state.cash[CROWN])) == (1, 9)
    play(g, fav("take £1 from the Crown's treasury before retirements (-2)"), "done")
    assert cubes(g) == (2, 10)


def test_after_the_crown_has_retired_take_a_card_or_a_pound():
    """-5 an enterprise prestige card, -4 a blackmail card (unseen: the engine draws it), -1 £1."""
    pos = solo(0, position={"phase": "london_season", "turn": 2, "cash": {"crown": 3, "benyon": 0},
                            "prestige": {"crown": ["Foundry"]}, "blackmail": {"crown": ["Company Fraud"]}},
               crown_difficulty="easy").to_position()
    g = solo(0, position=spouse_display(pos), crown_difficulty="easy")     # the Crown takes no enterprise card
    play(g, "done")
    drive(g, lambda g: at_window(g) and fav("take £1 from the Crown's treasury (-1)") in labels(g))
    assert fav("take a blackmail card from the Crown, unseen (-4)") in labels(g)
    play(g, fav("take an enterprise prestige card from the Crown (-5)"))
    assert 24 in g.state.hands[ME]["prestige"] and 24 not in g.state.hands[CROWN]["prestige"]
    assert cubes(g) == (1, 11)
    assert labels(g) == [fav("take £1 from the Crown's treasury (-1)"), "done"]      # 1 cube left: -4 unaffordable


def test_take_the_crowns_blackmail_card():
    g = solo(0, position={"phase": "london_season", "turn": 2, "cash": {"crown": 0},
                          "blackmail": {"crown": ["Company Fraud"]}})
    drive(g, lambda g: at_window(g) and fav("take a blackmail card from the Crown, unseen (-4)") in labels(g))
    crowns, mine = list(g.state.hands[CROWN]["blackmail"]), list(g.state.hands[ME]["blackmail"])
    play(g, fav("take a blackmail card from the Crown, unseen (-4)"))
    got = [c for c in g.state.hands[ME]["blackmail"] if c not in mine]
    assert len(got) == 1 and got[0] in crowns and got[0] not in g.state.hands[CROWN]["blackmail"]
    assert cubes(g) == (2, 10)


def test_a_spouse_forbidding_shipyards_forbids_taking_one():
    """RB spouse restriction (Violet Effingham: no shipyards): the family does not take one from the Crown."""
    ships = {"Atlas": {"owner": "crown", "zone": None}}
    g = family_window(cash={"benyon": 12}, ships=ships)
    assert fav("take an unfitted shipyard from the Crown (-4)") in labels(g)
    g = family_window(cash={"benyon": 12}, ships=ships, prestige={"benyon": ["Violet Effingham"]})
    assert fav("take an unfitted shipyard from the Crown (-4)") not in labels(g)


# --- your blue boxes as Chairman and Manager of Shipping (HB Chairman, Manager of Shipping) ---------------------
def test_allocating_enough_to_a_crown_office_gains_a_cube():
    """HB Chairman: you are Chairman -- +1 allocate £3/£4/£4/£4/£5 to a Crown office (Bull: £3)."""
    offices = {"Chairman": "benyon", "Director of Trade": "benyon", "Manager of Shipping": "benyon",
               "President of Bombay": "crown", "President of Madras": "benyon", "President of Bengal": "benyon"}
    g = solo(0, position={"phase": "operations", "offices": offices, "balance": 10, "climate": "Bull"})
    play(g, "0", "0", "0", "2")                   # Debt; the Director of Trade, Manager of Shipping; Bombay £2
    assert g.state.crown["favours"]["done"] == ["chairman_dues"]
    g = solo(0, position={"phase": "operations", "offices": offices, "balance": 10, "climate": "Bull"})
    play(g, "0", "0", "0", "3")
    assert g.state.crown["favours"]["done"] == ["chairman_dues", "chairman_allocation"] and cubes(g) == (6, 6)


def test_placing_a_ship_in_a_crown_presidencys_zone_gains_a_cube():
    """HB Manager of Shipping: you are MoS -- +1 for placing a ship in a Crown Presidency's sea zone."""
    pos = {"phase": "operations", "offices": {"Manager of Shipping": "benyon", "President of Bombay": "crown",
                                              "President of Madras": "benyon"},
           "treasuries": {"Manager of Shipping": 4}}
    g = solo(0, position=pos)
    drive(g, lambda g: "lease an extra ship" in labels(g))
    play(g, "lease an extra ship", "West Indian Ocean")
    assert g.state.crown["favours"]["done"][-1:] == ["mos_crown_zone"]
    n = g.state.crown["favours"]["total"]
    play(g, "lease an extra ship", "South Indian Ocean")
    assert g.state.crown["favours"]["total"] == n


def test_choose_the_crown_prime_ministers_dial_space():
    """HB Parliament 3: -4 the Crown PM chooses the other space (reading: you choose)."""
    g = solo(0, position={"phase": "parliament", "pm": "crown", "law_deck": ["Board of Control"], "dial": 8},
             crown_difficulty="easy", dice=[3] * 6)
    drive(g, lambda g: at_window(g) and fav("the Crown Prime Minister turns the dial to the space of your choice (-4)")
          in labels(g))
    play(g, fav("the Crown Prime Minister turns the dial to the space of your choice (-4)"))
    assert g.current_player() == "benyon" and "turn the dial" in g.prompt() and cubes(g) == (2, 10)
    ccw = g.prompt_frame()["ccw"]
    play(g, "turn the dial counter-clockwise")
    assert g.state.dial == ccw


# --- the Crown Chairman's Seek Debt and allocation (HB Chairman 2-3; digest §9.6.5) -----------------------------
def crown_chairman():
    """Lion: the Crown Chairman seeks Debt (Peacock seeks none and has no 'one fewer')."""
    g = solo(0, position=at_operations("Lion", offices={"Chairman": "crown"}, debt=0, balance=5))
    assert g.state.crown["climate"] == cd.LION
    assert at_window(g) and "advance the Debt" in g.prompt()
    return g


@pytest.mark.parametrize("favour,shift", [("one more Debt advance (-1 / -2 / -3)", 1),
                                          ("one Debt advance fewer (-2 / -1)", -1)])
def test_the_crown_chairman_seeks_one_more_or_one_fewer_debt_advance(favour, shift):
    """HB Chairman 2: one more -1/-1/-2/-2/-3, one fewer -2/-2/-1/-1/--; beyond 3 the usual consent applies (the
    family holds no share here: the Crown's majority consents)."""
    from coin_env.games.john_company.bots.crown import seek_debt
    g = crown_chairman()
    c, base = g.state.crown["climate"], seek_debt(g.state, CROWN)
    play(g, fav(f"the Crown Chairman seeks {favour}"))
    price = -(cd.DEBT_MORE if shift > 0 else cd.DEBT_FEWER)[0][c]
    assert cubes(g) == (6 - price, 6 + price) and at_window(g)          # offered again (repeatable)
    play(g, "done")
    drive(g, lambda g: "allocate" in g.prompt())
    assert g.state.debt == base + shift
    assert g.state.crown["favours"]["done"] == ["debt_more" if shift > 0 else "debt_fewer"]


def test_no_debt_fewer_in_peacock():
    """HB Chairman 2: Peacock seeks no Debt and its 'one fewer' box is '--'."""
    assert cd.DEBT_FEWER[0][cd.PEACOCK] is None and cd.DEBT_MORE[0][cd.PEACOCK] == -3


def _allocate(request=None):
    g = crown_chairman()
    drive(g, lambda g: at_window(g) and "allocate" in g.prompt())
    if request:
        play(g, fav("have £3 (or less) of the Crown Chairman's allocation go to an office of your choice (-1)"))
        assert labels(g) == ["Director of Trade", "Manager of Shipping", "President of Bombay", "President of Madras",
                             "President of Bengal"]
        play(g, request)
        assert at_window(g)                                          # before each step: offered again
    balance = int(g.state.balance)
    play(g, "done")
    drive(g, lambda g: g.state.balance == 0 and g.current_player() != "crown")
    return g, balance


def test_have_three_pounds_of_the_crown_chairmans_allocation_go_to_an_office():
    """HB Chairman 3: -1 before each step, £3 (or less) allocated to a specific office (reading: served before the
    priority list)."""
    g0, balance = _allocate()
    g, balance1 = _allocate("President of Madras")
    assert balance1 == balance and cubes(g) == (cubes(g0)[0] - 1, cubes(g0)[1] + 1)
    assert int(g.state.treasury[3]) == int(g0.state.treasury[3]) + 3
    assert int(g.state.treasury.sum()) == int(g0.state.treasury.sum())
    assert g.state.crown["favours"]["done"] == ["allocate_3"]


# --- the Crown Governor General (HB Governor General; digest §9.6.7) --------------------------------------------
def crown_gg(dice, **pos):
    offices = dict({"Governor General": "crown", "Chairman": "benyon"}, **pos.pop("offices", {}))
    g = solo(0, position=dict({"phase": "operations", "offices": offices, "treasuries": {"Director of Trade": 10},
                               "control": {"Bombay": "Bombay", "Madras": "Madras"}}, **pos), dice=dice)
    drive(g, lambda g: at_window(g) and "Govern (treasury" in g.prompt(),
          family=lambda g, labs: "0" if "Chairman Benyon" in g.prompt() else None)
    return g


def test_raise_the_crown_governor_generals_required_dice():
    """HB Governor General: -1 increase or decrease the required number of dice by 1 (Lion 3 -> 4 dice)."""
    g = crown_gg([1] * 4)
    c, before = g.state.crown["climate"], cubes(g)
    play(g, fav("the Crown Governor General's required dice +1 (-1)"), "done")
    assert cubes(g) == (before[0] - 1, before[1] + 1)
    drive(g, lambda g: "Govern succeeds" in g.prompt() or "Govern succeeds" in str(g.prompt_frame().get("ask")))
    assert int(g.state.treasury[0]) == 10 - (cd.GOVERN_DICE[0][c] + 1)


def test_choose_the_results_of_the_crown_governor_generals_govern():
    """HB Governor General: -2 choose a different result for a successful Govern action (reading: all its
    regions' results, bought once)."""
    g = crown_gg([1] * 3)
    play(g, "done")
    drive(g, lambda g: at_window(g) and "Govern succeeds" in g.prompt())
    before = cubes(g)
    play(g, fav("you choose the results of the Crown Governor General's successful Govern (-2)"))
    assert g.current_player() == "benyon" and "decides for the Crown" in g.prompt()
    regiments = int(g.state.regiments[:, 0].sum())
    play(g, "Commission regiment")
    drive(g, lambda g: "decides for the Crown" in g.prompt())          # the second region: no second payment
    play(g, "Commission regiment")
    drive(g, lambda g: g.current_player() != "crown")
    assert cubes(g) == (before[0] - 2, before[1] + 2) and int(g.state.regiments[:, 0].sum()) == regiments + 2


def test_you_as_governor_general_gain_a_cube_for_a_crown_presidencys_army():
    """HB Governor General: you are GG -- +1 placing a regiment into an Army of a Crown Presidency."""
    g = solo(0, position={"phase": "operations", "offices": {"Governor General": "benyon", "Chairman": None,
                                                           "President of Bombay": "crown"},
                          "treasuries": {"Director of Trade": 3}, "control": {"Bombay": "Bombay"}}, dice=[1] * 3)
    drive(g, lambda g: "Govern (treasury" in g.prompt())
    play(g, "Administer", "3", "Commission regiment")
    before = cubes(g)
    play(g, "Bombay Presidency")
    assert cubes(g) == (before[0] + 1, before[1] - 1) and g.state.crown["favours"]["done"][-1] == "gg_crown_regiment"


# --- the Crown Governor (HB Governor; digest §9.6.10) --------------------------------------------------------------
def crown_governor(dice=None):
    g = solo(0, position={"phase": "operations", "offices": {"Governor of Madras": "crown", "Chairman": "benyon",
                                                           "President of Madras": "crown"},
                          "control": {"Madras": "Madras"}, "treasuries": {"President of Madras": 0}}, dice=dice)
    drive(g, lambda g: at_window(g) and "Governor of Madras Crown" in g.prompt(),
          family=lambda g, labs: "0" if "Chairman Benyon" in g.prompt() else None)
    return g


def test_the_crown_governor_does_not_administer_at_all():
    """HB Governor: -3 take no Administer actions."""
    g = crown_governor()
    before = cubes(g)
    play(g, fav("this Crown Governor does not Administer at all (-3)"))
    assert g.current_player() == "crown" and labels(g) == ["done"] and cubes(g) == (before[0] - 3, before[1] + 3)
    g.apply(BOT(g, "crown"))
    assert not any("Administer in Madras" in t for t in notes(g))


def notes(g):
    return [e["text"] for e in g.log]


def test_raise_the_crown_governors_minimum_pool():
    """HB Governor: -1 change the minimum by 1 (Lion 2; pool 4: +3 makes it stop at once)."""
    g = crown_governor()
    c = g.state.crown["climate"]
    assert "Administer with 4 dice" in g.prompt()
    for _ in range(4 - cd.ADMINISTER_MIN_POOL[0][c] + 1):
        play(g, fav("this Crown Governor's minimum pool +1 (-1)"))
    play(g, "done")
    assert g.current_player() == "crown" and g.action_label(BOT(g, "crown")) == "done"
    assert g.state.crown["favours"]["done"][-1] == "governor_min_up@10"


def test_choose_the_result_of_the_crown_governors_administer():
    """HB Governor: -2 choose a different result for a successful Administer action."""
    g = crown_governor(dice=[1] * 4)
    play(g, "done")
    drive(g, lambda g: at_window(g) and "Administer succeeds" in g.prompt())
    play(g, fav("you choose the result of the Crown Governor's successful Administer (-2)"))
    assert g.current_player() == "benyon" and "decides for the Crown" in g.prompt()
    regiments = int(g.state.regiments[1, 0])
    play(g, "Commission regiment")
    assert int(g.state.regiments[1, 0]) == regiments + 1


def test_you_as_governor_gain_a_cube_for_tax_to_a_crown_presidency_once_a_turn():
    """HB Governor: you are Governor -- +1 Tax money to a Crown Presidency's treasury, once per turn per Presidency."""
    g = solo(0, position={"phase": "operations", "offices": {"Governor of Madras": "benyon", "Chairman": None,
                                                           "President of Madras": "crown"},
                          "control": {"Madras": "Madras"}, "treasuries": {"President of Madras": 0}}, dice=[1] * 7)
    drive(g, lambda g: "Governor of Madras Benyon" in g.prompt())
    before = cubes(g)
    play(g, "Administer", "Tax to the President's treasury")
    assert cubes(g) == (before[0] + 1, before[1] - 1)
    play(g, "Administer", "Tax to the President's treasury")
    assert cubes(g) == (before[0] + 1, before[1] - 1)
    assert g.state.crown["favours"]["done"][-1] == "governor_crown_tax@1"


# --- the Crown Superintendent (HB Superintendent of Trade in China; digest §9.6.10) -----------------------------
def test_raise_the_crown_superintendents_minimum():
    """HB Superintendent: -1 increase or decrease the required number of dice by 1."""
    g = solo(0, position={"phase": "operations", "offices": {"Superintendent of Trade in China": "crown",
                                                           "Chairman": "benyon", "Director of Trade": None,
                                                           "Manager of Shipping": None},   # no ship moves first
                          "china_open": True,
                          "company_ships": {"China": 2}, "control": {"Madras": "Madras", "Bengal": "Bengal"}})
    drive(g, lambda g: at_window(g) and "Trade in China" in g.prompt(),
          family=lambda g, labs: "0" if "Chairman Benyon" in g.prompt() else None)
    c = g.state.crown["climate"]
    for _ in range(2 - cd.CHINA_MIN_DICE[0][c] + 1):
        play(g, fav("the Crown Superintendent's minimum of ships +1 (-1)"))
    play(g, "done")
    assert g.action_label(BOT(g, "crown")) == "done"


# --- the Crown Manager of Shipping (HB Manager of Shipping 1-3; digest §9.6.8) ----------------------------------
def crown_mos(climate, **pos):
    """The Crown Manager of Shipping with £12 under ``climate`` (Set Climate after your Chairman, RB p.45)."""
    g = solo(0, position=at_operations(climate, **dict({"offices": {"Manager of Shipping": "crown", "Chairman": "benyon",
                                                                    "Director of Trade": None},
                                                        "treasuries": {"Manager of Shipping": 12}, "ships": {}}, **pos)))
    drive(g, lambda g: at_window(g) and "Manager of Shipping Crown" in g.prompt(),
          family=lambda g, labs: "0" if "Chairman Benyon" in g.prompt() else None)
    return g


def mos_over(g):
    texts = notes(g)
    i = texts.index("Manager of Shipping (Crown) acts")
    return any("acts" in t or "skipped" in t or "operates" in t for t in texts[i + 1:])


def bought(g):
    return int(g.state.company_ships.sum()), int(g.state.extra_ships.sum())


def test_bull_the_crown_manager_buys_a_company_ship_and_another():
    """HB Manager of Shipping 2: Bull buys none; -1 it buys one; -1 it buys another; it leases with the rest."""
    g = crown_mos("Bull")
    assert g.state.crown["climate"] == cd.BULL
    ships, before = bought(g), cubes(g)
    play(g, fav("the Crown Manager of Shipping buys a Company ship (-1 / -2)"))
    assert fav("the Crown Manager of Shipping buys a Company ship (-1 / -2)") not in labels(g)     # once a turn
    play(g, fav("the Crown Manager of Shipping buys another Company ship (-1 / -2)"), "done")
    assert cubes(g) == (before[0] - 2, before[1] + 2)
    drive(g, mos_over)
    assert bought(g) == (ships[0] + 2, ships[1] + 1)              # £12: two Company ships, one extra ship


def test_stag_the_crown_manager_buys_no_company_ship():
    """HB Manager of Shipping 2: Stag buys one if able; -2 it buys none (it leases with all its money)."""
    g = crown_mos("Stag")
    assert g.state.crown["climate"] == cd.STAG
    ships, before = bought(g), cubes(g)
    play(g, fav("the Crown Manager of Shipping buys no Company ship (-2 / -1)"), "done")
    drive(g, mos_over)
    assert bought(g) == (ships[0], ships[1] + 6) and cubes(g) == (before[0] - 2, before[1] + 2)


def test_lion_the_crown_manager_buys_as_many_company_ships_as_you_wish():
    """HB Manager of Shipping 2: Lion buys as many as able; -3 as many as you wish."""
    g = crown_mos("Lion")
    assert g.state.crown["climate"] == cd.LION
    ships = bought(g)
    play(g, fav("the Crown Manager of Shipping buys as many Company ships as you wish (-3)"))
    assert labels(g) == ["0", "1", "2"]
    play(g, "1", "done")
    drive(g, mos_over)
    assert bought(g) == (ships[0] + 1, ships[1] + 3) and g.state.crown["favours"]["done"][-1] == "mos_buy_wish_1"


def test_the_crown_manager_leaves_two_pounds_unspent():
    """HB Manager of Shipping 3: the Crown leases with all money left; -1 it must leave £2 unspent."""
    g = crown_mos("Bull")
    ships = bought(g)
    play(g, fav("the Crown Manager of Shipping leaves £2 unspent (-1)"), "done")
    drive(g, mos_over)
    assert bought(g) == (ships[0], ships[1] + 5) and int(g.state.treasury[1]) == 2


def test_choose_the_ship_the_crown_manager_fits():
    """HB Manager of Shipping 1: -1 fit a specific ship (the Crown fits its own first)."""
    g = crown_mos("Bull", ships={"Atlas": {"owner": "crown", "zone": None}, "Eliza": {"owner": "benyon", "zone": None}})
    play(g, "done")
    drive(g, lambda g: at_window(g) and fav("you choose the ship the Crown Manager of Shipping fits (-1)") in labels(g))
    before = cubes(g)
    play(g, fav("you choose the ship the Crown Manager of Shipping fits (-1)"))
    assert g.current_player() == "benyon" and labels(g) == ["ship Atlas", "ship Eliza"]
    play(g, "ship Eliza")
    assert cubes(g)[0] == before[0] - 1 - 1          # the favour, then the mandatory -1 (it fits your ship)


# --- the Crown President and Commander (HB Presidency operations; digest §9.6.10) ---------------------------------
def crown_presidency():
    """Lion; only the Presidency of Bombay acts after your Chairman (no Military Affairs moves its Army), its home
    region Company-controlled; its Commander's Army (one officer) is too weak for Lion to buy an alliance or
    Deploy (HB Commander), so the treasury is left for Trade."""
    g = solo(0, position=at_operations("Lion", offices={"President of Bombay": "crown", "Chairman": "benyon",
                                                        "Director of Trade": None, "Manager of Shipping": None,
                                                        "Military Affairs": None},
                                       treasuries={"President of Bombay": 8}, company_ships={"West Indian Ocean": 3},
                                       writers={"crown": {"Bombay": 2}, "benyon": {"Bombay": 2}},
                                       commanders={"Bombay": "crown"}, officers={"crown": {"Bombay": 1}},
                                       control={"Bombay": "Bombay"}),
             dice=[1] * 30)
    return g


def chairman_zero(g, labs):
    return "0" if "Chairman Benyon" in g.prompt() else None


def test_make_one_change_to_the_crown_presidents_order():
    """HB Presidency operations: a Crown President orders Governors, Commander, Trade; -1 make one change."""
    g = crown_presidency()
    drive(g, lambda g: at_window(g) and "Presidency of Bombay: who acts next?" in g.prompt(), family=chairman_zero)
    before = cubes(g)
    play(g, fav("you make one change to the Crown President's order: who acts next (-1)"))
    assert g.current_player() == "benyon" and set(labels(g)) == {"Trade", "Commander of the Bombay Army"}
    play(g, "Trade")
    assert cubes(g) == (before[0] - 1, before[1] + 1) and "President of Bombay Crown: Trade" in g.prompt()


def test_raise_the_crown_presidents_required_trade_dice():
    """HB President 1: required dice 2/3/4/5/6; -1 change them by 1 (raised above the treasury: it does not trade)."""
    g = crown_presidency()
    drive(g, lambda g: at_window(g) and "President of Bombay Crown: Trade" in g.prompt(), family=chairman_zero)
    c = g.state.crown["climate"]
    for _ in range(8 - cd.TRADE_MIN_DICE[0][c] + 1):
        play(g, fav("the Crown President's required trade dice +1 (-1)"))
    play(g, "done")
    assert g.action_label(BOT(g, "crown")) == "done"
    assert g.state.crown["favours"]["done"][-1] == "trade_dice_up@0"


def test_the_crown_president_places_your_writer_instead_of_another():
    """HB President 3: the Crown places its writers first; -1 it places yours instead."""
    g = crown_presidency()
    drive(g, lambda g: at_window(g) and "whose writer fills order" in g.prompt(), family=chairman_zero)
    order = g.prompt().split("fills order ")[1].split("?")[0]
    play(g, fav("the Crown President places your writer instead of another (-1)"))
    assert labels(g) == ["Benyon"] and g.current_player() == "crown"
    g.apply(BOT(g, "crown"))
    from coin_env.games.john_company.static import ORDER_TITLES
    assert int(g.state.order_writer[ORDER_TITLES.index(order)]) == ME


ONLY_BOMBAY = {"President of Bombay": "crown", "Chairman": None, "Director of Trade": None, "Manager of Shipping": None,
               "Military Affairs": None}        # no other office allocates money or moves the Army first


def crown_commander():
    """Lion: the Crown Commander of Bombay deploys once (HB Commander 4)."""
    g = solo(0, position=at_operations("Lion", offices=ONLY_BOMBAY,
                                       commanders={"Bombay": "crown"}, control={"Bombay": "Bombay"},
                                       officers={"crown": {"Bombay": 6}}, regiments={"Bombay": 4},
                                       treasuries={"President of Bombay": 0}), dice=[1] * 20)
    assert g.state.crown["climate"] == cd.LION
    drive(g, lambda g: at_window(g) and "Commander of the Bombay" in g.prompt())
    return g


def deploy_rolls(g):
    return [t for t in notes(g) if t.startswith("Deploy against") and "dice" in t]


def test_raise_the_crown_commanders_deploy_requirement():
    """HB Commander 3: it deploys with exactly the required dice; -1 change the requirement by 1."""
    g = crown_commander()
    play(g, "done")
    drive(g, deploy_rolls)
    g1 = crown_commander()
    play(g1, fav("the Crown Commander's required Deploy dice +1 (-1)"), "done")
    drive(g1, deploy_rolls)
    def dice(h):
        return int(deploy_rolls(h)[0].split(": ")[1].split(" dice")[0])
    assert dice(g1) == dice(g) + 1


def test_force_the_crown_commander_to_deploy_again():
    """HB Commander 4: Bull/Stag/Lion do not deploy again; force another -2/-1/-1."""
    g = crown_commander()
    play(g, "done")
    drive(g, lambda g: at_window(g) and fav("the Crown Commander deploys again (-2 / -1)") in labels(g))
    c, before = g.state.crown["climate"], cubes(g)
    play(g, fav("the Crown Commander deploys again (-2 / -1)"))
    assert g.current_player() == "crown" and labels(g) == ["Deploy"]
    price = -cd.DEPLOY_AGAIN_FORCE[0][c]
    assert cubes(g) == (before[0] - price, before[1] + price)
    drive(g, lambda g: len(deploy_rolls(g)) == 2)


def alliance_commander():
    g = solo(0, position=at_operations("Lion", offices=ONLY_BOMBAY,
                                       commanders={"Bombay": "crown"}, control={"Bombay": "Bombay"},
                                       officers={"crown": {"Bombay": 6}}, regiments={"Bombay": 4},
                                       treasuries={"President of Bombay": 20}), dice=[1] * 20)
    drive(g, lambda g: at_window(g) and "Commander of the Bombay" in g.prompt())
    return g


def test_the_crown_commander_buys_one_more_alliance_of_your_choice():
    """HB Commander 1: -2/-2/-2/-1/-1 it buys one more alliance of your choice."""
    g = alliance_commander()
    c, before = g.state.crown["climate"], cubes(g)
    play(g, fav("the Crown Commander buys one more alliance, of your choice (-2 / -1)"))
    assert labels(g) == ["alliance Rajput Prince", "alliance Sikhs"]
    play(g, "alliance Sikhs")
    assert labels(g) == ["buy a local alliance"]
    g.apply(BOT(g, "crown"))
    assert labels(g) == ["alliance Sikhs"]
    g.apply(BOT(g, "crown"))
    price = -cd.ALLIANCE_ONE_MORE[0][c]
    assert "Sikhs joins the Bombay Army" in notes(g) and cubes(g) == (before[0] - price, before[1] + price)


def test_the_crown_commander_and_president_is_prevented_from_buying():
    """HB Commander 1: --/-1/-1/-2/-2 when the Crown also holds that Presidency, prevent the purchase."""
    g = alliance_commander()
    play(g, fav("the Crown Commander and President does not buy this alliance (-1 / -2)"))
    assert g.current_player() == "crown" and "buy a local alliance" not in labels(g)


def test_force_the_crown_commander_to_a_more_expensive_alliance():
    """HB Commander 1: Lion attempts the cheapest alliance; --/-1/-1/--/-- force a more expensive one."""
    g = alliance_commander()
    assert g.state.crown["climate"] == cd.LION
    play(g, "done")
    drive(g, lambda g: at_window(g) and "Buy which local alliance" in g.prompt())
    play(g, fav("the Crown Commander buys a more expensive alliance, of your choice (-1)"))
    assert g.current_player() == "benyon" and "decides for the Crown" in g.prompt()
    from coin_env.games.john_company.static import ALLIANCE_NAMES
    cost = {n: g.state.data.alliances[ALLIANCE_NAMES.index(n)][0] for n in ("Rajput Prince", "Sikhs")}
    assert labels(g) == [f"alliance {n}" for n in cost if cost[n] > min(cost.values())]
    assert all(g.state.data.alliances[a - ALLIANCE0][0] > min(cost.values()) for a in g.legal_actions())


# --- the Crown Prime Minister's law draw (HB Parliament (Crown PM) 2; digest §9.6.13) ---------------------------
def crown_pm(seed):
    """Seed 0: AI card 10 (draws 2 laws); seed 1: AI card 7 (draws 1)."""
    g = solo(seed, position={"phase": "parliament", "pm": "crown", "dial": 8,
                             "law_deck": ["Board of Control", "Calico Acts", "Ship Subsidy", "Tenure Limits"]},
             crown_difficulty="easy", dice=[3] * 6)
    drive(g, lambda g: at_window(g) and "select a law" in g.prompt())
    return g


def test_the_crown_prime_minister_stops_and_selects_the_law_just_drawn():
    """HB Parliament 2: -2 stop now and select the law just drawn (card 10: it would draw a second)."""
    g = crown_pm(0)
    assert "The Prime Minister draws Board of Control" in notes(g)
    play(g, fav("the Crown Prime Minister stops drawing and selects the law just drawn (-2)"))
    assert labels(g) == ["law Board of Control"] and cubes(g) == (4, 8)
    g.apply(BOT(g, "crown"))
    assert not any("draws Calico Acts" in t for t in notes(g))


def test_the_crown_prime_minister_skips_the_law_and_selects_the_third():
    """HB Parliament 2: -2 skip the law just drawn and draw again (it must select the 3rd law drawn)."""
    g = crown_pm(1)
    play(g, fav("the Crown Prime Minister skips the law just drawn and draws again, to select the 3rd (-2)"))
    assert labels(g) == ["draw another law"] and cubes(g) == (4, 8)
    drive(g, lambda g: "Crown: law Ship Subsidy (asked: Prime Minister Crown: select a law or draw another)"
          in notes(g))
    assert "The Prime Minister draws Calico Acts" in notes(g)
    assert "The Prime Minister draws Tenure Limits" not in notes(g)


def test_you_as_commander_gain_a_cube_deploying_with_crown_officers():
    """HB Commander: you are Commander -- +1 (Lion/Bear/Peacock) a successful Deploy into a non-Company region
    using one or more Crown officers."""
    g = solo(0, position=at_operations("Lion", offices={"President of Bombay": "benyon", "Director of Trade": None,
                                                        "Military Affairs": None, "Manager of Shipping": None},
                                       commanders={"Bombay": "benyon"}, control={"Bombay": "Bombay"},
                                       officers={"crown": {"Bombay": 6}}, regiments={"Bombay": 0},
                                       treasuries={"President of Bombay": 0}), dice=[1] * 20)
    drive(g, lambda g: "Commander of the Bombay Army Benyon" in g.prompt())
    assert g.state.crown["climate"] == cd.LION
    before = cubes(g)
    play(g, "Deploy", "region Mysore", "6")
    assert "Deploy succeeds in Mysore: loot £9, 1 trophies" in notes(g)
    assert cubes(g) == (before[0] + 1, before[1] - 1) and "deploy_crown_officers" in g.state.crown["favours"]["done"]


# --- the Crown Director of Trade's and Military Affairs' favours (HB DoT 1-2, HB MA 1-2; digest §9.6.6, §9.6.9) -------
OFFICES = ("Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs", "President of Bombay",
           "President of Madras", "President of Bengal")
SOUTH = "South Indian Ocean"


def crown_office(office, climate, offices=None, dice=None, **position):
    """The Crown holding ``office`` at its first decision of the Operations phase (the others as given, else vacant),
    ``climate`` under AI card 1 with card 5 next (the AI Presidency order Madras, Bombay, Bengal; the transfers'
    tests, test_jc_crown_transfers.py)."""
    offs = dict({o: None for o in OFFICES}, **(offices or {}))
    offs[office] = "crown"
    # Set Climate turns ``climate`` already in the game the position is read from, so that the decision under way
    # (its favour window) is the one of that climate
    pos = solo(0, position=at_operations(climate, next_card=5, **dict(position, offices=offs))).to_position()
    pos.update(climate=climate, ai_card=1, ai_deck=[5] + [c for c in range(2, 11) if c != 5], ai_discards=[])
    return solo(0, position=pos, dice=dice)


def crown_writers(g):
    return [int(x) for x in g.state.writers[CROWN]]


def zone_ships(g):
    s = g.state
    return [int((s.ship_zone == z).sum() + s.company_ships[z] + s.extra_ships[z]) for z in range(3)]


def regiments(g):
    return [int(g.state.regiments[p].sum()) for p in range(3)]


def officers(g, f):
    return [int(g.state.officers[f, p].sum()) for p in range(3)]


def office_over(*texts):
    """The office's transfers are over: no prompt of its menu or of a transfer."""
    return lambda g: g.is_over() or not any(x in g.prompt() for x in texts + ("ransfer", "Move ", "Which ship", "Whose"))


DOT_OVER, MA_OVER = office_over("Director of Trade"), office_over("Military Affairs")


DOT_PREVENT = fav("the Crown Director of Trade does not make its next transfer, one of its two (-1)")
DOT_CHOOSE = fav("you choose one of the Crown Director of Trade's two transfers, a writer or a ship (-2)")
MA_PREVENT = fav("the Crown Military Affairs does not make its next transfer this round, one of its two (-1)")
MA_CHOOSE = fav("you choose one of the Crown Military Affairs' two transfers, an officer or a regiment (-1)")


def dot_bull(**extra):
    """Bull, no money, two Crown writers in Madras, a Company ship in Madras's zone: unhelped, the Crown moves a Crown
    writer Madras -> Bombay (entry 1, shortest -> longest route) and then the ship (entry 2)."""
    return crown_office("Director of Trade", "Bull", treasuries={"Director of Trade": 0}, ships={},
                        company_ships={SOUTH: 1}, writers={"crown": {"Madras": 2}}, **extra)


def test_dot_unhelped_makes_both_transfers():
    g = drive(dot_bull(), DOT_OVER)
    assert crown_writers(g) == [1, 1, 0] and zone_ships(g) == [1, 0, 0] and cubes(g) == (6, 6)


def test_prevent_a_crown_dot_transfer_uses_one_of_the_two():
    """HB DoT 2: -1 prevent a transfer (counts as one of the two): the writer stays; the Crown goes on down its list
    (entry 2, the ship) and stops at two."""
    g = dot_bull()
    assert at_window(g) and DOT_PREVENT in labels(g)
    play(g, DOT_PREVENT)
    assert cubes(g) == (5, 7)
    g = drive(g, DOT_OVER)
    assert crown_writers(g) == [0, 2, 0] and zone_ships(g) == [1, 0, 0]
    assert g.state.crown["favours"]["done"] == ["dot_prevent"]


def test_prevent_both_crown_dot_transfers():
    g = dot_bull()
    play(g, DOT_PREVENT)
    play(g, DOT_PREVENT)
    assert cubes(g) == (4, 8) and not at_window(g)
    g = drive(g, DOT_OVER)
    assert crown_writers(g) == [0, 2, 0] and zone_ships(g) == [0, 1, 0]


def test_you_choose_one_crown_dot_transfer_then_the_crown_starts_its_list():
    """HB DoT 2: -2 you transfer one writer / ship where you choose (one of the two); the Crown's own transfer then
    starts from the top of its list (the writer, entry 1)."""
    g = dot_bull()
    play(g, DOT_CHOOSE)
    assert cubes(g) == (4, 8) and g.current_player() == "benyon"
    assert set(labels(g)) == {"transfer a writer", "transfer a ship"}
    play(g, "transfer a ship")
    play(g, labels(g)[0])                      # from the South Indian Ocean (the only ship)
    play(g, labels(g)[0])                      # the Company ship
    assert g.current_player() == "benyon"
    play(g, "East Indian Ocean")
    assert zone_ships(g) == [0, 0, 1]
    g = drive(g, DOT_OVER)
    assert crown_writers(g) == [1, 1, 0] and zone_ships(g) == [0, 0, 1]


def test_your_chosen_dot_transfer_cannot_undo_the_crowns():
    """HB DoT 2: 'players may not undo a previous transfer': after the Crown's writer Madras -> Bombay, your transfer
    of that writer may not go back to Madras."""
    g = dot_bull()
    play(g, "done")
    g = drive(g, lambda g: at_window(g) and DOT_CHOOSE in labels(g))
    assert crown_writers(g) == [1, 1, 0]
    play(g, DOT_CHOOSE)
    play(g, "transfer a writer")
    play(g, "Bombay Presidency")
    assert "Madras Presidency" not in labels(g) and labels(g) == ["Bengal Presidency"]


def ma_bull(**extra):
    """Bull, Benyon President of Bombay, the Crown of Bengal: unhelped the Crown moves the Bombay regiment to Bengal,
    then its officer Bombay -> Bengal (test_jc_crown_transfers.py)."""
    return crown_office("Military Affairs", "Bull", regiments={"Bombay": 1, "Madras": 1, "Bengal": 0},
                        officers={"crown": {"Bombay": 1}, "benyon": {"Bombay": 1}}, officers_in_training={},
                        offices={"President of Bombay": "benyon", "President of Bengal": "crown"}, **extra)


def test_prevent_a_crown_ma_transfer_this_round():
    """HB MA 1: -1 prevent a transfer from happening this round (one of the two): the regiment stays -- and is not
    moved later this round --; the Crown's other transfer is its officer."""
    g = ma_bull()
    assert at_window(g) and MA_PREVENT in labels(g)
    play(g, MA_PREVENT)
    assert cubes(g) == (5, 7)
    g = drive(g, MA_OVER, limit=20)
    assert regiments(g) == [1, 1, 0] and officers(g, CROWN) == [0, 0, 1] and officers(g, ME) == [1, 0, 0]


def test_you_choose_one_crown_ma_transfer():
    """HB MA 1: -1 you transfer one officer or regiment (one of the two); the Crown's other transfer does not undo it."""
    g = ma_bull()
    play(g, MA_CHOOSE)
    assert cubes(g) == (5, 7) and set(labels(g)) == {"transfer an officer", "transfer a regiment"}
    play(g, "transfer a regiment")
    play(g, "Madras Presidency")
    play(g, "Bombay Presidency")
    assert regiments(g) == [2, 0, 0]
    g = drive(g, MA_OVER, limit=20)
    assert regiments(g) == [1, 0, 1] and officers(g, CROWN) == [1, 0, 0]


def test_assign_an_officer_in_training_for_the_crown():
    """HB MA 2: -1 assign one officer to a Presidency of your choice (Bull would put yours in its Presidency)."""
    g = crown_office("Military Affairs", "Bull", regiments={}, officers={}, officers_in_training={"benyon": 1},
                     offices={"President of Bengal": "crown"})
    decide = fav("you assign this Officer-in-Training for the Crown Military Affairs (-1)")
    g = drive(g, lambda g: at_window(g) and decide in labels(g), limit=20)
    play(g, decide)
    assert cubes(g) == (5, 7) and g.current_player() == "benyon"
    play(g, "Madras Presidency")
    assert officers(g, ME) == [0, 1, 0]


def test_crown_assigns_the_officer_in_training_unhelped():
    g = crown_office("Military Affairs", "Bull", regiments={}, officers={}, officers_in_training={"benyon": 1},
                     offices={"President of Bengal": "crown"})
    g = drive(g, lambda g: officers(g, ME) != [0, 0, 0], limit=20)
    assert officers(g, ME) == [0, 0, 1]


def test_the_crowns_special_envoy_opens_china_instead():
    """HB DoT 1: -3 open trade with China (the Crown would open an order)."""
    from coin_env.games.john_company.static import SUPERINTENDENT
    g = crown_office("Director of Trade", "Bull", treasuries={"Director of Trade": 3}, dice=[1] * 3)
    china = fav("the Crown's Special Envoy opens trade with China instead (-3)")
    g = drive(g, lambda g: at_window(g) and china in labels(g), limit=20)
    assert not g.state.office_exists[SUPERINTENDENT]
    play(g, china)
    assert cubes(g) == (3, 9)
    g = drive(g, lambda g: g.state.office_exists[SUPERINTENDENT], limit=20)
    assert "Trade with China opened" in " ".join(e["text"] for e in g.log)


ENVOY_AMOUNT = fav("you set what the Crown's Special Envoy spends (any amount, zero included) and whether it sends more "
                   "(-2 / -1)")


def dot_treasury(n, climate="Bull", dice=None):
    return crown_office("Director of Trade", climate, treasuries={"Director of Trade": n}, ships={}, company_ships={},
                        writers={}, dice=dice)


def test_special_envoy_amount_zero_sends_none():
    """HB DoT 1: -2 (Bull) the Crown spends the amount you say, zero included (reading: zero -- no envoy, none after):
    £6 stays in its treasury, where unhelped it sends two envoys of £3."""
    from coin_env.games.john_company.static import T_DOT
    g = dot_treasury(6)
    assert at_window(g) and ENVOY_AMOUNT in labels(g)
    play(g, ENVOY_AMOUNT)
    assert cubes(g) == (4, 8) and g.current_player() == "benyon"
    play(g, "0")
    g = drive(g, DOT_OVER, limit=30)
    assert int(g.state.treasury[T_DOT]) == 6
    assert not any("Special Envoy" in e["text"] for e in g.log if e.get("kind") == "check")


def test_special_envoy_amount_and_no_further_envoys():
    """HB DoT 1: -1 (Bear, £4 an envoy) one envoy of £1 (it fails), then (your option) no further one: £7 left,
    unspent (unhelped it sends two of £4, below)."""
    from coin_env.games.john_company.static import T_DOT
    g = dot_treasury(8, "Bear", dice=[3] * 10)
    play(g, ENVOY_AMOUNT)
    assert cubes(g) == (5, 7)
    play(g, "1")
    play(g, "no")
    g = drive(g, DOT_OVER, limit=30)
    assert int(g.state.treasury[T_DOT]) == 7


def test_special_envoy_unhelped_spends_by_climate():
    from coin_env.games.john_company.static import T_DOT
    g = dot_treasury(8, "Bear", dice=[3] * 10)
    g = drive(g, DOT_OVER, limit=30)
    assert int(g.state.treasury[T_DOT]) == 0


def test_special_envoy_amount_and_further_envoys_as_it_would():
    """HB DoT 1: one envoy of £2 (it fails), further envoys as the Crown would: £4 then (£6 -> £2, below £4) stop."""
    from coin_env.games.john_company.static import T_DOT
    g = dot_treasury(8, "Bear", dice=[3] * 10)
    play(g, ENVOY_AMOUNT)
    play(g, "2")
    play(g, "yes")
    g = drive(g, DOT_OVER, limit=30)
    assert int(g.state.treasury[T_DOT]) == 2


# --- your blue boxes as Director of Trade (HB Director of Trade; digest §9.6.6) -------------------------------------
def family_dot(climate="Bull", **position):
    """Benyon Director of Trade at its menu (the Crown's AI card and climate as :func:`crown_office`)."""
    offs = dict({o: None for o in OFFICES}, **{"Director of Trade": "benyon"})
    offices = dict(offs, **position.pop("offices", {}))
    pos = solo(0, position=dict(position, phase="operations", offices=offices)).to_position()
    pos.update(climate=climate, ai_card=1, ai_deck=[5] + [c for c in range(2, 11) if c != 5], ai_discards=[])
    g = solo(0, position=pos, dice=[1] * 6)
    assert g.current_player() == "benyon" and "Director of Trade" in g.prompt(), g.prompt()
    return g


def open_b1(climate):
    g = family_dot(climate, treasuries={"Director of Trade": 3}, control={"Bombay": None},
                   orders={"B1": "closed", "B2": "closed", "B3": "closed"}, ships={}, company_ships={},
                   writers={"crown": {"Bombay": 1}}, offices={"President of Bombay": "crown"})
    play(g, "Special Envoy")
    play(g, "3")
    play(g, "order B1 in Bombay")
    return g


def test_you_as_dot_open_an_order_in_a_crown_presidencys_home_region():
    """HB DoT: +1 (Bull/Stag/Lion) open an order in the home region of a Crown Presidency with a Crown writer."""
    g = open_b1("Bull")
    assert "dot_crown_home_order" in g.state.crown["favours"]["done"] and cubes(g) == (7, 5)


def test_no_home_order_blue_box_in_bear():
    g = open_b1("Bear")
    assert "dot_crown_home_order" not in g.state.crown["favours"]["done"] and cubes(g) == (6, 6)


def test_you_as_dot_leave_the_presidencies_balanced():
    """HB DoT: +1 (Bull/Stag/Lion) if after your office acts no Presidency has 2 or more ships or writers more than any
    other (a writer in each, no ship); not when one Presidency has two writers more."""
    g = family_dot("Stag", treasuries={"Director of Trade": 0}, ships={}, company_ships={},
                   writers={"crown": {"Bombay": 1, "Madras": 1, "Bengal": 1}})
    play(g, "done")
    assert g.state.crown["favours"]["done"][-1:] == ["dot_balanced"] and cubes(g) == (7, 5)
    g = family_dot("Stag", treasuries={"Director of Trade": 0}, ships={}, company_ships={},
                   writers={"crown": {"Madras": 2}})
    play(g, "done")
    assert "dot_balanced" not in g.state.crown["favours"]["done"] and cubes(g) == (6, 6)


# --- the Crown Commander's Deploy: swap before rolling (HB Commander 3; digest §9.6.10) ------------------------------
DEPLOY_SWAP = fav("before the Crown Commander rolls, swap one of the pieces it exhausts for one it does not (-1)")


def crown_deploy(**extra):
    """The Crown Commander of Bombay with one officer of its own, two of yours and four regiments: it exhausts its
    own officer, then yours, then regiments (HB Commander 3). Lion: with the President's £4 it first buys the
    cheapest alliance (the Sikhs, strength 2), then deploys (4 dice against a non-Company region)."""
    return solo(0, position=at_operations("Lion", **dict({"offices": ONLY_BOMBAY,
                                                          "commanders": {"Bombay": "crown"},
                                                          "control": {"Bombay": "Bombay"},
                                                          "officers": {"crown": {"Bombay": 1}, "benyon": {"Bombay": 2}},
                                                          "regiments": {"Bombay": 4},
                                                          "treasuries": {"President of Bombay": 4}}, **extra)),
                dice=[1] * 10)


def test_swap_your_exhausted_officer_for_a_regiment_before_the_deploy_roll():
    """HB Commander 3: -X swap X exhausted pieces for unexhausted ones: one of your officers the Crown exhausts
    comes out, a regiment goes in (same dice); yours stays active."""
    g = drive(crown_deploy(), lambda g: at_window(g) and DEPLOY_SWAP in labels(g))
    play(g, DEPLOY_SWAP)
    assert labels(g) == ["Benyon", "Crown"]                       # whose exhausted piece comes out
    play(g, "Benyon", "a regiment")
    assert cubes(g) == (5, 7)
    play(g, "done")
    s = g.state
    assert int(s.officers[ME, 0, 0]) == 1 and int(s.regiments[0, 0]) == 1 and int(s.officers[CROWN, 0, 0]) == 0


def test_without_the_swap_your_officers_are_exhausted():
    g = drive(crown_deploy(), lambda g: at_window(g) and DEPLOY_SWAP in labels(g))
    play(g, "done")
    s = g.state
    assert int(s.officers[ME, 0, 0]) == 0 and int(s.regiments[0, 0]) == 2 and int(s.officers[CROWN, 0, 0]) == 0


def test_the_crown_commander_exhausts_its_own_officers_before_yours_and_regiments_last():
    """HB Commander 3 (digest §9.6.10): alliances, then Crown officers, then your officers, then regiments -- though
    the engine asks the regiments first."""
    from coin_env.games.john_company.static import CROWN
    g = solo(0, position={"phase": "operations", "offices": {"President of Bombay": "crown", "Director of Trade": None,
                                                           "Military Affairs": None},      # the pieces stay put
                          "commanders": {"Bombay": "crown"}, "control": {"Bombay": "Bombay"},
                          "officers": {"crown": {"Bombay": 2}, "benyon": {"Bombay": 1}}, "regiments": {"Bombay": 4},
                          "treasuries": {"President of Bombay": 0}}, dice=[1] * 20)
    drive(g, deploy_rolls)
    s = g.state
    crown, yours, regiments = int(s.officers[CROWN, 0, 1]), int(s.officers[0, 0, 1]), int(s.regiments[0, 1])
    used = crown + yours + regiments
    assert used >= 1
    assert crown == min(used, 2) and yours == min(max(used - 2, 0), 1) and regiments == max(used - 3, 0)
