"""Card-driven sequence of play shared by the COIN series.

Rule numbers are Gandhi's (2.0); A Distant Plain and Vijayanagara number the same
procedure 2.0 as well.

* 2.2 Start: the top card is Current, the next is Upcoming; a periodic
  (Campaign / Propaganda) card revealed as Upcoming is swapped with Current and its
  round is held at once (2.4).
* 2.3.1-2.3.4 Eligibility and options: the Eligible factions are offered the card
  in the order of its faction icons; the first to act is 1st Eligible, the next
  2nd Eligible; a passer stays Eligible and the next faction takes its place.
* 2.3.5 Limited Operation; 2.3.6 adjust eligibility; 2.3.7 next card.

A game plugs in through these methods (see :class:`CoinGame`):
``card_faction_order``, ``is_periodic_card``, ``start_periodic_round``,
``pass_effects``, ``card_record`` (Event cards, see events.py), ``event_sides`` /
``event_side_allowed`` / ``start_event`` (5.0, generic once ``card_record`` is given),
``available_operations``, ``end_of_turn``.
"""

from __future__ import annotations

from ..core.game import Continuations, EngineError, Game
from ..core.prompts import Prompt, PromptRegistry
from .log import CoinLogMixin
from ..core.schema import BOOL, INT, NAT, PLAIN, STR, Int, ListOf, MapOf, Maybe, OneOf, Record, SaveError

COIN_PROMPTS = PromptRegistry()
COIN_CONTINUATIONS = Continuations()

# Meta choices of the sequence of play (2.3.4); every COIN game's vocabulary starts with these.
PASS, EVENT_UNSHADED, EVENT_SHADED, OP_ONLY, OP_WITH_SA, LIMITED_OP = range(6)
META_ACTIONS = [
    ("meta", "pass", "pass"),
    ("meta", "event_unshaded", "event (unshaded)"),
    ("meta", "event_shaded", "event (shaded)"),
    ("meta", "op_only", "operation only"),
    ("meta", "op_with_sa", "operation with special activity"),
    ("meta", "limited_op", "limited operation"),
]
META_KEYS = {PASS: "pass", EVENT_UNSHADED: "event", EVENT_SHADED: "event",
             OP_ONLY: "op", OP_WITH_SA: "op_sa", LIMITED_OP: "limited"}


