"""The heuristic bot's priorities, as data: which box of the Sequence of Play, which Command, which
Decree and when, and what each selected space is worth. Stand-in, not the published Vijayanagara
non-player procedure (whose booklet is not public, 1.5.1).

Reading the tables:

* :data:`SOP_ROWS` (2.3.3): ordered rows ``(box, measure, threshold)``; the first row whose box is open
  and whose measure reaches the threshold is taken. The measures are the worth of the faction's best
  plan (:func:`plan`).
* :data:`COMMANDS` (3.2-3.4): per faction, ordered rows ``(command, least worth of a space, rule)``; a
  Command is worth the sum of its best spaces' worths (as many as the faction can pay for, 3.1); the
  worthiest Command is chosen, ties by row order.
* :data:`DECREES` (4.2-4.4): per faction, rows ``(decree, when, rule)``; the worthiest Decree is chosen,
  ties by row order; ``when`` says whether it comes before or after its Command (4.1).
* :data:`WEIGHTS`: what a victory point, a Unit, a step towards a majority, ... are worth, in one unit.
* The space worths are the functions ``worth_<command>`` below (:data:`SPACE_WORTH`); each cites its rule.
* Every table is read-only (tuples and ``MappingProxyType``): no bot state lives here.
"""

from __future__ import annotations

from types import MappingProxyType as frozen

from ..data.pieces import AMIR, AMIR_REBEL, FORT, GOVERNOR, QASBAH, RAJA, RAJA_REBEL, TEMPLE, TROOP
from ..static import BK_HOME, DELHI, IS_PROVINCE, MOUNTAIN_PASSES, N_SPACES, PROVINCES, PUNJAB, VE_HOME
from .view import DECCAN, RIVAL, STRUCTURE_OF, UNIT_OF, View

# --- weights (one scale for every worth) ---------------------------------------------------------
WEIGHTS = frozen({
    "vp": 4.0,            # one victory point (5.1-5.3) now
    "setup_vp": 2.0,      # one victory point a later Rebel (3.3.3 / 3.4.3) or Demand Obedience (4.2.3) may take
    "unit": 1.0,          # one own Unit placed on the map (1.4.6)
    "removed": 1.0,       # one opposing piece removed
    "influence": 3.0,     # own Influence +1 and the rival's -1 (1.9: each is a victory point, 5.2 / 5.3)
    "resource": 0.35,     # one Resource (1.8)
    "cavalry": 0.6,       # one Cavalry token (1.10)
    "not_leader": 0.5,    # a battle against an opponent other than the one with most victory points (5.0)
    "guard": 1.2,         # one Sultanate Unit where a Deccan faction threatens a majority (per Prosperity)
})

POOR = (3.0, 1.8)      # a Resource's weight multiplied when the faction holds fewer than 3 / 6 (1.8)
BROKE = 3.0           # an income Decree (4.2.1 / 4.3.1 / 4.4.1) bringing 3+ when the faction has no Resource
BUILD_VP = 2.0         # a Structure: a victory point for the rest of the game (5.2 / 5.3), and a defence
RESERVE = frozen({"ds": 0, "bk": 1, "ve": 1})       # Resources kept back from spaces worth less than RICH_SPACE
RICH_SPACE = 4.0

# --- 2.3.3: which box ------------------------------------------------------------------------------
SOP_ROWS = (
    ("command_decree", "command_and_decree", 2.0),   # a Command (any number of spaces) with a Decree
    ("op_only", "command", 3.5),                     # the Event-or-Command box, as a Command (no Event is offered)
    ("limited", "limited", 1.5),                     # 2.3.5: one space, stays Eligible
    ("pass", None, 0.0),                             # 2.3.6: +3 / +1 Resources, stays Eligible
)

# --- 3.0: which Command ----------------------------------------------------------------------------
COMMANDS = frozen({
    "ds": (("attack", 1.0, "3.2.4"), ("govern", 0.8, "3.2.3"), ("conscript", 0.8, "3.2.1"), ("march", 1.0, "3.2.2")),
    "bk": (("rebel", 1.0, "3.3.3"), ("attack", 1.5, "3.3.4"), ("migrate", 2.0, "3.3.2"), ("rally", 0.9, "3.3.1")),
    "ve": (("rebel", 1.0, "3.4.3"), ("attack", 1.5, "3.4.4"), ("migrate", 2.0, "3.4.2"), ("rally", 0.9, "3.4.1")),
})

