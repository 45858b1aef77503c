"""The Crown (``crown``): the solo opponent's decisions by the Crown Handbook (HB) and the solo aid (AID).

Plays the Crown's seat (slot 6) at every decision the engine asks it. The procedures follow digest §9.6
(HB / AID v3.2 with the climate columns of SC); each handler's docstring names its section. The tables
live in data/crown.py; the AI card in play and the climate are on the state (``state.crown``, option
``crown``; without the option the bot plays the Bull climate with AI card 1 -- a stand-in, stated here).
Ties the Handbook leaves to the AI card use its Presidency arrows, finger and region priority; ties it
leaves to "you choose" (RB p.46) are settled by the family's least favourable reading where obvious,
otherwise by the bot's die (Ctx.pick, the game's generator).

Transfers (HB DoT 2, HB MA 1; digest §9.6.6, §9.6.9; data DOT_TRANSFERS, MA_TRANSFERS): up to two down the
climate's list (DoT: each entry once, impossible ones skipped; MA: regiments > Crown officers > player officers,
none undoing the first), origin then destination by the entry's measure and the AI arrows (data TRANSFER_READINGS),
ships Company > non-fatigued > Crown > yours. The bot keeps no memory, so for the second transfer it finds the first
again: the single transfer which, undone, its own procedure would have chosen. When two histories fit (ties of all
three Presidencies), the DoT continues after the earliest entry that fits and the MA skips the reverse of every
fitting one (it never undoes, at the cost of sometimes making one transfer); a transfer the family chose by a favour
fits none: the Crown's own then starts from the top of its list.
Firms under Deregulation (HB Firms phase, Revenue 1, London Season 3; digest §9.6.3, §9.6.11, §9.6.1; data
FIRM_*): it never forms a firm (the engine does not offer it), consents to dissolutions and (emergency) mergers,
refuses other firm consents (favours), never makes an emergency investment, forgoes no dividend, takes the
highest-VP special retirement offered; with a majority of Company shares, Lion/Bear/Peacock invest once in a
firm (the highest Value, never gaining that firm's majority), a Company share before a workshop, when asked after
every other family has passed -- the engine's investment loop has no step after it ends, so a Crown asked first
whose family never acts, or a family acting again after the Crown's investment, are the engine's gaps (noted).
Not covered (the fallback answers, counted in ``fallbacks``): exact trade-route planning (the bot declares
regions by the AI region priority while it can pay). Favours are the family's decisions (rules/crown_favours.py):
the bot performs none when it plays the family's seat; where a bought favour changes the Crown's procedure
the bot reads its record in ``state.crown`` (the dividend count, the Seek Debt count and allocation requests,
the Govern / Administer / trade / Deploy / China dice, the Company ships to buy, leaving £2, the law draw), the
favour narrows the Crown's options at hand (no Administer, deploy again or not, your writer, an alliance), or
the engine hands the decision to the family (the "you decide for the Crown" favours); a bought consent is
given by the engine.
"""

from __future__ import annotations

import math
from types import MappingProxyType

from ....core.kept import kept_on_game
from ..actions import (ALLIANCE0, COMPANY_SHIP, COURT_SHARE, DONE, EXTRA_SHIP, FAMILY0, FAMILY_ACTION0, FIRM,
                       FIRM_INVEST0, LAW, NO, OFFICE0, ORDER0, POWER_TOKEN, PRESIDENCY0, PRIZE0, PROC, REGION0, SHIP0,
                       SOURCE, STOCK0, TAKE0, YES, ZONE0, source_action)
from ..data import crown as cd
from ..data.cards import LAWS
from ..data.company import POLICY_DIAL
from ..queries import (all_firms, allocation_requests, army_dice, army_pieces, buyable_alliances, china_ships, climate,
                       crown_dividends, crown_majority, debt_target, deploy_req_shift, done_this_turn, favour_shift,
                       governor_min_shift, hiring_pool, law_draws, mos_buys, others, owned, penalty, prize_price, reach,
                       seek_debt, shares, ships_in_zone, targets, total_shares, trade_dice_shift, unfitted,
                       zones_in_play)
from ..static import (CHAIRMAN, CHINA, CLOSED, CROWN, DIRECTOR_OF_TRADE, FAMILY_ACTION_KEYS, GOVERNORS,
                      GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS, N_OFFICES, N_REGIONS, OFFICE, OPEN,
                      ORDER_NORTH_RANK, ORDER_REGION, PRESIDENCY_HOME_PORT, PRESIDENCY_HOME_REGION, PRESIDENT,
                      PRESIDENT_TREASURY, REGION, REGION_OF_GOVERNOR, REGION_ORDERS, SUPERINTENDENT, T_DOT, T_MOS)
from .plumbing import PromptBot

LABEL = ("The Crown of the Crown Handbook (solo): climates, AI cards and per-phase procedures; favours read from "
         "state.crown; AI cards 8-10's climate charts reconstructed")
LAW_INFO = {law[0]: law for law in LAWS}
DIAL = POLICY_DIAL[0]
RIBBON = (CHAIRMAN, DIRECTOR_OF_TRADE, GOVERNOR_GENERAL, MANAGER_OF_SHIPPING, MILITARY_AFFAIRS) + PRESIDENT + (
    SUPERINTENDENT,)


# HB Hiring 4 (other offices): a writer's or an Army's source action -> (rank of its kind, its Presidency)
SOURCE_RANK = MappingProxyType({SOURCE[f"{kind}{p}"]: (r, p) for kind, r in (("writer", 0), ("officer", 1),
                                                                             ("commander", 1)) for p in range(3)})

COMMANDER_SOURCES = tuple(SOURCE[f"commander{p}"] for p in range(3))


# --- reading the state --------------------------------------------------------------------------------------
def ai_card(s) -> dict:
    if s.crown is None:
        return s.data.crown_ai_cards[0]
    return next(c for c in s.data.crown_ai_cards if c["id"] == s.crown["card"])


def presidency_order(s) -> list[int]:
    """RB p.45 (6)/(1): the Presidencies on the back of the top facedown card, black arrow, white arrow, rest."""
    face = ai_card(s)
    back = face["back"]
    if s.crown is not None and s.crown["deck"]:
        back = next(c for c in s.data.crown_ai_cards if c["id"] == s.crown["deck"][-1])["back"]
    return [back[i] for i in sorted(range(3), key=face["ranks"].__getitem__)]


def region_order(s) -> list[int]:
    """RB p.45 (5): the AI card's region priority, left to right."""
    return [REGION[r] for r in ai_card(s)["regions"]]


def crown_presidencies(s, me) -> list[int]:
    holder = s.office_holder.tolist()
    return [p for p in range(3) if holder[PRESIDENT[p]] == me]


def by_presidency_order(s, ps) -> list[int]:
    order = presidency_order(s)
    return sorted(ps, key=order.index)


def most(s, crown_value, other_values) -> bool:
    """RB p.46 'most': as many or more than you, at least 1."""
    return crown_value >= 1 and all(crown_value >= v for v in other_values)


def writer_presidencies(s, me, pres) -> list[int]:
    """The Presidencies of ``pres`` (in its order) where ``me`` has a writer."""
    return [p for p in pres if s.writers[me, p] > 0]


def holds_governor_general(s, me):
    """``me`` holds the Governor General's office (which exists)."""
    return s.office_exists[GOVERNOR_GENERAL] and s.office_holder[GOVERNOR_GENERAL] == me


def governed_presidencies(s, me, pres) -> list[int]:
    """The Presidencies of ``pres`` (in its order) with a region whose Governor is ``me``."""
    holder, control = s.office_holder.tolist(), s.control.tolist()
    return [p for p in pres if any(holder[g] == me and control[REGION_OF_GOVERNOR[g]] == p for g in GOVERNORS)]


def plan_count(s, what: str, f: int) -> int:
    """What the voting plan counts for family ``f`` (digest Appendix A: 'most ...')."""
    if what == "workshops":
        return int(s.workshops[f])
    if what == "luxuries":
        return int(s.luxuries[f])
    if what == "prizes":
        return sum(s.prize_pieces[f].tolist())
    if what == "governors":
        holder = s.office_holder.tolist()
        return sum(1 for g in GOVERNORS if holder[g] == f)
    if what == "writers_on_orders":
        return int((s.order_writer == f).sum())
    if what == "rotten_boroughs":
        return sum(1 for c in s.hands[f]["prestige"] if c in (28, 29, 30))
    if what == "taxed":
        return owned(s, f, DIAL[int(s.dial)][1])
    raise KeyError(what)


