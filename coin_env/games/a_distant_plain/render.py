"""A readable text board for A Distant Plain: tracks, cards, lasting Events, eligibility, every space
with its pieces and markers, the off-map boxes and the prompt."""

from __future__ import annotations

from ...coin.encoding import box_lines, card_text, prompt_lines, sequence_lines
from . import board
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, FACTIONS, N_PIECE_TYPES, PIECE_NAMES
from .static import AVAILABLE, CASUALTIES, N_SPACES, OUT_OF_PLAY, REMOVED, SPACE_NAMES, TYPE

SUPPORT_NAMES = {-1: "Opposition", 0: "Neutral", 1: "Support"}
SHORT = ["CTroops", "CBase", "GTroops", "Police", "GBase", "Tal(U)", "Tal(A)", "TBase", "War(U)", "War(A)", "WBase"]
MAX_LEGAL_SHOWN = 30


BOXES = (("Available", AVAILABLE), ("Casualties", CASUALTIES), ("Out of Play", OUT_OF_PLAY), ("Removed", REMOVED))


def _card(s, card) -> str:
    if card is None:
        return "-"
    cards = s.data.cards                    # the game's card records (built-in or its data pack's)
    return card_text(card, cards.title(card), None if carddata.is_propaganda(card) else cards.faction_order(card))


def _pieces(row) -> str:
    return ", ".join(f"{int(row[t])} {SHORT[t]}" for t in range(N_PIECE_TYPES) if row[t])


def _space_head(s, sp) -> str:
    data = s.data                           # the game's map facts
    facts = [TYPE[sp]]
    if board.is_loc(sp):
        facts.append(f"Econ {int(data.econ[sp])}")
    else:
        facts.append(f"Pop {board.pop(s, sp)}")
    if data.pashtun_list[sp]:
        facts.append("Pashtun")
    if data.mountain_list[sp]:
        facts.append("Mountain")
    return f"{SPACE_NAMES[sp]} ({', '.join(facts)})"


def _space_marks(s, sp, coin, tal) -> list[str]:
    marks = []
    if board.can_have_support(s, sp):
        marks.append(SUPPORT_NAMES[int(s.support[sp])])
    if coin[sp]:
        marks.append("COIN Control")
    elif tal[sp]:
        marks.append("Taliban Control")
    if s.terror[sp]:
        marks.append(f"Terror x{int(s.terror[sp])}")
    if s.sabotage[sp]:
        marks.append("Sabotage")
    if s.returnees[sp]:
        marks.append(f"+1 Pop (printed {s.data.pop_list[sp]})")
    return marks


def _lasting(s) -> str:
    parts = []
    for e in s.lasting:
        card = e.get("card")
        name = "Capability" if e["name"] == "capability" else e["name"]
        title = s.data.cards.title(card) if isinstance(card, int) else "-"
        parts.append(f"{name} #{card} {title} ({e.get('side') or '-'})")
    return "; ".join(parts) or "none"


def render(game) -> str:
    s = game.state
    isl = board.ISLAMABAD_BOXES[s.islamabad] + (" (Hard)" if s.islamabad_hard else "")
    totals, margins = board.victory_totals(s), board.victory_margins(s)
    lines = [f"=== A Distant Plain ({s.scenario}) decision {s.decisions} ==="]
    lines.append(f"Resources: Government {s.resources['government']}  Taliban {s.resources['taliban']}  "
                 f"Warlords {s.resources['warlords']}   Aid {s.aid}  Patronage {s.patronage}   Islamabad {isl}   "
                 f"Terror/Sabotage in play {board.markers_in_play(s)}/30   +1 Pop unused {s.returnees_unused}")
    lines.append("Victory: " + "  ".join(f"{FACTION_NAMES[f]} {totals[f]} ({margins[f]:+d})" for f in FACTIONS))
    left = max(0, s.propaganda_in_deck - s.propaganda_played)
    lines.append(f"Current: {_card(s, s.current)}   Upcoming: {_card(s, s.upcoming)}   deck {len(s.deck)}, "
                 f"played {len(s.played)}, Propaganda left {left}")
    lines.append(f"Lasting: {_lasting(s)}")
    lines += sequence_lines(s, FACTIONS, SPACE_NAMES, game)
    coin, tal = board.control_arrays(s)
    lines.append("--- spaces" + (" (Control frozen for Redeploy)" if s.frozen_control is not None else "") + " ---")
    for sp in range(N_SPACES):
        marks = _space_marks(s, sp, coin, tal)
        lines.append(f"  {_space_head(s, sp)}: {'; '.join(marks) or '-'} | {_pieces(s.pieces[sp]) or 'empty'}")
    lines += box_lines(s, BOXES, PIECE_NAMES)
    lines += prompt_lines(game, MAX_LEGAL_SHOWN)
    return "\n".join(lines)