# --- 4.0: which Decree, before or after the Command (4.1) ------------------------------------------
DECREES = frozen({
    "ds": (("demand_obedience", "after", "4.2.3"), ("collect_tribute", "before", "4.2.1"), ("campaign", "after", "4.2.2")),
    "bk": (("build", "after", "4.3.2"), ("conspire", "before", "4.3.3"), ("trade", "before", "4.3.1")),
    "ve": (("compel", "before", "4.4.3"), ("build", "after", "4.4.2"), ("tax", "before", "4.4.1")),
})
DECREE_TIMING = frozen({f: frozen({d: when for d, when, _r in rows}) for f, rows in DECREES.items()})

# --- Mongol Commands for the faction a Mongol Invasion card names (2.4.1, 3.5) -----------------------
# Ordered rows (command, space, condition); the first that holds and is legal is taken.
# Measured against the order Attack-in-Delhi / Advance / Amass: Amass first takes about 2 victory
# points more from the Sultanate in all-bot games (more Mongols reach Delhi by Timur's invasion, 2.6).
MONGOL_ROWS = (
    ("mongol_amass", None, "mongols_available"),                     # 3.5.1 (overflow on to Punjab, Delhi)
    ("mongol_attack", DELHI, "mongols_in_delhi_at_least_2"),          # 3.5.3 plunder: 2 Troops per Mongol
    ("mongol_advance", PUNJAB, "mongols_in_punjab"),                 # 3.5.2 towards Delhi (5.1 at the end)
    ("mongol_advance", MOUNTAIN_PASSES, "mongols_in_mountain_passes"),
    ("mongol_attack", None, "any_mongols"),
)

# --- casualties (3.2.4 / 3.3.4 / 3.4.4): the order a faction gives up its pieces ----------------------
CASUALTY_ORDER = frozen({
    "ds": (TROOP, "support", GOVERNOR, QASBAH),
    "bk": (AMIR, AMIR_REBEL, "support", FORT),
    "ve": (RAJA, RAJA_REBEL, "support", TEMPLE),
})


def _w(key: str) -> float:
    return WEIGHTS[key]


# --- space worths: Bahmani Kingdom and Vijayanagara (3.3, 3.4) ---------------------------------------
def worth_rebel(v: View, f: str, sp: int) -> float:
    """3.3.3 / 3.4.3 (Tughlaq, 2.7.2): a Tributary Province where the faction outnumbers everyone
    becomes its Controlled Province: its Prosperity counts for the faction (5.2 / 5.3) and no longer for
    the Sultanate (5.1)."""
    if not (v.tughlaq and IS_PROVINCE[sp] and v.is_trib(sp) and v.lead(sp, f) >= 1):
        return 0.0
    return 2 * v.pros[sp] * _w("vp") + 1.0


def rally_count(v: View, f: str, sp: int) -> int:
    """3.3.1 / 3.4.1: 1, +1 in the home Province, +1 where Controlled, +1 (Vijayanagara) with a Temple."""
    home = BK_HOME if f == "bk" else VE_HOME
    n = 1 + (sp == home) + (v.controller(sp) == f)
    if f == "ve" and v.rows[sp][TEMPLE]:
        n += 1
    return min(n, v.avail[UNIT_OF[f]])


def gain_of_pieces(v: View, f: str, sp: int, n: int, removed_other: int = 0) -> float:
    """What ``n`` more pieces of ``f`` in Province ``sp`` (and ``removed_other`` fewer opposing ones) give:
    Control of an Independent Province (1.7, its Prosperity now) or a majority in a Tributary Province
    (a Rebel in Tughlaq takes it, 3.3.3; counted at the set-up weight)."""
    if n <= 0 and removed_other <= 0:
        return 0.0
    before = v.lead(sp, f)
    after = before + n + removed_other
    out = 0.0
    if before < 1 <= after:
        if v.is_trib(sp):
            out += v.pros[sp] * _w("setup_vp") + 1.0
        else:
            out += v.pros[sp] * _w("vp") + 1.0
    elif before < 1 and v.is_trib(sp) and after >= 0:
        out += 0.5 * v.pros[sp]            # one step short of a majority
    elif before >= 1 and before <= 2:
        out += 0.4                         # a safer majority
    return out


def worth_rally(v: View, f: str, sp: int) -> float:
    """3.3.1 / 3.4.1: Units placed (where the faction has a piece, or its home Province) and the
    majority they may make."""
    home = BK_HOME if f == "bk" else VE_HOME
    if not IS_PROVINCE[sp] or not (v.cnt[f][sp] or sp == home):
        return 0.0
    n = rally_count(v, f, sp)
    if n <= 0:
        return 0.0
    return n * _w("unit") + gain_of_pieces(v, f, sp, n)


