"""What Commands and Decrees share (3.1, 4.1): costs, free actions, the Command & Decree timing."""

from __future__ import annotations

from ....coin.operations import Activity
from .. import board


def is_free(game) -> bool:
    """3.1.3: a Command granted free (Succession card, Event) costs no Resources."""
    turn = game.state.turn
    return bool(turn and turn["flags"].get("free"))


def can_pay(game, faction: str) -> bool:
    """3.1.3: 1 Resource per selected space (per destination for March / Migrate); Resources never go
    below 0 (1.8)."""
    return is_free(game) or game.state.resources[faction] >= 1


def pay(game, faction: str) -> None:
    if not is_free(game):
        board.add_resources(game.state, faction, -1)


class Command(Activity):
    """A Command (3.0). 2.3.3: with a Decree it may be in any number of spaces, zero included;
    otherwise (Event-or-Command box, Limited Command) in at least one."""

    def min_spaces(self, game) -> int:
        turn = game.state.turn
        return 0 if turn is not None and turn["kind"] == "op_sa" else 1

    def permitted(self, game) -> bool:
        """May the faction choose this Command now at all (even for zero spaces)?"""
        return True


def decree_timing_ok(game) -> bool:
    """2.3.3 / 4.1: a Decree comes entirely before or entirely after the Command, never between two
    of its spaces."""
    s = game.state
    top = s.frames[-1] if s.frames else None
    return not (top is not None and top["kind"] == "op_select" and s.turn and s.turn["op_spaces"])


class Decree(Activity):
    """A Decree (4.0): costs nothing (no cost is stated), accompanies any Command (4.1)."""

    special = True
    accompanies = None

    def space_test(self, game):
        if not decree_timing_ok(game):
            return None
        return self.decree_space_test(game)

    def decree_space_test(self, game):
        raise NotImplementedError


class InstantDecree(Decree):
    """A Decree without spaces: done at once when chosen (no decision left to make)."""

    def available(self, game) -> bool:
        return decree_timing_ok(game)

    def decree_space_test(self, game):
        return None

    def min_spaces(self, game) -> int:
        return 0

    def effect(self, game) -> None:
        raise NotImplementedError

    def begin(self, game) -> None:
        s = game.state
        self.effect(game)
        game.pop()                       # the selection frame start_special pushed: nothing to select
        s.turn["sa_active"] = False
        s.turn["sa_done"] = True