class CrownBot(PromptBot):
    """The Crown of the Crown Handbook (digest §9.6). ``official = False``: AI cards 8-10 and the card
    backs are reconstructions, and some favours are not implemented (rules/crown_favours.py)."""

    name = "crown"
    official = False
    label = LABEL

    handlers = MappingProxyType({k: f"on_{k}" for k in (
        "family_action_chosen", "family_writer_placed", "family_share_placed", "family_extra_answer",
        "family_additional_writer", "family_second_answer", "london_retired", "london_card", "hiring_source_chosen",
        "hiring_family_chosen", "election_campaign", "election_former_picks", "consent_answer",
        "chairman_debt_chosen", "chairman_more_debt", "chairman_allocated", "dot_menu_chosen", "dot_envoy_dice",
        "dot_envoy_target", "gg_menu", "gg_dice", "gg_result", "mos_chosen", "mos_fit_ship", "mos_zone",
        "ma_menu_chosen", "ma_trainee", "ma_commander_chosen", "pres_position", "trade_chosen", "trade_declared",
        "trade_dice", "trade_order", "trade_writer", "commander_chosen", "alliance_chosen", "deploy_target",
        "deploy_alliance", "deploy_count", "governor_chosen", "governor_result", "china_chosen", "law_chosen",
        "dial_chosen", "failed_dial", "vote_side", "vote_behalf", "vote_count", "vote_round", "impeach_chosen",
        "board_of_control_answer", "oversight_army", "oversight_family", "war_ship_zone", "war_ship", "war_army",
        "war_piece", "revenue_dividends", "revenue_royal_protection", "hiring_nepotism_answer", "family_prize_given_up",
        "family_shipyard_chosen", "policy_tax_return", "power_swap_first", "power_swap_second",
        "london_discount_answer", "events_defence_pick", "upkeep_returned", "old_ideas_chosen",
        "blackmail_play", "trade_mercantile_answer", "deploy_diplomatic_answer", "london_letters_answer", "blackmail_cancel_answer",
        "favour_chosen", "favour_shipyard", "favour_card", "favour_consent", "favour_elect_you", "favour_decide",
        "favour_dividends", "favour_procedure", "favour_allocation", "favour_alliance_pick", "favour_swap",
        "favour_swap_out", "favour_swap_in", "favour_envoy_more")})
    # Transfers (HB DoT 2, MA 1) and the firm decisions under Deregulation (HB Firms phase, Revenue 1, London 3).
    handlers = MappingProxyType({**handlers, **{k: f"on_{k}" for k in (
        "dot_writer_from", "dot_writer_family", "dot_writer_to", "dot_ship_from", "dot_ship_chosen", "dot_ship_to",
        "ma_from", "ma_family", "ma_to", "firms_action", "firms_payment", "firms_emergency_answer", "firms_forgo",
        "firms_special_retired", "deregulation_called")}})

    # --- favours (RB p.45-46): the family's decisions, when the bot plays the family's seat too -------------
    def on_favour_chosen(self, ctx):
        """A favour window is the family's (rules/crown_favours.py): the Crown's bot performs none for it."""
        return DONE

    def on_favour_consent(self, ctx):
        return DONE

    def on_favour_elect_you(self, ctx):
        return DONE

    def on_favour_decide(self, ctx):
        return DONE

    def on_favour_dividends(self, ctx):
        return DONE

    def on_favour_procedure(self, ctx):
        return DONE

    def on_favour_allocation(self, ctx):
        return min(ctx.legal)

    def on_favour_alliance_pick(self, ctx):
        return min(ctx.legal)

    def on_favour_swap(self, ctx):
        return DONE

    def on_favour_swap_out(self, ctx):
        return min(ctx.legal)

    def on_favour_swap_in(self, ctx):
        return min(ctx.legal)

    def on_favour_envoy_more(self, ctx):
        return ctx.first(YES)

    def on_favour_shipyard(self, ctx):
        return min(ctx.legal)

    def on_favour_card(self, ctx):
        return min(ctx.legal)

    # --- II. Family (HB Family; digest §9.6.2) -----------------------------------------------------------
    def on_family_action_chosen(self, ctx):
        """HB Family step 2: the first viable entries of the climate's queue, left to right; the second
        action continues after the entry the first one used."""
        queue = cd.FAMILY_QUEUE[0][climate(ctx.state)]
        start = 0
        for act in ctx.frame.get("taken", []):
            if act in queue[start:]:
                start = queue.index(act, start) + 1
        for act in queue[start:]:
            a = FAMILY_ACTION0 + FAMILY_ACTION_KEYS.index(act)
            if ctx.has(a):
                return a
        return None

    def on_family_writer_placed(self, ctx):
        """HB Family, Enlist Writer: (1) a vacant Presidency with no Crown writer; (2) the Crown Presidency with
        the fewest Crown writers; (3) the Presidency with the fewest Crown writers; (4) AI Presidency order."""
        me = ctx.slot
        s = ctx.state
        ps = by_presidency_order(s, ctx.group("presidency"))
        w, holder = s.writers[me].tolist(), s.office_holder.tolist()
        mine = crown_presidencies(s, me)
        for cands in ([p for p in ps if holder[PRESIDENT[p]] < 0 and w[p] == 0],
                      [p for p in ps if p in mine], ps):
            if cands:
                low = min(w[p] for p in cands)
                return PRESIDENCY0 + next(p for p in cands if w[p] == low)
        return None

    def on_family_share_placed(self, ctx):
        """HB Family, Seek Share: the cheapest empty space; among £3 spaces the rightmost."""
        prices = ctx.state.data.stock_exchange
        spaces = ctx.group("stock")
        low = min(prices[i] for i in spaces)
        return STOCK0 + max(i for i in spaces if prices[i] == low)

    def on_family_extra_answer(self, ctx):
        """HB Family: the latest law's extra action is taken when met in the queue (and after the two)."""
        return YES

    def on_family_additional_writer(self, ctx):
        """RB p.13 additional writer: the Crown enlists whenever it may (HB Family step 1's spirit)."""
        return YES

    def on_family_prize_given_up(self, ctx):
        """RB p.13 (the Handbook is silent): the piece comes off the prize worth the fewest VP."""
        s = ctx.state
        return PRIZE0 + min(ctx.group("prize"), key=lambda b: (s.data.prizes[b][2], b))

    def on_family_shipyard_chosen(self, ctx):
        """RB p.13 (the Handbook is silent; shipyards differ only by their ship's name): the first by name."""
        return min(ctx.legal)

    def on_policy_tax_return(self, ctx):
        """RB p.34 (the owner picks; the Handbook is silent): an unfitted shipyard before a fitted one, a Court
        share before the Chairman's piece."""
        s = ctx.state
        ships = [a for a in ctx.legal if SHIP0 <= a < COMPANY_SHIP]
        if ships:
            return min(ships, key=lambda a: (s.ship_zone[a - SHIP0] >= 0, a))
        return ctx.first(COURT_SHARE, OFFICE0 + CHAIRMAN)

    def on_power_swap_first(self, ctx):
        """HB Parliament (Crown policy selection): on the top token, the Crown swaps the two bottom tokens."""
        return POWER_TOKEN[ctx.state.power_track[2]]

    def on_power_swap_second(self, ctx):
        """HB Parliament: the two bottom tokens swap; when the first token was picked by another policy (one not
        among the bottom two, or the bottom one), the lowest other token on the track, the nearest to that intent."""
        return next(POWER_TOKEN[t] for t in reversed(ctx.state.power_track) if ctx.has(POWER_TOKEN[t]))

    def on_family_second_answer(self, ctx):
        return NO           # the Crown has no opportunity marker (HB Family); never asked with option crown

    # --- I. London Season (HB London Season; digest §9.6.1) ------------------------------------------------
    def on_london_retired(self, ctx):
        """HB/AID London Season: budget = half the treasury rounded up; the most expensive prize costing at
        most the budget (after discounts); the £2 prize only when it is the Crown's only retirement."""
        me = ctx.slot
        s = ctx.state
        used = ctx.frame["discounts"].get(str(me), [])
        budget = math.ceil(int(s.cash[me]) / 2)
        boxes = ctx.group("prize")
        ok = [b for b in boxes if prize_price(ctx.game, me, b, used) <= budget]
        dear = [b for b in ok if s.data.prizes[b][0] > 2]
        if dear:
            return PRIZE0 + max(dear, key=lambda b: (s.data.prizes[b][0], b))
        retired = me in ctx.frame.get("retired", [])
        if ok and not retired and int(s.pensioners[me]) == 1:
            return PRIZE0 + min(ok)
        return DONE

    def on_london_discount_answer(self, ctx):
        """HB/AID London Season: the Crown's spouse discounts all count toward the prize it picks."""
        return YES

    def on_events_defence_pick(self, ctx):
        """RB p.29 (the Handbook leaves a Crown Commander's defence to the family): regiments, then the
        alliance whose strength overshoots least, then other families' officers, its own last."""
        s, me, need = ctx.state, ctx.slot, ctx.frame["need"]
        if ctx.has(PROC["regiment"]):
            return PROC["regiment"]
        alliances = [a for a in ctx.legal if ALLIANCE0 <= a < ALLIANCE0 + len(s.data.alliances)]
        if alliances:
            return min(alliances, key=lambda a: (abs(s.data.alliances[a - ALLIANCE0][1] - need), a))
        theirs = [a for a in ctx.legal if FAMILY0 <= a < FAMILY0 + 7 and a - FAMILY0 != me]
        return (theirs or ctx.legal)[0]

    def on_upkeep_returned(self, ctx):
        """RB p.36 (the Crown seat without the option crown; solo, Royal Privilege pays its upkeep, rules/crown.py):
        the piece worth the fewest VP per £ of upkeep goes first."""
        s = ctx.state
        return min(ctx.legal, key=lambda a: (s.data.prizes[a - PRIZE0][2] / s.data.prizes[a - PRIZE0][1], a))

    def on_london_card(self, ctx):
        """RB p.45 (3): the card at the AI card's shaded position, else the next to the right, wrapping."""
        n = len(ctx.group("take"))
        shaded = ai_card(ctx.state)["shaded"]
        for k in range(n):
            a = TAKE0 + (shaded + k) % n
            if ctx.has(a):
                return a
        return None

    # --- III. Hiring (HB Hiring; digest §9.6.4) -----------------------------------------------------------
    def on_hiring_source_chosen(self, ctx):
        """HB Hiring 4: its own family member if able; the Director of Trade / Governor General: the first
        eligible officeholder along the ribbon from the Chairman in the finger's direction; other offices:
        writers > officers > Governors, then the AI Presidency order."""
        me = ctx.slot
        s, f = ctx.state, ctx.frame
        pool = hiring_pool(s, f["office"], f["hirer"], f["no_own"])
        own = sorted({source_action(src) for src, slot in pool if slot == me} & ctx.legal_set)
        cands = own or list(ctx.legal)
        if f["office"] in (DIRECTOR_OF_TRADE, GOVERNOR_GENERAL):
            ribbon = list(RIBBON[1:]) if ai_card(s)["finger"] == "cw" else list(reversed(RIBBON[1:]))
            ribbon += list(GOVERNORS)
            for o in ribbon:
                if OFFICE0 + o in cands:
                    return OFFICE0 + o
        order = presidency_order(s)

        def rank(a):
            if a == SOURCE.get("oit"):
                return (1, 3)
            if a in SOURCE_RANK:                   # writers > officers = commanders, then the AI Presidency order
                r, p = SOURCE_RANK[a]
                return (r, order.index(p))
            o = a - OFFICE0
            if o in GOVERNORS:
                return (2, region_order(s).index(REGION_OF_GOVERNOR[o]))
            return (3, RIBBON.index(o) if o in RIBBON else 9)
        return min(cands, key=rank)

    def on_hiring_family_chosen(self, ctx):
        """HB Hiring 4.1: its own family member if able (else the fallback: the die)."""
        me = ctx.slot
        return ctx.first(FAMILY0 + me)

    def on_hiring_nepotism_answer(self, ctx):
        """RB p.46: the Crown never gives a consent a card or rule asks for (its consent is a favour, not offered)."""
        return NO

    def on_election_campaign(self, ctx):
        """HB Hiring 1: with a majority (or equality as former Chairman) the Crown elects itself."""
        return YES

    def on_election_former_picks(self, ctx):
        me = ctx.slot
        return ctx.first(FAMILY0 + me)

    def on_consent_answer(self, ctx):
        """RB p.46 / HB: the Crown's consent is bought with favours (rules/crown_favours.py gives a bought one): it
        refuses -- except to firms' dissolutions and mergers, which it always consents to (HB Firms phase 1, data
        FIRM_CONSENTS)."""
        if ctx.frame.get("consent_then") in cd.FIRM_CONSENTS[0]:
            return YES
        return NO

    # --- IV. Chairman (HB Chairman; digest §9.6.5) -----------------------------------------------------------
    def seek_debt(self, s, me) -> int:
        return seek_debt(s, me)

    def debt_target(self, s, me) -> int:
        """HB Chairman 2 with the favours one more / one fewer advance bought this turn (their record in
        state.crown, queries.debt_target)."""
        return debt_target(s, seek_debt(s, me))

    def on_chairman_debt_chosen(self, ctx):
        """HB Chairman 2 (Seek Debt): one advance per qualifying Presidency / sea zone by climate."""
        return ctx.number_for(self.debt_target(ctx.state, ctx.slot))

    def on_chairman_more_debt(self, ctx):
        """HB Chairman 2: one more advance beyond 3 while the count is not reached (``sought``: advances so far)."""
        return ctx.yes_no(self.debt_target(ctx.state, ctx.slot) > ctx.frame.get("sought", 3))

    def allocation(self, s, k: int, balance: int, me: int = CROWN) -> list[int]:
        """HB Chairman 3 (Allocate): the climate's priority list, as much as possible to a step that cannot be
        met in full; remainder to the Manager of Shipping. Treasuries before ``k`` are already allocated
        (the engine asks treasury by treasury): their steps are skipped. The family's requests bought this turn
        (HB Chairman 3 favour: £3 or less to an office) come first."""
        c = climate(s)
        pres = by_presidency_order(s, range(3))
        dot = T_DOT
        # each reading is made for the climates whose list uses it (the bot allocates again at every digit)
        if c in (cd.BULL, cd.STAG):
            states = s.order_state.tolist()
            home_open = [p for p in pres if states[PRESIDENCY_HOME_PORT[p]] == OPEN]
        if c in (cd.STAG, cd.LION):
            mine = crown_presidencies(s, me)
        if c not in (cd.BULL, cd.LION):
            gov, crown_gg = governed_presidencies(s, me, pres), holds_governor_general(s, me)
        if c == cd.BULL:
            steps = [(PRESIDENT_TREASURY[p], 4) for p in home_open] + [(dot, 5)]
        elif c == cd.STAG:
            steps = ([(PRESIDENT_TREASURY[p], 4) for p in home_open if p in mine]
                     + [(PRESIDENT_TREASURY[p], 1) for p in writer_presidencies(s, me, pres)] + [(dot, 3)])
        elif c == cd.LION:
            few = [p for p in pres if ships_in_zone(s, p) < 2]
            steps = [(T_MOS, 5) for _ in few]
            if mine:
                steps.append((PRESIDENT_TREASURY[max(mine, key=lambda p: ships_in_zone(s, p))], 4))
            steps += [(dot, 3)] + [(PRESIDENT_TREASURY[p], 1) for p in writer_presidencies(s, me, pres)]
        elif c == cd.BEAR:
            steps = ([(PRESIDENT_TREASURY[p], 4) for p in pres if crown_majority(s, p, me)]
                     + [(PRESIDENT_TREASURY[p], 2) for p in gov] + ([(dot, 4)] if crown_gg else [])
                     + [(PRESIDENT_TREASURY[p], 2) for p in writer_presidencies(s, me, pres)])
        else:
            steps = ([(PRESIDENT_TREASURY[p], 5) for p in pres if s.commander[p] == me or
                      (int(s.officers[me, p].sum()) >= 1 and all(
                          int(s.officers[me, p].sum()) > int(s.officers[f, p].sum()) for f in others(s, me)))]
                     + [(PRESIDENT_TREASURY[p], 2) for p in gov] + ([(dot, 5)] if crown_gg else []))
        steps = [(t, cd.ALLOCATION_REQUEST[0][1]) for t in allocation_requests(s)] + steps    # HB Chairman 3 favour
        plan = [0] * 5
        left = balance
        for t, amount in steps:
            if t < k:
                continue
            give = min(amount, left)
            plan[t] += give
            left -= give
        plan[T_MOS if k <= T_MOS else 4] += left
        return plan

    def on_chairman_allocated(self, ctx):
        k = ctx.frame["k"]
        return ctx.number_for(self.allocation(ctx.state, k, int(ctx.state.balance), ctx.slot)[k])

    # --- Director of Trade (HB DoT; digest §9.6.6) ------------------------------------------------------------
    def on_dot_menu_chosen(self, ctx):
        """HB DoT 1: Special Envoy spending exactly £X (by climate) while £X remains and an order can be
        opened; then HB DoT 2: the transfers down the climate's list (:func:`dot_transfer`)."""
        s = ctx.state
        x = cd.ENVOY_SPEND[0][climate(s)]
        if ctx.frame.get("envoy_amount") is not None and ctx.has(PROC["special_envoy"]):
            return PROC["special_envoy"]             # HB DoT 1 favour: the family set the amount
        if (ctx.frame.get("transfers", 0) == 0 and ctx.has(PROC["special_envoy"]) and int(s.treasury[T_DOT]) >= x
                and self._envoy_target(s) is not None):
            return PROC["special_envoy"]
        t = dot_transfer(ctx)
        if t is not None:
            return ctx.done_or(PROC["transfer_writer"] if t[0] == "writer" else PROC["transfer_ship"])
        return ctx.done_or(None)

    def on_dot_writer_from(self, ctx):
        """HB DoT 2: the origin Presidency of the planned writer transfer."""
        t = dot_transfer(ctx)
        return PRESIDENCY0 + t[2] if t is not None and t[0] == "writer" else None

    def on_dot_writer_family(self, ctx):
        """HB DoT 2: whose writer (the entry's Crown or player writer)."""
        t = dot_transfer(ctx)
        return FAMILY0 + t[1] if t is not None and t[0] == "writer" and t[2] == ctx.frame["src"] else None

    def on_dot_writer_to(self, ctx):
        t = dot_transfer(ctx)
        f = ctx.frame
        ok = t is not None and t[0] == "writer" and (t[1], t[2]) == (f["fam"], f["src"])
        return PRESIDENCY0 + t[3] if ok else None

    def on_dot_ship_from(self, ctx):
        """HB DoT 2: the origin sea zone of the planned ship transfer."""
        t = dot_transfer(ctx)
        return ZONE0 + t[2] if t is not None and t[0] == "ship" else None

    def on_dot_ship_chosen(self, ctx):
        """HB DoT 2: Company ship > non-fatigued ship > Crown ship > your ship (data DOT_SHIP_ORDER)."""
        t = dot_transfer(ctx)
        return t[1] if t is not None and t[0] == "ship" and t[2] == ctx.frame["src"] else None

    def on_dot_ship_to(self, ctx):
        t = dot_transfer(ctx)
        f = ctx.frame
        ok = t is not None and t[0] == "ship" and (t[1], t[2]) == (f["ship"], f["src"])
        return ZONE0 + t[3] if ok else None

    def on_dot_envoy_dice(self, ctx):
        return ctx.number_for(cd.ENVOY_SPEND[0][climate(ctx.state)])

    def _envoy_target(self, s):
        control, states = s.control.tolist(), s.order_state.tolist()
        for r in region_order(s):
            if control[r] >= 0:
                continue
            closed = [o for o in REGION_ORDERS[r] if states[o] == CLOSED]
            if closed:
                return min(closed, key=lambda o: ORDER_NORTH_RANK[o])
        return None

    def on_dot_envoy_target(self, ctx):
        """HB DoT 1: the northernmost closed order of the first non-Company region in the AI region priority."""
        o = self._envoy_target(ctx.state)
        if o is not None and ctx.has(ORDER0 + o):
            return ORDER0 + o
        orders = [a for a in ctx.legal if a != PROC["open_china"]]
        return orders[0] if orders else None

    # --- Governor General (HB GG; digest §9.6.7) -----------------------------------------------------------
    def govern_dice(self, s) -> int:
        """HB GG 2: 5/3/3/3/2, shifted by the favours raise / lower the required dice bought this turn."""
        return max(1, cd.GOVERN_DICE[0][climate(s)] + favour_shift(s, "gg_dice_up", "gg_dice_down"))

    def on_gg_menu(self, ctx):
        """HB GG 2: Govern while it can roll the climate's dice (5/3/3/3/2)."""
        s = ctx.state
        if int(s.treasury[T_DOT]) >= self.govern_dice(s) and ctx.has(PROC["administer"]):
            return PROC["administer"]
        return ctx.done_or(None)

    def on_gg_dice(self, ctx):
        return ctx.number_for(self.govern_dice(ctx.state))

    def _result(self, ctx, president_is_crown: bool):
        c = climate(ctx.state)
        if c in (cd.BULL, cd.STAG):
            prefs = (PROC["tax_president"], PROC["tax_balance"]) if president_is_crown else (
                PROC["tax_balance"], PROC["tax_president"])
        elif c == cd.LION:
            prefs = (PROC["build_ship"],)
        else:
            prefs = (PROC["commission_regiment"],)
        return ctx.first(*prefs)

    def on_gg_result(self, ctx):
        """HB GG 3: Bull/Stag Tax, Lion Shipbuilding, Bear/Peacock Commission Regiment."""
        return self._result(ctx, True)

    # --- Manager of Shipping (HB MoS; digest §9.6.8) ---------------------------------------------------------
    def on_mos_chosen(self, ctx):
        """HB MoS: fit its own ships, then yours; buy Company ships by climate (none / one / as many as
        able; the favours bought this turn change the count); lease extra ships with the rest (all of it, unless
        the favour 'leave £2 unspent' was bought)."""
        s = ctx.state
        if ctx.has(PROC["fit_ship"]) and unfitted(s):
            return PROC["fit_ship"]
        target = mos_buys(s, cd.COMPANY_SHIPS_TO_BUY[0][climate(s)])       # with the favours bought this turn
        if ctx.has(PROC["buy_company_ship"]) and (target is None or ctx.frame.get("bought", 0) < target):
            return PROC["buy_company_ship"]
        if ctx.has(DONE) and s.crown is not None and done_this_turn(s, "mos_leave_two"):
            return DONE                              # HB MoS 3 favour: it leaves £2 unspent
        return ctx.first(PROC["lease_extra_ship"], DONE, PROC["buy_company_ship"])

    def on_mos_fit_ship(self, ctx):
        """HB MoS 1: its own ships first."""
        me = ctx.slot
        s = ctx.state
        mine = [a for a in ctx.legal if s.shipyard_owner[a - SHIP0] == me]
        return mine[0] if mine else ctx.pick(ctx.legal, "which of your ships the Crown fits (HB: not said)")

    def on_mos_zone(self, ctx):
        """HB MoS 4: Bull/Stag the longest open trade route (open orders reachable from the home port); Lion a
        Crown Presidency's zone; Bear the most Crown writers; Peacock China if possible."""
        me = ctx.slot
        s = ctx.state
        zones = ctx.group("zone")
        c = climate(s)
        if c == cd.PEACOCK and CHINA in zones:
            return ZONE0 + CHINA
        pz = [z for z in zones if z < 3]
        if not pz:
            return None
        order = presidency_order(s)
        if c in (cd.BULL, cd.STAG):
            links = s.data.order_links
            states = s.order_state.tolist()

            def route(p):
                home = PRESIDENCY_HOME_PORT[p]
                if states[home] != OPEN:          # no route from a home port that is not open: nothing to search
                    return 0
                seen, frontier = {home}, [home]
                while frontier:
                    o = frontier.pop()
                    for q in links[o]:
                        if q not in seen and states[q] == OPEN:
                            seen.add(q)
                            frontier.append(q)
                return len(seen)
            tie = (lambda p: p in crown_presidencies(s, me)) if c == cd.BULL else (lambda p: int(s.writers[me, p]))
            return ZONE0 + max(pz, key=lambda p: (route(p), tie(p), -order.index(p)))
        if c == cd.LION:
            mine = [p for p in pz if p in crown_presidencies(s, me)]
            if mine:
                return ZONE0 + min(mine, key=order.index)
            return ZONE0 + max(pz, key=lambda p: (int(s.writers[:, p].sum()), -order.index(p)))
        return ZONE0 + max(pz, key=lambda p: (int(s.writers[me, p]), -order.index(p)))

    # --- Military Affairs (HB MA; digest §9.6.9) ---------------------------------------------------------------
    def on_ma_menu_chosen(self, ctx):
        """HB MA 1: two transfers by the climate's rule (:func:`ma_transfer`), then the Officers-in-Training."""
        t = ma_transfer(ctx)
        if t is not None:
            return ctx.done_or(PROC["transfer_regiment"] if t[0] == "regiment" else PROC["transfer_officer"])
        return ctx.done_or(None)

    def on_ma_from(self, ctx):
        t = ma_transfer(ctx)
        ok = t is not None and ("regiment" if t[0] == "regiment" else "officer") == ctx.frame["piece"]
        return PRESIDENCY0 + t[2] if ok else None

    def on_ma_family(self, ctx):
        """HB MA 1: Crown officers before player officers."""
        t = ma_transfer(ctx)
        return FAMILY0 + t[1] if t is not None and t[0] == "officer" and t[2] == ctx.frame["src"] else None

    def on_ma_to(self, ctx):
        t = ma_transfer(ctx)
        f = ctx.frame
        ok = (t is not None and t[2] == f["src"] and ("regiment" if t[0] == "regiment" else "officer") == f["piece"]
              and (t[0] == "regiment" or t[1] == f.get("fam")))
        return PRESIDENCY0 + t[3] if ok else None

    def on_ma_trainee(self, ctx):
        """HB MA 2: each officer by the climate's criteria, top first, later ones only to break ties; then the
        AI Presidency order."""
        me = ctx.slot
        s = ctx.state
        ps = ctx.group("presidency")
        order = presidency_order(s)
        mine = crown_presidencies(s, me)

        def new_majority(p):
            return not crown_majority(s, p, me) and army_pieces(s, p, me) + 1 > max(
                (army_pieces(s, p, f) for f in others(s, me)), default=0)

        def governor(p):
            return any(s.office_holder[g] == me and s.control[REGION_OF_GOVERNOR[g]] == p for g in GOVERNORS)
        if climate(s) in (cd.BEAR, cd.PEACOCK):
            keys = (new_majority, lambda p: crown_majority(s, p, me), governor, lambda p: s.commander[p] == me,
                    lambda p: p in mine, lambda p: ships_in_zone(s, p))
        else:
            keys = (lambda p: p in mine, lambda p: ships_in_zone(s, p), governor, new_majority,
                    lambda p: crown_majority(s, p, me), lambda p: s.commander[p] == me)
        best = max(ps, key=lambda p: tuple(int(k(p)) for k in keys) + (-order.index(p),))
        return PRESIDENCY0 + best

    def on_ma_commander_chosen(self, ctx):
        """HB MA 3: when several officers are eligible it picks its own."""
        me = ctx.slot
        return ctx.first(FAMILY0 + me)

    # --- Presidencies (HB Presidency operations; digest §9.6.10) -----------------------------------------------
    def on_pres_position(self, ctx):
        """HB: a Crown President orders Governors (in order of formation), then the Commander, then Trade."""
        offices = sorted(a for a in ctx.legal if a - OFFICE0 in GOVERNORS)
        if offices:
            return offices[0]
        commanders = [a for a in ctx.legal if a in COMMANDER_SOURCES]
        if commanders:
            return commanders[0]
        return ctx.first(PROC["trade"])

    def _trade_min(self, s, p=None) -> int:
        """HB President 1: 2/3/4/5/6, shifted by the favours bought this turn for this Presidency."""
        return max(1, cd.TRADE_MIN_DICE[0][climate(s)] + (trade_dice_shift(s, p) if p is not None else 0))

    def on_trade_chosen(self, ctx):
        """HB President 1: trade only if the treasury pays the required dice (2/3/4/5/6 after the penalty)."""
        s = ctx.state
        p = ctx.frame["p"]
        ok = int(s.treasury[PRESIDENT_TREASURY[p]]) >= self._trade_min(s, p)
        return PROC["trade"] if ok else DONE

    def on_trade_declared(self, ctx):
        """HB President 1 (simplified): add regions by the AI region priority while the treasury still pays
        the required dice plus the penalty of one more region."""
        s = ctx.state
        p, declared = ctx.frame["p"], ctx.frame["declared"]
        money = int(s.treasury[PRESIDENT_TREASURY[p]])
        if money < self._trade_min(s, p) + len(declared):
            return DONE
        for r in region_order(s):
            if ctx.has(REGION0 + r):
                return REGION0 + r
        return DONE

    def on_trade_dice(self, ctx):
        """HB President 1-2: the required dice plus the penalty, then up to £3 more."""
        s = ctx.state
        p, declared = ctx.frame["p"], ctx.frame["declared"]
        want = self._trade_min(s, p) + len(declared) - 1 + cd.TRADE_EXTRA_DICE[0]
        return ctx.number_for(min(want, int(s.treasury[PRESIDENT_TREASURY[p]])))

    def on_trade_order(self, ctx):
        """HB President 3: the highest-value order; ties: the home region, then the most southerly."""
        s = ctx.state
        p = ctx.frame["p"]
        home = PRESIDENCY_HOME_REGION[p]
        return max(ctx.legal, key=lambda a: (s.data.order_value[a - ORDER0], ORDER_REGION[a - ORDER0] == home,
                                             ORDER_NORTH_RANK[a - ORDER0]))

    def on_trade_writer(self, ctx):
        """HB President 3: Crown writers first."""
        me = ctx.slot
        return ctx.first(FAMILY0 + me)

    def on_commander_chosen(self, ctx):
        """HB Commander 1-4: alliances by climate (only from its own President's treasury: another President's
        consent is a favour the engine does not offer, and a refused request is spent, RB p.22); Deploy when a
        target meets the climate's exact dice; Bull/Stag/Lion deploy once a turn (an exhausted piece in the
        Army shows it has deployed)."""
        s = ctx.state
        p = ctx.frame["p"]
        c = climate(s)
        policy = cd.ALLIANCE_POLICY[0][c]
        own_president = s.office_holder[PRESIDENT[p]] == ctx.slot        # another President's consent is a favour
        if (policy and own_president and ctx.has(PROC["buy_alliance"]) and army_dice(s, p) >= policy[1]
                and self._alliance(s, p, policy) is not None):
            return PROC["buy_alliance"]
        deployed = s.regiments.item(p, 1) > 0 or sum(s.officers[:, p, 1].tolist()) > 0
        if deployed and not cd.DEPLOY_AGAIN[0][c]:
            return DONE
        if ctx.has(PROC["deploy"]) and self._deploy_target(s, p, army_dice(s, p)) is not None:
            return PROC["deploy"]
        return DONE

    def _alliance(self, s, p, policy):
        money = int(s.treasury[PRESIDENT_TREASURY[p]])
        cands = [i for i in buyable_alliances(s, p) if s.data.alliances[i][0] <= money]
        if not cands:
            return None
        pick = min if policy[0] == "cheapest" else max
        return pick(cands, key=lambda i: (s.data.alliances[i][0], -i))

    def on_alliance_chosen(self, ctx):
        s = ctx.state
        policy = cd.ALLIANCE_POLICY[0][climate(s)] or ("cheapest", 0)
        i = self._alliance(s, ctx.frame["p"], policy)
        return ALLIANCE0 + i if i is not None and ctx.has(ALLIANCE0 + i) else None

    def _required(self, s, r, p=None) -> int:
        """HB Commander 3: 6/5/4/3/2 (non-Company target), 2/3/4/5/6 (Company target), shifted by the favours
        bought this turn for this Army."""
        c = climate(s)
        base = (cd.DEPLOY_DICE_COMPANY if s.control[r] >= 0 else cd.DEPLOY_DICE_NON_COMPANY)[0][c]
        return max(1, base + (deploy_req_shift(s, p) if p is not None else 0))

    def _deploy_target(self, s, p, dice, offered=None, me: int = CROWN):
        """HB Commander 2-3: the climate's target list, ties by the AI region priority, moving down the list
        until a target's required dice plus its strength can be rolled."""
        tg = [r for r in targets(s, p) if offered is None or r in offered]
        home = PRESIDENCY_HOME_REGION[p]
        control, states = s.control.tolist(), s.order_state.tolist()
        assoc = [r for r in range(8) if control[r] == p]
        closed = [r for r in assoc if any(states[o] == CLOSED for o in REGION_ORDERS[r])]
        adjacent = [r for r in tg if control[r] < 0 and any(r in s.data.region_neighbors[a] for a in
                                                             [x for x in range(8) if control[x] >= 0])]
        adj_mine = [r for r in tg if control[r] < 0 and any(r in s.data.region_neighbors[a] for a in assoc)]
        home_free = [home] if control[home] < 0 else []
        home_closed = [home] if home in closed else []
        if climate(s) in (cd.BULL, cd.STAG):
            lists = (home_closed, closed, home_free, adjacent)
        else:
            lists = (home_free, adj_mine, closed)
        order = region_order(s)
        for group in lists:
            for r in sorted((r for r in group if r in tg), key=order.index):
                if dice >= self._required(s, r, p) + penalty(s, r):
                    return r
        return None

    def on_deploy_target(self, ctx):
        s = ctx.state
        p = ctx.frame["p"]
        r = self._deploy_target(s, p, army_dice(s, p), offered=set(ctx.group("region")))
        return REGION0 + r if r is not None else None

    def _deploy_goal(self, s, r, p=None) -> int:
        return self._required(s, r, p) + penalty(s, r)

    def on_deploy_alliance(self, ctx):
        """HB Commander 3: alliances are exhausted first, up to the exact dice."""
        f = ctx.frame
        return ctx.yes_no(f["total"] < self._deploy_goal(ctx.state, f["r"], f.get("p")))

    def on_deploy_count(self, ctx):
        """HB Commander 3: exhaust pieces until the dice reach exactly the requirement plus the strength, in the
        Handbook's order -- alliances (asked first), Crown officers, your officers, regiments (digest §9.6.10):
        the engine asks regiments and then officers by seat, so each count keeps back what the pieces the Crown
        prefers, still to be asked, can give."""
        s, f = ctx.state, ctx.frame
        need = self._deploy_goal(s, f["r"], f.get("p")) - f["total"]
        rank = _deploy_rank(f["item"])
        reserve = sum(_deploy_available(s, f["p"], item) for item in f.get("items", ()) if _deploy_rank(item) < rank)
        return ctx.number_for(max(0, need - reserve))

    def on_governor_chosen(self, ctx):
        """HB Governor 1: Administer while the pool holds at least 3/2/2/2/1 dice (shifted by this Governor's
        favours bought this turn; after the favour 'no Administer at all' only done is legal)."""
        s, f = ctx.state, ctx.frame
        low = max(1, cd.ADMINISTER_MIN_POOL[0][climate(s)] + governor_min_shift(s, f["g"]))
        return PROC["administer"] if f["pool"] >= low and ctx.has(PROC["administer"]) else DONE

    def on_governor_result(self, ctx):
        """HB Governor 2: Bull/Stag Tax (to a Crown President's treasury, else the Balance); Lion Company
        ship; Bear/Peacock regiment."""
        me = ctx.slot
        s = ctx.state
        g = ctx.frame.get("g")
        p = int(s.control[REGION_OF_GOVERNOR[g]]) if g is not None else -1
        return self._result(ctx, p >= 0 and s.office_holder[PRESIDENT[p]] == me)

    def on_china_chosen(self, ctx):
        """HB Superintendent: trade with all ships if they are at least 1/2/2/3/3."""
        s = ctx.state
        low = max(1, cd.CHINA_MIN_DICE[0][climate(s)] + favour_shift(s, "china_min_up", "china_min_down"))
        return PROC["trade_china"] if china_ships(s) >= low else DONE

    # --- VI. Revenue (HB Revenue; digest §9.6.11) --------------------------------------------------------------
    def on_revenue_dividends(self, ctx):
        """HB Revenue 3: one dividend if able, then more while the Balance stays at least 0/2/4/6/8."""
        return ctx.number_for(self.dividends(ctx.state))

    def dividends(self, s) -> int:
        """The count, with the dividend favours bought this turn (queries.crown_dividends reads
        their record in state.crown)."""
        return crown_dividends(s)

    def on_revenue_royal_protection(self, ctx):
        """HB Revenue 2: a Crown Chairman always discards Royal Protection when loans would be taken."""
        return YES

    # --- VIII. Parliament (HB Parliament; digest §9.6.13) -------------------------------------------------------
    def on_law_chosen(self, ctx):
        """HB Parliament (Crown PM) 2: draw up to the shaded position's number of laws; select the last drawn
        (to the 3rd after the favour 'skip and draw again', queries.law_draws)."""
        n = law_draws(ctx.state) if ctx.state.crown is not None else ai_card(ctx.state)["shaded"] + 1
        drawn = ctx.frame["drawn"]
        if len(drawn) < n and ctx.has(PROC["draw_law"]):
            return PROC["draw_law"]
        return LAW[drawn[-1]]

    def on_blackmail_play(self, ctx):
        """RB p.46 / HB: the Crown keeps its blackmail cards facedown and never plays them."""
        return NO

    def on_trade_mercantile_answer(self, ctx):
        """RB p.46 / HB: the Crown never plays its blackmail cards (Mercantile Connection included)."""
        return NO

    def on_deploy_diplomatic_answer(self, ctx):
        """RB p.46 / HB: the Crown never plays its blackmail cards (Diplomatic Connection included)."""
        return NO

    def on_london_letters_answer(self, ctx):
        """RB p.46 / HB: the Crown never plays its blackmail cards (Letters of Introduction included)."""
        return NO

    def on_blackmail_cancel_answer(self, ctx):
        """RB p.46 / HB: the Crown never plays its blackmail cards (Man on the Inside included)."""
        return NO

    def on_old_ideas_chosen(self, ctx):
        """HB voting plan (Old Ideas Made New!): a Crown PM picks the law at random."""
        return ctx.pick(ctx.legal, "Old Ideas Made New! (Crown: at random)")

    def policy_value(self, s, space, me: int = CROWN) -> int:
        """HB Crown policy selection: (Crown's count of the target - yours), times -1 for a Tax."""
        consequence, target = DIAL[space][0], DIAL[space][1]
        mine = owned(s, me, target)
        theirs = max((owned(s, f, target) for f in others(s, me)), default=0)
        v = mine - theirs
        return -v if consequence == "Tax" else v

    def _dial(self, ctx, cw, ccw):
        s = ctx.state
        a, b = self.policy_value(s, cw, ctx.slot), self.policy_value(s, ccw, ctx.slot)
        if a == b:
            return PROC["dial_cw"] if ai_card(s)["finger"] == "cw" else PROC["dial_ccw"]
        return PROC["dial_cw"] if a > b else PROC["dial_ccw"]

    def on_dial_chosen(self, ctx):
        return self._dial(ctx, ctx.frame["cw"], ctx.frame["ccw"])

    def on_failed_dial(self, ctx):
        d = int(ctx.state.dial)
        return self._dial(ctx, (d + 1) % len(DIAL), (d - 1) % len(DIAL))

    def votes_for(self, s, law, me: int = CROWN) -> bool:
        """HB voting plan (digest Appendix A, last column)."""
        plan = cd.VOTING_PLAN[0].get(law, ("always",))
        kind = plan[0]
        if kind == "climate":
            return climate(s) in plan[1]
        if kind == "always":
            return True
        if kind == "never":
            return False
        if kind == "crown_pm":
            return s.pm == me
        if kind == "not_chairman":
            return s.office_holder[CHAIRMAN] != me
        if kind == "crown_office":
            return s.office_holder[OFFICE[plan[1]]] == me
        what = plan[1]
        has_most = most(s, plan_count(s, what, me), [plan_count(s, what, f) for f in others(s, me)])
        return has_most if kind == "most" else not has_most

    def on_vote_side(self, ctx):
        """HB Parliament: for or against by the voting plan, with all its vote icons."""
        law = ctx.frame["vote"]["law"]
        if self.votes_for(ctx.state, law, ctx.slot):
            return ctx.done_or(PROC["vote_for"])
        return ctx.done_or(PROC["vote_against"])

    def on_vote_behalf(self, ctx):
        me = ctx.slot
        return ctx.first(FAMILY0 + me, DONE)

    def on_vote_count(self, ctx):
        """HB Parliament: all vote icons; no cash on an ordinary vote (the least the engine allows)."""
        f = ctx.frame
        stages = 5
        return ctx.number_for(f["hi"] if f["stage"] < stages else f["lo"])

    def on_vote_round(self, ctx):
        return PROC["resolve_vote"]

    def on_impeach_chosen(self, ctx):
        """Appendix A (Public Demands Impeachment!): the first other family's office left to right on the ribbon."""
        me = ctx.slot
        s = ctx.state
        offered = [a - OFFICE0 for a in ctx.legal]
        ribbon = [o for o in list(RIBBON) + sorted(set(range(N_OFFICES)) - set(RIBBON)) if o in offered]
        theirs = [o for o in ribbon if s.office_holder[o] != me]
        return OFFICE0 + (theirs or ribbon)[0] if (theirs or ribbon) else None

    def on_board_of_control_answer(self, ctx):
        """Appendix A (Board of Control): a Crown PM removes another family's officeholder at once."""
        me = ctx.slot
        s = ctx.state
        return ctx.yes_no(s.office_holder[ctx.frame["office"]] != me)

    def on_oversight_army(self, ctx):
        """HB voting plan (Military Oversight): demote a non-Crown Commander where a Crown officer serves."""
        me = ctx.slot
        s = ctx.state
        for p in presidency_order(s):
            if ctx.has(PRESIDENCY0 + p) and s.commander[p] != me and s.officers[me, p].sum() > 0:
                return PRESIDENCY0 + p
        return ctx.done_or(None)

    def on_oversight_family(self, ctx):
        me = ctx.slot
        return ctx.first(FAMILY0 + me)

    def on_war_ship_zone(self, ctx):
        """Appendix A (War Against France!): other families' ships first, then Company ships, then the Crown's."""
        me = ctx.slot
        s = ctx.state
        zones = ctx.group("zone")
        theirs = [z for z in zones if any(s.ship_zone[i] == z and s.shipyard_owner[i] not in (me, -1)
                                          for i in range(len(s.ship_zone)))]
        company = [z for z in zones if s.company_ships[z] > 0]
        return ZONE0 + (theirs or company or zones)[0]

    def on_war_ship(self, ctx):
        me = ctx.slot
        s = ctx.state
        theirs = [a for a in ctx.legal if SHIP0 <= a < COMPANY_SHIP and s.shipyard_owner[a - SHIP0] != me]
        return (theirs or [a for a in ctx.legal if a == COMPANY_SHIP] or [ctx.legal[0]])[0]

    def on_war_army(self, ctx):
        me = ctx.slot
        s = ctx.state
        ps = ctx.group("presidency")
        theirs = [p for p in ps if any(s.officers[f, p].sum() > 0 for f in others(s, me))]
        return PRESIDENCY0 + (theirs or ps)[0]

    def on_war_piece(self, ctx):
        me = ctx.slot
        s = ctx.state
        theirs = [a for a in ctx.legal if FAMILY0 <= a < FAMILY0 + 7 and a - FAMILY0 != me]
        return (theirs or [a for a in ctx.legal if a == PROC["regiment"]] or [ctx.legal[0]])[0]

    # --- Firms under Deregulation (HB Firms phase, Revenue 1, London Season 3; digest §9.6.3, §9.6.11, §9.6.1) -----
    def on_firms_action(self, ctx):
        """HB Firms phase 1 and 3: the Crown never forms a firm; asked once after all the families have finished
        investing (rules/firms.py ``crown_step``), a Crown with a majority of Company shares invests once
        (Lion/Bear/Peacock, data FIRM_INVESTS) in a firm where the share would not give it that firm's majority:
        the highest Value firm, then clockwise from the Crown. Else done."""
        f = firm_investment(ctx)
        return FIRM_INVEST0 + f if f is not None else ctx.done_or(None)

    def on_firms_payment(self, ctx):
        """HB Firms phase 3: a Company share unless weak or immature (the engine offers only usable ones), else a
        workshop."""
        return ctx.first(FIRM["pay_share"], FIRM["pay_workshop"])

    def on_firms_emergency_answer(self, ctx):
        """HB Revenue 1 (data FIRM_EMERGENCY): the Crown never makes emergency investments."""
        return ctx.yes_no(cd.FIRM_EMERGENCY[0]) if ctx.has(NO) else None

    def on_firms_forgo(self, ctx):
        """RB p.42 optional dividends (the Handbook is silent): the Crown forgoes none of its dividends."""
        return ctx.number_for(0)

    def on_firms_special_retired(self, ctx):
        """HB London Season 3 (data FIRM_SPECIAL_RETIREMENT): the single highest-VP special retirement it can
        afford (the engine offers the affordable boxes); ties: the dearer box."""
        prizes = ctx.state.data.prizes
        boxes = ctx.group("prize")
        if not boxes:
            return ctx.done_or(None)
        return PRIZE0 + max(boxes, key=lambda b: (prizes[b][2], prizes[b][0], b))

    def on_deregulation_called(self, ctx):
        """HB Vote to Deregulate 1 (digest §9.6.0): the Crown never calls the vote unless forced (the engine
        calls a forced one itself)."""
        return NO if ctx.has(NO) else None


