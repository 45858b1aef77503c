"""6.0 Propaganda Rounds and 7.0 victory (being completed; see rules/__init__.py).

Interface used by the game: :func:`start_propaganda_card` is called when a Propaganda card becomes
Current (2.4) -- or, with Sudden Propaganda, when one is revealed as the next card (2.3.7). It either
holds the round or (6.0) plays the card without a round; afterwards the next card is played
(``game.next_card()`` for a card played in turn, ``game.after_periodic_round()`` for a swapped one),
or the game ends (``end_game``)."""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data import cards as carddata
from ..registry import PROMPTS

MODES: list[tuple[str, str]] = []


def final_propaganda(game) -> bool:
    """Is the Current Propaganda card the last one (no Propaganda card left to draw)?"""
    s = game.state
    return not any(carddata.is_propaganda(c) for c in s.deck) and not (
        s.upcoming is not None and carddata.is_propaganda(s.upcoming) and s.upcoming != s.current)


def start_propaganda_card(game) -> None:
    """2.4 / 6.0: hold a Propaganda Round -- unless the previous card was a Propaganda card too, in
    which case this one is played without a round (and ends the game if it is the final one)."""
    s = game.state
    s.propaganda_played += 1
    if s.last_was_propaganda:
        if final_propaganda(game):
            end_game(game)
        else:
            game.next_card()
        return
    s.last_was_propaganda = True
    game.push({"kind": "adp_propaganda", "step": 0})


def end_game(game) -> None:
    """7.3: the faction with the highest victory margin wins (ties: see :func:`rank`)."""
    s = game.state
    margins = board.victory_margins(s)
    ranking = rank(game, margins)
    s.result = {"winner": ranking[0], "ranking": ranking, "margins": margins, "reason": "final Propaganda"}
    s.over = True
    s.frames.clear()


TIES_7_1 = ("warlords", "government", "taliban", "coalition")
TIES_8_5 = ("warlords", "taliban", "government", "coalition")


def rank(game, margins: dict[str, int]) -> list[str]:
    """7.1 / 8.5 ranking by margin; ties go to Non-players first, then by the tie order."""
    order = TIES_8_5 if game.options.get("non_players") else TIES_7_1
    return sorted(order, key=lambda f: (-margins[f], not game.is_non_player(f), order.index(f)))


@PROMPTS.register
class PropagandaRound(Prompt):
    """Automatic: the phases of a Propaganda Round, in order (6.1-6.6)."""

    kind = "adp_propaganda"
    auto = True

    def run(self, game, frame):
        game.pop()
        if final_propaganda(game):
            end_game(game)
            return
        board.islamabad_reset(game.state)
        game.state.eligible = {f: True for f in game.factions}
        game.next_card()
