"""Game end and Final Scoring (RB p.8-9; solo RB p.46 / AID §22).

The game ends after the last turn's Upkeep (Refresh skipped), or when the Company fails: at once in
Revenue, after the phase in Events in India, after the vote in Parliament (RB p.8).

1. Power Award: each family's power = for each enterprise and Company share it owns the power of that
   type's position on the Power track, +2 for the Prime Minister, +1 per passed-law token, +1 per
   trophy, + the power printed on its blackmail cards (faceup or facedown) and prestige cards. The most
   and second most power gain the VP of the board's table for the final turn; a tie for most gives all
   of them the second value and nothing else; a tie for second gives nothing (solo: first place only).
   **The table is not in the sources** (digest G2): the built-in one is a reconstructed stand-in
   (data/company.py POWER_AWARD), an owner data pack (``power_award``) replaces it; the result's
   ``caveats`` say which was used.
2. Court and workshops: Company survived -> each Company share (the Chairman's included) scores the
   Court value (±1, raised by Company Aids Government); failed -> each share loses it and each
   workshop scores +1.
3. Final retirement (Company survived): one more attrition roll per office, then pensioners retire as
   in the London Season (no prestige cards).
4. Consequences of failure: a Company failure card is drawn and resolved (rules/failure.py; the six texts are
   not in the sources: reconstructed stand-ins unless an owner data pack gives them, said in ``caveats``).
   Solo: the player's VP change by final turn when the Company failed (solo aid table).
5. Highest VP wins; ties: most window icons, then PM order.
"""

from __future__ import annotations

from ..data import scenarios
from ..data.cards import BLACKMAIL, ENTERPRISE_PRESTIGE
from ..queries import windows
from ..registry import CONTINUATIONS, answers
from ..static import CHAIRMAN, CROWN, FAMILY_KEYS, N_OFFICES, OFFICE_NAMES
from . import failure, firms_scoring
from .common import chairman_or_title, clockwise_from, vacate

BLACKMAIL_POWER = {c[0]: c[2] or 0 for c in BLACKMAIL}
PRESTIGE_TYPE = {c[0]: c[2] for c in ENTERPRISE_PRESTIGE}
PRESTIGE_POWER = {c[0]: c[4] for c in ENTERPRISE_PRESTIGE}
PRESTIGE_POWER[16] = 2          # Becky Sharp (digest appendix B)
TYPE_TARGET = {"workshop": "Workshops", "shipyard": "Shipyards", "luxury": "Luxuries"}


@answers("game_ends")
def begin(game, failed: bool) -> None:
    """The game ends (the point "game_ends", announced by the phase that ends it; ``failed``: the Company failed,
    RB p.27): Final Scoring starts (RB p.8-9)."""
    s = game.state
    s.frames.clear()
    s.phase = "final_scoring"
    game.log_note("phase", "Final Scoring" + (" (the Company failed)" if failed else ""))
    if firms_scoring.step_zero(game, failed):      # step 0 (Deregulation, RB p.37): rules/firms_scoring.py
        return
    if failed:
        finish(game, failed=True)
        return
    for o in range(N_OFFICES):                      # final attrition
        f = int(s.office_holder[o])
        if f >= 0 and s.office_exists[o]:
            roll = s.rng.die(6, f"final attrition: {OFFICE_NAMES[o]}") + int(s.office_fatigue[o]) + (o == CHAIRMAN)
            if roll >= 5:
                vacate(game, o, to="pensioners")
    game.after("final_finish")
    game.after("london_retire_next", order=clockwise_from(s, chairman_or_title(s)), i=0, spent={}, retired=[],
               discounts={})


@CONTINUATIONS.register
def final_finish(game, frame, _):
    finish(game, failed=False)


