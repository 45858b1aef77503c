"""Gandhi's cards: 72 Event cards and 7 Campaign cards (1.2, 2.5).

Event effects and most titles are not in the rulebook (digest section 8.2); issue 3 adds
the known effects. Until then every Event card is in the deck for the sequence of play only.

Faction order (2.3.2) is printed as icons on each card and is not in the rulebook.
Reconstructed: each of the 24 orders of the four factions is used exactly three times,
card n taking order number ((n - 1) * 7) mod 24 of the lexicographic list, so the
assignment is balanced, deterministic and free of runs.
"""

from __future__ import annotations

from itertools import permutations

from .pieces import FACTIONS

N_EVENT_CARDS = 72
FIRST_CAMPAIGN_CARD = 73

ORDER_PROVENANCE = "reconstructed: faction icons are printed on the cards, not in the rulebook; balanced deterministic assignment"
_ORDERS = list(permutations(FACTIONS))   # lexicographic over ("raj", "congress", "ml", "revs")


def faction_order(card: int) -> tuple[str, ...]:
    return _ORDERS[((card - 1) * 7) % 24]


# Titles known from the rulebook (number, title, provenance).
KNOWN_TITLES: dict[int, tuple[str, str]] = {
    6: ("Chauri Chaura Massacre", "rules 8.8.4 example"),
}

# 2.5 / 6.4.1: each Campaign card carries one British Viceroy whose capability applies to the Raj.
VICEROYS = ["Lord Chelmsford", "Lord Reading", "Lord Irwin", "Lord Willingdon", "Lord Linlithgow",
            "Lord Wavell", "Lord Mountbatten"]
CAMPAIGN_CARDS = {FIRST_CAMPAIGN_CARD + i: name for i, name in enumerate(VICEROYS)}
CAMPAIGN_PROVENANCE = "rules 2.5 (seven Campaign cards, one Viceroy each); card numbers reconstructed (73-79)"


def is_campaign(card: int) -> bool:
    return card >= FIRST_CAMPAIGN_CARD


def title(card: int) -> str:
    if is_campaign(card):
        return f"Campaign: {CAMPAIGN_CARDS[card]}"
    if card in KNOWN_TITLES:
        return KNOWN_TITLES[card][0]
    return f"Event #{card}"
