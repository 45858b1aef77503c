"""Engine guarantees through the public API: determinism, saves at any decision, clear errors,
invariants in debug mode, and seeded random games that end with a winner."""

import json
import random

import pytest

import coin_env
from coin_env import IllegalActionError


def random_playout(game, seed, max_decisions=None, on_step=None):
    rng = random.Random(seed)
    n = 0
    while not game.is_over():
        a = rng.choice(game.legal_actions())
        game.apply(a)
        n += 1
        if on_step:
            on_step(game, n)
        if max_decisions and n >= max_decisions:
            break
    return n


def actions_of_playout(scenario, seed, limit=None):
    g = coin_env.make_game("gandhi", scenario=scenario, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not g.is_over() and (limit is None or len(actions) < limit):
        a = rng.choice(g.legal_actions())
        actions.append(a)
        g.apply(a)
    return g, actions


@pytest.mark.parametrize("scenario", ["short", "main"])
def test_same_seed_and_actions_give_the_same_game(scenario):
    g1, actions = actions_of_playout(scenario, 11)
    g2 = coin_env.make_game("gandhi", scenario=scenario, seed=11)
    for a in actions:
        g2.apply(a)
    assert g1.to_json() == g2.to_json()
    assert g1.winner() == g2.winner()


def test_different_seeds_give_different_decks():
    a = coin_env.make_game("gandhi", seed=1).state.deck
    b = coin_env.make_game("gandhi", seed=2).state.deck
    assert a != b


@pytest.mark.parametrize("seed", range(6))
def test_json_round_trip_at_random_decision_points_continues_identically(seed):
    scenario = "main" if seed % 2 else "short"
    _, actions = actions_of_playout(scenario, seed)
    rng = random.Random(1000 + seed)
    cut_points = sorted(rng.sample(range(len(actions)), min(5, len(actions))))
    for cut in cut_points:
        g = coin_env.make_game("gandhi", scenario=scenario, seed=seed)
        for a in actions[:cut]:
            g.apply(a)
        saved = g.to_json()
        restored = coin_env.load_game(saved, debug=True)
        assert restored.to_json() == saved
        assert restored.legal_actions() == g.legal_actions()
        assert restored.current_player() == g.current_player()
        assert restored.prompt() == g.prompt()
        for a in actions[cut:]:
            g.apply(a)
            restored.apply(a)
        assert restored.to_json() == g.to_json()


def test_clone_is_independent_and_identical():
    g, _ = actions_of_playout("short", 4, limit=40)
    c = g.clone()
    assert c.to_json() == g.to_json()
    a = c.legal_actions()[-1]
    c.apply(a)
    assert c.to_json() != g.to_json()
    g.apply(a)
    assert c.to_json() == g.to_json()


def test_illegal_action_names_the_action_and_prompt_and_changes_nothing():
    g, _ = actions_of_playout("short", 5, limit=10)
    before = g.to_json()
    legal = set(g.legal_actions())
    bad = next(a for a in range(len(g.vocabulary)) if a not in legal)
    with pytest.raises(IllegalActionError) as err:
        g.apply(bad)
    msg = str(err.value)
    assert g.action_label(bad) in msg and g.prompt() in msg and str(bad) in msg
    assert g.to_json() == before
    with pytest.raises(IllegalActionError, match="not an action index"):
        g.apply(None)
    with pytest.raises(IllegalActionError, match="no action labelled"):
        g.apply("fly to the moon")
    with pytest.raises(IllegalActionError, match="not in the vocabulary"):
        g.apply(10**6)
    assert g.to_json() == before


def test_actions_after_the_end_are_refused():
    g, _ = actions_of_playout("short", 6)
    assert g.is_over() and g.current_player() is None and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply(0)


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "must be an object"),
    ('{"game": "gandhi", "state": {}}', "exactly the keys"),
    ('{"game": "nope", "state": {}}', "unknown game"),
])
def test_bad_saves_are_refused_with_a_clear_message(text, message):
    with pytest.raises(ValueError, match=message):
        coin_env.load_game(text)


def test_hand_edited_save_breaking_an_invariant_is_refused():
    g = coin_env.make_game("gandhi", seed=0)
    data = json.loads(g.to_json())
    data["state"]["arrays"]["pieces"][0][0] += 3        # three Troops out of nowhere
    with pytest.raises(ValueError, match="invariant"):
        coin_env.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["state"]["fields"]["frames"] = [{"kind": "teleport"}]
    with pytest.raises(ValueError, match="unknown frame"):
        coin_env.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    del data["state"]["fields"]["deck"]
    with pytest.raises(ValueError, match="missing"):
        coin_env.load_game(json.dumps(data))


def test_two_hundred_seeded_random_games_end_with_a_winner():
    """200 full games of uniformly random play, invariants checked after every step."""
    winners = {}
    for seed in range(200):
        g = coin_env.make_game("gandhi", scenario="main" if seed % 4 == 0 else "short", seed=seed, debug=True)
        random_playout(g, seed)
        assert g.is_over()
        w = g.winner()
        assert w in g.factions
        assert g.ranking()[0] == w
        winners[w] = winners.get(w, 0) + 1
    assert sum(winners.values()) == 200