def migrate_sources(v: View, f: str, dst: int) -> int:
    """Units that may come into ``dst`` (3.3.2 / 3.4.2: up to 3, from adjacent Provinces) without
    losing a majority held where they stand."""
    return min(3, sum(v.surplus(o, f) for o in v.nbrs[dst] if IS_PROVINCE[o]))


def worth_migrate(v: View, f: str, dst: int, res: int) -> float:
    """3.3.2 / 3.4.2: bring Units to make a majority (Control now, or a Rebel later) and, where the
    rival has a piece, shift Influence for 1 Resource (1.9)."""
    if not IS_PROVINCE[dst]:
        return 0.0
    k = migrate_sources(v, f, dst)
    if k <= 0:
        return 0.0
    need = v.need(dst, f)
    out = 0.0
    if 0 < need <= k:
        out += gain_of_pieces(v, f, dst, need)
    if v.count(dst, RIVAL[f]) and res >= 2 and (v.s.influence[f] < 4 or v.s.influence[RIVAL[f]] > 0):
        out += _w("influence")
    return out


def attack_odds(v: View, f: str, sp: int, defender: str, support: int) -> tuple[float, float, int]:
    """(expected hits on the defender, expected hits on the attacker, attacking Units) of an Attack by
    ``f`` (3.2.4 / 3.3.4 / 3.4.4: 4 dice, 3 against the Bahmani Kingdom where a Fort stands for the
    Sultanate and Vijayanagara; the defender 2)."""
    units = v.units[f][sp] + support
    dice = 3 if (defender == "bk" and f in ("ds", "ve") and v.rows[sp][FORT]) else 4
    on_def = min(v.hits(dice, units), float(v.count(sp, defender)))
    on_att = min(v.hits(2, v.units[defender][sp]), float(units))
    return on_def, on_att, units


def support_available(v: View, f: str, sp: int) -> int:
    """Supporters from ONE adjacent space with the attacker's Structure (2 Troops/Governors, 2 Amirs,
    1 Raja)."""
    most = 1 if f == "ve" else 2
    best = 0
    for o in v.nbrs[sp]:
        if v.rows[o][STRUCTURE_OF[f]] and (f == "ds" or IS_PROVINCE[o]):
            best = max(best, min(most, v.units[f][o]))
    return best


def deccan_attack_defenders(v: View, f: str, sp: int) -> list[str]:
    return [d for d in ("ds", "bk", "ve") if d != f and v.count(sp, d)]


def worth_attack_on(v: View, f: str, sp: int, defender: str) -> float:
    """One battle's worth: the expected exchange of pieces, the Influence shift between the Deccan
    factions (3.3.4 / 3.4.4), and a majority the losses may open."""
    sup = support_available(v, f, sp)
    on_def, on_att, units = attack_odds(v, f, sp, defender, sup)
    if units <= 0:
        return 0.0
    out = (on_def - on_att) * _w("removed")
    if IS_PROVINCE[sp]:
        out += gain_of_pieces(v, f, sp, -int(round(on_att)) if on_att >= 1.5 else 0, int(on_def))
    if defender != v.leader(f):
        out *= _w("not_leader")                 # pieces of the leading opponent matter most (5.0)
    if f in DECCAN and defender == RIVAL[f]:
        out += _w("influence") * max(-1.0, min(1.0, on_def - on_att))
    return out


def worth_attack(v: View, f: str, sp: int) -> float:
    if f == "ds":
        return max([worth_ds_attack_on(v, sp, d) for d in ds_attack_defenders(v, sp)] or [0.0])
    if not IS_PROVINCE[sp]:
        return 0.0
    return max([worth_attack_on(v, f, sp, d) for d in deccan_attack_defenders(v, f, sp)] or [0.0])


# --- space worths: the Delhi Sultanate (3.2) ----------------------------------------------------------
def ds_attack_defenders(v: View, sp: int) -> list[str]:
    """3.2.4: a faction with a Rebelling Unit there, or a Structure without its Units; the Mongols."""
    out = []
    for f in DECCAN:
        if v.rebelling(sp, f) or (v.rows[sp][STRUCTURE_OF[f]] and not v.units[f][sp]):
            out.append(f)
    if v.mongols(sp):
        out.append("mi")
    return out