class CoinGame(CoinLogMixin, Game):
    """A card-driven COIN game. Subclasses implement the hooks below.

    A game package keeps its options in ``setup.py`` (``validate_options``), its positions there too
    (``to_position``), and its owner data packs in ``datapack.py`` (``LOADER``: the game's data,
    ``game.data``, is built from the ``data_pack`` option when the game is made or loaded)."""

    list_options = ("non_players", "players")

    def __init__(self, state, options=None, debug=False):
        super().__init__(state, options, debug)
        if state.data is None:
            state.data = self.load_data(self.options.get("data_pack"))
        if self.options.get("data_pack") is not None:
            # What a save stores: the pack's content (files named by path and SHA-256), never only a path.
            self.options["data_pack"] = state.data.content

    @classmethod
    def load_data(cls, source=None):
        """The game's data (coin_env.core.data.GameData): built-in for None, else the owner data pack
        ``source`` (the game's datapack.py). Raises DataPackError (a ValueError) naming every problem."""
        return cls._game_module("datapack").LOADER.load(source)

    @classmethod
    def _game_module(cls, name: str):
        import importlib
        package = cls.__module__.rsplit(".", 1)[0]
        return importlib.import_module(f"{package}.{name}")

    # --- seats and options -----------------------------------------------------------
    def is_non_player(self, faction: str) -> bool:
        """Is this faction run by the game's non-player system (option ``non_players``)?"""
        return faction in self.options.get("non_players", ())

    def validate_loaded(self) -> None:
        """A loaded game's options go through the game's own validation (errors name the key)."""
        try:
            self.options = self._game_module("setup").validate_options(self.options)
        except ValueError as exc:
            raise ValueError(f"saved game has bad options: {exc}") from None
        super().validate_loaded()
        s = self.state
        self.check_result()
        if not s.over and not any(self.is_periodic_card(c) for c in [s.current, s.upcoming, *s.deck] if c):
            raise SaveError("state.fields.deck", "no Campaign/Propaganda card is left to end the game (2.4)")

    def check_result(self) -> None:
        """A loaded game's outcome (a save's or a position's) must be the one its board gives: the shape every
        game checks (core ``checked_result``: over exactly when there is a result, the winner heads the
        ranking), the margins are the board's (7.0) and the ranking is the one they give (7.1)."""
        result = self.checked_result()
        if result is None:
            return
        margins = self.victory_margins()
        if result["margins"] != margins:
            raise SaveError("state.fields.result.margins", f"are {result['margins']!r} but the board gives {margins!r}")
        expected = self.expected_ranking(result)
        if expected is not None and result["ranking"] != expected:
            raise SaveError("state.fields.result.ranking", f"is {result['ranking']!r} but the margins and the tie "
                            f"order give {expected!r} (a game ended by {result.get('reason')!r})")

    def expected_ranking(self, result: dict) -> list[str] | None:
        """The ranking the board gives a finished game's ``result`` (its margins, the game's tie order and how
        the game ended, ``result["reason"]``): a loaded result must agree. None: the game does not say."""
        return None

    def progress(self) -> int:
        """Cards played so far (the played pile)."""
        return len(self.state.played)

    def length(self) -> int:
        """Cards played, the current card included (the card a game ends on counts)."""
        return len(self.state.played) + 1

    def is_turn_choice(self) -> bool:
        """The card-turn choice (2.3: pass, Event or Operation) and the Operation/Command chosen after it."""
        frame = self.prompt_frame()
        return frame is not None and (frame["kind"] == "sop_choice" or frame.get("then") == "coin_operation_chosen")

    def winner(self) -> str | None:
        r = self.state.result
        return r["winner"] if r else None

    def ranking(self) -> list[str] | None:
        r = self.state.result
        return r["ranking"] if r else None

    # --- hooks -----------------------------------------------------------------------
    def card_faction_order(self, card: int) -> list[str]:
        raise NotImplementedError

    def is_periodic_card(self, card: int) -> bool:
        raise NotImplementedError

    def start_periodic_round(self) -> None:
        """Push the frames of a Campaign / Propaganda round for the Current card."""
        raise NotImplementedError

    def pass_effects(self, faction: str) -> None:
        """2.3.3: what a passing faction gains (may push a decision)."""

    def card_record(self, card: int):
        """The card's :class:`coin_env.coin.events.CardRecord` (None for a periodic card)."""
        return None

    def event_sides(self, faction: str, card: int) -> list[int]:
        """Which of EVENT_UNSHADED / EVENT_SHADED the faction may execute now (5.2 dual use):
        a side is offered only if its effect is implemented (data-only cards offer no Event) and
        the game does not veto it (``event_side_allowed``)."""
        record = self.card_record(card)
        if record is None:
            return []
        return [action for action, side in ((EVENT_UNSHADED, "unshaded"), (EVENT_SHADED, "shaded"))
                if record.side(side).implemented and self.event_side_allowed(faction, card, side)]

    def event_side_allowed(self, faction: str, card: int, side: str) -> bool:
        """Hook: a game may withhold a side (e.g. one whose execution could dead-end). 5.1.2: a side
        that can do nothing now may still be chosen, so the default allows every implemented side."""
        return True

    def start_event(self, faction: str, card: int, shaded: bool) -> None:
        """5.1: execute the chosen side (the effect pushes its decisions)."""
        start_event(self, faction, self.card_record(card), "shaded" if shaded else "unshaded")

    def available_operations(self, faction: str, limited: bool) -> list[int]:
        """Action indices of the operations this faction could start now (>= 1 eligible space)."""
        raise NotImplementedError

    def any_operation_available(self, faction: str, limited: bool) -> bool:
        """``bool(available_operations(faction, limited))``; a game may stop at the first Operation found
        (2.3.4's options only ask whether there is one, at every card turn of every faction)."""
        return bool(self.available_operations(faction, limited))

    # Does a Limited Operation open other Operations than a full one? Not in Gandhi or A Distant Plain
    # (a Limited Operation is the same Operation in one space), so the sequence of play asks once.
    limited_changes_operations = False

    # What the rules call an Operation and a Special Activity, as prompts say them (Gandhi and A Distant
    # Plain: Operation / Special Activity; Vijayanagara 3.0 / 4.0: Command / Decree).
    operation_term = "Operation"
    special_activity_term = "Special Activity"

    def special_activity_required(self, faction: str) -> bool:
        """Must an Operation-with-Special-Activity turn include its Special Activity? Not in Gandhi or A
        Distant Plain (an SA is optional); Vijayanagara's Command & Decree must include a Decree (4.1).
        When required, the framework does not offer "done" after the Operation while one is possible."""
        return False

    def card_turns_done(self) -> bool:
        """Has every faction that may act on this card acted? In Gandhi and A Distant Plain two Eligible
        factions act per card (2.3.1); Vijayanagara offers the card to every Eligible faction (2.3.3)."""
        return len(self.state.sop["acted"]) >= 2

    def end_of_turn(self, faction: str) -> None:
        """Effects that wait for the end of a faction's turn (may push decisions)."""

    def periodic_swaps_on_reveal(self) -> bool:
        """Gandhi 2.4 (and A Distant Plain's Sudden Propaganda option, 2.3.7): a periodic card revealed
        as Upcoming swaps with Current and its round is held at once. Otherwise (A Distant Plain 2.4)
        the periodic card's round is held when it becomes Current in turn."""
        return True

    def operations_limited(self, faction: str) -> bool:
        """May this faction only execute Limited Operations on this card (A Distant Plain 2.3.8, the
        Final Event Card)? Then Limited Operation replaces the Operation options of 2.3.4."""
        return False

    def limited_op_spaces(self, faction: str) -> int:
        """2.3.5: a Limited Operation has 1 space (A Distant Plain 6.6.1 Sponsorship lifts it)."""
        return 1

    def on_event_card_current(self) -> None:
        """An Event card has become Current (games track runs of periodic cards here)."""

    def round_phases(self) -> list[str]:
        """The phases of the Campaign / Propaganda round a position may start at (``round_phase``)."""
        return []

    def start_round_at(self, phase: str) -> None:
        """Push the Current periodic card's round from the first step of ``phase`` (a position's
        ``round_phase``), as if the round had reached it."""
        raise ValueError(f"{self.name} positions cannot start a round at a phase")

    def to_position(self) -> dict:
        """A readable JSON position by rulebook names: the game's ``setup.to_position``."""
        return self._game_module("setup").to_position(self)

    def begin_play(self) -> None:
        """2.2 Start: reveal Current and Upcoming; hold a periodic round if one shows."""
        s = self.state
        s.current = s.deck.pop(0)
        s.upcoming = s.deck.pop(0) if s.deck else None
        self._reveal_check()

    # --- the card turn ---------------------------------------------------------------
    def on_empty_stack(self) -> None:
        s = self.state
        if s.current is None:
            self.begin_play()
            return
        self.push({"kind": "sop_card"})

    def _reveal_check(self) -> None:
        """2.4: a periodic card revealed as Upcoming swaps with Current, then its round runs."""
        s = self.state
        s.card_decisions = 0
        s.sop = {"offered": [], "acted": [], "first_did": None, "done": False}
        swap = s.upcoming is not None and self.is_periodic_card(s.upcoming) and self.periodic_swaps_on_reveal()
        if swap:
            s.current, s.upcoming = s.upcoming, s.current
        if s.log is not None:                   # the game log: a new Current card (2.3.7, 2.4)
            s.log.append(("card", s.current, s.upcoming))
        if swap:
            s.sop["done"] = True
            self.start_periodic_round()
        elif self.is_periodic_card(s.current):
            s.sop["done"] = True
            self.start_periodic_round()
        else:
            self.on_event_card_current()

    def after_periodic_round(self) -> None:
        """The swapped Event card becomes Current; the draw deck's top card is revealed (6.5)."""
        s = self.state
        expire_lasting(s, "campaign")       # lasting effects "until the next Campaign / Propaganda round"
        s.current = s.upcoming
        s.upcoming = s.deck.pop(0) if s.deck else None
        if s.current is None:
            raise EngineError("draw deck ran out before the final periodic card")
        self._reveal_check()

    def next_card(self) -> None:
        """2.3.7: discard Current, Upcoming becomes Current, reveal the next card."""
        s = self.state
        expire_lasting(s, "card")
        s.played.append(s.current)
        s.current = s.upcoming
        s.upcoming = s.deck.pop(0) if s.deck else None
        if s.current is None:
            raise EngineError("draw deck ran out before the final periodic card")
        self._reveal_check()

    def adjust_eligibility(self) -> None:
        """2.3.6: factions that executed an Operation or Event become Ineligible; others Eligible.
        Event text may force a faction either way (``eligibility_override``)."""
        s = self.state
        before = s.eligible.copy() if s.log is not None else None
        for f in self.factions:
            s.eligible[f] = f not in s.sop["acted"]
        for f, value in s.eligibility_override.items():
            s.eligible[f] = bool(value)
        s.eligibility_override = {}
        if before is not None and before != s.eligible:
            s.log.append(("eligibility", s.eligible.copy()))

    def next_eligible(self) -> str | None:
        s = self.state
        for f in self.card_faction_order(s.current):
            if s.eligible[f] and f not in s.sop["offered"]:
                return f
        return None

    def options_for(self, faction: str) -> list[int]:
        """2.3.4 Options for the 1st or 2nd Eligible faction."""
        s = self.state
        first = not s.sop["acted"]
        opts = [PASS]
        ops_lim = self.any_operation_available(faction, limited=True)
        if self.operations_limited(faction):
            full = [LIMITED_OP] if ops_lim else []
        else:
            ops_full = (self.any_operation_available(faction, limited=False)
                        if self.limited_changes_operations else ops_lim)
            full = [OP_ONLY, OP_WITH_SA] if ops_full else []
        events = self.event_sides(faction, s.current)
        if first:
            opts += full
            opts += events
        else:
            did = s.sop["first_did"]
            if did in ("op", "limited"):        # 2.3.5: a Limited Operation counts as an Operation
                if ops_lim:
                    opts.append(LIMITED_OP)
            elif did == "op_sa":
                if ops_lim:
                    opts.append(LIMITED_OP)
                opts += events
            elif did == "event":
                opts += full
        return sorted(set(opts))


