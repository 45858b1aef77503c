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
from .schema import BOOL, NAT, STR, ListOf, Plain, Record, SaveError, Spec

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
    """Base for game states. Subclasses declare ARRAYS and FIELDS.

    ``data``: the game's immutable facts (:class:`coin_env.core.data.GameData`), not part of the
    fields: a copy shares it, a save stores the options that rebuild it (the game sets it)."""

    data = None
    log = None      # the game log's entry list while the game keeps a log (set by the game, never copied)

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
        """An independent copy. Fields are copied by their declared shape (field_specs): immutable values
        shared, flat lists and dicts by one .copy() each, and the nested ones together through one
        pickle round trip, a single C-level deep copy 2-3x faster than walking them in Python (clone()
        is on the hot path of bots that try an Event on a copy; issue 8 budgets it at 10 us)."""
        cls = self.__class__
        new = cls.__new__(cls)
        d = new.__dict__
        src = self.__dict__
        for name in self.ARRAYS:
            d[name] = src[name].copy()
        shared, flat, nested = cls.__dict__.get("_copy_plan") or cls._make_copy_plan()
        for name in shared:
            d[name] = src[name]
        for name in flat:
            v = src[name]
            d[name] = None if v is None else v.copy()
        d.update(zip(nested, _loads(_dumps([src[n] for n in nested], _PROTOCOL))))
        rng = self.rng
        d["rng"] = Rng.from_state(rng.state, rng.dice)
        d["data"] = src.get("data")
        return new

    @classmethod
    def _make_copy_plan(cls) -> tuple:
        """Split the fields by their specs: immutable values are shared, flat lists/dicts copied by
        .copy(), the nested rest deep-copied together (a field without a spec counts as nested)."""
        specs = {**cls.field_specs(), **cls._core_specs()}
        names = cls.FIELDS + cls.CORE_FIELDS
        shared = tuple(n for n in names if n in specs and specs[n].scalar)
        flat = tuple(n for n in names if n in specs and specs[n].flat)
        nested = tuple(n for n in names if n not in shared and n not in flat)
        cls._copy_plan = (shared, flat, nested)
        return cls._copy_plan

    # What a loaded state's entries must look like (checked by from_dict before anything reads them).
    ARRAY_RANGES: dict[str, tuple[int, int]] = {}     # name -> (lowest, highest) value allowed

    @classmethod
    def field_specs(cls) -> dict[str, Spec]:
        """A :mod:`coin_env.core.schema` spec for every name in FIELDS (each game declares its own)."""
        return {}

    @classmethod
    def _core_specs(cls) -> dict[str, Spec]:
        return {"frames": ListOf(Record({"kind": STR}, extra=True)), "over": BOOL, "decisions": NAT,
                "card_decisions": NAT}

    @classmethod
    def _array_shapes(cls) -> dict[str, tuple]:
        shapes = cls.__dict__.get("_shapes")
        if shapes is None:
            fresh = cls.empty()
            shapes = {name: getattr(fresh, name).shape for name in cls.ARRAYS}
            cls._shapes = shapes
        return shapes

    @classmethod
    def empty(cls) -> "PlainState":
        raise NotImplementedError

    def to_dict(self) -> dict:
        out = {"arrays": {}, "fields": {}}
        for name in self.ARRAYS:
            out["arrays"][name] = getattr(self, name).tolist()
        for name in self.FIELDS + self.CORE_FIELDS:
            out["fields"][name] = to_plain(getattr(self, name))
        out["rng"] = self.rng.state
        if self.rng.dice:           # scripted die results still queued (game.script_dice)
            out["dice"] = list(self.rng.dice)
        return out

    @classmethod
    def _load_array(cls, name: str, value, dtype: str, shape: tuple) -> np.ndarray:
        """A saved array: integers only (1.5 is not silently truncated), the state's exact shape, and
        values that fit both the dtype and the state's declared range."""
        path = f"state.arrays.{name}"
        try:
            raw = np.array(value)
        except (TypeError, ValueError) as exc:
            raise SaveError(path, f"is not a regular table of numbers: {exc}") from None
        if raw.dtype.kind not in "iub" and raw.size:
            raise SaveError(path, f"must hold integers, not {raw.dtype} values")
        if raw.shape != shape:
            raise SaveError(path, f"must have shape {shape}, not {raw.shape}")
        info = np.iinfo(dtype)
        lo, hi = cls.ARRAY_RANGES.get(name, (info.min, info.max))
        if raw.size and (int(raw.min()) < max(lo, info.min) or int(raw.max()) > min(hi, info.max)):
            raise SaveError(path, f"values must be in {max(lo, info.min)}..{min(hi, info.max)}, "
                                  f"found {int(raw.min())}..{int(raw.max())}")
        return raw.astype(dtype)

    @classmethod
    def from_dict(cls, data: dict):
        """Rebuild a state, refusing anything missing, extra or mis-shaped."""
        if not isinstance(data, dict) or set(data) - {"dice"} != {"arrays", "fields", "rng"}:
            raise ValueError("saved state must have exactly the keys 'arrays', 'fields' and 'rng' "
                             "(and 'dice' when scripted die results are queued)")
        new = cls.__new__(cls)
        arrays, fields = data["arrays"], data["fields"]
        if not isinstance(arrays, dict) or not isinstance(fields, dict):
            raise SaveError("state", "'arrays' and 'fields' must be objects")
        missing = (set(cls.ARRAYS) - set(arrays)) | (set(cls.FIELDS + cls.CORE_FIELDS) - set(fields))
        extra = (set(arrays) - set(cls.ARRAYS)) | (set(fields) - set(cls.FIELDS + cls.CORE_FIELDS))
        if missing:
            raise ValueError(f"saved state is missing {sorted(missing)}")
        if extra:
            raise ValueError(f"saved state has unknown entries {sorted(extra)}")
        shapes = cls._array_shapes()
        for name, dtype in cls.ARRAYS.items():
            setattr(new, name, cls._load_array(name, arrays[name], dtype, shapes[name]))
        specs = cls.__dict__.get("_specs")
        if specs is None:           # built once per class: the specs depend on static game data only
            specs = cls._specs = {**cls.field_specs(), **cls._core_specs()}
        for name in cls.FIELDS + cls.CORE_FIELDS:
            specs.get(name, Plain()).check(fields[name], f"state.fields.{name}")
            setattr(new, name, plain_copy(fields[name]))
        if not isinstance(data["rng"], int) or data["rng"] < 0:
            raise ValueError("saved 'rng' must be a non-negative integer")
        dice = data.get("dice", [])
        if not isinstance(dice, list):
            raise SaveError("state.dice", f"must be a list of die results, not {dice!r}")
        for i, value in enumerate(dice):
            if type(value) is not int or value < 1:
                raise SaveError(f"state.dice[{i}]", f"must be an integer >= 1, not {value!r}")
        new.rng = Rng.from_state(data["rng"], dice)
        return new
