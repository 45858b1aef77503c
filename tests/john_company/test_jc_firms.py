"""Deregulation and private firms in Long 1710 (RB p.4, p.36-42; digest §8): one test per rule, the rulebook's
worked examples (RB-ex p.40, p.42) built through positions, scripted dice and decisions."""

import json
import random

import pytest

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.actions import DONE, NO, YES
from coin_env.games.john_company.static import FAMILY_KEYS, ORDER, ORDER_TITLES

from jc_helpers import decline_blackmail, labels, play, slot

GREEN, PINK, BLUE, YELLOW = "benyon", "hastings", "larkins", "paxton"
OFFICES_HELD = {"Chairman": PINK, "Director of Trade": BLUE, "Manager of Shipping": YELLOW,
                "Military Affairs": BLUE, "President of Bombay": YELLOW, "President of Madras": PINK,
                "President of Bengal": YELLOW}
DEREGULATED = ["Deregulation"]


def long_game(families=4, seed=0, position=None, debug=True, dice=None):
    g = jc.new_game("Long 1710", seed=seed, options={"families": families}, position=position, debug=debug,
                    log=True, dice=dice)
    decline_blackmail(g)
    return g


def firms_position(**extra):
    """At the Firms phase of a deregulated Long 1710 (position phase "hiring": the Firms phase comes first)."""
    pos = {"phase": "hiring", "laws_in_force": list(DEREGULATED), "offices": dict(OFFICES_HELD),
           "court": {GREEN: 2, PINK: 1, BLUE: 1, YELLOW: 1}, "cash": {GREEN: 10, PINK: 10, BLUE: 10, YELLOW: 10}}
    pos.update(extra)
    return pos


def firm(g, family):
    return next((x for x in g.state.firms["firms"] if x["manager"] == slot(family)), None)


def notes(g, kind=None):
    return [e["text"] for e in g.log if kind is None or e.get("kind") == kind]


def until(g, pred, limit=3000):
    """Decline / finish every decision (done, no, else the first legal action) until ``pred(g)``."""
    for _ in range(limit):
        if g.is_over() or pred(g):
            return
        legal = g.legal_actions()
        g.apply(DONE if DONE in legal else NO if NO in legal else legal[0])
    raise AssertionError(f"never reached; at {g.prompt()!r}")


def cast(g, side, cash):
    """The family to vote votes ``side`` ("for" / "against", on its own behalf) with ``cash`` £ and nothing else."""
    who = g.current_player()
    play(g, f"vote {side}")
    if "coalition partner" in g.prompt():
        play(g, who.capitalize())
    while "how many" in g.prompt():
        play(g, str(cash) if "cash" in g.prompt() else "0")


def pass_firms_phase(g):
    """Everybody says done in the Firms phase's investment step (strategies still asked)."""
    while "a firm investment action, or done?" in g.prompt():
        g.apply(DONE)


# --- the scenario (RB p.4) --------------------------------------------------------------------------------------
def test_long_1710_is_the_1710_set_up_with_eight_turns_and_the_deregulation_card_aside():
    assert jc.SCENARIOS == ("1710", "Long 1710") and jc.DEFAULT_SCENARIO == "1710"
    a = jc.new_game("1710", seed=3, options={"families": 4})
    b = jc.new_game("Long 1710", seed=3, options={"families": 4})
    assert (a.state.last_turn, b.state.last_turn) == (4, 8)
    assert a.state.law_deck == b.state.law_deck and 56 not in b.state.law_deck      # set aside for the vote
    assert (a.state.cash == b.state.cash).all() and a.state.display == b.state.display
    with pytest.raises(ValueError, match="1758"):
        jc.new_game("1758")


# --- the Vote to Deregulate (RB p.36) ------------------------------------------------------------------------------
def vote_position(**extra):
    pos = {"phase": "london_season", "turn": 2, "offices": dict(OFFICES_HELD), "pm": GREEN,
           "cash": {GREEN: 5, PINK: 5, BLUE: 5, YELLOW: 5}}
    pos.update(extra)
    return pos


def test_a_star_space_forces_the_vote_and_passing_halves_debt_and_sets_standing_to_s():
    g = long_game(position=vote_position(debt=7, laws_in_force=["Industry Subsidy"]))
    assert g.state.phase == "deregulation_vote"
    assert g.prompt().startswith("Benyon: vote on Deregulation (support 0)")      # no question whether to call it
    cast(g, "for", 2)
    for _ in range(3):
        play(g, "done")
    play(g, "resolve the vote")
    s = g.state
    assert 56 in s.laws_in_force and s.debt == 4 and s.standing == 3        # 7 - 7//2; the "S" space
    assert s.law_tokens[slot(GREEN)] == 1 and s.pm == slot(GREEN)
    assert 44 not in s.laws_in_force and 44 in s.law_discards               # Industry Subsidy discarded
    assert s.phase == "london_season"


