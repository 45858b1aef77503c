"""John Company's board picture (``draw(game) -> np.ndarray``, HxWx3 uint8): a schematic map of India
and its seas, public information only.

The eight regions sit at hand-placed positions (:data:`POSITIONS`, after the real geography; the printed
board is not in the sources), joined by their borders (data/map.py ``ADJACENT_CLOCKWISE``), with the three
sea zones and China as diamonds. A region is a box tinted by its state: Indian (green, deeper with more
towers, ``S<n>`` its strength) or Company-controlled (sand, outlined in its Presidency's colour); ``U<n>``
unrest, ``E`` the Elephant, ``flag`` an empire's capital. Under a region: its orders as chips (open grey,
closed black, filled in the colour of the family whose writer fills it); under a sea zone its ships (player
ships in the owner's colour, ``C`` Company, ``X`` extra). The side panel holds the turn and phase, the
Company's Balance, Debt and Standing, the families' cash and VP as bars, the offices and the London
Season display (facedown blackmail stays facedown).
"""

from __future__ import annotations

import numpy as np

from ...core.pictures import Board, Space, draw_schematic, prompt_footer
from .data import cards as carddata
from .data.map import ADJACENT_CLOCKWISE
from .hidden import BLACKMAIL_IDS
from .static import (CLOSED, FAMILY_NAMES, FILLED, N_OFFICES, N_ORDERS, N_REGIONS, OFFICE_NAMES, ORDER_REGION,
                     PHASE_TITLES, REGION_NAMES, SEA_ZONES)

POSITIONS: dict[str, tuple[float, float]] = {
    "Punjab": (0.30, 0.05), "Delhi": (0.50, 0.18), "Bengal": (0.86, 0.26), "Bombay": (0.22, 0.42),
    "Maratha": (0.55, 0.40), "Hyderabad": (0.50, 0.62), "Mysore": (0.36, 0.84), "Madras": (0.66, 0.82),
    "West Indian Ocean": (0.04, 0.70), "South Indian Ocean": (0.50, 0.99), "East Indian Ocean": (0.92, 0.66),
    "China": (0.98, 0.04),
}
FAMILY_COLOURS = [(200, 40, 40), (40, 90, 200), (40, 150, 60), (220, 160, 20), (140, 60, 170), (20, 160, 170),
                  (110, 70, 40)]            # Benyon .. Walsh, the Crown
PRESIDENCY_COLOURS = [(200, 60, 60), (60, 120, 200), (230, 170, 30)]
OPEN_GREY, CLOSED_BLACK = (170, 170, 170), (30, 30, 30)
COMPANY_FILL, INDIAN_FILL, SEA_FILL = (236, 222, 182), (196, 226, 180), (190, 215, 240)
CARD_NAME = {c[0]: c[1] for c in carddata.SPOUSES + carddata.ENTERPRISE_PRESTIGE + carddata.BLACKMAIL}


def _region(s, r: int) -> Space:
    name = REGION_NAMES[r]
    x, y = POSITIONS[name]
    pieces = []
    for o in range(N_ORDERS):
        if ORDER_REGION[o] != r:
            continue
        state = int(s.order_state[o])
        if state == FILLED:
            w = int(s.order_writer[o])
            pieces.append((FAMILY_COLOURS[w] if w >= 0 else (120, 120, 120), 1, "F"))
        else:
            pieces.append((CLOSED_BLACK if state == CLOSED else OPEN_GREY, 1, "c" if state == CLOSED else "o"))
    marks = [f"S{int(s.strength[r])}"] if s.control[r] < 0 else []
    if s.unrest[r]:
        marks.append(f"U{int(s.unrest[r])}")
    if s.elephant.get("region") == name:
        marks.append("E")
    if s.flag[r] == r:
        marks.append("flag")
    company = s.control[r] >= 0
    fill = COMPANY_FILL if company else tuple(max(0, c - 12 * int(s.strength[r])) for c in INDIAN_FILL)
    return Space(label=name, x=x, y=y, shape="box", fill=fill,
                 outline=PRESIDENCY_COLOURS[int(s.control[r])] if company else (90, 90, 90),
                 outline_width=4 if company else 1, pieces=pieces, marks=" ".join(marks))


