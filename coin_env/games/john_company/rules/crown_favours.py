"""Favours and promise cubes in the solo game against the Crown (option ``crown``; RB p.45-46, HB, AID, SC).

The rules (RB p.45-46 "Favors and promise cubes"; digest §9.5):

* A favour is priced in promise cubes from the family's view: -n the family pays n cubes to the Crown (a red
  box), +n the Crown pays n (a blue box) -- at most what it has ("you can perform a favor that will gain you
  less promise cubes than are available"). A favour is never performed without paying it in full.
* A favour is available only during the resolution of the phase where it is listed; the Crown board's basic
  favours during the window printed on the board (AID: "any time between the start of the Firms phase and
  the end of the Revenues phase"; without firms from right after New Company Shares, digest §9.5 [SC]).
* Favours may be repeated. Dark, bold-outlined boxes are mandatory: they happen whenever their condition
  is met (here: automatically, when the payer has the cubes).

How the engine offers them: optional favours are a *favour window*, an explicit decision of the family
listing the favours available and affordable now plus ``done`` (:func:`window`); the window is pushed only
when at least one favour is available and affordable, and after a favour it is offered again. Every
favour performed is logged ("crown" notes) and recorded in ``state.crown["favours"]`` (``turn``, ``done``:
the keys performed this turn, ``total``: all performed this game) next to the cubes.

Where it sits (registry.py, DESIGN.md "Layers"): above the phases, which never import it. A phase announces a
named point where the Handbook lists a favour (``announce(game, "crown_decision", "decide_hiring")``, "window",
"hired", "ship_fitted", ...; each point is named after the function here that answers it, registered with
``@answers``); a favour window pushed in answer is a decision frame in the state like any other. The record's
readings the crown bot also needs (``done_this_turn``, ``debt_target``, ``mos_buys``, ...) are in queries.py.

Implemented favours (each cites its source where it lives):

* Basic favours (Crown family board; SC; digest §9.5): give / take an unfitted shipyard (+2 / -4), a fitted
  shipyard with its ship (+3 / -5), a workshop (+4 / -6), a luxury (+5 / -7, its 2 VP go with it, RB p.8
  "adjust VP when trading luxuries"), give an enterprise prestige card (+4), give £3 (+2); Easy: remove one
  of your 5 promise cards from the game (+ceil(turn/2), RB p.46, SC). Windows: right after New Company
  Shares (with the Family phase's +1 "give £1 if the Crown has a majority of Company shares", HB Family)
  and at the end of Revenue. Reading: the board's "any time" is offered at these two moments (the two ends
  of the window) to keep the decisions few; a gain favour is offered only while the Crown has a cube (the
  rule allows it for nothing, which no one wants); the receiver's item is the family's choice (shipyards
  by ship, prestige cards by card) when there are several; invested workshops (+1 / -3) need firms.
* Consent favours (:func:`consent`, the answer to the point "consent" that rules/consent.seek_consent announces;
  the favour is offered before the consent is asked): HB Hiring 3 -2 for the Crown's consent to
  your nepotism; HB Hiring 4.1 the Crown's nepotism, solo mandatory +2 (you must consent and receive 2 cubes
  when the Crown holds at least 2; otherwise you are asked); HB Chairman: the Crown's shares consent to the
  first Debt advance beyond 3 at -1/-2/-3/-4/-6 by climate, each further one this turn at -1; HB Hiring 1:
  +3 you (majority) support the Crown for Chairman; HB Commander: your alliance purchase in a Crown
  Presidency, the Crown President's consent -2/-2/-1/0/0 (0: it consents at once, free), and +1 you
  consent to a Crown Commander's purchase in your Presidency. A bought consent is binding: the engine
  gives it and the Crown is not asked (without the favour the crown bot refuses, HB: consent is bought).
* Chairman election (HB Hiring 1, :func:`election_window`): -3 the Crown, holding a majority of Company
  shares (or equality as the former Chairman), elects you instead -- offered before the vote (reading: you
  need a Court share to take the chair, RB p.15).
* Mandatory favours (:func:`mandatory`; when the payer has the cubes): HB Chairman -1 once per turn when you
  are Chairman (before any action); HB Hiring 3 +1 when you hire a Crown piece over another family's
  candidate; HB Manager of Shipping -1 when a Crown Manager fits your ship (before its zone is chosen) and
  +1 when you fit a Crown ship (RB p.45's example; reading: a blue box your own action earns is taken);
  HB Military Affairs +1 when you, as MA, assign the Crown as Commander; HB President +1 per Crown writer
  you place filling orders; HB Upkeep +1 per Crown Presidency where you have a writer in its Writers box
  and none of yours returns from its orders (reading: checked in Refresh, when writers return).
* Your blue boxes (:func:`allocated`, :func:`ship_placed`): HB Chairman +1 when you allocate at least
  £3/£4/£4/£4/£5 to a Crown office; HB Manager of Shipping +1 for placing a ship in a Crown Presidency's sea
  zone or with a Crown Superintendent (reading: taken whenever they apply, like the MoS's +1 above).
* "You decide for the Crown" (:func:`crown_decision`): after paying, the Crown's decision just asked
  becomes the family's (same legal options): HB Hiring 4 -3 one hiring decision (the candidate for one
  office), HB Commander 2 -2 a valid Deploy target, HB Director of Trade 1 -1 the order a Special Envoy
  opens, HB Manager of Shipping 4 -1 the sea zone of one ship the Crown places, HB Parliament 3 -4 the Crown
  Prime Minister "chooses the other space" of the dial (reading: you choose the space -- with two spaces,
  paying for the one it would choose is your loss; also when the Crown turns the dial as the new PM after a
  failed law, HB Parliament 9).
* HB Revenue 3 (:func:`dividend_window`): a Crown Chairman pays one dividend fewer (-2/-2/-1/-1/-1) or more
  (-1/-1/-2/-2/-2); the crown bot reads the record (:func:`crown_dividends`).
* HB London Season: before retirements -2 take £1 from the Crown's treasury; after the Crown has retired -1
  take £1, -5 take an enterprise prestige card, -4 take a blackmail card (no peeking: the engine draws one of
  the Crown's at random). Reading: "after the Crown has retired" is offered at the end of the London Season
  (after the prestige cards; the engine's retirement step hands its totals to the prestige step directly).
* A family whose spouse forbids an item (John Thorpe: workshops, Violet Effingham: shipyards, Esther
  Summerson: blackmail) is not offered to take one (the Crown ignores spouse texts, digest §9.2).
* Favours that change a Crown procedure (:func:`procedure_window`, a window of the family pushed right after
  the Crown's decision; the crown bot reads the record, or the favour narrows the Crown's options at hand):
  HB Chairman 2 the Crown Chairman's Seek Debt one more advance -1/-1/-2/-2/-3, one fewer -2/-2/-1/-1/--
  (beyond 3 the usual consent applies); HB Chairman 3 -1 "£3 (or less) to a specific office" (reading: the
  requests are made before the first step, each served before the priority list, £3 or what is left);
  HB Governor General -1 raise / lower the required dice by 1; HB Governor -1 change this Governor's minimum
  pool by 1 (reading: for this Governor, the turn), -3 no Administer at all (before its first Administer);
  HB Superintendent -1 change the minimum by 1; HB Manager of Shipping 2 the buy table's favour that changes
  the climate's default (Bull -1 buys one, Stag -2 none, Lion -3 as many as you wish -- you say how many --,
  Bear -1 none, Peacock -2 one; once a turn) and 'buy another' -1/-1/--/-2/-2, HB Manager of Shipping 3 -1
  leave £2 unspent (reading: offered at the Crown Manager's spending decisions); HB President 1 -1 change
  the required trade dice by 1 (this Presidency, the turn), HB President 3 -1 the Crown places your writer
  instead of another (at its choice of whose writer fills an order); HB Commander 1 -2/-2/-2/-1/-1 it buys
  one more alliance of your choice (you choose it first; in your Presidency your consent is given, binding
  and free), --/-1/-1/--/-- a more expensive one / --/--/--/-1/-1 a cheaper one (reading: you choose among
  the alliances dearer than the cheapest offered / cheaper than the dearest), --/-1/-1/-2/-2 prevent the
  purchase when the Crown is also President (this menu decision); HB Commander 3 -1 change the Deploy
  requirement by 1 (this Army, the turn); HB Commander 4 after a Deploy force another -2/-1/-1 or stop it
  -/-/-/-1/-1 (the Crown's next step is decided at once); HB Parliament 2 -2 stop now and select the law
  just drawn (offered while the Crown would draw on), -2 skip it and draw again, the 3rd law selected
  (offered when it would select it).
* More "you decide for the Crown": HB Governor General / Governor -2 choose a different result for a
  successful Govern / Administer (:func:`result_decision`; reading: a Govern success has a result per Company
  region, the favour bought at its first makes all of them yours -- the Crown GG stops after a success);
  HB Manager of Shipping 1 -1 fit a specific ship; HB Presidency operations -1 make one change to the Crown
  President's order (reading: you choose who acts next, once).
* Your blue boxes (:func:`gg_placed`, :func:`governor_placed`, :func:`deploy_succeeded`; taken whenever they
  apply): HB Governor General +1 each for money to a Crown office's treasury, a regiment into a Crown
  Presidency's Army, a Company ship into a Crown Presidency's sea zone; HB Governor +1 Tax money to a Crown
  Presidency's treasury and +1 a regiment into its Army (each once per turn per Presidency), +1 a Company
  ship moved into its sea zone; HB Commander +1 (Lion/Bear/Peacock) a successful Deploy into a non-Company
  region using Crown officers, +1 (Bull/Stag/Lion) into a Company region of a Crown Presidency with a Crown
  writer.
* The Crown Director of Trade and Military Affairs (procedure windows "dot" / "ma", pushed with the Crown's
  transfer menu; "envoy" with its Special Envoy's target): HB Director of Trade 2 -1 prevent a transfer, -2 you
  make one writer / ship transfer of your choice (each one of its two; your transfer may not undo the transfer
  made before it); HB Military Affairs 1 -1 prevent a transfer this round, -1 you make one officer / regiment
  transfer (each one of its two); HB Military Affairs 2 -1 you assign the Officer-in-Training it is assigning
  (a "you decide for the Crown"); HB Director of Trade 1 -3 the Special Envoy opens China instead, -1 you choose
  the order (offered together), -2/-2/-1/-1/-1 you set what its next envoy spends, any amount, and whether it
  sends more (offered at its menu while it would send one; reading: zero -- no envoy, and none after; else you
  answer whether further envoys follow, as the Crown would send them). The menu frame carries ``first`` (how the first slot was used: "prevent" /
  "choose") and ``last`` (the transfer made before) for the crown bot. Readings: the DoT's transfer favours are
  offered once its Special Envoys are over (:func:`_envoy_due`); a prevented DoT transfer spends the list entry
  the Crown would have used (it goes on below it), the family's chosen one spends none (the Crown's own then
  starts at the top); a prevented MA transfer is not made later this round (the Crown makes its next best);
  the family's MA transfer may not undo the one before it either (as the Crown's, HB MA 1).
* Your blue boxes as Director of Trade (:func:`dot_opened`, :func:`dot_finished`; HB Director of Trade,
  Bull/Stag/Lion): +1 a Special Envoy of yours opens an order in the home region of a Crown Presidency with a
  Crown writer; +1 if after your office acts no Presidency has 2 or more ships or writers more than any other
  (readings in the functions).
* HB Commander 3 (:func:`swap_window`): after the Crown Commander has chosen the pieces to exhaust and before it
  rolls, -X swap X exhausted pieces for unexhausted ones (the dice stay the same). Reading: one officer or
  regiment for another at -1 each, the window offered again after each swap.
Royal Privilege is in rules/crown.py (not a favour).

Not implemented (named): swapping an alliance in the Commander's swap (HB Commander 3: an alliance of strength X
counts as X pieces -- only officers and regiments are swapped) -- and the firms' favours (Long 1710 after
Deregulation).
"""

