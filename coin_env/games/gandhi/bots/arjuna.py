"""The Arjuna non-player bot (section 8) as a policy over the engine's decision points.

``ArjunaBot()(game, faction, rng)`` returns one legal action for the prompt in front of ``faction``;
the engine applies it. Dispatch: the sequence-of-play choice runs the NP Eligibility Table (8.2) and,
for an Operation, the Arjuna deck (8.3) to fix the turn's plan (card, Operation box, SA boxes);
``op_select`` / ``sa_select`` go to the faction's procedure for that Operation / SA (8.6 / 8.7);
every other prompt goes to the handler registered for its kind or continuation (bots/<faction>.py,
events.py). A prompt without a handler is answered by :func:`fallback` and counted in
``ArjunaBot.fallbacks`` -- the tests require zero fallbacks in all-bot games.
"""

from __future__ import annotations

from ....coin.bots import BotError, NonPlayerBot
from ....coin.sequence import EVENT_SHADED, EVENT_UNSHADED, LIMITED_OP, OP_ONLY, OP_WITH_SA, PASS
from ..actions import OP, SA
from ..rules.raj import viceroy
from . import deck, eligibility, events
from .context import Ctx
from .registry import CHOICE_HANDLERS, CONDITIONS, OPS, PROMPT_HANDLERS, SAS, lookup, on_choice, on_prompt

META = {"pass": PASS, "op": OP_ONLY, "op_sa": OP_WITH_SA, "limited": LIMITED_OP}
MAX_DRAWS = 24                  # 8.3 "draw a new card": bounded by the deck (each card read once or twice)
# When the table's choice is not open to the faction, the nearest open one.
FALLBACK_ORDER = {"event": ("op_sa", "op", "limited", "pass"), "op_sa": ("op", "limited", "pass"),
                  "op": ("op_sa", "limited", "pass"), "limited": ("op", "op_sa", "pass"), "pass": ()}


class ArjunaBot(NonPlayerBot):
    """Plays any Gandhi seat by section 8. One instance may serve every seat."""

    name = "arjuna"
    context_class = Ctx

    def prepare_as_player(self, game, faction: str, rng=None) -> None:
        """Before deciding for a *player* seat (agents' BotAsPlayer): 8.3, the seat's cards join the deck."""
        deck.add_player_seat_cards(game.state, faction, rng)

    def decide(self, ctx) -> int:
        frame = ctx.frame
        kind = frame["kind"]
        if kind == "choose":
            handler = lookup(CHOICE_HANDLERS, frame["then"], ctx.faction)
            key = frame["then"]
        else:
            handler = lookup(PROMPT_HANDLERS, kind, ctx.faction)
            key = kind
        if handler is not None:
            action = handler(ctx)
            if action is not None:
                return action
        self.fallbacks[key] += 1
        return fallback(ctx)


BOT = ArjunaBot()


def fallback(ctx) -> int:
    """A prompt no section-8 handler covers: the most procedure-like answer that is always legal --
    a piece by Adversary Priorities, a space by the Random Spaces map, the largest count, else the
    first legal action."""
    legal = ctx.legal
    pieces = ctx.legal_pieces()
    if pieces and ctx.frame.get("space") is not None:
        return ctx.adversary(ctx.frame["space"], [ctx.piece(p) for p in pieces])
    spaces = ctx.legal_spaces()
    if spaces:
        return ctx.space(ctx.random_space(spaces))
    if ctx.legal_counts():
        return ctx.max_count()
    return legal[0]


# --- 8.2 / 8.3: the sequence-of-play choice -------------------------------------------------------------
@on_prompt("sop_choice")
def sop_choice(ctx) -> int:
    choice, row = eligibility.decide(ctx)
    ctx.mem["plan"] = {"kind": choice, "row": row}
    for option in (choice,) + FALLBACK_ORDER[choice]:
        if option == "event":
            side = events.start_event_plan(ctx, ctx.state.current)
            action = EVENT_UNSHADED if side == "unshaded" else EVENT_SHADED
            if ctx.has(action):
                return action
            continue
        if option == "pass":
            break
        if ctx.has(META[option]) and plan_operation(ctx, option):
            return META[option]
    ctx.mem["plan"] = {"kind": "pass", "row": row}
    return PASS


