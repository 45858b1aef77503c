"""8.8 Non-player Taliban flowchart (bots/taliban.py): the Pass / Event / Operations branches, the
Operation and Special Activity priorities on hand-built positions, the Propaganda procedures, and a
short all-bot run without fallbacks for the Taliban."""

from __future__ import annotations

import coin_env
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.actions import VOCABULARY
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.bots import taliban as tb
from coin_env.games.a_distant_plain.bots.context import Ctx
from coin_env.games.a_distant_plain.data.pieces import (COALITION_TROOPS, GOV_TROOPS,
                                                        POLICE, TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE)
from coin_env.games.a_distant_plain.static import CASUALTIES, INDEX

from adp_helpers import card_effects

GAME = "a_distant_plain"
FACTIONS = ("coalition", "government", "taliban", "warlords")
PLAIN_DECK = list(range(60, 73)) + [73] + list(range(13, 17)) + [74]      # no Capability / Momentum cards
PARK = "LoC Shibirghan-Aibak"       # Active Guerrillas parked out of the way (keeps Available < 15)


def make(spaces, taliban=10, deck=None, non_players=("taliban",), park=20, islamabad="Backing", capabilities=None,
         warlords=5, gov=20):
    spaces = dict(spaces)
    if park:
        spaces.setdefault(PARK, {"pieces": {"Taliban Guerrilla (Active)": park}})
    pos = {"resources": {"government": gov, "taliban": taliban, "warlords": warlords}, "islamabad": islamabad,
           "eligible": {f: f == "taliban" for f in FACTIONS}, "spaces": spaces, "deck": deck or PLAIN_DECK}
    if capabilities:
        pos["capabilities"] = capabilities
    return coin_env.make_game(GAME, position=pos, debug=True, options={"non_players": list(non_players)})


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def plan(g):
    return g.state.np["taliban"]["plan"]


def turn(g):
    """Let the Taliban bot play its whole turn; return the labels of its actions."""
    assert g.current_player() == "taliban"
    out = []
    while not g.state.over and g.current_player() == "taliban":
        top = g.state.frames[-1]
        if out and top["kind"] == "sop_choice":
            break
        a = BOT(g, "taliban")
        out.append(VOCABULARY.label(a))
        g.apply(a)
    return out


def fallbacks():
    return {k: v for k, v in BOT.fallbacks.items() if k[0] == "taliban"}


def _deck(card):
    """A plain deck with ``card`` current (each test uses its own card: card records are cached)."""
    return [card] + [c for c in PLAIN_DECK if c != card]


def _with_effects(effects, body):
    """Give card sides of the built-in records test effects for the body (put back afterwards)."""
    with card_effects() as give:
        for (card, side), fn in effects.items():
            give(card, side, fn)
        return body()


# =====================================================================================================
# 8.8.2 Pass, Event or Operations?
# =====================================================================================================
def test_8_8_2_event_shifting_islamabad_is_played():
    def shaded(game, faction):
        board.shift_islamabad(game.state, +1)

    def body():
        g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, deck=[60] + PLAIN_DECK[1:])
        before = g.state.islamabad
        turn(g)
        return g, before
    g, before = _with_effects({(60, "shaded"): shaded}, body)
    assert plan(g)["kind"] == "event"
    assert g.state.islamabad != before


def test_8_8_2_unshaded_side_removing_coalition_pieces_counts():
    """Either part of the card: the unshaded side would remove a Coalition piece; the shaded is effective."""
    def unshaded(game, faction):
        board.remove(game.state, COALITION_TROOPS, INDEX["Kabul"])

    def shaded(game, faction):
        board.add_aid(game.state, 3)

    def body():
        g = make({"Kabul": {"pieces": {"Coalition Troops": 2}}}, deck=_deck(62))
        turn(g)
        return g
    g = _with_effects({(62, "unshaded"): unshaded, (62, "shaded"): shaded}, body)
    assert plan(g)["kind"] == "event"
    assert g.state.aid == 3 and at(g, "Kabul", COALITION_TROOPS) == 2    # the shaded side was executed


