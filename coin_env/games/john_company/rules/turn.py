"""The turn: nine phases in order (RB p.10), and the honest end of the implemented part.

With Deregulation's tools (Long 1710) the Vote to Deregulate may open a turn and, once deregulated, the Firms
phase follows the Family phase (RB p.36-38; rules/firms.py ``inserted_phase``).

A phase runs by pushing its decisions; when the decision stack empties the next phase starts
(``Game.on_empty_stack``). The first turn skips the London Season (RB p.11). A phase (or office
operation) this package does not implement yet ends the game with
``result = {"complete": False, "reason": "<what> not implemented", ...}``: never a silent skip.
"""

from __future__ import annotations

from ..static import PHASES
from .common import phase_title
from .stops import paused, phase_point

# phase -> "module:function" starting it (filled by the modules that implement a phase)
PHASE_STARTS: dict[str, object] = {}


def implements(phase: str):
    def register(fn):
        PHASE_STARTS[phase] = fn
        return fn
    return register


def next_phase(game) -> None:
    s = game.state
    if s.phase == "setup" and s.setup_deck:
        from .setup_deal import start as deal
        deal(game)
        return
    if s.phase in ("setup", "deregulation_vote"):
        i = 0
    elif s.phase == "firms":
        i = PHASES.index("hiring")
    else:
        i = PHASES.index(s.phase) + 1
        if i == len(PHASES):        # IX done: Refresh and the next turn (RB p.36)
            i = 0
            s.turn += 1
    # firms (RB p.36-38): the Vote to Deregulate before the London Season, the Firms phase after Family
    from .firms import inserted_phase
    if inserted_phase(game, PHASES[i]):
        return
    s.phase = PHASES[i]
    if s.phase == "london_season" and s.turn == 1:
        game.log_note("phase", "I. The London Season is skipped on the first turn (RB p.11)")
        next_phase(game)
        return
    game.log_note("phase", f"Turn {s.turn}: {phase_title(s.phase)}", phase=s.phase, turn=s.turn)
    start = PHASE_STARTS.get(s.phase)
    if start is None:
        not_implemented(game, f"phase {phase_title(s.phase)}")
        return
    if paused(game, phase_point(s.phase), {"phase": s.phase}):      # a position's stop_at (stops.py)
        return
    start(game)


def not_implemented(game, what: str) -> None:
    """End the game where the implemented rules end (an incomplete result, never a winner)."""
    s = game.state
    s.frames.clear()
    s.result = {"complete": False, "reason": f"{what} not implemented", "turn": s.turn, "phase": s.phase,
                "vp": {game.faction_of(slot): int(s.vp[slot]) for slot in s.seats}}
    s.over = True
    game.log_note("end", f"Game stopped: {what} is not implemented yet")