def test_a_lined_space_lets_the_pm_choose_and_a_failed_vote_raises_the_court_value():
    g = long_game(position=vote_position(debt=5))
    assert labels(g) == ["call the Vote to Deregulate", "no"]
    play(g, "call the Vote to Deregulate")
    cast(g, "against", 1)                           # RB p.36: the PM may vote against
    for _ in range(3):
        play(g, "done")
    play(g, "resolve the vote")
    s = g.state
    assert 56 not in s.laws_in_force and s.share_vp == 2 and s.pm == slot(GREEN) and s.debt == 5
    assert s.phase == "london_season"


def test_no_vote_off_the_lined_spaces_nor_in_1710():
    g = long_game(position=vote_position())
    assert g.state.phase == "london_season"
    g = jc.new_game("1710", seed=0, options={"families": 4}, position=vote_position(debt=7))
    assert g.state.phase == "london_season"


def test_writer_privileges_adds_five_to_the_votes_support():
    g = long_game(position=vote_position(debt=8, laws_in_force=["Writer Privileges"]))
    assert "(support 5)" in g.prompt()


# --- the Firms phase (RB p.38-40) ------------------------------------------------------------------------------------
def test_forming_and_investing_with_the_managers_consent():
    g = long_game(position=firms_position(pm=GREEN))
    assert g.state.phase == "firms"
    assert g.prompt() == "Benyon: a firm investment action, or done?"          # from the PM clockwise
    play(g, "form a firm")
    f = firm(g, GREEN)
    assert f["london"] == 5 and f["shares"][slot(GREEN)] == 1 and f["value"] == 0 and f["dividend"] is None
    assert g.state.court[slot(GREEN)] == 1                                   # one Company share returned
    assert "form a firm" not in labels(g)                                    # one firm per manager
    play(g, "done")
    other = g.current_player()
    play(g, "invest in the firm of Benyon")
    assert g.current_player() == GREEN and "consent" in g.prompt()
    g.apply(YES)
    f = firm(g, GREEN)
    assert f["london"] == 10 and f["shares"][slot(other)] == 1 and g.state.court[slot(other)] == 0
    g.check_invariants()


def test_a_refused_investment_is_not_asked_again_this_phase():
    g = long_game(position=firms_position())
    who = g.current_player()
    play(g, "form a firm", "done")
    other = g.current_player()
    play(g, f"invest in the firm of {who.capitalize()}")
    g.apply(NO)
    assert g.current_player() == other
    assert f"invest in the firm of {who.capitalize()}" not in labels(g)


def test_weak_company_shares_cannot_be_invested():
    g = long_game(position=firms_position(standing=2))          # a lined space (data/firms.py): shares are weak
    assert g.state.phase == "operations" or "form a firm" not in labels(g)
    assert not g.state.firms["firms"] and not g.state.workshops.any()


def test_a_company_share_created_this_turn_is_immature():
    g = long_game(position=firms_position(phase="family", debt=1, court={GREEN: 2, PINK: 0, BLUE: 1, YELLOW: 1}))
    assert g.current_player() == PINK
    play(g, "Seek Share", "Stock Exchange space 1")
    until(g, lambda x: x.state.phase == "firms")
    assert g.state.court[slot(PINK)] == 1                                   # New Company Shares (RB p.14)
    until(g, lambda x: x.current_player() == PINK or x.state.phase != "firms")
    assert g.state.phase != "firms" or "form a firm" not in labels(g)


def test_fitting_a_ship_needs_the_shipyard_owners_consent_and_buying_back_pays_the_shipping_treasury():
    pos = firms_position(ships={"Atlas": {"owner": PINK, "zone": None},
                                "Britannia": {"owner": BLUE, "zone": "West Indian Ocean"}},
                         pm=GREEN, treasuries={"Manager of Shipping": 0})
    g = long_game(position=pos)
    assert g.current_player() == GREEN
    play(g, "form a firm")
    g_f = firm(g, GREEN)
    play(g, "invest in the firm of Benyon")           # own firm: no consent asked
    assert firm(g, GREEN)["london"] == 10
    play(g, "fit a ship for the firm", "ship Atlas")
    assert g.current_player() == PINK and "consent" in g.prompt()
    g.apply(YES)
    f = firm(g, GREEN)
    assert f["ships"] == [0] and f["london"] == 7 and g.state.ship_zone[0] == 4
    play(g, "buy back a ship from the Company for the firm", "ship Britannia")
    g.apply(YES)                                       # Blue consents
    f = firm(g, GREEN)
    assert sorted(f["ships"]) == [0, 1] and f["london"] == 4 and g.state.treasury[1] == 3
    assert g_f is not None
    g.check_invariants()


