"""John Company as a coin-env game: registration, seats per number of families, the observation (fixed
size, what each family may see), the PettingZoo / gymnasium / vector environments, and the save checks
the shared COIN-only contract tests cannot make (tests/game_matrix.py: coin_only, positions_of)."""

import json
import random
import warnings

import numpy as np
import pytest

import coin_env
from coin_env.core.encoding import encoder_for
from jc_helpers import random_game
from coin_env.core.registry import game_factions
from coin_env.games.john_company.data import cards as carddata
from coin_env.games.john_company.hidden import BLACKMAIL_IDS
from coin_env.games.john_company.static import FAMILY_KEYS

JC = "john_company"
ENC = encoder_for(JC)
UNPLAYABLE = [c[0] for c in carddata.BLACKMAIL
              if c[1] not in ("The Prime Minister's Ear", "Company Fraud")]   # never offered for play
NAME = {c[0]: c[1] for c in carddata.BLACKMAIL}


# --- registration and seats ------------------------------------------------------------------------
def test_john_company_is_registered_with_its_bot_and_scenario():
    assert JC in coin_env.list_games()
    from coin_env.core.registry import default_scenario, game_bots, game_scenarios
    assert game_scenarios(JC) == ("1710", "Long 1710") and default_scenario(JC) == "1710"
    assert set(game_bots(JC)) == {"crown"}


@pytest.mark.parametrize("families, seats", [
    (1, ["benyon", "crown"]), (2, ["benyon", "hastings", "crown"]), (3, ["benyon", "hastings", "larkins"]),
    (4, ["benyon", "hastings", "larkins", "paxton"]), (6, FAMILY_KEYS[:6])])
def test_the_seats_follow_the_number_of_families(families, seats):
    """RB p.43-44: one or two families play with the Crown as a seat; 3-6 families without it."""
    assert list(game_factions(JC, {"families": families})) == seats
    for seed in range(3):
        g = coin_env.make_game(JC, seed=seed, options={"families": families})
        assert sorted(g.factions) == sorted(seats)              # the game's own seating order, same seats
    env = coin_env.env(JC, options={"families": families})
    assert env.possible_agents == seats
    assert all(env.observation_space(a)["observation"].shape == (ENC.size,) for a in seats)


def test_the_default_is_four_families_and_a_bad_family_count_is_refused():
    assert coin_env.env(JC).possible_agents == FAMILY_KEYS[:4]
    with pytest.raises(ValueError, match="families"):
        coin_env.env(JC, options={"families": 7})
    with pytest.raises(ValueError, match="not a faction"):
        coin_env.gym_env(JC, seat="sykes", options={"families": 3})


def test_the_observation_has_one_size_for_every_configuration():
    sizes = set()
    for families in range(1, 7):
        g = random_game(families, families=families, decisions=40)
        for f in g.factions:
            vec = ENC.observe(g, f)
            assert vec.dtype == np.float32 and vec.shape == (ENC.size,)
            assert ENC.low <= vec.min() and vec.max() <= ENC.high
            sizes.add(vec.size)
    g = random_game(0, families=1, decisions=40, crown=True)
    sizes.add(ENC.observe(g, "crown").size)
    g = random_game(0, families=4, decisions=200, negotiation="offers")
    sizes.add(ENC.observe(g, "benyon").size)
    assert sizes == {ENC.size}
    assert len(ENC.feature_names) == ENC.size == sum(ENC.group_sizes().values())
    assert list(ENC.groups) == ["families", "hand", "display", "offices", "company", "ships", "india", "orders",
                                "crown", "negotiation", "firms", "decision"]


def test_the_decision_block_says_what_is_asked_only_to_the_family_deciding():
    g = random_game(3, decisions=25)
    mover = g.current_player()
    mine = ENC.describe(ENC.observe(g, mover))
    assert mine["perspective decides"] == 1.0
    key = g.state.frames[-1]["then"]
    key = g.state.frames[-1]["next"] if key.startswith("number_") else key
    assert mine[f"prompt {key}"] == 1.0
    other = next(f for f in g.factions if f != mover)
    theirs = ENC.describe(ENC.observe(g, other))
    assert "perspective decides" not in theirs and not any(k.startswith("prompt ") for k in theirs)
    assert theirs[f"to move: {g.faction_name(mover)}"] == 1.0