def _zone(s, z: int) -> Space:
    name = SEA_ZONES[z]
    x, y = POSITIONS[name]
    owners = [int(s.shipyard_owner[i]) for i in np.flatnonzero(s.ship_zone == z)]
    pieces = [(FAMILY_COLOURS[f] if f >= 0 else (120, 120, 120), owners.count(f), "S") for f in sorted(set(owners))]
    pieces += [((60, 60, 60), int(s.company_ships[z]), "C"), ((150, 150, 150), int(s.extra_ships[z]), "X")]
    return Space(label=name.replace(" Indian Ocean", " Ocean"), x=x, y=y, shape="diamond", fill=SEA_FILL,
                 pieces=pieces)


def describe(game) -> Board:
    """The picture as data (spaces, edges, tracks, text): what :func:`draw` draws."""
    s = game.state
    spaces = [_region(s, r) for r in range(N_REGIONS)] + [_zone(s, z) for z in range(len(SEA_ZONES))]
    edges = sorted({tuple(sorted((REGION_NAMES.index(a), REGION_NAMES.index(b))))
                    for a, (nbrs, _) in ADJACENT_CLOCKWISE.items() for b in nbrs})
    who = lambda slot: FAMILY_NAMES[int(slot)] if int(slot) >= 0 else "-"   # noqa: E731
    offices = [f"{OFFICE_NAMES[o]}: {who(s.office_holder[o])}" for o in range(N_OFFICES) if s.office_exists[o]]
    display = ["facedown blackmail" if c in BLACKMAIL_IDS else CARD_NAME.get(c, str(c)) for c in s.display]
    lines = [f"# Turn {s.turn} of {s.last_turn}: {PHASE_TITLES.get(s.phase, s.phase)}",
             f"Balance {int(s.balance)}   Debt {int(s.debt)}   Standing {int(s.standing)}",
             f"Prime Minister {who(s.pm)}   Chairman's title {who(s.chairman_title)}",
             *offices[:9],
             "Display: " + (", ".join(display) or "empty")]
    if s.over:
        r = s.result or {}
        lines.append(f"# GAME OVER ({r.get('reason', '')}): {r.get('winner')} wins")
    else:
        lines.append(f"To play: {game.faction_name(game.current_player())}")
    tracks = [(f"{FAMILY_NAMES[f]} VP", int(s.vp[f]), max(20, int(s.vp[f]), 1), FAMILY_COLOURS[f], None)
              for f in s.seats]
    tracks += [(f"{FAMILY_NAMES[f]} cash", int(s.cash[f]), max(40, int(s.cash[f]), 1), FAMILY_COLOURS[f], None)
               for f in s.seats]
    tracks.append(("Company Balance", int(s.balance), max(60, int(s.balance), 1), (90, 90, 90), None))
    legend = [(FAMILY_COLOURS[f], FAMILY_NAMES[f]) for f in s.seats]
    legend += [(PRESIDENCY_COLOURS[p], f"Presidency of {n}") for p, n in enumerate(("Bombay", "Madras", "Bengal"))]
    legend += [(INDIAN_FILL, "Indian region"), (COMPANY_FILL, "Company region"),
               ((255, 255, 255), "orders: o open, c closed, F filled (writer's colour); S ship, C Company, X extra; "
                                 "S<n> strength, U unrest, E Elephant")]
    footer = prompt_footer(game)
    return Board(title=f"John Company 1710, decision {s.decisions} - schematic map", spaces=spaces, edges=edges,
                 tracks=tracks, lines=lines, legend=legend, footer=footer)


def draw(game) -> np.ndarray:
    """John Company's board as an (H, W, 3) uint8 picture."""
    return draw_schematic(describe(game))
