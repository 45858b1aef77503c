"""NP Revolutionaries (8.1.4, 8.6.1, 8.6.2, 8.6.6, 8.7.4): the Arjuna cards S-X / SS-XX, the
Revolutionaries tables, and every step of their Operation and Special Activity procedures, driven
through the bot (bots/revolutionaries.py) on built positions."""

from __future__ import annotations

import pytest

import coin_env
from coin_env import play
from coin_env.games.gandhi.actions import MARKER, VOCABULARY
from coin_env.games.gandhi.bots import ArjunaBot, BOT, priorities
from coin_env.games.gandhi.bots.context import Ctx
from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA as ARJUNA, CARD_LETTERS, common
from coin_env.games.gandhi.data.arjuna.schema import SA, Check, Op
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GUERRILLA, REV_BASE, SEPOY,
                                               TROOP)
from coin_env.games.gandhi.setup import to_position
from coin_env.games.gandhi.static import INDEX, LAND, OUT_OF_PLAY, SPACE_NAMES

REVS_ONLY = {"raj": False, "congress": False, "ml": False, "revs": True}
DATA = ARJUNA["revs"]


# --- helpers ---------------------------------------------------------------------------------------------------
def revs_game(spaces, card, restraint=3, unity=3, non_players=("revs",), boxes=None, seed=0):
    """Revolutionaries the only Eligible faction (1st Eligible: Operation + Special Activity, 8.2.1),
    with Arjuna card ``card`` on top of their stack."""
    pos = {"restraint": restraint, "unity": unity, "resources": {"raj": 20, "revs": 20},
           "eligible": dict(REVS_ONLY), "spaces": spaces, "deck": [44, 6, 45, 73]}
    if boxes is not None:
        pos["boxes"] = boxes
    g = coin_env.make_game("gandhi", position=pos, options={"non_players": list(non_players)}, seed=seed,
                           debug=True)
    put_on_top(g, card)
    return g


def put_on_top(g, card):
    deck = g.state.arjuna["deck"]
    deck.remove(card)
    deck.insert(0, card)


def support_everywhere_but(names, level="Passive Support"):
    """Every land space at Support (so Rally may not select it, 3.4.1) except ``names``."""
    return {SPACE_NAMES[sp]: {"support": level} for sp in LAND if SPACE_NAMES[sp] not in names}


class Turn:
    """The Revolutionaries' turn played by the bot: the prompts answered and the spaces chosen."""

    def __init__(self, g):
        self.log: list[tuple[str, str]] = []
        self.op_spaces: list[int] = []
        self.sa_spaces: list[int] = []
        self.op = self.sa = None
        started = False
        for _ in range(500):
            if g.current_player() != "revs":
                break
            frame = g.state.frames[-1]
            key = frame["then"] if frame["kind"] == "choose" else frame["kind"]
            if key == "sop_choice" and started:
                break
            action = BOT.decide_for(g, "revs")
            self.log.append((key, VOCABULARY.label(action)))
            g.apply(action)
            started = True
            turn = g.state.turn
            if turn is not None:
                self.op_spaces, self.sa_spaces = list(turn["op_spaces"]), list(turn["sa_spaces"])
                self.op, self.sa = turn["op"], turn.get("sa")
            elif started:
                break
        self.plan = g.state.arjuna["memory"]["revs"]["plan"]

    def answers(self, key):
        return [label for k, label in self.log if k == key]

    def op_names(self):
        return [SPACE_NAMES[sp] for sp in self.op_spaces]


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def guerrillas(g, space):
    return at(g, space, GUERRILLA) + at(g, space, ACTIVE_GUERRILLA)


