"""8.6 Non-player Coalition flowchart (bots/coalition.py): the Pass / Event / Operations branches, the
Operation and Special Activity priorities on hand-built positions, the Propaganda procedures, and a
short all-bot run without fallbacks for the Coalition."""

from __future__ import annotations

import coin_env
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.bots import coalition as cb
from coin_env.games.a_distant_plain.bots.context import Ctx
from coin_env.games.a_distant_plain.data import cards as carddata
from coin_env.games.a_distant_plain.data.pieces import (COALITION_BASE, COALITION_TROOPS, GOV_TROOPS, POLICE,
                                                        TALIBAN_BASE, TALIBAN_G, TALIBAN_G_ACTIVE, WARLORD_BASE)
from coin_env.games.a_distant_plain.static import AVAILABLE, INDEX

from adp_helpers import card_effects

GAME = "a_distant_plain"
FACTIONS = ("coalition", "government", "taliban", "warlords")
PLAIN_DECK = list(range(60, 73)) + [73] + list(range(13, 17)) + [74]      # no Capability / Momentum cards


def make(spaces, gov=20, patronage=5, deck=None, non_players=("coalition",), aid=0, boxes=None, capabilities=None):
    pos = {"resources": {"government": gov, "taliban": 5, "warlords": 5}, "aid": aid, "patronage": patronage,
           "eligible": {f: f == "coalition" for f in FACTIONS}, "spaces": spaces, "deck": deck or PLAIN_DECK}
    if boxes is not None:
        pos["boxes"] = boxes
    if capabilities:
        pos["capabilities"] = capabilities
    return coin_env.make_game(GAME, position=pos, debug=True, options={"non_players": list(non_players)})


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def plan(g):
    return g.state.np["coalition"]["plan"]


def turn(g):
    """Let the Coalition bot play its whole turn; return the plan it made."""
    assert g.current_player() == "coalition"
    first = True
    while not g.state.over and g.current_player() == "coalition":
        top = g.state.frames[-1]
        if not first and top["kind"] == "sop_choice":
            break
        g.apply(BOT(g, "coalition"))
        first = False
    return plan(g)


def no_fallbacks(fn):
    def wrapper(*a, **k):
        before = {k_: v for k_, v in BOT.fallbacks.items() if k_[0] == "coalition"}
        out = fn(*a, **k)
        after = {k_: v for k_, v in BOT.fallbacks.items() if k_[0] == "coalition"}
        assert after == before, f"Coalition fallbacks: {after}"
        return out
    wrapper.__name__ = fn.__name__
    return wrapper


# =====================================================================================================
# 8.6.2 Pass, Event or Operations?
# =====================================================================================================
def _with_effect(card, side, fn, body):
    """Give a card side a test effect (the built-in records are put back afterwards)."""
    with card_effects() as give:
        give(card, side, fn)
        return body()


def test_8_6_2_event_shifting_support_is_played():
    def shift(game, faction):
        board.shift_support(game.state, INDEX["Kandahar"], +1)

    def body():
        g = make({"Kandahar": {"pieces": {"Coalition Troops": 2}}}, deck=[60] + PLAIN_DECK[1:])
        turn(g)
        return g
    g = _with_effect(60, "unshaded", shift, body)
    assert plan(g)["kind"] == "event"
    assert g.state.support[INDEX["Kandahar"]] == 1


def test_8_6_2_event_placing_taliban_base_via_shaded_side_counts():
    """Either side counts: the shaded side would place a Taliban Base; the unshaded one is effective."""
    def unshaded(game, faction):
        board.add_aid(game.state, 3)

    def shaded(game, faction):
        board.place(game.state, TALIBAN_BASE, INDEX["Helmand"])

    def body():
        with card_effects() as give:
            give(60, "shaded", shaded)
            g = make({"Kandahar": {"pieces": {"Coalition Troops": 2}}})
            turn(g)
        return g
    g = _with_effect(60, "unshaded", unshaded, body)
    assert plan(g)["kind"] == "event"
    assert g.state.aid == 3


def test_8_6_2_event_without_listed_effect_goes_to_operations():
    def unshaded(game, faction):
        board.add_aid(game.state, 3)

    def body():
        g = make({"Kabul": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 2},
                            "support": "Neutral"}})
        turn(g)
        return g
    g = _with_effect(60, "unshaded", unshaded, body)
    assert plan(g)["kind"] == "op"
    assert g.state.aid == 0


def test_8_1_islamabad_counts_only_with_taliban_player():
    def unshaded(game, faction):
        board.shift_islamabad(game.state, -1)

    def run(nps):
        def body():
            g = make({"Kabul": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1}}}, non_players=nps)
            return Ctx(g, "coalition"), g
        return _with_effect(60, "unshaded", unshaded, lambda: (lambda c: cb.CoalitionChart().event_conditions(
            c[0], 60))(body()))
    assert run(("coalition",)) is True                       # Taliban a Player
    assert run(("coalition", "taliban")) is False            # Taliban a Non-player


