"""Policy specs: the strings that name a policy ``(game, faction, rng) -> action`` for an opponent seat.

    resolve_policy("random", game)              # uniform over the legal actions (the caller's RNG)
    resolve_policy(BOT_NAME, game)              # a bot of the game by name (registry.game_bots)
    resolve_policy("mypkg.bots:Greedy", game)   # 'module:attr': a callable, or a class whose instances are
    resolve_policy(my_callable)                 # a callable (game, faction, rng) -> action

More spec forms are added by other packages, never known to core: ``register_policy_resolver(key, factory)``
with ``key`` an exact name (``"league"``), a prefix ending in ``:`` (``"saved:"``) or a suffix pattern
starting with ``*`` (``"*.zip"``), and ``factory(spec, game) -> policy``. A package registers when it is
imported, and the entry point group ``coin_env.policies`` lets an installed package register without being
imported first: each entry point is loaded (its module imported; if it names a callable, the callable is
called with no arguments) the first time a spec is not found among the registered forms.

Every bad spec is a ``ValueError`` with one line saying what is wrong and what is accepted.
"""

from __future__ import annotations

import importlib
import inspect
import random
import warnings
from importlib import metadata
from typing import Callable

from .registry import game_bots

ENTRY_POINT_GROUP = "coin_env.policies"

_NAMES: dict[str, Callable] = {}        # exact name -> factory(spec, game)
_PREFIXES: dict[str, Callable] = {}     # "prefix:" -> factory(spec, game)
_SUFFIXES: dict[str, Callable] = {}     # ".zip" (registered as "*.zip") -> factory(spec, game)
_entry_points_loaded = False


def random_policy(game, faction, rng: random.Random) -> int:
    """Uniform over the legal actions (the caller's RNG, never the game's)."""
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def register_policy_resolver(key: str, factory: Callable) -> None:
    """Teach every env a spec form: ``key`` is a name, a ``"prefix:"`` or a ``"*suffix"`` pattern;
    ``factory(spec, game)`` returns the policy (``game`` is the game's name, or None when unknown).
    Registering a key again replaces its factory."""
    if not isinstance(key, str) or not key or key == "*":
        raise ValueError(f"a policy resolver key must be a name, a 'prefix:' or a '*suffix', not {key!r}")
    if not callable(factory):
        raise ValueError(f"the factory for policy specs {key!r} must be callable (spec, game) -> policy")
    if key.startswith("*"):
        _SUFFIXES[key[1:]] = factory
    elif key.endswith(":"):
        _PREFIXES[key] = factory
    else:
        _NAMES[key] = factory


def unregister_policy_resolver(key: str) -> None:
    """Forget a spec form registered with :func:`register_policy_resolver` (no error if unknown)."""
    table = _SUFFIXES if key.startswith("*") else _PREFIXES if key.endswith(":") else _NAMES
    table.pop(key[1:] if key.startswith("*") else key, None)


def load_entry_points(force: bool = False) -> None:
    """Load the ``coin_env.policies`` entry points once per process (``force``: again). A plugin that fails
    to load is reported with a warning and skipped."""
    global _entry_points_loaded
    if _entry_points_loaded and not force:
        return
    _entry_points_loaded = True
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
            if callable(obj) and not inspect.ismodule(obj):
                obj()
        except Exception as exc:        # a broken plugin must not break every env
            warnings.warn(f"coin_env.policies entry point {ep.name!r} ({ep.value}) failed to load: "
                          f"{type(exc).__name__}: {exc}", RuntimeWarning, stacklevel=2)


def known_policy_names(game: str | None = None) -> list[str]:
    """Every policy name accepted for ``game``: "random", the game's bots, registered names."""
    bots = sorted(game_bots(game)) if game is not None else []
    return ["random"] + bots + sorted(n for n in _NAMES if n != "random" and n not in bots)


