"""Bad input is one clear ValueError (issue 28): options, seats, determinize seeds."""

import pytest

import coin_env
from coin_env.core.encoding import encoder_for


@pytest.mark.parametrize("families", [3, 4, 5, 6])
def test_setup_deal_draw_is_refused_with_three_or_more_families(families):
    """The drawn deal is the solo and two-family set-up (RB p.43-44): with 3-6 families it would do nothing."""
    with pytest.raises(ValueError, match="setup_deal.*one or two families"):
        coin_env.make_game("john_company", options={"families": families, "setup_deal": "draw"})


@pytest.mark.parametrize("families", [1, 2])
def test_setup_deal_draw_is_accepted_with_one_or_two_families(families):
    g = coin_env.make_game("john_company", options={"families": families, "setup_deal": "draw"})
    assert "setup card" in g.prompt()


def test_observing_an_unknown_seat_names_the_seat_and_the_seats():
    g = coin_env.make_game("john_company", options={"families": 3})
    with pytest.raises(ValueError, match=r"'nosuch'.*benyon.*hastings.*larkins"):
        encoder_for("john_company").observe(g, "nosuch")
    with pytest.raises(ValueError, match=r"'paxton'.*seats"):
        encoder_for("john_company").observe(g, "paxton")     # a family of the game, not seated in this one


@pytest.mark.parametrize("seed", [-1, 1.5, None, "x", True, 2**64])
def test_determinize_refuses_a_bad_seed_like_make_game(seed):
    g = coin_env.make_game("john_company", options={"families": 3})
    before = g.to_json()
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        g.determinize("benyon", seed)
    assert g.to_json() == before


def test_a_clone_and_a_determinized_game_keep_the_games_seats():
    """A clone had every family of the box as its seats (so observing an unseated family went unnoticed)."""
    g = coin_env.make_game("john_company", options={"families": 3})
    assert g.clone().factions == g.factions == ("benyon", "hastings", "larkins")
    assert g.determinize("benyon", 1).factions == g.factions
    with pytest.raises(ValueError, match="not a seat"):
        encoder_for("john_company").observe(g.clone(), "sykes")


def _game_choosing_the_dial_direction():
    """A law whose icon lies both ways round the policy dial: its frame carries both dial spaces (RB p.33)."""
    import random
    g = coin_env.make_game("john_company", seed=0, options={"families": 3})
    rng = random.Random(0)
    while not g.is_over() and not any("ccw" in f for f in g.state.frames):
        g.apply(rng.choice(g.legal_actions()))
    assert not g.is_over(), "seed 0 no longer reaches a choice of the dial's direction: pick another seed"
    return g


@pytest.mark.parametrize("key, value", [("ccw", -3), ("cw", 14), ("ccw", "x"), ("cw", None)])
def test_a_save_whose_dial_choice_is_off_the_dial_is_refused_at_load(key, value):
    """The mutation fuzz found it: a pending dial choice naming a space off the policy dial (0..13) loaded,
    then failed in play with a SaveError; it is refused at load with one ValueError."""
    import json
    data = json.loads(_game_choosing_the_dial_direction().to_json())
    frame = next(f for f in data["state"]["fields"]["frames"] if "ccw" in f)
    frame[key] = value
    with pytest.raises(ValueError, match=rf"frames\[\d+\]\.{key}.*dial"):
        coin_env.load_game(json.dumps(data))
