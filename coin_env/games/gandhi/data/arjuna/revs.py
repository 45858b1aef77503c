"""Arjuna content of the non-player Revolutionaries: cards S-X / SS-XX (8.3), the Revolutionaries
Space Selection Priorities columns (8.4.1) and their Move Priorities column (8.4.2).

What is printed and public is little: card U's first blue box ("6 or more Guerrillas in India?") and
its Special Activity box, which comes before the Operation (Crisis: Infiltrate to place a Base, else
Infiltrate to replace an adversary chosen with Remove or Replace), and the first three rows of the
Remove or Replace column -- both from the Arjuna Chronicles #4 play report (digest 11.6, 11.14). The
rest is reconstructed from the published procedures (8.6.6 Revolutionaries Operations, 8.7.4 Special
Activities, 8.9.3 Redeploy) and the faction's victory total (Population of Unrest spaces plus Rev
Bases, 7.2): every item says so in its ``source``.

Reconstruction principles (so the faces read like one system, not a strategy of ours):
* each face offers the four Operations the way 8.6.6 describes them, with a blue box that tests
  whether that Operation has something to work on (Unrest needs an Underground Guerrilla where a
  marker would add victory; Attack needs Guerrillas facing Active adversaries; Rally a pool of
  Available Guerrillas or a space ready for a Base); fronts flip to their backs when the test fails,
  backs offer a second Operation (a back never flips, so the card cannot loop);
* SA boxes list only what 8.7.4 lets an NP Revolutionaries faction do: Aid only to go Underground,
  Infiltrate (replace; in Crisis also the Base option, as on card U), Assassinate only with Unrest;
* Activation Numbers 2, 3 and Restraint are spread over the faces (8.6.2), smaller where the
  Operation spends many pieces (Rally, March), Restraint on Attack and Unrest faces where the state of
  India should temper the violence.
"""

from __future__ import annotations

from .schema import DRAW, FLIP, NEXT, SA, Check, Column, Face, FactionArjuna, Op, SAOption

REVS = "revs"
RECON = "reconstructed: "

# --- Special Activity options (8.7.4) --------------------------------------------------------------
ASSASSINATE = SAOption("assassinate", "Remove or Replace")
AID_UNDERGROUND = SAOption("aid", "Attack or Go Underground", action="go Underground")
INFILTRATE_REPLACE = SAOption("infiltrate", "Remove or Replace", action="replace an adversary")
# Card U's Crisis option. The column for a Base placed by Infiltrate is not reported; 8.8.5 sends
# "place a Base" to Place Bases, and we use it here too.
INFILTRATE_BASE = SAOption("infiltrate", "Place Bases", action="place a Base", only_if="Crisis")

# --- Operation boxes (8.6.6) -------------------------------------------------------------------------
RALLY = Op("rally", "Place Guerrillas")
MARCH = Op("march", "March")
ATTACK = Op("attack", "Attack or Go Underground")
UNREST = Op("unrest", "Place Unrest")

# Blue-box conditions (registered in bots/revolutionaries.py).
SIX_GUERRILLAS = "6 or more Guerrillas in India"
UNREST_TARGET = "Underground Guerrilla in a space without Unrest"
ATTACK_TARGET = "3 or more Guerrillas in a space with Active adversaries"
GUERRILLAS_AVAILABLE = "4 or more Guerrillas Available"
BASE_READY = "Guerrillas exceed Unity in a space with room for a Rev Base"


def _labelled(op: Op, label: str) -> Op:
    return Op(op.op, op.column, op.params, label=label)


def _face(letter, other, nodes, activation, source) -> Face:
    return Face(letter=letter, faction=REVS, other_side=other, nodes=tuple(nodes), source=source,
                activation=activation)


