"""Event cards shared by the COIN series (Gandhi 5.0; A Distant Plain and Vijayanagara 5.0 alike).

What lives here (every COIN volume needs it; games plug in their cards and effect helpers):

* Card records (:class:`CardRecord`, :class:`EventSide`): number, title, faction order, the factions
  for which the card is Critical (Gandhi 8.8.1) or haloed (8.8.2), and per side the effect text in
  our own words, its provenance and the effect function (``None``: text not known, data only).
* The effect registry (:data:`EFFECTS`): one small function per (game, card, side), registered with
  the :func:`event_effect` decorator. Owner plugins register the same way (docs/data-packs.md).
* 5.2 Dual use: the executing faction picks the unshaded or the shaded text, never both. The Event
  option of the sequence of play (2.3.4) is offered only for a side that has an effect function
  (:meth:`coin_env.coin.sequence.CoinGame.event_sides`).
* 5.1 / 5.1.2 Implement what can be implemented: effect helpers never dead-end; a side that can do
  nothing now may still be chosen (it then only costs the faction its eligibility).
* Free Operations / Special Activities granted by Event text (:func:`grant_free_action`): they run
  through the ordinary Op/SA framework with ``turn["free"] = True``, so the games' cost helpers skip
  costs; they do not change eligibility (only the executing faction's Event counts, 2.3.6).
* Eligibility changes by Event text (2.3.1, 2.3.6): :func:`set_eligible` writes
  ``state.eligibility_override``, applied when eligibility is adjusted at the end of the card.
* Lasting effects (capabilities, momentum-style markers): plain data in ``state.lasting``, a list of
  ``{"card", "side", "name", "expires": "card" | "campaign" | "game", ...}``; :func:`add_lasting`,
  :func:`lasting`, :func:`has_lasting`; the sequence of play expires "card" ones when the card ends
  and "campaign" ones after each periodic (Campaign / Propaganda) round.
* "Is this Event effective?" (:func:`is_effective`, Gandhi 8.8.3): execute the side on a clone and
  compare the game before and after.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

from ..core.game import EngineError
from ..core.prompts import Prompt
# start_event and expire_lasting are this module's API too; they live in sequence.py, which runs them.
from .sequence import COIN_PROMPTS, expire_lasting, new_turn, start_event  # noqa: F401

SIDES = ("unshaded", "shaded")
EXPIRIES = ("card", "campaign", "game")


# --- card records ----------------------------------------------------------------------------------
@dataclass
class EventSide:
    """One side of an Event card. ``text`` paraphrases the card (never pasted from it); ``effect`` is
    the registered function ``effect(game, faction)`` or ``None`` when the text is not known."""

    text: str = ""
    provenance: str = ""
    effect: Callable | None = None

    @property
    def implemented(self) -> bool:
        return self.effect is not None


@dataclass
class CardRecord:
    number: int
    title: str | None
    order: tuple[str, ...]
    critical: tuple[str, ...] = ()
    halo: tuple[str, ...] = ()
    unshaded: EventSide = field(default_factory=EventSide)
    shaded: EventSide = field(default_factory=EventSide)
    provenance: dict[str, str] = field(default_factory=dict)   # field name -> source

    def side(self, name: str) -> EventSide:
        if name not in SIDES:
            raise ValueError(f"event side must be one of {SIDES}, not {name!r}")
        return self.unshaded if name == "unshaded" else self.shaded

    def implemented_sides(self) -> list[str]:
        return [s for s in SIDES if self.side(s).implemented]


# --- reconstructed faction orders -------------------------------------------------------------------
def balanced_order(card: int, factions: tuple[str, ...]) -> tuple[str, ...]:
    """A reconstructed faction order (2.3.2) for a card whose printed icons are not known.

    Each of the 24 orders of four factions is used equally often: card n takes order number
    ((n - 1) * 7) mod 24 of the lexicographic list over ``factions``, so the assignment is balanced,
    deterministic and free of runs. Every four-faction game reconstructs its orders this way."""
    from itertools import permutations
    orders = _ORDERS_CACHE.get(factions)
    if orders is None:
        orders = _ORDERS_CACHE[factions] = list(permutations(factions))
    return orders[((card - 1) * 7) % len(orders)]


_ORDERS_CACHE: dict[tuple[str, ...], list[tuple[str, ...]]] = {}


# --- the effect registry ---------------------------------------------------------------------------
@dataclass
class Effect:
    fn: Callable
    text: str
    provenance: str
    origin: str          # "builtin", "entry point <name>" or "plugin <file>"
    replace: bool = False   # a plugin's effect meant to override a known one


class EffectRegistry:
    """(game, card, side) -> :class:`Effect`. ``staging`` collects a plugin's registrations until the
    loading data pack is known to be valid (nothing half-applied)."""

    def __init__(self):
        self._effects: dict[tuple[str, int, str], Effect] = {}
        self.staging: dict[tuple[str, int, str], Effect] | None = None
        self.origin = "builtin"

    def register(self, game: str, card: int, side: str, fn: Callable, text: str = "", provenance: str = "",
                 replace: bool = False) -> Callable:
        if side not in SIDES:
            raise ValueError(f"event side must be one of {SIDES}, not {side!r}")
        if not isinstance(card, int) or card < 1:
            raise ValueError(f"card number must be a positive integer, not {card!r}")
        key = (game, card, side)
        target = self._effects if self.staging is None else self.staging
        if key in target and not replace:
            raise ValueError(f"an effect for {game} card {card} {side} is already registered")
        target[key] = Effect(fn, text, provenance or self.origin, self.origin, replace)
        return fn

    def effect(self, game: str, card: int, side: str, text: str = "", provenance: str = "",
               replace: bool = False):
        """Decorator: ``@event_effect("gandhi", 6, "unshaded", text=..., provenance=...)``."""
        def deco(fn):
            return self.register(game, card, side, fn, text, provenance, replace)
        return deco

    def get(self, game: str, card: int, side: str) -> Effect | None:
        return self._effects.get((game, card, side))

    def for_game(self, game: str) -> dict[tuple[int, str], Effect]:
        return {(c, s): e for (g, c, s), e in self._effects.items() if g == game}

    def commit(self, entries: dict) -> None:
        self._effects.update(entries)

    def drop_plugins(self, game: str) -> None:
        """Forget effects registered by data-pack plugin files (data pack reset); built-in effects
        and installed entry points stay."""
        for key in [k for k, e in self._effects.items() if k[0] == game and e.origin.startswith("plugin ")]:
            del self._effects[key]


EFFECTS = EffectRegistry()
event_effect = EFFECTS.effect


# --- the running Event (executed by sequence.start_event) ------------------------------------------------
def event_data(game) -> dict:
    """The running Event's scratch dict (plain data; survives saves)."""
    return game.state.turn["event"]["data"]