def test_dissolving_with_every_shareholders_consent_sends_the_shares_to_debtors_prison():
    g = long_game(position=firms_position(pm=GREEN))
    play(g, "form a firm", "done")
    play(g, "invest in the firm of Benyon")
    g.apply(YES)
    until(g, lambda x: x.current_player() == GREEN and "dissolve the firm" in labels(x))
    play(g, "dissolve the firm")
    assert "consent to dissolving" in g.prompt()
    g.apply(YES)
    assert firm(g, GREEN) is None
    assert g.state.firms["prison"][slot(GREEN)] == 1 and g.state.firms["prison"][slot(PINK)] == 1
    g.check_invariants()


def test_a_firm_has_at_most_ten_shares_but_still_takes_the_money():
    pos = firms_position(pm=GREEN, court={GREEN: 12})
    g = long_game(position=pos)
    play(g, "form a firm")
    for _ in range(10):
        play(g, "invest in the firm of Benyon")
    f = firm(g, GREEN)
    assert sum(f["shares"]) == 10 and f["london"] == 55


# --- firms trading in India (RB p.40) ---------------------------------------------------------------------------------
def trading_game():
    """Green (Benyon) forms a firm, invests again, fits two of its own ships and picks the South Indian Ocean with
    £4 (RB-ex p.40); Pink (Hastings) is President of Madras with 3 Company ships; writers of Blue and Pink."""
    pos = firms_position(pm=GREEN, ships={"Atlas": {"owner": GREEN, "zone": None},
                                          "Britannia": {"owner": GREEN, "zone": None}},
                         company_ships={"South Indian Ocean": 3}, writers={BLUE: {"Madras": 2}, PINK: {"Madras": 1}},
                         orders={"H1": "open", "Ma2": "open"}, treasuries={"President of Madras": 10},
                         commanders={"Bombay": None, "Madras": None, "Bengal": None})
    g = long_game(position=pos)
    play(g, "form a firm", "invest in the firm of Benyon", "fit a ship for the firm", "ship Atlas",
         "fit a ship for the firm", "ship Britannia", "done")
    pass_firms_phase(g)
    play(g, "firm strategy South Indian Ocean", "4")
    return g


def test_rb_example_p40_a_firm_checks_fills_ships_plus_one_orders_and_the_president_refills_them_for_half():
    g = trading_game()
    f = firm(g, GREEN)
    assert f["allocated"] == 4 and f["london"] == 0 and g.state.firms["amounts_public"]
    g.script_dice([1, 2, 1, 5])                     # 3 successes with 4 dice
    until(g, lambda x: firm(x, GREEN)["revealed"])
    f = firm(g, GREEN)
    assert f["initiative"] == -1 and f["allocated"] == 0         # 2 ships - 3 successes; the £4 to the bank
    assert "Firm check of Benyon: 4 dice [1, 2, 1, 5], lowest 1: success" in notes(g)
    play(g, "Trade", "region Hyderabad", "done")
    g.script_dice([1])                              # the President: 3 ships - 1 success = initiative 2 > -1
    play(g, "2")
    assert g.prompt() == "Benyon: your firm fills which order (0 of 3)?"       # ships + 1; home port first
    play(g, "order Ma1 in Madras", "order H1 in Hyderabad", "order Ma2 in Madras")
    f = firm(g, GREEN)
    assert f["india"] == 16 and f["value"] == 2 and f["traded"]               # 5 + 7 + 4; +1 space per £6
    cash = g.state.cash.copy()
    play(g, "order Ma1 in Madras", "Larkins", "order H1 in Hyderabad", "Larkins", "order Ma2 in Madras")      # then only Pink's writer is left
    fills = [n for n in notes(g, "operations") if n.startswith("Order ")]
    assert fills[-3:] == ["Order Ma1 in Madras filled by Larkins's writer: +£2 to the Balance",     # half of 5, 7, 4
                          "Order H1 in Hyderabad filled by Larkins's writer: +£3 to the Balance",
                          "Order Ma2 in Madras filled by Hastings's writer: +£2 to the Balance"]
    assert g.state.cash[slot(PINK)] == cash[slot(PINK)] + 3 + 1                # £1 per order + its writer
    assert g.state.cash[slot(BLUE)] == cash[slot(BLUE)] + 2


def test_a_firm_fills_after_the_positions_when_the_president_does_not_trade():
    g = trading_game()
    g.script_dice([2, 6, 6, 6])                     # 1 success: initiative 1
    until(g, lambda x: firm(x, GREEN)["revealed"])
    play(g, "done")                                 # the President does not trade
    assert g.prompt() == "Benyon: your firm fills which order (0 of 3)?"
    assert firm(g, GREEN)["initiative"] == 1


