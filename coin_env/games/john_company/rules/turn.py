"""The turn: nine phases in order (RB p.10), and the honest end of the implemented part.

With Deregulation's tools (Long 1710) the Vote to Deregulate may open a turn and, once deregulated, the Firms
phase follows the Family phase (RB p.36-38; rules/deregulation.py ``inserted_phase``).

A phase runs by pushing its decisions; when the decision stack empties the next phase starts
(``Game.on_empty_stack``). The first turn skips the London Season (RB p.11). A phase (or office
operation) this package does not implement yet ends the game with
``result = {"complete": False, "reason": "<what> not implemented", ...}``: never a silent skip.
"""

from __future__ import annotations

from ..registry import PHASE_STARTS
from ..static import PHASES
from .common import not_implemented, phase_title
from .deregulation import inserted_phase
from .setup_deal import start as deal
from .stops import paused, phase_point

def next_phase(game) -> None:
    s = game.state
    if s.phase == "setup" and s.setup_deck:
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
    if inserted_phase(game, PHASES[i]):
        return
    s.phase = PHASES[i]
    if s.phase == "london_season" and s.turn == 1:
        game.log_note("phase", "I. The London Season is skipped on the first turn (RB p.11)")
        next_phase(game)
        return
    if game.keeps_log:                         # the note's words are built only for a kept log
        game.log_note("phase", f"Turn {s.turn}: {phase_title(s.phase)}", phase=s.phase, turn=s.turn)
    start = PHASE_STARTS.get(s.phase)
    if start is None:
        not_implemented(game, f"phase {phase_title(s.phase)}")
        return
    if paused(game, phase_point(s.phase), {"phase": s.phase}):      # a position's stop_at (stops.py)
        return
    start(game)
