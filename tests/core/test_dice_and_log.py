"""Scripted dice (game.script_dice) and the game log (game.log), through the public API."""

import json
import random

import numpy as np
import pytest

import coin_env
from game_matrix import GAMES, is_coin
from coin_env import play

# --- games at a die roll -----------------------------------------------------------------------------------
GANDHI_FACTIONS = ("raj", "congress", "ml", "revs")
ADP_FACTIONS = ("coalition", "government", "taliban", "warlords")


def gandhi_attack(seed=0, log=True, guerrillas=3):
    """Gandhi: the Revolutionaries, the only Eligible faction, may Attack in Bihar (3.4.3: succeeds on a
    roll <= the Guerrillas there)."""
    from coin_env.games.gandhi import datapack
    cards = datapack.default().cards
    card = next(c for c in range(1, 73) if cards.faction_order(c)[0] == "revs")
    pos = {"restraint": 3, "unity": 3, "resources": {"raj": 20, "revs": 10},
           "eligible": {"raj": False, "congress": False, "ml": False, "revs": True},
           "spaces": {"Bihar": {"pieces": {"Guerrilla": guerrillas, "Sepoy": 1}}},
           "deck": [card] + [c for c in range(1, 40) if c != card] + [73]}
    return coin_env.make_game("gandhi", position=pos, seed=seed, debug=True, log=log)


def adp_attack(seed=0, log=True):
    """A Distant Plain: the Taliban, the only Eligible faction, may Attack in Kandahar (3.3.3: 3
    Guerrillas, success on a roll <= 3; a 1 adds Captured Goods)."""
    pos = {"resources": {"government": 20, "taliban": 10, "warlords": 10}, "patronage": 10,
           "islamabad": "Backing", "eligible": {f: f == "taliban" for f in ADP_FACTIONS},
           "spaces": {"Kandahar": {"pieces": {"Taliban Guerrilla": 3, "Police": 2}}}}
    return coin_env.make_game("a_distant_plain", position=pos, seed=seed, debug=True, log=log)


def at(g, space, piece_name):
    from importlib import import_module
    static = import_module(f"coin_env.games.{g.name}.static")
    pieces = import_module(f"coin_env.games.{g.name}.data.pieces")
    return int(g.state.pieces[static.INDEX[space], pieces.PIECE_NAMES.index(piece_name)])


def rolls(g, since=0):
    return [e["roll"] for e in g.log_since(since) if e["kind"] == "roll"]


# --- scripted dice decide the outcome ----------------------------------------------------------------------
@pytest.mark.parametrize("roll,removed", [(3, True), (4, False)])
def test_gandhi_attack_outcome_follows_the_scripted_die(roll, removed):
    g = gandhi_attack()
    g.script_dice([roll])
    play(g, "operation only", "Attack", "select Bihar")
    assert g.scripted_dice() == []
    assert g.state.turn["flags"]["attack_rolls"][-1][1] == roll
    if removed:
        play(g, "Sepoy")
        assert at(g, "Bihar", "Sepoy") == 0
    else:
        assert at(g, "Bihar", "Sepoy") == 1
    assert rolls(g) == [roll]
    entry = next(e for e in g.log if e["kind"] == "roll")
    assert entry["scripted"] is True and entry["sides"] == 6 and entry["for"] == "Attack in Bihar"


@pytest.mark.parametrize("roll", [1, 2, 4])
def test_adp_attack_outcome_follows_the_scripted_die(roll):
    g = adp_attack()
    g.script_dice([roll])
    play(g, "operation only", "Attack", "select Kandahar")
    assert g.state.turn["flags"]["attack_rolls"] == {str(coin_env.games.a_distant_plain.static.INDEX["Kandahar"]): roll}
    if roll <= 3:
        play(g, "Police", "Police")
        assert at(g, "Kandahar", "Police") == 0
        # 3.3.3 Captured Goods: a roll of 1 places an Underground Guerrilla
        assert at(g, "Kandahar", "Taliban Guerrilla") == (1 if roll == 1 else 0)
    else:
        assert at(g, "Kandahar", "Police") == 2
    assert rolls(g) == [roll]