def _op_key(action: int) -> str:
    return next(k for k, a in OP.items() if a == action)


def plan_operation(ctx, kind: str) -> bool:
    """8.3 steps 1-3 up to the Operation box: draw this faction's cards until one names an Operation
    that can be carried out now ("if no spaces are eligible ... draw a new card"). SA boxes read on
    the way are kept (an SA before the Operation is done first)."""
    game, f = ctx.game, ctx.faction
    available = {}          # Operation -> can it be carried out now (2.3.4); asked once, when a card names it
    for _ in range(MAX_DRAWS):
        letter, index = deck.draw_card(ctx.state, f), 0
        ctx.mem["plan"] = plan = {"kind": kind, "row": ctx.plan.get("row"), "card": letter, "face": letter}
        sa_first = []
        while True:
            what, letter, index = deck.walk(ctx, letter, index, stop_at=("op", "sa"))
            plan["face"] = letter
            if what == "sa":
                sa_first.append([letter, index])
                index += 1
                continue
            break
        if what != "op":
            continue
        node = deck.node_at(ctx.data, letter, index)
        action = OP.get(node.op)
        proc = OPS.get((f, node.op))
        if action not in available:
            available[action] = game.operation_available(f, action)
        if available[action] and (proc is None or proc.can_start(ctx, node)):
            plan.update(op_at=[letter, index], after_op=[letter, index + 1],
                        sa_first=sa_first if kind == "op_sa" else [], op=node.op)
            return True
    return False


@on_choice("coin_operation_chosen")
def operation_chosen(ctx) -> int:
    op = ctx.plan.get("op")
    if op is not None and ctx.has(OP[op]):
        return OP[op]
    return None


# --- 8.6 Operations ---------------------------------------------------------------------------------
def _activity_key(ctx, frame) -> str:
    return ctx.game.activities[frame["actor"]][frame["activity"]].key


def activation_number(ctx, op: str) -> int:
    """8.6.2: NP Raj = Restraint (Viceroy: Willingdon Deploy 1, Irwin Sweep 1, Chelmsford Assault 1);
    NP Revolutionaries = the card side's number (2, 3 or Restraint)."""
    s = ctx.state
    if ctx.faction == "raj":
        v = viceroy(ctx.game)
        if (op, v) in (("deploy", "Lord Willingdon"), ("sweep", "Lord Irwin"), ("assault", "Lord Chelmsford")):
            return 1
        return s.restraint
    fc = ctx.card_face()
    an = fc.activation if fc is not None and fc.activation is not None else "restraint"
    return s.restraint if an == "restraint" else int(an)


def _activation_roll(ctx, op: str) -> bool:
    """8.6.2 after each space: True if the Operation must end now (NP Revolutionaries); for NP Raj a
    failed roll only restricts the rest of the Operation to Troops (plan["an_failed"])."""
    plan = ctx.plan
    turn = ctx.state.turn
    n = len(turn["op_spaces"])
    if n <= plan.get("spaces_rolled", 0):
        return False
    plan["spaces_rolled"] = n
    if ctx.faction == "revs":
        roll = ctx.die()
        plan.setdefault("rolls", []).append(roll)
        return roll <= activation_number(ctx, op)
    if ctx.faction == "raj" and plan.pop("sepoys_used", False) and not plan.get("an_failed"):
        roll = ctx.die()
        plan.setdefault("rolls", []).append(roll)
        if roll <= activation_number(ctx, op):
            plan["an_failed"] = True
    return False


