"""The action vocabulary every COIN game shares, and the helpers rules use to speak it.

Groups, in order: meta (sequence-of-play choices, 2.3.4), operation, special, space ("select
<space>"), piece (a piece or marker type), count (0..max), faction, mode (a named option inside a
procedure), done. A game lists its operations, specials, spaces, pieces, markers, factions and modes;
:class:`CoinVocabulary` builds the table once and answers ``space_action(sp)`` / ``space_of(a)``
and the like, which :class:`coin_env.coin.sequence.CoinGame` exposes to the rules.
"""

from __future__ import annotations

from ..core.actions import ActionVocabulary
from .sequence import META_ACTIONS


class CoinVocabulary(ActionVocabulary):
    def __init__(self, operations, specials, space_names, piece_names, markers, factions, faction_names,
                 modes, max_count: int = 20, meta_labels: dict[str, str] | None = None):
        # ``meta_labels``: a game's own names for the sequence-of-play choices (key -> label), e.g.
        # Vijayanagara's "command & decree" for "op_with_sa"; the indices never change.
        entries = [(g, k, (meta_labels or {}).get(k, label)) for g, k, label in META_ACTIONS]
        entries += [("operation", k, label) for k, label in operations]
        entries += [("special", k, label) for k, label in specials]
        entries += [("space", name, f"select {name}") for name in space_names]
        entries += [("piece", name, name) for name in piece_names]
        entries += [("piece", name, f"{name} marker") for name in markers]
        entries += [("count", str(n), str(n)) for n in range(max_count + 1)]
        entries += [("faction", f, faction_names[f]) for f in factions]
        entries += [("mode", key, label) for key, label in modes]
        entries.append(("done", "done", "done"))
        super().__init__(entries)
        self.factions = tuple(factions)
        self.max_count = max_count
        self.DONE = self.index("done", "done")
        self.SPACE0 = self.base("space")
        self.PIECE0 = self.base("piece")
        self.COUNT0 = self.base("count")
        self.FACTION0 = self.base("faction")
        self.OP = {k: self.index("operation", k) for k, _ in operations}
        self.SA = {k: self.index("special", k) for k, _ in specials}
        self.MODE = {key: self.index("mode", key) for key, _ in modes}
        self.MARKER = {name: self.index("piece", name) for name in markers}


class VocabularyHelpers:
    """Mixed into a COIN game class: actions by meaning (the rules never hard-code indices)."""

    vocabulary: CoinVocabulary

    def space_action(self, sp: int) -> int:
        return self.vocabulary.SPACE0 + sp

    def space_of(self, action: int) -> int:
        return action - self.vocabulary.SPACE0

    def piece_action(self, piece: int) -> int:
        return self.vocabulary.PIECE0 + piece

    def piece_of(self, action: int) -> int:
        return action - self.vocabulary.PIECE0

    def count_action(self, n: int) -> int:
        return self.vocabulary.COUNT0 + n

    def count_of(self, action: int) -> int:
        return action - self.vocabulary.COUNT0

    def count_actions(self, lo: int, hi: int) -> list[int]:
        c0 = self.vocabulary.COUNT0
        return [c0 + n for n in range(max(0, lo), min(hi, self.vocabulary.max_count) + 1)]

    def faction_action(self, f: str) -> int:
        return self.vocabulary.FACTION0 + self.vocabulary.factions.index(f)

    def faction_of(self, action: int) -> str:
        return self.vocabulary.factions[action - self.vocabulary.FACTION0]

    def mode(self, key: str) -> int:
        return self.vocabulary.MODE[key]

    def op_action(self, key: str) -> int:
        return self.vocabulary.OP[key]

    def sa_action(self, key: str) -> int:
        return self.vocabulary.SA[key]
