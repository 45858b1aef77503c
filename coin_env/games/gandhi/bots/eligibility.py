"""The NP Eligibility Table (8.2): what an Eligible NP faction does with the Current card.

Returns one of "event", "op_sa", "op", "limited", "pass". Critical marks (8.8.1) and halos (8.8.2) come
from the card records (data/cards.py: none known by card number, an owner data pack supplies them);
effectiveness (8.8.3) from bots/events.py.
"""

from __future__ import annotations

from . import events


def is_critical(game, faction: str, card) -> bool:
    """8.8.1: the faction's icon is underlined on this Event card."""
    if card is None or game.is_periodic_card(card):
        return False
    record = game.card_record(card)
    return record is not None and faction in record.critical


def next_eligible(game, faction: str) -> str | None:
    """The Eligible faction after ``faction`` in the Current card's order that has not been offered it."""
    s = game.state
    order = list(game.card_faction_order(s.current))
    after = order[order.index(faction) + 1:] if faction in order else order
    for f in after:
        if s.eligible[f] and f not in s.sop["offered"]:
            return f
    return None


def guaranteed_first_on_upcoming(game, faction: str) -> bool:
    """Would ``faction`` (still Eligible after passing) surely be 1st Eligible on the Upcoming card?
    Only factions that already acted on this card are sure to be Ineligible next (2.3.6); every
    faction before ``faction`` in the Upcoming card's order must be one of them."""
    s = game.state
    if s.upcoming is None or game.is_periodic_card(s.upcoming):
        return False
    for f in game.card_faction_order(s.upcoming):
        if f == faction:
            return True
        if f not in s.sop["acted"]:
            return False
    return False


def decide(ctx) -> tuple[str, str]:
    """8.2.1: (choice, the table row that decided it) for the Eligible NP faction ``ctx.faction``."""
    game, f = ctx.game, ctx.faction
    s = game.state
    card = s.current
    first = not s.sop["acted"]
    upcoming_critical = is_critical(game, f, s.upcoming)
    if first:
        if is_critical(game, f, card) and events.np_effective(ctx, card):
            return "event", "1st-1 Critical and effective"
        nxt = next_eligible(game, f)
        if nxt is not None and is_critical(game, nxt, card):
            return "op", "1st-2 Critical for the next Eligible faction"
        if guaranteed_first_on_upcoming(game, f) and upcoming_critical:
            return "pass", "1st-3 Critical on the Upcoming card"
        return "op_sa", "1st-4 Operation plus Special Activity"
    did = s.sop["first_did"]
    guaranteed = guaranteed_first_on_upcoming(game, f)
    op_only = did in ("op", "limited")          # 2.3.5: a Limited Operation counts as an Operation
    event_possible = not op_only                # 2.3.4: after an Operation only, no Event
    effective = event_possible and events.np_effective(ctx, card)
    if guaranteed and upcoming_critical and (not is_critical(game, f, card) or not effective):
        return "pass", "2nd-1 wait for the Critical Upcoming card"
    if did == "op_sa" and effective:
        return "event", "2nd-2 1st did Op+SA, Event effective"
    if guaranteed:
        return "pass", "2nd-3 guaranteed 1st Eligible on the Upcoming card"
    if op_only or not effective:
        return "limited", "2nd-4 Limited Operation"
    return "op_sa", "2nd-5 Operation plus Special Activity"
