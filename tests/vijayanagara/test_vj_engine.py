"""Engine contract for Vijayanagara through the game module (tests/core runs the shared contract on it
too, now that it is registered): random games end, determinism, JSON round trip at any decision, clones
independent."""

import json
import random

import pytest

from coin_env.games.vijayanagara.game import VijayanagaraGame
from vj_helpers import new_game


def random_game(seed, check_every=0):
    g = new_game(seed)
    r = random.Random(seed)
    trail = []
    while not g.is_over():
        legal = g.legal_actions()
        assert legal, g.prompt()
        a = r.choice(legal)
        trail.append(a)
        if check_every and len(trail) % check_every == 0:
            copy = VijayanagaraGame.from_dict(json.loads(g.to_json()), debug=True)
            assert copy.legal_actions() == legal and copy.prompt() == g.prompt()
            clone = g.clone()
            clone.apply(a)
            copy.apply(a)
            assert copy.to_json() == clone.to_json()
        g.apply(a)
        assert len(trail) < 5000
    return g, trail


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end(seed):
    g, trail = random_game(seed, check_every=7)
    s = g.state
    assert s.over and s.result["winner"] in ("ds", "bk", "ve") and s.timurid_played == 2
    assert g.current_player() is None and g.legal_actions() == []


def test_deterministic():
    a, ta = random_game(11)
    b, tb = random_game(11)
    assert ta == tb and a.to_json() == b.to_json()


def test_clone_is_independent():
    g = new_game(3)
    c = g.clone()
    c.apply(c.legal_actions()[-1])
    assert g.to_json() != c.to_json()
    assert g.state.data is c.state.data


def test_finished_game_round_trips():
    g, _ = random_game(2)
    back = VijayanagaraGame.from_dict(json.loads(g.to_json()))
    assert back.is_over() and back.state.result == g.state.result


def test_position_round_trip_between_cards():
    from coin_env.games.vijayanagara import game as vj
    g = new_game(5)
    pos = g.to_position()
    pos["decision_pending"] = None
    h = vj.new_game(seed=5, position=pos, debug=True)
    for key in ("resources", "cavalry", "influence", "spaces", "boxes", "victory_totals", "eligible"):
        assert h.to_position()[key] == pos[key], key


def test_two_hundred_random_games_end_with_a_winner():
    """The core contract's 200-game check (debug invariants after every step)."""
    winners = {}
    for seed in range(200):
        g, _ = random_game(1000 + seed)
        winners[g.winner()] = winners.get(g.winner(), 0) + 1
    assert sum(winners.values()) == 200 and set(winners) <= {"ds", "bk", "ve"}


def test_save_at_every_decision_continues_identically():
    g = new_game(21)
    r = random.Random(21)
    while not g.is_over():
        copy = VijayanagaraGame.from_dict(json.loads(g.to_json()))
        a = r.choice(g.legal_actions())
        copy.apply(a)
        g.apply(a)
        assert copy.to_json() == g.to_json()


def test_wrong_player_numpy_actions_and_after_the_end():
    import numpy as np
    from coin_env.core.game import IllegalActionError
    g, _ = random_game(7)
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply(0)
    g = new_game(7)
    mover = g.current_player()
    other = next(f for f in g.factions if f != mover)
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        g.apply(g.legal_actions()[0], player=other)
    assert g.to_json() == before
    h = g.clone()
    a = g.legal_actions()[-1]
    g.apply(np.int64(a))
    h.apply(a)
    assert g.to_json() == h.to_json()


def test_clone_shares_no_mutable_object():
    g, _ = random_game(9)
    g = new_game(9)
    r = random.Random(9)
    for _ in range(150):
        if g.is_over():
            break
        c = g.clone()
        for name in type(g.state).FIELDS + type(g.state).CORE_FIELDS + tuple(type(g.state).ARRAYS):
            a, b = getattr(g.state, name), getattr(c.state, name)
            if isinstance(a, (list, dict)) or hasattr(a, "shape"):
                assert a is not b, name
        g.apply(r.choice(g.legal_actions()))


