"""Arjuna content for the non-player revs (8.3 cards, 8.4.1 table, 8.4.2 move column).

Work in progress: filled in by the revs bot procedures (bots/).
"""

from __future__ import annotations

from .schema import FactionArjuna

DATA = FactionArjuna(faction="revs")
