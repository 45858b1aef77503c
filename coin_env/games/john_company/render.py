"""A readable text board for John Company: the turn and phase, the Company, the families, the offices,
India, the London Season display and the decision being asked.

Public information only (hidden.py): other families' facedown blackmail cards appear as a count, the
display's facedown blackmail as "facedown blackmail", the decks as sizes. The last lines are the prompt
of the family to move (what the acting agent is asked)."""

from __future__ import annotations

from .data import cards as carddata
from .hidden import BLACKMAIL_IDS
from .static import (FAMILY_NAMES, N_OFFICES, N_ORDERS, N_REGIONS, OFFICE_NAMES, ORDER_NAMES, ORDER_REGION, PHASE_TITLES,
                     PRESIDENCY_NAMES, REGION_NAMES, SEA_ZONES, TREASURY_NAMES)

CARD_NAME = {c[0]: c[1] for c in carddata.SPOUSES + carddata.ENTERPRISE_PRESTIGE + carddata.BLACKMAIL}
LAW_NAME = {law[0]: law[1] for law in carddata.LAWS}


def _who(slot) -> str:
    return FAMILY_NAMES[int(slot)] if slot is not None and int(slot) >= 0 else "-"


def _firm_lines(s) -> list[str]:
    """Firms (RB p.36-42) as everyone sees them: a strategy only once revealed, an allocation once the amounts
    are revealed; Debtor's Prison."""
    from .rules.firms import strategy_label
    out = []
    for x in s.firms["firms"]:
        shares = ", ".join(f"{FAMILY_NAMES[f]} {n}" for f, n in enumerate(x["shares"]) if n)
        seen = x["revealed"] or s.firms["amounts_public"]
        strategy = strategy_label(x["strategy"]) if x["revealed"] else ("facedown" if x["strategy"] >= 0 else "-")
        out.append(f"  Firm of {FAMILY_NAMES[x['manager']]}: London £{x['london'] if seen else x['london'] + x['allocated']}"
                   f", India £{x['india']}, Value space {x['value']}, dividend "
                   f"{'-' if x['dividend'] is None else x['dividend']}, ships {len(x['ships'])}, shares: {shares}; "
                   f"strategy {strategy}" + (f" (£{x['allocated']})" if seen and x["allocated"] else ""))
    prison = ", ".join(f"{FAMILY_NAMES[f]} {n}" for f, n in enumerate(s.firms["prison"]) if n)
    if prison:
        out.append(f"  Debtor's Prison: {prison}")
    return out


def render(game) -> str:
    s = game.state
    phase = PHASE_TITLES.get(s.phase, s.phase)
    lines = [f"=== John Company {s.scenario}, turn {s.turn} of {s.last_turn}, {phase} (decision {s.decisions}) ==="]
    lines.append(f"Company: Balance £{int(s.balance)}  Debt {int(s.debt)}  Standing {int(s.standing)}  "
                 + "  ".join(f"{t} £{int(v)}" for t, v in zip(TREASURY_NAMES, s.treasury))
                 + f"   PM {_who(s.pm)}  Chairman's title {_who(s.chairman_title)}  policy dial {int(s.dial)}")
    lines.append("Power track: " + " > ".join(s.power_track)
                 + "   laws in force: " + (", ".join(LAW_NAME[x] for x in s.laws_in_force) or "none"))
    for slot in s.seats:
        h = s.hands[slot]
        writers = "/".join(str(int(x)) for x in s.writers[slot])
        officers = "/".join(str(int(x)) for x in s.officers[slot, :, 0] + s.officers[slot, :, 1])
        prestige = ", ".join(CARD_NAME.get(c, str(c)) for c in h["prestige"]) or "-"
        lines.append(f"  {FAMILY_NAMES[slot]}: £{int(s.cash[slot])} {int(s.vp[slot])} VP, supply {int(s.supply[slot])}, "
                     f"writers {writers}, officers {officers}, OiT {int(s.officers_in_training[slot])}, "
                     f"Court {int(s.court[slot])}, workshops {int(s.workshops[slot])}, luxuries {int(s.luxuries[slot])}, "
                     f"prestige: {prestige}; blackmail facedown {len(h['blackmail'])}"
                     + (f", opportunity {s.opportunity[slot]}" if s.opportunity[slot] else ""))
    held = [f"{OFFICE_NAMES[o]}: {_who(s.office_holder[o])}" + (f" (fatigue {int(s.office_fatigue[o])})"
                                                                  if s.office_fatigue[o] else "")
            for o in range(N_OFFICES) if s.office_exists[o]]
    lines.append("Offices: " + "; ".join(held))
    lines.append("Armies: " + "; ".join(
        f"{PRESIDENCY_NAMES[p]} Commander {_who(s.commander[p])}, regiments {int(s.regiments[p, 0])}+"
        f"{int(s.regiments[p, 1])} exhausted" for p in range(3)))
    lines.append("Ships: " + "; ".join(
        f"{z}: {int((s.ship_zone == i).sum())} player, {int(s.company_ships[i])} Company, {int(s.extra_ships[i])} extra"
        for i, z in enumerate(SEA_ZONES)))
    lines += _firm_lines(s)
    for r in range(N_REGIONS):
        ctl = "Indian" if s.control[r] < 0 else f"Company ({PRESIDENCY_NAMES[int(s.control[r])]})"
        flag = "" if s.flag[r] < 0 else f", empire of {REGION_NAMES[int(s.flag[r])]}"
        orders = ", ".join(f"{ORDER_NAMES[o]} {('open', 'closed', 'filled')[int(s.order_state[o])]}"
                           for o in range(N_ORDERS) if ORDER_REGION[o] == r)
        lines.append(f"  {REGION_NAMES[r]}: {ctl}, strength {int(s.strength[r])}, unrest {int(s.unrest[r])}{flag}"
                     + (f" | {orders}" if orders else ""))
    display = ["facedown blackmail" if c in BLACKMAIL_IDS else CARD_NAME.get(c, str(c)) for c in s.display]
    lines.append("London Season display: " + (", ".join(display) or "empty")
                 + f"   decks: London {len(s.london_deck)}, laws {len(s.law_deck)}, events {len(s.event_stack)}")
    if s.over:
        r = s.result or {}
        lines.append(f"Game over ({r.get('reason', '')}): winner {r.get('winner')}; VP {r.get('vp')}")
    else:
        lines.append(f"{game.faction_name(game.current_player())} to decide: {game.prompt()}")
        lines.append("Choices: " + ", ".join(game.action_label(a) for a in game.legal_actions()[:30]))
    return "\n".join(lines)
