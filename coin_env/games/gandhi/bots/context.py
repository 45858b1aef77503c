"""What a bot handler sees at one decision: the game, the prompt, the legal actions, the faction's
working memory, and helpers for the section-8 vocabulary (select by column, random space, dice).

Memory lives in the game state (``state.arjuna["memory"][faction]``) so a save, a clone or a replay
carries it; dice come from the game's RNG (``state.rng``). A bot changes the board only by returning
an action that the engine applies.
"""

from __future__ import annotations

from ....coin.bots import BotContext
from ..actions import VOCABULARY
from ..data.pieces import N_PIECE_TYPES
from ..static import IS_RAILWAY, N_SPACES
from . import adversary, priorities

_SPACE0 = VOCABULARY.SPACE0
_SPACE_END = _SPACE0 + N_SPACES        # space actions: SPACE0 .. SPACE0 + N_SPACES - 1


class Ctx(BotContext):
    vocabulary = VOCABULARY
    n_spaces = N_SPACES
    n_piece_actions = N_PIECE_TYPES

    def __init__(self, game, faction: str):
        BotContext.__init__(self, game, faction)
        state = game.state
        self._legal_spaces = None
        self.data = state.data               # the game's facts: map, cards, Arjuna content
        arjuna = state.arjuna                # (read, not setdefault: no new dicts at every decision)
        mem = arjuna.get("memory")
        if mem is None:
            mem = arjuna["memory"] = {}
        own = mem.get(faction)
        if own is None:
            own = mem[faction] = {}
        self.mem = own

    # --- the turn plan (set by arjuna.py at the sequence-of-play choice) ----------------------------
    @property
    def plan(self) -> dict:
        plan = self.mem.get("plan")          # read at nearly every step of a decision: no new dict per read
        if plan is None:
            plan = self.mem["plan"] = {}
        return plan

    def card_face(self):
        letter = self.plan.get("face")
        return self.data.arjuna.face(letter) if letter else None

    def op_node(self):
        p = self.plan
        return self.data.arjuna.face(p["op_at"][0]).nodes[p["op_at"][1]] if p.get("op_at") else None

    def sa_option(self):
        p = self.plan
        if not p.get("sa_at"):
            return None
        letter, index, k = p["sa_at"]
        return self.data.arjuna.face(letter).nodes[index].options[k]

    # --- actions: coin.bots.BotContext ---------------------------------------------------------
    def legal_spaces(self) -> list[int]:
        """:meth:`BotContext.legal_spaces`, read from the legal actions once per decision (handlers ask it
        several times; each caller gets its own list)."""
        spaces = self._legal_spaces
        if spaces is None:
            s0 = _SPACE0
            spaces = self._legal_spaces = [a - s0 for a in self.legal if s0 <= a < _SPACE_END]
        return list(spaces)

    # --- rules helpers ---------------------------------------------------------------------------
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

    def any_selectable(self, faction: str, key: str, special: bool = False, where=None) -> bool:
        """``any(where(sp) for sp in self.selectable(faction, key, special))`` (without ``where``: is
        any space selectable), stopping at the first such space: the engine's space test is asked
        space by space, only as far as needed (a card's "can this be done", 8.3 / 8.7, needs one
        space, not the list). ``where`` must not change the game."""
        game = self.game
        action = game.sa_action(key) if special else game.op_action(key)
        act = game.activities[faction].get(action)
        if act is None:
            return False
        return act.available(game) if where is None else act.any_selectable_where(game, where)

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
