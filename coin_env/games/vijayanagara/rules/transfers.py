"""1.5.2 Negotiation: "Resources and Cavalry tokens may be traded among any Factions at any time."

Off by default (option ``transfers``). The rulebook allows any open deal at any time; deals and promises
are not something a decision vocabulary can hold, so the option models what 1.5.2 lets change hands, as
gifts at one fixed moment: when a faction's turn on a card ends (after it passed, 2.3.6, or after its
Command / Decree / Event, 2.3.3), it may give any of its Resources (1.8) and its Cavalry tokens (1.10) to
the other player factions, one gift at a time ("Transfer: give Resources" -> the faction -> how many), until
it says done. Readings:

* A gift never makes the receiver exceed 24 Resources (1.8: gains beyond 24 would be lost), so the counts
  offered stop at the receiver's room; Cavalry tokens change holders and the pool is untouched (1.10).
* The Mongol Invaders are not a faction that trades (1.5: they hold neither Resources nor tokens).
* The receiver does not answer: a gift only adds to what it holds. (An exchange is two gifts, one at the
  end of each faction's turn.)
* Every gift lowers what the giver holds, so a faction's gifts on a card are bounded by its holdings: the
  decisions per card stay bounded (DESIGN: every decision makes progress).
"""

from __future__ import annotations

from ....core.prompts import Prompt
from ..data.pieces import FACTIONS, MAX_RESOURCES
from ..registry import PROMPTS

MODES = [("give_resources", "Transfer: give Resources"), ("give_cavalry", "Transfer: give Cavalry tokens")]
WHAT = {"give_resources": "resources", "give_cavalry": "cavalry"}
TOKEN_NAMES = {"resources": "Resources", "cavalry": "Cavalry tokens"}     # the words of the prompts and the log


def _receivers(s, giver: str, what: str) -> list[str]:
    """The factions that can take a gift of ``what`` from ``giver`` now."""
    if what == "resources":
        return [f for f in FACTIONS if f != giver and s.resources[f] < MAX_RESOURCES]
    return [f for f in FACTIONS if f != giver]


def can_give(s, giver: str, what: str) -> bool:
    return getattr(s, what)[giver] > 0 and bool(_receivers(s, giver, what))


def offer_transfers(game, faction: str) -> None:
    """1.5.2 (option ``transfers``): at the end of ``faction``'s turn, let it give Resources / Cavalry."""
    s = game.state
    if game.options.get("transfers") and any(can_give(s, faction, w) for w in ("resources", "cavalry")):
        game.push({"kind": "vj_transfer", "actor": faction, "what": None, "to": None})


@PROMPTS.register
class Transfer(Prompt):
    """1.5.2: give Resources or Cavalry tokens to another faction: what, to whom, how many; or done."""

    kind = "vj_transfer"

    def legal(self, game, frame):
        s = game.state
        giver = frame["actor"]
        what, to = frame["what"], frame["to"]
        if what is None:
            return [game.mode(k) for k, w in WHAT.items() if can_give(s, giver, w)] + [game.DONE]
        if to is None:
            return [game.faction_action(f) for f in _receivers(s, giver, what)]
        held = getattr(s, what)[giver]
        room = MAX_RESOURCES - s.resources[to] if what == "resources" else held
        return game.count_actions(1, min(held, room))

    def describe(self, game, frame):
        # The prompt names factions and tokens as the rules do (1.5.2), never by their ids (``ds``, ``cavalry``).
        giver, what, to = game.faction_name(frame["actor"]), frame["what"], frame["to"]
        if what is None:
            return f"{giver} may give Resources or Cavalry tokens to another faction (1.5.2), or done"
        tokens = TOKEN_NAMES[what]
        if to is None:
            return f"{giver} gives {tokens}: to which faction"
        return f"{giver} gives {tokens} to {game.faction_name(to)}: how many"

    def apply(self, game, frame, action):
        s = game.state
        giver = frame["actor"]
        if frame["what"] is None:
            if action == game.DONE:
                game.pop()
                return
            frame["what"] = next(w for k, w in WHAT.items() if game.mode(k) == action)
            return
        if frame["to"] is None:
            frame["to"] = game.faction_of(action)
            return
        n = game.count_of(action)
        held = getattr(s, frame["what"])
        held[giver] -= n
        held[frame["to"]] += n
        if s.log is not None:
            s.log.append(("note", "transfer", f"{game.faction_name(giver)} gives {n} "
                          f"{TOKEN_NAMES[frame['what']]} to "
                          f"{game.faction_name(frame['to'])}",
                          {"rule": "1.5.2", "from": giver, "to": frame["to"], "what": frame["what"], "count": n}))
        frame["what"] = frame["to"] = None
        if not any(can_give(s, giver, w) for w in WHAT.values()):
            game.pop()
