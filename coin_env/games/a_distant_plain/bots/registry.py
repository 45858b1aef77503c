"""Handler registries of the section-8 flowchart bots.

* ``FLOWCHARTS[faction]`` -- the faction's flowchart object (bots/<faction>.py, ``@flowchart``): its
  "Pass, Event or Operations?" box and operation chain (8.6.2 / 8.7.2 / 8.8.2 / 8.9.2).
* ``PROMPT_HANDLERS[(kind, faction)]`` / ``CHOICE_HANDLERS[(continuation, faction)]`` -- answer one engine
  prompt: ``fn(ctx) -> action | None`` (None: not handled, the generic 8.2.1 guideline answers). A
  handler registered with ``faction=None`` serves every faction without its own.
"""

from __future__ import annotations

FLOWCHARTS: dict = {}
PROMPT_HANDLERS: dict = {}
CHOICE_HANDLERS: dict = {}


def flowchart(faction: str):
    def deco(cls):
        if faction in FLOWCHARTS:
            raise ValueError(f"flowchart for {faction!r} registered twice")
        FLOWCHARTS[faction] = cls()
        return cls
    return deco


def _register(table: dict, key: str, faction: str | None):
    def deco(fn):
        if (key, faction) in table:
            raise ValueError(f"handler {key!r} for {faction!r} registered twice")
        table[(key, faction)] = fn
        return fn
    return deco


def on_prompt(kind: str, faction: str | None = None):
    return _register(PROMPT_HANDLERS, kind, faction)


def on_choice(continuation: str, faction: str | None = None):
    return _register(CHOICE_HANDLERS, continuation, faction)


def lookup(table: dict, key: str, faction: str):
    return table.get((key, faction)) or table.get((key, None))
