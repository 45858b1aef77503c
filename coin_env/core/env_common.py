"""What the PettingZoo, gymnasium and vector envs share: argument checks, running the opponent seats,
rendering (text, or the board picture for render_mode="rgb_array") and pickling."""

from __future__ import annotations

from .rng import check_seed as rng_check_seed

import numbers
import types

from .encoding import encoder_for, renderer_for



class OpponentError(RuntimeError):
    """An opponent policy raised (or returned an illegal action) while the env played its seat."""


class IllegalActionWarning(UserWarning):
    """Told once per env when ``illegal_action="penalize"`` refuses an action (the caller ignores the mask)."""


def check_seed(seed, what: str = "seed"):
    """``seed`` as an int, or None (unseeded, as gymnasium expects); anything else the engine's own seed
    check refuses (coin_env.core.rng.check_seed: an integer 0..2**64-1) is a ValueError naming it."""
    if seed is None:
        return None
    try:
        return rng_check_seed(seed, what)
    except ValueError:
        raise ValueError(f"{what} must be a non-negative integer below 2**64 or None, not {seed!r}") from None


def check_max_decisions(value):
    """None (no limit) or a positive int."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(f"max_decisions must be a positive integer or None, not {value!r}")
    return int(value)


def check_game_options(options) -> dict:
    """An env's game options: None ({}) or a dict (a copy); the game checks the keys and values."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict of game options (e.g. {{'families': 4}}), not "
                         f"{type(options).__name__} {options!r}")
    return dict(options)


def check_reset_options(options) -> dict:
    """``reset(options=...)``: None ({}) or a dict (keys ``scenario``, ``position``)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError(f"reset(options=...): options must be a dict (keys 'scenario', 'position') or None, not "
                         f"{type(options).__name__} {options!r}")
    return options


def policy_name(policy) -> str:
    """A short name for a policy in messages: a function's name, a repr if the class has one, else the class."""
    if isinstance(policy, (types.FunctionType, types.MethodType, types.BuiltinFunctionType)):
        return policy.__name__
    if type(policy).__repr__ is not object.__repr__:
        return repr(policy)[:80]
    return type(policy).__qualname__


def run_opponents(game, opponents: dict, rng, stop_at=None) -> None:
    """Play the opponent seats until a seat without a policy (or ``stop_at``) is to move or the game ends.
    A policy that raises, or answers with an illegal action, becomes an :class:`OpponentError` naming the
    seat, the policy and the prompt (the game is left where the failure happened)."""
    while not game.is_over():
        actor = game.current_player()
        if actor == stop_at:
            return
        policy = opponents.get(actor)
        if policy is None:
            return
        prompt = game.prompt()
        try:
            game.apply(policy(game, actor, rng))
        except Exception as exc:
            raise OpponentError(f"opponent {actor!r} ({policy_name(policy)}) failed at prompt {prompt!r}: "
                                f"{type(exc).__name__}: {exc}") from exc


class CoinEnvCommon:
    """Mixin for CoinAECEnv and CoinGymEnv (both hold game, game_name, encoder, render_mode, log_in_info,
    opponent_specs and opponents, resolve the opponents with ``_resolve_opponents()``, and name the seat a
    render is addressed to with ``viewing_seat``).

    ``_log_seen`` is ``{seat: game log length just before that seat's last decision}`` in both envs: what a
    seat reads since its last turn (``info["log"]``, the render) is ``seat_log(seat)``."""

    def _wants_log(self) -> bool:
        """A game keeps its log when the env hands it out: in infos, or in the text render."""
        return self.log_in_info or self.render_mode in ("ansi", "human")

    def seat_log(self, seat: str) -> list[dict]:
        """The log entries since ``seat``'s last decision (all of them before its first), as that seat may read
        them (``game.log_seen_by``: John Company hides what another family was asked)."""
        return self.game.log_seen_by(seat, self._log_seen.get(seat, 0))

    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":        # the board picture (coin_env.core.pictures)
            from .pictures import draw
            return draw(self.game)
        seat = self.viewing_seat
        text = renderer_for(self.game)(self.game, seat=seat)      # what that seat may read (its own hand)
        if seat is not None and self.game.keeps_log:
            entries = self.seat_log(seat)
            if entries:
                text += "\n\nSince your last turn:\n" + "\n".join(f"  {e['text']}" for e in entries[-60:])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- pickling: policies given as names are re-resolved; callables must be picklable -----
    def __getstate__(self):
        d = self.__dict__.copy()
        d.pop("encoder", None)
        d["opponents"] = None
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self.encoder = encoder_for(self.game_name)
        self.opponents = self._resolve_opponents()
