"""The section-8 bot framework: 8.1 sequence of play (Capability, Momentum, Ineffective Events, NP
Operations not Limited), 8.2.3 nested priorities, 8.4 random spaces / 8.4.1 random LoCs (reconstructed
sheet, data-pack replaceable), the bot contract, determinism, and all-bot games without fallbacks."""

import copy

import pytest

import coin_env
from coin_env.coin.sequence import EVENT_SHADED, EVENT_UNSHADED, LIMITED_OP, OP_ONLY, OP_WITH_SA, PASS
from coin_env.core.rng import Rng
from coin_env.games.a_distant_plain import board, datapack
from coin_env.games.a_distant_plain.bots import BOT, BotError, FlowchartBot
from coin_env.games.a_distant_plain.bots import sequence as npseq
from coin_env.games.a_distant_plain.bots.context import Ctx, bot_rng
from coin_env.games.a_distant_plain.data import cards as carddata
from coin_env.games.a_distant_plain.data import random_spaces
from coin_env.games.a_distant_plain.data.pieces import FACTIONS
from coin_env.games.a_distant_plain.static import INDEX, IS_LOC, LOCS, N_SPACES
from adp_helpers import BUILTIN
from adp_helpers import card_effects as _card_effects

ECON = BUILTIN.econ                  # the built-in map's LoC Econ

ALL = list(FACTIONS)


def np_game(non_players, deck, eligible=None, spaces=None, resources=None, seed=0, data_pack=None):
    """A debug game from a position: ``deck[0]`` Current, ``deck[1]`` Upcoming, Propaganda 73 last."""
    pos = {"resources": resources or {"government": 20, "taliban": 10, "warlords": 10},
           "patronage": 10, "islamabad": "Backing",
           "eligible": {f: f in (eligible or FACTIONS) for f in FACTIONS},
           "spaces": spaces or {"Kabul": {"pieces": {"Government Troops": 3, "Police": 2, "Coalition Troops": 2}},
                                "Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Coalition Troops": 1}},
                                "Balkh": {"pieces": {"Warlord Guerrilla": 3}}},
           "deck": list(deck)}
    return coin_env.make_game("a_distant_plain", position=pos, seed=seed,
                              options={"non_players": list(non_players), "data_pack": data_pack}, debug=True)


@pytest.fixture
def card_effects():
    """Give card sides a (test) effect; the built-in records come back afterwards."""
    with _card_effects() as give:
        yield give


def _add_aid(game, faction):
    board.add_aid(game.state, 1)


def _noop(game, faction):
    pass


def next_die(game) -> int:
    """The bots' next roll, read without rolling it."""
    return bot_rng(game.state).die()


# --- 8.4 random spaces ---------------------------------------------------------------------------
def test_random_spaces_sheet_covers_the_map_in_six_regions_of_six():
    regions = BUILTIN.regions
    assert regions == random_spaces.DEFAULT_REGIONS
    assert len(regions) == 6 and all(len(r) == 6 for r in regions)
    on_sheet = {n for r in regions for n in r}
    assert on_sheet == set(INDEX)
    assert "reconstructed" in random_spaces.PROVENANCE


def test_random_space_rolls_region_then_slot_and_follows_the_arrows():
    g = np_game(ALL, [1, 2, 73])
    ctx = Ctx(g, "coalition")
    slots = [INDEX[n] for r in g.data.regions for n in r]
    cands = {INDEX["Herat"], INDEX["Konduz"], INDEX["Kabul"]}
    for _ in range(30):
        probe = bot_rng(g.state)
        region, slot = probe.die(), probe.die()
        at = (region - 1) * 6 + slot - 1
        expected = next(slots[(at + k) % 36] for k in range(36) if slots[(at + k) % 36] in cands)
        assert ctx.random_space(cands) == expected


def test_random_locs_take_the_highest_econ_first():
    g = np_game(ALL, [1, 2, 73])
    ctx = Ctx(g, "coalition")
    top = max(LOCS, key=lambda sp: ECON[sp])
    assert ctx.random_space(LOCS) == top
    ones = [sp for sp in LOCS if ECON[sp] == 1]
    seen = {ctx.random_space(ones) for _ in range(60)}
    assert seen == set(ones)                       # equal chance among the tied LoCs


