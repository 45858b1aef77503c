"""Shapes of saved plain data: what a loaded game's fields must look like before any rule reads them.

A hand-edited or corrupted save must be refused with a message naming the bad entry, never loaded
half-way and left to crash later inside a rule (issue 8). Each game state declares a spec per field
(``PlainState.field_specs``) built from the small vocabulary below; ``check`` walks a value against
it and raises :class:`SaveError` with the path of the first problem, e.g.
``state.fields.sop.acted[0]: must be one of 'raj', 'congress', 'ml', 'revs', not 'rajj'``.

Specs are plain objects with a ``check(value, path)`` method, so a game can add its own.
"""

from __future__ import annotations

import operator


def whole_number(value) -> int | None:
    """``value`` as an int if it is a Python or numpy integer (not a bool: True is not 1, 2.0 is not 2),
    else None. The one reading of "an integer" for actions, seeds and dice."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


class SaveError(ValueError):
    """A saved game or position does not have the shape the game needs. The message names the path."""

    def __init__(self, path: str, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = path


def _show(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Spec:
    # For copying (PlainState.copy): a value of a ``scalar`` spec is immutable and is shared; a value
    # of a ``flat`` spec is a list or dict of immutable values, copied by its own .copy().
    scalar = False
    flat = False

    def check(self, value, path: str) -> None:
        raise NotImplementedError


class Int(Spec):
    """An int (not a bool) in [lo, hi] (either bound may be None)."""

    scalar = True

    def __init__(self, lo: int | None = None, hi: int | None = None):
        self.lo, self.hi = lo, hi

    def check(self, value, path):
        if type(value) is not int:
            raise SaveError(path, f"must be an integer, not {_show(value)}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise SaveError(path, f"must be in {self.lo}..{self.hi}, not {value}")


class Type(Spec):
    def __init__(self, *types: type):
        self.types = types
        self.scalar = all(t in (int, float, str, bool, type(None)) for t in types)

    def check(self, value, path):
        if type(value) not in self.types:
            names = " or ".join(t.__name__ for t in self.types)
            raise SaveError(path, f"must be {names}, not {_show(value)}")


class OneOf(Spec):
    """One of a fixed set of values (factions, kinds)."""

    scalar = True

    def __init__(self, values):
        self.values = tuple(values)
        self.allowed = frozenset(self.values)

    def check(self, value, path):
        if type(value) not in (str, int) or value not in self.allowed:
            raise SaveError(path, f"must be one of {', '.join(map(repr, self.values))}, not {_show(value)}")

    def all_fit(self, values: list) -> bool:
        """Fast path for lists (decks of 80 cards are checked at every load)."""
        allowed = self.allowed
        return all(type(v) in (str, int) and v in allowed for v in values)


class Maybe(Spec):
    """None or the inner spec."""

    def __init__(self, inner: Spec):
        self.inner = inner
        self.scalar, self.flat = inner.scalar, inner.flat

    def check(self, value, path):
        if value is not None:
            self.inner.check(value, path)


class ListOf(Spec):
    def __init__(self, item: Spec, max_len: int | None = None, unique: bool = False):
        self.item, self.max_len, self.unique = item, max_len, unique
        self.flat = item.scalar

    def check(self, value, path):
        if type(value) is not list:
            raise SaveError(path, f"must be a list, not {_show(value)}")
        if self.max_len is not None and len(value) > self.max_len:
            raise SaveError(path, f"has {len(value)} entries, at most {self.max_len} allowed")
        all_fit = getattr(self.item, "all_fit", None)
        if all_fit is None or not all_fit(value):          # the slow walk finds and names the bad entry
            for i, v in enumerate(value):
                self.item.check(v, f"{path}[{i}]")
        if self.unique and len(set(map(repr, value))) != len(value):   # repr: entries may be unhashable
            raise SaveError(path, "has an entry twice")


class Record(Spec):
    """A dict with exactly the ``required`` keys plus any of the ``optional`` ones."""

    def __init__(self, required: dict[str, Spec], optional: dict[str, Spec] | None = None, extra: bool = False):
        self.required, self.optional, self.extra = required, optional or {}, extra
        self.flat = not extra and all(spec.scalar for spec in [*self.required.values(), *self.optional.values()])

    def check(self, value, path):
        if type(value) is not dict:
            raise SaveError(path, f"must be an object, not {_show(value)}")
        missing = [k for k in self.required if k not in value]
        if missing:
            raise SaveError(path, f"is missing {', '.join(map(repr, missing))}")
        for k, v in value.items():
            spec = self.required.get(k) or self.optional.get(k)
            if spec is None:
                if self.extra:
                    PLAIN.check(v, f"{path}.{k}")
                    continue
                raise SaveError(path, f"has an unknown entry {k!r}")
            spec.check(v, f"{path}.{k}")


class MapOf(Spec):
    """A dict of any size; every key and value checked."""

    def __init__(self, key: Spec, value: Spec):
        self.key, self.value = key, value
        self.flat = key.scalar and value.scalar

    def check(self, value, path):
        if type(value) is not dict:
            raise SaveError(path, f"must be an object, not {_show(value)}")
        for k, v in value.items():
            self.key.check(k, f"{path} key")
            self.value.check(v, f"{path}.{k}")


class Plain(Spec):
    """Any JSON value (bots' memory, the data a decision carries): only JSON types, no NaN."""

    def check(self, value, path):
        t = type(value)
        if t in (str, int, bool) or value is None:
            return
        if t is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise SaveError(path, "must be a finite number")
            return
        if t is list:
            for i, v in enumerate(value):
                self.check(v, f"{path}[{i}]")
            return
        if t is dict:
            for k, v in value.items():
                if type(k) is not str:
                    raise SaveError(path, f"has a key that is not a string: {_show(k)}")
                self.check(v, f"{path}.{k}")
            return
        raise SaveError(path, f"must be JSON data, not {_show(value)}")


INT = Int()
NAT = Int(0)
BOOL = Type(bool)
STR = Type(str)
PLAIN = Plain()


def check(value, spec: Spec, path: str) -> None:
    """Raise :class:`SaveError` naming the first entry of ``value`` that does not fit ``spec``."""
    spec.check(value, path)