def worth_ds_attack_on(v: View, sp: int, defender: str) -> float:
    sup = support_available(v, "ds", sp)
    units = v.units["ds"][sp] + sup
    if units <= 0:
        return 0.0
    if defender == "mi":
        on_def = min(v.hits(4, units), float(v.mongols(sp)))
        on_att = min(v.hits(2, v.mongols(sp)) + 0.4, float(units))       # their one Charge (1.10)
        late = 1.5 if v.s.dynasty == "Tughlaq" else 0.5
        return (on_def * late - on_att) * _w("removed") + (1.0 if sp == DELHI else 0.0) * on_def
    dice = 3 if (defender == "bk" and v.rows[sp][FORT]) else 4
    on_def = min(v.hits(dice, units), float(v.count(sp, defender)))
    on_att = min(v.hits(2, v.units[defender][sp]), float(units))
    out = (on_def - on_att) * _w("removed")
    if IS_PROVINCE[sp] and not v.is_trib(sp):
        # Independent: losses of the controller may give the Sultanate Control (then Demand Obedience)
        if v.controller(sp) == defender and v.lead(sp, defender) - on_def < 1:
            out += v.pros[sp] * _w("setup_vp")
    elif IS_PROVINCE[sp] and v.lead(sp, defender) >= 0:
        out += min(on_def, v.lead(sp, defender) + 1) * v.pros[sp] * _w("guard")
    return out


def worth_govern(v: View, sp: int) -> float:
    """3.2.3: where a Governor stands, remove up to 2 Obedient Amirs / Rajas (the Deccan factions'
    majorities, 3.3.3 / 3.4.3) and/or place a Qasbah (Conscript 2, 3.2.1; support, 3.2.4); elsewhere
    place a Governor (it counts for Control and allows Demand Obedience, 4.2.3)."""
    s = v.s
    prov = IS_PROVINCE[sp]
    if prov and not (v.is_trib(sp) or v.controller(sp) == "ds"):
        return 0.0
    out = 0.0
    if v.governors(sp):
        ob = v.obedient(sp)
        removable = min(2, ob["bk"] + ob["ve"])
        if removable:
            threat = max(0, v.danger(sp) + 2) if prov else 0
            out += removable * (_w("removed") + 0.5 * threat * v.pros[sp])
        if not v.rows[sp][QASBAH] and v.avail[QASBAH]:
            out += 1.2 if prov else 0.6
        return out
    if not v.avail[GOVERNOR]:
        return 0.0
    if not prov:
        return 0.3 if sp == DELHI else 0.0
    if v.controller(sp) == "ds":
        return v.pros[sp] * _w("setup_vp") + 1.0        # then Demand Obedience
    threat = v.danger(sp)
    return (1.0 + v.pros[sp] * _w("guard")) if threat >= -2 else 0.4 + (0.4 if ob_total(v, sp) else 0.0)


def ob_total(v: View, sp: int) -> int:
    ob = v.obedient(sp)
    return ob["bk"] + ob["ve"]


def conscript_count(v: View, sp: int) -> int:
    cap = 5 if sp == DELHI else 2 if v.rows[sp][QASBAH] else 1
    return min(cap, v.avail[TROOP])


def worth_conscript(v: View, sp: int) -> float:
    """3.2.1: Troops where a Deccan faction threatens a majority, and in Delhi against the Mongols
    (2.6, 5.1)."""
    n = conscript_count(v, sp)
    if n <= 0 or not (sp == DELHI or v.rows[sp][QASBAH] or (IS_PROVINCE[sp] and v.is_trib(sp))):
        return 0.0
    if sp == DELHI:
        short = v.ds_keep(DELHI) - v.units["ds"][DELHI]
        return min(n, max(short, 0)) * 1.2 + 0.2 * n
    if not IS_PROVINCE[sp]:
        return 0.2 * n
    threat = v.danger(sp)
    if threat >= -1:
        return n * (0.6 + v.pros[sp] * _w("guard"))
    return 0.3 * n


def worth_march(v: View, dst: int) -> float:
    """3.2.2: bring spare Troops next to a threatened Province (or to Delhi before Timur, 2.6)."""
    short = v.ds_keep(dst) - v.units["ds"][dst]
    if short <= 0:
        return 0.0
    come = sum(v.ds_surplus(o) for o in v.nbrs[dst])
    n = min(short, come)
    if n <= 0:
        return 0.0
    per = (0.6 + v.pros[dst] * _w("guard")) if IS_PROVINCE[dst] else 1.0
    return n * per


