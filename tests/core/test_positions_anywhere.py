"""Issue 17.1: a readable position states what a rulebook example or a researcher sets up -- the card
turn (who passed, who acted, what the 1st Eligible did), a phase of a Campaign / Propaganda round,
Event-forced eligibility, lasting effects, every box and track, a Current card without the whole deck --
and a bad entry is refused naming the key. Round trips at every decision are in
test_position_round_trip.py."""

import random

import pytest

import coin_env
from coin_env import labels, play


def gandhi(**pos):
    pos.setdefault("resources", {"raj": 12, "revs": 5})
    return coin_env.make_game("gandhi", position=pos, debug=True)


def adp(**pos):
    pos.setdefault("resources", {"government": 20, "taliban": 10, "warlords": 10})
    return coin_env.make_game("a_distant_plain", position=pos, debug=True)


# --- the card turn (2.3) -----------------------------------------------------------------------------
def test_2nd_eligible_after_an_operation_with_special_activity_may_do_a_limited_operation_2_3_4():
    """Card 9 (Congress, Muslim League, Raj, Revolutionaries): Congress executed an Operation with a
    Special Activity as 1st Eligible, so the Muslim League, 2nd Eligible, may pass or do a Limited
    Operation (the Event too, were card 9's Event implemented)."""
    g = gandhi(current_card=9, upcoming_card=30, card_turn={"acted": ["congress"], "first_did": "operation with special activity"},
               spaces={"Punjab": {"pieces": {"ML Activist": 2}}})
    assert g.current_player() == "ml"
    assert g.prompt() == "Muslim League as 2nd Eligible on card 9: choose Pass, Event or Operation"
    assert set(labels(g)) == {"pass", "limited operation"}
    play(g, "limited operation")
    assert g.current_player() == "ml"


def test_after_passes_the_next_eligible_in_card_order_is_1st_eligible_2_3_2():
    g = gandhi(current_card=9, upcoming_card=30, card_turn={"passed": ["congress", "ml"]},
               spaces={"Bihar": {"pieces": {"Troop": 2, "Sepoy": 1}}})
    assert g.prompt() == "British Raj as 1st Eligible on card 9: choose Pass, Event or Operation"
    assert "operation only" in labels(g)


def test_the_card_turn_must_follow_the_cards_faction_order_2_3_2():
    with pytest.raises(ValueError, match=r"card_turn skips \['congress'\]"):
        gandhi(current_card=9, upcoming_card=30, card_turn={"acted": ["ml"], "first_did": "event"})
    # ... unless the faction skipped is Ineligible (2.3.1)
    g = gandhi(current_card=9, upcoming_card=30, eligible={"congress": False},
               card_turn={"acted": ["ml"], "first_did": "event"})
    assert g.current_player() == "raj"
    with pytest.raises(ValueError, match="not Eligible"):
        gandhi(current_card=9, upcoming_card=30, eligible={"ml": False},
               card_turn={"acted": ["ml"], "first_did": "event"})
    with pytest.raises(ValueError, match="1st Eligible comes first"):
        gandhi(current_card=9, upcoming_card=30, card_turn={"acted": ["ml", "congress"], "first_did": "event"})


def test_event_forced_eligibility_applies_when_the_card_ends_2_3_6():
    """eligibility_next_card: an Event made the Revolutionaries Ineligible and Congress Eligible for the
    next card, whatever they do on this one."""
    g = gandhi(current_card=9, upcoming_card=30, eligibility_next_card={"revs": False, "congress": True},
               card_turn={"passed": ["congress"]}, spaces={"Punjab": {"pieces": {"ML Activist": 2}}})
    assert g.to_position()["eligibility_next_card"] == {"revs": False, "congress": True}
    play(g, "pass")                   # Muslim League
    play(g, "pass")                   # Raj
    play(g, "pass")                   # Revolutionaries: everybody passed, the card ends
    assert g.state.current == 30
    assert g.to_position()["eligible"] == {"raj": True, "congress": True, "ml": True, "revs": False}


