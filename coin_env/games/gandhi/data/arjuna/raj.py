"""Arjuna content for the non-player British Raj: six cards A-F / AA-FF (8.3), the Raj Space
Selection Priorities table (8.4.1) and the Raj column of the Move Priorities table (8.4.2).

What the rulebook shows of the printed Raj content:

* card AA has a Deploy box that gets 3 Troops to each selected City and then adds Sepoys so that
  up to 6 cubes are placed there (8.1.5 example of "Get");
* card BB does Govern first (if possible) with the actions (1) Remove Protests, (2) Imperialism,
  (3) Remove Adversaries (8.6 example "NP Raj Govern");
* the Shift to Support column holds, in this order, rows that Bihar meets in that example:
  "2-Pop", "no Protest", "with Unrest", "most Opposition";
* the four Raj columns are Place Cubes, Sweep, Shift to Support, Remove or Replace (8.6-8.9), and
  Shift to Support lies left of Remove or Replace (8.8.5 example of card 44).

Everything else is reconstructed from the published procedures: each front tests one board
situation in a blue box (8.3) that makes one Raj Operation useful (8.6.3: Assault where cubes face
Active adversaries, Sweep where Underground Guerrillas share a space with cubes, Deploy where Cities
lack Troops), and flips to a back side that does the next most useful thing. NP Raj never
Garrisons (8.6.3). The Special Activity boxes list Treaty / Govern (with the order of its actions,
8.7.1) / Martial Law in the order the front's situation calls for.

Names used here resolve in ``bots/registry.py``: conditions and rows are registered by
``bots/rows.py`` (shared) and ``bots/raj.py`` (Raj-only, e.g. "City or Province without Raj Control").
"""

from __future__ import annotations

from .schema import FLIP, SA, Check, Column, Face, FactionArjuna, Op, SAOption

PLACE_CUBES, SWEEP, SHIFT, REMOVE = "Place Cubes", "Sweep", "Shift to Support", "Remove or Replace"

# Card AA (8.1.5) and 8.6.3: Troops up to 3 in each City, then Sepoys until 6 cubes are placed there.
DEPLOY_PARAMS = (("troops", 3), ("cubes", 6))

# 8.7.1 Govern actions and the column each one uses to select spaces.
GOVERN_COLUMNS = {"remove_protests": REMOVE, "imperialism": SHIFT, "remove_adversaries": REMOVE}

# Blue-box conditions (registered in bots/raj.py).
ASSAULT_WORKS = "Raj: Assault would remove Active adversaries"
UNDERGROUND_WITH_CUBES = "Raj: Underground Guerrillas with cubes"
CITY_SHORT_OF_TROOPS = "Raj: a City with fewer than 3 Troops"
GANDHI_WITH_CUBES = "Raj: Gandhi with cubes"
STATE_TREATY = "Raj: Active adversaries in a State with Sepoys"
PROTEST_GOVERNABLE = "Raj: Protest with cubes and no Activists"


def govern(*actions: str) -> SAOption:
    """A Govern option doing ``actions`` in order (8.7.1: the next action once no space is
    eligible for the current one and fewer than two spaces were selected)."""
    return SAOption("govern", GOVERN_COLUMNS[actions[0]], action=actions[0], params=(("sequence", actions),))


def treaty() -> SAOption:
    return SAOption("treaty", REMOVE)


def martial_law(only_if: str = "") -> SAOption:
    return SAOption("martial_law", REMOVE, only_if=only_if)


def deploy(label: str = "") -> Op:
    return Op("deploy", PLACE_CUBES, params=DEPLOY_PARAMS, label=label)


def _face(letter, other, nodes, source):
    return Face(letter=letter, faction="raj", other_side=other, nodes=tuple(nodes), source=source)


R = "reconstructed: "

