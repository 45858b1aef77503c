"""Gandhi's board picture (``draw(game) -> np.ndarray``, HxWx3 uint8): a schematic map of India.

Spaces sit at hand-placed positions (:data:`POSITIONS`), joined by the game's adjacency
(``game.data.adjacent``); each space shows its Support/Opposition as its fill colour, Raj Control as a
thick red outline, its markers (P Protest, U Unrest, S Strike, MS Muslim State) and its pieces as chips
in the owning faction's colour with counts. The side panel holds the current and upcoming card, the
Viceroy, eligibility, Resources, Restraint and Unity, and the victory totals against their thresholds.
"""

from __future__ import annotations

import numpy as np

from ...core.pictures import Board, Space, draw_schematic, prompt_footer
from . import board
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, FACTIONS
from .static import N_SPACES, SPACE_NAMES, TYPE

# Schematic positions, not the printed map: (x, y) in [0, 1], west-east and north-south, placed by hand
# after the real geography of British India c.1930 (the rulebook prints no map; see data/map.py).
POSITIONS: dict[str, tuple[float, float]] = {
    "Jammu & Kashmir": (0.40, 0.03),
    "Northwest Frontier": (0.22, 0.08),
    "Baluchistan": (0.05, 0.22),
    "Punjab": (0.33, 0.17),
    "Sind": (0.10, 0.40),
    "Karachi": (0.02, 0.52),
    "Delhi": (0.42, 0.28),
    "Rajputana": (0.26, 0.33),
    "United Provinces": (0.55, 0.27),
    "Gujarat": (0.13, 0.56),
    "Central India Agency": (0.40, 0.43),
    "Bihar": (0.72, 0.34),
    "West Bengal": (0.82, 0.45),
    "Calcutta": (0.92, 0.55),
    "East Bengal": (0.93, 0.36),
    "Assam": (0.98, 0.22),
    "Central Provinces": (0.56, 0.52),
    "Orissa": (0.74, 0.60),
    "Bombay": (0.10, 0.72),
    "Bombay Presidency": (0.26, 0.68),
    "Hyderabad": (0.44, 0.72),
    "Coastal Andhra": (0.64, 0.75),
    "Mysore": (0.34, 0.90),
    "Madras Presidency": (0.50, 0.96),
    "Madras": (0.66, 0.92),
    # railways: near the middle of their route
    "Karachi-Lahore Railway": (0.17, 0.29),
    "Peshawar-Lahore Railway": (0.24, 0.01),
    "Lahore-Delhi Railway": (0.46, 0.14),
    "Delhi-Allahabad Railway": (0.52, 0.38),
    "Allahabad-Calcutta Railway": (0.68, 0.44),
    "Delhi-Bombay Railway": (0.21, 0.45),
    "Bombay-Allahabad Railway": (0.29, 0.56),
    "Bombay-Nagpur Railway": (0.41, 0.60),
    "Nagpur-Calcutta Railway": (0.82, 0.66),
    "Bombay-Raichur Railway": (0.22, 0.82),
    "Raichur-Madras Railway": (0.55, 0.85),
    "Madras-Calcutta Railway": (0.86, 0.80),
    "Calcutta-Assam Railway": (1.00, 0.44),
}

COLOURS = {"raj": (196, 40, 40), "congress": (245, 150, 30), "ml": (30, 130, 60), "revs": (40, 50, 120)}
# (piece column, faction, chip text) in drawing order; guerrillas: U Underground, A Active.
CHIPS = [(0, "raj", "T"), (1, "raj", "S"), (2, "congress", "A"), (3, "congress", "G"), (4, "ml", "A"),
         (5, "ml", "B"), (6, "revs", "U"), (7, "revs", "A"), (8, "revs", "B")]
SUPPORT_FILL = {2: (110, 160, 245), 1: (175, 200, 250), 0: (238, 236, 226), -1: (250, 185, 165),
                -2: (235, 115, 95)}
RAILWAY_FILL = (200, 200, 200)
SUPPORT_WORDS = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition",
                 -2: "Active Opposition"}
