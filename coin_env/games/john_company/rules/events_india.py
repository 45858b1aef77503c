"""VII. Events in India (RB p.28-33).

1. The storm die (RB p.28): its face gives the number of events and the sea zones hit by storms. In a
   storm every family-owned ship there (China ships count as East Indian, RB p.25; firm ships in their strategy's
   zone, Hobnob ones never, RB p.42, rules/firms.py) rolls a die: 1-2
   nothing, 3-4 fatigued (a fatigued ship sinks), 5-6 sinks; a sunk ship returns to its shipyard.
2. Events: flip the top tile and resolve it; its location is usually the region pictured on the back
   of the new top tile (RB p.28). Writer loss and Cascade when orders close (RB p.28).
   Turmoil, Windfall, Shuffle, Leader, Peace, Crisis, Foreign Invasion (RB p.28-33), the Elephant's
   March (RB p.30), Crisis resolution: invasion, rebellion, attacks against the Company with the
   additional rebellions in every other Company region with unrest (Bombay's Commander first), the
   Army's defence, Region Loss with its five steps and Company humiliation (RB p.29).
Company failure during this phase ends the game once the phase is finished (RB p.8).

Readings and reconstructions (digest §5.7, §11 G24), each marked where it is coded:
* "close an order" takes a filled order too (its writer goes home; a filled-order token flips closed);
* an empty draw stack is refilled by shuffling the discards (the rules say nothing);
* the defending Commander picks the pieces it exhausts, one at a time while the kinds left differ
  (``events_defence``; a Crown Commander's are picked by the family, Crown Handbook); an Army without a
  Commander, or one that cannot hold, exhausts regiments, then alliances, then officers (the Commander's
  family last) -- a reading;
* a Leader's rebellion against the Company is one attack (no additional rebellions);
* the Elephant facing a region's sovereign that is not adjacent still faces that capital.
"""

from __future__ import annotations

from ..actions import ALLIANCE0, FAMILY0, PROC
from ..data import map as mapdata
from ..data.cards import EVENT_TILES
from ..queries import elephant_position
from ..registry import CONTINUATIONS, announce, implements
from ..static import (ALLIANCE_ARMY, CHINA, CLOSED, CROWN, GOVERNOR_OF_REGION, N_ALLIANCES, N_REGIONS, OPEN,
                      ORDER_NAMES, ORDER_NORTH_RANK, ORDER_REGION, PRESIDENCY_HOME_REGION, PRESIDENCY_NAMES, REGION,
                      REGION_NAMES, REGION_ORDERS, SEA_ZONES, SHIP_NAMES)
from .blackmail import ENVOY_TO_THE_MUGHALS, SCANDAL_IN_INDIA, SCANDAL_ON_LEADENHALL_STREET, offer
from .common import clockwise_from, key, name
from .firms import storm_firm_ships
from .stops import STORM_DIE, paused

TILES = {t[0]: (t[1], REGION[t[2]], t[3], t[4]) for t in EVENT_TILES}
SEPOY_RECRUITMENT = 38


@implements("events")
def start(game) -> None:
    game.after("events_begin")
    offer(game, SCANDAL_IN_INDIA)                  # the Scandals: after Revenue (rules/blackmail.py)
    offer(game, SCANDAL_ON_LEADENHALL_STREET)
    offer(game, ENVOY_TO_THE_MUGHALS)              # before Events in India (rules/blackmail.py)


@CONTINUATIONS.register
def events_begin(game, frame, _):
    if paused(game, STORM_DIE, {"fn": "events_begin"}):       # a position's stop_at (stops.py)
        return
    s = game.state
    s.regions_lost = 0
    face = s.rng.die(6, "storm die") - 1
    events, zones, _ = mapdata.STORM_DIE[face]
    if game.keeps_log:
        game.log_note("events", f"Storm die: {events} events" + (f", storms in {', '.join(zones)}" if zones else ""))
    for z in zones:
        storm(game, SEA_ZONES.index(z))
    game.after("events_tile", left=events)


@CONTINUATIONS.register
def events_tile(game, frame, _):
    """The next event tile; once all are resolved, a failed Company ends the game (RB p.8)."""
    s = game.state
    if s.over:
        return
    if frame["left"] <= 0:
        if s.company_failed:
            announce(game, "game_ends", failed=True)         # Final Scoring (rules/final_scoring.py)
        return
    game.after("events_tile", left=frame["left"] - 1)
    resolve_next_tile(game)