# --- transfers (HB Director of Trade 2, HB Military Affairs 1; digest §9.6.6, §9.6.9) --------------------------------
def _army_counts(flat, at: int) -> list[int]:
    """The three Armies' pieces, active plus exhausted, from a flat [Army][state] reading starting at ``at``."""
    return [flat[at] + flat[at + 1], flat[at + 2] + flat[at + 3], flat[at + 4] + flat[at + 5]]


class Board:
    """The pieces a transfer moves, copied from the state so that a transfer can be made or undone on the copy:
    writers [slot][Presidency], ships {zone: [ship actions, one per ship]}, Army pieces {kind: [per Presidency]}
    (kind "regiment" or a family slot for its officers). ``writers=False`` / ``army=False``: without those
    pieces (left empty), for a plan that never reads them (the Director of Trade moves writers and ships, Military
    Affairs the Armies' pieces; both measure ships)."""

    def __init__(self, s, writers: bool = True, army: bool = True):
        # whole arrays to flat Python lists at once (element reads of numpy arrays, and the nested lists of a
        # tolist() of a 3-d array, were most of a copy's cost; the copy is made at every transfer a bot plans)
        seats = s.seats
        self.writers = {}
        if writers:
            counts = s.writers.ravel().tolist()            # [slot * 3 + Presidency]
            self.writers = {f: counts[3 * f:3 * f + 3] for f in seats}
        ship_zone, company, extra = s.ship_zone.tolist(), s.company_ships.tolist(), s.extra_ships.tolist()
        self.ships = ships = {z: [] for z in zones_in_play(s)}
        for i, at in enumerate(ship_zone):                 # one pass: each zone's named ships in ship order
            if at in ships:
                ships[at].append(SHIP0 + i)
        for z, held in ships.items():
            held += [COMPANY_SHIP] * company[z] + [EXTRA_SHIP] * extra[z]
        self.army = {}
        if army:
            self.army["regiment"] = _army_counts(s.regiments.ravel().tolist(), 0)     # [Army * 2 + state]
            officers = s.officers.ravel().tolist()         # [(slot * 3 + Army) * 2 + state]
            for f in seats:
                self.army[f] = _army_counts(officers, 6 * f)

    def copy(self):
        b = object.__new__(Board)
        b.writers = {f: list(v) for f, v in self.writers.items()}
        b.ships = {z: list(v) for z, v in self.ships.items()}
        b.army = {k: list(v) for k, v in self.army.items()}
        return b

    def moved(self, t, back: bool = False):
        """A copy with transfer ``t`` made (or, ``back``, undone): ("writer", slot, from, to), ("ship", ship
        action, from zone, to zone), ("regiment", None, from, to), ("officer", slot, from, to)."""
        # copy on write: the new board shares every list but the one or two the transfer changes (boards are only
        # changed here, always on fresh lists)
        b = object.__new__(Board)
        b.writers, b.ships, b.army = dict(self.writers), dict(self.ships), dict(self.army)
        kind, who, src, dst = t
        if back:
            src, dst = dst, src
        if kind == "writer":
            counts = b.writers[who] = list(b.writers[who])
        elif kind == "ship":
            b.ships[src] = list(b.ships[src])
            b.ships[src].remove(who)
            b.ships[dst] = b.ships[dst] + [who]
            return b
        else:
            k = "regiment" if kind == "regiment" else who
            counts = b.army[k] = list(b.army[k])
        counts[src] -= 1
        counts[dst] += 1
        return b


