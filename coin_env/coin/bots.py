"""What every COIN non-player bot shares: the contract of a bot (a policy over the engine's decision
points that answers one legal action per prompt and never touches the game) and the context a
handler reads the prompt through (the legal actions by group, actions built by meaning).

A game's bot subclasses :class:`NonPlayerBot` (``decide(ctx)``) and :class:`BotContext` (its rule
helpers, memory and dice); Gandhi's Arjuna and A Distant Plain's flowcharts are the two so far.
"""

from __future__ import annotations

from collections import Counter


class BotError(RuntimeError):
    """A bot was asked to play a player's seat, or chose an action the engine does not offer."""


class BotContext:
    """One decision as a bot sees it. Subclasses set ``vocabulary`` (the game's CoinVocabulary),
    ``n_spaces`` and ``n_piece_actions`` (piece types plus markers)."""

    vocabulary = None
    n_spaces = 0
    n_piece_actions = 0

    def __init__(self, game, faction: str, legal: list[int] | None = None):
        """``legal``: the decision's legal actions when the caller has them already (a list the context may
        keep), else asked of the game. A context is built at nearly every decision of every seat, so this
        reads each thing once."""
        state = game.state
        self.game = game
        self.state = state
        self.faction = faction
        frames = state.frames
        self.frame = frames[-1] if frames else None
        self.legal = legal = game.legal_actions() if legal is None else legal
        self._legal_set = set(legal)

    # --- actions by meaning --------------------------------------------------------------------
    @property
    def done(self) -> int:
        return self.vocabulary.DONE

    def has(self, action: int | None) -> bool:
        return action is not None and action in self._legal_set

    def space(self, sp: int) -> int:
        return self.vocabulary.SPACE0 + sp

    def piece(self, pc: int) -> int:
        return self.vocabulary.PIECE0 + pc

    def count(self, n: int) -> int:
        return self.vocabulary.COUNT0 + n

    def mode(self, key: str) -> int:
        return self.vocabulary.MODE[key]

    def label(self, action: int) -> str:
        return self.vocabulary.label(action)

    # --- the legal actions by group ------------------------------------------------------------------
    def legal_spaces(self) -> list[int]:
        s0 = self.vocabulary.SPACE0
        return [a - s0 for a in self.legal if s0 <= a < s0 + self.n_spaces]

    def legal_pieces(self) -> list[int]:
        p0 = self.vocabulary.PIECE0
        return [a - p0 for a in self.legal if p0 <= a < p0 + self.n_piece_actions]

    def legal_counts(self) -> list[int]:
        c0 = self.vocabulary.COUNT0
        return [a - c0 for a in self.legal if c0 <= a <= c0 + self.vocabulary.max_count]

    def max_count(self) -> int:
        return self.count(max(self.legal_counts()))

    def min_count(self) -> int:
        return self.count(min(self.legal_counts()))

    def count_at_most(self, n: int) -> int:
        """The largest legal count <= n (the smallest legal count if none is)."""
        counts = self.legal_counts()
        ok = [c for c in counts if c <= n]
        return self.count(max(ok) if ok else min(counts))

    def is_np(self, faction: str) -> bool:
        return self.game.is_non_player(faction)


class NonPlayerBot:
    """``bot(game, faction)`` -> one legal action for the prompt in front of ``faction``. Subclasses set
    ``name``, ``context_class`` and implement ``decide(ctx)``; prompts answered by no rule handler are
    counted in ``fallbacks`` (the tests require none in all-bot games)."""

    name = ""
    non_player = True          # environments add the seat to the game's ``non_players`` option
    context_class = BotContext

    def __init__(self):
        self.fallbacks: Counter = Counter()

    def __call__(self, game, faction, rng=None) -> int:
        return self.decide_for(game, faction)

    def decide_for(self, game, faction: str) -> int:
        if not game.is_non_player(faction):
            raise BotError(f"{faction} is not a non-player in this game "
                           f"(option non_players={game.options.get('non_players')})")
        ctx = self.context_class(game, faction)
        action = self.decide(ctx)
        if action not in ctx._legal_set:
            raise self.illegal_choice(ctx, action)
        return action

    def illegal_choice(self, ctx, action) -> BotError:
        """The error for ``action``, chosen by :meth:`decide` in ``ctx`` but not among its legal actions."""
        return BotError(f"{self.name} {ctx.faction} chose illegal action {action} ({ctx.label(action)!r}) at "
                        f"{ctx.game.prompt()!r}; legal: {[ctx.label(a) for a in ctx.legal][:30]}")

    def decide(self, ctx) -> int:
        raise NotImplementedError