def test_8_8_2_event_without_listed_effect_goes_to_operations():
    def shaded(game, faction):
        board.add_aid(game.state, 3)

    def body():
        g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, deck=_deck(63))
        turn(g)
        return g
    g = _with_effects({(63, "shaded"): shaded}, body)
    assert plan(g)["kind"] == "op"
    assert g.state.aid == 0


def _capability_game(die):
    """The bots' first die (the 8.1 Capability roll) is scripted to ``die``; later ones are the bots' own."""
    def shaded(game, faction):
        board.add_resources(game.state, "warlords", 1)

    def body():
        g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, deck=_deck(23))
        g.script_dice([die])
        turn(g)
        assert g.scripted_dice() == []          # the roll was the bots' Capability die
        return g
    return _with_effects({(23, "shaded"): shaded}, body)


def test_8_8_2_capability_taken_when_die_at_most_unplayed_propaganda():
    g = _capability_game(2)                         # 2 Propaganda cards in the deck: 2 <= 2
    assert plan(g)["kind"] == "event"
    assert g.state.resources["warlords"] == 6


def test_8_8_2_capability_declined_when_die_above_unplayed_propaganda():
    g = _capability_game(3)                         # 3 > 2: on to the Operations
    assert plan(g)["kind"] == "op"
    assert g.state.resources["warlords"] == 5


def test_8_8_2_mullah_omar_momentum_always_played():
    """8.1: the NP Taliban always play 36 Mullah Omar, even with a Propaganda card next."""
    def shaded(game, faction):
        board.add_resources(game.state, "taliban", 2)

    def body():
        g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, deck=[36, 73] + PLAIN_DECK[:13])
        turn(g)
        return g
    g = _with_effects({(36, "shaded"): shaded}, body)
    assert plan(g)["kind"] == "event"


def test_8_8_2_other_momentum_not_played_before_propaganda():
    def shaded(game, faction):
        board.add_resources(game.state, "taliban", 2)

    def body():
        g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, deck=[17, 73] + PLAIN_DECK[:13])
        turn(g)
        return g
    g = _with_effects({(17, "shaded"): shaded}, body)
    assert plan(g)["kind"] != "event"


# =====================================================================================================
# 8.8.3 Terror + Extort
# =====================================================================================================
def test_8_8_3_terror_when_three_points_shift_support_first_not_exposing_base():
    g = make({"Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla": 1}},
              "Khowst": {"support": "Support", "pieces": {"Taliban Guerrilla": 1}},
              "Oruzgan": {"pieces": {"Taliban Guerrilla": 1}},
              "Helmand": {"support": "Support", "pieces": {"Taliban Base": 1, "Taliban Guerrilla": 1}},
              "Ghazni": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 1}}}, taliban=2)
    labels = turn(g)
    assert plan(g)["op"] == "terror"
    # the two Pop-2 Support spaces first (in either order: a tie, broken by an 8.4 random roll); out of
    # Resources: pause to Extort (Ghazni, Opposition), then Neutral Oruzgan; the Base's last Underground
    # Guerrilla stays hidden; no Terror at Opposition
    assert sorted(labels[2:4]) == ["select Kandahar", "select Khowst"]
    assert labels[4:7] == ["Extort", "select Ghazni", "done"] and labels[7] == "select Oruzgan"
    assert g.state.support[INDEX["Kandahar"]] == 0 and g.state.support[INDEX["Khowst"]] == 0
    assert g.state.support[INDEX["Oruzgan"]] == -1
    assert g.state.terror[INDEX["Helmand"]] == 0 and at(g, "Helmand", TALIBAN_G) == 1
    assert g.state.terror[INDEX["Ghazni"]] == 0
    assert not fallbacks()


def test_8_8_3_no_terror_below_three_points():
    g = make({"Oruzgan": {"pieces": {"Taliban Guerrilla": 1}},
              "Paktika": {"pieces": {"Taliban Guerrilla": 1}}}, taliban=5)
    turn(g)
    assert plan(g).get("op") != "terror"
    assert g.state.terror.sum() == 0


