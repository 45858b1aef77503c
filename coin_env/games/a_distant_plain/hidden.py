"""Hidden information in A Distant Plain, and ``determinize(seat, seed)`` for search.

What no seat sees: the order of the draw deck (2.2: the played cards and the number of cards left are
public; the Event cards removed at the set-up are revealed, 2.1 Deck Preparation, and the leftover
Propaganda cards are set aside known) and future dice -- the game's and the non-player bots' own stream
(``state.np["rng"]``, bots/context.py). Everything else is public and the same for every seat.

:func:`determinize` gives a clone where those are drawn again: the deck within the set-up's piles
(coin_env/coin/hidden.py; pile i holds the i-th Propaganda card, as setup.py deals them), the dice of
the game and of the bots reseeded.
"""

from __future__ import annotations

from ...coin.hidden import Pile, check_seat, redraw_deck
from ...core.rng import Rng, check_seed
from .data import cards as carddata
from .data.scenarios import SCENARIOS


def deck_layout(scenario: str) -> list[Pile]:
    """2.1 Deck Preparation as setup.py builds it: the Event cards left after the removal split into
    equal piles, one Propaganda card shuffled into each (anywhere in it); top pile first."""
    if scenario not in SCENARIOS:             # a position's "custom" scenario: no known piles
        return []
    spec = SCENARIOS[scenario]["deck"]
    size = (carddata.N_EVENT_CARDS - spec["remove_events"]) // spec["piles"] + 1
    return [Pile(size, size) for _ in range(spec["piles"])]


def determinize(game, seat: str, seed: int):
    """A clone identical in everything ``seat`` sees, with the draw deck dealt again within the set-up's
    piles and the dice of the game and of the non-player bots reseeded: a function of what ``seat`` sees
    and ``seed`` only."""
    check_seat(game, seat)
    rng = Rng(check_seed(seed))
    g = game.clone()
    s = g.state
    s.deck, _ = redraw_deck(s.deck, [], deck_layout(s.scenario), carddata.is_propaganda, rng,
                            periodic_in_pile_order=True)
    log = s.rng.log
    s.rng = Rng.from_state(rng.next_u64())    # the dice nobody can foresee (scripted dice dropped too)
    s.rng.log = log
    if "rng" in s.np:                         # the bots' own dice stream (else split off s.rng when first used)
        s.np["rng"] = rng.next_u64()
    return g
