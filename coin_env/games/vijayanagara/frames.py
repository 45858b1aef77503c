"""The shapes of Vijayanagara's decision frames, checked when a save is loaded (before any rule reads them).

The core checks every frame's kind, a ``choose`` frame's continuation and options, and who decides the
frame on top of each decision; these specs add every field of this game's own frames (the ones its rules
push: a battle's dice and hits, a Campaign's group, a Compel's placements, ...), so a hand-edited save
whose frame names a faction, space or count that cannot be is refused naming the entry, never read by a
rule that breaks on it later (tests/core/test_bad_input.py's mutation fuzz).
"""

from __future__ import annotations

from ...core.schema import BOOL, NAT, STR, Int, ListOf, MapOf, Maybe, OneOf, Record, SaveError
from .data import cards as carddata
from .data.pieces import FACTIONS, N_PIECE_TYPES
from .static import N_SPACES

_SPACE = Int(0, N_SPACES - 1)
_COUNT = Int(0, 100)
_PIECE = Int(0, N_PIECE_TYPES - 1)
_FACTION = OneOf(FACTIONS)
_RUNS_MONGOLS = OneOf(["bk", "ve"])                       # 2.4: the faction a Mongol Invasion card names
_SIDE = OneOf(list(FACTIONS) + ["mi"])                    # a side in a battle (3.2.4, 3.5.3)
_SUPPORT = Maybe(Record({"space": _SPACE, "pieces": ListOf(_PIECE, 2)}))   # supporters from one space
_DICE = ListOf(Int(0, 6), 4)                              # a Charge may lower a die to 0 (1.10)

FRAME_SPECS: dict[str, Record] = {
    "vj_card_end": Record({}),
    "vj_take_cavalry": Record({"actor": _FACTION, "left": _COUNT}),
    "vj_refill": Record({"actor": _RUNS_MONGOLS, "left": _COUNT}),
    "vj_gifts": Record({"actor": _RUNS_MONGOLS}),
    "vj_mongol_command": Record({"actor": _RUNS_MONGOLS, "left": Int(0, 2)}),
    "vj_plunder": Record({"space": _SPACE, "timur": BOOL}),
    "vj_troop_loss": Record({"actor": OneOf(["ds"]), "left": _COUNT}),
    "vj_timur": Record({"step": Int(0, 3)}),
    "vj_rise": Record({"actor": _RUNS_MONGOLS, "step": Int(0, 2)}),
    "vj_lords": Record({"actor": _FACTION, "left": Int(0, 3)}),
    "vj_govern": Record({"actor": OneOf(["ds"]), "space": _SPACE, "removed": Int(0, 2)}),
    "vj_campaign": Record({"actor": OneOf(["ds"]), "space": Maybe(_SPACE), "steps": Int(0, 3),
                           "group": ListOf(_COUNT, 2), "picked": BOOL, "dropped": BOOL, "restricted": BOOL}),
    "vj_compel": Record({"actor": OneOf(["ve"]), "space": _SPACE, "placed": Int(0, 2), "moved": Int(0, 2),
                         "from": Maybe(_SPACE), "new": ListOf(Int(1, 1), 2), "step": OneOf(["rajas", "remove"])}),
    "vj_move": Record({"actor": _FACTION, "space": _SPACE, "moved": _COUNT}),
    "vj_attack_support": Record({"actor": _FACTION, "space": _SPACE, "defender": _SIDE, "from": Maybe(_SPACE),
                                 "picked": ListOf(_PIECE, 2)}),
    "vj_battle": Record({"step": OneOf(["roll", "att_cav", "def_cav", "hits", "att_cas", "def_cas", "influence",
                                        "end"]),
                         "space": _SPACE, "attacker": _SIDE, "defender": _SIDE, "att_units": _COUNT,
                         "def_units": _COUNT, "support": _SUPPORT, "att_dice": _DICE, "def_dice": _DICE,
                         "hits": ListOf(_COUNT, 2), "losses": MapOf(_SIDE, _COUNT)},
                        optional={}),
    "vj_cavalry": Record({"actor": _FACTION}),
    "vj_casualty": Record({"actor": _FACTION, "space": _SPACE, "left": _COUNT, "support": _SUPPORT}),
    "vj_transfer": Record({"actor": _FACTION, "what": Maybe(OneOf(["resources", "cavalry"])), "to": Maybe(_FACTION)}),
    # the COIN layer's frames as this game uses them
    "sop_choice": Record({"actor": _FACTION}),
    "sop_turn_end": Record({"step": Int(0, 1)}),
    "op_select": Record({"actor": _FACTION, "activity": NAT}),
    "sa_select": Record({"actor": _FACTION, "activity": NAT}),
}
# Frames that belong to a faction's turn on a card (the turn record must exist while they are pending).
_TURN_FRAMES = {"sop_turn_end", "op_select", "sa_select", "vj_move", "vj_attack_support", "vj_govern", "vj_compel"}
# The COIN layer's continuations whose options are the deciding faction's activities: -> are they Decrees
_ACTIVITY_CHOICES = {"coin_operation_chosen": False, "coin_sa_after_op": True}
# The data this game's rules put on a shared ``choose`` frame besides its question (game.choose(..., **data)).
CHOOSE_DATA = Record({"actor": _FACTION, "ask": STR, "options": ListOf(NAT), "then": STR},
                     optional={"space": _SPACE, "src": _SPACE, "unit": _PIECE, "piece": _PIECE, "pick": BOOL,
                               "total": _COUNT})


