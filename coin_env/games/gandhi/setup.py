"""Setting up Gandhi: scenarios (2.1), deck preparation, the first Viceroy, Gandhi's placement,
and readable positions (``to_position`` / ``make_game(..., position=...)``)."""

from __future__ import annotations

from ...coin.positions import (SEQUENCE_KEYS, apply_sequence, check_invariants, check_keys, initial_state, mid_card,
                               read_bool, read_choice, read_header, read_int, read_list, read_object, read_pieces,
                               read_result, read_sequence, read_spaces, sequence_to_position, validate_choice_options,
                               validate_data_pack_option, validate_non_players)
from . import board
from .data import cards as carddata
from .data.map import PROTEST_BOXES
from .data.pieces import FACTIONS, FORCE_POOL, GANDHI, CONGRESS_ACTIVIST, PIECE_NAMES
from .data.scenarios import SCENARIOS
from .registry import CONTINUATIONS
from .state import GandhiState
from .static import AVAILABLE, INDEX, JAIL, LOCATION_NAMES, N_SPACES, OUT_OF_PLAY, SPACE_NAMES

SUPPORT_NAMES = {2: "Active Support", 1: "Passive Support", 0: "Neutral", -1: "Passive Opposition",
                 -2: "Active Opposition"}
SUPPORT_VALUES = {v: k for k, v in SUPPORT_NAMES.items()}
PIECE_INDEX = {name: i for i, name in enumerate(PIECE_NAMES)}

# Options a game accepts, with their allowed values and defaults (the game's docs page, "Options").
OPTIONS = {
    # 6.2.1 Railway Strikes: English text ("a Protest OR more Activists than cubes OR next to an
    # uncontrolled City") or the Spanish reading ("a Protest AND more Activists than cubes, OR ...").
    "strike_rule": (("en", "es"), "en"),
    # Owner data pack (datapack.py, docs/data-packs.md): path to a .toml/.yaml file, or the same
    # structure as a dict. The game's data (game.data) is built from it before anything else; the
    # save stores the pack's content. Other games in the process never see it.
    "data_pack": (None, None),
    # 8.0 Non-player factions: the seats run by the Arjuna system. They follow the section-8 exceptions
    # (no Resources for NP Raj / Revolutionaries, NP passing, NP Congress's Reset Protest) and the
    # Arjuna deck (8.3) is built from their cards. Environments set it from their "arjuna" opponents.
    "non_players": (None, []),
}


def validate_options(options: dict) -> dict:
    return validate_choice_options(options, OPTIONS, "Gandhi", {
        "non_players": lambda v: validate_non_players(v, FACTIONS, "Gandhi"),
        "data_pack": validate_data_pack_option,
    })


def build_game(game_class, scenario: str, seed: int, options: dict, position: dict | None, debug: bool,
               dice: list[int] | None = None):
    options = validate_options(options)
    data = game_class.load_data(options["data_pack"])       # refused packs fail before anything is built
    state = initial_state(scenario, seed, position, SCENARIOS, "Gandhi", scenario_state, state_from_position)
    state.data = data                                         # every rule reads the map facts from here
    state.rng.dice = list(dice) if dice else None           # make_game(dice=...): rolls before the first decision
    game = game_class(state, options=options, debug=debug)
    if options["non_players"]:
        from .bots.deck import new_arjuna_deck
        state.arjuna = {"deck": new_arjuna_deck(state.rng, options["non_players"]), "memory": {}}
    if position is None and SCENARIOS[scenario]["gandhi_placement"]:
        # Quick start step 4: Congress places Gandhi, 1 Activist and 1 Protest in any one space.
        game.choose("congress", "place Gandhi, an Activist and a Protest in any one space",
                    [game.space_action(sp) for sp in range(N_SPACES)], "setup_place_gandhi")
    apply_sequence(game, position)
    check_invariants(game, position)
    game.check_invariants() if debug else None
    game.advance()
    return game


def _put(s, loc: int, pieces: dict[str, int]) -> None:
    for name, n in pieces.items():
        s.pieces[loc, PIECE_INDEX[name]] += n


