"""Consent (RB p.8: nothing is binding but immediate transfers; this engine has no free negotiation).

:func:`seek_consent` asks each consenting family an explicit yes/no in turn and stops as soon as the outcome is
decided. With the option ``negotiation: "offers"`` the family asking may first make each family asked one binding
offer, or call in its promise card (rules/offers.py). In the solo game some consents are favours (the point
"consent", answered by rules/crown_favours.py).
"""

from __future__ import annotations

from operator import itemgetter

from ..actions import NO, YES
from ..registry import CONTINUATIONS, announce
from . import offers
from .common import key, name


# --- consent ----------------------------------------------------------------------------------------
def seek_consent(game, askees: list[int], weights: list[int], base: int, need: int, ask: str, then: str,
                 data: dict, requester: int = -1, promise: bool = False, by_shares: bool = False,
                 about: str | None = None) -> None:
    """Ask ``askees`` in order for consent (yes/no). ``base`` support is already given; consent is
    reached once support >= ``need``; it fails as soon as the families left cannot reach it.
    ``requester``: the family asking (it may make offers, rules/offers.py); ``promise``: a nepotism consent
    (a Consent to Nepotism promise card can be called in); ``by_shares``: the support counted is Company
    shares (no share may change hands in the offers then: the count was taken).
    ``about`` ("nepotism", "debt", "election", "alliance"): a consent the solo game prices as a favour; the point
    "consent" is announced first and its answer may give the consent or offer the favour (rules/crown_favours.py).
    Continuation ``then(game, frame, granted: bool)`` (frame carries ``data`` and ``supporters``)."""
    if about is not None and announce(game, "consent", list(askees), list(weights), base, need, ask, then, data,
                                      about, default=False, requester=requester, promise=promise,
                                      by_shares=by_shares):
        return                          # a solo favour answered the consent (rules/crown_favours.py)
    _consent_step(game, dict(askees=list(askees), weights=list(weights), support=base, need=need,
                             consent_ask=ask, consent_then=then, supporters=[], consent_data=data,
                             requester=requester, promise=promise, by_shares=by_shares))


def _consent_step(game, c: dict):
    """``c``: the consent in progress (who is left to ask, with what weight, support so far)."""
    data = dict(c["consent_data"], supporters=c["supporters"])
    if c["support"] >= c["need"]:
        CONTINUATIONS[c["consent_then"]](game, data, True)
        return
    if c["support"] + sum(c["weights"]) < c["need"]:
        CONTINUATIONS[c["consent_then"]](game, data, False)
        return
    who = c["askees"][0]
    if not offers.before_answer(game, c["requester"], who, "consent_after_offers", c["promise"], c["by_shares"],
                                consent=c):
        _ask_consent(game, c)


CONSENT_KEYS = ("askees", "weights", "support", "need", "consent_ask", "consent_then", "supporters", "consent_data",
                "requester", "promise", "by_shares")
CONSENT_OF = itemgetter(*CONSENT_KEYS)      # a frame's consent entries, in CONSENT_KEYS order (one C call)


def _ask_consent(game, c: dict):
    who = c["askees"][0]
    game.choose(key(who), c["consent_ask"].format(family=name(who)), [YES, NO], "consent_answer", **c)


@CONTINUATIONS.register
def consent_after_offers(game, data, called_in):
    """After the offer dialogue: a promise card called in gives the consent; else the family answers."""
    if called_in:
        _consented(game, data["consent"], True)
    else:
        _ask_consent(game, data["consent"])


@CONTINUATIONS.register
def consent_answer(game, frame, action):
    c = dict(zip(CONSENT_KEYS, CONSENT_OF(frame)))
    if game.keeps_log:
        game.log_note("consent", f"{name(c['askees'][0])} {'consents' if action == YES else 'refuses'}: "
                      f"{c['consent_ask'].format(family=name(c['askees'][0]))}")
    _consented(game, c, action == YES)


def _consented(game, c: dict, yes: bool):
    who = c["askees"][0]
    _consent_step(game, dict(c, askees=c["askees"][1:], weights=c["weights"][1:],
                             support=c["support"] + (c["weights"][0] if yes else 0),
                             supporters=c["supporters"] + ([who] if yes else [])))
