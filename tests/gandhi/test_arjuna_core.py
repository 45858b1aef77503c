"""The Arjuna framework (section 8): NP Eligibility Table (8.2), deck (8.3), Space Selection engine
(8.4.1), Random Spaces / Railways (8.1.2 / 8.1.3), Adversary Priorities (8.5), non-player rule
exceptions (8.1) and the bot as an environment opponent."""

from __future__ import annotations

import pytest

import coin_env
from coin_env.games.gandhi import datapack
from coin_env.games.gandhi.bots import BOT, ArjunaBot, deck, eligibility, priorities
from coin_env.games.gandhi.bots.context import Ctx
from coin_env.games.gandhi.bots.registry import ROWS
from coin_env.games.gandhi.data.arjuna.common import BUILTIN_RANDOM_SPACES as RANDOM_SPACES
from coin_env.games.gandhi.data.pieces import GANDHI, GUERRILLA, ML_ACTIVIST, CONGRESS_ACTIVIST, SEPOY
from coin_env.games.gandhi.static import INDEX, OUT_OF_PLAY, AVAILABLE

ALL = ["raj", "congress", "ml", "revs"]


def _game(non_players=("raj",), deck_cards=(6, 44, 45, 73), spaces=None, eligible=None, pack=None, **pos):
    """A game from a position; ``pack``: an owner data pack the game is made with (its own facts)."""
    position = {"deck": list(deck_cards), "spaces": spaces or {}, "eligible": eligible or {}}
    position.update(pos)
    options = {"non_players": list(non_players)}
    if pack is not None:
        options["data_pack"] = pack
    return coin_env.make_game("gandhi", position=position, options=options, debug=True)


# --- 8.2 NP Eligibility Table ------------------------------------------------------------------------------
def _pack(orders=None, critical=None):
    cards = {}
    for card, order in (orders or {}).items():
        cards.setdefault(str(card), {})["order"] = list(order)
    for card, factions in (critical or {}).items():
        cards.setdefault(str(card), {})["critical"] = list(factions)
    return {"cards": cards}


def _decide(g, faction):
    return eligibility.decide(Ctx(g, faction))[0]


PROTEST_CONGRESS = {"Bihar": {"protest": 1, "pieces": {"Congress Activist": 2}}}


def test_first_eligible_takes_a_critical_effective_event():
    # 8.2.1 1st-1: card 6 Critical for Raj and effective (a Protest space with Congress pieces).
    pack = _pack(orders={6: ALL}, critical={6: ["raj"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=PROTEST_CONGRESS)
    assert g.current_player() == "raj"
    assert _decide(g, "raj") == "event"


def test_first_eligible_critical_but_not_effective_does_op_sa():
    pack = _pack(orders={6: ALL}, critical={6: ["raj"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73))           # no Protest space: #6 does nothing for Raj
    assert _decide(g, "raj") == "op_sa"


def test_first_eligible_denies_the_next_factions_critical_event():
    # 1st-2: Critical for the next Eligible faction (Congress) -> Operation only.
    pack = _pack(orders={6: ALL}, critical={6: ["congress"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73))
    assert _decide(g, "raj") == "op"


def test_first_eligible_passes_for_its_critical_upcoming_card():
    # 1st-3: Raj is first on the Upcoming card (44) and it is Critical for Raj -> Pass.
    pack = _pack(orders={6: ALL, 44: ALL}, critical={44: ["raj"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73))
    assert eligibility.guaranteed_first_on_upcoming(g, "raj")
    assert _decide(g, "raj") == "pass"


def test_first_eligible_not_guaranteed_first_on_upcoming_does_op_sa():
    pack = _pack(orders={6: ALL, 44: ["congress", "raj", "ml", "revs"]}, critical={44: ["raj"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73))
    assert not eligibility.guaranteed_first_on_upcoming(g, "raj")
    assert _decide(g, "raj") == "op_sa"


def _second(g, first="congress", did="op_sa"):
    s = g.state
    s.sop = {"offered": [first], "acted": [first], "first_did": did, "done": False}
    return g


def test_second_eligible_passes_to_wait_for_a_critical_upcoming_card():
    # 2nd-1: guaranteed 1st on Upcoming (only Congress, which acted, is before Raj) and it is Critical
    # for Raj; the Current Event is not Critical for Raj.
    order44 = ["congress", "raj", "ml", "revs"]
    pack = _pack(orders={6: ["congress", "raj", "ml", "revs"], 44: order44}, critical={44: ["raj"]})
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=PROTEST_CONGRESS))
    assert eligibility.guaranteed_first_on_upcoming(g, "raj")
    assert _decide(g, "raj") == "pass"


def test_second_eligible_takes_an_effective_event_after_op_sa():
    # 2nd-2: 1st did Op + SA and the Event is effective -> Event.
    pack = _pack(orders={6: ["congress", "raj", "ml", "revs"], 44: ["ml", "raj", "congress", "revs"]})
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=PROTEST_CONGRESS))
    assert _decide(g, "raj") == "event"


def test_second_eligible_passes_when_guaranteed_first_on_upcoming():
    # 2nd-3: no effective Event, but guaranteed 1st Eligible next card -> Pass.
    pack = _pack(orders={6: ["congress", "raj", "ml", "revs"], 44: ["congress", "raj", "ml", "revs"]})
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73)))
    assert _decide(g, "raj") == "pass"