# --- a phase of a periodic round (2.4, 6.0) ------------------------------------------------------------
def test_a_position_starts_a_campaign_round_at_its_support_phase_6_3():
    """Campaign card 73 is Current, the round starts at the Support Phase: the Raj's Imperialism (6.3.1)
    in Bihar (Raj Control with Troops and Sepoys) is the first decision; the Victory and Resources
    Phases are not held."""
    g = gandhi(current_card=73, upcoming_card=30, round_phase="Support Phase",
               spaces={"Bihar": {"pieces": {"Troop": 2, "Sepoy": 1}, "support": "Neutral"}})
    assert g.current_player() == "raj" and g.prompt().startswith("Imperialism")
    assert "select Bihar" in labels(g)
    assert g.state.resources["raj"] == 12                   # no 6.2 earnings: the round began at 6.3
    pos = g.to_position()
    assert pos["in_progress"]["frames"][0]["kind"] == "g_campaign" and "card_turn" not in pos
    assert coin_env.make_game("gandhi", position=pos).prompt() == g.prompt()


def test_a_round_phase_needs_a_campaign_card_and_a_phase_of_the_round():
    with pytest.raises(ValueError, match="round_phase = 'Support Phase' needs a Campaign/Propaganda card"):
        gandhi(current_card=9, upcoming_card=30, round_phase="Support Phase")
    with pytest.raises(ValueError, match="round_phase must be one of"):
        gandhi(current_card=73, upcoming_card=30, round_phase="Tea Phase")
    with pytest.raises(ValueError, match="card_turn is for an Event card"):
        gandhi(current_card=73, upcoming_card=30, card_turn={"passed": ["raj"]})


def test_a_position_starts_a_propaganda_round_at_its_redeploy_phase_6_5():
    """Propaganda card 73 is Current, the round starts at the Redeploy Phase (6.5): Control is frozen as it
    stands (6.5), and the card counts as played (8.5 counts Propaganda cards)."""
    g = adp(current_card=73, upcoming_card=5, deck=[6, 74], round_phase="Redeploy Phase",
            spaces={"Kandahar": {"pieces": {"Coalition Troops": 3}}, "Kabul": {"pieces": {"Government Troops": 2}}})
    pos = g.to_position()
    assert pos["propaganda_played"] == 1
    assert pos["in_progress"]["frozen_control"] is not None
    assert pos["spaces"]["Kandahar"]["control"] == "COIN"
    h = coin_env.make_game("a_distant_plain", position=pos)
    assert h.prompt() == g.prompt() and h.legal_actions() == g.legal_actions()


# --- lasting effects, boxes, tracks and the deck ------------------------------------------------------
def test_lasting_effects_round_trip_and_expire_with_their_card_5_4():
    effect = {"card": 10, "side": "shaded", "name": "momentum", "expires": "card", "note": "a plugin's"}
    g = adp(current_card=1, upcoming_card=5, lasting=[effect])
    assert g.to_position()["lasting"] == [effect]
    for _ in range(4):
        if g.state.current != 1:
            break
        play(g, "pass")
    assert g.state.current == 5 and "lasting" not in g.to_position()


def test_gandhis_protest_boxes_are_stated_box_by_box_1_10():
    g = gandhi(spaces={"Bihar": {"protest": 1}},
               protest_boxes={"Restraint 5": 1, "Restraint 4": 1, "Restraint 3": 0, "Restraint 2": 1, "Restraint 1": 2})
    assert g.to_position()["protest_boxes"]["Restraint 3"] == 0
    with pytest.raises(ValueError, match=r"protest_boxes hold 6 markers and the map 1; the game has 6 \(1.10\)"):
        gandhi(spaces={"Bihar": {"protest": 1}},
               protest_boxes={"Restraint 5": 1, "Restraint 4": 1, "Restraint 3": 1, "Restraint 2": 1, "Restraint 1": 2})
    with pytest.raises(ValueError, match="protest_boxes.Restraint 1"):
        gandhi(protest_boxes={"Restraint 1": 3})
    with pytest.raises(ValueError, match="unknown key 'Restraint 9' in protest_boxes"):
        gandhi(protest_boxes={"Restraint 9": 1})


@pytest.mark.parametrize("game, card", [("gandhi", 44), ("a_distant_plain", 12)])
def test_a_current_card_without_the_whole_deck(game, card):
    """The deck may be left out: a short deck is dealt around the named Current card (never a second copy)."""
    g = coin_env.make_game(game, position={"current_card": card}, seed=3)
    pos = g.to_position()
    assert pos["current_card"] == card and card not in pos["deck"] and pos["upcoming_card"] != card
    g = coin_env.make_game(game, position={"current_card": card, "played": [1, 2]}, seed=3)
    assert 1 not in g.to_position()["deck"] and g.to_position()["played"] == [1, 2]


