"""Positions that stop at a named point (position ``stop_at``, rules/stops.py)."""

import random

import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from coin_env.games.john_company.rules.stops import STOP_POINTS

FOUR = {"families": 4}


def test_a_position_stops_before_the_phase_it_names():
    """Starting at Revenue, the game runs through Revenue and pauses before Events in India: one legal action,
    ``done``, for the first family in seat order; the board there is the one Revenue left (no storm die yet)."""
    g = coin_env.make_game("john_company", seed=3, options=FOUR, position={"phase": "revenue",
                                                                          "stop_at": "Events in India"})
    rng = random.Random(3)
    while "paused" not in g.prompt():
        g.apply(rng.choice(g.legal_actions()))
    assert g.prompt() == "paused before Events in India: done to continue"
    assert g.current_player() == g.factions[0]
    assert [g.action_label(a) for a in g.legal_actions()] == ["done"]
    assert g.to_position()["phase"] == "events"


@pytest.mark.parametrize("point", ["Events in India", "the storm die"])
def test_done_continues_as_a_game_without_stop_at_with_the_same_dice(point):
    dice = [3, 2, 5, 6, 1, 4, 2, 2]
    pos = {"phase": "events"}
    plain = coin_env.make_game("john_company", seed=7, options=FOUR, position=pos, dice=dice)
    g = coin_env.make_game("john_company", seed=7, options=FOUR, position=dict(pos, stop_at=point))
    while "paused" not in g.prompt():           # the blackmail windows before the storm die
        g.apply(g.legal_actions()[0])
        plain.apply(plain.legal_actions()[0])
    assert g.prompt() == f"paused before {point}: done to continue"
    g.script_dice(dice)
    g.apply(g.legal_actions()[0])
    assert g.to_json() == plain.to_json()
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        if g.is_over():
            break
        assert g.legal_actions() == plain.legal_actions()
        g.apply(rng_a.choice(g.legal_actions()))
        plain.apply(rng_b.choice(plain.legal_actions()))
    assert g.to_json() == plain.to_json()


def test_a_pause_saves_clones_and_positions_like_any_decision():
    g = coin_env.make_game("john_company", seed=3, options=FOUR, position={"phase": "bonuses",
                                                                          "stop_at": "Revenue"})
    rng = random.Random(0)
    while "paused" not in g.prompt():
        g.apply(rng.choice(g.legal_actions()))
    for copy in (g.clone(), coin_env.load_game(g.to_json()),
                 coin_env.make_game("john_company", seed=3, options=FOUR, position=g.to_position())):
        assert copy.prompt() == g.prompt() and copy.legal_actions() == g.legal_actions()
        copy.apply(copy.legal_actions()[0])
        assert "paused" not in copy.prompt()
    enc = encoder_for("john_company")
    assert enc.observe(g, g.factions[0]).shape == enc.observe(coin_env.make_game("john_company"), "benyon").shape


def test_a_game_saved_while_its_stop_waits_keeps_waiting():
    g = coin_env.make_game("john_company", seed=3, options=FOUR, position={"phase": "bonuses",
                                                                          "stop_at": "Parliament Meets"})
    g = coin_env.load_game(g.to_json())
    rng = random.Random(2)
    while not g.is_over() and "paused" not in g.prompt():
        g.apply(rng.choice(g.legal_actions()))
    assert g.is_over() or g.prompt() == "paused before Parliament Meets: done to continue"


def test_an_unknown_stop_is_refused_naming_the_supported_points():
    with pytest.raises(ValueError, match=r"stop_at 'Storms'.*supported:.*Events in India.*the storm die"):
        coin_env.make_game("john_company", options=FOUR, position={"phase": "events", "stop_at": "Storms"})
    assert "The London Season" in STOP_POINTS and "Upkeep and Refresh" in STOP_POINTS