def test_second_eligible_limited_op_after_op_only_or_ineffective_event():
    # 2nd-4: 1st did Operation only -> Limited Operation; likewise when the Event is not effective.
    orders = {6: ["congress", "raj", "ml", "revs"], 44: ["ml", "raj", "congress", "revs"]}
    pack = _pack(orders=orders)
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=PROTEST_CONGRESS), did="op")
    assert _decide(g, "raj") == "limited"
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73)), did="op_sa")
    assert _decide(g, "raj") == "limited"


def test_second_eligible_op_sa_after_an_event():
    # 2nd-5: 1st executed the Event; Event effectiveness is moot -> Operation plus Special Activity.
    orders = {6: ["congress", "raj", "ml", "revs"], 44: ["ml", "raj", "congress", "revs"]}
    pack = _pack(orders=orders)
    g = _second(_game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=PROTEST_CONGRESS), did="event")
    # After an Event the Current Event is gone; 2nd-2 cannot apply (1st did not do Op+SA).
    assert _decide(g, "raj") == "op_sa"


# --- 8.3 Arjuna deck ---------------------------------------------------------------------------------------
def test_deck_holds_six_cards_per_non_player_and_cycles_to_the_bottom():
    g = _game(non_players=("raj", "ml", "revs"))
    d = g.state.arjuna["deck"]
    assert sorted(d) == sorted("ABCDEF" + "MNOPQR" + "STUVWX")       # 18 cards with three NPs
    before = list(d)
    card = deck.draw_card(g.state, "ml")
    k = next(i for i, c in enumerate(before) if c in "MNOPQR")
    assert card == before[k]
    assert d == before[k + 1:] + before[:k + 1]                       # passed cards went to the bottom


def test_deck_draw_moves_the_top_card_even_if_it_matches():
    g = _game(non_players=("raj",))
    before = list(g.state.arjuna["deck"])
    assert deck.draw_card(g.state, "raj") == before[0]
    assert g.state.arjuna["deck"] == before[1:] + before[:1]


def test_deck_reshuffle_keeps_the_cards():
    g = _game(non_players=ALL)
    before = list(g.state.arjuna["deck"])
    deck.reshuffle(g.state)
    assert sorted(before) == sorted(g.state.arjuna["deck"]) and len(before) == 24


def test_no_arjuna_deck_without_non_players():
    g = coin_env.make_game("gandhi", seed=0)
    assert g.state.arjuna["deck"] == []


# --- 8.4.1 Space Selection engine ------------------------------------------------------------------------------
def test_selection_narrows_row_by_row_and_skips_rows_nobody_meets():
    g = _game(spaces={"Bihar": {"support": "Passive Opposition"}, "Punjab": {"support": "Active Opposition"},
                      "Orissa": {"support": "Active Opposition"}})
    ctx = Ctx(g, "raj")
    cands = [INDEX["Bihar"], INDEX["Punjab"], INDEX["Orissa"]]
    # "with Unrest": nobody -> skipped; "2-Pop": Bihar, Punjab; "most Opposition": Punjab (2x2 > 1x2).
    assert priorities.narrow(ctx, ("with Unrest", "2-Pop", "most Opposition"), cands) == [INDEX["Punjab"]]
    # A "most" row whose best value is 0 is met by nobody (skipped).
    assert priorities.narrow(ctx, ("most Support",), cands) == cands


