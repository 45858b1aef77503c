"""A readable text board for Vijayanagara: tracks, the card, eligibility, every space with its
pieces and status, the off-map boxes and the prompt."""

from __future__ import annotations

from ...coin.encoding import box_lines, card_text, prompt_lines, sequence_lines
from . import board
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, FACTIONS, PIECE_NAMES
from .encoding import OFF_MAP_BOXES
from .static import IS_PROVINCE, N_SPACES, SPACE_NAMES

SHORT = ["Troop", "Gov", "Qasbah", "Amir", "Amir(R)", "Fort", "Raja", "Raja(R)", "Temple", "Mongol"]


def render(game) -> str:
    s = game.state
    totals, margins = board.victory_totals(s), board.victory_margins(s)
    cur = s.current
    title = s.data.cards.title(cur) if cur is not None else "-"
    order = None if cur is None or carddata.is_special(cur) else s.data.cards.faction_order(cur)
    lines = [f"=== Vijayanagara decision {s.decisions} ({s.dynasty} Dynasty) ==="]
    lines.append("Resources: " + "  ".join(f"{f} {s.resources[f]}" for f in FACTIONS)
                 + "   Cavalry: " + "  ".join(f"{f} {s.cavalry[f]}" for f in FACTIONS)
                 + f" pool {board.cavalry_pool(s)}   Influence: bk {s.influence['bk']} ve {s.influence['ve']}")
    lines.append("Victory: " + "  ".join(f"{FACTION_NAMES[f]} {totals[f]} ({margins[f]:+d})" for f in FACTIONS))
    lines.append(f"Current: {card_text(cur, title, order)}   deck {len(s.deck)}, played {len(s.played)}, "
                 f"Timurid played {s.timurid_played}")
    lines += sequence_lines(s, FACTIONS, SPACE_NAMES, game)
    for sp in range(N_SPACES):
        marks = []
        if IS_PROVINCE[sp]:
            marks.append(f"Prosperity {s.data.prosperity_list[sp]}")
            marks.append("Tributary" if s.tributary[sp] else "Independent")
            ctrl = board.controller(s, sp)
            if ctrl:
                marks.append(f"{ctrl} Control")
        row = s.pieces[sp]
        pieces = ", ".join(f"{int(row[t])} {SHORT[t]}" for t in range(len(SHORT)) if row[t]) or "empty"
        lines.append(f"  {SPACE_NAMES[sp]}: {'; '.join(marks) or '-'} | {pieces}")
    lines += box_lines(s, OFF_MAP_BOXES, PIECE_NAMES)
    lines += prompt_lines(game, 30)
    return "\n".join(lines)
