"""Hidden information common to the COIN series: the draw deck as a seat may believe it is.

In a COIN game every seat sees the same things: the board, the played cards, the Current and Upcoming
cards (2.2, 2.3.7), the number of cards left in the draw deck and how many periodic (Campaign /
Propaganda) cards are still in it. Nobody sees the order of the draw deck, nor (where the set-up sets
cards aside unseen) which cards were set aside. The set-up builds the deck from piles (2.1 Deck
Preparation): Event cards dealt into piles, one periodic card shuffled into some piles -- possibly only
into a pile's bottom cards -- and the piles stacked. So an Event card still unseen may be anywhere an
unseen Event card can be, but a periodic card still lies in its own pile.

:func:`redraw_deck` deals the unseen cards again with that structure: it is the shared part of each
COIN game's ``determinize(seat, seed)``. It reads only what every seat knows -- the pile layout of the
scenario, the deck's size, the number of periodic cards in it, and the set of unseen cards (all cards
minus the seen ones, taken in sorted order) -- never the hidden order.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pile:
    """One pile of the set-up's draw deck, top pile first: ``size`` cards; its periodic card (if
    ``window`` > 0) lies among its bottom ``window`` cards, uniformly."""
    size: int
    window: int = 0


def check_seat(game, seat) -> str:
    """``seat``, refused with a ValueError naming the game's seats if it is not one of them."""
    if seat not in game.factions:
        raise ValueError(f"{seat!r} is not a seat of {game.name}; seats: {list(game.factions)}")
    return seat


def remaining_piles(layout: list[Pile], n_cards: int, n_periodic: int) -> list[list[int]] | None:
    """The part of each set-up pile still in a draw deck of ``n_cards`` cards holding ``n_periodic``
    periodic cards: ``[[length, window], ...]`` top first (window 0: no periodic card in that part).
    Cards are drawn from the top, so the deck is the bottom ``n_cards`` of the set-up's deck; the top
    part may be a pile partly drawn, whose periodic card is still there only if the count says so.
    None when the deck cannot be such a tail (a position's own deck, docs/positions.md)."""
    total = sum(p.size for p in layout)
    if n_cards > total:
        return None
    drawn = total - n_cards
    parts, start = [], 0
    for pile in layout:
        end = start + pile.size
        if end > drawn:
            length = end - max(start, drawn)
            parts.append([length, min(pile.window, length), pile.window])
        start = end
    below_top = sum(1 for _, window, _ in parts[1:] if window)
    if parts:
        top = parts[0]
        top_needs = n_periodic - below_top
        window_partly_drawn = top[2] > top[0]          # some of the window's cards have been drawn
        if top[1] == 0 and top_needs != 0:
            return None
        if top[1] and top_needs == 0 and window_partly_drawn:
            top[1] = 0                                   # its periodic card was among those drawn
        elif top[1] and top_needs != 1:
            return None
    elif n_periodic:
        return None
    return [[length, window] for length, window, _ in parts]


def redraw_deck(deck: list[int], unseen_aside: list[int], layout: list[Pile], is_periodic, rng,
                periodic_in_pile_order: bool) -> tuple[list[int], list[int]]:
    """The draw deck and the unseen set-aside cards dealt again (a determinization).

    ``deck``: the draw deck, top first; ``unseen_aside``: cards set aside unseen (2.1), [] if none;
    ``layout``: the scenario's piles (:class:`Pile`); ``is_periodic(card)``; ``rng``: the
    determinization's generator. Event cards are shuffled over every unseen Event place (the deck and
    the set-aside cards); each remaining pile part with a periodic card gets one, uniformly among the
    places of its window still in the deck. ``periodic_in_pile_order``: the set-up gives the piles their
    periodic cards in card order (A Distant Plain); otherwise the unseen periodic cards are shuffled
    among the piles and the set-aside cards (Gandhi). Returns (deck, set-aside cards).

    A deck the set-up could not have made (a position's own deck) has no known piles: its periodic cards
    keep their places, and only the Event cards are dealt again."""
    pool = sorted(deck) + sorted(unseen_aside)      # sorted: the set of unseen cards, not their order
    events = sorted(c for c in pool if not is_periodic(c))
    periodic = sorted(c for c in pool if is_periodic(c))
    rng.shuffle(events)
    if not periodic_in_pile_order:
        rng.shuffle(periodic)
    parts = remaining_piles(layout, len(deck), sum(1 for c in deck if is_periodic(c)))
    if parts is None:
        slots = [is_periodic(c) for c in deck]
    else:
        slots = []
        for length, window in parts:
            part = [False] * length
            if window:
                part[length - 1 - rng.below(window)] = True
            slots += part
    new_deck = [periodic.pop(0) if periodic_slot else events.pop() for periodic_slot in slots]
    return new_deck, events + periodic
