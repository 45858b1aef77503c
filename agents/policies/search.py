"""Search policy (issue 27 part 2): policy improvement by rollouts from determinized copies, for any game.

Spec syntax (a policy spec like any other: ``coin-env evaluate/compare/balance/play``, env opponents, configs)::

    search                                  # the game's bot rolls out, default budget
    search:SPEC                             # SPEC rolls out: a bot name, random, checkpoint:PATH, module:attr ...
    search:SPEC?rollouts=8&horizon=end      # options after "?", "&"-separated KEY=VALUE
    search:?keep=6&seed=3                   # the default rollout policy with options

Everything after ``search:`` up to the last ``?`` is the rollout policy's spec (so ``search:pkg.mod:Bot`` works;
the "module:attr" form is untouched, as ``search:`` is a registered prefix). No "," in a spec (``--lineup`` splits
on it); "=" is fine (``--seat raj=search:?rollouts=4`` splits at the first one). Options:

Two budgets: one at a turn choice (``game.is_turn_choice()``: a COIN card-turn choice -- Pass, Event or
Operation -- and the Operation/Command after it; a John Company family action), where a choice shapes the
whole turn and is worth looking to the end of the game for, and one at every other decision (the spaces, the
Special Activity, the pieces, the amounts):

* ``turn_rollouts`` (default 8), ``turn_horizon`` (default ``end``), ``turn_keep`` (default 8): at turn choices;
* ``rollouts`` (default 3): rollouts per candidate, each from its own determinization, at the other decisions;
* ``horizon`` (default 1): cards (John Company: turns) played after the current one before a rollout is scored,
  or ``end`` (to the end of the game);
* ``keep`` (default 3): candidates kept at one decision (the rollout policy's own choice among them; ``keep=1``:
  no search, the rollout policy's choice in a determinized copy);
* ``k`` (default 1.0): another candidate replaces the rollout policy's choice only if its mean paired
  advantage exceeds ``k`` standard errors of the paired difference (and is the largest such; with
  ``rollouts=1`` there is no SE and any positive advantage wins);
* ``win`` (default 5): bonus added to the score of a rollout that ends the game with the seat the winner;
* ``score`` (default ``relative``): ``relative`` scores a rollout by the seat's margin minus the best other
  seat's, ``own`` by the seat's margin alone (step 4);
* ``others`` (default ``rollout``): who plays the other seats in the rollouts: ``rollout``, the rollout policy
  (every seat alike); ``bot``, the game's bot, with the rollout policy in the searching seat alone (step 3), e.g.
  ``search:pretrained:a_distant_plain?others=bot``: the network's own play improved, the bots around it modelled;
* ``seed`` (default 0): the search's own seed;
* ``workers`` (default 1): processes for the rollouts of one decision (inline inside a daemonic worker, e.g.
  ``coin-env evaluate --workers 2``, which cannot have children).

A game may have its own defaults (``GAME_DEFAULTS``: A Distant Plain ``turn_rollouts=6&keep=1``), so that a
whole game costs under about 30 CPU-seconds, and a seat its own on top (``SEAT_DEFAULTS``: A Distant Plain's
Government ``turn_rollouts=24&turn_horizon=4&score=own``), where it measured better so; options written in a
spec override both (a ``SearchPolicy`` built from options rather than a spec takes them as they are).

At every decision of its seat with more than one legal action (the game asks them one at a time):

1. ``rollouts`` determinizations ``game.determinize(seat, seed_i)`` (the seat's view only; seeds from a generator
   seeded by (search seed, seat, decision number), never the global ``random``): nothing the seat cannot see is
   read, and the same view gives the same decision;
2. candidates: the rollout policy's choice in the first world, then its distinct choices in the other worlds,
   then other legal actions drawn by the search's generator, up to ``keep`` (a bounded widening: the candidates
   the rollout policy itself thinks likely come first);
3. each candidate is applied in each world (common random numbers: the same world, dice and policy generator
   for every candidate), then every seat (with ``others=bot`` the searching seat alone; the others by the game's
   bot) is played by the rollout policy -- as a non-player where the seat is in
   ``options.non_players``, else a non-player bot plays as a player (agents.policies.BotAsPlayer) -- until the
   horizon or the end of the game; in two rounds: every candidate in the first half of the worlds, then only the
   candidates then ahead of the rollout policy's choice (and that choice) in the other half;
4. score = the seat's ``game.victory_margins()`` minus the best other seat's (COIN margins are meaningful
   mid-game; in Vijayanagara and John Company the margins are already relative, and the difference is still
   increasing in the seat's standing), or with ``score=own`` the seat's margin alone, plus ``win`` if the game
   ended with the seat the winner;
5. the rollout policy's choice stays unless another candidate's mean paired advantage is above ``k`` SE.

Budget: CPU-seconds per whole game at the default budget are in docs/pretrained.md ("Search agents"); time goes
into the bots inside the rollouts, most of it at turn choices.

A decision with one legal action is answered at once (no rollout). A bot rollout policy is also asked at each
decision on the real game, its answer discarded, so that it keeps its plan in the game state as when it plays the
seat itself (see :meth:`SearchPolicy.keep_bot_memory`). If the rollout policy fails in a position it
would not have reached itself (a bot's plan begun by another choice), that step is played uniformly at random
by the rollout's generator.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields, replace
from types import MappingProxyType

import coin_env
from coin_env.core.policy_specs import resolve_policy
from coin_env.core.registry import game_bots

from .bots import BotAsPlayer

NAME = "search"
PREFIX = "search:"
MAX_ROLLOUT_DECISIONS = 20_000      # a safety bound: no game here comes near it (Gandhi ~800 decisions a game)


@dataclass(frozen=True)
class SearchOptions:
    rollouts: int = 3
    horizon: int | None = 1         # None: to the end of the game
    keep: int = 3
    turn_rollouts: int = 8          # the same three at a turn choice (game.is_turn_choice())
    turn_horizon: int | None = None
    turn_keep: int = 8
    k: float = 1.0
    win: float = 5.0
    score: str = "relative"         # or "own": the seat's margin alone (see seat_score)
    others: str = "rollout"         # or "bot": the game's bot plays the other seats in the rollouts
    seed: int = 0
    workers: int = 1


OPTION_HELP = ("rollouts=N (>=1), horizon=N (>=1) or end, keep=N (>=1), turn_rollouts=N, turn_horizon=N or end, "
               "turn_keep=N, k=X (>=0), win=X (>=0), score=relative or own, others=rollout or bot, seed=N, workers=N (>=1)")
SCORES = ("relative", "own")
OTHERS = ("rollout", "bot")


# Per-game default budgets where the general one would cost more than 30 CPU-seconds a game (issue 27's budget;
# the figures are in docs/pretrained.md "Search agents"). Options written in a spec override these.
GAME_DEFAULTS = MappingProxyType({
    # Its games are the longest (about 1,300 decisions) and its rollouts to the end the dearest: the general
    # budget cost Government 57-69 CPU-s a game, 53-56 of them at turn choices. Fewer turn rollouts, and the
    # spaces and pieces left to the bot.
    "a_distant_plain": MappingProxyType({"turn_rollouts": 6, "keep": 1}),
})

# Per-seat defaults on top of the game's, where a seat measured better with another budget (docs/pretrained.md,
# "A Distant Plain's budget"). Options written in a spec override these too.
SEAT_DEFAULTS = MappingProxyType({
    "a_distant_plain": MappingProxyType({
        # The Government's margin moves slowly and its game is long: six rollouts to the end, scored relative
        # to the leader, were within noise of the flowchart (+0.16 VP, 50 games); 24 rollouts four cards on
        # (a COIN margin means something mid-game), scored by its own margin, gave +5.25 (+2.32, +8.18) in a
        # 24-game pilot, and the same rollouts with the relative score +0.67. The Warlords lost by the same
        # change (+2.29 against +4.83 on the same seeds), so it is the Government's alone. On 50 fresh seeds:
        # +2.76 (+0.10, +5.42) among Non-Players, +2.28 (+0.92, +3.64) as a player (docs/pretrained.md).
        "government": MappingProxyType({"turn_rollouts": 24, "turn_horizon": 4, "score": "own"}),
    }),
})


def default_options(game: str | None) -> SearchOptions:
    """The default budget for ``game`` (the general one where the game has none of its own)."""
    return replace(SearchOptions(), **GAME_DEFAULTS.get(game, {}))


def parse_spec(spec: str, game: str | None = None) -> tuple[str | None, SearchOptions]:
    """``"search"`` / ``"search:SPEC?KEY=VALUE&..."`` -> (rollout spec or None for the game's bot, options: the
    game's defaults, then the options written). A bad spec is a one-line ValueError naming the problem."""
    rollout, written = split_spec(spec)
    return rollout, replace(default_options(game), **written)


def split_spec(spec: str) -> tuple[str | None, dict]:
    """``spec`` -> (rollout spec or None for the game's bot, the options written in it)."""
    if spec == NAME:
        return None, {}
    if not spec.startswith(PREFIX):
        raise ValueError(f"search spec {spec!r}: write search, search:SPEC or search:SPEC?KEY=VALUE&...")
    body = spec[len(PREFIX):]
    rollout, sep, query = body.rpartition("?") if "?" in body else (body, "", "")
    rollout = rollout or None
    if rollout is not None and (rollout == NAME or rollout.startswith(PREFIX)):
        raise ValueError(f"search spec {spec!r}: the rollout policy cannot be a search itself")
    if rollout is not None and "," in rollout:
        raise ValueError(f"search spec {spec!r}: no ',' in a spec")
    return rollout, (_parse_options(spec, query) if sep else {})


def _parse_options(spec: str, query: str) -> dict:
    values = {}
    known = {f.name for f in fields(SearchOptions)}
    for item in query.split("&"):
        key, eq, text = item.partition("=")
        if not eq or not key or not text:
            raise ValueError(f"search spec {spec!r}: option {item!r} is not KEY=VALUE; options: {OPTION_HELP}")
        if key not in known:
            raise ValueError(f"search spec {spec!r}: unknown option {key!r}; options: {OPTION_HELP}")
        if key in values:
            raise ValueError(f"search spec {spec!r}: option {key!r} given twice")
        values[key] = _option_value(spec, key, text)
    return values


def _option_value(spec: str, key: str, text: str):
    def bad(what):
        return ValueError(f"search spec {spec!r}: {key} must be {what}, not {text!r}")
    if key in ("score", "others"):
        words = SCORES if key == "score" else OTHERS
        if text not in words:
            raise bad(" or ".join(words))
        return text
    horizon = key in ("horizon", "turn_horizon")
    if horizon and text == "end":
        return None
    if key in ("k", "win"):
        try:
            value = float(text)
        except ValueError:
            raise bad("a number >= 0") from None
        if not math.isfinite(value) or value < 0:
            raise bad("a number >= 0")
        return value
    try:
        value = int(text)
    except ValueError:
        raise bad("an integer" + (" >= 1 or end" if horizon else " >= 1" if key != "seed" else "")) from None
    if key != "seed" and value < 1:
        raise bad("an integer >= 1" + (" or end" if horizon else ""))
    return value


# --- the game's progress and score, from its public surface ------------------------------------------------

def seat_score(game, seat: str, win_bonus: float, relative: bool = True) -> float:
    """The seat's victory margin minus the best other seat's (``relative``; else the seat's margin alone), plus
    ``win_bonus`` if the game is over and the seat won."""
    margins = game.victory_margins()
    others = [m for f, m in margins.items() if f != seat]
    score = float(margins[seat] - (max(others) if relative and others else 0))
    if game.is_over() and game.winner() == seat:
        score += win_bonus
    return score


# --- rollouts ---------------------------------------------------------------------------------------------

def seat_player(policy, game, faction):
    """The rollout policy as the seat rules say: a non-player bot in a seat that is a player of the game plays
    by the player rules (BotAsPlayer); anything else plays the seat as it is."""
    if getattr(policy, "non_player", False) and faction not in (game.options.get("non_players") or ()):
        return BotAsPlayer(policy)
    return policy


def choose(policy, game, faction, rng: random.Random) -> int:
    """The rollout policy's action for ``faction``. The game's bots answer positions another policy began
    (tests/core/test_bots_take_over.py); any other policy that fails or answers an illegal action there is
    answered uniformly at random by ``rng``: the rollout stays legal."""
    legal = game.legal_actions()
    try:
        action = seat_player(policy, game, faction)(game, faction, rng)
    except Exception:       # noqa: BLE001 -- any failure of the bot off its own path; the engine stays the judge
        action = None
    if action not in legal:
        action = legal[rng.randrange(len(legal))]
    return action


def rollout(world, action: int, seat: str, policy, rng_seed: int, horizon: int | None, win_bonus: float,
            relative: bool = True, others=None) -> float:
    """Apply ``action`` in a copy of ``world``, play on with ``policy`` in ``seat`` and ``others`` (default:
    ``policy`` too) in every other seat to the horizon, score."""
    others = policy if others is None else others
    game = world.clone()
    rng = random.Random(rng_seed)
    limit = None if horizon is None else game.progress() + horizon + 1
    game.apply(action)
    for _ in range(MAX_ROLLOUT_DECISIONS):
        if game.is_over() or (limit is not None and game.progress() >= limit):
            break
        faction = game.current_player()
        game.apply(choose(policy if faction == seat else others, game, faction, rng))
    return seat_score(game, seat, win_bonus, relative)


_WORKER_POLICIES: dict = {}


def _rollout_task(task) -> float:
    """A rollout in a worker process: the world travels as JSON, the rollout policy by its spec."""
    world_json, action, seat, spec, others_spec, rng_seed, horizon, win_bonus, relative = task
    world = coin_env.load_game(world_json)
    policy, others = (_worker_policy(world.name, s) for s in (spec, others_spec))
    return rollout(world, action, seat, policy, rng_seed, horizon, win_bonus, relative, others)


def _worker_policy(game_name: str, spec: str):
    key = (game_name, spec)
    if key not in _WORKER_POLICIES:
        _WORKER_POLICIES[key] = resolve_policy(spec, game_name)
    return _WORKER_POLICIES[key]


# --- the policy --------------------------------------------------------------------------------------------

class SearchPolicy:
    """``policy(game, faction, rng) -> action`` searching every real choice of its seat (module docstring).
    The caller's ``rng`` is not used: the search's randomness comes from its own ``seed``. ``stats`` counts
    searched decisions, rollouts and overrides of the rollout policy's choice, ``last`` holds the last search's
    candidates and scores (diagnostics only: decisions never depend on them)."""

    non_player = False      # it reads the seat rules from game.options itself; never wrap it in BotAsPlayer

    def __init__(self, rollout_spec: str | None = None, options: SearchOptions = SearchOptions(),
                 game_name: str | None = None, written: frozenset | None = None):
        self.rollout_spec = rollout_spec
        self.options = options
        # From a spec: the option names written in it, which the per-seat defaults (SEAT_DEFAULTS) never
        # override. None: ``options`` are complete as given, no seat default applies.
        self.written = written
        self._seat_options: dict = {}
        self._policies: dict = {}
        self._pool = None
        self.stats = {"decisions": 0, "searched": 0, "rollouts": 0, "overrides": 0}
        self.last: dict | None = None       # the last search's candidates and scores[c][i], and its first round's
        if game_name is not None:
            self.rollout_policy(game_name)          # a bad rollout spec fails here, in one line

    def __repr__(self):
        return f"SearchPolicy({self.rollout_spec or 'bot'}, {self.options})"

    def __getstate__(self):                         # picklable for worker processes (no pool, no cache)
        return {"rollout_spec": self.rollout_spec, "options": self.options, "written": self.written}

    def __setstate__(self, state):
        self.__init__(state["rollout_spec"], state["options"], written=state["written"])

    def rollout_spec_for(self, game_name: str) -> str:
        return self.rollout_spec if self.rollout_spec is not None else bot_spec(game_name)

    def others_spec_for(self, game_name: str, opts: SearchOptions) -> str:
        """Who plays the seats other than the searching one in the rollouts (option ``others``)."""
        return bot_spec(game_name) if opts.others == "bot" else self.rollout_spec_for(game_name)

    def rollout_policy(self, game_name: str):
        return self.resolved(self.rollout_spec_for(game_name), game_name)

    def resolved(self, spec: str, game_name: str):
        """The policy ``spec`` names in ``game_name``, resolved once per search policy."""
        key = (game_name, spec)
        policy = self._policies.get(key)
        if policy is None:
            policy = self._policies[key] = resolve_policy(spec, game_name)
        return policy

    def __call__(self, game, faction, rng=None) -> int:
        legal = game.legal_actions()
        self.stats["decisions"] += 1
        choice = legal[0] if len(legal) == 1 else self.search(game, faction, legal)   # forced: no rollout
        self.keep_bot_memory(game, faction)
        return choice

    def keep_bot_memory(self, game, faction: str) -> None:
        """Let a bot rollout policy write its plan into the real game, as when it plays the seat itself.

        The COIN bots keep their multi-step plans in the game state (Gandhi: state.arjuna memory; A Distant Plain:
        state.np), written when they decide. Deciding only on copies leaves the real game without the plan, and
        the bot's later choices in copies of it are incoherent (measured: Government in A Distant Plain played by
        the flowchart's choices in determinized copies lost 11 VP of margin a game against the flowchart itself;
        with the plan written, none). So the bot is asked here too and its answer is discarded: the decision never
        depends on it. Its side effects are the bot's own (its plan, its die rolls), as in an all-bot game."""
        policy = self.rollout_policy(game.name)
        if callable(getattr(policy, "decide_for", None)):
            choose(policy, game, faction, random.Random(0))

    def options_for(self, game_name: str, faction: str) -> SearchOptions:
        """The options ``faction`` searches with: the policy's, with the seat's defaults (SEAT_DEFAULTS) for
        every option its spec did not write."""
        key = (game_name, faction)
        if key not in self._seat_options:
            seat = SEAT_DEFAULTS.get(game_name, {}).get(faction, {}) if self.written is not None else {}
            self._seat_options[key] = replace(self.options,
                                              **{k: v for k, v in seat.items() if k not in self.written})
        return self._seat_options[key]

    def budget(self, game, opts: SearchOptions) -> tuple[int, int | None, int]:
        """(rollouts, horizon, keep) for the pending decision: the turn budget at a turn choice, else the other."""
        if game.is_turn_choice():
            return opts.turn_rollouts, opts.turn_horizon, opts.turn_keep
        return opts.rollouts, opts.horizon, opts.keep

    def search(self, game, faction: str, legal: list[int]) -> int:
        opts = self.options_for(game.name, faction)
        rollouts, horizon, keep = self.budget(game, opts)
        self.last = None
        policy = self.rollout_policy(game.name)
        gen = random.Random(f"search:{opts.seed}:{faction}:{game.decisions_made()}")
        world_seeds = [gen.getrandbits(63) for _ in range(rollouts)]
        rng_seeds = [gen.getrandbits(63) for _ in range(rollouts)]
        if keep == 1:       # nothing to compare: the rollout policy's choice in the first world, no rollout
            worlds = [game.determinize(faction, world_seeds[0])]
        else:
            worlds = [game.determinize(faction, seed) for seed in world_seeds]
        candidates = self.candidates(worlds, faction, legal, policy, gen, keep)
        self.stats["searched"] += 1
        if len(candidates) == 1:
            return candidates[0]
        self.last = {"first_round": {"candidates": candidates}}
        candidates, scores = self.score_in_two_rounds(worlds, candidates, faction, rng_seeds, horizon, opts)
        self.last.update(candidates=candidates, scores=scores)
        choice = pick(candidates, scores, opts.k)
        if choice != candidates[0]:
            self.stats["overrides"] += 1
        return choice

    def candidates(self, worlds, faction, legal, policy, gen: random.Random, keep: int) -> list[int]:
        """The rollout policy's choice first, its other choices across the worlds next, then random others."""
        keep = min(keep, len(legal))
        out: list[int] = []
        for i, world in enumerate(worlds):
            probe = world.clone()                 # the policy may roll the world's dice: keep the world intact
            action = choose(policy, probe, faction, random.Random(gen.getrandbits(63)))
            if action not in out:
                out.append(action)
            if len(out) >= keep:
                return out
        others = [a for a in legal if a not in out]
        gen.shuffle(others)
        return out + others[:keep - len(out)]

    def score_in_two_rounds(self, worlds, candidates, faction, rng_seeds, horizon, opts: SearchOptions):
        """Every candidate in the first half of the worlds; only those then ahead of the rollout policy's choice
        (a positive mean paired advantage: the others cannot be picked, see :func:`pick`) go on, with that
        choice, to the other half. Most decisions keep the rollout policy's choice, so this about halves their
        cost. Returns (candidates still in, their scores in every world they were played in)."""
        first = first_round_size(len(worlds))
        scores = self.score(worlds[:first], candidates, faction, rng_seeds[:first], horizon, opts)
        self.last["first_round"]["scores"] = scores
        ahead = [i for i in range(1, len(candidates)) if mean_gain(scores[i], scores[0]) > 0]
        if not ahead or first == len(worlds):
            return candidates, scores
        going_on = [0] + ahead
        more = self.score(worlds[first:], [candidates[i] for i in going_on], faction, rng_seeds[first:], horizon,
                          opts)
        return [candidates[i] for i in going_on], [scores[i] + row for i, row in zip(going_on, more)]

    def score(self, worlds, candidates, faction, rng_seeds, horizon, opts: SearchOptions) -> list[list[float]]:
        """scores[c][i]: candidate c in world i (the same world and generator seed for every candidate)."""
        relative = opts.score == "relative"
        self.stats["rollouts"] += len(candidates) * len(worlds)
        pool = self.pool()
        game_name = worlds[0].name
        spec, others_spec = self.rollout_spec_for(game_name), self.others_spec_for(game_name, opts)
        if pool is None:
            policy, others = self.resolved(spec, game_name), self.resolved(others_spec, game_name)
            return [[rollout(w, c, faction, policy, s, horizon, opts.win, relative, others)
                     for w, s in zip(worlds, rng_seeds)] for c in candidates]
        jsons = [w.to_json() for w in worlds]
        tasks = [(j, c, faction, spec, others_spec, s, horizon, opts.win, relative)
                 for c in candidates for j, s in zip(jsons, rng_seeds)]
        flat = list(pool.map(_rollout_task, tasks))
        n = len(worlds)
        return [flat[i * n:(i + 1) * n] for i in range(len(candidates))]

    def pool(self):
        """Worker processes for the rollouts (None: inline, with workers=1 or inside a daemonic process)."""
        if self.options.workers <= 1 or multiprocessing.current_process().daemon:
            return None
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.options.workers)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