def test_8_1_tribal_elders_momentum_always_played():
    def unshaded(game, faction):
        board.add_aid(game.state, 1)

    def body():
        g = make({"Kabul": {"pieces": {"Coalition Troops": 2}}}, deck=[45, 73] + list(range(60, 70)) + [74])
        turn(g)
        return g
    g = _with_effect(45, "unshaded", unshaded, body)
    assert plan(g)["kind"] == "event"            # even with Propaganda next (8.1 exception)


def test_8_1_capability_taken_when_die_within_unplayed_propaganda():
    def unshaded(game, faction):
        board.add_aid(game.state, 1)

    def body():
        deck = [1] + list(range(60, 70)) + [73, 74, 75, 76, 77, 78]     # 6 unplayed: any die passes
        g = make({"Kabul": {"pieces": {"Coalition Troops": 2}}}, deck=deck)
        turn(g)
        return g
    g = _with_effect(1, "unshaded", unshaded, body)
    assert plan(g)["kind"] == "event"


# =====================================================================================================
# Trigger chain: Sweep -> Assault -> Train -> (loop) Pass
# =====================================================================================================
@no_fallbacks
def test_8_6_3_sweep_trigger_underground_taliban_at_support():
    g = make({"Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla": 3, "Coalition Troops": 1}},
              "Zabol": {"pieces": {"Coalition Troops": 4, "Government Troops": 2}}})
    p = turn(g)
    assert p["op"] == "sweep"
    # bullet 1: enough Troops come in to Activate all 3; a Government Troop rides along (< 2 Government cubes)
    assert at(g, "Kandahar", TALIBAN_G) == 0
    assert at(g, "Kandahar", COALITION_TROOPS) + at(g, "Kandahar", GOV_TROOPS) >= 3
    assert at(g, "Kandahar", GOV_TROOPS) >= 1


def test_8_6_3_sweep_trigger_false_without_support_or_player_base():
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Coalition Troops": 1}}})
    assert not cb._sweep_trigger(Ctx(g, "coalition"))
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Coalition Base": 1}}})
    assert cb._sweep_trigger(Ctx(g, "coalition"))             # Taliban a Player, at a Coalition Base
    g = make({"Kandahar": {"pieces": {"Taliban Guerrilla": 1, "Coalition Base": 1}}},
             non_players=("coalition", "taliban"))
    assert not cb._sweep_trigger(Ctx(g, "coalition"))


@no_fallbacks
def test_8_6_4_assault_trigger_and_priorities():
    g = make({"Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla (Active)": 2, "Coalition Troops": 2}},
              "Helmand": {"pieces": {"Warlord Guerrilla (Active)": 1, "Coalition Troops": 1}}})
    p = turn(g)
    assert p["op"] == "assault"
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 0
    # bullet 2 (pieces were removed in bullet 1): Assault everywhere else in place
    assert board.guerrillas(g.state, INDEX["Helmand"], "warlords") == 0


def test_8_6_4_assault_trigger_false_without_support_or_player_base():
    """A Non-player's Base outside Support does not trigger the Assault."""
    g = make({"Helmand": {"pieces": {"Warlord Guerrilla (Active)": 1, "Warlord Base": 1, "Coalition Troops": 3}}},
             non_players=("coalition", "warlords"))
    assert not cb._assault_trigger(Ctx(g, "coalition"))


def test_8_6_4_player_base_triggers_assault():
    g = make({"Helmand": {"pieces": {"Warlord Guerrilla (Active)": 1, "Warlord Base": 1, "Coalition Troops": 3}}})
    assert cb._assault_trigger(Ctx(g, "coalition"))
    p = turn(g)
    assert p["op"] == "assault"
    assert at(g, "Helmand", WARLORD_BASE) == 0


@no_fallbacks
def test_8_6_5_train_when_no_sweep_or_assault():
    g = make({"Balkh": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 1}}}, gov=12)
    p = turn(g)
    assert p["op"] == "train"
    # bullet 4: Civic Action at the COIN-Controlled Coalition Base; bullet 5 needs the rest of 2/3 of 12 = 8
    assert g.state.support[INDEX["Balkh"]] == 1
    assert g.state.resources["government"] == 12 - 3 - 3
    assert at(g, "Balkh", POLICE) >= 2                  # Police first (bullet 5)


