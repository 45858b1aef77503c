"""A COIN game's card table: Event card records built from data, and the periodic cards
(Gandhi's Campaign cards, A Distant Plain's Propaganda cards).

A game's ``data/cards.py`` creates one :class:`CardTable` with its facts (titles, fragments, the
faction order function, provenance). :meth:`CardTable.build_records` makes the built-in records from
the data and the effects registered for the game (``coin_env.coin.events.EFFECTS``); a game plays with
a :class:`CardFacts` (``game.data.cards``): the built-in records or those an owner data pack changed.
"""

from __future__ import annotations

from typing import Callable

from .events import EFFECTS, CardRecord, EventSide, load_entry_points

UNKNOWN_TEXT = "not known: the card text is not in the rulebook or the public sources (data only)"


class CardTable:
    def __init__(self, game: str, n_events: int, periodic: dict[int, str], default_order: Callable,
                 titles: dict[int, tuple[str, str]], fragments: dict[tuple[int, str], tuple[str, str]],
                 provenance: dict[str, str], effects_module: str, entry_point_group: str,
                 periodic_label: str):
        self.game = game
        self.n_events = n_events
        self.periodic = periodic                   # card number -> name (Campaign / Propaganda cards)
        self.first_periodic = min(periodic)
        self.default_order = default_order
        self.titles = titles                       # number -> (title, provenance)
        self.fragments = fragments                 # (number, side) -> (fragment text, provenance)
        self.provenance = provenance               # record field -> provenance of the defaults
        self.effects_module = effects_module       # imported before records are built (registers effects)
        self.entry_point_group = entry_point_group
        self.periodic_label = periodic_label
        self._builtin: CardFacts | None = None

    # --- building -------------------------------------------------------------------------------
    def _side(self, card: int, side: str) -> EventSide:
        eff = EFFECTS.get(self.game, card, side)
        if eff is not None and not eff.origin.startswith("plugin "):    # data-pack plugins: datapack.py
            return EventSide(eff.text, eff.provenance, eff.fn)
        if (card, side) in self.fragments:
            text, prov = self.fragments[(card, side)]
            return EventSide(text, prov, None)
        return EventSide(UNKNOWN_TEXT, "-", None)

    def default_record(self, card: int) -> CardRecord:
        title, title_prov = self.titles.get(card, (None, "-"))
        prov = dict(self.provenance)
        prov["title"] = title_prov
        return CardRecord(number=card, title=title, order=self.default_order(card), critical=(), halo=(),
                          unshaded=self._side(card, "unshaded"), shaded=self._side(card, "shaded"),
                          provenance=prov)

    def build_records(self) -> dict[int, CardRecord]:
        """Default records from the data and the built-in effects registered for the game."""
        import importlib
        importlib.import_module(self.effects_module)
        load_entry_points(self.entry_point_group)
        return {n: self.default_record(n) for n in range(1, self.n_events + 1)}

    def is_periodic(self, card: int) -> bool:
        return card in self.periodic

    def builtin(self) -> "CardFacts":
        """The built-in records (no data pack), built once: the fidelity tables count these."""
        if self._builtin is None:
            self._builtin = CardFacts(self, self.build_records())
        return self._builtin


class CardFacts:
    """One game's Event card records: the built-in ones or as an owner data pack changed them. Part of
    the game's data (``game.data.cards``); never changed once made."""

    def __init__(self, table: CardTable, records: dict[int, CardRecord]):
        self.table = table
        self.records = records

    def is_periodic(self, card: int) -> bool:
        return card in self.table.periodic

    def record(self, card: int) -> CardRecord | None:
        if card in self.table.periodic:
            return None
        return self.records[card]

    def faction_order(self, card: int) -> tuple[str, ...]:
        """2.3.2: the faction icons left to right (a periodic card has none: the default order)."""
        rec = self.records.get(card)
        return rec.order if rec is not None else self.table.default_order(card)

    def title(self, card: int) -> str:
        if card in self.table.periodic:
            return f"{self.table.periodic_label}: {self.table.periodic[card]}"
        rec = self.records[card]
        return rec.title if rec.title else f"Event #{card}"

    def counts(self) -> dict[str, int]:
        """Implemented sides and data-only cards (the games' docs pages, fidelity tables)."""
        recs = [self.records[n] for n in range(1, self.table.n_events + 1)]
        return {
            "unshaded": sum(1 for r in recs if r.unshaded.implemented),
            "shaded": sum(1 for r in recs if r.shaded.implemented),
            "data_only": sum(1 for r in recs if not r.implemented_sides()),
            "titles": sum(1 for r in recs if r.title),
        }
