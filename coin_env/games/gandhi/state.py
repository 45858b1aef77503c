"""Gandhi's game state: plain data (numpy arrays + small fields)."""

from __future__ import annotations

import numpy as np

from ...coin.sequence import init_sequence_fields, sequence_field_specs
from ...core.schema import BOOL, NAT, PLAIN, STR, Int, ListOf, MapOf, Maybe, OneOf, Record
from ...core.state import PlainState
from .data.cards import CAMPAIGN_CARDS, N_EVENT_CARDS
from .data.pieces import FACTIONS, N_PIECE_TYPES
from .static import N_LOCATIONS, N_SPACES


class GandhiState(PlainState):
    ARRAYS = {
        "pieces": "int16",        # [location, piece type]; locations = map spaces + Available, Out of Play, Jail
        "support": "int8",        # -2 Active Opposition .. +2 Active Support (1.6); 0 on Railways
        "protest": "int8",        # 0/1 Protest marker (1.10)
        "unrest": "int8",         # number of Unrest markers (1.11)
        "strike": "int8",         # 0/1 Strike marker, Railways only (1.12)
        "muslim_state": "int8",   # 0/1 Muslim State marker, Provinces only (1.3.5)
        "protest_boxes": "int8",  # Protest markers held in each box beside the Restraint track (1.10)
    }
    FIELDS = (
        "scenario", "resources", "restraint", "unity", "viceroy", "deck", "current", "upcoming",
        "played", "set_aside", "eligible", "eligibility_override", "sop", "turn", "campaigns_in_deck",
        "campaigns_played", "result", "pending_setup", "lasting", "arjuna",
    )

    ARRAY_RANGES = {"pieces": (0, 10_000), "support": (-2, 2), "protest": (0, 1), "unrest": (0, 12),
                    "strike": (0, 1), "muslim_state": (0, 1), "protest_boxes": (0, 12)}

    @classmethod
    def field_specs(cls) -> dict:
        """Shapes a loaded save must have (ranges the rules bound further are checked by the invariants)."""
        cards = list(range(1, N_EVENT_CARDS + 1)) + sorted(CAMPAIGN_CARDS)
        return {
            **sequence_field_specs(FACTIONS, cards, N_SPACES),
            "scenario": STR,
            "resources": Record({"raj": NAT, "revs": NAT}),
            "restraint": Int(1, 5), "unity": Int(1, 5),                    # 1.8 tracks
            "viceroy": Maybe(OneOf(sorted(CAMPAIGN_CARDS))),
            "campaigns_in_deck": NAT, "campaigns_played": NAT,
            "arjuna": Record({"deck": ListOf(STR), "memory": MapOf(OneOf(FACTIONS), PLAIN)},
                             {"face_up": NAT}),              # 8.3 cards drawn face up since the shuffle
        }

    @classmethod
    def empty(cls) -> "GandhiState":
        s = cls()
        init_sequence_fields(s, FACTIONS)
        s.pieces = np.zeros((N_LOCATIONS, N_PIECE_TYPES), dtype=np.int16)
        s.support = np.zeros(N_SPACES, dtype=np.int8)
        s.protest = np.zeros(N_SPACES, dtype=np.int8)
        s.unrest = np.zeros(N_SPACES, dtype=np.int8)
        s.strike = np.zeros(N_SPACES, dtype=np.int8)
        s.muslim_state = np.zeros(N_SPACES, dtype=np.int8)
        s.protest_boxes = np.zeros(5, dtype=np.int8)
        s.scenario = ""
        s.resources = {"raj": 0, "revs": 0}
        s.restraint = 1
        s.unity = 1
        s.viceroy = None
        s.campaigns_in_deck = 0
        s.campaigns_played = 0
        s.result = None
        s.pending_setup = []
        # 8.3 the Arjuna deck of the non-player factions (bottom = end of the list) and the bots'
        # working memory, per faction (coin_env/games/gandhi/bots). Empty when every seat is a player.
        s.arjuna = {"deck": [], "memory": {}}
        return s
