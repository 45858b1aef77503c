"""Movement Commands: March (3.2.2) and Migrate (3.3.2, 3.4.2).

* March: any spaces as destinations (1 Resource each); any number of Troops and Governors from
  adjacent spaces into each.
* Migrate: Provinces as destinations (1 Resource each); up to 3 Amirs (Rajas) from adjacent Provinces
  into each. Arriving Units turn Rebelling in a Province the faction Controls (1.4.5), Obedient in a
  Tributary Province, else keep their orientation. Shift Influence: in at most one destination
  holding a piece of the other Deccan faction, pay 1 Resource (even in a free Migrate, 3.1.3) for
  own Influence +1 and the other's -1 (1.9).
* 3.1.2: a Unit moves at most once per Command (Units that arrived in a destination cannot move on).

Decisions per destination: a source space, the piece type (when two could move), the count; done.
"""

from __future__ import annotations

from ....core.prompts import Prompt
from .. import board
from ..data.pieces import AMIR, AMIR_REBEL, GOVERNOR, PAIR_OF, PIECE_NAMES, RAJA, RAJA_REBEL, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import IS_PROVINCE
from .common import Command, can_pay, pay, shift_influence

MODES: list[tuple[str, str]] = []


def _moved(game) -> dict:
    return game.state.turn["flags"].setdefault("moved", {})


def movable(game, src: int, piece: int) -> int:
    """Pieces of a type in ``src`` that have not moved this Command (3.1.2: arrivals counted by base
    type, Obedient and Rebelling together). A query: it never writes the turn's flags."""
    s = game.state
    n = int(s.pieces[src, piece])
    if not n or s.turn is None:
        return n
    moved = s.turn["flags"].get("moved")
    arrived = moved.get(str(src), {}).get(str(PAIR_OF.get(piece, piece)), 0) if moved else 0
    if not arrived:
        return n
    total = sum(int(s.pieces[src, p]) for p in _SAME_POOL[piece])
    return min(max(0, total - arrived), n)


# piece type -> the types sharing its pool (an Obedient type and its Rebelling type, 1.4.5)
_SAME_POOL = {p: tuple(q for q in range(len(PIECE_NAMES)) if PAIR_OF.get(q, q) == PAIR_OF.get(p, p))
              for p in range(len(PIECE_NAMES))}


class Move(Command):
    units: tuple[int, ...] = ()
    cap: int | None = None           # Units per destination
    provinces_only = True

    def sources(self, game, dst: int) -> list[int]:
        s = game.state
        return [o for o in s.data.neighbors[dst] if (IS_PROVINCE[o] or not self.provinces_only)
                and any(movable(game, o, p) for p in self.units)]

    def space_test(self, game):
        if not can_pay(game, self.faction):
            return None
        # = bool(self.sources(game, sp)), each neighbour's "may a Unit leave?" answered once per test (a
        # space is the neighbour of several candidates; the test is used on one unchanged board)
        may_leave = {}
        neighbors, units, provinces_only = game.state.data.neighbors, self.units, self.provinces_only

        def source(o: int) -> bool:
            answer = may_leave.get(o)
            if answer is None:
                answer = may_leave[o] = ((IS_PROVINCE[o] or not provinces_only)
                                         and any(movable(game, o, p) for p in units))
            return answer

        return lambda sp: (IS_PROVINCE[sp] or not provinces_only) and any(map(source, neighbors[sp]))

    def select(self, game, sp):
        pay(game, self.faction)
        game.push({"kind": "vj_move", "actor": self.faction, "space": sp, "moved": 0})


class March(Move):
    key = name = "march"
    faction = "ds"
    units = (TROOP, GOVERNOR)
    provinces_only = False


class Migrate(Move):
    key = name = "migrate"
    cap = 3


class BahmaniMigrate(Migrate):
    faction = "bk"
    units = (AMIR, AMIR_REBEL)


class VijayanagaraMigrate(Migrate):
    faction = "ve"
    units = (RAJA, RAJA_REBEL)


def _command(game, frame):
    return game.activities[frame["actor"]][game.state.turn["op_action"]]


@PROMPTS.register
class MoveInto(Prompt):
    """Choose a source of Units for the destination, or done."""

    kind = "vj_move"

    def legal(self, game, frame):
        cmd = _command(game, frame)
        out = []
        if cmd.cap is None or frame["moved"] < cmd.cap:
            out = [game.space_action(o) for o in cmd.sources(game, frame["space"])]
        if frame["moved"] > 0 or not out:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        return (f"{game.faction_name(frame['actor'])} {game.state.turn['op']} into {game.space_names[frame['space']]}: a space to move "
                f"Units from, or done ({frame['moved']} moved)")

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            finish_destination(game, frame)
            return
        cmd = _command(game, frame)
        src = game.space_of(action)
        kinds = [p for p in cmd.units if movable(game, src, p)]
        if len(kinds) > 1:
            game.choose(frame["actor"], f"move which Units from {game.space_names[src]}",
                        [game.piece_action(p) for p in kinds], "vj_move_piece", src=src)
        else:
            ask_count(game, frame, src, kinds[0])


def ask_count(game, frame, src: int, piece: int) -> None:
    cmd = _command(game, frame)
    most = movable(game, src, piece)
    if cmd.cap is not None:
        most = min(most, cmd.cap - frame["moved"])
    most = min(most, game.vocabulary.max_count)
    if most == 1:
        do_move(game, frame, src, piece, 1)
    else:
        game.choose(frame["actor"], f"how many {game.vocabulary.label(game.piece_action(piece))} to move",
                    game.count_actions(1, most), "vj_move_count", src=src, piece=piece)


@CONTINUATIONS.register
def vj_move_piece(game, frame, action):
    ask_count(game, game.state.frames[-1], frame["src"], game.piece_of(action))


@CONTINUATIONS.register
def vj_move_count(game, frame, action):
    do_move(game, game.state.frames[-1], frame["src"], frame["piece"], game.count_of(action))


def do_move(game, frame, src: int, piece: int, n: int) -> None:
    s = game.state
    dst = frame["space"]
    board.move(s, src, dst, piece, n)
    base = PAIR_OF.get(piece, piece)
    if piece != base and board.is_tributary(s, dst):       # Migrate: Obedient on entering a Tributary
        board.flip(s, dst, piece, base, n)
        board.refresh(s, dst)
    row = _moved(game).setdefault(str(dst), {})
    row[str(base)] = row.get(str(base), 0) + n
    frame["moved"] += n


def finish_destination(game, frame) -> None:
    """3.3.2 / 3.4.2 Shift Influence, offered in at most one destination per Migrate."""
    s = game.state
    f = frame["actor"]
    if f not in ("bk", "ve") or s.turn["flags"].get("shifted") or s.resources[f] < 1:
        return
    other = "ve" if f == "bk" else "bk"
    if board.count(s, frame["space"], other):
        game.choose(f, "Migrate: shift Influence here for 1 Resource?", [game.mode("yes"), game.mode("no")],
                    "vj_migrate_shift")


@CONTINUATIONS.register
def vj_migrate_shift(game, frame, action):
    if action != game.mode("yes"):
        return
    s = game.state
    f = frame["actor"]
    s.turn["flags"]["shifted"] = True
    board.add_resources(s, f, -1)
    shift_influence(game, f, +1)
    shift_influence(game, "ve" if f == "bk" else "bk", -1)


ACTIVITIES = [March, BahmaniMigrate, VijayanagaraMigrate]
