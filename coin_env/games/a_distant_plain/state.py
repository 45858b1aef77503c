"""A Distant Plain's game state: plain data (numpy arrays + small fields)."""

from __future__ import annotations

import numpy as np

from ...coin.sequence import init_sequence_fields, sequence_field_specs
from ...core.schema import BOOL, NAT, PLAIN, STR, Int, ListOf, MapOf, Maybe, Record
from ...core.state import PlainState
from .data.cards import N_EVENT_CARDS, PROPAGANDA_CARDS
from .data.pieces import FACTIONS, N_PIECE_TYPES, RETURNEES_MARKERS
from .static import N_LOCATIONS, N_SPACES


# The state's plain-list mirrors of its arrays: ``rows`` (``pieces[location][piece type]``), ``support_list``,
# ``returnees_list``, ``terror_list`` and ``sabotage_list`` (one value per map space). The rules and bots read a few cells at a time hundreds of thousands
# of times per game, and a list cell costs a fraction of ``ndarray.item``. A mirror is never a field: not saved,
# and each state object makes its own from its own arrays (set-up, clone, load). board.py's functions that change
# these arrays change both; the arrays are read-only while mirrored, so a write that goes round them fails at
# once instead of leaving a mirror stale. (Plain instance attributes, not a lazy descriptor: an attribute the
# class also names through a descriptor costs every read a slow lookup.)
MIRRORS = {"rows": "pieces", "support_list": "support", "returnees_list": "returnees", "terror_list": "terror",
           "sabotage_list": "sabotage"}


class AdpState(PlainState):
    ARRAYS = {
        "pieces": "int16",     # [location, piece type]; locations = map spaces + Available, Casualties, Out of Play, Removed
        "support": "int8",     # -1 Opposition, 0 Neutral, +1 Support (1.6: three levels only)
        "terror": "int8",      # Terror markers in a Province or Kabul (several may stack, 3.3.4)
        "sabotage": "int8",    # 0/1 Sabotage marker on a LoC (3.3.4)
        "returnees": "int8",   # 0/1 +1 Pop marker (4.3.1)
    }
    FIELDS = (
        "scenario", "resources", "aid", "patronage", "islamabad", "islamabad_hard", "returnees_unused",
        "deck", "current", "upcoming", "played", "set_aside", "eligible", "eligibility_override", "sop", "turn",
        "propaganda_in_deck", "propaganda_played", "last_was_propaganda", "frozen_control", "result",
        "pending_setup", "lasting", "np",
    )

    ARRAY_RANGES = {"pieces": (0, 10_000), "support": (-1, 1), "terror": (0, 30), "sabotage": (0, 1),
                    "returnees": (0, 1)}

    def make_mirrors(self) -> None:
        """(Re)make the plain-list mirrors of the arrays (MIRRORS) and lock the arrays."""
        d = self.__dict__
        for name, array in MIRRORS.items():
            table = d[array]
            d[name] = table.tolist()
            table.setflags(False)

    def copy(self):
        new = super().copy()
        new.make_mirrors()
        return new

    @classmethod
    def from_dict(cls, data: dict):
        new = super().from_dict(data)
        new.make_mirrors()
        return new

    def __getstate__(self):
        """A pickled state leaves the mirrors behind: the copy makes its own (__setstate__)."""
        state = dict(self.__dict__)
        for name in MIRRORS:
            state.pop(name, None)
        return state

    def __setstate__(self, state) -> None:
        self.__dict__.update(state)
        self.make_mirrors()

    @classmethod
    def field_specs(cls) -> dict:
        """Shapes a loaded save must have (ranges the rules bound further are checked by the invariants)."""
        cards = list(range(1, N_EVENT_CARDS + 1)) + sorted(PROPAGANDA_CARDS)
        control = ListOf(BOOL, N_SPACES)
        return {
            **sequence_field_specs(FACTIONS, cards, N_SPACES),
            "scenario": STR,
            "resources": Record({"government": NAT, "taliban": NAT, "warlords": NAT}),
            "aid": NAT, "patronage": NAT,
            "islamabad": Int(0, 4), "islamabad_hard": BOOL,                 # 6.6.1 box index and side
            "returnees_unused": NAT,
            "propaganda_in_deck": NAT, "propaganda_played": NAT, "last_was_propaganda": BOOL,
            "frozen_control": Maybe(Record({"coin": control, "taliban": control})),
            "np": MapOf(STR, PLAIN),
        }

    @classmethod
    def empty(cls) -> "AdpState":
        s = cls()
        init_sequence_fields(s, FACTIONS)
        s.pieces = np.zeros((N_LOCATIONS, N_PIECE_TYPES), dtype=np.int16)
        s.support = np.zeros(N_SPACES, dtype=np.int8)
        s.terror = np.zeros(N_SPACES, dtype=np.int8)
        s.sabotage = np.zeros(N_SPACES, dtype=np.int8)
        s.returnees = np.zeros(N_SPACES, dtype=np.int8)
        s.scenario = ""
        s.resources = {"government": 0, "taliban": 0, "warlords": 0}   # 1.8: the Coalition has none
        s.aid = 0
        s.patronage = 0
        s.islamabad = 3              # 6.6.1 box index: 0 Hostility .. 3 Backing .. 4 Sponsorship
        s.islamabad_hard = False     # 6.6.1 the "Hard" side of the marker
        s.returnees_unused = RETURNEES_MARKERS   # +1 Pop markers never yet placed (each usable once)
        s.propaganda_in_deck = 0
        s.propaganda_played = 0
        s.last_was_propaganda = False   # 6.0: never two Propaganda rounds in a row
        s.frozen_control = None         # 6.5: Control as at the start of Redeploy, until 6.5.5
        s.result = None
        s.pending_setup = []
        s.np = {}                       # non-player bots' memory (section 8), empty with all players
        s.make_mirrors()
        return s