def _measure(s, me, board, routes, name, p):
    if name == "route":
        return routes[p]
    if name == "ships":
        return len(board.ships.get(p, ()))
    if name == "crown_writers":
        return board.writers[me][p]
    if name == "player_writers":
        return sum(board.writers[f][p] for f in others(s, me))
    raise ValueError(name)


def _holds(s, me, test, p) -> bool:
    # a player's: a seated family but ``me`` (``in others(s, me)`` without building the list)
    if test == "player_presidency":
        f = s.office_holder.item(PRESIDENT[p])
        return f != me and f in s.seats
    if test == "crown_presidency":
        return s.office_holder.item(PRESIDENT[p]) == me
    if test == "player_commander":
        f = s.commander.item(p)
        return f != me and f in s.seats
    if test == "crown_commander":
        return s.commander.item(p) == me
    raise ValueError(test)


def _meets(s, me, spec, p) -> bool:
    """Presidency (or China) ``p`` meets an origin or destination ``spec`` of a transfer entry's test."""
    if spec[0] == "to":
        return p == CHINA
    if p == CHINA:
        return False
    return spec[0] != "is" or _holds(s, me, spec[1], p)


MEASURE_SIGN = MappingProxyType({"fewest": 1, "most": -1})      # an end ranked by its measure: fewest or most first


