"""Prompts speak the rules' words (issue 30): over seeded random games of every game, no decision's prompt
shows an internal id -- a snake_case key of an operation, action, space, card or faction from the game's data
(``civil_disobedience``), a faction's id (``ds``, ``revs``), or an operation's lowercase key where its name
should stand (``rally done: ...``) -- and Vijayanagara's prompts say Command and Decree (its 3.0 / 4.0)."""

from __future__ import annotations

import random
import re

import pytest

import coin_env
from coin_env.core.registry import game_factions

SEEDS = (0, 1)
MAX_DECISIONS = 1500            # per game: enough to pass every kind of prompt many times, short enough for CI
WORD = re.compile(r"[A-Za-z0-9_]+")
# (game, scenario, options): every game's default, plus the options that open prompts of their own.
SETUPS = [(name, None, {}) for name in coin_env.list_games()] + [
    ("vijayanagara", None, {"transfers": True}),                  # 1.5.2 gifts
    ("john_company", None, {"families": 1, "crown": True}),       # solo against the Crown
    ("john_company", None, {"families": 6}),
    ("john_company", "Long 1710", {"families": 3}),
]


def internal_ids(name: str, game) -> tuple[set[str], set[str]]:
    """(ids refused anywhere, lowercase keys refused where a name should start the prompt). The vocabulary's
    keys are the games' data ids (operations, spaces, cards, pieces, ...); a key that is its own label
    (e.g. a number) is a display name, not an internal id."""
    keys = {spec.key for spec in game.vocabulary.specs if spec.key != spec.label}
    snake = {k for k in keys if "_" in k.strip("_")}
    factions = set(game_factions(name, game.options))
    leading = {k for k in keys if k.isidentifier() and k.islower()}
    return snake | {f for f in factions if f.islower()}, leading


def offending(prompt: str, anywhere: set[str], leading: set[str]) -> list[str]:
    words = WORD.findall(prompt)
    bad = [w for w in words if w in anywhere]
    if words and words[0] in leading:
        bad.append(words[0])
    return bad


def every_prompt(name: str, seed: int, scenario: str | None = None, options: dict | None = None):
    game = coin_env.make_game(name, scenario=scenario, seed=seed, options=options or {})
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if game.is_over():
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name, scenario, options", SETUPS, ids=lambda v: str(v))
def test_no_prompt_shows_an_internal_id(name, scenario, options):
    bad: dict[str, list[str]] = {}
    for seed in SEEDS:
        for game in every_prompt(name, seed, scenario, options):
            anywhere, leading = internal_ids(name, game)
            prompt = game.prompt()
            found = offending(prompt, anywhere, leading)
            if found:
                bad.setdefault(prompt, found)
    assert not bad, f"{len(bad)} prompts show internal ids, e.g. " + "; ".join(
        f"{p!r} ({', '.join(ids)})" for p, ids in list(bad.items())[:5])


def test_the_refusal_catches_the_old_prompts():
    game = coin_env.make_game("gandhi", seed=0)
    anywhere, leading = internal_ids("gandhi", game)
    assert offending("civil_disobedience done: start the Special Activity", anywhere, leading)
    assert offending("rally done: start the Special Activity", anywhere, leading)
    assert not offending("Civil Disobedience done: start the Special Activity, or done", anywhere, leading)


def test_vijayanagara_prompts_say_command_and_decree():
    """Vijayanagara 3.0 / 4.0: its Operations are Commands and its Special Activities Decrees."""
    said = set()
    for seed in SEEDS:
        for game in every_prompt("vijayanagara", seed):
            prompt = game.prompt()
            assert not re.search(r"\boperation\b|Special Activity", prompt, re.I), prompt
            said |= {w for w in ("Command", "Decree") if w in prompt}
    assert said == {"Command", "Decree"}


@pytest.mark.parametrize("name, scenario, options", SETUPS, ids=lambda v: str(v))
def test_no_board_text_shows_an_internal_id(name, scenario, options):
    """The text board (``coin-env play``, render) speaks the same words: no snake_case data id in any line,
    every 25th decision of a seeded random game (e.g. John Company's opportunity marker: Seek Share, not
    seek_share)."""
    from coin_env.core.encoding import renderer_for
    bad: dict[str, list[str]] = {}
    for k, game in enumerate(every_prompt(name, 0, scenario, options)):
        if k % 25:
            continue
        anywhere, _ = internal_ids(name, game)
        snake = {i for i in anywhere if "_" in i}
        for line in renderer_for(game)(game).splitlines():
            found = [w for w in WORD.findall(line) if w in snake]
            if found:
                bad.setdefault(line.strip(), found)
    assert not bad, f"{len(bad)} board lines show internal ids, e.g. " + "; ".join(
        f"{line!r} ({', '.join(ids)})" for line, ids in list(bad.items())[:5])
