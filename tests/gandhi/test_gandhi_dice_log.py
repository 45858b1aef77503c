"""Gandhi: scripted dice and the game log on this game's rules (Attack 3.4.3, the Campaign Round 6.0)."""

import random

import coin_env
from coin_env import play
from coin_env.games.gandhi import datapack


def revs_first(spaces, log=True):
    cards = datapack.default().cards
    card = next(c for c in range(1, 73) if cards.faction_order(c)[0] == "revs")
    pos = {"restraint": 3, "unity": 3, "resources": {"raj": 20, "revs": 10},
           "eligible": {"raj": False, "congress": False, "ml": False, "revs": True},
           "spaces": spaces, "deck": [card] + [c for c in range(1, 40) if c != card] + [73]}
    return coin_env.make_game("gandhi", position=pos, debug=True, log=log)


def test_scripted_attack_rolls_decide_two_spaces_and_are_logged():
    g = revs_first({"Bihar": {"pieces": {"Guerrilla": 2, "Sepoy": 1}},
                    "Punjab": {"pieces": {"Guerrilla": 2, "Sepoy": 1}}})
    g.script_dice([2, 3])                    # Bihar: 2 <= 2 succeeds; Punjab: 3 > 2 fails
    play(g, "operation only", "Attack", "select Bihar", "Sepoy", "select Punjab")
    rolls = [(e["roll"], e["for"]) for e in g.log if e["kind"] == "roll"]
    assert rolls == [(2, "Attack in Bihar"), (3, "Attack in Punjab")]
    assert "1 Sepoy removed from Bihar to Available" in [e["text"] for e in g.log]
    assert not any(e["kind"] == "remove" and e["space"] == "Punjab" for e in g.log)
    unrest = [e for e in g.log if e.get("marker") == "unrest"]
    assert [e["space"] for e in unrest] == ["Bihar"]
    assert g.scripted_dice() == []


def test_campaign_round_phases_are_logged_in_rule_order():
    g = coin_env.make_game("gandhi", seed=1, log=True)
    r = random.Random(1)
    while not g.is_over():
        g.apply(r.choice(g.legal_actions()))
    rounds, current = [], None
    for e in g.log:
        if e["kind"] == "phase":
            if e["text"] == "Campaign Round":
                current = []
                rounds.append(current)
            else:
                current.append(e["rule"])
    order = ["6.1", "6.2", "6.3", "6.4", "6.5"]
    assert rounds and rounds[0] == order
    for phases in rounds:
        assert phases == order[:len(phases)]
    assert g.log[-1]["kind"] == "victory"
