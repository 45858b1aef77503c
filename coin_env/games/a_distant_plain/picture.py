"""A Distant Plain's board picture (``draw(game) -> np.ndarray``, HxWx3 uint8): a schematic map of
Afghanistan and the Pakistan border spaces.

Spaces sit at hand-placed positions (:data:`POSITIONS`), joined by the game's adjacency
(``game.data.adjacent``); each space shows Support (blue) / Opposition (red) as its fill colour, COIN
Control (blue) or Taliban Control (black) as a thick outline, its markers (T Terror, Sab Sabotage, +1
returnees) and its pieces as chips in the owning faction's colour with counts. The side panel holds the
current and upcoming card, eligibility, lasting Events, Resources, Aid, Patronage, Islamabad, and the
victory totals against their thresholds.
"""

from __future__ import annotations

import numpy as np

from ...core.pictures import Board, Space, draw_schematic, prompt_footer
from . import board
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, FACTIONS
from .static import N_SPACES, SPACE_NAMES, TYPE

# Schematic positions, not the printed map: (x, y) in [0, 1], west-east and north-south, placed by hand
# after the real geography of Afghanistan (the map's third-party adjacency is in data/map.py).
POSITIONS: dict[str, tuple[float, float]] = {
    "Badakhshan": (0.80, 0.04),
    "Konduz": (0.62, 0.06),
    "Balkh": (0.44, 0.10),
    "Faryab": (0.26, 0.16),
    "Baghlan": (0.64, 0.24),
    "Samangan": (0.48, 0.26),
    "Sar-e-Pol": (0.34, 0.32),
    "Badghis": (0.14, 0.32),
    "Nuristan": (0.82, 0.24),
    "Kabul": (0.70, 0.40),
    "Bamian": (0.52, 0.44),
    "Ghowr": (0.30, 0.50),
    "Herat": (0.04, 0.46),
    "Northwest Frontier": (0.97, 0.40),
    "Khowst": (0.82, 0.54),
    "Ghazni": (0.62, 0.58),
    "Oruzgan": (0.46, 0.62),
    "Farah": (0.10, 0.66),
    "Paktika": (0.76, 0.70),
    "Zabol": (0.58, 0.76),
    "Helmand": (0.30, 0.80),
    "Nimruz": (0.06, 0.90),
    "Kandahar": (0.44, 0.90),
    "Waziristan": (0.92, 0.78),
    "Balochistan": (0.62, 1.00),
    # Lines of Communication: near the middle of their route
    "LoC Kabul-Tor Kham": (0.86, 0.38),
    "LoC Kandahar-Spin Boldak": (0.54, 0.92),
    "LoC Kandahar-Kabul": (0.64, 0.68),
    "LoC Kabul-Aibak": (0.58, 0.33),
    "LoC Shibirghan-Aibak": (0.38, 0.20),
    "LoC Farah-Kandahar": (0.24, 0.70),
    "LoC Toraghondi-Farah": (0.06, 0.56),
}

COLOURS = {"coalition": (40, 90, 200), "government": (110, 170, 230), "taliban": (30, 30, 30),
           "warlords": (200, 170, 40)}
# (piece column, faction, chip text); guerrillas: U Underground, A Active.
CHIPS = [(0, "coalition", "T"), (1, "coalition", "B"), (2, "government", "T"), (3, "government", "P"),
         (4, "government", "B"), (5, "taliban", "U"), (6, "taliban", "A"), (7, "taliban", "B"),
         (8, "warlords", "U"), (9, "warlords", "A"), (10, "warlords", "B")]
SUPPORT_FILL = {1: (150, 190, 250), 0: (238, 236, 226), -1: (245, 150, 130)}
NO_SUPPORT_FILL = (215, 205, 185)           # Pakistan spaces: no Support or Opposition
LOC_FILL = (200, 200, 200)
TALIBAN_CONTROL = (30, 30, 30)
COIN_CONTROL = (40, 90, 200)


def _label(name: str) -> str:
    if name.startswith("LoC "):
        return name[4:]
    return {"Northwest Frontier": "NW Frontier"}.get(name, name)


