"""5.0 Events: Gandhi's effect helpers and the card effects whose text is known.

Every card side is one small function registered with
``@event_effect("gandhi", <card>, "<side>", text=..., provenance=...)`` (coin_env/coin/events.py),
written against the helpers below; the card records are in ``data/cards.py``.

Guidelines every helper applies (5.1.1 - 5.1.4):

* 5.1: the executing faction makes every selection unless the text says otherwise.
* 5.1.1: Events place only Available pieces (fewer if fewer are Available); Protests may be
  placed regardless of Restraint; no stacking violation: Bases <= Population, one Protest per
  space, no Troops in States, one Strike per Railway.
* 5.1.2: spaces are selected where as much of the text as possible can be done; what cannot be
  done is skipped (selection helpers offer ``done`` only once the text's mandatory part is done
  or impossible, so no Event can dead-end).
* 5.1.3: "arrest" sends Gandhi and Activists (Active or Inactive) to Jail; "remove" sends pieces to
  their Available box; Out of Play only when the text says so.
* 5.1.4: Unrest on a Railway becomes a Strike (board.add_unrest); Muslim States only in Provinces;
  Restraint / Unity shifts beyond 1..5 are ignored; an Event resembling an Operation does only what
  its text says -- an Event arrest of Gandhi never sets the Raj-arrest flag (no Restraint shift, no
  Protests; 3.2.4 applies to Raj Operations and Special Activities only).

Helpers that need a decision push a frame (plain data, survives saves) and continue with a
registered continuation named in the frame:

* :func:`select_spaces` -- ``g_ev_spaces``: up to N spaces passing a named filter, one at a time;
  ``each`` runs after every selection, ``then`` once selection is over.
* :func:`remove_pieces` -- ``g_ev_remove``: pieces of given types from one space, piece by piece.
* :func:`choose_faction` -- one faction among given ones.

Direct helpers: :func:`place`, :func:`remove_all`, :func:`move`, :func:`add_unrest`,
:func:`place_protest`, :func:`set_marker`, :func:`shift_support`, :func:`shift_restraint`,
:func:`shift_unity`, :func:`add_resources`, and from the shared layer :func:`grant_free_action`,
:func:`set_eligible`, :func:`add_lasting`.
"""

from __future__ import annotations

from ....coin.events import add_lasting, event_data, event_effect, grant_free_action, set_eligible  # noqa: F401
from ....core.prompts import Prompt
from .. import board
from ..data.pieces import ACTIVE_GUERRILLA, FACTIONS, GUERRILLA, ML_BASE, REV_BASE, TROOP
from ..registry import CONTINUATIONS, PROMPTS
from ..static import IS_PRINTED_PROVINCE, N_SPACES

__all__ = ["place", "remove_all", "move", "add_unrest", "place_protest", "set_marker", "shift_support",
           "shift_restraint", "shift_unity", "add_resources", "select_spaces", "remove_pieces", "choose_faction",
           "space_filter", "pieces_of", "event_data", "event_effect", "grant_free_action", "set_eligible",
           "add_lasting"]

MODES: list[tuple[str, str]] = []
GAME = "gandhi"
NV_PIECES = board.NV_PIECES


# ======================================================================================
# Direct helpers
# ======================================================================================
def place(game, piece: int, sp: int, n: int = 1) -> int:
    """Place up to ``n`` pieces from Available (5.1.1); returns how many were placed.
    No Troops in States; Bases only up to the space's Population (1.4.2)."""
    s = game.state
    if piece == TROOP and board.is_state(s, sp):
        return 0
    if piece in (ML_BASE, REV_BASE):
        room = s.data.pop_list[sp] - int(s.pieces.item(sp, ML_BASE) + s.pieces.item(sp, REV_BASE))
        n = min(n, max(0, room))
    return board.place(s, piece, sp, n)


def remove_all(game, faction: str, sp: int, arrest_nv: bool = True) -> None:
    """Remove every piece of ``faction`` from ``sp`` (Active or not). With ``arrest_nv`` Gandhi and
    Activists are arrested (Jail, 5.1.3); other pieces go to Available. Never the Raj-arrest flag."""
    s = game.state
    for piece in board.FACTION_PIECES[faction]:
        n = s.pieces.item(sp, piece)
        if not n:
            continue
        board.remove_or_arrest(s, piece, sp, n, arrest_nv)


