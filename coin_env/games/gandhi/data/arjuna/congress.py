"""Arjuna content of the non-player Congress: cards G-L / GG-LL (8.3), the Congress Space Selection
Priorities columns (8.4.1) and its Move Priorities column (8.4.2).

What is public: card H's two blue boxes and its Special Activity list, card HH's first blue box, and
card J's first blue box (in part) -- Arjuna Chronicles #3 and #5, and the 8.7 example (digest 11.14);
three rows of the Place Protests column and their order (8.4.1 example). Everything else is
reconstructed from the published procedures (8.6.4 Congress Operations, 8.7.2 Special Activities,
8.9.3 Redeploy) and the faction's victory total (Opposition, 7.2); every item says so in ``source``.

Reconstruction principles (so the faces read like one system, not a strategy of ours):
* a blue box tests whether the Operation that follows has something to work on (Non-Cooperation needs
  a Protest space with Congress Activists and no Raj Control; Civil Disobedience needs Protests to
  place; Rally needs Activists to place, the die roll of card HH); a front flips to its back when the
  test fails; backs never flip (they offer a second Operation), so a card cannot loop; an Operation
  with no eligible space draws a new card (8.3);
* Special Activity boxes list only the options 8.7.2 describes: Negotiate to release Gandhi / to
  remove a Muslim State (with Rally, Demonstrate, Civil Disobedience only, 4.3.1), Satyagraha to move
  Gandhi (then place an Activist, or remove Unrest and the Protest), Persuade in the card's order;
* the Max Spaces icon (8.3 figure) is not described anywhere in the rules text: every face leaves
  ``max_spaces`` None, i.e. the maximum 8.6.1 allows (Gandhi, Protest and Restraint, 3.3).

``SAOption.action`` values (read by bots/nonviolent.py, ``SA_ACTIONS``): Negotiate "release Gandhi" /
"remove Muslim State"; Satyagraha "move Gandhi" (then an Activist) / "place Activist" / "remove Unrest"
(with the Protest); Persuade the card's two actions in order, "Activate Guerrillas, Remove 1 Adversary"
or the reverse.
"""

from __future__ import annotations

from .schema import FLIP, NEXT, SA, Check, Column, Face, FactionArjuna, Op, SAOption

CONGRESS = "congress"
RECON = "reconstructed: "

# --- Special Activity options (8.7.2) ----------------------------------------------------------------
NEGOTIATE_RELEASE = SAOption("negotiate", "Move or Release Gandhi", action="release Gandhi")
NEGOTIATE_REMOVE_MS = SAOption("negotiate", "Remove or Replace", action="remove Muslim State")
SATYAGRAHA_MOVE = SAOption("satyagraha", "Move or Release Gandhi", action="move Gandhi")
SATYAGRAHA_ACTIVIST = SAOption("satyagraha", "Move or Release Gandhi", action="place Activist")
SATYAGRAHA_UNREST = SAOption("satyagraha", "Move or Release Gandhi", action="remove Unrest")
# Persuade: the card lists its two actions in order (8.7.2); ``action`` names them, first first.
PERSUADE_ACTIVATE = SAOption("persuade", "Remove or Replace", action="Activate Guerrillas, Remove 1 Adversary")
PERSUADE_REMOVE = SAOption("persuade", "Remove or Replace", action="Remove 1 Adversary, Activate Guerrillas")

# --- Operation boxes (8.6.4) --------------------------------------------------------------------------------
RALLY = Op("rally", "Place Activists")
DEMONSTRATE = Op("demonstrate", "Demonstrate")
CIVIL_DISOBEDIENCE = Op("civil_disobedience", "Place Protests")
# 8.6.4 gives Non-Cooperation no column (every eligible space); the card's bold column only orders
# them. Shift to Opposition is the column 8.8.5 names for shifting toward Opposition.
NON_COOPERATION = Op("non_cooperation", "Shift to Opposition")

# Blue-box conditions (registered in bots/nonviolent.py).
NV_GE_CUBES = "NV Activists >= cubes in a space without Protest"
TWO_PROTESTS = "2 or more Protest markers Available"
DIE_LE_CONGRESS_POOL = "die roll <= Congress Activists Available + in Jail"
CONGRESS_CAN_NONCOOP = "Protest space with Congress Activists and no Raj Control"
GANDHI_IN_JAIL = "Gandhi in Jail"            # shared (bots/rows.py)
DIE_LE_RESTRAINT = "die roll <= Restraint"   # shared
CRISIS = "Crisis"                            # shared


def _labelled(op: Op, label: str) -> Op:
    return Op(op.op, op.column, op.params, label=label)


def _face(letter, other, nodes, source) -> Face:
    return Face(letter=letter, faction=CONGRESS, other_side=other, nodes=tuple(nodes), source=source)


