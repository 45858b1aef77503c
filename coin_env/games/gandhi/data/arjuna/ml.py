"""Arjuna content of the non-player Muslim League: cards M-R / MM-RR (8.3), the Muslim League Space
Selection Priorities columns (8.4.1) and its Move Priorities column (8.4.2).

What is public: card N's Special Activity instruction "Crisis: Infiltrate to Place a Muslim State"
(8.7 example) and card P's first check, which sets the Muslim League up to place a Protest so as to
deny Raj Control (Arjuna Chronicles #9; digest 11.14). Everything else is reconstructed from the
published procedures (8.6.5 Muslim League Operations, 8.7.3 Special Activities, 8.9.3 Redeploy) and
the faction's victory total (Opposition in Muslim spaces plus twice the Population of Muslim States,
7.2); every item says so in ``source``.

Reconstruction principles (the same as the Congress cards, data/arjuna/congress.py):
* a blue box tests whether the Operation that follows has something to work on; fronts flip to
  their backs when the test fails; backs never flip (they offer a second Operation); an Operation
  with no eligible space draws a new card (8.3);
* Special Activity boxes list only the options 8.7.3 describes: Negotiate to remove Unrest / to place
  a Muslim State (with Rally, Demonstrate, Civil Disobedience only, 4.4.1), Infiltrate to replace an
  adversary (in Crisis also to place a Muslim State, as on card N), Persuade in the card's order;
* the Max Spaces icon (8.3 figure) is not described anywhere in the rules text: every face leaves
  ``max_spaces`` None, i.e. the maximum 8.6.1 allows (ML Bases and Unity, 3.3).

``SAOption.action`` values (read by bots/nonviolent.py, ``SA_ACTIONS``): Negotiate "remove Unrest" /
"place Muslim State"; Infiltrate "replace adversary" / "place Muslim State"; Persuade the card's two
actions in order, "Activate Guerrillas, Remove 1 Adversary" or the reverse.
"""

from __future__ import annotations

from .schema import FLIP, NEXT, SA, Check, Column, Face, FactionArjuna, Op, SAOption

ML = "ml"
RECON = "reconstructed: "

# --- Special Activity options (8.7.3) ----------------------------------------------------------------
NEGOTIATE_UNREST = SAOption("negotiate", "Remove or Replace", action="remove Unrest")
NEGOTIATE_PLACE_MS = SAOption("negotiate", "Place Muslim State", action="place Muslim State")
INFILTRATE_REPLACE = SAOption("infiltrate", "Remove or Replace", action="replace adversary")
# Card N's option. 8.7.3 selects Infiltrate spaces with Remove or Replace (for replacing); 8.8.5 sends
# "place a Muslim State" to the Place Muslim State column, which we use for this option.
INFILTRATE_MS = SAOption("infiltrate", "Place Muslim State", action="place Muslim State", only_if="Crisis")
PERSUADE_ACTIVATE = SAOption("persuade", "Remove or Replace", action="Activate Guerrillas, Remove 1 Adversary")
PERSUADE_REMOVE = SAOption("persuade", "Remove or Replace", action="Remove 1 Adversary, Activate Guerrillas")

# --- Operation boxes (8.6.5) --------------------------------------------------------------------------------
RALLY = Op("rally", "Place Activists")          # Bases first with Place Bases (8.6.5)
DEMONSTRATE = Op("demonstrate", "Demonstrate")
CIVIL_DISOBEDIENCE = Op("civil_disobedience", "Place Protests")
NON_COOPERATION = Op("non_cooperation", "Shift to Opposition")   # every eligible Muslim space (8.6.5)

# Blue-box conditions (registered in bots/nonviolent.py).
ML_CAN_NONCOOP = "Muslim Protest space with ML Activists and no Raj Control"
TWO_PROTESTS = "2 or more Protest markers Available"
DIE_LE_ML_POOL = "die roll <= ML Activists Available + in Jail"
BASE_READY = "ML Activists exceed Unity in a space with room for an ML Base"
PROTEST_DENIES_CONTROL = "a Protest would end Raj Control in a space with ML Activists"
MS_NEGOTIABLE = "Negotiate could place a Muslim State"
DIE_LE_UNITY = "die roll <= Unity"           # shared (bots/rows.py)


def _labelled(op: Op, label: str) -> Op:
    return Op(op.op, op.column, op.params, label=label)


def _face(letter, other, nodes, source) -> Face:
    return Face(letter=letter, faction=ML, other_side=other, nodes=tuple(nodes), source=source)


