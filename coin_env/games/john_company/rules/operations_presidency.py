"""Presidency Operations (RB p.20-24): Bombay, then Madras, then Bengal.

Ordering (RB p.20): the President decides in which order the positions act -- its own Trade, its
Commander, each of its Governors -- each finishing before the next; the Commander and the Governors
must be offered their turn. A vacant President: the Chairman orders the Commander and Governors, and
there is no Trade nor alliance purchase (if the Chairman is vacant too, they act in that order).

Trade (RB p.20-21; President): declare the regions (the home region, plus regions the trade can reach
with the ships in the Presidency's sea zone through open orders; never another President's home
region, RB p.21), then a check with £1 per die from the President's treasury, minus 1 die per
declared region other than the home region. Success: one order per ship, as many as possible: the
home port first, each next one connected to an order filled in this trade; on each a writer from the
Presidency's Writers box (the President picks whose -- a reading, digest §5.4.5) or, once they run
out, a filled-order token. Per order: its value to the Balance, £1 to the President, £1 to the
writer's family. Failure: the President may try again with new money; catastrophic failure vacates
the Presidency. RB-ex p.20 (Madras trade £22) is a test.

Commander (RB p.22-23): first, buy local alliances of this Army with the President's treasury and the
President's explicit consent; then Deploy (repeatable): a target among the home region, the regions
associated with the Presidency and their neighbours (never another President's home region; a
Company region only with a closed order or unrest), a check with 1 die per officer or regiment
exhausted and the strength of each alliance used, minus the target's strength (its whole empire's;
0 for a Company region); every family rolls a die per own officer used, each 6 kills one. Success:
loot (£4 per tower + the faceup loot token, at least surviving officers + 1) shared out in rounds
(Commander £1 + £1 per own officer, then clockwise each family £1 per officer, then £1 to the bank per
regiment and alliance; RB-ex p.23), trophies to the Commander per tower, tower and dome removed
(a capital's flags too), all orders there opened and unrest removed, the region becomes
Company-controlled and associated with this Presidency (its Governor card goes to Vacant Offices),
the Elephant facing out of it moves to its centre. Catastrophic failure: the Commander's family
returns half its trophies (rounded up) and the Commander goes back to supply.
Readings: the loss check is rolled on every Deploy; an alliance is bought at most once a turn.
Alliance requests (RB p.22 lists them as the Commander's first step, Deploy as the next one; the book
says nothing about a refused request): each request names one alliance and is put to the President
once -- a refused alliance cannot be requested again in this Commander's operations (another one of
the Army still can), and once the Commander has deployed no more alliances are requested. Asking the
same President the same question again with nothing changed would only repeat the refusal (and let a
policy that keeps asking loop forever); bargaining for consent is outside the rules engine.

Governors (RB p.23-24): Administer (repeatable) with every die left in the card's pool, no penalty:
success gives £1 (+£1 if the previous Administer roll this turn was not a success) and one of: build
a Company ship (placed in the region; a second one moves it to the Presidency's sea zone),
commission a regiment, tax £2 to the Balance or the President's treasury (every tax after the first
adds 1 unrest); otherwise 1 unrest. The pool shrinks by 1 each time. RB-ex p.24 is a test.
"""

from __future__ import annotations

from ..actions import ALLIANCE0, DONE, FAMILY0, OFFICE0, ORDER0, PROC, REGION0, SOURCE, YES
from ..data import company
from ..queries import (OTHER_HOMES, army_dice, buyable_alliances, fillable, penalty, reach, refillable, targets,
                       tokens_left)
from ..registry import CONTINUATIONS, announce, answers
from ..static import (ALLIANCE_ARMY, ALLIANCE_NAMES, CHAIRMAN, CLOSED, FILLED, GOVERNOR_OF_REGION, N_ALLIANCES,
                      N_REGIONS, OFFICE_NAMES, OPEN, ORDER_REGION, ORDER_TITLES, PRESIDENCY_HOME_PORT,
                      PRESIDENCY_HOME_REGION, PRESIDENCY_NAMES, PRESIDENCY_ZONE, PRESIDENT, PRESIDENT_TREASURY,
                      REGION_NAMES, REGION_OF_GOVERNOR, REGION_ORDERS, SEA_ZONES)
