"""Setting up Vijayanagara: options, the set-up and deck construction (2.1), and readable positions
(``to_position`` / ``make_game(..., position=...)``, loaded between cards)."""

from __future__ import annotations

import json

from ...coin.positions import (SEQUENCE_KEYS, apply_sequence, check_invariants, check_keys, fill_available,
                               initial_state, mid_card, read_bool, read_choice, read_header, read_int, read_list,
                               read_object, read_pieces, read_result, read_sequence, read_spaces, sequence_to_position,
                               validate_choice_options, validate_data_pack_option, validate_non_players)
from . import board
from .actions import DID_NAMES
from .data import cards as carddata
from .data.pieces import (AMIR, CAVALRY_TOKENS, FACTIONS, FORCE_POOL, INFLUENCE_SLOTS, MAX_INFLUENCE, MAX_RESOURCES,
                          PAIR_OF, PIECE_NAMES, RAJA, UNITS_PER_SLOT)
from .data.scenarios import SCENARIOS
from .state import VijayanagaraState
from .static import AVAILABLE, BK_TRACK, INDEX, IS_PROVINCE, LOCATION_NAMES, N_SPACES, SPACE_NAMES, VE_TRACK

GAME = "Vijayanagara"
PIECE_INDEX = {name: i for i, name in enumerate(PIECE_NAMES)}
BOTH_STATES = {q: p for p, q in PAIR_OF.items()}     # Amir -> Rebelling Amir, Raja -> Rebelling Raja
BOX_LOCATIONS = {"Available": AVAILABLE, "Bahmani Influence track": BK_TRACK,
                 "Vijayanagara Influence track": VE_TRACK}
OPTIONS = {
    "non_players": (None, []),            # no Non-Player system yet (1.5.1): must stay empty
    # Optional rule "Timur's Shadow": once the first Timurid Empire card is drawn, every Command is
    # limited to one space (a Decree may still come with it where the option allows).
    "timurs_shadow": ((False, True), False),
    # 1.5.2 Negotiation: Resources and Cavalry tokens change hands, as gifts at the end of a faction's
    # turn (rules/transfers.py). Off by default.
    "transfers": ((False, True), False),
    # 1.3.1 / 2.1: "builtin" plays the map's Prosperity (data/map.py or a data pack); "random" draws, per
    # game from its seed, one of the 924 assignments the rules allow (each Province 1 or 2, the twelve
    # totalling Delhi's 18 starting VP), for robustness studies. The draw becomes the game's data pack.
    "prosperity": (("builtin", "random"), "builtin"),
    "data_pack": (None, None),
}


def validate_options(options: dict) -> dict:
    def strict_bool(key):
        def check(v):
            if not isinstance(v, bool):          # 1 == True in Python: an int must not pass for a switch
                raise ValueError(f"{GAME} option {key!r} must be one of [False, True], not {v!r}")
            return v
        return check

    def non_players(v):
        v = validate_non_players(v, FACTIONS, GAME)
        if v:
            raise ValueError("Vijayanagara option 'non_players': the Non-Player rules (1.5.1) are not public; "
                             "no non-player faction can be run")
        return v
    switches = {key: strict_bool(key) for key, (allowed, _) in OPTIONS.items() if allowed == (False, True)}
    return validate_choice_options(options, OPTIONS, GAME, {"non_players": non_players,
                                                            "data_pack": validate_data_pack_option, **switches})


def build_game(game_class, scenario: str, seed: int, options: dict, position: dict | None, debug: bool,
               dice: list[int] | None = None):
    options = validate_options(options)
    if options["prosperity"] == "random":
        options["data_pack"] = drawn_prosperity_pack(options["data_pack"], seed, position_prosperity(position))
    data = game_class.load_data(options["data_pack"])
    check_position_prosperity(position, data)
    state = initial_state(scenario, seed, position, SCENARIOS, GAME,
                          lambda name, sd: scenario_state(name, sd, data),
                          lambda pos, sd: state_from_position(pos, sd, data))
    state.data = data
    state.rng.dice = list(dice) if dice else None           # make_game(dice=...): rolls before the first decision
    game = game_class(state, options=options, debug=debug)
    apply_sequence(game, position)
    check_invariants(game, position)
    game.check_invariants() if debug else None
    game.advance()
    return game


