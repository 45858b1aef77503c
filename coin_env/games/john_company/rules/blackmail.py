"""Blackmail card plays (RB p.12; the card texts: digest appendix C, from BGA) -- all ten.

A blackmail card is held facedown; played, it goes faceup to its owner's area (``hands[f]["used"]``) and
still counts its power at the end (RB p.8). Each window asks every holder of the card, clockwise from
the Chairman (or the former Chairman), an explicit yes / no; with the option ``blackmail_windows:
"everyone"`` it asks every family it could concern, and one without the card can only decline
(:func:`askees`), so that being asked shows nothing of the hands.

* The Prime Minister's Ear (any time in a turn before the Family phase): offered at the start of the
  Family phase -- a reading of "any time before" as its last moment; the player swaps two adjacent power
  tokens (asked as the upper token of the pair).
* Company Fraud (at the start of Revenue): a die for each office the player holds; the Balance loses
  twice the highest die (not below £0) and the player takes twice the highest die from the bank (a
  reading of the paraphrased text).
* Scandal on Leadenhall Street / Scandal in India ("when taken from the display, or any time after the
  Revenue phase of a turn"): offered at the start of Events in India -- a reading of "any time after
  Revenue" as its first moment (the display window is not offered); the player picks an officeholder --
  Leadenhall Street: any office but a President, a Governor or the Governor General; India: a President,
  a Governor or the Governor General -- who vacates the office without retiring (to its family's
  supply; card to Vacant Offices; fatigue to the supply, as a catastrophic failure, RB p.17). Offered
  only while such an officeholder exists (no dead actions, RB p.17).
* Hiring Preference ("during hiring, if you are a candidate"): offered to each holder with a member in
  the pool of the office being hired, before the hirer chooses; played, the hirer must hire one of that
  family's candidates (the hirer picks which), without the nepotism consent.
* Mercantile Connection ("after a check: force a President to reroll a Trade roll with half as many dice,
  rounded down; 0 dice is a failure"): offered after each Trade check to every holder but the acting
  President's family (a reroll it wants it can buy itself), unless the reroll could change nothing (a
  failure with one die). The reroll's result replaces the first.
* Diplomatic Connection (the same for a Commander's Deploy roll): offered after each Deploy check to every
  holder but the Commander's family, unless the reroll could change nothing; the pieces used are
  exhausted and their loss checks rolled after the reroll, as after any Deploy check.
* Letters of Introduction: offered before its holder's first retirement of a London Season or of Final
  Scoring (rules/london_season.py, where the discounts live).

* Man on the Inside ("cancel a blackmail card as it is played; the cancelled card goes faceup into your
  area; not usable against Letters of Introduction at Final Scoring"): each time a card is played, every
  other holder is asked in turn; a cancelled card has no effect and goes with Man on the Inside into the
  canceller's area (both count their power there at the end), and the play goes on as if declined.

* Envoy to the Mughals ("any time during a turn before Events in India: move the Elephant to any legal
  position; take £ equal to the highest open order in the region at the Elephant's tail"): offered at the
  start of Events in India, before its first step -- a reading of "any time before" as its last moment;
  a legal position is one the Elephant's March could give it (any region, any border shape, RB p.30),
  asked as the tail's region, then the region it faces when there is a choice. Its power is not in the
  sources (0 here, as in data/cards.py). The Crown never plays a blackmail card (Crown Handbook; the crown
bot answers no).
"""

from __future__ import annotations

from ..actions import NO, OFFICE0, POWER_TOKEN, POWER_TOKEN_OF_ACTION, REGION0, YES
from ..data.cards import BLACKMAIL
from ..queries import candidates, elephant_positions
from ..registry import CONTINUATIONS, announce
from ..static import (GOVERNORS, GOVERNOR_GENERAL, N_OFFICES, OFFICE_NAMES, OPEN, PRESIDENCY_NAMES, PRESIDENT, REGION,
                      REGION_NAMES, REGION_ORDERS)
from .checks import FAILURE, roll_check
from .common import chairman_or_title, clockwise_from, key, name, vacate