@pytest.mark.parametrize("game, extra, message", [
    ("gandhi", {"card_turn": {"acted": ["congress"]}}, "card_turn.first_did must be one of"),
    ("gandhi", {"card_turn": {"acted": ["congress"], "first_did": "op_sa"}}, "card_turn.first_did must be one of"),
    ("gandhi", {"card_turn": {"passed": ["raj"], "first_did": "event"}}, "nobody has acted"),
    ("gandhi", {"card_turn": {"passed": ["raj", "raj"]}}, "names a faction twice"),
    ("gandhi", {"card_turn": {"waited": ["raj"]}}, "unknown key 'waited' in card_turn"),
    ("gandhi", {"card_turn": {"passed": ["sikhs"]}}, "card_turn.passed entry must be one of"),
    ("gandhi", {"eligibility_next_card": {"raj": "yes"}}, "eligibility_next_card.raj must be true or false"),
    ("gandhi", {"lasting": [{"name": "momentum"}]}, r"lasting\[0\] must give 'expires'"),
    ("gandhi", {"lasting": [{"name": "m", "expires": "soon"}]}, r"lasting\[0\].expires must be one of"),
    ("gandhi", {"faction_order": ["raj", "congress", "ml", "revs"]}, "faction_order = "),
    ("gandhi", {"campaigns_played": 9}, "campaigns_played must be an integer"),
    ("gandhi", {"played": [44]}, "a card is named twice"),
    ("a_distant_plain", {"propaganda_played": "one"}, "propaganda_played must be an integer"),
    ("a_distant_plain", {"last_card_propaganda": 1}, "last_card_propaganda must be true or false"),
])
def test_bad_sequence_entries_are_refused_naming_the_key(game, extra, message):
    pos = {"current_card": 44 if game == "gandhi" else 12, "upcoming_card": 30, **extra}
    with pytest.raises(ValueError, match=message):
        coin_env.make_game(game, position=pos)


# --- in_progress: the engine's record in the middle of an action ---------------------------------------
def mid_operation(game="gandhi", seed=6):
    """A random game at a decision inside an Operation (the stack holds more than the card's choice)."""
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    while not (g.state.turn and g.state.turn["kind"] in ("op", "op_sa") and g.prompt_frame()["kind"] != "sop_choice"):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_position_in_the_middle_of_an_operation_carries_the_engines_record():
    g = mid_operation()
    pos = g.to_position()
    record = pos["in_progress"]
    assert record["turn"]["faction"] == g.current_player() and record["frames"] == g.state.frames
    assert g.current_player() not in pos["card_turn"]["passed"] + pos["card_turn"]["acted"]
    h = coin_env.make_game("gandhi", position=pos)
    assert h.prompt() == g.prompt() and h.legal_actions() == g.legal_actions()


@pytest.mark.parametrize("change, message", [
    (lambda r: r["frames"].append({"kind": "no_such_prompt"}), "unknown decision kind 'no_such_prompt'"),
    (lambda r: r["frames"][-1].update(options=[10 ** 6]) if "options" in r["frames"][-1]
     else r["frames"].append({"kind": "choose", "actor": "raj", "ask": "x", "options": [10 ** 6], "then": "nv_rally_congress_count"}),
     "must be a non-empty list of action indices"),
    (lambda r: r.pop("sop"), r"in_progress must give \['sop'\]"),
    (lambda r: r.update(bots="x"), "unknown key 'bots' in in_progress"),
    (lambda r: r.update(turn={1, 2}), "in_progress.turn must be plain JSON data"),
])
def test_a_tampered_in_progress_record_is_refused_naming_the_problem(change, message):
    pos = mid_operation().to_position()
    change(pos["in_progress"])
    with pytest.raises(ValueError, match=message):
        coin_env.make_game("gandhi", position=pos)


def test_the_card_turn_must_agree_with_the_in_progress_record():
    pos = mid_operation().to_position()
    pos["card_turn"] = {"passed": ["raj", "congress", "ml", "revs"], "acted": [], "first_did": None}
    with pytest.raises(ValueError, match="in_progress records"):
        coin_env.make_game("gandhi", position=pos)
