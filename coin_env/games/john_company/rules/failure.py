"""Consequences of failure (RB p.9 Final Scoring step 4; RB p.3): when the Company has failed, one of the six
Company failure cards is drawn at random and the public blames someone for the disaster.

The cards' texts are in no source (digest G9): the game's data (``game.data.failure_cards``) holds the
reconstructed stand-ins of data/company.py or an owner data pack's cards, each (name, blamed, VP). Who can be
blamed is a fixed catalogue (:data:`BLAMED`), so a data pack describes a card with data, not code.

Solo (solo aid, Legendary): the card is "Court of Directors Blameless" and only the Crown benefits from it.
"""

from __future__ import annotations

from ..static import CHAIRMAN, CROWN, PRESIDENT
from .common import chairman_or_title

LEGENDARY_CARD = "Court of Directors Blameless"


def _chairman(s) -> list[int]:
    f = chairman_or_title(s)
    return [f] if f >= 0 else []


def _prime_minister(s) -> list[int]:
    return [int(s.pm)] if s.pm >= 0 else []


def _most_shares(s) -> list[int]:
    shares = {f: company_shares(s, f) for f in s.seats}
    best = max(shares.values(), default=0)
    return [f for f in s.seats if best > 0 and shares[f] == best]


def _presidents(s) -> list[int]:
    return sorted({int(s.office_holder[o]) for o in PRESIDENT if s.office_holder[o] >= 0})


def _commanders(s) -> list[int]:
    return sorted({int(f) for f in s.commander if f >= 0})


# blamed -> the families the card's VP apply to ("court_blameless": see resolve)
BLAMED = {"chairman": _chairman, "prime_minister": _prime_minister, "most_shares": _most_shares,
          "presidents": _presidents, "commanders": _commanders, "court_blameless": None, "nobody": None}


def company_shares(s, f: int) -> int:
    """A family's Company shares: its Court pieces and the Chairman's piece (RB p.9 step 2)."""
    return int(s.court[f]) + (1 if s.office_holder[CHAIRMAN] == f else 0)


def draw(game) -> tuple | None:
    """The failure card drawn (name, blamed, VP), or None when the data has no cards."""
    s = game.state
    cards = game.data.failure_cards
    if (s.crown or {}).get("difficulty") == "legendary":
        return next((c for c in cards if c[0] == LEGENDARY_CARD), (LEGENDARY_CARD, "court_blameless", 0))
    if not cards:
        return None
    return cards[s.rng.die(len(cards), "Company failure card") - 1]     # a die, so script_dice can set it


def resolve(game, card: tuple) -> dict:
    """Apply the card's VP to the blamed families; returns {family slot: VP change}. "Court of Directors
    Blameless" (a reading of its name, the text being unknown) gives back what step 2 took from the Company
    shares: in a Legendary solo game to the Crown only (solo aid: the Crown benefits, you do not)."""
    s = game.state
    name, blamed, vp = card
    if blamed == "court_blameless":
        legendary = (s.crown or {}).get("difficulty") == "legendary"
        who = [CROWN] if legendary else list(s.seats)
        change = {f: company_shares(s, f) * s.share_vp for f in who if f in s.seats}
    elif BLAMED[blamed] is None:
        change = {}
    else:
        change = {f: vp for f in BLAMED[blamed](s)}
    for f, d in change.items():
        s.vp[f] += d
    game.log_note("end", f"Company failure card: {name}")
    return change