# ==================================================================================================
# Data: the six cards, the table, the Move Priorities column
# ==================================================================================================
def test_six_revs_cards_both_faces_with_activation_numbers():
    letters = CARD_LETTERS["revs"]
    assert sorted(DATA.faces) == sorted(list(letters) + [c + c for c in letters])
    for letter, fc in DATA.faces.items():
        assert fc.faction == "revs" and fc.source
        assert DATA.faces[fc.other_side].other_side == letter
        assert fc.activation in (2, 3, "restraint"), letter                     # 8.6.2
        assert any(isinstance(n, Op) for n in fc.nodes), letter
        for node in fc.nodes:
            if isinstance(node, Op):
                assert node.op in ("rally", "march", "attack", "unrest")       # 8.6.6
                assert node.column in DATA.columns
            if isinstance(node, SA):
                for opt in node.options:
                    assert opt.sa in ("aid", "infiltrate", "assassinate")       # 8.7.4
                    assert opt.column in DATA.columns
                    assert opt.sa != "aid" or opt.action == "go Underground"    # 8.7.4 Aid only Underground
        labels = {n.label for n in fc.nodes if getattr(n, "label", "")}
        for check in (n for n in fc.nodes if isinstance(n, Check)):
            for arrow in (check.yes, check.no):
                assert arrow in ("next", "flip", "draw", "stop") or arrow in labels, (letter, arrow)
                assert not (len(letter) == 2 and arrow == "flip"), letter          # a back never flips back
        if letter != "U":
            assert fc.source.startswith("reconstructed: "), letter
    assert {fc.activation for fc in DATA.faces.values()} == {2, 3, "restraint"}


def test_card_u_as_reported():
    """Arjuna Chronicles #4 (digest 11.14): U's first blue box, then the SA box before the Operation."""
    u = DATA.faces["U"]
    check, sa = u.nodes[0], u.nodes[1]
    assert isinstance(check, Check) and check.cond == "6 or more Guerrillas in India" and check.yes == "next"
    assert isinstance(sa, SA)
    crisis, replace = sa.options
    assert (crisis.sa, crisis.only_if, crisis.action) == ("infiltrate", "Crisis", "place a Base")
    assert (replace.sa, replace.column, replace.action) == ("infiltrate", "Remove or Replace", "replace an adversary")
    assert "Arjuna Chronicles #4" in u.source


def test_columns_in_table_order_and_remove_or_replace_known_rows():
    assert list(DATA.columns) == ["Place Guerrillas", "Place Bases", "March", "Place Unrest",
                                  "Attack or Go Underground", "Remove or Replace"]          # 8.8.5
    rr = DATA.columns["Remove or Replace"]
    assert rr.rows[:3] == rr.known == ("most Guerrillas", "fewest cubes", "most Support")
    assert DATA.move and DATA.move_source.startswith("reconstructed: ")


# ==================================================================================================
# Arjuna Chronicles #4: card U at the start of the Short scenario
# ==================================================================================================
def short_start_with_card_u(seed=3):
    pos = to_position(coin_env.make_game("gandhi", scenario="short", seed=0))
    pos.pop("decision_pending")
    pos.pop("victory_totals")
    pos["eligible"] = dict(REVS_ONLY)
    g = coin_env.make_game("gandhi", position=pos, options={"non_players": ["revs"]}, seed=seed, debug=True)
    put_on_top(g, "U")
    return g


def random_map_dice(name):
    """Dice whose Random Spaces slot is ``name`` (8.1.2)."""
    for region, spaces in enumerate(common.BUILTIN_RANDOM_SPACES, 1):
        if name in spaces:
            return [region, spaces.index(name) + 1]
    raise AssertionError(name)


@pytest.mark.parametrize("winner", ["East Bengal", "Punjab"])
def test_arjuna_chronicles_4_card_u_infiltrate_tie_goes_to_the_random_spaces_map(winner):
    g = short_start_with_card_u()
    s = g.state
    assert sum(guerrillas(g, SPACE_NAMES[sp]) for sp in LAND) >= 6                  # U: yes -> continue
    # The Remove or Replace column leaves Punjab and East Bengal (2 Guerrillas, 4 cubes, no Support).
    ctx = Ctx(g, "revs")
    eligible = [sp for sp in LAND if s.pieces[sp, GUERRILLA] > 0]
    tied = priorities.narrow(ctx, DATA.columns["Remove or Replace"].rows, eligible)
    assert sorted(SPACE_NAMES[sp] for sp in tied) == ["East Bengal", "Punjab"]
    g.script_dice(random_map_dice(winner))                    # 3-5 is East Bengal in the 8.1.2 example
    before = {n: guerrillas(g, n) for n in ("East Bengal", "Punjab")}
    turn = Turn(g)
    assert turn.plan["card"] == "U" and turn.plan["face"] == "U" and turn.op == "attack"
    # The SA comes first: Infiltrate before the first Attack space.
    keys = [k for k, _ in turn.log]
    assert keys.index("sa_select") < keys.index("revs_infiltrate_choice")
    first_infiltrate = turn.log.index(("sa_select", f"select {winner}"))
    assert all(label == "Infiltrate" or not label.startswith("select") for k, label in turn.log[:first_infiltrate]
               if k == "op_select")
    assert SPACE_NAMES[turn.sa_spaces[0]] == winner
    assert guerrillas(g, winner) >= before[winner]          # replaced an adversary with a Guerrilla


