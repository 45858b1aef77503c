"""Gandhi's observation encoder: layout, values, decision context, speed-relevant invariants."""

import random

import numpy as np
import pytest

import coin_env
from coin_env import play
from coin_env.core.encoding import encoder_for, renderer_for
from coin_env.games.gandhi import board
from coin_env.games.gandhi import encoding as genc
from coin_env.games.gandhi.static import INDEX, SPACE_NAMES


def deploy_position():
    return coin_env.make_game("gandhi", position={
        "restraint": 3, "unity": 3, "resources": {"raj": 20, "revs": 5},
        "viceroy": "Lord Chelmsford",
        "eligible": {"raj": True, "congress": False, "ml": False, "revs": False},
        "spaces": {"Bihar": {"support": "Passive Support", "pieces": {"Troop": 1, "Sepoy": 3, "Gandhi": 1}}},
    }, debug=True)


def vec(game, perspective):
    return encoder_for(game).observe(game, perspective)


def feat(game, perspective, name):
    enc = encoder_for(game)
    return float(vec(game, perspective)[enc.feature_names.index(name)])


def test_feature_names_cover_the_vector_and_are_unique():
    enc = encoder_for("gandhi")
    assert len(enc.feature_names) == enc.size
    assert len(set(enc.feature_names)) == enc.size
    # groups tile the vector in order
    pos = 0
    for group, start, size in enc.layout():
        assert start == pos and size > 0, group
        pos += size
    assert pos == enc.size
    assert set(enc.groups) == {"spaces", "boxes", "tracks", "cards", "sequence", "turn", "decision"}


def test_encode_writes_float32_into_the_given_buffer_and_overwrites_it():
    g = coin_env.make_game("gandhi", seed=0)
    enc = encoder_for(g)
    buf = np.full(enc.size, 99.0, dtype=np.float32)
    ret = enc.encode(g, "raj", buf)
    assert ret is buf and buf.dtype == np.float32
    assert np.array_equal(buf, enc.observe(g, "raj"))
    assert enc.low <= buf.min() and buf.max() <= enc.high


def test_board_features_read_the_state():
    g = deploy_position()
    assert feat(g, "raj", "space Bihar: Troop") == pytest.approx(0.25)
    assert feat(g, "raj", "space Bihar: Sepoy") == pytest.approx(0.75)
    assert feat(g, "raj", "space Bihar: Gandhi") == pytest.approx(0.25)
    assert feat(g, "raj", "space Bihar: Passive Support") == 1.0
    assert feat(g, "raj", "space Bihar: Neutral") == 0.0
    assert feat(g, "raj", "space Bihar: Raj Control") == float(board.raj_control(g.state, INDEX["Bihar"]))
    assert feat(g, "raj", "Restraint 3") == 1.0 and feat(g, "raj", "Unity 3") == 1.0
    assert feat(g, "raj", "Resources raj") == pytest.approx(20 / 25)
    assert feat(g, "raj", "Viceroy Lord Chelmsford") == 1.0
    assert feat(g, "raj", "eligible raj") == 1.0 and feat(g, "raj", "eligible congress") == 0.0
    # Railways carry no Support level
    enc = encoder_for(g)
    v = vec(g, "raj")
    rail = SPACE_NAMES[-1]
    assert all(v[enc.feature_names.index(f"space {rail}: {lvl}")] == 0 for lvl in genc.SUPPORT_LEVELS)


def test_activists_are_split_by_their_derived_active_state():
    g = coin_env.make_game("gandhi", seed=0)
    s = g.state
    sp = INDEX["Bombay Presidency"]            # Short set-up: 2 Congress Activists with a Protest
    n = int(s.pieces[sp, 2])
    assert n > 0 and s.protest[sp]
    assert feat(g, "raj", "space Bombay Presidency: Congress Activist (Active)") == pytest.approx(n / 4)
    assert feat(g, "raj", "space Bombay Presidency: Congress Activist (Inactive)") == 0.0
    board.remove_protest(s, sp)
    assert feat(g, "raj", "space Bombay Presidency: Congress Activist (Active)") == 0.0
    assert feat(g, "raj", "space Bombay Presidency: Congress Activist (Inactive)") == pytest.approx(n / 4)