def test_a_firm_without_a_success_does_not_trade():
    g = trading_game()
    g.script_dice([3, 4, 5, 6])
    until(g, lambda x: firm(x, GREEN)["revealed"])
    assert firm(g, GREEN)["initiative"] is None
    play(g, "done")
    assert "firm fills" not in g.prompt()


def test_storms_hit_firm_ships_in_their_strategys_zone():
    g = trading_game()
    s = g.state
    from coin_env.games.john_company.rules.events_india import storm
    g.script_dice([6, 3])
    storm(g, 1)                                     # the South Indian Ocean: Atlas sinks, Britannia fatigued
    f = firm(g, GREEN)
    assert f["ships"] == [1] and s.ship_zone[0] == -1 and s.ship_fatigued[1] == 1
    storm(g, 0)                                     # another zone: no roll
    assert firm(g, GREEN)["ships"] == [1]
    g.check_invariants()


# --- firm revenue (RB p.41-42) -------------------------------------------------------------------------------------------
# An owner data pack's Value track (data/firms.py is reconstructed): £5 at the third space, as RB-ex p.42 needs.
TRACK = [[0, 0], [3, 1], [5, 2], [6, 3], [7, 4], [8, 5]]


def revenue_game(manager, investors, ships, orders, script, position_extra=None):
    """``manager``'s firm with one share of its own, one per ``investors`` entry, ``ships`` of its own fitted,
    strategy the South Indian Ocean with £1 (one die: ``script``), then it fills ``orders`` once the President of
    Madras does not trade; stops at its expenses."""
    pos = firms_position(pm=manager, ships={n: {"owner": manager, "zone": None} for n in ships},
                         orders={"H1": "open", "Ma2": "open"}, commanders={"Bombay": None, "Madras": None, "Bengal": None},
                         court={GREEN: 3, PINK: 3, BLUE: 3, YELLOW: 3})
    pos.update(position_extra or {})
    g = jc.new_game("Long 1710", seed=0, options={"families": 4, "data_pack": {"firm_value_track": TRACK}},
                    position=pos, debug=True, log=True)
    decline_blackmail(g)
    play(g, "form a firm")
    for who in investors:
        until(g, lambda x: x.current_player() == who and "firm investment" in x.prompt())
        play(g, f"invest in the firm of {manager.capitalize()}")
        if who != manager:
            g.apply(YES)
    until(g, lambda x: x.current_player() == manager and "firm investment" in x.prompt())
    for n in ships:
        play(g, "fit a ship for the firm", f"ship {n}")
    pass_firms_phase(g)
    play(g, "firm strategy South Indian Ocean", "1")
    g.script_dice(script)
    until(g, lambda x: firm(x, manager)["revealed"])
    # no Company ship in the South Indian Ocean: the President cannot trade, the firm fills after the positions
    play(g, *[f"order {ORDER_TITLES[ORDER[o]]}" for o in orders])
    until(g, lambda x: "expenses" in x.prompt() or "dividend" in x.prompt())
    return g


def test_rb_example_p42_expenses_then_three_dividends_of_four():
    g = revenue_game(GREEN, [PINK, BLUE], ["Atlas", "Britannia"], ["Ma1", "H1", "Ma2"], [1])
    f = firm(g, GREEN)
    assert f["value"] == 2 and f["india"] == 16 and f["london"] == 8            # £15 - £6 ships - £1 allocated
    assert g.prompt().startswith("benyon".capitalize() + ": your firm's expenses are £7")   # £2 + max(3, £5)
    play(g, "0")                                    # all £7 from London
    cash = g.state.cash.copy()
    for _ in range(3):
        play(g, "pay a firm dividend", "0", "0", "0")      # Pink, Blue, then Green forgo nothing
    play(g, "done")
    gain = g.state.cash - cash
    assert (gain[slot(GREEN)], gain[slot(PINK)], gain[slot(BLUE)]) == (6, 3, 3)
    f = firm(g, GREEN)
    assert f["dividend"] == 12 and f["india"] == 0 and f["london"] == 1 + 4   # the India remainder to London


def test_rb_example_p42_optional_dividends_the_manager_forgoes_a_share_twice():
    g = revenue_game(BLUE, [BLUE, YELLOW, YELLOW], ["Atlas"], ["Ma1", "Ma2"], [1])
    f = firm(g, BLUE)
    assert f["india"] == 9 and f["shares"][slot(BLUE)] == 2 and f["shares"][slot(YELLOW)] == 2
    play(g, "1")                                    # £1 of the £5 expenses from India: £8 left to pay out
    cash = g.state.cash.copy()
    play(g, "pay a firm dividend", "0")             # Yellow takes its shares' dividend
    assert labels(g) == ["0", "1", "2"]
    play(g, "1")                                    # Blue forgoes one share: £4
    play(g, "pay a firm dividend", "0")
    assert labels(g) == ["1", "2"]                  # at least one forgone: £4 left
    play(g, "1")
    gain = g.state.cash - cash
    assert (gain[slot(BLUE)], gain[slot(YELLOW)]) == (4, 4) and firm(g, BLUE)["dividend"] == 8