from .blackmail import offer_diplomatic_connection, offer_mercantile_connection
from .checks import CATASTROPHE, SUCCESS, roll_check
from .common import ask_number, ask_yes_no, clockwise_from, key, name, vacate
from .consent import seek_consent
from .firms_trade import company_value, interleave, presidency_begins

TRADE_REGULATIONS, WRITER_PRIVILEGES, WRITER_GRAFT_REFORM, TREASURE_REFORM, ZAMINDAR_TAXES = 40, 45, 48, 42, 41


# --- ordering the positions ----------------------------------------------------------------------------
# each Presidency's Commander position (its source action)
COMMANDER_POSITION = tuple(SOURCE[f"commander{p}"] for p in range(3))


def positions(s, p) -> list[int]:
    holder = s.office_holder.tolist()       # lists: each array is read once (element reads of arrays are slow)
    out = []
    if holder[PRESIDENT[p]] >= 0:
        out.append(PROC["trade"])
    if s.commander.item(p) >= 0:
        out.append(COMMANDER_POSITION[p])
    control = s.control.tolist()            # the offices only where the region is the Presidency's
    exists = None
    for r in range(N_REGIONS):
        if control[r] != p:
            continue
        g = GOVERNOR_OF_REGION[r]
        if exists is None:
            exists = s.office_exists.tolist()
        if exists[g] and holder[g] >= 0:
            out.append(OFFICE0 + g)
    return out


def start(game, p: int) -> None:
    presidency_begins(game, p)          # firms' checks first (RB p.40; their late fills run after the positions)
    game.after("pres_next", p=p, left=positions(game.state, p))


@CONTINUATIONS.register
def pres_next(game, frame, _):
    s = game.state
    p = frame["p"]
    valid = set(positions(s, p))
    left = [x for x in frame["left"] if x in valid]
    if not left:
        return
    orderer = s.office_holder.item(PRESIDENT[p])
    if orderer < 0:
        orderer = s.office_holder.item(CHAIRMAN)
    if orderer >= 0 and len(left) > 1:
        game.choose(key(orderer), f"Presidency of {PRESIDENCY_NAMES[p]}: who acts next?", left, "pres_position",
                    p=p, left=left)
        announce(game, "crown_decision", "decide_pres_order")     # solo: HB Presidency operations, -1
        return
    _run_position(game, p, left[0], left[1:])


@CONTINUATIONS.register
def pres_position(game, frame, action):
    left = [x for x in frame["left"] if x != action]
    _run_position(game, frame["p"], action, left)


def _run_position(game, p, position, left):
    game.after("pres_next", p=p, left=left)
    if position == PROC["trade"]:
        trade_menu(game, p)
    elif position == COMMANDER_POSITION[p]:
        commander_menu(game, p)
    else:
        governor_menu(game, position - OFFICE0, pool=None, taxes=0, last_success=None)


# --- Trade -------------------------------------------------------------------------------------------------
def ships_in_zone(s, z) -> int:
    return s.ship_zone.tolist().count(z) + s.company_ships.item(z) + s.extra_ships.item(z)


def can_trade(game, p) -> bool:
    s = game.state
    return (s.treasury[PRESIDENT_TREASURY[p]] >= 1 and ships_in_zone(s, PRESIDENCY_ZONE[p]) >= 1
            and bool(reach(game, p, {PRESIDENCY_HOME_REGION[p]})))


def trade_menu(game, p):
    s = game.state
    president = int(s.office_holder[PRESIDENT[p]])
    if president < 0 or not can_trade(game, p):
        return
    game.choose(key(president), f"President of {PRESIDENCY_NAMES[p]} {name(president)}: Trade (treasury "
                f"£{int(s.treasury[PRESIDENT_TREASURY[p]])}, {ships_in_zone(s, PRESIDENCY_ZONE[p])} ships) or done?",
                [PROC["trade"], DONE], "trade_chosen", p=p)
    announce(game, "procedure_window", "trade", president, p=p)       # solo: HB President, -1 required dice


@CONTINUATIONS.register
def trade_chosen(game, frame, action):
    if action == PROC["trade"]:
        _declare(game, frame["p"], [PRESIDENCY_HOME_REGION[frame["p"]]])