PM_EAR, COMPANY_FRAUD = 61, 62
SCANDAL_ON_LEADENHALL_STREET, SCANDAL_IN_INDIA, HIRING_PREFERENCE = 64, 65, 66
ENVOY_TO_THE_MUGHALS, MERCANTILE_CONNECTION, DIPLOMATIC_CONNECTION, MAN_ON_THE_INSIDE = 67, 68, 69, 70
LETTERS_OF_INTRODUCTION = 63
CARD_NAME = {c[0]: c[1] for c in BLACKMAIL}
INDIA_OFFICES = frozenset(PRESIDENT) | frozenset(GOVERNORS) | {GOVERNOR_GENERAL}


def holders(s, card) -> list[int]:
    """The families holding ``card`` facedown, clockwise from the Chairman (or the former Chairman)."""
    hands = s.hands
    if not any(card in hands[f]["blackmail"] for f in s.seats):     # mostly none: no seating order to read
        return []
    return [f for f in clockwise_from(s, chairman_or_title(s)) if card in hands[f]["blackmail"]]


def askees(game, card, exclude=()) -> list[int]:
    """Who a window of ``card`` asks, clockwise from the Chairman (or the former Chairman). Option
    ``blackmail_windows``: "holders" (default) -- the card's holders only, which shows the table who holds it
    (hidden.py); "everyone" -- every family the window could concern, holder or not, while the card is not yet
    faceup in a family's area (played), so being asked tells nothing: a family without the card can only
    decline (:func:`answers`)."""
    s = game.state
    if game.options.get("blackmail_windows", "holders") != "everyone":
        return [f for f in holders(s, card) if f not in exclude]
    if any(card in s.hands[f]["used"] for f in s.seats):
        return []
    return [f for f in clockwise_from(s, chairman_or_title(s)) if f not in exclude]


def answers(s, f, card) -> list[int]:
    """A window's answers for family ``f``: play or decline if it holds the card, else decline only."""
    return [YES, NO] if card in s.hands[f]["blackmail"] else [NO]


def scandal_targets(s, card) -> list[int]:
    """The offices a Scandal may empty: held offices outside India (Leadenhall Street) or in India."""
    india = card == SCANDAL_IN_INDIA
    exists, holder = s.office_exists.tolist(), s.office_holder.tolist()
    return [o for o in range(N_OFFICES) if exists[o] and holder[o] >= 0 and (o in INDIA_OFFICES) == india]


def playable(s, card, frame=None) -> bool:
    if card in (SCANDAL_ON_LEADENHALL_STREET, SCANDAL_IN_INDIA):
        return bool(scandal_targets(s, card))
    if card == HIRING_PREFERENCE:
        return frame is not None and s.office_holder[frame["office"]] < 0
    return True


def offer(game, card: int) -> None:
    """Push the window: each holder of ``card`` (facedown) is asked whether it plays it now."""
    s = game.state
    if not playable(s, card):
        return
    for f in reversed(askees(game, card)):
        game.after("blackmail_offer", card=card, f=f)


def offer_hiring_preference(game, office: int, hirer: int) -> bool:
    """Hiring Preference: each holder with a candidate in the office's pool, before the hirer chooses. True
    if a window was pushed (the ordinary choice follows it unless the office gets filled)."""
    s = game.state
    asked = askees(game, HIRING_PREFERENCE)
    if not asked:                       # nobody to ask: the pool need not be read
        return False
    pool = {slot for _, slot in candidates(s, office)}
    who = [f for f in asked if f in pool]
    if not who:
        return False
    game.after("hiring_ask", office=office, hirer=hirer)
    for f in reversed(who):
        game.after("blackmail_offer", card=HIRING_PREFERENCE, f=f, office=office, hirer=hirer)
    return True


@CONTINUATIONS.register
def blackmail_offer(game, frame, _):
    s = game.state
    card, f = frame["card"], frame["f"]
    if f not in askees(game, card) or s.over or not playable(s, card, frame):
        return
    extra = {k: frame[k] for k in ("office", "hirer") if k in frame}
    game.choose(key(f), f"{name(f)}: play the blackmail card {CARD_NAME[card]} now?", answers(s, f, card),
                "blackmail_play", card=card, f=f, **extra)


