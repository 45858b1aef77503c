"""Whole-board facts shared by the spaces of one selection question (speed only, no rule here).

The sequence of play asks, at nearly every decision, whether an Operation can select some space and
which spaces it can select (coin/operations.py ``Activity.space_test``). Where the per-space test
needs a fact about the whole board (e.g. the Guerrillas that may still March out of every space),
:class:`SharedFactsActivity` computes it once per question instead of once per space. The facts live
only for that one call; nothing is kept.
"""

from __future__ import annotations

from functools import partial

from ....coin.operations import Activity


def any_selectable(act, game, spaces, test=None) -> bool:
    """``act.available(game)`` walking ``spaces`` (the candidates in map order, or any superset of the
    spaces that can pass, e.g. those holding the piece the test needs) space by space with ``test(sp)``
    (default ``act.can_select(game, sp)``) and stopping at the first that passes. For a test usually
    met early on the map this is cheaper than a whole-map mask built before the first space is looked
    at (the sequence of play asks whether each Special Activity is available after every space of an
    Operation)."""
    turn = game.state.turn                 # 3.1.1 / 4.1.1: spaces already selected, and the cap on them
    chosen = () if turn is None else (turn["sa_spaces"] if act.special else turn["op_spaces"])
    cap = act.max_spaces(game)
    if cap is not None and len(chosen) >= cap:
        return False
    if test is None:
        test = partial(act.can_select, game)
    for sp in spaces:
        if sp not in chosen and test(sp):
            return True
    return False


def with_facts(test, game, facts):
    """``sp -> test(game, sp, facts)`` as a closure: per call it costs a fraction of a ``partial`` holding a
    keyword argument (which builds a fresh keyword dict at every call), and the filters that ask it call it
    once per space."""
    def test_with_facts(sp):
        return test(game, sp, facts)
    return test_with_facts


class SharedFactsActivity(Activity):
    """An Activity whose per-space test reads facts computed once per question: subclasses give
    ``facts(game)`` (pure: reads the state, changes nothing) and ``can_select_with(game, sp, facts)``."""

    def facts(self, game):
        return None

    def can_select_with(self, game, sp: int, facts) -> bool:
        """The per-space test; overrides keep the parameters' order (``facts`` is passed third, by position)."""
        raise NotImplementedError

    def space_test(self, game):
        # test(sp) == can_select_with(game, sp, facts)
        return with_facts(self.can_select_with, game, self.facts(game))