def test_8_8_3_pause_terror_to_extort_for_resources():
    """0 Resources: Extort first (8.8.3 bullet 1: 2 Underground in each space without Opposition), then
    Terror in both Support spaces with the Resources gained."""
    g = make({"Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla": 2}},
              "Khowst": {"support": "Support", "pieces": {"Taliban Guerrilla": 2}},
              "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}}}, taliban=0)
    labels = turn(g)
    assert plan(g)["op"] == "terror"
    assert labels.index("Extort") < labels.index("select Kandahar")
    assert g.state.support[INDEX["Kandahar"]] == 0 and g.state.support[INDEX["Khowst"]] == 0
    assert g.state.sabotage[INDEX["LoC Kandahar-Kabul"]] == 0        # LoCs are not Terror targets here
    assert g.state.resources["taliban"] == 0


def test_8_8_3_extort_bullets():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1}},
              "Ghazni": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 1}},
              "Khowst": {"pieces": {"Taliban Guerrilla": 2}},
              "Helmand": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 1, "Taliban Base": 1}}}, taliban=3)
    ctx = Ctx(g, "taliban")
    sps = [INDEX[n] for n in ("Kandahar", "Ghazni", "Khowst", "Helmand")]
    first = tb.extort_833_first(ctx, sps)
    assert first == [INDEX["Ghazni"], INDEX["Khowst"]]        # not the last one without Opposition / at a Base
    assert tb.extort_833_second(ctx, sps) == [INDEX["Kandahar"], INDEX["Ghazni"], INDEX["Khowst"]]


def test_8_8_1_find_fix_finish_keeps_two_underground_at_afghan_bases():
    spaces = {"Kandahar": {"support": "Support", "pieces": {"Taliban Base": 1, "Taliban Guerrilla": 2}}}
    g = make(spaces)
    assert INDEX["Kandahar"] in tb.terror_candidates(Ctx(g, "taliban"))
    g = make(spaces, capabilities=[{"card": 7, "side": "unshaded"}])
    assert tb.find_fix_finish(g.state)
    assert INDEX["Kandahar"] not in tb.terror_candidates(Ctx(g, "taliban"))
    g = make(spaces, capabilities=[{"card": 7, "side": "shaded"}])
    assert not tb.find_fix_finish(g.state)


# =====================================================================================================
# 8.8.4 Rally + Extort / Infiltrate + Sharia
# =====================================================================================================
def test_8_8_4_rally_with_15_available_bases_without_guerrillas_first():
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Base": 1}},
              "Khowst": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 1}}}, park=0, taliban=1)
    labels = turn(g)
    assert plan(g)["op"] == "rally"
    assert labels[2] == "select Kandahar"                 # bullet 1 first
    assert board.guerrillas(g.state, INDEX["Kandahar"], "taliban") == 1 + 2   # Bases + Pop placed (maximum extent)
    assert "select Kabul" in labels                       # bullet 4
    assert labels.index("Extort") < labels.index("select Kabul")   # out of Resources: pause to Extort


def test_8_8_4_rally_trigger_base_replacement_pakistan_first_and_active_replaced():
    g = make({"Kandahar": {"support": "Opposition",
                           "pieces": {"Taliban Guerrilla": 2, "Taliban Guerrilla (Active)": 1}},
              "Waziristan": {"pieces": {"Taliban Guerrilla": 2, "Taliban Guerrilla (Active)": 1}}}, taliban=5)
    assert board.available(g.state, TALIBAN_G) < 15
    labels = turn(g)
    assert plan(g)["op"] == "rally"
    sel = [lab for lab in labels if lab.startswith("select ")]
    assert sel[0] == "select Waziristan" and "select Kandahar" in sel
    assert at(g, "Waziristan", TALIBAN_BASE) == 1 and at(g, "Kandahar", TALIBAN_BASE) == 1
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 0 and at(g, "Kandahar", TALIBAN_G) == 1   # Active went first
    assert not fallbacks()


def test_8_8_4_rally_then_infiltrate_government():
    """After the Rally: no Econ 3-4 LoC to Extort, so Infiltrate where Government cubes are."""
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Base": 1}},
              "Kabul": {"support": "Opposition",
                        "pieces": {"Taliban Guerrilla": 1, "Police": 2, "Coalition Troops": 1}}},
             park=0, taliban=3)
    labels = turn(g)
    assert "Infiltrate" in labels
    assert at(g, "Kabul", POLICE) == 0