FACES = {
    # --- A / AA: Assault, else build up --------------------------------------------------------------
    "A": _face("A", "AA", [
        Check(ASSAULT_WORKS, no=FLIP),
        Op("assault", REMOVE),
        SA((martial_law(only_if="Crisis"), govern("imperialism", "remove_adversaries"), treaty())),
    ], R + "Assault where cubes face Active adversaries (8.6.3), then Martial Law in Crisis (two spaces, "
           "8.7.1), Govern to build Support, Treaty"),
    "AA": _face("AA", "A", [
        deploy(),
        SA((treaty(), govern("imperialism", "remove_protests"))),
    ], "8.1.5 example: the Deploy box (3 Troops to each City, then Sepoys up to 6 cubes placed); "
       + R + "the SA box (Treaty, then Govern for Support, 8.7.1)"),
    # --- B / BB: Sweep, else Govern first ---------------------------------------------------------------
    "B": _face("B", "BB", [
        Check(UNDERGROUND_WITH_CUBES, no=FLIP),
        Op("sweep", SWEEP),
        SA((govern("remove_adversaries", "imperialism"), treaty())),
    ], R + "Sweep where Underground Guerrillas share spaces with cubes (8.6.3), then Govern / Treaty to "
           "remove what Sweep Activated"),
    "BB": _face("BB", "B", [
        SA((govern("remove_protests", "imperialism", "remove_adversaries"),)),
        Check(UNDERGROUND_WITH_CUBES, no="deploy"),
        Op("sweep", SWEEP),
        deploy(label="deploy"),
    ], "8.6 example 'NP Raj Govern': Govern first, (1) Remove Protests (2) Imperialism (3) Remove "
       "Adversaries; " + R + "the Operation after it (Sweep where Underground Guerrillas share spaces "
       "with cubes, else Deploy: Operations that a Govern done first cannot leave without spaces)"),
    # --- C / CC: Deploy, else Sweep or Assault -------------------------------------------------------------
    "C": _face("C", "CC", [
        Check(CITY_SHORT_OF_TROOPS, no=FLIP),
        deploy(),
        SA((martial_law(), govern("imperialism", "remove_adversaries"))),
    ], R + "Deploy when a City has fewer than the 3 Troops Deploy gets there (8.6.3), then Martial Law "
           "where Unrest already is, else Govern"),
    "CC": _face("CC", "C", [
        Check(UNDERGROUND_WITH_CUBES, no="assault"),
        Op("sweep", SWEEP),
        SA((treaty(), govern("remove_protests", "remove_adversaries"))),
        Op("assault", REMOVE, label="assault"),
        SA((govern("remove_adversaries", "imperialism"), martial_law())),
    ], R + "Sweep where Underground Guerrillas share spaces with cubes, else Assault (8.6.3)"),
    # --- D / DD: arrest Gandhi, else Martial Law first ------------------------------------------------------
    "D": _face("D", "DD", [
        Check(GANDHI_WITH_CUBES, no=FLIP),
        Op("assault", REMOVE),
        SA((treaty(), govern("remove_adversaries", "remove_protests"))),
    ], R + "Assault when Gandhi stands with cubes (the Remove or Replace column and Adversary Priorities "
           "take him first, 8.5)"),
    "DD": _face("DD", "D", [
        SA((martial_law(),)),
        Check(UNDERGROUND_WITH_CUBES, no="deploy"),
        Op("sweep", SWEEP),
        deploy(label="deploy"),
    ], R + "Martial Law first where Unrest already is (8.7.1), then Sweep or Deploy"),
    # --- E / EE: Treaty in the States, else Protests -------------------------------------------------------
    "E": _face("E", "EE", [
        Check(STATE_TREATY, no=FLIP),
        SA((treaty(),)),
        Check(UNDERGROUND_WITH_CUBES, no="deploy"),
        Op("sweep", SWEEP),
        deploy(label="deploy"),
    ], R + "Treaty first when Sepoys in a State face Active adversaries (8.7.1), then Sweep where "
           "Underground Guerrillas share spaces with cubes, else Deploy"),
    "EE": _face("EE", "E", [
        Check(PROTEST_GOVERNABLE, no="sweep"),
        SA((govern("remove_protests", "remove_adversaries"),)),
        Op("sweep", SWEEP, label="sweep"),
        SA((treaty(), martial_law())),
    ], R + "Govern first to remove Protests that cubes guard without Activists (8.7.1), then Sweep"),
    # --- F / FF: Crisis, else Deploy or Sweep ---------------------------------------------------------------
    "F": _face("F", "FF", [
        Check("Crisis", no=FLIP),
        Op("assault", REMOVE),
        SA((martial_law(), govern("remove_adversaries", "imperialism"))),
    ], R + "in Crisis Assault, then Martial Law in two spaces (6.8, 8.7.1)"),
    "FF": _face("FF", "F", [
        Check(CITY_SHORT_OF_TROOPS, no="sweep"),
        deploy(),
        SA((govern("imperialism", "remove_protests"), treaty())),
        Op("sweep", SWEEP, label="sweep"),
        SA((govern("imperialism", "remove_adversaries"), martial_law())),
    ], R + "Deploy when a City lacks Troops, else Sweep (8.6.3)"),
}

# --- 8.4.1 Space Selection Priorities, in table order (left first) -------------------------------------
COLUMNS = {
    PLACE_CUBES: Column(
        PLACE_CUBES,
        ("City or Province without Raj Control", "most Active adversaries", "2-Pop", "fewest cubes"),
        R + "cubes go where they can win Raj Control (7.2 counts Controlled Population), then where "
            "adversaries stand, then to the larger and the emptier space"),
    SWEEP: Column(
        SWEEP,
        ("most Underground Guerrillas", "City or Province without Raj Control", "2-Pop", "most Support",
         "fewest cubes"),
        R + "Sweep exists to Activate Underground Guerrillas (3.2.3); then to win Control, 2-Pop first, "
            "guarding Support"),
    SHIFT: Column(
        SHIFT,
        ("2-Pop", "no Protest", "with Unrest", "most Opposition", "least Support", "Raj Control"),
        "8.6 example 'NP Raj Govern' (Bihar: 2-Pop, no Protest, with Unrest, most Opposition, in that "
        "order); " + R + "the two rows after them (farthest from Active Support, then Raj Control)",
        known=("2-Pop", "no Protest", "with Unrest", "most Opposition")),
    REMOVE: Column(
        REMOVE,
        ("Gandhi", "most Active adversaries", "City or Province without Raj Control", "2-Pop",
         "most Opposition"),
        R + "Gandhi first (8.5 example arrests him first), then the most pieces to remove, then where "
            "removal may restore Raj Control, 2-Pop, most Opposition"),
}

# --- 8.4.2 Move Priorities, Raj column (NP Raj Sweep and Lord Wavell's Sweep, 8.6.3) ----------------------
# Instruction names, read top-down for each origin; bots/raj.py implements each one. After a failed
# Activation roll only Troops move (8.6.2, 8.6.3): that limit comes with the roll, not from this column.
MOVE = (
    "origins: no Protest spaces",
    "origins: lose no Raj Control",
    "get 1 Troop to a City or Province",
    "get 1 Sepoy",
    "add cubes until cubes exceed Active adversaries, Sepoys first",
)
MOVE_SOURCE = ("8.6.3 NP Raj Sweep procedure (the printed table's wording is not in the rulebook; "
               "reconstructed: one row per instruction of 8.6.3, the limits on origins first)")

DATA = FactionArjuna(faction="raj", faces=FACES, columns=COLUMNS, move=MOVE, move_source=MOVE_SOURCE)
