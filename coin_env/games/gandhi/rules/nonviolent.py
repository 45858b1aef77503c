"""Placeholder: filled by the nonviolent rules work."""

MODES: list[tuple[str, str]] = []
