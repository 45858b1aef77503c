"""8.7 The non-player Government flowchart (bots/government.py).

Hand-built positions (every piece not listed is Available); the Government is first Eligible and a
non-player. One test per branch of 8.7.2 and of the trigger chain, the key priorities of each
Operation and Special Activity, the 8.7.7 Propaganda procedures, and a short all-bot run.
"""

from __future__ import annotations

import copy

import coin_env
from coin_env.coin.sequence import EVENT_UNSHADED, PASS
from coin_env.games.a_distant_plain import board, static
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.bots import government as gv
from coin_env.games.a_distant_plain.bots.context import Ctx
from coin_env.games.a_distant_plain.data.pieces import FACTIONS, PIECE_NAMES

from adp_helpers import card_effects

GAME = "a_distant_plain"
I = static.INDEX
PIECE = {name: i for i, name in enumerate(PIECE_NAMES)}
ALL_NP = ["coalition", "government", "taliban", "warlords"]
KTK = "LoC Kabul-Tor Kham"


def make(spaces, gov=20, aid=10, patronage=0, np=ALL_NP, card=None, **extra):
    pos = {"resources": {"government": gov, "taliban": 5, "warlords": 5}, "aid": aid, "patronage": patronage,
           "eligible": {f: f == "government" for f in FACTIONS}, "spaces": spaces}
    if card is not None:
        pos["deck"] = [card] + [c for c in range(1, 25) if c != card] + [73]
    pos.update(extra)
    g = coin_env.make_game(GAME, position=pos, debug=True)
    g.options["non_players"] = list(np)
    return g


def n(g, space, piece):
    return int(g.state.pieces[I[space], PIECE[piece]])


def plan_of(g):
    """Run the sequence-of-play choice; return (action, plan)."""
    action = BOT(g, "government")
    return action, dict(g.state.np["government"].get("plan", {}))


def play_turn(g):
    """Let the bot play the Government's whole turn; returns the plan it made."""
    plan = None
    for _ in range(500):
        if g.state.over or g.current_player() != "government":
            break
        a = BOT(g, "government")
        if plan is None:
            plan = copy.deepcopy(g.state.np["government"].get("plan", {}))
        g.apply(a)
        if g.state.turn is None:
            break
    return plan


def push(g, frame):
    """Put a Propaganda prompt in front of the Government (the legal-action cache is reset)."""
    g.push(frame)
    g._legal = None


def fallbacks():
    return {k: v for k, v in BOT.fallbacks.items() if k[0] == "government"}


def few_troops(g, k=5):
    """Fewer than 10 Government Troops Available (8.7.5 trigger off): the rest set aside."""
    col = PIECE["Government Troops"]
    extra = int(g.state.pieces[static.AVAILABLE, col]) - k
    board.move_pieces(g.state, static.AVAILABLE, col, static.OUT_OF_PLAY, col, extra)
    g._legal = None
    return g


# =====================================================================================================
# 8.7.2 Pass, Event or Operations?
# =====================================================================================================
def test_low_resources_pass_8_1():
    g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, gov=2)
    action, _plan = plan_of(g)
    assert action == PASS
    chart = gv.GovernmentChart()
    assert chart.low_resources(Ctx(g, "government"))
    assert not chart.low_resources(Ctx(make({}, gov=3), "government"))


def test_three_resources_operate_8_1():
    g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, gov=3)
    action, plan = plan_of(g)
    assert action != PASS and plan.get("op") is not None


def _with_effect(card, fn, test):
    with card_effects() as give:
        give(card, "unshaded", fn)
        test()


def test_event_played_when_it_raises_patronage_8_7_2():
    def eff(game, faction):
        board.add_patronage(game.state, 3)

    def check():
        g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, card=6)
        if EVENT_UNSHADED not in g.legal_actions():
            return                       # engine did not pick up the runtime effect
        action, plan = plan_of(g)
        assert action == EVENT_UNSHADED and plan["kind"] == "event"
    _with_effect(6, eff, check)


def test_event_not_played_when_it_only_helps_insurgents_8_7_2():
    def eff(game, faction):
        board.add_resources(game.state, "taliban", 3)

    def check():
        g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, card=6)
        action, _plan = plan_of(g)
        assert action != EVENT_UNSHADED
    _with_effect(6, eff, check)