def test_a_shareholder_forgoes_only_with_the_managers_consent():
    g = revenue_game(BLUE, [YELLOW], ["Atlas"], ["Ma1", "Ma2"], [1])
    play(g, "1", "pay a firm dividend")
    assert g.current_player() == YELLOW
    play(g, "1")                                    # Yellow asks to forgo its share
    assert g.current_player() == BLUE and "consent" in g.prompt()
    g.apply(NO)
    cash = g.state.cash.copy()
    play(g, "0")                                    # Blue forgoes nothing: a full £3 dividend
    assert (g.state.cash - cash)[slot(YELLOW)] == 1


def test_emergency_investments_cover_expenses_and_lower_the_value_or_the_firm_is_dissolved():
    pos = firms_position(pm=GREEN, ships={"Atlas": {"owner": GREEN, "zone": None}},
                         court={GREEN: 3, PINK: 3, BLUE: 3, YELLOW: 3},
                         commanders={"Bombay": None, "Madras": None, "Bengal": None})
    for answer in ("invest", "refuse"):
        g = long_game(position=pos)
        play(g, "form a firm", "fit a ship for the firm", "ship Atlas")
        pass_firms_phase(g)
        play(g, "firm strategy South Indian Ocean", "2")      # all of its £2: nothing left for expenses
        g.script_dice([5, 6])                                 # no success: no trade
        until(g, lambda x: "emergency investment" in x.prompt())
        assert g.prompt() == "Benyon: make an emergency investment in the firm of Benyon (short £2)?"
        if answer == "invest":
            play(g, "make an emergency investment")
            f = firm(g, GREEN)
            assert f["london"] == 0 and f["india"] == 0 and f["emergency"] == 1 and f["shares"][slot(GREEN)] == 2
            assert f["value"] == 0 and f["dividend"] == 0       # no trade: the dividend cube goes on 0
        else:
            while "emergency investment" in g.prompt():
                play(g, "no")
            assert firm(g, GREEN) is None and g.state.firms["prison"][slot(GREEN)] == 1
            assert g.state.ship_zone[0] == -1 and g.state.court[slot(GREEN)] == 2
        g.check_invariants()


# --- special retirement and Final Scoring (RB p.37) ---------------------------------------------------------------------
def test_a_shareholder_of_a_reputable_firm_takes_one_special_retirement_in_the_london_season():
    g = revenue_game(GREEN, [PINK, BLUE], ["Atlas", "Britannia"], ["Ma1", "H1", "Ma2"], [1])
    play(g, "0")
    for _ in range(3):
        play(g, "pay a firm dividend", "0", "0", "0")
    play(g, "done")                                 # dividend cube on 12
    until(g, lambda x: "special retirement" in x.prompt())
    assert g.state.phase == "london_season" and g.state.turn == 2
    who = slot(g.current_player())
    prizes = g.state.data.prizes
    options = [int(lab.split()[-1]) - 1 for lab in labels(g) if lab.startswith("prize box")]
    assert options and all(prizes[b][0] <= min(12, g.state.cash[who]) for b in options)
    supply, vp = int(g.state.supply[who]), int(g.state.vp[who])
    g.apply(g.legal_actions()[0])
    b = options[0]
    assert g.state.supply[who] == supply - 1 and g.state.vp[who] == vp + prizes[b][2]
    asked = [n for n in notes(g) if "special retirement" in n and "(asked" in n]
    assert len(asked) == 1                          # one each, however many firms


def test_final_scoring_step_zero_scores_firm_shares_and_debtors_prison():
    track = [[0, 3], [1, 4]]                        # 1.5 VP per share on the first space (an owner data pack)
    pos = firms_position(pm=GREEN, turn=8, court={GREEN: 3, PINK: 2, BLUE: 2, YELLOW: 1})
    g = jc.new_game("Long 1710", seed=0, options={"families": 4, "data_pack": {"firm_value_track": track}},
                    position=pos, debug=True, log=True)
    decline_blackmail(g)
    play(g, "form a firm", "invest in the firm of Benyon", "invest in the firm of Benyon", "done")
    play(g, "form a firm", "done")                  # Pink's firm, then Blue invests in it and both dissolve it
    play(g, "invest in the firm of Hastings")
    g.apply(YES)
    until(g, lambda x: x.current_player() == PINK and "dissolve the firm" in labels(x))
    play(g, "dissolve the firm")
    g.apply(YES)
    until(g, lambda x: x.state.phase == "final_scoring")
    assert g.state.firms["scored"]
    scored = {n.split(":")[0]: n for n in notes(g, "end") if "firm shares" in n}
    assert scored["Benyon"].startswith("Benyon: +4 VP")          # 3 shares x 1.5 = 4.5, rounded down
    assert scored["Hastings"].startswith("Hastings: -1 VP") and scored["Larkins"].startswith("Larkins: -1 VP")


