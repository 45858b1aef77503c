"""A Distant Plain: scripted dice and the game log on this game's rules (Surge 4.2.1, Attack 3.3.3,
the Propaganda Round 6.0)."""

import random

import coin_env
from coin_env import labels, play


def coalition_game(aid=10):
    pos = {"resources": {"government": 20, "taliban": 5, "warlords": 3}, "aid": aid, "patronage": 5,
           "islamabad": "Backing",
           "eligible": {"coalition": True, "government": False, "taliban": False, "warlords": False},
           "spaces": {"Kabul": {}}}
    return coin_env.make_game("a_distant_plain", position=pos, debug=True, log=True)


def test_scripted_surge_die_is_split_and_logged_4_2_1():
    g = coalition_game()
    g.script_dice([5])
    play(g, "operation with special activity", "Train", "Surge", "select Kabul", "done", "done")
    n = len(g.log)
    play(g, "yes")
    assert g.prompt_frame()["roll"] == 5
    assert labels(g) == [str(k) for k in range(6)]
    roll = [e for e in g.log_since(n) if e["kind"] == "roll"]
    assert [(e["roll"], e["for"], e["scripted"]) for e in roll] == [(5, "Surge", True)]
    play(g, "2")
    assert g.state.aid == 12 and g.state.resources["warlords"] == 6
    tracks = {e["track"]: (e["from"], e["to"]) for e in g.log_since(n) if e.get("track")}
    assert tracks["Aid"] == (10, 12) and tracks["Warlords Resources"] == (3, 6)
    assert next(e for e in g.log_since(n) if e.get("track") == "Aid")["text"] == "Aid: 10 -> 12"


def test_attack_roll_of_1_logs_the_removals_and_captured_goods_3_3_3():
    pos = {"resources": {"government": 20, "taliban": 10, "warlords": 10}, "patronage": 10,
           "islamabad": "Backing",
           "eligible": {"coalition": False, "government": False, "taliban": True, "warlords": False},
           "spaces": {"Kandahar": {"pieces": {"Taliban Guerrilla": 2, "Police": 2}}}}   # 2 vs 2: no Control
    g = coin_env.make_game("a_distant_plain", position=pos, debug=True, log=True)
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Kandahar", "Police", "Police")
    texts = [e["text"] for e in g.log]
    assert "Die roll: 1 for Attack in Kandahar" in texts
    assert any(e["kind"] == "flip" and e["space"] == "Kandahar" and e["count"] == 2 for e in g.log)
    assert texts.count("1 Police removed from Kandahar to Available") == 2
    assert any(e["kind"] == "place" and e["space"] == "Kandahar" and e["count"] == 1 for e in g.log)  # Captured Goods
    control = [e for e in g.log if e["kind"] == "control" and e["space"] == "Kandahar"]
    assert control and control[-1]["to"] == "Taliban Control" and control[0]["from"] == "no Control"


def test_propaganda_round_phases_are_logged_in_rule_order():
    g = coin_env.make_game("a_distant_plain", seed=3, log=True)
    r = random.Random(3)
    while not g.is_over():
        g.apply(r.choice(g.legal_actions()))
    rounds, current = [], None
    for e in g.log:
        if e["kind"] == "phase":
            if e["text"] == "Propaganda Round":
                current = []
                rounds.append(current)
            else:
                current.append(e["rule"])
    assert rounds
    order = ["6.1", "6.3", "6.4", "6.5", "6.6"]
    for phases in rounds:
        assert phases == order[:len(phases)] and phases[0] == "6.1"
    assert rounds[0] == order
