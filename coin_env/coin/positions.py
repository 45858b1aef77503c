"""Reading and validating the pieces of readable positions (``make_game(..., position=...)``):
small checks shared by the COIN games' ``setup.state_from_position``. Every error names the key."""

from __future__ import annotations

import json

from ..core.game import EngineError


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


def read_spaces(pos: dict, index: dict[str, int], allowed, piece_index: dict[str, int], pieces):
    """The position's ``spaces``: for each named space, check its keys against ``allowed``, put its
    ``pieces`` on the board array ``pieces`` and yield ``(space, "space 'name'", entry)`` for the game's own
    markers. An unknown space or key fails naming it."""
    for name, entry in read_object(pos.get("spaces", {}), "spaces").items():
        if name not in index:
            raise ValueError(f"unknown space {name!r} in position")
        sp = index[name]
        where = f"space {name!r}"
        check_keys(entry, allowed, where)
        for col, n in read_pieces(entry.get("pieces", {}), piece_index, where).items():
            pieces[sp, col] = n
        yield sp, where, entry


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
    The derived entries a position may repeat (victory totals, the faction order, the decision pending,
    a finished game's result) must be the ones the board gives: a stale copy means the position is not
    what it says. An ``in_progress`` record passes the checks a save's decision stack does."""
    if position is None:
        return
    # The board first: the in_progress trial plays the stack, and would report a board breach it meets as
    # a stack that cannot be restored, hiding which rule the board breaks.
    try:
        game.check_invariants()
    except AssertionError as exc:
        raise ValueError(f"position breaks a rule of the board: {exc}") from None
    if "in_progress" in position:
        try:
            game.validate_loaded()
        except ValueError as exc:
            raise ValueError(f"position's in_progress cannot be restored: {exc}") from None
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
    check_sequence(game, position)
    pending = position.get("decision_pending")
    if pending is not None and not isinstance(pending, str):
        raise ValueError(f"decision_pending must be a string or null, not {pending!r}")
    try:
        game.advance()
    except (EngineError, LookupError, TypeError, AttributeError) as exc:
        raise ValueError(f"position cannot continue from its decision stack: {type(exc).__name__}: {exc}") from None
    check_faction_order(game, position)
    if pending is not None and pending != game.prompt():
        raise ValueError(f"decision_pending = {pending!r}, but this position starts at {game.prompt()!r} "
                         f"(it is derived: leave it out, or give the card_turn / in_progress that lead to it)")


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


# --- the sequence of play, at any decision -------------------------------------------------------------
# A position names where the card stands in plain words (``card_turn``, ``eligibility_next_card``,
# ``lasting``, ``round_phase``); what an Operation or a round in progress has chosen so far is the
# engine's own record (``in_progress``), copied from ``to_position()`` and checked like a save.

DID_NAMES = {"event": "event", "op": "operation", "op_sa": "operation with special activity",
             "limited": "limited operation"}
DID_KEYS = {v: k for k, v in DID_NAMES.items()}
SEQUENCE_KEYS = {"faction_order", "card_turn", "eligibility_next_card", "lasting", "round_phase", "in_progress"}
IN_PROGRESS_CORE = ("frames", "sop", "turn", "card_decisions")


def _card_turn(sop: dict, turn, did_names: dict = DID_NAMES) -> dict:
    """The readable ``card_turn`` of a card's sequence record: who passed, who acted (the 1st Eligible
    first) and what the 1st Eligible did. A faction executing its action now (it chose, it is not done)
    is in neither list: ``in_progress`` holds its action."""
    acting = None
    if isinstance(turn, dict) and turn.get("kind") != "pass" and turn.get("faction") not in sop["acted"]:
        acting = turn.get("faction")
    return {"passed": [f for f in sop["offered"] if f not in sop["acted"] and f != acting],
            "acted": list(sop["acted"]), "first_did": did_names.get(sop["first_did"])}


def _plain_card_turn(game) -> bool:
    """Does the decision stack hold nothing but what the readable entries rebuild: the next Eligible
    faction's sequence-of-play choice (2.3.4), with no action record left over?"""
    s = game.state
    return (s.turn is None and not s.sop["done"] and len(s.frames) == 1
            and s.frames[0] == {"kind": "sop_choice", "actor": game.next_eligible()})


def sequence_to_position(game, extra_fields: tuple = (), lasting_skip: tuple = ()) -> dict:
    """The readable sequence-of-play entries of ``game.to_position()`` (docs/positions.md):

    * ``faction_order``: the Current Event card's faction order (2.3.2; derived from the card);
    * ``card_turn``: who has been offered the card and passed, who acted (the 1st Eligible first) and
      what the 1st Eligible did (2.3.4-2.3.5) -- left out before anyone is offered the card;
    * ``eligibility_next_card``: Event-forced eligibility for the next card (2.3.6);
    * ``lasting``: lasting Event effects (Momentum-style, Capabilities), ``lasting_skip`` names left out;
    * ``in_progress``: in the middle of an action or a round, the engine's exact record (the decision
      stack, the card's sequence record, the action in progress and ``extra_fields`` of the state).

    What the 1st Eligible did is said in the game's words (``game.did_names``; Vijayanagara: "command")."""
    s = game.state
    out = {}
    if s.current is not None and not game.is_periodic_card(s.current):
        out["faction_order"] = list(game.card_faction_order(s.current))
    sop = s.sop
    if sop["offered"] and not s.over:
        out["card_turn"] = _card_turn(sop, s.turn, getattr(game, "did_names", DID_NAMES))
    if s.eligibility_override:
        out["eligibility_next_card"] = dict(s.eligibility_override)
    lasting = [dict(e) for e in s.lasting if e["name"] not in lasting_skip]
    if lasting:
        out["lasting"] = lasting
    if s.frames and not (_plain_card_turn(game) or _at_card_start(game)):
        record = {key: getattr(s, key) for key in (*IN_PROGRESS_CORE, *extra_fields)}
        out["in_progress"] = json.loads(json.dumps(record))
    return out


def _at_card_start(game) -> bool:
    """Is the game at the first choice of a card nobody has been offered yet (the readable entries,
    with the Current card put back on the deck, rebuild it)?"""
    s = game.state
    return _plain_card_turn(game) and not s.sop["offered"] and s.card_decisions == 0


def mid_card(pos: dict) -> bool:
    """Does the position stand inside a card (something has happened on it), so the Current and
    Upcoming cards stay where they lie instead of being revealed anew (2.2)?"""
    return any(key in pos for key in ("card_turn", "round_phase", "in_progress"))


def read_sequence(pos: dict, s, factions, extra_fields: tuple = (), lasting_names: tuple = (),
                  did_names: dict = DID_NAMES) -> None:
    """Fill the state's sequence-of-play fields from the entries of :func:`sequence_to_position`
    (checks that need the game -- faction order, periodic cards, a round's phase -- come once it is
    built: :func:`apply_sequence` and :func:`check_invariants`)."""
    turn = pos.get("card_turn")
    if turn is not None:
        check_keys(turn, {"passed", "acted", "first_did"}, "card_turn")
        passed = [read_choice(f, factions, "card_turn.passed entry") for f in read_list(turn.get("passed", []), "card_turn.passed")]
        acted = [read_choice(f, factions, "card_turn.acted entry") for f in read_list(turn.get("acted", []), "card_turn.acted")]
        if len(set(passed + acted)) != len(passed + acted):
            raise ValueError(f"card_turn names a faction twice: passed {passed}, acted {acted}")
        did = turn.get("first_did")
        keys = {v: k for k, v in did_names.items()}
        if acted:
            did = keys[read_choice(did, keys, "card_turn.first_did")]
        elif did is not None:
            raise ValueError(f"card_turn.first_did = {did!r}, but nobody has acted on the card")
        s.sop = {"offered": passed + acted, "acted": acted, "first_did": did, "done": False}
    override = pos.get("eligibility_next_card")
    if override is not None:
        check_keys(override, set(factions), "eligibility_next_card")
        s.eligibility_override = {f: read_bool(v, f"eligibility_next_card.{f}") for f, v in override.items()}
    for i, entry in enumerate(read_list(pos.get("lasting", []), "lasting")):
        where = f"lasting[{i}]"
        read_object(entry, where)
        for key in ("name", "expires"):
            if key not in entry:
                raise ValueError(f"{where} must give {key!r}")
        read_choice(entry["expires"], ("card", "campaign", "game"), f"{where}.expires")
        if lasting_names and entry["name"] not in lasting_names:
            raise ValueError(f"{where}.name must be one of {list(lasting_names)}, not {entry['name']!r}")
        s.lasting.append(_plain(entry, where))
    record = pos.get("in_progress")
    if record is not None:
        keys = (*IN_PROGRESS_CORE, *extra_fields)
        check_keys(record, set(keys), "in_progress")
        missing = [k for k in ("frames", "sop", "turn") if k not in record]
        if missing:
            raise ValueError(f"in_progress must give {missing} (copy it from to_position())")
        for key in keys:
            if key in record:
                setattr(s, key, _plain(record[key], f"in_progress.{key}"))


def _plain(value, where: str):
    """A deep copy of JSON data (a position is JSON: anything else is refused naming the key)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        raise ValueError(f"{where} must be plain JSON data, not {value!r}") from None


def apply_sequence(game, pos: dict | None) -> None:
    """Once the game is built: start a periodic round at the position's ``round_phase`` (the game's
    ``round_phases`` / ``start_round_at``; 2.4: nobody is offered a Campaign/Propaganda card)."""
    if pos is None:
        return
    s = game.state
    phase = pos.get("round_phase")
    if phase is not None:
        if "in_progress" in pos:
            raise ValueError("give round_phase or in_progress, not both (in_progress already holds the round)")
        if s.current is None or not game.is_periodic_card(s.current):
            raise ValueError(f"round_phase = {phase!r} needs a Campaign/Propaganda card as current_card, "
                             f"not {s.current!r}")
        phases = game.round_phases()
        read_choice(phase, phases, "round_phase")
        s.sop["done"] = True
        game.start_round_at(phase)
    elif "card_turn" in pos and s.current is not None and game.is_periodic_card(s.current) and "in_progress" not in pos:
        raise ValueError("card_turn is for an Event card; for a Campaign/Propaganda card give round_phase")


def check_faction_order(game, pos: dict) -> None:
    """``faction_order`` is derived from the Current card (2.3.2), checked once the card is revealed."""
    s = game.state
    order = pos.get("faction_order")
    if order is None:
        return
    card_order = (list(game.card_faction_order(s.current))
                  if s.current is not None and not game.is_periodic_card(s.current) else None)
    if order != card_order:
        raise ValueError(f"faction_order = {order!r}, but card {s.current} gives {card_order!r} (it is derived "
                         f"from the Current card: leave it out or change current_card)")


def check_sequence(game, pos: dict) -> None:
    """The derived sequence entries must be the ones the cards give, and the card turn must be one the
    rules allow (2.3.1: only Eligible factions are offered the card)."""
    s = game.state
    if mid_card(pos) and s.current is None and "in_progress" not in pos:
        raise ValueError("a position inside a card needs current_card")
    if "card_turn" in pos and "in_progress" in pos:
        given = pos["card_turn"]
        held = _card_turn(s.sop, s.turn, getattr(game, "did_names", DID_NAMES))
        if held != {"passed": given.get("passed", []), "acted": given.get("acted", []),
                                                         "first_did": given.get("first_did")}:
            raise ValueError(f"card_turn = {given!r}, but in_progress records {held!r}: change both or leave "
                             f"in_progress out")
    if "card_turn" in pos and "in_progress" not in pos:
        ineligible = [f for f in s.sop["offered"] if not s.eligible[f]]
        if ineligible:
            raise ValueError(f"card_turn names {ineligible}, but they are not Eligible (2.3.1: only Eligible "
                             f"factions are offered the card)")
        order = list(game.card_faction_order(s.current))
        offered = set(s.sop["offered"])
        last = max(order.index(f) for f in offered) if offered else -1
        acted = s.sop["acted"]
        if [f for f in order if f in acted] != acted:
            raise ValueError(f"card_turn.acted = {acted}, but the card's faction order is {order}: the 1st "
                             f"Eligible comes first (2.3.2)")
        skipped = [f for f in order[:last] if s.eligible[f] and f not in offered]
        if skipped:
            raise ValueError(f"card_turn skips {skipped}: Eligible factions are offered the card in its faction "
                             f"order {order} (2.3.2), so they must have passed or acted before "
                             f"{order[last]!r}")
