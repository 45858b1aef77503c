"""The transfer menus the Director of Trade (writers, ships; RB p.18) and Military Affairs (officers, regiments;
RB p.21) share: up to two transfers, each resuming the office's menu.

In the solo game a family favour may make one of the Crown's transfers (HB Director of Trade 2, Military Affairs 1;
rules/crown_favours.py): the menu frame then carries ``by`` (the family choosing), ``first`` (how the first slot
was used) and ``last`` (the transfer made before, ``[kind, who, from, to]``), which these helpers pass along.
"""

from __future__ import annotations

from .common import key


def history(frame) -> dict:
    """The favour record a transfer's frames carry on (``by``, ``first``, ``last``; module docstring)."""
    return {k: frame[k] for k in ("by", "first", "last") if frame.get(k) is not None}


def chooser(frame) -> str:
    """Who decides the transfer: the family that bought it (``by``), else the officeholder."""
    return key(frame.get("by", frame["slot"]))


def undoes(frame, kind, who, src, dst) -> bool:
    """Solo (HB Director of Trade 2 / Military Affairs 1 favour 'you choose one transfer'): the family's transfer may
    not undo the transfer made before it this turn (the same piece back)."""
    last = frame.get("last")
    return frame.get("by") is not None and last is not None and list(last) == [kind, who, dst, src]


def resume_menu(game, frame, made: list, menu) -> None:
    """The office's ``menu`` after a transfer; ``first`` records a first transfer the family chose (a favour)."""
    hist = {"last": made}
    if frame.get("first") is not None:
        hist["first"] = frame["first"]
    elif frame.get("by") is not None and frame["transfers"] == 0:
        hist["first"] = "choose"
    menu(game, frame["slot"], frame["transfers"] + 1, **hist)
