"""Drive a game by action labels, so tests read like the rulebook."""

from __future__ import annotations

from .game import IllegalActionError


def play(game, *labels: str) -> None:
    """Apply each labelled action in turn: ``play(g, "Rally", "select Bihar", "done")``."""
    for label in labels:
        legal = game.legal_actions()
        matches = [a for a in legal if game.action_label(a).lower() == label.lower()]
        if not matches:
            raise IllegalActionError(
                f"{label!r} is not legal at prompt {game.prompt()!r} for {game.current_player()}; "
                f"legal: {[game.action_label(a) for a in legal]}"
            )
        game.apply(matches[0])


def labels(game) -> list[str]:
    return [game.action_label(a) for a in game.legal_actions()]


def play_until(game, seat, policies, rng=None) -> None:
    """Let the policies play until ``seat`` (a faction, or a collection of factions) is to decide or the
    game is over: ``play_until(game, "congress", "arjuna")`` or ``{"raj": "random", ...}``.

    ``policies``: one policy spec for every other seat, or ``{faction: spec}`` (any spec
    ``coin_env.core.policy_specs.resolve_policy`` accepts: "random", a bot name, a callable
    ``(game, faction, rng) -> action``). ``rng``: a ``random.Random``, an int seed, or None (seed 0).
    A seat that is neither ``seat`` nor given a policy stops the play too (ValueError: nobody plays it)."""
    import random

    from .policy_specs import resolve_policy
    seats = {seat} if isinstance(seat, str) else set(seat)
    unknown = seats - set(game.factions)
    if unknown:
        raise ValueError(f"play_until: unknown seat(s) {sorted(unknown)}; factions: {list(game.factions)}")
    if isinstance(policies, dict):
        table = {f: resolve_policy(p, game.name) for f, p in policies.items()}
    else:
        p = resolve_policy(policies, game.name)
        table = {f: p for f in game.factions if f not in seats}
    if not isinstance(rng, random.Random):
        rng = random.Random(0 if rng is None else rng)
    while not game.is_over():
        actor = game.current_player()
        if actor in seats:
            return
        policy = table.get(actor)
        if policy is None:
            raise ValueError(f"play_until: {actor!r} is to decide at {game.prompt()!r} but has no policy")
        game.apply(policy(game, actor, rng))


advance_to_seat = play_until
