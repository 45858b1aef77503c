"""NP Events (8.8): which side, is it effective, and how the NP faction executes it.

* 8.8.2 NP Raj always takes the unshaded text; the others the shaded text unless their icon has a
  square halo (card records, data/cards.py).
* 8.8.3 Effective: the Effective Events table on the NP aid is not in the rulebook. Reconstructed from
  its index entry ("helps that Faction or removes adversary VP or pieces"): executing the side, with
  the NP's own choices, raises the faction's victory total, lowers an adversary's, removes adversary
  pieces from the map or adds the faction's own. Resources are ignored (8.8.3).
* 8.8.4 Where the text gives a choice, only effective choices are made: each space / piece / faction
  offered is tried on a copy of the game and the most helpful is taken; "up to" selections stop when
  nothing more helps. 8.8.5 spaces are ranked with the column of the effective action (leftmost if
  several, data/arjuna/common.py EVENT_COLUMNS + the card's action verbs below).
"""

from __future__ import annotations

from ....coin.events import _probe_done, _probe_start
from ..board import victory_totals
from ..data.arjuna.common import EVENT_COLUMNS
from ..data.pieces import FACTIONS, PIECE_OWNER
from ..static import N_SPACES
from .priorities import select_qualifying
from .registry import on_choice, on_prompt

MAX_PROBE_DECISIONS = 400

# The action verbs of each implemented Event side (8.8.5), for the column guide. Our own summary of
# the card text (rules/events.py implements the sides).
EVENT_VERBS = {
    (6, "unshaded"): ("remove",), (6, "shaded"): ("remove",),
    (44, "unshaded"): ("shift", "remove"), (44, "shaded"): ("place_guerrillas", "unrest"),
    (45, "unshaded"): ("unrest", "remove"), (45, "shaded"): ("muslim_state", "place_bases"),
}


def np_side(game, faction: str, card: int) -> str:
    """8.8.2."""
    if faction == "raj":
        return "unshaded"
    record = game.card_record(card)
    return "unshaded" if record is not None and faction in record.halo else "shaded"


def event_column(data, faction: str, card: int, side: str) -> str:
    """8.8.5: the leftmost column among the effective actions' columns (first column if none known),
    in the faction's table of the game's data."""
    table = list(data.arjuna.factions[faction].columns)
    verbs = EVENT_VERBS.get((card, side), ())
    cols = [EVENT_COLUMNS[faction][v] for v in verbs if v in EVENT_COLUMNS[faction]]
    cols = [c for c in cols if c in table]
    if cols:
        return min(cols, key=table.index)
    return next((c for c in table if c == "Remove or Replace"), table[0] if table else "")


def _measure(state):
    totals = victory_totals(state)
    on_map = {f: 0 for f in FACTIONS}
    for owner, n in zip(PIECE_OWNER, state.pieces[:N_SPACES].sum(axis=0).tolist()):    # one read per piece type
        on_map[owner] += n
    return totals, on_map


def help_score(before, after, faction: str) -> int:
    """How much a change helps ``faction`` (8.8.3 reconstruction): own VP up, adversary VP down,
    adversary pieces off the map, own pieces onto it. Only the helpful parts count: an Event with one
    effective action is effective even if its required parts also help an adversary (8.8.4: NP Congress
    on #45 still places the Unrest)."""
    (t0, m0), (t1, m1) = before, after
    score = max(0, t1[faction] - t0[faction]) + max(0, m1[faction] - m0[faction])
    for f in FACTIONS:
        if f != faction:
            score += max(0, t0[f] - t1[f]) + max(0, m0[f] - m1[f])
    return score


def _finish_probe(g, faction: str):
    """Run an Event copy to its end with the NP's own choices; returns the copy."""
    from .arjuna import BOT
    for _ in range(MAX_PROBE_DECISIONS):
        if _probe_done(g):
            return g
        actor = g.current_player()
        g.apply(BOT.decide_for(g, actor or faction))
    return g


def np_effective(ctx, card) -> bool:
    """8.8.3: is the NP side of the Current card effective for ``ctx.faction`` (and offered)?"""
    game, f = ctx.game, ctx.faction
    if card is None or game.is_periodic_card(card):
        return False
    side = np_side(game, f, card)
    record = game.card_record(card)
    if record is None or not record.side(side).implemented:
        return False
    before = _measure(game.state)
    g = _probe_start(game, f, record, side)
    _start_event_plan(g, f, card, side)
    g = _finish_probe(g, f)
    return help_score(before, _measure(g.state), f) > 0


def _start_event_plan(game, faction: str, card: int, side: str) -> None:
    mem = game.state.arjuna.setdefault("memory", {}).setdefault(faction, {})
    mem["plan"] = {"kind": "event", "card": card, "side": side, "column": event_column(game.state.data, faction, card, side),
                   "probing": 1}


