"""Owner data packs, the parts every COIN game shares: reading a TOML/YAML file (or a dict),
validating card facts (``[cards]`` order / title / halo..., ``[renumber]``), loading effect plugins
(``plugins = [...]``), and building the game's immutable data from it -- all or nothing.

A game's ``datapack.py`` builds one :class:`DataPackLoader` with its factions, its card table and two
hooks: ``validate_game(data, base_dir, errors) -> dict`` (its map facts and other sections; appends
to ``errors``) and ``build_data(plan, records, meta) -> GameData`` (the game's
:class:`coin_env.core.data.GameData` from the validated plan). Every error names the offending key and
value; :class:`DataPackError` lists them all.

A pack never changes anything process-wide: :meth:`DataPackLoader.load` returns a new data object that
the game made with it holds (and its clones share). What a save stores is the pack's *content*
(:func:`normalize`): the parsed tables, with every file it names (plugins, printed-content files) as an
absolute path and the file's SHA-256 under ``pack.files``. Loading that content again gives the same
facts anywhere; a named file that changed or went missing since is refused with a clear error, never
read silently with new content.
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
from typing import Callable

from ..core.data import GameData
from .cards import CardFacts
from .events import EventSide, load_plugin_file

PACK_KEYS = {"name", "game", "format", "source", "files"}
CACHE_SIZE = 32                  # data objects kept per game, by content digest (they are immutable)


class DataPackError(ValueError):
    """The pack is invalid; ``errors`` lists every problem (each names its key and value)."""

    def __init__(self, errors: list[str], source: str = "data pack"):
        self.errors = errors
        super().__init__(f"{source} refused:\n  " + "\n  ".join(errors))


class _UniqueKeyLoader:
    """A YAML SafeLoader that refuses a key given twice in one mapping (YAML would keep the last)."""

    @staticmethod
    def make():
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        def mapping(loader, node, deep=False):
            seen = set()
            for key_node, _ in node.value:
                key = loader.construct_object(key_node, deep=deep)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"key {key!r} is given twice", key_node.start_mark)
                seen.add(key)
            return loader.construct_mapping(node, deep)

        Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
        return Loader


def read(source) -> tuple[dict, str | None, str]:
    """(data, directory for relative file paths, display name) from a path or a dict."""
    if isinstance(source, dict):
        return source, None, "data pack (dict)"
    if isinstance(source, bool) or not isinstance(source, (str, os.PathLike)):
        raise DataPackError([f"a data pack is a .toml/.yaml file path or a table (dict), not {source!r}"])
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
                data = yaml.load(fh, Loader=_UniqueKeyLoader.make())
        else:
            raise DataPackError([f"data pack {path!r}: extension must be .toml, .yaml or .yml, not {ext!r}"])
    except DataPackError:
        raise
    except Exception as exc:            # tomllib.TOMLDecodeError, yaml.YAMLError, UnicodeDecodeError
        raise DataPackError([f"data pack {path!r} does not parse: {exc}"]) from None
    if data is None or data == {}:
        raise DataPackError([f"data pack {path!r} is empty: it states no fact"])
    if not isinstance(data, dict):
        raise DataPackError([f"data pack {path!r}: the top level must be a table/mapping"])
    return data, os.path.dirname(os.path.abspath(path)), path


def file_digest(path: str) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def content_digest(content: dict) -> str:
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def table(data: dict, key: str, errors: list[str], what: str) -> dict:
    value = data.get(key, {}) or {}
    if not isinstance(value, dict):
        errors.append(f"{key} = {value!r}: must be a table {what}")
        return {}
    return value


class DataPackLoader:
    """Reads, checks and builds one game's data packs (see the module docstring)."""

    def __init__(self, game: str, factions: tuple[str, ...], faction_aliases: dict[str, str], cards,
                 card_keys: set[str], game_keys: set[str], validate_game: Callable, build_data: Callable,
                 file_lists: tuple[tuple[str, ...], ...] = (("plugins",),)):
        self.game = game
        self.factions = factions
        self.aliases = faction_aliases
        self.cards = cards                  # a coin.cards.CardTable
        self.card_keys = card_keys          # e.g. {"title", "order", "critical", "halo"}
        self.top_keys = {"pack", "plugins", "renumber", "cards"} | set(game_keys)
        self.validate_game = validate_game
        self.build_data = build_data        # (plan, meta) -> GameData; plan["cards"] is a CardFacts
        self.file_lists = file_lists        # where a pack names files: key paths to lists of paths
        self._default: GameData | None = None
        self._cache: collections.OrderedDict[str, GameData] = collections.OrderedDict()

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
        """Check the whole pack; return the plan the game's ``build_data`` turns into its data (the card
        records under "cards", the game's own sections under "game"). Raises DataPackError."""
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
        return {"name": pack_name, "game": game_plan, "cards": CardFacts(self.cards, records)}

    # --- building the data a game holds ----------------------------------------------------------
    def default(self) -> GameData:
        """The built-in data (no pack), built once."""
        if self._default is None:
            plan = self.validate({})
            self._default = self.build_data(plan, {"name": None, "content": None, "digest": "builtin"})
        return self._default

    def load(self, source=None) -> GameData:
        """The data a game plays with: the built-in data for None, else the pack at ``source`` (a .toml /
        .yaml path, or the same tables as a dict, e.g. a save's ``options.data_pack``). Raises
        DataPackError naming every problem. Equal content gives the same (immutable) object."""
        if source is None:
            return self.default()
        if isinstance(source, GameData):
            if source.game != self.game:
                raise DataPackError([f"that data is {source.game!r} data, not {self.game!r} data"])
            return source
        data, base_dir, name = read(source)
        content = self.normalize(data, base_dir, name)
        digest = content_digest(content)
        cached = self._cache.get(digest)
        if cached is not None:
            self._cache.move_to_end(digest)
            return cached
        plan = self.validate(content, None, name)
        built = self.build_data(plan, {"name": plan["name"], "content": content, "digest": digest})
        self._cache[digest] = built
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return built

    def normalize(self, data: dict, base_dir: str | None, name: str) -> dict:
        """The pack as it is saved: plain JSON data, every named file as an absolute path with its
        SHA-256 under ``pack.files``. A file whose recorded digest no longer matches is refused."""
        try:
            content = json.loads(json.dumps(data))
        except (TypeError, ValueError) as exc:
            raise DataPackError([f"values must be strings, numbers, booleans, lists and tables: {exc}"],
                                f"data pack {name!r}") from None
        if not isinstance(content, dict) or not content:
            raise DataPackError(["a data pack is a non-empty table"], f"data pack {name!r}")
        errors: list[str] = []
        meta = content.get("pack")
        if meta is None:
            meta = content["pack"] = {}
        if not isinstance(meta, dict):
            raise DataPackError([f"pack = {meta!r}: must be a table"], f"data pack {name!r}")
        recorded = meta.get("files") or {}
        if not isinstance(recorded, dict):
            raise DataPackError([f"pack.files = {recorded!r}: must be a table of path = sha256"], f"data pack {name!r}")
        files: dict[str, str] = {}
        for keys in self.file_lists:
            holder = content
            for key in keys[:-1]:
                holder = holder.get(key) if isinstance(holder, dict) else None
            if not isinstance(holder, dict) or not isinstance(holder.get(keys[-1]), list):
                continue
            paths = holder[keys[-1]]
            for i, p in enumerate(paths):
                if not isinstance(p, str):
                    continue            # validation names it
                path = p if os.path.isabs(p) else os.path.abspath(os.path.join(base_dir or os.getcwd(), p))
                paths[i] = path
                where = ".".join(keys)
                if not os.path.isfile(path):
                    errors.append(f"{where}: {p!r} not found (looked for {path!r})")
                    continue
                digest = file_digest(path)
                if path in recorded and recorded[path] != digest:
                    errors.append(f"{where}: {path!r} changed since this pack was recorded (sha256 "
                                  f"{recorded[path][:12]}... then, {digest[:12]}... now): the saved facts "
                                  f"cannot be replayed with it")
                files[path] = digest
        if errors:
            raise DataPackError(errors, f"data pack {name!r}")
        if files:
            meta["files"] = files
        else:
            meta.pop("files", None)
        if not meta:
            del content["pack"]
        return content


# --- small checks for a game's map sections ---------------------------------------------------------
def space_entries(data: dict, index: dict[str, int], errors: list[str]):
    """``[spaces."<name>"]`` tables: yields (name, space index, table); an unknown space or an entry that
    is not a table is an error naming it (and is skipped)."""
    for name, entry in table(data, "spaces", errors, "keyed by space name").items():
        if name not in index:
            errors.append(f"spaces: unknown space {name!r}")
        elif not isinstance(entry, dict):
            errors.append(f"spaces.{name!r} = {entry!r}: must be a table")
        else:
            yield name, index[name], entry


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