def _no_rank(p) -> int:
    return 0


def _end_rank(s, me, board, routes, spec):
    """``rank(p)``: Presidency ``p``'s rank at a transfer's end ``spec``, lowest first -- its measure ("fewest"), the
    measure negated ("most"), 0 (a test) --, each measure read once."""
    sign = MEASURE_SIGN.get(spec[0])
    if sign is None:
        return _no_rank
    name, known = spec[1], {}

    def rank(p):
        r = known.get(p)
        if r is None:
            r = known[p] = sign * _measure(s, me, board, routes, name, p)
        return r
    return rank


def _meeting(s, me, spec, ps) -> list[int]:
    """The Presidencies (or China) of ``ps`` meeting ``spec`` (:func:`_meets` of each, in order; one call per end)."""
    if spec[0] == "to":
        return [p for p in ps if p == CHINA]
    if spec[0] != "is":
        return [p for p in ps if p != CHINA]
    return [p for p in ps if p != CHINA and _holds(s, me, spec[1], p)]


def pick_transfer(s, me, board, routes, holders, origin, dest, allowed=None, order=None):
    """(origin, destination) of one transfer, or None (digest §9.6.6 / §9.6.9, data TRANSFER_READINGS): the viable
    pairs -- the origin holds the piece, both meet their tests, the destination differs, a fewest -> most pair
    does not run against its measure, ``allowed(o, d)`` (no undo) --; the origin first by its measure then the AI
    Presidency arrows, then the destination the same way. ``order``: :func:`presidency_order` when the caller has
    it already (it is the same for every transfer of a decision)."""
    if order is None:
        order = presidency_order(s)
    # the tests are read once per end (they read the state, not the board)
    origins = _meeting(s, me, origin, holders)
    if not origins:
        return None
    dests = _meeting(s, me, dest, (0, 1, 2, CHINA) if dest[0] == "to" and CHINA in board.ships else (0, 1, 2))
    origin_rank = _end_rank(s, me, board, routes, origin)
    dest_rank = origin_rank if dest == origin else _end_rank(s, me, board, routes, dest)
    same_measure = origin[0] in MEASURE_SIGN and dest[0] in MEASURE_SIGN and origin[1] == dest[1]
    pairs = []
    for o in origins:
        for d in dests:
            if d == o or (allowed is not None and not allowed(o, d)):
                continue
            if same_measure and dest_rank(d) > -origin_rank(o):       # e.g. fewest -> most: m(dest) < m(origin)
                continue
            pairs.append((o, d))
    if not pairs:
        return None
    o = min({o for o, _ in pairs}, key=lambda p: (origin_rank(p), order.index(p)))
    d = min((d for oo, d in pairs if oo == o), key=lambda p: (dest_rank(p), order.index(p) if p < 3 else 3))
    return o, d