def test_queue_survives_clone_and_save_then_the_rng_resumes():
    ref = gandhi_attack(seed=5)
    play(ref, "operation only", "Attack", "select Bihar")
    natural = ref.state.turn["flags"]["attack_rolls"][-1][1]

    g = gandhi_attack(seed=5)
    g.script_dice([2, 6])
    c = g.clone()
    assert c.scripted_dice() == [2, 6]
    c.script_dice([1])                                          # the clone's queue is its own
    assert g.scripted_dice() == [2, 6] and c.scripted_dice() == [2, 6, 1]
    loaded = coin_env.load_game(g.to_json())
    assert loaded.scripted_dice() == [2, 6]
    assert json.loads(g.to_json())["state"]["dice"] == [2, 6]
    for game in (g, loaded):
        play(game, "operation only", "Attack", "select Bihar")
        assert game.state.turn["flags"]["attack_rolls"][-1][1] == 2
        assert game.scripted_dice() == [6]
    assert g.to_json() == loaded.to_json()

    # Once the queue is used up the game's RNG resumes exactly where it was (scripted dice draw nothing).
    g = gandhi_attack(seed=5)
    state = g.state.rng.state
    g.script_dice([4])
    play(g, "operation only", "Attack", "select Bihar")
    assert g.state.rng.state == state and g.scripted_dice() == []
    assert natural == ref.state.turn["flags"]["attack_rolls"][-1][1]
    g2 = gandhi_attack(seed=5)
    g2.script_dice([])                                          # nothing queued: same game as unscripted
    play(g2, "operation only", "Attack", "select Bihar")
    assert g2.to_json() == ref.to_json()


def test_no_dice_no_dice_key_in_the_save():
    g = gandhi_attack()
    assert "dice" not in json.loads(g.to_json())["state"]


@pytest.mark.parametrize("bad", [[0], [-1], [1.0], [2.5], [True], ["3"], [None], "12", 3, [1, 0]])
def test_script_dice_refuses_bad_values_and_leaves_the_game_unchanged(bad):
    g = gandhi_attack()
    before = g.to_json()
    with pytest.raises(ValueError):
        g.script_dice(bad)
    assert g.to_json() == before and g.scripted_dice() == []


def test_a_queued_value_too_high_for_the_die_is_refused_when_rolled():
    g = gandhi_attack()
    g.script_dice([7])                                          # fine until a six-sided die takes it
    play(g, "operation only", "Attack")
    with pytest.raises(ValueError, match=r"scripted die result 7 .*6-sided.*Attack in Bihar"):
        play(g, "select Bihar")


def test_a_saved_queue_is_checked_on_load():
    g = gandhi_attack()
    g.script_dice([3])
    d = json.loads(g.to_json())
    d["state"]["dice"] = [0]
    with pytest.raises(ValueError, match="dice"):
        coin_env.load_game(json.dumps(d))
    d["state"]["dice"] = "3"
    with pytest.raises(ValueError, match="dice"):
        coin_env.load_game(json.dumps(d))


def test_shuffles_and_choices_are_not_scripted():
    g = coin_env.make_game("gandhi", seed=4)
    g.script_dice([6, 6])
    rng = g.state.rng
    ref = coin_env.make_game("gandhi", seed=4).state.rng
    assert rng.below(1000) == ref.below(1000)
    items, ref_items = list(range(20)), list(range(20))
    rng.shuffle(items), ref.shuffle(ref_items)
    assert items == ref_items and g.scripted_dice() == [6, 6]
    assert rng.die() == 6 and rng.die(20) == 6 and rng.die() == ref.die()


# --- the log -------------------------------------------------------------------------------------------------
def test_log_records_decision_roll_pieces_and_markers():
    g = gandhi_attack()
    n = len(g.log)
    g.script_dice([1])
    play(g, "operation only", "Attack", "select Bihar", "Sepoy")
    new = g.log_since(n)
    kinds = [e["kind"] for e in new]
    assert kinds[0] == "decision"
    d = new[0]
    assert d["actor"] == "revs" and d["choice"] == "operation only" and d["decision"] == g.state.decisions - 3
    assert "Revolutionaries" in d["text"] and "operation only" in d["text"]
    roll = next(e for e in new if e["kind"] == "roll")
    assert roll["roll"] == 1 and roll["text"].startswith("Die roll: 1")
    flip = next(e for e in new if e["kind"] == "flip")
    assert flip["space"] == "Bihar" and flip["count"] == 3 and "Guerrilla" in flip["text"]
    removal = next(e for e in new if e["kind"] == "remove")
    assert removal["text"] == "1 Sepoy removed from Bihar to Available" and removal["space"] == "Bihar"
    assert any(e["kind"] == "marker" and e.get("track") == "Revolutionary Resources" for e in new)
    assert any(e["kind"] == "marker" and e.get("marker") == "unrest" and e["space"] == "Bihar" for e in new)
    # every entry belongs to a decision, and they come in order
    decisions = [e["decision"] for e in new]
    assert decisions == sorted(decisions)