def test_event_islamabad_only_with_player_taliban_8_7_2():
    def eff(game, faction):
        board.shift_islamabad(game.state, -1)

    def check():
        g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, card=6)
        assert plan_of(g)[0] != EVENT_UNSHADED
        g2 = make({"Kabul": {"pieces": {"Government Troops": 3}}}, card=6,
                  np=["coalition", "government", "warlords"])
        if EVENT_UNSHADED in g2.legal_actions():
            assert plan_of(g2)[0] == EVENT_UNSHADED
    _with_effect(6, eff, check)


# =====================================================================================================
# 8.7.3 Assault
# =====================================================================================================
def test_assault_when_it_brings_two_pop_under_coin_control_8_7_3():
    # Kandahar (Pop 2, Plains): 4 Troops remove 2 of 5 Active Guerrillas -> 4 COIN of 7 pieces
    g = make({"Kandahar": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 5}}})
    plan = play_turn(g)
    assert plan["op"] == "assault" and plan["queue"] == [["space", I["Kandahar"]]]
    assert n(g, "Kandahar", "Taliban Guerrilla (Active)") == 3
    assert board.coin_control(g.state, I["Kandahar"])


def test_assault_not_triggered_by_one_pop_and_no_base_8_7_3():
    # Helmand Pop 1: COIN Control gained but only 1 Pop -> no Assault (Train instead: 10+ Troops Available)
    g = make({"Helmand": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 5}}})
    _a, plan = plan_of(g)
    assert plan["op"] != "assault"


def test_assault_triggered_by_a_taliban_base_8_7_3():
    g = make({"Farah": {"pieces": {"Government Troops": 2, "Taliban Base": 1}}}, aid=0)
    plan = play_turn(g)
    assert plan["op"] == "assault"
    assert n(g, "Farah", "Taliban Base") == 0 and g.state.aid >= 6


def test_assault_bases_before_guerrillas_and_two_thirds_cap_8_7_3():
    spaces = {"Farah": {"pieces": {"Government Troops": 2, "Taliban Base": 1}},
              "Herat": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 2, "Warlord Base": 2,
                                   "Warlord Guerrilla": 3}},
              "Nimruz": {"pieces": {"Government Troops": 2, "Taliban Guerrilla (Active)": 1, "Warlord Base": 1}},
              "Zabol": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 2, "Warlord Guerrilla": 9}}}
    g = make(spaces, gov=9)                  # 2/3 of 9 = 6: two spaces
    _a, plan = plan_of(g)
    chosen = [sp for _k, sp in plan["queue"]]
    assert len(chosen) == 2
    # Nimruz: COIN Control established (bullet 1); Farah: a Base removed beats Herat's 2 Guerrillas
    assert set(chosen) == {I["Nimruz"], I["Farah"]}


def test_assault_sa_is_eradicate_then_transport_8_7_3():
    g = make({"Kandahar": {"pieces": {"Government Troops": 4, "Taliban Guerrilla (Active)": 5}}})
    _a, plan = plan_of(g)
    assert plan["sa_chain"] == ["eradicate", "transport"]


# =====================================================================================================
# 8.7.4 Patrol
# =====================================================================================================
def test_patrol_when_taliban_outnumber_on_econ4_loc_8_7_4():
    spaces = {KTK: {"pieces": {"Taliban Guerrilla": 2}},
              "Kabul": {"pieces": {"Police": 4, "Government Troops": 2}}}
    g = make(spaces)
    plan = play_turn(g)
    assert plan["op"] == "patrol"
    # police first: 2 cubes reach the Econ-4 LoC, both Police
    assert n(g, KTK, "Police") == 2 and n(g, KTK, "Government Troops") == 0
    assert n(g, KTK, "Taliban Guerrilla") == 0           # Activated (then maybe Assaulted)


def test_no_patrol_without_trigger_8_7_4():
    g = make({"Kabul": {"pieces": {"Police": 4, "Government Troops": 2}}})
    assert not gv.patrol_trigger(Ctx(g, "government"))
    _a, plan = plan_of(g)
    assert plan["op"] != "patrol"


