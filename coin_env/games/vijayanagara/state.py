"""Vijayanagara's game state: plain data (numpy arrays + small fields)."""

from __future__ import annotations

import numpy as np

from ...coin.sequence import init_sequence_fields, sequence_field_specs
from ...core.schema import BOOL, NAT, PLAIN, STR, Int, ListOf, MapOf, Maybe, OneOf, Record
from ...core.state import PlainState
from .data.cards import ALL_CARDS
from .data.pieces import CAVALRY_TOKENS, FACTIONS, MAX_INFLUENCE, MAX_RESOURCES, N_PIECE_TYPES
from .static import N_LOCATIONS, N_SPACES

CONTROL_NONE, CONTROL_DS, CONTROL_BK, CONTROL_VE = 0, 1, 2, 3
CONTROL_CODE = {"ds": CONTROL_DS, "bk": CONTROL_BK, "ve": CONTROL_VE}


class VijayanagaraState(PlainState):
    ARRAYS = {
        "pieces": "int16",      # [location, piece type]; locations = map spaces + Available + 2 Influence tracks
        "tributary": "int8",    # 1 Tributary marker, 0 Independent (1.6); always 0 off the Provinces
    }
    FIELDS = (
        "scenario", "resources", "cavalry", "influence", "dynasty", "timurid_played", "mongol_controller",
        "deck", "current", "upcoming", "played", "set_aside", "eligible", "eligibility_override", "sop", "turn",
        "forks", "result", "pending_setup", "lasting",
    )
    ARRAY_RANGES = {"pieces": (0, 100), "tributary": (0, 1)}

    @classmethod
    def field_specs(cls) -> dict:
        per = lambda spec: Record({f: spec for f in FACTIONS})   # noqa: E731
        sequence = sequence_field_specs(FACTIONS, ALL_CARDS, N_SPACES)
        return {
            **sequence,
            "turn": Maybe(cls._turn_spec(sequence["turn"].inner)),
            "scenario": STR,
            "resources": per(Int(0, MAX_RESOURCES)),                     # 1.8
            "cavalry": per(Int(0, CAVALRY_TOKENS)),                      # 1.10 tokens held; the rest is the pool
            "influence": Record({"bk": Int(0, MAX_INFLUENCE), "ve": Int(0, MAX_INFLUENCE)}),   # 1.9
            "dynasty": OneOf(["Khalji", "Tughlaq"]),                     # 2.7
            "timurid_played": Int(0, 2),                                 # 2.6
            "mongol_controller": Maybe(OneOf(["bk", "ve"])),             # 2.4: who runs the Mongols now
            # 2.3.3: which forked option each faction took on this card ("command_decree" / "event_or_command").
            "forks": MapOf(STR, OneOf(list(FACTIONS))),
        }

    @staticmethod
    def _turn_spec(turn: Record) -> Record:
        """The COIN layer's turn record with this game's turn flags checked: ``free`` (a Succession card's
        free Limited Command, 2.5.2), ``shifted`` (the one Migrate Influence shift, 3.3.2 / 3.4.2),
        ``moved`` / ``attack_used`` (Units that moved / fought this Command, by space and piece type: each
        Unit is used once, 3.1.2)."""
        counts = MapOf(OneOf([str(i) for i in range(N_SPACES)]),
                       MapOf(OneOf([str(p) for p in range(N_PIECE_TYPES)]), Int(0, 100)))
        flags = Record({}, optional={"free": BOOL, "shifted": BOOL, "moved": counts, "attack_used": counts})
        return Record({**turn.required, "flags": flags}, optional=turn.optional, extra=turn.extra)

    @classmethod
    def empty(cls) -> "VijayanagaraState":
        s = cls()
        init_sequence_fields(s, FACTIONS)
        s.pieces = np.zeros((N_LOCATIONS, N_PIECE_TYPES), dtype=np.int16)
        s.tributary = np.zeros(N_SPACES, dtype=np.int8)
        s.scenario = ""
        s.resources = {f: 0 for f in FACTIONS}
        s.cavalry = {f: 0 for f in FACTIONS}
        s.influence = {"bk": 0, "ve": 0}
        s.dynasty = "Khalji"
        s.timurid_played = 0
        s.mongol_controller = None
        s.forks = {}
        s.result = None
        s.pending_setup = []
        return s