def scenario_state(name: str, seed: int) -> GandhiState:
    sc = SCENARIOS[name]
    s = GandhiState.empty()
    s.rng = s.rng.__class__(seed)
    s.scenario = name
    s.resources = dict(sc["resources"])
    s.restraint, s.unity = sc["restraint"], sc["unity"]
    _put(s, AVAILABLE, sc["available"])
    _put(s, OUT_OF_PLAY, sc["out_of_play"])
    _put(s, JAIL, sc["jail"])
    for space, entry in sc["map"].items():
        sp = INDEX[space]
        s.support[sp] = entry.get("support", 0)
        s.unrest[sp] = entry.get("unrest", 0)
        s.strike[sp] = entry.get("strike", 0)
        s.protest[sp] = entry.get("protest", 0)
        _put(s, sp, entry.get("pieces", {}))
    if not sc["gandhi_placement"] and s.pieces[:, GANDHI].sum() == 0:
        raise ValueError("scenario without Gandhi")
    if sc["gandhi_placement"]:
        # Gandhi and the Activist placed with him (the 16th) wait in Available until Congress places them.
        s.pieces[AVAILABLE, GANDHI] = 1
        s.pieces[AVAILABLE, CONGRESS_ACTIVIST] += 1
    _fill_protest_boxes(s)
    _prepare_deck(s, sc["deck"])
    return s


def _fill_protest_boxes(s) -> None:
    """Markers not on the map sit in the boxes; those on the map came from the lowest boxes (1.10)."""
    on_map = int(s.protest.sum())
    for i in range(len(PROTEST_BOXES) - 1, -1, -1):
        s.protest_boxes[i] = PROTEST_BOXES[i][1]
    for i in range(len(PROTEST_BOXES)):
        take = min(on_map, int(s.protest_boxes[i]))
        s.protest_boxes[i] -= take
        on_map -= take


def _prepare_deck(s, spec: dict) -> None:
    """2.1 Deck Preparation: piles of Event cards with a Campaign card shuffled into some piles;
    one of the unused Campaign cards becomes the first Viceroy (2.5)."""
    rng = s.rng
    events = list(range(1, carddata.N_EVENT_CARDS + 1))
    rng.shuffle(events)
    campaigns = list(carddata.CAMPAIGN_CARDS)
    rng.shuffle(campaigns)
    n_piles, size = spec["piles"], spec["pile_size"]
    deck = []
    used = 0
    for pile_no in range(1, n_piles + 1):
        pile = events[used:used + size]
        used += size
        if pile_no in spec["campaign_piles"]:
            bottom = spec.get("campaign_in_bottom", size + 1) - 1   # cards of the pile mixed with it
            top, low = pile[:size - bottom], pile[size - bottom:]
            low.append(campaigns.pop())
            rng.shuffle(low)
            pile = top + low
        deck += pile
    s.deck = deck
    s.set_aside = events[used:]
    s.campaigns_in_deck = len(spec["campaign_piles"])
    s.viceroy = campaigns.pop(rng.below(len(campaigns)))
    s.set_aside += campaigns


@CONTINUATIONS.register
def setup_place_gandhi(game, frame, action):
    s = game.state
    sp = game.space_of(action)
    board.move(s, GANDHI, AVAILABLE, sp)
    board.place(s, CONGRESS_ACTIVIST, sp, 1)
    board.place_protest(s, sp, for_event=True)


