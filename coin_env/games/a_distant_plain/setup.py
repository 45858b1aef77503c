"""Setting up A Distant Plain: options, scenarios and deck preparation (2.1), the Open Deployment
option, and readable positions (``to_position`` / ``make_game(..., position=...)``)."""

from __future__ import annotations

from ...coin.positions import (SEQUENCE_KEYS, apply_sequence, check_invariants, check_keys, fill_available,
                               initial_state, mid_card, read_bool, read_choice, read_header, read_int, read_list,
                               read_object, read_pieces, read_result, read_sequence, read_spaces, sequence_to_position,
                               validate_choice_options, validate_data_pack_option, validate_non_players)
from . import board
from .data import cards as carddata
from .data.pieces import (BASES, FACTIONS, FORCE_POOL, PIECE_NAMES, PIECE_OWNER, RETURNEES_MARKERS, TALIBAN_G,
                          WARLORD_G)
from .data.scenarios import ISLAMABAD_BOXES, OPEN_DEPLOYMENT_ORDER, SCENARIOS
from .registry import PROMPTS
from .state import AdpState
from .static import (AVAILABLE, CASUALTIES, INDEX, IS_AFGHAN, IS_CONTROLLABLE, IS_LOC, IS_PAKISTAN, KABUL,
                     LOCATION_NAMES, N_SPACES, OUT_OF_PLAY, REMOVED, SPACE_NAMES)
from ...core.prompts import Prompt

GAME = "A Distant Plain"
SUPPORT_NAMES = {1: "Support", 0: "Neutral", -1: "Opposition"}
SUPPORT_VALUES = {v: k for k, v in SUPPORT_NAMES.items()}
PIECE_INDEX = {name: i for i, name in enumerate(PIECE_NAMES)}
BOX_LOCATIONS = {"Available": AVAILABLE, "Casualties": CASUALTIES, "Out of Play": OUT_OF_PLAY, "Removed": REMOVED}

# Options a game accepts: key -> (allowed values, default). the game's docs page ("Options") documents them.
OPTIONS = {
    # 8.0 Non-player factions (run by the section-8 flowcharts, issue 6). They ignore 2.3.8, and
    # 8.5 decides victory when any is in the game.
    "non_players": (None, []),
    # 1.5 "No Non-Player Option": which factions each player controls, e.g.
    # [["coalition", "warlords"], ["taliban", "government"]]. A player wins a victory check only if all
    # his factions meet their conditions (6.1); at the end he scores his lowest margin (7.3).
    "players": (None, None),
    # 2.3.7 Sudden Propaganda: a Propaganda card revealed as the next card is played at once.
    "sudden_propaganda": ((False, True), False),
    # Set-up "No Capabilities" option: Capabilities among the removed cards do not go into effect.
    "no_capabilities": ((False, True), False),
    # "Open Deployment Option": player factions place their own forces at set-up.
    "open_deployment": ((False, True), False),
    # 2.3.8 applies to the final Event card ("final", the rule) or, optional rule of 8.1, to the last
    # Event card before every Propaganda card ("each_propaganda").
    "final_card_limits": (("final", "each_propaganda"), "final"),
    # Ties (7.1 and 8.5 disagree, digest 0.3-6): "auto" = 8.5's order with any Non-player, 7.1's
    # otherwise; or force one.
    "tie_break": (("auto", "7.1", "8.5"), "auto"),
    # 3.2.2 Patrol Activation on each LoC: 1 per cube of the patrolling faction ("own", digest A.2) or
    # per COIN cube of both factions ("all").
    "patrol_activation": (("own", "all"), "own"),
    # 3.2.2 a Coalition Patrol's free Assault: Government cubes count at no cost ("free") or only if 3
    # Government Resources are paid as in a Coalition Assault ("pay").
    "patrol_assault_government_cubes": (("free", "pay"), "free"),
    # Owner data pack (datapack.py, docs/data-packs.md): a file path or the same structure as a dict.
    "data_pack": (None, None),
}


def _validate_players(value):
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(isinstance(g, (list, tuple)) and g for g in value):
        raise ValueError(f"{GAME} option 'players' must be a list of lists of factions, not {value!r}")
    seen = [f for g in value for f in g]
    bad = [f for f in seen if f not in FACTIONS]
    if bad:
        raise ValueError(f"{GAME} option 'players' names unknown factions {bad}; factions: {list(FACTIONS)}")
    if len(set(seen)) != len(seen):
        raise ValueError(f"{GAME} option 'players' names a faction twice: {value!r}")
    return [list(g) for g in value]


