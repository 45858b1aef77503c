"""The decision-point machine every game runs on.

One path through the rules: humans, random agents, RL policies and the
non-player bots all call :meth:`Game.apply` with an index into the game's
action vocabulary at the prompt on top of the decision stack. Nothing else
changes a game.
"""

from __future__ import annotations

import json

import numpy as np

from .actions import ActionVocabulary
from .log import GameLog, check_entries, plural
from .rng import check_die_value
from .prompts import Prompt, PromptRegistry
from .schema import SaveError, whole_number
from .state import plain_copy



class IllegalActionError(ValueError):
    """An action that is not legal at the current prompt. The game is unchanged."""


class EngineError(RuntimeError):
    """The engine reached a state it promised never to reach (a bug, not bad input)."""


class Continuations(dict):
    """name -> function(game, frame, action) called when a `choose` frame is answered."""

    def register(self, fn):
        if fn.__name__ in self:
            raise ValueError(f"continuation {fn.__name__!r} registered twice")
        self[fn.__name__] = fn
        return fn


class ChoosePrompt(Prompt):
    """A decision among options fixed when the frame was pushed.

    Frame: ``{"kind": "choose", "actor", "ask", "options": [action...], "then": name, ...}``.
    The frame is popped before the continuation runs, so the continuation may
    push further frames.
    """

    kind = "choose"

    def legal(self, game, frame):
        return frame["options"]

    def apply(self, game, frame, action):
        game.pop()
        game.continuations[frame["then"]](game, frame, action)


class CallPrompt(Prompt):
    """Automatic: run a registered continuation once the frames pushed above this one are finished.

    Frame: ``{"kind": "call", "fn": name, ...data}``; the continuation gets ``(game, frame, None)``.
    This is how a procedure continues after a nested decision (e.g. a step after its removals)
    without a one-off prompt class per step.
    """

    kind = "call"
    auto = True

    def run(self, game, frame):
        game.pop()
        game.continuations[frame["fn"]](game, frame, None)


MAX_AUTO_STEPS = 100_000


def _action_index(action) -> int:
    """An action as a vocabulary index. Python and numpy integers (also a one-element integer array,
    as a policy's predict() returns) are accepted; floats, bools and anything else are refused rather
    than silently truncated (2.7 is not action 2)."""
    if isinstance(action, np.ndarray) and action.size == 1 and action.dtype.kind in "iu":
        action = action.reshape(()).item()
    index = whole_number(action)
    if index is None:
        raise IllegalActionError(f"action {action!r} is not an action index")
    return index