ABBREV = {"Jammu & Kashmir": "J&K", "Northwest Frontier": "NW Frontier", "Central India Agency": "C. India Agency",
          "Central Provinces": "Central Prov.", "United Provinces": "United Prov.", "Bombay Presidency": "Bombay Pres.",
          "Madras Presidency": "Madras Pres."}


def _label(name: str) -> str:
    if name.endswith(" Railway"):
        return name[: -len(" Railway")] + " Rwy"
    return ABBREV.get(name, name)


def _card(s, card) -> str:
    if card is None:
        return "-"
    return f"#{card} {s.data.cards.title(card)}"


def describe(game) -> Board:
    """The picture as data (spaces, edges, tracks, text): what :func:`draw` draws."""
    s = game.state
    ctrl = board.control_mask(s)
    spaces = []
    for sp in range(N_SPACES):
        name = SPACE_NAMES[sp]
        x, y = POSITIONS[name]
        railway = board.is_railway(s, sp)
        marks = []
        if s.muslim_state[sp]:
            marks.append("MS")
        if s.protest[sp]:
            marks.append("P")
        if s.unrest[sp]:
            marks.append(f"U{int(s.unrest[sp])}" if s.unrest[sp] > 1 else "U")
        if s.strike[sp]:
            marks.append("S")
        row = s.pieces[sp]
        spaces.append(Space(
            label=_label(name), x=x, y=y,
            shape="diamond" if railway else "circle" if TYPE[sp] == "City" else "box",
            fill=RAILWAY_FILL if railway else SUPPORT_FILL[int(s.support[sp])],
            outline=COLOURS["raj"] if ctrl[sp] else (90, 90, 90),
            outline_width=4 if ctrl[sp] else 1,
            pieces=[(COLOURS[f], int(row[col]), txt) for col, f, txt in CHIPS],
            marks=" ".join(marks)))
    adj = np.asarray(game.data.adjacent)
    edges = [(i, j) for i in range(N_SPACES) for j in range(i + 1, N_SPACES) if adj[i, j]]
    totals = board.victory_totals(s)
    vice = carddata.CAMPAIGN_CARDS.get(s.viceroy, "-") if s.viceroy is not None else "-"
    lines = [f"# Current: {_card(s, s.current)}", f"# Next: {_card(s, s.upcoming)}",
             f"Viceroy: {vice}", f"Deck {len(s.deck)}, Campaigns left {s.campaigns_in_deck}",
             "Eligible: " + ", ".join(f for f in FACTIONS if s.eligible.get(f)),
             f"Restraint {s.restraint}   Unity {s.unity}" + ("   CRISIS" if board.in_crisis(s) else "")]
    if s.over:
        r = s.result or {}
        lines.append(f"# GAME OVER: {FACTION_NAMES.get(r.get('winner'), r.get('winner'))} wins")
    else:
        lines.append(f"To play: {FACTION_NAMES[game.current_player()]}")
    tracks = [("Raj Resources", s.resources["raj"], 50, COLOURS["raj"], None),
              ("Revs Resources", s.resources["revs"], 50, COLOURS["revs"], None),
              ("Restraint", s.restraint, 5, (120, 120, 120), None),
              ("Unity", s.unity, 5, (120, 120, 120), None)]
    for f in FACTIONS:
        thr = board.VICTORY_THRESHOLDS[f]
        tracks.append((f"{FACTION_NAMES[f]} victory", totals[f], max(2 * thr, totals[f], 1), COLOURS[f], thr))
    legend = [(COLOURS[f], FACTION_NAMES[f]) for f in FACTIONS]
    legend += [(SUPPORT_FILL[v], SUPPORT_WORDS[v]) for v in (2, 1, 0, -1, -2)]
    legend += [(RAILWAY_FILL, "Railway"), ((255, 255, 255), "T Troop S Sepoy A Activist/Active G Gandhi "
                                           "B Base U Underground; red outline: Raj Control")]
    footer = prompt_footer(game)
    return Board(title=f"Gandhi ({s.scenario}), decision {s.decisions} - schematic map", spaces=spaces,
                 edges=edges, tracks=tracks, lines=lines, legend=legend, footer=footer)


def draw(game) -> np.ndarray:
    """Gandhi's board as an (H, W, 3) uint8 picture."""
    return draw_schematic(describe(game))
