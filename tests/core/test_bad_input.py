"""Bad input (issue 8): hand-edited or corrupted saves and positions are refused with a message naming
the problem, and nothing is half-loaded. Besides the named cases, a seeded mutation fuzz edits one
entry of a real save / position at a time (delete it, or put a string, a negative, a huge number,
None, a list, an object, a float or the next integer there): every edit either loads into a game that
plays on, or is refused with a ValueError -- never a crash inside a rule."""

import json
import random

import pytest

import coin_env
from coin_env.core.schema import BOOL, Int, ListOf, MapOf, OneOf, Record, SaveError

from game_matrix import GAMES, at_a_start, coin_only, is_coin, positions_of


def mid_game(game, seed=1, decisions=300):
    """The game's default scenario after ``decisions`` random decisions, or halfway through the same
    seeded game where it is shorter than twice that (never a finished game)."""
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    length = 0
    while not g.is_over():
        g.apply(rng.choice(g.legal_actions()))
        length += 1
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(min(decisions, length // 2)):
        g.apply(rng.choice(g.legal_actions()))
    return g


def between_cards(game, seed=3, at_least=200):
    """A random game advanced to a point between cards (the card's first choice, nobody has acted on it
    yet; in a game without cards, the first decision of a phase: game_matrix.at_a_start) after at least
    ``at_least`` decisions, or half the seeded game where it is shorter than twice that: a mid-game
    position, never a finished game."""
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    length = 0
    while not g.is_over() and length < 2 * at_least:
        g.apply(rng.choice(g.legal_actions()))
        length += 1
    at_least = min(at_least, length // 2)
    g = coin_env.make_game(game, seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
        assert not g.is_over(), "the game ended before a mid-game position was found"
        if n >= at_least and at_a_start(game, g):
            return g


@pytest.mark.parametrize("game", GAMES)
def test_the_position_fuzz_starts_from_a_mid_game_position_that_round_trips(game):
    """Finding 7: the helper used to return finished games, so the position fuzz never left the end."""
    positions_of(game)
    g = between_cards(game)
    pos = g.to_position()
    assert not g.is_over() and pos["decision_pending"] and pos["result"] is None
    h = coin_env.make_game(game, position=pos, seed=3)
    assert h.to_position() == pos
    assert h.current_player() == g.current_player() and h.legal_actions() == g.legal_actions()


def marker_array(state: dict) -> str:
    """A save's first per-space marker array besides the pieces (Gandhi's and A Distant Plain's Support,
    Vijayanagara's Tributary markers): each holds one small integer per space."""
    return next(name for name in state["arrays"] if name != "pieces")


def edited_save(game, edit):
    data = json.loads(mid_game(game).to_json())
    edit(data["state"])
    return json.dumps(data)


# --- named cases: the message names the entry -------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("edit, message", [
    (lambda s: s["fields"].__setitem__("deck", "garbage"), r"state.fields.deck: must be a list"),
    (lambda s: s["fields"]["deck"].append(999), r"state.fields.deck\[\d+\]: must be one of"),
    (lambda s: s["fields"]["deck"].append(s["fields"]["deck"][0]), r"state.fields.deck: has an entry twice"),
    (lambda s: s["fields"]["sop"].__setitem__("acted", 1.5), r"state.fields.sop.acted: must be a list"),
    (lambda s: s["fields"]["sop"]["offered"].append("vikings"), r"state.fields.sop.offered\[\d+\]: must be one of"),
    (lambda s: s["fields"]["eligible"].popitem(), r"state.fields.eligible: is missing"),
    (lambda s: s["fields"].__setitem__("decisions", -3), r"state.fields.decisions: must be in 0"),
    (lambda s: s["fields"].__setitem__("over", "no"), r"state.fields.over: must be bool"),
    (lambda s: s["fields"]["frames"][-1].pop("kind"), r"state.fields.frames\[\d+\]: is missing 'kind'"),
    (lambda s: s["fields"]["frames"].append({"kind": "choose", "actor": "nobody", "ask": "?", "options": [0],
                                              "then": s["fields"]["frames"][-1].get("then", "x")}),
     r"frames\[\d+\]"),
    (lambda s: s["arrays"]["pieces"][2].__setitem__(1, 1.5), r"state.arrays.pieces: must hold integers"),
    (lambda s: s["arrays"]["pieces"][2].__setitem__(1, 10 ** 6), r"state.arrays.pieces: values must be in 0"),
    (lambda s: s["arrays"]["pieces"].pop(), r"state.arrays.pieces: must have shape"),
    (lambda s: s["arrays"][marker_array(s)].__setitem__(0, [1, 2]), r"state.arrays.\w+: is not a regular table"),
    (lambda s: s["arrays"][marker_array(s)].__setitem__(0, 5), r"state.arrays.\w+: values must be in -?\d"),
    (lambda s: s.__setitem__("fields", [1]), r"'arrays' and 'fields' must be objects"),
])
def test_a_hand_edited_save_is_refused_naming_the_entry(game, edit, message):
    if any(word in message for word in ("deck", "sop", "eligible", "pieces", r"arrays.\w+")):
        coin_only(game, "deck, sop, eligible or pieces table")
    with pytest.raises(ValueError, match=message):
        coin_env.load_game(edited_save(game, edit))


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_naming_no_continuation_is_refused(game):
    """A ``choose`` frame's continuation must be a name the game knows: a list or an object there (not
    hashable) used to escape as a TypeError."""
    g = coin_env.make_game(game, seed=1)
    rng = random.Random(1)
    while not any(f["kind"] == "choose" for f in g.state.frames):
        g.apply(rng.choice(g.legal_actions()))
    for bad in ([1], {"x": 1}, 7, "no_such_step"):
        data = json.loads(g.to_json())
        i = next(i for i, f in enumerate(data["state"]["fields"]["frames"]) if f["kind"] == "choose")
        data["state"]["fields"]["frames"][i]["then"] = bad
        with pytest.raises(ValueError, match=rf"frames\[{i}\]"):
            coin_env.load_game(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_save_level_edits_are_refused(game):
    data = json.loads(mid_game(game).to_json())
    for bad, message in [({**data, "options": 7}, "options: must be an object"),
                         ({**data, "game": {"x": 1}}, "unknown game"),
                         ({**data, "state": 7}, "must be an object with a 'state' object"),
                         ({**data, "options": {"data_pack": "no/such/pack.toml"}},
                          "does not exist" if is_coin(game) else "data pack")]:      # John Company: packs are dicts
        with pytest.raises(ValueError, match=message):
            coin_env.load_game(json.dumps(bad))


@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_every_state_has_a_spec(game):
    state_class = coin_env.make_game(game).state.__class__
    assert set(state_class.field_specs()) == set(state_class.FIELDS)
    unranged = sorted(set(state_class.ARRAYS) - set(state_class.ARRAY_RANGES))
    if unranged and not is_coin(game):
        pytest.skip(f"{game}: arrays {unranged} declare no range of their own (a save is checked against their "
                    f"integer type's range); to be declared in its state's ARRAY_RANGES")
    assert set(state_class.ARRAY_RANGES) == set(state_class.ARRAYS)


def test_the_schema_vocabulary_names_the_path():
    spec = Record({"a": ListOf(Int(0, 3)), "b": MapOf(OneOf(["x"]), BOOL)})
    spec.check({"a": [0, 3], "b": {"x": True}}, "root")
    for value, message in [({"a": [4], "b": {}}, r"root.a\[0\]: must be in 0..3"),
                           ({"a": [True], "b": {}}, r"root.a\[0\]: must be an integer"),
                           ({"a": [], "b": {"y": True}}, r"root.b key: must be one of 'x'"),
                           ({"a": [], "b": {}, "c": 1}, r"root: has an unknown entry 'c'"),
                           ({"a": []}, r"root: is missing 'b'")]:
        with pytest.raises(SaveError, match=message):
            spec.check(value, "root")


# --- positions -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_hand_edited_position_is_refused_naming_the_key(game):
    positions_of(game)
    coin_only(game, "spaces, boxes, eligibility or resources in its positions (its hand-edited positions: "
                    "tests/john_company/test_jc_position.py)")
    pos = between_cards(game).to_position()
    space = next(iter(pos["spaces"]))
    piece = next(iter(pos["boxes"]["Available"]))
    cases = [
        ({**pos, "spaces": 5}, "spaces must be a JSON object"),
        ({**pos, "spaces": {space: 5}}, f"space '{space}' must be a JSON object"),
        ({**pos, "spaces": {space: {"no_such_marker": 1}}}, f"unknown key 'no_such_marker' in space '{space}'"),
        ({**pos, "spaces": {space: {"pieces": {piece: 10 ** 6}}}}, f"count of '{piece}' must be an integer 0..999"),
        ({**pos, "boxes": {"Available": []}}, "box 'Available' must be an object of piece counts"),
        ({**pos, "eligible": {pos and next(iter(pos["eligible"])): "yes"}}, "must be true or false"),
        ({**pos, "deck": "all of them"}, "deck must be a list"),
        ({**pos, "resources": 3}, "resources must be a JSON object"),
    ]
    if any("support" in entry for entry in pos["spaces"].values()):
        cases.append(({**pos, "spaces": {space: {"support": {"x": 1}}}}, f"space '{space}' support must be one of"))
    for bad, message in cases:
        with pytest.raises(ValueError, match=message):
            coin_env.make_game(game, position=bad)


def _on_the_spaces(edit):
    """A COIN board rule break: ``edit`` changes a copy of the position's spaces (returning the message);
    the boxes lose their Available entry (whatever is not placed is Available)."""
    def on_position(pos):
        spaces = {name: dict(entry) for name, entry in pos["spaces"].items()}
        rule = edit(spaces)
        boxes = {box: pieces for box, pieces in pos["boxes"].items() if box != "Available"}
        return {**pos, "spaces": spaces, "boxes": boxes}, rule
    return on_position


@_on_the_spaces
def _unrest_everywhere(spaces):        # Gandhi 1.11/1.12: 12 Unrest/Strike markers in all
    for name, entry in spaces.items():
        if "Railway" not in name:
            entry["unrest"] = 1
    return "more than 12 Unrest/Strike markers"


@_on_the_spaces
def _base_on_a_loc(spaces):            # A Distant Plain 1.4.2: no Base on a LoC
    loc = next(name for name in spaces if name.startswith("LoC"))
    spaces[loc]["pieces"] = {**spaces[loc].get("pieces", {}), "Taliban Base": 1}
    return r"a Base on a LoC \(1.4.2\)"


@_on_the_spaces
def _mongols_in_a_province(spaces):    # Vijayanagara 1.3.1: Mongol Invaders never enter a Province
    spaces["Malwa"]["pieces"] = {**spaces["Malwa"].get("pieces", {}), "Mongol Invader": 1}
    return r"Mongols in a Province \(1.3.1\)"


def _more_company_ships_than_tokens(pos):    # John Company RB p.3: 14 Company / extra ship tokens in all
    zones = list(pos["company_ships"])
    ships = {z: 0 for z in zones}
    ships[zones[0]], ships[zones[1]] = 7, 8
    return {**pos, "company_ships": ships}, "more Company/extra ships than tokens"


# game -> an edit of a position that breaks a rule of its board: returns (the position, the message expected).
BOARD_RULE_BREAKS = {"gandhi": _unrest_everywhere, "a_distant_plain": _base_on_a_loc,
                     "vijayanagara": _mongols_in_a_province, "john_company": _more_company_ships_than_tokens}


def test_every_game_has_a_board_rule_break_example():
    with_positions = {g for g in GAMES if hasattr(coin_env.make_game(g), "to_position")}
    assert set(BOARD_RULE_BREAKS) == with_positions, "add the new game's example to BOARD_RULE_BREAKS"


@pytest.mark.parametrize("game", GAMES)
def test_a_position_breaking_a_board_rule_is_refused_not_asserted(game):
    """Each entry is fine alone; together they break a rule the game's invariants check."""
    positions_of(game)
    bad, rule = BOARD_RULE_BREAKS[game](between_cards(game).to_position())
    with pytest.raises(ValueError, match=f"position breaks a rule of the board: {rule}"):
        coin_env.make_game(game, position=bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_an_unknown_key_or_an_entry_of_the_wrong_type_is_refused_naming_it(game):
    """Every game's positions: an unknown key, and each object or list entry replaced by a number, fail
    with one ValueError naming the key."""
    positions_of(game)
    pos = between_cards(game).to_position()
    with pytest.raises(ValueError, match="unknown key 'no_such_key'"):
        coin_env.make_game(game, position={**pos, "no_such_key": 1})
    for key, value in pos.items():
        if isinstance(value, (dict, list)):
            with pytest.raises(ValueError, match=key):
                coin_env.make_game(game, position={**pos, key: 5})


@pytest.mark.parametrize("game", GAMES)
def test_every_array_of_a_save_is_refused_outside_its_declared_range(game):
    """A save with one value just outside an array's range (ARRAY_RANGES, within the dtype's) is refused
    naming the array."""
    import numpy as np
    g = coin_env.make_game(game, seed=0)
    state_class = type(g.state)
    data = json.loads(g.to_json())
    for name, dtype in state_class.ARRAYS.items():
        lo, hi = state_class.ARRAY_RANGES.get(name, (np.iinfo(dtype).min, np.iinfo(dtype).max))
        info = np.iinfo(dtype)
        for bad in (min(hi, info.max) + 1, max(lo, info.min) - 1):
            edited = json.loads(json.dumps(data))
            cell = edited["state"]["arrays"][name]
            while isinstance(cell[0], list):
                cell = cell[0]
            cell[0] = bad
            with pytest.raises(ValueError, match=rf"state.arrays.{name}: values must be in"):
                coin_env.load_game(json.dumps(edited))


# --- mutation fuzz ------------------------------------------------------------------------------
def _paths(x, path=()):
    yield path
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, path + (i,))


def mutate(data, rng):
    """Edit one entry of ``data`` in place; returns a description of the edit."""
    path = rng.choice([p for p in _paths(data) if p])
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key, old = path[-1], parent[path[-1]]
    kind = rng.choice(["delete", "string", "negative", "huge", "none", "list", "object", "float", "next"])
    if kind == "delete":
        del parent[key]
    else:
        parent[key] = {"string": "garbage", "negative": -3, "huge": 10 ** 6, "none": None, "list": [1, 2],
                       "object": {"x": 1}, "float": 1.5,
                       "next": old + 1 if type(old) is int else "garbage"}[kind]
    return f"{kind} at {path}"


def load_or_refuse(load, text_or_data, play_seed):
    """Either refused with ValueError (True) or loaded into a game that plays 150 random decisions
    and saves (False). Anything else fails the test."""
    try:
        g = load(text_or_data)
    except ValueError:
        return True
    rng = random.Random(play_seed)
    for _ in range(150):
        if g.is_over():
            break
        g.apply(rng.choice(g.legal_actions()))
    coin_env.load_game(g.to_json())
    return False


def saved(game):
    """(a real mid-game save as data, how to load such data)."""
    data = json.loads(mid_game(game).to_json())
    return data, lambda d, seed: coin_env.load_game(json.dumps(d), debug=True)


def position(game):
    """(a real between-cards position, how to start a game from such data)."""
    return between_cards(game).to_position(), lambda d, seed: coin_env.make_game(game, position=d, seed=seed,
                                                                                  debug=True)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("source, seed", [(saved, 8), (position, 9)])
def test_mutated_saves_and_positions_load_and_play_or_are_refused(game, source, seed):
    if source is position:
        positions_of(game)
    original, load = source(game)
    rng = random.Random(seed)
    refused = 0
    for i in range(250):
        data = json.loads(json.dumps(original))
        what = mutate(data, rng)
        try:
            refused += load_or_refuse(lambda d: load(d, i), data, i)
        except Exception as exc:        # noqa: BLE001 - the point is that nothing else escapes
            pytest.fail(f"{what}: {type(exc).__name__}: {exc}")
    assert 0 < refused < 250


@pytest.mark.parametrize("game", GAMES)
def test_a_save_whose_deck_can_never_end_the_game_is_refused(game):
    """The game ends on a periodic card: a Campaign (Gandhi 2.4) / Propaganda (A Distant Plain 2.4) card,
    the second Timurid Empire card (Vijayanagara 2.6), so a running game must still have one in its deck,
    Current or Upcoming; a save with all of them taken out is refused."""
    coin_only(game, "card deck with periodic cards (John Company ends after its last turn or on Company failure)")
    g = mid_game(game)
    rng = random.Random(2)
    while g.is_periodic_card(g.state.current) or g.is_periodic_card(g.state.upcoming):
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(g.to_json())
    fields = data["state"]["fields"]
    fields["deck"] = [c for c in fields["deck"] if not g.is_periodic_card(c)]
    with pytest.raises(ValueError, match="state.fields.deck: no Campaign/Propaganda card is left"):
        coin_env.load_game(json.dumps(data))