FACES = [
    # G / GG: with Gandhi in Jail, Rally and try to get him out; else Non-Cooperation or Demonstrate.
    _face("G", "GG", [
        Check(GANDHI_IN_JAIL, yes=NEXT, no=FLIP),
        RALLY,
        SA((NEGOTIATE_RELEASE, SATYAGRAHA_ACTIVIST)),
    ], RECON + "Gandhi in Jail -> 8.6.4 Rally (Place Activists) and 8.7.2 Negotiate to release him, else "
               "Satyagraha (whose request for release 8.7.2 always makes, 4.3.2)"),
    _face("GG", "G", [
        Check(CONGRESS_CAN_NONCOOP, yes=NEXT, no="demonstrate"),
        NON_COOPERATION,
        SA((SATYAGRAHA_UNREST, PERSUADE_ACTIVATE)),
        _labelled(DEMONSTRATE, "demonstrate"),
        SA((SATYAGRAHA_MOVE, PERSUADE_REMOVE)),
    ], RECON + "8.6.4 Non-Cooperation in every eligible space when one exists, else Demonstrate (Move "
               "Priorities); 8.7.2 Satyagraha / Persuade"),
    # H / HH: the reported card.
    _face("H", "HH", [
        Check(NV_GE_CUBES, yes=NEXT, no=FLIP),
        Check(TWO_PROTESTS, yes=NEXT, no=FLIP),
        CIVIL_DISOBEDIENCE,
        SA((NEGOTIATE_RELEASE, SATYAGRAHA_MOVE)),
    ], "Arjuna Chronicles #5 (digest 11.14): blue boxes 'NV Activists >= cubes in any space without "
       "Protest?' (yes -> next) and '2 or more Protest markers Available?' (no -> flip); 8.7 example (EN): "
       "SA list 'Negotiate to Release Gandhi from Jail', then 'Satyagraha to Move Gandhi' (the Spanish "
       "rulebook gives this list to card J); " + RECON + "the first box's 'no' arrow (flip) and the "
       "Operation (Civil Disobedience, Place Protests: Protests make those Activists Active and end Raj "
       "Control there, 1.7)"),
    _face("HH", "H", [
        Check(DIE_LE_CONGRESS_POOL, yes=NEXT, no="demonstrate"),
        RALLY,
        SA((NEGOTIATE_RELEASE, PERSUADE_REMOVE)),
        _labelled(DEMONSTRATE, "demonstrate"),
        SA((SATYAGRAHA_MOVE, PERSUADE_ACTIVATE)),
    ], "Arjuna Chronicles #5 (digest 11.14): blue box 'die roll <= Congress Activists Available + Congress "
       "Activists in Jail?' (yes -> Rally); " + RECON + "the Rally box's column (Place Activists, 8.6.4), "
       "the 'no' branch (Demonstrate) and the SA boxes (8.7.2)"),
    # I / II: Civil Disobedience with Protests to place; else Demonstrate.
    _face("I", "II", [
        Check(TWO_PROTESTS, yes=NEXT, no=FLIP),
        CIVIL_DISOBEDIENCE,
        SA((PERSUADE_REMOVE, SATYAGRAHA_ACTIVIST)),
    ], RECON + "8.6.4 Civil Disobedience (Place Protests) while 2 Protests are Available; 8.7.2 Persuade, "
               "else Satyagraha"),
    _face("II", "I", [
        DEMONSTRATE,
        SA((NEGOTIATE_RELEASE, NEGOTIATE_REMOVE_MS, SATYAGRAHA_MOVE)),
    ], RECON + "8.6.4 Demonstrate (Move Priorities; a Protest where Raj has no Control); 8.7.2 Negotiate "
               "(release Gandhi, else remove a Muslim State), else Satyagraha"),
    # J / JJ: Non-Cooperation when a Protest space allows it.
    _face("J", "JJ", [
        Check(CONGRESS_CAN_NONCOOP, yes=NEXT, no=FLIP),
        NON_COOPERATION,
        SA((PERSUADE_ACTIVATE, SATYAGRAHA_MOVE)),
    ], "Arjuna Chronicles #3 (digest 11.14): the first blue box asks whether any Protest [space ...] "
       "(truncated); " + RECON + "completed as the Non-Cooperation test of 3.3.4 (Protest, Congress "
       "Activists, no Raj Control), then Non-Cooperation in every eligible space (8.6.4) and 8.7.2 "
       "Persuade / Satyagraha; not the 8.7 SA list, which the English rulebook gives to card H"),
    _face("JJ", "J", [
        Check(DIE_LE_RESTRAINT, yes=NEXT, no="rally"),
        CIVIL_DISOBEDIENCE,
        SA((NEGOTIATE_REMOVE_MS, PERSUADE_REMOVE)),
        _labelled(RALLY, "rally"),
        SA((NEGOTIATE_RELEASE, SATYAGRAHA_ACTIVIST)),
    ], RECON + "high Restraint (a die roll) -> 8.6.4 Civil Disobedience, else Rally; 8.7.2 SAs"),
    # K / KK: Non-Cooperation in Crisis (Raj-Controlled Protest spaces become eligible, 8.6.4 play note).
    _face("K", "KK", [
        Check(CRISIS, yes=NEXT, no=FLIP),
        NON_COOPERATION,
        SA((PERSUADE_REMOVE, SATYAGRAHA_MOVE)),
    ], RECON + "in Crisis Congress Non-Cooperation may also take Raj-Controlled Protest spaces (8.6.4 play "
               "note): Non-Cooperation, then 8.7.2 Persuade, else Satyagraha"),
    _face("KK", "K", [
        Check(CONGRESS_CAN_NONCOOP, yes=NEXT, no="cd"),
        NON_COOPERATION,
        SA((PERSUADE_REMOVE, SATYAGRAHA_UNREST)),
        _labelled(CIVIL_DISOBEDIENCE, "cd"),
        SA((NEGOTIATE_REMOVE_MS, PERSUADE_ACTIVATE)),
    ], RECON + "8.6.4 Non-Cooperation when possible, else Civil Disobedience; 8.7.2 SAs"),
    # L / LL: Demonstrate on a good roll; else Rally.
    _face("L", "LL", [
        Check(DIE_LE_RESTRAINT, yes=NEXT, no=FLIP),
        DEMONSTRATE,
        SA((NEGOTIATE_REMOVE_MS, SATYAGRAHA_MOVE)),
    ], RECON + "high Restraint (a die roll) -> 8.6.4 Demonstrate; 8.7.2 Negotiate to remove a Muslim "
               "State, else Satyagraha"),
    _face("LL", "L", [
        RALLY,
        SA((PERSUADE_ACTIVATE, SATYAGRAHA_MOVE)),
    ], RECON + "8.6.4 Rally (Place Activists); 8.7.2 Persuade, else Satyagraha"),
]