def sequence_field_specs(factions, cards, n_spaces: int) -> dict:
    """Shapes of the sequence-of-play fields of :func:`init_sequence_fields`, for loading saves
    (coin_env.core.schema). ``cards``: every card number of the game; spaces are 0..n_spaces-1."""
    faction = OneOf(factions)
    space = Int(0, n_spaces - 1)
    card = OneOf(cards)
    n = len(cards)
    turn = Record({"faction": faction, "kind": STR, "op": Maybe(STR), "op_spaces": ListOf(space), "sa": Maybe(STR),
                   "sa_spaces": ListOf(space), "sa_done": BOOL, "sa_active": BOOL, "flags": MapOf(STR, PLAIN)},
                  optional={"op_action": NAT, "sa_action": NAT}, extra=True)
    return {
        "deck": ListOf(card, n, unique=True), "current": Maybe(card), "upcoming": Maybe(card),
        "played": ListOf(card, n, unique=True), "set_aside": ListOf(card, n, unique=True),
        "eligible": Record({f: BOOL for f in factions}),
        "eligibility_override": MapOf(faction, PLAIN),
        "sop": Record({"offered": ListOf(faction, unique=True), "acted": ListOf(faction, unique=True),
                       "first_did": Maybe(STR), "done": BOOL}),
        "turn": Maybe(turn),
        "lasting": ListOf(Record({"expires": STR}, extra=True)),
        "result": Maybe(Record({"winner": faction, "ranking": ListOf(faction, unique=True),
                                "margins": Record({f: INT for f in factions})}, extra=True)),
        "pending_setup": ListOf(PLAIN),
    }