def test_calico_acts_penalty_is_skipped_after_deregulation():
    for laws, expected in ((["Calico Acts"], 14 - 2), (["Calico Acts", "Deregulation"], 14)):
        g = long_game(position={"phase": "revenue", "balance": 14, "laws_in_force": laws, "debt": 0,
                                "offices": dict(OFFICES_HELD), "regiments": {"Bombay": 0, "Madras": 0, "Bengal": 0},
                                "ships": {}, "officers": {}})
        assert any(f"Balance £{expected}" in n for n in notes(g, "revenue")), notes(g, "revenue")


# --- hidden strategies (RB p.40; hidden.py, encoding.py) --------------------------------------------------------------
def strategy_game(zone, amount):
    """Green and Pink manage firms; Green has chosen its strategy, Pink is asked for its own."""
    pos = firms_position(pm=GREEN, ships={"Atlas": {"owner": GREEN, "zone": None}, "Ganges": {"owner": PINK, "zone": None}})
    g = long_game(position=pos)
    play(g, "form a firm", "invest in the firm of Benyon", "fit a ship for the firm", "ship Atlas", "done")
    play(g, "form a firm", "done")
    pass_firms_phase(g)
    play(g, f"firm strategy {zone}")
    if amount is not None:
        play(g, str(amount))
    assert g.current_player() == PINK and "strategy" in g.prompt()
    return g


def test_a_firms_secret_strategy_and_allocation_stay_out_of_the_other_families_views():
    from coin_env.core.encoding import encoder_for
    enc = encoder_for("john_company")
    games = [strategy_game("South Indian Ocean", 4), strategy_game("East Indian Ocean", 2),
             strategy_game("Hobnob", None)]
    for other in (PINK, BLUE):
        views = [g.view(other) for g in games]
        assert views[0]["fields"]["firms"] == views[1]["fields"]["firms"] == views[2]["fields"]["firms"]
        assert views[0]["fields"]["firms"]["firms"][0]["strategy"] == "hidden"
        obs = [enc.observe(g, other) for g in games]
        assert all((o == obs[0]).all() for o in obs)
    own = [enc.observe(g, GREEN) for g in games]
    assert not (own[0] == own[1]).all()
    g = games[0]
    for f in g.factions:                            # re-dealing what a family cannot see keeps its observation
        d = g.determinize(f, 7)
        assert (enc.observe(d, f) == enc.observe(g, f)).all()
    play(g, "firm strategy Hobnob")                 # Pink; then the amounts are revealed, the cards are not
    assert g.view(PINK)["fields"]["firms"]["firms"][0]["allocated"] == 4
    assert g.view(PINK)["fields"]["firms"]["firms"][0]["strategy"] == "hidden"
    assert g.view(GREEN)["fields"]["firms"]["firms"][1]["strategy"] == "hidden"


# --- the engine's contract in Long 1710 -----------------------------------------------------------------------------------
def test_random_long_1710_games_end_with_firms_and_survive_save_round_trips():
    formed = traded = 0
    for seed in range(50):
        g = jc.new_game("Long 1710", seed=seed, options={"families": 1 + seed % 6}, debug=True, log=True)
        rng = random.Random(seed)
        actions = []
        while not g.is_over():
            a = rng.choice(g.legal_actions())
            actions.append(a)
            g.apply(a)
            if rng.random() < 0.01 or (g.state.phase == "firms" and rng.random() < 0.2):
                h = jc.load_game(g.to_json(), debug=True)
                assert h.to_json() == g.to_json() and h.legal_actions() == g.legal_actions()
        assert g.result()["complete"]
        text = " ".join(e.get("text", "") for e in g.log)
        formed += "forms a firm" in text
        traded += "firm fills order" in text or ("firm of" in text and "fills order" in text)
        if seed < 5:                                # determinism: the same seed and actions, the same game
            r = jc.new_game("Long 1710", seed=seed, options={"families": 1 + seed % 6}, log=True)
            for a in actions:
                r.apply(a)
            assert r.to_json() == g.to_json()
    assert formed >= 5 and traded >= 1, (formed, traded)