def draw_prosperity(seed: int) -> dict[str, int]:
    """Option ``prosperity="random"``: one of the Prosperity assignments the rules allow, drawn uniformly
    from the game's seed (a stream of its own: the deck and dice are those of the same seed without the
    option). 1.3.1: each Province has Prosperity 1 or 2; 2.1 / 5.1: every Province starts Tributary and
    Delhi starts at 18 VP, the total Prosperity of its Tributary Provinces, so the Provinces total 18 --
    with twelve Provinces, six at 2 and six at 1 (924 assignments)."""
    import numpy as np
    from .data.map import TOTAL_PROSPERITY
    from .static import PROVINCES
    n_twos = TOTAL_PROSPERITY - len(PROVINCES)
    rng = np.random.default_rng([int(seed) & (2**64 - 1), 0x50524F53])     # "PROS": not the game's RNG
    twos = set(rng.choice(len(PROVINCES), size=n_twos, replace=False).tolist())
    return {SPACE_NAMES[sp]: 2 if i in twos else 1 for i, sp in enumerate(PROVINCES)}


def position_prosperity(position: dict | None) -> dict[str, int] | None:
    """The Prosperity a position of a ``prosperity="random"`` game carries (``to_position`` writes it):
    the map is the position's, whatever the seed it is loaded with (the seed only gives new dice). A
    position without it is refused: another seed would silently draw another map."""
    if position is None:
        return None
    values = position.get("prosperity")
    if values is None:
        raise ValueError("position of a game with option prosperity='random' must give 'prosperity' (each "
                         "Province's Prosperity, as to_position writes it): the map comes from the position, "
                         "not from the seed")
    values = read_object(values, "prosperity")
    provinces = [SPACE_NAMES[sp] for sp in range(N_SPACES) if IS_PROVINCE[sp]]
    check_keys(values, set(provinces), "prosperity")
    missing = [p for p in provinces if p not in values]
    if missing:
        raise ValueError(f"prosperity must give every Province; missing {missing}")
    return {p: read_int(values[p], 1, 2, f"prosperity.{p}") for p in provinces}


def check_position_prosperity(position: dict | None, data) -> None:
    """A position's ``prosperity`` (when given) is the map the game plays (1.3.1)."""
    values = None if position is None else position.get("prosperity")
    if values is None:
        return
    board_values = map_prosperity(data)
    if values != board_values:
        raise ValueError(f"prosperity = {values!r}, but the game's map gives {board_values!r} (a game with "
                         "option prosperity='random' takes it from the position; otherwise leave it out)")


def map_prosperity(data) -> dict[str, int]:
    """Each Province's Prosperity on the map the game plays (1.3.1), by name."""
    return {SPACE_NAMES[sp]: int(data.prosperity_list[sp]) for sp in range(N_SPACES) if IS_PROVINCE[sp]}


def drawn_prosperity_pack(source, seed: int, values: dict[str, int] | None = None) -> dict:
    """The data pack a game with ``prosperity="random"`` plays: ``source`` (the ``data_pack`` option: None
    for the built-in data, a path or a dict) with every Province's Prosperity replaced by
    :func:`draw_prosperity` (or by ``values``, a position's map). It becomes the game's data, so clones,
    saves and pickles carry the draw."""
    from ...coin.datapack import read
    from .data.map import TOTAL_PROSPERITY
    base, _, name = read(source) if source is not None else ({}, None, "built-in map")
    pack = json.loads(json.dumps(base))
    spaces = pack.setdefault("spaces", {})
    if not isinstance(spaces, dict):
        raise ValueError("option 'prosperity': the data pack's 'spaces' must be a table")
    for province, value in (values or draw_prosperity(seed)).items():
        entry = spaces.setdefault(province, {})
        if not isinstance(entry, dict):
            raise ValueError(f"option 'prosperity': the data pack's spaces.{province!r} must be a table")
        entry["prosperity"] = value
    meta = pack.setdefault("pack", {})
    if isinstance(meta, dict):
        drawn = "from the position" if values else f"drawn from seed {seed}"
        meta["name"] = f"{meta.get('name') or name}, Prosperity {drawn} (1.3.1, total {TOTAL_PROSPERITY})"
    return pack


def _data(data):
    if data is None:
        from .datapack import default
        return default()
    return data


def _track_units(s) -> None:
    """2.1: 2 Units on each Influence-track slot above the marker (1.9)."""
    for f, unit, track in (("bk", AMIR, BK_TRACK), ("ve", RAJA, VE_TRACK)):
        n = UNITS_PER_SLOT * sum(1 for level in INFLUENCE_SLOTS[f] if level > s.influence[f])
        s.pieces[track, unit] = n


