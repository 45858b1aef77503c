"""A Distant Plain set-up (2.1): scenarios, deck preparation, options, Open Deployment, positions,
owner data packs."""

import pytest

import coin_env
from coin_env.games.a_distant_plain import board, datapack, static
from coin_env.games.a_distant_plain.data import cards as carddata
from coin_env.games.a_distant_plain.data.scenarios import SCENARIOS
from coin_env.games.a_distant_plain.setup import to_position

GAME = "a_distant_plain"
I = static.INDEX


@pytest.mark.parametrize("scenario,printed", [
    ("short", {"coalition": 10, "government": 21, "taliban": 9, "warlords": 13}),     # T21
    ("main", {"coalition": 17, "government": 17, "taliban": 8, "warlords": 9}),       # T22
    ("extended", {"coalition": 20, "government": 13, "taliban": 4, "warlords": 16}),  # T23
])
def test_T21_T23_scenario_victory_markers_match_the_printed_ones(scenario, printed):
    """Scenario pages: each set-up's victory markers (1.9) as printed."""
    g = coin_env.make_game(GAME, scenario=scenario, seed=3, debug=True)
    assert g.victory_totals() == printed == SCENARIOS[scenario]["victory_markers"]


def test_short_scenario_tracks_and_pieces():
    g = coin_env.make_game(GAME, scenario="short", seed=0)
    s = g.state
    assert (s.aid, s.patronage) == (24, 5)
    assert s.resources == {"government": 30, "warlords": 20, "taliban": 15}
    assert board.ISLAMABAD_BOXES[s.islamabad] == "Backing" and not s.islamabad_hard
    assert all(s.eligible.values())
    # Available forces derived in digest 4.3.
    av = s.pieces[static.AVAILABLE]
    assert (av[0], av[1], av[2], av[3], av[4], av[5], av[7], av[8], av[10]) == (6, 0, 12, 12, 1, 11, 3, 10, 7)
    assert s.returnees_unused == 2 and s.support[static.KABUL] == 1
    assert board.pop(s, I["Kabul"]) == 4 and board.pop(s, I["Baghlan"]) == 3


def test_T49_short_deck_four_piles_of_twelve_events_and_one_propaganda():
    """Deck Preparation: Short removes 24 Events and 2 Propaganda cards; 4 piles of 12 + 1 Propaganda."""
    g = coin_env.make_game(GAME, scenario="short", seed=7)
    s = g.state
    deck = [s.current, s.upcoming] + s.deck
    assert len(deck) == 52
    for i in range(4):
        pile = deck[13 * i:13 * (i + 1)]
        assert sum(carddata.is_propaganda(c) for c in pile) == 1
    assert sum(1 for c in s.set_aside if c <= 72) == 24 and sum(1 for c in s.set_aside if c > 72) == 2
    assert sorted(deck + s.set_aside) == list(range(1, 79))


@pytest.mark.parametrize("scenario,events,piles", [("main", 60, 5), ("extended", 72, 6)])
def test_main_and_extended_decks(scenario, events, piles):
    g = coin_env.make_game(GAME, scenario=scenario, seed=2)
    s = g.state
    deck = [s.current, s.upcoming] + s.deck
    assert sum(1 for c in deck if c <= 72) == events
    assert sum(1 for c in deck if c > 72) == piles == s.propaganda_in_deck


def test_removed_capabilities_go_into_effect_coalition_unshaded_taliban_shaded():
    """Deck Preparation: Capabilities among the removed cards are in effect; No Capabilities option."""
    for seed in range(40):
        g = coin_env.make_game(GAME, scenario="short", seed=seed)
        removed_caps = sorted(c for c in g.state.set_aside if c in carddata.CAPABILITIES)
        if removed_caps:
            break
    caps = {(e["card"], e["side"]) for e in g.state.lasting if e["name"] == "capability"}
    assert caps == {(c, "unshaded" if c in carddata.COALITION_CAPABILITIES else "shaded") for c in removed_caps}
    g2 = coin_env.make_game(GAME, scenario="short", seed=seed, options={"no_capabilities": True})
    assert not g2.state.lasting and g2.state.set_aside == g.state.set_aside


def test_same_seed_same_setup_different_seed_different_deck():
    a = coin_env.make_game(GAME, seed=11).to_json()
    b = coin_env.make_game(GAME, seed=11).to_json()
    c = coin_env.make_game(GAME, seed=12).to_json()
    assert a == b and a != c


@pytest.mark.parametrize("options,needle", [
    ({"sudden_propaganda": "yes"}, "sudden_propaganda"),
    ({"colour": 1}, "colour"),
    ({"non_players": ["nato"]}, "non_players"),
    ({"players": [["coalition"], ["coalition"]]}, "twice"),
    ({"tie_break": "7.2"}, "tie_break"),
])
def test_bad_options_are_refused_naming_the_key(options, needle):
    with pytest.raises(ValueError, match=needle):
        coin_env.make_game(GAME, options=options)


def test_unknown_scenario_is_refused():
    with pytest.raises(ValueError, match="scenario"):
        coin_env.make_game(GAME, scenario="2001")


def test_position_round_trip():
    g = coin_env.make_game(GAME, scenario="main", seed=4)
    pos = g.to_position()
    pos["decision_pending"] = None
    g2 = coin_env.make_game(GAME, position=pos, seed=4)
    p2 = to_position(g2)
    for key in ("spaces", "boxes", "resources", "aid", "patronage", "islamabad", "victory_totals", "eligible"):
        assert p2[key] == pos[key], key