def _declarable(game, p, declared) -> list[int]:
    s = game.state
    k = ships_in_zone(s, PRESIDENCY_ZONE[p])
    money = int(s.treasury[PRESIDENT_TREASURY[p]])
    if money < len(declared) + 1:
        return []
    states = s.order_state.tolist()          # one read for every region's search (the orders do not change here)
    if PRESIDENCY_HOME_REGION[p] in declared:
        nearest = nearest_new_orders(game, p, declared, states)
        return [r for r in range(N_REGIONS) if r not in declared and nearest.get(r, 99) <= k]
    out = []
    for r in range(N_REGIONS):               # the home region undeclared: a trade may start in the region added
        if r in declared:
            continue
        dist = reach(game, p, set(declared) | {r}, states)
        if any(dist.get(o, 99) <= k for o in REGION_ORDERS[r]):
            out.append(r)
    return out


def nearest_new_orders(game, p, declared, states) -> dict[int, int]:
    """Undeclared region -> the fewest fills reaching one of its orders once it is declared too (the home region
    declared): a trade (RB p.20) first enters it from an order reachable in the ``declared`` regions, so its nearest
    order is one linked to such an order -- one search of the declared regions instead of one per region."""
    s = game.state
    allowed = set(declared)
    links = game.data.order_links
    barred = OTHER_HOMES[p]
    nearest = {}
    for q, d in reach(game, p, allowed, states).items():
        for o in links[q]:
            r = ORDER_REGION[o]
            if r in allowed or r in barred or nearest.get(r, 99) <= d + 1:
                continue
            if states[o] == OPEN or refillable(s, states, o):
                nearest[r] = d + 1
    return nearest


def _declare(game, p, declared):
    s = game.state
    president = int(s.office_holder[PRESIDENT[p]])
    options = [REGION0 + r for r in _declarable(game, p, declared)]
    if not options:
        _ask_trade_dice(game, p, declared)
        return
    game.choose(key(president), f"Trade: declare another region (declared: "
                f"{', '.join(REGION_NAMES[r] for r in declared)}) or done", options + [DONE], "trade_declared",
                p=p, declared=declared)


@CONTINUATIONS.register
def trade_declared(game, frame, action):
    if action == DONE:
        _ask_trade_dice(game, frame["p"], frame["declared"])
        return
    _declare(game, frame["p"], frame["declared"] + [action - REGION0])


def _ask_trade_dice(game, p, declared):
    s = game.state
    president = int(s.office_holder[PRESIDENT[p]])
    penalty = len(declared) - 1
    ask_number(game, president, f"Trade: pay for how many dice (£1 each, {penalty} removed as penalty)?",
               penalty + 1, int(s.treasury[PRESIDENT_TREASURY[p]]), "trade_dice", p=p, declared=declared)


@CONTINUATIONS.register
def trade_dice(game, frame, value):
    s = game.state
    p, declared = frame["p"], frame["declared"]
    s.treasury[PRESIDENT_TREASURY[p]] -= value
    dice = value - (len(declared) - 1)
    _, result, rolled = roll_check(game, dice, f"Trade of {PRESIDENCY_NAMES[p]}")
    if offer_mercantile_connection(game, p, declared, dice, result):   # a reroll may be forced (rules/blackmail.py)
        return
    trade_resolve(game, p, declared, result, successes=sum(1 for d in rolled if d <= 2))


@answers("trade_checked")
def trade_resolve(game, p, declared, result, successes=1) -> None:
    """The Trade check's outcome (RB p.20); also the point "trade_checked" after a Mercantile Connection reroll
    (rules/blackmail.py). ``successes``: the check's dice of 1-2, the Company's initiative against firms (RB p.40;
    after a reroll read as 1)."""
    s = game.state
    if result == CATASTROPHE:
        vacate(game, PRESIDENT[p])
        return
    if result == SUCCESS:
        k = ships_in_zone(s, PRESIDENCY_ZONE[p])
        if interleave(game, p, declared, k, successes):     # firms of this Presidency fill by initiative
            return
        _fill_next(game, p, declared, placed=[], k=k)
        return
    trade_menu(game, p)


def _fill_options(game, p, declared, placed) -> list[int]:
    s = game.state
    if not placed:
        home = PRESIDENCY_HOME_PORT[p]
        return [home] if fillable(s, p, home, set(declared)) else []
    links = game.data.order_links
    return sorted({q for o in placed for q in links[o] if fillable(s, p, q, set(declared))})