# --- storms ------------------------------------------------------------------------------------------------
def storm(game, z: int) -> None:
    s = game.state
    zones = (z, CHINA) if z == 2 else (z,)
    at, owner = s.ship_zone.tolist(), s.shipyard_owner.tolist()       # a ship's own entry changes after its read
    for ship in range(len(SHIP_NAMES)):
        if at[ship] in zones and owner[ship] >= 0:
            roll = s.rng.die(6, f"storm: the {SHIP_NAMES[ship]}")
            if roll >= 5 or (roll >= 3 and s.ship_fatigued[ship]):
                s.ship_zone[ship] = -1
                s.ship_fatigued[ship] = 0
                game.log_note("events", f"The {SHIP_NAMES[ship]} sinks and returns to its shipyard")
            elif roll >= 3:
                s.ship_fatigued[ship] = 1
    storm_firm_ships(game, zones)           # firm ships sail in their strategy's zone (RB p.42)


# --- the draw stack ---------------------------------------------------------------------------------------
def top_region(s) -> int | None:
    return TILES[s.event_stack[-1]][1] if s.event_stack else None


def draw(game) -> int:
    s = game.state
    if not s.event_stack:                   # reconstructed: the rules do not say (digest G24)
        s.event_stack = list(s.event_discards)
        s.event_discards = []
        s.rng.shuffle(s.event_stack)
    return s.event_stack.pop()


def resolve_next_tile(game) -> None:
    s = game.state
    tile = draw(game)
    kind, _, shape, mod = TILES[tile]
    where = top_region(s)
    if game.keeps_log:
        game.log_note("events", f"Event tile {tile}: {kind}"
                      + (f" (pictured: {REGION_NAMES[where]})" if where is not None else ""))
    if kind == "Shuffle":
        if s.event_stack:
            march(game, shape)
        s.event_stack.append(tile)
        s.rng.shuffle(s.event_stack)
        discards = list(s.event_discards)
        s.rng.shuffle(discards)
        s.event_discards = []
        s.event_stack.extend(discards)          # the end of the list is the top of the stack
        if len(s.event_stack) == 1 + len(discards) and not discards:
            march(game, shape)
        return
    s.event_discards.append(tile)
    if where is None:
        where = TILES[tile][1]
    if kind == "Turmoil":
        close_in_region(game, where, set())
    elif kind == "Windfall":
        area = {where, *s.data.region_neighbors[where]}
        for o in range(len(ORDER_NAMES)):
            f = int(s.order_writer[o])
            if f >= 0 and ORDER_REGION[o] in area:
                s.cash[f] += 1
    elif kind == "Leader":
        leader(game, where, shape, mod)
    elif kind == "Peace":
        peace(game, shape)
    elif kind == "Crisis":
        crisis(game, shape, mod)
    elif kind == "Foreign Invasion":
        foreign_invasion(game)


# --- orders ------------------------------------------------------------------------------------------------
def close_order(game, o: int) -> None:
    s = game.state
    f = int(s.order_writer[o])
    if f >= 0:
        s.supply[f] += 1                    # writer loss
        s.order_writer[o] = -1
    s.order_state[o] = CLOSED
    s.order_presidency[o] = -1


def close_in_region(game, r: int, cascaded: set) -> None:
    """Close the northernmost order of region r that is not closed; Cascade if all are (RB p.28)."""
    s = game.state
    live = [o for o in REGION_ORDERS[r] if s.order_state[o] != CLOSED]
    if live:
        close_order(game, min(live, key=lambda o: ORDER_NORTH_RANK[o]))
        return
    cascade(game, r, cascaded)


def cascade(game, r: int, cascaded: set) -> None:
    if r in cascaded:
        return
    cascaded.add(r)
    s = game.state
    if game.keeps_log:
        game.log_note("events", f"Cascade from {REGION_NAMES[r]}")
    for o in REGION_ORDERS[r]:
        for q in s.data.order_links[o]:
            if ORDER_REGION[q] == r:
                continue
            if s.order_state[q] != CLOSED:
                close_order(game, q)
            else:
                close_in_region(game, ORDER_REGION[q], cascaded)


def close_all(game, r: int) -> None:
    s = game.state
    live = [o for o in REGION_ORDERS[r] if s.order_state[o] != CLOSED]
    if not live:
        cascade(game, r, set())
    for o in live:
        close_order(game, o)


# --- politics ----------------------------------------------------------------------------------------------
def capital_of(s, r) -> int:
    return int(s.flag[r]) if s.flag[r] >= 0 else r


def sovereign(s, r) -> bool:
    return s.control[r] < 0 and (s.flag[r] < 0 or s.flag[r] == r)


def empire_strength(s, r) -> int:
    cap = int(s.flag[r])
    if cap < 0:
        return int(s.strength[r])
    return int(sum(int(s.strength[x]) for x in range(N_REGIONS) if s.flag[x] == cap))


