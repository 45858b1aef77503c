"""The Arjuna system's printed content as data (8.1.1), one module per non-player faction.

A game reads its Arjuna content from its data (``game.data.arjuna``, an :class:`ArjunaContent`): the
built-in content below, or as an owner data pack's ``[arjuna]`` section changed it (``pack.py``).
``BUILTIN_ARJUNA[faction]`` is the built-in :class:`schema.FactionArjuna` (read-only): the faction's six
double-sided cards (fronts single letters, backs double letters: Raj A-F, Congress G-L, Muslim League
M-R, Revolutionaries S-X -- the known letters AA, BB, H, HH, J, N, P, U fit this scheme), its Space
Selection Priorities columns in table order, and its Move Priorities column. Shared tables are in
``common.py``.
"""

from __future__ import annotations

from types import MappingProxyType

from . import common, congress, ml, raj, revs
from .schema import FactionArjuna

# The built-in content only (what a game without an [arjuna] pack section plays with): read-only.
BUILTIN_ARJUNA = MappingProxyType({m.DATA.faction: m.DATA for m in (raj, congress, ml, revs)})
CARD_LETTERS = {"raj": "ABCDEF", "congress": "GHIJKL", "ml": "MNOPQR", "revs": "STUVWX"}
CARD_FACTION = {letter: f for f, letters in CARD_LETTERS.items() for letter in letters}


class ArjunaContent:
    """One game's printed Arjuna content (part of its immutable data, ``game.data.arjuna``).

    ``factions[f]``: the faction's :class:`FactionArjuna` (faces and columns read-only);
    ``random_spaces``: the 8.1.2 map (6 regions x 6 space names); ``random_slots``: the same as space
    indices, slot 1-1 first; ``adversary``: the 8.5 Adversary Priorities, top first."""

    __slots__ = ("factions", "random_spaces", "random_slots", "adversary")

    def __init__(self, factions, random_spaces, adversary):
        from ...static import INDEX
        set_ = object.__setattr__
        set_(self, "factions", MappingProxyType(dict(factions)))
        set_(self, "random_spaces", tuple(tuple(r) for r in random_spaces))
        set_(self, "random_slots", tuple(INDEX[name] for region in self.random_spaces for name in region))
        set_(self, "adversary", tuple(adversary))

    def __setattr__(self, attr, value):
        raise AttributeError("Arjuna content is part of a game's immutable data")

    def face(self, letter: str):
        """The face with this letter (front "H" or back "HH")."""
        return self.factions[CARD_FACTION[letter[0]]].faces[letter]

    def __getitem__(self, faction: str) -> FactionArjuna:
        return self.factions[faction]


BUILTIN_CONTENT = ArjunaContent(BUILTIN_ARJUNA, common.BUILTIN_RANDOM_SPACES, common.BUILTIN_ADVERSARY_PRIORITIES)
