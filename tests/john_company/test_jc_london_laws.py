"""I. The London Season (RB p.11-12) and the Prime Minister's law interventions."""

from jc_helpers import labels, new_game, play, slot

NO_OFFICES = {o: None for o in ["Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs",
                                "President of Bombay", "President of Madras", "President of Bengal"]}


def test_attrition_retirements_and_prestige_order_rb_p11_p12():
    """RB-ex p.11: Blue holds the Manager of Shipping; Yellow the Director of Trade and the President of
    Madras, both with one fatigue. Blue's roll and Yellow's Director roll reach 5: both retire to the
    Pensioners box; Yellow's Madras roll makes 3-4: one more fatigue. RB-ex p.12: Yellow retires to the
    £4 prize, Blue to the £8 prize, so Blue chooses a London Season card first."""
    offices = dict(NO_OFFICES, **{"Director of Trade": "larkins", "Manager of Shipping": "hastings",
                                  "President of Madras": "larkins"})
    # the attrition dice are rolled before the first decision: make_game's dice script them
    import coin_env
    g = coin_env.make_game("john_company", seed=0, options={"families": 3}, debug=True, dice=[4, 5, 2],
                    position={"phase": "london_season", "turn": 2, "offices": offices, "chairman_title": "benyon",
                              "fatigue": {"Director of Trade": 1, "President of Madras": 1},
                              "cash": {"hastings": 10, "larkins": 5}})
    s = g.state
    assert s.office_holder[1] == -1 and s.office_holder[3] == -1 and s.office_fatigue[6] == 2
    assert s.pensioners[slot("hastings")] == 1 and s.pensioners[slot("larkins")] == 1
    assert g.current_player() == "hastings"              # clockwise from the (former) Chairman, Benyon
    assert labels(g) == ["prize box 1", "prize box 2", "prize box 3", "done"]
    play(g, "prize box 3")
    assert g.current_player() == "larkins"
    play(g, "prize box 2")
    assert s.vp[slot("hastings")] >= 4 and s.cash[slot("hastings")] == 2 and s.cash[slot("larkins")] == 1
    assert g.current_player() == "hastings" and "London Season card" in g.prompt()
    before = list(s.display)
    play(g, "take London Season card 1")
    assert g.current_player() == "larkins"
    play(g, "discard London Season card 1")
    assert len(s.display) == 3 and s.display != before and s.pensioners.sum() == 0


def test_board_of_control_lets_the_pm_remove_an_officeholder_once():
    g = new_game(3, 0, position={"phase": "operations", "offices": dict(NO_OFFICES, **{
        "Director of Trade": "hastings", "Manager of Shipping": "larkins"}), "pm": "benyon",
        "laws_in_force": ["Board of Control"], "treasuries": {"Director of Trade": 0, "Manager of Shipping": 0},
        "writers": {}, "company_ships": {}, "ships": {}})
    assert g.current_player() == "benyon" and "Board of Control" in g.prompt()
    play(g, "yes")
    assert g.state.office_holder[1] == -1
    # used: no question after the Manager of Shipping
    assert "Board of Control" not in g.prompt()


def test_military_oversight_needs_nepotism_consent():
    g = new_game(3, 0, position={"phase": "operations", "offices": dict(NO_OFFICES, **{"Military Affairs": "hastings"}),
                                 "pm": "benyon", "laws_in_force": ["Military Oversight"],
                                 "commanders": {"Bombay": "hastings", "Madras": None, "Bengal": None},
                                 "officers": {"benyon": {"Bombay": 1}, "larkins": {"Bombay": 1}},
                                 "officers_in_training": {"benyon": 0, "hastings": 0, "larkins": 0}, "regiments": {}})
    play(g, "done")                                       # Military Affairs: no transfer; Commanders unchanged
    assert g.current_player() == "benyon" and "Military Oversight" in g.prompt()
    play(g, "Bombay Presidency", "Benyon")
    assert g.current_player() == "larkins" and "nepotism" in g.prompt()
    play(g, "yes")
    s = g.state
    assert s.commander[0] == slot("benyon") and s.officers[slot("hastings"), 0, 0] == 1