def test_8_8_4_rally_extorts_econ_3_4_locs():
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Base": 1}},
              "LoC Kabul-Tor Kham": {"pieces": {"Taliban Guerrilla": 1}},
              "LoC Kandahar-Kabul": {"pieces": {"Taliban Guerrilla": 1}}}, park=0, taliban=10)
    turn(g)
    assert plan(g)["sa_mode"] == "loc34"
    assert at(g, "LoC Kabul-Tor Kham", TALIBAN_G_ACTIVE) == 1
    assert at(g, "LoC Kandahar-Kabul", TALIBAN_G) == 1              # Econ 1: not extorted


def test_8_8_4_sharia_for_greatest_shift():
    g = make({"Kandahar": {"support": "Support", "terror": 1, "pieces": {"Taliban Base": 1}},
              "Oruzgan": {"support": "Support", "pieces": {"Taliban Base": 1}}}, taliban=2)
    s = g.state
    sp, steps = tb.sharia_choice(s, [INDEX["Kandahar"], INDEX["Oruzgan"]])
    assert sp == INDEX["Oruzgan"] and steps == 2           # 2 levels x Pop 1 beats (Terror + 1 level) x Pop 2? tie -> fewest Terror
    s.resources["taliban"] = 1
    sp, steps = tb.sharia_choice(s, [INDEX["Kandahar"]])
    assert sp is None                                      # Terror only removed where a shift is paid too


# =====================================================================================================
# 8.8.6 Attack + Ambush
# =====================================================================================================
def test_8_8_6_attack_with_ambush_removes_coalition():
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 2, "Coalition Troops": 2}}},
             taliban=5)
    labels = turn(g)
    assert plan(g)["op"] == "attack"
    assert "Ambush" in labels
    assert at(g, "Kandahar", COALITION_TROOPS) == 0
    assert int(g.state.pieces[CASUALTIES, COALITION_TROOPS]) == 2
    # Ambush: 1 Guerrilla Activated, no roll; then a Guerrilla placed (as on a roll of 1)
    assert at(g, "Kandahar", TALIBAN_G) == 2 and at(g, "Kandahar", TALIBAN_G_ACTIVE) == 1
    assert not fallbacks()


def test_8_8_6_no_attack_when_government_cubes_shield_coalition():
    g = make({"Kandahar": {"support": "Opposition",
                           "pieces": {"Taliban Guerrilla": 2, "Coalition Troops": 2, "Police": 2}}}, taliban=5)
    ctx = Ctx(g, "taliban")
    assert tb.attack_coalition_total(ctx) == 0
    turn(g)
    assert plan(g).get("op") != "attack"


def test_8_8_6_one_coalition_piece_is_not_enough():
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 2, "Coalition Troops": 1}}},
             taliban=5)
    turn(g)
    assert plan(g).get("op") != "attack"


def test_8_8_6_ambush_box_order():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Police": 1, "Government Troops": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla": 1, "Warlord Guerrilla": 2}}})
    keys = tb.ambush_keys(g.state)
    best = Ctx(g, "taliban").narrow([INDEX["Kandahar"], INDEX["Helmand"]], *keys)
    assert best == [INDEX["Kandahar"]]                     # the Government before the Warlords
    assert tb._sim_removal(g.state, INDEX["Kandahar"]) == [POLICE, GOV_TROOPS]


# =====================================================================================================
# 8.8.5 March, and the skip chain
# =====================================================================================================
def test_8_8_5_march_gets_underground_guerrilla_to_base_without_one():
    g = make({"Helmand": {"support": "Opposition", "pieces": {"Taliban Base": 1, "Taliban Guerrilla (Active)": 1}},
              "Kandahar": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 2}}}, taliban=6)
    labels = turn(g)
    assert plan(g)["op"] == "march"
    assert labels[2] == "select Helmand"
    assert at(g, "Helmand", TALIBAN_G) == 1
    assert not fallbacks()