# --- 2.3.1 / 2.3.6 eligibility changes ------------------------------------------------------------------
def set_eligible(game, faction: str, eligible: bool) -> None:
    """Event text making a faction Eligible or Ineligible for the next card (applied at 2.3.6)."""
    if faction not in game.factions:
        raise ValueError(f"unknown faction {faction!r}")
    game.state.eligibility_override[faction] = bool(eligible)


# --- lasting effects (capabilities, momentum) -------------------------------------------------------------
def add_lasting(game, name: str, expires: str = "game", **data) -> None:
    """Record a lasting effect of the running Event (plain data in ``state.lasting``)."""
    if expires not in EXPIRIES:
        raise ValueError(f"lasting effect expiry must be one of {EXPIRIES}, not {expires!r}")
    s = game.state
    ev = (s.turn or {}).get("event") or {}
    entry = {"card": ev.get("card"), "side": ev.get("side"), "name": name, "expires": expires}
    entry.update(data)
    s.lasting.append(entry)


def lasting(state, name: str | None = None) -> list[dict]:
    return [e for e in state.lasting if name is None or e["name"] == name]


def has_lasting(state, name: str) -> bool:
    return any(e["name"] == name for e in state.lasting)


# --- free Operations and Special Activities -------------------------------------------------------------
def is_free(game) -> bool:
    """True while a free Op/SA granted by an Event runs: cost helpers skip costs."""
    turn = game.state.turn
    return bool(turn and turn.get("free"))