def move(game, piece: int, src: int, dst: int, n: int = 1) -> int:
    """Move up to ``n`` pieces; never Troops into a State (5.1.4). Returns how many moved."""
    s = game.state
    if piece == TROOP and dst < N_SPACES and board.is_state(s, dst):
        return 0
    n = min(n, s.pieces.item(src, piece))
    board.move(s, piece, src, dst, n)
    return n


def add_unrest(game, sp: int) -> bool:
    """One Unrest marker (a Strike on a Railway, 5.1.4), if one of the 12 markers is left (1.11)."""
    return board.add_unrest(game.state, sp)


def place_protest(game, sp: int) -> bool:
    """A Protest regardless of Restraint (5.1.1), at most one per space, non-railway or railway."""
    return board.place_protest(game.state, sp, for_event=True)


def set_marker(game, marker: str, sp: int, on: bool = True) -> bool:
    """Place or remove a Protest, Strike or Muslim State marker within 5.1.1 / 5.1.4; returns
    whether anything changed. (Unrest: :func:`add_unrest`.)"""
    s = game.state
    if marker == "Protest":
        return place_protest(game, sp) if on else board.remove_protest(s, sp)
    if marker == "Strike":
        if on:
            return board.add_strike(s, sp)
        changed = bool(s.strike.item(sp))
        s.strike[sp] = 0
        return changed
    if marker == "Muslim State":
        if on and not IS_PRINTED_PROVINCE[sp]:       # 5.1.4: only in Provinces
            return False
        changed = bool(s.muslim_state.item(sp)) != on
        s.muslim_state[sp] = 1 if on else 0
        return changed
    raise ValueError(f"unknown marker {marker!r}")


def shift_support(game, sp: int, levels: int) -> None:
    """Shift toward Active Support (+) / Active Opposition (-); nothing on Railways (1.6)."""
    board.shift_support(game.state, sp, levels)


def shift_restraint(game, delta: int) -> None:
    board.shift_restraint(game.state, delta)         # 5.1.4: beyond 1..5 ignored


def shift_unity(game, delta: int) -> None:
    board.shift_unity(game.state, delta)


def add_resources(game, faction: str, amount: int) -> None:
    """Raj / Revolutionaries Resources within 0..50 (1.8)."""
    board.add_resources(game.state, faction, amount)


# ======================================================================================
# Decisions
# ======================================================================================
FILTERS: dict = {}


def space_filter(fn):
    """Register a named space filter ``fn(game, frame, sp) -> bool`` for :func:`select_spaces`."""
    if fn.__name__ in FILTERS:
        raise ValueError(f"space filter {fn.__name__!r} registered twice")
    FILTERS[fn.__name__] = fn
    return fn


def select_spaces(game, actor: str, ask: str, filter: str, up_to: int, at_least: int = 0,
                  each: str | None = None, then: str | None = None, among: list[int] | None = None,
                  **data) -> None:
    """Select spaces one at a time (at most ``up_to``; ``at_least`` are mandatory while candidates
    remain, 5.1.2). ``filter`` names a :func:`space_filter`; ``among`` restricts the candidates.
    After each selection the continuation ``each(game, frame, sp)`` runs (it may push frames, which
    finish before the next selection); when selection ends ``then(game, frame, None)`` runs with
    ``frame["chosen"]``."""
    if filter not in FILTERS:
        raise ValueError(f"unknown space filter {filter!r}")
    frame = {"kind": "g_ev_spaces", "actor": actor, "ask": ask, "filter": filter, "up_to": up_to,
             "at_least": at_least, "chosen": [], "each": each, "then": then, "among": among}
    frame.update(data)
    game.push(frame)
    _end_if_nothing_left(game)


def _candidates(game, frame) -> list[int]:
    if len(frame["chosen"]) >= frame["up_to"]:
        return []
    pool = frame["among"] if frame["among"] is not None else range(N_SPACES)
    fn = FILTERS[frame["filter"]]
    return [sp for sp in pool if sp not in frame["chosen"] and fn(game, frame, sp)]