def reveal(game, f, card) -> None:
    """Family ``f`` plays blackmail card ``card``: it goes faceup among the family's used cards (RB p.12)."""
    s = game.state
    h = s.hands[f]
    s.hands[f] = {"prestige": list(h["prestige"]), "blackmail": [c for c in h["blackmail"] if c != card],
                  "used": list(h["used"]) + [card]}
    game.log_note("blackmail", f"{name(f)} plays {CARD_NAME[card]}", family=key(f), card=CARD_NAME[card])


# --- Man on the Inside: cancel a card as it is played ---------------------------------------------------------
def cancel_window(game, f: int, card: int, resume: str, data: dict) -> bool:
    """Ask the holders of Man on the Inside (not ``f``) in turn whether they cancel ``card`` as ``f`` plays it;
    True if asked. The continuation ``resume`` then gets ``data`` with ``cancelled`` true or false."""
    s = game.state
    if card == LETTERS_OF_INTRODUCTION and s.phase == "final_scoring":
        return False                    # not usable against Letters of Introduction at Final Scoring
    who = askees(game, MAN_ON_THE_INSIDE, exclude=(f,))
    if not who:
        return False
    _ask_cancel(game, who, f, card, resume, data)
    return True


def _ask_cancel(game, who, f, card, resume, data):
    game.choose(key(who[0]), f"{name(who[0])}: play the blackmail card {CARD_NAME[MAN_ON_THE_INSIDE]} to cancel "
                f"{name(f)}'s {CARD_NAME[card]}?", answers(game.state, who[0], MAN_ON_THE_INSIDE),
                "blackmail_cancel_answer", who=who, f=f, card=card,
                resume=resume, data=data)


@CONTINUATIONS.register
def blackmail_cancel_answer(game, frame, action):
    s = game.state
    who, f, card = frame["who"], frame["f"], frame["card"]
    if action != YES and len(who) > 1:
        _ask_cancel(game, who[1:], f, card, frame["resume"], frame["data"])
        return
    if action == YES:
        g = who[0]
        reveal(game, g, MAN_ON_THE_INSIDE)
        h, hg = s.hands[f], s.hands[g]
        s.hands[f] = {"prestige": list(h["prestige"]), "blackmail": [c for c in h["blackmail"] if c != card],
                      "used": list(h["used"])}
        s.hands[g] = {"prestige": list(hg["prestige"]), "blackmail": list(hg["blackmail"]),
                      "used": list(hg["used"]) + [card]}
        game.log_note("blackmail", f"{name(g)} cancels {name(f)}'s {CARD_NAME[card]}; it goes faceup to {name(g)}",
                      family=key(g), card=CARD_NAME[card])
    CONTINUATIONS[frame["resume"]](game, dict(frame["data"], cancelled=action == YES), None)


@CONTINUATIONS.register
def blackmail_play(game, frame, action):
    if action != YES:
        return
    data = {k: frame[k] for k in ("card", "f", "office", "hirer") if k in frame}
    if cancel_window(game, frame["f"], frame["card"], "blackmail_play_resume", data):
        return
    _apply_play(game, data)


@CONTINUATIONS.register
def blackmail_play_resume(game, frame, _):
    if not frame["cancelled"]:
        _apply_play(game, frame)


