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
