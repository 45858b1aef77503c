"""A Distant Plain's cards (1.2, 5.0): 72 Event cards and 6 Propaganda cards (numbered 73-78 here).

What is known, and from where (digest 2.7 and 8.3; the research notes of issue 5):

* Titles of all 72 cards: the public VASSAL-module bot's card index (digest 0.1 "BOT").
* Capabilities (5.3): 14 cards flagged in the same source; seven are "Coalition Capabilities"
  (1, 2, 3, 5, 7, 12, 18), seven "Taliban Capabilities" (23, 29, 30, 31, 33, 34, 46), per the
  source's own grouping. Which side of 46 is the lasting one is not known.
* Momentum (5.4): 10, 24, 36 and 45 by the rulebook (8.1, 5.4); 11, 17, 26, 57 and 59 by the same
  public bot's Momentum list (which side: inferred from which faction's list names them).
* Event texts: not known for any card (digest G1). Only fragments survive (the rulebook's examples
  and marker art, a public bot's unfinished code); a fragment is not the card's effect, so every
  card is data only and the Event option is never offered (5.1.3, the game's docs page, fidelity table). An owner
  data pack or an installed plugin (entry-point group ``coin_env.a_distant_plain.events``) supplies
  effects written from the printed cards.
* Faction order (2.3.2): printed icons, known for no card. Reconstructed the same way as Gandhi's
  (:func:`coin_env.coin.events.balanced_order`): each of the 24 orders three times, deterministic.
"""

from __future__ import annotations

from ....coin.cards import UNKNOWN_TEXT, CardTable  # noqa: F401  (re-exported for the fidelity table)
from ....coin.events import balanced_order
from .pieces import FACTIONS

GAME = "a_distant_plain"
ENTRY_POINT_GROUP = "coin_env.a_distant_plain.events"
N_EVENT_CARDS = 72
N_PROPAGANDA = 6
FIRST_PROPAGANDA_CARD = 73
PROPAGANDA_CARDS = {FIRST_PROPAGANDA_CARD + i: f"Propaganda {i + 1}" for i in range(N_PROPAGANDA)}

TITLE_SOURCE = "public VASSAL-module bot card index (digest 8.3)"
ORDER_PROVENANCE = ("reconstructed: faction icons are printed on the cards and known for none; "
                    "balanced deterministic assignment (same method as Gandhi)")
HALO_PROVENANCE = "reconstructed: gray halos are printed on the cards; none known"

TITLES = ["ISR", "Predators", "Reapers", "#2 Is Dead", "Aerostats", "US-Pakistan Talks", "Find Fix Finish",
          "SEAL Team 6", "Special Forces", "Partnering Policy", "Strategic Release",
          "Village Stability Operations (VSO)", "Anti-Corruption Drive", "Economic Project",
          "One Tribe at a Time", "Amnesty", "NATO", "PRTs", "Al-Qaeda", "Errant Air Strike",
          "Operation Iraqi Freedom", "Border Incident", "Roadside IEDs", "US-Taliban Talks", "Koran Burning",
          "MANPADS Scare", "Tehrik-i-Taliban Pakistan", "Karzai to Islamabad", "Night Letters",
          "Urban Specialists", "Car Bombs", "Haqqani", "Suicide Bombers", "Accidental Guerrillas",
          "Gulbuddin Hekmatyar", "Mullah Omar", "Afghan Commandos", "Night Raids", "Trilateral Summit",
          "Line Item", "NATO Politics", "NGOs", "Pakistani Offensive", "Pakistani Politics", "Tribal Elders",
          "ID Cards", "Loya Jirga", "Strategic Partners", "Crop Substitution", "Development Aid", "Karzai",
          "Power Shuffle", "Prison Break", "Profit Sharing", "Breaktime", "Fratricide", "Sandstorms",
          "Counter-Narc", "Local Truce", "Tajiks", "Desertions & Defections", "Local Understanding",
          "Teetotalers", "Hazara", "Islamabad Blocks Resupply", "Mountain Fastness", "Change in Tactics",
          "Dostum", "Mine Removal", "Contractor Surge", "Coup!", "Poppy Crop Failure"]
assert len(TITLES) == N_EVENT_CARDS
KNOWN_TITLES = {n + 1: (t, TITLE_SOURCE) for n, t in enumerate(TITLES)}