def power(game, f) -> int:
    s = game.state
    values = dict(zip(s.power_track, game.data.power_values))
    owned = {"Workshops": int(s.workshops[f]), "Shipyards": s.shipyard_owner.tolist().count(f),
             "Luxuries": int(s.luxuries[f]),
             "Company shares": int(s.court[f]) + (1 if s.office_holder[CHAIRMAN] == f else 0)}
    for c in s.hands[f]["prestige"]:
        if c in PRESTIGE_TYPE:
            owned[TYPE_TARGET[PRESTIGE_TYPE[c]]] += 1
    total = sum(values.get(t, 0) * n for t, n in owned.items())
    total += 2 if s.pm == f else 0
    total += int(s.law_tokens[f]) + int(s.trophies[f])
    total += sum(BLACKMAIL_POWER[c] for c in s.hands[f]["blackmail"] + s.hands[f]["used"])
    total += sum(PRESTIGE_POWER.get(c, 0) for c in s.hands[f]["prestige"])
    return total


def finish(game, failed: bool) -> None:
    s = game.state
    s.frames.clear()
    caveats = []
    seats = list(s.seats)
    powers = {f: power(game, f) for f in seats}
    caveats += _power_award(game, powers)
    for f in seats:
        shares = failure.company_shares(s, f)
        if failed:
            s.vp[f] -= shares * s.share_vp
            s.vp[f] += int(s.workshops[f])
        else:
            s.vp[f] += shares * s.share_vp
    card = None
    if failed:
        card = failure.draw(game)
        if card is None:
            caveats.append("no Company failure card drawn: the data pack has none")
        else:
            failure.resolve(game, card)
            if "failure_cards" in game.data.reconstructed_scoring:
                caveats.append(f"Company failure card {card[0]!r} is reconstructed: the six cards' texts are "
                               f"missing from the sources (owner data pack key 'failure_cards')")
        humans = [f for f in seats if f != CROWN]
        if len(humans) == 1:
            table = scenarios.SOLO_FAILURE_VP_1710[0]
            s.vp[humans[0]] += table[min(s.turn, len(table)) - 1]
    pm_order = clockwise_from(s, int(s.pm)) if s.pm >= 0 else seats
    ranking = sorted(seats, key=lambda f: (-int(s.vp[f]), -windows(game, f), pm_order.index(f)))
    s.result = {"complete": True, "reason": "Company failure" if failed else "end of the scenario",
                "turn": s.turn, "winner": FAMILY_KEYS[ranking[0]], "ranking": [FAMILY_KEYS[f] for f in ranking],
                "vp": {FAMILY_KEYS[f]: int(s.vp[f]) for f in seats},
                "power": {FAMILY_KEYS[f]: powers[f] for f in seats},
                "failure_card": card[0] if card else None, "caveats": caveats}
    s.over = True
    game.log_note("end", f"Final Scoring: {FAMILY_KEYS[ranking[0]]} wins")


def _power_award(game, powers: dict) -> list[str]:
    """Step 1 (RB p.8): VP for the most and second most power from the table's row for the final turn; a tie
    for most gives the tied the second value and nothing else; a tie for second gives nothing; solo: first
    place only (RB p.46). Returns the caveats (a reconstructed table, or no row for this turn)."""
    s = game.state
    seats = list(s.seats)
    table = game.data.power_award
    if s.turn not in table:
        return [f"Power Award not given: the data pack's table has no row for turn {s.turn}"]
    first, second = table[s.turn]
    best = max(powers.values())
    top = [f for f in seats if powers[f] == best]
    solo = len([f for f in seats if f != CROWN]) == 1
    if len(top) > 1:
        for f in top:
            s.vp[f] += second
    else:
        s.vp[top[0]] += first
        rest = [powers[f] for f in seats if f not in top]
        if rest and not solo:
            runner = [f for f in seats if f not in top and powers[f] == max(rest)]
            if len(runner) == 1:
                s.vp[runner[0]] += second
    if "power_award" in game.data.reconstructed_scoring:
        return [f"Power Award of {first}/{second} VP is reconstructed: the board's table is missing from the "
                f"sources (owner data pack key 'power_award')"]
    return []


@CONTINUATIONS.register
def firms_final_resume(game, frame, _):
    """Back from the firms' special retirements of step 0 (rules/firms_scoring.py; RB p.37)."""
    begin(game, failed=frame["failed"])