from __future__ import annotations

import math

from ..actions import (ALLIANCE0, DONE, FAMILY0, FAVOUR, FAVOUR_CARD, FAVOUR_CARD_OF_ACTION, FAVOUR_OF_ACTION, LAW, NO,
                       OFFICE0, PROC, SHIP0, YES)
from ..data import company
from ..data import crown as cd
from ..data.cards import ENTERPRISE_PRESTIGE
from ..data.company import MAX_DEBT
from ..queries import (active, allocation_requests, buyable_alliances, crown_dividends, cubes, debt_target,
                       deploy_req_shift, done_this_turn, family, favour_record, favour_shift, governor_min_shift,
                       law_draws, seek_debt, shares, tokens_left, trade_dice_shift)
from ..registry import CONTINUATIONS, answers
from ..static import (CHAIRMAN, CHINA, CLOSED, CROWN, DIRECTOR_OF_TRADE, FILLED, GOVERNORS, GOVERNOR_GENERAL,
                      MANAGER_OF_SHIPPING, MILITARY_AFFAIRS, OFFICE_NAMES, ORDER_REGION, PRESIDENCY_HOME_REGION,
                      PRESIDENCY_NAMES, PRESIDENCY_ZONE, PRESIDENT, SHIP_NAMES, SUPERINTENDENT, TREASURY_NAMES, T_DOT,
                      T_MOS)
from .common import ask_number, key, name
from .consent import seek_consent as ask_all
from .hiring import seat_chairman
from .operations_presidency import deploy_roll

LABELS = dict(cd.FAVOUR_LABELS, chairman_dues="you are Chairman (-1, mandatory)",
              nepotism_crown="the Crown's nepotism, you consent (+2, mandatory)",
              hire_crown_piece="you hire a Crown piece over another family's (+1, mandatory)",
              mos_fits_yours="the Crown Manager of Shipping fits your ship (-1, mandatory)",
              mos_fits_crown="you fit a Crown ship (+1)",
              ma_crown_commander="you assign the Crown as Commander (+1, mandatory)",
              president_crown_writer="you place a Crown writer filling an order (+1, mandatory)",
              upkeep_writers="none of your writers returns from a Crown Presidency (+1, mandatory)",
              chairman_allocation="you allocate money to a Crown office (+1)",
              mos_crown_zone="you place a ship in a Crown Presidency's sea zone or with a Crown Superintendent (+1)")
_ALLOC_KEYS = tuple(f"allocate_{k}" for k in range(5))
_WISH_KEYS = tuple(f"mos_buy_wish_{n}" for n in range(15))
_GOV_KEYS = tuple(f"{f}@{g}" for g in GOVERNORS for f in ("governor_min_up", "governor_min_down"))
_PRES_KEYS = tuple(f"{f}@{p}" for p in range(3) for f in ("trade_dice_up", "trade_dice_down", "deploy_req_up",
                                                          "deploy_req_down"))
_BLUE_KEYS = (("dot_crown_home_order", "you as Director of Trade open an order in the home region of a Crown Presidency "
                                        "with a Crown writer (+1)"),
              ("dot_balanced", "after you act as Director of Trade no Presidency has 2 or more ships or writers more "
                               "than another (+1)"),
              ("gg_crown_treasury", "you as Governor General add money to a Crown office's treasury (+1)"),
              ("gg_crown_regiment", "you as Governor General place a regiment in a Crown Presidency's Army (+1)"),
              ("gg_crown_ship", "you as Governor General place a Company ship in a Crown Presidency's sea zone (+1)"),
              ("governor_crown_ship", "you as Governor move a Company ship into a Crown Presidency's sea zone (+1)"),
              ("deploy_crown_officers", "you as Commander deploy into a non-Company region with Crown officers (+1)"),
              ("deploy_crown_writer", "you as Commander deploy into a Company region of a Crown Presidency with a "
                                      "Crown writer (+1)"))
_GOV_BLUE_KEYS = tuple(f"{f}@{p}" for p in range(3) for f in ("governor_crown_tax", "governor_crown_regiment"))
LABELS.update({k: f"£3 of the Crown Chairman's allocation to the {TREASURY_NAMES[i]} (-1)"
               for i, k in enumerate(_ALLOC_KEYS)})
LABELS.update({k: f"{LABELS[k.split('@')[0]][:-5]} ({OFFICE_NAMES[int(k.split('@')[1])]}) (-1)" for k in _GOV_KEYS})
LABELS.update({k: f"{LABELS[k.split('@')[0]][:-5]} ({PRESIDENCY_NAMES[int(k.split('@')[1])]}) (-1)"
               for k in _PRES_KEYS})
LABELS.update(dict(_BLUE_KEYS))
LABELS.update({k: f"the Crown Manager of Shipping buys {k.rsplit('_', 1)[1]} Company ship(s), as you wish (-3)"
               for k in _WISH_KEYS})
LABELS.update({k: ("you as Governor put Tax money in a Crown Presidency's treasury" if "tax" in k else
                   "you as Governor commission a regiment into a Crown Presidency's Army")
               + f" ({PRESIDENCY_NAMES[int(k.split('@')[1])]}, once a turn) (+1)" for k in _GOV_BLUE_KEYS})
ENTERPRISE_CARDS = {c[0] for c in ENTERPRISE_PRESTIGE}
PROC_DEPLOY = PROC["deploy"]
BASIC_WINDOWS = ("new_shares", "revenue_end")
KEYS = tuple(k for k, _ in cd.FAVOUR_LABELS) + ("chairman_dues", "nepotism_crown", "hire_crown_piece",
                                                "mos_fits_yours", "mos_fits_crown", "ma_crown_commander",
                                                "president_crown_writer", "upkeep_writers", "chairman_allocation",
                                                "mos_crown_zone") + _ALLOC_KEYS + _GOV_KEYS + _WISH_KEYS + _PRES_KEYS + tuple(
    k for k, _ in _BLUE_KEYS) + _GOV_BLUE_KEYS


