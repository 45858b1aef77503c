"""A game's fixed, labelled action vocabulary.

Every game builds one flat table of atomic actions once (meta choices,
operations, special activities, one per map space, per piece type, per count,
per faction, per procedure option, DONE). Agents see ``Discrete(len(vocab))``
plus a boolean mask; tests and humans address actions by label.
"""

from __future__ import annotations

from dataclasses import dataclass

from .schema import whole_number


@dataclass(frozen=True)
class ActionSpec:
    index: int
    group: str   # "meta", "operation", "special", "space", "piece", "count", ...
    key: str     # stable machine key within the group, e.g. "deploy", "Bihar", "3"
    label: str   # human label, unique across the vocabulary


class ActionVocabulary:
    """An ordered, immutable table of actions, addressable by index, (group, key) or label."""

    def __init__(self, entries: list[tuple[str, str, str]]):
        self.specs: tuple[ActionSpec, ...] = tuple(
            ActionSpec(i, group, key, label) for i, (group, key, label) in enumerate(entries)
        )
        self._by_key = {(s.group, s.key): s.index for s in self.specs}
        self._by_label: dict[str, int] = {}
        for s in self.specs:
            low = s.label.lower()
            if low in self._by_label:
                raise ValueError(f"duplicate action label {s.label!r}")
            self._by_label[low] = s.index
        if len(self._by_key) != len(self.specs):
            raise ValueError("duplicate (group, key) in action vocabulary")
        self.group_ranges: dict[str, tuple[int, int]] = {}
        for s in self.specs:
            lo, hi = self.group_ranges.get(s.group, (s.index, s.index))
            self.group_ranges[s.group] = (min(lo, s.index), max(hi, s.index) + 1)

    def __len__(self) -> int:
        return len(self.specs)

    def index(self, group: str, key) -> int:
        try:
            return self._by_key[(group, str(key))]
        except KeyError:
            raise KeyError(f"no action ({group!r}, {key!r}) in the vocabulary") from None

    def by_label(self, label: str) -> int:
        try:
            return self._by_label[label.lower()]
        except KeyError:
            raise KeyError(f"no action labelled {label!r}") from None

    def label(self, index: int) -> str:
        """The label of action ``index``; an index outside 0..N-1 (or not an integer) is a ValueError
        naming it, never a label found by Python's negative indexing."""
        number = whole_number(index)
        if number is None:
            raise ValueError(f"action {index!r} is not an action index")
        if not 0 <= number < len(self.specs):
            raise ValueError(f"action {number} is not in the vocabulary (0..{len(self.specs) - 1})")
        return self.specs[number].label

    def group_of(self, index: int) -> str:
        return self.specs[index].group

    def key_of(self, index: int) -> str:
        return self.specs[index].key

    def base(self, group: str) -> int:
        return self.group_ranges[group][0]

    def table(self) -> list[dict]:
        """The documented table: index, group, key, label."""
        return [dict(index=s.index, group=s.group, key=s.key, label=s.label) for s in self.specs]