# --- 8.4.1 Congress Space Selection Priorities (columns in table order, 8.8.5) --------------------------
# Column names and order: those 8.8.5 lists for NP Congress. Only the Place Protests rows are known.
COLUMNS = [
    Column("Place Activists", ("no Raj Control", "Protest", "2-Pop", "non-Muslim space", "fewest cubes"),
           RECON + "Rally (3.3.1) places up to Population: Activists count where Raj has no Control and "
                   "in Protest spaces (Non-Cooperation, 3.3.4); 2-Pop takes two; Congress's own "
                   "(non-Muslim) spaces; fewest cubes to deny Control next"),
    Column("Demonstrate", ("no Raj Control", "no Protest", "2-Pop", "non-Muslim space", "fewest cubes"),
           RECON + "a Demonstrate destination gets a Protest only without Raj Control (3.3.2, 8.6.4), and "
                   "only if it has none yet; then as Place Activists"),
    Column("Place Protests", ("not at Active Opposition", "2-Pop", "non-Muslim space", "most Congress Activists"),
           "8.4.1 example: 'not at Active Opposition', then '2-Pop', then 'non-Muslim space'; "
           + RECON + "'most Congress Activists' after them (a Protest activates them all, 1.4.3)",
           known=("not at Active Opposition", "2-Pop", "non-Muslim space")),
    Column("Move or Release Gandhi", ("no Gandhi", "Raj Control", "2-Pop", "non-Muslim space",
                                      "most Congress Activists"),
           RECON + "8.7.2 always moves Gandhi (so not where he is); Gandhi is Active and can end Raj "
                   "Control (4.3.2 example, digest 12.4 #18); 2-Pop, Congress's spaces, with its Activists"),
    Column("Shift to Opposition", ("not at Active Opposition", "2-Pop", "Protest", "non-Muslim space"),
           RECON + "Opposition scores Population x level (7.2): spaces that can still shift, 2-Pop first, "
                   "Protest spaces (Non-Cooperation), Congress's spaces"),
    Column("Remove or Replace", ("Raj Control", "most Active adversaries", "2-Pop", "non-Muslim space"),
           RECON + "removing a piece where Raj has Control may end it (1.7); then the most exposed "
                   "adversaries, 2-Pop, Congress's spaces"),
]

# --- 8.4.2 Move Priorities, NV Congress column ----------------------------------------------------------------
# Read by the Demonstrate procedure (bots/nonviolent.py): what to keep in each origin.
KEEP_PROTEST = "keep 1 Congress Activist in each Protest origin"
KEEP_NO_CONTROL = "give Raj no Control in origins"
MOVE = (KEEP_PROTEST, KEEP_NO_CONTROL)
MOVE_SOURCE = (RECON + "8.6.4 says 'keep Activists in the origin as instructed' without the rows; a Protest "
               "space keeps a Congress Activist so it stays eligible for Non-Cooperation (3.3.4), and no "
               "origin is left with cubes exceeding its Active pieces (the NV counterpart of Raj's 'lose "
               "no Raj Control in origins', 8.6.3)")

DATA = FactionArjuna(
    faction=CONGRESS,
    faces={fc.letter: fc for fc in FACES},
    columns={c.name: c for c in COLUMNS},
    move=MOVE,
    move_source=MOVE_SOURCE,
)
