"""Vijayanagara's action vocabulary: the sequence-of-play choices under this game's names (2.3.3),
the Commands and Decrees implemented so far, one "select <space>" per space, the piece types, counts,
the three player factions, procedure modes and done."""

from __future__ import annotations

from ...coin.vocabulary import CoinVocabulary
from .data.pieces import FACTION_NAMES, FACTIONS, PIECE_NAMES
from .rules import MODES
from .static import SPACE_NAMES

COMMANDS = [("conscript", "Conscript"), ("rally", "Rally"), ("rebel", "Rebel"), ("attack", "Attack"),
            ("march", "March"), ("migrate", "Migrate"), ("govern", "Govern")]               # 3.2-3.4
DECREES = [("collect_tribute", "Collect Tribute"), ("campaign", "Campaign"), ("demand_obedience", "Demand Obedience"), ("trade", "Trade"),
           ("build", "Build"), ("conspire", "Conspire"), ("tax", "Tax"), ("compel", "Compel")]
# 2.3.3: the two forked boxes, the Limited Command box and Pass under this game's names.
META_LABELS = {"op_with_sa": "command & decree", "op_only": "command (event-or-command box)",
               "limited_op": "limited command", "event_unshaded": "event (unshaded)",
               "event_shaded": "event (shaded)", "pass": "pass"}
MAX_COUNT = 12

VOCABULARY = CoinVocabulary(COMMANDS, DECREES, SPACE_NAMES, PIECE_NAMES, [], FACTIONS, FACTION_NAMES, MODES,
                            MAX_COUNT, meta_labels=META_LABELS)
DONE = VOCABULARY.DONE
OP = VOCABULARY.OP
SA = VOCABULARY.SA


# What a faction did on a card, in this game's words (2.3.3; readable positions' ``card_turn``).
DID_NAMES = {"event": "event", "op": "command", "op_sa": "command and decree", "limited": "limited command"}
