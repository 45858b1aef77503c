"""Engine guarantees through the public API, for every game: determinism, saves at any decision,
clear errors, invariants in debug mode, and seeded random games that end with a winner.

Nothing here names a game: the games are coin_env.list_games(), their scenarios what each game module
declares (SCENARIOS, DEFAULT_SCENARIO) and their bots coin_env.core.registry.game_bots (a test that needs a
bot skips a game that has none yet, with the reason)."""

import json
import random

import numpy as np
import pytest

import coin_env
from coin_env import IllegalActionError
from game_matrix import GAMES, bot_of, factions_of, longer, scenarios, short

CASES = [(g, sc) for g in GAMES for sc in scenarios(g)]


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_scenario_is_playable_and_the_default_is_used_when_none_is_named(game):
    from coin_env.core.registry import default_scenario, game_module, game_scenarios
    names = game_scenarios(game)
    assert names[0] == default_scenario(game) and len(set(names)) == len(names)
    assert set(names) == set(game_module(game).SCENARIOS)
    for sc in names:
        assert coin_env.make_game(game, scenario=sc, seed=0).state.scenario == sc
    assert coin_env.make_game(game, seed=0).state.scenario == default_scenario(game)
    with pytest.raises(ValueError, match="nosuch"):
        coin_env.make_game(game, scenario="nosuch")


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


def actions_of_playout(game, scenario, seed, limit=None):
    g = coin_env.make_game(game, scenario=scenario, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not g.is_over() and (limit is None or len(actions) < limit):
        a = rng.choice(g.legal_actions())
        actions.append(a)
        g.apply(a)
    return g, actions


@pytest.mark.parametrize("game,scenario", CASES)
def test_same_seed_and_actions_give_the_same_game(game, scenario):
    g1, actions = actions_of_playout(game, scenario, 11)
    g2 = coin_env.make_game(game, scenario=scenario, seed=11)
    for a in actions:
        g2.apply(a)
    assert g1.to_json() == g2.to_json()
    assert g1.winner() == g2.winner()


@pytest.mark.parametrize("game", GAMES)
def test_different_seeds_give_different_decks(game):
    def decks(g):       # the COIN card deck; John Company's London Season, law and India event decks
        s = g.state
        return s.deck if hasattr(s, "deck") else (s.london_deck, s.law_deck, s.event_stack)
    a = decks(coin_env.make_game(game, seed=1))
    b = decks(coin_env.make_game(game, seed=2))
    assert a != b


@pytest.mark.parametrize("game,seed", [(g, s) for g in GAMES for s in range(6)])
def test_json_round_trip_at_random_decision_points_continues_identically(game, seed):
    names = scenarios(game)
    scenario = names[seed % len(names)]
    _, actions = actions_of_playout(game, scenario, seed)
    rng = random.Random(1000 + seed)
    cut_points = sorted(rng.sample(range(len(actions)), min(5, len(actions))))
    for cut in cut_points:
        g = coin_env.make_game(game, scenario=scenario, seed=seed)
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


def _mutable_ids(value, out):
    if isinstance(value, (dict, list)):
        out.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            _mutable_ids(v, out)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_no_mutable_object_with_its_original(game):
    """clone() copies flat fields shallowly and nested ones deeply (PlainState.copy): along a game with
    bots and random play, no list, dict or array of the copy may be an object of the original."""
    from coin_env.core.aec_env import with_non_players
    from agents.evaluation.simulate import seat_policies
    bot = bot_of(game)
    policies = seat_policies(game, {f: bot for f in factions_of(game)[:2]})
    g = coin_env.make_game(game, scenario=short(game), seed=5, options=with_non_players({}, policies))
    rng = random.Random(5)
    for step in range(600):
        if g.is_over():
            break
        if step % 7 == 0:
            assert_clone_shares_nothing(g)
        actor = g.current_player()
        g.apply(policies[actor](g, actor, rng) if actor in policies else rng.choice(g.legal_actions()))


def assert_clone_shares_nothing(g) -> None:
    """No list, dict or array of a fresh clone's state is an object of the original's."""
    s, c = g.state, g.clone().state
    for name in s.FIELDS + s.CORE_FIELDS:
        assert not _mutable_ids(getattr(s, name), set()) & _mutable_ids(getattr(c, name), set()), name
    for name in s.ARRAYS:
        assert not np.shares_memory(getattr(s, name), getattr(c, name)), name


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_no_mutable_object_with_its_original_in_random_play(game):
    """As above without bots (every game, bot or not): random play, a clone every 7 decisions."""
    g = coin_env.make_game(game, scenario=short(game), seed=6)
    rng = random.Random(6)
    for step in range(600):
        if g.is_over():
            break
        if step % 7 == 0:
            assert_clone_shares_nothing(g)
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent_and_identical(game):
    g, _ = actions_of_playout(game, short(game), 4, limit=40)
    c = g.clone()
    assert c.to_json() == g.to_json()
    a = c.legal_actions()[-1]
    c.apply(a)
    assert c.to_json() != g.to_json()
    g.apply(a)
    assert c.to_json() == g.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_names_the_action_and_prompt_and_changes_nothing(game):
    g, _ = actions_of_playout(game, short(game), 5, limit=10)
    before = g.to_json()
    legal = set(g.legal_actions())
    bad = next(a for a in range(len(g.vocabulary)) if a not in legal)
    with pytest.raises(IllegalActionError) as err:
        g.apply(bad)
    msg = str(err.value)
    assert g.action_label(bad) in msg and g.prompt() in msg and str(bad) in msg
    assert g.to_json() == before
    for not_an_index in (None, float(min(legal)), min(legal) + 0.5, True, np.float32(min(legal)), [min(legal)]):
        with pytest.raises(IllegalActionError, match="not an action index"):
            g.apply(not_an_index)
    with pytest.raises(IllegalActionError, match="no action labelled"):
        g.apply("fly to the moon")
    with pytest.raises(IllegalActionError, match="not in the vocabulary"):
        g.apply(10**6)
    assert g.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_an_action_sent_for_the_wrong_player_is_refused_and_changes_nothing(game):
    g, _ = actions_of_playout(game, short(game), 7, limit=25)
    before = g.to_json()
    mover = g.current_player()
    other = next(f for f in g.factions if f != mover)
    a = g.legal_actions()[0]
    with pytest.raises(IllegalActionError, match=f"sent by '{other}', but the decision .* is for '{mover}'"):
        g.apply(a, player=other)
    assert g.to_json() == before
    g.apply(a, player=mover)
    assert g.to_json() != before


@pytest.mark.parametrize("game", GAMES)
def test_numpy_integers_and_one_element_arrays_are_actions(game):
    """Policies hand back numpy integers or a 0-d / 1-element array (predict()); those are indices."""
    for wrap in (np.int64, np.int16, np.array, lambda a: np.array([a])):
        g = coin_env.make_game(game, scenario=short(game), seed=4)
        h = g.clone()
        a = g.legal_actions()[-1]
        g.apply(wrap(a))
        h.apply(a)
        assert g.to_json() == h.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_actions_after_the_end_are_refused(game):
    g, _ = actions_of_playout(game, short(game), 6)
    assert g.is_over() and g.current_player() is None and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply(0)


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "must be an object"),
    *[(f'{{"game": "{g}", "state": {{}}}}', "exactly the keys") for g in GAMES],
    ('{"game": "nope", "state": {}}', "unknown game"),
])
def test_bad_saves_are_refused_with_a_clear_message(text, message):
    with pytest.raises(ValueError, match=message):
        coin_env.load_game(text)


