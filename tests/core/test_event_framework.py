"""The shared Event framework (coin_env/coin/events.py): effect registry, free Operations and Special
Activities, eligibility changes, lasting effects -- exercised through Gandhi with a test plugin
(no Gandhi card with a known text uses them; A Distant Plain will)."""

from __future__ import annotations

import textwrap

import pytest

import coin_env
from coin_env import labels, play
from coin_env.coin import events
from coin_env.games.gandhi.data.pieces import GUERRILLA
from coin_env.games.gandhi.static import INDEX

PLUGIN = textwrap.dedent('''
    from coin_env.coin.events import add_lasting, event_effect, grant_free_action, set_eligible

    @event_effect("gandhi", 1, "unshaded", text="test: Revolutionaries Rally free; Congress Ineligible; a marker",
                  provenance="test plugin")
    def card1_unshaded(game, faction):
        set_eligible(game, "congress", False)
        add_lasting(game, "test marker", expires="campaign", note="until the next Campaign")
        grant_free_action(game, "revs", [game.op_action("rally")], kind="op")

    @event_effect("gandhi", 1, "shaded", text="test: Revolutionaries Aid free", provenance="test plugin")
    def card1_shaded(game, faction):
        add_lasting(game, "card marker", expires="card")
        grant_free_action(game, "revs", [game.sa_action("aid")], optional=False)

    @event_effect("gandhi", 2, "unshaded", text="test: Raj Deploys free (Limited)", provenance="test plugin")
    def card2_unshaded(game, faction):
        grant_free_action(game, "raj", [game.op_action("deploy")], kind="limited")
''')


@pytest.fixture
def plugin_pack(tmp_path):
    (tmp_path / "test_cards.py").write_text(PLUGIN)
    (tmp_path / "pack.toml").write_text('plugins = ["test_cards.py"]\n')
    return tmp_path / "pack.toml"       # games made with it (options data_pack) play the plugin's effects


def game_on_card1(pack, **pos):
    deck = [1, 2] + list(range(3, 30)) + [73]
    base = {"deck": deck, "resources": {"raj": 20, "revs": 0}, "restraint": 3, "unity": 3,
            "eligible": {"raj": False, "congress": True, "ml": False, "revs": True}}
    base.update(pos)
    return coin_env.make_game("gandhi", position=base, options={"data_pack": str(pack)}, debug=True)


def test_registry_refuses_a_second_effect_for_the_same_side():
    reg = events.EffectRegistry()
    reg.register("x", 3, "unshaded", lambda g, f: None)
    with pytest.raises(ValueError, match="already registered"):
        reg.register("x", 3, "unshaded", lambda g, f: None)
    reg.register("x", 3, "unshaded", lambda g, f: None, replace=True)
    with pytest.raises(ValueError, match="side"):
        reg.register("x", 3, "middle", lambda g, f: None)


def test_free_operation_costs_nothing_and_does_not_change_the_grantees_eligibility(plugin_pack):
    g = game_on_card1(plugin_pack, spaces={"Bihar": {"pieces": {"Guerrilla": 1}}})
    assert g.data.cards.record(1).implemented_sides() == ["unshaded", "shaded"]
    first = g.current_player()
    assert first == "congress"
    assert "operation only" in labels(g)                       # Congress may operate; Revs could not (0 Resources)
    play(g, "event (unshaded)")
    assert g.current_player() == "revs" and "Rally" in labels(g)
    play(g, "Rally", "select Bihar")
    while g.state.turn is not None and g.state.turn.get("free"):
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    s = g.state
    assert s.resources["revs"] == 0                           # no cost (Rally costs 1 per space, 3.4.1)
    assert int(s.pieces[INDEX["Bihar"], GUERRILLA]) > 1
    assert s.sop["acted"] == ["congress"] and s.sop["first_did"] == "event"   # only the executor acted
    assert events.has_lasting(s, "test marker")
    assert events.lasting(s, "test marker")[0]["card"] == 1
    # Finish the card: Revs (2nd Eligible after an Event) pass; Congress made itself Ineligible by
    # executing, the text made it Ineligible too; the free Rally left Revs Eligible.
    while g.state.current == 1:
        play(g, "pass" if "pass" in labels(g) else ("done" if "done" in labels(g) else labels(g)[0]))
    assert s.eligible["congress"] is False and s.eligible["revs"] is True
    assert events.has_lasting(s, "test marker")               # "campaign" effects outlive the card


