"""Arjuna content for the non-player ml (8.3 cards, 8.4.1 table, 8.4.2 move column).

Work in progress: filled in by the ml bot procedures (bots/).
"""

from __future__ import annotations

from .schema import FactionArjuna

DATA = FactionArjuna(faction="ml")
