"""A readable text board for John Company: the turn and phase, the Company, the families, the offices,
India, the London Season display and the decision being asked.

Without a seat: public information only (hidden.py): facedown blackmail cards appear as a count, the
display's facedown blackmail as "facedown blackmail", the decks as sizes; the last lines are the prompt of
the family to move (what the acting agent is asked). For a seat (``render(game, seat=family)``), the text is
that family's view (hidden.py ``view``): its own facedown blackmail cards by name and the display cards it has
peeked (RB p.12), never another family's; the prompt and the choices only when it is the family to decide
(else the kind of decision, as every family sees it)."""

from __future__ import annotations

from .data import cards as carddata
from .hidden import BLACKMAIL_IDS, FACEDOWN, view
from .rules.firms import strategy_label
from .static import (FAMILY_ACTION_NAMES, FAMILY_KEYS, FAMILY_NAMES, N_OFFICES, N_ORDERS, N_REGIONS, OFFICE_NAMES, ORDER_NAMES, ORDER_REGION,
                     PHASE_TITLES, PRESIDENCY_NAMES, REGION_NAMES, SEA_ZONES, TREASURY_NAMES)

CARD_NAME = {c[0]: c[1] for c in carddata.SPOUSES + carddata.ENTERPRISE_PRESTIGE + carddata.BLACKMAIL}
LAW_NAME = {law[0]: law[1] for law in carddata.LAWS}


def _who(slot) -> str:
    return FAMILY_NAMES[int(slot)] if slot is not None and int(slot) >= 0 else "-"


def _firm_lines(s) -> list[str]:
    """Firms (RB p.36-42) as everyone sees them: a strategy only once revealed, an allocation once the amounts
    are revealed; Debtor's Prison."""
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


def _blackmail_text(hand) -> str:
    """A family's facedown blackmail as the viewer sees it: a list of cards (its own hand) by name, else a count."""
    if isinstance(hand, int):
        return f"blackmail facedown {hand}"
    return "blackmail facedown: " + (", ".join(CARD_NAME.get(c, str(c)) for c in hand) or "none")


def _decision_lines(game, seen: dict | None) -> list[str]:
    """The decision being asked: its prompt and choices for the family to decide (or for no seat); for another
    seat only who decides and the kind of decision (a prompt may name a card only its holder sees)."""
    to_move = game.current_player()
    if seen is not None and seen["prompt"] is None:
        return [f"{game.faction_name(to_move)} to decide ({seen['prompt_kind']})"]
    return [f"{game.faction_name(to_move)} to decide: {game.prompt()}",
            "Choices: " + ", ".join(game.action_label(a) for a in game.legal_actions()[:30])]


def render(game, seat: str | None = None) -> str:
    """The board as text; for ``seat`` (a family) as that family sees it, else public information only."""
    s = game.state
    seen = view(game, seat)["fields"] if seat is not None else None
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
                     f"prestige: {prestige}; "
                     + _blackmail_text(len(h["blackmail"]) if seen is None else seen["hands"][FAMILY_KEYS[slot]]["blackmail"])
                     + (f", opportunity {FAMILY_ACTION_NAMES[s.opportunity[slot]]}" if s.opportunity[slot] else ""))
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
    shown = s.display if seen is None else seen["display"]      # a seat's view shows the cards it peeked
    display = [FACEDOWN if c == FACEDOWN or (seen is None and c in BLACKMAIL_IDS)
               else f"{CARD_NAME.get(c, str(c))} (facedown, peeked)" if c in BLACKMAIL_IDS else CARD_NAME.get(c, str(c))
               for c in shown]
    lines.append("London Season display: " + (", ".join(display) or "empty")
                 + f"   decks: London {len(s.london_deck)}, laws {len(s.law_deck)}, events {len(s.event_stack)}")
    if s.over:
        r = s.result or {}
        lines.append(f"Game over ({r.get('reason', '')}): winner {r.get('winner')}; VP {r.get('vp')}")
    else:
        lines += _decision_lines(game, seen)
    return "\n".join(lines)