# --- readable positions ------------------------------------------------------------------------
def to_position(game) -> dict:
    """A readable JSON position by rulebook names (docs/positions.md)."""
    s = game.state
    ctrl = board.control_mask(s)
    spaces = {}
    for sp, name in enumerate(SPACE_NAMES):
        entry = {}
        if board.is_land(sp):
            entry["support"] = SUPPORT_NAMES[int(s.support[sp])]
        pieces = {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[sp]) if n}
        if pieces:
            entry["pieces"] = pieces
        for marker in ("protest", "unrest", "strike", "muslim_state"):
            v = int(getattr(s, marker)[sp])
            if v:
                entry[marker] = v
        if ctrl[sp]:
            entry["raj_control"] = True
        spaces[name] = entry
    boxes = {LOCATION_NAMES[loc]: {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[loc]) if n}
             for loc in (AVAILABLE, OUT_OF_PLAY, JAIL)}
    return {
        "game": "gandhi",
        "scenario": s.scenario,
        "resources": dict(s.resources),
        "restraint": s.restraint,
        "unity": s.unity,
        "viceroy": carddata.CAMPAIGN_CARDS.get(s.viceroy),
        "current_card": s.current,
        "upcoming_card": s.upcoming,
        "deck": list(s.deck),
        "played": list(s.played),
        "campaign_cards_in_deck": s.campaigns_in_deck,
        "campaigns_played": s.campaigns_played,
        "eligible": dict(s.eligible),
        **sequence_to_position(game),
        "spaces": spaces,
        "boxes": boxes,
        "protest_boxes": _protest_boxes_to_position(s),
        "victory_totals": board.victory_totals(s),
        "decision_pending": game.prompt() if s.frames else None,
        "result": s.result,
    }


# The Protest boxes beside the Restraint track (1.10), by the Restraint level each stands at.
PROTEST_BOX_NAMES = [f"Restraint {level}" for level, _ in PROTEST_BOXES]


def _protest_boxes_to_position(s) -> dict:
    return {name: int(n) for name, n in zip(PROTEST_BOX_NAMES, s.protest_boxes)}


def _read_protest_boxes(s, boxes) -> None:
    """1.10: the Protest markers not on the map, box by box (each box holds at most its printed count).
    Left out: the markers on the map came from the lowest boxes."""
    on_map = int(s.protest.sum())
    total = sum(c for _, c in PROTEST_BOXES)
    if on_map > total:
        raise ValueError(f"position has {on_map} Protest markers; the game has {total}")
    if boxes is None:
        _fill_protest_boxes(s)
        return
    check_keys(boxes, set(PROTEST_BOX_NAMES), "protest_boxes")
    for i, (name, (_, most)) in enumerate(zip(PROTEST_BOX_NAMES, PROTEST_BOXES)):
        s.protest_boxes[i] = read_int(boxes.get(name, 0), 0, most, f"protest_boxes.{name}")
    if on_map + int(s.protest_boxes.sum()) != total:
        raise ValueError(f"protest_boxes hold {int(s.protest_boxes.sum())} markers and the map {on_map}; "
                         f"the game has {total} (1.10)")


_POSITION_KEYS = {"game", "scenario", "resources", "restraint", "unity", "viceroy", "current_card",
                  "upcoming_card", "deck", "played", "campaign_cards_in_deck", "campaigns_played", "eligible", "spaces",
                  "boxes", "protest_boxes", "victory_totals", "decision_pending", "result", *SEQUENCE_KEYS}


