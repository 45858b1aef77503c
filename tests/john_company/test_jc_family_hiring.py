"""II. Family phase (RB p.12-14) and III. Hiring (RB p.14-16), including the rulebook's examples."""

import pytest

from jc_helpers import labels, new_game, play, slot

ALL_OFFICES = {"Chairman": "benyon", "Director of Trade": "hastings", "Manager of Shipping": "larkins",
               "Military Affairs": "benyon", "President of Bombay": "hastings", "President of Madras": "larkins",
               "President of Bengal": "benyon"}


def family_game(**pos):
    return new_game(3, 0, position={"phase": "family", "offices": ALL_OFFICES, **pos})


# --- Family phase --------------------------------------------------------------------------------------
def test_family_actions_start_with_the_chairman_and_go_clockwise():
    g = family_game(offices=dict(ALL_OFFICES, Chairman="hastings"))
    order = []
    for _ in range(3):
        order.append(g.current_player())
        play(g, "Enlist Officer")
    assert order == ["hastings", "larkins", "benyon"]


def test_opportunity_marker_on_the_chosen_action_gives_it_twice():
    g = family_game(opportunity={"benyon": "enlist_officer"})
    before = int(g.state.officers_in_training[slot("benyon")])
    play(g, "Enlist Officer")
    assert g.state.officers_in_training[slot("benyon")] == before + 2
    assert g.state.opportunity[slot("benyon")] == "enlist_officer"
    play(g, "Enlist Officer")            # hastings: marker elsewhere -> once, and the marker moves
    assert g.state.opportunity[slot("hastings")] == "enlist_officer"


def test_enlist_writer_and_the_additional_writer_with_four_vacancies():
    offices = dict(ALL_OFFICES, **{"Director of Trade": None, "Manager of Shipping": None,
                                   "President of Bombay": None, "President of Madras": None})
    g = family_game(offices=offices, writers={})
    play(g, "Enlist Writer", "Madras Presidency")
    assert "4 or more offices are vacant" in g.prompt()
    play(g, "yes", "Bengal Presidency")
    w = g.state.writers[slot("benyon")]
    assert list(w) == [0, 1, 1]


def test_no_additional_writer_with_fewer_than_four_vacancies():
    g = family_game(writers={})
    play(g, "Enlist Writer", "Madras Presidency")
    assert g.current_player() == "hastings" and "family action" in g.prompt()


def test_purchases_pay_their_price_and_luxury_scores_two():
    g = family_game(cash={"benyon": 11, "hastings": 2, "larkins": 5})
    play(g, "Purchase Luxury")
    assert g.state.cash[slot("benyon")] == 7 and g.state.vp[slot("benyon")] >= 2
    play(g, "Purchase Shipyard", "ship Zenobia")          # the buyer picks the shipyard (RB p.13)
    s = g.state
    ship = [i for i in range(22) if s.shipyard_owner[i] == slot("hastings") and s.ship_zone[i] < 0]
    assert s.cash[slot("hastings")] == 0 and ship, "the new shipyard's ship waits, unfitted, on the shipyard"
    assert "Purchase Workshop" in labels(g)
    play(g, "Purchase Workshop")
    assert s.cash[slot("larkins")] == 0 and s.workshops[slot("larkins")] == 1


def test_unaffordable_actions_are_not_offered():
    g = family_game(cash={"benyon": 1})
    assert set(labels(g)) == {"Enlist Writer", "Enlist Officer"}


def test_a_spouse_restriction_removes_the_action():
    g = family_game(prestige={"benyon": ["Mr. Rochester"]})
    assert "Enlist Writer" not in labels(g)


def test_seek_share_then_new_company_shares_and_the_slide():
    """Digest T28 (RB p.13): pieces on the £5 and one £3 space, Debt 1 -> the rightmost becomes a share,
    Debt 0, the other slides to the rightmost free space."""
    g = family_game(debt=1, cash={"benyon": 10}, stock_exchange=[None, None, None, None, None])
    court = int(g.state.court[slot("benyon")])
    play(g, "Seek Share", "Stock Exchange space 5")
    assert g.state.cash[slot("benyon")] == 5
    play(g, "Seek Share", "Stock Exchange space 3")
    play(g, "Enlist Officer")
    s = g.state
    assert s.debt == 0
    assert s.court[slot("benyon")] == court + 1
    assert list(s.stock_exchange) == [-1, -1, -1, -1, slot("hastings")]