FACES = [
    # S / SS: Unrest where it scores; else Rally with a deep pool, else March.
    _face("S", "SS", [
        Check(UNREST_TARGET, yes=NEXT, no=FLIP),
        UNREST,
        SA((ASSASSINATE, AID_UNDERGROUND)),
    ], 3, RECON + "8.6.6 Unrest (Place Unrest) when an Underground Guerrilla can add a scoring marker; "
                  "8.7.4 Assassinate among Unrest spaces, else Aid to go Underground"),
    _face("SS", "S", [
        Check(GUERRILLAS_AVAILABLE, yes=NEXT, no="march"),
        RALLY,
        SA((INFILTRATE_REPLACE,)),
        _labelled(MARCH, "march"),
        SA((AID_UNDERGROUND,)),
    ], 2, RECON + "8.6.6 Rally (bases first, Place Guerrillas) with Guerrillas to place, else March; "
                  "8.7.4 Infiltrate / Aid"),
    # T / TT: Attack where the odds are good; else Unrest, else March.
    _face("T", "TT", [
        Check(ATTACK_TARGET, yes=NEXT, no=FLIP),
        ATTACK,
        SA((AID_UNDERGROUND, INFILTRATE_REPLACE)),
    ], "restraint", RECON + "8.6.6 Attack (Attack or Go Underground) where 3+ Guerrillas face Active "
                            "adversaries; 8.7.4 Aid flips the Attackers back Underground"),
    _face("TT", "T", [
        Check(UNREST_TARGET, yes=NEXT, no="march"),
        UNREST,
        SA((ASSASSINATE, INFILTRATE_REPLACE)),
        _labelled(MARCH, "march"),
        SA((AID_UNDERGROUND,)),
    ], 3, RECON + "8.6.6 Unrest, else March; 8.7.4 Assassinate / Infiltrate / Aid"),
    # U / UU: the reported card.
    _face("U", "UU", [
        Check(SIX_GUERRILLAS, yes=NEXT, no=FLIP),
        SA((INFILTRATE_BASE, INFILTRATE_REPLACE)),
        ATTACK,
    ], 3, "Arjuna Chronicles #4 (digest 11.14): first blue box '6 or more Guerrillas in India?' (yes -> "
          "continue) and the SA box before the Operation (Crisis: Infiltrate to place a Base, else "
          "Infiltrate to replace an adversary, Remove or Replace); " + RECON + "the 'no' arrow (flip), "
          "the Operation (Attack, where Infiltrate has just added a Guerrilla), the Activation Number and "
          "the column of the Crisis Base (Place Bases, as 8.8.5 does for Events)"),
    _face("UU", "U", [
        RALLY,
        SA((AID_UNDERGROUND,)),
    ], 2, RECON + "fewer than 6 Guerrillas in India: 8.6.6 Rally to rebuild; 8.7.4 Aid"),
    # V / VV: Rally for Bases; else Unrest on a good roll, else March.
    _face("V", "VV", [
        Check(BASE_READY, yes=NEXT, no=FLIP),
        RALLY,
        SA((INFILTRATE_REPLACE, AID_UNDERGROUND)),
    ], 2, RECON + "8.6.6 Rally when a Base can replace Guerrillas (Bases first, Place Bases); "
                  "8.7.4 Infiltrate / Aid"),
    _face("VV", "V", [
        Check("die roll <= Restraint", yes=NEXT, no="march"),
        UNREST,
        SA((ASSASSINATE, AID_UNDERGROUND)),
        _labelled(MARCH, "march"),
        SA((INFILTRATE_REPLACE,)),
    ], 3, RECON + "8.6.6 Unrest while Restraint is high (a die roll), else March; 8.7.4 SAs"),
    # W / WW: March to spread; in Crisis Unrest (Activist spaces become eligible, 3.4.4).
    _face("W", "WW", [
        Check("Crisis", yes="unrest", no=NEXT),
        MARCH,
        SA((AID_UNDERGROUND, INFILTRATE_REPLACE)),
        _labelled(UNREST, "unrest"),
        SA((ASSASSINATE, INFILTRATE_BASE)),
    ], "restraint", RECON + "8.6.6 March (Move Priorities), in Crisis Unrest; 8.7.4 SAs"),
    _face("WW", "W", [
        Check(ATTACK_TARGET, yes=NEXT, no="rally"),
        ATTACK,
        SA((AID_UNDERGROUND,)),
        _labelled(RALLY, "rally"),
        SA((INFILTRATE_REPLACE,)),
    ], 2, RECON + "8.6.6 Attack, else Rally; 8.7.4 Aid / Infiltrate"),
    # X / XX: Rally from a deep pool; else Unrest, else a new card.
    _face("X", "XX", [
        Check(GUERRILLAS_AVAILABLE, yes=NEXT, no=FLIP),
        RALLY,
        SA((INFILTRATE_BASE, INFILTRATE_REPLACE)),
    ], 3, RECON + "8.6.6 Rally with Guerrillas to place; 8.7.4 Infiltrate (Crisis: a Base)"),
    _face("XX", "X", [
        Check(UNREST_TARGET, yes=NEXT, no=DRAW),
        UNREST,
        SA((ASSASSINATE, AID_UNDERGROUND)),
    ], "restraint", RECON + "8.6.6 Unrest, else draw a new card (8.3); 8.7.4 Assassinate / Aid"),
]

