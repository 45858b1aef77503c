"""What a bot handler sees at one decision: the game, the prompt, the legal actions, the faction's
working memory, and helpers for the section-8 vocabulary (select by column, random space, dice).

Memory lives in the game state (``state.arjuna["memory"][faction]``) so a save, a clone or a replay
carries it; dice come from the game's RNG (``state.rng``). A bot changes the board only by returning
an action that the engine applies.
"""

from __future__ import annotations

from ..actions import COUNT0, MAX_COUNT, PIECE0, SPACE0, VOCABULARY
from ..data.arjuna import face
from ..data.pieces import N_PIECE_TYPES
from ..static import IS_RAILWAY, N_SPACES
from . import adversary, priorities


class Ctx:
    def __init__(self, game, faction: str):
        self.game = game
        self.state = game.state
        self.faction = faction
        self.frame = game.state.frames[-1] if game.state.frames else None
        self.legal = game.legal_actions()
        self._legal_set = set(self.legal)
        mem = game.state.arjuna.setdefault("memory", {})
        self.mem = mem.setdefault(faction, {})

    # --- the turn plan (set by arjuna.py at the sequence-of-play choice) ----------------------------
    @property
    def plan(self) -> dict:
        return self.mem.setdefault("plan", {})

    def card_face(self):
        letter = self.plan.get("face")
        return face(letter) if letter else None

    def op_node(self):
        p = self.plan
        return face(p["op_at"][0]).nodes[p["op_at"][1]] if p.get("op_at") else None

    def sa_option(self):
        p = self.plan
        if not p.get("sa_at"):
            return None
        letter, index, k = p["sa_at"]
        return face(letter).nodes[index].options[k]

    # --- actions ----------------------------------------------------------------------------
    @property
    def done(self) -> int:
        return self.game.DONE

    def has(self, action: int) -> bool:
        return action in self._legal_set

    def space(self, sp: int) -> int:
        return SPACE0 + sp

    def piece(self, pc: int) -> int:
        return PIECE0 + pc

    def count(self, n: int) -> int:
        return COUNT0 + n

    def mode(self, key: str) -> int:
        return self.game.mode(key)

    def legal_spaces(self) -> list[int]:
        return [a - SPACE0 for a in self.legal if SPACE0 <= a < SPACE0 + N_SPACES]

    def legal_pieces(self) -> list[int]:
        return [a - PIECE0 for a in self.legal if PIECE0 <= a < PIECE0 + N_PIECE_TYPES]

    def legal_counts(self) -> list[int]:
        return [a - COUNT0 for a in self.legal if COUNT0 <= a <= COUNT0 + MAX_COUNT]

    def max_count(self) -> int:
        return self.count(max(self.legal_counts()))

    def min_count(self) -> int:
        return self.count(min(self.legal_counts()))

    def count_at_most(self, n: int) -> int:
        """The largest legal count <= n (or the smallest legal count if none is)."""
        counts = self.legal_counts()
        ok = [c for c in counts if c <= n]
        return self.count(max(ok) if ok else min(counts))

    def label(self, action: int) -> str:
        return VOCABULARY.label(action)

    # --- rules helpers ---------------------------------------------------------------------------
    def is_np(self, faction: str) -> bool:
        return self.game.is_non_player(faction)

    @property
    def raj_is_player(self) -> bool:
        return not self.game.is_non_player("raj")

    def no_railways_unless_raj_player(self, spaces) -> list[int]:
        """8.1.3: NP factions place forces or Strikes on Railways only if Raj is a player faction."""
        if self.raj_is_player:
            return list(spaces)
        return [sp for sp in spaces if not IS_RAILWAY[sp]]

    def selectable(self, faction: str, key: str, special: bool = False) -> list[int]:
        """Spaces the engine would let ``faction`` select now for this Op / SA (without choosing it)."""
        action = self.game.sa_action(key) if special else self.game.op_action(key)
        act = self.game.activities[faction].get(action)
        return act.selectable(self.game) if act is not None else []

    # --- section-8 helpers -------------------------------------------------------------------------
    def die(self) -> int:
        return self.state.rng.die()

    def below(self, n: int) -> int:
        return self.state.rng.below(n)

    def select(self, column: str, spaces) -> int | None:
        """8.4.1 with this faction's table; None if no candidate."""
        return priorities.select_space(self, column, spaces)

    def order(self, column: str, spaces) -> list[int]:
        return priorities.order_spaces(self, column, spaces)

    def random_space(self, spaces) -> int:
        return priorities.random_space(self, spaces)

    def adversary(self, space: int, options=None) -> int:
        """8.5: the piece / marker action to take among ``options`` (default: the legal ones)."""
        return adversary.choose_piece(self, space, self.legal if options is None else options)
