"""What an env's render shows the seat it is addressed to: the board plus the log entries since that seat's
last turn, filtered through ``game.log_seen_by`` exactly as ``info["log"]`` is (a seat sees only what it may,
DESIGN.md "Hidden information"); the PettingZoo and gymnasium envs keep one representation of "seen"."""

import re

import numpy as np
import pytest

import coin_env

JC = "john_company"
SINCE = "Since your last turn:"


def unknowable_card_names(game, agent) -> set[str]:
    """Blackmail cards facedown in another family's hand that ``agent`` has not peeked at: names it cannot know."""
    position = game.to_position()
    peeked = set(position.get("peeked", {}).get(agent, []))
    return {card for family, hand in position["blackmail"].items() if family != agent
            for card in hand if card not in peeked}


def test_aec_render_never_names_another_familys_hidden_blackmail_card():
    """N1: "Since your last turn" went through the unfiltered log, so the text addressed to one family named
    the blackmail card another family was asked about (and kept facedown)."""
    checked = 0
    for seed in range(12):
        env = coin_env.env(JC, render_mode="ansi", options={"families": 4})
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            text = env.render()
            if SINCE in text:
                recent = text.split(SINCE, 1)[1]
                leaked = [name for name in unknowable_card_names(env.game, agent) if name in recent]
                assert not leaked, f"seed {seed}: the render for {agent} names {leaked}:\n{recent}"
                checked += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 100


def test_aec_render_shows_the_same_entries_as_info_log():
    env = coin_env.env(JC, render_mode="ansi", options={"families": 4}, log_in_info=True)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _, agent in zip(range(150), env.agent_iter()):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            break
        text = env.render()
        lines = [f"  {e['text']}" for e in info["log"][-60:]]
        assert (text.split(SINCE + "\n", 1)[1].splitlines() if lines else []) == lines
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


GYM_SEATS = {"gandhi": "congress", "a_distant_plain": "taliban", "vijayanagara": "ds", JC: "benyon"}


@pytest.mark.parametrize("game", sorted(GYM_SEATS))
@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_gym_render_with_the_log_kept_shows_the_board_and_the_seats_log(game, mode, capsys):
    """N4: with log_in_info=True the gym env's render raised AttributeError ('int' object has no 'get');
    with render_mode="human" so did every step()."""
    env = coin_env.gym_env(game, seat=GYM_SEATS[game], opponents="random", render_mode=mode, log_in_info=True)
    obs, info = env.reset(seed=0)
    for _ in range(3):
        obs, _, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if term or trunc:
            break
    capsys.readouterr()
    text = env.render()
    if mode == "human":
        assert text is None
        text = capsys.readouterr().out
    assert text.startswith("===")                            # the board
    lines = [f"  {e['text']}" for e in info["log"][-60:]]
    assert lines and text.rstrip("\n").split(SINCE + "\n", 1)[1].splitlines() == lines
