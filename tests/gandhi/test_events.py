"""Gandhi Events (5.0): the Event option in the sequence of play, one test per implemented card
side (from the rulebook examples that quote them), the 5.1.x guidelines, data-only cards, and
"is this Event effective?" (8.8.3)."""

from __future__ import annotations

import pytest

import coin_env
from coin_env import labels, play
from coin_env.coin.events import is_effective
from coin_env.games.gandhi import datapack
from coin_env.games.gandhi.data.pieces import (ACTIVE_GUERRILLA, CONGRESS_ACTIVIST, GANDHI, GUERRILLA, ML_BASE, REV_BASE,
                                               SEPOY, TROOP)
from coin_env.games.gandhi.static import AVAILABLE, INDEX, JAIL

cards = datapack.default().cards      # the built-in card facts: what a game made without a data pack plays with

ALL = {"raj": True, "congress": True, "ml": True, "revs": True}


def game_on(card, spaces=None, eligible=None, **pos):
    """A game whose Current card is ``card``; the Upcoming card is a data-only Event card (#1, or the
    next data-only card when ``card`` is #1: a deck holds each card once)."""
    upcoming = next(c for c in range(1, 40) if c != card and not cards.record(c).implemented_sides())
    deck = [card, upcoming] + [c for c in range(2, 40) if c not in (card, upcoming)] + [73]
    pos = dict(pos)
    pos.setdefault("resources", {"raj": 20, "revs": 10})
    pos.setdefault("restraint", 3)
    pos.setdefault("unity", 3)
    return coin_env.make_game("gandhi", position=dict(deck=deck, spaces=spaces or {},
                                                      eligible=eligible or dict(ALL), **pos), debug=True)


def only(faction):
    return {f: f == faction for f in ALL}


def n(g, space, piece):
    return int(g.state.pieces[INDEX[space], piece])


# --- the Event option (2.3.4, 5.2) ----------------------------------------------------------------------
def test_data_only_cards_offer_no_event():
    g = game_on(1)
    assert not cards.record(1).implemented_sides()
    assert "event (unshaded)" not in labels(g) and "event (shaded)" not in labels(g)


def test_implemented_side_is_offered_to_the_first_eligible_and_the_other_side_is_not():
    g = game_on(6)
    assert "event (unshaded)" in labels(g)
    assert "event (shaded)" not in labels(g)          # #6 shaded text is not known


def test_second_eligible_may_take_the_event_only_after_an_operation_with_special_activity():
    order = cards.faction_order(45)
    first, second = order[0], order[1]
    assert (first, second) == ("revs", "congress")
    # 1st Eligible did an Operation only: the 2nd may only take a Limited Operation.
    g = game_on(45, spaces={"Bihar": {"pieces": {"Guerrilla": 2}}})
    play(g, "operation only", "Rally", "select Bihar")
    while g.current_player() == first:
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    assert g.current_player() == second
    assert "event (unshaded)" not in labels(g)
    # 1st Eligible did Op + SA: the 2nd may take the Event.
    g = game_on(45, spaces={"Bihar": {"pieces": {"Guerrilla": 2}}, "United Provinces": {"pieces": {"Guerrilla": 1}}})
    play(g, "operation with special activity", "Rally", "select Bihar")
    while g.current_player() == first and "Aid" not in labels(g):
        play(g, labels(g)[0] if "done" not in labels(g) else "done")
    play(g, "Aid", "select United Provinces", "done")
    while g.current_player() == first:
        play(g, "done" if "done" in labels(g) else labels(g)[0])
    assert g.current_player() == second
    assert "event (unshaded)" in labels(g)


def test_executing_an_event_makes_the_faction_ineligible_and_the_next_may_operate():
    g = game_on(45)
    first, second = cards.faction_order(45)[:2]
    play(g, "event (unshaded)", "done")               # select no Muslim space: nothing happens
    assert g.current_player() == second
    assert {"operation only", "operation with special activity"} <= set(labels(g))
    play(g, "pass")
    while g.state.current == 45:
        play(g, "pass")
    assert g.state.eligible[first] is False


def test_event_survives_a_save_mid_execution():
    g = game_on(45, spaces={"Sind": {"pieces": {"ML Base": 1}}})
    play(g, "event (unshaded)", "select Sind")
    g2 = coin_env.load_game(g.to_json(), debug=True)
    play(g2, "select Punjab", "select Sind", "ML Base")
    assert n(g2, "Sind", ML_BASE) == 0 and g2.state.unrest[INDEX["Punjab"]] == 1