@CONTINUATIONS.register
def firms_company_fill(game, frame, _):
    """Deregulation (RB p.37; rules/firms_trade.py): the Company's orders are filled after the early firms'."""
    _fill_next(game, frame["p"], frame["declared"], placed=[], k=frame["k"])


def _fill_next(game, p, declared, placed, k):
    s = game.state
    options = _fill_options(game, p, declared, placed) if len(placed) < k else []
    if not options:
        if game.keeps_log:
            game.log_note("operations", f"Trade of {PRESIDENCY_NAMES[p]} fills {len(placed)} orders")
        return
    president = int(s.office_holder[PRESIDENT[p]])
    game.choose(key(president), f"Trade: fill which order ({len(placed)} of {k} ships used)?",
                [ORDER0 + o for o in options], "trade_order", p=p, declared=declared, placed=placed, k=k)


@CONTINUATIONS.register
def trade_order(game, frame, action):
    s = game.state
    p, o = frame["p"], action - ORDER0
    writers = s.writers.tolist()
    fams = [f for f in s.seats if writers[f][p] > 0]
    data = dict(p=p, declared=frame["declared"], placed=frame["placed"], k=frame["k"], order=o)
    if len(fams) > 1:
        president = int(s.office_holder[PRESIDENT[p]])
        game.choose(key(president), f"Trade: whose writer fills order {ORDER_TITLES[o]}?",
                    [FAMILY0 + f for f in fams], "trade_writer", **data)
        announce(game, "procedure_window", "trade_writer", president, p=p)    # solo: HB President 3, -1
        return
    _fill(game, data, fams[0] if fams else -1)


@CONTINUATIONS.register
def trade_writer(game, frame, action):
    _fill(game, {k: frame[k] for k in ("p", "declared", "placed", "k", "order")}, action - FAMILY0)


def _fill(game, data, fam):
    s = game.state
    p, o = data["p"], data["order"]
    value = company_value(game, o)          # half for an order a firm filled this turn (RB p.40)
    s.order_state[o] = FILLED
    s.order_writer[o] = fam
    s.order_presidency[o] = p
    s.balance += value
    president = int(s.office_holder[PRESIDENT[p]])
    if TRADE_REGULATIONS in s.laws_in_force:
        s.balance += 1
    else:
        s.cash[president] += 1
    if fam >= 0:
        s.writers[fam, p] -= 1
        announce(game, "writer_placed", president, fam)      # solo: HB President, +1 per Crown writer
        bonus = 2 if WRITER_PRIVILEGES in s.laws_in_force else 1
        if WRITER_GRAFT_REFORM in s.laws_in_force:
            s.balance += bonus
        else:
            s.cash[fam] += bonus
    if game.keeps_log:
        game.log_note("operations", f"Order {ORDER_TITLES[o]} filled by " + (f"{name(fam)}'s writer" if fam >= 0
                      else "a filled-order token") + f": +£{value} to the Balance")
    _fill_next(game, p, data["declared"], data["placed"] + [o], data["k"])


# --- Commander ------------------------------------------------------------------------------------------------
def commander_menu(game, p, refused=(), deployed=False):
    """The Commander's next step: alliance requests come first (never after a Deploy, nor again for an
    alliance the President refused, RB p.22 -- a reading), then Deploy, or done."""
    s = game.state
    c = int(s.commander[p])
    if c < 0:
        return
    refused = sorted(refused)
    options = []
    if not deployed and buyable_alliances(s, p, refused):
        options.append(PROC["buy_alliance"])
    dice = army_dice(s, p)
    if any(dice > penalty(s, r) for r in targets(s, p)):
        options.append(PROC["deploy"])
    if not options:
        return
    game.choose(key(c), f"Commander of the {PRESIDENCY_NAMES[p]} Army {name(c)}: buy an alliance, Deploy, or done",
                options + [DONE], "commander_chosen", p=p, refused=refused)
    announce(game, "procedure_window", "commander", c, p=p, deployed=deployed)    # solo: HB Commander 3-4


