"""A Distant Plain's Event effects (5.0).

No card's full text is known (digest G1; data/cards.py lists the fragments), so no effect is
registered here and the Event option is never offered (5.1.3: only what the card says can be done;
nothing is invented). An effect known in full is added as::

    @event_effect(GAME, <card>, "unshaded", text="<our own words>", provenance="<source>")
    def _card_n_unshaded(game, faction): ...

Owner plugins register the same way (entry-point group ``coin_env.a_distant_plain.events``).
"""

from __future__ import annotations

MODES: list[tuple[str, str]] = []