def space_worth(v: View, f: str, command: str, sp: int) -> float:
    """Dispatch of the space worths (the table :data:`SPACE_WORTH` names the function per Command)."""
    if command == "rebel":
        return worth_rebel(v, f, sp)
    if command == "rally":
        return worth_rally(v, f, sp)
    if command == "migrate":
        return worth_migrate(v, f, sp, v.s.resources[f])
    if command == "attack":
        return worth_attack(v, f, sp)
    if command == "govern":
        return worth_govern(v, sp)
    if command == "conscript":
        return worth_conscript(v, sp)
    if command == "march":
        return worth_march(v, sp)
    return 0.0


SPACE_WORTH = frozen({"rebel": "worth_rebel", "rally": "worth_rally", "migrate": "worth_migrate",
                      "attack": "worth_attack", "govern": "worth_govern", "conscript": "worth_conscript",
                      "march": "worth_march"})


def candidate_spaces(v: View, f: str, command: str) -> list[int]:
    """Where the Command may go at all (3.1.1: the Deccan factions never select Delhi or the Invasion
    Regions)."""
    if f == "ds":
        return list(range(N_SPACES))
    return list(PROVINCES)


def space_worths(v: View, f: str, command: str) -> dict[int, float]:
    """:func:`space_worth` of every candidate space, computed once per view (the plan of a turn weighs
    each Command twice, for a full and a Limited budget, and the spaces are weighed again when chosen)."""
    key = _worths_key(f, command)
    if key not in v.memo:
        v.memo[key] = {sp: space_worth(v, f, command, sp) for sp in candidate_spaces(v, f, command)}
    return v.memo[key]


def weighed_space_worths(v: View, f: str, command: str) -> dict[int, float]:
    """The :func:`space_worths` this view has already computed ({} if none): what the Command choice weighed,
    read again by the choice of its spaces on the same board."""
    return v.memo.get(_worths_key(f, command), {})


def _worths_key(f: str, command: str) -> tuple:
    return ("space_worths", f, command)


def command_worth(v: View, f: str, command: str, budget: int, least: float) -> float:
    """The Command's worth: its best spaces (at most ``budget``) worth at least ``least``."""
    worths = sorted(space_worths(v, f, command).values(), reverse=True)
    worths = [w for w in worths if w >= least][:max(budget, 0)]
    return sum(worths)


def command_allowed(v: View, f: str, command: str) -> bool:
    return command != "rebel" or v.tughlaq          # 2.7.1: no Rebel under the Khalji Dynasty


def best_command(v: View, f: str, budget: int, offered=None) -> tuple[str | None, float]:
    best, value = None, 0.0
    for command, least, _rule in COMMANDS[f]:
        if offered is not None and command not in offered:
            continue
        if not command_allowed(v, f, command):
            continue
        w = command_worth(v, f, command, budget, least)
        if w > value:
            best, value = command, w
    return best, value


