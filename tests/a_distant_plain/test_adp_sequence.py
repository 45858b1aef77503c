"""A Distant Plain's sequence of play (2.0): eligibility and options, passing, Limited Operations, the
Final Event Card (2.3.8), Islamabad Sponsorship (6.6.1), Propaganda cards in turn and the Sudden
Propaganda option (2.3.7)."""

import pytest

import coin_env
from coin_env import labels, play
from coin_env.games.a_distant_plain import datapack
from coin_env.games.a_distant_plain.data import cards as carddata

GAME = "a_distant_plain"
# Card 1's (reconstructed) order: Coalition, Government, Taliban, Warlords; card 3: Taliban, Government, ...
ORDER_CGTW = 1
ORDER_TGCW = 3
ORDER_GCWT = 2


def game_on(card, upcoming=2, deck=None, **pos):
    position = {"current_card": card, "upcoming_card": upcoming,
                "deck": deck if deck is not None else [10, 11, 73, 12, 74],
                "resources": {"government": 30, "taliban": 10, "warlords": 10}}
    position.update(pos)
    return coin_env.make_game(GAME, position=position, debug=True)


def test_first_eligible_is_leftmost_in_the_card_order():
    """2.3.2: the leftmost Eligible faction of the card's order is 1st Eligible."""
    assert datapack.default().cards.faction_order(ORDER_CGTW)[0] == "coalition"
    g = game_on(ORDER_CGTW)
    assert g.current_player() == "coalition"
    g = game_on(ORDER_CGTW, eligible={"coalition": False})
    assert g.current_player() == "government"


@pytest.mark.parametrize("faction,field,gain", [
    ("coalition", "government", 3), ("government", "government", 3), ("taliban", "taliban", 1),
    ("warlords", "warlords", 1)])
def test_passing_gains_and_stays_eligible(faction, field, gain):
    """2.3.3: a passing Insurgent +1 own Resources; a passing COIN faction +3 Government Resources;
    the passer stays Eligible and the next Eligible faction replaces it."""
    first_on = {"coalition": 1, "government": 2, "taliban": 3, "warlords": 4}   # card whose order starts with it
    g = game_on(first_on[faction], upcoming=5)
    before = g.state.resources[field]
    assert g.current_player() == faction
    play(g, "pass")
    assert g.state.resources[field] == before + gain
    assert g.current_player() != faction
    assert faction in g.state.sop["offered"] and faction not in g.state.sop["acted"]


def test_T47_pass_gain_capped_at_75_and_next_faction_moves_up():
    """2.3.3 with 1.8: Government Resources 74, the Government passes as 1st Eligible -> 75."""
    g = game_on(2, upcoming=5, resources={"government": 74, "taliban": 0, "warlords": 0})
    assert g.current_player() == "government"
    play(g, "pass")
    assert g.state.resources["government"] == 75
    assert g.current_player() == "coalition"        # the next faction on card 2 becomes 1st Eligible
    assert "pass" in labels(g)


def test_all_pass_then_everyone_stays_eligible_and_next_card_is_played():
    g = game_on(ORDER_CGTW)
    for _ in range(4):
        play(g, "pass")
    assert g.state.current == 2 and all(g.state.eligible.values())


def test_T44_T45_T46_second_eligible_options():
    """2.3.4: after Op only -> Limited Operation; after Op + SA -> Limited Operation or Event; after the
    Event -> Operation (with or without SA). Events are data only, so only the Op options show here."""
    g = game_on(ORDER_TGCW, spaces={"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}}},
                eligible={"taliban": True, "government": True, "coalition": False, "warlords": False})
    assert g.current_player() == "taliban"
    assert set(labels(g)) >= {"pass", "operation only", "operation with special activity"}
    play(g, "operation only", "Terror", "select Kandahar", "done")
    assert g.current_player() == "government"
    assert set(labels(g)) == {"pass", "limited operation"}            # T44
    pos = g.to_position()
    assert pos["card_turn"] == {"passed": [], "acted": ["taliban"], "first_did": "operation"}
    pos["card_turn"]["first_did"] = "operation with special activity"
    pos.pop("decision_pending")
    g = coin_env.make_game(GAME, position=pos)
    assert set(labels(g)) == {"pass", "limited operation"}            # T45 (no Event is implemented)
    pos["card_turn"]["first_did"] = "event"
    g = coin_env.make_game(GAME, position=pos)
    assert set(labels(g)) == {"pass", "operation only", "operation with special activity"}   # T46


def test_executing_factions_become_ineligible_passers_stay_eligible():
    """2.3.6."""
    g = game_on(ORDER_TGCW, spaces={"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 1}}})
    play(g, "operation only", "Terror", "select Kandahar", "done")     # Taliban
    play(g, "pass")                                                     # Government passes
    play(g, "pass")                                                     # Coalition passes
    play(g, "pass")                                                     # Warlords pass
    assert g.state.current == 2
    assert g.state.eligible == {"coalition": True, "government": True, "taliban": False, "warlords": True}


def test_final_event_card_player_operations_are_limited_without_sweep_or_march():
    """2.3.8: on the last Event card before the final Propaganda card, player Operations are Limited, no
    SA, no Sweep or March; a Non-player ignores it (8.1)."""
    g = game_on(ORDER_CGTW, upcoming=73, deck=[],
                spaces={"Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla (Active)": 1}},
                        "Zabol": {"pieces": {"Coalition Troops": 1}}})
    assert set(labels(g)) == {"pass", "limited operation"}
    play(g, "limited operation")
    ops = set(labels(g))
    assert "Sweep" not in ops and "Assault" in ops
    g = coin_env.make_game(GAME, options={"non_players": ["coalition"]}, position={
        "current_card": ORDER_CGTW, "upcoming_card": 73, "deck": [], "resources": {"government": 30},
        "spaces": {"Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla (Active)": 1}}}})
    assert "operation with special activity" in labels(g)


