"""Effects around a faction's turn: passing (2.3.3), the Final Event Card (2.3.8), Islamabad
Sponsorship's multi-space Limited Operations (6.6.1), and what this program does not offer (1.5.1).

1.5.1 voluntary transfers (Resources between factions, Patronage to the Warlords) are negotiation
tools; they are not offered as actions (the game's docs page, fidelity table), so no agent can give its
Resources away.
"""

from __future__ import annotations

from .. import board
from ..data import cards as carddata

MODES: list[tuple[str, str]] = []

FINAL_CARD_BARRED = ("sweep", "march")    # 2.3.8: no Sweep or March on the Final Event Card


def pass_effects(game, faction: str) -> None:
    """2.3.3: a passing Insurgent gains 1 of its own Resources; a passing COIN faction adds 3 to the
    Government's Resources (the Coalition has none, 1.8). Capped at 75."""
    s = game.state
    if faction in ("taliban", "warlords"):
        board.add_resources(s, faction, 1)
    else:
        board.add_resources(s, "government", 3)


def final_event_card(game) -> bool:
    """2.3.8: is the Current card the last Event card before the final Propaganda card? With the
    optional rule of 8.1 (option ``final_card_limits = "each_propaganda"``) the last Event card before
    *every* Propaganda card counts. Ignored with Sudden Propaganda (2.3.7)."""
    s = game.state
    opts = game.options
    if opts.get("sudden_propaganda") or s.upcoming is None or not carddata.is_propaganda(s.upcoming):
        return False
    if carddata.is_propaganda(s.current):
        return False
    if opts.get("final_card_limits") == "each_propaganda":
        return True
    return not any(carddata.is_propaganda(c) for c in s.deck)


def final_card_limits_apply(game, faction: str) -> bool:
    """2.3.8 / 8.1: player Operations on the Final Event Card are Limited; Non-players ignore it."""
    return not game.is_non_player(faction) and final_event_card(game)      # the cheaper question first


def barred_operations(game, faction: str) -> tuple[int, ...]:
    """2.3.8: no player Sweep or March on the Final Event Card."""
    if not final_card_limits_apply(game, faction):
        return ()
    return tuple(game.op_action(k) for k in FINAL_CARD_BARRED)


def limited_op_spaces(game, faction: str) -> int:
    """2.3.5 / 6.6.1: a Limited Operation is in 1 space; with Islamabad at Sponsorship a Taliban
    Limited Operation may occur in any number of spaces (still without a Special Activity)."""
    if faction == "taliban" and game.state.islamabad == board.SPONSORSHIP:
        return game.n_spaces
    return 1