@pytest.mark.parametrize("flags, message", [
    ({"moved": 1.5}, r"state.fields.turn.flags.moved: must be an object"),
    ({"attack_used": {"99": {"0": 1}}}, r"state.fields.turn.flags.attack_used key: must be one of"),
    ({"free": "yes"}, r"state.fields.turn.flags.free: must be bool"),
    ({"teleported": True}, r"state.fields.turn.flags: has an unknown entry 'teleported'"),
])
def test_a_save_with_bad_turn_flags_is_refused_naming_the_entry(flags, message):
    """Regression (save-mutation fuzz): the turn flags of a Command in progress (3.1.2 each Unit moves or
    attacks once; 2.5.2 a free Command; 3.3.2 / 3.4.2 one Influence shift) are checked on load, not read
    by a rule that crashes on them."""
    g = new_game(12)
    r = random.Random(12)
    while g.state.turn is None or g.state.turn["kind"] == "pass":
        g.apply(r.choice(g.legal_actions()))
    data = json.loads(g.to_json())
    data["state"]["fields"]["turn"]["flags"] = flags
    with pytest.raises(ValueError, match=message):
        VijayanagaraGame.from_dict(data)


def test_control_for_every_space_at_once_is_the_one_space_reading_1_7():
    """1.7: the vectorised Control the observation, the log and the victory totals read
    (board.control_codes) is board.controller's reading of each space, along random games."""
    from coin_env.games.vijayanagara import board
    from coin_env.games.vijayanagara.state import CONTROL_CODE
    from coin_env.games.vijayanagara.static import N_SPACES
    seen = set()
    for seed in range(3):
        g = new_game(seed)
        r = random.Random(seed)
        while not g.is_over():
            codes = board.control_codes(g.state).tolist()
            expect = [CONTROL_CODE.get(board.controller(g.state, sp), 0) for sp in range(N_SPACES)]
            assert codes == expect
            seen.update(codes)
            g.apply(r.choice(g.legal_actions()))
    assert 0 in seen and ({2, 3} & seen)      # Provinces without Control and with a faction's Control occur


def _save_where(seed, found):
    """A random game's save at the first decision where ``found(game)`` holds."""
    g = new_game(seed)
    r = random.Random(seed)
    while not found(g):
        g.apply(r.choice(g.legal_actions()))
    return g, json.loads(g.to_json())


def _refused(data, message):
    with pytest.raises(ValueError, match=message):
        VijayanagaraGame.from_dict(data)


def test_saves_whose_decision_stack_cannot_be_are_refused_naming_the_entry():
    """Regressions of the save-mutation fuzz (tests/core/test_bad_input.py): each edit used to load and then
    break a rule later; now the load refuses it, naming the entry."""
    # an automatic frame's faction (2.5.2 Rise: the faction whose free Command is pending)
    g, data = _save_where(3, lambda g: any(f["kind"] == "vj_rise" for f in g.state.frames))
    i = next(i for i, f in enumerate(data["state"]["fields"]["frames"]) if f["kind"] == "vj_rise")
    data["state"]["fields"]["frames"][i]["actor"] = "garbage"
    _refused(data, rf"frames\[{i}\].actor: must be one of")
    # 2.4-2.6: a special card in play is executed to its end (the bottom frame ends it)
    g, data = _save_where(3, lambda g: g.state.frames and g.state.frames[0]["kind"] == "vj_card_end"
                          and len(g.state.frames) > 1)
    del data["state"]["fields"]["frames"][0]
    _refused(data, "executed to its end")
    # the Command chosen is one of the faction's (3.0): a Decree in its place is refused
    g, data = _save_where(5, lambda g: g.prompt().endswith(": choose the Command"))
    frame = data["state"]["fields"]["frames"][-1]
    frame["options"] = [g.sa_action("tax")]
    _refused(data, r"options: must be Commands of")
    # a turn's frames need the turn record
    g, data = _save_where(5, lambda g: any(f["kind"] == "op_select" for f in g.state.frames))
    data["state"]["fields"]["turn"] = None
    _refused(data, "needs the turn it belongs to")
    data = json.loads(g.to_json())
    frames = data["state"]["fields"]["frames"]
    i = next(i for i, f in enumerate(frames) if f["kind"] == "sop_turn_end")
    del frames[i]["step"]
    _refused(data, rf"frames\[{i}\]: is missing 'step'")


def test_saves_whose_cards_cannot_be_are_refused_2_2_2_6():
    g, data = _save_where(8, lambda g: g.state.decisions > 40 and not g.state.frames[0]["kind"] == "vj_card_end")
    fields = data["state"]["fields"]
    bad = json.loads(json.dumps(data))
    bad["state"]["fields"]["current"] = None
    _refused(bad, "state.fields.current: a game in play has a Current card")
    bad = json.loads(json.dumps(data))
    bad["state"]["fields"]["deck"][0] = fields["played"][0]
    _refused(bad, "a card is in two places")
    bad = json.loads(json.dumps(data))
    bad["state"]["fields"]["timurid_played"] = 1
    _refused(bad, "state.fields.timurid_played: is 1, but 0 Timurid")