def test_patrol_never_moves_last_police_of_non_pashtun_space_8_7_4():
    spaces = {KTK: {"pieces": {"Taliban Guerrilla": 3}},
              "Baghlan": {"pieces": {"Police": 1}}}       # non-Pashtun, only 1 Police
    g = make(spaces)
    ctx = Ctx(g, "government")
    moves = gv.plan_patrol_moves(ctx)
    assert not any(o == I["Baghlan"] for _d, o, _t, _p in moves)


# =====================================================================================================
# 8.7.5 Train
# =====================================================================================================
def test_T17_six_cubes_four_troops_two_police_8_7_5():
    assert gv.split_cubes(6, 30, 30) == (4, 2)
    assert gv.split_cubes(6, 3, 30) == (3, 3)           # only 3 Troops Available
    g = make({"Kabul": {"pieces": {"Government Troops": 3}}}, gov=5)      # one Train space affordable
    plan = play_turn(g)
    assert plan["op"] == "train" and plan["place"] == [[I["Kabul"], 4, 2]]
    assert n(g, "Kabul", "Police") == 2
    troops = int(g.state.pieces[:static.N_SPACES, PIECE["Government Troops"]].sum())
    assert troops == 7                                                # 4 placed (some may then Transport)


def test_train_bullet3_max_troops_transport_five_then_base_8_7_5():
    g = make({"Kabul": {"pieces": {"Government Troops": 3}}})
    plan = play_turn(g)
    assert plan["op"] == "train" and plan["place"] == [[I["Kabul"], 6, 0]]
    dest = plan["step2"][0]
    assert plan["transport"][:2] == [I["Kabul"], 5] and plan["step2"][1] == "train_base"
    assert board.pop(g.state, dest) == 2 and n(g, static.SPACE_NAMES[dest], "Government Base") == 1
    assert n(g, "Kabul", "Government Troops") == 4                  # 3 + 6 - 5
    assert n(g, static.SPACE_NAMES[dest], "Government Troops") == 2   # 5 - 3 replaced by the Base


def test_train_bullet1_base_in_highest_pop_province_8_7_5():
    spaces = {"Kandahar": {"pieces": {"Government Troops": 2, "Police": 1}},     # Pop 2
              "Helmand": {"pieces": {"Government Troops": 3}}}                   # Pop 1
    g = make(spaces)
    plan = play_turn(g)
    assert plan["op"] == "train" and plan["step2"][:2] == [I["Kandahar"], "train_base"]
    assert n(g, "Kandahar", "Government Base") == 1 and board.gov_cubes(g.state, I["Kandahar"]) == 0


def test_T14_train_civic_action_then_govern_for_patronage_8_7_5():
    """Bullet 2: Train AND Civic Action AND Govern for Patronage; the Civic Action comes at the very
    end of the Train (8.2, T14), then Govern."""
    spaces = {"Kandahar": {"support": "Neutral", "pieces": {"Government Base": 1, "Government Troops": 2, "Police": 1}}}
    g = make(spaces, gov=30, aid=10, patronage=5)
    plan = play_turn(g)
    assert plan["op"] == "train" and plan["step2"] == [I["Kandahar"], "train_civic_action", 1]
    assert g.state.turn is None or g.state.turn.get("sa") == "govern"
    # Civic Action shifted it to Support, Govern moved 2 Aid to Patronage and set it Neutral
    assert g.state.patronage == 7 and g.state.aid == 8
    assert int(g.state.support[I["Kandahar"]]) == 0


def test_T13_and_priority_needs_every_term_8_2_2():
    """8.2.2 AND: the same space as T14, but with no Aid Govern for Patronage cannot happen there, so
    bullet 2 (Train AND Civic Action AND Govern) is not executed in it -- no Civic Action, no Govern."""
    spaces = {"Kandahar": {"support": "Neutral", "pieces": {"Government Base": 1, "Government Troops": 2, "Police": 1}}}
    g = make(spaces, gov=30, aid=0, patronage=5)
    plan = play_turn(g)
    assert plan.get("step2") != [I["Kandahar"], "train_civic_action", 1]
    assert plan.get("sa_first") != I["Kandahar"]
    assert int(g.state.support[I["Kandahar"]]) == 0 and g.state.patronage == 5