# ==================================================================================================
# 8.6.2 Activation Number: roll <= AN ends the Operation, roll > AN continues
# ==================================================================================================
def unrest_position():
    # Place Unrest picks Bihar (2-Pop, most Support), then United Provinces (2-Pop), then Orissa: no ties.
    return {"Bihar": {"support": "Passive Support", "pieces": {"Guerrilla": 1}},
            "United Provinces": {"pieces": {"Guerrilla": 1}},
            "Orissa": {"pieces": {"Guerrilla": 1}}}


def rally_position():
    # Card U fails (< 6 Guerrillas) -> UU Rally (AN 2). Rally spaces: Sind (Rev Base), then Bihar (2-Pop),
    # then Orissa; everything else at Support.
    spaces = support_everywhere_but({"Sind", "Bihar", "Orissa"})
    spaces["Sind"] = {"pieces": {"Rev Base": 1, "Guerrilla": 1}}
    return spaces


def attack_position():
    # Attack or Go Underground: Bihar (4 Guerrillas), then Orissa (3), then Assam (1).
    return {"Bihar": {"pieces": {"Guerrilla": 4, "Sepoy": 1}},
            "Orissa": {"pieces": {"Guerrilla": 3, "Sepoy": 1}},
            "Assam": {"pieces": {"Guerrilla": 1}}}


AN_CASES = [
    # card, position, restraint, AN, rolls after each space, spaces operated
    ("S", unrest_position, 3, 3, [3], 1),
    ("S", unrest_position, 3, 3, [4, 3], 2),
    ("S", unrest_position, 3, 3, [4, 6], 3),
    ("U", rally_position, 3, 2, [2], 1),
    ("U", rally_position, 3, 2, [3, 2], 2),
    ("T", attack_position, 4, 4, [4], 1),          # AN = Restraint: a 4 ends it at Restraint 4 ...
    ("T", attack_position, 3, 3, [4, 3], 2),       # ... and continues at Restraint 3
]


@pytest.mark.parametrize("card,position,restraint,an,rolls,n_spaces", AN_CASES)
def test_activation_number_roll_ends_or_continues_the_operation(card, position, restraint, an, rolls,
                                                                 n_spaces):
    g = revs_game(position(), card, restraint=restraint)
    # Each Attack space rolls the engine's Attack die (a 6: the Attack fails) before the Activation roll.
    g.script_dice([d for r in rolls for d in (6, r)] if position is attack_position else rolls)
    turn = Turn(g)
    face = DATA.faces[turn.plan["face"]]
    assert (face.activation if face.activation != "restraint" else restraint) == an
    assert turn.plan["rolls"][:len(rolls)] == rolls
    assert len(turn.op_spaces) == n_spaces
    expected = {"S": ["Bihar", "United Provinces", "Orissa"], "U": ["Sind", "Bihar", "Orissa"],
                "T": ["Bihar", "Orissa", "Assam"]}[card]
    assert turn.op_names() == expected[:n_spaces]


def test_activation_number_does_not_stop_at_the_last_eligible_space():
    """8.6.2 step 4: with no eligible space left the Operation is over, whatever the roll."""
    g = revs_game(unrest_position(), "S")
    g.script_dice([6, 6, 6])
    turn = Turn(g)
    assert turn.op_names() == ["Bihar", "United Provinces", "Orissa"]
    assert all(g.state.unrest[INDEX[n]] == 1 for n in turn.op_names())