def scenario_state(name: str, seed: int, data=None) -> VijayanagaraState:
    """2.1 Map Setup and Deck Construction."""
    sc = SCENARIOS[name]
    s = VijayanagaraState.empty()
    s.data = _data(data)
    s.rng = s.rng.__class__(seed)
    s.scenario = name
    s.influence = dict(sc["influence"])
    _track_units(s)
    for space, pieces in sc["pieces"].items():
        for piece_name, n in pieces.items():
            s.pieces[INDEX[space], PIECE_INDEX[piece_name]] = n
    for sp in range(N_SPACES):
        s.tributary[sp] = 1 if IS_PROVINCE[sp] else 0
    fill_available(s.pieces, FORCE_POOL, BOTH_STATES, AVAILABLE, False, PIECE_NAMES)
    s.resources = dict(sc["resources"])
    s.cavalry = dict(sc["cavalry"])
    s.dynasty = sc["dynasty"]
    s.deck = build_deck(s.rng)
    return s


def build_deck(rng) -> list[int]:
    """2.1 steps 1-7: shuffle the Event and Mongol Invasion cards apart; deal 4 stacks of 6 Events
    (12 unused); 2 Mongol Invasion cards into each of the first three (2 unused), both Timurid cards
    into the fourth; pile stack 1, Zenith, stack 2, Rise, stack 3, Lords, stack 4 (top to bottom)."""
    events = list(range(1, carddata.N_EVENT_CARDS + 1))
    mongols = list(carddata.MONGOL_CARDS)
    rng.shuffle(events)
    rng.shuffle(mongols)
    stacks = []
    for i in range(carddata.STACKS):
        stack = events[i * carddata.EVENTS_PER_STACK:(i + 1) * carddata.EVENTS_PER_STACK]
        stack += (mongols[i * 2:i * 2 + 2] if i < 3 else list(carddata.TIMURID))
        rng.shuffle(stack)
        stacks.append(stack)
    return (stacks[0] + [carddata.ZENITH] + stacks[1] + [carddata.RISE] + stacks[2] + [carddata.LORDS]
            + stacks[3])


def to_position(game) -> dict:
    s = game.state
    spaces = {}
    for sp, name in enumerate(SPACE_NAMES):
        entry = {}
        pieces = {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[sp]) if n}
        if pieces:
            entry["pieces"] = pieces
        if IS_PROVINCE[sp]:
            entry["tributary"] = bool(s.tributary[sp])
            ctrl = board.controller(s, sp)
            if ctrl:
                entry["control"] = ctrl
        spaces[name] = entry
    random_map = {"prosperity": map_prosperity(s.data)} if game.options.get("prosperity") == "random" else {}
    boxes = {box: {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[loc]) if n}
             for box, loc in BOX_LOCATIONS.items()}
    return {
        "game": "vijayanagara", "scenario": s.scenario,
        "resources": dict(s.resources), "cavalry": dict(s.cavalry), "influence": dict(s.influence),
        "dynasty": s.dynasty, "timurid_played": s.timurid_played,
        "current_card": s.current, "deck": list(s.deck), "played": list(s.played), "eligible": dict(s.eligible),
        **sequence_to_position(game, extra_fields=IN_PROGRESS_FIELDS),
        "forked_boxes": {FORK_NAMES[k]: f for k, f in s.forks.items()},
        "spaces": spaces, "boxes": boxes, "victory_totals": board.victory_totals(s),
        "decision_pending": game.prompt() if s.frames else None, "result": s.result,
        **random_map,           # option prosperity="random": the drawn map travels with the position
    }


_POSITION_KEYS = {"game", "scenario", "resources", "cavalry", "influence", "dynasty", "timurid_played",
                  "current_card", "deck", "played", "eligible", "forked_boxes", "spaces", "boxes", "victory_totals",
                  "decision_pending", "result", "prosperity", *SEQUENCE_KEYS}
# 2.3.3: the two forked boxes of the Sequence of Play, by their printed names.
FORK_NAMES = {"command_decree": "Command and Decree", "event_or_command": "Event or Command"}
FORK_KEYS = {v: k for k, v in FORK_NAMES.items()}
# What the engine keeps in the middle of a special card besides the decision stack (2.4: who runs the Mongols).
IN_PROGRESS_FIELDS = ("mongol_controller",)
_SPACE_KEYS = {"pieces", "tributary", "control"}