# --- decree worths (4.2-4.4) -----------------------------------------------------------------------
def decree_worth(v: View, f: str, decree: str) -> float:
    s = v.s
    res = s.resources[f]
    poor = POOR[0] if res < 3 else POOR[1] if res < 6 else 1.0     # Resources matter most when short
    broke = BROKE if res == 0 else 0.0                               # no Command at all without them (3.1)
    if decree == "collect_tribute":               # 4.2.1
        gain = min(24 - res, sum(v.pros[sp] for sp in PROVINCES if v.trib[sp]) // 2)
        return broke * (gain >= 3) + gain * _w("resource") * poor + 2 * _w("cavalry") * (1.0 if s.cavalry["ds"] < 4 else 0.3)
    if decree == "demand_obedience":              # 4.2.3
        return sum(v.pros[sp] * (2 * _w("vp") + _w("resource")) for sp in PROVINCES
                   if v.controller(sp) == "ds" and v.governors(sp))
    if decree == "campaign":                      # 4.2.2
        short = v.ds_keep(DELHI) - v.units["ds"][DELHI]
        return 0.8 * min(max(short, 0), 6) if s.timurid_played else 0.0
    if decree == "trade":                         # 4.3.1
        gain = min(24 - res, sum(1 for sp in PROVINCES if v.cnt["bk"][sp]))
        cav = 1 if s.influence["bk"] == 0 else 2 if s.influence["bk"] <= 2 else 3
        return broke * (gain >= 3) + gain * _w("resource") * poor + cav * _w("cavalry") * 0.5
    if decree == "tax":                           # 4.4.1
        gain = min(24 - res, sum(v.pros[sp] for sp in PROVINCES if v.controller(sp) == "ve")
                   + sum(v.rows[sp][TEMPLE] for sp in PROVINCES))
        return broke * (gain >= 3) + gain * _w("resource") * poor
    if decree == "build":                         # 4.3.2 / 4.4.2: a Structure is a victory point (5.2 / 5.3)
        st = STRUCTURE_OF[f]
        if not v.avail[st] or not build_spaces(v, f):
            return 0.0
        return BUILD_VP * _w("vp")
    if decree == "conspire":                      # 4.3.3
        return sum(sorted((conspire_worth(v, sp) for sp in PROVINCES), reverse=True)[:2])
    if decree == "compel":                        # 4.4.3
        return max([compel_worth(v, sp) for sp in PROVINCES] or [0.0])
    return 0.0


def best_decree(v: View, f: str, offered=None) -> tuple[str | None, float]:
    best, value = None, -1.0
    for decree, _when, _rule in DECREES[f]:
        if offered is not None and decree not in offered:
            continue
        w = decree_worth(v, f, decree)
        if w > value:
            best, value = decree, w
    return best, max(value, 0.0)


def build_spaces(v: View, f: str) -> list[int]:
    st = STRUCTURE_OF[f]
    return [sp for sp in PROVINCES if v.units[f][sp] and not v.rows[sp][st]]


def worth_build_space(v: View, f: str, sp: int) -> float:
    """4.3.2 / 4.4.2 where to build: a Province the faction holds (its Structure counts for Control,
    1.7, and is hard to remove), then more Units, then Prosperity (Tax, Rally with a Temple 3.4.1)."""
    return (3.0 if v.lead(sp, f) >= 1 else 0.0) + 0.5 * v.units[f][sp] + 0.3 * v.pros[sp]


def conspire_targets(v: View, sp: int) -> list[int]:
    kinds = [GOVERNOR]
    if v.s.influence["bk"] >= 2:
        kinds += [RAJA, RAJA_REBEL]
    return [p for p in kinds if v.rows[sp][p]]


def conspire_worth(v: View, sp: int) -> float:
    """4.3.3: a Governor (or at Influence 2+ a Raja) becomes an Amir: one opposing piece fewer and one
    Amir more, and perhaps a majority."""
    s = v.s
    targets = conspire_targets(v, sp)
    if not targets:
        return 0.0
    near = v.cnt["bk"][sp] > 0 or (s.influence["bk"] >= 2 and any(IS_PROVINCE[o] and v.cnt["bk"][o] for o in v.nbrs[sp]))
    if not near:
        return 0.0
    amir = 1 if v.avail[AMIR] else 0
    return _w("removed") + amir * _w("unit") + gain_of_pieces(v, "bk", sp, amir, 1) + (0.5 if GOVERNOR in targets else 0)


def compel_worth(v: View, sp: int) -> float:
    """4.4.3: up to 2 Rajas placed (or moved in), and at Influence 2+ a Troop, Governor or Amir removed
    and a Cavalry token."""
    s = v.s
    here = v.cnt["ve"][sp] > 0
    near = [o for o in v.nbrs[sp] if IS_PROVINCE[o] and v.cnt["ve"][o]]
    if not (here or near):
        return 0.0
    n = min(2, v.avail[RAJA])
    removed = 0
    if s.influence["ve"] >= 2 and (v.rows[sp][TROOP] or v.rows[sp][GOVERNOR] or v.rows[sp][AMIR] or v.rows[sp][AMIR_REBEL]):
        removed = 1
    return n * _w("unit") + gain_of_pieces(v, "ve", sp, n, removed) + removed * _w("removed") + \
        (_w("cavalry") if s.influence["ve"] >= 2 else 0.0)


# --- the plan of a turn (2.3.3) ---------------------------------------------------------------------
def plan(v: View, f: str) -> dict:
    """The measures :data:`SOP_ROWS` reads: the worth of the best full Command (as many spaces as the
    faction can pay for), of the best Command & Decree, and of the best Limited Command."""
    res = v.s.resources[f]
    cmd, full = best_command(v, f, res)
    _lcmd, limited = best_command(v, f, min(res, 1))
    _dec, dworth = best_decree(v, f)
    return {"command": full, "command_and_decree": full + dworth, "limited": limited, "best": cmd}


__all__ = [n for n in dir() if not n.startswith("_")]