@PROMPTS.register
class EventSpaces(Prompt):
    kind = "g_ev_spaces"

    def legal(self, game, frame):
        cands = _candidates(game, frame)
        out = [game.space_action(sp) for sp in cands]
        if len(frame["chosen"]) >= frame["at_least"] or not cands:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        names = ", ".join(game.space_names[sp] for sp in frame["chosen"]) or "none"
        return f"{frame['ask']} (up to {frame['up_to']}; selected: {names}), or done"

    def apply(self, game, frame, action):
        if action == game.DONE:
            game.pop()
            _then(game, frame)
            return
        sp = game.space_of(action)
        frame["chosen"].append(sp)
        if len(frame["chosen"]) >= frame["up_to"]:
            # Selection is over: ``then`` waits under whatever ``each`` pushes now.
            game.pop()
            game.push(dict(frame, kind="call", fn="ev_then"))
        else:
            # Once ``each`` is done, end the selection by itself if no space is left to select.
            game.after("ev_check")
        if frame["each"]:
            CONTINUATIONS[frame["each"]](game, frame, sp)


def _then(game, frame) -> None:
    if frame["then"]:
        CONTINUATIONS[frame["then"]](game, frame, None)


def _end_if_nothing_left(game) -> None:
    """A selection with no candidate left ends without asking (a "done"-only prompt is no choice)."""
    frame = game.top()
    if frame["kind"] == "g_ev_spaces" and not _candidates(game, frame):
        game.pop()
        _then(game, frame)


@CONTINUATIONS.register
def ev_check(game, _frame, _action):
    """After a selected space's own steps, end the selection if nothing is left."""
    _end_if_nothing_left(game)


@CONTINUATIONS.register
def ev_then(game, frame, _action):
    """The selection's last ``each`` step is done; run ``then``."""
    _then(game, frame)


def remove_pieces(game, actor: str, sp: int, pieces: list[int], up_to: int, at_least: int = 0,
                  arrest: bool = False, tally: str | None = None) -> None:
    """Remove pieces of the given types from ``sp`` one at a time, at most ``up_to``, at least
    ``at_least`` while any remain (5.1.2). ``arrest``: Gandhi/Activists to Jail, else Available
    (5.1.3). ``tally`` names a counter in the Event's scratch data increased per piece."""
    if up_to <= 0:
        return
    game.push({"kind": "g_ev_remove", "actor": actor, "space": sp, "pieces": list(pieces), "up_to": up_to,
               "at_least": at_least, "removed": 0, "arrest": arrest, "tally": tally})


@PROMPTS.register
class EventRemove(Prompt):
    kind = "g_ev_remove"

    def _types(self, game, frame):
        if frame["removed"] >= frame["up_to"]:
            return []
        s = game.state
        return [pc for pc in frame["pieces"] if s.pieces[frame["space"], pc] > 0]

    def legal(self, game, frame):
        types = self._types(game, frame)
        out = [game.piece_action(pc) for pc in types]
        if frame["removed"] >= frame["at_least"] or not types:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        verb = "arrest / remove" if frame["arrest"] else "remove"
        return (f"Event: {verb} pieces in {game.space_names[frame['space']]} "
                f"({frame['removed']} of up to {frame['up_to']}): choose a piece, or done")

    def apply(self, game, frame, action):
        s = game.state
        if action == game.DONE:
            game.pop()
            return
        pc = game.piece_of(action)
        sp = frame["space"]
        board.remove_or_arrest(s, pc, sp, 1, frame["arrest"])
        frame["removed"] += 1
        if frame["tally"]:
            data = event_data(game)
            data[frame["tally"]] = data.get(frame["tally"], 0) + 1
        if not self._types(game, frame):
            game.pop()


def choose_faction(game, actor: str, ask: str, factions: list[str], then: str, **data) -> None:
    """One faction among ``factions`` (immediately if there is only one); ``then(game, frame, action)``
    gets the faction action (``game.faction_of(action)``)."""
    if len(factions) == 1:
        frame = {"actor": actor}
        frame.update(data)
        CONTINUATIONS[then](game, frame, game.faction_action(factions[0]))
        return
    game.choose(actor, ask, [game.faction_action(f) for f in factions], then, **data)


# ======================================================================================
# Space filters shared by effects
# ======================================================================================
def pieces_of(s, sp: int, faction: str) -> int:
    """All pieces of a faction in a space, Active or not."""
    return int(sum(s.pieces.item(sp, pc) for pc in board.FACTION_PIECES[faction]))


@space_filter
def muslim_space(game, frame, sp):
    """1.3.4: one of the ten printed Muslim spaces."""
    return board.is_muslim_space(sp)


@space_filter
def protest_space_with_pieces(game, frame, sp):
    s = game.state
    return bool(s.protest.item(sp)) and any(pieces_of(s, sp, f) for f in FACTIONS)