def test_every_column_row_and_condition_in_the_data_resolves():
    from coin_env.games.gandhi.bots.registry import CONDITIONS
    from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA as ARJUNA
    from coin_env.games.gandhi.data.arjuna.schema import SA, Check
    for f, data in ARJUNA.items():
        for col in data.columns.values():
            for row in col.rows:
                assert row in ROWS, f"{f} column {col.name!r}: unknown row {row!r}"
            assert list(col.known) == [r for r in col.rows if r in col.known], f"{col.name}: known rows out of order"
        for fc in data.faces.values():
            for node in fc.nodes:
                if isinstance(node, Check):
                    assert node.cond in CONDITIONS, f"card {fc.letter}: unknown condition {node.cond!r}"
                if isinstance(node, SA):
                    for opt in node.options:
                        assert not opt.only_if or opt.only_if in CONDITIONS, f"card {fc.letter}: {opt.only_if!r}"


# --- 8.1.2 / 8.1.3 random spaces and railways -----------------------------------------------------------------
def test_random_space_example_east_bengal_then_the_following_slots():
    # 8.1.2 example: dice 3 (blue) and 5 -> East Bengal; if not eligible, Calcutta (3-6), Sind (4-1), Gujarat (4-2).
    assert RANDOM_SPACES[2][4] == "East Bengal" and RANDOM_SPACES[2][5] == "Calcutta"
    assert RANDOM_SPACES[3][0] == "Sind" and RANDOM_SPACES[3][1] == "Gujarat"
    g = _game()
    ctx = Ctx(g, "revs")
    names = ["East Bengal", "Calcutta", "Sind", "Gujarat"]
    for k, expected in enumerate(names):
        g.script_dice([3, 5])
        eligible = [INDEX[n] for n in names[k:]] + [INDEX["Mysore"]]
        assert priorities.random_space(ctx, eligible) == INDEX[expected]


def test_random_space_wraps_from_6_6_to_1_1():
    g = _game()
    ctx = Ctx(g, "revs")
    g.script_dice([6, 6])
    assert priorities.random_space(ctx, [INDEX[RANDOM_SPACES[0][0]]]) == INDEX[RANDOM_SPACES[0][0]]


def test_every_land_space_is_on_the_random_spaces_map():
    from coin_env.games.gandhi.static import LAND, SPACE_NAMES
    on_map = {n for region in RANDOM_SPACES for n in region}
    assert {SPACE_NAMES[sp] for sp in LAND} == on_map
    assert all(len(region) == 6 for region in RANDOM_SPACES) and len(RANDOM_SPACES) == 6


def test_railways_come_last_and_highest_econ_first():
    from coin_env.games.gandhi.static import RAILWAYS
    g = _game()
    ECON = g.data.econ
    ctx = Ctx(g, "congress")
    rails = sorted(RAILWAYS, key=lambda r: -int(ECON[r]))
    assert priorities.break_tie(ctx, [rails[0], INDEX["Mysore"]]) == INDEX["Mysore"]     # 8.1.3 Railways last
    top = [r for r in RAILWAYS if ECON[r] == ECON[rails[0]]]
    lower = [r for r in RAILWAYS if ECON[r] < ECON[rails[0]]]
    pick = priorities.break_tie(ctx, top + lower[:2])
    assert pick in top


# --- 8.5 Adversary Priorities ------------------------------------------------------------------------------------
def _adv(g, faction, sp, pieces):
    ctx = Ctx(g, faction)
    return ctx.adversary(INDEX[sp], [ctx.piece(p) for p in pieces])