FACES = [
    # M / MM: Rally for Bases; else Rally on a good roll or Demonstrate.
    _face("M", "MM", [
        Check(BASE_READY, yes=NEXT, no=FLIP),
        RALLY,
        SA((NEGOTIATE_PLACE_MS, INFILTRATE_REPLACE)),
    ], RECON + "8.6.5 Rally when ML Activists exceed Unity where a Base fits (Bases first, Place Bases); "
               "8.7.3 Negotiate to place a Muslim State, else Infiltrate"),
    _face("MM", "M", [
        Check(DIE_LE_ML_POOL, yes=NEXT, no="demonstrate"),
        RALLY,
        SA((PERSUADE_REMOVE, INFILTRATE_REPLACE)),
        _labelled(DEMONSTRATE, "demonstrate"),
        SA((NEGOTIATE_UNREST, PERSUADE_ACTIVATE)),
    ], RECON + "the Muslim League counterpart of Congress card HH's reported box (a die roll against the "
               "Activists it could place or release): 8.6.5 Rally, else Demonstrate; 8.7.3 SAs"),
    # N / NN: the reported card.
    _face("N", "NN", [
        Check(ML_CAN_NONCOOP, yes=NEXT, no=FLIP),
        NON_COOPERATION,
        SA((INFILTRATE_MS, INFILTRATE_REPLACE, PERSUADE_REMOVE)),
    ], "8.7 example: SA instruction 'Crisis: Infiltrate to Place a Muslim State' (skipped outside "
       "Crisis); " + RECON + "the blue box and Operation (Non-Cooperation in every eligible Muslim space, "
       "8.6.5: its Restraint -1 may bring the Crisis, 3.1.5 example 2) and the later SA options (8.7.3)"),
    _face("NN", "N", [
        DEMONSTRATE,
        SA((NEGOTIATE_PLACE_MS, PERSUADE_ACTIVATE)),
    ], RECON + "8.6.5 Demonstrate (Move Priorities); 8.7.3 Negotiate to place a Muslim State, else Persuade"),
    # O / OO: Civil Disobedience with Protests to place; else Rally on a roll, or Demonstrate.
    _face("O", "OO", [
        Check(TWO_PROTESTS, yes=NEXT, no=FLIP),
        CIVIL_DISOBEDIENCE,
        SA((NEGOTIATE_PLACE_MS, INFILTRATE_REPLACE)),
    ], RECON + "8.6.5 Civil Disobedience (Place Protests) while 2 Protests are Available; 8.7.3 SAs"),
    _face("OO", "O", [
        Check(DIE_LE_UNITY, yes=NEXT, no="demonstrate"),
        RALLY,
        SA((NEGOTIATE_UNREST, PERSUADE_REMOVE)),
        _labelled(DEMONSTRATE, "demonstrate"),
        SA((INFILTRATE_REPLACE,)),
    ], RECON + "high Unity (a die roll) -> 8.6.5 Rally, else Demonstrate; 8.7.3 SAs"),
    # P / PP: the reported first check.
    _face("P", "PP", [
        Check(PROTEST_DENIES_CONTROL, yes=NEXT, no=FLIP),
        CIVIL_DISOBEDIENCE,
        SA((INFILTRATE_REPLACE, PERSUADE_REMOVE)),
    ], "Arjuna Chronicles #9 (digest 11.14): the first check sets the Muslim League up to place a Protest "
       "so as to deny Raj Control; " + RECON + "its wording (a Raj-Controlled space with ML Activists "
       "where the Protest, making them Active, ends Control, 1.7), the Operation (Civil Disobedience, "
       "Place Protests) and the SA options (8.7.3)"),
    _face("PP", "P", [
        Check(ML_CAN_NONCOOP, yes=NEXT, no="rally"),
        NON_COOPERATION,
        SA((PERSUADE_ACTIVATE, INFILTRATE_REPLACE)),
        _labelled(RALLY, "rally"),
        SA((NEGOTIATE_PLACE_MS, INFILTRATE_REPLACE)),
    ], RECON + "8.6.5 Non-Cooperation when possible, else Rally; 8.7.3 SAs"),
    # Q / QQ: a Muslim State by Negotiate -- the SA comes first so the Rally cannot take its space (4.1.1).
    _face("Q", "QQ", [
        Check(MS_NEGOTIABLE, yes=NEXT, no=FLIP),
        SA((NEGOTIATE_PLACE_MS,)),
        RALLY,
    ], RECON + "a Muslim State scores twice the Population (7.2): when Negotiate can place one, do it "
               "before the Operation (8.3 reads SA boxes in card order; 4.1.1 keeps the Negotiate "
               "space out of the Operation), then 8.6.5 Rally"),
    _face("QQ", "Q", [
        DEMONSTRATE,
        SA((NEGOTIATE_UNREST, INFILTRATE_REPLACE)),
    ], RECON + "8.6.5 Demonstrate; 8.7.3 Negotiate to remove Unrest, else Infiltrate"),
    # R / RR: Non-Cooperation (in Crisis a Muslim State by Infiltrate); else Rally or Civil Disobedience.
    _face("R", "RR", [
        Check(ML_CAN_NONCOOP, yes=NEXT, no=FLIP),
        NON_COOPERATION,
        SA((INFILTRATE_MS, PERSUADE_REMOVE)),
    ], RECON + "as card N: 8.6.5 Non-Cooperation, then in Crisis Infiltrate to place a Muslim State, "
               "else Persuade"),
    _face("RR", "R", [
        Check(DIE_LE_ML_POOL, yes=NEXT, no="cd"),
        RALLY,
        SA((INFILTRATE_REPLACE, NEGOTIATE_UNREST)),
        _labelled(CIVIL_DISOBEDIENCE, "cd"),
        SA((NEGOTIATE_PLACE_MS, PERSUADE_ACTIVATE)),
    ], RECON + "8.6.5 Rally on the die roll of card MM, else Civil Disobedience; 8.7.3 SAs"),
]

