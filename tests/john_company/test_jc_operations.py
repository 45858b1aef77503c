"""IV. Company Operation (RB p.17-19): Chairman, Director of Trade, Manager of Shipping, Military Affairs."""

import pytest

from jc_helpers import labels, new_game, play, slot

ALL_OFFICES = {"Chairman": "benyon", "Director of Trade": "hastings", "Manager of Shipping": "larkins",
               "Military Affairs": "benyon", "President of Bombay": "hastings", "President of Madras": "larkins",
               "President of Bengal": "benyon"}
NO_OFFICES = {o: None for o in ALL_OFFICES}


def ops_game(offices=None, **pos):
    return new_game(3, 0, position={"phase": "operations", "offices": dict(NO_OFFICES, **(offices or {})), **pos})


# --- Chairman ---------------------------------------------------------------------------------------------
def test_chairman_seeks_debt_rb_p17():
    """RB-ex p.17: Debt 2, Balance £3; three advances -> Debt 5, Balance £18."""
    g = ops_game({"Chairman": "benyon"}, debt=2, balance=3, court={"benyon": 1, "hastings": 2, "larkins": 2})
    assert labels(g) == ["0", "1", "2", "3"]
    play(g, "3")
    assert (g.state.debt, g.state.balance) == (5, 18)
    assert "one more Debt" in g.prompt()
    play(g, "yes")                       # beyond 3: majority of 6 shares (Chairman's piece incl.) = 4
    assert g.current_player() == "hastings"
    play(g, "yes")                       # 2 (Pink) + 2 (Blue) = 4: granted
    assert (g.state.debt, g.state.balance) == (6, 23)
    play(g, "yes", "no")                 # asks again; Blue refuses, Yellow's 2 would still make 4
    assert g.current_player() == "larkins"
    play(g, "no")
    assert g.state.debt == 6 and "allocate" in g.prompt()


def test_debt_never_passes_the_end_of_the_track():
    g = ops_game({"Chairman": "benyon"}, debt=7, balance=0)
    assert labels(g) == ["0", "1"]
    play(g, "1")
    assert g.state.debt == 8 and "allocate" in g.prompt()


def test_chairman_allocates_the_whole_balance_treasury_by_treasury():
    g = ops_game({"Chairman": "benyon"}, debt=0, balance=23,
                 treasuries={t: 0 for t in ["Director of Trade", "Manager of Shipping", "President of Bombay",
                                            "President of Madras", "President of Bengal"]})
    play(g, "0")                         # no debt
    assert "(tens)" in g.prompt()        # £23 > 20: tens first
    play(g, "tens: 1", "2")              # £12 to the Director of Trade
    play(g, "5", "0", "6")               # MoS £5, Bombay £0, Madras £6 -> Bengal gets the rest
    s = g.state
    assert list(s.treasury) == [12, 5, 0, 6, 0] and s.balance == 0


# --- Director of Trade ---------------------------------------------------------------------------------------
def test_special_envoy_success_opens_an_order_outside_company_regions_rb_p18():
    """RB-ex p.18: £3 on the envoy, success; Bengal is Company-controlled so its closed order cannot be
    opened; the Maratha order is opened instead."""
    g = ops_game({"Director of Trade": "hastings"}, treasuries={"Director of Trade": 3},
                 control={"Bengal": "Bengal"}, orders={"Bg1": "closed", "M2": "closed"})
    g.script_dice([4, 2, 6])             # lowest 2: success
    play(g, "Special Envoy", "3")
    assert g.state.treasury[0] == 0
    opts = labels(g)
    assert "order M2 in Maratha" in opts and "order Bg1 in Bengal" not in opts and "open trade with China" in opts
    play(g, "order M2 in Maratha")
    assert g.state.order_state[9 + 1] == 0      # M2 open


def test_special_envoy_failure_allows_another_try_and_catastrophe_vacates():
    g = ops_game({"Director of Trade": "hastings"}, treasuries={"Director of Trade": 5})
    g.script_dice([3, 4])                # failure
    play(g, "Special Envoy", "2")
    assert "Special Envoy" in labels(g)
    g.script_dice([5, 6, 5])             # catastrophic failure
    play(g, "Special Envoy", "3")
    s = g.state
    assert s.office_holder[1] == -1 and s.treasury[0] == 0


def test_opening_china_creates_the_superintendent_hired_at_once():
    g = ops_game({"Chairman": "benyon", "Director of Trade": "hastings"}, debt=0, balance=0,
                 treasuries={"Director of Trade": 1}, writers={"larkins": {"Madras": 1}})
    play(g, "0")                         # the Chairman takes no debt; Balance 0 -> nothing to allocate
    g.script_dice([1])
    play(g, "Special Envoy", "1", "open trade with China")
    assert g.current_player() == "benyon" and "Superintendent" in g.prompt()     # the Chairman hires at once
    play(g, "writer in Madras")
    s = g.state
    assert s.office_exists[8] == 1 and s.office_holder[8] == slot("larkins") and s.writers[slot("larkins")].sum() == 0
    assert g.current_player() == "hastings" and "transfer a ship" in labels(g)  # ... and ships may now be sent there


