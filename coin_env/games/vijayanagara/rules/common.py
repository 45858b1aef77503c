"""What Commands and Decrees share (3.1, 4.1): costs, free actions, the Command & Decree timing."""

from __future__ import annotations

from ....coin.operations import Activity
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import AMIR, AMIR_REBEL, RAJA, RAJA_REBEL
from ..registry import PROMPTS
from ..static import AVAILABLE, N_SPACES, TRACK


def drop_frame(game, frame) -> None:
    """Remove ``frame`` from the decision stack wherever it is (by identity)."""
    frames = game.state.frames
    for i in range(len(frames) - 1, -1, -1):
        if frames[i] is frame:
            del frames[i]
            return


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


def _involved(game) -> dict:
    return game.state.turn["flags"].setdefault("attack_used", {}) if game.state.turn else {}


def unused(game, sp: int, piece: int) -> int:
    """Units of a type in ``sp`` not yet involved in an attack this Command (3.1.2). A query: it never
    writes the turn's flags."""
    s = game.state
    n = int(s.pieces[sp, piece])
    used = s.turn["flags"].get("attack_used") if n and s.turn is not None else None
    if not used:
        return n
    return max(0, n - used.get(str(sp), {}).get(str(piece), 0))


def mark_used(game, sp: int, piece: int, n: int) -> None:
    """Record ``n`` Units of a type in ``sp`` as involved in an attack this Command (3.1.2)."""
    if n <= 0:
        return
    row = _involved(game).setdefault(str(sp), {})
    row[str(piece)] = row.get(str(piece), 0) + n


def release_used(game, sp: int, piece: int) -> None:
    """3.1.2 / 3.3.4: an involved Unit removed as a casualty is no longer in ``sp``, so it no longer
    counts among the involved there: the Units left that never fought may still attack (a supporter
    taken from its Fort / Qasbah / Temple space must not hold back one that stayed out)."""
    turn = game.state.turn
    row = turn["flags"].get("attack_used", {}).get(str(sp)) if turn is not None else None
    if row and row.get(str(piece), 0) > 0:
        row[str(piece)] -= 1
        if not row[str(piece)]:
            del row[str(piece)]


class Command(Activity):
    """A Command (3.0). 2.3.3: with a Decree it may be in any number of spaces, zero included;
    otherwise (Event-or-Command box, Limited Command) in at least one."""

    def min_spaces(self, game) -> int:
        turn = game.state.turn
        return 0 if turn is not None and turn["kind"] == "op_sa" else 1

    def max_spaces(self, game):
        """Optional rule Timur's Shadow: one space per Command once the first Timurid card is out."""
        if game.options.get("timurs_shadow") and game.state.timurid_played >= 1:
            return 1
        return None

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
        game.pop()                       # the selection frame start_special pushed: nothing to select
        s.turn["sa_active"] = False
        s.turn["sa_done"] = True
        self.effect(game)                # may push a decision (1.10 taking Cavalry)


# --- gains that may need a decision (1.9, 1.10) --------------------------------------------------------
def gain_cavalry(game, faction: str, n: int) -> None:
    """1.10: tokens come from the pool; when it is empty the gainer may take them from any other
    faction (asked one token at a time)."""
    s = game.state
    short = n - board.gain_cavalry(s, faction, n)
    if short > 0 and any(s.cavalry[o] for o in s.cavalry if o != faction):
        game.push({"kind": "vj_take_cavalry", "actor": faction, "left": short})


@PROMPTS.register
class TakeCavalry(Prompt):
    """1.10: the pool is empty: take a token from another faction, or done."""

    kind = "vj_take_cavalry"

    def legal(self, game, frame):
        s = game.state
        return [game.faction_action(o) for o in s.cavalry if o != frame["actor"] and s.cavalry[o]] + [game.DONE]

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])}: the Cavalry pool is empty; take a token from another faction ({frame['left']} left), or done"

    def apply(self, game, frame, action):
        s = game.state
        if action != game.DONE:
            s.cavalry[game.faction_of(action)] -= 1
            s.cavalry[frame["actor"]] += 1
            frame["left"] -= 1
        if action == game.DONE or frame["left"] <= 0 or self.legal(game, frame) == [game.DONE]:
            game.pop()


REFILL_UNITS = {"bk": (AMIR, AMIR_REBEL), "ve": (RAJA, RAJA_REBEL)}


def shift_influence(game, faction: str, delta: int) -> None:
    """1.9 with its refill: Units owed to emptied slots come from Available or the map, the
    faction's choice (asked Unit by Unit; automatic when only one source exists)."""
    s = game.state
    owed = board.shift_influence(s, faction, delta)
    if owed:
        frame = {"kind": "vj_refill", "actor": faction, "left": owed}
        game.push(frame)
        RefillSlot.settle(game, frame)


@PROMPTS.register
class RefillSlot(Prompt):
    """1.9: put a Unit back on an emptied Influence slot: from Available ("select" none: the mode
    ``refill_available``) or from a map space."""

    kind = "vj_refill"

    @staticmethod
    def options(game, frame) -> list[int]:
        s = game.state
        units = REFILL_UNITS[frame["actor"]]
        out = [game.mode("refill_available")] if s.pieces[AVAILABLE, units[0]] else []
        return out + [game.space_action(sp) for sp in range(N_SPACES) if any(s.pieces[sp, u] for u in units)]

    @staticmethod
    def settle(game, frame) -> None:
        """Fill automatically while only Available can give; pop when done or nothing can give."""
        s = game.state
        f = frame["actor"]
        unit = REFILL_UNITS[f][0]
        while frame["left"] > 0:
            opts = RefillSlot.options(game, frame)
            if not opts:
                break
            if opts == [game.mode("refill_available")]:
                board.transfer(s, unit, AVAILABLE, TRACK[f], 1)
                frame["left"] -= 1
                continue
            return
        drop_frame(game, frame)

    def legal(self, game, frame):
        return self.options(game, frame)

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])}: refill an Influence slot ({frame['left']} Units owed): from Available or a space"

    def apply(self, game, frame, action):
        s = game.state
        f = frame["actor"]
        unit = REFILL_UNITS[f][0]
        if action == game.mode("refill_available"):
            board.transfer(s, unit, AVAILABLE, TRACK[f], 1)
        else:
            sp = game.space_of(action)
            piece = next(u for u in REFILL_UNITS[f] if s.pieces[sp, u])
            if piece != unit:
                board.flip(s, sp, piece, unit, 1)
            board.transfer(s, unit, sp, TRACK[f], 1)
            board.refresh(s, sp)
        frame["left"] -= 1
        self.settle(game, frame)