def test_owner_data_pack_replaces_the_reconstructed_firm_values():
    pack = {"firm_value_track": [[1, 0], [2, 2]], "deregulation_spaces": {"standing_lined": [4], "standing_star": [],
            "debt_lined": [], "debt_star": [], "standing_s": 5}, "deregulation_support": -2}
    g = jc.new_game("Long 1710", seed=0, options={"families": 4, "data_pack": pack},
                    position=vote_position(), log=True)
    assert g.state.data.firm_value_track == ((1, 0), (2, 2)) and g.state.data.deregulation_spaces["standing_s"] == 5
    assert g.state.phase == "deregulation_vote" and "call the Vote to Deregulate" in labels(g)   # Standing 4 lined
    play(g, "call the Vote to Deregulate")
    assert "(support -2)" in g.prompt()
    from coin_env.games.john_company.data_facts import DataPackError
    with pytest.raises(DataPackError, match="firm_value_track"):
        jc.new_game("Long 1710", options={"data_pack": {"firm_value_track": [[1]]}})


# --- hostile takeovers and mergers (RB p.39) ----------------------------------------------------------------------------
def test_a_hostile_takeover_needs_holders_of_a_majority_of_the_shares():
    g = long_game(position=firms_position(pm=GREEN, court={GREEN: 1, PINK: 1, BLUE: 2, YELLOW: 1}))
    play(g, "form a firm", "done")                  # Green: 1 share
    play(g, "done")                                 # Pink
    play(g, "invest in the firm of Benyon")         # Blue: 1 share
    g.apply(YES)
    play(g, "invest in the firm of Benyon")
    g.apply(YES)                                    # Blue: 2 of 3 shares
    play(g, "done")
    assert g.current_player() == YELLOW
    play(g, "hostile takeover of the firm of Benyon")
    assert g.current_player() == GREEN               # asked first (clockwise from the manager): refuses
    g.apply(NO)
    assert g.current_player() == BLUE
    g.apply(YES)                                    # Blue's 2 of 3 shares: a majority
    f = firm(g, YELLOW)
    assert f is not None and firm(g, GREEN) is None and f["shares"][slot(BLUE)] == 2 and f["london"] == 15
    g.check_invariants()


def test_two_firms_merge_into_the_higher_value_one_with_every_shareholders_consent():
    pos = firms_position(pm=GREEN, ships={"Atlas": {"owner": PINK, "zone": None}})
    g = long_game(position=pos)
    play(g, "form a firm", "done")
    play(g, "form a firm", "fit a ship for the firm", "ship Atlas", "done")
    pass_firms_phase(g)
    play(g, "firm strategy Hobnob", "firm strategy Hobnob")
    until(g, lambda x: x.state.phase == "firms" and x.current_player() == GREEN and x.state.turn == 2)
    play(g, "merge with the firm of Hastings")
    assert g.current_player() == PINK
    g.apply(YES)
    merged = g.state.firms["firms"]
    assert len(merged) == 1 and sum(merged[0]["shares"]) == 2 and merged[0]["ships"] == [0]
    g.check_invariants()


def test_an_emergency_merger_lets_another_firm_pay_the_outstanding_expenses():
    pos = firms_position(pm=GREEN, ships={"Atlas": {"owner": GREEN, "zone": None}},
                         court={GREEN: 3, PINK: 3, BLUE: 3, YELLOW: 3},
                         commanders={"Bombay": None, "Madras": None, "Bengal": None})
    g = long_game(position=pos)
    play(g, "form a firm", "fit a ship for the firm", "ship Atlas", "done")
    play(g, "form a firm", "invest in the firm of Hastings", "done")      # Pink: £10, 2 shares, no ship
    pass_firms_phase(g)
    play(g, "firm strategy South Indian Ocean", "2")                    # Green: nothing left for expenses
    play(g, "firm strategy Hobnob")
    g.script_dice([5, 6])
    until(g, lambda x: "emergency merger" in x.prompt())
    assert g.current_player() == GREEN and "merge with the firm of Hastings" in labels(g)
    play(g, "merge with the firm of Hastings")
    g.apply(YES)                                    # Pink, the only other shareholder
    firms = g.state.firms["firms"]
    assert len(firms) == 1 and firms[0]["manager"] == slot(PINK)        # equal Value: the other firm remains
    # Pink's own expenses £2 (2 shares), then Green's £2 (1 ship + 1 share): £10 - £4
    assert sum(firms[0]["shares"]) == 3 and firms[0]["ships"] == [0] and firms[0]["london"] == 6
    g.check_invariants()