# --- hidden information ----------------------------------------------------------------------------
def _swap_hidden(save: dict, slot: int, rng: random.Random):
    """Swap one of ``slot``'s facedown blackmail cards with a blackmail card of the London Season deck
    (a hidden card the family might have held instead), editing the save: None if there is none."""
    f = save["state"]["fields"]
    hand = f["hands"][slot]["blackmail"]
    deck = [i for i, c in enumerate(f["london_deck"]) if c in BLACKMAIL_IDS]
    if not hand or not deck:
        return None
    i, j = rng.randrange(len(hand)), rng.choice(deck)
    hand[i], f["london_deck"][j] = f["london_deck"][j], hand[i]
    return save


def test_another_familys_facedown_blackmail_never_changes_my_observation_mine_does():
    """At the same decision of the same game, a family whose facedown blackmail card is a different one
    (set up by a position) sees itself differently; every other family sees exactly the same vector."""
    base = coin_env.make_game(JC, seed=11, options={"families": 4})
    free = [c for c in UNPLAYABLE if c in base.state.london_deck]       # in the deck: the display stays the same
    x, y = free[0], free[1]
    a = coin_env.make_game(JC, seed=11, options={"families": 4}, position={"blackmail": {"hastings": [NAME[x]]}})
    b = coin_env.make_game(JC, seed=11, options={"families": 4}, position={"blackmail": {"hastings": [NAME[y]]}})
    assert x in a.state.hands[1]["blackmail"] and y in b.state.hands[1]["blackmail"]
    assert a.prompt() == b.prompt() and a.legal_actions() == b.legal_actions()
    for f in a.factions:
        same = np.array_equal(ENC.observe(a, f), ENC.observe(b, f))
        assert same == (f != "hastings"), f
    diff = {k for k, v in ENC.describe(ENC.observe(a, "hastings")).items()} ^ set(
        ENC.describe(ENC.observe(b, "hastings")))
    assert diff == {f"own facedown blackmail {NAME[x]}", f"own facedown blackmail {NAME[y]}"}


def test_hidden_cards_edited_in_saves_at_random_decisions_reach_only_their_holder():
    """Property over random games and decisions: swapping a family's facedown blackmail card with one
    from the London Season deck (a save edited, then loaded) changes that family's observation and no
    other's; re-dealing everything a family cannot see (game.determinize) leaves its observation as it was."""
    rng = random.Random(0)
    swaps = checked = 0
    set_ups = [{"families": 2 + seed % 5} for seed in range(10)] + [
        {"families": 1, "crown": True}, {"families": 1, "crown": True, "crown_difficulty": "legendary"},
        {"families": 2, "setup_deal": "draw"}, {"families": 1, "setup_deal": "draw"}]
    for seed, options in enumerate(set_ups):
        g = coin_env.make_game(JC, seed=seed, options=options)
        play = random.Random(seed)
        while not g.is_over():
            if play.random() < 0.25:
                for holder in g.factions:
                    slot = FAMILY_KEYS.index(holder)
                    save = _swap_hidden(json.loads(g.to_json()), slot, rng)
                    if save is None:
                        continue
                    try:
                        h = coin_env.load_game(json.dumps(save))
                    except ValueError:          # the decision in progress names the card (e.g. its play)
                        continue
                    swaps += 1
                    for f in g.factions:
                        same = np.array_equal(ENC.observe(g, f), ENC.observe(h, f))
                        assert same == (f != holder), (seed, holder, f, g.prompt())
                for f in g.factions:
                    d = g.determinize(f, rng.randrange(2 ** 32))
                    np.testing.assert_array_equal(ENC.observe(d, f), ENC.observe(g, f), err_msg=f"{f} {g.prompt()}")
                    checked += 1
            g.apply(play.choice(g.legal_actions()))
    assert swaps >= 20 and checked >= 100


