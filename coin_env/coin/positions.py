"""Reading and validating the pieces of readable positions (``make_game(..., position=...)``):
small checks shared by the COIN games' ``setup.state_from_position``. Every error names the key."""

from __future__ import annotations

import json


def check_keys(entry, allowed, where: str) -> None:
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be a JSON object, not {entry!r}")
    for key in entry:
        if key not in allowed:
            raise ValueError(f"unknown key {key!r} in {where}; allowed: {sorted(allowed)}")


def read_int(value, lo: int, hi: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{where} must be an integer {lo}..{hi}, not {value!r}")
    return value


def read_pieces(pieces, piece_index: dict[str, int], where: str, most: int = 999) -> dict[int, int]:
    """``{"piece name": count}`` -> ``{column: count}`` (no count above ``most``: the force-pool
    check comes later, but a count must first fit the board's integer type)."""
    if not isinstance(pieces, dict):
        raise ValueError(f"{where} must be an object of piece counts, not {pieces!r}")
    out = {}
    for name, n in pieces.items():
        if name not in piece_index:
            raise ValueError(f"{where}: unknown piece {name!r}; pieces: {sorted(piece_index)}")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= most:
            raise ValueError(f"{where}: count of {name!r} must be an integer 0..{most}, not {n!r}")
        out[piece_index[name]] = n
    return out


def read_choice(value, choices, where: str):
    """One of ``choices`` (a dict's keys or a sequence), by value."""
    if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in choices:
        raise ValueError(f"{where} must be one of {list(choices)}, not {value!r}")
    return value


def read_bool(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{where} must be true or false, not {value!r}")
    return value


def _read_type(value, kind: type, what: str, where: str):
    if not isinstance(value, kind):
        raise ValueError(f"{where} must be {what}, not {value!r}")
    return value


def read_object(value, where: str) -> dict:
    return _read_type(value, dict, "a JSON object", where)


def read_list(value, where: str) -> list:
    return _read_type(value, list, "a list", where)


def fill_available(pieces, force_pool: dict[int, int], pair_of: dict[int, int], available: int,
                   available_given: bool, piece_names: list[str]) -> None:
    """Whatever a position does not place is Available -- unless it gives the Available box in
    full, when the totals must match the force pool. ``pair_of`` maps a piece column to the other
    column counted with it (Guerrillas' two states)."""
    for piece, total in force_pool.items():
        cols = [piece] + ([pair_of[piece]] if piece in pair_of else [])
        placed = int(sum(pieces[:, c].sum() for c in cols))
        if available_given and placed != total:
            raise ValueError(f"position accounts for {placed} {piece_names[piece]} pieces; the game has {total}")
        if placed > total:
            raise ValueError(f"position has {placed} {piece_names[piece]} pieces; the game has {total}")
        if not available_given:
            pieces[available, piece] += total - placed


def validate_non_players(value, factions: tuple[str, ...], game: str) -> list[str]:
    """Option ``non_players``: a list of factions, returned in the game's faction order."""
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        raise ValueError(f"{game} option 'non_players' must be a list of factions, not {value!r}")
    unknown = [f for f in value if f not in factions]
    if unknown:
        raise ValueError(f"{game} option 'non_players' names unknown factions {unknown}; factions: {list(factions)}")
    return [f for f in factions if f in value]


def validate_data_pack_option(value):
    """Option ``data_pack``: a file path or the pack itself as a dict (or None)."""
    if value is not None and not isinstance(value, (str, dict)):
        raise ValueError(f"option 'data_pack' must be a file path or a dict, not {value!r}")
    return value


def validate_choice_options(options: dict, table: dict, game: str, special: dict) -> dict:
    """Options from a table ``{key: (allowed values or None, default)}``; ``special`` maps a key to
    its own validator ``value -> value``. Unknown keys and values outside the allowed ones fail with
    the key named."""
    if not isinstance(options, dict):
        raise ValueError(f"{game} options must be a dict, not {options!r}")
    out = {k: default for k, (_, default) in table.items()}
    for key, value in options.items():
        if key not in table:
            raise ValueError(f"unknown {game} option {key!r}; known options: {sorted(table)}")
        if key in special:
            out[key] = special[key](value)
            continue
        allowed, _ = table[key]
        if value not in allowed:
            raise ValueError(f"{game} option {key!r} must be one of {list(allowed)}, not {value!r}")
        out[key] = value
    return out


def initial_state(scenario: str, seed: int, position: dict | None, scenarios: dict, game: str,
                  scenario_state, state_from_position):
    """The state a new game starts from: a readable position if one is given, else the scenario's
    set-up (an unknown scenario fails naming the known ones)."""
    if position is not None:
        state = state_from_position(position, seed)
        # The built state must also pass the checks a saved game does (shapes, ranges, and the game's
        # invariants once the game is built), so a position cannot smuggle in what a save could not.
        check_plain_state(state, "position")
        return state
    if scenario not in scenarios:
        raise ValueError(f"unknown {game} scenario {scenario!r}; choose from {sorted(scenarios)}")
    return scenario_state(scenario, seed)


def check_plain_state(state, what: str) -> None:
    """Raise ValueError if ``state`` would not load back from its own save (core.state checks)."""
    try:
        type(state).from_dict(state.to_dict())
    except ValueError as exc:
        raise ValueError(f"{what} gives an impossible state: {exc}") from None


def check_invariants(game, position) -> None:
    """A game built from a readable position must satisfy the game's invariants (piece totals, marker
    limits, tracks); a breach is bad input, so it is a ValueError naming the rule, not an assertion.
    The derived entries a position may repeat (victory totals, the decision pending, a finished game's
    result) must be the ones the board gives: a stale copy means the position is not what it says."""
    if position is None:
        return
    try:
        game.check_invariants()
    except AssertionError as exc:
        raise ValueError(f"position breaks a rule of the board: {exc}") from None
    totals = position.get("victory_totals")
    if totals is not None:
        read_object(totals, "victory_totals")
        board = game.victory_totals()
        if totals != board:
            raise ValueError(f"victory_totals = {totals!r}, but the board gives {board!r} (they are derived: "
                             f"leave the key out after editing the board)")
    if game.state.over:
        game.check_result()
        return
    pending = position.get("decision_pending")
    if pending is not None:
        if not isinstance(pending, str):
            raise ValueError(f"decision_pending must be a string or null, not {pending!r}")
        game.advance()
        if pending != game.prompt():
            raise ValueError(f"decision_pending = {pending!r}, but this position starts at {game.prompt()!r}: "
                             f"positions load between cards; use load_game() for a save taken mid-card")


def read_header(pos: dict, game: str, scenarios: dict) -> str:
    """The ``game`` key (this game's name, if given) and the ``scenario`` label: a scenario of the game
    or "custom" (the default)."""
    name = pos.get("game", game)
    if name != game:
        raise ValueError(f"position is for game {name!r}, not {game!r}")
    return read_choice(pos.get("scenario", "custom"), [*scenarios, "custom"], "scenario")


RESULT_KEYS = {"winner", "winners", "ranking", "margins", "reason", "rule", "degree", "players", "scores"}


def read_result(pos: dict, state) -> bool:
    """``result``: a finished game's outcome (as ``to_position`` writes it). The game loads finished
    with it -- no card is played again; its consistency with the board is checked once the game is
    built (CoinGame.check_result). Returns whether the position is of a finished game."""
    result = pos.get("result")
    if result is None:
        return False
    check_keys(result, RESULT_KEYS, "result")
    for key in ("winner", "ranking", "margins"):
        if key not in result:
            raise ValueError(f"result must give {key!r}")
    if not isinstance(result["ranking"], list) or not isinstance(result["margins"], dict):
        raise ValueError("result.ranking must be a list of factions and result.margins an object")
    spec = state.field_specs().get("result")
    if spec is not None:
        spec.check(result, "result")
    state.result = json.loads(json.dumps(result))
    state.over = True
    return True
