"""(being written) see rules/__init__.py."""

from __future__ import annotations

MODES: list[tuple[str, str]] = []
ACTIVITIES: list = []
