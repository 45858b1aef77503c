"""The ``heuristic`` bot: a stand-in, not the published Vijayanagara non-player procedure.

The official Non-Player Rulebook (1.5.1; Ibn Battuta deck, Faction Aid sheets) is not public, so this
bot is written from the Rules of Play alone, in the COIN bot style: each decision is a short
procedure that reads priority tables (bots/priorities.py: Sequence of Play rows, Command and Decree
tables, space worths, Mongol rows, casualty orders) and picks among the engine's legal actions, ties
broken by the game's own generator (plumbing.Ctx.die). It plays any faction in any mix of seats,
answers every decision the engine asks (plumbing.PROMPT_KEYS) and only ever returns a legal action.

The handlers below, one per prompt key, each cite the rule they answer; where the priorities say
nothing, the documented fallback (plumbing.PromptBot.fallback) answers.
"""

from __future__ import annotations

from types import MappingProxyType

from ....coin.sequence import LIMITED_OP, OP_ONLY, OP_WITH_SA, PASS
from ..data.pieces import (AMIR, AMIR_REBEL, GOVERNOR, MONGOL, QASBAH, RAJA, RAJA_REBEL, TROOP)
from ..rules.battle import threshold
from ..static import DELHI, IS_MONGOL_REGION, IS_PROVINCE, MOUNTAIN_PASSES, PUNJAB
from . import priorities as P
from .plumbing import PromptBot
from .view import DECCAN, RIVAL, View

LABEL = "heuristic (UNOFFICIAL stand-in, not the published Vijayanagara non-player procedure)"
SOP_ACTIONS = MappingProxyType({"pass": PASS, "op_only": OP_ONLY, "command_decree": OP_WITH_SA, "limited": LIMITED_OP})