@pytest.mark.parametrize("game", GAMES)
def test_hand_edited_save_breaking_an_invariant_is_refused(game):
    g = coin_env.make_game(game, seed=0)
    data = json.loads(g.to_json())
    arrays = data["state"]["arrays"]
    if "pieces" in arrays:
        arrays["pieces"][0][0] += 3        # three pieces out of nowhere
    else:
        arrays["supply"][0] += 3           # John Company: three family members out of nowhere
    with pytest.raises(ValueError, match="invariant"):
        coin_env.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["state"]["fields"]["frames"] = [{"kind": "teleport"}]
    with pytest.raises(ValueError, match=r"frames\[0\]: unknown decision kind .teleport."):
        coin_env.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    del data["state"]["fields"]["deck" if "deck" in data["state"]["fields"] else "london_deck"]
    with pytest.raises(ValueError, match="missing"):
        coin_env.load_game(json.dumps(data))
    data = json.loads(g.to_json())
    data["options"] = {"no_such_option": "coin toss"}
    with pytest.raises(ValueError, match="options"):
        coin_env.load_game(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_two_hundred_seeded_random_games_end_with_a_winner(game):
    """200 full games of uniformly random play, invariants checked after every step."""
    winners = {}
    for seed in range(200):
        scenario = longer(game) if seed % 4 == 0 else short(game)
        g = coin_env.make_game(game, scenario=scenario, seed=seed, debug=True)
        random_playout(g, seed)
        assert g.is_over()
        w = g.winner()
        assert w in g.factions
        assert g.ranking()[0] == w
        winners[w] = winners.get(w, 0) + 1
    assert sum(winners.values()) == 200


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_games_length_counts_the_unit_it_ended_in(game):
    """game.length(): a COIN game's cards include the card it ends on (one more than the played pile), John
    Company's is its turn (progress()): the game-length column of every report."""
    g = coin_env.make_game(game, seed=4)
    rng = random.Random(4)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    has_cards = hasattr(g.state, "played")
    assert g.length() == g.progress() + (1 if has_cards else 0) > 0
    if has_cards:
        assert g.length() == len(g.state.played) + 1
