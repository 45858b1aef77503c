"""Vijayanagara's board picture (``draw(game) -> np.ndarray``, HxWx3 uint8): a schematic map of the
Deccan and North India.

Spaces sit at hand-placed positions (:data:`POSITIONS`), joined by the game's adjacency
(``game.data.adjacent``, the reconstructed map of data/map.py or an owner's data pack). Provinces are
boxes tinted by Tributary (1.6: sand) or Independent (green), outlined in the colour of the faction that
Controls them (1.7); Delhi is a circle, the Mongol Invasion Regions diamonds (1.3.2, 1.3.3). Each space
shows its Prosperity (``P1`` / ``P2``, 1.3.1) and ``T`` for a Tributary marker, and its pieces as chips in
the owning faction's colour with counts (Amirs and Rajas split Obedient / Rebelling, 1.4.5). The side
panel holds the current card, the Dynasty (2.7), Timurid cards played (2.6), eligibility and the forked
boxes taken (2.3.3), Resources (1.8), Cavalry (1.10), Deccan Influence (1.9) and the victory totals (5.1).
"""

from __future__ import annotations

import numpy as np

from ...core.pictures import Board, Space, draw_schematic, prompt_footer
from . import board
from .data.pieces import (AMIR, AMIR_REBEL, CAVALRY_TOKENS, FACTION_NAMES, FACTIONS, FORT, GOVERNOR, MAX_INFLUENCE,
                          MAX_RESOURCES, MONGOL, QASBAH, RAJA, RAJA_REBEL, TEMPLE, TROOP)
from .static import IS_MONGOL_REGION, IS_PROVINCE, N_SPACES, SPACE_NAMES

# Schematic positions, not the printed map: (x, y) in [0, 1], west-east and north-south, placed by hand
# after the real geography of the subcontinent c.1300 (the board is not public; see data/map.py).
POSITIONS: dict[str, tuple[float, float]] = {
    "Mountain Passes": (0.10, 0.02),
    "Punjab": (0.30, 0.08),
    "Delhi": (0.48, 0.16),
    "Sindh": (0.06, 0.30),
    "Rajput Kingdoms": (0.28, 0.30),
    "Jaunpur": (0.76, 0.26),
    "Gujarat": (0.10, 0.50),
    "Malwa": (0.40, 0.44),
    "Madhyadesh": (0.58, 0.54),
    "Gondwana": (0.80, 0.46),
    "Orissa": (0.94, 0.62),
    "Maharashtra": (0.30, 0.66),
    "Andhra": (0.66, 0.76),
    "Karnataka": (0.38, 0.86),
    "Tamilakam": (0.58, 0.98),
}

COLOURS = {"ds": (40, 40, 40), "bk": (30, 160, 170), "ve": (230, 190, 30), "mi": (200, 40, 40)}
TROOP_GREY = (140, 140, 140)
# (piece column, chip colour, chip text) in drawing order.
CHIPS = [(TROOP, TROOP_GREY, "T"), (GOVERNOR, COLOURS["ds"], "G"), (QASBAH, COLOURS["ds"], "Q"),
         (AMIR, COLOURS["bk"], "A"), (AMIR_REBEL, COLOURS["bk"], "A!"), (FORT, COLOURS["bk"], "F"),
         (RAJA, COLOURS["ve"], "R"), (RAJA_REBEL, COLOURS["ve"], "R!"), (TEMPLE, COLOURS["ve"], "Tm"),
         (MONGOL, COLOURS["mi"], "M")]
TRIBUTARY_FILL = (236, 222, 182)
INDEPENDENT_FILL = (196, 226, 180)
DELHI_FILL = (225, 225, 235)
REGION_FILL = (214, 190, 160)
ABBREV = {"Mountain Passes": "Mtn Passes", "Rajput Kingdoms": "Rajput Kgdms"}


def _card(s, card) -> str:
    if card is None:
        return "-"
    return f"#{card} {s.data.cards.title(card)}"