@on_prompt("op_select")
def op_select(ctx) -> int:
    frame = ctx.frame
    plan = ctx.plan
    turn = ctx.state.turn
    key = _activity_key(ctx, frame)
    if plan.get("sa_first") and not turn["op_spaces"] and not plan.get("sa_first_tried"):
        plan["sa_first_tried"] = True
        action = pick_special(ctx, plan["sa_first"])
        if action is not None:
            return action
    if ctx.faction in ("raj", "revs") and not turn.get("free") and _activation_roll(ctx, key):
        if ctx.has(ctx.done):
            return ctx.done
    proc = OPS.get((ctx.faction, key))
    node = ctx.op_node() if plan.get("op") == key else None
    fc = ctx.card_face()
    if fc is not None and fc.max_spaces is not None and len(turn["op_spaces"]) >= fc.max_spaces and ctx.has(ctx.done):
        return ctx.done
    sp = proc.next_space(ctx, node) if proc is not None else None
    if sp is not None and ctx.has(ctx.space(sp)):
        return ctx.space(sp)
    if ctx.has(ctx.done):
        return ctx.done
    return None          # the engine needs a space the procedure does not want: fallback (counted)


# --- 8.7 Special Activities ----------------------------------------------------------------------------
def pick_special(ctx, boxes) -> int | None:
    """8.7: the first SA option of the given boxes that may be implemented now."""
    for letter, index in boxes:
        node = deck.node_at(ctx.data, letter, index)
        for k, option in enumerate(node.options):
            action = SA.get(option.sa)
            if action is None or not ctx.has(action):
                continue
            if option.only_if and not CONDITIONS[option.only_if](ctx):
                continue
            proc = SAS.get((ctx.faction, option.sa))
            if proc is not None and not proc.can_start(ctx, option):
                continue
            ctx.plan["sa_at"] = [letter, index, k]
            return action
    return None


def _boxes_after_op(ctx) -> list:
    """SA boxes that follow the Operation box on the card (read after the Operation, 8.3)."""
    plan = ctx.plan
    if not plan.get("after_op") or plan.get("kind") != "op_sa":
        return []
    letter, index = plan["after_op"]
    boxes = []
    for _ in range(8):
        what, letter, index = deck.walk(ctx, letter, index, stop_at=("sa", "op"))
        if what != "sa":
            break
        boxes.append([letter, index])
        index += 1
    return boxes


@on_choice("coin_sa_after_op")
def sa_after_op(ctx) -> int:
    action = pick_special(ctx, _boxes_after_op(ctx))
    return action if action is not None else ctx.done


@on_prompt("sa_select")
def sa_select(ctx) -> int:
    frame = ctx.frame
    key = _activity_key(ctx, frame)
    proc = SAS.get((ctx.faction, key))
    option = ctx.sa_option()
    if option is not None and option.sa != key:
        option = None
    sp = proc.next_space(ctx, option) if proc is not None else None
    if sp is not None and ctx.has(ctx.space(sp)):
        return ctx.space(sp)
    if ctx.has(ctx.done):
        return ctx.done
    return None


# --- removals (8.5) ---------------------------------------------------------------------------------------
@on_prompt("g_remove")
def remove_pieces(ctx) -> int:
    """8.5: the piece to remove / arrest next; keep removing while allowed ("as much as possible")."""
    pieces = [ctx.piece(p) for p in ctx.legal_pieces()]
    if not pieces:
        return ctx.done
    return ctx.adversary(ctx.frame["space"], pieces)


# --- Event-granted free actions ----------------------------------------------------------------------------
@on_prompt("coin_free_action")
def free_action(ctx) -> int:
    """An Event grants an Op / SA: take the first offered (8.8.4: as much of the Event as possible);
    NP Raj never Garrisons (8.6.3)."""
    options = [a for a in ctx.legal if a != ctx.done and not (ctx.faction == "raj" and a == OP["garrison"])]
    return options[0] if options else (ctx.done if ctx.has(ctx.done) else ctx.legal[0])


# --- set-up ---------------------------------------------------------------------------------------------------
@on_choice("setup_place_gandhi")
def place_gandhi_at_setup(ctx) -> int:
    """Main scenario set-up (2.1): an NP Congress places Gandhi with an Activist and a Protest. Section 8
    gives no separate instruction; Gandhi is placed as he is moved, with the Move or Release Gandhi
    column (8.7.2), off the Railways unless the Raj is a player (8.1.3). Reconstructed reading."""
    spaces = ctx.no_railways_unless_raj_player(ctx.legal_spaces()) or ctx.legal_spaces()
    return ctx.space(ctx.select("Move or Release Gandhi", spaces))
