"""Blackmail card plays with a fixed window (RB p.12; card texts digest appendix C): rules/blackmail.py."""

from coin_env.games.john_company import game as jc
from coin_env.games.john_company.bots import CrownBot
from jc_helpers import labels, new_game, play, slot


def test_prime_ministers_ear_swaps_two_adjacent_power_tokens_before_the_family_phase():
    g = new_game(3, position={"phase": "family", "blackmail": {"hastings": ["The Prime Minister's Ear"]}},
                 blackmail=True)
    s = g.state
    assert g.current_player() == "hastings" and "The Prime Minister's Ear" in g.prompt()
    assert s.power_track == ["Luxuries", "Company shares", "Shipyards", "Workshops"]
    play(g, "yes")
    assert sorted(labels(g)) == ["the Company shares power token", "the Luxuries power token",
                                 "the Shipyards power token"]
    play(g, "the Shipyards power token")
    assert s.power_track == ["Luxuries", "Company shares", "Workshops", "Shipyards"]
    assert 61 in s.hands[slot("hastings")]["used"] and 61 not in s.hands[slot("hastings")]["blackmail"]
    assert "family action" in g.prompt()
    v = g.view("benyon")
    assert 61 in v["fields"]["hands"]["hastings"]["used"]         # played faceup: public


def test_declined_card_stays_facedown():
    g = new_game(3, position={"phase": "family", "blackmail": {"hastings": ["The Prime Minister's Ear"]}},
                 blackmail=True)
    play(g, "no")
    assert 61 in g.state.hands[slot("hastings")]["blackmail"] and "family action" in g.prompt()


def test_company_fraud_at_the_start_of_revenue():
    """A die per office held (here 2 offices: dice 3 and 5): the Balance loses 2 x 5, the player takes £10."""
    offices = {"Chairman": "larkins", "Director of Trade": "larkins", "Manager of Shipping": None,
               "Military Affairs": None, "President of Bombay": None, "President of Madras": None,
               "President of Bengal": None}
    pos = {"phase": "revenue", "balance": 30, "offices": offices,
           "blackmail": {"larkins": ["Company Fraud"]}, "cash": {"larkins": 0}}
    g = jc.new_game("1710", 0, {"families": 3}, position=pos, debug=True, log=True, dice=[3, 5])
    assert g.current_player() == "larkins" and "Company Fraud" in g.prompt()
    play(g, "yes")
    s = g.state
    notes = [e["text"] for e in g.log]
    assert "Company Fraud: dice [3, 5]; the Balance loses up to £10, Larkins takes £10" in notes     # 2 offices
    assert any(t.startswith("Expenses") and t.endswith("Balance £20") for t in notes)    # 30 - 10, then expenses
    assert s.cash[slot("larkins")] >= 10 and 62 in s.hands[slot("larkins")]["used"]


def test_the_crown_never_plays_blackmail():
    g = jc.new_game("1710", 0, {"families": 1, "crown": True},
                    position={"phase": "family", "blackmail": {"crown": ["The Prime Minister's Ear"]}})
    assert g.current_player() == "crown" and "blackmail" in g.prompt()
    assert g.action_label(CrownBot()(g, "crown")) == "no"


def test_scandal_on_leadenhall_street_after_revenue_empties_an_office_outside_india():
    """Digest appendix C: any officeholder but a President or Governor (or the GG) vacates without retiring --
    offered at the start of Events in India; the piece goes to its supply, the card to Vacant Offices."""
    pos = {"phase": "events", "blackmail": {"hastings": ["Scandal on Leadenhall Street"]}}
    g = new_game(3, position=pos, blackmail=True)
    s = g.state
    assert g.current_player() == "hastings" and "Scandal on Leadenhall Street" in g.prompt()
    play(g, "yes")
    assert sorted(labels(g)) == sorted(["Chairman", "Director of Trade", "Manager of Shipping", "Military Affairs"])
    holder = int(s.office_holder[3])               # the Manager of Shipping
    supply = int(s.supply[holder])
    play(g, "Manager of Shipping")
    assert s.office_holder[3] == -1 and s.supply[holder] == supply + 1 and s.pensioners[holder] == 0
    assert 64 in s.hands[slot("hastings")]["used"]