def test_8_8_5_march_keeps_taliban_control_and_base_guerrilla():
    g = make({"Kandahar": {"pieces": {"Taliban Base": 1, "Taliban Guerrilla": 1, "Police": 1}}}, taliban=6)
    ctx = Ctx(g, "taliban")
    assert tb.march_movers(ctx, INDEX["Kandahar"]) == (0, 0, 0)
    g = make({"Zabol": {"pieces": {"Taliban Guerrilla": 3, "Police": 1}}}, taliban=6)
    ctx = Ctx(g, "taliban")
    assert tb.march_movers(ctx, INDEX["Zabol"])[2] == 1          # 3 vs 1: one may go, control stays


def test_8_8_5_march_budget_two_thirds():
    g = make({}, taliban=12)
    assert tb._budget_left(Ctx(g, "taliban")) == 8
    g = make({}, taliban=8)
    assert tb._budget_left(Ctx(g, "taliban")) == 8


def test_8_8_4_no_rally_no_march_passes():
    """15+ Available -> Rally; no Rally affordable (Pressure: none free in Pakistan, 0 Resources, nothing to
    Extort) -> March; the only Guerrilla is a Base's last -> back to Rally: Pass (loop guard)."""
    g = make({"Kandahar": {"support": "Opposition", "pieces": {"Taliban Base": 1, "Taliban Guerrilla (Active)": 1}}},
             park=0, taliban=0, islamabad="Pressure")
    turn(g)
    assert plan(g)["kind"] == "pass"
    assert g.state.resources["taliban"] == 1


# =====================================================================================================
# 8.8.7 Propaganda: Sharia and Redeploy
# =====================================================================================================
PROPAGANDA_DECK = [73] + PLAIN_DECK[:13]


def _until(g, kind):
    """All-bot play (every faction a non-player) until ``kind`` is the decision on top."""
    for _ in range(500):
        if g.state.frames and g.state.frames[-1]["kind"] == kind:
            return
        g.apply(BOT(g, g.current_player()))
    raise AssertionError(f"{kind} not reached")


def _taliban_answers(g, kind):
    labels = []
    while g.state.frames and g.state.frames[-1]["kind"] == kind:
        a = BOT(g, "taliban")
        labels.append(VOCABULARY.label(a))
        g.apply(a)
    return labels


def test_8_8_7_sharia_greatest_shift_support_first():
    g = make({"Kabul": {"support": "Support", "pieces": {"Taliban Guerrilla": 3}},
              "Kandahar": {"support": "Neutral", "pieces": {"Taliban Guerrilla": 3}},
              "Khowst": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 3}}}, taliban=2,
             deck=PROPAGANDA_DECK, non_players=FACTIONS)
    _until(g, "adp_sharia")
    g.state.resources["taliban"] = 2
    g._legal = None                      # the decision's cached legal actions (Resources changed)
    _taliban_answers(g, "adp_sharia")
    assert g.state.support[INDEX["Kabul"]] == -1              # 2 levels x Pop 3 beats Kandahar's 1 x 2
    assert g.state.support[INDEX["Kandahar"]] == 0 and g.state.resources["taliban"] == 0
    assert not fallbacks()


def test_8_8_7_redeploy_base_first_then_evenly():
    g = make({"Kandahar": {"pieces": {"Taliban Base": 1}},
              "LoC Farah-Kandahar": {"pieces": {"Taliban Guerrilla": 2}}}, park=0,
             deck=PROPAGANDA_DECK, non_players=FACTIONS)
    _until(g, "adp_redeploy_taliban")
    labels = _taliban_answers(g, "adp_redeploy_taliban")
    assert labels[:2] == ["select LoC Farah-Kandahar", "select Kandahar"]
    assert at(g, "Kandahar", TALIBAN_G) == 1
    assert at(g, "Waziristan", TALIBAN_G) + at(g, "Northwest Frontier", TALIBAN_G) == 1
    assert not fallbacks()


# =====================================================================================================
# All-bot games
# =====================================================================================================
def test_all_bot_short_games_no_taliban_fallbacks():
    import coin_env.games.a_distant_plain.game as adp
    before = fallbacks()
    for seed in (0, 1):
        g = adp.new_game("short", seed=seed, options={"non_players": list(FACTIONS)}, debug=True)
        n = 0
        while not g.state.over and n < 20000:
            g.apply(BOT(g, g.current_player()))
            n += 1
        assert g.state.over
    assert fallbacks() == before
