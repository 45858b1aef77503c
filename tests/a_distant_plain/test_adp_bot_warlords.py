"""8.9 Non-player Warlords flowchart (bots/warlords.py): the Pass / Event / Operations branches, the
Operation and Special Activity priorities on hand-built positions, and all-bot games."""

import coin_env
import pytest
from coin_env.coin.sequence import EVENT_SHADED, PASS
from coin_env.games.a_distant_plain import board
from coin_env.games.a_distant_plain.bots import BOT
from coin_env.games.a_distant_plain.bots import warlords as wl
from coin_env.games.a_distant_plain.bots.context import Ctx
from coin_env.games.a_distant_plain.data.pieces import (FACTIONS, GOV_BASE, POLICE, WARLORD_BASE, WARLORD_G,
                                                        WARLORD_G_ACTIVE)
from coin_env.games.a_distant_plain.static import INDEX

from adp_helpers import card_effects

GAME = "a_distant_plain"


def wl_game(spaces, warlords=10, players=(), deck=None, capabilities=None, patronage=10, government=20,
            taliban=10, seed=0):
    """A position with the Warlords 1st Eligible (the only Eligible faction); ``players`` are not bots."""
    pos = {"resources": {"government": government, "taliban": taliban, "warlords": warlords},
           "patronage": patronage, "eligible": {f: f == "warlords" for f in FACTIONS}, "spaces": spaces}
    if deck is not None:
        pos["deck"] = deck
    if capabilities:
        pos["capabilities"] = capabilities
    non = [f for f in FACTIONS if f not in players]
    return coin_env.make_game(GAME, position=pos, options={"non_players": non}, seed=seed, debug=True)


def play_turn(g):
    """The Warlords' sequence-of-play choice and their whole turn; returns the first action."""
    first = BOT(g, "warlords")
    g.apply(first)
    n = 0
    while g.state.turn is not None and g.current_player() == "warlords":
        g.apply(BOT(g, "warlords"))
        n += 1
        assert n < 300
    return first


def at(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


def wg(g, space):
    return at(g, space, WARLORD_G) + at(g, space, WARLORD_G_ACTIVE)


def plan(g):
    return g.state.np["warlords"]["plan"]


@pytest.fixture(autouse=True)
def _fallbacks():
    before = {k: v for k, v in BOT.fallbacks.items() if k[0] == "warlords"}
    yield
    after = {k: v for k, v in BOT.fallbacks.items() if k[0] == "warlords"}
    assert after == before, f"Warlords fallbacks: {after}"


# --- 8.9.2 Pass, Event or Operations? -----------------------------------------------------------------
def test_low_resources_pass_at_zero():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, warlords=0)
    assert play_turn(g) == PASS
    assert g.state.resources["warlords"] == 1          # Pass income


def test_one_resource_operates():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, warlords=1)
    assert play_turn(g) != PASS
    assert at(g, "Balkh", WARLORD_BASE) == 2          # Rally bullet 1 Base, then Cultivate there (free SA)
    assert g.state.resources["warlords"] == 0


# Card 44 (Tribal Elders) current, then the deck a seeded position used to draw: not the last Campaign.
DECK_44 = [44, 58, 64, 66, 69, 1, 38, 72, 14, 23, 27, 7, 73, 11, 28, 49, 2, 20, 59, 22, 45, 16, 67, 32, 18, 74]


def card_44_game():
    """The Warlords 1st Eligible on card 44, whose shaded text a test replaces."""
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=DECK_44)
    assert g.to_position()["current_card"] == 44
    return g


@pytest.fixture
def effect():
    """Give a card's shaded side (built-in records) a test effect (put back afterwards)."""
    with card_effects() as give:
        yield lambda card, fn: give(card, "shaded", fn)


def test_event_when_shaded_adds_warlord_resources(effect):
    effect(44, lambda game, faction: board.add_resources(game.state, "warlords", 3))
    g = card_44_game()
    assert play_turn(g) == EVENT_SHADED
    assert g.state.resources["warlords"] == 13


def test_event_when_shaded_places_warlord_base(effect):
    effect(44, lambda game, faction: board.place(game.state, WARLORD_BASE, INDEX["Bamian"]))
    g = card_44_game()
    assert play_turn(g) == EVENT_SHADED


def test_no_event_when_shaded_helps_nobody_warlord(effect):
    effect(44, lambda game, faction: board.add_resources(game.state, "taliban", 3))
    g = card_44_game()
    assert play_turn(g) != EVENT_SHADED
    assert at(g, "Balkh", WARLORD_BASE) >= 1


def test_momentum_played_unless_next_is_propaganda(effect):
    effect(10, lambda game, faction: board.add_resources(game.state, "taliban", 1))
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=[10, 44, 73, 45])
    assert play_turn(g) == EVENT_SHADED          # 8.1 Momentum: next card not Propaganda
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=[10, 73, 44, 45])
    assert play_turn(g) != EVENT_SHADED


