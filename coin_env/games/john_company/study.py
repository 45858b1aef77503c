"""A measurement of the Company's economy: ``python -m coin_env.games.john_company.study``.

Plays seeded 1710 games with a policy in every seat and reports how often (and when) the Company fails,
and per turn the Company's money: the Balance, Debt and Standing at the start of each phase, where the
Balance's money came from (Debt taken by the Chairman, orders filled in trade, Governors' and the
Governor General's taxes, China) and where it went (allocation to the office treasuries, expenses by
kind, emergency loans, dividends), what the Standing changes were for, and the office treasuries.

Policies (``--policy``): ``random`` (uniform legal actions), ``crown`` (the Crown bot in every seat),
``solo-random`` / ``solo-crown`` (option crown: the bot plays the Crown, the family random / the bot).

Seeds: game i is played with seed ``i * --stride`` (default 2**32, kept from before 0.2.0). Before 0.2.0 the
core generator started seed k at the k-th step of one sequence, so consecutive seeds drew correlated games (then
measured: 7 of seeds 0-59 vs 35 of seeds 120-179 failed under the same policy) and the stride kept them apart;
since 0.2.0 the seed is hashed into the generator's state (core/rng.py) and any stride gives independent games.
This is a study tool, not a rule: it reads the game's state and log and never changes a game.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter, defaultdict

from .actions import DONE, FAMILY_ACTION0, ORDER0, PRESIDENCY0, PROC, REGION0, STOCK0, ZONE0
from .bots.crown import CrownBot
from .game import new_game
from .queries import fillable, shares
from .rules.operations_presidency import ships_in_zone
from .rules.revenue import COMPANY_AIDS_GOVERNMENT, SEPOY_RECRUITMENT
from .static import (CLOSED, FAMILY_ACTION_KEYS, ORDER_REGION, PHASES, PRESIDENCY_HOME_PORT, PRESIDENT,
                     PRESIDENT_TREASURY, T_MOS)

# where a change of the Balance during a decision is booked, by the decision's key (the continuation it
# feeds) -- anything else is booked under its phase
SOURCES = {
    "chairman_debt_chosen": "debt taken", "chairman_more_debt": "debt taken",
    "chairman_allocated": "allocated", "consent_answer": "debt taken/other consent",
    "trade_order": "trade", "trade_writer": "trade", "trade_dice": "trade", "trade_declared": "trade",
    "governor_chosen": "governor", "governor_result": "governor", "gg_menu": "governor general",
    "gg_dice": "governor general", "gg_result": "governor general", "china_chosen": "china",
    "revenue_dividends": "dividends",
}


def _key(game):
    f = game.state.frames[-1] if game.state.frames else None
    if f is None:
        return "-"
    k = f["then"] if f["kind"] == "choose" else f["kind"]
    if k in ("number_units", "number_tens"):
        k = f.get("next", k)
    return k


def expense_parts(s) -> dict:
    debt = int(s.debt) * (2 if COMPANY_AIDS_GOVERNMENT in s.laws_in_force else 1)
    officers = int(sum(int(s.officers[f].sum()) for f in s.seats))
    regiments = 0 if SEPOY_RECRUITMENT in s.laws_in_force else int(s.regiments.sum())
    ships = int((s.ship_zone >= 0).sum() + s.company_ships.sum() + s.extra_ships.sum())
    return {"debt": debt, "officers": officers, "regiments": regiments, "ships": ships}


def snapshot(s) -> dict:
    return {"balance": int(s.balance), "debt": int(s.debt), "standing": int(s.standing),
            "treasuries": [int(x) for x in s.treasury], "open_orders": int((s.order_state == 0).sum()),
            "ships": int((s.ship_zone >= 0).sum() + s.company_ships.sum() + s.extra_ships.sum()),
            "expenses": expense_parts(s)}


def make_policy(name):
    bot = CrownBot()
    if name in ("random", "solo-random"):
        def pol(game, who, rng):
            if name == "solo-random" and who == "crown":
                return bot(game, who)
            return rng.choice(game.legal_actions())
        return pol
    if name in ("crown", "solo-crown"):
        return lambda game, who, rng: bot(game, who)
    if name in ("sensible", "solo-sensible"):
        sb = _sensible_class()()
        if name == "solo-sensible":
            return lambda game, who, rng: bot(game, who) if who == "crown" else sb(game, who)
        return lambda game, who, rng: sb(game, who)
    if name.startswith("random+"):
        # random play except the decisions of the named groups, which the sensible script answers
        sb = _sensible_class()()
        keys = set().union(*(ABLATION_GROUPS[g] for g in name[len("random+"):].split("+")))

        def pol(game, who, rng):
            if _key(game) in keys:
                return sb(game, who)
            return rng.choice(game.legal_actions())
        return pol
    raise ValueError(name)


# decision groups for ``random+<group>[+<group>...]`` policies (which decisions matter for the Company)
ABLATION_GROUPS = {
    "chairman": {"chairman_debt_chosen", "chairman_more_debt", "chairman_allocated"},
    "trade": {"trade_chosen", "trade_declared", "trade_dice", "trade_order", "trade_writer"},
    "shipping": {"mos_chosen", "mos_fit_ship", "mos_zone"},
    "dividends": {"revenue_dividends"},
    "family": {"family_action_chosen", "family_writer_placed", "family_share_placed"},
    "envoy": {"dot_menu_chosen", "dot_envoy_dice", "dot_envoy_target"},
    "commander": {"commander_chosen", "deploy_target", "deploy_count", "deploy_alliance", "alliance_chosen",
                  "pres_position"},
}


def play(families, seed, policy, crown=False, limit=50000):
    """One game; returns its record (result, per-turn ledger, per-phase snapshots)."""
    options = {"families": families}
    if crown:
        options["crown"] = True
    g = new_game("1710", seed=seed, options=options, log=True)
    rng = random.Random(seed)
    _TURN[0] = 1
    ledger = defaultdict(Counter)          # turn -> category -> £
    snaps = {}                             # (turn, phase) -> snapshot at the first decision seen in it
    seen_log = 0
    n = 0
    while not g.is_over():
        s = g.state
        snaps.setdefault((s.turn, s.phase), snapshot(s))
        before = (int(s.balance), int(s.debt), int(s.standing), s.turn, s.phase)
        key = _key(g)
        a = policy(g, g.current_player(), rng)
        g.apply(a)
        n += 1
        if n > limit:
            raise RuntimeError("game does not end")
        delta = int(g.state.balance) - before[0]
        cat = SOURCES.get(key, f"{before[4]}:{key}")
        if delta and before[4] == g.state.phase == "operations" and cat != "trade":
            ledger[before[3]][("+" if delta > 0 else "-") + cat] += abs(delta)
        entries = g.log.entries if hasattr(g.log, "entries") else list(g.log)
        for e in entries[seen_log:]:
            _read_note(e, ledger)
        seen_log = len(entries)
    r = g.result()
    return {"result": r, "ledger": ledger, "snaps": snaps, "decisions": n, "turn": g.state.turn,
            "failed": r.get("reason") == "Company failure", "standing": int(g.state.standing)}


STRIDE = 2 ** 32
_NUM = re.compile(r"-?\d+")
_TURN = [1]


def _read_note(e, ledger):
    kind, text = e.get("kind"), e.get("text", "")
    if kind == "phase":
        m = re.match(r"Turn (\d+):", text)
        if m:
            _TURN[0] = int(m.group(1))
        return
    t = _TURN[0]
    m = re.search(r"\+£(\d+) to the Balance", text)
    if m:
        ledger[t]["+trade (orders filled)"] += int(m.group(1))
    m = re.search(r"Trade in China: Balance \+£(\d+)", text)
    if m:
        ledger[t]["+china"] += int(m.group(1))
    if kind == "revenue" or "Standing" in text:
        if text.startswith("Expenses £"):
            ledger[t]["expenses due"] += int(_NUM.findall(text)[0])
        elif "emergency loan" in text:
            ledger[t]["emergency loans (count)"] += int(_NUM.findall(text)[0])
        elif "dividend(s) paid" in text:
            ledger[t]["-dividends"] += int(text.split("£")[1])
        m = re.search(r"Standing -(\d+) \(([^)]*)\)", text)
        if m:
            ledger[t][f"standing -({m.group(2)})"] += int(m.group(1))
        if "Public enthusiasm" in text:
            ledger[t]["standing +(enthusiasm)"] += 1


def run(families, seeds, policy_name, crown=False):
    pol = make_policy(policy_name)
    return [play(families, seed, pol, crown=crown) for seed in seeds]


def summary(games) -> dict:
    fail = [g for g in games if g["failed"]]
    turns = Counter(g["turn"] for g in fail)
    return {"games": len(games), "failed": len(fail), "fail_turns": dict(sorted(turns.items())),
            "incomplete": sum(1 for g in games if not g["result"].get("complete"))}


def report(games, out=sys.stdout) -> None:
    sm = summary(games)
    print(f"  Company failed {sm['failed']}/{sm['games']}; turn of failure {sm['fail_turns']}; "
          f"incomplete {sm['incomplete']}", file=out)
    max_turn = max(g["turn"] for g in games)
    for t in range(1, max_turn + 1):
        alive = [g for g in games if (t, "family") in g["snaps"] or (t, "operations") in g["snaps"]]
        if not alive:
            continue
        print(f"  turn {t} ({len(alive)} games reach it):", file=out)
        for ph in PHASES:
            rows = [g["snaps"][(t, ph)] for g in games if (t, ph) in g["snaps"]]
            if not rows:
                continue
            avg = lambda k: sum(r[k] for r in rows) / len(rows)
            ex = {k: sum(r["expenses"][k] for r in rows) / len(rows) for k in rows[0]["expenses"]}
            tre = [sum(r["treasuries"][i] for r in rows) / len(rows) for i in range(5)]
            print(f"    {ph:14s} n={len(rows):3d} balance {avg('balance'):5.1f} debt {avg('debt'):4.1f} standing "
                  f"{avg('standing'):4.2f} open orders {avg('open_orders'):4.1f} ships {avg('ships'):4.1f} "
                  f"treasuries DoT/MoS/Bo/Ma/Be " + "/".join(f"{x:.1f}" for x in tre)
                  + "  expenses if paid now " + " ".join(f"{k} {v:.1f}" for k, v in ex.items()), file=out)
        led = Counter()
        for g in alive:
            led.update(g["ledger"].get(t, {}))
        print("    per game: " + ", ".join(f"{k} {v / len(alive):.1f}" for k, v in sorted(led.items())), file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--families", type=int, nargs="+", default=[1, 2, 4, 6])
    ap.add_argument("--policy", nargs="+", default=["random", "crown"])
    ap.add_argument("--detail", action="store_true", help="per-turn ledger")
    ap.add_argument("--stride", type=int, default=STRIDE, help="game i uses seed i * stride (see the docstring)")
    args = ap.parse_args(argv)
    for pol in args.policy:
        for n in args.families:
            crown = pol.startswith("solo")
            if crown and n != 1:
                continue
            games = run(n, [i * args.stride for i in range(args.games)], pol, crown=crown)
            print(f"policy {pol}, {n} families:")
            if args.detail:
                report(games)
            else:
                sm = summary(games)
                print(f"  Company failed {sm['failed']}/{sm['games']}; turn of failure {sm['fail_turns']}; "
                      f"incomplete {sm['incomplete']}")


# --- a simple sensible policy (study only) --------------------------------------------------------------------
def _sensible_class():
    """The Crown bot with the Company's money decisions replaced by a simple cooperative script: seek shares
    while the Company has Debt, keep writers in every Presidency, buy shipyards; the Chairman takes Debt up
    to a £20 budget and funds trade (Presidents' dice first, then ships); the Manager of Shipping fits,
    buys, then leases ships where a Presidency can fill more orders than it has ships; Presidents declare
    regions worth the penalty die and spend up to 5 dice; dividends only when they buy public enthusiasm."""

    def best_fill(game_state, p, declared, k):
        """Value of a greedy fill (highest-value reachable order first) of k ships in ``declared`` regions."""
        s = game_state
        home = PRESIDENCY_HOME_PORT[p]
        if k <= 0 or not fillable(s, p, home, set(declared)):
            return 0
        placed, value = [home], s.data.order_value[home]
        while len(placed) < k:
            opts = {q for o in placed for q in s.data.order_links[o] if q not in placed
                    and fillable(s, p, q, set(declared))}
            if not opts:
                break
            q = max(opts, key=lambda o: s.data.order_value[o])
            placed.append(q)
            value += s.data.order_value[q]
        return value

    def reach_len(s, p):
        home = PRESIDENCY_HOME_PORT[p]
        allowed = set(range(8))
        if not fillable(s, p, home, allowed):
            return 0
        seen, frontier = {home}, [home]
        while frontier:
            o = frontier.pop()
            for q in s.data.order_links[o]:
                if q not in seen and fillable(s, p, q, allowed):
                    seen.add(q)
                    frontier.append(q)
        return min(len(seen), 4)

    def ship_need(s, p):
        if s.office_holder[PRESIDENT[p]] < 0:
            return 0
        return max(0, reach_len(s, p) - ships_in_zone(s, p))

    class SensibleBot(CrownBot):
        name = "sensible"

        def on_family_action_chosen(self, ctx):
            s, me = ctx.state, ctx.slot
            cash = int(s.cash[me])
            free = [i for i in range(5) if s.stock_exchange[i] < 0]
            want = []
            if s.debt > 0 and free and cash >= min(s.data.stock_exchange[i] for i in free) + 2:
                want.append("seek_share")
            if any(int(s.writers[:, p].sum()) == 0 for p in range(3)):
                want.append("enlist_writer")
            if cash >= 4:
                want.append("purchase_shipyard")
            want += ["enlist_writer", "seek_share", "enlist_officer"]
            for act in want:
                a = FAMILY_ACTION0 + FAMILY_ACTION_KEYS.index(act)
                if ctx.has(a):
                    return a
            return None

        def on_family_writer_placed(self, ctx):
            s = ctx.state
            ps = ctx.group("presidency")
            return PRESIDENCY0 + min(ps, key=lambda p: (int(s.writers[:, p].sum()), p)) if ps else None

        def on_family_share_placed(self, ctx):
            s = ctx.state
            opts = ctx.group("stock")
            return STOCK0 + min(opts, key=lambda i: (s.data.stock_exchange[i], -i)) if opts else None

        def seek_debt(self, s, me):
            budget = int(s.balance) + int(s.treasury[2:].sum())
            return max(0, min(3, -(-(22 - budget) // 5)))

        def on_chairman_more_debt(self, ctx):
            return ctx.yes_no(False)

        def on_consent_answer(self, ctx):
            return ctx.yes_no(True)          # cooperative: nepotism, elections, alliance purchases

        def allocation(self, s, k, balance, me=None):
            plan = [0] * 5
            left = balance
            for p in range(3):
                t = PRESIDENT_TREASURY[p]
                if t < k or s.office_holder[PRESIDENT[p]] < 0:
                    continue
                give = min(left, max(0, 6 - int(s.treasury[t])))
                plan[t] += give
                left -= give
            if k <= 0 and self.envoy_wanted(s) is not None:
                give = min(left, max(0, 4 - int(s.treasury[0])))
                plan[0] += give
                left -= give
            if k <= T_MOS:
                need = sum(ship_need(s, p) for p in range(3))
                give = min(left, max(0, 3 * need - int(s.treasury[T_MOS])))
                plan[T_MOS] += give
                left -= give
            # the rest to the Presidents (kept for next turn's dice), the last one takes what is left
            plan[4 if k <= 4 else k] += left
            return plan

        def envoy_wanted(self, s):
            """A closed home port of a Presidency that can trade (outside Company regions), else None."""
            for p in range(3):
                o = PRESIDENCY_HOME_PORT[p]
                if s.order_state[o] == CLOSED and s.control[ORDER_REGION[o]] < 0:
                    return o
            return None

        def on_dot_menu_chosen(self, ctx):
            s = ctx.state
            if self.envoy_wanted(s) is not None and s.treasury[0] >= 2 and ctx.has(PROC["special_envoy"]):
                return PROC["special_envoy"]
            return ctx.done_or(None)

        def on_dot_envoy_dice(self, ctx):
            return ctx.number_for(min(4, int(ctx.state.treasury[0])))

        def on_dot_envoy_target(self, ctx):
            o = self.envoy_wanted(ctx.state)
            if o is not None and ctx.has(ORDER0 + o):
                return ORDER0 + o
            return super().on_dot_envoy_target(ctx)

        def on_mos_chosen(self, ctx):
            s = ctx.state
            need = sum(ship_need(s, p) for p in range(3))
            if need <= 0 and ctx.has(DONE):
                return DONE
            return ctx.first(PROC["fit_ship"], PROC["buy_company_ship"], PROC["lease_extra_ship"], DONE)

        def on_mos_fit_ship(self, ctx):
            return ctx.legal[0]

        def on_mos_zone(self, ctx):
            s = ctx.state
            zones = [z for z in ctx.group("zone") if z < 3]
            if not zones:
                return None
            return ZONE0 + max(zones, key=lambda z: (ship_need(s, z), -ships_in_zone(s, z)))

        def on_trade_chosen(self, ctx):
            return PROC["trade"]

        def on_trade_declared(self, ctx):
            s = ctx.state
            p, declared = ctx.frame["p"], ctx.frame["declared"]
            k = ships_in_zone(s, p)
            money = int(s.treasury[PRESIDENT_TREASURY[p]])
            base = best_fill(s, p, declared, k)
            best, gain = None, 0
            for r in ctx.group("region"):
                g = best_fill(s, p, declared + [r], k) - base
                if g > gain:
                    best, gain = r, g
            if best is not None and gain >= 3 and money >= len(declared) + 3:
                return REGION0 + best
            return DONE

        def on_trade_dice(self, ctx):
            s = ctx.state
            p, declared = ctx.frame["p"], ctx.frame["declared"]
            return ctx.number_for(min(int(s.treasury[PRESIDENT_TREASURY[p]]), len(declared) - 1 + 5))

        def dividends(self, s):
            per = shares(s)
            exp = s.data.expectations[s.standing]
            if per <= 0:
                return 0
            n = exp // per + 1
            return n if n * per <= s.balance else 0

    return SensibleBot


if __name__ == "__main__":
    main()