def test_perspective_and_acting_faction():
    g = deploy_position()
    assert feat(g, "congress", "perspective congress") == 1.0
    assert feat(g, "congress", "perspective raj") == 0.0
    assert feat(g, "congress", "acting faction raj") == 1.0
    assert feat(g, "congress", "perspective is acting") == 0.0
    assert feat(g, "raj", "perspective is acting") == 1.0
    assert feat(g, "raj", "deciding as 1st Eligible") == 1.0


def test_decision_context_follows_an_operation_in_progress():
    g = deploy_position()
    before = vec(g, "raj")
    assert feat(g, "raj", "prompt sop_choice") == 1.0
    assert feat(g, "raj", "action in progress") == 0.0
    play(g, "operation only", "Deploy")
    assert feat(g, "raj", "prompt op_select") == 1.0
    assert feat(g, "raj", "operation Deploy") == 1.0
    assert feat(g, "raj", "turn kind op") == 1.0
    assert feat(g, "raj", "action in progress") == 1.0
    assert feat(g, "raj", "space Delhi: selected for Operation") == 0.0
    mid = vec(g, "raj")
    assert not np.array_equal(before, mid)
    play(g, "select Delhi")
    frame = g.prompt_frame()                     # Deploy's own per-space decision, whatever its shape
    assert feat(g, "raj", f"prompt {frame['kind']}") == 1.0
    if frame["kind"] == "choose":
        assert feat(g, "raj", f"choice for {frame['then']}") == 1.0
    assert feat(g, "raj", "space Delhi: selected for Operation") == 1.0
    assert feat(g, "raj", "space Bombay: selected for Operation") == 0.0
    assert feat(g, "raj", "space Delhi: decision space") == float(frame.get("space") == INDEX["Delhi"])
    assert feat(g, "raj", "operation spaces selected") == pytest.approx(0.25)
    rng = random.Random(0)
    while g.state.turn is not None and g.current_player() == "raj":   # finish the Operation
        g.apply(rng.choice(g.legal_actions()))
    assert g.state.turn is None
    assert feat(g, "raj", "space Delhi: selected for Operation") == 0.0
    assert feat(g, "raj", "action in progress") == 0.0


def test_budget_left_is_encoded():
    g = coin_env.make_game("gandhi", seed=0)
    g.push({"kind": "g_crisis_cubes", "actor": "raj", "left": 3})
    g._legal = None
    assert feat(g, "raj", "prompt g_crisis_cubes") == 1.0
    assert feat(g, "raj", "budget given") == 1.0
    assert feat(g, "raj", "budget left") == pytest.approx(0.5)


def test_prompt_kinds_come_from_the_registry():
    enc = encoder_for("gandhi")
    g = coin_env.make_game("gandhi", seed=0)
    decision_kinds = {k for k, p in g.prompts.items() if not p.auto}
    assert set(enc.prompt_kinds) == decision_kinds
    assert set(enc.continuations) == set(g.continuations)


def test_victory_totals_match_the_board_along_random_games():
    for seed in range(3):
        g = coin_env.make_game("gandhi", seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            s = g.state
            assert genc.victory_totals(s, board.control_mask(s)) == board.victory_totals(s)
            g.apply(rng.choice(g.legal_actions()))


def test_encoding_stays_in_bounds_and_finite_in_random_play():
    enc = encoder_for("gandhi")
    buf = enc.new_buffer()
    for seed in range(3):
        g = coin_env.make_game("gandhi", seed=seed)
        rng = random.Random(seed)
        while True:
            for f in g.factions:
                enc.encode(g, f, buf)
                assert np.isfinite(buf).all()
                assert enc.low <= buf.min() and buf.max() <= enc.high
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))


def test_main_scenario_gandhi_placement_is_a_choose_decision():
    g = coin_env.make_game("gandhi", scenario="main", seed=0)
    assert feat(g, "congress", "prompt choose") == 1.0
    assert feat(g, "congress", "choice for setup_place_gandhi") == 1.0


def test_render_names_every_space_and_the_prompt():
    g = coin_env.make_game("gandhi", seed=0)
    text = renderer_for(g)(g)
    for name in SPACE_NAMES:
        assert name in text
    assert "Restraint" in text and "Prompt (" in text
