"""The operation / special-activity framework shared by COIN games.

Rule numbers are Gandhi's; the other COIN volumes use the same ideas.

* 3.1.1 / 4.1.1 a space is selected at most once per Operation and once per
  Special Activity; spaces are selected one at a time, and each space's
  procedure is finished before the next is selected.
* 3.1.5 costs and selection allowances are checked at the moment each space is
  selected, so a Special Activity that changes a track mid-operation changes what
  may be selected next.
* 4.1 a Special Activity may come immediately before, during, or after its
  Operation, never inside a Limited Operation; once begun it is finished before
  the Operation resumes. Here: at the operation's "select a space or done"
  prompt, the faction may start its Special Activity instead.
* 4.1.2 some Special Activities accompany only certain Operations.

Each Operation / Special Activity is an :class:`Activity` object registered in the
game's ``activities`` table: ``game.activities[faction][action index]``. The framework owns the selection
loop; the activity owns eligibility, per-space procedure, and finishing steps.
"""

from __future__ import annotations

from functools import partial
from itertools import filterfalse

from ..core.game import EngineError
from ..core.prompts import Prompt
from .sequence import COIN_CONTINUATIONS, COIN_PROMPTS


class Activity:
    """An Operation or Special Activity.

    ``action`` is its index in the vocabulary; ``special`` tells SA from Op.
    Subclasses override ``can_select`` (is this space selectable *now*, cost and
    allowance included) or ``space_test`` (the same test with the facts shared by all
    spaces read once), ``select`` (do the space's procedure, may push decision
    frames) and optionally ``begin``, ``finish``, ``max_spaces``.
    """

    key: str = ""          # vocabulary key ("sweep"); usually the same as name
    name: str = ""
    special: bool = False
    faction: str = ""
    accompanies: tuple[str, ...] | None = None   # SA only: op names it may accompany (None = any)

    def __init__(self, action: int):
        self.action = action

    def max_spaces(self, game) -> int | None:
        """Hard cap on the number of spaces (None = no cap beyond can_select)."""
        return None

    def candidate_spaces(self, game) -> range | list[int]:
        return range(game.n_spaces)

    def can_select(self, game, space: int) -> bool:
        """Is ``space`` selectable now? Override this or :meth:`space_test`."""
        test = self.space_test(game)
        return test is not None and bool(test(space))

    def space_test(self, game):
        """The test ``space -> bool`` for one question ("which spaces now?", "any space?"), or None when
        no space can be selected at all. The default asks :meth:`can_select` space by space; an activity
        whose test reads facts that are the same for every space (a cost, an allowance, the pieces
        that may still move) overrides this to read them once and return the per-space test. The
        sequence of play asks this for every Operation at nearly every choice, so it must be cheap."""
        if type(self).can_select is Activity.can_select:
            raise NotImplementedError(f"{type(self).__name__} defines neither can_select nor space_test")
        return partial(self.can_select, game)      # a C-level wrapper: cheaper per space than a lambda

    def _chosen(self, game):
        """Spaces already selected for this Operation / Special Activity (3.1.1 / 4.1.1: each at most
        once), or None when no further space may be selected (``max_spaces``)."""
        turn = game.state.turn
        if turn is None:          # asked before any action starts (is this Op available at all?)
            chosen = ()
        else:
            chosen = turn["sa_spaces"] if self.special else turn["op_spaces"]
        cap = self.max_spaces(game)
        if cap is not None and len(chosen) >= cap:
            return None
        return chosen

    def _open_spaces(self, game):
        """(the space test, the candidate spaces not chosen yet) for one question, or None when no space can be
        selected now."""
        chosen = self._chosen(game)
        test = None if chosen is None else self.space_test(game)
        if test is None:
            return None
        cands = self.candidate_spaces(game)
        if chosen:
            cands = filterfalse(chosen.__contains__, cands)
        return test, cands

    def selectable(self, game) -> list[int]:
        open_spaces = self._open_spaces(game)
        if open_spaces is None:
            return []
        test, cands = open_spaces
        return list(filter(test, cands))     # [sp for sp in cands if test(sp)], the loop run by filter (C)

    def available(self, game) -> bool:
        """Is at least one space selectable now? Stops at the first one."""
        open_spaces = self._open_spaces(game)
        if open_spaces is None:
            return False
        test, cands = open_spaces
        return any(map(test, cands))         # the first space passing ``test``, looked for in C

    def any_selectable_where(self, game, where) -> bool:
        """Is a space selectable now for which ``where(space)`` holds too? Stops at the first (a bot's "can this
        be done here" needs one space, not the list); ``where`` is asked only of selectable spaces, in the order
        of :meth:`selectable`, and must not change the game."""
        open_spaces = self._open_spaces(game)
        if open_spaces is None:
            return False
        test, cands = open_spaces
        return any(test(sp) and where(sp) for sp in cands)

    def begin(self, game) -> None:
        """Steps before the first space (rarely needed)."""

    def select(self, game, space: int) -> None:
        raise NotImplementedError

    def finish(self, game) -> None:
        """Steps after all spaces are done (e.g. Restraint -1 after Non-Cooperation). May push frames."""

    def min_spaces(self, game) -> int:
        return 1


def start_operation(game, op_action: int) -> None:
    """Begin the chosen Operation: its selection loop becomes the prompt."""
    s = game.state
    activity = game.activities[s.turn["faction"]][op_action]
    s.turn["op"] = activity.name
    s.turn["op_action"] = op_action
    game.push({"kind": "op_select", "actor": s.turn["faction"], "activity": op_action})
    activity.begin(game)