def check_frames(frames: list) -> None:
    """Every frame of this game's kinds has exactly its fields, each of its shape (SaveError naming it)."""
    for i, frame in enumerate(frames):
        kind = frame.get("kind")
        path = f"state.fields.frames[{i}]"
        body = {k: v for k, v in frame.items() if k != "kind"}
        if kind in FRAME_SPECS:
            FRAME_SPECS[kind].check(body, path)
        elif kind == "choose":
            CHOOSE_DATA.check(body, path)
        if kind == "vj_battle" and frame["attacker"] == frame["defender"]:
            raise SaveError(path, "a battle's attacker and defender are the same side")


def check_stack(game) -> None:
    """What the frames imply about the rest of the state (after the shapes are checked): an Operation's
    activity is one its faction has; a turn's frames need the turn record; a special card in play is
    executed by its own frames (2.4-2.6), whose bottom frame ends it; every card is in one place only;
    ``timurid_played`` counts the Timurid Empire cards played (2.6)."""
    s = game.state
    for i, frame in enumerate(s.frames):
        path = f"state.fields.frames[{i}]"
        if frame["kind"] == "vj_transfer" and not game.options.get("transfers"):
            raise SaveError(path, "a gift of Resources or Cavalry (1.5.2) needs the option 'transfers', which "
                            "this game is played without")
        if frame["kind"] in ("op_select", "sa_select") and frame["activity"] not in game.activities[frame["actor"]]:
            raise SaveError(f"{path}.activity", f"is not a Command or Decree of {frame['actor']!r}")
        if frame["kind"] in _TURN_FRAMES and s.turn is None:
            raise SaveError(path, f"a {frame['kind']!r} decision needs the turn it belongs to (state.fields.turn)")
        if frame["kind"] == "choose" and frame["then"] in _ACTIVITY_CHOICES:
            acts = game.activities[frame["actor"]]
            special = _ACTIVITY_CHOICES[frame["then"]]
            chosen = [a for a in frame["options"] if not (special and a == game.DONE)]
            if s.turn is None or any(a not in acts or acts[a].special != special for a in chosen):
                raise SaveError(f"{path}.options", f"must be {'Decrees' if special else 'Commands'} of "
                                f"{frame['actor']!r} in a turn")
    turn = s.turn
    if turn is not None:
        for key in ("op_action", "sa_action"):
            if key in turn and turn[key] not in game.activities[turn["faction"]]:
                raise SaveError(f"state.fields.turn.{key}", f"is not a Command or Decree of {turn['faction']!r}")
    if s.frames and carddata.is_special(s.current) and s.frames[0]["kind"] not in ("vj_card_end", "vj_timur"):
        raise SaveError("state.fields.frames[0]", "a special card in play is executed to its end (2.4-2.6): the "
                        "bottom decision must be its end ('vj_card_end' or 'vj_timur')")
    cards = [c for c in [s.current, s.upcoming] if c is not None] + s.deck + s.played + s.set_aside
    if len(cards) != len(set(cards)):
        raise SaveError("state.fields.deck", "a card is in two places (Current, deck, played, set aside)")
    played = sum(1 for c in s.played if c in carddata.TIMURID)
    executing = 1 if s.current in carddata.TIMURID and s.frames and s.frames[0]["kind"] == "vj_timur" else 0
    if not s.over and s.timurid_played not in (played, played + (s.current in carddata.TIMURID)):
        raise SaveError("state.fields.timurid_played", f"is {s.timurid_played}, but {played + executing} Timurid "
                        "Empire card(s) have been played (2.6)")