def test_parliament_dilemma_dial_coalition_and_a_failed_law_rb_p34_p36():
    """RB-ex p.34: the PM passes on Calico Acts and draws a dilemma, which must be selected; the dial turns
    to the first matching space either way. A coalition: Hastings votes against on Larkins's behalf
    with its consent; the law fails, Larkins (most votes against) becomes Prime Minister and turns the
    dial one space."""
    g = new_game(3, 0, position={"phase": "parliament", "pm": "benyon", "dial": 0, "ships": {},
                                 "law_deck": ["Calico Acts", "Relief Demanded for Indian Famine!"],
                                 "cash": {"benyon": 0, "hastings": 5, "larkins": 0}})
    assert g.current_player() == "benyon"
    assert set(labels(g)) == {"law Calico Acts", "draw another law"}
    play(g, "draw another law")                 # the dilemma is selected at once
    assert set(labels(g)) == {"turn the dial clockwise", "turn the dial counter-clockwise"}
    play(g, "turn the dial clockwise")          # to Tax on Company shares (space 1)
    assert g.state.dial == 1
    assert g.current_player() == "hastings"     # the PM (no money, no enterprise) cannot vote
    play(g, "vote against", "Larkins")
    assert g.current_player() == "larkins" and "consent" in g.prompt()
    play(g, "yes", "3")
    assert g.state.cash[slot("hastings")] == 2
    assert g.current_player() == "benyon" and set(labels(g)) == {"another round of voting", "resolve the vote"}
    play(g, "resolve the vote")
    s = g.state
    assert s.pm == slot("larkins")
    assert s.opposition_leader == -1            # RB p.36: the new PM returns the Opposition Leader marker
    assert g.current_player() == "larkins" and "turn the dial" in labels(g)[0]


def test_a_family_that_becomes_pm_returns_the_opposition_leader_marker_rb_p36():
    """RB p.36: a failed law makes the Opposition Leader Prime Minister, and it returns the Opposition Leader
    marker, so it cannot win a later tie for the marker as its previous holder."""
    g = new_game(3, 0, position={"phase": "parliament", "pm": "benyon", "dial": 0, "ships": {},
                                 "opposition_leader": "hastings", "law_deck": ["Calico Acts"],
                                 "cash": {"benyon": 0, "hastings": 5, "larkins": 0}})
    play(g, "law Calico Acts")
    if "turn the dial clockwise" in labels(g):
        play(g, "turn the dial clockwise")
    play(g, "vote against", "Hastings", "3", "resolve the vote")
    s = g.state
    assert s.pm == slot("hastings")
    assert s.opposition_leader == -1 and g.to_position()["opposition_leader"] is None


def test_the_crown_may_hold_the_pm_dial_and_the_opposition_leader_marker_hb():
    """Crown Handbook (Parliament): the Crown may be Prime Minister and Opposition Leader at once, so when its
    votes against make a law fail it takes the PM dial and keeps the marker."""
    import coin_env
    g = coin_env.make_game("john_company", seed=0, options={"families": 1, "crown": True},
                           position={"phase": "parliament", "pm": "benyon", "dial": 0, "law_deck": ["Calico Acts"],
                                     "cash": {"benyon": 0}})
    play(g, "law Calico Acts", "turn the dial clockwise", "vote against", "0", "2", "done", "resolve the vote")
    pos = g.to_position()
    assert pos["pm"] == "crown" and pos["opposition_leader"] == "crown"


def test_prestige_cards_vote_and_lady_newcome_silences_enterprises():
    g = new_game(3, 0, position={"phase": "parliament", "pm": "benyon", "dial": 0, "ships": {},
                                 "law_deck": ["Calico Acts"], "prestige": {"hastings": ["Rotten Borough"],
                                                                            "larkins": ["Lady Newcome"]},
                                 "cash": {"benyon": 0, "hastings": 0, "larkins": 2}})
    play(g, "law Calico Acts")
    if "turn the dial clockwise" in labels(g):
        play(g, "turn the dial clockwise")
    assert g.current_player() == "hastings"
    play(g, "vote for")
    assert "Rotten Boroughs" in g.prompt() and labels(g) == ["1"]
    support = 1 + 3
    play(g, "1")
    assert g.current_player() == "larkins"
    play(g, "vote against", "Larkins")
    assert "cash" in g.prompt()                 # Lady Newcome: only cash votes
    play(g, "2")
    play(g, "resolve the vote")
    assert g.state.cash[slot("larkins")] == 0 and support - 2 >= 0