def test_the_display_shows_facedown_blackmail_as_facedown_until_peeked():
    g = coin_env.make_game(JC, seed=0, options={"families": 3})
    s = g.state
    s.display[0] = next(c for c in UNPLAYABLE if c in s.london_deck)
    vec = ENC.describe(ENC.observe(g, "benyon"))
    assert vec["display 1: facedown blackmail"] == 1.0
    s.peeked[0].append(s.display[0])
    vec = ENC.describe(ENC.observe(g, "benyon"))
    assert vec[f"display 1: blackmail {NAME[s.display[0]]}"] == 1.0
    assert ENC.describe(ENC.observe(g, "hastings"))["display 1: facedown blackmail"] == 1.0


def test_deck_orders_are_not_observed():
    g = random_game(4, decisions=30)
    h = coin_env.load_game(g.to_json())
    rng = random.Random(1)
    for field in ("london_deck", "law_deck"):
        rng.shuffle(getattr(h.state, field))
    for f in g.factions:
        np.testing.assert_array_equal(ENC.observe(h, f), ENC.observe(g, f))


# --- environments ----------------------------------------------------------------------------------
@pytest.mark.parametrize("families", [1, 2, 5])
def test_pettingzoo_api_test_for_each_seat_count(families):
    from pettingzoo.test import api_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(coin_env.env(JC, seed=0, options={"families": families}), num_cycles=100, verbose_progress=False)


def test_aec_env_plays_whole_games_with_the_crown_in_its_seat():
    env = coin_env.env(JC, options={"families": 1, "crown": True}, opponents={"crown": "crown"})
    assert env.possible_agents == ["benyon"]
    rng = np.random.default_rng(0)
    for seed in range(3):
        env.reset(seed=seed)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            assert agent == "benyon"
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        assert env.game.is_over() and steps > 0


