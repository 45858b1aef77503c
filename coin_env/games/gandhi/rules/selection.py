"""Space selection for Gandhi's Operations and Special Activities, read once per question.

``coin.operations.Activity`` asks ``can_select(game, sp)`` space by space, and the sequence of play
asks whether each Operation is available at every choice (2.3.4), so whatever ``can_select`` reads
that is the same for every space -- a cost against Resources (3.1.5), an allowance, the turn's
bookkeeping -- would be read once per space. An activity deriving from :class:`SpaceTestActivity`
writes its selection rule once, in ``space_test(game)``, which reads those facts once and returns
the per-space test; ``can_select``, ``selectable`` and ``available`` all use it. ``selectable`` and
``available`` keep ``Activity``'s semantics: a space is selected at most once per Operation / Special
Activity (3.1.1, 4.1.1), no space beyond ``max_spaces``, ``available`` stops at the first space.
"""

from __future__ import annotations

from ....coin.operations import Activity


class SpaceTestActivity(Activity):
    """An Activity whose ``can_select(game, sp)`` is ``space_test(game)(sp)``.

    ``space_test`` returns the per-space test, or None when no space can be selected at all (e.g. a
    cost the faction cannot pay anywhere)."""

    def space_test(self, game):
        raise NotImplementedError

    def can_select(self, game, sp):
        test = self.space_test(game)
        return test is not None and bool(test(sp))

    def _chosen(self, game):
        """Spaces already selected for this Operation / Special Activity, or None when no further
        space may be selected (``max_spaces``)."""
        turn = game.state.turn
        chosen = () if turn is None else (turn["sa_spaces"] if self.special else turn["op_spaces"])
        cap = self.max_spaces(game)
        if cap is not None and len(chosen) >= cap:
            return None
        return chosen

    def selectable(self, game):
        chosen = self._chosen(game)
        if chosen is None:
            return []
        test = self.space_test(game)
        if test is None:
            return []
        return [sp for sp in self.candidate_spaces(game) if sp not in chosen and test(sp)]

    def available(self, game):
        chosen = self._chosen(game)
        if chosen is None:
            return False
        test = self.space_test(game)
        if test is None:
            return False
        return any(sp not in chosen and test(sp) for sp in self.candidate_spaces(game))
