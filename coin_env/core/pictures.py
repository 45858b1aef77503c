"""Board pictures: a game's position as an RGB image (``HxWx3`` uint8 numpy array).

Registry hook (game name -> ``"module:attr"``, loaded lazily so core never imports a game):
:data:`PICTURES`. :func:`picture_for` returns the game's ``draw(game) -> np.ndarray``;
:func:`draw` draws a game; :func:`describe` gives the same picture as data. The envs' ``render_mode="rgb_array"`` and ``coin-env replay`` use it.

A game's picture module describes its board as plain data -- spaces with hand-placed schematic
coordinates, adjacency edges, pieces by faction colour, markers, tracks and cards -- and hands it to
:func:`draw_schematic`, which does the drawing (Pillow) the same way for every game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import numpy as np

PICTURES: dict[str, str] = {
    "gandhi": "coin_env.games.gandhi.picture:draw",
    "a_distant_plain": "coin_env.games.a_distant_plain.picture:draw",
    "vijayanagara": "coin_env.games.vijayanagara.picture:draw",
    "john_company": "coin_env.games.john_company.picture:draw",
}

WIDTH, HEIGHT = 1200, 820          # the whole picture
MAP_W, MAP_H = 860, 820            # the map panel, left; the tracks panel fills the rest


def picture_for(game):
    """The picture function ``draw(game) -> np.ndarray`` of a game, given its name or a game object."""
    name = game if isinstance(game, str) else game.name
    if name not in PICTURES:
        raise ValueError(f"no board picture registered for game {name!r}; known: {sorted(PICTURES)}")
    module, _, attr = PICTURES[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def draw(game) -> np.ndarray:
    """The board picture of ``game``: an (H, W, 3) uint8 array."""
    return picture_for(game)(game)


def describe(game) -> "Board":
    """The picture of ``game`` as data (:class:`Board`): the ``describe`` function beside the game's
    registered ``draw`` (what ``coin-env replay`` hands to the browser, which draws it as SVG)."""
    if game.name not in PICTURES:
        raise ValueError(f"no board picture registered for game {game.name!r}; known: {sorted(PICTURES)}")
    return importlib.import_module(PICTURES[game.name].partition(":")[0]).describe(game)


# --- the shared schematic drawer ------------------------------------------------------------------------

@dataclass
class Space:
    """One map space as drawn. ``x``, ``y`` in [0, 1] (west-east, north-south) on the map panel."""
    label: str
    x: float
    y: float
    shape: str = "circle"                   # "circle" (cities), "box" (provinces, states), "diamond" (lines)
    fill: tuple = (235, 235, 225)           # support / opposition tint
    outline: tuple = (90, 90, 90)           # control marker colour
    outline_width: int = 2
    pieces: list = field(default_factory=list)      # [(rgb, count, text)] drawn as chips under the space
    marks: str = ""                          # short marker text (Protest, Unrest x2, Terror...)


@dataclass
class Board:
    title: str
    spaces: list
    edges: list                              # [(i, j)] into spaces
    tracks: list                             # [(label, value, maximum, rgb, threshold or None)] as bars
    lines: list                              # free text lines for the side panel
    legend: list                             # [(rgb, text)]
    footer: str = ""                         # the prompt, at the bottom


def prompt_footer(game) -> str:
    """The picture's bottom line: who is asked (by name) and the prompt, or GAME OVER."""
    if game.is_over():
        return "GAME OVER"
    return f"{game.faction_name(game.current_player())}: {game.prompt()}"


_FONTS: dict[int, object] = {}


def font(size: int):
    f = _FONTS.get(size)
    if f is None:
        from PIL import ImageFont
        try:
            f = ImageFont.load_default(size=size)
        except TypeError:                   # Pillow < 10.1: one bitmap size
            f = ImageFont.load_default()
        _FONTS[size] = f
    return f


def blend(a, b, t: float) -> tuple:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def text_colour(rgb) -> tuple:
    return (0, 0, 0) if sum(rgb) > 380 else (255, 255, 255)


def _fit(draw, text: str, f, width: int) -> str:
    if draw.textlength(text, font=f) <= width:
        return text
    while text and draw.textlength(text + "...", font=f) > width:
        text = text[:-1]
    return text + "..."


