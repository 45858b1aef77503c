"""Owner data packs, the parts every COIN game shares: reading a TOML/YAML file (or a dict),
validating card facts (``[cards]`` order / title / halo..., ``[renumber]``), loading effect plugins
(``plugins = [...]``), and applying the whole pack process-wide -- all or nothing.

A game's ``datapack.py`` builds one :class:`DataPackLoader` with its factions, its card table and two
hooks: ``validate_game(data, base_dir, errors) -> dict`` (its map facts and other sections; appends
to ``errors``) and ``commit_game(plan)`` (writes them into the game's tables in place). Every error
names the offending key and value; :class:`DataPackError` lists them all and nothing changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from typing import Callable

from .events import EFFECTS, EventSide, load_plugin_file

PACK_KEYS = {"name", "game", "format", "source"}


class DataPackError(ValueError):
    """The pack is invalid; ``errors`` lists every problem (each names its key and value)."""

    def __init__(self, errors: list[str], source: str = "data pack"):
        self.errors = errors
        super().__init__(f"{source} refused, nothing applied:\n  " + "\n  ".join(errors))


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


def source_key(source) -> str:
    if isinstance(source, dict):
        return "dict:" + hashlib.sha256(json.dumps(source, sort_keys=True, default=str).encode()).hexdigest()
    try:
        path = os.path.abspath(os.fspath(source))
    except TypeError:
        raise DataPackError([f"data pack must be a file path or a table, not {source!r}"]) from None
    if not os.path.isfile(path):
        raise DataPackError([f"data pack file {path!r} does not exist"])
    with open(path, "rb") as fh:
        return f"{path}:{hashlib.sha256(fh.read()).hexdigest()}"


def table(data: dict, key: str, errors: list[str], what: str) -> dict:
    value = data.get(key, {}) or {}
    if not isinstance(value, dict):
        errors.append(f"{key} = {value!r}: must be a table {what}")
        return {}
    return value


class DataPackLoader:
    def __init__(self, game: str, factions: tuple[str, ...], faction_aliases: dict[str, str], cards,
                 card_keys: set[str], game_keys: set[str], validate_game: Callable, commit_game: Callable):
        self.game = game
        self.factions = factions
        self.aliases = faction_aliases
        self.cards = cards                  # a coin.cards.CardTable
        self.card_keys = card_keys          # e.g. {"title", "order", "critical", "halo"}
        self.top_keys = {"pack", "plugins", "renumber", "cards"} | set(game_keys)
        self.validate_game = validate_game
        self.commit_game = commit_game
        self.active_pack = {"key": None, "name": None, "source": None}

    # --- validation -----------------------------------------------------------------------------
    def card_number(self, key, where: str, errors: list[str]) -> int | None:
        try:
            n = int(key)
        except (TypeError, ValueError):
            n = None
        if n is None or isinstance(key, bool) or not 1 <= n <= self.cards.n_events:
            errors.append(f"{where}: {key!r} is not an Event card number 1..{self.cards.n_events}")
            return None
        return n

    def faction_list(self, value, where: str, errors: list[str]) -> tuple[str, ...] | None:
        if not isinstance(value, list):
            errors.append(f"{where} = {value!r}: must be a list of factions")
            return None
        out = []
        for v in value:
            f = self.aliases.get(str(v).lower()) if isinstance(v, str) else None
            if f is None:
                errors.append(f"{where}: {v!r} is not a faction (one of {list(self.factions)} or their names)")
                return None
            if f in out:
                errors.append(f"{where}: faction {v!r} listed twice")
                return None
            out.append(f)
        return tuple(out)

    def _meta(self, data: dict, name: str, errors: list[str]) -> str:
        for key in data:
            if key not in self.top_keys:
                errors.append(f"unknown top-level key {key!r}; known keys: {sorted(self.top_keys)}")
        meta = data.get("pack", {}) or {}
        if not isinstance(meta, dict):
            errors.append(f"pack = {meta!r}: must be a table")
            meta = {}
        for key in meta:
            if key not in PACK_KEYS:
                errors.append(f"pack.{key}: unknown key; known keys: {sorted(PACK_KEYS)}")
        if meta.get("game", self.game) != self.game:
            errors.append(f"pack.game = {meta['game']!r}: this loader reads {self.game!r} packs")
        return str(meta.get("name") or name)

    def _swaps(self, data: dict, errors: list[str]) -> list[tuple[int, int]]:
        swaps, used = [], set()
        for key, value in table(data, "renumber", errors, "of card number = new number").items():
            a = self.card_number(key, "renumber", errors)
            b = self.card_number(value, f"renumber.{key}", errors)
            if a is None or b is None:
                continue
            if a in used or b in used:
                errors.append(f"renumber.{key} = {value!r}: card {a if a in used else b} is moved twice")
                continue
            used.update((a, b))
            swaps.append((a, b))
        return swaps

    def _card_facts(self, data: dict, errors: list[str]) -> dict[int, dict]:
        out = {}
        for key, entry in table(data, "cards", errors, "keyed by card number").items():
            n = self.card_number(key, "cards", errors)
            if n is None:
                continue
            if not isinstance(entry, dict):
                errors.append(f"cards.{key} = {entry!r}: must be a table")
                continue
            facts = {}
            for k, v in entry.items():
                where = f"cards.{key}.{k}"
                if k not in self.card_keys:
                    errors.append(f"{where}: unknown key; known keys: {sorted(self.card_keys)}")
                elif k == "title":
                    if not isinstance(v, str) or not v.strip():
                        errors.append(f"{where} = {v!r}: must be a non-empty string")
                    else:
                        facts["title"] = v.strip()
                else:
                    fs = self.faction_list(v, where, errors)
                    if fs is None:
                        continue
                    if k == "order" and sorted(fs) != sorted(self.factions):
                        errors.append(f"{where} = {v!r}: must list each of the factions once (2.3.2)")
                        continue
                    facts[k] = fs
            out[n] = facts
        return out

    def _plugins(self, data: dict, base_dir, errors: list[str]) -> dict:
        staged: dict = {}
        plugins = data.get("plugins", []) or []
        if not isinstance(plugins, list):
            errors.append(f"plugins = {plugins!r}: must be a list of .py file paths")
            return staged
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
                if game != self.game:
                    errors.append(f"plugins: {p!r} registers an effect for game {game!r}, not {self.game!r}")
                elif not 1 <= n <= self.cards.n_events:
                    errors.append(f"plugins: {p!r} registers card {n}, not an Event card 1..{self.cards.n_events}")
                elif (n, side) in staged:
                    errors.append(f"plugins: {p!r} registers card {n} {side} a second time")
                else:
                    staged[(n, side)] = eff
        return staged

    def validate(self, data: dict, base_dir: str | None = None, name: str = "data pack") -> dict:
        """Check the whole pack; return the plan :meth:`commit` applies. Raises DataPackError."""
        errors: list[str] = []
        pack_name = self._meta(data, name, errors)
        swaps = self._swaps(data, errors)
        card_facts = self._card_facts(data, errors)
        game_plan = self.validate_game(data, base_dir, errors)
        staged = self._plugins(data, base_dir, errors)
        records = self.cards.build_records()
        for a, b in swaps:
            records[a], records[b] = records[b], records[a]
            records[a].number, records[b].number = a, b
            for n in (a, b):
                records[n].provenance = dict(records[n].provenance, number=f"data pack {pack_name}: renumbered")
        for (n, side), eff in staged.items():
            if records[n].side(side).implemented and not eff.replace:
                errors.append(f"plugins: card {n} {side} already has an effect; register with replace=True to override")
                continue
            setattr(records[n], side, EventSide(eff.text, eff.provenance, eff.fn))
        for n, facts in card_facts.items():
            rec = records[n]
            for k, v in facts.items():
                setattr(rec, k, v)
                rec.provenance = dict(rec.provenance, **{k: f"data pack {pack_name}"})
        if errors:
            raise DataPackError(errors, f"data pack {pack_name!r}")
        return {"name": pack_name, "game": game_plan, "records": records,
                "effects": {(self.game, n, side): eff for (n, side), eff in staged.items()}}

    # --- applying -------------------------------------------------------------------------------
    def commit(self, plan: dict) -> None:
        EFFECTS.drop_plugins(self.game)
        EFFECTS.commit(plan["effects"])
        self.cards.cards.clear()
        self.cards.cards.update(plan["records"])
        self.commit_game(plan["game"])

    def apply(self, source) -> str:
        """Validate a pack (path to .toml/.yaml, or a dict) fully, then apply it process-wide, replacing
        any pack applied before. Returns the pack's name. Raises DataPackError, changing nothing."""
        data, base_dir, name = read(source)
        plan = self.validate(data, base_dir, name)
        self.commit(plan)
        self.active_pack.update(key=source_key(source), name=plan["name"], source=source)
        return plan["name"]

    def ensure(self, source) -> None:
        """Apply ``source`` unless it is the active pack already (used by the ``data_pack`` option)."""
        if self.active_pack["key"] != source_key(source):
            self.apply(source)

    def reset(self) -> None:
        """Restore the built-in tables, card records and effects."""
        self.commit(self.validate({}))
        self.active_pack.update(key=None, name=None, source=None)

    def active(self) -> str | None:
        return self.active_pack["name"]

    def api(self):
        """(validate, apply, ensure, reset, active, applied): a game's datapack module exports these."""
        return self.validate, self.apply, self.ensure, self.reset, self.active, self.applied

    @contextlib.contextmanager
    def applied(self, source):
        """``with applied("my_copy.toml"): ...`` -- the previous pack (or the defaults) comes back after."""
        previous = self.active_pack.get("source")
        self.apply(source)
        try:
            yield
        finally:
            if previous is None:
                self.reset()
            else:
                self.apply(previous)


# --- small checks for a game's map sections ---------------------------------------------------------
def int_in_range(value, lo: int, hi: int, where: str, errors: list[str], what: str) -> int | None:
    """An integer fact within [lo, hi], or None with an error naming the key."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        errors.append(f"{where} = {value!r}: {what} must be an integer {lo}..{hi}")
        return None
    return value


def adjacency_row(value, index: dict[str, int], own: str, where: str, errors: list[str]):
    """A space's full neighbour list -> boolean row over the spaces, or None with an error."""
    import numpy as np
    if not isinstance(value, list):
        errors.append(f"{where} = {value!r}: must be a list of space names")
        return None
    row = np.zeros(len(index), dtype=bool)
    for other in value:
        if other not in index or other == own or row[index[other]]:
            errors.append(f"{where}: {other!r} is unknown, the space itself, or listed twice")
            return None
        row[index[other]] = True
    return row