def test_8_6_loop_guard_passes_when_no_operation_possible():
    """Sweep, Assault and Train all impossible by the flowchart (a Sweep could move Troops but has no
    Guerrilla to find): the loop ends in Pass."""
    g = make({"LoC Kandahar-Kabul": {"pieces": {"Coalition Troops": 2}},
              "Helmand": {"pieces": {"Warlord Guerrilla (Active)": 1}}}, patronage=0)
    ctx = Ctx(g, "coalition")
    assert cb.CoalitionChart().choose_operation(ctx) is None
    g.apply(BOT(g, "coalition"))
    assert plan(g)["kind"] == "pass"


@no_fallbacks
def test_8_6_3_no_sweep_possible_skips_to_assault():
    """The Sweep trigger holds (Underground Taliban at Support in Herat) but no cube can reach Herat:
    skip to Assault bullet one."""
    g = make({"Herat": {"support": "Support", "pieces": {"Taliban Guerrilla": 2}},
              "Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla (Active)": 1, "Coalition Troops": 1}}})
    assert cb._sweep_trigger(Ctx(g, "coalition"))
    p = turn(g)
    assert p["op"] == "assault"
    assert at(g, "Kandahar", TALIBAN_G_ACTIVE) == 0


# =====================================================================================================
# Special Activities
# =====================================================================================================
@no_fallbacks
def test_8_6_3_air_strike_bases_first_then_support():
    g = make({"Oruzgan": {"support": "Support", "pieces": {"Taliban Guerrilla (Active)": 1}},
              "Ghazni": {"pieces": {"Taliban Base": 1}},
              "Paktika": {"pieces": {"Warlord Guerrilla (Active)": 1}},
              "Helmand": {"pieces": {"Warlord Guerrilla (Active)": 1}},
              "Kandahar": {"support": "Support", "pieces": {"Taliban Guerrilla (Active)": 1, "Coalition Troops": 1}}})
    p = turn(g)
    assert p["op"] == "assault"
    assert at(g, "Ghazni", TALIBAN_BASE) == 0                    # a Base first
    assert at(g, "Oruzgan", TALIBAN_G_ACTIVE) == 0               # then at Support
    # the third strike among the non-Support Guerrillas
    assert (board.guerrillas(g.state, INDEX["Paktika"], "warlords")
            + board.guerrillas(g.state, INDEX["Helmand"], "warlords")) == 1


def test_8_6_3_air_strike_never_in_pakistan_without_predators():
    g = make({"Waziristan": {"pieces": {"Taliban Base": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1}}})
    ctx = Ctx(g, "coalition")
    assert INDEX["Waziristan"] not in cb._strike_candidates(ctx)
    g = make({"Waziristan": {"pieces": {"Taliban Base": 1}},
              "Helmand": {"pieces": {"Taliban Guerrilla (Active)": 1}}},
             capabilities=[{"card": 2, "side": "unshaded"}])
    assert INDEX["Waziristan"] in cb._strike_candidates(Ctx(g, "coalition"))


def test_8_6_3_air_lift_bullet1_gov_troops_to_coalition_taliban_space():
    g = make({"Kandahar": {"pieces": {"Coalition Troops": 1, "Taliban Guerrilla (Active)": 1}},
              "Balkh": {"pieces": {"Coalition Base": 1, "Coalition Troops": 1, "Government Troops": 4}}})
    lift = cb.plan_air_lift(Ctx(g, "coalition"))
    assert lift is not None
    moved = [(m[0], m[1], m[2], m[3]) for m in lift["moves"]]
    assert (INDEX["Balkh"], INDEX["Kandahar"], GOV_TROOPS, 2) in moved       # from the bullet-2 source first
    assert len(lift["spaces"]) <= 3


def test_8_6_3_air_lift_keeps_last_two_gov_troops_with_coalition():
    g = make({"Kandahar": {"pieces": {"Coalition Troops": 1, "Taliban Guerrilla (Active)": 1}},
              "Helmand": {"pieces": {"Coalition Troops": 1, "Government Troops": 2}}})
    lift = cb.plan_air_lift(Ctx(g, "coalition"))
    assert lift is None or all(m[0] != INDEX["Helmand"] for m in lift["moves"])


@no_fallbacks
def test_8_6_5_surge_places_available_base_in_highest_pop_coin_space():
    g = make({"Kabul": {"pieces": {"Police": 3}},
              "Balkh": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 1}},
              "Konduz": {"pieces": {"Police": 1}}}, gov=12)
    assert board.available(g.state, COALITION_BASE) > 0
    p = turn(g)
    assert p["op"] == "train"
    assert p["sa_first"]["key"] == "surge"
    assert at(g, "Kabul", COALITION_BASE) == 1                    # Pop 3, the highest
    assert at(g, "Kabul", COALITION_TROOPS) >= 1