# --- #6 Chauri Chaura Massacre, unshaded (8.8.4 example) --------------------------------------------------------
def test_card6_unshaded_arrests_gandhi_and_activists_without_raj_arrest_effects():
    """8.8.4: in one Protest space all pieces of one faction go: Gandhi and Activists to Jail.
    5.1.4 (digest 12.6 #31): an Event arrest of Gandhi brings no Restraint shift and no Protests."""
    g = game_on(6, eligible=only("raj"), spaces={
        "Bihar": {"protest": 1, "pieces": {"Gandhi": 1, "Congress Activist": 3, "Troop": 1, "Guerrilla": 1}},
        "Punjab": {"pieces": {"Congress Activist": 1}}})
    play(g, "event (unshaded)", "select Bihar", "Congress")
    s = g.state
    assert n(g, "Bihar", GANDHI) == 0 and n(g, "Bihar", CONGRESS_ACTIVIST) == 0
    assert s.pieces[JAIL, GANDHI] == 1 and s.pieces[JAIL, CONGRESS_ACTIVIST] == 3
    assert n(g, "Bihar", TROOP) == 1 and n(g, "Bihar", GUERRILLA) == 1 and n(g, "Punjab", CONGRESS_ACTIVIST) == 1
    assert s.restraint == 3                                  # no Restraint shift
    assert "Gandhi was arrested" not in g.prompt()           # no Protest placement for Congress
    assert s.current != 6 or g.current_player() != "congress"


def test_card6_unshaded_removes_cubes_guerrillas_and_bases_to_available():
    g = game_on(6, eligible=only("congress"), spaces={
        "Punjab": {"protest": 1, "pieces": {"Guerrilla": 2, "Active Guerrilla": 1, "Rev Base": 1, "Troop": 2,
                                              "Sepoy": 1}}})
    play(g, "event (unshaded)", "select Punjab")
    assert set(labels(g)) == {"British Raj", "Revolutionaries"}          # the factions with pieces there
    play(g, "Revolutionaries")
    s = g.state
    assert n(g, "Punjab", GUERRILLA) + n(g, "Punjab", ACTIVE_GUERRILLA) + n(g, "Punjab", REV_BASE) == 0
    assert s.pieces[AVAILABLE, GUERRILLA] == 16 and s.pieces[AVAILABLE, REV_BASE] == 5
    g = game_on(6, eligible=only("congress"), spaces={"Punjab": {"protest": 1, "pieces": {"Troop": 2, "Sepoy": 1}}})
    play(g, "event (unshaded)", "select Punjab")            # one faction there: no faction question
    assert n(g, "Punjab", TROOP) + n(g, "Punjab", SEPOY) == 0
    assert g.state.pieces[AVAILABLE, TROOP] == 15


def test_card6_unshaded_only_protest_spaces_with_pieces_and_one_must_be_chosen():
    g = game_on(6, eligible=only("raj"), spaces={
        "Bihar": {"protest": 1, "pieces": {"Congress Activist": 1}},
        "Sind": {"pieces": {"ML Activist": 2}},
        "Punjab": {"protest": 1}})
    play(g, "event (unshaded)")
    assert labels(g) == ["select Bihar"]                     # 5.1.2: mandatory where possible
    g = game_on(6, eligible=only("raj"), spaces={"Sind": {"pieces": {"ML Activist": 2}}})
    play(g, "event (unshaded)")                               # nothing can be done: the Event ends
    assert g.current_player() != "raj" or g.state.current != 6


# --- #44 unshaded (8.8.5 example) ---------------------------------------------------------------------------
def test_card44_unshaded_removes_two_guerrillas_from_two_spaces_and_shifts_both_toward_support():
    g = game_on(44, eligible=only("raj"), spaces={
        "Bihar": {"support": "Passive Opposition", "pieces": {"Guerrilla": 2}},
        "Punjab": {"support": "Neutral", "pieces": {"Active Guerrilla": 1, "Guerrilla": 1}},
        "Sind": {"pieces": {"Guerrilla": 1}}})
    play(g, "event (unshaded)", "select Bihar", "Guerrilla", "done", "select Punjab", "Active Guerrilla")
    s = g.state
    assert n(g, "Bihar", GUERRILLA) == 1 and n(g, "Punjab", ACTIVE_GUERRILLA) == 0 and n(g, "Punjab", GUERRILLA) == 1
    assert s.support[INDEX["Bihar"]] == 0 and s.support[INDEX["Punjab"]] == 1
    assert s.support[INDEX["Sind"]] == 0 and n(g, "Sind", GUERRILLA) == 1
    assert s.pieces[AVAILABLE, GUERRILLA] == 16 - 5 + 2


def test_card44_unshaded_two_guerrillas_in_one_space_shift_only_that_space():
    g = game_on(44, eligible=only("raj"), spaces={
        "Bihar": {"support": "Neutral", "pieces": {"Guerrilla": 3}},
        "Punjab": {"support": "Neutral", "pieces": {"Guerrilla": 1}}})
    play(g, "event (unshaded)", "select Bihar", "Guerrilla", "Guerrilla")
    s = g.state
    assert n(g, "Bihar", GUERRILLA) == 1 and s.support[INDEX["Bihar"]] == 1
    assert s.support[INDEX["Punjab"]] == 0 and n(g, "Punjab", GUERRILLA) == 1
    assert s.turn is None or s.turn["faction"] != "raj"       # the Event is over