def validate_options(options: dict) -> dict:
    return validate_choice_options(options, OPTIONS, GAME, {
        "non_players": lambda v: validate_non_players(v, FACTIONS, GAME),
        "players": _validate_players,
        "data_pack": validate_data_pack_option,
    })


def build_game(game_class, scenario: str, seed: int, options: dict, position: dict | None, debug: bool,
               dice: list[int] | None = None):
    options = validate_options(options)
    # The game's data (built-in, or the owner data pack of option data_pack) before any rule reads it:
    # the set-up and a position's checks read the map facts from the state's data.
    data = game_class.load_data(options["data_pack"])
    state = initial_state(scenario, seed, position, SCENARIOS, GAME,
                          lambda name, sd: scenario_state(name, sd, options, data),
                          lambda pos, sd: state_from_position(pos, sd, data))
    state.rng.dice = list(dice) if dice else None           # make_game(dice=...): rolls before the first decision
    state.data = data
    game = game_class(state, options=options, debug=debug)
    if position is None and options["open_deployment"]:
        start_open_deployment(game, scenario)
    apply_sequence(game, position)
    check_invariants(game, position)
    game.check_invariants() if debug else None
    game.advance()
    return game


def _data(data):
    """``data``, or the built-in data for None."""
    if data is None:
        from .datapack import default
        return default()
    return data


def scenario_state(name: str, seed: int, options: dict, data=None) -> AdpState:
    """The scenario's set-up (2.1) on the game's data ``data`` (datapack.AdpData; None: built-in)."""
    sc = SCENARIOS[name]
    s = AdpState.empty()
    s.data = _data(data)
    s.rng = s.rng.__class__(seed)
    s.scenario = name
    s.aid, s.patronage = sc["aid"], sc["patronage"]
    s.resources = dict(sc["resources"])
    s.islamabad = ISLAMABAD_BOXES.index(sc["islamabad"])
    table = [row[:] for row in s.rows]          # the pieces, set up as plain lists and written once
    available = table[AVAILABLE]
    for piece, total in FORCE_POOL.items():
        available[piece] = total
    for space, entry in sc["map"].items():
        sp = INDEX[space]
        board.set_cell(s, "support", sp, SUPPORT_VALUES[entry.get("support", "Neutral")])
        board.set_cell(s, "returnees", sp, entry.get("returnees", 0))
        for piece_name, n in entry.get("pieces", {}).items():
            piece = PIECE_INDEX[piece_name]
            if available[piece] < n:
                raise ValueError(f"scenario {name}: not enough {piece_name}")
            available[piece] -= n
            table[sp][piece] += n
    board.set_pieces(s, table)
    s.returnees_unused = RETURNEES_MARKERS - sum(s.returnees_list)
    prepare_deck(s, sc["deck"], options.get("no_capabilities", False))
    return s


def prepare_deck(s, spec: dict, no_capabilities: bool) -> None:
    """2.1 Deck Preparation: shuffle the 72 Event cards; remove and reveal the scenario's number at
    random -- Capabilities among them go into effect (Coalition ones unshaded, Taliban ones shaded)
    unless the No Capabilities option is used; split the rest into equal piles, shuffle one
    Propaganda card into each, and stack them. Leftover Propaganda cards are set aside."""
    rng = s.rng
    events = list(range(1, carddata.N_EVENT_CARDS + 1))
    rng.shuffle(events)
    removed, events = events[:spec["remove_events"]], events[spec["remove_events"]:]
    propaganda = list(carddata.PROPAGANDA_CARDS)
    n_piles = spec["piles"]
    size = len(events) // n_piles
    deck = []
    for i in range(n_piles):
        pile = events[i * size:(i + 1) * size] + [propaganda[i]]
        rng.shuffle(pile)
        deck += pile
    s.deck = deck
    s.set_aside = removed + propaganda[n_piles:]
    s.propaganda_in_deck = n_piles
    if not no_capabilities:
        for card in sorted(removed):
            holder = carddata.capability_faction(card)
            if holder is not None:
                s.lasting.append({"card": card, "side": "unshaded" if holder == "coalition" else "shaded",
                                  "name": "capability", "expires": "game", "faction": holder})


