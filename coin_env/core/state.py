"""State as plain data: numpy arrays plus small JSON-able fields.

A game's state class declares which attributes are arrays (``ARRAYS``, name ->
dtype) and which are plain fields (``FIELDS``: ints, strings, lists, dicts of
those). ``copy()`` and ``to_dict()``/``from_dict()`` are derived from those two
declarations, so nothing can hold state that a clone or a save would miss.
The decision stack (``frames``) and the RNG state are ordinary fields.
"""

from __future__ import annotations

import pickle

import numpy as np

from .rng import Rng

_dumps, _loads, _PROTOCOL = pickle.dumps, pickle.loads, pickle.HIGHEST_PROTOCOL


_NESTED = (dict, list)


def plain_copy(value):
    """Copy nested dicts/lists of immutable scalars (much faster than deepcopy). Flat lists and
    dicts (decks, counters) are copied in one C-level call; only nested containers recurse."""
    t = type(value)
    if t is dict:
        out = value.copy()
        for k, v in out.items():
            if type(v) in _NESTED:
                out[k] = plain_copy(v)
        return out
    if t is list:
        out = value[:]
        for i, v in enumerate(out):
            if type(v) in _NESTED:
                out[i] = plain_copy(v)
        return out
    return value


def to_plain(value):
    """Convert numpy scalars/arrays and tuples inside plain data to JSON types."""
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


class PlainState:
    """Base for game states. Subclasses declare ARRAYS and FIELDS."""

    ARRAYS: dict[str, str] = {}
    FIELDS: tuple[str, ...] = ()
    # Every state has the decision stack and the RNG.
    CORE_FIELDS = ("frames", "over", "decisions", "card_decisions")

    def __init__(self):
        self.frames: list[dict] = []
        self.over = False
        self.decisions = 0
        self.card_decisions = 0
        self.rng = Rng(0)

    def copy(self):
        """An independent copy. The plain fields go through one pickle round trip: a single C-level
        deep copy of every nested dict and list, 2-3x faster than walking them in Python (clone()
        is on the hot path of bots that try an Event on a copy, and issue 8 budgets it at 10 us)."""
        cls = self.__class__
        new = cls.__new__(cls)
        d = new.__dict__
        src = self.__dict__
        for name in self.ARRAYS:
            d[name] = src[name].copy()
        names = cls.FIELDS + cls.CORE_FIELDS
        d.update(zip(names, _loads(_dumps([src[n] for n in names], _PROTOCOL))))
        d["rng"] = Rng.from_state(self.rng.state)
        return new

    def to_dict(self) -> dict:
        out = {"arrays": {}, "fields": {}}
        for name in self.ARRAYS:
            out["arrays"][name] = getattr(self, name).tolist()
        for name in self.FIELDS + self.CORE_FIELDS:
            out["fields"][name] = to_plain(getattr(self, name))
        out["rng"] = self.rng.state
        return out

    @classmethod
    def from_dict(cls, data: dict):
        """Rebuild a state, refusing anything missing, extra or mis-shaped."""
        if not isinstance(data, dict) or set(data) != {"arrays", "fields", "rng"}:
            raise ValueError("saved state must have exactly the keys 'arrays', 'fields' and 'rng'")
        new = cls.__new__(cls)
        arrays, fields = data["arrays"], data["fields"]
        missing = (set(cls.ARRAYS) - set(arrays)) | (set(cls.FIELDS + cls.CORE_FIELDS) - set(fields))
        extra = (set(arrays) - set(cls.ARRAYS)) | (set(fields) - set(cls.FIELDS + cls.CORE_FIELDS))
        if missing:
            raise ValueError(f"saved state is missing {sorted(missing)}")
        if extra:
            raise ValueError(f"saved state has unknown entries {sorted(extra)}")
        for name, dtype in cls.ARRAYS.items():
            try:
                arr = np.array(arrays[name], dtype=dtype)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"saved array {name!r} is not numeric: {exc}") from None
            setattr(new, name, arr)
        for name in cls.FIELDS + cls.CORE_FIELDS:
            setattr(new, name, plain_copy(fields[name]))
        if not isinstance(data["rng"], int) or data["rng"] < 0:
            raise ValueError("saved 'rng' must be a non-negative integer")
        new.rng = Rng.from_state(data["rng"])
        return new
