"""Gandhi's cards: 72 Event cards and 7 Campaign cards (1.2, 2.5), one record per card.

Each Event card is a :class:`coin_env.coin.events.CardRecord`: number, title, faction order (2.3.2),
the factions for which it is Critical (8.8.1) or haloed (8.8.2), and per side the effect in our own
words, its provenance and the registered effect function (``coin_env/games/gandhi/rules/events.py``;
``None``: the text is not known and the Event option is not offered for that side).

What is known (digest section 8.2; never invented):

* #6 Chauri Chaura Massacre, unshaded: rules 8.8.4 example.
* Pakistan Declaration Published in London, unshaded: the rulebook numbers it 45 (8.4.1 example)
  and 16 (8.8.4 example). Placed at 45 (chronological decks put 1933 nearer 45 of 72 than 16);
  an owner data pack can move it (``[renumber]``).
* #44 unshaded: rules 8.8.5 example (title not given).
* #11 unshaded: only a fragment (it arrests Gandhi, 5.1.4) -- a fragment is not the card's effect,
  so #11 stays data only.
* Titles known from public sources without a card number: :data:`TITLES_NUMBER_UNKNOWN`.

Faction order is printed as icons on each card and is not in the rulebook. Reconstructed: each of
the 24 orders of the four factions is used exactly three times, card n taking order number
((n - 1) * 7) mod 24 of the lexicographic list, so the assignment is balanced, deterministic and
free of runs. Critical markers and halos: none known by card number (reconstructed: empty).

A game reads its records from its data (``game.data.cards``, a :class:`coin_env.coin.cards.CardFacts`):
the built-in records (``TABLE.builtin()``) or those an owner data pack (``coin_env.games.gandhi.datapack``)
changed -- orders, markers, titles and effects. Nothing here changes once made.
"""

from __future__ import annotations

from ....coin.cards import UNKNOWN_TEXT, CardTable
from ....coin.events import CardRecord, balanced_order
from .pieces import FACTIONS

GAME = "gandhi"
ENTRY_POINT_GROUP = "coin_env.gandhi.events"     # installed plugins with effects for unknown cards
N_EVENT_CARDS = 72
FIRST_CAMPAIGN_CARD = 73

ORDER_PROVENANCE = "reconstructed: faction icons are printed on the cards, not in the rulebook; balanced deterministic assignment"
MARKS_PROVENANCE = "reconstructed: Critical underlines and halos are printed on the cards; none known by card number"
def default_order(card: int) -> tuple[str, ...]:
    return balanced_order(card, FACTIONS)     # lexicographic over ("raj", "congress", "ml", "revs")


# Titles known by number: number -> (title, provenance).
KNOWN_TITLES: dict[int, tuple[str, str]] = {
    6: ("Chauri Chaura Massacre", "rules 8.8.4 example"),
    45: ("Pakistan Declaration Published in London",
         "rules 8.4.1 example (Event 45); the 8.8.4 example calls it card #16 -- 45 chosen, see module docstring"),
}

# Card sides whose text is known only in part: kept as data, never implemented as if complete.
FRAGMENTS: dict[tuple[int, str], tuple[str, str]] = {
    (11, "unshaded"): ("fragment only: the text includes arresting Gandhi (with no Restraint shift or Protests)",
                       "rules 5.1.4 example"),
}

# Public sources name these cards but not their numbers (digest 8.2). (title, what is known, source)
TITLES_NUMBER_UNKNOWN: list[tuple[str, str, str]] = [
    ("Jawaharlal Nehru Rises to Prominence", "order starts Congress, Raj; not Critical for Congress",
     "insidegmt.com Arjuna Chronicles #3"),
    ("Khadi Spinning Wheels", "Revolutionaries left of Muslim League; not Critical for Revolutionaries",
     "insidegmt.com Arjuna Chronicles #4"),
    ("Bhagat Singh Frustrates the Empire", "Congress left of Raj; not Critical for Congress",
     "insidegmt.com Arjuna Chronicles #5"),
    ("Great Bengal Famine", "Critical for all four factions", "insidegmt.com Arjuna Chronicles #6"),
    ("Sarojini Naidu Inspires the Masses", "-", "insidegmt.com Arjuna Chronicles #7"),
    ("The Salt March", "-", "insidegmt.com Arjuna Chronicles #8"),
    ("Simla Conference Divides India", "Critical for the Muslim League; shaded fragment: ML may add Bases "
     "to Provinces without Raj Control (fragment, not implemented)", "insidegmt.com Arjuna Chronicles #9"),
    ("Independence Day Defiantly Declared", "title probable", "insidegmt.com Arjuna Chronicles #10"),
    ("Nankana Massacre Stuns India", "Critical for the Revolutionaries", "insidegmt.com Arjuna Chronicles #10"),
    ("Quit India Movement", "-", "hexbyhex.blogspot.com play report"),
    ("Independence Fighters Take Up Arms", "-", "hexbyhex.blogspot.com play report"),
]

# 2.5 / 6.4.1: each Campaign card carries one British Viceroy whose capability applies to the Raj.
VICEROYS = ["Lord Chelmsford", "Lord Reading", "Lord Irwin", "Lord Willingdon", "Lord Linlithgow",
            "Lord Wavell", "Lord Mountbatten"]
CAMPAIGN_CARDS = {FIRST_CAMPAIGN_CARD + i: name for i, name in enumerate(VICEROYS)}
CAMPAIGN_PROVENANCE = "rules 2.5 (seven Campaign cards, one Viceroy each); card numbers reconstructed (73-79)"

TABLE = CardTable(
    game=GAME, n_events=N_EVENT_CARDS, periodic=CAMPAIGN_CARDS, default_order=default_order,
    titles=KNOWN_TITLES, fragments=FRAGMENTS,
    provenance={"order": ORDER_PROVENANCE, "critical": MARKS_PROVENANCE, "halo": MARKS_PROVENANCE},
    effects_module="coin_env.games.gandhi.rules.events", entry_point_group=ENTRY_POINT_GROUP,
    periodic_label="Campaign")
default_record = TABLE.default_record
build_records = TABLE.build_records
is_campaign = TABLE.is_periodic          # the Campaign cards (73-79) are fixed: no pack renumbers them
