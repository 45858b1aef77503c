"""The Arjuna deck (8.3): drawing a faction's card and reading its flowchart.

The deck is ``state.arjuna["deck"]``: card letters (fronts), top first. 8.3 steps 1-2: the top card
goes to the bottom face-up, then further cards one by one until a card of the active faction shows;
that card is read (step 3) from its front. Shuffled at the start (setup) and in every Reset Phase
(8.9.4, :func:`reshuffle`). ``state.arjuna["face_up"]``: how many cards at the bottom were drawn face up
since the last shuffle (absent: none) -- the part of the deck's order every seat has seen (hidden.py).
"""

from __future__ import annotations

import random

from ..data.arjuna import CARD_FACTION, CARD_LETTERS
from ..data.arjuna.schema import DRAW, FLIP, NEXT, STOP, Check
from .registry import CONDITIONS            # filled as the faction modules register their conditions

MAX_STEPS_PER_CARD = 64        # a flowchart is a few boxes; this only guards against a cyclic data pack


def new_arjuna_deck(rng, non_players) -> list[str]:
    """8.3: the six cards of every NP faction in play, shuffled together."""
    deck = [letter for f in non_players for letter in CARD_LETTERS[f]]
    rng.shuffle(deck)
    return deck


def add_player_seat_cards(state, faction: str, rng=None) -> None:
    """8.3: the deck holds the cards of the game's non-players only. A seat that the Arjuna bot plays as a
    *player* (agents' BotAsPlayer) gets its six cards shuffled into the deck (at positions drawn from the
    seat's RNG; none given: ``random.Random(0)``) the first time it decides; they stay there (the deck is
    plain game state), as if the seat had been a non-player at setup."""
    deck = state.arjuna["deck"]
    if any(CARD_FACTION[c] == faction for c in deck):
        return
    draw = (rng or random.Random(0)).random
    for letter in CARD_LETTERS[faction]:
        deck.insert(int(draw() * (len(deck) + 1)), letter)


def reshuffle(state) -> None:
    """8.9.4 Reset Phase: shuffle the Arjuna deck."""
    deck = state.arjuna.get("deck") or []
    if deck:
        state.rng.shuffle(deck)
    state.arjuna.pop("face_up", None)          # every card face down again


def draw_card(state, faction: str) -> str:
    """8.3 steps 1-2: cycle cards to the bottom until one of ``faction`` shows; returns its letter."""
    deck = state.arjuna["deck"]
    if not any(CARD_FACTION[c] == faction for c in deck):
        raise ValueError(f"the Arjuna deck has no card for {faction} (is it a non-player?)")
    while True:
        card = deck.pop(0)
        deck.append(card)          # always to the bottom, face up
        state.arjuna["face_up"] = min(len(deck), state.arjuna.get("face_up", 0) + 1)
        if CARD_FACTION[card] == faction:
            return card


def _label_index(fc, label: str) -> int:
    for i, node in enumerate(fc.nodes):
        if node.label == label:
            return i
    raise KeyError(f"Arjuna card {fc.letter}: no box labelled {label!r}")


def walk(ctx, letter: str, index: int, stop_at: tuple = ()):
    """8.3 step 3 from box ``index`` of face ``letter``: evaluate blue boxes, follow arrows and flips.

    Returns ``(kind, letter, index)``: kind "op" / "sa" at an Operation / SA box of a type in
    ``stop_at``, "draw" for the draw-new-card icon, "stop" for Stop (or the end of the face).
    """
    face = ctx.data.arjuna.face
    for _ in range(MAX_STEPS_PER_CARD):
        fc = face(letter)
        if index >= len(fc.nodes):
            return "stop", letter, index
        node = fc.nodes[index]
        if isinstance(node, Check):
            target = node.yes if CONDITIONS[node.cond](ctx, *node.args) else node.no
            if target == NEXT:
                index += 1
            elif target == FLIP:
                letter, index = fc.other_side, 0
            elif target == DRAW:
                return "draw", letter, index
            elif target == STOP:
                return "stop", letter, index
            else:
                index = _label_index(fc, target)
            continue
        kind = "op" if type(node).__name__ == "Op" else "sa"
        if kind in stop_at:
            return kind, letter, index
        index += 1
    raise ValueError(f"Arjuna card {letter}: flowchart does not end (cycle?)")


def node_at(data, letter: str, index: int):
    """Box ``index`` of face ``letter`` in the game's Arjuna content (``game.data``)."""
    return data.arjuna.face(letter).nodes[index]


__all__ = ["new_arjuna_deck", "reshuffle", "draw_card", "walk", "node_at", "DRAW", "FLIP", "STOP"]