@pytest.mark.parametrize("families, opponents", [(1, "crown"), (3, "random"), (4, "crown")])
def test_gym_env_one_learner_seat_with_the_others_inside_step(families, opponents):
    from gymnasium.utils.env_checker import check_env
    options = {"families": families, "crown": families == 1 and opponents == "crown"}
    env = coin_env.gym_env(JC, seat="benyon", opponents=opponents, options=options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    rng = np.random.default_rng(families)
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.game.current_player() == "benyon"
            obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            assert obs.shape == (ENC.size,)
            done = term or trunc
        assert info["winner"] in game_factions(JC, options) and reward in (1.0, -1.0)


def test_gym_env_with_every_seat_learning_draws_a_seat_per_episode():
    env = coin_env.gym_env(JC, seat="all", opponents="random", options={"families": 2})
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.game.current_player() == env.seat or env.game.is_over()
    assert seats <= {"benyon", "hastings", "crown"} and len(seats) >= 2


def test_vector_env_batches_games():
    venv = coin_env.vector_env(JC, 3, seat="hastings", opponents="random", seed=0, options={"families": 3})
    obs, info = venv.reset(seed=0)
    assert obs.shape == (3, ENC.size) and venv.action_masks().shape == (3, len(coin_env.make_game(JC).vocabulary))
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(600):
        masks = venv.action_masks()
        obs, rewards, terminated, truncated, info = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        ended += int(terminated.sum())
    assert ended >= 3


def test_render_text_and_picture():
    env = coin_env.env(JC, render_mode="ansi", seed=0)
    env.reset(seed=0)
    text = env.render()
    assert "John Company 1710" in text and "to decide" in text
    picture = coin_env.env(JC, render_mode="rgb_array", seed=0)
    picture.reset(seed=0)
    assert picture.render().shape == (820, 1200, 3)


# --- save checks in John Company's terms (the shared named cases are COIN-only) --------------------------
def mid_game(seed=1):
    return random_game(seed, decisions=40)


@pytest.mark.parametrize("edit, message", [
    (lambda s: s["fields"].__setitem__("london_deck", "garbage"), r"state.fields.london_deck: must be a list"),
    (lambda s: s["fields"]["event_stack"].append(999), r"state.fields.event_stack\[\d+\]: must be one of"),
    (lambda s: s["fields"]["hands"][0]["blackmail"].append(5), r"state.fields.hands\[0\].blackmail\[\d+\]: must be one of"),
    (lambda s: s["fields"].__setitem__("seats", [0, 0]), r"state.fields.seats: has an entry twice"),
    (lambda s: s["fields"]["elephant"].pop("region"), r"state.fields.elephant: is missing 'region'"),
    (lambda s: s["arrays"]["writers"][2].__setitem__(1, 1.5), r"state.arrays.writers: must hold integers"),
    (lambda s: s["arrays"]["supply"].__setitem__(1, 10 ** 6), r"state.arrays.supply: values must be in 0"),
    (lambda s: s["arrays"]["cash"].pop(), r"state.arrays.cash: must have shape"),
    (lambda s: s["arrays"]["office_holder"].__setitem__(0, 9), r"state.arrays.office_holder: values must be in -1"),
])
def test_a_hand_edited_john_company_save_is_refused_naming_the_entry(edit, message):
    data = json.loads(mid_game().to_json())
    edit(data["state"])
    with pytest.raises(ValueError, match=message):
        coin_env.load_game(json.dumps(data))


def test_a_crown_record_of_the_wrong_shape_is_refused():
    g = random_game(2, families=1, decisions=30, crown=True)
    for edit, message in [(lambda c: c.pop("card"), "crown: is missing 'card'"),
                          (lambda c: c.__setitem__("climate", 9), r"crown.climate: must be in 0..4"),
                          (lambda c: c["deck"].append(c["deck"][0]), "crown.deck: has an entry twice")]:
        data = json.loads(g.to_json())
        edit(data["state"]["fields"]["crown"])
        with pytest.raises(ValueError, match=message):
            coin_env.load_game(json.dumps(data))
    data = json.loads(random_game(2, families=3, decisions=10).to_json())
    data["state"]["fields"]["crown"] = json.loads(g.to_json())["state"]["fields"]["crown"]
    with pytest.raises(ValueError, match="crown: must be null without the option crown"):
        coin_env.load_game(json.dumps(data))


def test_a_finished_save_must_keep_its_outcome():
    g = random_game(5)
    assert coin_env.load_game(g.to_json()).ranking() == g.ranking()
    for edit, message in [(lambda r: r.update(ranking=r["ranking"][::-1], winner=r["ranking"][-1]), "result.ranking"),
                          (lambda r: r["ranking"].pop(), "result.ranking"),
                          (lambda r: r.update(winner=r["ranking"][1]), "result.winner")]:
        data = json.loads(g.to_json())
        edit(data["state"]["fields"]["result"])
        with pytest.raises(ValueError, match=message):
            coin_env.load_game(json.dumps(data))


# --- the fuzzer and the benchmark accept the game ----------------------------------------------------------
def test_fuzz_slice_with_the_crown_bot_cycles_the_set_ups(tmp_path):
    from agents import fuzz
    from coin_env.games.john_company.game import FUZZ_OPTIONS
    result = fuzz.fuzz(JC, decisions=20_000, seed=100_000, out_dir=str(tmp_path), bot="crown")
    assert result["failures"] == 0, result["replays"]
    assert result["games"] >= len(FUZZ_OPTIONS) and sum(result["winners"].values()) == result["games"]
    assert {fuzz.fuzz_options(JC, s)["families"] for s in range(len(FUZZ_OPTIONS))} == {1, 2, 3, 4, 5, 6}
    assert set(fuzz.bot_seats(JC, 3, "crown", {"families": 2})) <= {"benyon", "hastings", "crown"}


def test_benchmark_measures_john_company():
    from agents import benchmark
    out = benchmark.bench_game(JC, repeats=1, budget_s=0.05)
    for key in ["decisions_per_s", "games_per_s", "steps_per_s", "learner_step_ms", "clone_us", "json_round_trip_ms"]:
        assert out[key] is not None and out[key] > 0, key


# --- every decision makes progress (DESIGN.md): no state repeats ----------------------------------------------
def test_no_state_repeats_in_random_games():
    """A state (decision counters aside) that comes back lets a deterministic policy loop forever."""
    for seed in range(40):
        g = coin_env.make_game(JC, seed=seed, options={"families": 1 + seed % 6})
        rng = random.Random(seed)
        seen = set()
        while not g.is_over():
            d = json.loads(g.to_json())
            d["state"]["fields"].pop("decisions")
            d["state"]["fields"].pop("card_decisions")
            key = json.dumps(d["state"], sort_keys=True)
            assert key not in seen, f"seed {seed}: the state at {g.prompt()!r} came back"
            seen.add(key)
            g.apply(rng.choice(g.legal_actions()))


def test_the_game_log_names_the_phases_by_turn_and_the_end():
    g = coin_env.make_game(JC, seed=2, log=True)
    rng = random.Random(2)
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
    log = g.log
    kinds = {e["kind"] for e in log}
    assert {"decision", "roll", "phase", "end"} <= kinds
    phases = [e["text"] for e in log if e["kind"] == "phase"]
    assert phases[0].startswith("Turn 1: ") and "Turn 1: III. Hiring" in phases
    assert log[-1]["kind"] == "end" and g.winner() in log[-1]["text"]
    assert all(json.loads(json.dumps(e)) == e and e["text"] for e in log)


def _revenue_window(windows, holder, other):
    """A 4-family game at the start of Revenue (the Company Fraud window, rules/blackmail.py) with Company Fraud
    in ``holder``'s hand and Scandal in India in ``other``'s (the same hand sizes either way)."""
    return coin_env.make_game(JC, seed=5, options={"families": 4, "blackmail_windows": windows},
                              position={"phase": "revenue", "blackmail": {holder: ["Company Fraud"],
                                                                          other: ["Scandal in India"]}})


def _decline_window(g, perspective):
    """(who is asked, the perspective's observation) at each question of the window, declining each."""
    from coin_env.games.john_company.hidden import prompt_kind
    seen = []
    while prompt_kind(g) == "blackmail window":
        seen.append((g.current_player(), ENC.observe(g, perspective).tobytes()))
        g.apply(next(a for a in g.legal_actions() if g.action_label(a) == "no"))
    return seen


def test_blackmail_windows_asked_of_everyone_do_not_show_who_holds_the_card():
    """Option blackmail_windows "everyone": the Company Fraud window asks every family (one without the card can
    only decline), so which family holds it changes neither who is asked nor a third family's observation.
    With the default ("holders") the holder alone is asked: the leak the option closes (hidden.py)."""
    a = _revenue_window("everyone", "hastings", "larkins")
    b = _revenue_window("everyone", "larkins", "hastings")
    asked_a, asked_b = _decline_window(a, "benyon"), _decline_window(b, "benyon")
    assert [w for w, _ in asked_a] == [w for w, _ in asked_b] and len(asked_a) >= 4   # Revenue's, then India's
    assert asked_a == asked_b
    assert a.prompt() == b.prompt()
    c = _revenue_window("everyone", "hastings", "larkins")
    while c.current_player() != "larkins":
        c.apply(c.legal_actions()[-1])
    assert [c.action_label(x) for x in c.legal_actions()] == ["no"]          # larkins has no Company Fraud
    holders_a = _decline_window(_revenue_window("holders", "hastings", "larkins"), "benyon")
    holders_b = _decline_window(_revenue_window("holders", "larkins", "hastings"), "benyon")
    assert holders_a[0][0] == "hastings" and holders_b[0][0] == "larkins"