def test_8_6_5_surge_final_returns_troops_but_keeps_base_guard():
    deck = list(range(60, 66)) + [73]                              # the next Propaganda is the final one
    g = make({"Balkh": {"pieces": {"Coalition Troops": 3, "Coalition Base": 1, "Police": 1}},
              "Konduz": {"pieces": {"Coalition Troops": 2, "Police": 1}}}, deck=deck)
    sur = cb.plan_surge(Ctx(g, "coalition"))
    moves = {(m[0], m[1], m[2]): m[3] for m in sur["moves"]}
    assert moves[(INDEX["Balkh"], AVAILABLE, COALITION_TROOPS)] == 2        # the last Troop at the Base stays
    assert moves[(INDEX["Konduz"], AVAILABLE, COALITION_TROOPS)] == 2


def test_8_6_5_train_gov_player_patronage_to_resources_in_kabul():
    g = make({"Kabul": {"pieces": {"Coalition Troops": 1}}}, patronage=15, gov=10)
    p = turn(g)
    assert p["op"] == "train"
    assert g.state.patronage == 12 and g.state.resources["government"] == 13


# =====================================================================================================
# 8.6.6 Propaganda
# =====================================================================================================
def _propaganda_game(spaces, gov, deck):
    g = make(spaces, gov=gov, deck=deck, non_players=FACTIONS)
    return g


def _play_until(g, kind):
    for _ in range(2000):
        top = g.state.frames[-1]
        if top.get("actor") == "coalition" and top["kind"] == kind:
            return True
        if g.state.over:
            return False
        g.apply(BOT(g, g.current_player()))
    return False


def test_8_6_6_civic_action_two_thirds_cap_at_coalition_bases():
    g = make({"Balkh": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 1}, "support": "Opposition"},
              "Konduz": {"pieces": {"Coalition Troops": 2, "Police": 1}}}, gov=9, deck=[73] + PLAIN_DECK[:5] + [74],
             non_players=FACTIONS)
    g.state.frames  # the Propaganda card is current
    assert _play_until(g, "adp_civic_action")
    res0 = g.state.resources["government"]
    sup_konduz = int(g.state.support[INDEX["Konduz"]])
    while g.state.frames[-1]["kind"] == "adp_civic_action" and g.state.frames[-1]["actor"] == "coalition":
        g.apply(BOT(g, "coalition"))
    spent = res0 - g.state.resources["government"]
    assert spent <= (2 * res0) // 3
    assert int(g.state.support[INDEX["Balkh"]]) == 1                       # 2 steps: Opposition -> Support
    assert int(g.state.support[INDEX["Konduz"]]) == sup_konduz             # not a Coalition Base, not final


def test_8_6_6_redeploy_from_loc_to_control_kabul():
    g = make({"LoC Kabul-Aibak": {"pieces": {"Coalition Troops": 3}},
              "Kabul": {"pieces": {"Taliban Guerrilla (Active)": 2, "Police": 1}},
              "Balkh": {"pieces": {"Coalition Troops": 2, "Coalition Base": 1, "Police": 1}}},
             gov=0, deck=[73] + PLAIN_DECK[:5] + [74], non_players=FACTIONS)
    assert _play_until(g, "adp_redeploy_troops")
    while g.state.frames[-1]["kind"] == "adp_redeploy_troops" and g.state.frames[-1]["actor"] == "coalition":
        g.apply(BOT(g, "coalition"))
    assert at(g, "LoC Kabul-Aibak", COALITION_TROOPS) == 0
    assert at(g, "Kabul", COALITION_TROOPS) >= 2                           # 1 + 2 > 2 Taliban: Control


def test_8_6_6_redeploy_keeps_troops_in_populous_spaces():
    """Only LoCs or no-Base, no-Support spaces with Pop 0-1 are emptied."""
    g = make({"Konduz": {"pieces": {"Coalition Troops": 2}},
              "Kabul": {"pieces": {"Police": 1}}}, gov=0, deck=[73] + PLAIN_DECK[:5] + [74])
    ctx = Ctx(g, "coalition")
    assert cb._redeploy_plan(ctx) == []                                  # Konduz has Pop 2


# =====================================================================================================
# all-bot games
# =====================================================================================================
def test_all_bot_games_finish_without_coalition_fallbacks():
    import coin_env.games.a_distant_plain.game as adp
    before = {k: v for k, v in BOT.fallbacks.items() if k[0] == "coalition"}
    for seed in (0, 1):
        g = adp.new_game("short", seed=seed, options={"non_players": list(FACTIONS)}, debug=True)
        for _ in range(20000):
            if g.state.over:
                break
            g.apply(BOT(g, g.current_player()))
        assert g.state.over
    after = {k: v for k, v in BOT.fallbacks.items() if k[0] == "coalition"}
    assert after == before