# --- the Crown (solo, digest §9.6.0, §9.6.3) ----------------------------------------------------------------------------
def test_the_crown_votes_last_on_deregulation_and_never_forms_a_firm():
    g = jc.new_game("Long 1710", seed=0, options={"families": 1, "crown": True},
                    position={"phase": "london_season", "turn": 2, "debt": 7, "pm": "crown"})
    decline_blackmail(g)
    assert g.state.phase == "deregulation_vote" and g.current_player() == GREEN     # the Crown PM votes last
    g = jc.new_game("Long 1710", seed=0, options={"families": 1, "crown": True},
                    position={"phase": "hiring", "laws_in_force": DEREGULATED, "court": {GREEN: 1, "crown": 2},
                              "pm": "crown"})
    decline_blackmail(g)
    assert g.state.phase == "firms"
    while g.state.phase == "firms" and "firm investment" in g.prompt():
        if g.current_player() == "crown":
            assert "form a firm" not in labels(g)
        g.apply(DONE)
    assert not any(x["manager"] == 6 for x in g.state.firms["firms"])


def test_a_workshop_can_pay_for_a_firm_and_stays_invested():
    g = long_game(position=firms_position(phase="family", court={GREEN: 0, PINK: 1, BLUE: 0, YELLOW: 0},
                                          cash={GREEN: 10, PINK: 10, BLUE: 10, YELLOW: 10}))
    assert g.current_player() == PINK
    play(g, "Purchase Workshop")
    until(g, lambda x: x.state.phase == "firms" and x.current_player() == PINK)
    play(g, "form a firm")
    assert labels(g) == ["pay with a Company share", "pay with a workshop (invested)"]
    play(g, "pay with a workshop (invested)")
    s = g.state
    assert s.firms["invested"][slot(PINK)] == 1 and s.workshops[slot(PINK)] == 1 and s.court[slot(PINK)] == 1
    assert "form a firm" not in labels(g) and "invest in the firm of Hastings" in labels(g)   # the share still can


def test_a_special_retirement_at_final_scoring():
    g = revenue_game(GREEN, [PINK, BLUE], ["Atlas", "Britannia"], ["Ma1", "H1", "Ma2"], [1],
                     position_extra={"turn": 8})
    play(g, "0")
    for _ in range(3):
        play(g, "pay a firm dividend", "0", "0", "0")
    play(g, "done")
    until(g, lambda x: "special retirement" in x.prompt())
    assert g.state.phase == "final_scoring" and g.state.firms["scored"]
    while "special retirement" in g.prompt():
        play(g, "done")
    until(g, lambda x: False)
    assert g.is_over() and g.result()["complete"]


def test_a_hidden_strategy_edited_in_saves_of_random_games_reaches_only_its_manager():
    """Property over random Long 1710 games: changing a facedown strategy card (and, before the reveal, the cash
    on it) in a save changes its manager's observation and no other family's."""
    from coin_env.core.encoding import encoder_for
    enc = encoder_for("john_company")
    edits = 0
    for seed in range(60):
        g = jc.new_game("Long 1710", seed=seed, options={"families": 3 + seed % 4})
        rng = random.Random(seed)
        while not g.is_over() and edits < 40:
            hidden = [i for i, x in enumerate(g.state.firms["firms"]) if x["strategy"] >= 0 and not x["revealed"]]
            if hidden and rng.random() < 0.3:
                data = json.loads(g.to_json())
                x = data["state"]["fields"]["firms"]["firms"][hidden[0]]
                x["strategy"] = 3 if x["strategy"] != 3 else 0
                if not data["state"]["fields"]["firms"]["amounts_public"]:
                    x["london"], x["allocated"] = x["london"] + x["allocated"], 0
                elif x["allocated"] and x["strategy"] == 3:
                    x["strategy"] = (g.state.firms["firms"][hidden[0]]["strategy"] + 1) % 3
                if x["strategy"] < 3 and not x["ships"]:
                    continue
                h = jc.load_game(json.dumps(data))
                manager = FAMILY_KEYS[x["manager"]]
                for f in g.factions:
                    same = (enc.observe(g, f) == enc.observe(h, f)).all()
                    assert same == (f != manager), (seed, f, manager, g.prompt())
                    if f != manager:
                        assert g.view(f)["fields"]["firms"] == h.view(f)["fields"]["firms"]
                edits += 1
            g.apply(rng.choice(g.legal_actions()))
    assert edits >= 10, edits


def test_an_invested_workshop_earns_no_bonus():
    """RB p.38: a workshop invested in a firm gives no Bonus (RB p.26: £1 per workshop otherwise)."""
    from coin_env.games.john_company.state import empty_firms
    firms = empty_firms()
    firms["invested"] = [1, 0, 0, 0, 0, 0, 0]
    cash = {"benyon": 0, "hastings": 0, "larkins": 0}
    g = jc.new_game("Long 1710", seed=0, options={"families": 3},
                    position={"phase": "bonuses", "ships": {}, "workshops": {"benyon": 2, "hastings": 1, "larkins": 0},
                              "firms": firms, "cash": cash, "laws_in_force": []})
    s = g.state                                            # Bonuses has no decision: done before the first one
    assert [int(s.cash[i]) for i in range(3)] == [1, 1, 0]
