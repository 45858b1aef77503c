"""Blackmail card plays (RB p.12; the card texts: digest appendix C, from BGA) -- the two with a fixed window.

A blackmail card is held facedown; played, it goes faceup to its owner's area (``hands[f]["used"]``) and
still counts its power at the end (RB p.8). Each window asks every holder of the card, clockwise from
the Chairman (or the former Chairman), an explicit yes / no.

* The Prime Minister's Ear (any time in a turn before the Family phase): offered at the start of the
  Family phase -- a reading of "any time before" as its last moment; the player swaps two adjacent power
  tokens (asked as the upper token of the pair).
* Company Fraud (at the start of Revenue): a die for each office the player holds; the Balance loses
  twice the highest die (not below £0) and the player takes twice the highest die from the bank (a
  reading of the paraphrased text).

Not offered yet: the other eight cards (windows "any time", reactions to checks, hiring, retirements,
London Season display), and Man on the Inside's cancellation of a card as it is played. The Crown never
plays a blackmail card (Crown Handbook; the crown bot answers no).
"""

from __future__ import annotations

from ..actions import NO, POWER_TOKEN, POWER_TOKEN_OF_ACTION, YES
from ..data.cards import BLACKMAIL
from ..registry import CONTINUATIONS
from ..static import N_OFFICES
from .common import chairman_or_title, clockwise_from, key, name

PM_EAR, COMPANY_FRAUD = 61, 62
CARD_NAME = {c[0]: c[1] for c in BLACKMAIL}


def holders(s, card) -> list[int]:
    return [f for f in clockwise_from(s, chairman_or_title(s)) if card in s.hands[f]["blackmail"]]


def offer(game, card: int) -> None:
    """Push the window: each holder of ``card`` (facedown) is asked whether it plays it now."""
    s = game.state
    for f in reversed(holders(s, card)):
        game.after("blackmail_offer", card=card, f=f)


@CONTINUATIONS.register
def blackmail_offer(game, frame, _):
    s = game.state
    card, f = frame["card"], frame["f"]
    if card not in s.hands[f]["blackmail"] or s.over:
        return
    game.choose(key(f), f"{name(f)}: play the blackmail card {CARD_NAME[card]} now?", [YES, NO], "blackmail_play",
                card=card, f=f)


def _reveal(game, f, card) -> None:
    s = game.state
    h = s.hands[f]
    s.hands[f] = {"prestige": list(h["prestige"]), "blackmail": [c for c in h["blackmail"] if c != card],
                  "used": list(h["used"]) + [card]}
    game.log_note("blackmail", f"{name(f)} plays {CARD_NAME[card]}", family=key(f), card=CARD_NAME[card])


@CONTINUATIONS.register
def blackmail_play(game, frame, action):
    s = game.state
    card, f = frame["card"], frame["f"]
    if action != YES:
        return
    _reveal(game, f, card)
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


@CONTINUATIONS.register
def blackmail_ear_swap(game, frame, action):
    s = game.state
    track = list(s.power_track)
    i = track.index(POWER_TOKEN_OF_ACTION[action])
    track[i], track[i + 1] = track[i + 1], track[i]
    s.power_track = track
    game.log_note("blackmail", f"Power track: {', '.join(track)}")