# --- the record (state.crown) --------------------------------------------------------------------------------
def pay(game, fav: str, value: int) -> int:
    """Move the cubes of favour ``fav`` worth ``value`` (RB p.45): -n the family pays n (it must have them),
    +n the Crown pays n, at most what it has. Records the favour; returns the cubes moved."""
    s = game.state
    cr = dict(s.crown)
    c = dict(cr["cubes"])
    if value < 0:
        if c["family"] < -value:
            raise ValueError(f"favour {fav}: the family cannot pay {-value} cubes")
        moved = -value
        c["family"] -= moved
        c["crown"] += moved
    else:
        moved = min(value, c["crown"])
        c["crown"] -= moved
        c["family"] += moved
    rec = favour_record(s)
    rec = {"turn": rec["turn"], "done": rec["done"] + [fav], "total": rec["total"] + 1}
    s.crown = dict(cr, cubes=c, favours=rec)
    sign = "pays the Crown" if value < 0 else "receives from the Crown"
    game.log_note("crown", f"Favour ({LABELS.get(fav, fav)}): {name(family(s))} {sign} {moved} promise cube(s); "
                  f"cubes: you {c['family']}, the Crown {c['crown']}", favour=fav, cubes=moved)
    return moved


def affordable(state, value: int) -> bool:
    """A cost the family can pay in full; a gain offered while the Crown has a cube (reading, module doc)."""
    return cubes(state, "family") >= -value if value < 0 else cubes(state, "crown") >= 1


def mandatory(game, fav: str, value: int) -> bool:
    """A bold-outlined favour whose condition is met (RB p.45): performed if the payer has the cubes (a cost:
    all of them; a gain: at least one). True if performed."""
    s = game.state
    if not active(s) or not affordable(s, value):
        return False
    pay(game, fav, value)
    return True


# --- prices -----------------------------------------------------------------------------------------------
def price(state, fav: str) -> int:
    if fav in cd.BASIC_FAVOURS[0]:
        return cd.BASIC_FAVOURS[0][fav]
    if fav == "remove_promise_card":
        return math.ceil(int(state.turn) / 2)
    if fav == "give_pound":
        return cd.GIVE_POUND_MAJORITY[0]
    if fav == "nepotism_consent":
        return cd.NEPOTISM_CONSENT[0]
    if fav == "elect_you":
        return cd.ELECT_YOU[0]
    if fav == "elect_crown":
        return cd.ELECT_CROWN[0]
    if fav == "crown_alliance_consent":
        return cd.CROWN_ALLIANCE_CONSENT[0]
    if fav in cd.LONDON_FAVOURS[0]:
        return cd.LONDON_FAVOURS[0][fav]
    raise ValueError(fav)


# --- the basic favours' items (RB p.8 transfers) ----------------------------------------------------------------
def _shipyards(s, owner: int, fitted: bool) -> list[int]:
    return [i for i in range(len(s.shipyard_owner))
            if s.shipyard_owner[i] == owner and (s.ship_zone[i] >= 0) == fitted]


def _prestige(s, owner: int) -> list[int]:
    return [c for c in s.hands[owner]["prestige"] if c in ENTERPRISE_CARDS]


def _crown_majority(s) -> bool:
    """HB Family: the Crown has a majority of Company shares (more than half of the Court's and the Chairman's)."""
    mine = int(s.court[CROWN]) + int(s.office_holder[CHAIRMAN] == CROWN)
    return 2 * mine > shares(s)


JOHN_THORPE, VIOLET_EFFINGHAM, ESTHER_SUMMERSON = 13, 14, 12     # spouses forbidding workshops / shipyards / blackmail


def _spouse_forbids(s, me: int, fav: str) -> bool:
    """RB spouse restrictions (rules/london_season.py): a family whose spouse forbids an item does not take it
    (the Crown ignores spouse texts, digest §9.2)."""
    spouses = s.hands[me]["prestige"]
    return ((fav == "take_workshop" and JOHN_THORPE in spouses)
            or (fav.endswith("shipyard") and fav.startswith("take_") and VIOLET_EFFINGHAM in spouses)
            or (fav == "take_blackmail" and ESTHER_SUMMERSON in spouses))


def _item_ok(s, fav: str) -> bool:
    me = family(s)
    if _spouse_forbids(s, me, fav):
        return False
    if fav in ("take_pound_early", "take_pound"):
        return s.cash[CROWN] >= 1
    if fav == "take_enterprise":
        return bool(_prestige(s, CROWN))
    if fav == "take_blackmail":
        return bool(s.hands[CROWN]["blackmail"])
    giver, taker = (me, CROWN) if fav.startswith("give_") else (CROWN, me)
    if fav.endswith("unfitted_shipyard"):
        return bool(_shipyards(s, giver, False))
    if fav.endswith("fitted_shipyard"):
        return bool(_shipyards(s, giver, True))
    if fav.endswith("workshop"):
        return s.workshops[giver] > 0
    if fav.endswith("luxury"):
        return s.luxuries[giver] > 0
    if fav == "give_prestige":
        return bool(_prestige(s, me))
    if fav == "give_cash":
        return s.cash[me] >= cd.GIVE_CASH[0]
    if fav == "give_pound":
        return s.cash[me] >= 1 and _crown_majority(s)
    if fav == "remove_promise_card":
        return s.crown["promise_cards"] > 0
    return False


def available(game, win: str) -> list[str]:
    """The favours of window ``win`` available and affordable now, in vocabulary order."""
    s = game.state
    if not active(s) or s.over:
        return []
    if win in BASIC_WINDOWS:
        favs = list(cd.BASIC_FAVOURS[0]) + ["remove_promise_card"] + (["give_pound"] if win == "new_shares" else [])
    elif win == "london_before":
        favs = ["take_pound_early"]
    elif win == "london_after":
        favs = ["take_pound", "take_enterprise", "take_blackmail"]
    else:
        return []
    favs = [f for f in favs if affordable(s, price(s, f)) and _item_ok(s, f)]
    return sorted(favs, key=lambda f: FAVOUR[f])


@answers("window", solo=True)
def window(game, win: str) -> None:
    """Offer the family its favour window ``win`` (a decision) if a favour is available and affordable."""
    s = game.state
    favs = available(game, win)
    if not favs:
        return
    me = family(s)
    game.choose(key(me), f"{name(me)}: a favour with the Crown? (promise cubes: you {cubes(s, 'family')}, the "
                f"Crown {cubes(s, 'crown')})", [FAVOUR[f] for f in favs] + [DONE], "favour_chosen", window=win)


@CONTINUATIONS.register
def favour_window(game, frame, _):
    """A window pushed to open later (e.g. at the end of a phase): still in that phase, not after the game."""
    if not game.state.over and game.state.phase == frame["phase"]:
        window(game, frame["window"])


@answers("window_later", solo=True)
def window_later(game, win: str) -> None:
    """Open window ``win`` once the frames pushed after this call are done, if the phase has not changed."""
    if active(game.state):
        game.after("favour_window", window=win, phase=game.state.phase)


@CONTINUATIONS.register
def favour_chosen(game, frame, action):
    if action == DONE:
        return
    s = game.state
    fav = FAVOUR_OF_ACTION[action]
    me = family(s)
    game.after("favour_window", window=frame["window"], phase=s.phase)     # offered again afterwards
    value = price(s, fav)
    pay(game, fav, value)
    if fav.endswith("shipyard"):
        giver, taker = (me, CROWN) if fav.startswith("give_") else (CROWN, me)
        ships = _shipyards(s, giver, "unfitted" not in fav)
        if len(ships) == 1:
            _move_shipyard(game, ships[0], taker)
        else:
            game.choose(key(me), f"{name(me)}: which shipyard {'goes to' if taker == CROWN else 'comes from'} the "
                        "Crown?", [SHIP0 + i for i in ships], "favour_shipyard", taker=taker)
        return
    if fav in ("give_prestige", "take_enterprise"):
        giver = me if fav == "give_prestige" else CROWN
        cards = _prestige(s, giver)
        if len(cards) == 1:
            _move_card(game, cards[0], giver)
        else:
            game.choose(key(me), f"{name(me)}: which enterprise prestige card "
                        f"{'goes to' if giver == me else 'comes from'} the Crown?",
                        [FAVOUR_CARD[c] for c in cards], "favour_card", giver=giver)
        return
    if fav == "take_blackmail":              # HB London Season: no peeking -- one of its cards at random
        cards = list(s.hands[CROWN]["blackmail"])
        card = cards[s.rng.die(len(cards), "favour: a blackmail card from the Crown") - 1]
        hands = [dict(h) for h in s.hands]
        hands[CROWN]["blackmail"] = [c for c in cards if c != card]
        hands[me]["blackmail"] = list(hands[me]["blackmail"]) + [card]
        s.hands = hands
        game.log_note("crown", f"{name(me)} takes a blackmail card from the Crown")
        return
    if fav in ("take_pound_early", "take_pound"):
        s.cash[CROWN] -= 1
        s.cash[me] += 1
        return
    giver, taker = (me, CROWN) if fav.startswith("give_") else (CROWN, me)
    if fav.endswith("workshop"):
        s.workshops[giver] -= 1
        s.workshops[taker] += 1
    elif fav.endswith("luxury"):          # RB p.13 / p.8: the luxury's 2 VP go with it
        s.luxuries[giver] -= 1
        s.luxuries[taker] += 1
        s.vp[giver] -= company.LUXURY_VP[0]
        s.vp[taker] += company.LUXURY_VP[0]
    elif fav == "give_cash":
        s.cash[me] -= cd.GIVE_CASH[0]
        s.cash[CROWN] += cd.GIVE_CASH[0]
    elif fav == "give_pound":
        s.cash[me] -= 1
        s.cash[CROWN] += 1
    elif fav == "remove_promise_card":
        s.crown = dict(s.crown, promise_cards=s.crown["promise_cards"] - 1)
    else:
        raise ValueError(fav)