def _card(s, card) -> str:
    if card is None:
        return "-"
    return f"#{card} {s.data.cards.title(card)}" + (" (Propaganda)" if carddata.is_propaganda(card) else "")


def describe(game) -> Board:
    """The picture as data (spaces, edges, tracks, text): what :func:`draw` draws."""
    s = game.state
    coin, tal = board.control_arrays(s)
    spaces = []
    for sp in range(N_SPACES):
        name = SPACE_NAMES[sp]
        x, y = POSITIONS[name]
        loc = board.is_loc(sp)
        marks = []
        if s.terror[sp]:
            marks.append(f"T{int(s.terror[sp])}" if s.terror[sp] > 1 else "T")
        if s.sabotage[sp]:
            marks.append("Sab")
        if s.returnees[sp]:
            marks.append("+1")
        if loc:
            fill = LOC_FILL
        elif board.can_have_support(s, sp):
            fill = SUPPORT_FILL[int(s.support[sp])]
        else:
            fill = NO_SUPPORT_FILL
        control = COIN_CONTROL if coin[sp] else TALIBAN_CONTROL if tal[sp] else None
        row = s.pieces[sp]
        spaces.append(Space(
            label=_label(name), x=x, y=y,
            shape="diamond" if loc else "circle" if TYPE[sp] == "City" else "box",
            fill=fill, outline=control or (90, 90, 90), outline_width=4 if control else 1,
            pieces=[(COLOURS[f], int(row[col]), txt) for col, f, txt in CHIPS],
            marks=" ".join(marks)))
    adj = np.asarray(game.data.adjacent)
    edges = [(i, j) for i in range(N_SPACES) for j in range(i + 1, N_SPACES) if adj[i, j]]
    totals = board.victory_totals(s)
    lasting = ", ".join(f"#{e.get('card')}" for e in s.lasting) or "none"
    isl = board.ISLAMABAD_BOXES[s.islamabad] + (" (Hard)" if s.islamabad_hard else "")
    lines = [f"# Current: {_card(s, s.current)}", f"# Next: {_card(s, s.upcoming)}",
             f"Deck {len(s.deck)}, played {len(s.played)}",
             "Eligible: " + ", ".join(f for f in FACTIONS if s.eligible.get(f)),
             f"Lasting Events: {lasting}", f"Islamabad: {isl}"]
    if s.over:
        r = s.result or {}
        lines.append(f"# GAME OVER: {FACTION_NAMES.get(r.get('winner'), r.get('winner'))} wins")
    else:
        lines.append(f"To play: {FACTION_NAMES[game.current_player()]}")
    tracks = [("Government Resources", s.resources["government"], 99, COLOURS["government"], None),
              ("Taliban Resources", s.resources["taliban"], 99, COLOURS["taliban"], None),
              ("Warlords Resources", s.resources["warlords"], 99, COLOURS["warlords"],
               board.WARLORD_RESOURCES_THRESHOLD),
              ("Aid", s.aid, 99, (120, 120, 120), None),
              ("Patronage", s.patronage, 99, (120, 120, 120), None)]
    for f in FACTIONS:
        thr = board.VICTORY_THRESHOLDS[f]
        tracks.append((f"{FACTION_NAMES[f]} victory", totals[f], max(2 * thr, totals[f], 1), COLOURS[f], thr))
    legend = [(COLOURS[f], FACTION_NAMES[f]) for f in FACTIONS]
    legend += [(SUPPORT_FILL[1], "Support"), (SUPPORT_FILL[0], "Neutral"), (SUPPORT_FILL[-1], "Opposition"),
               (NO_SUPPORT_FILL, "Pakistan"), (LOC_FILL, "LoC"),
               ((255, 255, 255), "T Troops P Police B Base U Underground A Active; outline: COIN (blue) / "
                                 "Taliban (black) Control")]
    footer = prompt_footer(game)
    return Board(title=f"A Distant Plain ({s.scenario}), decision {s.decisions} - schematic map", spaces=spaces,
                 edges=edges, tracks=tracks, lines=lines, legend=legend, footer=footer)


def draw(game) -> np.ndarray:
    """A Distant Plain's board as an (H, W, 3) uint8 picture."""
    return draw_schematic(describe(game))
