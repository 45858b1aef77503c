"""How a Vijayanagara bot answers the engine: the shared plumbing, apart from any bot's priorities.

A bot is a policy ``bot(game, faction, rng) -> action`` over the engine's decision points
(DESIGN.md "Bots"). :class:`PromptBot` turns each decision into a call of the handler its subclass
registers for the prompt's *key* (the prompt kind, or for a ``choose`` prompt the continuation it
feeds; :data:`PROMPT_KEYS` lists every key the engine asks, with its rule). A handler reads the
decision through a :class:`Ctx` and returns one of the engine's legal actions, or None when its
priorities say nothing; then :meth:`PromptBot.fallback` answers (documented there) and the key is
counted in ``fallbacks`` (instrumentation only: it never changes a decision).

Nothing here holds game facts or plans between decisions: each answer is a function of the game
state alone, so clones, saves and replays see the same bot. A bot's randomness (tie-breaks) comes
from the game's own generator: :meth:`Ctx.die` is ``state.rng.die(sides, why, draw=...)`` with a
stream split off the game generator's state for this decision (the game's dice never move for the
bot; a scripted die, ``game.script_dice``, is taken first, as for every roll).

To add another bot (for instance the published Non-Player procedure, for an owner of the booklet):
write a module in this package with a subclass of :class:`PromptBot` whose ``handlers`` maps keys to
methods, and add its ``"module:Class"`` to ``BOTS`` in game.py. Nothing in the engine or in the
heuristic bot changes.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from ....coin.bots import BotError
from ....core.rng import Rng
from ..actions import VOCABULARY
from ..data.pieces import FACTIONS, N_PIECE_TYPES
from ..static import N_SPACES

# Every decision the engine can ask a faction, by key, with the rule it comes from. A bot lists in
# ``handlers`` the keys it answers; tests check that the heuristic bot answers all of them.
PROMPT_KEYS = MappingProxyType({
    "sop_choice": "2.3.3 sequence of play: Pass, Limited Command, Command & Decree, Command (Event-or-Command box)",
    "coin_operation_chosen": "3.0 which Command",
    "op_select": "3.1.1 the Command's next space, the Decree (4.1: before or after), or done",
    "sa_select": "4.0 the Decree's next space, or done",
    "coin_sa_after_op": "4.1 the Command is done: which Decree",
    "vj_conscript_count": "3.2.1 Troops to place",
    "vj_rally_count": "3.3.1 / 3.4.1 Units to place",
    "vj_govern_mode": "3.2.3 place a Governor or use the one there",
    "vj_govern": "3.2.3 remove Obedient Units / place a Qasbah / done",
    "vj_move": "3.2.2 / 3.3.2 / 3.4.2 a source space for the destination, or done",
    "vj_move_piece": "3.2.2 / 3.3.2 / 3.4.2 which Unit type moves",
    "vj_move_count": "3.2.2 / 3.3.2 / 3.4.2 how many move",
    "vj_migrate_shift": "3.3.2 / 3.4.2 Shift Influence for 1 Resource?",
    "vj_attack_defender": "3.2.4 / 3.3.4 / 3.4.4 which defender",
    "vj_attack_support": "3.2.4 / 3.3.4 / 3.4.4 the supporting space and Units",
    "vj_cavalry": "1.10 Charge / Screen / done",
    "vj_casualty": "3.2.4 / 3.3.4 / 3.4.4 / 3.5.3 the owner removes a piece per hit",
    "vj_support_casualty": "3.2.4 which supporting Unit is removed",
    "vj_campaign": "4.2.2 (2.5.1, 2.5.2) Campaign: origin, step, pick up, drop off, stop",
    "vj_campaign_count": "4.2.2 how many Units join / leave the group",
    "vj_conspire_target": "4.3.3 which piece Conspire replaces",
    "vj_conspire_amir": "4.3.3 the Amir placed Obedient or Rebelling",
    "vj_compel": "4.4.3 place / move in a Raja, remove a Troop, Governor or Amir, or done",
    "vj_compel_raja": "4.4.3 which Raja moves in",
    "vj_take_cavalry": "1.10 the pool is empty: take a token from another faction, or done",
    "vj_refill": "1.9 refill an emptied Influence slot from Available or the map",
    "vj_mongol_command": "2.4.1 / 3.5 which Mongol Command",
    "vj_advance_from": "3.5.2 Advance from where",
    "vj_advance_count": "3.5.2 how many Mongols advance",
    "vj_plunder_where": "3.5.3 Attack and Plunder where",
    "vj_troop_loss": "3.5.3 the Delhi Sultanate removes a Troop from a Province",
    "vj_gifts_answer": "2.4.2 Compromising Gifts?",
    "vj_rise_command": "2.5.2 the free Limited Command, or done",
    "vj_rise_reward": "2.5.2 the reward as Resources (the rest Cavalry)",
    "vj_lords": "2.5.3 pay 3 Resources to shift an Influence marker, or done",
})

STREAM_SALT = 0x7A3D_1C95_E0B4_6F21        # mixes the game generator's state into a bot's stream
DECISION_MIX = 0x9E37_79B9_7F4A_7C15       # spreads the decision counter over the 64 bits
_MASK = (1 << 64) - 1


class Ctx:
    """One decision as a bot sees it: the game (read only), the prompt, the legal actions, actions by
    meaning, and the bot's dice for this decision."""

    vocabulary = VOCABULARY

    def __init__(self, game, faction: str, salt: int = STREAM_SALT):
        self.game = game
        self.state = game.state
        self.faction = faction
        self.frame = game.state.frames[-1] if game.state.frames else None
        self.legal = game.legal_actions()
        self.legal_set = set(self.legal)
        frame = self.frame
        self.key = None if frame is None else (frame["then"] if frame["kind"] == "choose" else frame["kind"])
        s = self.state
        seed = (s.rng.state ^ salt ^ ((s.decisions + 1) * DECISION_MIX) ^ (FACTIONS.index(faction) + 1)) & _MASK
        self._stream = Rng.from_state(seed)

    # --- actions by meaning ------------------------------------------------------------------
    @property
    def done(self) -> int:
        return VOCABULARY.DONE

    def has(self, action) -> bool:
        return action is not None and action in self.legal_set

    def space(self, sp: int) -> int:
        return VOCABULARY.SPACE0 + sp

    def piece(self, pc: int) -> int:
        return VOCABULARY.PIECE0 + pc

    def count(self, n: int) -> int:
        return VOCABULARY.COUNT0 + n

    def mode(self, key: str) -> int:
        return VOCABULARY.MODE[key]

    def op(self, key: str) -> int:
        return VOCABULARY.OP[key]

    def sa(self, key: str) -> int:
        return VOCABULARY.SA[key]

    def faction_action(self, f: str) -> int:
        return VOCABULARY.FACTION0 + FACTIONS.index(f)

    def label(self, action: int) -> str:
        return VOCABULARY.label(action)

    # --- the legal actions by group --------------------------------------------------------------
    def legal_spaces(self) -> list[int]:
        s0 = VOCABULARY.SPACE0
        return [a - s0 for a in self.legal if s0 <= a < s0 + N_SPACES]

    def legal_pieces(self) -> list[int]:
        p0 = VOCABULARY.PIECE0
        return [a - p0 for a in self.legal if p0 <= a < p0 + N_PIECE_TYPES]

    def legal_counts(self) -> list[int]:
        c0 = VOCABULARY.COUNT0
        return [a - c0 for a in self.legal if c0 <= a <= c0 + VOCABULARY.max_count]

    def legal_modes(self) -> list[str]:
        return [VOCABULARY.key_of(a) for a in self.legal if VOCABULARY.group_of(a) == "mode"]

    def legal_factions(self) -> list[str]:
        f0 = VOCABULARY.FACTION0
        return [FACTIONS[a - f0] for a in self.legal if f0 <= a < f0 + len(FACTIONS)]

    def legal_group(self, group: str) -> list[int]:
        return [a for a in self.legal if VOCABULARY.group_of(a) == group]

    def count_at_most(self, n: int) -> int:
        """The largest legal count <= n (the smallest legal count if none is)."""
        counts = self.legal_counts()
        ok = [c for c in counts if c <= n]
        return self.count(max(ok) if ok else min(counts))

    # --- the bot's dice --------------------------------------------------------------------------
    def die(self, sides: int, why: str) -> int:
        """One roll of a ``sides``-sided die through the game's generator (``Rng.die``), drawn from
        this decision's stream (the game's own dice are not moved)."""
        return self.state.rng.die(sides, why, draw=self._stream.below)

    def pick(self, candidates, *keys, why: str = "bot tie-break"):
        """Nested priorities (the COIN bots' "highest X, then highest Y"): each key ``fn(c) -> number``
        narrows the candidates to those scoring highest; a tie left at the end is broken by a die.
        None when there is no candidate."""
        cands = list(candidates)
        for key in keys:
            if len(cands) <= 1:
                break
            values = [key(c) for c in cands]
            top = max(values)
            cands = [c for c, v in zip(cands, values) if v == top]
        if not cands:
            return None
        return cands[0] if len(cands) == 1 else cands[self.die(len(cands), why) - 1]