def grant_free_action(game, faction: str, actions: list[int], kind: str = "op", optional: bool = True) -> None:
    """Event text granting ``faction`` a free Operation or Special Activity among ``actions``
    (vocabulary indices of Operations and/or Special Activities).

    ``kind``: "op" (one or more spaces), "limited" (one space, 2.3.5) or "op_sa" (the Operation may be
    accompanied by a Special Activity, also free). A Special Activity in ``actions`` runs on its own.
    The grantee is asked which action (or ``done`` if ``optional`` or none can run); costs are
    skipped; eligibility is not affected. Flags the action raises (e.g. a Crisis triggered) are
    carried to the Event's turn, so end-of-turn effects still apply.
    """
    if kind not in ("op", "limited", "op_sa"):
        raise ValueError(f"free action kind must be op, limited or op_sa, not {kind!r}")
    game.push({"kind": "coin_free_action", "actor": faction, "actions": list(actions), "op_kind": kind,
               "optional": bool(optional)})


def _free_turn(game, faction: str, kind: str) -> dict:
    turn = new_turn(faction, kind)
    turn["free"] = True
    return turn


def free_actions_available(game, faction: str, actions: list[int], kind: str) -> list[int]:
    """Which of ``actions`` could start now with costs waived (asked before the action starts, under
    a provisional free turn that is put back at once)."""
    s = game.state
    saved = s.turn
    try:
        s.turn = _free_turn(game, faction, kind)
        acts = game.activities[faction]
        return [a for a in actions if a in acts and acts[a].available(game)]
    finally:
        s.turn = saved


@COIN_PROMPTS.register
class FreeAction(Prompt):
    """The grantee of a free Operation / Special Activity picks it (or done)."""

    kind = "coin_free_action"

    def legal(self, game, frame):
        out = free_actions_available(game, frame["actor"], frame["actions"], frame["op_kind"])
        if frame["optional"] or not out:
            out = out + [game.DONE]
        return out

    def describe(self, game, frame):
        return f"{game.faction_name(frame['actor'])}: choose the free Operation or Special Activity granted by the Event, or done"

    def apply(self, game, frame, action):
        from .operations import start_operation, start_special
        s = game.state
        game.pop()
        if action == game.DONE:
            return
        faction = frame["actor"]
        act = game.activities[faction][action]
        game.push({"kind": "coin_free_end", "parent": s.turn})
        s.turn = _free_turn(game, faction, "limited" if (frame["op_kind"] == "limited" and not act.special)
                            else ("op_sa" if frame["op_kind"] == "op_sa" and not act.special else "op"))
        if act.special:
            start_special(game, action)
        else:
            start_operation(game, action)


@COIN_PROMPTS.register
class FreeActionEnd(Prompt):
    """Automatic: the free action is over; the Event's turn resumes with the action's flags."""

    kind = "coin_free_end"
    auto = True

    def run(self, game, frame):
        s = game.state
        game.pop()
        child = s.turn
        s.turn = frame["parent"]
        if s.turn is not None and child is not None:
            s.turn["flags"].update(child["flags"])


# --- "Is this Event effective?" (Gandhi 8.8.3) -------------------------------------------------------------
BOOKKEEPING_FIELDS = ("frames", "decisions", "card_decisions", "turn", "sop", "over")


def comparable(game) -> str:
    """The state as JSON without bookkeeping (decision stack, counters, turn context, RNG)."""
    d = game.state.to_dict()
    for name in BOOKKEEPING_FIELDS:
        d["fields"].pop(name, None)
    d.pop("rng", None)
    return json.dumps(d, sort_keys=True)


@COIN_PROMPTS.register
class ProbeEnd(Prompt):
    """Sentinel under an Event executed by :func:`is_effective` (never in a real game)."""

    kind = "coin_probe_end"

    def legal(self, game, frame):
        return [game.DONE]

    def apply(self, game, frame, action):
        raise EngineError("probe sentinel answered")


def _probe_start(game, faction: str, record: CardRecord, side: str):
    g = game.clone()
    s = g.state
    s.frames = [{"kind": "coin_probe_end", "actor": faction}]
    s.turn = new_turn(faction, "event")
    start_event(g, faction, record, side)
    g._legal = None
    g.advance()
    return g