def test_adversary_priorities_gandhi_then_player_faction_then_activist():
    # 8.5 example: Raj and ML non-players, Revs a player; Punjab holds Gandhi, a Congress Activist, a Guerrilla
    # and an ML Activist: Gandhi first, then the Guerrilla (player faction), then the ML Activist.
    g = _game(non_players=("raj", "ml"), spaces={"Punjab": {"protest": 1, "pieces": {
        "Gandhi": 1, "Congress Activist": 1, "Active Guerrilla": 1, "ML Activist": 1, "Sepoy": 8}}})
    from coin_env.games.gandhi.data.pieces import ACTIVE_GUERRILLA
    assert _adv(g, "raj", "Punjab", [CONGRESS_ACTIVIST, GANDHI, ML_ACTIVIST, ACTIVE_GUERRILLA]) - 0 == Ctx(g, "raj").piece(GANDHI)
    assert _adv(g, "raj", "Punjab", [ML_ACTIVIST, ACTIVE_GUERRILLA]) == Ctx(g, "raj").piece(ACTIVE_GUERRILLA)


def test_adversary_markers_unrest_before_muslim_state_and_never_own():
    from coin_env.games.gandhi.actions import MARKER
    g = _game(non_players=("raj", "ml", "revs"))
    ctx = Ctx(g, "raj")
    assert ctx.adversary(INDEX["Punjab"], [MARKER["Muslim State"], MARKER["Unrest"]]) == MARKER["Unrest"]
    # NP Revs never remove Unrest by choice; NP ML never a Muslim State or Protest marker.
    assert Ctx(g, "revs").adversary(INDEX["Punjab"], [MARKER["Unrest"], MARKER["Protest"]]) == MARKER["Protest"]
    assert Ctx(g, "ml").adversary(INDEX["Punjab"], [MARKER["Muslim State"], MARKER["Protest"], MARKER["Unrest"]]) \
        == MARKER["Unrest"]


# --- 8.1 non-player exceptions in the engine ---------------------------------------------------------------------
def test_np_raj_and_revs_pass_without_resources_np_nv_pass_moves_own_activist():
    g = _game(non_players=ALL, deck_cards=(6, 44, 45, 73), resources={"raj": 5, "revs": 5},
              boxes={"Out of Play": {"Congress Activist": 2, "ML Activist": 2}})
    s = g.state
    oop_c, av_c = int(s.pieces[OUT_OF_PLAY, CONGRESS_ACTIVIST]), int(s.pieces[AVAILABLE, CONGRESS_ACTIVIST])
    first = g.current_player()
    while g.current_player() is not None and len(s.sop["offered"]) < 4 and s.current == 6:
        g.apply(coin_env.games.gandhi.bots.arjuna.PASS)
    assert s.resources == {"raj": 5, "revs": 5}
    assert int(s.pieces[OUT_OF_PLAY, CONGRESS_ACTIVIST]) == oop_c - 1
    assert int(s.pieces[AVAILABLE, CONGRESS_ACTIVIST]) == av_c + 1
    assert first is not None


def test_np_raj_deploy_takes_no_cubes_from_the_map_and_pays_nothing():
    g = _game(non_players=("raj",), resources={"raj": 0},
              boxes={"Out of Play": {"Troop": 12, "Sepoy": 42}},
              spaces={"Punjab": {"pieces": {"Troop": 3, "Sepoy": 3}}})
    # With nothing Available and no map sourcing (8.1), Deploy has nothing to place anywhere.
    act = g.activities["raj"][g.op_action("deploy")]
    assert not act.available(g)
    g2 = _game(non_players=("raj",), resources={"raj": 0}, spaces={"Delhi": {"pieces": {"Troop": 1}}})
    assert g2.activities["raj"][g2.op_action("assault")] is not None
    assert g2.activities["raj"][g2.op_action("deploy")].available(g2)      # 0 Resources: still free for NP Raj


# --- the bot as an opponent ------------------------------------------------------------------------------------------
def test_env_opponent_arjuna_makes_the_seat_a_non_player():
    env = coin_env.env("gandhi", seed=1, opponents={"raj": "arjuna", "revs": "arjuna"})
    assert env.game.options["non_players"] == ["raj", "revs"]
    assert env.possible_agents == ["congress", "ml"]
    gym = coin_env.gym_env("gandhi", seat="ml", opponents="arjuna", seed=2)
    assert gym.game.options["non_players"] == ["raj", "congress", "revs"]