def test_taken_stock_exchange_spaces_are_not_offered():
    g = family_game(cash={"benyon": 10}, stock_exchange=[None, "hastings", None, None, None])
    play(g, "Seek Share")
    assert "Stock Exchange space 2" not in labels(g)


# --- Hiring ---------------------------------------------------------------------------------------------
def hiring_game(offices, **pos):
    return new_game(3, 0, position={"phase": "hiring", "offices": dict(ALL_OFFICES, **offices), **pos})


def test_chairman_election_needs_a_pure_majority_rb_p15():
    """RB-ex p.15: 5 shares in the Court -> 3 needed. Yellow campaigns and Pink supports it."""
    g = hiring_game({"Chairman": None}, chairman_title="hastings",
                    court={"benyon": 2, "hastings": 1, "larkins": 2})
    assert g.current_player() == "hastings" and "campaign" in g.prompt()
    play(g, "no")                                   # Blue (former Chairman) does not campaign
    assert g.current_player() == "larkins"
    play(g, "yes")                                  # Yellow campaigns: 2 shares, needs one more
    assert g.current_player() == "benyon" and "support Larkins" in g.prompt()
    play(g, "yes")
    s = g.state
    assert s.office_holder[0] == slot("larkins") and s.court[slot("larkins")] == 1 and s.chairman_title == slot("larkins")


def test_without_a_majority_the_former_chairman_picks():
    g = hiring_game({"Chairman": None}, chairman_title="hastings",
                    court={"benyon": 2, "hastings": 1, "larkins": 2})
    play(g, "yes")                       # Blue campaigns (1 share of the 3 needed)
    play(g, "no", "no")                  # Yellow, then Pink refuse their support
    play(g, "no", "no")                  # Yellow and Pink do not campaign
    assert g.current_player() == "hastings" and "former Chairman" in g.prompt()
    assert set(labels(g)) == {"Benyon", "Hastings", "Larkins"}
    play(g, "Hastings")
    assert g.state.office_holder[0] == slot("hastings")


def test_a_majority_holder_is_elected_by_its_own_shares():
    g = hiring_game({"Chairman": None}, chairman_title="hastings", court={"benyon": 3, "hastings": 1, "larkins": 1})
    play(g, "no")                        # Blue declines
    play(g, "no")                        # Yellow declines
    play(g, "yes")                       # Pink campaigns with 3 of 5 shares: elected at once
    assert g.state.office_holder[0] == slot("benyon")


def test_empty_court_the_former_chairman_takes_the_chair():
    g = hiring_game({"Chairman": None}, chairman_title="larkins", court={"benyon": 0, "hastings": 0, "larkins": 0})
    assert g.state.office_holder[0] == slot("larkins")


def test_nepotism_refused_then_promotion_moves_fatigue_rb_p15():
    """RB-ex p.15: Pink (Chairman) hires the Director of Trade; Pink's own Military Affairs needs Yellow's
    and Blue's consent; refused, Pink promotes Blue's Manager of Shipping, whose fatigue moves along;
    the Manager of Shipping is then hired later in the same phase."""
    g = hiring_game({"Director of Trade": None, "Manager of Shipping": "hastings", "Military Affairs": "benyon",
                     "President of Madras": "larkins"}, fatigue={"Manager of Shipping": 1},
                    writers={"larkins": {"Bombay": 1}})
    assert g.current_player() == "benyon" and "Director of Trade" in g.prompt()
    assert "Chairman" not in labels(g)
    play(g, "Military Affairs")
    assert g.current_player() == "hastings" and "nepotism" in g.prompt()
    play(g, "no")
    assert g.current_player() == "benyon" and "Military Affairs" not in labels(g)
    assert "President of Bengal" not in labels(g)      # also Pink's own: ruled out after the refusal
    play(g, "Manager of Shipping")
    s = g.state
    assert s.office_holder[1] == slot("hastings") and s.office_fatigue[1] == 1
    # the Manager of Shipping (number 3) is hired now, from the writers
    assert "Manager of Shipping" in g.prompt() and labels(g) == ["writer in Bombay"]
    play(g, "writer in Bombay")
    assert s.office_holder[3] == slot("larkins") and s.office_fatigue[3] == 0


