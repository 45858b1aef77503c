"""The facts a game plays with, as one immutable object the game holds (DESIGN "A game owns its data").

A game's map facts, card records, bot tables and owner data-pack content are chosen when the game is
made (the built-in data, or an owner data pack) and never change afterwards. The object hangs off the
state (``state.data``, also ``game.data``); ``clone()`` shares it and a save carries what rebuilds it
(the pack's content, see :mod:`coin_env.coin.datapack`). Nothing a game reads is module-global and
mutable, so two games with different data in one process never see each other's facts.

Rules read the tables from the data object (``s.data.neighbors[sp]``), never from module globals.
Tables derived from the facts (a cache of reachable spaces, an encoder's per-map template) are built
once per data object with :meth:`GameData.derived`: derived from immutable facts, they are immutable
in meaning too, and they go away with the data.
"""

from __future__ import annotations

import numpy as np


def frozen_array(values, dtype=None) -> np.ndarray:
    """A read-only numpy copy: a rule that tries to write a fact fails loudly instead of leaking."""
    arr = np.array(values, dtype=dtype, copy=True)
    arr.setflags(write=False)
    return arr


class GameData:
    """Base class of a game's data. A subclass sets its tables in ``__init__`` (through
    :meth:`_set`) and then calls :meth:`_freeze`; afterwards no attribute can be set or replaced.

    ``game``: the game's registry name. ``name``: the owner data pack's name, or None for the built-in
    data. ``content``: the pack as plain JSON data (what a save stores), or None. ``digest``: a hash
    naming the content ("builtin" for the built-in data); equal digests, equal facts."""

    def __init__(self, game: str, name: str | None = None, content: dict | None = None,
                 digest: str = "builtin"):
        self._set("game", game)
        self._set("name", name)
        self._set("content", content)
        self._set("digest", digest)
        self._set("_derived", {})
        self._set("_frozen", False)

    def _set(self, attr: str, value) -> None:
        object.__setattr__(self, attr, value)

    def _freeze(self) -> None:
        object.__setattr__(self, "_frozen", True)

    def __setattr__(self, attr, value):
        if getattr(self, "_frozen", False):
            raise AttributeError(f"{type(self).__name__} is immutable: a game's data never changes once made "
                                 f"(make a new game with another data pack instead)")
        object.__setattr__(self, attr, value)

    def derived(self, key: str, build):
        """A table derived from these facts, built on first use by ``build(self)`` and kept with them."""
        table = self._derived.get(key)
        if table is None:
            table = self._derived[key] = build(self)
        return table

    @property
    def is_builtin(self) -> bool:
        return self.content is None

    def __repr__(self) -> str:
        what = "built-in data" if self.name is None else f"data pack {self.name!r}"
        return f"<{type(self).__name__} {self.game}: {what} ({self.digest[:12]})>"

    # Pickling (subprocess vector envs, pickled envs) sends the content, not the tables: the receiving
    # process rebuilds the same facts through the game's loader (plugin effects are functions that
    # cannot travel by value).
    def __reduce__(self):
        return (load_data, (self.game, self.content))


def load_data(game: str, content: dict | None) -> GameData:
    """A game's data from a data pack's content (None: the built-in data), through the game's module
    (``load_data(content)``, see coin_env.core.registry)."""
    from .registry import game_module
    return game_module(game).load_data(content)