def _apply_play(game, frame) -> None:
    s = game.state
    card, f = frame["card"], frame["f"]
    reveal(game, f, card)
    if card == PM_EAR:
        track = s.power_track
        game.choose(key(f), f"{CARD_NAME[card]}: swap which power token with the one below it?",
                    [POWER_TOKEN[t] for t in track[:-1]], "blackmail_ear_swap", f=f)
    elif card == COMPANY_FRAUD:
        held = sum(1 for o in range(N_OFFICES) if s.office_exists[o] and s.office_holder[o] == f)
        dice = [s.rng.die(6, f"Company Fraud ({name(f)})") for _ in range(held)]
        take = 2 * max(dice) if dice else 0
        s.balance = max(0, s.balance - take)
        s.cash[f] += take
        game.log_note("blackmail", f"Company Fraud: dice {dice}; the Balance loses up to £{take}, {name(f)} takes "
                      f"£{take}", roll=dice)
    elif card in (SCANDAL_ON_LEADENHALL_STREET, SCANDAL_IN_INDIA):
        game.choose(key(f), f"{CARD_NAME[card]}: which officeholder vacates the office?",
                    [OFFICE0 + o for o in scandal_targets(s, card)], "blackmail_scandal_office", card=card, f=f)
    elif card == HIRING_PREFERENCE:
        announce(game, "hiring_preference_played", frame["office"], frame["hirer"], f)     # rules/hiring.py
    elif card == ENVOY_TO_THE_MUGHALS:
        _ask_envoy_region(game, f)


# --- Envoy to the Mughals: move the Elephant ------------------------------------------------------------------
def _ask_envoy_region(game, f) -> None:
    regions = sorted({REGION[pos["region"]] for pos in elephant_positions(game.state)})
    game.choose(key(f), f"{CARD_NAME[ENVOY_TO_THE_MUGHALS]}: the Elephant's tail in which region?",
                [REGION0 + r for r in regions], "blackmail_envoy_region", f=f)


@CONTINUATIONS.register
def blackmail_envoy_region(game, frame, action):
    f, r = frame["f"], action - REGION0
    positions = [pos for pos in elephant_positions(game.state) if pos["region"] == REGION_NAMES[r]]
    if len(positions) == 1:
        _envoy_move(game, f, positions[0])
        return
    game.choose(key(f), f"{CARD_NAME[ENVOY_TO_THE_MUGHALS]}: the Elephant in {REGION_NAMES[r]} faces which region?",
                [REGION0 + REGION[pos["facing"]] for pos in positions], "blackmail_envoy_facing", f=f, r=r)


@CONTINUATIONS.register
def blackmail_envoy_facing(game, frame, action):
    _envoy_move(game, frame["f"], {"region": REGION_NAMES[frame["r"]], "facing": REGION_NAMES[action - REGION0]})


def _envoy_move(game, f, pos) -> None:
    """The Elephant moves; the player takes £ equal to the highest open order in the region at its tail."""
    s = game.state
    s.elephant = dict(pos)
    r = REGION[pos["region"]]
    take = max((game.data.order_value[o] for o in REGION_ORDERS[r] if s.order_state[o] == OPEN), default=0)
    s.cash[f] += take
    game.log_note("blackmail", f"Envoy to the Mughals: the Elephant stands in {pos['region']}"
                  + (f" facing {pos['facing']}" if pos["facing"] else " (centre)") + f"; {name(f)} takes £{take}")


@CONTINUATIONS.register
def blackmail_scandal_office(game, frame, action):
    o = action - OFFICE0
    game.log_note("blackmail", f"{CARD_NAME[frame['card']]}: the {OFFICE_NAMES[o]} vacates the office")
    vacate(game, o)


@CONTINUATIONS.register
def blackmail_ear_swap(game, frame, action):
    s = game.state
    track = list(s.power_track)
    i = track.index(POWER_TOKEN_OF_ACTION[action])
    track[i], track[i + 1] = track[i + 1], track[i]
    s.power_track = track
    game.log_note("blackmail", f"Power track: {', '.join(track)}")