# --- Open Deployment Option -----------------------------------------------------------------------
def _deploy_ok(s, where: str, piece: int, sp: int) -> bool:
    """Where an Open Deployment group may go (rulebook "Open Deployment Option"), within stacking."""
    if PIECE_OWNER[piece] != "taliban" and IS_PAKISTAN[sp]:
        return False
    if piece in BASES and not board.has_room_for_base(s, sp):
        return False
    if where == "afghan":
        return bool(IS_AFGHAN[sp])
    if where == "afghan_pop_province":
        return bool(IS_CONTROLLABLE[sp] and not IS_PAKISTAN[sp] and sp != KABUL and 1 <= board.pop(s, sp) <= 2)
    if where == "pashtun":
        return s.data.pashtun_list[sp]
    if where == "afghan_pashtun":
        return bool(s.data.pashtun_list[sp] and not IS_PAKISTAN[sp])
    raise ValueError(f"unknown Open Deployment area {where!r}")


_FORCED = {"kabul": [KABUL], "each_pakistan": [INDEX["Balochistan"], INDEX["Waziristan"], INDEX["Northwest Frontier"]],
           "waziristan_nwfp": [INDEX["Waziristan"], INDEX["Northwest Frontier"]]}


def start_open_deployment(game, scenario: str) -> None:
    """Player factions' standard forces go back to Available; then, in the option's order, each
    player places its listed forces (fixed placements first, then one piece at a time where it
    chooses). Non-players keep the standard set-up."""
    s = game.state
    players = [f for f in OPEN_DEPLOYMENT_ORDER if not game.is_non_player(f)]
    for f in players:
        for piece, owner in enumerate(PIECE_OWNER):
            if owner == f:
                home = piece - 1 if piece in (TALIBAN_G + 1, WARLORD_G + 1) else piece
                for sp in range(N_SPACES):
                    board.move_pieces(s, sp, piece, AVAILABLE, home, s.rows[sp][piece])
    todo = []
    for f in reversed(players):
        for pieces, where in reversed(SCENARIOS[scenario]["open_deployment"][f]):
            queue = [PIECE_INDEX[name] for name, n in pieces.items() for _ in range(n)]
            if where in _FORCED:
                for sp in _FORCED[where]:
                    for piece in queue:
                        board.place(s, piece, sp)
                continue
            todo.append({"kind": "adp_open_deployment", "actor": f, "where": where, "queue": queue})
    for frame in todo:
        game.push(frame)


@PROMPTS.register
class OpenDeployment(Prompt):
    """Open Deployment: the faction places its next piece in a space of the allowed area."""

    kind = "adp_open_deployment"

    def _spaces(self, game, frame):
        s = game.state
        piece = frame["queue"][0]
        return [sp for sp in range(N_SPACES) if _deploy_ok(s, frame["where"], piece, sp)]

    def legal(self, game, frame):
        spaces = self._spaces(game, frame)
        return [game.space_action(sp) for sp in spaces] or [game.DONE]

    def describe(self, game, frame):
        return (f"{game.faction_name(frame['actor'])} Open Deployment: place a {PIECE_NAMES[frame['queue'][0]]} "
                f"({len(frame['queue'])} left)")

    def apply(self, game, frame, action):
        if action == game.DONE:           # nowhere legal for this piece: it stays Available
            frame["queue"].pop(0)
        else:
            board.place(game.state, frame["queue"].pop(0), game.space_of(action))
        if not frame["queue"]:
            game.pop()


# --- readable positions ------------------------------------------------------------------------
_POSITION_KEYS = {"game", "scenario", "resources", "aid", "patronage", "islamabad", "islamabad_hard",
                  "current_card", "upcoming_card", "deck", "played", "propaganda_played", "last_card_propaganda",
                  "eligible", "spaces", "boxes", "capabilities", "returnees_unused", "victory_totals",
                  "decision_pending", "result", *SEQUENCE_KEYS}
# What the engine keeps in the middle of a Propaganda Round besides the decision stack (6.5: Control
# as it stood when Redeploy began).
IN_PROGRESS_FIELDS = ("frozen_control",)
_SPACE_KEYS = {"support", "pieces", "terror", "sabotage", "returnees", "control"}


