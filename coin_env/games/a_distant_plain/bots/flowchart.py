"""The section-8 non-player flowcharts of A Distant Plain as a policy over the engine's decisions.

``FlowchartBot()(game, faction, rng)`` returns one legal action for the prompt in front of ``faction``;
the engine applies it. Dispatch:

* the sequence-of-play choice (``sop_choice``) runs 8.1 (bots/sequence.py) and the faction's "Pass,
  Event or Operations?" box and operation chain (``Flowchart.choose_operation`` in bots/<faction>.py),
  which leaves the turn's plan in the faction's memory;
* every other prompt goes to the handler registered for its kind or continuation and faction
  (bots/<faction>.py, bots/guidelines.py); a prompt without one is answered by the 8.2 / 8.2.1
  guidelines (:func:`guidelines.fallback`) and counted in ``FlowchartBot.fallbacks``.
"""

from __future__ import annotations

from ....coin.bots import BotError, NonPlayerBot
from ....coin.sequence import EVENT_SHADED, EVENT_UNSHADED, LIMITED_OP, OP_ONLY, OP_WITH_SA, PASS
from . import guidelines, sequence
from .sequence import probe_event  # noqa: F401  (the faction charts' 8.x.2 questions use it)
from .context import Ctx
from .registry import CHOICE_HANDLERS, FLOWCHARTS, PROMPT_HANDLERS, lookup, on_choice, on_prompt


class FlowchartBot(NonPlayerBot):
    """Plays any A Distant Plain seat by section 8. One instance may serve every seat."""

    name = "flowchart"
    context_class = Ctx

    def __call__(self, game, faction, rng=None) -> int:
        """One decision: :meth:`decide_for` with the legal actions read once. A prompt offering a single action
        (about one decision in nine) is answered before a context is built: :meth:`decide` would return that
        action without asking a handler."""
        if not game.is_non_player(faction):
            return self.decide_for(game, faction)       # refuses a player's seat (BotError)
        legal = game.legal_actions()
        if len(legal) == 1:
            Ctx.memory_of(game, faction)                # the faction's memory, made as a context makes it
            return legal[0]
        ctx = Ctx(game, faction, legal)
        action = self.decide(ctx)
        if action not in ctx._legal_set:
            raise self.illegal_choice(ctx, action)
        return action

    def decide(self, ctx) -> int:
        if len(ctx.legal) == 1:
            return ctx.legal[0]
        frame = ctx.frame
        if frame["kind"] == "choose":                   # ctx.kind, the frame read once
            key = frame["then"]
            handler = lookup(CHOICE_HANDLERS, key, ctx.faction)
        else:
            key = frame["kind"]
            handler = lookup(PROMPT_HANDLERS, key, ctx.faction)
        if handler is not None:
            action = handler(ctx)
            if action is not None and ctx.has(action):
                return action
        self.fallbacks[(ctx.faction, key)] += 1
        return guidelines.fallback(ctx)


BOT = FlowchartBot()


class Flowchart:
    """One faction's flowchart. Subclasses (bots/<faction>.py, registered with ``@flowchart``) give:

    * ``event_questions``: the order of the 8.1 questions in the faction's box (8.x.2);
    * ``event_conditions(ctx, card)``: the box's bullets on what either part of the card could do;
    * ``low_resources(ctx)``: 8.1 Low Resources (Government < 3, Warlords 0);
    * ``choose_operation(ctx)``: the operation chain -- the Operation key to execute, with the plan for
      its spaces and Special Activity left in ``ctx.plan``; None to Pass.
    """

    faction = ""
    event_questions: tuple[str, ...] = ("capability", "momentum")

    def event_conditions(self, ctx, card: int) -> bool:
        return False

    def low_resources(self, ctx) -> bool:
        return False

    def choose_operation(self, ctx) -> str | None:
        raise NotImplementedError


# --- 8.1 / 8.x.2: the sequence-of-play choice ------------------------------------------------------------
OP_META = (OP_WITH_SA, OP_ONLY, LIMITED_OP)     # 8.1: NP Operations come with a Special Activity


@on_prompt("sop_choice")
def sop_choice(ctx) -> int:
    chart = FLOWCHARTS[ctx.faction]
    ctx.mem["plan"] = {}
    decision = sequence.event_decision(ctx, chart)
    if decision == "event":
        action = EVENT_SHADED if sequence.SIDE[ctx.faction] == "shaded" else EVENT_UNSHADED
        if ctx.has(action):
            ctx.mem["plan"] = {"kind": "event"}
            return action
    elif decision == "pass":
        ctx.mem["plan"] = {"kind": "pass", "why": "8.1 Capability: wait for the upcoming card"}
        return PASS
    if chart.low_resources(ctx):
        ctx.mem["plan"] = {"kind": "pass", "why": "8.1 Low Resources"}
        return PASS
    if not any(ctx.has(m) for m in OP_META):
        ctx.mem["plan"] = {"kind": "pass", "why": "no Operation offered"}
        return PASS
    op = chart.choose_operation(ctx)
    if op is None or not ctx.game.operation_available(ctx.faction, ctx.op(op)):
        ctx.mem["plan"] = {"kind": "pass", "why": "no Operation possible (8.x)"}
        return PASS
    ctx.plan["op"] = op
    ctx.plan.setdefault("kind", "op")
    return next(m for m in OP_META if ctx.has(m))


@on_choice("coin_operation_chosen")
def operation_chosen(ctx) -> int | None:
    op = ctx.plan.get("op")
    return ctx.op(op) if op is not None else None