# ==================================================================================================
# 8.6.6 Rally: Bases first where Guerrillas exceed Unity, then Guerrillas, then Out of Play
# ==================================================================================================
def test_rally_places_bases_first_where_guerrillas_exceed_unity():
    spaces = support_everywhere_but({"Orissa", "Sind", "Bihar"})
    spaces["Orissa"] = {"pieces": {"Guerrilla": 3}}        # 3 > Unity 2: a Base
    spaces["Sind"] = {"pieces": {"Guerrilla": 2}}          # 2 = Unity: Guerrillas only
    g = revs_game(spaces, "V", unity=2, boxes={"Out of Play": {"Guerrilla": 2}})
    g.script_dice([6, 6, 6])                                 # AN 2: keep going
    turn = Turn(g)
    assert turn.plan["face"] == "V" and turn.op == "rally"
    # Without "Bases first" Place Guerrillas would start in Bihar (no Underground Guerrilla, 2-Pop).
    assert turn.op_names() == ["Orissa", "Bihar", "Sind"]
    assert at(g, "Orissa", REV_BASE) == 1 and guerrillas(g, "Orissa") == 1
    assert at(g, "Sind", REV_BASE) == 0 and guerrillas(g, "Sind") == 3
    assert guerrillas(g, "Bihar") == 1
    assert int(g.state.pieces[OUT_OF_PLAY, GUERRILLA]) == 1                # one Out of Play -> Available
    assert turn.answers("revs_rally_oop") == ["Guerrilla"]


def test_rally_base_replaces_active_guerrillas_first():
    spaces = support_everywhere_but({"Orissa"})
    spaces["Orissa"] = {"pieces": {"Guerrilla": 2, "Active Guerrilla": 2}}
    g = revs_game(spaces, "V", unity=2)
    g.script_dice([1])
    turn = Turn(g)
    assert at(g, "Orissa", REV_BASE) == 1
    assert turn.answers("revs_rally_base_active") == ["2"]          # both Active ones go into the Base
    assert at(g, "Orissa", GUERRILLA) == 2


# ==================================================================================================
# 8.6.6 March with Move Priorities (8.4.2)
# ==================================================================================================
def march_position():
    """Bihar (4 Active) is the first origin: United Provinces (1 Active) is its only neighbour without
    Unrest. Orissa (Unrest, 3 Active) keeps one and can reach Bihar (no Unrest) or Unrest spaces. Assam
    (Unrest) has 1 Underground and 1 Active Guerrilla: it keeps one. Raj is a non-player: no Railway
    destinations (8.1.3)."""
    unrest = {name: {"unrest": 1} for name in ("West Bengal", "East Bengal", "Central Provinces",
                                                "Central India Agency", "Coastal Andhra")}
    return {**unrest,
            "Bihar": {"pieces": {"Active Guerrilla": 4}},
            "United Provinces": {"pieces": {"Active Guerrilla": 1}},
            "Orissa": {"unrest": 1, "pieces": {"Active Guerrilla": 3}},
            "Assam": {"unrest": 1, "pieces": {"Guerrilla": 1, "Active Guerrilla": 1}}}


def test_march_one_guerrilla_at_a_time_origins_never_destinations():
    g = revs_game(march_position(), "W", restraint=1, non_players=("revs", "raj"))
    g.script_dice([6] * 40)                                  # AN = Restraint 1: every roll continues
    turn = Turn(g)
    assert turn.plan["face"] == "W" and turn.op == "march"
    # 8.6.6: each Guerrilla moves on its own.
    assert turn.answers("revs_march_count") and set(turn.answers("revs_march_count")) == {"1"}
    # A: Bihar first (most Guerrillas); all four go to United Provinces (the only one without Unrest).
    assert turn.op_names()[0] == "Bihar"
    assert guerrillas(g, "Bihar") == 0 and guerrillas(g, "United Provinces") == 5
    # United Provinces became a destination: never an origin, though it then had the most Guerrillas
    # (one of them its own, unmoved).
    assert set(turn.op_names()) == {"Bihar", "Orissa", "Assam"}
    # Orissa's Guerrillas may not go into the origin Bihar (its only neighbour without Unrest).
    assert guerrillas(g, "West Bengal") + guerrillas(g, "East Bengal") + guerrillas(g, "Central Provinces") \
        + guerrillas(g, "Coastal Andhra") == 3
    # Move Priorities: Unrest origins keep one Guerrilla -- in Assam the Underground one.
    assert guerrillas(g, "Orissa") == 1
    assert at(g, "Assam", GUERRILLA) == 1 and at(g, "Assam", ACTIVE_GUERRILLA) == 0


