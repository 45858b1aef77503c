"""The ``[arjuna]`` section of an owner data pack (datapack.py): printed Arjuna content that replaces
our reconstructions.

    [arjuna]
    random_spaces = [["Punjab", ...6 names], ...6 regions]      # 8.1.2 Random Spaces map, die 1 x die 2
    adversary = ["Gandhi", "Unrest", ...]                       # 8.5 table, top first
    faces = ["my_arjuna_cards.py"]                              # Python files defining FACES = [Face(...), ...]
    [arjuna.columns.raj]
    "Shift to Support" = ["2-Pop", "no Protest", "with Unrest", "most Opposition"]

Validated as a whole (names of spaces, rows, conditions, Operations and SAs, columns, the six-by-six
map); every error names its key. :func:`build` makes the game's :class:`ArjunaContent` from the plan
(the built-in content where the pack says nothing); nothing module-level changes.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os

from . import BUILTIN_ARJUNA, BUILTIN_CONTENT, CARD_FACTION, ArjunaContent
from .schema import SA, Check, Column, Face, Op

KEYS = {"random_spaces", "adversary", "columns", "faces"}
ADVERSARY_ENTRIES = {"Gandhi", "Unrest", "Muslim State", "Protest", "player faction", "most common", "Activist"}


def _load_faces(path: str) -> list:
    spec = importlib.util.spec_from_file_location(f"coin_env_arjuna_pack_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(getattr(module, "FACES", []))


def validate(section, base_dir, errors: list[str]) -> dict | None:
    """Check ``[arjuna]``; returns the plan for :func:`build` (None if absent or invalid)."""
    if section is None:
        return None
    if not isinstance(section, dict):
        errors.append(f"arjuna = {section!r}: must be a table")
        return None
    from ...actions import OP, SA as SA_KEYS
    from ...bots.registry import CONDITIONS, ROWS
    from ...static import INDEX, LAND
    from ...static import SPACE_NAMES
    n0 = len(errors)
    for key in section:
        if key not in KEYS:
            errors.append(f"arjuna.{key}: unknown key; known keys: {sorted(KEYS)}")
    plan = {"random": None, "adversary": None, "columns": {}, "faces": {}}
    rs = section.get("random_spaces")
    if rs is not None:
        if not (isinstance(rs, list) and len(rs) == 6 and all(isinstance(r, list) and len(r) == 6 for r in rs)):
            errors.append("arjuna.random_spaces: must be 6 regions of 6 space names (8.1.2)")
        else:
            for i, region in enumerate(rs):
                for j, name in enumerate(region):
                    if name not in INDEX or INDEX[name] not in LAND:
                        errors.append(f"arjuna.random_spaces[{i}][{j}] = {name!r}: not a City, Province or State")
            missing = {SPACE_NAMES[sp] for sp in LAND} - {n for r in rs for n in r}
            if missing:
                errors.append(f"arjuna.random_spaces: spaces never rolled: {sorted(missing)}")
            plan["random"] = tuple(tuple(r) for r in rs)
    adv = section.get("adversary")
    if adv is not None:
        bad = [e for e in adv] if not isinstance(adv, list) else [e for e in adv if e not in ADVERSARY_ENTRIES]
        if bad:
            errors.append(f"arjuna.adversary: unknown entries {bad}; known: {sorted(ADVERSARY_ENTRIES)}")
        plan["adversary"] = tuple(adv) if isinstance(adv, list) else None
    cols = section.get("columns", {}) or {}
    for f, table in (cols.items() if isinstance(cols, dict) else []):
        if f not in BUILTIN_ARJUNA:
            errors.append(f"arjuna.columns.{f}: unknown faction; factions: {sorted(BUILTIN_ARJUNA)}")
            continue
        for name, rows in table.items():
            where = f"arjuna.columns.{f}.{name!r}"
            if name not in BUILTIN_ARJUNA[f].columns:
                errors.append(f"{where}: the {f} table has no such column; columns: {list(BUILTIN_ARJUNA[f].columns)}")
                continue
            if not isinstance(rows, list) or any(r not in ROWS for r in rows):
                unknown = rows if not isinstance(rows, list) else [r for r in rows if r not in ROWS]
                errors.append(f"{where}: unknown rows {unknown}; known rows: {sorted(ROWS)}")
                continue
            plan["columns"].setdefault(f, {})[name] = Column(name=name, rows=tuple(rows), known=tuple(rows),
                                                             source="owner data pack")
    for p in section.get("faces", []) or []:
        path = p if os.path.isabs(p) or base_dir is None else os.path.join(base_dir, p)
        if not os.path.isfile(path):
            errors.append(f"arjuna.faces: {p!r} not found (looked for {path!r})")
            continue
        try:
            faces = _load_faces(path)
        except Exception as exc:       # noqa: BLE001 -- reported with the key
            errors.append(f"arjuna.faces: {p!r} failed to load: {type(exc).__name__}: {exc}")
            continue
        for fc in faces:
            where = f"arjuna.faces {p!r} card {getattr(fc, 'letter', fc)!r}"
            if not isinstance(fc, Face) or fc.letter[:1] not in CARD_FACTION or fc.faction != CARD_FACTION[fc.letter[0]]:
                errors.append(f"{where}: not a Face of a known card letter / faction")
                continue
            for node in fc.nodes:
                if isinstance(node, Check) and node.cond not in CONDITIONS:
                    errors.append(f"{where}: unknown condition {node.cond!r}")
                if isinstance(node, Op) and (node.op not in OP or node.column not in BUILTIN_ARJUNA[fc.faction].columns):
                    errors.append(f"{where}: unknown Operation {node.op!r} or column {node.column!r}")
                if isinstance(node, SA):
                    for o in node.options:
                        if o.sa not in SA_KEYS or (o.only_if and o.only_if not in CONDITIONS):
                            errors.append(f"{where}: unknown SA {o.sa!r} or condition {o.only_if!r}")
            plan["faces"][fc.letter] = fc
    return plan if len(errors) == n0 else None


def build(plan: dict | None) -> ArjunaContent:
    """The Arjuna content of a validated plan (None: the built-in content). Columns keep the table
    order; a face replaces the built-in face with its letter."""
    if not plan:
        return BUILTIN_CONTENT
    factions = {}
    for f, data in BUILTIN_ARJUNA.items():
        faces = dict(data.faces)
        columns = dict(data.columns)
        columns.update(plan["columns"].get(f, {}))      # same keys: table order is kept
        for letter, fc in plan["faces"].items():
            if fc.faction == f:
                faces[letter] = fc
        factions[f] = dataclasses.replace(data, faces=faces, columns=columns)
    return ArjunaContent(factions, plan.get("random") or BUILTIN_CONTENT.random_spaces,
                         plan.get("adversary") or BUILTIN_CONTENT.adversary)