# --- 8.4.1 Muslim League Space Selection Priorities (columns in table order, 8.8.5) ------------------------
# Column names and order: those 8.8.5 lists for NP Muslim League. No row is published.
COLUMNS = [
    Column("Place Activists", ("Muslim space", "ML Base", "no Raj Control", "2-Pop", "fewest cubes"),
           RECON + "the Muslim League scores in Muslim spaces (7.2); an ML Base adds Activists placed "
                   "(3.3.1); Activists count where Raj has no Control; 2-Pop; fewest cubes to deny it next"),
    Column("Place Bases", ("Muslim space", "no Raj Control", "2-Pop", "most ML Activists"),
           RECON + "8.9.2 places NP Muslim League Bases only where Raj has no Control; Muslim spaces, "
                   "2-Pop; the most ML Activists left around the Base"),
    Column("Demonstrate", ("Muslim space", "no Raj Control", "no Protest", "2-Pop", "fewest cubes"),
           RECON + "a Demonstrate destination gets a Protest only without Raj Control (3.3.2, 8.6.5) and "
                   "only if it has none yet; Muslim spaces first"),
    Column("Place Protests", ("Muslim space", "a Protest would end Raj Control", "not at Active Opposition",
                              "2-Pop"),
           RECON + "card P's idea (Arjuna Chronicles #9): a Protest that makes the Activists Active so as "
                   "to deny Raj Control (1.7); then as the Congress column's published rows"),
    Column("Place Muslim State", ("2-Pop", "most ML Activists", "fewest cubes"),
           RECON + "a Muslim State scores twice the Population (7.2); ML Activists defend it against "
                   "Congress Negotiate (4.3.1: Congress pieces must exceed ML pieces)"),
    Column("Shift to Opposition", ("Muslim space", "not at Active Opposition", "2-Pop", "Protest"),
           RECON + "only Opposition in Muslim spaces scores for the Muslim League (7.2)"),
    Column("Remove or Replace", ("Muslim space", "Raj Control", "most Active adversaries", "2-Pop"),
           RECON + "removals in Muslim spaces, where Raj Control may end (1.7); the most exposed adversaries"),
]

# --- 8.4.2 Move Priorities, NV Muslim League column --------------------------------------------------------
KEEP_PROTEST = "keep 1 ML Activist in each Protest origin"
KEEP_NO_CONTROL = "give Raj no Control in origins"
KEEP_MAJORITY = "keep ML pieces above Congress pieces in Muslim origins"
MOVE = (KEEP_PROTEST, KEEP_NO_CONTROL, KEEP_MAJORITY)
MOVE_SOURCE = (RECON + "8.6.5 says 'keep Activists in the origin as instructed' without the rows; a Protest "
               "space keeps an ML Activist for Non-Cooperation (3.3.4), no origin is left to Raj Control "
               "(as 8.6.3 for Raj), and ML pieces stay above Congress pieces in Muslim spaces as NP Muslim "
               "League Redeploy arranges (8.9.3 step 1; it guards Negotiate's Muslim State, 4.3.1 / 4.4.1)")

DATA = FactionArjuna(
    faction=ML,
    faces={fc.letter: fc for fc in FACES},
    columns={c.name: c for c in COLUMNS},
    move=MOVE,
    move_source=MOVE_SOURCE,
)