def test_scandal_in_india_targets_presidents_and_is_not_offered_without_one():
    pos = {"phase": "events", "blackmail": {"benyon": ["Scandal in India"]}}
    g = new_game(3, position=pos, blackmail=True)
    play(g, "yes")
    assert sorted(labels(g)) == ["President of Bengal", "President of Bombay", "President of Madras"]
    play(g, "President of Madras")
    assert g.state.office_holder[6] == -1
    empty = {"President of Bombay": None, "President of Madras": None, "President of Bengal": None}
    g = new_game(3, position=dict(pos, offices=empty), blackmail=True)
    assert "Scandal in India" not in g.prompt() and 65 in g.state.hands[slot("benyon")]["blackmail"]


def test_hiring_preference_makes_the_hirer_choose_the_player_without_nepotism():
    """Digest appendix C: during hiring, a candidate's family plays it and the hirer must hire its member."""
    pos = {"phase": "hiring", "offices": {"Manager of Shipping": None},
           "writers": {"benyon": {"Bombay": 1}, "hastings": {"Madras": 1}},
           "blackmail": {"hastings": ["Hiring Preference"]}}
    g = new_game(3, position=pos, blackmail=True)
    s = g.state
    chairman = int(s.office_holder[0])
    while "Hiring Preference" not in g.prompt():
        assert not g.is_over()
        g.apply(g.legal_actions()[0])
    assert g.current_player() == "hastings"
    play(g, "yes")
    assert g.current_player() == g.faction_of(chairman) and labels(g) == ["writer in Madras"]
    play(g, "writer in Madras")
    assert s.office_holder[3] == slot("hastings") and 66 in s.hands[slot("hastings")]["used"]



def _at_bombay_trade_dice(holder="walsh", more=None):
    """Company Operation with only the Presidents in office, Benyon President of Bombay: the President of Bombay
    is asked for trade dice (``holder`` holds Mercantile Connection; ``more``: other families' blackmail cards --
    neither held by Benyon, whom the window skips as the trading President's family). The London cards are
    stated in full (``london_deck``): no other card is in play, so no dealt Man on the Inside can answer."""
    offices = {"Chairman": None, "Director of Trade": None, "Manager of Shipping": None, "Military Affairs": None,
               "President of Bombay": "benyon"}
    pos = {"phase": "operations", "offices": offices, "commanders": {"Bombay": None, "Madras": None, "Bengal": None},
           "treasuries": {"President of Bombay": 6}, "blackmail": {holder: ["Mercantile Connection"], **(more or {})},
           "london_deck": [], "display": []}
    g = new_game(6, position=pos, blackmail=True)
    play(g, "Trade")
    assert g.prompt().startswith("Trade: pay for how many dice")
    return g


def test_mercantile_connection_forces_a_trade_reroll_with_half_the_dice():
    """Digest appendix C: after a Trade check another family forces the President to reroll with half as many
    dice (rounded down). Bombay trades with 5 dice [1, 3, 3, 4, 4] (a success); the holder plays the card: 2 dice
    [5, 6] -- a catastrophic failure, and the President vacates the office."""
    g = _at_bombay_trade_dice()
    s = g.state
    assert int(s.office_holder[5]) != slot("walsh")
    g.script_dice([1, 3, 3, 4, 4, 5, 6])
    play(g, "5")
    assert g.current_player() == "walsh" and "Mercantile Connection" in g.prompt() and "reroll 2 dice" in g.prompt()
    play(g, "yes")
    assert s.office_holder[5] == -1 and 68 in s.hands[slot("walsh")]["used"]


def test_mercantile_connection_declined_keeps_the_first_roll():
    g = _at_bombay_trade_dice()
    g.script_dice([1, 3, 3, 4, 4])
    play(g, "5")
    play(g, "no")
    assert g.prompt().startswith("Trade: fill which order") and 68 in g.state.hands[slot("walsh")]["blackmail"]


