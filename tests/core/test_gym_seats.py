"""CoinGymEnv with several learner seats and with opponents that change per episode (a self-play league)."""

import pickle
import random

import numpy as np
import pytest

import coin_env
from game_matrix import GAMES
from coin_env.core.aec_env import random_policy


def test_seat_all_draws_a_seat_per_episode_from_the_seed():
    env = coin_env.gym_env("gandhi", seat="all", opponents="random", seed=0)
    seats = []
    for s in range(12):
        env.reset(seed=s)
        seats.append(env.seat)
        assert env.game.current_player() == env.seat          # the learner is to move after reset
    assert set(seats) == {"raj", "congress", "ml", "revs"}
    again = coin_env.gym_env("gandhi", seat="all", opponents="random", seed=0)
    assert [again.reset(seed=s) and again.seat for s in range(12)] == seats


def test_the_observation_says_which_seat_the_learner_plays():
    env = coin_env.gym_env("gandhi", seat=["raj", "revs"], opponents="random", seed=0)
    enc = env.encoder
    by_seat = {}
    for s in range(10):
        obs, _ = env.reset(seed=s)
        by_seat[env.seat] = obs
    assert set(by_seat) == {"raj", "revs"}
    for seat, obs in by_seat.items():
        assert obs[enc.feature_names.index(f"perspective {seat}")] == 1.0


def test_bot_opponents_become_non_players_except_the_learners_seat():
    env = coin_env.gym_env("gandhi", seat="all", opponents="arjuna", seed=0)
    for s in range(6):
        env.reset(seed=s)
        assert sorted(env.game.options["non_players"]) == sorted(f for f in env.game.factions if f != env.seat)


def test_several_seats_need_a_policy_for_every_seat():
    with pytest.raises(ValueError, match="no opponent policy for \\['congress'\\] when the learner plays 'raj'"):
        coin_env.gym_env("gandhi", seat=["raj", "ml"], opponents={"raj": "random", "ml": "random", "revs": "random"})
    with pytest.raises(ValueError, match="not a faction"):
        coin_env.gym_env("gandhi", seat=["raj", "emperor"], opponents="random")


class Switching:
    """An opponent told of every new episode: plays random, and says it is a non-player on odd episodes."""

    def __init__(self):
        self.episodes = 0

    @property
    def non_player(self):
        return self.episodes % 2 == 1

    def new_episode(self, rng):
        self.episodes += 1

    def __call__(self, game, faction, rng):
        return random_policy(game, faction, rng)


def test_new_episode_is_called_at_reset_and_non_player_is_read_per_episode():
    opp = Switching()
    env = coin_env.gym_env("gandhi", seat="congress", opponents={"raj": opp, "ml": "random", "revs": "random"},
                           seed=0)
    env.reset(seed=1)
    assert opp.episodes == 1 and env.game.options["non_players"] == ["raj"]
    env.reset(seed=2)
    assert opp.episodes == 2 and not env.game.options.get("non_players")


def test_a_multi_seat_env_pickles_and_continues_identically():
    env = coin_env.gym_env("a_distant_plain", seat="all", opponents="random", seed=3)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(20):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.seat == env.seat and twin.seats == env.seats
    for _ in range(20):
        a = int(rng.choice(np.flatnonzero(env.action_masks())))
        o1, r1, t1, _, _ = env.step(a)
        o2, r2, t2, _, _ = twin.step(a)
        assert np.array_equal(o1, o2) and r1 == r2 and t1 == t2
        if t1:
            break


# the seed per game (4 unless given): a John Company family's VP move only at scoring moments, and a random game
# may fail the Company in turn 2; this seed's learner sees its margin move before the end
SHAPING_SEED = {"john_company": 6}


@pytest.mark.parametrize("game", GAMES)
def test_shaped_rewards_sum_to_the_margin_reward_minus_the_starting_potential(game):
    """Potential-based shaping: each step pays the change of clip(margin)/20 since the seat's last decision;
    the episode's sum telescopes to the end-of-game "margin" reward minus the potential at reset."""
    seed = SHAPING_SEED.get(game, 4)
    env = coin_env.gym_env(game, seat="all", opponents="random", reward="shaped", seed=seed)
    margin_env = coin_env.gym_env(game, seat="all", opponents="random", reward="margin", seed=seed)
    env.reset(seed=seed)
    margin_env.reset(seed=seed)
    start = env._margin_potential()
    rng = np.random.default_rng(1)
    total, rewards, done = 0.0, [], False
    while not done:
        a = int(rng.choice(np.flatnonzero(env.action_masks())))
        before = env._margin_potential()
        _, r, done, _, _ = env.step(a)
        _, r_margin, _, _, _ = margin_env.step(a)
        if not done:
            assert r == pytest.approx(env._margin_potential() - before)
        total += r
        rewards.append(r)
    assert total == pytest.approx(r_margin - start)
    assert sum(1 for r in rewards if r != 0) > 1, (          # dense: credit arrives before the end
        f"seed {seed}: the seat's margin moved only at the end (a short game): pick another seed")


def test_the_aec_env_refuses_the_gym_only_shaped_reward():
    with pytest.raises(ValueError, match="reward must be one of"):
        coin_env.env("gandhi", reward="shaped")