@CONTINUATIONS.register
def commander_chosen(game, frame, action):
    s = game.state
    p = frame["p"]
    c = int(s.commander[p])
    if action == DONE:
        return
    if action == PROC["buy_alliance"]:
        refused = frame.get("refused", [])
        game.choose(key(c), "Buy which local alliance (from the President's treasury)?",
                    [ALLIANCE0 + i for i in buyable_alliances(s, p, refused)], "alliance_chosen", p=p,
                    refused=refused)
        announce(game, "alliance_decision", frame)        # solo: HB Commander 1, the alliance favours
        return
    dice = army_dice(s, p)
    game.choose(key(c), "Deploy against which region?",
                [REGION0 + r for r in targets(s, p) if dice > penalty(s, r)], "deploy_target", p=p)
    announce(game, "crown_decision", "decide_deploy")         # solo: HB Commander, -2


@CONTINUATIONS.register
def alliance_chosen(game, frame, action):
    s = game.state
    p, i = frame["p"], action - ALLIANCE0
    refused = frame.get("refused", [])
    president, c = int(s.office_holder[PRESIDENT[p]]), int(s.commander[p])
    if president == c:
        _buy_alliance(game, p, i, refused)
        return
    seek_consent(game, [president], [1], 0, 1, "{family} (President): consent to the purchase of "
                 f"{ALLIANCE_NAMES[i]} for £{s.data.alliances[i][0]}?", "alliance_consent",
                 dict(p=p, i=i, refused=refused), about="alliance", requester=c)


@CONTINUATIONS.register
def alliance_consent(game, frame, granted):
    refused = frame.get("refused", [])
    if granted:
        _buy_alliance(game, frame["p"], frame["i"], refused)
    else:                       # the request is spent: this alliance is not requested again (RB p.22, a reading)
        commander_menu(game, frame["p"], refused=list(refused) + [frame["i"]])


def _buy_alliance(game, p, i, refused=()):
    s = game.state
    s.treasury[PRESIDENT_TREASURY[p]] -= s.data.alliances[i][0]
    s.alliance_active[i] = 1
    game.log_note("operations", f"{ALLIANCE_NAMES[i]} joins the {PRESIDENCY_NAMES[p]} Army")
    commander_menu(game, p, refused=refused)


@CONTINUATIONS.register
def deploy_target(game, frame, action):
    s = game.state
    p, r = frame["p"], action - REGION0
    items = [f"alliance{i}" for i in range(N_ALLIANCES) if ALLIANCE_ARMY[i] == p and s.alliance_active[i] == 1]
    if s.regiments[p, 0] > 0:
        items.append("regiments")
    items += [f"officers{f}" for f in s.seats if s.officers[f, p, 0] > 0]
    _deploy_pick(game, p, r, items, {}, 0)


def _item_max(s, p, item) -> int:
    if item.startswith("alliance"):
        return s.data.alliances[int(item[8:])][1]
    if item == "regiments":
        return int(s.regiments[p, 0])
    return int(s.officers[int(item[8:]), p, 0])


def _deploy_pick(game, p, r, items, chosen, total):
    s = game.state
    need = penalty(s, r) + 1
    c = int(s.commander[p])
    if not items:
        _deploy_roll(game, p, r, chosen, total)
        return
    item, rest = items[0], items[1:]
    later = sum(_item_max(s, p, x) for x in rest)
    hi = _item_max(s, p, item)
    lo = max(0, need - total - later)
    if item.startswith("alliance"):
        i = int(item[8:])
        if lo > 0:
            game.after("deploy_resume", p=p, r=r, items=rest, chosen=dict(chosen, **{item: 1}), total=total + hi)
            return
        ask_yes_no(game, c, f"Deploy against {REGION_NAMES[r]} (strength {need - 1}): use {ALLIANCE_NAMES[i]} "
                   f"(strength {hi})?", "deploy_alliance", p=p, r=r, items=rest, chosen=chosen, total=total,
                   item=item, hi=hi)
        return
    what = "regiments" if item == "regiments" else f"{name(int(item[8:]))}'s officers"
    ask_number(game, c, f"Deploy against {REGION_NAMES[r]} (strength {need - 1}, {total} dice so far): exhaust how "
               f"many {what}?", lo, hi, "deploy_count", p=p, r=r, items=rest, chosen=chosen, total=total, item=item)


@CONTINUATIONS.register
def deploy_resume(game, frame, _):
    _deploy_pick(game, frame["p"], frame["r"], frame["items"], frame["chosen"], frame["total"])


