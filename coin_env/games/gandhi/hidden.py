"""Hidden information in Gandhi, and ``determinize(seat, seed)`` for search.

What no seat sees: the order of the draw deck, which Event and Campaign cards were set aside unseen at
the set-up (2.1 Deck Preparation: "set aside unseen and may not be inspected"), the order of the
face-down Arjuna cards (8.3: the non-player deck, shuffled at the set-up and at each Reset, 8.9.4; a drawn
card goes to the bottom face up, so the cards drawn since the last shuffle are known), and future dice.
Everything else -- the board, the Current and Upcoming cards, the played cards and the Viceroy -- is
public, and the same for every seat.

:func:`determinize` gives a clone where those are drawn again: the deck within the set-up's piles
(coin_env/coin/hidden.py), the face-down Arjuna cards shuffled, the game's dice reseeded.
"""

from __future__ import annotations

from ...coin.hidden import Pile, check_seat, redraw_deck
from ...core.rng import Rng, check_seed
from .data import cards as carddata
from .data.scenarios import SCENARIOS


def deck_layout(scenario: str) -> list[Pile]:
    """2.1 Deck Preparation as setup.py builds it: the scenario's piles top first; a Campaign pile has
    one card more, its Campaign card among its bottom ``campaign_in_bottom`` cards (default: anywhere)."""
    if scenario not in SCENARIOS:             # a position's "custom" scenario: no known piles
        return []
    spec = SCENARIOS[scenario]["deck"]
    size = spec["pile_size"]
    window = spec.get("campaign_in_bottom", size + 1)
    return [Pile(size + 1, window) if pile_no in spec["campaign_piles"] else Pile(size)
            for pile_no in range(1, spec["piles"] + 1)]


def reshuffle_face_down(arjuna: dict, rng) -> None:
    """8.3: the Arjuna cards not drawn since the last shuffle (the top of the deck) in a new order;
    the ``face_up`` cards drawn since then lie at the bottom, seen by all, and stay."""
    deck = arjuna.get("deck") or []
    face_down = deck[:max(0, len(deck) - arjuna.get("face_up", 0))]
    if len(face_down) > 1:
        face_down.sort()                      # the set of face-down cards, not their order
        rng.shuffle(face_down)
        deck[:len(face_down)] = face_down


def determinize(game, seat: str, seed: int):
    """A clone identical in everything ``seat`` sees, with the draw deck and the unseen set-aside cards
    dealt again within the set-up's piles, the face-down Arjuna cards shuffled and the dice reseeded:
    a function of what ``seat`` sees and ``seed`` only."""
    check_seat(game, seat)
    rng = Rng(check_seed(seed))
    g = game.clone()
    s = g.state
    s.deck, s.set_aside = redraw_deck(s.deck, s.set_aside, deck_layout(s.scenario), carddata.is_campaign, rng,
                                      periodic_in_pile_order=False)
    if s.arjuna.get("deck"):
        reshuffle_face_down(s.arjuna, rng)
    log = s.rng.log
    s.rng = Rng.from_state(rng.next_u64())    # the dice nobody can foresee (scripted dice dropped too)
    s.rng.log = log
    return g