def test_capability_on_the_np_talibans_behalf(effect):
    effect(23, lambda game, faction: board.add_resources(game.state, "taliban", 1))
    deck = [23, 44, 73, 45, 74, 46, 75, 47, 76, 48, 77, 49, 78]          # 6 Propaganda unplayed
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=deck)
    g.script_dice([5])                                                   # 5 < 6
    assert play_turn(g) == EVENT_SHADED
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=deck)
    g.script_dice([6])                                                   # not < 6
    assert play_turn(g) != EVENT_SHADED
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, deck=deck, players=("taliban",))
    g.script_dice([1])                                                   # Taliban a Player: never
    assert play_turn(g) != EVENT_SHADED


# --- the Operation chain ---------------------------------------------------------------------------------
def test_rally_trigger_bullet1_base():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}})
    play_turn(g)
    assert plan(g)["op"] == "rally"
    assert plan(g)["spaces"][0] == [INDEX["Balkh"], "base"]
    assert at(g, "Balkh", WARLORD_BASE) == 2 and wg(g, "Balkh") == 1     # + Cultivate there


def test_no_rally_trigger_with_two_guerrillas():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 2}}})
    assert wl.plan_rally(wl_ctx(g), need_bullet1=True) is None


def test_rally_bullet1a_suborns_government_base_first():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3, "Government Base": 1, "Coalition Base": 1}}},
                warlords=20)
    play_turn(g)
    assert plan(g)["op"] == "rally"
    assert at(g, "Balkh", GOV_BASE) == 0 and at(g, "Balkh", WARLORD_BASE) == 1
    assert g.state.resources["warlords"] <= 20 - 2 - 1


def test_rally_bullet2_rally_and_cultivate():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}, "Faryab": {"pieces": {"Warlord Base": 1}}})
    play_turn(g)
    assert at(g, "Faryab", WARLORD_BASE) == 2          # Cultivate after the Rally there
    assert wg(g, "Faryab") == 2                        # 1 Base + 1 Pop placed
    assert plan(g)["sa_started"] == "cultivate"


def test_march_when_no_player_has_a_positive_margin():
    # No 3-Guerrilla space: no Rally trigger; the Warlord Base in Balkh lacks an Underground Guerrilla.
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla (Active)": 1}},
                 "Samangan": {"pieces": {"Warlord Guerrilla": 2}}}, warlords=50)
    play_turn(g)
    assert plan(g)["op"] == "march"
    assert at(g, "Balkh", WARLORD_G) >= 1               # bullet 1


def test_march_keeps_last_guerrilla_at_base():
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla": 1}},
                 "Samangan": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla": 1}}}, warlords=50)
    play_turn(g)
    assert wg(g, "Balkh") >= 1 and wg(g, "Samangan") >= 1


def test_march_find_fix_finish_keeps_two():
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 2, "Warlord Guerrilla": 2}}}, warlords=50,
                capabilities=[{"card": wl.FIND_FIX_FINISH, "side": "unshaded"}])
    assert wl.find_fix_finish(g.state)
    play_turn(g)
    assert at(g, "Balkh", WARLORD_G) >= 2


def test_march_bullet2_two_guerrillas_on_a_loc():
    g = wl_game({"Kabul": {"pieces": {"Warlord Guerrilla": 2, "Police": 3}}}, warlords=10)
    play_turn(g)
    assert plan(g)["op"] == "march"
    locs = [sp for sp in ("LoC Kabul-Tor Kham", "LoC Kandahar-Kabul", "LoC Kabul-Aibak") if wg(g, sp)]
    assert locs and all(wg(g, sp) == 2 for sp in locs)


def test_march_creates_no_coin_control():
    # Moving either Guerrilla out of Kabul would give the Police Control there.
    g = wl_game({"Kabul": {"pieces": {"Warlord Guerrilla": 2, "Police": 2}}}, warlords=50)
    assert wl.plan_march(wl_ctx(g)) is None
    play_turn(g)
    assert plan(g)["op"] == "rally"                     # March impossible: Rally bullet one onwards
    assert wg(g, "Kabul") >= 2 and not board.coin_control(g.state, INDEX["Kabul"])


def test_loop_ends_in_pass():
    # 15 Warlord Guerrillas in Kabul (none Available), no room for a Base, leaving would give COIN Control.
    g = wl_game({"Kabul": {"pieces": {"Warlord Guerrilla": 15, "Taliban Base": 2, "Police": 17}}})
    assert play_turn(g) == PASS


def test_terror_against_a_coalition_player_at_support():
    # Coalition Player margin: 26 Available pieces + Kabul (3) + Kandahar (2) Support = 31 > 30.
    g = wl_game({"Kabul": {"support": "Support", "pieces": {"Warlord Guerrilla": 1}},
                 "Kandahar": {"support": "Support"}}, players=("coalition",))
    play_turn(g)
    assert plan(g)["op"] == "terror"
    assert g.state.support[INDEX["Kabul"]] == 0 and g.state.terror[INDEX["Kabul"]] == 1


