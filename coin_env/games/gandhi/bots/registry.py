"""Name registries of the Arjuna bots: how printed names (conditions, table rows, procedures) and
engine prompts map to code. Faction modules (bots/raj.py, nonviolent.py, revolutionaries.py) fill them
with the decorators below when they are imported; ``bots/__init__.py`` imports them all.

* ``CONDITIONS[name](ctx, *args) -> bool`` -- blue boxes and check marks on Arjuna cards (8.3).
* ``ROWS[name] = (kind, fn)`` -- Space Selection Priorities rows (8.4.1): kind "filter"
  (``fn(ctx, sp) -> bool``), "most" or "fewest" (``fn(ctx, sp) -> number``, the extreme value wins).
* ``OPS[(faction, op)]`` / ``SAS[(faction, sa)]`` -- procedure objects (8.6 / 8.7) that answer the
  operation's and special activity's space prompts (see :class:`Procedure`).
* ``PROMPT_HANDLERS[kind]`` / ``CHOICE_HANDLERS[continuation]`` -- answer one engine prompt:
  ``fn(ctx) -> action``. A choice handler may be registered for one faction only.
"""

from __future__ import annotations

CONDITIONS: dict = {}
ROWS: dict = {}
OPS: dict = {}
SAS: dict = {}
PROMPT_HANDLERS: dict = {}
CHOICE_HANDLERS: dict = {}


def condition(name: str):
    def deco(fn):
        if name in CONDITIONS:
            raise ValueError(f"Arjuna condition {name!r} registered twice")
        CONDITIONS[name] = fn
        return fn
    return deco


def _row(kind: str, name: str):
    def deco(fn):
        if name in ROWS:
            raise ValueError(f"Space Selection row {name!r} registered twice")
        ROWS[name] = (kind, fn)
        return fn
    return deco


def row_filter(name: str):
    return _row("filter", name)


def row_most(name: str):
    return _row("most", name)


def row_fewest(name: str):
    return _row("fewest", name)


def operation(faction: str, key: str):
    def deco(cls):
        OPS[(faction, key)] = cls()
        return cls
    return deco


def special(faction: str, key: str):
    def deco(cls):
        SAS[(faction, key)] = cls()
        return cls
    return deco


def on_prompt(kind: str, faction: str | None = None):
    def deco(fn):
        PROMPT_HANDLERS[(kind, faction)] = fn
        return fn
    return deco


def on_choice(continuation: str, faction: str | None = None):
    def deco(fn):
        CHOICE_HANDLERS[(continuation, faction)] = fn
        return fn
    return deco


def lookup(table: dict, key: str, faction: str):
    return table.get((key, faction)) or table.get((key, None))