@CONTINUATIONS.register
def deploy_alliance(game, frame, action):
    chosen, total = dict(frame["chosen"]), frame["total"]
    if action == YES:
        chosen[frame["item"]] = 1
        total += frame["hi"]
    _deploy_pick(game, frame["p"], frame["r"], frame["items"], chosen, total)


@CONTINUATIONS.register
def deploy_count(game, frame, value):
    chosen = dict(frame["chosen"])
    if value:
        chosen[frame["item"]] = value
    _deploy_pick(game, frame["p"], frame["r"], frame["items"], chosen, frame["total"] + value)


def _deploy_roll(game, p, r, chosen, total):
    if announce(game, "swap_window", p, r, chosen, total):     # solo: HB Commander 3, -X swap before rolling
        return
    deploy_roll(game, p, r, chosen, total)


def deploy_roll(game, p, r, chosen, total):
    s = game.state
    pen = penalty(s, r)
    _, result, _ = roll_check(game, total - pen, f"Deploy against {REGION_NAMES[r]}")
    if offer_diplomatic_connection(game, p, r, chosen, total, total - pen, result):   # rules/blackmail.py
        return
    deploy_after_roll(game, p, r, chosen, total, result)


@answers("deploy_checked")
def deploy_after_roll(game, p, r, chosen, total, result) -> None:
    """Deploy steps after the check (RB p.22): exhaust the pieces used, loss checks, then the outcome; also the
    point "deploy_checked" after a Diplomatic Connection reroll (rules/blackmail.py)."""
    s = game.state
    c = int(s.commander[p])
    # exhaust what was used
    survivors = {}
    regiments = alliances = 0
    for item, n in chosen.items():
        if item.startswith("alliance"):
            s.alliance_active[int(item[8:])] = 2
            alliances += 1
        elif item == "regiments":
            s.regiments[p, 0] -= n
            s.regiments[p, 1] += n
            regiments = n
    for f in clockwise_from(s, c):                       # loss check: a die per own officer, 6 kills
        n = chosen.get(f"officers{f}", 0)
        if not n:
            continue
        dead = sum(1 for _ in range(n) if s.rng.die(6, f"loss check for {name(f)}'s officer") == 6)
        s.officers[f, p, 0] -= n
        s.officers[f, p, 1] += n - dead
        s.supply[f] += dead
        survivors[f] = n - dead
        if dead:
            game.log_note("operations", f"{name(f)} loses {dead} officer(s) in the loss check")
    if result == SUCCESS:
        announce(game, "deploy_succeeded", c, r, chosen)     # solo: HB Commander, your +1 boxes
        _deploy_success(game, p, r, c, survivors, regiments + alliances)
    elif result == CATASTROPHE:
        lost = (int(s.trophies[c]) + 1) // 2
        s.trophies[c] -= lost
        s.commander[p] = -1
        s.supply[c] += 1
        game.log_note("operations", f"Deploy catastrophe: {name(c)}'s Commander returns home, {lost} trophies lost")
        return
    commander_menu(game, p, deployed=True)        # Deploy again or done: alliances come first (RB p.22)


def _deploy_success(game, p, r, c, survivors, bank_units):
    s = game.state
    towers = int(s.strength[r])
    loot = 4 * towers + (game.data.loot[r] if s.loot_faceup[r] else 0)
    loot = max(loot, sum(survivors.values()) + 1)
    if TREASURE_REFORM in s.laws_in_force:
        s.balance += loot
    else:
        units = [c] * (1 + survivors.get(c, 0))
        for f in clockwise_from(s, c)[1:]:
            units += [f] * survivors.get(f, 0)
        units += [-1] * bank_units
        cash, i = loot, 0
        while cash > 0:
            who = units[i % len(units)]
            if who >= 0:
                s.cash[who] += 1
            cash -= 1
            i += 1
    s.trophies[c] += towers
    if s.control[r] < 0:
        cap = int(s.flag[r])
        if cap == r:                                     # a capital: its empire's flags go
            for x in range(N_REGIONS):
                if s.flag[x] == r:
                    s.flag[x] = -1
        s.flag[r] = -1
        s.strength[r] = 0
        s.dome[r] = 0
        s.loot_faceup[r] = 0
        s.control[r] = p
        s.office_exists[GOVERNOR_OF_REGION[r]] = 1
        game.log_note("operations", f"{REGION_NAMES[r]} becomes Company-controlled ({PRESIDENCY_NAMES[p]})")
    for o in REGION_ORDERS[r]:
        if s.order_state[o] == CLOSED:
            s.order_state[o] = OPEN
    s.unrest[r] = 0
    if s.elephant["region"] == REGION_NAMES[r] and s.elephant["facing"] is not None:
        s.elephant = {"region": REGION_NAMES[r], "facing": None}
    if game.keeps_log:
        game.log_note("operations", f"Deploy succeeds in {REGION_NAMES[r]}: loot £{loot}, {towers} trophies")


