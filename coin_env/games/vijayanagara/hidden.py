"""Hidden information in Vijayanagara, and ``determinize(seat, seed)`` for search.

What no seat sees: the order of the draw deck, which 12 Event cards and which 2 Mongol Invasion cards
the set-up left out unused and unseen (2.1 steps 2-3), and future dice -- the game's and the heuristic
bot's (bots/plumbing.py ``Ctx``: its stream is drawn from the game generator's state, so it follows the
game's dice). Vijayanagara reveals no upcoming card (2.2). Everything else -- the board, the Current card,
the played cards, the map (also a ``prosperity="random"`` one: it is printed on the board) -- is public
and the same for every seat.

The set-up's deck (2.1 steps 4-7), top first: stack 1, Zenith, stack 2, Rise, stack 3, Lords, stack 4.
Stacks 1-3 hold 6 Event cards and 2 Mongol Invasion cards each, stack 4 six Event cards and both
Timurid Empire cards, each stack shuffled. So an unseen Event card may be in any Event place of the
deck (or among the unused ones), a Mongol Invasion card lies somewhere in a Mongol stack, the Timurid
cards in the last stack, and the Succession cards keep their places between the stacks.

:func:`determinize` gives a clone where those are drawn again: :func:`redraw_deck` deals the unseen
cards (taken in sorted order: the set, never its order) into the stacks still in the deck, and the
game's dice are reseeded.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...coin.hidden import check_seat
from ...core.rng import Rng, check_seed
from .data import cards as carddata
from .data.scenarios import SCENARIOS

EVENTS = tuple(range(1, carddata.N_EVENT_CARDS + 1))


@dataclass(frozen=True)
class Stack:
    """One part of the set-up's deck, top first: ``size`` cards; either a Succession card alone
    (``fixed``), or a shuffled stack holding ``count`` cards of ``kind`` among Event cards."""
    size: int
    kind: tuple[int, ...] = ()
    count: int = 0
    fixed: int | None = None


def deck_layout(scenario: str) -> list[Stack]:
    """2.1 steps 2-7 as setup.py ``build_deck`` builds them; [] for a position's "custom" scenario (no
    known stacks)."""
    if scenario not in SCENARIOS:
        return []
    per = carddata.EVENTS_PER_STACK
    mongol = Stack(per + carddata.MONGOL_PER_STACK, carddata.MONGOL_CARDS, carddata.MONGOL_PER_STACK)
    timurid = Stack(per + len(carddata.TIMURID), carddata.TIMURID, len(carddata.TIMURID))
    zenith, rise, lords = (Stack(1, fixed=c) for c in carddata.SUCCESSION)
    return [mongol, zenith, mongol, rise, mongol, lords, timurid]


def remaining_stacks(layout: list[Stack], deck: list[int]) -> list[Stack] | None:
    """The part of each set-up stack still in ``deck`` (top first): the deck is the bottom of the
    set-up's deck, as cards are drawn from the top. A full stack keeps all its special cards; the top
    one, partly drawn, keeps those the deck still holds (public: the others were seen when drawn).
    None when the deck cannot be such a tail (a position's own deck, docs/positions.md)."""
    total = sum(part.size for part in layout)
    drawn = total - len(deck)
    if drawn < 0:
        return None
    parts, start = [], 0
    for part in layout:
        end = start + part.size
        if end > drawn:
            parts.append(Stack(end - max(start, drawn), part.kind, part.count, part.fixed))
        start = end
    if parts and parts[0].kind:
        top = parts[0]
        in_deck = sum(1 for c in deck if c in top.kind)
        below = sum(p.count for p in parts[1:] if p.kind == top.kind)
        parts[0] = Stack(top.size, top.kind, in_deck - below)
    return parts if _deck_fits(parts, deck) else None


def _deck_fits(parts: list[Stack], deck: list[int]) -> bool:
    """Whether ``deck`` is made of ``parts``: each Succession card at its place, each stack holding its
    count of special cards of its kind (and none of another)."""
    start = 0
    for part in parts:
        cards = deck[start:start + part.size]
        start += part.size
        if part.fixed is not None:
            if cards != [part.fixed]:
                return False
        elif not 0 <= part.count <= part.size or sum(1 for c in cards if carddata.is_special(c)) != part.count \
                or any(carddata.is_special(c) and c not in part.kind for c in cards):
            return False
    return True


def redraw_deck(deck: list[int], seen: list[int], layout: list[Stack], rng) -> list[int]:
    """The draw deck dealt again (a determinization). ``seen``: the cards out of the deck every seat has
    seen (Current, played). Within each remaining stack its special cards take places drawn uniformly,
    from the unseen cards of their kind; the Event places take unseen Event cards, the unused ones of the
    set-up included. A deck the set-up could not make keeps its special cards in place and only its own
    Event cards are dealt again."""
    parts = remaining_stacks(layout, deck)
    if parts is None:
        events = sorted(c for c in deck if not carddata.is_special(c))
        rng.shuffle(events)
        return [c if carddata.is_special(c) else events.pop() for c in deck]
    seen = set(seen)
    events = [c for c in EVENTS if c not in seen]
    pools = {kind: [c for c in kind if c not in seen] for kind in (carddata.MONGOL_CARDS, carddata.TIMURID)}
    for pool in (events, *pools.values()):
        rng.shuffle(pool)
    new_deck = []
    for part in parts:
        if part.fixed is not None:
            new_deck.append(part.fixed)
            continue
        places = [True] * part.count + [False] * (part.size - part.count)
        rng.shuffle(places)                   # every choice of the special cards' places equally likely
        new_deck += [pools[part.kind].pop() if special else events.pop() for special in places]
    return new_deck


def determinize(game, seat: str, seed: int):
    """A clone identical in everything ``seat`` sees, with the draw deck dealt again within the set-up's
    stacks and the dice of the game (hence of the heuristic bot) reseeded: a function of what ``seat``
    sees and ``seed`` only."""
    check_seat(game, seat)
    rng = Rng(check_seed(seed))
    g = game.clone()
    s = g.state
    seen = [c for c in (s.current, s.upcoming) if c is not None] + list(s.played)
    s.deck = redraw_deck(s.deck, seen, deck_layout(s.scenario), rng)
    log = s.rng.log
    s.rng = Rng.from_state(rng.next_u64())    # the dice nobody can foresee (scripted dice dropped too)
    s.rng.log = log
    return g