@space_filter
def has_base(game, frame, sp):
    s = game.state
    return bool(s.pieces.item(sp, ML_BASE) + s.pieces.item(sp, REV_BASE))


@CONTINUATIONS.register
def ev_add_unrest(game, frame, sp):
    add_unrest(game, sp)


# ======================================================================================
# The cards (data/cards.py holds the records; texts below are paraphrases)
# ======================================================================================

# --- #6 Chauri Chaura Massacre --------------------------------------------------------------------------
@event_effect(GAME, 6, "unshaded",
              text="In one Protest space, remove every piece of one faction: Gandhi and Activists are "
                   "arrested to Jail, cubes, Guerrillas and Bases go to Available.",
              provenance="rules 8.8.4 example (card #6, unshaded text quoted there)")
def chauri_chaura_unshaded(game, faction):
    # 5.1.2: a Protest space where some faction has pieces (any faction, the executor's own too:
    # 8.8.4 notes that NP Raj merely would not choose its cubes). None: nothing happens.
    select_spaces(game, faction, "Chauri Chaura Massacre: select a Protest space", "protest_space_with_pieces",
                  up_to=1, at_least=1, each="ev6_space_chosen")


@CONTINUATIONS.register
def ev6_space_chosen(game, frame, sp):
    s = game.state
    factions = [f for f in FACTIONS if pieces_of(s, sp, f)]
    choose_faction(game, frame["actor"], f"Chauri Chaura Massacre: whose pieces leave "
                   f"{game.space_names[sp]}", factions, "ev6_faction_chosen", space=sp)


@CONTINUATIONS.register
def ev6_faction_chosen(game, frame, action):
    remove_all(game, game.faction_of(action), frame["space"], arrest_nv=True)


# --- #44 (title not in the rulebook) --------------------------------------------------------------------
@event_effect(GAME, 44, "unshaded",
              text="Remove up to two Guerrillas in all from up to two spaces; then each of those spaces "
                   "shifts one level toward Active Support.",
              provenance="rules 8.8.5 example (card 44, unshaded text quoted there)")
def card44_unshaded(game, faction):
    event_data(game)["removed"] = 0
    select_spaces(game, faction, "Event 44: select a space to remove Guerrillas from", "ev44_guerrillas_left",
                  up_to=2, at_least=0, each="ev44_remove", then="ev44_shift")


@space_filter
def ev44_guerrillas_left(game, frame, sp):
    return event_data(game)["removed"] < 2 and board.guerrillas(game.state, sp) > 0


@CONTINUATIONS.register
def ev44_remove(game, frame, sp):
    # A space is one "of those spaces" only if a Guerrilla leaves it: at least one, Active or not.
    remove_pieces(game, frame["actor"], sp, [GUERRILLA, ACTIVE_GUERRILLA],
                  up_to=2 - event_data(game)["removed"], at_least=1, tally="removed")


@CONTINUATIONS.register
def ev44_shift(game, frame, _action):
    for sp in frame["chosen"]:
        shift_support(game, sp, +1)          # a Railway has no Support: nothing (1.6)


# --- #45 Pakistan Declaration Published in London (also cited as #16) ------------------------------------
@event_effect(GAME, 45, "unshaded",
              text="Add an Unrest marker to each of up to two Muslim spaces; then remove one Base from one "
                   "of the spaces selected.",
              provenance="rules 8.4.1 example (Event 45) and 8.8.4 example (card #16), unshaded text quoted "
                         "in both; the Spanish 8.8.4 reads 'from one of the selected spaces'")
def pakistan_declaration_unshaded(game, faction):
    select_spaces(game, faction, "Pakistan Declaration: select a Muslim space for Unrest", "muslim_space",
                  up_to=2, at_least=0, each="ev_add_unrest", then="ev45_base")


@CONTINUATIONS.register
def ev45_base(game, frame, _action):
    # The Base removal is not "up to": one Base must go if the selected spaces hold any (5.1.2).
    select_spaces(game, frame["actor"], "Pakistan Declaration: select the space to remove a Base from",
                  "has_base", up_to=1, at_least=1, among=list(frame["chosen"]), each="ev45_remove_base")


@CONTINUATIONS.register
def ev45_remove_base(game, frame, sp):
    remove_pieces(game, frame["actor"], sp, [ML_BASE, REV_BASE], up_to=1, at_least=1)