def _move_shipyard(game, ship: int, taker: int) -> None:
    """RB p.8: an enterprise changes hands; a fitted shipyard's ship goes with it where it is."""
    s = game.state
    s.shipyard_owner[ship] = taker
    game.log_note("crown", f"The shipyard of the {SHIP_NAMES[ship]} goes to {name(taker)}")


@CONTINUATIONS.register
def favour_shipyard(game, frame, action):
    _move_shipyard(game, action - SHIP0, frame["taker"])


def _move_card(game, card: int, giver: int) -> None:
    """An enterprise prestige card changes hands (RB p.8: transferable; it counts as an enterprise of its type)."""
    s = game.state
    taker = family(s) if giver == CROWN else CROWN
    hands = [dict(h) for h in s.hands]
    hands[giver]["prestige"] = [c for c in hands[giver]["prestige"] if c != card]
    hands[taker]["prestige"] = list(hands[taker]["prestige"]) + [card]
    s.hands = hands
    game.log_note("crown", f"{name(giver)} gives the enterprise card {card} to {name(taker)}")


@CONTINUATIONS.register
def favour_card(game, frame, action):
    _move_card(game, FAVOUR_CARD_OF_ACTION[action], frame.get("giver", family(game.state)))



# --- consent favours (HB Hiring, Chairman, Commander) ---------------------------------------------------------
def _consent_favour(s, about: str, askees: list, weights: list, base: int, need: int, data: dict):
    """The favour a consent has in the solo game: (favour, value, consenter, mandatory) or None.
    ``consenter`` is the family whose consent the favour gives (the Crown for a bought consent)."""
    me = family(s)
    if base >= need:
        return None
    c = s.crown["climate"]
    if about == "nepotism":
        if data["hirer"] == me and CROWN in askees:
            return "nepotism_consent", cd.NEPOTISM_CONSENT[0], CROWN, False
        if data["hirer"] == CROWN and me in askees and cubes(s, "crown") >= cd.NEPOTISM_CROWN[0]:
            return "nepotism_crown", cd.NEPOTISM_CROWN[0], me, True
    elif about == "debt":
        if data["slot"] == me and CROWN in askees:
            first = done_this_turn(s, "debt_consent") == 0
            return "debt_consent", cd.DEBT_CONSENT_FIRST[0][c] if first else cd.DEBT_CONSENT_FURTHER[0], CROWN, False
    elif about == "election":
        total = sum(int(s.court[f]) for f in s.seats)
        former = data["former"]
        if data["cand"] == me and CROWN in askees and _crown_elects_itself(s, former):
            return "elect_you", cd.ELECT_YOU[0], CROWN, False
        if data["cand"] == CROWN and me in askees:
            mine = int(s.court[me])
            if 2 * mine > total or (2 * mine == total and former == me):
                return "elect_crown", cd.ELECT_CROWN[0], me, False
    elif about == "alliance":
        p = data["p"]
        if int(s.commander[p]) == CROWN and askees == [me] and favour_record(s)["done"][-1:] == ["alliance_one_more"]:
            return "alliance_one_more", 0, me, True          # HB Commander 1: you must consent (you paid for it)
        if int(s.commander[p]) == me and askees == [CROWN]:
            return "alliance_consent", cd.ALLIANCE_CONSENT[0][c], CROWN, cd.ALLIANCE_CONSENT[0][c] == 0
        if int(s.commander[p]) == CROWN and askees == [me]:
            return "crown_alliance_consent", cd.CROWN_ALLIANCE_CONSENT[0], me, False
    return None


@answers("consent", solo=True)
def consent(game, askees, weights, base, need, ask, then, data, about: str, **extra) -> bool:
    """The point "consent" (rules/consent.seek_consent announces it for a consent ``about`` "nepotism", "debt",
    "election" or "alliance"): the solo favours of that consent (module docstring). A bought consent is binding:
    the engine gives it and the Crown is not asked; a mandatory one (the Crown's nepotism +2, a free alliance
    consent) is given at once. ``extra``: seek_consent's own keywords (requester, promise, by_shares: the
    negotiation option). True if a favour answered (the consent given, or the favour offered first); False: the
    families are asked as usual."""
    s = game.state
    offer = _consent_favour(s, about, list(askees), weights, base, need, data) if active(s) else None
    args = dict(askees=list(askees), weights=list(weights), base=base, need=need, ask=ask, then=then, data=data,
                extra=extra)
    if offer is None:
        return False
    fav, value, consenter, must = offer
    if must:
        if value:
            pay(game, fav, value)
        else:
            game.log_note("crown", f"{name(consenter)} consents for free ({LABELS.get(fav, fav)}: 0 cubes, "
                          "HB Commander)")
        _consent_given(game, args, consenter)
        return True
    if affordable(s, value):
        me = family(s)
        game.choose(key(me), f"{name(me)}: a favour with the Crown for this consent? (promise cubes: you "
                    f"{cubes(s, 'family')}, the Crown {cubes(s, 'crown')}; {LABELS[fav]}: {value:+d})",
                    [FAVOUR[fav], DONE], "favour_consent", consent=args, favour=fav, value=value,
                    consenter=consenter)
        return True
    return False


def _consent_given(game, args: dict, consenter: int) -> None:
    askees, weights = list(args["askees"]), list(args["weights"])
    i = askees.index(consenter)
    base = args["base"] + weights[i]
    del askees[i], weights[i]
    asked = args["ask"].format(family=name(consenter))
    game.log_note("consent", f"{name(consenter)} consents (a favour; binding): {asked}")
    ask_all(game, askees, weights, base, args["need"], args["ask"], args["then"], args["data"], **args.get("extra", {}))


@CONTINUATIONS.register
def favour_consent(game, frame, action):
    args = frame["consent"]
    if action == DONE:
        ask_all(game, args["askees"], args["weights"], args["base"], args["need"], args["ask"], args["then"],
                args["data"], **args.get("extra", {}))
        return
    pay(game, frame["favour"], frame["value"])
    _consent_given(game, args, frame["consenter"])


def _crown_elects_itself(s, former: int) -> bool:
    """HB Hiring 1 (AID form): the Crown has a majority of Company shares, or equality and was Chairman."""
    total = sum(int(s.court[f]) for f in s.seats)
    crown = int(s.court[CROWN])
    return 2 * crown > total or (2 * crown == total and former == CROWN)


@answers("election_window", solo=True)
def election_window(game, former: int) -> None:
    """HB Hiring 1: the Crown, which would elect itself, elects you instead for -3 (offered before the vote;
    reading: you need a Court share to take the chair, RB p.15)."""
    s = game.state
    if not active(s):
        return
    me = family(s)
    if s.court[me] > 0 and _crown_elects_itself(s, former) and affordable(s, cd.ELECT_YOU[0]):
        game.choose(key(me), f"{name(me)}: a favour with the Crown before the Chairman election? (promise cubes: "
                    f"you {cubes(s, 'family')}, the Crown {cubes(s, 'crown')})", [FAVOUR["elect_you"], DONE],
                    "favour_elect_you")


@CONTINUATIONS.register
def favour_elect_you(game, frame, action):
    if action == DONE:
        return
    pay(game, "elect_you", cd.ELECT_YOU[0])
    seat_chairman(game, family(game.state), from_court=True)


# --- mandatory favours (HB per phase) ------------------------------------------------------------------------
@answers("chairman_dues", solo=True)
def chairman_dues(game, slot: int) -> None:
    """HB Chairman (digest §9.6.5): you are Chairman -- mandatory -1 once per turn, before any action, if you
    have a cube."""
    s = game.state
    if active(s) and slot == family(s) and done_this_turn(s, "chairman_dues") == 0:
        mandatory(game, "chairman_dues", cd.CHAIRMAN_DUES[0])


@answers("hired", solo=True)
def hired(game, office: int, hirer: int, slot: int, pool: list) -> None:
    """HB Hiring 3 (digest §9.6.4): +1 when you hire a Crown piece over any non-Crown candidate (mandatory
    reading: the pool held a candidate of another family)."""
    s = game.state
    if active(s) and hirer == family(s) and slot == CROWN and any(f != CROWN for _, f in pool):
        mandatory(game, "hire_crown_piece", cd.HIRE_CROWN_PIECE[0])


@answers("ship_fitted", solo=True)
def ship_fitted(game, manager: int, ship: int) -> None:
    """HB Manager of Shipping 1 (digest §9.6.8): a Crown Manager fitting one of your ships -- mandatory -1 if
    able, paid before the sea zone is chosen. You as Manager: +1 for fitting a Crown ship (reading: a blue
    box earned by your own action is taken whenever it applies -- nobody refuses cubes)."""
    s = game.state
    if not active(s):
        return
    owner, me = int(s.shipyard_owner[ship]), family(s)
    if manager == CROWN and owner == me:
        mandatory(game, "mos_fits_yours", cd.MOS_FITS_YOURS[0])
    elif manager == me and owner == CROWN:
        mandatory(game, "mos_fits_crown", cd.MOS_FITS_CROWN[0])


