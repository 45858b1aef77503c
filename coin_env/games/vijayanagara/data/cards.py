"""Vijayanagara's cards (1.2, 2.1-2.7), numbered for this program.

* Event cards 1-36 (rule 1.2). Titles, faction symbols, "Stay Eligible" flags and texts are printed
  on the cards and public for none (digest §8; card 17's title comes from a session report, the
  rest of the known titles carry no number). Every Event card is therefore data only: its Event is
  never offered (coin.cards.UNKNOWN_TEXT). An owner data pack or plugin supplies effects.
* Faction order (2.3.2): reconstructed, :func:`coin_env.coin.events.balanced_order` over the three
  player factions (each of the 6 orders used 6 times, deterministic).
* Mongol Invasion cards 37-44 (rule 1.2: 8 cards; 2.4: each names the Bahmani Kingdom or the
  Vijayanagara Empire to run the Mongols). Which card names whom is not public: reconstructed as
  37-40 Bahmani, 41-44 Vijayanagara ("controlled alternately", 1.5).
* Succession cards 45 Zenith of the Delhi Sultanate, 46 Rise of the Rebel Sultans, 47 Lords of the
  Deccan (rule 2.5: in fixed deck positions, 2.1).
* Timurid Empire cards 48, 49 (rule 2.6).
* The Dynasty card (2.7) is not part of the deck: it is the state's ``dynasty`` field.
"""

from __future__ import annotations

from ....coin.cards import UNKNOWN_TEXT, CardTable  # noqa: F401  (re-exported for the fidelity table)
from ....coin.events import balanced_order
from .pieces import FACTIONS

GAME = "vijayanagara"
ENTRY_POINT_GROUP = "coin_env.vijayanagara.events"
N_EVENT_CARDS = 36                                  # rule 1.2
MONGOL_CARDS = tuple(range(37, 45))                 # rule 1.2: 8 Mongol Invasion cards
MONGOL_NAMES = {c: ("bk" if c < 41 else "ve") for c in MONGOL_CARDS}   # reconstructed (see above)
ZENITH, RISE, LORDS = 45, 46, 47                     # rule 2.5
SUCCESSION = (ZENITH, RISE, LORDS)
TIMURID = (48, 49)                                  # rule 2.6
SPECIAL_CARDS = {**{c: f"Mongol Invasion ({'Bahmani' if MONGOL_NAMES[c] == 'bk' else 'Vijayanagara'})"
                    for c in MONGOL_CARDS},
                 ZENITH: "Zenith of the Delhi Sultanate", RISE: "Rise of the Rebel Sultans",
                 LORDS: "Lords of the Deccan", 48: "Timurid Empire", 49: "Timurid Empire"}
ALL_CARDS = list(range(1, N_EVENT_CARDS + 1)) + sorted(SPECIAL_CARDS)

# Deck construction (rule 2.1).
STACKS = 4
EVENTS_PER_STACK = 6
MONGOL_PER_STACK = 2       # in each of the first three stacks

ORDER_PROVENANCE = ("reconstructed: faction symbols are printed on the cards and known for none; "
                    "balanced deterministic assignment over the three factions")
TITLE_SOURCE = "session report (digest §0 AAR1): card 17"
KNOWN_TITLES = {17: ("Sufi Shaikh Relocates", TITLE_SOURCE)}


def is_special(card: int) -> bool:
    return card in SPECIAL_CARDS


def default_order(card: int) -> tuple[str, ...]:
    return balanced_order(card, FACTIONS)


TABLE = CardTable(
    GAME, N_EVENT_CARDS, SPECIAL_CARDS, default_order, KNOWN_TITLES, {},
    {"order": ORDER_PROVENANCE, "critical": "-", "halo": "-", "number": "rule 1.2"},
    "coin_env.games.vijayanagara.rules.events", ENTRY_POINT_GROUP, "Special card")