def ship_rank(s, me, ship) -> int:
    """Data DOT_SHIP_ORDER: the rank of a ship action (lowest moves first)."""
    ranks = cd.DOT_SHIP_ORDER[0]
    if ship == COMPANY_SHIP:
        return ranks.index("company")
    if ship == EXTRA_SHIP:
        return ranks.index("extra")
    i = ship - SHIP0
    who = "crown" if int(s.shipyard_owner[i]) == me else "player"
    return ranks.index(who if s.ship_fatigued[i] else f"fresh_{who}")


def trade_routes(game) -> list[int]:
    """Digest §9.2: a Presidency's trade route is the most orders its President could fill in one successful trade,
    irrespective of ships (every region declared; the engine's reach, rules/operations_presidency.py)."""
    return [len(reach(game, p, set(range(N_REGIONS)))) for p in range(3)]


def routes_key(s) -> tuple:
    """Everything the route search (queries.reach over every region) reads from the state: the orders' states, the
    Presidencies that filled them and the firms' fills (the map's links are the game's data, never changed)."""
    return (s.order_state.tobytes(), s.order_presidency.tobytes(), tuple(s.firms["order_firm"]))


class TradeRoutes:
    """:func:`trade_routes` read lazily: a Presidency's route is computed when a DoT entry first measures it (most
    entries measure ships or writers, and the route search is the dearest read of a transfer)."""

    def __init__(self, game):
        self.game = game
        self.known = {}

    @classmethod
    def of(cls, game) -> "TradeRoutes":
        """The routes of ``game``'s board now. The two transfers of a Director of Trade's turn (and the next
        families' turns, until an order changes) weigh the same routes: the routes found for the last of them are
        reused while the state is the same object and nothing the route search reads has changed
        (:func:`routes_key`). Kept on the game (``crown_routes``), never saved; a clone starts without it."""
        return kept_on_game(game, "crown_routes", routes_key(game.state), lambda: cls(game))

    def __getitem__(self, p: int) -> int:
        if p not in self.known:
            self.known[p] = len(reach(self.game, p, set(range(N_REGIONS))))
        return self.known[p]


