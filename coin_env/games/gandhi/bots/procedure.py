"""Base class of the NP Operation / Special Activity procedures (8.6, 8.7).

A procedure answers the engine's "select a space, or done" prompt of one Operation or Special Activity
for one faction (``op_select`` / ``sa_select``). ``node`` is the card box being executed (an
:class:`~coin_env.games.gandhi.data.arjuna.schema.Op` or ``SAOption``), or None when the action did not
come from an Arjuna card (e.g. a free action granted by an Event); then ``column`` is used.
Nested prompts inside a space (counts, pieces, options) are answered by ``@on_choice`` /
``@on_prompt`` handlers in the faction module.
"""

from __future__ import annotations


class Procedure:
    column: str = ""                      # default column (free actions granted by Events)

    def column_for(self, node) -> str:
        return node.column if node is not None and getattr(node, "column", "") else self.column

    def candidates(self, ctx, node) -> list[int]:
        """Spaces the NP faction would select now, among the engine's legal ones (default: all)."""
        return ctx.legal_spaces()

    def next_space(self, ctx, node) -> int | None:
        """The next space to select (8.4.1 with the node's column), or None to finish."""
        cands = self.candidates(ctx, node)
        return ctx.select(self.column_for(node), cands) if cands else None

    def can_start(self, ctx, node) -> bool:
        """Planning (8.3 "if no spaces are eligible ... draw a new card"; 8.7 "the first SA that may be
        implemented"): could this box be carried out now? Default: the engine has a selectable space."""
        return True