@answers("commander_appointed", solo=True)
def commander_appointed(game, f: int, old: int) -> None:
    """HB Military Affairs (digest §9.6.9): you are Military Affairs -- mandatory +1 whenever you assign the
    Crown as Commander of an Army (even with no choice). Reading: an assignment during the Military Affairs
    operation while you hold the office (RB p.19 'Commanders')."""
    s = game.state
    if (active(s) and f == CROWN and old != CROWN and s.phase == "operations"
            and int(s.office_holder[MILITARY_AFFAIRS]) == family(s)):
        mandatory(game, "ma_crown_commander", cd.MA_CROWN_COMMANDER[0])


@answers("writer_placed", solo=True)
def writer_placed(game, president: int, fam: int) -> None:
    """HB President (digest §9.6.10): you are President -- mandatory +X when you place X Crown writers filling
    orders (even if forced): +1 per Crown writer, as it is placed."""
    s = game.state
    if active(s) and fam == CROWN and president == family(s):
        mandatory(game, "president_crown_writer", cd.PRESIDENT_CROWN_WRITERS[0])


@answers("writers_return", solo=True)
def writers_return(game) -> None:
    """HB Upkeep 2 (digest §9.6.14): solo mandatory +1 when you have a writer in a Crown Presidency but none of
    your writers returns from filling an order in that Presidency (checked when writers return, in Refresh).
    Readings: 'a writer in' = in its Writers box; +1 for each such Crown Presidency."""
    s = game.state
    if not active(s):
        return
    me = family(s)
    for p in range(3):
        if int(s.office_holder[PRESIDENT[p]]) != CROWN or s.writers[me, p] == 0:
            continue
        returning = any(s.order_state[o] == FILLED and s.order_writer[o] == me and s.order_presidency[o] == p
                        for o in range(len(s.order_state)))
        if not returning:
            mandatory(game, "upkeep_writers", cd.UPKEEP_WRITERS[0])


# --- "you decide for the Crown" (HB Hiring, Commander, Director of Trade, Manager of Shipping) ------------------
@answers("crown_decision", solo=True)
def crown_decision(game, fav: str) -> None:
    """Called right after the Crown's decision frame is pushed: offer the family, for the favour's price
    (data/crown.py DECIDE_FOR_THE_CROWN), to make this decision for the Crown -- the frame's decider becomes
    the family and its options stay the Crown's legal ones. Offered only when the decision has a choice.
    Readings: 'one hiring decision' is the choice of candidate for one office (a 'whose?' that follows is
    the Crown's again); the envoy favour (-1, 'target a specific order') leaves China out when an order can
    be opened (opening China instead is HB's -3 favour, not offered)."""
    s = game.state
    top = game.top()
    if not active(s) or top is None or top.get("kind") != "choose" or top.get("actor") != key(CROWN):
        return
    options = _decided_options(fav, top["options"])
    value = cd.DECIDE_FOR_THE_CROWN[0][fav]
    if len(options) < 2 or not affordable(s, value):
        return
    me = family(s)
    game.choose(key(me), f"{name(me)}: a favour with the Crown? It is to decide: {top['ask']} (promise cubes: "
                f"you {cubes(s, 'family')}, the Crown {cubes(s, 'crown')})", [FAVOUR[fav], DONE], "favour_decide",
                favour=fav)


def _decided_options(fav: str, options: list) -> list:
    if fav == "decide_envoy":
        orders = [a for a in options if a != PROC["open_china"]]
        return orders or list(options)
    return list(options)


@CONTINUATIONS.register
def favour_decide(game, frame, action):
    if action == DONE:
        return
    fav = frame["favour"]
    pay(game, fav, cd.DECIDE_FOR_THE_CROWN[0][fav])
    _hand_over(game, fav)


def _hand_over(game, fav: str) -> None:
    s = game.state
    top = game.top()                          # the Crown's decision, now the family's
    me = family(s)
    top["actor"] = key(me)
    top["options"] = _decided_options(fav, top["options"])
    top["ask"] = f"{name(me)} decides for the Crown (a favour): {top['ask']}"


# --- the Crown Chairman's dividends (HB Revenue 3) ---------------------------------------------------------------
@answers("dividend_window", solo=True)
def dividend_window(game) -> None:
    """Called right after a Crown Chairman is asked how many dividends: HB Revenue 3's favours, one dividend
    fewer (-2/-2/-1/-1/-1) or more (-1/-1/-2/-2/-2), each offered while it changes the count."""
    s = game.state
    if not active(s) or int(s.office_holder[CHAIRMAN]) != CROWN:
        return
    n, c = crown_dividends(s), s.crown["climate"]
    favs = []
    if n > 0 and affordable(s, cd.DIVIDEND_FEWER[0][c]):
        favs.append("dividend_fewer")
    if n + 1 <= int(s.balance) // max(1, shares(s)) and affordable(s, cd.DIVIDEND_MORE[0][c]):
        favs.append("dividend_more")
    if favs:
        me = family(s)
        game.choose(key(me), f"{name(me)}: a favour with the Crown? The Crown Chairman would pay {n} dividend(s) "
                    f"(promise cubes: you {cubes(s, 'family')}, the Crown {cubes(s, 'crown')})",
                    [FAVOUR[f] for f in favs] + [DONE], "favour_dividends")


@CONTINUATIONS.register
def favour_dividends(game, frame, action):
    if action == DONE:
        return
    s = game.state
    fav = FAVOUR_OF_ACTION[action]
    pay(game, fav, (cd.DIVIDEND_FEWER if fav == "dividend_fewer" else cd.DIVIDEND_MORE)[0][s.crown["climate"]])
    dividend_window(game)


# --- your blue boxes as Chairman and Manager of Shipping (HB Chairman, Manager of Shipping) ----------------------
def _treasury_office(s, k: int) -> int:
    if k == 0:
        return GOVERNOR_GENERAL if s.office_exists[GOVERNOR_GENERAL] else DIRECTOR_OF_TRADE
    return MANAGER_OF_SHIPPING if k == 1 else PRESIDENT[k - 2]


@answers("allocated", solo=True)
def allocated(game, chairman: int, k: int, value: int) -> None:
    """HB Chairman (digest §9.6.5): you are Chairman -- +1 when you allocate at least £3/£4/£4/£4/£5 to a Crown
    office (treasury ``k``). Reading: a blue box your own action earns is taken (as RB p.45's '+1 fit a Crown
    ship'); once per treasury and allocation."""
    s = game.state
    if (active(s) and chairman == family(s) and value >= cd.CHAIRMAN_ALLOCATION[0][s.crown["climate"]]
            and int(s.office_holder[_treasury_office(s, k)]) == CROWN):
        mandatory(game, "chairman_allocation", 1)


@answers("ship_placed", solo=True)
def ship_placed(game, manager: int, zone: int) -> None:
    """HB Manager of Shipping (digest §9.6.8): you are MoS -- +1 for placing a ship in a Crown Presidency's sea
    zone or with a Crown Superintendent (China). Reading: taken whenever it applies (a blue box)."""
    s = game.state
    if not active(s) or manager != family(s):
        return
    crown_zone = any(PRESIDENCY_ZONE[p] == zone and int(s.office_holder[PRESIDENT[p]]) == CROWN for p in range(3))
    if crown_zone or (zone == CHINA and int(s.office_holder[SUPERINTENDENT]) == CROWN):
        mandatory(game, "mos_crown_zone", cd.MOS_CROWN_ZONE[0])


# --- favours that change the Crown's procedures (HB Chairman, Governor General, Governor, Superintendent) ------
def _crown_debt_base(s) -> int:
    return seek_debt(s, CROWN)