def to_position(game) -> dict:
    """A readable JSON position by rulebook names (docs/positions.md)."""
    s = game.state
    coin, tal = board.control_arrays(s)
    spaces = {}
    for sp, name in enumerate(SPACE_NAMES):
        entry = {}
        if board.can_have_support(s, sp):
            entry["support"] = SUPPORT_NAMES[int(s.support[sp])]
        pieces = {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[sp]) if n}
        if pieces:
            entry["pieces"] = pieces
        for marker in ("terror", "sabotage", "returnees"):
            v = int(getattr(s, marker)[sp])
            if v:
                entry[marker] = v
        if coin[sp] or tal[sp]:
            entry["control"] = "COIN" if coin[sp] else "Taliban"
        spaces[name] = entry
    boxes = {LOCATION_NAMES[loc]: {PIECE_NAMES[i]: int(n) for i, n in enumerate(s.pieces[loc]) if n}
             for loc in BOX_LOCATIONS.values()}
    return {
        "game": "a_distant_plain",
        "scenario": s.scenario,
        "resources": dict(s.resources),
        "aid": s.aid,
        "patronage": s.patronage,
        "islamabad": ISLAMABAD_BOXES[s.islamabad],
        "islamabad_hard": s.islamabad_hard,
        "returnees_unused": s.returnees_unused,
        "current_card": s.current,
        "upcoming_card": s.upcoming,
        "deck": list(s.deck),
        "played": list(s.played),
        "propaganda_played": s.propaganda_played,
        "last_card_propaganda": s.last_was_propaganda,
        "eligible": dict(s.eligible),
        "capabilities": [{"card": e["card"], "side": e["side"]} for e in s.lasting if e["name"] == "capability"],
        **sequence_to_position(game, extra_fields=IN_PROGRESS_FIELDS, lasting_skip=("capability",)),
        "spaces": spaces,
        "boxes": boxes,
        "victory_totals": board.victory_totals(s),
        "decision_pending": game.prompt() if s.frames else None,
        "result": s.result,
    }


def state_from_position(pos: dict, seed: int, data=None) -> AdpState:
    """Build a state from a readable position (between cards: no decision may be pending) on the
    game's data ``data`` (datapack.AdpData; None: built-in). Derived entries (control,
    victory_totals) are ignored. Errors name the bad key."""
    check_keys(pos, _POSITION_KEYS, "position")
    s = AdpState.empty()
    s.data = _data(data)
    s.rng = s.rng.__class__(seed)
    s.scenario = read_header(pos, "a_distant_plain", SCENARIOS)
    res = pos.get("resources", {})
    check_keys(res, set(s.resources), "resources")
    for f, v in res.items():
        s.resources[f] = read_int(v, 0, board.MAX_RESOURCES, f"resources.{f}")
    s.aid = read_int(pos.get("aid", 0), 0, board.MAX_RESOURCES, "aid")
    s.patronage = read_int(pos.get("patronage", 0), 0, board.MAX_PATRONAGE, "patronage")
    s.islamabad = ISLAMABAD_BOXES.index(read_choice(pos.get("islamabad", "Backing"), ISLAMABAD_BOXES, "islamabad"))
    s.islamabad_hard = read_bool(pos.get("islamabad_hard", False), "islamabad_hard")
    table = s.pieces.copy()             # the position's pieces, put on the board (and its mirror) once read
    for sp, where, entry in read_spaces(pos, INDEX, _SPACE_KEYS, PIECE_INDEX, table):
        board.set_cell(s, "returnees", sp, read_int(entry.get("returnees", 0), 0, 1, f"{where} returnees"))
        if s.returnees[sp] and (not IS_CONTROLLABLE[sp] or IS_PAKISTAN[sp]):
            raise ValueError(f"{where}: a +1 Pop marker goes only in Kabul or an Afghan Province (4.3.1)")
        board.set_cell(s, "terror", sp, read_int(entry.get("terror", 0), 0, 30, f"{where} terror"))
        board.set_cell(s, "sabotage", sp, read_int(entry.get("sabotage", 0), 0, 1, f"{where} sabotage"))
        if s.terror[sp] and IS_LOC[sp]:
            raise ValueError(f"{where}: Terror markers go in Provinces and Kabul; LoCs take Sabotage (3.3.4)")
        if s.sabotage[sp] and not IS_LOC[sp]:
            raise ValueError(f"{where}: Sabotage goes only on LoCs (3.3.4)")
        sup = read_choice(entry.get("support", "Neutral"), SUPPORT_VALUES, f"{where} support")
        board.set_cell(s, "support", sp, SUPPORT_VALUES[sup])
        if sup != "Neutral" and not board.can_have_support(s, sp):
            raise ValueError(f"{where}: Support/Opposition needs Kabul or an Afghan Province with Pop >= 1 (1.6.2)")
    if board.markers_in_play(s) > 30:
        raise ValueError("position has more than 30 Terror/Sabotage markers (3.3.4)")
    boxes = pos.get("boxes") or {}
    check_keys(boxes, set(BOX_LOCATIONS), "boxes")
    for box, pieces in boxes.items():
        for col, n in read_pieces(pieces, PIECE_INDEX, f"box {box!r}").items():
            table[BOX_LOCATIONS[box], col] = n
    fill_available(table, FORCE_POOL, {TALIBAN_G: TALIBAN_G + 1, WARLORD_G: WARLORD_G + 1}, AVAILABLE,
                   "Available" in boxes, PIECE_NAMES)
    board.set_pieces(s, table)
    used = int(s.returnees.sum())
    s.returnees_unused = read_int(pos.get("returnees_unused", RETURNEES_MARKERS - used), 0,
                                  RETURNEES_MARKERS - used, "returnees_unused")
    for cap in read_list(pos.get("capabilities", []), "capabilities"):
        check_keys(cap, {"card", "side"}, "capabilities entry")
        card = cap.get("card")
        holder = carddata.capability_faction(card) if isinstance(card, int) else None
        if holder is None:
            raise ValueError(f"capabilities: card {card!r} is not a Capability card {list(carddata.CAPABILITIES)}")
        if cap.get("side") not in ("unshaded", "shaded"):
            raise ValueError(f"capabilities: side of card {card} must be 'unshaded' or 'shaded'")
        s.lasting.append({"card": card, "side": cap["side"], "name": "capability", "expires": "game",
                          "faction": holder})
    _position_deck(s, pos)
    elig = pos.get("eligible", {})
    check_keys(elig, set(FACTIONS), "eligible")
    for f, v in elig.items():
        s.eligible[f] = read_bool(v, f"eligible.{f}")
    read_sequence(pos, s, FACTIONS, extra_fields=IN_PROGRESS_FIELDS)
    board.enforce_hostility(s)
    return s