def state_from_position(pos: dict, seed: int) -> GandhiState:
    """Build a state from a readable position (docs/positions.md): between cards, inside a card
    (``card_turn``), at a phase of a Campaign Round (``round_phase``) or at any decision (``in_progress``).
    Derived entries (raj_control, victory_totals, faction_order) are checked, not read. Errors name the bad key."""
    check_keys(pos, _POSITION_KEYS, "position")
    s = GandhiState.empty()
    s.rng = s.rng.__class__(seed)
    s.scenario = read_header(pos, "gandhi", SCENARIOS)
    res = pos.get("resources", {"raj": 0, "revs": 0})
    check_keys(res, {"raj", "revs"}, "resources")
    for f in ("raj", "revs"):
        s.resources[f] = read_int(res.get(f, 0), 0, 50, f"resources.{f}")
    for track in ("restraint", "unity"):
        setattr(s, track, read_int(pos.get(track, 3), 1, 5, track))
    vname = pos.get("viceroy")
    names = {n: c for c, n in carddata.CAMPAIGN_CARDS.items()}
    if vname is not None:
        read_choice(vname, names, "viceroy")
    s.viceroy = names.get(vname)
    space_keys = {"support", "pieces", "protest", "unrest", "strike", "muslim_state", "raj_control"}
    for sp, where, entry in read_spaces(pos, INDEX, space_keys, PIECE_INDEX, s.pieces):
        s.support[sp] = SUPPORT_VALUES[read_choice(entry.get("support", "Neutral"), SUPPORT_VALUES, f"{where} support")]
        for marker, most in (("protest", 1), ("unrest", 12), ("strike", 1), ("muslim_state", 1)):
            getattr(s, marker)[sp] = read_int(entry.get(marker, 0), 0, most, f"{where} {marker}")
    boxes = pos.get("boxes") or {}
    locs = {"Available": AVAILABLE, "Out of Play": OUT_OF_PLAY, "Jail": JAIL}
    check_keys(boxes, set(locs), "boxes")
    for box, pieces in boxes.items():
        for col, n in read_pieces(pieces, PIECE_INDEX, f"box {box!r}").items():
            s.pieces[locs[box], col] = n
    # Whatever the position does not place is Available (unless Available is given in full).
    for piece, total in FORCE_POOL.items():
        cols = [piece, piece + 1] if piece == 6 else [piece]     # Guerrillas: both states
        placed = int(sum(s.pieces[:, c].sum() for c in cols))
        if "Available" in boxes and placed != total:
            raise ValueError(f"position accounts for {placed} {PIECE_NAMES[piece]} pieces; the game has {total}")
        if placed > total:
            raise ValueError(f"position has {placed} {PIECE_NAMES[piece]} pieces; the game has {total}")
        if "Available" not in boxes:
            s.pieces[AVAILABLE, piece] += total - placed
    _read_protest_boxes(s, pos.get("protest_boxes"))
    _position_deck(s, pos)
    s.campaigns_played = read_int(pos.get("campaigns_played", 0), 0, len(carddata.CAMPAIGN_CARDS), "campaigns_played")
    elig = pos.get("eligible", {})
    check_keys(elig, set(FACTIONS), "eligible")
    for f, v in elig.items():
        s.eligible[f] = read_bool(v, f"eligible.{f}")
    read_sequence(pos, s, FACTIONS)
    return s


def _position_deck(s, pos) -> None:
    """The cards of a position: the draw deck as given (Current and Upcoming apart), or by default a
    short deck -- 36 Event cards (never the named Current, Upcoming or played ones) with a Campaign card after the
    12th and the 24th and one at the bottom. Between cards the Current and Upcoming cards go back on top
    of the deck, to be revealed (2.2); inside a card or a finished game they stay where they lie."""
    cur, up = pos.get("current_card"), pos.get("upcoming_card")
    for key, card in (("current_card", cur), ("upcoming_card", up)):
        if card is not None:
            read_int(card, 1, 79, key)
    played = [read_int(c, 1, 79, "played card") for c in read_list(pos.get("played", []), "played")]
    deck = pos.get("deck")
    if deck is None:
        events = [c for c in range(1, carddata.N_EVENT_CARDS + 1) if c not in (cur, up, *played)]
        s.rng.shuffle(events)
        deck = events[:36]
        deck.insert(12, 73)
        deck.insert(25, 74)
        deck.append(75)
        deck = [c for c in deck if c not in (cur, up, *played)]
    else:
        for c in read_list(deck, "deck"):
            read_int(c, 1, 79, "deck card")
        deck = list(deck)
    named = [c for c in (cur, up) if c is not None] + deck
    if len(set(named + played)) != len(named + played):
        raise ValueError("a card is named twice (current_card, upcoming_card, deck, played)")
    s.played = played
    if read_result(pos, s) or mid_card(pos):
        # A finished game (7.3) or a card in play: the last cards stay where they lie.
        s.deck, s.current, s.upcoming = deck, cur, up
    else:
        s.deck = named
        if not any(carddata.is_campaign(c) for c in s.deck):
            raise ValueError("position's deck has no Campaign card: the game could never end")
    # Campaign cards still to come (a finished game's Current card has had its round; so has one whose
    # round is in progress: 2.4.1 counted it when the round began).
    round_begun = s.over or ("in_progress" in pos and s.current is not None and carddata.is_campaign(s.current))
    to_come = [s.upcoming, *s.deck] if round_begun else [s.current, s.upcoming, *s.deck]
    s.campaigns_in_deck = sum(1 for c in to_come if c and carddata.is_campaign(c))
