"""How a John Company bot answers the engine: plumbing apart from any bot's priorities.

A bot is a policy ``bot(game, family, rng) -> action`` over the engine's decision points (DESIGN.md
"Bots"). :class:`PromptBot` turns each decision into a call of the handler its subclass registers for
the prompt's *key* (the continuation a ``choose`` feeds; for a number asked in digits, the continuation
the number goes to, ``frame["next"]``). A handler reads the decision through a :class:`Ctx` and returns
one of the legal actions, or None when its procedure says nothing; then :meth:`PromptBot.fallback`
answers and the key is counted in ``fallbacks`` (instrumentation only).

Nothing here holds game facts or plans between decisions: each answer is a function of the game state
(clones, saves and replays see the same bot). The bot's dice (ties the rules leave to chance) come
from the game's generator: :meth:`Ctx.die` is ``state.rng.die(sides, why, draw=...)`` drawn from a
stream split off the generator's state for this decision, so the game's own dice never move.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from ....core.rng import Rng
from ..actions import COUNT0, DONE, FAMILY0, NO, TENS0, VOCABULARY, YES
from ..static import FAMILY_KEYS

STREAM_SALT = 0x5C0F_3A71_D2E8_9B47
DECISION_MIX = 0x9E37_79B9_7F4A_7C15
_MASK = (1 << 64) - 1
GROUP_RANGES = MappingProxyType(dict(VOCABULARY.group_ranges))     # group -> (first action, last + 1)
NUMBER_KEYS = frozenset(("number_units", "number_tens"))     # a number asked in digits: its key is its "next"
SLOT_OF = MappingProxyType({family: slot for slot, family in enumerate(FAMILY_KEYS)})   # a constant: read-only


class BotError(RuntimeError):
    """A bot asked to answer a decision that is not its own, or that chose an illegal action."""


class Ctx:
    """One decision as a bot sees it: the game (read only), the frame, the legal actions, and dice."""

    # one is made at every decision of every seat: slots make it and its reads cheaper
    __slots__ = ("game", "state", "family", "slot", "frame", "legal", "key", "_stream")

    def __init__(self, game, family: str, legal: list[int] | None = None):
        """``legal``: ``game.legal_actions()`` when the caller has read them already."""
        self.game = game
        s = self.state = game.state
        self.family = family
        self.slot = SLOT_OF[family]
        f = self.frame = s.frames[-1]
        self.legal = game.legal_actions() if legal is None else legal
        key = f["then"] if f["kind"] == "choose" else f["kind"]
        self.key = f.get("next") if key in NUMBER_KEYS else key
        self._stream = None             # made at the first die: most decisions roll none

    @property
    def legal_set(self) -> set[int]:
        """The legal actions as a set, made when asked (most decisions test one or two actions: a scan of the
        short list is cheaper than building the set at every decision)."""
        return set(self.legal)

    @property
    def stream(self) -> Rng:
        """The bot's dice of this decision: a stream split off the game's generator state and decision count
        (read at the first die: the bot never moves the game, and its dice draw from this stream, not the game's)."""
        if self._stream is None:
            s = self.state
            seed = (s.rng.state ^ STREAM_SALT ^ ((s.decisions + 1) * DECISION_MIX) ^ (self.slot + 1)) & _MASK
            self._stream = Rng.from_state(seed)
        return self._stream

    def has(self, action) -> bool:
        return action is not None and action in self.legal

    def label(self, action: int) -> str:
        return VOCABULARY.label(action)

    def group(self, group: str) -> list[int]:
        """The legal actions of ``group`` as keys counted from its first action (the vocabulary's groups are
        contiguous ranges, tests/john_company: a range test instead of a group read per action)."""
        base, end = GROUP_RANGES[group]
        return [a - base for a in self.legal if base <= a < end]

    def yes_no(self, yes: bool) -> int:
        return YES if yes else NO

    def first(self, *actions):
        """The first of ``actions`` that is legal (None if none)."""
        return next((a for a in actions if self.has(a)), None)

    def done_or(self, action):
        return action if self.has(action) else (DONE if self.has(DONE) else None)

    def family_action(self, slot: int):
        return FAMILY0 + slot

    # --- numbers asked as digits (rules/common.ask_number) -------------------------------------------
    def number_for(self, want: int) -> int:
        """The legal digit that brings the number nearest to ``want`` (tens first, then units)."""
        f = self.frame
        want = max(f["lo"], min(f["hi"], int(want)))
        if f["then"] == "number_tens":
            if TENS0 + want // 10 in self.legal:           # the exact digit: the only one at distance 0
                return TENS0 + want // 10
            tens = [a - TENS0 for a in self.legal]
            t = min(tens, key=lambda t: abs(t - want // 10))
            return TENS0 + t
        if 0 <= want - f["tens"] * 10 and COUNT0 + want - f["tens"] * 10 in self.legal:
            return COUNT0 + want - f["tens"] * 10
        units = [a - COUNT0 for a in self.legal]
        u = min(units, key=lambda u: abs(f["tens"] * 10 + u - want))
        return COUNT0 + u

    # --- the bot's dice ------------------------------------------------------------------------------
    def die(self, sides: int, why: str) -> int:
        return self.state.rng.die(sides, why, draw=self.stream.below)

    def pick(self, candidates, why: str = "bot tie-break"):
        cands = list(candidates)
        if not cands:
            return None
        return cands[0] if len(cands) == 1 else cands[self.die(len(cands), why) - 1]


class PromptBot:
    """Called as ``bot(game, family, rng)``; answers the prompt in front of ``family`` with one of the
    engine's legal actions; never changes the game. Subclasses set ``name``, ``official``, ``label``
    and ``handlers`` (prompt key -> method name)."""

    name = ""
    official = False
    label = ""
    handlers: dict[str, str] = {}
    handler_functions: MappingProxyType = MappingProxyType({})      # made from ``handlers`` for each subclass

    def __init__(self):
        self.fallbacks: Counter = Counter()

    def __repr__(self):
        return f"{type(self).__name__}()  # {self.label}"

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # each prompt key's handler as the class's function, looked up once (decide_for runs at every decision)
        cls.handler_functions = MappingProxyType({k: getattr(cls, m) for k, m in cls.handlers.items()})

    def decide_for(self, game, family: str, rng=None) -> int:
        """The bot's answer for ``family``; ``rng`` (a caller's generator, when called as ``bot(game, family, rng)``)
        is ignored: the bot's dice are the game's (Ctx.die)."""
        # game.is_over() and game.current_player() read from the state directly (every decision of every seat
        # passes here): every prompt of this game takes its actor from the frame's "actor" (core Prompt.actor)
        s = game.state
        if s.over:
            raise BotError(f"{self.name}: the game is over, there is no decision to answer")
        if s.frames[-1].get("actor") != family:
            raise BotError(f"{self.name}: asked to play {family}, but the decision is {game.current_player()}'s")
        legal = game.legal_actions()
        if len(legal) == 1:                 # a forced answer: no decision to weigh
            return legal[0]
        ctx = Ctx(game, family, legal)
        handler = self.handler_functions.get(ctx.key)
        action = handler(self, ctx) if handler is not None else None
        if action is None:
            self.fallbacks[ctx.key] += 1
            return self.fallback(ctx)
        if action not in legal:
            raise BotError(f"{self.name} {family} chose illegal action {action} ({ctx.label(action)!r}) at "
                           f"{game.prompt()!r}; legal: {[ctx.label(a) for a in ctx.legal]}")
        return action

    __call__ = decide_for                   # bot(game, family, rng): one call less at every decision

    def fallback(self, ctx) -> int:
        """No procedure applies: the family's own piece when one is offered, else a uniform pick by die."""
        own = ctx.family_action(ctx.slot)
        if ctx.has(own):
            return own
        return ctx.pick(ctx.legal, "fallback")