def test_random_space_single_candidate_rolls_no_die():
    g = np_game(ALL, [1, 2, 73])
    before = bot_rng(g.state).state
    assert Ctx(g, "taliban").random_space([INDEX["Ghazni"]]) == INDEX["Ghazni"]
    assert bot_rng(g.state).state == before


def test_random_spaces_sheet_comes_from_a_data_pack():
    regions = [list(r) for r in random_spaces.DEFAULT_REGIONS]
    regions[3][4] = "Herat"                        # one of the spare Kabul slots
    g = np_game(ALL, [1, 2, 73], data_pack={"random_spaces": {"regions": regions}})
    assert g.data.regions[3][4] == "Herat" and g.data.random_space_slots[3 * 6 + 4] == INDEX["Herat"]
    plain = np_game(ALL, [1, 2, 73])               # a game without the pack keeps the built-in sheet
    assert plain.data.regions[3][4] == "Kabul" and BUILTIN.regions[3][4] == "Kabul"
    # The bots follow their own game's sheet: from slot 4.5 the arrows reach Herat in the pack's game
    # and Kabul in the other (one candidate each from that slot on).
    cands = {INDEX["Herat"], INDEX["Kabul"]}
    for game, expected in ((g, INDEX["Herat"]), (plain, INDEX["Kabul"])):
        slots = game.data.random_space_slots
        for _ in range(20):
            probe = bot_rng(game.state)
            at = (probe.die() - 1) * 6 + probe.die() - 1
            want = next(slots[(at + k) % 36] for k in range(36) if slots[(at + k) % 36] in cands)
            assert Ctx(game, "coalition").random_space(cands) == want
            if at == 3 * 6 + 4:
                assert want == expected
    bad = copy.deepcopy(regions)
    bad[0][0] = "Atlantis"
    with pytest.raises(datapack.DataPackError, match="random_spaces.regions\\[0\\]: unknown space 'Atlantis'"):
        datapack.load({"random_spaces": {"regions": bad}})
    with pytest.raises(datapack.DataPackError, match="missing"):
        short = [list(r) for r in random_spaces.DEFAULT_REGIONS]
        short[0][0] = "Kabul"                      # Herat dropped from the sheet
        datapack.load({"random_spaces": {"regions": short}})
    assert BUILTIN.regions[0][0] == "Herat" and random_spaces.DEFAULT_REGIONS[0][0] == "Herat"


# --- 8.2.2 / 8.2.3 ------------------------------------------------------------------------------
def test_nested_priorities_narrow_in_order_then_random():
    g = np_game(ALL, [1, 2, 73])
    ctx = Ctx(g, "coalition")
    pop = lambda sp: board.pop(g.state, sp)
    kandahar, khowst, kabul, herat = INDEX["Kandahar"], INDEX["Khowst"], INDEX["Kabul"], INDEX["Herat"]
    assert ctx.narrow([kandahar, khowst, herat], pop) == [kandahar, khowst]           # highest Pop
    assert ctx.narrow([kandahar, khowst, herat], pop, lambda sp: sp == khowst) == [khowst]
    assert ctx.pick([kandahar, kabul, herat], pop) == kabul
    assert ctx.pick([], pop) is None
    assert ctx.order([herat, kabul, kandahar], pop) == [kabul, kandahar, herat]


def test_two_thirds_of_resources_rounded_down_and_uncapped_below_nine():
    assert Ctx.two_thirds(20) == 13 and Ctx.two_thirds(9) == 6 and Ctx.two_thirds(8) == 8


# --- 8.1 Non-player Operations not Limited -------------------------------------------------------------
def _second_eligible_after_op(non_players):
    g = np_game(non_players, [1, 2, 73])
    first = g.current_player()
    g.apply(OP_ONLY)
    while g.current_player() == first and not g.state.frames[-1]["kind"] == "sop_choice":
        g.apply(g.legal_actions()[-1] if g.DONE in g.legal_actions() else g.legal_actions()[0])
    return g


def test_np_second_eligible_gets_operation_with_special_activity_instead_of_limited():
    order = BUILTIN.cards.faction_order(1)
    g = np_game([order[1]], [1, 2, 73])
    assert g.current_player() == order[0]
    g.apply(OP_ONLY)
    while g.state.frames[-1]["kind"] != "sop_choice":
        legal = g.legal_actions()
        g.apply(g.DONE if g.DONE in legal else legal[0])
    assert g.current_player() == order[1]
    legal = g.legal_actions()
    assert OP_WITH_SA in legal and LIMITED_OP not in legal          # 8.1
    g2 = np_game([], [1, 2, 73])
    g2.apply(OP_ONLY)
    while g2.state.frames[-1]["kind"] != "sop_choice":
        legal = g2.legal_actions()
        g2.apply(g2.DONE if g2.DONE in legal else legal[0])
    assert LIMITED_OP in g2.legal_actions() and OP_WITH_SA not in g2.legal_actions()   # players: 2.3.4