def dot_entry_transfer(s, me, board, routes, entry, order=None):
    """One entry of the DoT list (data DOT_TRANSFERS) on ``board``: the transfer, or None if impossible."""
    piece, origin, dest = entry
    if piece == "ship":
        holders = [z for z in range(3) if board.ships.get(z)]
        od = pick_transfer(s, me, board, routes, holders, origin, dest, order=order)
        if od is None:
            return None
        ship = min(board.ships[od[0]], key=lambda a: (ship_rank(s, me, a), a))
        return ("ship", ship, od[0], od[1])
    fams = [me] if piece == "crown_writer" else others(s, me)
    holders = [p for p in range(3) if any(board.writers[f][p] > 0 for f in fams)]
    od = pick_transfer(s, me, board, routes, holders, origin, dest, order=order)
    if od is None:
        return None
    f = max((f for f in fams if board.writers[f][od[0]] > 0), key=lambda f: (board.writers[f][od[0]], -f))
    return ("writer", f, od[0], od[1])


def dot_plan(s, me, board, routes, start: int, stop: int | None = None, order=None):
    """HB DoT 2: the first possible entry of the climate's list from ``start`` (and before ``stop``, when only an
    earlier entry matters): (entry index, transfer) or None."""
    entries = cd.DOT_TRANSFERS[0][climate(s)]
    for i in range(start, len(entries) if stop is None else min(stop, len(entries))):
        t = dot_entry_transfer(s, me, board, routes, entries[i], order=order)
        if t is not None:
            return i, t
    return None


def _last_moves(s, board, army: bool):
    """Every single transfer that could have led to ``board`` (for the second transfer of a turn)."""
    out = []
    if army:
        for k, counts in board.army.items():
            for d in range(3):
                if counts[d] > 0:
                    out += [("regiment" if k == "regiment" else "officer", None if k == "regiment" else k, o, d)
                            for o in range(3) if o != d]
        return out
    for f, counts in board.writers.items():
        for d in range(3):
            if counts[d] > 0:
                out += [("writer", f, o, d) for o in range(3) if o != d]
    for d, ships in board.ships.items():
        for ship in sorted(set(ships)):
            out += [("ship", ship, o, d) for o in board.ships if o != d]
    return out


def transfer_board_key(s) -> tuple:
    """Everything a transfer's plan reads from the state (:class:`Board`, the measures and tests of
    :func:`pick_transfer`, the ships' ranks, the trade routes of :func:`reach`, the AI card, the climate, the
    seats): equal keys, equal transfers."""
    c = s.crown
    return (s.writers.tobytes(), s.ship_zone.tobytes(), s.company_ships.tobytes(), s.extra_ships.tobytes(),
            s.office_exists.tobytes(), s.office_holder.tobytes(), s.commander.tobytes(), s.shipyard_owner.tobytes(),
            s.ship_fatigued.tobytes(), s.regiments.tobytes(), s.officers.tobytes(), s.order_state.tobytes(),
            s.order_presidency.tobytes(), tuple(s.firms["order_firm"]), tuple(s.seats),
            None if c is None else (c["card"], c["climate"], tuple(c["deck"])))


