"""Owner data packs: facts from a printed copy of Gandhi that the rulebook does not give.

A pack is a TOML or YAML file (or the same structure as a dict) that sets, by card number, the
faction order, Critical markers (8.8.1), square halos (8.8.2) and title; moves card records
(``[renumber]``, e.g. the Pakistan Declaration cited as both #45 and #16); and, by space name, map
facts: Population, railway Econ and adjacency; and ``[arjuna]``, the printed Arjuna content (cards,
Space Selection columns, Random Spaces map, Adversary Priorities; data/arjuna/pack.py). Effects for cards whose text is not known come from
Python plugin files (``plugins = [...]``, paths relative to the pack) or installed entry points
(group ``coin_env.gandhi.events``); a plugin registers one function per card side with
``@event_effect("gandhi", <card>, "<side>", text=..., provenance=...)``. README "Owner data packs"
documents the format with a complete example.

Safety:

* The whole pack is validated before anything changes; every error names the offending key and
  value (:class:`DataPackError` lists them all). A pack breaking an invariant is refused: unknown
  space or card, asymmetric adjacency (1.3.8), a space left without neighbours, a City whose
  Population is not 1 (1.3.2), railway Econ not totalling 40 (6.2.2), a scenario setup with more
  Bases than the new Population (1.4.2), an order that is not the four factions once each.
* A pack applies PROCESS-WIDE: the map tables in ``static.py`` are shared by every game, so they are
  rebuilt in place (numpy arrays overwritten, ``NEIGHBORS`` slice-assigned; caches cleared) and the
  card records replaced. Games already running see the new facts. :func:`reset` restores the
  defaults; :func:`applied` is a context manager for tests; ``make_game("gandhi",
  options={"data_pack": path})`` applies the pack (unless it is already the active one), also when
  such a game is loaded from a save.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys

import numpy as np

from ...coin.events import EFFECTS, SIDES, EventSide, load_plugin_file
from . import static
from .data import cards as carddata
from .data import map as mapdata
from .data.pieces import FACTION_NAMES, FACTIONS
from .data.scenarios import SCENARIOS

TOP_KEYS = {"pack", "plugins", "renumber", "cards", "spaces", "arjuna"}
PACK_KEYS = {"name", "game", "format", "source"}
CARD_KEYS = {"title", "order", "critical", "halo"}
SPACE_KEYS = {"population", "econ", "adjacent"}
FACTION_ALIASES = {**{f: f for f in FACTIONS}, **{name.lower(): f for f, name in FACTION_NAMES.items()},
                   "revolutionaries": "revs", "muslim league": "ml", "british raj": "raj"}

_ACTIVE: dict = {"key": None, "name": None, "source": None}


class DataPackError(ValueError):
    """The pack is invalid; ``errors`` lists every problem (each names its key and value)."""

    def __init__(self, errors: list[str], source: str = "data pack"):
        self.errors = errors
        super().__init__(f"{source} refused, nothing applied:\n  " + "\n  ".join(errors))


# --- reading ----------------------------------------------------------------------------------------
def read(source) -> tuple[dict, str | None, str]:
    """(data, directory for relative plugin paths, display name) from a path or a dict."""
    if isinstance(source, dict):
        return source, None, "data pack (dict)"
    path = os.fspath(source)
    if not os.path.isfile(path):
        raise DataPackError([f"data pack file {path!r} does not exist"])
    ext = os.path.splitext(path)[1].lower()
    try:
        if ext == ".toml":
            import tomllib
            with open(path, "rb") as fh:
                data = tomllib.load(fh)
        elif ext in (".yaml", ".yml"):
            import yaml
            with open(path, encoding="utf-8") as fh:
                data = yaml.safe_load(fh) or {}
        else:
            raise DataPackError([f"data pack {path!r}: extension must be .toml, .yaml or .yml, not {ext!r}"])
    except DataPackError:
        raise
    except Exception as exc:            # tomllib.TOMLDecodeError, yaml.YAMLError
        raise DataPackError([f"data pack {path!r} does not parse: {exc}"]) from None
    if not isinstance(data, dict):
        raise DataPackError([f"data pack {path!r}: the top level must be a table/mapping"])
    return data, os.path.dirname(os.path.abspath(path)), path


def _source_key(source) -> str:
    if isinstance(source, dict):
        return "dict:" + hashlib.sha256(json.dumps(source, sort_keys=True, default=str).encode()).hexdigest()
    path = os.path.abspath(os.fspath(source))
    with open(path, "rb") as fh:
        return f"{path}:{hashlib.sha256(fh.read()).hexdigest()}"


# --- validation -------------------------------------------------------------------------------------
def _card_number(key, where: str, errors: list[str]) -> int | None:
    try:
        n = int(key)
    except (TypeError, ValueError):
        n = None
    if n is None or isinstance(key, bool) or not 1 <= n <= carddata.N_EVENT_CARDS:
        errors.append(f"{where}: {key!r} is not an Event card number 1..{carddata.N_EVENT_CARDS}")
        return None
    return n


def _factions(value, where: str, errors: list[str]) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        errors.append(f"{where} = {value!r}: must be a list of factions")
        return None
    out = []
    for v in value:
        f = FACTION_ALIASES.get(str(v).lower()) if isinstance(v, str) else None
        if f is None:
            errors.append(f"{where}: {v!r} is not a faction (one of {list(FACTIONS)} or their names)")
            return None
        if f in out:
            errors.append(f"{where}: faction {v!r} listed twice")
            return None
        out.append(f)
    return tuple(out)


def validate(data: dict, base_dir: str | None = None, name: str = "data pack") -> dict:
    """Check the whole pack; return the plan that :func:`_commit` applies. Raises DataPackError."""
    errors: list[str] = []
    for key in data:
        if key not in TOP_KEYS:
            errors.append(f"unknown top-level key {key!r}; known keys: {sorted(TOP_KEYS)}")
    meta = data.get("pack", {}) or {}
    if not isinstance(meta, dict):
        errors.append(f"pack = {meta!r}: must be a table")
        meta = {}
    for key, value in meta.items():
        if key not in PACK_KEYS:
            errors.append(f"pack.{key}: unknown key; known keys: {sorted(PACK_KEYS)}")
    if meta.get("game", "gandhi") != "gandhi":
        errors.append(f"pack.game = {meta['game']!r}: this loader reads Gandhi packs ('gandhi')")
    pack_name = str(meta.get("name") or name)

    # Card records: renumbering (swaps), then per-card facts.
    swaps: list[tuple[int, int]] = []
    renumber = data.get("renumber", {}) or {}
    if not isinstance(renumber, dict):
        errors.append(f"renumber = {renumber!r}: must be a table of card number = new number")
        renumber = {}
    used: set[int] = set()
    for key, value in renumber.items():
        a = _card_number(key, "renumber", errors)
        b = _card_number(value, f"renumber.{key}", errors)
        if a is None or b is None:
            continue
        if a in used or b in used:
            errors.append(f"renumber.{key} = {value!r}: card {a if a in used else b} is moved twice")
            continue
        used.update((a, b))
        swaps.append((a, b))
    card_facts: dict[int, dict] = {}
    cards_in = data.get("cards", {}) or {}
    if not isinstance(cards_in, dict):
        errors.append(f"cards = {cards_in!r}: must be a table keyed by card number")
        cards_in = {}
    for key, entry in cards_in.items():
        n = _card_number(key, "cards", errors)
        if n is None:
            continue
        if not isinstance(entry, dict):
            errors.append(f"cards.{key} = {entry!r}: must be a table")
            continue
        facts = {}
        for k, v in entry.items():
            where = f"cards.{key}.{k}"
            if k not in CARD_KEYS:
                errors.append(f"{where}: unknown key; known keys: {sorted(CARD_KEYS)}")
            elif k == "title":
                if not isinstance(v, str) or not v.strip():
                    errors.append(f"{where} = {v!r}: must be a non-empty string")
                else:
                    facts["title"] = v.strip()
            else:
                fs = _factions(v, where, errors)
                if fs is None:
                    continue
                if k == "order" and sorted(fs) != sorted(FACTIONS):
                    errors.append(f"{where} = {v!r}: must list each of the four factions once (2.3.2)")
                    continue
                facts[k] = fs
        card_facts[n] = facts

    # Map facts.
    pop = np.array([s[2] for s in mapdata.SPACES] + [0] * len(mapdata.RAILWAYS), dtype=static.POP.dtype)
    econ = np.array([0] * static.N_LAND + [r[1] for r in mapdata.RAILWAYS], dtype=static.ECON.dtype)
    adj = static._build_adjacency()
    rows_given: set[int] = set()
    spaces_in = data.get("spaces", {}) or {}
    if not isinstance(spaces_in, dict):
        errors.append(f"spaces = {spaces_in!r}: must be a table keyed by space name")
        spaces_in = {}
    for name_, entry in spaces_in.items():
        if name_ not in static.INDEX:
            errors.append(f"spaces: unknown space {name_!r}")
            continue
        sp = static.INDEX[name_]
        if not isinstance(entry, dict):
            errors.append(f"spaces.{name_!r} = {entry!r}: must be a table")
            continue
        for k, v in entry.items():
            where = f"spaces.{name_!r}.{k}"
            if k not in SPACE_KEYS:
                errors.append(f"{where}: unknown key; known keys: {sorted(SPACE_KEYS)}")
            elif k == "population":
                if static.IS_RAILWAY[sp]:
                    errors.append(f"{where} = {v!r}: a Railway has no Population (1.3.6)")
                elif not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 2:
                    errors.append(f"{where} = {v!r}: Population must be 1 or 2")
                elif static.IS_CITY[sp] and v != 1:
                    errors.append(f"{where} = {v!r}: every City has Population 1 (1.3.2)")
                else:
                    pop[sp] = v
            elif k == "econ":
                if not static.IS_RAILWAY[sp]:
                    errors.append(f"{where} = {v!r}: only Railways have Econ (1.3.6)")
                elif not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 9:
                    errors.append(f"{where} = {v!r}: Econ must be an integer 1..9")
                else:
                    econ[sp] = v
            elif k == "adjacent":
                if not isinstance(v, list):
                    errors.append(f"{where} = {v!r}: must be a list of space names")
                    continue
                row = np.zeros(static.N_SPACES, dtype=bool)
                ok = True
                for other in v:
                    if other not in static.INDEX:
                        errors.append(f"{where}: unknown space {other!r}")
                        ok = False
                    elif other == name_:
                        errors.append(f"{where}: {other!r} cannot be adjacent to itself")
                        ok = False
                    elif row[static.INDEX[other]]:
                        errors.append(f"{where}: {other!r} listed twice")
                        ok = False
                    else:
                        row[static.INDEX[other]] = True
                if ok:
                    adj[sp] = row
                    rows_given.add(sp)
    # Invariants of the new map.
    names = static.SPACE_NAMES
    for i in range(static.N_SPACES):
        for j in range(i + 1, static.N_SPACES):
            if adj[i, j] != adj[j, i]:
                a, b = (i, j) if adj[i, j] else (j, i)
                fix = f"add {names[a]!r} to spaces.{names[b]!r}.adjacent" if b in rows_given or a not in rows_given \
                    else f"list {names[a]!r} in spaces.{names[b]!r}.adjacent"
                errors.append(f"spaces.{names[a]!r}.adjacent: lists {names[b]!r} but {names[b]!r} is not adjacent "
                              f"to {names[a]!r} (adjacency is symmetric, 1.3.8); {fix}")
    for i in range(static.N_SPACES):
        if not adj[i].any():
            errors.append(f"spaces.{names[i]!r}.adjacent: the space would have no neighbours")
    total = int(econ.sum())
    if total != mapdata.TOTAL_ECON:
        errors.append(f"spaces.*.econ: railway Econ totals {total}, the rules say {mapdata.TOTAL_ECON} (6.2.2)")
    for sc_name, sc in SCENARIOS.items():
        for space, entry in sc["map"].items():
            pieces = entry.get("pieces", {})
            bases = pieces.get("ML Base", 0) + pieces.get("Rev Base", 0)
            sp = static.INDEX[space]
            if bases > pop[sp]:
                errors.append(f"spaces.{space!r}.population = {int(pop[sp])}: the {sc_name} scenario sets up "
                              f"{bases} Bases there (Bases <= Population, 1.4.2)")

    # Plugins (executed, registrations staged, nothing committed yet).
    staged: dict = {}
    plugins = data.get("plugins", []) or []
    if not isinstance(plugins, list):
        errors.append(f"plugins = {plugins!r}: must be a list of .py file paths")
        plugins = []
    for p in plugins:
        if not isinstance(p, str) or not p.endswith(".py"):
            errors.append(f"plugins: {p!r} is not a .py file path")
            continue
        path = p if os.path.isabs(p) or base_dir is None else os.path.join(base_dir, p)
        if not os.path.isfile(path):
            errors.append(f"plugins: {p!r} not found (looked for {path!r})")
            continue
        try:
            regs = load_plugin_file(path)
        except Exception as exc:
            errors.append(f"plugins: {p!r} failed to load: {type(exc).__name__}: {exc}")
            continue
        for (game, n, side), eff in regs.items():
            if game != "gandhi":
                errors.append(f"plugins: {p!r} registers an effect for game {game!r}, not 'gandhi'")
            elif not 1 <= n <= carddata.N_EVENT_CARDS:
                errors.append(f"plugins: {p!r} registers card {n}, not an Event card 1..{carddata.N_EVENT_CARDS}")
            elif (n, side) in staged:
                errors.append(f"plugins: {p!r} registers card {n} {side} a second time")
            else:
                staged[(n, side)] = eff

    # Card records in the pack's numbering.
    records = carddata.build_records()
    for a, b in swaps:
        records[a], records[b] = records[b], records[a]
        records[a].number, records[b].number = a, b
        for n in (a, b):
            records[n].provenance = dict(records[n].provenance, number=f"data pack {pack_name}: renumbered")
    for (n, side), eff in staged.items():
        current = records[n].side(side)
        if current.implemented and not eff.replace:
            errors.append(f"plugins: card {n} {side} already has an effect; register with replace=True to override")
            continue
        setattr(records[n], side, EventSide(eff.text, eff.provenance, eff.fn))
    for n, facts in card_facts.items():
        rec = records[n]
        for k, v in facts.items():
            setattr(rec, k, v)
            rec.provenance = dict(rec.provenance, **{k: f"data pack {pack_name}"})
    # Printed Arjuna content (8.1.1): cards, columns, Random Spaces map, Adversary Priorities.
    from .data.arjuna import pack as arjuna_pack
    arjuna = arjuna_pack.validate(data.get("arjuna"), base_dir, errors)
    if errors:
        raise DataPackError(errors, f"data pack {pack_name!r}")
    return {"name": pack_name, "arjuna": arjuna, "pop": pop, "econ": econ, "adj": adj, "records": records,
            "effects": {("gandhi", n, side): eff for (n, side), eff in staged.items()}}


# --- applying ---------------------------------------------------------------------------------------
def _commit(plan: dict) -> None:
    static.POP[:] = plan["pop"]
    static.ECON[:] = plan["econ"]
    static.ADJACENT[:] = plan["adj"]
    static.NEIGHBORS[:] = static.neighbors_of(static.ADJACENT)
    EFFECTS.drop_plugins("gandhi")
    EFFECTS.commit(plan["effects"])
    carddata.CARDS.clear()
    carddata.CARDS.update(plan["records"])
    from .data.arjuna import pack as arjuna_pack
    arjuna_pack.commit(plan.get("arjuna"))
    _refresh_derived()


def _refresh_derived() -> None:
    """Derived copies of the map tables: caches of functions in Gandhi's modules, the encoder's
    Population vectors and its per-space template of fixed map facts."""
    prefix = __package__ + "."
    for mod_name, mod in list(sys.modules.items()):
        if mod is None or not mod_name.startswith(prefix):
            continue
        for obj in list(vars(mod).values()):
            if callable(obj) and hasattr(obj, "cache_clear") and getattr(obj, "__module__", "") == mod_name:
                obj.cache_clear()
    enc_mod = sys.modules.get(prefix + "encoding")
    if enc_mod is not None:
        enc_mod._POP32[:] = static.POP
        enc_mod._POP_MUSLIM[:] = enc_mod._POP32 * static.IS_MUSLIM
        from ...core.encoding import _ENCODER_CACHE
        enc = _ENCODER_CACHE.get("gandhi")
        if enc is not None:
            enc._space_view(enc._template)[:] = enc_mod._static_template()


def apply(source) -> str:
    """Validate a pack (path to .toml/.yaml, or a dict) fully, then apply it process-wide, replacing
    any pack applied before. Returns the pack's name. Raises DataPackError, changing nothing."""
    data, base_dir, name = read(source)
    plan = validate(data, base_dir, name)
    _commit(plan)
    _ACTIVE["key"], _ACTIVE["name"], _ACTIVE["source"] = _source_key(source), plan["name"], source
    return plan["name"]


def ensure(source) -> None:
    """Apply ``source`` unless it is the active pack already (used by the ``data_pack`` option)."""
    if _ACTIVE["key"] != _source_key(source):
        apply(source)


def reset() -> None:
    """Restore the built-in map tables, card records and effects."""
    _commit(validate({}))
    _ACTIVE["key"], _ACTIVE["name"], _ACTIVE["source"] = None, None, None


def active() -> str | None:
    """The name of the pack in force, or None."""
    return _ACTIVE["name"]


@contextlib.contextmanager
def applied(source):
    """``with applied("my_copy.toml"): ...`` -- the previous pack (or the defaults) comes back after."""
    previous = _ACTIVE.get("source")
    apply(source)
    try:
        yield
    finally:
        if previous is None:
            reset()
        else:
            apply(previous)


__all__ = ["DataPackError", "apply", "applied", "active", "ensure", "reset", "read", "validate", "SIDES"]