def test_two_transfers_at_most():
    g = ops_game({"Director of Trade": "hastings"}, treasuries={"Director of Trade": 0},
                 writers={"larkins": {"Madras": 2}}, company_ships={"West Indian Ocean": 1})
    play(g, "transfer a writer", "Madras Presidency", "Bengal Presidency")
    play(g, "transfer a ship", "West Indian Ocean", "Company ship", "East Indian Ocean")
    s = g.state
    assert list(s.writers[slot("larkins")]) == [0, 1, 1] and list(s.company_ships) == [0, 0, 1, 0]
    assert "Director of Trade" not in g.prompt()      # two transfers made: the office is done


# --- Manager of Shipping --------------------------------------------------------------------------------------
def test_manager_of_shipping_must_spend_down_to_two_pounds():
    g = ops_game({"Manager of Shipping": "larkins"}, treasuries={"Manager of Shipping": 8},
                 ships={"Atlas": {"owner": "benyon", "zone": None}})
    assert "done" not in labels(g)
    assert "buy a Company ship" not in labels(g)          # a ship is still on a shipyard
    play(g, "fit a ship", "ship Atlas", "South Indian Ocean")
    s = g.state
    assert s.ship_zone[0] == 1 and s.treasury[1] == 5
    assert "buy a Company ship" in labels(g) and "done" not in labels(g)
    play(g, "buy a Company ship", "West Indian Ocean")
    assert s.treasury[1] == 0 and s.company_ships[0] == 1


def test_manager_of_shipping_may_stop_at_two_pounds():
    g = ops_game({"Manager of Shipping": "larkins"}, treasuries={"Manager of Shipping": 4})
    play(g, "lease an extra ship", "East Indian Ocean")
    assert set(labels(g)) == {"lease an extra ship", "done"}
    play(g, "done")
    assert g.state.treasury[1] == 2 and g.state.extra_ships[2] == 1


# --- Military Affairs -------------------------------------------------------------------------------------------
def test_commanders_rb_p19():
    """RB-ex p.19: Bombay unchanged; Madras without a Commander and Blue/Yellow tied: Military Affairs
    (Blue) chooses, here Blue; Bengal: Pink's Commander no longer has the most pieces and becomes an
    officer."""
    g = ops_game({"Military Affairs": "hastings"},
                 commanders={"Bombay": "larkins", "Madras": None, "Bengal": "benyon"},
                 officers={"larkins": {"Bombay": 1}, "hastings": {"Madras": 1, "Bengal": 2, "Bombay": 1},
                           "benyon": {"Bengal": 0}},
                 officers_in_training={"benyon": 0, "hastings": 0, "larkins": 0})
    # Madras: Hastings 1 vs Larkins 0 -> sole candidate; make it a tie by a transfer first
    play(g, "transfer an officer", "Bombay Presidency", "Larkins", "Madras Presidency")
    play(g, "done")
    assert "commands the Madras Army" in g.prompt() and set(labels(g)) == {"Hastings", "Larkins"}
    play(g, "Hastings")
    s = g.state
    assert s.commander[0] == slot("larkins")            # Bombay: Larkins's Commander (1) ties Hastings's 1
    assert s.commander[1] == slot("hastings") and s.officers[slot("hastings"), 1].sum() == 0
    assert s.commander[2] == slot("hastings")            # Bengal: Hastings 2 > Pink's Commander 1
    assert s.officers[slot("benyon"), 2, 0] == 1         # the displaced Commander is an officer


def test_every_officer_in_training_is_assigned():
    g = ops_game({"Military Affairs": "hastings"}, officers_in_training={"benyon": 2, "hastings": 0, "larkins": 1},
                 officers={}, commanders={"Bombay": None, "Madras": None, "Bengal": None}, regiments={})
    assert "done" in labels(g)
    play(g, "done")
    assert "Larkins's Officer-in-Training" in g.prompt()       # clockwise from Military Affairs (Hastings)
    play(g, "Madras Presidency", "Bengal Presidency", "Bengal Presidency")
    s = g.state
    assert s.officers_in_training.sum() == 0
    assert s.commander[1] == slot("larkins") and s.commander[2] == slot("benyon")
    assert s.officers[slot("benyon"), 2, 0] == 1


def test_the_game_ends_with_a_result_or_stops_honestly_at_an_unimplemented_rule():
    import random
    g = ops_game({})
    rng = random.Random(0)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    r = g.state.result
    assert r["complete"] or (r["reason"].endswith("not implemented") and g.winner() is None)


def test_the_governor_general_governs_rb_p26():
    """RB p.26: £3 per Company region to the Balance; Govern with £1 per die; a success gives £1 per Company
    region and one result per region; each 6 rolled puts unrest in every Company region."""
    g = ops_game({"Governor General": "hastings"}, control={"Bengal": "Bengal", "Madras": "Madras"},
                 treasuries={"Director of Trade": 5, "President of Bengal": 0}, balance=0)
    assert g.state.balance == 6
    cash = int(g.state.cash[slot("hastings")])
    g.script_dice([2, 6])
    play(g, "Administer", "2")
    s = g.state
    assert s.unrest[2] == 1 and s.unrest[7] == 1 and s.cash[slot("hastings")] == cash + 2
    play(g, "Commission regiment", "Madras Presidency")
    play(g, "Tax to the President's treasury", "President of Bengal", "region Madras")
    assert s.regiments[1, 0] == 2 and s.treasury[4] == 2 and s.unrest[7] == 2