def test_bot_refuses_a_seat_that_is_not_a_non_player():
    g = coin_env.make_game("gandhi", seed=0)
    with pytest.raises(Exception, match="not a non-player"):
        ArjunaBot()(g, g.current_player(), None)


def _play(g, bot, limit=4000):
    trail = []
    for _ in range(limit):
        if g.is_over():
            break
        a = bot(g, g.current_player(), None)
        trail.append(a)
        g.apply(a)
    return trail


def test_bot_games_replay_exactly_and_survive_a_save_mid_turn():
    opts = {"non_players": ALL}
    a = coin_env.make_game("gandhi", seed=11, options=opts)
    b = coin_env.make_game("gandhi", seed=11, options=opts)
    bot = ArjunaBot()
    assert _play(a, bot, 600) == _play(b, bot, 600)
    # Save in the middle of a bot's turn (a plan in memory), reload, and continue identically.
    c = coin_env.make_game("gandhi", seed=11, options=opts)
    _play(c, bot, 601)
    saved = coin_env.load_game(c.to_json())
    assert _play(saved, bot, 300) == _play(c, bot, 300)


# --- owner data packs replace the printed Arjuna content ------------------------------------------------------------
def test_data_pack_replaces_a_column_and_the_random_map_of_the_game_made_with_it():
    from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA, common
    default_rows = BUILTIN_ARJUNA["raj"].columns["Shift to Support"].rows
    default_map = common.BUILTIN_RANDOM_SPACES
    flipped = [list(r) for r in reversed(default_map)]
    pack = {"arjuna": {"columns": {"raj": {"Shift to Support": ["1-Pop"]}}, "random_spaces": flipped}}
    g = _game(pack=pack)
    arjuna = g.data.arjuna
    assert arjuna.factions["raj"].columns["Shift to Support"].rows == ("1-Pop",)
    assert list(arjuna.factions["raj"].columns)[2] == "Shift to Support"          # table order kept
    assert arjuna.random_spaces == tuple(tuple(r) for r in flipped)
    ctx = Ctx(g, "raj")
    assert ctx.select("Shift to Support", [INDEX["Bihar"], INDEX["Orissa"]]) == INDEX["Orissa"]
    g.script_dice([1, 1])
    assert priorities.random_space(ctx, [INDEX[flipped[0][0]], INDEX["Delhi"]]) == INDEX[flipped[0][0]]
    # A game made without the pack (after it) reads the built-in content; so does the built-in table.
    b = _game()
    assert b.data.arjuna.factions["raj"].columns["Shift to Support"].rows == default_rows
    assert b.data.arjuna.random_spaces == default_map
    ctx = Ctx(b, "raj")
    assert ctx.select("Shift to Support", [INDEX["Bihar"], INDEX["Orissa"]]) == INDEX["Bihar"]
    b.script_dice([1, 1])
    assert priorities.random_space(ctx, [INDEX[flipped[0][0]], INDEX[default_map[0][0]]]) == INDEX[default_map[0][0]]
    assert BUILTIN_ARJUNA["raj"].columns["Shift to Support"].rows == default_rows
    # The game's content is read-only.
    with pytest.raises(TypeError):
        arjuna.factions["raj"].columns["Shift to Support"] = None
    with pytest.raises(AttributeError):
        arjuna.adversary = ()


def test_data_pack_with_bad_arjuna_content_is_refused_naming_the_key():
    before = datapack.default().arjuna.factions["raj"].columns["Place Cubes"].rows
    with pytest.raises(datapack.DataPackError) as exc:
        _game(pack={"arjuna": {"columns": {"raj": {"Place Cubes": ["no such row"]}},
                               "random_spaces": [["Nowhere"] * 6] * 6, "colour": 1}})
    text = str(exc.value)
    assert "arjuna.columns.raj.'Place Cubes'" in text and "Nowhere" in text and "arjuna.colour" in text
    assert datapack.default().arjuna.factions["raj"].columns["Place Cubes"].rows == before
    assert _game().data.arjuna.factions["raj"].columns["Place Cubes"].rows == before