def kept_transfer(ctx, plan):
    """``plan(ctx)`` (:func:`plan_dot_transfer` or :func:`plan_ma_transfer`), reusing the answer of the previous
    decision when it weighed the same transfer: a transfer is made over several decisions (the menu, the origin,
    whose piece, the destination) on an unchanged board, and each finds the whole plan again (the bot keeps no
    memory). Reused only while the state is the same object and neither the frame's record of the transfers
    made nor anything the plan reads (:func:`transfer_board_key`) has changed. Kept on the game
    (``crown_transfer``), never saved; a clone starts without it. A plan draws no dice, so reusing it leaves the
    game's generator where the uncached bot leaves it."""
    s, f = ctx.state, ctx.frame
    last = f.get("last")
    key = (plan, ctx.slot, f.get("transfers", 0), f.get("first"), None if last is None else tuple(last),
           transfer_board_key(s))
    return kept_on_game(ctx.game, "crown_transfer", key, lambda: plan(ctx))


def _first_entry_for(s, me, entries, t):
    """The first entry of the DoT list that could make transfer ``t`` (its piece, and both ends meeting the
    entry's tests), or None: a plan that makes ``t`` uses this entry or a later one."""
    kind, who, o, d = t
    piece = "ship" if kind == "ship" else ("crown_writer" if who == me else "player_writer")
    for i, (p, origin, dest) in enumerate(entries):
        if p == piece and _meets(s, me, origin, o) and _meets(s, me, dest, d):
            return i
    return None


def _dot_candidates(s, me, board):
    """The single transfers that could have led to ``board`` (:func:`_last_moves`) and that some entry of the list
    could make, as (first such entry, transfer), earliest first: the search for the entry the first transfer used
    (:func:`plan_dot_transfer`) then meets the earliest entries first and stops as soon as no candidate can be
    earlier (the entry found is the earliest that fits, whatever the order; a transfer no entry can make never
    fits)."""
    entries = cd.DOT_TRANSFERS[0][climate(s)]
    out = []
    firsts = {}                     # (piece, origin, destination) -> first entry: the tests read the state only
    for t in _last_moves(s, board, army=False):
        kind, who, o, d = t
        key = ("ship" if kind == "ship" else who == me, o, d)
        if key not in firsts:
            firsts[key] = _first_entry_for(s, me, entries, t)
        first = firsts[key]
        if first is not None:
            out.append((first, t))
    out.sort(key=lambda c: c[0])                   # stable: ties keep _last_moves' order
    return out


def dot_transfer(ctx):
    """HB DoT 2: the transfer the Crown makes now, or None (:func:`plan_dot_transfer`, kept between the decisions
    of one transfer by :func:`kept_transfer`)."""
    if ctx.frame.get("transfers", 0) >= cd.DOT_TRANSFERS_PER_TURN[0]:
        return None                                # both made (plan_dot_transfer's first test, before any reading)
    return kept_transfer(ctx, plan_dot_transfer)


def plan_dot_transfer(ctx):
    """HB DoT 2 (digest §9.6.6): the transfer the Crown makes now, or None. The second transfer of the turn goes on
    down the list after the entry the first one used; the bot keeps no memory, so it finds that entry again: the
    first transfer is the one which, undone, the list would have chosen (none found -- e.g. a transfer the family
    chose by a favour --: from the top)."""
    s, me = ctx.state, ctx.slot
    made = ctx.frame.get("transfers", 0)
    if made >= cd.DOT_TRANSFERS_PER_TURN[0]:
        return None
    board, routes = Board(s, army=False), TradeRoutes.of(ctx.game)
    order = presidency_order(s)                    # the same for every transfer weighed now
    start = 0
    first = ctx.frame.get("first")                 # the favours (rules/crown_favours.py): the first slot's use
    if made and first == "prevent":                # HB DoT 2 -1: the entry it would have used is spent
        plan = dot_plan(s, me, board, routes, 0, order=order)
        start = plan[0] + 1 if plan is not None else len(cd.DOT_TRANSFERS[0][climate(s)])
    elif made and first == "choose":               # HB DoT 2 -2: the family's transfer used no entry
        start = 0
    elif made:
        used = first_transfer_entry(s, me, board, routes, order)
        start = used + 1 if used is not None else 0
    plan = dot_plan(s, me, board, routes, start, order=order)
    return plan[1] if plan is not None else None


def first_transfer_entry(s, me, board, routes, order):
    """The earliest entry of the DoT list by which a first transfer was made that led to ``board`` (the transfer
    which, undone, the list would have chosen), or None."""
    used = None
    for first, t in _dot_candidates(s, me, board):
        if used is not None and first >= used:     # sorted: no later candidate can lower it either
            break
        before = board.moved(t, back=True)
        plan = dot_plan(s, me, before, routes, 0, stop=used, order=order)   # a later entry cannot lower it
        if plan is not None and plan[1] == t:
            used = plan[0]
            if used == 0:                          # the top of the list: nothing earlier to find
                break
    return used


def ma_plan(s, me, board, forbidden=(), order=None):
    """HB MA 1 (digest §9.6.9): regiments, then Crown officers, then player officers (data MA_PIECES), each moved
    by the climate's rule (data MA_TRANSFERS); a transfer in ``forbidden`` (undoing an earlier one) is skipped."""
    origin, dest = cd.MA_TRANSFERS[0][climate(s)]
    kinds = [("regiment", None)] + [("officer", me)] + [("officer", f) for f in others(s, me)]
    if order is None:
        order = presidency_order(s)
    for kind, who in kinds:
        counts = board.army["regiment" if kind == "regiment" else who]
        holders = [p for p in range(3) if counts[p] > 0]
        od = pick_transfer(s, me, board, None, holders, origin, dest,
                           allowed=lambda o, d: (kind, who, o, d) not in forbidden, order=order)
        if od is not None:
            return (kind, who, od[0], od[1])
    return None


def ma_transfer(ctx):
    """HB MA 1: the transfer the Crown makes now, or None (:func:`plan_ma_transfer`, kept between the decisions of
    one transfer by :func:`kept_transfer`)."""
    if ctx.frame.get("transfers", 0) >= cd.MA_TRANSFERS_PER_TURN[0]:
        return None                                # both made (plan_ma_transfer's first test, before any reading)
    return kept_transfer(ctx, plan_ma_transfer)


def plan_ma_transfer(ctx):
    """HB MA 1: the transfer the Crown makes now, or None. For the second one the first is found again as in
    :func:`dot_transfer` and its reverse is skipped ('any transfer that undoes a previous transfer')."""
    s, me = ctx.state, ctx.slot
    made = ctx.frame.get("transfers", 0)
    if made >= cd.MA_TRANSFERS_PER_TURN[0]:
        return None
    board = Board(s, writers=False)
    order = presidency_order(s)                    # the same for every plan weighed now
    forbidden = []
    first, last = ctx.frame.get("first"), ctx.frame.get("last")
    if made and first == "prevent":                # HB MA 1 -1: the prevented transfer is not made this round
        t = ma_plan(s, me, board, order=order)
        forbidden = [t] if t is not None else []
    elif made and first == "choose" and last is not None:     # HB MA 1 -1: the family's transfer is not undone
        forbidden = [(last[0], last[1], last[3], last[2])]
    elif made:
        forbidden = reverses_of_fitting_ma_transfers(s, me, board, order)
    return ma_plan(s, me, board, forbidden, order=order)


def reverses_of_fitting_ma_transfers(s, me, board, order) -> list:
    """The reverse of every single transfer which, undone, HB MA 1 would have chosen (the first transfer made,
    when two histories fit: the second may undo neither)."""
    origin, dest = cd.MA_TRANSFERS[0][climate(s)]
    out = []
    for t in _last_moves(s, board, army=True):
        if not (_meets(s, me, origin, t[2]) and _meets(s, me, dest, t[3])):
            continue                               # no plan makes a transfer whose ends fail the climate's tests
        if ma_plan(s, me, board.moved(t, back=True), order=order) == t:
            out.append((t[0], t[1], t[3], t[2]))
    return out


# --- firms (HB Firms phase 3; digest §9.6.3) --------------------------------------------------------------------------
def company_majority(s, me) -> bool:
    """HB: a majority of Company shares -- more than half of the Court's and the Chairman's (as rules/crown_favours)."""
    mine = int(s.court[me]) + int(s.office_holder[CHAIRMAN] == me)
    return 2 * mine > shares(s)


def _deploy_rank(item: str) -> int:
    """HB Commander 3's exhaust order after the alliances: Crown officers, your officers, regiments."""
    if item == f"officers{CROWN}":
        return 0
    return 1 if item.startswith("officers") else 2


def _deploy_available(s, p: int, item: str) -> int:
    if item == "regiments":
        return int(s.regiments[p, 0])
    if item.startswith("officers"):
        return int(s.officers[int(item[len("officers"):]), p, 0])
    return 0


def firm_investment(ctx):
    """HB Firms phase 3: the manager of the firm the Crown invests in now, or None."""
    s, me, f = ctx.state, ctx.slot, ctx.frame
    if not cd.FIRM_INVESTS[0][climate(s)] or not company_majority(s, me):
        return None
    if not f.get("crown_step"):                   # the engine asks once, after the families (rules/firms.py)
        return None
    seats = list(s.seats)
    cands = [x for x in all_firms(s) if ctx.has(FIRM_INVEST0 + x["manager"]) and x["manager"] != me
             and 2 * (x["shares"][me] + 1) <= total_shares(x) + 1]
    if not cands:
        return None
    best = min(cands, key=lambda x: (-x["value"], (seats.index(x["manager"]) - seats.index(me)) % len(seats)))
    return best["manager"]


BOT = CrownBot
