"""The Vote to Deregulate (RB p.36, digest §8.1; 1758 and Long 1710 -- here Long 1710).

At the start of a turn, before the London Season, while the Deregulation law has not passed: the Prime
Minister **may** call a special session if the Standing and/or Debt marker is on a lined space, and
**must** if one is on a star space (which spaces: data/firms.py, reconstructed). The vote runs like a law's
in Parliament (the point "special_session", answered by rules/parliament.py ``start_special_vote``: the same
rounds, vote icons and coalitions; its result comes back as the point "special_session_resolved"), but with no
policy, and the Prime Minister may vote against. Initial support: the card's (reconstructed), +5
under Writer Privileges (digest appendix A).
* Passes (support >= 0): Debt lowered one space per two Debt (half, rounded down), Standing to the "S"
  space, the PM gains a passed-law token, the card goes among the passed laws flipped to its Debtor's
  Prison side (``laws_in_force``: Deregulation rules apply from now on, rules/firms.py), Industry Subsidy
  is discarded (digest §8.7).
* Fails: the Court's Company-share VP rises by one (the VP overlay), never past 3; the PM keeps the dial and
  the card stays beside the board for a later vote.
The Crown (option crown; Crown Handbook / solo aid "0. Vote to Deregulate", digest §9.6.0): as PM it never calls
the vote voluntarily; it votes last (the bot votes against: its voting plan for the card is "never"). The sum
it may spend on that vote is lost in the sources' OCR: not applied.
"""

from __future__ import annotations

from ..actions import FIRM, NO
from ..data.firms import WRITER_PRIVILEGES_BONUS
from ..queries import active
from ..registry import CONTINUATIONS, announce, answers
from ..static import CROWN
from .common import key, name
from .firms import (DEREGULATION, INDUSTRY_SUBSIDY, WRITER_PRIVILEGES, deregulated, family_begins, on_lined, on_star,
                    tools)
from .firms import start as firms_phase


def due(game) -> str | None:
    """"must", "may" or None: whether the PM must / may call the Vote to Deregulate now."""
    s = game.state
    if not tools(s) or deregulated(s) or s.pm < 0:
        return None
    if on_star(game):
        return "must"
    return "may" if on_lined(game) else None


def start(game) -> None:
    """Phase 0 (RB p.36): the special session, called or not."""
    s = game.state
    pm = int(s.pm)
    if due(game) == "must":
        game.log_note("parliament", f"A marker is on a star space: Prime Minister {name(pm)} must call the Vote "
                      "to Deregulate")
        call(game)
        return
    if active(s) and pm == CROWN:       # Crown Handbook: never initiates it unless it must
        return
    game.choose(key(pm), f"Prime Minister {name(pm)}: call the Vote to Deregulate (a special session)?",
                [FIRM["call_vote"], NO], "deregulation_called")


@CONTINUATIONS.register
def deregulation_called(game, frame, action):
    if action == FIRM["call_vote"]:
        call(game)


def call(game) -> None:
    s = game.state
    support = game.data.deregulation_support
    if WRITER_PRIVILEGES in s.laws_in_force:
        support += WRITER_PRIVILEGES_BONUS[0]
    announce(game, "special_session", DEREGULATION, support)     # the vote: rules/parliament.py


@answers("special_session_resolved")
def resolved(game, passed: bool) -> None:
    """The vote's outcome (the point "special_session_resolved", announced by rules/parliament.py's resolution)."""
    s = game.state
    if not passed:
        s.share_vp = min(3, s.share_vp + 1)
        game.log_note("parliament", f"The Vote to Deregulate fails: Company shares are now worth {s.share_vp} VP")
        return
    s.debt -= s.debt // 2
    s.standing = game.data.deregulation_spaces["standing_s"]
    s.law_tokens[int(s.pm)] += 1
    s.laws_in_force = s.laws_in_force + [DEREGULATION]
    if INDUSTRY_SUBSIDY in s.laws_in_force:
        s.laws_in_force = [x for x in s.laws_in_force if x != INDUSTRY_SUBSIDY]
        s.law_discards.append(INDUSTRY_SUBSIDY)
    game.log_note("parliament", f"The Vote to Deregulate passes: Debt {s.debt}, Standing {s.standing}; "
                  "firms may now be formed")


def inserted_phase(game, nxt: str) -> bool:
    """Start a phase Deregulation inserts before phase ``nxt`` (True if one started): the Vote to Deregulate
    at the start of a turn (RB p.36), the Firms phase between Family and Hiring (RB p.38)."""
    s = game.state
    if nxt == "london_season" and s.phase != "deregulation_vote" and due(game):
        s.phase = "deregulation_vote"
        game.log_note("phase", f"Turn {s.turn}: 0. Vote to Deregulate", phase=s.phase, turn=s.turn)
        start(game)
        return True
    if nxt == "hiring" and s.phase == "family" and deregulated(s):
        s.phase = "firms"
        game.log_note("phase", f"Turn {s.turn}: II½. Firms", phase=s.phase, turn=s.turn)
        firms_phase(game)
        return True
    if nxt == "family":
        family_begins(game)
    return False
