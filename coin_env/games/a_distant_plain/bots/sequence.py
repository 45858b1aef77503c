"""8.1 Non-player sequence of play: Event, Operations or Pass?

Order of the questions (8.1 first bullet): the Special Event Instructions (8.3.1; the sheet is not in the
rulebook, so no card has one here), then the faction's "Pass, Event or Operations?" box, whose first
questions are the 8.1 Capability and Momentum rules (in the order each faction's box asks them:
Coalition and Taliban Capability first, Government and Warlords Momentum first), then the box's own
conditions on the card's effect (``Flowchart.event_conditions``), then Low Resources (8.1), then the
Operation chain.

8.1 Ineffective Events: an NP never opts for an Event that would have no effect. A side whose text is
not implemented (all 72 cards in the base data, the game's docs page, fidelity table) cannot be executed at all, so it is
treated as ineffective -- and an NP does not Pass to wait for an upcoming Capability it could not execute.
"""

from __future__ import annotations

from ....coin import events as coin_events
from .. import board
from ..data import cards as carddata

TRIBAL_ELDERS, MULLAH_OMAR = 45, 36            # 8.1 Momentum exceptions
ALWAYS_MOMENTUM = {"coalition": (TRIBAL_ELDERS,), "taliban": (TRIBAL_ELDERS, MULLAH_OMAR)}

# 8.3.2 dual use: Warlords and Taliban use the shaded text, Government and Coalition the unshaded.
SIDE = {"coalition": "unshaded", "government": "unshaded", "taliban": "shaded", "warlords": "shaded"}
# 8.1 Capability: the Government takes Capabilities on the NP Coalition's behalf, the Warlords on the
# NP Taliban's.
ON_BEHALF_OF = {"government": "coalition", "warlords": "taliban"}


def executable(game, card: int, side: str) -> bool:
    """Can this side be executed at all (its effect is known)? 8.1 Ineffective Events otherwise."""
    record = game.card_record(card) if card is not None else None
    return record is not None and record.side(side).implemented


def effective(ctx, card: int, side: str) -> bool:
    """8.1 Ineffective Events: would executing this side now change the game? (Probed on a clone,
    coin.events.is_effective; False for a side that is not implemented.)"""
    return executable(ctx.game, card, side) and coin_events.is_effective(ctx.game, ctx.faction, card, side)


def probe_event(ctx, card: int, side: str, chooser=None):
    """Execute ``side`` of ``card`` for ``ctx.faction`` on a clone and return the clone after it (the
    choices inside answered by ``chooser(game)``, default the first legal action), for the 8.x.2
    questions "could either part of the card ... ?". None if the side cannot be executed."""
    if not executable(ctx.game, card, side):
        return None
    g = coin_events._probe_start(ctx.game, ctx.faction, ctx.game.card_record(card), side)
    pick = chooser or (lambda x: x.legal_actions()[0])
    for _ in range(5000):
        if coin_events._probe_done(g):
            return g
        g.apply(pick(g))
    return None


def lowers_own_victory(ctx, card: int, side: str) -> bool:
    """8.3.5 note: a Non-player never plays an Event so that it directly lowers its own victory total
    (the book's example: the Taliban and 71 Coup! where it would reduce Opposition)."""
    after = probe_event(ctx, card, side)
    if after is None:
        return False
    f = ctx.faction
    return board.victory_totals(after.state)[f] < board.victory_totals(ctx.state)[f]


def is_capability(card) -> bool:
    return card is not None and carddata.capability_faction(card) is not None


def momentum_side(faction: str, card) -> str | None:
    """8.1 Momentum: insurgents consider the shaded, the COIN factions the unshaded Momentum text."""
    if card is None:
        return None
    side = SIDE[faction]
    return side if side in carddata.momentum_sides(card) else None


def first_eligible_next_card(ctx) -> bool:
    """8.1 Capability "definitely will have the opportunity" on the next card (digest 11.1 reading):
    the faction is Eligible for the next card whatever the others do, and is its leftmost faction among
    those that surely stay Eligible -- a faction acting now turns Ineligible, so only a faction that has
    already acted or is Ineligible cannot get ahead of it. Conservatively: the faction passes now (stays
    Eligible) and every faction before it on the next card is certain to be Ineligible."""
    s = ctx.state
    if s.upcoming is None or carddata.is_propaganda(s.upcoming):
        return False
    for f in s.data.cards.faction_order(s.upcoming):
        if f == ctx.faction:
            return True
        acted = f in s.sop["acted"]
        if not acted:
            return False           # could pass (stay Eligible) and take the card first
    return False


def capability_decision(ctx) -> str | None:
    """8.1 Capability. Returns "event" (take the current Capability now), "pass" (wait for the upcoming
    one) or None (no Capability play). The die is rolled only when a Capability is in question."""
    f, s = ctx.faction, ctx.state
    side = SIDE[f]
    cur, nxt = s.current, s.upcoming
    if f in ("coalition", "taliban"):
        cur_ok = is_capability(cur) and executable(ctx.game, cur, side)
        next_ok = is_capability(nxt) and executable(ctx.game, nxt, side) and first_eligible_next_card(ctx)
        if not (cur_ok or next_ok):
            return None
        if ctx.die() > ctx.unplayed_propaganda():
            return None
        return "event" if cur_ok else "pass"
    # Government / Warlords: on behalf of the NP Coalition / Taliban, roll less than unplayed Propaganda.
    beneficiary = ON_BEHALF_OF[f]
    if not (is_capability(cur) and ctx.is_np(beneficiary) and executable(ctx.game, cur, side)):
        return None
    return "event" if ctx.die() < ctx.unplayed_propaganda() else None


def momentum_decision(ctx) -> str | None:
    """8.1 Momentum: "event" when the current card's Momentum side (the faction's) is to be played --
    only if the next card is not Propaganda, except 45 Tribal Elders (NP Coalition and Taliban always)
    and 36 Mullah Omar (NP Taliban always)."""
    s = ctx.state
    side = momentum_side(ctx.faction, s.current)
    if side is None or not executable(ctx.game, s.current, side):
        return None
    if s.current in ALWAYS_MOMENTUM.get(ctx.faction, ()):
        return "event"
    if s.upcoming is not None and carddata.is_propaganda(s.upcoming):
        return None
    return "event"


def event_decision(ctx, chart) -> str | None:
    """8.1 / 8.x.2 up to the Operations: "event", "pass" or None (go on to Low Resources and Operations).
    An Event that would lower the faction's own victory total is never chosen (8.3.5 note)."""
    decision = _event_decision(ctx, chart)
    if decision == "event" and lowers_own_victory(ctx, ctx.state.current, SIDE[ctx.faction]):
        return None
    return decision


def _event_decision(ctx, chart) -> str | None:
    s = ctx.state
    for question in chart.event_questions:
        if question == "capability" and (is_capability(s.current) or is_capability(s.upcoming)):
            decision = capability_decision(ctx)
            if decision is not None:
                return decision
            if is_capability(s.current):
                return None            # a Capability card not taken: on to the Operations
        elif question == "momentum" and carddata.momentum_sides(s.current or 0):
            decision = momentum_decision(ctx)
            return decision            # a Momentum card: played per 8.1 or not at all
    side = SIDE[ctx.faction]
    if effective(ctx, s.current, side) and chart.event_conditions(ctx, s.current):
        return "event"
    return None