def test_nepotism_with_consent_of_every_other_candidate():
    g = hiring_game({"Director of Trade": None, "Military Affairs": "benyon"})
    play(g, "Military Affairs", "yes", "yes")
    assert g.state.office_holder[1] == slot("benyon")


def test_no_candidate_or_a_vacant_hirer_leaves_the_office_vacant():
    vacant = {o: None for o in ALL_OFFICES if o != "Chairman"}
    g = hiring_game(vacant, writers={}, officers={}, commanders={"Bombay": None, "Madras": None, "Bengal": None},
                    officers_in_training={"benyon": 0, "hastings": 0, "larkins": 0})
    s = g.state
    # nobody can be hired (no officeholder, writer, officer): the Presidents' hirer stays vacant too
    assert all(s.office_holder[o] < 0 for o in range(1, 8))
    assert "Chairman" in g.prompt() and "Debt" in g.prompt()


def test_military_affairs_is_hired_from_commanders_first():
    g = hiring_game({"Military Affairs": None}, commanders={"Bombay": "larkins", "Madras": None, "Bengal": None},
                    officers={"hastings": {"Madras": 2}})
    assert labels(g) == ["Commander of the Bombay Army"]
    play(g, "Commander of the Bombay Army")
    assert g.state.office_holder[4] == slot("larkins") and g.state.commander[0] == -1


# --- choices that were automatic (issue 20) ----------------------------------------------------------------------
def test_purchase_shipyard_buyer_picks_the_shipyard():
    """RB p.13: Purchase Shipyard takes a shipyard of the buyer's choice (each carries a named ship)."""
    g = new_game(3, position={"phase": "family", "offices": {"Chairman": "benyon"}, "cash": {"benyon": 10},
                              "ships": {"Atlas": {"owner": "hastings", "zone": "West Indian Ocean"}}})
    play(g, "Purchase Shipyard")
    assert "buy which shipyard" in g.prompt()
    assert "ship Atlas" not in labels(g) and "ship Britannia" in labels(g)
    play(g, "ship Eliza")
    s = g.state
    from coin_env.games.john_company.static import SHIP_NAMES
    assert s.shipyard_owner[SHIP_NAMES.index("Eliza")] == slot("benyon")
    assert s.ship_zone[SHIP_NAMES.index("Eliza")] == -1 and s.cash[slot("benyon")] == 8


def test_out_of_pieces_family_picks_the_prize_it_gives_up():
    """RB p.13: a family with an empty supply takes a piece from a prize of its choice, losing its VP."""
    pos = {"phase": "family", "offices": {"Chairman": "benyon"}, "vp": {"benyon": 20},
           "prizes": {"benyon": [0, 1, 0, 1, 0]}, "writers": {"benyon": {"Bombay": 0}}}
    left = int(new_game(3, position=pos).state.supply[slot("benyon")])
    g = new_game(3, position=dict(pos, writers={"benyon": {"Bombay": left}}))      # every other piece on the board
    s = g.state
    assert s.supply[slot("benyon")] == 0
    play(g, "Enlist Officer")
    assert "out of pieces" in g.prompt()
    assert sorted(labels(g)) == ["prize box 2", "prize box 4"]
    play(g, "prize box 4")
    assert s.prize_pieces[slot("benyon")].tolist() == [0, 1, 0, 0, 0]
    assert int(s.vp[slot("benyon")]) == 20 - g.data.prizes[3][2]
    assert s.officers_in_training[slot("benyon")] >= 1 and s.supply[slot("benyon")] == 0
