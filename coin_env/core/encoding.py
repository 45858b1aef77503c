"""Observation encoders: a game state as a flat float32 vector, written into a preallocated buffer.

Every game publishes one :class:`Encoder`: ``feature_names`` (one readable name per
slot, e.g. ``"space Bihar: Troop"``), ``size``, named ``groups`` (group -> slice) and
``encode(game, perspective, out)``, which overwrites ``out`` (float32, shape ``(size,)``)
with numpy slice assignments only; the hot path builds no per-step Python lists.

The encoding carries the board *and the decision context* (which prompt, which
operation is in progress, which spaces are already selected, the remaining budget), so a
policy can tell what ``select Bihar`` means at this point.

Registry hooks (game name -> ``"module:attr"``): :data:`ENCODERS` and :data:`RENDERERS`.
:func:`encoder_for` builds (once, then caches) the encoder of a game; :func:`renderer_for`
returns the game's text renderer ``render(game, seat=None) -> str`` (for a seat: the text that seat may read).

Reading a vector::

    enc = encoder_for("gandhi")
    vec = enc.observe(game, "congress")
    enc.describe(vec)          # {feature name: value} for the non-zero features
    vec[enc.groups["tracks"]]  # one group
"""

from __future__ import annotations

import functools
import importlib
import inspect

import numpy as np

# game name -> "module:attr" of its Encoder subclass / its text renderer function.
ENCODERS: dict[str, str] = {
    "gandhi": "coin_env.games.gandhi.encoding:GandhiEncoder",
    "a_distant_plain": "coin_env.games.a_distant_plain.encoding:AdpEncoder",
    "vijayanagara": "coin_env.games.vijayanagara.encoding:VijayanagaraEncoder",
    "john_company": "coin_env.games.john_company.encoding:JohnCompanyEncoder",
}
RENDERERS: dict[str, str] = {
    "gandhi": "coin_env.games.gandhi.render:render",
    "a_distant_plain": "coin_env.games.a_distant_plain.render:render",
    "vijayanagara": "coin_env.games.vijayanagara.render:render",
    "john_company": "coin_env.games.john_company.render:render",
}

_ENCODER_CACHE: dict[str, "Encoder"] = {}


def _load(path: str):
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def encoder_for(game) -> "Encoder":
    """The (cached) encoder of a game, given its name or a game object."""
    name = game if isinstance(game, str) else game.name
    enc = _ENCODER_CACHE.get(name)
    if enc is None:
        if name not in ENCODERS:
            raise ValueError(f"no observation encoder registered for game {name!r}; known: {sorted(ENCODERS)}")
        enc = _ENCODER_CACHE[name] = _load(ENCODERS[name])()
    return enc


def renderer_for(game):
    """The text renderer ``render(game, seat=None) -> str`` of a game, given its name or a game object.

    With ``seat`` the text is what that seat may read (a hidden-information game shows the seat its own hand,
    never another's); without, public information only. A game's renderer that takes no ``seat`` draws a
    board with nothing private on it (the COIN games), so the seat changes nothing there."""
    name = game if isinstance(game, str) else game.name
    if name not in RENDERERS:
        raise ValueError(f"no renderer registered for game {name!r}; known: {sorted(RENDERERS)}")
    render = _load(RENDERERS[name])
    if "seat" in inspect.signature(render).parameters:
        return render
    return functools.partial(_render_public, render)


def _render_public(render, game, seat=None) -> str:
    """A renderer without a seat parameter: the same public text for every seat."""
    return render(game)


class Encoder:
    """Base class of a game's observation encoder.

    A subclass declares its layout in ``__init__`` with :meth:`block` (each call appends
    named features and returns the block's start offset) and implements :meth:`encode`.
    ``low`` / ``high`` bound every feature; ``encode`` clips into them, so the vector is
    always inside the environments' observation space.
    """

    game_name: str = ""
    low: float = -2.0
    high: float = 12.0

    def __init__(self):
        self.feature_names: list[str] = []
        self.groups: dict[str, slice] = {}

    # -- layout ------------------------------------------------------------------------
    def block(self, group: str, names: list[str]) -> int:
        """Append features to the layout under ``group``; returns the first feature's offset."""
        start = len(self.feature_names)
        self.feature_names.extend(names)
        prev = self.groups.get(group)
        if prev is not None and prev.stop != start:
            raise ValueError(f"feature group {group!r} is not contiguous")
        self.groups[group] = slice(prev.start if prev is not None else start, len(self.feature_names))
        return start

    @property
    def size(self) -> int:
        return len(self.feature_names)

    def group_sizes(self) -> dict[str, int]:
        return {g: s.stop - s.start for g, s in self.groups.items()}

    # -- encoding -----------------------------------------------------------------------
    def encode(self, game, perspective: str, out: np.ndarray) -> np.ndarray:
        """Overwrite ``out`` (float32, shape (size,)) with the observation of ``game`` for ``perspective``."""
        raise NotImplementedError

    def new_buffer(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def observe(self, game, perspective: str) -> np.ndarray:
        """A fresh observation vector (convenience; environments reuse their buffers)."""
        out = np.empty(self.size, dtype=np.float32)
        self.encode(game, perspective, out)
        return out

    def describe(self, vec: np.ndarray, nonzero: bool = True) -> dict[str, float]:
        """{feature name: value}, by default only the non-zero features."""
        idx = np.flatnonzero(vec) if nonzero else range(self.size)
        return {self.feature_names[i]: float(vec[i]) for i in idx}

    def layout(self) -> list[tuple[str, int, int]]:
        """[(group, offset, size)] in vector order: the table a researcher reads."""
        return [(g, s.start, s.stop - s.start) for g, s in self.groups.items()]