@COIN_CONTINUATIONS.register
def coin_operation_chosen(game, frame, action):
    start_operation(game, action)


def sa_allowed(game) -> list[int]:
    """Special Activities the acting faction may start now (4.1, 4.1.2, 2.3.5)."""
    s = game.state
    turn = s.turn
    if turn["kind"] != "op_sa" or turn["sa_done"] or turn["sa_active"]:
        return []
    out = []
    for action, sa in game.activities[turn["faction"]].items():
        if not sa.special:
            continue
        if sa.accompanies is not None and turn["op"] not in sa.accompanies:
            continue
        if sa.available(game):
            out.append(action)
    return out


@COIN_PROMPTS.register
class OpSelect(Prompt):
    """Select the Operation's next space, start the Special Activity, or finish."""

    kind = "op_select"

    def _activity(self, game, frame):
        return game.activities[frame["actor"]][frame["activity"]]

    def legal(self, game, frame):
        s = game.state
        turn = s.turn
        act = self._activity(game, frame)
        limited = turn["kind"] == "limited"
        n = len(turn["op_spaces"])
        out = []
        if not (limited and n >= game.limited_op_spaces(turn["faction"])):
            s0 = game.vocabulary.SPACE0          # game.space_action(sp), for every space at once
            out = [s0 + sp for sp in act.selectable(game)]
        spaces_left = bool(out)
        out += sa_allowed(game)
        # "done" once the Op has its spaces -- or when a Special Activity done before the Op's first
        # space left nothing the Op can select: the turn must always be finishable (DESIGN.md).
        if n >= act.min_spaces(game) or not spaces_left:
            out.append(game.DONE)
        return out

    def describe(self, game, frame):
        act = self._activity(game, frame)
        turn = game.state.turn
        names = [game.space_names[sp] for sp in turn["op_spaces"]]
        return f"{game.faction_name(turn['faction'])} {game.action_label(act.action)}: select a space{' (limited)' if turn['kind'] == 'limited' else ''}, " \
               f"or done (selected: {', '.join(names) or 'none'})"

    def apply(self, game, frame, action):
        s = game.state
        act = self._activity(game, frame)
        if action == game.DONE:
            game.pop()
            game.push({"kind": "op_after"})   # runs after the Op's finishing steps (pushed next)
            act.finish(game)
            return
        if game.vocabulary.group_of(action) == "special":
            start_special(game, action)
            return
        space = game.space_of(action)
        s.turn["op_spaces"].append(space)
        act.select(game, space)


def start_special(game, sa_action: int) -> None:
    s = game.state
    sa = game.activities[s.turn["faction"]][sa_action]
    s.turn["sa"] = sa.name
    s.turn["sa_action"] = sa_action
    s.turn["sa_active"] = True
    game.push({"kind": "sa_select", "actor": s.turn["faction"], "activity": sa_action})
    sa.begin(game)


@COIN_PROMPTS.register
class SaSelect(Prompt):
    """Select the Special Activity's next space, or finish it (4.1: it is finished before the Op resumes)."""

    kind = "sa_select"

    def legal(self, game, frame):
        sa = game.activities[frame["actor"]][frame["activity"]]
        s0 = game.vocabulary.SPACE0              # game.space_action(sp), for every space at once
        out = [s0 + sp for sp in sa.selectable(game)]
        if len(game.state.turn["sa_spaces"]) >= sa.min_spaces(game):
            out.append(game.DONE)
        if not out:
            raise EngineError(f"{sa.name}: nothing selectable and not done")
        return out

    def describe(self, game, frame):
        sa = game.activities[frame["actor"]][frame["activity"]]
        turn = game.state.turn
        names = [game.space_names[sp] for sp in turn["sa_spaces"]]
        return f"{game.faction_name(turn['faction'])} {game.action_label(sa.action)}: select a space, or done (selected: {', '.join(names) or 'none'})"

    def apply(self, game, frame, action):
        s = game.state
        sa = game.activities[frame["actor"]][frame["activity"]]
        if action == game.DONE:
            game.pop()
            s.turn["sa_active"] = False
            s.turn["sa_done"] = True
            sa.finish(game)
            return
        space = game.space_of(action)
        s.turn["sa_spaces"].append(space)
        sa.select(game, space)


@COIN_PROMPTS.register
class OpAfter(Prompt):
    """Automatic: once the Operation's finishing steps are done, offer its Special Activity if it was
    chosen and not yet done (4.1 "immediately after"). Finishing steps can change what an SA may do
    (3.1.5: Non-Cooperation's Restraint -1 brings Crisis, then Infiltrate may place a Muslim State)."""

    kind = "op_after"
    auto = True

    def run(self, game, frame):
        game.pop()
        turn = game.state.turn
        if turn is None or turn["kind"] != "op_sa":
            return
        sas = sa_allowed(game)
        if sas:
            # A game may require the Special Activity of an "op_sa" turn (Vijayanagara 4.1: the Command
            # & Decree option must include a Decree); then "done" is not offered here.
            required = game.special_activity_required(turn["faction"])
            # The Operation by its display name (the rules' word), not its internal id.
            game.choose(turn["faction"], f"{game.action_label(turn['op_action'])} done: start the "
                        f"{game.special_activity_term}"
                        + ("" if required else ", or done"), sas if required else sas + [game.DONE],
                        "coin_sa_after_op")


@COIN_CONTINUATIONS.register
def coin_sa_after_op(game, frame, action):
    if action != game.DONE:
        start_special(game, action)