def test_march_destinations_are_chosen_again_for_each_guerrilla():
    g = revs_game(march_position(), "W", restraint=1, non_players=("revs", "raj"))
    g.script_dice([6] * 40)
    turn = Turn(g)
    assert turn.answers("revs_march")[:4] == ["select United Provinces"] * 4    # B again for each (C)


@pytest.mark.parametrize("unrest,expected", [(0, "Guerrilla"), (1, "Active Guerrilla")])
def test_march_moves_underground_first_but_keeps_one_in_unrest_origins(unrest, expected):
    """Move Priorities: Underground Guerrillas move first; an origin with Unrest keeps one Guerrilla,
    the Underground one."""
    g = revs_game({"Bihar": {"unrest": unrest, "pieces": {"Guerrilla": 1, "Active Guerrilla": 1}}}, "W")
    play(g, "operation only", "March", "select Bihar", "select West Bengal")
    assert g.state.frames[-1].get("then") == "revs_march_type"
    assert VOCABULARY.label(BOT.decide_for(g, "revs")) == expected


# ==================================================================================================
# 8.6.6 Attack / Unrest; 8.1.3 Railways
# ==================================================================================================
def test_unrest_on_railways_only_if_raj_is_a_player():
    rail = "Allahabad-Calcutta Railway"
    spaces = {rail: {"pieces": {"Guerrilla": 1}}, "Orissa": {"pieces": {"Guerrilla": 1}}}
    g = revs_game(spaces, "S", non_players=("revs", "raj"))
    g.script_dice([6] * 6)
    turn = Turn(g)
    assert turn.op == "unrest" and turn.op_names() == ["Orissa"]
    assert g.state.strike[INDEX[rail]] == 0
    g = revs_game(spaces, "S", non_players=("revs",))
    g.script_dice([6] * 6)
    assert set(Turn(g).op_names()) == {"Orissa", rail}


# ==================================================================================================
# 8.7.4 Special Activities
# ==================================================================================================
def test_aid_only_flips_underground_in_at_most_two_spaces():
    spaces = {**attack_position(),
              "West Bengal": {"pieces": {"Guerrilla": 1, "Active Guerrilla": 2}},
              "Punjab": {"pieces": {"Active Guerrilla": 2}}}
    g = revs_game(spaces, "T", restraint=3)
    g.script_dice([6, 1])                  # Bihar's Attack die (fails), then Activation 1: the Attack stops
    resources = dict(g.state.resources)
    turn = Turn(g)
    assert turn.op == "attack" and turn.op_names() == ["Bihar"] and turn.sa == "aid"
    # Attack or Go Underground among spaces with Active Guerrillas: Bihar (4), West Bengal (3); not Punjab.
    assert [SPACE_NAMES[sp] for sp in turn.sa_spaces] == ["Bihar", "West Bengal"]
    assert at(g, "Bihar", ACTIVE_GUERRILLA) == 0 and at(g, "West Bengal", ACTIVE_GUERRILLA) == 0
    assert at(g, "Punjab", ACTIVE_GUERRILLA) == 2
    # West Bengal offered both Aid options: never Activate a Guerrilla for Resources (8.7.4).
    assert turn.answers("revs_aid_mode") == ["Aid: go Underground"]
    assert g.state.resources == resources