# --- an unpaid Tax: the owner picks what returns (RB p.34; issue 20) --------------------------------------------
def _tax_shipyards_passed(cash_hastings):
    pos = {"phase": "parliament", "pm": "benyon", "law_deck": ["Debt Restructure"], "dial": 0,
           "cash": {"benyon": 10, "hastings": cash_hastings, "larkins": 0},
           "ships": {"Atlas": {"owner": "hastings", "zone": "West Indian Ocean"},
                     "Britannia": {"owner": "hastings", "zone": None}, "Eliza": {"owner": "hastings", "zone": None}}}
    g = new_game(3, position=pos)
    play(g, "law Debt Restructure", "turn the dial counter-clockwise", "vote for", "10", "done", "resolve the vote")
    return g


def test_unpaid_tax_owner_picks_the_shipyards_returned():
    """RB p.34 Tax: £1 per shipyard; Hastings pays £1 of £3 and picks the two shipyards that return."""
    from coin_env.games.john_company.static import SHIP_NAMES
    g = _tax_shipyards_passed(1)
    s = g.state
    assert g.current_player() == "hastings" and "tax unpaid on 2" in g.prompt()
    assert sorted(labels(g)) == ["ship Atlas", "ship Britannia", "ship Eliza"]
    play(g, "ship Atlas")                           # the fitted one: its ship stays in play
    assert "tax unpaid on 1" in g.prompt() and sorted(labels(g)) == ["ship Britannia", "ship Eliza"]
    play(g, "ship Eliza")
    owned = [SHIP_NAMES[i] for i in range(len(SHIP_NAMES)) if s.shipyard_owner[i] == slot("hastings")]
    assert owned == ["Britannia"] and s.cash[slot("hastings")] == 0
    assert s.ship_zone[SHIP_NAMES.index("Atlas")] == 0             # the Atlas sails on, its shipyard returned


def test_unpaid_tax_without_choice_is_not_asked():
    """Nothing paid: every shipyard returns, no question (and paid in full: none)."""
    g = _tax_shipyards_passed(0)
    assert "tax unpaid" not in g.prompt()
    assert (g.state.shipyard_owner == slot("hastings")).sum() == 0
    g = _tax_shipyards_passed(3)
    assert "tax unpaid" not in g.prompt()
    assert (g.state.shipyard_owner == slot("hastings")).sum() == 3


def test_unpaid_share_tax_court_share_or_chairman():
    """RB p.34: a Company-share Tax counts the Chairman's piece; the owner picks a Court share or the Chairman."""
    pos = {"phase": "parliament", "pm": "benyon", "law_deck": ["Debt Restructure"], "dial": 0,
           "cash": {"benyon": 10, "hastings": 1, "larkins": 0}, "offices": {"Chairman": "hastings"},
           "court": {"hastings": 1, "benyon": 0, "larkins": 0}, "ships": {}}
    g = new_game(3, position=pos)
    play(g, "law Debt Restructure", "turn the dial clockwise", "vote for", "10", "done", "resolve the vote")
    assert "tax unpaid on 1" in g.prompt()
    assert sorted(labels(g)) == ["Chairman", "a Company share in the Court"]
    play(g, "Chairman")
    s = g.state
    assert s.office_holder[0] == -1 and s.court[slot("hastings")] == 1


def test_power_policy_on_the_top_token_pm_swaps_two_others():
    """RB p.34 Power: the token already highest -> two other tokens swap (the PM picks them: a reading)."""
    g = new_game(3, position={"phase": "parliament", "pm": "benyon", "law_deck": ["Board of Control"], "dial": 8,
                              "ships": {}})
    assert g.state.power_track[0] == "Luxuries"
    play(g, "law Board of Control", "turn the dial counter-clockwise")
    while "vote on" in g.prompt():
        play(g, "done")
    assert g.current_player() == "benyon" and "on top" in g.prompt()
    assert sorted(labels(g)) == ["the Company shares power token", "the Shipyards power token",
                                 "the Workshops power token"]
    play(g, "the Company shares power token")
    assert sorted(labels(g)) == ["the Shipyards power token", "the Workshops power token"]
    play(g, "the Workshops power token")
    assert g.state.power_track == ["Luxuries", "Workshops", "Shipyards", "Company shares"]