# --- Pakistan Declaration Published in London (#45, also cited as #16), unshaded ---------------------------------
def test_pakistan_declaration_unshaded_adds_unrest_to_two_muslim_spaces_then_removes_one_base():
    """8.4.1 / 8.8.4: Unrest in up to 2 Muslim spaces, then 1 Base from among them."""
    assert cards.title(45) == "Pakistan Declaration Published in London"
    assert "16" in cards.record(45).unshaded.provenance
    g = game_on(45, eligible=only("congress"), spaces={
        "Sind": {"pieces": {"ML Base": 1}}, "Punjab": {"pieces": {"ML Base": 1, "Rev Base": 1}},
        "Bihar": {"pieces": {"ML Base": 1}}})
    play(g, "event (unshaded)")
    assert "select Bihar" not in labels(g)                  # only Muslim spaces (8.4.1)
    play(g, "select Sind", "select Punjab")
    assert set(labels(g)) == {"select Sind", "select Punjab"}   # the Base removal is mandatory
    play(g, "select Punjab")
    assert set(labels(g)) == {"ML Base", "Rev Base"}
    play(g, "Rev Base")
    s = g.state
    assert s.unrest[INDEX["Sind"]] == 1 and s.unrest[INDEX["Punjab"]] == 1
    assert n(g, "Punjab", REV_BASE) == 0 and n(g, "Punjab", ML_BASE) == 1 and n(g, "Sind", ML_BASE) == 1


def test_pakistan_declaration_unrest_is_placed_even_without_bases_and_not_beyond_twelve_markers():
    g = game_on(45, eligible=only("raj"), spaces={"Karachi": {}})
    play(g, "event (unshaded)", "select Karachi", "done")
    assert g.state.unrest[INDEX["Karachi"]] == 1
    full = {name: {"unrest": 1} for name in ["Delhi", "Bombay", "Madras", "Bihar", "Orissa", "Mysore", "Gujarat",
                                               "Hyderabad", "Rajputana", "Assam", "Sind", "United Provinces"]}
    g = game_on(45, eligible=only("raj"), spaces=full)
    play(g, "event (unshaded)", "select Punjab", "done")
    assert g.state.unrest[INDEX["Punjab"]] == 0              # 1.11: all 12 markers already in play


# --- #11: a fragment only --------------------------------------------------------------------------------------
def test_card11_fragment_is_data_only():
    """5.1.4 quotes only part of #11 unshaded (it arrests Gandhi): not implemented as if complete."""
    rec = cards.record(11)
    assert not rec.unshaded.implemented and "fragment" in rec.unshaded.text
    g = game_on(11, spaces={"Bihar": {"pieces": {"Gandhi": 1}}})
    assert "event (unshaded)" not in labels(g)


def test_counts_of_implemented_sides_and_data_only_cards():
    assert cards.counts() == {"unshaded": 3, "shaded": 0, "data_only": 69, "titles": 2}


# --- is this Event effective? (8.8.3) -------------------------------------------------------------------------
def test_is_effective_runs_the_side_on_a_clone():
    g = game_on(6, eligible=only("raj"), spaces={"Sind": {"pieces": {"ML Activist": 2}}, "Punjab": {"protest": 1}})
    before = g.to_json()
    assert not is_effective(g, "raj", 6, "unshaded")          # no Protest space with pieces
    assert not is_effective(g, "raj", 6, "shaded")            # not implemented
    assert g.to_json() == before                               # the game itself is untouched
    g = game_on(6, eligible=only("raj"), spaces={"Punjab": {"protest": 1, "pieces": {"Troop": 1}}})
    assert is_effective(g, "raj", 6, "unshaded")
    assert is_effective(g, "raj", 6, "unshaded", mode="first")


def test_is_effective_searches_every_way_of_executing_unless_told_otherwise():
    g = game_on(44, eligible=only("raj"), spaces={"Bihar": {"support": "Active Support", "pieces": {"Guerrilla": 1}}})
    # The first legal answer at the first prompt is "select Bihar", which removes the Guerrilla.
    assert is_effective(g, "raj", 44, "unshaded", mode="first")
    done_first = lambda game: game.DONE if game.DONE in game.legal_actions() else game.legal_actions()[0]  # noqa: E731
    assert not is_effective(g, "raj", 44, "unshaded", chooser=done_first)
    g = game_on(44, eligible=only("raj"))
    assert not is_effective(g, "raj", 44, "unshaded")         # no Guerrillas anywhere
    g = game_on(45, eligible=only("congress"))
    assert is_effective(g, "congress", 45, "unshaded")        # Unrest can be added


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_events_on_every_known_card_finish(seed):
    """The three implemented sides come up in random play and never dead-end."""
    import random
    rng = random.Random(seed)
    deck = [6, 44, 45] + list(range(1, 30)) + [73]
    deck = list(dict.fromkeys(deck))
    g = coin_env.make_game("gandhi", position={"deck": deck, "spaces": {
        "Punjab": {"protest": 1, "pieces": {"Guerrilla": 2, "ML Base": 1, "Troop": 1}},
        "Sind": {"pieces": {"Rev Base": 1, "Guerrilla": 1}}}, "resources": {"raj": 10, "revs": 5}}, debug=True)
    steps = 0
    while not g.is_over() and steps < 20000:
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
    assert g.is_over()