def _space(s, sp: int) -> Space:
    name = SPACE_NAMES[sp]
    x, y = POSITIONS[name]
    row = s.pieces[sp]
    pieces = [(rgb, int(row[col]), txt) for col, rgb, txt in CHIPS]
    if IS_PROVINCE[sp]:
        ctrl = board.controller(s, sp)
        trib = bool(s.tributary[sp])
        marks = f"P{s.data.prosperity_list[sp]}" + (" T" if trib else "")
        return Space(label=ABBREV.get(name, name), x=x, y=y, shape="box",
                     fill=TRIBUTARY_FILL if trib else INDEPENDENT_FILL,
                     outline=COLOURS[ctrl] if ctrl else (90, 90, 90), outline_width=4 if ctrl else 1,
                     pieces=pieces, marks=marks)
    shape = "diamond" if IS_MONGOL_REGION[sp] else "circle"
    return Space(label=ABBREV.get(name, name), x=x, y=y, shape=shape,
                 fill=REGION_FILL if IS_MONGOL_REGION[sp] else DELHI_FILL, pieces=pieces)


def describe(game) -> Board:
    """The picture as data (spaces, edges, tracks, text): what :func:`draw` draws."""
    s = game.state
    spaces = [_space(s, sp) for sp in range(N_SPACES)]
    adj = np.asarray(game.data.adjacent)
    edges = [(i, j) for i in range(N_SPACES) for j in range(i + 1, N_SPACES) if adj[i, j]]
    totals = board.victory_totals(s)
    forks = {"command_decree": "Command & Decree", "event_or_command": "Event or Command"}
    taken = ", ".join(f"{forks[k]}: {f}" for k, f in s.forks.items()) or "none"
    lines = [f"# Current: {_card(s, s.current)}",
             f"{s.dynasty} Dynasty   Timurid cards played {s.timurid_played}/2",
             f"Deck {len(s.deck)}, played {len(s.played)}",
             "Eligible: " + ", ".join(f for f in FACTIONS if s.eligible.get(f)),
             f"Boxes taken: {taken}",
             f"Cavalry pool {board.cavalry_pool(s)}" + (f"   Mongols run by {s.mongol_controller}"
                                                        if s.mongol_controller else "")]
    if s.over:
        r = s.result or {}
        lines.append(f"# GAME OVER: {FACTION_NAMES.get(r.get('winner'), r.get('winner'))} wins")
    else:
        lines.append(f"To play: {FACTION_NAMES.get(game.current_player(), game.current_player())}")
    tracks = [(f"{FACTION_NAMES[f]} Resources", s.resources[f], MAX_RESOURCES, COLOURS[f], None) for f in FACTIONS]
    tracks += [(f"{FACTION_NAMES[f]} Cavalry", s.cavalry[f], CAVALRY_TOKENS, COLOURS[f], None) for f in FACTIONS]
    tracks += [(f"{FACTION_NAMES[f]} Influence", s.influence[f], MAX_INFLUENCE, COLOURS[f], None) for f in ("bk", "ve")]
    tracks += [(f"{FACTION_NAMES[f]} VP", totals[f], max(30, totals[f], 1), COLOURS[f], None) for f in FACTIONS]
    legend = [(COLOURS[f], FACTION_NAMES[f]) for f in FACTIONS] + [(TROOP_GREY, "Troops"),
                                                                    (COLOURS["mi"], "Mongol Invaders"),
                                                                    (TRIBUTARY_FILL, "Tributary"),
                                                                    (INDEPENDENT_FILL, "Independent"),
                                                                    (REGION_FILL, "Mongol Invasion Region")]
    legend.append(((255, 255, 255), "T Troop G Governor Q Qasbah A Amir F Fort R Raja Tm Temple M Mongol; "
                                    "! Rebelling; outline: Control; P Prosperity"))
    footer = prompt_footer(game)
    return Board(title=f"Vijayanagara, decision {s.decisions} - schematic map", spaces=spaces,
                 edges=edges, tracks=tracks, lines=lines, legend=legend, footer=footer)


def draw(game) -> np.ndarray:
    """Vijayanagara's board as an (H, W, 3) uint8 picture."""
    return draw_schematic(describe(game))