# --- 8.1 Ineffective Events, Capabilities, Momentum ---------------------------------------------------
def test_T11_ineffective_event_is_not_chosen(card_effects):
    """8.1 example: an Event side that would change nothing is Ineffective -> Operation with SA."""
    order = BUILTIN.cards.faction_order(41)
    card_effects(41, "unshaded", _noop)
    card_effects(41, "shaded", _noop)
    g = np_game(ALL, [41, 2, 73], eligible=[order[0]])
    actor = g.current_player()
    assert EVENT_UNSHADED in g.legal_actions() or EVENT_SHADED in g.legal_actions()
    action = BOT(g, actor)
    assert action not in (EVENT_UNSHADED, EVENT_SHADED)
    assert not npseq.effective(Ctx(g, actor), 41, npseq.SIDE[actor])


def test_unimplemented_sides_are_never_executable():
    g = np_game(ALL, [41, 2, 73])
    assert not npseq.executable(g, 41, "unshaded") and not npseq.executable(g, 41, "shaded")


@pytest.mark.parametrize("taliban_np", [True, False])
def test_T12_np_warlords_take_a_shaded_capability_on_the_np_taliban_behalf(card_effects, taliban_np):
    card = carddata.TALIBAN_CAPABILITIES[0]
    card_effects(card, "shaded", _add_aid)
    card_effects(card, "unshaded", _add_aid)
    non_players = ["warlords"] + (["taliban"] if taliban_np else [])
    g = np_game(non_players, [card, 2, 74, 73], eligible=["warlords"])
    assert g.current_player() == "warlords"
    ctx = Ctx(g, "warlords")
    n = ctx.unplayed_propaganda()
    assert n == 2
    die = next_die(g)
    decision = npseq.capability_decision(ctx)
    if taliban_np:
        assert decision == ("event" if die < n else None)             # 8.1: strictly less than
    else:
        assert decision is None                                       # no NP Taliban to act for


def test_capability_coalition_rolls_at_most_unplayed_propaganda(card_effects):
    card = carddata.COALITION_CAPABILITIES[0]
    card_effects(card, "unshaded", _add_aid)
    for seed in range(12):
        g = np_game(["coalition"], [card, 2, 74, 73], eligible=["coalition"], seed=seed)
        ctx = Ctx(g, "coalition")
        die = next_die(g)
        assert npseq.capability_decision(ctx) == ("event" if die <= 2 else None)


@pytest.mark.parametrize("cap", [2, 5])          # card 2: Government first; card 5: Coalition first
def test_capability_upcoming_makes_the_coalition_pass_and_wait(card_effects, cap):
    """8.1: the next card is a Capability the NP will surely be first to take -> Pass now."""
    card_effects(cap, "unshaded", _add_aid)
    order = BUILTIN.cards.faction_order(cap)
    g = np_game(["coalition"], [4, cap, 74, 73, 75], eligible=["coalition"])
    ctx = Ctx(g, "coalition")
    sure = order[0] == "coalition"
    assert npseq.first_eligible_next_card(ctx) == sure
    passes = 0
    for seed in range(10):
        g = np_game(["coalition"], [4, cap, 74, 73, 75], eligible=["coalition"], seed=seed)
        ctx = Ctx(g, "coalition")
        die = next_die(g)
        expect = "pass" if sure and die <= ctx.unplayed_propaganda() else None
        if expect == "pass":
            assert BOT(g, "coalition") == PASS       # the whole bot: the same roll, Pass and wait
            passes += 1
        else:
            assert npseq.capability_decision(ctx) is None
    assert (passes > 0) == sure


@pytest.mark.parametrize("upcoming_propaganda", [False, True])
def test_momentum_played_only_when_next_card_is_not_propaganda(card_effects, upcoming_propaganda):
    card = 17                                    # a shaded (insurgent) Momentum card
    card_effects(card, "shaded", _add_aid)
    deck = [card, 73, 2, 74] if upcoming_propaganda else [card, 2, 73, 74]
    g = np_game(["taliban"], deck, eligible=["taliban"])
    action = BOT(g, "taliban")
    assert (action == EVENT_SHADED) == (not upcoming_propaganda)


