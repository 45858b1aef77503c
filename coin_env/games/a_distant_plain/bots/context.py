"""What a flowchart handler sees at one decision: the game, the prompt, the legal actions, the faction's
working memory, and the section-8 vocabulary (nested priorities, 8.4 random spaces, 8.2.1 targets,
"2/3 of Resources", dice).

Memory lives in the game state (``state.np[faction]``) so a save, a clone or a replay carries it. Dice
come from the game's own generator, on a stream of their own (``state.np["rng"]``, split off the game's
generator at the bots' first roll): the bots never move the dice the rules roll, so a recorded list of
actions replays the same game without running the bots again. A bot changes the board only by returning an action that the
engine applies; :meth:`Ctx.trial` gives a throw-away clone for "would this be possible?" questions.
"""

from __future__ import annotations

from itertools import islice

from ....coin.bots import BotContext
from ....core.rng import Rng
from .. import board
from ..actions import VOCABULARY
from ..data import cards as carddata
from ..data.pieces import FACTIONS, N_PIECE_TYPES
from ..static import LOC_LIST, N_SPACES

FACTION0 = VOCABULARY.FACTION0
_LOCS = frozenset(sp for sp in range(N_SPACES) if LOC_LIST[sp])
N_PIECE_ACTIONS = N_PIECE_TYPES + 3          # piece types, then the Terror / Sabotage / +1 Pop markers
BOT_STREAM = 0x5DEECE66DB0784             # mixes the game's generator state into the bots' stream


def bot_rng(state) -> Rng:
    """The bots' dice (not advanced): the saved stream, or one split off the game's generator."""
    saved = state.np.get("rng")
    return Rng.from_state(saved if saved is not None else state.rng.state ^ BOT_STREAM)


def first_on_sheet(ring, n: int, at: int, cands) -> int:
    """8.4: the first of ``cands`` met walking the Random Spaces sheet from slot ``at`` along the arrows,
    round once (``ring``: the sheet's ``n`` slots twice over, so the walk is one slice, searched in C);
    a candidate missing from a replaced sheet: the lowest index, deterministic."""
    sp = next(filter(cands.__contains__, islice(ring, at, at + n)), None)
    return min(cands) if sp is None else sp