def test_data_pack_arjuna_faces_replace_a_card_face_of_that_game_only(tmp_path):
    from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA
    import dataclasses
    (tmp_path / "faces.py").write_text(
        "import dataclasses\n"
        "from coin_env.games.gandhi.data.arjuna import BUILTIN_ARJUNA\n"
        "FACES = [dataclasses.replace(BUILTIN_ARJUNA['raj'].faces['A'], source='my printed copy')]\n")
    (tmp_path / "pack.toml").write_text('[arjuna]\nfaces = ["faces.py"]\n')
    g = _game(pack=str(tmp_path / "pack.toml"))
    assert g.data.arjuna.face("A").source == "my printed copy"
    assert str(tmp_path / "faces.py") in g.data.content["pack"]["files"]       # the face file is hashed too
    assert _game().data.arjuna.face("A").source == BUILTIN_ARJUNA["raj"].faces["A"].source != "my printed copy"
    assert dataclasses.replace(g.data.arjuna.face("A"), source="x").letter == "A"


@pytest.mark.parametrize("scenario,seed", [("short", 3), ("main", 4)])
def test_all_bot_games_end_with_a_winner_and_every_prompt_answered_by_section_8(scenario, seed):
    bot = ArjunaBot()
    g = coin_env.make_game("gandhi", scenario=scenario, seed=seed, options={"non_players": ALL}, debug=True)
    _play(g, bot, 30000)
    assert g.is_over() and g.winner() in ALL
    assert not bot.fallbacks, f"prompts without a section-8 handler: {dict(bot.fallbacks)}"


def test_bot_fuzz_slice_mixes_bots_and_random_players(tmp_path):
    from agents.cli.fuzz import fuzz
    result = fuzz("gandhi", 4000, seed=100, out_dir=str(tmp_path), scenarios=("short", "main"),
                  bot="arjuna")
    assert result["failures"] == 0, result["replays"]


# --- 8.8 NP Events: the rulebook's examples #40 and #41 ----------------------------------------------------------------
def test_np_raj_on_card_6_removes_an_adversary_faction_never_its_cubes():
    # 8.8.4 example: NP Raj on #6 (Critical for it here) picks a Protest space and an adversary faction.
    spaces = {"Bihar": {"protest": 1, "pieces": {"Congress Activist": 2, "Sepoy": 3}}}
    pack = _pack(orders={6: ALL}, critical={6: ["raj"]})
    g = _game(pack=pack, deck_cards=(6, 44, 45, 73), spaces=spaces)
    bot = ArjunaBot()
    g.apply(bot(g, "raj"))
    assert g.state.turn["kind"] == "event"
    while g.state.turn is not None and g.current_player() == "raj":
        g.apply(bot(g, "raj"))
    bihar = INDEX["Bihar"]
    assert int(g.state.pieces[bihar, SEPOY]) == 3                      # cubes untouched
    assert int(g.state.pieces[bihar, CONGRESS_ACTIVIST]) == 0          # Congress's pieces to Jail
    assert not bot.fallbacks


def test_np_congress_pakistan_declaration_effective_only_with_a_base_in_a_muslim_space():
    # 8.8.4 example: unshaded #45 is effective for NP Congress only if it can remove a Base.
    from coin_env.games.gandhi.bots import events as np_events
    pack = {"cards": {"45": {"order": ["congress", "raj", "ml", "revs"], "halo": ["congress"]}}}
    pack = pack
    g = _game(pack=pack, non_players=("congress",), deck_cards=(45, 44, 6, 73))
    assert np_events.np_side(g, "congress", 45) == "unshaded"
    assert not np_events.np_effective(Ctx(g, "congress"), 45)
    g = _game(pack=pack, non_players=("congress",), deck_cards=(45, 44, 6, 73),
              spaces={"Sind": {"pieces": {"ML Base": 1}}})
    assert np_events.np_effective(Ctx(g, "congress"), 45)


def test_np_raj_on_card_44_uses_the_leftmost_effective_column():
    # 8.8.5 example: #44 unshaded both shifts toward Support and removes Guerrillas -> Shift to Support
    # (left of Remove or Replace) selects the spaces for both.
    from coin_env.games.gandhi.bots.events import event_column
    data = datapack.default()
    assert event_column(data, "raj", 44, "unshaded") == "Shift to Support"
    assert event_column(data, "congress", 45, "unshaded") == "Remove or Replace"