def init_sequence_fields(state, factions) -> None:
    """The sequence-of-play fields every COIN state has, at their start values: the deck, Current and
    Upcoming cards, played and set-aside piles, eligibility (all Eligible, 2.3.1), Event overrides, the
    card's sequence record, the action in progress and lasting Event effects."""
    state.deck = []
    state.current = None
    state.upcoming = None
    state.played = []
    state.set_aside = []
    state.eligible = {f: True for f in factions}
    state.eligibility_override = {}
    state.sop = {"offered": [], "acted": [], "first_did": None, "done": False}
    state.turn = None
    state.lasting = []


def start_event(game, faction: str, record, side: str) -> None:
    """5.1: the executing faction carries out the chosen side's text (a :class:`coin_env.coin.events.CardRecord`'s).
    ``turn["event"]`` records the card and side and gives the effect a scratch dict (``data``) for its own
    bookkeeping."""
    s = game.state
    eff = record.side(side).effect
    if eff is None:
        raise EngineError(f"card {record.number} {side}: no effect (the Event option should not be offered)")
    s.turn["event"] = {"card": record.number, "side": side, "data": {}}
    eff(game, faction)


def expire_lasting(state, when: str) -> None:
    """Drop lasting Event effects that end at ``when`` ("card": end of the card; "campaign": after a
    periodic round; coin_env.coin.events records them). "game" effects never expire."""
    if getattr(state, "lasting", None):
        state.lasting[:] = [e for e in state.lasting if e["expires"] != when]


