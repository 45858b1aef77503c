"""Arjuna procedures for Campaign Rounds (8.9): the non-player answers to every Campaign-round prompt.

The engine (rules/campaign.py) runs the phases and the NP exceptions that leave no choice (no
Resources for NP Raj / NP Revolutionaries, the NP Raj Support roll and Jail release mix, the NP Raj
Troop removal of Redeploy step 2, the Arjuna reshuffle). Here the NP factions choose:

* 8.9.1 Railway Strikes when markers run short: NP Congress, highest Econ first (8.1.3 among equals).
* 8.9.2 Support: NP Raj spaces by Shift to Support; Gandhi's release to a random space with no Raj
  Control (8.1.2); NP Congress then NP ML Constructive Programme by Shift to Opposition, as many
  spaces (and levels) as allowed; NP ML / NP Revolutionaries place a Base by Place Bases.
* 8.9.3 Redeploy: each NP faction's numbered steps, one piece at a time (see :class:`RajRedeploy`,
  :class:`CongressRedeploy`, :class:`LeagueRedeploy`, :class:`RevsRedeploy`).
* 8.9.4 Reset: NP Congress's Protest by Place Protests.

Redeploy vocabulary shared by the four procedures (8.9.3): "get N to X" counts the pieces already in X
(8.1.5); sources are the spaces the faction's paragraph names ("from the spaces with the most ...",
random among equals, 8.1.2), less what the paragraph says to keep and what the current step is
filling; each piece moves once (the engine's record); when pieces run short, destinations are taken
in random order (8.1.2) among the spaces the step names, so "as many as possible" go to random ones.
Every move is checked against the engine's Redeploy destinations (6.4) before it is proposed.
"""

from __future__ import annotations

from .. import board
from ..data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_ACTIVIST, ML_BASE,
                           REV_BASE, SEPOY, TROOP)
from ..rules.campaign import (MUST_LEAVE_RAILWAYS, kept_destination_mask, np_release_mix, redeploy_board,
                              redeploy_destinations)
from ..static import CITIES, IS_CITY, IS_RAILWAY, JAIL, N_SPACES, RAILWAYS
from . import priorities
from .registry import on_choice, on_prompt


def _pick(ctx, cands) -> int:
    """One space among equal candidates: 8.1.3 Railways last, 8.1.2 Random Spaces among the rest."""
    cands = sorted(set(cands))
    return cands[0] if len(cands) == 1 else priorities.break_tie(ctx, cands)


def _random_order(ctx, spaces) -> list[int]:
    """Equal candidates in the order repeated random picks (8.1.2) take them."""
    left, out = sorted(set(spaces)), []
    while left:
        sp = _pick(ctx, left)
        out.append(sp)
        left.remove(sp)
    return out


def _ordered_by(ctx, spaces, key) -> list[int]:
    """Highest ``key`` first; equal keys in random order (8.1.2)."""
    out = []
    for value in sorted({key(sp) for sp in spaces}, reverse=True):
        out += _random_order(ctx, [sp for sp in spaces if key(sp) == value])
    return out


# --- 8.9.1 Resources Phase -------------------------------------------------------------------------
@on_prompt("g_campaign_strikes", faction="congress")
def railway_strikes(ctx) -> int:
    """8.9.1: too few Strike markers: the highest-Econ Railway first (8.1.3 among equal Econ)."""
    return ctx.space(priorities.random_railway(ctx, ctx.legal_spaces()))


# --- 8.9.2 Support Phase -----------------------------------------------------------------------------
@on_prompt("g_np_support", faction="raj")
def raj_support(ctx) -> int:
    """8.9.2: NP Raj's next space by the Shift to Support column (the engine spends the roll)."""
    return ctx.space(ctx.select("Shift to Support", ctx.legal_spaces()))


@on_choice("campaign_release_gandhi", faction="raj")
def release_gandhi(ctx) -> int:
    """8.9.2: Gandhi leaves Jail for a random space with no Raj Control (8.1.2 Random Spaces map,
    which holds Cities, Provinces and States; a Railway only if nothing else is offered)."""
    spaces = ctx.legal_spaces()
    land = [sp for sp in spaces if not IS_RAILWAY[sp]]
    return ctx.space(ctx.random_space(land) if land else priorities.random_railway(ctx, spaces))