def test_train_trigger_off_goes_to_sweep_8_7_5_8_7_6():
    g = few_troops(make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1}},
                         "Zabol": {"pieces": {"Government Troops": 5}}}))
    _a, plan = plan_of(g)
    assert plan["op"] == "sweep"


def test_sweep_impossible_skips_to_train_8_7_6():
    # no Troops on the map, no Guerrillas: nothing to Sweep; Train happens despite its trigger being off
    g = few_troops(make({"Kabul": {"pieces": {"Police": 2}}}))
    ctx = Ctx(g, "government")
    assert gv.plan_sweep(ctx) is None
    _a, plan = plan_of(g)
    assert plan["op"] == "train"


def test_nothing_possible_passes_8_7_6_loop_guard():
    g = make({}, gov=5)
    board.set_count(g.state, static.AVAILABLE, PIECE["Government Troops"], 0)
    board.set_count(g.state, static.AVAILABLE, PIECE["Police"], 0)
    action, plan = plan_of(g)
    assert action == PASS


# =====================================================================================================
# 8.7.6 Sweep
# =====================================================================================================
def test_sweep_gets_troops_to_highest_pop_space_8_7_6():
    g = few_troops(make({"Kandahar": {"pieces": {"Taliban Guerrilla": 2}},      # Pop 2
                         "Helmand": {"pieces": {"Taliban Guerrilla": 1}},       # Pop 1
                         "Zabol": {"pieces": {"Government Troops": 6}},
                         "Kabul": {"pieces": {"Police": 1}}}))              # Kabul (Pop 3) already COIN
    plan = play_turn(g)
    assert plan["op"] == "sweep"
    dest = plan["queue"][0][1]
    assert board.pop(g.state, dest) == 2 and dest != I["Helmand"]   # a highest-Pop target (ties: 8.4)
    assert sum(t for d, _o, t, _p in plan["moves"] if d == dest) == 4   # up to four Troops
    assert n(g, static.SPACE_NAMES[dest], "Government Troops") >= 1     # Transport after keeps Control
    assert board.coin_control(g.state, dest)
    assert plan["sa_chain"] == ["transport"]


# =====================================================================================================
# Special Activities
# =====================================================================================================
def test_eradicate_opposition_first_then_aid_zero_8_7_3():
    spaces = {"Kandahar": {"support": "Opposition"}, "Herat": {"support": "Neutral"}}
    g = make(spaces, aid=5)
    ctx = Ctx(g, "government")
    assert gv.eradicate_candidates(ctx, [I["Kandahar"], I["Herat"]]) == [I["Kandahar"]]
    assert gv.eradicate_candidates(ctx, [I["Herat"]]) == [I["Herat"]]   # non-Pashtun
    g2 = make(spaces, aid=5, np=["coalition", "government", "warlords"])                       # Player Taliban
    assert gv.eradicate_candidates(Ctx(g2, "government"), [I["Herat"]]) == []
    g3 = make(spaces, aid=0, np=["coalition", "government", "warlords"])
    assert gv.eradicate_candidates(Ctx(g3, "government"), [I["Herat"]]) == [I["Herat"]]


def test_govern_patronage_before_plus_one_pop_8_7_4():
    spaces = {"Kandahar": {"support": "Support", "pieces": {"Government Troops": 2, "Coalition Base": 1}},
              "Helmand": {"support": "Support", "pieces": {"Government Troops": 2}},
              "Kabul": {"support": "Support", "pieces": {"Government Troops": 2}}}
    g = make(spaces, aid=10)
    ctx = Ctx(g, "government")
    legal = [I["Kandahar"], I["Helmand"], I["Kabul"]]
    assert gv.govern_choice(ctx, legal) == (I["Kabul"], "govern_patronage")      # highest Pop, no Coalition Base
    assert gv.govern_choice(ctx, [I["Kandahar"]]) == (I["Kandahar"], "govern_returnees")   # COIN Base needed


def test_transport_to_highest_pop_space_without_coin_base_8_7_3():
    spaces = {"Kabul": {"pieces": {"Government Troops": 8}},
              "Nuristan": {"pieces": {"Taliban Guerrilla": 2}},          # Pop 2, adjacent to Kabul?
              "Bamian": {"pieces": {"Taliban Guerrilla": 1}}}
    g = make(spaces)
    tr = gv.plan_transport(Ctx(g, "government"))
    assert tr is not None and tr[0] == I["Kabul"]
    dest = tr[2][-1]
    assert board.pop(g.state, dest) == max(board.pop(g.state, d) for d in (I["Nuristan"], I["Bamian"]))
    assert tr[1] == 4                                                    # up to four Troops