# game -> (the phase that ends the game, a phase that executes a periodic card, the rule prefixes of phases)
PHASES = {"gandhi": ("Victory Phase", "Campaign Round", ("6.",)),
          "a_distant_plain": ("Victory Phase", "Propaganda Round", ("6.",)),
          "vijayanagara": ("Final scoring", "Mongol Invasion", ("2.", "5."))}


def test_every_game_names_its_phases():
    """The COIN games' logs (cards, eligibility, pieces placed in spaces, rounds after periodic cards); John
    Company's log (phases I-IX by turn, Final Scoring) is checked in tests/john_company/test_jc_env.py."""
    assert set(PHASES) == {g for g in GAMES if is_coin(g)}, "add the new game's phases to PHASES"


def test_log_records_placement_cards_eligibility_phases_and_the_end():
    for name in PHASES:                 # the COIN games (see test_every_game_names_its_phases)
        g = coin_env.make_game(name, seed=2, log=True)
        r = random.Random(2)
        while not g.is_over():
            legal = g.legal_actions()
            g.apply(legal[r.randrange(len(legal))])
        log = g.log
        kinds = {e["kind"] for e in log}
        assert {"decision", "roll", "place", "remove", "move", "marker", "control", "phase", "card",
                "eligibility", "victory"} <= kinds, (name, kinds)
        assert log[0]["kind"] == "card" and log[0]["decision"] == 0
        assert log[-1]["kind"] == "victory" and log[-1]["winner"] == g.winner()
        phases = [e["text"] for e in log if e["kind"] == "phase"]
        end, periodic, rules = PHASES[name]
        assert end in phases and any(p.startswith(periodic) for p in phases), (name, phases)
        assert all(e["rule"].startswith(rules) for e in log if e["kind"] == "phase")
        for i, e in enumerate(log):             # a round follows its (periodic) card as the Current card
            if e["kind"] == "phase" and e["text"].startswith(periodic):
                card = next(x for x in reversed(log[:i]) if x["kind"] == "card")
                assert e["text"].split()[0] in card["card"], (card, e)
        place = next(e for e in log if e["kind"] == "place")
        assert " placed in " in place["text"] and place["space"] in g.space_names
        # no internal codes: faction names as the rulebook prints them
        assert not any(e["text"].startswith(("raj:", "revs:", "ml:", "taliban:", "ds:", "bk:", "ve:")) for e in log)


def test_log_round_trips_and_is_shared_by_a_clone_without_copying():
    g = adp_attack()
    g.script_dice([2])
    play(g, "operation only", "Attack", "select Kandahar")
    text = g.to_json()
    loaded = coin_env.load_game(text)
    assert loaded.log == g.log and loaded.keeps_log
    play(g, "Police")
    play(loaded, "Police")
    assert loaded.log == g.log and loaded.to_json() == g.to_json()

    c = g.clone()
    n = len(g.log)
    play(c, "Police")
    assert g.log == c.log[:n] and len(c.log) > n and len(g.log) == n     # the original is untouched
    play(g, "done")
    assert g.log[:n] == c.log[:n] and g.log[n:] != c.log[n:]


def test_log_is_off_unless_asked():
    g = coin_env.make_game("gandhi", seed=0)
    assert not g.keeps_log and g.log == [] and "log" not in json.loads(g.to_json())
    g.enable_log()
    legal = g.legal_actions()
    g.apply(legal[0])
    assert g.keeps_log and [e["kind"] for e in g.log][:2] == ["card", "decision"]


def test_same_seed_and_actions_give_the_same_log():
    def run(name, seed):
        g = coin_env.make_game(name, seed=seed, log=True)
        r = random.Random(seed)
        for _ in range(400):
            if g.is_over():
                break
            legal = g.legal_actions()
            g.apply(legal[r.randrange(len(legal))])
        return g.log
    for name in GAMES:
        assert run(name, 11) == run(name, 11)


