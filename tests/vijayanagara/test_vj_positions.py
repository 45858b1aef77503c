"""Vijayanagara positions inside a card (issue 17.1 with 2.3.3): the card turn in the game's words and the
forked boxes already taken, read by name."""

import pytest

import coin_env
from coin_env import labels


def game(**pos):
    pos.setdefault("current_card", 25)               # faction order: Delhi, Bahmani, Vijayanagara
    pos.setdefault("resources", {"ds": 10, "bk": 10, "ve": 10})
    return coin_env.make_game("vijayanagara", position=pos, seed=1)


def test_a_taken_forked_box_is_closed_to_the_next_faction_2_3_3():
    g = game(card_turn={"acted": ["ds"], "first_did": "command and decree"},
             forked_boxes={"Command and Decree": "ds"})
    assert g.prompt().startswith("Bahmani Kingdom as 2nd Eligible on card 25")
    assert "command & decree" not in labels(g) and "command (event-or-command box)" in labels(g)
    pos = g.to_position()
    assert pos["card_turn"]["first_did"] == "command and decree"
    assert pos["forked_boxes"] == {"Command and Decree": "ds"}
    open_box = game(card_turn={"acted": ["ds"], "first_did": "limited command"})
    assert "command & decree" in labels(open_box)


@pytest.mark.parametrize("extra, message", [
    ({"card_turn": {"acted": ["ds"], "first_did": "operation"}}, "card_turn.first_did must be one of"),
    ({"forked_boxes": {"Command and Decree": "ds"}}, "forked_boxes are taken inside a card"),
    ({"card_turn": {"acted": ["ds"], "first_did": "command"}, "forked_boxes": {"Decree": "ds"}},
     "unknown key 'Decree' in forked_boxes"),
])
def test_bad_vijayanagara_card_turns_are_refused_naming_the_key(extra, message):
    with pytest.raises(ValueError, match=message):
        game(**extra)


def test_a_third_faction_offered_the_card_is_asked_as_3rd_eligible_2_3_3():
    g = game(card_turn={"acted": ["ds", "bk"], "first_did": "limited command"})
    assert g.prompt().startswith("Vijayanagara Empire as 3rd Eligible on card 25")
