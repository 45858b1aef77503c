"""Whole-board facts shared by the spaces of one selection question (speed only, no rule here).

The sequence of play asks, at nearly every decision, whether an Operation can select some space
(``Activity.available``) and which spaces it can select (``Activity.selectable``); both ask
``can_select`` space by space. Where ``can_select`` needs a fact about the whole board (e.g. the
Guerrillas that may still March out of every space), :class:`SharedFactsActivity` computes it once per
question instead of once per space. The facts live only for that one call; nothing is kept.
"""

from __future__ import annotations

from ....coin.operations import Activity


class SharedFactsActivity(Activity):
    """An Activity whose per-space test reads facts computed once per question.

    Subclasses give ``facts(game)`` (pure: reads the state, changes nothing) and
    ``can_select_with(game, sp, facts)``; ``can_select``, ``selectable`` and ``available`` keep the
    framework's meaning (coin/operations.py): the spaces of ``candidate_spaces`` not yet chosen, in
    that order, under ``max_spaces``."""

    def facts(self, game):
        return None

    def can_select_with(self, game, sp: int, facts) -> bool:
        raise NotImplementedError

    def can_select(self, game, sp):
        return self.can_select_with(game, sp, self.facts(game))

    def _chosen(self, game):
        turn = game.state.turn
        if turn is None:          # asked before any action starts (is this Op available at all?)
            return ()
        return turn["sa_spaces"] if self.special else turn["op_spaces"]

    def selectable(self, game) -> list[int]:
        chosen = self._chosen(game)
        cap = self.max_spaces(game)
        if cap is not None and len(chosen) >= cap:
            return []
        facts = self.facts(game)
        can = self.can_select_with
        return [sp for sp in self.candidate_spaces(game) if sp not in chosen and can(game, sp, facts)]

    def available(self, game) -> bool:
        chosen = self._chosen(game)
        cap = self.max_spaces(game)
        if cap is not None and len(chosen) >= cap:
            return False
        facts = self.facts(game)
        can = self.can_select_with
        for sp in self.candidate_spaces(game):
            if sp not in chosen and can(game, sp, facts):
                return True
        return False