def start_event_plan(ctx, card: int) -> str:
    side = np_side(ctx.game, ctx.faction, card)
    ctx.mem["plan"] = {"kind": "event", "card": card, "side": side,
                       "column": event_column(ctx.data, ctx.faction, card, side)}
    return side


# --- answering the Event's own prompts (8.8.4) -------------------------------------------------------
def _in_event(ctx) -> bool:
    return ctx.plan.get("kind") == "event"


def _probe_option(ctx, action: int, before=None):
    """The help score of taking ``action`` now and finishing the Event with NP choices. ``before``:
    :func:`_measure` of the game now, when the caller tries several options of one board (each try
    runs on a copy, so the board is the same for all)."""
    g = ctx.game.clone()
    g.state.frames = [{"kind": "coin_probe_end", "actor": ctx.faction}] + g.state.frames[_event_floor(ctx.game):]
    # The prompt on top and the board are the game's own: its legal actions are this decision's
    # (the copy need not work them out again before ``action`` is applied).
    g._legal = list(ctx.legal)
    plan = g.state.arjuna.setdefault("memory", {}).setdefault(ctx.faction, {}).setdefault("plan", {})
    plan["probing"] = _depth(ctx) + 1          # nested look-ahead is bounded (MAX_PROBE_DEPTH)
    if before is None:
        before = _measure(ctx.game.state)
    g.apply(action)
    g = _finish_probe(g, ctx.faction)
    return help_score(before, _measure(g.state), ctx.faction)


def _event_floor(game) -> int:
    """Index of the first frame of the Event being executed (just above the turn-end / probe frame)."""
    frames = game.state.frames
    for i in range(len(frames) - 1, -1, -1):
        if frames[i]["kind"] in ("sop_turn_end", "coin_probe_end", "coin_free_end"):
            return i + 1
    return 0


MAX_PROBE_DEPTH = 2


def _depth(ctx) -> int:
    return int(ctx.plan.get("probing") or 0)


def _shallow(ctx) -> bool:
    """Inside a look-ahead already nested MAX_PROBE_DEPTH deep: choose by the column alone."""
    return _depth(ctx) >= MAX_PROBE_DEPTH


def best_effective(ctx, options: list[int]) -> int | None:
    """8.8.4: the option whose completion helps most (None if none helps); ties -> first in options."""
    if _shallow(ctx):
        return options[0]
    before = _measure(ctx.game.state)
    scored = [(_probe_option(ctx, a, before), a) for a in options]
    best = max(s for s, _ in scored)
    if best <= 0:
        return None
    return next(a for s, a in scored if s == best)


@on_prompt("g_ev_spaces")
def event_spaces(ctx):
    spaces = ctx.legal_spaces()
    if not spaces:
        return ctx.done
    if _shallow(ctx):
        return ctx.space(ctx.select(_column(ctx), spaces))
    before = _measure(ctx.game.state)
    column = _column(ctx)
    # Each probe runs on a copy: probing only the best-ranked spaces up to the first helpful group
    # changes nothing (priorities.select_qualifying).
    best = select_qualifying(ctx, column, spaces, lambda sp: _probe_option(ctx, ctx.space(sp), before) > 0)
    if best is not None:
        return ctx.space(best)
    return ctx.done if ctx.has(ctx.done) else ctx.space(ctx.select(column, spaces))


def _column(ctx) -> str:
    return ctx.plan.get("column") or next(iter(ctx.data.arjuna.factions[ctx.faction].columns), "")


@on_prompt("g_ev_remove")
def event_remove(ctx):
    """8.8.4 / 8.5: remove adversary pieces by the Adversary Priorities; never the faction's own."""
    frame = ctx.frame
    options = [ctx.piece(pc) for pc in ctx.legal_pieces() if PIECE_OWNER[pc] != ctx.faction]
    if not options:
        return ctx.done if ctx.has(ctx.done) else ctx.legal[0]
    return ctx.adversary(frame["space"], options)


@on_choice("ev6_faction_chosen")
def event_faction(ctx):
    """8.8.4 (the #6 example): the adversary faction whose pieces leave -- never the NP's own
    pieces when it has a choice; among adversaries, the most helpful; ties by Adversary Priorities'
    "player faction" entry (a player's pieces before a non-player's)."""
    options = [a for a in ctx.legal if ctx.game.faction_of(a) != ctx.faction] or list(ctx.legal)
    if _shallow(ctx) or len(options) == 1:
        ranked = sorted(options, key=lambda a: ctx.is_np(ctx.game.faction_of(a)))
        return ranked[0]
    before = _measure(ctx.game.state)
    scored = [(_probe_option(ctx, a, before), not ctx.is_np(ctx.game.faction_of(a)), a) for a in options]
    return max(scored)[2]