def spec_forms() -> str:
    """The spec forms accepted besides names, for error messages."""
    forms = [f"'{p}...'" for p in sorted(_PREFIXES)] + [f"a path ending in {s}" for s in sorted(_SUFFIXES)]
    return ", ".join(forms + ["'module:attr'", "a callable (game, faction, rng) -> action"])


def resolve_policy(spec, game: str | None = None):
    """The policy ``(game, faction, rng) -> action`` a spec names (see the module docstring).
    With ``game``, the game's own bots (``registry.game_bots``) are known by name."""
    if callable(spec) and not isinstance(spec, str):
        return as_policy(spec, repr(spec))
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"a policy spec must be a name, a 'module:attr' path or a callable, not {spec!r}")
    policy = _registered(spec, game)
    if policy is None and not _entry_points_loaded:
        load_entry_points()
        policy = _registered(spec, game)
    if policy is not None:
        return policy
    if ":" in spec:
        return import_policy(spec)
    where = f" for {game}" if game is not None else ""
    raise ValueError(f"unknown policy {spec!r}{where}: known names {', '.join(known_policy_names(game))}; "
                     f"or {spec_forms()}")


def _registered(spec: str, game: str | None):
    if spec == "random":
        return random_policy
    if game is not None:
        bots = game_bots(game)
        if spec in bots:
            return import_policy(bots[spec])
    if spec in _NAMES:
        return _NAMES[spec](spec, game)
    for prefix, factory in _PREFIXES.items():
        if spec.startswith(prefix):
            return factory(spec, game)
    for suffix, factory in _SUFFIXES.items():
        if spec.endswith(suffix):
            return factory(spec, game)
    return None


def import_policy(spec: str):
    """The policy a ``"module:attr"`` path names (``attr`` may be dotted)."""
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise ValueError(f"policy {spec!r}: a 'module:attr' path needs both parts")
    try:
        obj = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"policy {spec!r}: module {module_name!r} does not import ({exc}); registered prefixes: "
                         f"{', '.join(sorted(_PREFIXES)) or 'none'} (packages add spec forms through the "
                         f"{ENTRY_POINT_GROUP!r} entry points, or when imported)") from None
    except Exception as exc:
        raise ValueError(f"policy {spec!r}: importing {module_name!r} failed: {type(exc).__name__}: {exc}") from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise ValueError(f"policy {spec!r}: {module_name!r} has no attribute {attr!r}") from None
    return as_policy(obj, repr(spec))


def as_policy(obj, what: str):
    """``obj`` if it can be called as ``(game, faction, rng)``; an instance if it is a class instantiable with
    no arguments whose instances can; else a ValueError naming ``what``."""
    if isinstance(obj, type):
        if not _binds(obj):
            raise ValueError(f"policy {what}: class {obj.__qualname__} needs constructor arguments; a class "
                             f"spec must be instantiable with none{_signature_text(obj)}")
        try:
            instance = obj()
        except Exception as exc:
            raise ValueError(f"policy {what}: {obj.__qualname__}() failed: {type(exc).__name__}: {exc}") from None
        if not callable(instance):
            raise ValueError(f"policy {what}: instances of {obj.__qualname__} are not callable; a policy is "
                             f"called as (game, faction, rng) -> action")
        if not _binds(instance, None, None, None):
            raise ValueError(f"policy {what}: instances of {obj.__qualname__} cannot be called as "
                             f"(game, faction, rng){_signature_text(instance)}")
        return instance
    if not callable(obj):
        raise ValueError(f"policy {what} is a {type(obj).__name__}, not a callable (game, faction, rng) -> action")
    if not _binds(obj, None, None, None):
        raise ValueError(f"policy {what} cannot be called as (game, faction, rng) -> action"
                         f"{_signature_text(obj)}")
    return obj


def _binds(obj, *args) -> bool:
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):     # no signature to read (some builtins): accept
        return True
    try:
        sig.bind(*args)
    except TypeError:
        return False
    return True


def _signature_text(obj) -> str:
    try:
        return f" (its signature is {inspect.signature(obj)})"
    except (TypeError, ValueError):
        return ""