def test_assassinate_only_among_unrest_spaces_by_remove_or_replace():
    spaces = {"Bihar": {"pieces": {"Guerrilla": 2, "Sepoy": 1}},           # Unrest; most Guerrillas
              "Assam": {"pieces": {"Guerrilla": 1, "Troop": 1}},           # Unrest
              "Punjab": {"pieces": {"Active Guerrilla": 4, "Sepoy": 2}}}   # not an Unrest space
    g = revs_game(spaces, "S")
    g.script_dice([6, 6])
    turn = Turn(g)
    assert turn.op == "unrest" and set(turn.op_names()) == {"Bihar", "Assam"}
    assert turn.sa == "assassinate" and [SPACE_NAMES[sp] for sp in turn.sa_spaces] == ["Bihar"]
    assert at(g, "Bihar", SEPOY) == 0 and at(g, "Assam", TROOP) == 1 and at(g, "Punjab", SEPOY) == 2


def test_infiltrate_in_crisis_places_a_base_with_card_u():
    spaces = {"Bihar": {"pieces": {"Guerrilla": 3, "Congress Activist": 1}},
              "Orissa": {"pieces": {"Guerrilla": 3}}}
    g = revs_game(spaces, "U", restraint=1, unity=1)
    g.script_dice([1])
    turn = Turn(g)
    assert turn.sa == "infiltrate"
    assert turn.answers("revs_infiltrate_choice") in ([], ["Infiltrate: place a Rev Base"])
    assert at(g, "Bihar", REV_BASE) + at(g, "Orissa", REV_BASE) == 1
    assert at(g, "Bihar", CONGRESS_ACTIVIST) == 1                   # nothing replaced


def test_infiltrate_replaces_by_adversary_priorities_outside_crisis():
    spaces = {"Bihar": {"pieces": {"Guerrilla": 3, "Congress Activist": 1, "Sepoy": 2}},
              "Orissa": {"pieces": {"Guerrilla": 3}}}
    g = revs_game(spaces, "U")
    g.script_dice([6, 1])                  # Bihar's Attack die (fails), then Activation 1: the Attack stops
    turn = Turn(g)
    assert turn.sa == "infiltrate" and [SPACE_NAMES[sp] for sp in turn.sa_spaces] == ["Bihar"]
    # 8.5: both factions are players; the most common piece (2 Sepoys) goes first.
    assert turn.answers("revs_infiltrate_choice") == ["Sepoy"]
    assert guerrillas(g, "Bihar") == 4 and at(g, "Bihar", CONGRESS_ACTIVIST) == 1   # (Attack may follow)
    assert at(g, "Bihar", REV_BASE) == 0


def test_np_revs_never_remove_unrest_by_choice():
    """8.5 "never own pieces": an Unrest marker only when nothing else may go."""
    g = revs_game({"Punjab": {"unrest": 1, "pieces": {"Sepoy": 1}}}, "S")
    ctx = Ctx(g, "revs")
    sp = INDEX["Punjab"]
    assert ctx.adversary(sp, [MARKER["Unrest"], ctx.piece(SEPOY)]) == ctx.piece(SEPOY)
    assert ctx.adversary(sp, [MARKER["Unrest"], MARKER["Muslim State"]]) == MARKER["Muslim State"]


# ==================================================================================================
# Smoke: Arjuna Revolutionaries never fall back on their own prompts
# ==================================================================================================
REVS_PROMPTS = {"revs_march", "revs_rally_mode", "revs_rally_base_active", "revs_rally_oop", "revs_march_type",
                "revs_march_count", "revs_aid_mode", "revs_infiltrate_choice", "revs_assassinate_piece",
                "op_select", "sa_select", "coin_sa_after_op", "coin_operation_chosen"}


def test_smoke_np_revs_answer_every_revs_prompt():
    import random
    bot = ArjunaBot()
    for seed in range(3):
        g = coin_env.make_game("gandhi", seed=seed, options={"non_players": ["revs"]}, debug=True)
        pick = random.Random(seed)
        for _ in range(400):
            if g.is_over() or g.state.campaigns_played:
                break
            p = g.current_player()
            if p == "revs":
                bot.fallbacks.clear()
                g.apply(bot(g, p))
                assert not (set(bot.fallbacks) & REVS_PROMPTS), (seed, dict(bot.fallbacks))
            else:
                g.apply(pick.choice(g.legal_actions()))