def _probe_done(g) -> bool:
    return g.state.over or g.state.frames[-1]["kind"] == "coin_probe_end"


def is_effective(game, faction: str, card: int, side: str, mode: str = "any", chooser=None,
                 max_nodes: int = 5000) -> bool:
    """Would ``faction`` executing ``side`` of ``card`` now change the game? (Gandhi 8.8.3 needs it.)

    The side runs on a clone, from the current position, in isolation (the decision in progress is
    set aside); the answer compares the state before and after, ignoring bookkeeping (decision stack,
    counters, turn context, RNG). Choices inside the Event are answered

    * ``mode="any"`` (default): by searching every sequence of legal choices (depth first, states
      already seen are skipped, at most ``max_nodes`` decisions): True if *some* way of executing the
      side changes the game;
    * ``mode="first"``: deterministically, the first legal action at each decision;
    * ``chooser``: a function ``(game) -> action`` (e.g. a bot's priorities) answering every choice.

    Ends of turn (e.g. Gandhi's Crisis cubes) are not part of the Event and are not run.
    Returns False for a side without an effect.
    """
    record = game.card_record(card)
    if record is None or not record.side(side).implemented:
        return False
    before = comparable(game)
    g = _probe_start(game, faction, record, side)
    if chooser is not None or mode == "first":
        pick = chooser or (lambda x: x.legal_actions()[0])
        for _ in range(max_nodes):
            if _probe_done(g):
                return comparable(g) != before
            g.apply(pick(g))
        raise EngineError(f"card {card} {side}: the Event did not finish within {max_nodes} decisions")
    if mode != "any":
        raise ValueError(f"mode must be 'any' or 'first', not {mode!r}")
    seen: set[str] = set()
    stack = [g]
    nodes = 0
    while stack:
        g = stack.pop()
        if _probe_done(g):
            if comparable(g) != before:
                return True
            continue
        d = g.state.to_dict()
        d["fields"].pop("decisions"), d["fields"].pop("card_decisions")
        key = json.dumps(d, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        nodes += 1
        if nodes > max_nodes:
            break
        for a in reversed(g.legal_actions()):
            child = g.clone()
            child.apply(a)
            stack.append(child)
    return False


# --- plugins: effects supplied by owners of the printed game ------------------------------------------------
_LOADED_GROUPS: set[str] = set()
_PLUGIN_CACHE: dict[tuple[str, str], dict] = {}


def load_entry_points(group: str) -> None:
    """Import the installed plugins of an entry-point group once (e.g. "coin_env.gandhi.events").
    An entry point names a module (its ``@event_effect`` decorators register on import) or a
    callable (called with no argument). They stay registered for the process."""
    if group in _LOADED_GROUPS:
        return
    _LOADED_GROUPS.add(group)
    from importlib.metadata import entry_points
    for ep in entry_points(group=group):
        prev, EFFECTS.origin = EFFECTS.origin, f"entry point {ep.name}"
        try:
            obj = ep.load()
            if callable(obj):
                obj()
        finally:
            EFFECTS.origin = prev


def load_plugin_file(path: str) -> dict:
    """Execute a plugin file and return its registrations *without* committing them (the caller
    commits once everything it loads is valid). A file is executed once per content; loading it
    again returns the same registrations."""
    import hashlib
    import importlib.util
    import os
    path = os.path.abspath(path)
    with open(path, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    key = (path, digest)
    if key in _PLUGIN_CACHE:
        return dict(_PLUGIN_CACHE[key])
    spec = importlib.util.spec_from_file_location(f"coin_env_plugin_{digest[:16]}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot load plugin {path!r}")
    module = importlib.util.module_from_spec(spec)
    EFFECTS.staging, EFFECTS.origin = {}, f"plugin {os.path.basename(path)}"
    try:
        spec.loader.exec_module(module)
        staged = EFFECTS.staging
    finally:
        EFFECTS.staging, EFFECTS.origin = None, "builtin"
    _PLUGIN_CACHE[key] = staged
    return dict(staged)