def test_final_card_limits_only_before_the_final_propaganda_unless_optional_rule():
    """2.3.8 applies to the final Event card only; the optional rule of 8.1 applies it before every
    Propaganda card."""
    pos = {"current_card": ORDER_CGTW, "upcoming_card": 73, "deck": [5, 74], "resources": {"government": 30},
           "spaces": {"Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla (Active)": 1}}}}
    g = coin_env.make_game(GAME, position=pos)
    assert "operation with special activity" in labels(g)
    g = coin_env.make_game(GAME, position=pos, options={"final_card_limits": "each_propaganda"})
    assert set(labels(g)) == {"pass", "limited operation"}


def test_sponsorship_lets_a_taliban_limited_operation_use_several_spaces():
    """6.6.1 Sponsorship: a Taliban Limited Operation may occur in multiple spaces (2.3.5 otherwise 1)."""
    spaces = {"Kandahar": {"pieces": {"Taliban Guerrilla": 1}}, "Zabol": {"pieces": {"Taliban Guerrilla": 1}}}
    for box, can_add in (("Backing", False), ("Sponsorship", True)):
        # Card 2 (Government, Coalition, Warlords, Taliban): the Government executed an Operation as 1st
        # Eligible; the Taliban are 2nd Eligible.
        g = game_on(ORDER_GCWT, upcoming=4, islamabad=box, spaces=spaces,
                    eligible={"taliban": True, "government": True, "coalition": False, "warlords": False},
                    card_turn={"acted": ["government"], "first_did": "operation"})
        play(g, "limited operation", "Terror", "select Kandahar")
        assert ("select Zabol" in labels(g)) is can_add


def test_propaganda_card_is_played_in_turn_not_swapped():
    """2.4: a Propaganda card is played when it becomes the current card (the Sudden Propaganda swap is
    an option, 2.3.7)."""
    g = game_on(ORDER_CGTW, upcoming=73, deck=[5, 6, 74])
    assert g.state.current == ORDER_CGTW and g.state.upcoming == 73
    assert g.state.propaganda_played == 0


def test_sudden_propaganda_swaps_and_holds_the_round_at_once():
    """2.3.7 option: when the revealed next card is a Propaganda card, the two swap and the round is held
    at once; the Event card is played next."""
    g = coin_env.make_game(GAME, options={"sudden_propaganda": True}, position={
        "current_card": ORDER_CGTW, "upcoming_card": 73, "deck": [5, 6, 74], "resources": {"government": 30}})
    assert g.state.propaganda_played == 1
    assert g.state.current in (ORDER_CGTW, 5) or g.is_over()


def test_after_a_limited_operation_the_second_eligible_may_execute_a_limited_operation():
    """2.3.5: a Limited Operation counts as an Operation, so after the 1st Eligible's Limited Operation the
    2nd Eligible has the Op Only options of 2.3.4: a Limited Operation (on the Final Event Card, 2.3.8,
    where the 1st Eligible could only take a Limited Operation). It was offered only Pass."""
    g = game_on(ORDER_CGTW, upcoming=73, deck=[],
                spaces={"Kandahar": {"pieces": {"Coalition Troops": 2, "Taliban Guerrilla (Active)": 1}},
                        "Kabul": {"pieces": {"Police": 2, "Government Troops": 2}}})
    assert g.current_player() == "coalition"
    play(g, "limited operation", "Assault", "select Kandahar")
    while g.current_player() == "coalition":
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    assert g.state.sop["first_did"] == "limited"
    assert g.current_player() == "government"
    assert set(labels(g)) == {"pass", "limited operation"}
    play(g, "limited operation")
    assert g.current_player() == "government" and g.state.turn["kind"] == "limited"