# --- Mercantile Connection: after a Trade check -------------------------------------------------------------
def offer_mercantile_connection(game, p: int, declared: list, dice: int, result: str) -> bool:
    """Ask the holders (not the acting President's family) one by one; True if a question was pushed (the
    trade then resolves from ``trade_mercantile_answer``)."""
    s = game.state
    president = int(s.office_holder[PRESIDENT[p]])
    who = askees(game, MERCANTILE_CONNECTION, exclude=(president,))
    if not who or (dice // 2 == 0 and result == FAILURE):
        return False
    _ask_mercantile(game, who, p, declared, dice, result)
    return True


def _ask_mercantile(game, who, p, declared, dice, result):
    f = who[0]
    game.choose(key(f), f"{name(f)}: play the blackmail card {CARD_NAME[MERCANTILE_CONNECTION]} now (the Trade check "
                f"was a {result}; the President would reroll {dice // 2} dice)?",
                answers(game.state, f, MERCANTILE_CONNECTION), "trade_mercantile_answer", who=who, p=p, declared=declared, dice=dice, result=result)


@CONTINUATIONS.register
def trade_mercantile_answer(game, frame, action):
    who, p, declared, dice, result = frame["who"], frame["p"], frame["declared"], frame["dice"], frame["result"]
    if action == YES and "cancelled" not in frame:
        data = dict(who=who, p=p, declared=declared, dice=dice, result=result)
        if cancel_window(game, who[0], MERCANTILE_CONNECTION, "trade_mercantile_answer", data):
            return
    if "cancelled" in frame:                     # back from Man on the Inside's question
        action = NO if frame["cancelled"] else YES
    if action == YES:
        reveal(game, who[0], MERCANTILE_CONNECTION)
        half = dice // 2
        if half >= 1:
            _, result, _ = roll_check(game, half, f"Trade of {PRESIDENCY_NAMES[p]} (rerolled: Mercantile Connection)")
        else:
            result = FAILURE
            game.log_note("check", f"Trade of {PRESIDENCY_NAMES[p]} rerolled with 0 dice: {FAILURE}")
        announce(game, "trade_checked", p, declared, result)      # rules/operations_presidency.py
        return
    if len(who) > 1:
        _ask_mercantile(game, who[1:], p, declared, dice, result)
        return
    announce(game, "trade_checked", p, declared, result)


# --- Diplomatic Connection: after a Deploy check ------------------------------------------------------------
def offer_diplomatic_connection(game, p: int, r: int, chosen: dict, total: int, dice: int, result: str) -> bool:
    s = game.state
    commander = int(s.commander[p])
    who = askees(game, DIPLOMATIC_CONNECTION, exclude=(commander,))
    if not who or (dice // 2 == 0 and result == FAILURE):
        return False
    _ask_diplomatic(game, who, dict(p=p, r=r, chosen=chosen, total=total, dice=dice, result=result))
    return True


def _ask_diplomatic(game, who, data):
    f = who[0]
    game.choose(key(f), f"{name(f)}: play the blackmail card {CARD_NAME[DIPLOMATIC_CONNECTION]} now (the Deploy check "
                f"was a {data['result']}; the Commander would reroll {data['dice'] // 2} dice)?",
                answers(game.state, f, DIPLOMATIC_CONNECTION), "deploy_diplomatic_answer", who=who, **data)


@CONTINUATIONS.register
def deploy_diplomatic_answer(game, frame, action):
    who = frame["who"]
    data = {k: frame[k] for k in ("p", "r", "chosen", "total", "dice", "result")}
    if action == YES and "cancelled" not in frame:
        if cancel_window(game, who[0], DIPLOMATIC_CONNECTION, "deploy_diplomatic_answer", dict(data, who=who)):
            return
    if "cancelled" in frame:                     # back from Man on the Inside's question
        action = NO if frame["cancelled"] else YES
    if action == YES:
        reveal(game, who[0], DIPLOMATIC_CONNECTION)
        half = data["dice"] // 2
        result = FAILURE
        if half >= 1:
            _, result, _ = roll_check(game, half, f"Deploy against {REGION_NAMES[data['r']]} (rerolled: Diplomatic "
                                      "Connection)")
        else:
            game.log_note("check", f"Deploy rerolled with 0 dice: {FAILURE}")
        announce(game, "deploy_checked", data["p"], data["r"], data["chosen"], data["total"], result)    # the presidency
        return
    if len(who) > 1:
        _ask_diplomatic(game, who[1:], data)
        return
    announce(game, "deploy_checked", data["p"], data["r"], data["chosen"], data["total"], data["result"])