def add_tower(s, r) -> None:
    if s.control[r] < 0:
        s.strength[r] += 1


def remove_tower(s, r) -> None:
    if s.strength[r] > 0:
        s.strength[r] -= 1


def flags_in_use(s) -> int:
    return len({int(s.flag[x]) for x in range(N_REGIONS) if s.flag[x] >= 0})


# --- the Elephant ------------------------------------------------------------------------------------------
def place_elephant(game, r: int, shape: str | None) -> None:
    game.state.elephant = elephant_position(game.state, r, shape)


def march(game, shape) -> None:
    s = game.state
    r = top_region(s)
    if r is None:
        return
    place_elephant(game, r, shape)
    if game.keeps_log:
        game.log_note("events", f"Elephant's March: {s.elephant['region']}" +
                      (f" facing {s.elephant['facing']}" if s.elephant["facing"] else " (centre)"))


# --- Leader and Peace --------------------------------------------------------------------------------------
def leader(game, r, shape, mod) -> None:
    s = game.state
    if sovereign(s, r):
        add_tower(s, r)
        return
    if s.control[r] >= 0:
        inside = s.elephant["region"] == REGION_NAMES[r] and s.elephant["facing"] is None
        if attack_company(game, r, mod + unrest_value(s, r), attacker=None) and inside:
            march(game, shape)
        return
    rebellion(game, r, int(s.flag[r]), mod)


def peace(game, shape) -> None:
    s = game.state
    a = REGION[s.elephant["region"]]
    facing = s.elephant["facing"]
    if facing is None:
        for o in REGION_ORDERS[a]:
            if s.order_state[o] == CLOSED:
                s.order_state[o] = OPEN
        s.unrest[a] = 0
    else:
        b = REGION[facing]
        for o in REGION_ORDERS[a]:
            for q in s.data.order_links[o]:
                if ORDER_REGION[q] == b:
                    for x in (o, q):
                        if s.order_state[x] == CLOSED:
                            s.order_state[x] = OPEN
        add_tower(s, a)
        add_tower(s, b)
    march(game, shape)


# --- Crises -------------------------------------------------------------------------------------------------
def unrest_value(s, r) -> int:
    return int(s.unrest[r]) * (2 if SEPOY_RECRUITMENT in s.laws_in_force else 1)


def crisis(game, shape, mod) -> None:
    s = game.state
    a = REGION[s.elephant["region"]]
    facing = s.elephant["facing"]
    marched = False
    if facing is None:
        if s.control[a] >= 0:
            game.after("events_march", shape=shape)
            game.after("events_additional", exclude=a, k=0)
            attack_company(game, a, mod + unrest_value(s, a), attacker=None)
            return
    else:
        b = REGION[facing]
        if s.control[a] < 0 and s.flag[a] >= 0 and s.flag[a] != a and capital_of(s, a) == b:
            rebellion(game, a, b, mod)
        elif s.control[b] >= 0:
            game.after("events_march", shape=shape)
            game.after("events_additional", exclude=b, k=0)
            attack_company(game, b, empire_strength(s, a) + mod + unrest_value(s, b), attacker=a)
            return
        elif sovereign(s, a):
            marched = invasion(game, a, b, mod, shape)
    if not marched and not s.over:
        march(game, shape)


@CONTINUATIONS.register
def events_march(game, frame, _):
    if not game.state.over:
        march(game, frame["shape"])


def rebellion(game, rebel, capital, mod) -> bool:
    s = game.state
    attack = int(s.strength[rebel]) + mod
    defence = int(s.strength[capital])
    if attack > defence:
        s.flag[rebel] = -1
        if not any(s.flag[x] == capital for x in range(N_REGIONS) if x != capital):
            s.flag[capital] = -1                # no dominated region left: no longer an empire (RB p.7)
        close_all(game, rebel)
        if game.keeps_log:                      # the notes' words are built only for a kept log
            game.log_note("events", f"{REGION_NAMES[rebel]} rebels successfully against {REGION_NAMES[capital]}")
        return True
    remove_tower(s, capital)
    if game.keeps_log:
        game.log_note("events", f"{REGION_NAMES[rebel]}'s rebellion fails")
    return False