@pytest.mark.parametrize("position,needle", [
    ({"spaces": {"Atlantis": {}}}, "Atlantis"),
    ({"spaces": {"Kabul": {"pieces": {"Tank": 1}}}}, "Tank"),
    ({"spaces": {"Kabul": {"pieces": {"Police": -1}}}}, "Police"),
    ({"spaces": {"Farah": {"support": "Support"}}}, "1.6.2"),
    ({"spaces": {"LoC Kabul-Aibak": {"terror": 1}}}, "Terror"),
    ({"spaces": {"Kabul": {"sabotage": 1}}}, "Sabotage"),
    ({"spaces": {"Waziristan": {"returnees": 1}}}, "4.3.1"),
    ({"resources": {"government": 99}}, "resources.government"),
    ({"resources": {"coalition": 5}}, "coalition"),
    ({"islamabad": "Friendship"}, "islamabad"),
    ({"spaces": {"Kabul": {"pieces": {"Police": 31}}}}, "Police"),
    ({"deck": [1, 2, 3]}, "Propaganda"),
    ({"capabilities": [{"card": 4, "side": "shaded"}]}, "Capability"),
    ({"weather": "sandstorm"}, "weather"),
])
def test_bad_positions_are_refused_naming_the_problem(position, needle):
    with pytest.raises(ValueError, match=needle):
        coin_env.make_game(GAME, position=position)


def test_open_deployment_player_factions_place_their_own_forces():
    """Open Deployment: Non-player forces as in the standard set-up; players place theirs, Warlords
    first, fixed placements (Kabul, Pakistan Bases) automatic, one decision per other piece."""
    g = coin_env.make_game(GAME, scenario="extended", seed=1, debug=True,
                           options={"open_deployment": True, "non_players": ["government", "taliban", "coalition"]})
    s = g.state
    assert g.current_player() == "warlords" and "Open Deployment" in g.prompt()
    assert board.pieces_of(s, I["Helmand"], "warlords") == 0          # standard Warlords removed
    assert board.pieces_of(s, I["Waziristan"], "taliban") == 3       # non-players keep theirs
    legal = coin_env.labels(g)
    assert "select Waziristan" not in legal and "select Kabul" in legal
    for _ in range(4):
        coin_env.play(g, "select Herat")
    assert board.bases(s, I["Herat"], "warlords") == 2 and board.guerrillas(s, I["Herat"], "warlords") == 2
    assert "Open Deployment" not in g.prompt()


def test_open_deployment_taliban_bases_in_pakistan_are_automatic():
    g = coin_env.make_game(GAME, scenario="short", seed=1, options={"open_deployment": True,
                                                                     "non_players": ["coalition", "government", "warlords"]})
    s = g.state
    for name in ("Balochistan", "Waziristan", "Northwest Frontier"):
        assert board.bases(s, I[name], "taliban") == 1 and board.guerrillas(s, I[name], "taliban") == 0
    assert g.current_player() == "taliban"
    assert "select Herat" not in coin_env.labels(g)         # not Pashtun


def test_data_pack_replaces_terrain_and_refuses_bad_maps():
    """Owner data pack: Mountain/Plains and a card's faction order replaced in the data it builds (the
    built-in data unchanged); a map breaking the printed totals is refused with every problem named."""
    builtin = datapack.default()
    data = datapack.load({"spaces": {"Bamian": {"terrain": "Plains"}}, "cards": {"5": {"order": [
        "Taliban", "Coalition", "Warlords", "Government"]}}})
    assert not data.is_mountain[I["Bamian"]] and not data.mountain_list[I["Bamian"]]
    assert data.cards.faction_order(5) == ("taliban", "coalition", "warlords", "government")
    assert builtin.is_mountain[I["Bamian"]]
    assert builtin.cards.faction_order(5) != data.cards.faction_order(5)
    with pytest.raises(datapack.DataPackError) as err:
        datapack.load({"spaces": {"Bamian": {"population": 2}, "LoC Kabul-Aibak": {"pashtun": True},
                                  "Herat": {"adjacent": ["Farah"]}}})
    text = str(err.value)
    assert "Afghan Population totals 26" in text and "never Pashtun" in text and "symmetric" in text
    assert builtin.printed_pop[I["Bamian"]] == 1 and datapack.default() is builtin


def test_data_pack_victory_markers_are_checked_with_the_candidate_map():
    """2.1: a Pop change keeping the totals but moving a scenario's victory markers is refused; the
    check runs on a candidate data object, so the built-in data (and any game) is untouched."""
    builtin = datapack.default()
    before = board.victory_totals(coin_env.make_game(GAME, scenario="short").state)
    # Kandahar (Pop 2) and Bamian (Pop 1) swap Population: Afghan total still 25.
    with pytest.raises(datapack.DataPackError, match="victory markers would be"):
        datapack.load({"spaces": {"Kandahar": {"population": 1}, "Bamian": {"population": 2}}})
    assert board.victory_totals(coin_env.make_game(GAME, scenario="short").state) == before
    assert builtin.pop_list[I["Kandahar"]] == 2 and builtin.pop_list[I["Bamian"]] == 1


def test_data_pack_option_applies_when_the_game_is_made():
    g = coin_env.make_game(GAME, options={"data_pack": {"spaces": {"Herat": {"terrain": "Mountain"}}}})
    assert g.data.is_mountain[I["Herat"]] and g.data.name is not None
    assert g.options["data_pack"] == {"spaces": {"Herat": {"terrain": "Mountain"}}}     # the save carries it
    plain = coin_env.make_game(GAME)
    assert not plain.data.is_mountain[I["Herat"]] and plain.data is datapack.default()
    assert g.data.is_mountain[I["Herat"]]