def test_spouse_discounts_are_assigned_by_the_family():
    """RB p.12: each discount once per London Season, stackable -- the family saves Mr. Rochester's £2 for its
    second retirement (Violet Effingham's £1 is needed for the first and applied without a question)."""
    pos = {"phase": "london_season", "turn": 2, "offices": {"Chairman": "benyon", "Director of Trade": "benyon"},
           "fatigue": {"Chairman": 4, "Director of Trade": 4}, "cash": {"benyon": 7},
           "prestige": {"benyon": ["Mr. Rochester", "Violet Effingham"]}}
    g = new_game(3, position=pos)
    s = g.state
    assert s.pensioners[slot("benyon")] == 2 and "retire a pensioner (2 left)" in g.prompt()
    play(g, "prize box 3")                                   # £8
    assert "Mr. Rochester" in g.prompt() and sorted(labels(g)) == ["no", "yes"]
    play(g, "no")
    assert s.cash[slot("benyon")] == 0                       # £8 - £1 (Violet) = £7 paid
    assert "retire a pensioner (1 left)" in g.prompt() and "prize box 1" in labels(g)
    play(g, "prize box 1")                                   # £2 - £2 (Mr. Rochester, saved) = £0
    assert s.prize_pieces[slot("benyon")].tolist()[:3] == [1, 0, 1]


def test_unpaid_upkeep_family_picks_the_prize_that_loses_a_piece():
    """RB p.36: upkeep £1 (box 2) + £3 (box 4) = £4 with £2 in the treasury: the family picks which prize
    loses a piece; giving up box 4's piece it can pay for box 2's."""
    pos = {"phase": "parliament", "pm": "benyon", "law_deck": ["Board of Control"], "dial": 8, "ships": {},
           "cash": {"benyon": 2}, "vp": {"benyon": 20}, "prizes": {"benyon": [0, 1, 0, 1, 0]}}
    g = new_game(3, position=pos)
    play(g, "law Board of Control", "turn the dial clockwise")
    while "vote on" in g.prompt() or "on top" in g.prompt() or "swap" in g.prompt():
        play(g, labels(g)[-1] if "vote on" in g.prompt() else labels(g)[0])
    assert g.current_player() == "benyon" and "which prize loses a piece" in g.prompt()
    assert sorted(labels(g)) == ["prize box 2", "prize box 4"]
    play(g, "prize box 4")
    s = g.state
    assert s.prize_pieces[slot("benyon")].tolist() == [0, 1, 0, 0, 0]
    assert s.vp[slot("benyon")] == 20 - g.data.prizes[3][2] and s.cash[slot("benyon")] == 2 - g.data.prizes[1][1]


def test_a_failed_impeachment_that_fails_the_company_finishes_the_vote_first():
    """Public Demands Impeachment! failed lowers Standing by 1 (digest appendix A); at 0 the Company has failed,
    and in Parliament the vote is resolved first (RB p.8): the new Prime Minister turns the dial and applies its
    policy, then Final Scoring."""
    import coin_env
    from coin_env import labels
    g = coin_env.make_game("john_company", options={"families": 3}, position={
        "phase": "parliament", "turn": 2, "law_deck": ["Public Demands Impeachment!"], "standing": 1, "pm": "benyon",
        "offices": {"Chairman": "larkins"},
        # Hastings's vote icons fixed: one workshop (asked first), no shipyard (no ship), no prestige card; £6
        "ships": {}, "workshops": {"hastings": 1}, "prestige": {"hastings": []}, "cash": {"hastings": 6}})
    play(g, "turn the dial clockwise", "Chairman", "done")                 # Benyon (PM) casts no vote
    play(g, "vote against", "Hastings", "0", "6")                          # Hastings: 6 against
    play(g, "done")                                                        # Larkins abstains
    play(g, "resolve the vote")
    assert g.state.standing == 0 and g.state.company_failed and not g.is_over()
    assert g.current_player() == "hastings" and "turn the dial one space" in g.prompt()
    play(g, labels(g)[0])
    while not g.is_over():                                                 # the policy's own questions, if any
        play(g, labels(g)[0])
    assert g.state.result["reason"] == "Company failure"