def bot_spec(game_name: str) -> str:
    """The game's bot (its first registered one), or ``random`` for a game without one."""
    bots = game_bots(game_name)
    return next(iter(bots)) if bots else "random"


def first_round_size(rollouts: int) -> int:
    """Worlds in the first round of a search: half of them (all of them below 4: too few to drop anything on)."""
    return rollouts if rollouts < 4 else (rollouts + 1) // 2


def mean_gain(row: list[float], base: list[float]) -> float:
    """The mean paired advantage of a candidate's scores over the rollout policy's choice's, world by world."""
    return sum(a - b for a, b in zip(row, base)) / len(base)


def pick(candidates: list[int], scores: list[list[float]], k: float) -> int:
    """The first candidate (the rollout policy's choice) unless another's mean paired advantage over it is
    above ``k`` standard errors of the paired difference; of those, the largest advantage (ties: the earlier)."""
    base = scores[0]
    best, best_gain = candidates[0], 0.0
    for action, row in zip(candidates[1:], scores[1:]):
        diffs = [a - b for a, b in zip(row, base)]
        gain = mean_gain(row, base)
        if gain <= 0 or gain <= best_gain:
            continue
        if gain > k * standard_error(diffs):
            best, best_gain = action, gain
    return best


def standard_error(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def search_factory(spec: str, game: str | None) -> SearchPolicy:
    """Resolver of ``search`` and ``search:...`` (specs.py registers it)."""
    rollout_spec, written = split_spec(spec)
    options = replace(default_options(game), **written)
    try:
        return SearchPolicy(rollout_spec, options, game_name=game, written=frozenset(written))
    except ValueError as exc:
        raise ValueError(f"search spec {spec!r}: rollout policy: {exc}") from None