# --- 8.4.1 Revolutionaries Space Selection Priorities (columns in table order, 8.8.5) -------------------
# The column names and their order are those 8.8.5 lists for NP Revolutionaries. Rows other than the
# three reported ones are reconstructed from what each column is for.
COLUMNS = [
    Column("Place Guerrillas", ("Rev Base", "no Underground Guerrilla", "no Unrest", "2-Pop", "no Raj Control"),
           RECON + "a Base doubles what Rally places (3.4.1); a new Underground Guerrilla opens Unrest "
                   "(3.4.4) where none is, best where no Unrest scores yet, in 2-Pop spaces"),
    Column("Place Bases", ("no Raj Control", "most Guerrillas", "2-Pop"),
           RECON + "8.9.2 places NP Revolutionaries Bases only where Raj has no Control; Guerrillas left "
                   "after the exchange protect the Base (Bases last, 3.2.4)"),
    Column("March", ("no Unrest", "fewest Guerrillas", "2-Pop", "no Raj Control"),
           RECON + "March brings Guerrillas where Unrest would score (7.2), one at a time (8.6.6), to "
                   "the emptiest such spaces first"),
    Column("Place Unrest", ("no Unrest", "2-Pop", "most Support"),
           RECON + "an Unrest space scores its Population once (7.2): new Unrest spaces first, 2-Pop, "
                   "where shifting toward Neutral costs the Raj most"),
    Column("Attack or Go Underground", ("most Guerrillas", "most Active adversaries", "no Unrest"),
           RECON + "an Attack succeeds on a roll <= Guerrillas (3.4.3) and removes Active pieces; Aid "
                   "flips the largest exposed group (8.7.4)"),
    Column("Remove or Replace", ("most Guerrillas", "fewest cubes", "most Support"),
           "Arjuna Chronicles #4 (digest 11.6): 'most Guerrillas', then 'fewest cubes', then "
           "'most Support'; any printed rows below them are unknown (none used)",
           known=("most Guerrillas", "fewest cubes", "most Support")),
]

# --- 8.4.2 Move Priorities, Revolutionaries column --------------------------------------------------------
# Read by the March procedure (bots/revolutionaries.py), top first.
KEEP_ONE = "keep 1 Guerrilla, Underground if possible, in each origin with Unrest or a Rev Base"
UNDERGROUND_FIRST = "move Underground Guerrillas first"
MOVE = (KEEP_ONE, UNDERGROUND_FIRST)
MOVE_SOURCE = (RECON + "8.9.3 NP Revolutionaries Redeploy keeps one Guerrilla in each space with Unrest "
               "or a Rev Base; an Underground one shields the Base (Bases last) and Underground "
               "Guerrillas are the ones that open Unrest in their destination (3.4.4)")

DATA = FactionArjuna(
    faction=REVS,
    faces={fc.letter: fc for fc in FACES},
    columns={c.name: c for c in COLUMNS},
    move=MOVE,
    move_source=MOVE_SOURCE,
)