def test_logging_does_not_change_the_game():
    for name in GAMES:
        games = [coin_env.make_game(name, seed=9, log=flag) for flag in (False, True)]
        r = random.Random(9)
        while not games[0].is_over():
            legal = games[0].legal_actions()
            assert games[1].legal_actions() == legal
            a = legal[r.randrange(len(legal))]
            for g in games:
                g.apply(a)
        plain, logged = (json.loads(g.to_json()) for g in games)
        logged.pop("log")
        assert plain == logged


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_every_log_entry_is_plain_json_with_text(name):
    for seed in range(20):
        g = coin_env.make_game(name, seed=seed, log=True)
        r = random.Random(seed)
        while not g.is_over():
            legal = g.legal_actions()
            g.apply(legal[r.randrange(len(legal))])
            if r.random() < 0.01:
                g = g.clone()                           # a clone carries the log on
        log = g.log
        assert json.loads(json.dumps(log)) == log
        for e in log:
            assert isinstance(e["text"], str) and e["text"] and isinstance(e["kind"], str)
            assert type(e["decision"]) is int and 0 <= e["decision"] <= g.state.decisions
        assert sum(e["kind"] == "decision" for e in log) == g.state.decisions == g.decisions_made()


def test_a_bad_saved_log_is_refused():
    g = gandhi_attack()
    d = json.loads(g.to_json())
    d["log"] = [{"kind": "decision"}]
    with pytest.raises(ValueError, match="log"):
        coin_env.load_game(json.dumps(d))


# --- environments and play_until ------------------------------------------------------------------------------
def test_aec_env_info_and_render_carry_the_log_since_the_agents_last_turn():
    env = coin_env.env("gandhi", agents=["congress"], opponents="random", render_mode="ansi", log_in_info=True)
    env.reset(seed=3)
    r = random.Random(0)
    seen_own = False
    for i, agent in enumerate(env.agent_iter(max_iter=60)):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        entries = info["log"]
        assert entries and all("text" in e for e in entries)
        if i > 0:
            assert entries[0]["kind"] == "decision" and entries[0]["actor"] == "congress"    # its own last move
            seen_own = True
        text = env.render()
        assert "Since your last turn:" in text and entries[-1]["text"] in text
        legal = [a for a, m in enumerate(obs["action_mask"]) if m]
        env.step(r.choice(legal))
    assert seen_own


def test_play_until_runs_the_other_seats():
    g = coin_env.make_game("a_distant_plain", seed=1, log=True)
    coin_env.play_until(g, "taliban", "random", rng=1)
    assert g.is_over() or g.current_player() == "taliban"
    before = g.state.decisions
    coin_env.play_until(g, "taliban", {"coalition": "random"}, rng=random.Random(1))   # nothing to do
    assert g.state.decisions == before
    with pytest.raises(ValueError):
        coin_env.play_until(g, "nobody", "random")


# the reset seed per game (3 unless given): John Company's needs an opponent to move before the learner
LOG_SEED = {"john_company": 0}


@pytest.mark.parametrize("game", GAMES)
def test_the_gym_env_puts_the_log_since_the_seats_last_move_in_info(game):
    """Issue 17.3: info["log"] holds what happened since the learner's last action (off by default), as the
    seat may read it (game.log_entry_seen_by: everything in an open-information game)."""
    env = coin_env.gym_env(game, opponents="random", log_in_info=True)
    seed = LOG_SEED.get(game, 3)
    _, info = env.reset(seed=seed)
    first = info["log"]
    seen = lambda entries: [env.game.log_entry_seen_by(e, env.seat) for e in entries]      # noqa: E731
    if game == "john_company":      # its set-up writes no log: the other seats must move before the learner
        assert env.game.state.decisions > 0, f"seed {seed}: the learner moves first, nothing logged: pick another seed"
    assert first and all(isinstance(e, dict) and e["text"] for e in first)
    assert seen(env.game.log[:len(first)]) == first        # from the start of the game
    if is_coin(game):
        assert env.game.log[:len(first)] == first          # nothing hidden in a COIN game's log
    mask = env.action_masks()
    action = int(np.flatnonzero(mask)[0])
    before = len(env.game.log)
    _, _, _, _, info = env.step(action)
    assert info["log"] == seen(env.game.log[before:])      # the seat's own choice first, then the replies
    assert info["log"][0]["kind"] == "decision" and info["log"][0]["actor"] == env.seat
    assert "log" not in coin_env.gym_env(game, opponents="random").reset(seed=seed)[1]
