"""Named stopping points for positions (``position["stop_at"]``, position.py).

A position that starts a phase runs on through later phases (their dice rolled from the game's RNG) until
someone must decide. With ``stop_at`` the game pauses at the named point instead: two decision kinds on the
one decision stack, saved, cloned and positioned like any other frame, and seen only by games whose position
asked for a stop.

* ``stop_watch`` (automatic) sits at the bottom of the stack. Each time every frame above it is done it puts
  itself back and starts the next step of the game (``game.on_empty_stack``: what an empty stack does).
* At a named point the procedure calls :func:`paused`; if the watch waits for that point it is removed and a
  ``pause`` decision is pushed for the first family in seat order, with the single legal action ``done``
  ("paused before Events in India: done to continue"). ``done`` carries on exactly where the procedure
  stopped; the pause is not counted as a decision of the game (``decisions`` / ``phase_decisions``), so the
  game goes on as one made without ``stop_at`` would with the same dice.

The points (:data:`STOP_POINTS`): each phase of the turn by its title without the numeral (RB p.10; "The
London Season" from turn 2, RB p.11), stopped before the phase's first roll or decision (after the phase's
log line), and "the storm die": in Events in India after the opening blackmail windows, before the storm
die (RB p.28).
"""

from __future__ import annotations

from ....core.prompts import Prompt
from ..actions import DONE
from ..registry import PROMPTS
from ..static import FAMILY_KEYS, PHASES, PHASE_TITLES

WATCH, PAUSE = "stop_watch", "pause"
STORM_DIE = "the storm die"
# point name (the rulebook's words) -> the phase it is in
STOP_POINTS = {**{PHASE_TITLES[p].split(". ", 1)[1]: p for p in PHASES}, STORM_DIE: "events"}


def phase_point(phase: str) -> str:
    return PHASE_TITLES[phase].split(". ", 1)[1]


def checked_point(name) -> str:
    if name not in STOP_POINTS:
        raise ValueError(f"position: stop_at {name!r} is not a stopping point; supported: {list(STOP_POINTS)}")
    return name


def watch(state, point: str) -> None:
    """Put the watch for ``point`` at the bottom of the stack (position.py, before the first decision)."""
    state.frames.insert(0, {"kind": WATCH, "at": checked_point(point)})


def paused(game, point: str, resume: dict) -> bool:
    """At ``point``: if the watch waits for it, pause here (True: the caller stops; ``done`` resumes with
    ``resume``: {"phase": phase} starts that phase, {"fn": continuation, ...data} runs that continuation)."""
    frames = game.state.frames
    at = next((i for i, f in enumerate(frames) if f["kind"] == WATCH and f["at"] == point), None)
    if at is None:
        return False
    del frames[at]
    first = FAMILY_KEYS[game.state.seats[0]]
    game.push({"kind": PAUSE, "actor": first, "ask": f"paused before {point}: done to continue", "at": point,
               "resume": resume})
    return True


@PROMPTS.register
class WatchPrompt(Prompt):
    kind = WATCH
    auto = True

    def run(self, game, frame):
        game.pop()
        game.push(frame)                 # still waiting: back at the bottom (the stack was empty above it)
        game.on_empty_stack()


@PROMPTS.register
class PausePrompt(Prompt):
    kind = PAUSE

    def legal(self, game, frame):
        return [DONE]

    def apply(self, game, frame, action):
        game.pop()
        s = game.state
        s.decisions -= 1                 # the pause is no decision of the game (module docstring)
        s.card_decisions -= 1
        resume = frame["resume"]
        if "phase" in resume:
            game.start_phase(resume["phase"])
        else:
            game.continuations[resume["fn"]](game, resume, None)