class PromptBot:
    """The contract every Vijayanagara bot keeps: called as ``bot(game, faction, rng)``; answers the
    prompt in front of ``faction`` with one of the engine's legal actions; never changes the game.

    Subclasses set ``name``, ``official``, ``label`` and ``handlers`` (prompt key -> method name)."""

    name = ""
    official = False           # True only for a transcription of the published Non-Player procedure
    label = ""
    # The game refuses the option ``non_players`` (its Non-Player rules, 1.5.1, are not implemented):
    # a stand-in plays a seat by the players' rules, so environments must not mark the seat.
    non_player = False
    handlers: dict[str, str] = {}
    context_class = Ctx

    def __init__(self):
        self.fallbacks: Counter = Counter()

    def __repr__(self):
        return f"{type(self).__name__}()  # {self.label}"

    def __call__(self, game, faction, rng=None) -> int:
        """``rng`` (the caller's generator) is ignored: the bot's dice are the game's (see Ctx.die)."""
        return self.decide_for(game, faction)

    def decide_for(self, game, faction: str) -> int:
        if game.is_over():
            raise BotError(f"{self.name}: the game is over, there is no decision to answer")
        if game.current_player() != faction:
            raise BotError(f"{self.name}: asked to play {faction}, but the decision is {game.current_player()}'s")
        ctx = self.context_class(game, faction)
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        method = self.handlers.get(ctx.key)
        action = getattr(self, method)(ctx) if method is not None else None
        if action is None or not ctx.has(action):
            if action is not None:
                raise BotError(f"{self.name} {faction} chose illegal action {action} ({ctx.label(action)!r}) at "
                               f"{game.prompt()!r}; legal: {[ctx.label(a) for a in ctx.legal]}")
            self.fallbacks[(faction, ctx.key)] += 1
            action = self.fallback(ctx)
        return action

    def fallback(self, ctx) -> int:
        """A decision the bot's priorities do not cover (a prompt kind added later, e.g. by an Event
        plugin): end the procedure when the engine offers "done" (doing nothing it cannot judge, which
        the engine guarantees leaves the turn finishable); else the first legal action in vocabulary
        order (for counts the smallest, for spaces the first in map order)."""
        return ctx.done if ctx.has(ctx.done) else min(ctx.legal)