def _position_deck(s, pos) -> None:
    """The cards of a position: the draw deck as given (card numbers, Current and Upcoming apart), or
    by default a short deck of 12 Event cards and a Propaganda card, twice (enough for unit tests; never
    the named Current, Upcoming or played cards). Between cards the Current and Upcoming cards go back on
    top of the deck, to be revealed (2.2); inside a card or a finished game they stay where they lie.
    ``propaganda_played`` counts the Propaganda cards played so far (8.5 reads it), a Current one whose
    round has begun included; ``last_card_propaganda``: the card before was one (6.0: no second round)."""
    n_cards = carddata.N_EVENT_CARDS + carddata.N_PROPAGANDA
    cur, up = pos.get("current_card"), pos.get("upcoming_card")
    for key, card in (("current_card", cur), ("upcoming_card", up)):
        if card is not None:
            read_int(card, 1, n_cards, key)
    played = [read_int(c, 1, n_cards, "played card") for c in read_list(pos.get("played", []), "played")]
    deck = pos.get("deck")
    if deck is None:
        events = [c for c in range(1, carddata.N_EVENT_CARDS + 1) if c not in (cur, up, *played)]
        s.rng.shuffle(events)
        deck = [c for c in events[:12] + [73] + events[12:24] + [74] if c not in (cur, up, *played)]
    else:
        deck = [read_int(c, 1, n_cards, "deck card") for c in read_list(deck, "deck")]
    named = [c for c in (cur, up) if c is not None] + deck
    if len(set(named + played)) != len(named + played):
        raise ValueError("a card is named twice (current_card, upcoming_card, deck, played)")
    s.played = played
    s.propaganda_played = read_int(pos.get("propaganda_played", 0), 0, carddata.N_PROPAGANDA, "propaganda_played")
    s.last_was_propaganda = read_bool(pos.get("last_card_propaganda", False), "last_card_propaganda")
    finished = read_result(pos, s)
    round_begun = finished or ("in_progress" in pos and cur is not None and carddata.is_propaganda(cur))
    to_come = [c for c in named if not (round_begun and c == cur)]
    s.propaganda_in_deck = s.propaganda_played + sum(1 for c in to_come if carddata.is_propaganda(c))
    if finished or mid_card(pos):
        # A finished game (7.3) or a card in play: the last cards stay where they lie.
        s.deck, s.current, s.upcoming = deck, cur, up
        return
    s.deck = named
    if not any(carddata.is_propaganda(c) for c in named):
        raise ValueError("position's deck has no Propaganda card: the game could never end")
