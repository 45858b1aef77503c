"""The game's registries, the lowest layer the rules share: prompts, continuations, the phases' starts and the
named points the procedures announce.

* ``CONTINUATIONS``: a decision frame names the function that resumes the procedure (``then``), so a procedure
  may hand over to another module's step by name.
* ``PHASE_STARTS``: phase -> the function starting it, filled by the module implementing the phase
  (:func:`implements`); rules/turn.py runs the phases in order (RB p.10).
* ``HOOKS``: named points a procedure announces (:func:`announce`), each answered by one function of a module the
  announcer may not import (a layer above it, a later phase), registered with :func:`answers` when its module is
  imported (game.py, the assembly, imports every answering module):
  - the solo Crown (rules/crown.py, rules/crown_favours.py; each point named after its answer) answers the points
    the phases announce: favour windows, "you decide for the Crown", mandatory favours, the consent favours
    ("consent", announced by rules/consent.py), Set Climate, Climate Shift, Royal Privilege;
  - a phase that needs a later one announces it: "game_ends" (rules/final_scoring.py answers), "special_session"
    (the Vote to Deregulate's vote in Parliament); Parliament announces the vote's result back,
    "special_session_resolved" (rules/deregulation.py), so neither imports the other;
  - blackmail (below the phases) resumes the procedure a card interrupted: "trade_checked", "deploy_checked"
    (rules/operations_presidency.py), "hiring_preference_played" (rules/hiring.py).
  The tables map names to functions, are filled once at import and hold no game state: everything a game decides
  stays in its JSON state (a favour window that is open is a decision frame like any other).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.game import CallPrompt, ChoosePrompt, Continuations
from ...core.prompts import PromptRegistry

PROMPTS = PromptRegistry()
PROMPTS.register(ChoosePrompt)
PROMPTS.register(CallPrompt)
CONTINUATIONS = Continuations()

PHASE_STARTS: dict[str, Callable] = {}
HOOKS: dict[str, Callable] = {}
# The points whose answer acts only in a solo game with the Crown Handbook's rules (``state.crown`` set,
# queries.active) and otherwise returns nothing true, changing nothing: most points announced in a game are
# these, and a game without the Crown's rules skips their answers (registered with ``answers(point, solo=True)``).
SOLO_POINTS: set[str] = set()


def implements(phase: str):
    """Register the decorated function as the start of ``phase`` (rules/turn.py calls it)."""
    def register(fn):
        PHASE_STARTS[phase] = fn
        return fn
    return register


def answers(point: str, solo: bool = False):
    """Register the decorated function as the answer to the named point ``point`` (one answer per point).
    ``solo``: the answer does nothing and returns nothing true unless the game plays the Crown Handbook's rules
    (SOLO_POINTS); every caller of such a point reads its result as true or false only."""
    def register(fn):
        if HOOKS.get(point, fn) is not fn:
            raise ValueError(f"the point {point!r} is already answered by {HOOKS[point].__qualname__}")
        HOOKS[point] = fn
        if solo:
            SOLO_POINTS.add(point)
        return fn
    return register


def announce(game, point: str, *args, default=None, **kwargs):
    """Announce the named point ``point``: its answer's result, or ``default`` when nothing answers it (or, for a
    solo point, when the game does not play the Crown Handbook's rules: the answer would do nothing)."""
    answer = HOOKS.get(point)
    if answer is None or (game.state.crown is None and point in SOLO_POINTS):
        return default
    return answer(game, *args, **kwargs)