class Game:
    """Base class. A subclass provides: name, factions, vocabulary, prompts,
    continuations, a state class, ``setup()``, ``on_empty_stack()``,
    ``victory_margins()``, ``winner()``, ``to_position()`` / ``from_position()``."""

    name: str = ""
    factions: tuple[str, ...] = ()
    vocabulary: ActionVocabulary
    prompts: PromptRegistry
    continuations: Continuations
    state_class = None
    list_options: tuple[str, ...] = ()      # options whose values are lists (a clone copies them)

    def __init__(self, state, options: dict | None = None, debug: bool = False):
        self.state = state
        self.options = dict(options or {})
        self.debug = debug
        self._legal: list[int] | None = None
        self._log: GameLog | None = None        # the game log (None: not kept); see enable_log

    @property
    def data(self):
        """The facts this game plays with (:class:`coin_env.core.data.GameData`; None for a game that
        has no replaceable data). Chosen when the game is made, shared by its clones, never changed."""
        return self.state.data

    # -- the decision stack ---------------------------------------------------------
    def push(self, frame: dict) -> dict:
        self.state.frames.append(frame)
        return frame

    def pop(self) -> dict:
        return self.state.frames.pop()

    def top(self) -> dict | None:
        frames = self.state.frames
        return frames[-1] if frames else None

    def choose(self, actor: str, ask: str, options: list[int], then: str, **data) -> None:
        """Push a `choose` decision; ``then`` names a registered continuation."""
        if not options:
            raise EngineError(f"no options for {ask!r}")
        # built in one literal and appended directly: every decision of every game passes here
        self.state.frames.append({"kind": "choose", "actor": actor, "ask": ask, "options": list(options),
                                  "then": then, **data})

    def after(self, fn: str, **data) -> None:
        """Push a `call` frame: continuation ``fn`` runs once every frame pushed after it is done."""
        self.state.frames.append({"kind": "call", "fn": fn, **data})

    def on_empty_stack(self) -> None:
        """Called when no decision is pending: start the next step of the game."""
        raise NotImplementedError

    def advance(self) -> None:
        """Run automatic frames until a real decision is pending or the game ends."""
        state = self.state
        prompts = self.prompts
        for _ in range(MAX_AUTO_STEPS):
            if state.over:
                self._legal = []
                return
            frames = state.frames
            if not frames:
                self.on_empty_stack()
                continue
            top = frames[-1]
            prompt = prompts[top["kind"]]
            if prompt.auto:
                prompt.run(self, top)
                continue
            legal = prompt.legal(self, top)
            if not legal:
                raise EngineError(f"dead end: prompt {prompt.describe(self, top)!r} offers no action")
            self._legal = legal
            return
        raise EngineError("automatic steps did not reach a decision")

    # -- public API -----------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.state.over:
            return None
        top = self.state.frames[-1]
        return self.prompts[top["kind"]].actor(self, top)

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self.advance()
        return list(self._legal)

    def legal_mask(self, out: np.ndarray | None = None) -> np.ndarray:
        if out is None:
            out = np.zeros(len(self.vocabulary), dtype=np.int8)
        else:
            out[:] = 0
        if self._legal is None:
            self.advance()
        if self._legal:
            out[self._legal] = 1
        return out

    def prompt(self) -> str:
        """What is being asked now, in words."""
        if self.state.over:
            return "game over"
        top = self.state.frames[-1]
        return self.prompts[top["kind"]].describe(self, top)

    def prompt_frame(self) -> dict | None:
        return None if self.state.over else self.state.frames[-1]

    def action_label(self, action: int) -> str:
        return self.vocabulary.label(action)

    def apply(self, action, player: str | None = None) -> None:
        """Apply one action. Raises IllegalActionError (game unchanged) if not legal.

        ``player``: who the caller acts for (a seat of a server, a human at a table); when given, an
        action sent by anyone but the player to move is refused, even if it is legal for that player."""
        if self._legal is None:
            self.advance()
        if player is not None and not self.state.over and player != self.current_player():
            raise IllegalActionError(
                f"action {action!r} ({self._safe_label(action)!r}) sent by {player!r}, but the decision at "
                f"prompt {self.prompt()!r} is for {self.current_player()!r}")
        if isinstance(action, str):
            action = self._action_from_label(action)
        if type(action) is not int:          # a plain int (what bots return) needs no conversion
            action = _action_index(action)
        if self.state.over:
            raise IllegalActionError(f"action {action} ({self._safe_label(action)}): the game is over")
        if action not in self._legal:
            raise IllegalActionError(
                f"illegal action {action} ({self._safe_label(action)!r}) at prompt "
                f"{self.prompt()!r} for {self.current_player()}; legal: "
                f"{[self.action_label(a) for a in self._legal][:40]}"
            )
        top = self.state.frames[-1]
        log = self._log
        if log is not None:
            log.own.append(("decision", self.state.decisions + 1, self.current_player(), self.prompt(),
                            action, self.action_label(action)))
        self.state.decisions += 1
        self.state.card_decisions += 1
        self._legal = None
        self.prompts[top["kind"]].apply(self, top, action)
        self.advance()
        if log is not None:
            self.log_after_decision(log)
        if self.debug:
            self.check_invariants()

    def _safe_label(self, action) -> str:
        try:
            return self.action_label(int(action))
        except (IndexError, TypeError, ValueError):
            return "not in the vocabulary"

    def _action_from_label(self, label: str) -> int:
        try:
            return self.vocabulary.by_label(label)
        except KeyError:
            raise IllegalActionError(
                f"no action labelled {label!r} at prompt {self.prompt()!r}; legal: "
                f"{[self.action_label(a) for a in self._legal or []][:40]}"
            ) from None

    def is_over(self) -> bool:
        return bool(self.state.over)

    def decisions_made(self) -> int:
        """Decisions answered so far in this game, by every seat (public: each seat sees every decision made,
        if not its content)."""
        return self.state.decisions

    def progress(self) -> int:
        """How far the game has come, in its own unit of play (COIN games: cards played; John Company: the
        turn). Searches count their horizon in it; reports count game length in it."""
        raise NotImplementedError

    def length(self) -> int:
        """The game's length in its unit of play, counting the one in play (a finished game: how long it
        lasted): COIN games the cards played with the current card, John Company the turn. Reports use it."""
        return self.progress()

    def is_turn_choice(self) -> bool:
        """True when the pending decision is the one that shapes a seat's whole turn (a COIN card-turn choice
        or its Operation, a John Company family action), as opposed to the spaces, pieces and amounts that
        carry it out. A search may look further ahead at these."""
        return False

    def check_invariants(self) -> None:
        """Subclasses assert piece conservation and track ranges here (debug mode)."""

    # -- scripted dice ----------------------------------------------------------------
    def script_dice(self, values) -> None:
        """Queue die results: each die the game rolls next (``rng.die``: the rolls the rules call dice)
        takes the next queued value, then the game's RNG resumes. Shuffles and random choices
        (``rng.below``/``choice``/``shuffle``) are never scripted. Values must be integers >= 1 (a
        ValueError names a bad one and the game is unchanged); a value too high for the die actually
        rolled is a ValueError at that roll. The queue is part of the state (clone, to_json)."""
        if isinstance(values, (str, bytes, dict)) or not hasattr(values, "__iter__"):
            raise ValueError(f"script_dice takes a list of die results, not {values!r}")
        checked = [check_die_value(v, f"scripted die result {i} ({v!r})") for i, v in enumerate(list(values))]
        if not checked:
            return
        rng = self.state.rng
        rng.dice = (rng.dice or []) + checked

    def scripted_dice(self) -> list[int]:
        """The scripted die results still queued."""
        return list(self.state.rng.dice or [])

    # -- the game log ---------------------------------------------------------------------
    def enable_log(self) -> None:
        """Start keeping the game log (``game.log``) from now on (``make_game(..., log=True)`` does it at the start)."""
        if self._log is None:
            self._log = GameLog()
            self._attach_log()
            self.log_started(self._log)

    def _attach_log(self) -> None:
        own = self._log.own if self._log is not None else None
        self.state.log = own
        self.state.rng.log = own

    @property
    def keeps_log(self) -> bool:
        return self._log is not None

    @property
    def log(self) -> list[dict]:
        """The game log: one JSON-plain dict per event, oldest first, each with ``text`` (in the board
        game's words), ``kind`` and ``decision`` (the 1-based number of the decision it belongs to; 0
        before the first) and, by kind, ``actor``, ``rule``, ``roll``, ``card``, ``space``, ... Empty
        when the game keeps no log."""
        return list(self._rendered_log())

    def _rendered_log(self) -> list[dict]:
        """The written log (a cache: callers must not change it)."""
        lg = self._log
        if lg is None:
            return []
        raw = lg.raw()
        rendered = lg.rendered
        if len(rendered) != len(raw):
            # A clone may share its original's cache: never extend that list, start an own copy.
            rendered = lg.rendered = rendered[:min(len(rendered), len(raw))]
            decision = rendered[-1]["decision"] if rendered else 0
            for entry in raw[len(rendered):]:
                if type(entry) is dict:
                    out = entry
                else:
                    out = self.render_log_entry(entry)
                    if entry[0] == "decision":
                        decision = entry[1]
                    out["decision"] = decision
                decision = out["decision"]
                rendered.append(out)
        return rendered

    def log_since(self, n: int) -> list[dict]:
        """The log entries from index ``n`` on (``len(game.log)`` earlier: what happened since then)."""
        return self._rendered_log()[n:]

    def log_seen_by(self, faction: str, n: int) -> list[dict]:
        """The log entries from index ``n`` on as ``faction`` may read them (the environments' ``info["log"]``):
        a game with hidden information removes what only another faction was told (``log_entry_seen_by``)."""
        return [self.log_entry_seen_by(e, faction) for e in self.log_since(n)]

    def log_entry_seen_by(self, entry: dict, faction: str) -> dict:
        """One log entry as ``faction`` may read it: all of it in a game of open information."""
        return entry

    def log_length(self) -> int:
        """How many entries the log has (cheap: nothing is written)."""
        return 0 if self._log is None else len(self._log)

    def log_note(self, kind: str, text: str, **fields) -> None:
        """Add an entry in words (rules use it for what the board primitives do not show)."""
        lg = self._log
        if lg is not None:
            lg.own.append(("note", kind, text, fields))

    def log_started(self, log: GameLog, resumed: bool = False) -> None:
        """Called when the log starts (subclasses record the starting card, take a board summary)."""

    def log_after_decision(self, log: GameLog) -> None:
        """Called after each decision and its automatic consequences (subclasses diff markers here)."""

    faction_names: dict = {}
    log_piece_names: list = []
    log_location_names: list = []

    def faction_name(self, faction) -> str:
        return self.faction_names.get(faction, str(faction))

    def render_log_entry(self, raw) -> dict:
        """A raw log entry (see coin_env.core.log) in words; subclasses add their own kinds."""
        kind = raw[0]
        if kind == "decision":
            _, n, actor, prompt, action, label = raw
            return {"kind": "decision", "actor": actor, "prompt": prompt, "choice": label, "action": int(action),
                    "text": f"{self.faction_name(actor)}: {label} (asked: {prompt})"}
        if kind == "roll":
            _, sides, value, scripted, why = raw
            text = f"Die roll: {value}" + (f" for {why}" if why else "") + (f" (d{sides})" if sides != 6 else "")
            out = {"kind": "roll", "roll": int(value), "sides": int(sides), "text": text}
            if scripted:
                out["scripted"] = True
            if why:
                out["for"] = why
            return out
        if kind == "piece":
            _, piece, src, dst, n = raw
            names, locs, n_spaces = self.log_piece_names, self.log_location_names, self.n_spaces
            what = plural(int(n), names[piece])
            out = {"piece": names[piece], "count": int(n)}
            if src >= n_spaces and dst < n_spaces:
                out.update(kind="place", space=locs[dst], text=f"{what} placed in {locs[dst]}"
                           + ("" if locs[src] == "Available" else f" from {locs[src]}"))
            elif src < n_spaces and dst >= n_spaces:
                out.update(kind="remove", space=locs[src], to=locs[dst],
                           text=f"{what} removed from {locs[src]} to {locs[dst]}")
            elif src < n_spaces:
                out.update(kind="move", space=locs[dst], **{"from": locs[src]},
                           text=f"{what} moved from {locs[src]} to {locs[dst]}")
            else:
                out.update(kind="move", **{"from": locs[src]}, to=locs[dst],
                           text=f"{what} moved from {locs[src]} to {locs[dst]}")
            return out
        if kind == "flip":
            _, sp, a, b, n = raw
            names, locs = self.log_piece_names, self.log_location_names
            return {"kind": "flip", "space": locs[sp], "piece": names[a], "to": names[b], "count": int(n),
                    "text": f"{plural(int(n), names[a])} in {locs[sp]} flipped to {names[b]}"}
        if kind == "phase":
            _, name, rule = raw
            out = {"kind": "phase", "phase": name, "text": name}
            if rule:
                out["rule"] = rule
            return out
        if kind == "note":
            _, k, text, fields = raw
            out = dict(fields)
            out.update(kind=k, text=text)
            return out
        return {"kind": str(kind), "text": " ".join(str(x) for x in raw)}

    # -- copies and saves -----------------------------------------------------------
    def clone(self) -> "Game":
        new = self.__class__.__new__(self.__class__)
        new.state = self.state.copy()
        log = self._log
        if log is None:
            new._log = None
        else:
            new._log = log.fork()
            own = new._log.own
            new.state.log = own
            new.state.rng.log = own
        # Options are plain values (strings, lists of factions, a data pack's content); the clone gets its
        # own dict, and its own copy of the options that hold lists (``list_options``), so that editing one
        # game's options never reaches the other. (The data pack's content is shared: the game plays with
        # game.data, which never changes, not with that dict.) Clone is a hot path: no loop over every option.
        options = new.options = self.options.copy()
        for key in self.list_options:
            value = options.get(key)
            if type(value) is list:
                options[key] = plain_copy(value)
        new.debug = self.debug
        new._legal = None if self._legal is None else self._legal
        return new

    def to_dict(self) -> dict:
        out = {"game": self.name, "options": self.options, "state": self.state.to_dict()}
        if self._log is not None:
            out["log"] = self.log
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict, debug: bool = False) -> "Game":
        """Rebuild a saved game, or raise ValueError naming what is wrong; a refused save leaves
        nothing behind (the game object is only returned once every check has passed)."""
        if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
            raise SaveError("save", "must be an object with a 'state' object")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise SaveError("options", f"must be an object, not {options!r}")
        log = check_entries(data["log"]) if "log" in data else None
        state = cls.state_class.from_dict(data["state"])
        game = cls(state, options=options, debug=debug)
        game.validate_loaded()
        if log is not None:
            game._log = GameLog(log)
            game._log.rendered = list(log)
            game._attach_log()
            game.log_started(game._log, resumed=True)
        try:
            game.advance()
        except (EngineError, LookupError, TypeError, AttributeError, ValueError) as exc:
            # A stack that passed the shape checks can still name data a rule cannot use.
            raise ValueError(f"saved game cannot continue from its decision stack: "
                             f"{type(exc).__name__}: {exc}") from None
        return game

    def checked_result(self) -> dict | None:
        """The shape every game's outcome has, checked on load (a game's ``check_result`` adds its own
        scores): over exactly when there is a result, no decision pending once over, the ranking lists every
        seat once and the winner heads it. Returns the result of a finished game, None otherwise."""
        s = self.state
        if bool(s.over) != (s.result is not None):
            raise SaveError("state.fields.over", f"is {s.over} but the result is {s.result!r}: a game is over "
                            "exactly when it has a result")
        if not s.over:
            return None
        if s.frames:
            raise SaveError("state.fields.frames", "a finished game has no decision pending")
        result = s.result
        if not isinstance(result, dict):
            raise SaveError("state.fields.result", f"must be an object, not {result!r}")
        ranking = result.get("ranking")
        if not isinstance(ranking, list) or sorted(map(str, ranking)) != sorted(self.factions):
            raise SaveError("state.fields.result.ranking", f"must rank every seat once, not {ranking!r}")
        if result.get("winner") != ranking[0]:
            raise SaveError("state.fields.result.winner", f"is {result.get('winner')!r} but the ranking puts "
                            f"{ranking[0]!r} first")
        return result

    def validate_loaded(self) -> None:
        """Refuse a loaded state that breaks an invariant (subclasses extend)."""
        n_actions = len(self.vocabulary)
        for i, frame in enumerate(self.state.frames):
            path = f"state.fields.frames[{i}]"
            prompt = self.prompts.get(frame.get("kind"))
            if prompt is None:
                raise SaveError(path, f"unknown decision kind {frame.get('kind')!r}")
            for kind, key in (("choose", "then"), ("call", "fn")):
                name = frame.get(key)
                if frame["kind"] == kind and (type(name) is not str or name not in self.continuations):
                    raise SaveError(path, f"names an unknown continuation {name!r}")
            if "options" in frame:
                options = frame["options"]
                if (not isinstance(options, list) or not options
                        or not all(type(a) is int and 0 <= a < n_actions for a in options)):
                    raise SaveError(f"{path}.options", f"must be a non-empty list of action indices, not {options!r}")
            if not prompt.auto:
                try:
                    actor = prompt.actor(self, frame)
                except (LookupError, TypeError, AttributeError) as exc:
                    raise SaveError(path, f"cannot tell who decides: {type(exc).__name__}: {exc}") from None
                if actor not in self.factions:
                    raise SaveError(path, f"is decided by {actor!r}, not a faction of the game")
        try:
            self.check_invariants()
        except AssertionError as exc:
            raise ValueError(f"saved game breaks an invariant: {exc}") from None
