"""Positions that pin what the Crown will do in the favours' tests (tests/john_company/test_jc_favours.py), so that
a test reaches its situation under any seed instead of relying on one seed's deal."""

from coin_env.games.john_company.data import cards
from coin_env.games.john_company.position import LONDON_NAME
from coin_env.games.john_company.static import SEA_ZONES

NO_SHIPS = {"ships": {}, "company_ships": {z: 0 for z in SEA_ZONES[:3]}}

# RB p.45 Set Climate: the Operations phase opens by revealing the top AI card, whose climate chart sets the climate
# (data/crown.py AI_CARDS). Each entry: the card put on top, and the position entries its chart reads.
CLIMATE_AT_OPERATIONS = {
    "Bull": (1, {"standing": 4}),              # card 1: Standing 1st or 2nd place -> Peacock, else Bull
    "Stag": (3, {"debt": 0}),                  # card 3: Debt 0 -> Stag
    "Lion": (5, NO_SHIPS),                     # card 5: fewer than two sea zones with two ships -> Lion
    "Bear": (7, {"cash": {"crown": 0}}),       # card 7: the Crown's cash <= £7 -> Bear
    "Peacock": (1, {"standing": 2}),           # card 1: Standing 2 -> Peacock
}


def ai_deck(*top: int) -> list[int]:
    """The AI deck with the cards ``top`` first and the others in order (the back of the card after the revealed
    one fixes the AI Presidency order)."""
    return list(top) + [c for c in range(1, 11) if c not in top]


def at_operations(climate: str, next_card: int | None = None, **position) -> dict:
    """``position`` (phase Operations) with the AI deck and the chart's measure set so that Set Climate turns
    ``climate``, then ``next_card`` (if given) facedown on top; the faceup card before it is the deck's last one.
    A ``cash`` entry of ``position`` keeps its other families and its ``company_ships`` stay; the measure's entries
    win over the rest. (Callers assert the climate when the test depends on it.)"""
    card, measure = CLIMATE_AT_OPERATIONS[climate]
    pos = dict(position, phase="operations")
    for key, value in measure.items():
        if key == "cash":
            pos[key] = dict(pos.get(key, {}), **value)
        elif key == "company_ships":          # a test's Company ships stay (one zone with two still reads Lion)
            pos[key] = dict(value, **pos.get(key, {}))
        else:
            pos[key] = value
    deck = ai_deck(card, next_card) if next_card is not None and next_card != card else ai_deck(card)
    faceup = deck.pop()
    pos.update(ai_card=faceup, ai_deck=deck, ai_discards=[])
    return pos


def spouse_display(position: dict) -> dict:
    """A whole-game ``position`` (from ``to_position``) whose London Season display holds three spouses (RB p.10),
    swapped with the first spouses of the London deck: a family taking a card from it takes no enterprise card."""
    spouses = {LONDON_NAME[c[0]] for c in cards.SPOUSES}
    pos = dict(position)
    incoming = [c for c in pos["london_deck"] if c in spouses][:3]
    outgoing = list(pos["display"])
    deck = [c for c in pos["london_deck"] if c not in incoming]
    pos.update(display=incoming, london_deck=deck[:len(incoming)] + outgoing + deck[len(incoming):])
    return pos