def invasion(game, a, b, mod, shape=None) -> bool:
    """An Invasion Crisis (RB p.31-32); True if the Elephant moved (Imperial Ambitions)."""
    s = game.state
    attack = empire_strength(s, a) + mod
    defence = empire_strength(s, b)
    if attack <= defence:
        remove_tower(s, a)
        if game.keeps_log:                      # the notes' words are built only for a kept log
            game.log_note("events", f"{REGION_NAMES[a]}'s invasion of {REGION_NAMES[b]} fails ({attack} vs {defence})")
        return False
    if s.flag[b] == b:                          # a shattered empire
        for x in range(N_REGIONS):
            if s.flag[x] == b:
                s.flag[x] = -1
    elif s.flag[b] >= 0:
        old = int(s.flag[b])
        s.flag[b] = -1
        if not any(s.flag[x] == old for x in range(N_REGIONS) if x != old):
            s.flag[old] = -1
    cap = capital_of(s, a)
    if s.flag[a] < 0:
        if flags_in_use(s) >= 3:                # no star flag left: no empire forms (RB p.32)
            game.log_note("events", f"{REGION_NAMES[a]} conquers {REGION_NAMES[b]} but no flag set is left")
            place_elephant(game, a, shape)
            return True
        s.flag[a] = a
        cap = a
    s.flag[b] = cap
    if game.keeps_log:
        game.log_note("events", f"{REGION_NAMES[a]} invades {REGION_NAMES[b]} ({attack} vs {defence})")
    place_elephant(game, cap, shape)            # Imperial Ambitions (RB p.30)
    return True


@CONTINUATIONS.register
def events_additional(game, frame, _):
    """Every other Company region with unrest rebels with strength = its unrest (RB p.31), Army by Army
    (Bombay's first), each attack finished (the defence chosen) before the next."""
    s = game.state
    for k in range(frame["k"], 3 * N_REGIONS):
        p, r = divmod(k, N_REGIONS)
        if r != frame["exclude"] and s.control[r] == p and s.unrest[r] > 0 and not s.over:
            game.after("events_additional", exclude=frame["exclude"], k=k + 1)
            attack_company(game, r, unrest_value(s, r), attacker=None)
            return


def attack_company(game, r, strength, attacker) -> bool:
    """An attack against Company region r; True if the region is lost (RB p.29, p.31)."""
    s = game.state
    p = int(s.control[r])
    c = int(s.commander[p])
    pool = []                                   # (kind, key, strength): regiments, alliances, officers
    pool += [("regiment", None, 1)] * int(s.regiments[p, 0])
    pool += [("alliance", i, s.data.alliances[i][1]) for i in range(N_ALLIANCES)
             if ALLIANCE_ARMY[i] == p and s.alliance_active[i] == 1]
    order = [f for f in clockwise_from(s, c if c >= 0 else s.seats[0]) if f != c] + ([c] if c >= 0 else [])
    for f in order:
        pool += [("officer", f, 1)] * int(s.officers[f, p, 0])
    available = sum(v for _, _, v in pool)
    chooser = defender(s, p)
    if available >= strength and chooser >= 0 and len(defence_options(s, p)) > 1:
        total = available                       # the Army holds; its Commander picks the pieces (below)
        game.after("events_defence", p=p, need=strength, who=chooser)
    else:
        total = 0
        for kind, k, v in pool:
            if total >= strength:
                break
            total += v
            _exhaust(s, p, kind, k)
        total = min(total, available)
    if total >= strength:
        s.unrest[r] = 0
        if c >= 0:
            s.trophies[c] += 1
        if attacker is not None:
            remove_tower(s, attacker)
        game.log_note("events", f"The {PRESIDENCY_NAMES[p]} Army holds {REGION_NAMES[r]} ({total} vs {strength})")
        return False
    region_loss(game, r, attacker)
    return True


def defender(s, p) -> int:
    """Who picks the defending pieces: the Army's Commander (RB p.29); a Crown Commander's pieces are picked
    by the family (Crown Handbook, Events in India; option crown). No Commander: nobody (the reading of
    the module docstring exhausts them)."""
    c = int(s.commander[p])
    if c == CROWN and s.crown is not None:
        return next(f for f in s.seats if f != CROWN)
    return c


def defence_options(s, p) -> list[int]:
    out = [PROC["regiment"]] if s.regiments[p, 0] > 0 else []
    out += [ALLIANCE0 + i for i in range(N_ALLIANCES) if ALLIANCE_ARMY[i] == p and s.alliance_active[i] == 1]
    out += [FAMILY0 + f for f in s.seats if s.officers[f, p, 0] > 0]
    return out


def _exhaust(s, p, kind, k) -> int:
    if kind == "regiment":
        s.regiments[p, 0] -= 1
        s.regiments[p, 1] += 1
        return 1
    if kind == "alliance":
        s.alliance_active[k] = 2
        return s.data.alliances[k][1]
    s.officers[k, p, 0] -= 1
    s.officers[k, p, 1] += 1
    return 1


