"""Sequence of play (2.0): eligibility, 1st/2nd Eligible options, passing, Campaign card swap."""

import coin_env
from coin_env import labels, play
from coin_env.games.gandhi import datapack
from coin_env.games.gandhi.data.pieces import CONGRESS_ACTIVIST, ML_ACTIVIST
from coin_env.games.gandhi.static import AVAILABLE, OUT_OF_PLAY

cards = datapack.default().cards      # the built-in card facts: what a game made without a data pack plays with


def card_with_order(first, second):
    return next(c for c in range(1, 73) if cards.faction_order(c)[:2] == (first, second))


def game_on(card, **pos):
    deck = [card] + [c for c in range(1, 40) if c != card] + [73]
    pos = dict(pos)
    pos.setdefault("resources", {"raj": 20, "revs": 10})
    return coin_env.make_game("gandhi", position=dict(deck=deck, **pos), debug=True)


def finish_turn(g, faction):
    """Answer the rest of a faction's turn minimally (done where offered)."""
    while g.current_player() == faction and g.state.turn is not None:
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])


def test_faction_orders_are_balanced_each_order_three_times():
    from collections import Counter
    counts = Counter(cards.faction_order(c) for c in range(1, 73))
    assert len(counts) == 24 and set(counts.values()) == {3}


def test_first_eligible_is_leftmost_icon_and_may_not_take_a_limited_op():
    card = card_with_order("raj", "congress")
    g = game_on(card)
    assert g.current_player() == "raj"
    assert "limited operation" not in labels(g)
    assert {"pass", "operation only", "operation with special activity"} <= set(labels(g))


def test_after_op_only_the_second_eligible_may_only_take_a_limited_op():
    card = card_with_order("raj", "congress")
    g = game_on(card)
    play(g, "operation only", "Deploy", "select Delhi")
    finish_turn(g, "raj")
    assert g.current_player() == "congress"
    assert set(labels(g)) <= {"pass", "limited operation"}


def test_passing_keeps_eligibility_and_gives_raj_three_resources():
    card = card_with_order("raj", "congress")
    g = game_on(card)
    play(g, "pass")
    assert g.state.resources["raj"] == 23
    # Congress replaces Raj as 1st Eligible with the same options.
    assert g.current_player() == "congress"
    assert "limited operation" not in labels(g)


def test_revolutionaries_pass_gains_one_resource():
    card = card_with_order("revs", "raj")
    g = game_on(card)
    play(g, "pass")
    assert g.state.resources["revs"] == 11


def test_nv_pass_may_bring_the_other_factions_activist_and_raise_unity():
    card = card_with_order("congress", "raj")
    g = game_on(card, unity=2, boxes={"Out of Play": {"ML Activist": 2, "Congress Activist": 1}})
    play(g, "pass", "ML Activist")
    s = g.state
    assert s.unity == 3
    assert s.pieces[OUT_OF_PLAY, ML_ACTIVIST] == 1 and s.pieces[AVAILABLE, ML_ACTIVIST] == 15
    g2 = game_on(card, unity=2, boxes={"Out of Play": {"Congress Activist": 1}})
    play(g2, "pass", "Congress Activist")
    assert g2.state.unity == 2 and g2.state.pieces[AVAILABLE, CONGRESS_ACTIVIST] == 16


def test_factions_that_acted_are_ineligible_on_the_next_card():
    card = card_with_order("raj", "congress")
    g = game_on(card)
    play(g, "operation only", "Deploy", "select Delhi")
    finish_turn(g, "raj")
    assert g.current_player() == "congress"
    play(g, "pass")
    # Congress passed: the third faction in order is offered next.
    while g.state.current == card:
        play(g, "pass")
    s = g.state
    assert s.eligible["raj"] is False
    assert s.eligible["congress"] is True


def test_campaign_card_revealed_as_upcoming_is_swapped_and_its_round_runs():
    """2.4: the Campaign card swaps with Current and its round runs before the Event card is played;
    afterwards the swapped Event card is Current again (6.5)."""
    card = card_with_order("raj", "congress")
    deck = [card, 73] + list(range(40, 50)) + [74]
    g = coin_env.make_game("gandhi", position={"deck": deck, "restraint": 3, "unity": 3}, debug=True)
    s = g.state
    assert s.current == 73 and s.upcoming == card          # swapped: the round is under way
    while s.current == 73:                                   # answer the round's choices minimally
        legal = labels(g)
        play(g, "done" if "done" in legal else legal[0])
    assert s.current == card and s.upcoming == 40
    assert s.viceroy == 73                                  # 6.4.1 the triggering card is the new Viceroy
    assert g.current_player() == "raj"                      # the Event card is played first


def test_after_a_limited_operation_the_second_eligible_may_take_a_limited_op():
    """2.3.5: a Limited Operation counts as an Operation, so a 1st Eligible's Limited Operation leaves the
    2nd Eligible the Op Only options of 2.3.4 (a Limited Operation), not Pass alone. Gandhi's own cards
    never let the 1st Eligible choose one, so the situation is set up as a save (the sequence of play is
    the one A Distant Plain's Final Event Card reaches in play)."""
    import json
    card = card_with_order("raj", "congress")
    g = game_on(card)
    play(g, "operation only", "Deploy", "select Delhi")
    finish_turn(g, "raj")
    save = json.loads(g.to_json())
    save["state"]["fields"]["sop"]["first_did"] = "limited"
    h = coin_env.load_game(json.dumps(save))
    assert h.current_player() == "congress"
    assert set(labels(h)) == {"pass", "limited operation"}
    # The Arjuna eligibility table (8.2.1) reads it the same way: after an Operation, no Event.
    from coin_env.games.gandhi.bots import ArjunaBot
    g = coin_env.make_game("gandhi", options={"non_players": ["congress"]}, debug=True, position=dict(
        deck=[card] + [c for c in range(1, 40) if c != card] + [73], resources={"raj": 20, "revs": 10}))
    play(g, "operation only", "Deploy", "select Delhi")
    finish_turn(g, "raj")
    save = json.loads(g.to_json())
    save["state"]["fields"]["sop"]["first_did"] = "limited"
    h = coin_env.load_game(json.dumps(save))
    h.apply(ArjunaBot()(h, "congress", None))
    assert h.state.sop["offered"][-1] == "congress"
    assert h.state.turn is None or h.state.turn["kind"] in ("limited", "pass")
