"""The Arjuna system's printed content as data (8.1.1), one module per non-player faction.

``ARJUNA[faction]`` is a :class:`schema.FactionArjuna`: the faction's six double-sided cards (fronts
single letters, backs double letters: Raj A-F, Congress G-L, Muslim League M-R, Revolutionaries S-X --
the known letters AA, BB, H, HH, J, N, P, U fit this scheme), its Space Selection Priorities columns in
table order, and its Move Priorities column. Shared tables are in ``common.py``.
"""

from __future__ import annotations

from . import congress, ml, raj, revs
from .schema import FactionArjuna

ARJUNA: dict[str, FactionArjuna] = {m.DATA.faction: m.DATA for m in (raj, congress, ml, revs)}
CARD_LETTERS = {"raj": "ABCDEF", "congress": "GHIJKL", "ml": "MNOPQR", "revs": "STUVWX"}
CARD_FACTION = {letter: f for f, letters in CARD_LETTERS.items() for letter in letters}


def face(letter: str):
    """The face with this letter (front "H" or back "HH")."""
    return ARJUNA[CARD_FACTION[letter[0]]].faces[letter]