# --- Governors ------------------------------------------------------------------------------------------------
def governor_menu(game, g, pool, taxes, last_success):
    s = game.state
    holder = int(s.office_holder[g])
    if holder < 0:
        return
    r = REGION_OF_GOVERNOR[g]
    if pool is None:
        pool = game.data.governor_dice[r] + (1 if ZAMINDAR_TAXES in s.laws_in_force else 0)
    if pool <= 0:
        return
    game.choose(key(holder), f"{OFFICE_NAMES[g]} {name(holder)}: Administer with {pool} dice, or done?",
                [PROC["administer"], DONE], "governor_chosen", g=g, pool=pool, taxes=taxes,
                last_success=last_success)
    announce(game, "procedure_window", "governor", holder, g=g, first=last_success is None)    # solo: HB Governor


@CONTINUATIONS.register
def governor_chosen(game, frame, action):
    if action == DONE:
        return
    s = game.state
    g, pool = frame["g"], frame["pool"]
    r = REGION_OF_GOVERNOR[g]
    holder = int(s.office_holder[g])
    _, result, _ = roll_check(game, pool, f"Administer in {REGION_NAMES[r]}")
    data = dict(g=g, pool=pool - 1, taxes=frame["taxes"], last_success=result == SUCCESS)
    if result != SUCCESS:
        s.unrest[r] += 2 if ZAMINDAR_TAXES in s.laws_in_force else 1
        if result == CATASTROPHE:
            vacate(game, g)
            return
        governor_menu(game, **data)
        return
    s.cash[holder] += 1 + (1 if frame["last_success"] is False else 0)
    options = [PROC["build_ship"], PROC["tax_balance"], PROC["tax_president"]]
    if company.REGIMENTS[0] - int(s.regiments.sum()) > 0:
        options.insert(1, PROC["commission_regiment"])
    if not s.region_company_ship[r] and tokens_left(s) <= 0:
        options.remove(PROC["build_ship"])
    game.choose(key(holder), f"{OFFICE_NAMES[g]}: Administer succeeds; choose its result", options,
                "governor_result", **data)
    announce(game, "result_decision", "decide_governor_result")       # solo: HB Governor, -2


@CONTINUATIONS.register
def governor_result(game, frame, action):
    s = game.state
    g = frame["g"]
    r = REGION_OF_GOVERNOR[g]
    p = int(s.control[r])
    taxes = frame["taxes"]
    if action == PROC["build_ship"]:
        if s.region_company_ship[r]:
            s.region_company_ship[r] = 0
            s.company_ships[PRESIDENCY_ZONE[p]] += 1
            game.log_note("operations", f"Company ship launched into the {SEA_ZONES[PRESIDENCY_ZONE[p]]}")
            announce(game, "governor_placed", int(s.office_holder[g]), "ship", p)     # solo: HB Governor, +1
        else:
            s.region_company_ship[r] = 1
            game.log_note("operations", f"Company ship under construction in {REGION_NAMES[r]}")
    elif action == PROC["commission_regiment"]:
        s.regiments[p, 0] += 1
        announce(game, "governor_placed", int(s.office_holder[g]), "regiment", p)     # solo: HB Governor, +1
    else:
        if action == PROC["tax_balance"]:
            s.balance += 2
        else:
            s.treasury[PRESIDENT_TREASURY[p]] += 2
            announce(game, "governor_placed", int(s.office_holder[g]), "tax", p)      # solo: HB Governor, +1
        if taxes >= 1:
            s.unrest[r] += 1
        taxes += 1
    governor_menu(game, g, frame["pool"], taxes, frame["last_success"])

