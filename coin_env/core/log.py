"""The game log: what happened, in the board game's words, one structured entry per event.

Recording must cost next to nothing when nobody reads the log (bots clone games and play them out
to judge an Event), so the engine appends small raw tuples to a plain list (``GameLog.own``; the
board primitives and the RNG hold that list as ``state.log`` / ``rng.log``) and the words are only
written when ``game.log`` is read: :meth:`coin_env.core.game.Game.render_log_entry` turns each raw
tuple into a dict with at least ``"text"``, ``"kind"`` and ``"decision"``.

A clone shares its original's entries up to the moment of the copy (``fork``: no copying); the
first read joins them into the clone's own list.

Raw entries (first item the kind; a dict is an entry already written, e.g. read from a save):

* ``("decision", n, actor, prompt, action, label)``   the n-th decision of the game (1-based)
* ``("roll", sides, value, scripted, why)``           a die roll (``Rng.die``)
* ``("piece", piece, src, dst, n)``                   n pieces between two locations (place/move/remove)
* ``("flip", sp, piece_from, piece_to, n)``           n pieces flipped (Active / Underground)
* ``("phase", name, rule)``, ``("note", kind, text, fields)``, and the game's own kinds.
"""

from __future__ import annotations


class GameLog:
    __slots__ = ("own", "parent", "parent_len", "rendered", "snapshot")

    def __init__(self, entries=None):
        self.own: list = list(entries) if entries else []
        self.parent: GameLog | None = None      # entries [0, parent_len) are the parent's
        self.parent_len = 0
        self.rendered: list[dict] = []            # cache of written entries (a prefix of raw())
        self.snapshot = None                      # the game's last board summary (to diff tracks)

    def __len__(self) -> int:
        return self.parent_len + len(self.own)

    def fork(self) -> "GameLog":
        """A log for a clone: shares this log's entries so far, copies nothing."""
        child = GameLog.__new__(GameLog)
        child.own = []
        child.parent = self
        child.parent_len = len(self)
        child.rendered = self.rendered       # only read (a prefix of the shared entries), never mutated
        child.snapshot = self.snapshot
        return child

    def raw(self) -> list:
        """Every raw entry, oldest first. Joins a clone's shared prefix into its own list (in place:
        the board primitives keep appending to the same list)."""
        if self.parent is not None:
            self.own[0:0] = self.parent.raw()[:self.parent_len]
            self.parent = None
            self.parent_len = 0
        return self.own


def check_entries(entries, path: str = "log") -> list[dict]:
    """A saved log: a list of objects, each with a string ``text`` and a string ``kind``."""
    from .schema import SaveError
    if not isinstance(entries, list):
        raise SaveError(path, f"must be a list of entries, not {type(entries).__name__}")
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not isinstance(e.get("text"), str) or not isinstance(e.get("kind"), str):
            raise SaveError(f"{path}[{i}]", "must be an object with string 'text' and 'kind'")
        if type(e.get("decision")) is not int:
            raise SaveError(f"{path}[{i}].decision", "must be an integer")
    return entries


def plural(n: int, name: str) -> str:
    """'1 Troop', '3 Troops', '2 Coalition Troops' (a name already plural stays so)."""
    if n == 1 or name.endswith("s") or name == "Police":
        return f"{n} {name}"
    return f"{n} {name}s"