# =====================================================================================================
# 8.7.7 Propaganda
# =====================================================================================================
def test_civic_action_only_in_government_base_spaces_unless_final_8_7_7():
    spaces = {"Kandahar": {"support": "Neutral", "pieces": {"Government Base": 1, "Government Troops": 2, "Police": 1}},
              "Kabul": {"support": "Neutral", "pieces": {"Government Troops": 2, "Police": 1}}}
    g = make(spaces, gov=30)
    push(g, {"kind": "adp_civic_action", "actor": "government", "sp": -1})
    a = BOT(g, "government")
    assert a == g.space_action(I["Kandahar"])                     # Kabul has no Government Base
    g.apply(a)
    if g.state.frames[-1].get("sp", -1) >= 0:
        g.apply(BOT(g, "government"))
    assert int(g.state.support[I["Kandahar"]]) == 1 and g.state.resources["government"] == 27


def test_civic_action_two_thirds_cap_8_7_7():
    spaces = {"Kandahar": {"support": "Opposition", "pieces": {"Government Base": 1, "Government Troops": 2,
                                                               "Police": 1}}}
    g = make(spaces, gov=4)                                       # 2/3 of 4 = 2: not even one step
    push(g, {"kind": "adp_civic_action", "actor": "government", "sp": -1})
    assert BOT(g, "government") == g.DONE


def test_desertion_evenly_troops_first_8_7_7():
    g = make({"Kabul": {"pieces": {"Government Troops": 4, "Police": 5}}})
    push(g, {"kind": "adp_desertion", "actor": "government", "spaces": [I["Kabul"]]})
    assert BOT(g, "government") == g.count_action(2)              # 3 deserters: 2 Troops + 1 Police


def test_redeploy_troops_to_kabul_and_base_spaces_without_troops_first_8_7_7():
    spaces = {"Helmand": {"pieces": {"Government Troops": 3}},
              "Kabul": {"pieces": {"Government Troops": 4}},
              "Kandahar": {"pieces": {"Government Base": 1, "Police": 2}}}
    g = make(spaces)
    board.freeze_control(g.state)
    push(g, {"kind": "adp_redeploy_troops", "actor": "government", "stage": "source", "src": -1, "dst": -1})
    for _ in range(50):
        if g.state.frames[-1]["kind"] != "adp_redeploy_troops":
            break
        g.apply(BOT(g, "government"))
    assert n(g, "Helmand", "Government Troops") == 0
    assert n(g, "Kandahar", "Government Troops") == 3             # evenly: the empty base space first


def test_redeploy_police_to_econ_locs_8_7_7():
    g = make({"Kabul": {"pieces": {"Police": 6}}})
    board.freeze_control(g.state)
    push(g, {"kind": "adp_redeploy_police", "actor": "government", "stage": "source", "src": -1, "dst": -1,
            "arrived": {}})
    for _ in range(80):
        if g.state.frames[-1]["kind"] != "adp_redeploy_police":
            break
        g.apply(BOT(g, "government"))
    assert n(g, KTK, "Police") == 2 and n(g, "LoC Kandahar-Spin Boldak", "Police") == 2
    assert n(g, "Kabul", "Police") >= 1


# =====================================================================================================
# all-bot games
# =====================================================================================================
def test_all_bot_games_no_government_fallbacks():
    import coin_env.games.a_distant_plain.game as adp
    from coin_env.games.a_distant_plain.bots.registry import FLOWCHARTS
    before = dict(fallbacks())
    for seed in (0, 1):
        g = adp.new_game("short", seed=seed, options={"non_players": ALL_NP}, debug=True)
        steps = 0
        while not g.state.over and steps < 20000:
            f = g.current_player()
            a = BOT(g, f) if f in FLOWCHARTS else g.legal_actions()[0]
            g.apply(a)
            steps += 1
        assert g.state.over
    assert fallbacks() == before