def test_free_special_activity_and_card_long_lasting_effects(plugin_pack):
    g = game_on_card1(plugin_pack, spaces={"Bihar": {"pieces": {"Active Guerrilla": 2}}})
    play(g, "event (shaded)")
    assert "done" not in labels(g) and labels(g) == ["Aid"]   # not optional: granted and possible
    play(g, "Aid", "select Bihar")
    while g.state.turn is not None and g.state.turn.get("free"):
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    s = g.state
    assert s.resources["revs"] == 0 and int(s.pieces[INDEX["Bihar"], GUERRILLA]) == 2   # flipped, unpaid
    assert events.has_lasting(s, "card marker")
    while g.state.current == 1:
        play(g, "pass" if "pass" in labels(g) else ("done" if "done" in labels(g) else labels(g)[0]))
    assert not events.has_lasting(s, "card marker")           # expired with its card


def test_a_free_action_that_cannot_run_is_skipped(plugin_pack):
    g = game_on_card1(plugin_pack)                                        # no Guerrillas anywhere: Aid impossible
    play(g, "event (shaded)")
    assert g.current_player() == "revs" and labels(g) == ["done"]
    play(g, "done")
    assert g.state.sop["acted"] == ["congress"]


def test_lasting_effects_expire_after_a_campaign_round_and_survive_saves(plugin_pack):
    g = game_on_card1(plugin_pack, deck=[1, 73, 2, 3, 4, 74], spaces={"Bihar": {"pieces": {"Guerrilla": 1}}})
    # Card 73 was revealed as Upcoming: its round runs first, then card 1.
    while g.state.current != 1:
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    play(g, "event (unshaded)")
    g = coin_env.load_game(g.to_json(), debug=True)           # mid free action
    assert events.has_lasting(g.state, "test marker") and g.current_player() == "revs"
    events.expire_lasting(g.state, "campaign")
    assert not events.has_lasting(g.state, "test marker")


def test_free_raj_operation_uses_sepoys_without_paying(plugin_pack):
    from coin_env.games.gandhi.data.pieces import SEPOY
    from coin_env.games.gandhi.rules import raj
    g = coin_env.make_game("gandhi", position={
        "deck": [2, 1] + list(range(3, 30)) + [73], "resources": {"raj": 0, "revs": 0}, "restraint": 3,
        "eligible": {"raj": False, "congress": True, "ml": False, "revs": False}},
        options={"data_pack": str(plugin_pack)}, debug=True)
    play(g, "event (unshaded)", "Deploy")
    assert g.state.turn["free"] and raj.sepoy_cost(g, "deploy") == 0
    play(g, "select Delhi")
    before = int(g.state.pieces[INDEX["Delhi"], SEPOY])
    while g.state.turn is not None and g.state.turn.get("free"):
        legal = labels(g)
        pick = next((x for x in legal if "Sepoy" in x or x == "Raj: use Sepoys (pay)"), None)
        pick = pick or next((x for x in legal if x not in ("done", "0")), None) if "done" not in legal else pick
        play(g, pick or ("done" if "done" in legal else legal[-1]))
    assert int(g.state.pieces[INDEX["Delhi"], SEPOY]) > before
    assert g.state.resources["raj"] == 0                       # Deploy with Sepoys costs Restraint (3.2.1)
    assert g.state.current != 2                                # the card is over (Congress was alone)
    assert g.state.eligible["congress"] is False and g.state.eligible["raj"] is True   # free Op: no effect


def test_is_effective_runs_free_actions_too(plugin_pack):
    g = game_on_card1(plugin_pack, spaces={"Bihar": {"pieces": {"Active Guerrilla": 2}}})
    assert events.is_effective(g, "congress", 1, "shaded")
    assert events.is_effective(g, "congress", 1, "unshaded")  # the Ineligible mark and the marker change the game