@on_choice("campaign_release_mix", faction="raj")
def release_mix(ctx) -> int:
    """8.9.2's mix (one Congress and one ML Activist per space where possible). The engine applies it
    itself for NP Raj; this answer only covers a Raj seat the engine still asks."""
    n = ctx.frame["n"]
    s = ctx.state
    congress, _ = np_release_mix((n + 1) // 2, s.pieces.item(JAIL, CONGRESS_ACTIVIST), s.pieces.item(JAIL, ML_ACTIVIST))
    return ctx.count_at_most(congress)


@on_prompt("g_imperialism", faction="raj")
def imperialism(ctx) -> int:
    """The player's 6.3.1 purchase, which NP Raj never reaches (8.9.2 replaces it in the engine).
    Answered in 8.9.2's spirit should it be asked: Shift to Support spaces, as many levels as allowed."""
    if ctx.frame["stage"] == "levels":
        return ctx.max_count()
    spaces = ctx.legal_spaces()
    return ctx.space(ctx.select("Shift to Support", spaces)) if spaces else ctx.done


@on_prompt("g_constructive")
def constructive_programme(ctx) -> int:
    """8.9.2: NP Congress, then NP ML, select as many eligible spaces as they may (the engine keeps
    6.3.2's combined limit of Unity) by the Shift to Opposition column, each shifted as far as
    allowed (two levels unless the space is one step from Active Opposition)."""
    if ctx.frame["stage"] == "levels":
        return ctx.max_count()
    spaces = ctx.legal_spaces()
    return ctx.space(ctx.select("Shift to Opposition", spaces)) if spaces else ctx.done


@on_prompt("g_campaign_base")
def campaign_base(ctx) -> int:
    """8.9.2: NP ML (Pakistan Movement) and NP Revolutionaries (Secret Societies) place a Base by the
    Place Bases column; the engine offers only non-railway spaces with no Raj Control."""
    spaces = ctx.legal_spaces()
    return ctx.space(ctx.select("Place Bases", spaces)) if spaces else ctx.done


# --- 8.9.4 Reset Phase ---------------------------------------------------------------------------------
@on_prompt("g_np_reset_protest", faction="congress")
def reset_protest(ctx) -> int:
    """8.9.4: NP Congress's end-of-Reset Protest, by the Place Protests column."""
    return ctx.space(ctx.select("Place Protests", ctx.legal_spaces()))


# --- 8.9.3 Redeploy Phase ---------------------------------------------------------------------------------
def _rd_memory(ctx) -> dict:
    """This Redeploy's working memory (reset for each faction's Redeploy and NP Raj's second part)."""
    frame = ctx.frame
    rid = [ctx.state.campaigns_played, frame.get("np_part", 0)]
    mem = ctx.mem.get("redeploy")
    if mem is None or mem.get("id") != rid:
        mem = ctx.mem["redeploy"] = {"id": rid, "step": 0, "data": {}, "pending": None}
    return mem


@on_prompt("g_redeploy")
def redeploy(ctx) -> int | None:
    """8.9.3: the faction's procedure proposes one move (source, piece, destination) at the source
    prompt; the piece / destination / count prompts that follow carry it out, one piece at a time."""
    frame = ctx.frame
    procedure = REDEPLOY[ctx.faction]
    mem = _rd_memory(ctx)
    stage = frame["stage"]
    if stage == "src":
        move = procedure.next_move(ctx, mem)
        if move is None:
            return ctx.done if ctx.has(ctx.done) else None
        mem["pending"] = list(move)
        return ctx.space(move[0])
    pending = mem["pending"]
    if not _pending_matches(frame, pending):
        return _foreign_move(ctx, procedure, stage)
    src, piece, dst = pending
    action = ctx.piece(piece) if stage == "piece" else ctx.space(dst) if stage == "dst" else ctx.count(1)
    return action if ctx.has(action) else _foreign_move(ctx, procedure, stage)


def _pending_matches(frame, pending) -> bool:
    """Is the move under way the one the procedure proposed? Not when another policy (a search, a
    human) chose the source or the piece: the bot then finishes a move it did not plan."""
    if pending is None or pending[0] != frame["src"]:
        return False
    return frame["stage"] == "piece" or pending[1] == frame["piece"]


def _foreign_move(ctx, procedure, stage) -> int:
    """Finish a move another policy began: the paragraph's first piece type that may go, a random
    destination among those the rules allow (8.1.2, as no step named one), one piece at a time."""
    if stage == "piece":
        legal = set(ctx.legal_pieces())
        return ctx.piece(next((p for p in procedure.pieces if p in legal), min(legal)))
    if stage == "dst":
        return ctx.space(_pick(ctx, ctx.legal_spaces()))
    return ctx.count(1)


class RedeployFacts:
    """The board as one Redeploy decision reads it, computed once per decision (a bot never changes
    the board while it decides): piece counts per space, the pieces already moved (the engine's
    record), Raj Control (1.7) and the faction's Redeploy destinations (6.4) for each moving piece."""

    def __init__(self, ctx, faction, pieces):
        s = ctx.state
        kept = redeploy_board(ctx.game)         # Raj Control and destinations: the engine reads them too
        ctrl = kept.ctrl
        counts = self.counts = s.pieces[:N_SPACES].tolist()          # [space][piece type]
        # Pieces that have not moved in this Redeploy (the record: "space:piece" -> how many arrived):
        # the counts, with a row of its own for each space the record names.
        left = self.left = list(counts)
        arrived = set()
        for key, n in ctx.frame["moved"].items():
            sp, piece = key.split(":")
            sp = int(sp)
            if sp not in arrived:
                arrived.add(sp)
                left[sp] = list(left[sp])
            left[sp][int(piece)] -= n
        # Per space, over the faction's moving pieces: present, and unmoved (the same where none arrived).
        if len(pieces) == 1:
            (col,) = pieces
            self.present = [row[col] for row in counts]
        else:
            self.present = [sum([row[c] for c in pieces]) for row in counts]
        self.unmoved_total = list(self.present)
        for sp in arrived:
            self.unmoved_total[sp] = sum([max(left[sp][c], 0) for c in pieces])
        self.ctrl = ctrl.tolist()
        # 6.4.2: a Raj-Controlled space that loses Control if one cube leaves.
        self.pinned = (ctrl & (kept.margin <= 1)).tolist()
        masks = [kept_destination_mask(ctx.game, faction, p) for p in pieces]
        self.dest = {p: m.tolist() for p, m in zip(pieces, masks)}
        any_dest = masks[0]
        for m in masks[1:]:
            any_dest = any_dest | m
        self.dest_any = any_dest.tolist()

    def unmoved(self, sp, piece) -> int:
        return self.left[sp][piece]


class RedeployProcedure:
    """A faction's 8.9.3 paragraph: numbered steps, each proposing the next move or None when done."""

    faction = ""
    pieces: tuple = ()                     # the piece types the faction moves (Underground first)
    steps: tuple = ()

    def steps_for(self, frame) -> tuple:
        return self.steps

    def next_move(self, ctx, mem):
        steps = self.steps_for(ctx.frame)
        ctx.redeploy_facts = RedeployFacts(ctx, self.faction, self.pieces)
        try:
            while mem["step"] < len(steps):
                move = getattr(self, steps[mem["step"]])(ctx, mem["data"])
                if move is not None:
                    return move
                mem["step"] += 1
                mem["data"] = {}
            return None
        finally:
            del ctx.redeploy_facts

    def facts(self, ctx) -> RedeployFacts:
        """This decision's :class:`RedeployFacts` (built afresh when asked outside :meth:`next_move`)."""
        facts = getattr(ctx, "redeploy_facts", None)
        return facts if facts is not None else RedeployFacts(ctx, self.faction, self.pieces)

    # --- shared rules of the paragraph --------------------------------------------------------------
    def keep(self, ctx, sp) -> int:
        """Pieces the paragraph keeps in a space (counted over all the faction's moving pieces)."""
        return 0

    def present(self, ctx, sp) -> int:
        return self.facts(ctx).present[sp]

    def unmoved(self, ctx, sp, piece) -> int:
        return self.facts(ctx).unmoved(sp, piece)

    def spare(self, ctx, sp, reserve: dict) -> int:
        """Pieces that may leave ``sp``: unmoved, beyond the paragraph's keep and the step's reserve."""
        facts = self.facts(ctx)
        floor = max(self.keep(ctx, sp), reserve.get(sp, 0))
        return min(facts.unmoved_total[sp], facts.present[sp] - floor)

    def movable_piece(self, ctx, sp, dst) -> int | None:
        """The piece type to move from ``sp`` to ``dst`` (first type in ``pieces`` that may go, 6.4)."""
        if sp == dst:
            return None
        facts = self.facts(ctx)
        for p in self.pieces:
            if facts.unmoved(sp, p) > 0 and facts.dest[p][dst]:
                return p
        return None

    def source_key(self, ctx, sp):
        """The paragraph's "move from the spaces with the most ..." (higher first)."""
        return self.present(ctx, sp)

    def source(self, ctx, dst, reserve: dict, exclude=(), spares: list | None = None) -> tuple[int, int] | None:
        """(space, piece) to move toward ``dst``: the paragraph's source order, random among equals.
        ``spares``: every space's :meth:`spare` for this ``reserve``, if the caller has them."""
        cands = {}
        if not self.is_destination(ctx, dst):
            return None                    # no piece may enter ``dst`` (6.4): no source can serve it
        unmoved = self.facts(ctx).unmoved_total
        for sp in range(N_SPACES):
            if sp == dst or sp in exclude or unmoved[sp] <= 0:      # no piece left to move: spare <= 0
                continue
            if (spares[sp] if spares is not None else self.spare(ctx, sp, reserve)) <= 0:
                continue
            piece = self.movable_piece(ctx, sp, dst)
            if piece is not None:
                cands[sp] = piece
        if not cands:
            return None
        best = max(self.source_key(ctx, sp) for sp in cands)
        sp = _pick(ctx, [sp for sp in cands if self.source_key(ctx, sp) == best])
        return sp, cands[sp]

    def is_destination(self, ctx, sp) -> bool:
        """Could the faction's pieces be moved into ``sp`` (6.4)? (Any source but ``sp`` itself.)"""
        return self.facts(ctx).dest_any[sp]

    def destinations(self, ctx, test) -> list[int]:
        """The spaces meeting ``test`` that the faction's pieces may enter (6.4)."""
        dest_any = self.facts(ctx).dest_any
        return [sp for sp in range(N_SPACES) if dest_any[sp] and test(sp)]

    def get_to(self, ctx, order, want):
        """"Get" ``want(sp)`` pieces to each space of ``order`` (8.1.5: those present count): the next
        move toward the first space still short that some source can serve; None when none can.
        While the step runs, a space of ``order`` gives up none of the pieces it is to have."""
        reserve = {sp: want(sp) for sp in order}
        spares = None                      # each space's spare under this reserve, once
        for dst in order:
            if self.present(ctx, dst) >= want(dst) or not self.is_destination(ctx, dst):
                continue
            if spares is None:             # a space with no piece left to move spares none (:meth:`spare`)
                unmoved = self.facts(ctx).unmoved_total
                spares = [self.spare(ctx, sp, reserve) if unmoved[sp] > 0 else 0 for sp in range(N_SPACES)]
            found = self.source(ctx, dst, reserve, spares=spares)
            if found is not None:
                return found[0], found[1], dst
        return None

    def distribute(self, ctx, data, order):
        """"Distribute evenly": each next piece to the space of ``order`` that has received the fewest
        so far in this step (earlier in ``order`` on equal counts). The spaces of ``order`` send none."""
        got = data.setdefault("received", {})
        for dst in sorted(order, key=lambda sp: (got.get(str(sp), 0), order.index(sp))):
            if not self.is_destination(ctx, dst):
                continue
            found = self.source(ctx, dst, {}, exclude=set(order))
            if found is None:
                return None      # no spare piece may go to these spaces: the step is over
            got[str(dst)] = got.get(str(dst), 0) + 1
            return found[0], found[1], dst
        return None

    def off_railways(self, ctx, data):
        """6.4.3-6.4.5: pieces still on Railways must leave; a random destination (8.1.2) among those
        the rules allow, as no step named one."""
        facts = self.facts(ctx)
        for sp in RAILWAYS:
            for p in MUST_LEAVE_RAILWAYS[self.faction]:
                if facts.unmoved(sp, p) > 0:
                    allowed = facts.dest[p]
                    dests = [d for d in range(N_SPACES) if allowed[d] and d != sp]
                    if dests:
                        return sp, p, _pick(ctx, dests)
        return None


class RajRedeploy(RedeployProcedure):
    """8.9.3 NP Raj. Sources: Provinces with no Raj Control first, then the spaces with the most
    Sepoys (random among equals); no source may lose Raj Control; each cube moves once; cubes not
    named stay. The engine runs the step-2 removal between the two parts (``np_part`` 1: steps 1-2
    moves; 2: steps 3-5). 8.1.3: NP Raj puts no cubes on Railways."""

    faction = "raj"
    pieces = (TROOP, SEPOY)
    parts = {1: ("sepoys_to_troops", "troop_to_each_city"),
             2: ("sepoy_to_each_city", "control_cities", "sepoys_to_states", "empty_lost_provinces")}

    def steps_for(self, frame):
        part = frame.get("np_part", 0)
        return self.parts[part] if part in self.parts else self.parts[1] + self.parts[2]

    def source_key(self, ctx, sp):
        facts = self.facts(ctx)
        lost_province = board.is_province(ctx.state, sp) and not facts.ctrl[sp]
        return (lost_province, facts.counts[sp][SEPOY])

    def raj_source(self, ctx, piece, dst, keep_in_cities=0, exclude=()):
        """A space that can send one ``piece`` to ``dst`` without losing Raj Control, keeping
        ``keep_in_cities`` of that piece in each City (what earlier steps put there)."""
        facts = self.facts(ctx)
        if not facts.dest[piece][dst]:
            return None                                    # ``piece`` may not enter ``dst`` (6.4.2)
        counts, pinned = facts.counts, facts.pinned
        cands = []
        for sp in range(N_SPACES):
            if sp == dst or sp in exclude or facts.unmoved(sp, piece) <= 0:
                continue
            if pinned[sp]:
                continue                                   # lose no Raj Control
            if IS_CITY[sp] and counts[sp][piece] <= keep_in_cities:
                continue
            cands.append(sp)
        if not cands:
            return None
        best = max(self.source_key(ctx, sp) for sp in cands)
        return _pick(ctx, [sp for sp in cands if self.source_key(ctx, sp) == best])

    def _cities(self, ctx):
        return list(CITIES)

    def sepoys_to_troops(self, ctx, data):
        """Step 1: for each Troop in a Province, one Sepoy moves there ("move": one per Troop, whatever
        Sepoys are already there). Provinces in random order; they send no Sepoys to each other."""
        s = ctx.state
        if "need" not in data:
            provinces = [sp for sp in range(N_SPACES) if board.is_province(s, sp) and s.pieces.item(sp, TROOP) > 0]
            data["order"] = _random_order(ctx, provinces)
            data["need"] = {str(sp): s.pieces.item(sp, TROOP) for sp in provinces}
        for dst in data["order"]:
            if data["need"][str(dst)] <= 0:
                continue
            src = self.raj_source(ctx, SEPOY, dst, exclude=data["order"])
            if src is not None:
                data["need"][str(dst)] -= 1
                return src, SEPOY, dst
        return None

    def troop_to_each_city(self, ctx, data):
        """Step 2 (first half): get one Troop to each City, Cities in random order. (The removal of
        unneeded Troops follows in the engine.)"""
        s = ctx.state
        if "order" not in data:
            data["order"] = _random_order(ctx, self._cities(ctx))
        for dst in data["order"]:
            if s.pieces.item(dst, TROOP) == 0:
                src = self.raj_source(ctx, TROOP, dst, keep_in_cities=1)
                if src is not None:
                    return src, TROOP, dst
        return None

    def sepoy_to_each_city(self, ctx, data):
        """Step 3 (first half): get one Sepoy to each City, Cities in random order."""
        s = ctx.state
        if "order" not in data:
            data["order"] = _random_order(ctx, self._cities(ctx))
        for dst in data["order"]:
            if s.pieces.item(dst, SEPOY) == 0:
                src = self.raj_source(ctx, SEPOY, dst, keep_in_cities=1)
                if src is not None:
                    return src, SEPOY, dst
        return None

    def control_cities(self, ctx, data):
        """Step 3 (second half): Sepoys into each City with no Raj Control until it has it. Such Cities
        send none to each other."""
        ctrl = self.facts(ctx).ctrl
        if "order" not in data:
            data["order"] = _random_order(ctx, self._cities(ctx))
        lacking = [sp for sp in data["order"] if not ctrl[sp]]
        for dst in lacking:
            src = self.raj_source(ctx, SEPOY, dst, keep_in_cities=1, exclude=lacking)
            if src is not None:
                return src, SEPOY, dst
        return None

    def sepoys_to_states(self, ctx, data):
        """Step 4: one Sepoy each in three States with no Support ("get": a State with no Support that
        already holds a Sepoy is one of the three); the others chosen at random (8.1.2). States with
        no Support send no Sepoys."""
        s = ctx.state
        states = [sp for sp in range(N_SPACES) if board.is_state(s, sp) and s.support.item(sp) <= 0]
        if "order" not in data:
            data["order"] = _random_order(ctx, [sp for sp in states if s.pieces.item(sp, SEPOY) == 0])
        held = sum(1 for sp in states if s.pieces.item(sp, SEPOY) > 0)
        if held >= 3:
            return None
        for dst in data["order"]:
            if s.pieces.item(dst, SEPOY) == 0:
                src = self.raj_source(ctx, SEPOY, dst, keep_in_cities=1, exclude=states)
                if src is not None:
                    return src, SEPOY, dst
        return None

    def empty_lost_provinces(self, ctx, data):
        """Step 5: cubes left in Provinces with no Raj Control go, one at a time, to the spaces with
        Raj Control, evenly (each to the one that has received fewest), 2-Pop spaces first."""
        s = ctx.state
        facts = self.facts(ctx)
        ctrl = facts.ctrl
        if "order" not in data:
            held = [sp for sp in range(N_SPACES) if ctrl[sp]]
            data["order"] = (_random_order(ctx, [sp for sp in held if ctx.data.pop_list[sp] == 2])
                             + _random_order(ctx, [sp for sp in held if ctx.data.pop_list[sp] != 2]))
            data["received"] = {}
        lost = [sp for sp in range(N_SPACES) if board.is_province(s, sp) and not ctrl[sp]]
        order, got = data["order"], data["received"]
        for src in lost:
            for piece in (TROOP, SEPOY):
                if facts.unmoved(src, piece) <= 0:
                    continue
                allowed = facts.dest[piece]
                dests = [d for d in order if d != src and allowed[d]]
                if dests:
                    dst = min(dests, key=lambda d: (got.get(str(d), 0), order.index(d)))
                    got[str(dst)] = got.get(str(dst), 0) + 1
                    return src, piece, dst
        return None


class ActivistRedeploy(RedeployProcedure):
    """8.9.3 NP Congress / NP ML: Activists (``pieces``) move from the spaces with the most of the
    faction's Activists (random among equals), keeping the paragraph's number in place; each moves
    once. Gandhi moves only by Congress's step 1."""

    def _support_first(self, ctx, spaces):
        return _ordered_by(ctx, spaces, lambda sp: int(ctx.state.support.item(sp)))


class CongressRedeploy(ActivistRedeploy):
    """8.9.3 NP Congress: keeps Activists equal to Population in each space not at Active Opposition."""

    faction = "congress"
    pieces = (CONGRESS_ACTIVIST,)
    steps = ("gandhi_to_most_support", "two_to_two_pop", "one_to_one_pop", "rest_to_two_pop", "off_railways")

    def keep(self, ctx, sp):
        return ctx.data.pop_list[sp] if ctx.state.support.item(sp) > -2 else 0

    def gandhi_to_most_support(self, ctx, data):
        """Step 1: get Gandhi to the space with the most Support, 2-Pop spaces first. Where Gandhi
        stands counts when it could receive him; he stays if it is among the best."""
        s = ctx.state
        if data.get("done"):
            return None
        data["done"] = True
        where = [sp for sp in range(N_SPACES) if s.pieces.item(sp, GANDHI) > 0]
        if not where or self.unmoved(ctx, where[0], GANDHI) <= 0:
            return None
        here = where[0]
        dests = redeploy_destinations(s, "congress", GANDHI, here)
        if not dests:
            return None

        def rank(sp):
            return (ctx.data.pop_list[sp] == 2, int(s.support.item(sp)))
        best = max(rank(sp) for sp in dests)
        if self.is_destination(ctx, here) and rank(here) >= best:
            return None
        return here, GANDHI, _pick(ctx, [sp for sp in dests if rank(sp) == best])

    def two_to_two_pop(self, ctx, data):
        """Step 2: get two Activists to each 2-Pop space, non-Muslim spaces first."""
        if "order" not in data:
            two = self.destinations(ctx, lambda sp: ctx.data.pop_list[sp] == 2)
            data["order"] = (_random_order(ctx, [sp for sp in two if not board.is_muslim_space(sp)])
                             + _random_order(ctx, [sp for sp in two if board.is_muslim_space(sp)]))
        return self.get_to(ctx, data["order"], lambda sp: 2)

    def one_to_one_pop(self, ctx, data):
        """Step 3: get one Activist to each 1-Pop space, most Support first."""
        if "order" not in data:
            data["order"] = self._support_first(ctx, self.destinations(ctx, lambda sp: ctx.data.pop_list[sp] == 1))
        return self.get_to(ctx, data["order"], lambda sp: 1)

    def rest_to_two_pop(self, ctx, data):
        """Step 4: the remaining Activists spread evenly over the 2-Pop spaces (which send none)."""
        if "order" not in data:
            data["order"] = _random_order(ctx, self.destinations(ctx, lambda sp: ctx.data.pop_list[sp] == 2))
        return self.distribute(ctx, data, data["order"])


class LeagueRedeploy(ActivistRedeploy):
    """8.9.3 NP Muslim League: keeps Activists equal to Population in each Muslim space. Step 1 reads
    the English "2-Pop Muslim spaces" (the Spanish text has all 2-Pop spaces; DIGEST Appendix A)."""

    faction = "ml"
    pieces = (ML_ACTIVIST,)
    steps = ("outnumber_congress", "two_to_two_pop_muslim", "one_to_one_pop_muslim", "rest_to_two_pop_muslim",
             "off_railways")

    def keep(self, ctx, sp):
        return ctx.data.pop_list[sp] if board.is_muslim_space(sp) else 0

    def _ml_lead_target(self, ctx, sp) -> int:
        """ML Activists needed for ML pieces (Activists + Bases) to exceed Congress's (Activists + Gandhi)."""
        p = ctx.state.pieces[sp]
        return int(p[CONGRESS_ACTIVIST] + p[GANDHI]) + 1 - int(p[ML_BASE])

    def outnumber_congress(self, ctx, data):
        """Step 1: in every 2-Pop Muslim space, get ML pieces to exceed Congress pieces (random order)."""
        if "order" not in data:
            data["order"] = _random_order(ctx, self.destinations(
                ctx, lambda sp: ctx.data.pop_list[sp] == 2 and board.is_muslim_space(sp)))
        return self.get_to(ctx, data["order"], lambda sp: self._ml_lead_target(ctx, sp))

    def two_to_two_pop_muslim(self, ctx, data):
        """Step 2: get two Activists to each 2-Pop Muslim space, most Support first."""
        if "order" not in data:
            data["order"] = self._support_first(ctx, self.destinations(
                ctx, lambda sp: ctx.data.pop_list[sp] == 2 and board.is_muslim_space(sp)))
        return self.get_to(ctx, data["order"], lambda sp: 2)

    def one_to_one_pop_muslim(self, ctx, data):
        """Step 3: get one Activist to each 1-Pop Muslim space, most Support first."""
        if "order" not in data:
            data["order"] = self._support_first(ctx, self.destinations(
                ctx, lambda sp: ctx.data.pop_list[sp] == 1 and board.is_muslim_space(sp)))
        return self.get_to(ctx, data["order"], lambda sp: 1)

    def rest_to_two_pop_muslim(self, ctx, data):
        """Step 4: the remaining Activists spread evenly over the 2-Pop Muslim spaces."""
        if "order" not in data:
            data["order"] = _random_order(ctx, self.destinations(
                ctx, lambda sp: ctx.data.pop_list[sp] == 2 and board.is_muslim_space(sp)))
        return self.distribute(ctx, data, data["order"])


class RevsRedeploy(RedeployProcedure):
    """8.9.3 NP Revolutionaries: Guerrillas move from the spaces with the most Guerrillas (random
    among equals); one stays in each space with Unrest or a Revolutionaries Base; each moves once.
    Underground Guerrillas move before Active ones (the rule does not say; an Underground one leaving
    changes no Raj Control)."""

    faction = "revs"
    pieces = (GUERRILLA, ACTIVE_GUERRILLA)
    steps = ("one_to_unrest", "one_to_bases", "three_to_two_pop", "off_railways")

    def keep(self, ctx, sp):
        s = ctx.state
        return 1 if s.unrest.item(sp) > 0 or s.pieces.item(sp, REV_BASE) > 0 else 0

    def one_to_unrest(self, ctx, data):
        """Step 1: get one Guerrilla to each space with Unrest and no Raj Control (random order)."""
        s = ctx.state
        ctrl = self.facts(ctx).ctrl
        if "order" not in data:
            data["order"] = _random_order(ctx, self.destinations(
                ctx, lambda sp: s.unrest.item(sp) > 0 and not ctrl[sp]))
        return self.get_to(ctx, data["order"], lambda sp: 1)

    def one_to_bases(self, ctx, data):
        """Step 2: get one Guerrilla to each space with a Revolutionaries Base (random order)."""
        s = ctx.state
        if "order" not in data:
            data["order"] = _random_order(ctx, self.destinations(ctx, lambda sp: s.pieces.item(sp, REV_BASE) > 0))
        return self.get_to(ctx, data["order"], lambda sp: 1)

    def three_to_two_pop(self, ctx, data):
        """Step 3: three Guerrillas to 2-Pop spaces without Unrest, most Support first -- one to each
        such space that has none (8.1.5 "get"), best Support first, until three have moved. English
        "without Unrest" (the Spanish reads "with"; DIGEST Appendix A)."""
        s = ctx.state
        if "order" not in data:
            data["order"] = _ordered_by(ctx, self.destinations(ctx, lambda sp: ctx.data.pop_list[sp] == 2 and s.unrest.item(sp) == 0),
                                        lambda sp: int(s.support.item(sp)))
            data["moved"] = 0
        if data["moved"] >= 3:
            return None
        move = self.get_to(ctx, data["order"], lambda sp: 1)
        if move is not None:
            data["moved"] += 1
        return move


REDEPLOY = {"raj": RajRedeploy(), "congress": CongressRedeploy(), "ml": LeagueRedeploy(), "revs": RevsRedeploy()}


@on_prompt("g_redeploy_unpaid", faction="raj")
def redeploy_unpaid(ctx) -> int:
    """The player's 6.4.2 shortfall, which NP Raj never reaches (8.9.3: it pays nothing). Answered in
    8.9.3's spirit should it be asked: a Troop whose loss keeps Raj Control, Provinces with no Raj
    Control first."""
    s = ctx.state
    spaces = ctx.legal_spaces()
    lost = [sp for sp in spaces if board.is_province(s, sp) and not board.raj_control(s, sp)]
    spare = [sp for sp in spaces if board.cubes(s, sp) - 1 > board.active_non_raj(s, sp)]
    return ctx.space(_pick(ctx, lost or spare or spaces))