def state_from_position(pos: dict, seed: int, data=None) -> VijayanagaraState:
    """A state from a readable position (between cards). Provinces are Tributary unless the position
    says otherwise; pieces not placed are Available, the Influence tracks hold what 1.9 says.
    ``control`` and ``victory_totals`` are derived (checked, never read)."""
    check_keys(pos, _POSITION_KEYS, "position")
    s = VijayanagaraState.empty()
    s.data = _data(data)
    s.rng = s.rng.__class__(seed)
    s.scenario = read_header(pos, "vijayanagara", SCENARIOS)
    for key, hi in (("resources", MAX_RESOURCES), ("cavalry", CAVALRY_TOKENS)):
        values = read_object(pos.get(key, {}), key)
        check_keys(values, set(FACTIONS), key)
        for f, v in values.items():
            getattr(s, key)[f] = read_int(v, 0, hi, f"{key}.{f}")
    if sum(s.cavalry.values()) > CAVALRY_TOKENS:
        raise ValueError(f"cavalry: factions hold more than the {CAVALRY_TOKENS} tokens (1.10)")
    infl = read_object(pos.get("influence", {}), "influence")
    check_keys(infl, {"bk", "ve"}, "influence")
    for f, v in infl.items():
        s.influence[f] = read_int(v, 0, MAX_INFLUENCE, f"influence.{f}")
    s.dynasty = read_choice(pos.get("dynasty", "Khalji"), ["Khalji", "Tughlaq"], "dynasty")
    # 2.6: the game ends right after the second Timurid Empire card, so 2 is only a finished game's, or
    # one in the middle of Timur's invasion (in_progress holds it).
    late = pos.get("result") is not None or "in_progress" in pos
    s.timurid_played = read_int(pos.get("timurid_played", 0), 0, 2 if late else 1, "timurid_played")
    for sp in range(N_SPACES):
        s.tributary[sp] = 1 if IS_PROVINCE[sp] else 0
    for sp, where, entry in read_spaces(pos, INDEX, _SPACE_KEYS, PIECE_INDEX, s.pieces):
        if "tributary" in entry:
            value = read_bool(entry["tributary"], f"{where} tributary")
            if value and not IS_PROVINCE[sp]:
                raise ValueError(f"{where}: only Provinces are Tributary (1.6)")
            s.tributary[sp] = 1 if value and IS_PROVINCE[sp] else 0
    boxes = read_object(pos.get("boxes") or {}, "boxes")
    check_keys(boxes, set(BOX_LOCATIONS), "boxes")
    if "Bahmani Influence track" not in boxes and "Vijayanagara Influence track" not in boxes:
        _track_units(s)
    for box, pieces in boxes.items():
        for col, n in read_pieces(pieces, PIECE_INDEX, f"box {box!r}").items():
            s.pieces[BOX_LOCATIONS[box], col] = n
    fill_available(s.pieces, FORCE_POOL, BOTH_STATES, AVAILABLE,
                   "Available" in boxes, PIECE_NAMES)
    for sp in range(N_SPACES):
        board.refresh(s, sp)
    _position_deck(s, pos)
    elig = read_object(pos.get("eligible", {}), "eligible")
    check_keys(elig, set(FACTIONS), "eligible")
    for f, v in elig.items():
        s.eligible[f] = read_bool(v, f"eligible.{f}")
    forks = read_object(pos.get("forked_boxes", {}), "forked_boxes")
    check_keys(forks, set(FORK_KEYS), "forked_boxes")
    s.forks = {FORK_KEYS[box]: read_choice(f, FACTIONS, f"forked_boxes.{box}") for box, f in forks.items()}
    if s.forks and not mid_card(pos):
        raise ValueError("forked_boxes are taken inside a card: give card_turn too (2.3.3)")
    read_sequence(pos, s, FACTIONS, extra_fields=IN_PROGRESS_FIELDS, did_names=DID_NAMES)
    return s


def _position_deck(s, pos) -> None:
    """The deck (Current card first); by default the 2.1 construction from the position's seed."""
    deck = pos.get("deck")
    cur = pos.get("current_card")
    if deck is None:
        deck = build_deck(s.rng)
        if cur is not None:
            deck = [c for c in deck if c != cur]
    else:
        if not isinstance(deck, list):
            raise ValueError("deck must be a list of card numbers")
        for c in deck:
            read_int(c, 1, max(carddata.ALL_CARDS), "deck card")
        deck = list(deck)
    if cur is not None:
        read_int(cur, 1, max(carddata.ALL_CARDS), "current_card")
    played = [read_int(c, 1, max(carddata.ALL_CARDS), "played card") for c in read_list(pos.get("played", []), "played")]
    if pos.get("deck") is None:
        deck = [c for c in deck if c not in played]
    cards = ([cur] if cur is not None else []) + deck
    if len(set(cards + played)) != len(cards + played):
        raise ValueError("a card is named twice (current_card, deck, played)")
    s.played = played
    if read_result(pos, s) or mid_card(pos):
        # A finished game, or a card in play (2.2): the Current card stays where it lies.
        s.deck, s.current = deck, cur
        return
    s.deck = cards
    need = 2 - s.timurid_played
    if sum(1 for c in cards if c in carddata.TIMURID) < need:
        raise ValueError("position's deck lacks the Timurid Empire cards that end the game (2.6)")


__all__ = ["OPTIONS", "build_game", "build_deck", "draw_prosperity", "drawn_prosperity_pack", "scenario_state", "state_from_position", "to_position",
           "validate_options", "LOCATION_NAMES"]