def test_letters_of_introduction_uses_the_other_families_spouse_discounts():
    """Digest appendix C: when retiring, also use the retirement discounts of every other player's spouses.
    Benyon (£6) retires to the £8 box with Hastings's Mr. Rochester (£2) after playing the card."""
    pos = {"phase": "london_season", "turn": 2, "offices": {"Chairman": "benyon"}, "fatigue": {"Chairman": 4},
           "cash": {"benyon": 6}, "prestige": {"hastings": ["Mr. Rochester"]},
           "blackmail": {"benyon": ["Letters of Introduction"]}}
    g = new_game(3, position=pos, blackmail=True)
    s = g.state
    assert g.current_player() == "benyon" and "Letters of Introduction" in g.prompt()
    play(g, "yes")
    assert "prize box 3" in labels(g)                        # £8 - £2 <= £6
    play(g, "prize box 3")
    assert s.cash[slot("benyon")] == 0 and s.prize_pieces[slot("benyon"), 2] == 1
    assert 63 in s.hands[slot("benyon")]["used"] and 11 in s.hands[slot("hastings")]["prestige"]


def test_letters_of_introduction_declined_asks_once_and_is_not_offered_without_spouses():
    pos = {"phase": "london_season", "turn": 2, "offices": {"Chairman": "benyon"}, "fatigue": {"Chairman": 4},
           "cash": {"benyon": 6}, "prestige": {"hastings": ["Mr. Rochester"]},
           "blackmail": {"benyon": ["Letters of Introduction"]}}
    g = new_game(3, position=pos, blackmail=True)
    play(g, "no")
    assert "retire a pensioner" in g.prompt() and "prize box 3" not in labels(g)
    g = new_game(3, position=dict(pos, prestige={}), blackmail=True)
    assert "Letters of Introduction" not in g.prompt() and "retire a pensioner" in g.prompt()


def test_man_on_the_inside_cancels_a_card_as_it_is_played():
    """Digest appendix C: cancel a blackmail card as it is played; it goes faceup into the canceller's area.
    Hastings plays The Prime Minister's Ear, Larkins cancels it: the power track is unchanged."""
    pos = {"phase": "family", "blackmail": {"hastings": ["The Prime Minister's Ear"],
                                            "larkins": ["Man on the Inside"]}}
    g = new_game(3, position=pos, blackmail=True)
    s = g.state
    play(g, "yes")
    assert g.current_player() == "larkins" and "Man on the Inside" in g.prompt()
    play(g, "yes")
    assert s.power_track == ["Luxuries", "Company shares", "Shipyards", "Workshops"] and "family action" in g.prompt()
    assert s.hands[slot("larkins")]["used"] == [70, 61] and s.hands[slot("hastings")]["used"] == []
    assert 61 not in s.hands[slot("hastings")]["blackmail"]


def test_man_on_the_inside_declined_lets_the_play_happen():
    g = _at_bombay_trade_dice(more={"larkins": ["Man on the Inside"]})
    s = g.state
    g.script_dice([1, 3, 3, 4, 4, 5, 6])
    play(g, "5")
    play(g, "yes")                                             # Walsh forces the reroll
    assert g.current_player() == "larkins" and "cancel" in g.prompt()
    play(g, "no")
    assert s.office_holder[5] == -1 and 68 in s.hands[slot("walsh")]["used"]


def test_man_on_the_inside_cancels_a_mercantile_connection():
    g = _at_bombay_trade_dice(more={"larkins": ["Man on the Inside"]})
    s = g.state
    g.script_dice([1, 3, 3, 4, 4])
    play(g, "5", "yes", "yes")
    assert g.prompt().startswith("Trade: fill which order") and 68 in s.hands[slot("larkins")]["used"]


def test_envoy_to_the_mughals_moves_the_elephant_and_pays_the_tails_best_open_order():
    """Digest appendix C: move the Elephant to any legal position and take £ equal to the highest open order
    in the region at its tail. Madras's borders (BGA shapes) face Mysore or Hyderabad; Ma1 (£5) is open, Ma2
    closed in 1710: Hastings takes £5."""
    pos = {"phase": "events", "blackmail": {"hastings": ["Envoy to the Mughals"]}, "cash": {"hastings": 0}}
    g = new_game(3, position=pos, blackmail=True)
    s = g.state
    assert s.elephant == {"region": "Maratha", "facing": "Delhi"} and "Envoy to the Mughals" in g.prompt()
    play(g, "yes", "region Madras")
    assert sorted(labels(g)) == ["region Hyderabad", "region Mysore"]
    cash = int(s.cash[slot("hastings")])
    g.script_dice([1])                      # the storm die that follows: 4 events, no storm
    play(g, "region Hyderabad")
    assert s.cash[slot("hastings")] == cash + 5 and 67 in s.hands[slot("hastings")]["used"]