def _procedure_favours(game, which: str, data: dict) -> list[tuple[str, int, str]]:
    """(vocabulary favour, value, the key recorded) of procedure window ``which`` available now."""
    s = game.state
    c = s.crown["climate"]
    out: list[tuple[str, int, str]] = []
    if which == "debt":                                      # HB Chairman 2 (digest §9.6.5)
        n, room = debt_target(s, _crown_debt_base(s)), MAX_DEBT[0] - int(s.debt)
        if n < room:                                         # each offered while it changes the count
            out.append(("debt_more", cd.DEBT_MORE[0][c], "debt_more"))
        if 0 < n <= room and cd.DEBT_FEWER[0][c] is not None:
            out.append(("debt_fewer", cd.DEBT_FEWER[0][c], "debt_fewer"))
    elif which == "allocation":                              # HB Chairman 3
        if int(s.office_holder[CHAIRMAN]) == CROWN and 3 * len(allocation_requests(s)) < int(s.balance):
            out.append(("allocation_request", cd.ALLOCATION_REQUEST[0][0], "allocation_request"))
    elif which == "gg":                                      # HB Governor General (digest §9.6.7)
        need = cd.GOVERN_DICE[0][c] + favour_shift(s, "gg_dice_up", "gg_dice_down")
        out.append(("gg_dice_up", cd.GG_DICE_CHANGE[0], "gg_dice_up"))
        if need > 1:
            out.append(("gg_dice_down", cd.GG_DICE_CHANGE[0], "gg_dice_down"))
    elif which == "governor":                                # HB Governor (digest §9.6.10)
        g = data["g"]
        low = cd.ADMINISTER_MIN_POOL[0][c] + governor_min_shift(s, g)
        out.append(("governor_min_up", cd.GOVERNOR_MIN_CHANGE[0], f"governor_min_up@{g}"))
        if low > 1:
            out.append(("governor_min_down", cd.GOVERNOR_MIN_CHANGE[0], f"governor_min_down@{g}"))
        if data.get("first"):
            out.append(("governor_none", cd.GOVERNOR_NONE[0], "governor_none"))
    elif which == "china":                                   # HB Superintendent (digest §9.6.10)
        low = cd.CHINA_MIN_DICE[0][c] + favour_shift(s, "china_min_up", "china_min_down")
        out.append(("china_min_up", cd.CHINA_MIN_CHANGE[0], "china_min_up"))
        if low > 1:
            out.append(("china_min_down", cd.CHINA_MIN_CHANGE[0], "china_min_down"))
    elif which == "mos":                                     # HB Manager of Shipping 2-3 (digest §9.6.8)
        options = game.top()["options"]
        if PROC["buy_company_ship"] in options:
            fav, value = cd.MOS_BUY_CHANGE[0][c]
            if not any(done_this_turn(s, k) for k in ("mos_buy_one", "mos_buy_none") + _WISH_KEYS):
                out.append((fav, value, fav))
            if cd.MOS_BUY_ANOTHER[0][c] is not None:
                out.append(("mos_buy_another", cd.MOS_BUY_ANOTHER[0][c], "mos_buy_another"))
        if PROC["lease_extra_ship"] in options and done_this_turn(s, "mos_leave_two") == 0:
            out.append(("mos_leave_two", cd.MOS_LEAVE_TWO[0], "mos_leave_two"))
    elif which == "trade":                                   # HB President 1 (digest §9.6.10)
        p = data["p"]
        low = cd.TRADE_MIN_DICE[0][c] + trade_dice_shift(s, p)
        out.append(("trade_dice_up", cd.TRADE_DICE_CHANGE[0], f"trade_dice_up@{p}"))
        if low > 1:
            out.append(("trade_dice_down", cd.TRADE_DICE_CHANGE[0], f"trade_dice_down@{p}"))
    elif which == "trade_writer":                            # HB President 3
        options = game.top()["options"]
        if FAMILY0 + family(s) in options and len(options) > 1:
            out.append(("trade_your_writer", cd.TRADE_YOUR_WRITER[0], "trade_your_writer"))
    elif which == "commander":                               # HB Commander 1, 3-4
        p = data["p"]
        if PROC["buy_alliance"] in game.top()["options"]:
            if cd.ALLIANCE_ONE_MORE[0][c] is not None:
                out.append(("alliance_one_more", cd.ALLIANCE_ONE_MORE[0][c], "alliance_one_more"))
            if cd.ALLIANCE_PREVENT[0][c] is not None and int(s.office_holder[PRESIDENT[p]]) == CROWN:
                out.append(("alliance_prevent", cd.ALLIANCE_PREVENT[0][c], "alliance_prevent"))
        if PROC["deploy"] in game.top()["options"]:
            low = min(cd.DEPLOY_DICE_COMPANY[0][c], cd.DEPLOY_DICE_NON_COMPANY[0][c]) + deploy_req_shift(s, p)
            out.append(("deploy_req_up", cd.DEPLOY_REQ_CHANGE[0], f"deploy_req_up@{p}"))
            if low > 1:
                out.append(("deploy_req_down", cd.DEPLOY_REQ_CHANGE[0], f"deploy_req_down@{p}"))
            if data.get("deployed"):
                force, stop = cd.DEPLOY_AGAIN_FORCE[0][c], cd.DEPLOY_AGAIN_STOP[0][c]
                if force is not None:
                    out.append(("deploy_again", force, "deploy_again"))
                if stop is not None:
                    out.append(("deploy_stop", stop, "deploy_stop"))
    elif which == "alliance":                                # HB Commander 1: the Crown's pick of alliance
        options = game.top()["options"]
        if len(options) > 1:
            if cd.ALLIANCE_DEARER[0][c] is not None and _alliance_options(s, options, "alliance_dearer"):
                out.append(("alliance_dearer", cd.ALLIANCE_DEARER[0][c], "alliance_dearer"))
            if cd.ALLIANCE_CHEAPER[0][c] is not None and _alliance_options(s, options, "alliance_cheaper"):
                out.append(("alliance_cheaper", cd.ALLIANCE_CHEAPER[0][c], "alliance_cheaper"))
    elif which in ("dot", "ma"):                             # HB Director of Trade 2, Military Affairs 1
        top = game.top()
        due = which == "dot" and _envoy_due(s, top["options"])
        if due and top.get("envoy_amount") is None:
            out.append(("envoy_amount", cd.ENVOY_AMOUNT[0][c], "envoy_amount"))
        if (top.get("by") is None and top.get("transfers", 0) < 2 and any(a in _TRANSFER_PROCS for a in top["options"])
                and not due):
            table = cd.DOT_TRANSFER_FAVOURS[0] if which == "dot" else cd.MA_TRANSFER_FAVOURS[0]
            out += [(f, v, f) for f, v in table.items()]
    elif which == "envoy":                                   # HB Director of Trade 1 (digest §9.6.6)
        options = game.top()["options"]
        orders = [a for a in options if a != PROC["open_china"]]
        if PROC["open_china"] in options and orders:
            out.append(("envoy_china", cd.ENVOY_CHINA[0], "envoy_china"))
        if len(orders) > 1:
            out.append(("decide_envoy", cd.DECIDE_FOR_THE_CROWN[0]["decide_envoy"], "decide_envoy"))
    elif which == "law":                                     # HB Parliament (Crown PM) 2 (digest §9.6.13)
        drawn, can_draw = data["drawn"], PROC["draw_law"] in game.top()["options"]
        if can_draw and len(drawn) < law_draws(s):
            out.append(("law_stop", cd.LAW_DRAW[0]["law_stop"], "law_stop"))
        if can_draw and len(drawn) >= law_draws(s):
            out.append(("law_skip", cd.LAW_DRAW[0]["law_skip"], "law_skip"))
    return [o for o in out if affordable(s, o[1])]


_TRANSFER_PROCS = tuple(PROC[k] for k in ("transfer_writer", "transfer_ship", "transfer_officer", "transfer_regiment"))


def _envoy_due(s, options: list) -> bool:
    """HB Director of Trade 1: the Crown sends another Special Envoy (£X by climate while it has £X and a closed order
    of a non-Company region); its transfers -- and their favours -- come after (reading: the transfer favours are
    offered at the Crown's menu once its envoys are over)."""
    return (PROC["special_envoy"] in options and int(s.treasury[T_DOT]) >= cd.ENVOY_SPEND[0][s.crown["climate"]]
            and any(int(s.order_state[o]) == CLOSED and int(s.control[ORDER_REGION[o]]) < 0
                    for o in range(len(s.order_state))))


def _alliance_options(s, options: list, fav: str) -> list:
    """HB Commander 1: the alliances dearer than the cheapest offered (Lion buys the cheapest) or cheaper than
    the dearest (Bear / Peacock buy the dearest) -- the family's choice among them (reading)."""
    cost = {a: s.data.alliances[a - ALLIANCE0][0] for a in options}
    if fav == "alliance_dearer":
        return [a for a in options if cost[a] > min(cost.values())]
    return [a for a in options if cost[a] < max(cost.values())]


@answers("alliance_decision", solo=True)
def alliance_decision(game, menu: dict) -> None:
    """Called right after the Crown Commander's choice of alliance is pushed (``menu``: the menu frame it
    answered). After the favour 'one more alliance of your choice' (the menu carries the family's pick) the
    Crown buys that one; otherwise the window of the favours 'a more expensive / a cheaper one'."""
    s = game.state
    if not active(s):
        return
    if menu.get("favour_alliance") is not None:
        top = game.top()
        top["options"] = [ALLIANCE0 + menu["favour_alliance"]]
        top["ask"] = f"{top['ask']} (a favour: the alliance of {name(family(s))}'s choice)"
        return
    procedure_window(game, "alliance", int(s.commander[menu["p"]]), p=menu["p"])