@COIN_PROMPTS.register
class SopCard(Prompt):
    """Automatic: offer the card to the next Eligible faction, or end the card."""

    kind = "sop_card"
    auto = True

    def run(self, game, frame):
        s = game.state
        game.pop()
        if s.sop["done"]:
            return
        faction = None if game.card_turns_done() else game.next_eligible()
        if faction is None:
            s.sop["done"] = True
            game.adjust_eligibility()
            game.next_card()
            return
        game.push({"kind": "sop_choice", "actor": faction})


@COIN_PROMPTS.register
class SopChoice(Prompt):
    """1st / 2nd Eligible chooses: pass, event, operation (with SA) or limited operation."""

    kind = "sop_choice"

    def legal(self, game, frame):
        return game.options_for(frame["actor"])

    def describe(self, game, frame):
        s = game.state
        # 1st, 2nd Eligible (2.3.2); Vijayanagara offers the card to a third faction too (2.3.3).
        which = ("1st", "2nd", "3rd", "4th")[min(len(s.sop["acted"]), 3)]
        return f"{game.faction_name(frame['actor'])} as {which} Eligible on card {s.current}: choose Pass, Event or {game.operation_term}"

    def apply(self, game, frame, action):
        s = game.state
        faction = frame["actor"]
        game.pop()
        s.sop["offered"].append(faction)
        kind = META_KEYS[action]
        s.turn = new_turn(faction, kind)
        if kind == "pass":
            game.pass_effects(faction)
            return
        # Record the turn once its frames finish (and run end-of-turn effects then).
        game.push({"kind": "sop_turn_end", "step": 0})
        if kind == "event":
            game.start_event(faction, s.current, shaded=(action == EVENT_SHADED))
        else:
            ops = game.available_operations(faction, limited=(kind == "limited"))
            game.choose(faction, f"{game.faction_name(faction)}: choose the {game.operation_term}", ops,
                        "coin_operation_chosen")


def new_turn(faction: str, kind: str) -> dict:
    """The context of the action in progress; the observation encodes it."""
    return {"faction": faction, "kind": kind, "op": None, "op_spaces": [], "sa": None,
            "sa_spaces": [], "sa_done": False, "sa_active": False, "flags": {}}


@COIN_PROMPTS.register
class SopTurnEnd(Prompt):
    """Automatic: after a faction's Op/Event, record what it did and run end-of-turn effects."""

    kind = "sop_turn_end"
    auto = True

    def run(self, game, frame):
        s = game.state
        if frame["step"] == 0:
            frame["step"] = 1
            turn = s.turn
            faction = turn["faction"]
            if turn["kind"] == "event":
                did = "event"
            elif turn["kind"] == "op_sa" and turn["sa_done"]:
                did = "op_sa"
            elif turn["kind"] == "limited":
                did = "limited"
            else:
                did = "op"
            if not s.sop["acted"]:
                s.sop["first_did"] = did
            s.sop["acted"].append(faction)
            game.end_of_turn(faction)
            return
        game.pop()
        s.turn = None