def draw_schematic(board: Board) -> np.ndarray:
    from PIL import Image, ImageDraw
    img = Image.new("RGB", (WIDTH, HEIGHT), (250, 248, 240))
    d = ImageDraw.Draw(img)
    margin = 60

    def at(sp):
        return (margin + sp.x * (MAP_W - 2 * margin), 66 + sp.y * (MAP_H - 200))

    d.rectangle([0, 0, MAP_W, HEIGHT], fill=(222, 232, 240))
    d.text((10, 8), board.title, fill=(20, 20, 20), font=font(18))
    for i, j in board.edges:
        d.line([at(board.spaces[i]), at(board.spaces[j])], fill=(150, 160, 170), width=2)
    small, tiny = font(11), font(10)
    for sp in board.spaces:
        x, y = at(sp)
        r = 17 if sp.shape == "circle" else 15
        if sp.shape == "circle":
            d.ellipse([x - r, y - r, x + r, y + r], fill=sp.fill, outline=sp.outline, width=sp.outline_width)
        elif sp.shape == "diamond":
            r = 10
            d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=sp.fill, outline=sp.outline,
                      width=sp.outline_width)
        else:
            d.rounded_rectangle([x - 22, y - r, x + 22, y + r], radius=5, fill=sp.fill, outline=sp.outline,
                                width=sp.outline_width)
        d.text((x, y - r - 2), sp.label, fill=(20, 20, 20), font=small, anchor="md")
        if sp.marks:
            d.text((x, y), sp.marks, fill=text_colour(sp.fill), font=tiny, anchor="mm")
        chips = [p for p in sp.pieces if p[1]]
        if chips:
            w = 17
            left = x - len(chips) * w / 2
            top = y + r + 2
            for k, (rgb, n, txt) in enumerate(chips):
                cx = left + k * w
                d.rectangle([cx, top, cx + w - 2, top + 13], fill=rgb, outline=(40, 40, 40))
                d.text((cx + (w - 2) / 2, top + 7), f"{n}{txt}", fill=text_colour(rgb), font=tiny, anchor="mm")
    # legend along the bottom of the map
    lx, ly = 10, MAP_H - 82
    for rgb, txt in board.legend:
        wtxt = d.textlength(txt, font=small)
        if lx + 16 + wtxt > MAP_W - 10:
            lx, ly = 10, ly + 18
        d.rectangle([lx, ly, lx + 12, ly + 12], fill=rgb, outline=(40, 40, 40))
        d.text((lx + 16, ly), txt, fill=(20, 20, 20), font=small)
        lx += 16 + wtxt + 14
    # side panel: text lines, then track bars
    px, py = MAP_W + 14, 12
    pw = WIDTH - px - 12
    for line in board.lines:
        size = 15 if line.startswith("#") else 13
        text = line.lstrip("#").strip()
        d.text((px, py), _fit(d, text, font(size), pw), fill=(20, 20, 20), font=font(size))
        py += size + 6
    py += 6
    for label, value, maximum, rgb, threshold in board.tracks:
        d.text((px, py), f"{label}: {value}" + (f" / {threshold}" if threshold is not None else ""),
               fill=(20, 20, 20), font=small)
        py += 15
        d.rectangle([px, py, px + pw, py + 10], fill=(255, 255, 255), outline=(120, 120, 120))
        frac = max(0.0, min(1.0, value / maximum)) if maximum else 0.0
        if frac > 0:
            d.rectangle([px, py, px + int(pw * frac), py + 10], fill=rgb)
        if threshold is not None and maximum:
            tx = px + int(pw * max(0.0, min(1.0, threshold / maximum)))
            d.line([tx, py - 3, tx, py + 13], fill=(0, 0, 0), width=2)
        py += 18
    if board.footer:
        d.rectangle([0, HEIGHT - 30, WIDTH, HEIGHT], fill=(40, 44, 52))
        d.text((10, HEIGHT - 15), _fit(d, board.footer, font(13), WIDTH - 20), fill=(255, 255, 255), font=font(13),
               anchor="lm")
    return np.asarray(img, dtype=np.uint8).copy()