@answers("procedure_window", solo=True)
def procedure_window(game, which: str, slot: int, **data) -> None:
    """Called right after the Crown's decision of procedure ``which`` is pushed (``slot``: the office holder):
    the favours that change that procedure, a window of the family, offered again after each favour.
    ``which``: "law" (HB Parliament (Crown PM) 2: -2 stop now and select the law just drawn, offered while it would
    draw on; -2 skip the law just drawn and draw again, offered when it would select it -- it then selects the
    3rd law drawn), "trade" (HB President 1: -1 change this Crown President's required dice by 1, for the turn),
    "trade_writer" (HB President 3: -1 the Crown places your writer instead of another -- at its choice of whose
    writer fills an order), "commander" (HB Commander 3: -1 change this Army's Deploy requirement by 1; HB
    Commander 4: after a Deploy, force another -2/-1/-1 (Bull/Stag/Lion) or stop it -1/-1 (Bear/Peacock) --
    reading: these decide the Crown Commander's next step at once), "mos" (HB Manager of Shipping 2-3: the buy table's favour that changes the climate's default, once
    a turn, and 'buy another' while a Company ship can be bought; -1 leave £2 unspent; reading: offered at the
    Crown Manager's spending decisions), "debt" (HB Chairman 2: one more / one fewer Debt advance), "allocation" (HB Chairman 3: -1 £3 or
    less to an office of your choice; reading: the requests are made before the first step -- the window is
    offered once, before the Crown allocates -- and each is served before the priority list, £3 or what is
    left), "gg" (HB Governor General: -1 raise / lower the required dice by 1), "governor" (HB Governor: -1
    change this Governor's minimum pool by 1, -3 no Administer at all, offered before its first Administer;
    reading: a change holds for this Governor for the turn), "china" (HB Superintendent: -1 change the minimum
    by 1). The crown bot reads the record (:func:`shift`)."""
    s = game.state
    if not active(s) or slot != CROWN or s.over:
        return
    favs = _procedure_favours(game, which, data)
    if not favs:
        return
    me = family(s)
    top = game.top()
    game.choose(key(me), f"{name(me)}: a favour with the Crown? It is to decide: {top['ask']} (promise cubes: you "
                f"{cubes(s, 'family')}, the Crown {cubes(s, 'crown')})", [FAVOUR[f] for f, _, _ in favs] + [DONE],
                "favour_procedure", which=which, data=data)


def _offered_favour(game, which: str, data: dict, fav: str) -> tuple[str, int, str]:
    """The entry of ``fav`` among the favours window ``which`` offers now. A window is answered as soon as it is
    pushed, so in play it always is; a save or position whose window names a favour the state no longer allows
    (its climate, treasury or cubes changed under it) is refused by this one line instead."""
    for entry in _procedure_favours(game, which, data):
        if entry[0] == fav:
            return entry
    raise ValueError(f"the favour {fav!r} is not on offer at this {which!r} decision in this state")