CAPABILITY_SOURCE = "public VASSAL-module bot's Capability list and its Coalition/Taliban grouping"
# 5.3: Capability cards by the faction whose Capabilities box takes the marker.
COALITION_CAPABILITIES = (1, 2, 3, 5, 7, 12, 18)
TALIBAN_CAPABILITIES = (23, 29, 30, 31, 33, 34, 46)
CAPABILITIES = COALITION_CAPABILITIES + TALIBAN_CAPABILITIES

# 5.4: Momentum cards -> which sides carry MOMENTUM, with the source.
MOMENTUM: dict[int, tuple[tuple[str, ...], str]] = {
    10: (("shaded",), "rules 8.1 (Momentum example); side: public bot's insurgent list only"),
    11: (("unshaded", "shaded"), "public VASSAL-module bot's Momentum lists (both)"),
    17: (("shaded",), "public VASSAL-module bot's insurgent Momentum list"),
    24: (("unshaded", "shaded"), "rules 5.4 ('Talks' marker on card 24); public bot's lists (both)"),
    26: (("shaded",), "rules 8.8.1 (Capability or Momentum); public bot's insurgent Momentum list"),
    36: (("shaded",), "rules 8.1 (Mullah Omar, Momentum); public bot's insurgent list"),
    45: (("unshaded", "shaded"), "rules 8.1, 8.7.1 (Tribal Elders, Momentum); public bot's lists (both)"),
    57: (("unshaded", "shaded"), "rules 5.1.2 ('in effect'); public bot's lists (both)"),
    59: (("unshaded", "shaded"), "public VASSAL-module bot's Momentum lists (both)"),
}

# Fragments known of some sides: kept as data, never implemented as if they were the whole text.
FRAGMENTS: dict[tuple[int, str], tuple[str, str]] = {
    (1, "unshaded"): ("fragment only (marker art): Coalition Sweep gets an extra space / activates 3 Guerrillas",
                      "rules marker table 'ISR - C Sweep: +1 Space / 3G Actv'"),
    (12, "unshaded"): ("fragment only (marker art): Coalition Train places 1 more Police",
                       "rules marker table 'VSO - C Train: +1 Police'"),
    (33, "shaded"): ("fragment only (marker art): Taliban Terror costs a Taliban Guerrilla",
                     "rules marker table 'Suicide - T Terror: -1T Guerrilla'"),
    (41, "unshaded"): ("fragment only: concerns Coalition pieces Out of Play", "rules 8.1 example"),
    (6, "shaded"): ("fragment only: shifts Islamabad 2 boxes toward Sponsorship",
                    "public VASSAL-module bot's unfinished Warlords event code"),
    (8, "shaded"): ("fragment only: shifts Islamabad 2 boxes toward Sponsorship",
                    "public VASSAL-module bot's unfinished Warlords event code"),
    (14, "shaded"): ("fragment only: Warlords +3 Resources per space with a COIN Base and Warlord pieces",
                     "public VASSAL-module bot's unfinished Warlords event code"),
    (59, "shaded"): ("fragment only: up to 6 Government Resources to the Warlords",
                     "public VASSAL-module bot's unfinished Warlords event code"),
}


def default_order(card: int) -> tuple[str, ...]:
    return balanced_order(card, FACTIONS)


TABLE = CardTable(
    game=GAME, n_events=N_EVENT_CARDS, periodic=PROPAGANDA_CARDS, default_order=default_order,
    titles=KNOWN_TITLES, fragments=FRAGMENTS,
    provenance={"order": ORDER_PROVENANCE, "critical": "-", "halo": HALO_PROVENANCE},
    effects_module="coin_env.games.a_distant_plain.rules.events", entry_point_group=ENTRY_POINT_GROUP,
    periodic_label="Propaganda")
# A game's card records, faction orders and titles are on its data (``game.data.cards``, a CardFacts:
# built-in or changed by an owner data pack); which cards are Propaganda cards never changes.
is_propaganda = TABLE.is_periodic


def capability_faction(card: int) -> str | None:
    """5.3: whose Capabilities box the card's marker goes to (None: not a Capability)."""
    if card in COALITION_CAPABILITIES:
        return "coalition"
    if card in TALIBAN_CAPABILITIES:
        return "taliban"
    return None


def momentum_sides(card: int) -> tuple[str, ...]:
    return MOMENTUM.get(card, ((), ""))[0]