def test_mullah_omar_always_played_by_the_np_taliban(card_effects):
    card_effects(36, "shaded", _add_aid)
    g = np_game(["taliban"], [36, 73, 2, 74], eligible=["taliban"])
    assert BOT(g, "taliban") == EVENT_SHADED       # even before a Propaganda card (8.1 exception)


def test_coin_np_ignores_shaded_only_momentum(card_effects):
    card_effects(17, "shaded", _add_aid)
    g = np_game(["coalition"], [17, 2, 73], eligible=["coalition"])
    assert BOT(g, "coalition") != EVENT_SHADED


# --- the bot contract -----------------------------------------------------------------------------
def test_bot_refuses_a_player_seat():
    g = np_game(["taliban"], [1, 2, 73], eligible=["coalition"])
    with pytest.raises(BotError, match="not a non-player"):
        BOT(g, g.current_player())


def test_env_opponents_flowchart_marks_the_seats_non_player():
    env = coin_env.env("a_distant_plain", scenario="short", seed=3, opponents={"taliban": "flowchart",
                                                                               "warlords": "flowchart"})
    env.reset(seed=3)
    assert env.game.options["non_players"] == ["taliban", "warlords"]
    assert set(env.possible_agents) == {"coalition", "government"}


def _all_bot_game(seed, scenario="short", bot=None):
    bot = bot or FlowchartBot()
    g = coin_env.make_game("a_distant_plain", scenario=scenario, seed=seed, options={"non_players": ALL}, debug=True)
    actions = []
    while not g.is_over():
        a = bot(g, g.current_player())
        actions.append(a)
        g.apply(a)
    return g, actions, bot


def test_all_bot_games_are_deterministic_and_resume_from_json():
    g1, a1, _ = _all_bot_game(5)
    g2, a2, _ = _all_bot_game(5)
    assert a1 == a2 and g1.state.result == g2.state.result
    # The bots roll on their own stream: the action list alone replays the game, rules dice included.
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=5, options={"non_players": ALL})
    for a in a1:
        g.apply(a)
    assert g.state.result == g1.state.result
    # A save in mid-game carries the bots' memory and dice: the rest of the game is the same.
    g = coin_env.make_game("a_distant_plain", scenario="short", seed=5, options={"non_players": ALL})
    for a in a1[:len(a1) // 2]:
        assert BOT(g, g.current_player()) == a
        g.apply(a)
    g = coin_env.load_game(g.to_json())
    rest = []
    while not g.is_over():
        a = BOT(g, g.current_player())
        rest.append(a)
        g.apply(a)
    assert rest == a1[len(a1) // 2:]


@pytest.mark.parametrize("seed,scenario", [(0, "short"), (1, "short"), (2, "main")])
def test_all_bot_games_finish_without_fallbacks(seed, scenario):
    g, actions, bot = _all_bot_game(seed, scenario)
    assert g.state.result is not None and g.state.result["winner"] in FACTIONS
    assert not bot.fallbacks, f"prompts answered by no flowchart handler: {dict(bot.fallbacks)}"


# --- 8.3.5 note: never an Event that lowers the faction's own victory total (T15) ------------------------
def _taliban_gain(game, faction):
    board.add_resources(game.state, "taliban", 3)


def _taliban_gain_but_opposition_lost(game, faction):
    board.add_resources(game.state, "taliban", 3)
    board.set_support(game.state, INDEX["Kandahar"], 0)         # Opposition -> Neutral: Taliban VP -2


@pytest.mark.parametrize("effect,plays", [(_taliban_gain, True), (_taliban_gain_but_opposition_lost, False)])
def test_T15_np_taliban_never_plays_an_event_that_lowers_its_own_victory(card_effects, effect, plays):
    card_effects(71, "shaded", effect)
    spaces = {"Kandahar": {"support": "Opposition", "pieces": {"Taliban Guerrilla": 3}},
              "Kabul": {"pieces": {"Government Troops": 3, "Police": 2}}}
    g = np_game(["taliban"], [71, 2, 73], eligible=["taliban"], spaces=spaces)
    assert g.current_player() == "taliban" and EVENT_SHADED in g.legal_actions()
    assert (BOT(g, "taliban") == EVENT_SHADED) == plays