def test_terror_does_not_expose_last_guerrilla_at_base():
    g = wl_game({"Kabul": {"support": "Support", "pieces": {"Warlord Guerrilla": 1, "Warlord Base": 1}},
                 "Kandahar": {"support": "Support"}}, players=("coalition",))
    assert not wl.terror_trigger(wl_ctx(g))


def wl_ctx(g):
    return Ctx(g, "warlords")


def test_attack_against_government_player_control(monkeypatch):
    # Government Player margin: Patronage 40 + COIN-controlled Pop - 35 > 0. Balkh: 7 Police vs 4 Active
    # Warlord Guerrillas and 2 Taliban Bases (no Terror, no room for a Rally Base); removing 2 Police
    # ends COIN Control.
    g = wl_game({"Balkh": {"pieces": {"Police": 7, "Warlord Guerrilla (Active)": 4, "Taliban Base": 2}}},
                players=("government",), patronage=40)
    g.script_dice([1] * 20)                  # every engine die shows 1
    play_turn(g)
    assert plan(g)["op"] == "attack"
    assert at(g, "Balkh", POLICE) == 5 and not board.coin_control(g.state, INDEX["Balkh"])


def test_no_attack_with_three_guerrillas_goes_to_march():
    g = wl_game({"Balkh": {"pieces": {"Police": 4, "Warlord Guerrilla (Active)": 3}},
                 "Samangan": {"pieces": {"Warlord Base": 1}}},
                players=("government",), patronage=40)
    ctx = wl_ctx(g)
    assert wl.plan_attack(ctx) is None and not wl.terror_trigger(ctx)
    play_turn(g)
    assert plan(g)["op"] in ("march", "rally")


# --- Special Activities ------------------------------------------------------------------------------------
def test_suborn_at_43_resources_removes_control():
    # 43+ Resources: Suborn (bullet 2: remove Control in the highest-Pop Afghan space: Kabul).
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}, "Kabul": {"pieces": {"Police": 2}}}, warlords=50)
    play_turn(g)
    assert plan(g)["sa_started"] == "suborn"
    assert not board.coin_control(g.state, INDEX["Kabul"])
    assert g.state.resources["warlords"] >= wl.SUBORN_FLOOR


def test_suborn_floor_41():
    # 42 Resources: Suborn would leave 40 -- so Cultivate / Traffic instead.
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}, "Kabul": {"pieces": {"Police": 2}}}, warlords=44)
    play_turn(g)         # Rally costs 1+; then below 43 -> Cultivate chain; no Suborn below 43
    assert plan(g).get("sa_started") != "suborn"
    assert board.coin_control(g.state, INDEX["Kabul"])


def test_cultivate_below_43_in_rally_space_with_base():
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, warlords=10)
    play_turn(g)
    assert plan(g)["sa_started"] == "cultivate"
    assert at(g, "Balkh", WARLORD_BASE) == 2


def test_last_campaign_traffic_instead_of_cultivate():
    # Same position in the last Campaign: Cultivate bullet 1 skips to Traffic (Balkh, uncontrolled).
    g = wl_game({"Balkh": {"pieces": {"Warlord Guerrilla": 3}}}, warlords=10, deck=[44, 45, 73])
    assert wl.last_campaign(wl_ctx(g))
    play_turn(g)
    p = plan(g)
    assert p["sa_started"] == "traffic"
    assert at(g, "Balkh", WARLORD_BASE) == 1
    assert g.state.resources["warlords"] == 10 - len(p["spaces"]) + 1


def test_traffic_skips_player_patronage():
    # A COIN-Controlled Warlord Base space: Traffic there would give the Government Player Patronage.
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 1, "Police": 3}},
                 "Faryab": {"pieces": {"Warlord Base": 1}}}, players=("government",))
    spaces = wl.traffic_spaces(wl_ctx(g))
    assert spaces == [INDEX["Faryab"]]
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 1, "Police": 3}},
                 "Faryab": {"pieces": {"Warlord Base": 1}}})
    assert wl.traffic_spaces(wl_ctx(g)) == [INDEX["Faryab"], INDEX["Balkh"]]


def test_cultivate_after_march_in_destination():
    g = wl_game({"Balkh": {"pieces": {"Warlord Base": 1, "Warlord Guerrilla (Active)": 1}},
                 "Samangan": {"pieces": {"Warlord Guerrilla": 2}}}, warlords=20)
    play_turn(g)
    assert plan(g)["op"] == "march"
    assert plan(g).get("sa_started") in ("cultivate", "traffic")


# --- all-bot games -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1])
def test_all_bot_games_no_warlords_fallbacks(seed):
    g = coin_env.make_game(GAME, scenario="short", seed=seed, options={"non_players": list(FACTIONS)}, debug=True)
    n = 0
    while not g.state.over:
        g.apply(BOT(g, g.current_player()))
        n += 1
        assert n < 50000
    assert g.state.result["winner"] in FACTIONS
