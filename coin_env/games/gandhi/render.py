"""A readable text board for Gandhi: tracks, cards, eligibility, every space, the prompt."""

from __future__ import annotations

from coin_env.coin.encoding import turn_line

from . import board
from .data import cards as carddata
from .data.pieces import FACTION_NAMES, FACTIONS, N_PIECE_TYPES, PIECE_NAMES
from .static import AVAILABLE, JAIL, N_SPACES, OUT_OF_PLAY, SPACE_NAMES, TYPE

SUPPORT_NAMES = {-2: "Active Opposition", -1: "Passive Opposition", 0: "Neutral", 1: "Passive Support",
                 2: "Active Support"}
SHORT = ["Troop", "Sepoy", "Cong", "Gandhi", "ML", "MLBase", "Guer(U)", "Guer(A)", "RevBase"]


def _card(cards, card) -> str:
    """``cards``: the game's card facts (game.data.cards)."""
    if card is None:
        return "-"
    text = f"#{card} {cards.title(card)}"
    if not carddata.is_campaign(card):
        text += " [" + " ".join(cards.faction_order(card)) + "]"
    return text


def _pieces(row, active: bool) -> str:
    parts = []
    for t in range(N_PIECE_TYPES):
        n = int(row[t])
        if n:
            name = SHORT[t]
            if t in (2, 4):
                name += "(A)" if active else "(I)"
            parts.append(f"{n} {name}")
    return ", ".join(parts)


def render(game) -> str:
    s = game.state
    lines = []
    totals = board.victory_totals(s)
    margins = {f: totals[f] - board.VICTORY_THRESHOLDS[f] for f in FACTIONS}
    lines.append(f"=== Gandhi ({s.scenario}) decision {s.decisions} ===")
    lines.append(f"Resources: Raj {s.resources['raj']}  Revs {s.resources['revs']}   "
                 f"Restraint {s.restraint}  Unity {s.unity}{'  CRISIS' if board.in_crisis(s) else ''}   "
                 f"Protests for Ops {board.protests_available_for_ops(s)}  "
                 f"Unrest/Strike in play {board.unrest_strike_in_play(s)}/12")
    lines.append("Victory: " + "  ".join(f"{FACTION_NAMES[f]} {totals[f]} ({margins[f]:+d})" for f in FACTIONS))
    vice = carddata.CAMPAIGN_CARDS.get(s.viceroy, "-") if s.viceroy is not None else "-"
    lines.append(f"Current: {_card(s.data.cards, s.current)}   Upcoming: {_card(s.data.cards, s.upcoming)}   Viceroy: {vice}   "
                 f"deck {len(s.deck)}, Campaigns left {s.campaigns_in_deck}")
    lines.append("Eligible: " + "  ".join(f"{f}{'' if s.eligible.get(f) else ' (ineligible)'}" for f in FACTIONS)
                 + f"   acted this card: {', '.join(s.sop['acted']) or 'none'}")
    if s.turn is not None:
        lines.append(turn_line(s.turn, SPACE_NAMES, game))
    ctrl = board.control_mask(s)
    lines.append("--- spaces ---")
    for sp in range(N_SPACES):
        kind = "Muslim State" if s.muslim_state[sp] else TYPE[sp]
        head = f"{SPACE_NAMES[sp]} ({kind}, {'Econ ' + str(s.data.econ_list[sp]) if board.is_railway(s, sp) else 'Pop ' + str(s.data.pop_list[sp])})"
        marks = []
        if not board.is_railway(s, sp):
            marks.append(SUPPORT_NAMES[int(s.support[sp])])
        if ctrl[sp]:
            marks.append("Raj Control")
        if s.protest[sp]:
            marks.append("Protest")
        if s.unrest[sp]:
            marks.append(f"Unrest x{int(s.unrest[sp])}")
        if s.strike[sp]:
            marks.append("Strike")
        pieces = _pieces(s.pieces[sp], board.activists_active(s, sp))
        lines.append(f"  {head}: {'; '.join(marks) or '-'} | {pieces or 'empty'}")
    for name, loc in (("Available", AVAILABLE), ("Out of Play", OUT_OF_PLAY), ("Jail", JAIL)):
        row = s.pieces[loc]
        lines.append(f"{name}: " + (", ".join(f"{int(row[t])} {PIECE_NAMES[t]}" for t in range(N_PIECE_TYPES) if row[t])
                                    or "none"))
    if s.over:
        r = s.result or {}
        lines.append(f"GAME OVER: winner {r.get('winner')}; ranking {r.get('ranking')}")
    else:
        lines.append(f"Prompt ({game.current_player()}): {game.prompt()}")
        legal = game.legal_actions()
        shown = ", ".join(game.action_label(a) for a in legal[:30])
        lines.append(f"Legal: {shown}{' ...' if len(legal) > 30 else ''}")
    return "\n".join(lines)