@CONTINUATIONS.register
def favour_procedure(game, frame, action):
    if action == DONE:
        return
    s = game.state
    which, data = frame["which"], frame["data"]
    fav = FAVOUR_OF_ACTION[action]
    _, value, rec = _offered_favour(game, which, data, fav)
    if fav == "alliance_one_more":           # HB Commander 1: you choose the alliance, then it buys it
        me = family(s)
        pay(game, rec, value)
        game.choose(key(me), f"{name(me)}: which alliance does the Crown Commander buy?",
                    [ALLIANCE0 + i for i in buyable_alliances(s, data["p"], game.top().get("refused", []))],
                    "favour_alliance_pick")
        return
    if fav in ("alliance_dearer", "alliance_cheaper"):
        pay(game, rec, value)
        top = game.top()
        top["options"] = _alliance_options(s, top["options"], fav)
        _hand_over(game, fav)
        return
    if fav == "mos_buy_wish":               # HB Manager of Shipping 2 (Lion -3): you say how many
        most = min(int(s.treasury[T_MOS]) // 5, tokens_left(s), len(_WISH_KEYS) - 1)
        ask_number(game, family(s), f"{name(family(s))}: the Crown Manager of Shipping buys how many Company "
                   "ships this turn (as you wish)?", 0, most, "favour_mos_wish")
        return
    if fav in ("dot_prevent", "ma_prevent"):   # HB DoT 2 / MA 1: the Crown's next transfer is not made (one of two)
        pay(game, rec, value)
        top = game.top()
        made = top["transfers"]
        top["transfers"] = made + 1
        if made == 0:
            top["first"] = "prevent"
        drop = {PROC["special_envoy"]} | (set(_TRANSFER_PROCS) if made + 1 >= 2 else set())
        top["options"] = [a for a in top["options"] if a not in drop]
        top["ask"] = f"{top['ask']} (a favour: a transfer prevented)"
        procedure_window(game, which, CROWN, **data)
        return
    if fav in ("dot_choose", "ma_choose"):     # HB DoT 2 / MA 1: the family makes one of the two transfers
        pay(game, rec, value)
        top = game.top()
        top["by"] = family(s)
        top["options"] = [a for a in top["options"] if a in _TRANSFER_PROCS]
        _hand_over(game, fav)
        return
    if fav == "envoy_amount":                  # HB DoT 1: you set the amount (zero: no envoy, none after)
        pay(game, rec, value)
        me = family(s)
        ask_number(game, me, f"{name(me)}: the Crown's Special Envoy spends how much (0: none, and no further envoy)?",
                   0, int(s.treasury[T_DOT]), "favour_envoy_amount")
        return
    if fav == "envoy_china":                   # HB DoT 1: -3 open China instead
        pay(game, rec, value)
        top = game.top()
        top["options"] = [PROC["open_china"]]
        top["ask"] = f"{top['ask']} (a favour: China)"
        return
    if fav == "decide_envoy":                  # HB DoT 1: -1 target a specific order (China left out)
        pay(game, rec, value)
        _hand_over(game, fav)
        return
    if fav == "allocation_request":
        me = family(s)
        game.choose(key(me), f"{name(me)}: £3 (or less) of the Crown Chairman's allocation goes to which office?",
                    [OFFICE0 + _treasury_office(s, k) for k in range(5)], "favour_allocation")
        return
    pay(game, rec, value)
    if fav == "alliance_prevent":            # HB Commander 1: the purchase is prevented (this menu decision)
        top = game.top()
        top["options"] = [a for a in top["options"] if a != PROC["buy_alliance"]]
        top["ask"] = f"{top['ask']} (a favour: no alliance purchase)"
        return
    if fav in ("law_stop", "law_skip"):      # HB Parliament 2: the Crown selects the law just drawn / draws again
        top = game.top()
        top["options"] = [LAW[data["drawn"][-1]]] if fav == "law_stop" else [PROC["draw_law"]]
        top["ask"] = f"{top['ask']} (a favour: {LABELS[fav][:-5]})"
        return
    forced = {"governor_none": (DONE, "no Administer this turn"), "deploy_stop": (DONE, "no Deploy again"),
              "deploy_again": (PROC_DEPLOY, "it deploys again"),
              "trade_your_writer": (None, "your writer")}.get(fav)
    if forced is not None:                   # the favour decides the Crown's decision at hand
        top = game.top()
        top["options"] = [forced[0] if forced[0] is not None else FAMILY0 + family(s)]
        top["ask"] = f"{top['ask']} (a favour: {forced[1]})"
        return
    procedure_window(game, which, CROWN, **data)


@CONTINUATIONS.register
def favour_envoy_amount(game, frame, value):
    """HB Director of Trade 1 (the amount favour): the Crown's menu sends this envoy with ``value`` (it keeps no
    choice); zero -- reading: no envoy now and none after (its transfers follow). Then you say whether it sends more."""
    s = game.state
    top = game.top()                          # the Crown Director of Trade's menu
    if value == 0:
        top["options"] = [a for a in top["options"] if a != PROC["special_envoy"]]
        top["no_envoy"] = True
        top["ask"] = f"{top['ask']} (a favour: no Special Envoy)"
        procedure_window(game, "dot", CROWN)
        return
    top["options"] = [PROC["special_envoy"]]
    top["envoy_amount"] = value
    top["ask"] = f"{top['ask']} (a favour: a Special Envoy with £{value})"
    me = family(s)
    game.choose(key(me), f"{name(me)}: does the Crown send further Special Envoys after this one (as it would)?",
                [YES, NO], "favour_envoy_more")


@CONTINUATIONS.register
def favour_envoy_more(game, frame, action):
    if action == NO:
        game.top()["no_envoy"] = True


@CONTINUATIONS.register
def favour_allocation(game, frame, action):
    s = game.state
    k = next(k for k in range(5) if _treasury_office(s, k) == action - OFFICE0)
    pay(game, f"allocate_{k}", cd.ALLOCATION_REQUEST[0][0])
    procedure_window(game, "allocation", CROWN)


@CONTINUATIONS.register
def favour_alliance_pick(game, frame, action):
    top = game.top()                         # the Crown Commander's menu: it buys the family's pick
    top["options"] = [PROC["buy_alliance"]]
    top["favour_alliance"] = action - ALLIANCE0
    top["ask"] = f"{top['ask']} (a favour: one more alliance)"


@CONTINUATIONS.register
def favour_mos_wish(game, frame, value):
    pay(game, f"mos_buy_wish_{value}", cd.MOS_BUY_CHANGE[0][cd.LION][1])
    procedure_window(game, "mos", CROWN)


@answers("result_decision", solo=True)
def result_decision(game, fav: str) -> None:
    """HB Governor General / Governor: -2 choose a different result for a successful Govern / Administer action
    (a "you decide for the Crown" favour at the Crown's result decision). Reading: a Govern success gives a
    result per Company region; the favour bought at its first result makes all of them the family's (the Crown
    Governor General stops after a success, so one a turn); an Administer success has one result."""
    s = game.state
    top = game.top()
    if (fav == "decide_gg_result" and active(s) and done_this_turn(s, fav) and top is not None
            and top.get("actor") == key(CROWN)):
        _hand_over(game, fav)
        return
    crown_decision(game, fav)


# --- your blue boxes as Governor General and Governor (HB Governor General, Governor) -----------------------------
def _crown_presidency(s, p: int) -> bool:
    return 0 <= p < 3 and int(s.office_holder[PRESIDENT[p]]) == CROWN


@answers("gg_placed", solo=True)
def gg_placed(game, gg: int, what: str, target: int) -> None:
    """HB Governor General (digest §9.6.7): you are GG -- +1 each for adding money to a Crown office's treasury
    (``what`` "treasury", target: the office), placing a regiment into an Army of a Crown Presidency ("regiment",
    the Presidency), placing a Company ship into the sea zone of a Crown Presidency ("ship", the zone).
    Reading: taken whenever it applies (a blue box your own action earns, like the MoS's)."""
    s = game.state
    if not active(s) or gg != family(s):
        return
    if what == "treasury":
        ok = int(s.office_holder[target]) == CROWN
    elif what == "regiment":
        ok = _crown_presidency(s, target)
    else:
        ok = any(PRESIDENCY_ZONE[p] == target and _crown_presidency(s, p) for p in range(3))
    if ok:
        mandatory(game, f"gg_crown_{what}", cd.GG_BLUE[0])


@answers("governor_placed", solo=True)
def governor_placed(game, holder: int, what: str, p: int) -> None:
    """HB Governor (digest §9.6.10): you are Governor -- +1 for Tax money put in a Crown Presidency's treasury
    (``what`` "tax"; once per turn per Presidency), moving a Company ship into a Crown Presidency's sea zone
    ("ship"), commissioning a regiment into a Crown Presidency's Army ("regiment"; once per turn per
    Presidency). Reading: taken whenever it applies."""
    s = game.state
    if not active(s) or holder != family(s) or not _crown_presidency(s, p):
        return
    if what == "ship":
        mandatory(game, "governor_crown_ship", cd.GOVERNOR_BLUE[0])
        return
    fav = f"governor_crown_{what}@{p}"
    if done_this_turn(s, fav) == 0:
        mandatory(game, fav, cd.GOVERNOR_BLUE[0])


@answers("deploy_succeeded", solo=True)
def deploy_succeeded(game, commander: int, r: int, chosen: dict) -> None:
    """HB Commander (digest §9.6.10): you are Commander -- a successful Deploy: +1 (Lion/Bear/Peacock) into a
    non-Company region using one or more Crown officers; +1 (Bull/Stag/Lion) into a Company region associated
    with a Crown Presidency that has at least one Crown writer. Called before the region changes hands; reading:
    taken whenever it applies (a blue box)."""
    s = game.state
    if not active(s) or commander != family(s):
        return
    c = s.crown["climate"]
    q = int(s.control[r])
    if q < 0:
        if cd.DEPLOY_BLUE_NON_COMPANY[0][c] and chosen.get(f"officers{CROWN}", 0) > 0:
            mandatory(game, "deploy_crown_officers", cd.DEPLOY_BLUE_NON_COMPANY[0][c])
    elif cd.DEPLOY_BLUE_COMPANY[0][c] and _crown_presidency(s, q) and int(s.writers[CROWN, q]) >= 1:
        mandatory(game, "deploy_crown_writer", cd.DEPLOY_BLUE_COMPANY[0][c])


# --- your blue boxes as Director of Trade (HB Director of Trade; digest §9.6.6) -------------------------------------
@answers("dot_opened", solo=True)
def dot_opened(game, holder: int, order: int) -> None:
    """HB Director of Trade: you are DoT -- +1 (Bull/Stag/Lion) for opening an order in the home region of a Crown
    Presidency that has at least one Crown writer (a Special Envoy's order). Reading: taken whenever it applies, like
    the other blue boxes; 'a Crown writer' -- one in that Presidency's Writers box."""
    s = game.state
    if not active(s) or holder != family(s):
        return
    value = cd.DOT_BLUE_HOME_ORDER[0][s.crown["climate"]]
    r = ORDER_REGION[order]
    if value and any(PRESIDENCY_HOME_REGION[p] == r and _crown_presidency(s, p) and int(s.writers[CROWN, p]) >= 1
                     for p in range(3)):
        mandatory(game, "dot_crown_home_order", value)


@answers("dot_finished", solo=True)
def dot_finished(game, holder: int) -> None:
    """HB Director of Trade: you are DoT -- +1 (Bull/Stag/Lion) if after your office acts no Presidency has 2 or
    more ships or writers more than any other. Readings: checked when the operation ends (done, or nothing left to
    do; not after a catastrophic failure vacates the office); ships -- all ships in the three Presidencies' sea zones
    (China is no Presidency), writers -- all families' writers in each Writers box; both counts within 1."""
    s = game.state
    if not active(s) or holder != family(s) or not cd.DOT_BLUE_BALANCE[0][s.crown["climate"]]:
        return
    ships = [int((s.ship_zone == z).sum() + s.company_ships[z] + s.extra_ships[z]) for z in range(3)]
    writers = [int(sum(s.writers[f, p] for f in s.seats)) for p in range(3)]
    if max(ships) - min(ships) < 2 and max(writers) - min(writers) < 2:
        mandatory(game, "dot_balanced", cd.DOT_BLUE_BALANCE[0][s.crown["climate"]])


# --- the Crown Commander's Deploy: swap exhausted pieces before rolling (HB Commander 3; digest §9.6.10) ----------------
def _swap_units(s, p, chosen: dict) -> tuple[list[str], list[str]]:
    """The pieces (officers of a family, regiments; not alliances) the Crown exhausts for this Deploy, and those of
    its Army it does not (active, top half)."""
    items = (["regiments"] if int(s.regiments[p, 0]) > 0 else []) + [
        f"officers{f}" for f in s.seats if int(s.officers[f, p, 0]) > 0]
    avail = {"regiments": int(s.regiments[p, 0]), **{f"officers{f}": int(s.officers[f, p, 0]) for f in s.seats}}
    used = [i for i in items if chosen.get(i, 0) > 0]
    free = [i for i in items if avail[i] - chosen.get(i, 0) > 0]
    return used, free


def _swap_action(item: str) -> int:
    return PROC["regiment"] if item == "regiments" else FAMILY0 + int(item[8:])


@answers("swap_window", solo=True)
def swap_window(game, p: int, r: int, chosen: dict, total: int) -> bool:
    """HB Commander 3: after the Crown Commander has chosen the pieces to exhaust and before it rolls, -X swap X of
    them for unexhausted ones (the dice stay the same). A window of the family; True if pushed (its end rolls,
    rules/operations_presidency.deploy_roll). Reading: one piece for one at -1, offered again after each swap."""
    s = game.state
    if not active(s) or s.over or int(s.commander[p]) != CROWN or not affordable(s, cd.DEPLOY_SWAP[0]):
        return False
    used, free = _swap_units(s, p, chosen)
    if not used or not any(f != u for u in used for f in free):
        return False
    me = family(s)
    game.choose(key(me), f"{name(me)}: a favour with the Crown before its Deploy roll? (promise cubes: you "
                f"{cubes(s, 'family')}, the Crown {cubes(s, 'crown')})", [FAVOUR["deploy_swap"], DONE],
                "favour_swap", p=p, r=r, chosen=dict(chosen), total=total)
    return True


@CONTINUATIONS.register
def favour_swap(game, frame, action):
    args = (frame["p"], frame["r"], dict(frame["chosen"]), frame["total"])
    if action == DONE:
        deploy_roll(game, *args)
        return
    s = game.state
    me = family(s)
    used, free = _swap_units(s, frame["p"], frame["chosen"])
    game.choose(key(me), f"{name(me)}: which exhausted piece of the Crown's Deploy comes out (a favour)?",
                [_swap_action(i) for i in used if any(f != i for f in free)], "favour_swap_out", **{k: frame[k] for k in ("p", "r", "chosen", "total")})


@CONTINUATIONS.register
def favour_swap_out(game, frame, action):
    s = game.state
    me = family(s)
    _, free = _swap_units(s, frame["p"], frame["chosen"])
    out = next(i for i in _swap_units(s, frame["p"], frame["chosen"])[0] if _swap_action(i) == action)
    game.choose(key(me), f"{name(me)}: which piece goes in instead (a favour)?",
                [_swap_action(i) for i in free if i != out], "favour_swap_in", out=out,
                **{k: frame[k] for k in ("p", "r", "chosen", "total")})


@CONTINUATIONS.register
def favour_swap_in(game, frame, action):
    s = game.state
    p, chosen = frame["p"], dict(frame["chosen"])
    _, free = _swap_units(s, p, chosen)
    into = next(i for i in free if _swap_action(i) == action)
    pay(game, "deploy_swap", cd.DEPLOY_SWAP[0])
    chosen[frame["out"]] -= 1
    if chosen[frame["out"]] == 0:
        del chosen[frame["out"]]
    chosen[into] = chosen.get(into, 0) + 1
    game.log_note("crown", f"The Crown Commander exhausts one of {into} instead of {frame['out']} (a favour)")
    if not swap_window(game, p, frame["r"], chosen, frame["total"]):
        deploy_roll(game, p, frame["r"], chosen, frame["total"])