class HeuristicBot(PromptBot):
    """Stand-in, not the published Vijayanagara non-player procedure: plays any seat by the priority
    tables of bots/priorities.py. ``official = False``; ``label`` says so in one line."""

    name = "heuristic"
    official = False
    label = LABEL

    handlers = MappingProxyType({key: f"on_{key}" for key in (
        "sop_choice", "coin_operation_chosen", "op_select", "sa_select", "coin_sa_after_op",
        "vj_conscript_count", "vj_rally_count", "vj_govern_mode", "vj_govern", "vj_move", "vj_move_piece",
        "vj_move_count", "vj_migrate_shift", "vj_attack_defender", "vj_attack_support", "vj_cavalry",
        "vj_casualty", "vj_support_casualty", "vj_campaign", "vj_campaign_count", "vj_conspire_target",
        "vj_conspire_amir", "vj_compel", "vj_compel_raja", "vj_take_cavalry", "vj_refill",
        "vj_mongol_command", "vj_advance_from", "vj_advance_count", "vj_plunder_where", "vj_troop_loss",
        "vj_gifts_answer", "vj_rise_command", "vj_rise_reward", "vj_lords")})

    # --- 2.3.3 Sequence of Play ------------------------------------------------------------------
    def on_sop_choice(self, ctx):
        """2.3.3-2.3.6 by SOP_ROWS: the first open box whose plan measure reaches its threshold. No Event
        is ever chosen (2.3.4: no Event text is known to the bot, so it cannot judge one)."""
        v = View.of(ctx.game)
        measures = P.plan(v, ctx.faction)
        for box, measure, least in P.SOP_ROWS:
            action = SOP_ACTIONS[box]
            if not ctx.has(action):
                continue
            if measure is None or measures[measure] >= least:
                return action
        return SOP_ACTIONS["pass"] if ctx.has(SOP_ACTIONS["pass"]) else None

    def on_coin_operation_chosen(self, ctx):
        """3.0: the worthiest Command of the faction's table among those offered (budget: Resources,
        one space for a Limited Command 2.3.5)."""
        offered = {ctx.label(a).lower(): a for a in ctx.legal}
        v = View.of(ctx.game)
        turn = ctx.state.turn
        budget = 1 if turn and turn["kind"] == "limited" else ctx.state.resources[ctx.faction]
        cmd, _w = P.best_command(v, ctx.faction, budget, offered=set(offered))
        if cmd is None:                       # nothing worth doing: the first Command of the table offered
            cmd = next((c for c, _l, _r in P.COMMANDS[ctx.faction] if c in offered), None)
        return offered.get(cmd)

    def _decree_choice(self, ctx, v):
        offered = {}
        for a in ctx.legal_group("special"):
            offered[ctx.vocabulary.key_of(a)] = a
        dec, _w = P.best_decree(v, ctx.faction, offered=set(offered))
        return dec, offered

    def on_op_select(self, ctx):
        """3.1.1 / 4.1: the Decree first when its table says "before" (Resources, new Units or a removed
        Governor help the Command); then the Command's spaces, worthiest first, while they are worth
        their row's least worth and the Resources last (RESERVE kept from spaces worth less than
        RICH_SPACE); then done (a Decree still owed comes after, 4.1)."""
        s = ctx.state
        f = ctx.faction
        v = View.of(ctx.game)
        turn = s.turn
        if ctx.legal_group("special") and not turn["op_spaces"]:
            dec, offered = self._decree_choice(ctx, v)
            if dec is not None and P.DECREE_TIMING[f].get(dec) == "before":
                return offered[dec]
        command = turn["op"]
        least = next((l for c, l, _r in P.COMMANDS[f] if c == command), 1.0)
        free = bool(turn["flags"].get("free"))
        spaces = ctx.legal_spaces()
        known = P.weighed_space_worths(v, f, command)
        worth = {sp: known[sp] if sp in known else P.space_worth(v, f, command, sp) for sp in spaces}
        good = [sp for sp in spaces if worth[sp] >= least]
        if not free and s.resources[f] <= P.RESERVE[f]:
            good = [sp for sp in good if worth[sp] >= P.RICH_SPACE]
        if good:
            return ctx.space(ctx.pick(good, lambda sp: round(worth[sp], 3), why="heuristic: space tie-break"))
        if ctx.has(ctx.done):
            return ctx.done
        # 2.3.5 / 3.0: a Command with no worthwhile space must still select one: the worthiest
        return ctx.space(ctx.pick(spaces, lambda sp: round(worth[sp], 3), why="heuristic: space tie-break"))

    def on_coin_sa_after_op(self, ctx):
        """4.1: the Command is done: the worthiest Decree offered."""
        dec, offered = self._decree_choice(ctx, View.of(ctx.game))
        return offered.get(dec)

    def on_sa_select(self, ctx):
        """4.2.3 / 4.3.2 / 4.3.3 / 4.4.2 / 4.4.3 the Decree's spaces, by their worth."""
        s = ctx.state
        f = ctx.faction
        v = View.of(ctx.game)
        dec = s.turn["sa"]
        spaces = ctx.legal_spaces()
        if dec == "build":
            fn = lambda sp: P.worth_build_space(v, f, sp)           # noqa: E731
            least = 0.0
        elif dec == "conspire":
            fn = lambda sp: P.conspire_worth(v, sp)                 # noqa: E731
            least = 1.0
        elif dec == "compel":
            fn = lambda sp: P.compel_worth(v, sp)                   # noqa: E731
            least = 0.5
        elif dec == "demand_obedience":
            fn = lambda sp: v.pros[sp]                              # noqa: E731  every one: VP and Resources
            least = 0.0
        else:
            return None
        good = [sp for sp in spaces if fn(sp) >= least]
        if good:
            return ctx.space(ctx.pick(good, lambda sp: round(fn(sp), 3), why="heuristic: Decree space tie-break"))
        return ctx.done if ctx.has(ctx.done) else None

    # --- counts: as many as allowed (more Units, 1.4.6) -------------------------------------------
    def on_vj_conscript_count(self, ctx):
        """3.2.1: place as many Troops as allowed."""
        return ctx.count(max(ctx.legal_counts()))

    def on_vj_rally_count(self, ctx):
        """3.3.1 / 3.4.1: place as many Units as allowed."""
        return ctx.count(max(ctx.legal_counts()))

    # --- 3.2.3 Govern --------------------------------------------------------------------------------
    def on_vj_govern_mode(self, ctx):
        """3.2.3: use the Governor there when Obedient Units can be removed or a Qasbah placed (it
        already counts for Control); else place a Governor."""
        v = View.of(ctx.game)
        sp = ctx.frame["space"]
        if P.ob_total(v, sp) or (not v.rows[sp][QASBAH] and v.avail[QASBAH]):
            return ctx.mode("govern_rule")
        return ctx.mode("govern_place")

    def on_vj_govern(self, ctx):
        """3.2.3: remove Obedient Units of the faction closer to a majority first, then a Qasbah."""
        v = View.of(ctx.game)
        sp = ctx.frame["space"]
        pieces = [p for p in ctx.legal_pieces() if p in (AMIR, RAJA)]
        if pieces:
            return ctx.piece(max(pieces, key=lambda p: (v.lead(sp, "bk" if p == AMIR else "ve"), p == AMIR)))
        if ctx.has(ctx.mode("govern_qasbah")):
            return ctx.mode("govern_qasbah")
        return ctx.done

    # --- 3.2.2 / 3.3.2 / 3.4.2 March and Migrate --------------------------------------------------------
    def _move_wanted(self, v, f, dst) -> int:
        """How many more Units the destination wants: a majority plus one (Deccan); Sultanate: its keep."""
        if f == "ds":
            return max(0, v.ds_keep(dst) - v.units["ds"][dst])
        need = v.need(dst, f)
        return need + 1 if need > 0 else 0

    def _move_spare(self, v, f, src) -> int:
        return v.ds_surplus(src) if f == "ds" else v.surplus(src, f)

    def on_vj_move(self, ctx):
        """3.2.2 / 3.3.2 / 3.4.2: take Units from the adjacent space with the most to spare until the
        destination has what it wants; then done (a Migrate made only for the Influence shift moves
        one Unit)."""
        v = View.of(ctx.game)
        f = ctx.faction
        frame = ctx.frame
        dst = frame["space"]
        wanted = self._move_wanted(v, f, dst)
        srcs = ctx.legal_spaces()
        if ctx.has(ctx.done) and (wanted <= 0 or not srcs):
            return ctx.done
        spare = [sp for sp in srcs if self._move_spare(v, f, sp) > 0]
        if spare:
            return ctx.space(ctx.pick(spare, lambda sp: self._move_spare(v, f, sp), why="heuristic: source tie-break"))
        if ctx.has(ctx.done):
            return ctx.done
        return ctx.space(ctx.pick(srcs, lambda sp: v.units[f][sp], why="heuristic: source tie-break"))

    def on_vj_move_piece(self, ctx):
        """Which Units move: Troops before Governors (Governors stay to Govern, 3.2.3); Rebelling Amirs /
        Rajas before Obedient ones (Rebelling ones are what the Sultanate may Attack, 3.2.4)."""
        order = (TROOP, GOVERNOR, AMIR_REBEL, AMIR, RAJA_REBEL, RAJA)
        pieces = ctx.legal_pieces()
        return ctx.piece(next(p for p in order if p in pieces))

    def on_vj_move_count(self, ctx):
        """As many as the destination wants, within what the source can spare (at least one)."""
        v = View.of(ctx.game)
        f = ctx.faction
        move = ctx.state.frames[-2]
        wanted = self._move_wanted(v, f, move["space"])
        spare = self._move_spare(v, f, ctx.frame["src"])
        return ctx.count_at_most(max(1, min(wanted, spare) if wanted > 0 else 1))

    def on_vj_migrate_shift(self, ctx):
        """3.3.2 / 3.4.2 Shift Influence: yes whenever it moves a marker (each step is a victory point,
        5.2 / 5.3)."""
        s = ctx.state
        f = ctx.faction
        useful = s.influence[f] < 4 or s.influence[RIVAL[f]] > 0
        return ctx.mode("yes") if useful else ctx.mode("no")

    # --- Attack (3.2.4, 3.3.4, 3.4.4) and battle (1.10) -------------------------------------------------
    def on_vj_attack_defender(self, ctx):
        """The defender whose battle is worth most (priorities.worth_attack_on / worth_ds_attack_on)."""
        v = View.of(ctx.game)
        f = ctx.faction
        sp = ctx.frame["space"]
        options = {}
        for a in ctx.legal:
            d = "mi" if a == ctx.mode("attack_mongols") else ctx.vocabulary.factions[a - ctx.vocabulary.FACTION0]
            options[d] = a
        if f == "ds":
            key = lambda d: P.worth_ds_attack_on(v, sp, d)          # noqa: E731
        else:
            key = lambda d: P.worth_attack_on(v, f, sp, d)          # noqa: E731
        best = ctx.pick(sorted(options), lambda d: round(key(d), 3), why="heuristic: defender tie-break")
        return options[best]

    def on_vj_attack_support(self, ctx):
        """Bring the most supporters allowed (more Units hit more often, 3.2.4): the adjacent space with
        the most unused Units, then its Units one by one (Troops / Rebelling Units first)."""
        v = View.of(ctx.game)
        f = ctx.faction
        if ctx.frame["from"] is None:
            spaces = ctx.legal_spaces()
            if not spaces:
                return ctx.done
            return ctx.space(ctx.pick(spaces, lambda sp: v.units[f][sp], why="heuristic: support tie-break"))
        pieces = ctx.legal_pieces()
        if not pieces:
            return ctx.done
        order = (TROOP, GOVERNOR, AMIR_REBEL, AMIR, RAJA_REBEL, RAJA)
        return ctx.piece(next(p for p in order if p in pieces))

    def on_vj_cavalry(self, ctx):
        """1.10: spend a token only where it changes a hit: first Screen an opposing die that hits (a
        piece saved), then Charge an own die that misses by one (a hit gained), while hits still
        matter (the other side has pieces left to lose)."""
        battle = ctx.state.frames[-2]
        f = ctx.faction
        att = battle["attacker"] == f
        own, other = ("att_dice", "def_dice") if att else ("def_dice", "att_dice")
        own_t = threshold(battle["att_units" if att else "def_units"])
        other_t = threshold(battle["def_units" if att else "att_units"])
        modes = set(ctx.legal_modes())
        other_hits = sum(1 for d in battle[other] if d <= other_t)
        own_hits = sum(1 for d in battle[own] if d <= own_t)
        v = View.of(ctx.game)
        sp = battle["space"]
        enemy = battle["defender"] if att else battle["attacker"]
        enemy_pieces = v.mongols(sp) if enemy == "mi" else v.count(sp, enemy)
        if other_hits > 0:
            hitting = sorted((d for d in battle[other] if 2 <= d <= other_t), reverse=True)
            for d in hitting:
                if f"cavalry_screen_{d}" in modes:
                    return ctx.mode(f"cavalry_screen_{d}")
        if own_hits < enemy_pieces:
            near = own_t + 1
            if near <= 6 and f"cavalry_charge_{near}" in modes and near >= 2:
                return ctx.mode(f"cavalry_charge_{near}")
        return ctx.done

    def on_vj_casualty(self, ctx):
        """3.2.4 / 3.3.4 / 3.4.4: the owner's CASUALTY_ORDER (Units before Structures; supporters when
        their space keeps what it holds)."""
        v = View.of(ctx.game)
        f = ctx.faction
        frame = ctx.frame
        pieces = set(ctx.legal_pieces())
        sup = frame.get("support")
        for item in P.CASUALTY_ORDER[f]:
            if item == "support":
                if sup and ctx.has(ctx.space(sup["space"])):
                    keeps = (v.ds_surplus(sup["space"]) > 0) if f == "ds" else (v.surplus(sup["space"], f) > 0
                                                                             or v.lead(sup["space"], f) < 1)
                    if keeps or not any(p in pieces for p in P.CASUALTY_ORDER[f] if p != "support"):
                        return ctx.space(sup["space"])
                continue
            if item in pieces:
                return ctx.piece(item)
        if sup and ctx.has(ctx.space(sup["space"])):
            return ctx.space(sup["space"])
        return ctx.piece(min(pieces)) if pieces else None

    def on_vj_support_casualty(self, ctx):
        """Which supporting Unit goes: Troops before Governors, Obedient before Rebelling."""
        order = (TROOP, GOVERNOR, AMIR, AMIR_REBEL, RAJA, RAJA_REBEL)
        pieces = ctx.legal_pieces()
        return ctx.piece(next(p for p in order if p in pieces))

    # --- 4.2.2 Campaign (also Zenith 2.5.1, Rise 2.5.2) ---------------------------------------------
    def _campaign_demand(self, v, sp, frame) -> int:
        """Troops a space wants (ds_keep), not counting the walking group standing there."""
        group = sum(frame["group"]) if frame["space"] == sp else 0
        return max(0, v.ds_keep(sp) - (v.units["ds"][sp] - group))

    def _campaign_reach(self, v, start, steps, frame) -> dict:
        """Spaces within ``steps`` of ``start`` (the route's allowed spaces) -> first step towards them."""
        restricted = frame["restricted"]
        first = {start: None}
        layer = [start]
        for _ in range(steps):
            nxt = []
            for sp in layer:
                for o in v.nbrs[sp]:
                    if o in first or (restricted and IS_MONGOL_REGION[o]):
                        continue
                    first[o] = o if sp == start else first[sp]
                    nxt.append(o)
            layer = nxt
        return first

    def _campaign_target(self, v, start, steps, frame):
        reach = self._campaign_reach(v, start, steps, frame)
        wants = {sp: self._campaign_demand(v, sp, frame) for sp in reach}
        best = [sp for sp in reach if wants[sp] > 0]
        if not best:
            return None, reach
        weight = lambda sp: wants[sp] * (1 + (v.pros[sp] if IS_PROVINCE[sp] else 2))   # noqa: E731
        return max(best, key=lambda sp: (weight(sp), -sp)), reach

    def on_vj_campaign(self, ctx):
        """4.2.2: from the space with the most Troops to spare, walk (at most 3 steps) to the space that
        wants Troops most (a threatened Tributary Province, Delhi before Timur, 2.6) and stop there; no
        Campaign when nothing wants Troops. Units are never picked up or dropped on the way."""
        v = View.of(ctx.game)
        frame = ctx.frame
        if frame["space"] is None:
            best, best_key = None, None
            for sp in ctx.legal_spaces():
                spare = v.ds_surplus(sp)
                if spare <= 0:
                    continue
                probe = dict(frame, space=sp, group=[0, 0])
                target, _reach = self._campaign_target(v, sp, 3, probe)
                if target is None or target == sp:
                    continue
                key = (min(spare, self._campaign_demand(v, target, probe)), -sp)
                if best_key is None or key > best_key:
                    best, best_key = sp, key
            return ctx.space(best) if best is not None else ctx.done
        if not sum(frame["group"]):
            return ctx.done
        here = frame["space"]
        target, reach = self._campaign_target(v, here, 3 - frame["steps"], frame)
        if target is None or target == here or frame["steps"] >= 3:
            return ctx.done
        step = reach[target]
        return ctx.space(step) if ctx.has(ctx.space(step)) else ctx.done

    def on_vj_campaign_count(self, ctx):
        """4.2.2: set out with the Troops the target wants, within the origin's spare; no Governors;
        nothing picked up or dropped on the way."""
        frame = ctx.frame
        camp = next(fr for fr in reversed(ctx.state.frames) if fr["kind"] == "vj_campaign")
        if frame["piece"] != TROOP or not frame["pick"] or camp["steps"] > 0:
            return ctx.count(min(ctx.legal_counts()))
        v = View.of(ctx.game)
        origin = camp["space"]
        target, _reach = self._campaign_target(v, origin, 3, dict(camp, group=[0, 0]))
        want = self._campaign_demand(v, target, dict(camp, group=[0, 0])) if target is not None else 0
        return ctx.count_at_most(max(1, min(v.ds_surplus(origin), want)))

    # --- Bahmani Decrees (4.3.3) and Vijayanagara Compel (4.4.3) ----------------------------------------
    def on_vj_conspire_target(self, ctx):
        """4.3.3: a Governor first (it can Govern, 3.2.3, and Demand Obedience, 4.2.3), then a Raja."""
        pieces = ctx.legal_pieces()
        return ctx.piece(next(p for p in (GOVERNOR, RAJA_REBEL, RAJA) if p in pieces))

    def on_vj_conspire_amir(self, ctx):
        """4.3.3: Obedient in a Tributary Province (the Sultanate Attacks only Rebelling Units, 3.2.4),
        Rebelling elsewhere."""
        v = View.of(ctx.game)
        sp = ctx.state.frames[-1]["space"]
        return ctx.piece(AMIR if v.is_trib(sp) else AMIR_REBEL)

    def on_vj_compel(self, ctx):
        """4.4.3: place Rajas from Available first, else move in from the adjacent Province with most to
        spare; at Influence 2+ remove a Governor, then a Troop, then an Amir."""
        v = View.of(ctx.game)
        frame = ctx.frame
        if frame["step"] == "rajas":
            if ctx.has(ctx.mode("compel_place")):
                return ctx.mode("compel_place")
            srcs = [sp for sp in ctx.legal_spaces() if v.surplus(sp, "ve") > 0]
            if srcs:
                return ctx.space(ctx.pick(srcs, lambda sp: v.surplus(sp, "ve"), why="heuristic: Compel source"))
            return ctx.done
        pieces = ctx.legal_pieces()
        for p in (GOVERNOR, TROOP, AMIR_REBEL, AMIR):
            if p in pieces:
                return ctx.piece(p)
        return ctx.done

    def on_vj_compel_raja(self, ctx):
        """4.4.3: move an Obedient Raja (the Rebelling one stays where the Sultanate may not flip it)."""
        return ctx.piece(RAJA) if ctx.has(ctx.piece(RAJA)) else ctx.piece(RAJA_REBEL)

    # --- 1.10 / 1.9 ---------------------------------------------------------------------------------
    def on_vj_take_cavalry(self, ctx):
        """1.10: take each owed token, from the faction holding most (ties: the Sultanate, then order)."""
        s = ctx.state
        fs = ctx.legal_factions()
        if not fs:
            return ctx.done
        return ctx.faction_action(max(fs, key=lambda f: (s.cavalry[f], f == "ds")))

    def on_vj_refill(self, ctx):
        """1.9: refill from Available when possible; else from the space where the faction has most to
        spare."""
        if ctx.has(ctx.mode("refill_available")):
            return ctx.mode("refill_available")
        v = View.of(ctx.game)
        f = ctx.faction
        spaces = ctx.legal_spaces()
        return ctx.space(ctx.pick(spaces, lambda sp: v.surplus(sp, f) - (0 if v.lead(sp, f) < 1 else 2),
                                  lambda sp: v.units[f][sp], why="heuristic: refill tie-break"))

    # --- Mongol Invasion (2.4, 3.5), for the faction the card names -----------------------------------
    def _mongol_condition(self, v, name) -> bool:
        return {"mongols_in_delhi_at_least_2": v.mongols(DELHI) >= 2,
                "mongols_in_punjab": v.mongols(PUNJAB) >= 1,
                "mongols_available": v.avail[MONGOL] >= 1,
                "mongols_in_mountain_passes": v.mongols(MOUNTAIN_PASSES) >= 1,
                "any_mongols": v.mongols(DELHI) + v.mongols(PUNJAB) + v.mongols(MOUNTAIN_PASSES) > 0}[name]

    def on_vj_mongol_command(self, ctx):
        """2.4.1 / 3.5 by MONGOL_ROWS: the Mongols hurt the Sultanate (plunder in Delhi, Mongols left in
        Delhi at the end, 5.1)."""
        v = View.of(ctx.game)
        for command, _sp, cond in P.MONGOL_ROWS:
            if ctx.has(ctx.mode(command)) and self._mongol_condition(v, cond):
                return ctx.mode(command)
        return None

    def _row_space(self, ctx, v, command):
        """The space of the first MONGOL_ROWS row for ``command`` that holds and names a legal space
        (the row that chose the Command: the board has not changed since)."""
        for cmd, sp, cond in P.MONGOL_ROWS:
            if cmd == command and sp is not None and ctx.has(ctx.space(sp)) and self._mongol_condition(v, cond):
                return sp
        return None

    def on_vj_advance_from(self, ctx):
        """3.5.2: the space of the row that chose Advance; else Punjab (into Delhi) before the Mountain
        Passes."""
        sp = self._row_space(ctx, View.of(ctx.game), "mongol_advance")
        if sp is not None:
            return ctx.space(sp)
        return ctx.space(PUNJAB) if ctx.has(ctx.space(PUNJAB)) else ctx.space(MOUNTAIN_PASSES)

    def on_vj_advance_count(self, ctx):
        """3.5.2: all of them."""
        return ctx.count(max(ctx.legal_counts()))

    def on_vj_plunder_where(self, ctx):
        """3.5.3: the space of the row that chose Attack and Plunder; else the space with the most
        Mongols (up to the 3 that stay) for the fewest Sultanate Units, Delhi (2 Troops per Mongol)
        before Punjab (1) before the Mountain Passes."""
        v = View.of(ctx.game)
        sp = self._row_space(ctx, v, "mongol_attack")
        if sp is not None:
            return ctx.space(sp)
        spaces = ctx.legal_spaces()
        rank = {DELHI: 2, PUNJAB: 1, MOUNTAIN_PASSES: 0}
        return ctx.space(max(spaces, key=lambda sp: (min(v.mongols(sp), 3) - 0.5 * v.units["ds"][sp], rank[sp])))

    def on_vj_troop_loss(self, ctx):
        """3.5.3 (Sultanate): a Troop from the Province that needs it least (most to spare, then least
        Deccan danger, then lowest Prosperity)."""
        v = View.of(ctx.game)
        spaces = ctx.legal_spaces()
        return ctx.space(ctx.pick(spaces, lambda sp: v.ds_surplus(sp), lambda sp: -v.danger(sp),
                                  lambda sp: -v.pros[sp], why="heuristic: Troop loss tie-break"))

    def on_vj_gifts_answer(self, ctx):
        """2.4.2: Influence is a victory point (5.2 / 5.3): accept only when broke under the Khalji
        Dynasty (time to win it back)."""
        s = ctx.state
        f = ctx.faction
        return ctx.mode("yes") if s.resources[f] <= 1 and s.dynasty == "Khalji" else ctx.mode("no")

    # --- Succession (2.5) ---------------------------------------------------------------------------
    def on_vj_rise_command(self, ctx):
        """2.5.2: the free Limited Command worth most in one space; done if none is worth anything."""
        v = View.of(ctx.game)
        offered = {ctx.label(a).lower(): a for a in ctx.legal if a != ctx.done}
        cmd, worth = P.best_command(v, ctx.faction, 1, offered=set(offered))
        return offered[cmd] if cmd is not None and worth > 0 else ctx.done

    def on_vj_rise_reward(self, ctx):
        """2.5.2: Resources while short of 10, the rest as Cavalry."""
        s = ctx.state
        want = max(0, 10 - s.resources[ctx.faction])
        return ctx.count_at_most(want)

    def on_vj_lords(self, ctx):
        """2.5.3: Deccan factions raise their own Influence (a victory point each, 5.2 / 5.3), then lower
        the rival's, keeping 2 Resources; the Sultanate lowers the Influence of the Deccan faction with
        more victory points while it keeps 3 Resources."""
        s = ctx.state
        f = ctx.faction
        modes = set(ctx.legal_modes())
        if f == "ds":
            if s.resources["ds"] < 6:
                return ctx.done
            from ..board import victory_totals
            totals = victory_totals(s)
            for d in sorted(DECCAN, key=lambda d: -totals[d]):
                if f"lords_{d}_down" in modes:
                    return ctx.mode(f"lords_{d}_down")
            return ctx.done
        if s.resources[f] < 5:
            return ctx.done
        if f"lords_{f}_up" in modes:
            return ctx.mode(f"lords_{f}_up")
        if f"lords_{RIVAL[f]}_down" in modes and s.resources[f] >= 8:
            return ctx.mode(f"lords_{RIVAL[f]}_down")
        return ctx.done


BOT = HeuristicBot
__all__ = ["HeuristicBot", "LABEL"]