class Ctx(BotContext):
    vocabulary = VOCABULARY
    n_spaces = N_SPACES
    n_piece_actions = N_PIECE_ACTIONS

    @staticmethod
    def memory_of(game, faction: str) -> dict:
        """The faction's bot memory, kept on the state (saved with the game), made at its first decision."""
        memories = game.state.np
        mem = memories.get(faction)           # (read, not setdefault: no new dict at every decision)
        if mem is None:
            mem = memories[faction] = {}
        return mem

    def __init__(self, game, faction: str, legal: list[int] | None = None):
        """``legal``: the decision's legal actions when the caller has them already (a list the context may
        keep), else asked of the game."""
        BotContext.__init__(self, game, faction, legal)
        # memory_of, inlined: a context is built at nearly every decision of every seat
        memories = game.state.np
        mem = memories.get(faction)
        if mem is None:
            mem = memories[faction] = {}
        self.mem = mem
        # Board facts worked out during this one decision (the board does not change while a bot
        # decides); never saved, gone with the context.
        self.scratch: dict = {}
        self._rng = None          # the bots' dice as last rolled (see :meth:`below`)

    # --- the turn plan (set at the sequence-of-play choice) -------------------------------------
    @property
    def plan(self) -> dict:
        plan = self.mem.get("plan")
        if plan is None:                      # setdefault would build an empty dict at every call
            plan = self.mem["plan"] = {}
        return plan

    @property
    def kind(self) -> str:
        """The prompt kind, or the continuation name of a ``choose`` prompt."""
        return self.frame["then"] if self.frame["kind"] == "choose" else self.frame["kind"]

    # --- actions (the rest: coin.bots.BotContext) ---------------------------------------------------
    def op(self, key: str) -> int:
        return VOCABULARY.OP[key]

    def sa(self, key: str) -> int:
        return VOCABULARY.SA[key]

    def faction_action(self, f: str) -> int:
        return FACTION0 + FACTIONS.index(f)

    def legal_modes(self) -> list[str]:
        return [VOCABULARY.key_of(a) for a in self.legal if VOCABULARY.group_of(a) == "mode"]

    def legal_factions(self) -> list[str]:
        return [FACTIONS[a - FACTION0] for a in self.legal if FACTION0 <= a < FACTION0 + len(FACTIONS)]

    def rows(self) -> list[list[int]]:
        """The pieces table as plain lists, ``[location][piece type]``: the state's mirror of it (state.py), to
        read only (the board does not change while a bot decides): loops over the map read it cell by cell."""
        return self.state.rows

    # --- seats, margins, cards ---------------------------------------------------------------------
    def is_player(self, faction: str) -> bool:
        return not self.game.is_non_player(faction)

    def players(self) -> list[str]:
        players = self.scratch.get("players")
        if players is None:
            players = self.scratch["players"] = [f for f in FACTIONS if not self.game.is_non_player(f)]
        return list(players)

    def margins(self) -> dict[str, int]:
        """7.3 victory margins of the decision's board, worked out once per decision (a copy each time:
        the callers may keep it)."""
        margins = self.scratch.get("margins")
        if margins is None:
            margins = self.scratch["margins"] = board.victory_margins(self.state)
        return dict(margins)

    def target_factions(self, enemies) -> list[str]:
        """8.2.1: enemy Players before Non-players; among Players the best victory margin first, ties
        at random (one die per tie); the Non-players then in the order given."""
        margins = self.margins()
        players = [f for f in enemies if self.is_player(f)]
        keyed = sorted(((-margins[f], self.below(1000), f) for f in players))
        return [f for *_k, f in keyed] + [f for f in enemies if not self.is_player(f)]

    def unplayed_propaganda(self) -> int:
        """8.1: Propaganda cards still to come (in the draw deck or showing as the next card)."""
        n = self.scratch.get("unplayed_propaganda")      # asked by several bullets of one decision
        if n is None:
            s = self.state
            propaganda = carddata.PROPAGANDA_CARDS            # carddata.is_propaganda, without a call per card
            n = sum(1 for c in s.deck if c in propaganda)
            if s.upcoming is not None and s.upcoming in propaganda:
                n += 1
            self.scratch["unplayed_propaganda"] = n
        return n

    def next_propaganda_final(self) -> bool:
        """Is the next Propaganda card the scenario's last ("final Campaign", 8.6.5 / 8.9.3)?"""
        return self.unplayed_propaganda() <= 1

    # --- section-8 vocabulary ---------------------------------------------------------------------
    def die(self, why: str = "a non-player die roll (8.0)") -> int:
        """A die of the bots' stream; a result scripted with ``game.script_dice`` comes first (it draws
        nothing from the stream, as a scripted game die draws nothing from the game's generator)."""
        rng = self.state.rng
        if rng.dice or rng.log is not None:     # scripted, or to be logged: the game's die does both
            return rng.die(6, why, draw=self.below)
        return self.below(6) + 1                # what rng.die(6, draw=self.below) rolls, one call less

    def below(self, n: int) -> int:
        rng = self._rng
        if rng is None or self.state.np.get("rng") != rng.state:     # the saved stream is the source
            rng = self._rng = bot_rng(self.state)
        value = rng.below(n)
        self.state.np["rng"] = rng.state
        return value

    @staticmethod
    def two_thirds(resources: int, unlimited_below: int | None = 9) -> int:
        """8.2.2 "for 2/3 of Res" (rounded down); none of the cap when Resources are below ``unlimited_below``."""
        if unlimited_below is not None and resources < unlimited_below:
            return resources
        return (2 * resources) // 3

    def random_space(self, spaces) -> int:
        """8.4: one of ``spaces`` by the Random Spaces map (data/random_spaces.py, reconstructed): roll
        the region, roll the slot, follow the arrows to the first candidate. Only LoCs: 8.4.1."""
        cands = spaces if type(spaces) is set else set(spaces)       # only read, never changed here
        if not cands:
            raise ValueError("random_space: no candidates")
        if len(cands) == 1:
            return next(iter(cands))
        if cands <= _LOCS:
            return self.random_loc(cands)
        data = self.state.data
        n = len(data.random_space_slots)       # the game's sheet (data.regions) as space indices
        region, slot = self._two_dice()
        return first_on_sheet(data.random_space_ring, n, ((region - 1) * 6 + (slot - 1)) % n, cands)

    def _two_dice(self) -> tuple[int, int]:
        """Two :meth:`die` rolls in order (8.4's region, then slot). Unscripted and unlogged: both drawn
        from the bots' stream read and saved once (what two :meth:`below` calls draw, in their order)."""
        rng = self.state.rng
        if rng.dice or rng.log is not None:
            return self.die(), self.die()
        bots = self._rng
        np_ = self.state.np
        if bots is None or np_.get("rng") != bots.state:     # the saved stream is the source (see :meth:`below`)
            bots = self._rng = bot_rng(self.state)
        first = bots.below(6) + 1
        second = bots.below(6) + 1
        np_["rng"] = bots.state
        return first, second

    def random_loc(self, locs) -> int:
        """8.4.1: the highest Econ first, then an equal-chance roll."""
        locs = sorted(locs)
        econ = self.state.data.econ_list
        top = max(int(econ[sp]) for sp in locs)
        best = [sp for sp in locs if econ[sp] == top]
        return best[self.below(len(best))] if len(best) > 1 else best[0]

    def narrow(self, spaces, *keys) -> list[int]:
        """8.2.3 nested priorities: each key (``fn(sp) -> number``, highest wins) narrows the set so far."""
        cands = list(spaces)
        for key in keys:
            if len(cands) <= 1:
                break
            values = list(map(key, cands))          # each candidate's value, in order (a space listed twice: twice)
            top = max(values)
            cands = [sp for sp, v in zip(cands, values) if v == top]
        return cands

    def pick(self, spaces, *keys) -> int | None:
        """The space the nested priorities select, ties by 8.4; None if no candidate."""
        cands = self.narrow(spaces, *keys)
        if not cands:
            return None
        return cands[0] if len(cands) == 1 else self.random_space(cands)

    def order(self, spaces, *keys) -> list[int]:
        """All candidates in priority order (repeated :meth:`pick`). Each key is evaluated at most once
        per space (the keys read the board, which does not change while the order is drawn)."""
        left, out = list(spaces), []
        left_set = set(left)
        if not keys and len(left_set) == len(left):    # 8.4 alone (no repeats): draw from the shrinking set
            while left_set:
                sp = next(iter(left_set)) if len(left_set) == 1 else self.random_space(left_set)
                out.append(sp)
                left_set.discard(sp)
            return out
        self._order_group(left, keys, out)
        return out

    def _order_group(self, cands: list, keys: tuple, out: list) -> None:
        """:meth:`order` of ``cands`` (tied on the keys before ``keys``): repeated picks take the group
        with the highest value of the first key until it is used up, then the next highest, and so
        on; each group is ordered the same way by the remaining keys, the last ties by 8.4. A key is
        read once per space, in the same order and between the same dice as repeated :meth:`pick`."""
        if len(cands) > 1 and keys:
            key = keys[0]
            seen: dict = {}                         # a space listed twice is read once
            groups: dict = {}                       # value -> its spaces, in the order given
            for sp in cands:
                if sp not in seen:
                    seen[sp] = key(sp)
                v = seen[sp]
                group = groups.get(v)
                if group is None:
                    groups[v] = [sp]
                else:
                    group.append(sp)
            rest = keys[1:]
            for v in sorted(groups, reverse=True):  # the highest value's group first, and so on
                self._order_group(groups[v], rest, out)
            return
        left = set(cands)
        if len(left) == len(cands):                 # the last ties, no space listed twice: 8.4 from the set
            while left:
                sp = next(iter(left)) if len(left) == 1 else self.random_space(left)
                out.append(sp)
                left.discard(sp)
            return
        while cands:                                # the last ties: 8.4 among what is left
            sp = cands[0] if len(cands) == 1 else self.random_space(cands)
            out.append(sp)
            cands.remove(sp)

    def pick_legal(self, spaces, *keys) -> int | None:
        """:meth:`pick` among the candidates the engine also offers now."""
        legal = set(self.legal_spaces())
        return self.pick([sp for sp in spaces if sp in legal], *keys)

    # --- the engine, asked without acting ----------------------------------------------------------------
    def selectable(self, faction: str, key: str, special: bool = False) -> list[int]:
        """Spaces the engine would let ``faction`` select now for this Op / SA (asked of the engine
        once per decision)."""
        memo = self.scratch.setdefault("selectable", {})
        k = (faction, key, special)
        if k not in memo:
            action = VOCABULARY.SA[key] if special else VOCABULARY.OP[key]
            act = self.game.activities[faction].get(action)
            memo[k] = act.selectable(self.game) if act is not None else []
        return list(memo[k])

    def can_select_any(self, faction: str, key: str, special: bool = False) -> bool:
        """bool(:meth:`selectable`), stopping at the first selectable space."""
        memo = self.scratch.get("selectable", {})
        k = (faction, key, special)
        if k in memo:
            return bool(memo[k])
        action = VOCABULARY.SA[key] if special else VOCABULARY.OP[key]
        act = self.game.activities[faction].get(action)
        return act is not None and act.available(self.game)

    def trial(self):
        """A throw-away clone of the game (same RNG state) to try a line of play on."""
        return self.game.clone()
