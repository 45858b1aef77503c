"""Answers a game keeps between decisions while the board they were worked out on is unchanged.

A bot often asks the same costly question at several decisions in a row on an unchanged board (the choices
of one Operation, one transfer, one Command). Such an answer is kept as a plain attribute of the game object:
outside the state, so it is never saved; absent from a clone (the class default is None), so games never
share one; and trusted only for the very state object it was made for and an equal key, the key holding
everything the answer reads.
"""

from __future__ import annotations


def kept_on_game(game, name: str, key, make):
    """The value kept on ``game`` under attribute ``name`` if it was made for ``game.state`` itself and an equal
    ``key``; otherwise ``make()``, kept there for the next question."""
    state = game.state
    kept = getattr(game, name)
    if kept is not None and kept[0] is state and kept[1] == key:
        return kept[2]
    value = make()
    setattr(game, name, (state, key, value))
    return value