@CONTINUATIONS.register
def events_defence(game, frame, _):
    """RB p.29: the defending Commander exhausts pieces of its choice until the attack strength is met --
    asked one piece at a time while the kinds left differ (a regiment, an alliance, whose officer)."""
    s = game.state
    p, need, who = frame["p"], frame["need"], frame["who"]
    options = defence_options(s, p)
    if need <= 0 or not options:
        return
    if len(options) == 1:
        a = options[0]
        while need > 0 and defence_options(s, p):
            need -= _exhaust(s, p, *_kind_of(a))
        return
    game.choose(key(who), f"Defend with the {PRESIDENCY_NAMES[p]} Army ({need} strength still to exhaust): which "
                "piece?", options, "events_defence_pick", p=p, need=need, who=who)


def _kind_of(action) -> tuple:
    if action == PROC["regiment"]:
        return ("regiment", None)
    if ALLIANCE0 <= action < ALLIANCE0 + N_ALLIANCES:
        return ("alliance", action - ALLIANCE0)
    return ("officer", action - FAMILY0)


@CONTINUATIONS.register
def events_defence_pick(game, frame, action):
    s = game.state
    need = frame["need"] - _exhaust(s, frame["p"], *_kind_of(action))
    events_defence(game, dict(frame, need=need), None)


def region_loss(game, r, attacker) -> None:
    """RB p.29, Region Loss: tarnish, officer rout, Governor elimination, local authority, humiliation."""
    s = game.state
    p = int(s.control[r])
    c = int(s.commander[p])
    if c >= 0:
        s.trophies[c] -= (int(s.trophies[c]) + 1) // 2
        s.commander[p] = -1
        s.supply[c] += 1
    for f in s.seats:
        for half in (0, 1):
            n = int(s.officers[f, p, half])
            dead = sum(1 for _ in range(n) if s.rng.die(6, f"officer rout ({name(f)})") == 6)
            s.officers[f, p, half] -= dead
            s.supply[f] += dead
    g = GOVERNOR_OF_REGION[r]
    if s.office_holder[g] >= 0:
        s.supply[int(s.office_holder[g])] += 1
    s.office_holder[g] = -1
    s.office_fatigue[g] = 0
    s.office_exists[g] = 0
    s.region_company_ship[r] = 0
    s.unrest[r] = 0
    s.control[r] = -1
    s.dome[r] = 1
    s.strength[r] = 1
    s.loot_faceup[r] = 0
    if attacker is not None:
        cap = capital_of(s, attacker)
        if s.flag[attacker] < 0 and flags_in_use(s) < 3:
            s.flag[attacker] = attacker
            cap = attacker
        if s.flag[attacker] >= 0:
            s.flag[r] = cap
    close_all(game, r)
    s.regions_lost += 1
    game.log_note("events", f"{REGION_NAMES[r]} is lost to the Company")
    s.standing = max(0, s.standing - s.regions_lost)
    if s.standing == 0:
        s.company_failed = True


def foreign_invasion(game, home_only: bool = False) -> None:
    """RB p.33; ``home_only`` (War Against France! failed): no invasion on the storm-free face."""
    s = game.state
    face = s.rng.die(6, "storm die (Foreign Invasion)") - 1
    zones = mapdata.STORM_DIE[face][1]
    homes = [PRESIDENCY_HOME_REGION[SEA_ZONES.index(z)] for z in zones] or ([] if home_only else [top_region(s)])
    game.after("events_foreign", homes=[r for r in homes if r is not None])


@CONTINUATIONS.register
def events_foreign(game, frame, _):
    """The invasions of a Foreign Invasion, one home region after the other (each defence finished first)."""
    s = game.state
    homes = frame["homes"]
    if not homes or s.over:
        return
    game.after("events_foreign", homes=homes[1:])
    r = homes[0]
    strength = s.rng.die(6, f"Foreign Invasion of {REGION_NAMES[r]}")
    inside = s.elephant["region"] == REGION_NAMES[r] and s.elephant["facing"] is None
    if s.control[r] >= 0:
        if not attack_company(game, r, strength, attacker=None):
            return
    elif strength <= empire_strength(s, r):
        return
    else:
        close_all(game, r)
        if s.flag[r] == r:
            for x in range(N_REGIONS):
                if s.flag[x] == r:
                    s.flag[x] = -1
        s.flag[r] = -1
    s.dome[r] = 1
    s.strength[r] = strength // 2
    game.log_note("events", f"Foreign Invasion of {REGION_NAMES[r]} succeeds (strength {strength})")
    if inside:
        march(game, "circle")

